/* util.c - the runner's small helpers every part uses: the status names,
 * paths that must not be cut short, copies and whole text files (errors
 * exit 2, "sfconform: ..."). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

const char *const st_names[ST_COUNT] = {
    "pass",    "should-accept", "should-reject", "wrong-output", "wrong-finding", "crash",
    "timeout", "unsupported",   "impl-accept",   "impl-reject",  "skip",          "unstable"};

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

char *read_text(const char *path, size_t *len) {
  uint8_t *buf;
  size_t n;
  if (sfc_read_file(path, &buf, &n) != SFC_READ_OK)
    return NULL;
  if (len)
    *len = n;
  return (char *)buf;
}
