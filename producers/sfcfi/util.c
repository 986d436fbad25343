/* SPDX-License-Identifier: MIT */
/* util.c - what every part of sfcfi needs: error text, growing arrays,
 * JSON strings. */
#include "sc_util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int sc_fail(char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return -1;
}

int sc_grow(void **p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap)
    return 0;
  size_t n = *cap ? *cap * 2 : 64;
  while (n < need)
    n *= 2;
  void *q = realloc(*p, n * elem);
  if (!q)
    return -1;
  *p = q;
  *cap = n;
  return 0;
}

int sc_run_add(void **items, size_t *n, size_t *cap, size_t elem, const void *item,
               int (*extend)(void *last, const void *item)) {
  if (*n && extend((char *)*items + (*n - 1) * elem, item))
    return 0;
  if (sc_grow(items, cap, *n + 1, elem) != 0)
    return -1;
  memcpy((char *)*items + *n * elem, item, elem);
  (*n)++;
  return 0;
}

uint64_t sc_get(const uint8_t *p, unsigned n, int big) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v |= (uint64_t)p[i] << (big ? 8 * (n - 1 - i) : 8 * i);
  return v;
}

