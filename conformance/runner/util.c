/* SPDX-License-Identifier: MIT */
/* util.c - the runner's small helpers every part uses: the status names,
 * paths that must not be cut short, copies and whole text files (errors
 * exit 2, "sfconform: ..."). */
#define _DEFAULT_SOURCE /* MAP_POPULATE */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner.h"

const char *const st_names[ST_COUNT] = {
    "pass",    "should-accept", "should-reject", "wrong-output", "wrong-finding", "crash",
    "timeout", "too-much-output", "not-run", "unsupported",   "impl-accept",   "impl-reject",  "skip",          "unstable",
    "twin-rejected", "nothing-compared", "unsupported-feature"};

int st_by_name(const char *name) {
  for (int s = 0; s < ST_COUNT; s++)
    if (!strcmp(name, st_names[s]))
      return s;
  return -1;
}
const char *const feature_names[5] = {"pcrel", "pcmask", "flex", "signal", "auxhdr"};

/* snprintf for paths and messages that must not be cut short. */
void pathf(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  int len;
  va_start(ap, fmt);
  len = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  if (len < 0 || (size_t)len >= n)
    sfc_die(2, "%s: path too long", buf);
}

char *xstrdup(const char *s) {
  char *d = strdup(s ? s : "");
  if (!d)
    sfc_die(2, "%s", "out of memory");
  return d;
}

/* The expected file of a case.  A small one is read into a buffer each
 * worker keeps for the next (memory it already touched costs no page
 * fault); a large one is mapped, its pages the page cache's, with no copy.
 * Valid until the next call; NULL when it cannot be read. */
#define EXPECTED_MAP_MIN ((size_t)1 << 20)
const char *read_expected(const char *path, size_t *len) {
  static char *buf, *map;
  static size_t cap, map_len;
  struct stat st;
  size_t n = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (map) {
    munmap(map, map_len);
    map = NULL;
  }
  if (fd < 0)
    return NULL;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return NULL;
  }
  if ((size_t)st.st_size >= EXPECTED_MAP_MIN) {
    map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
      map = NULL;
      return NULL;
    }
    map_len = *len = (size_t)st.st_size;
    return map;
  }
  if (!buf && !(buf = malloc(cap = EXPECTED_MAP_MIN + 1))) {
    close(fd);
    return NULL;
  }
  for (;;) {
    ssize_t got = read(fd, buf + n, cap - 1 - n);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      close(fd);
      return NULL;
    }
    if (got == 0 || (n += (size_t)got) == cap - 1)
      break;
  }
  close(fd);
  buf[n] = 0;
  *len = n;
  return buf;
}

char *read_text(const char *path, size_t *len) {
  uint8_t *buf;
  size_t n;
  if (sfc_read_file(path, &buf, &n) != SFC_READ_OK)
    return NULL;
  if (len)
    *len = n;
  return (char *)buf;
}
