/* SPDX-License-Identifier: MIT */
/* util.c - what every part of sfcorpus shares: allocation that exits on
 * out-of-memory, the "file:line: error: ID: ..." message of a concrete
 * section, the signed numbers of .cases files (corpus/CASES.md; unsigned
 * ones are common/sfc_tools.h's sfc_parse_u64), and the names of the axes
 * (ABIs, classes) as FORMAT.md spells them. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"

/* ---- allocation: out of memory ends the program (exit 2) ---- */

static void out_of_memory(void) { sfc_die(2, "out of memory"); }

void *cat_xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p)
    out_of_memory();
  return p;
}

void *cat_xrealloc(void *p, size_t size) {
  p = realloc(p, size ? size : 1);
  if (!p)
    out_of_memory();
  return p;
}

char *cat_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (!d)
    out_of_memory();
  memcpy(d, s, n);
  return d;
}

void *cat_grow(void *p, size_t *cap, size_t n, size_t elem) {
  if (n < *cap)
    return p;
  *cap = *cap ? *cap * 2 : 8;
  p = realloc(p, *cap * elem);
  if (!p)
    out_of_memory();
  return p;
}

/* ---- errors while building one concrete section ---- */

int cat_berr(const char *file, int line, const cat_concrete *cc, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%d: error: %s: ", file, line, cc->id);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  return -1;
}

/* ---- numbers ---- */

/* Signed: [+-]NUMBER, the magnitude as sfc_parse_u64 reads it (decimal, 0x
 * hex, 0 octal), up to 2^63. */
int cat_parse_int(const char *s, int64_t *v) {
  int neg = 0;
  uint64_t mag;
  if (!s)
    return -1;
  if (*s == '-' || *s == '+') {
    neg = *s == '-';
    s++;
  }
  if (!sfc_parse_u64(s, &mag))
    return -1;
  if (neg) {
    if (mag > (uint64_t)INT64_MAX + 1)
      return -1;
    *v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
  } else {
    if (mag > (uint64_t)INT64_MAX)
      return -1;
    *v = (int64_t)mag;
  }
  return 0;
}

/* ---- axes ---- */

static const char *abi_names[CAT_NABI] = {"amd64", "aarch64-le", "aarch64-be", "s390x"};
static const char *abi_shorts[CAT_NABI] = {"amd64", "aarch64le", "aarch64be", "s390x"};
static const char *class_names[] = {"valid", "malformed", "invalid", "questionable", "impl"};

const char *cat_abi_name(int abi) { return abi_names[abi]; }
const char *cat_abi_short(int abi) { return abi_shorts[abi]; }
uint8_t cat_abi_id(int abi) {
  static const uint8_t ids[CAT_NABI] = {SFR_ABI_AMD64_LE, SFR_ABI_AARCH64_LE, SFR_ABI_AARCH64_BE,
                                        SFR_ABI_S390X_BE};
  return ids[abi];
}
int cat_abi_big_endian(int abi) { return abi == CAT_ABI_AARCH64_BE || abi == CAT_ABI_S390X; }
const char *cat_class_name(int cls) { return class_names[cls]; }
