/* SPDX-License-Identifier: MIT */
/* sfc_tools.c - the shared tools library (sfc_tools.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* realpath */
#endif
#include "sfc_tools.h"

#include "sframe_ref.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *progname = "error";

void sfc_set_progname(const char *name) {
  const char *slash;
  if (!name || !*name)
    return;
  slash = strrchr(name, '/');
  progname = slash && slash[1] ? slash + 1 : name;
}

const char *sfc_progname(void) {
  return progname;
}

static void verror(const char *fmt, va_list ap) {
  fprintf(stderr, "%s: ", progname);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}

void sfc_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(fmt, ap);
  va_end(ap);
}

void sfc_die(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(fmt, ap);
  va_end(ap);
  exit(code);
}

/* ---- whole-file reading ---- */

sfc_read_status sfc_read_file(const char *path, uint8_t **buf, size_t *len) {
  FILE *f = fopen(path, "rb");
  uint8_t *b = NULL;
  size_t cap = 0, n = 0;
  int err;
  if (!f)
    return SFC_READ_OPEN;
  for (;;) {
    size_t got, want;
    if (cap - n < 2) { /* room for at least one byte and the NUL */
      uint8_t *nb;
      size_t ncap = cap ? cap * 2 : 65536;
      if (ncap < cap || !(nb = realloc(b, ncap))) {
        free(b);
        fclose(f);
        errno = ENOMEM;
        return SFC_READ_NOMEM;
      }
      b = nb;
      cap = ncap;
    }
    want = cap - n - 1;
    errno = 0;
    got = fread(b + n, 1, want, f);
    n += got;
    if (got < want) { /* the end of the file, or an error */
      if (ferror(f)) {
        err = errno ? errno : EIO;
        free(b);
        fclose(f);
        errno = err;
        return SFC_READ_READ;
      }
      break;
    }
  }
  fclose(f);
  b[n] = 0;
  *buf = b;
  *len = n;
  return SFC_READ_OK;
}

const char *sfc_read_status_text(sfc_read_status st) {
  switch (st) {
  case SFC_READ_OK:
    return "read";
  case SFC_READ_OPEN:
    return "cannot open";
  case SFC_READ_READ:
  case SFC_READ_NOMEM:
    break;
  }
  return "cannot read";
}

uint8_t *sfc_read_file_or_warn(const char *path, size_t *len) {
  uint8_t *buf;
  sfc_read_status st = sfc_read_file(path, &buf, len);
  if (st != SFC_READ_OK) {
    sfc_error("%s: %s: %s", path, sfc_read_status_text(st), strerror(errno));
    return NULL;
  }
  return buf;
}

uint8_t *sfc_read_file_or_die(const char *path, size_t *len, int code) {
  uint8_t *buf = sfc_read_file_or_warn(path, len);
  if (!buf)
    exit(code);
  return buf;
}

/* ---- numbers ---- */

int sfc_parse_u64_base(const char *s, int base, uint64_t *v) {
  char *end;
  unsigned long long x;
  /* strtoull would skip blanks and accept a sign (negating the value). */
  if (!s || !*s || isspace((unsigned char)*s) || *s == '-' || *s == '+')
    return 0;
  errno = 0;
  x = strtoull(s, &end, base);
  if (errno || end == s || *end)
    return 0;
  *v = (uint64_t)x;
  return 1;
}

int sfc_parse_u64(const char *s, uint64_t *v) {
  return sfc_parse_u64_base(s, 0, v);
}

int sfc_parse_u64_range(const char *s, uint64_t lo, uint64_t hi, uint64_t *v) {
  uint64_t x;
  if (!sfc_parse_u64(s, &x) || x < lo || x > hi)
    return 0;
  *v = x;
  return 1;
}

void sfc_print_version(void) {
  printf("%s (sframe-conformance) %s\n"
         "License: MIT (the code), CC0-1.0 (the corpus and expected results).\n",
         sfc_progname(), SFR_VERSION_STRING);
}

int sfc_exe_dir(char *buf, size_t n) {
  ssize_t len = n > 1 ? readlink("/proc/self/exe", buf, n - 1) : -1;
  char *slash;
  if (len <= 0 || (size_t)len >= n - 1)
    return 0;
  buf[len] = 0;
  if (!(slash = strrchr(buf, '/')))
    return 0;
  *slash = 0;
  return 1;
}

int sfc_installed(const char *kind, const char *rel, char *buf, size_t n) {
  char dir[4096];
  int w;
  if (!sfc_exe_dir(dir, sizeof dir))
    return 0;
  char path[4200], *real;
  w = snprintf(path, sizeof path, "%s/../%s/sframe-conformance%s%s", dir, kind, rel[0] ? "/" : "", rel);
  if (w <= 0 || (size_t)w >= sizeof path || !(real = realpath(path, NULL)))
    return 0;
  w = snprintf(buf, n, "%s", real); /* without the "..": the path a message shows */
  free(real);
  return w > 0 && (size_t)w < n;
}
