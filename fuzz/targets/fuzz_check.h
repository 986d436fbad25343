/* fuzz_check.h - what every fuzz target shares: an invariant check that
 * aborts with a message (a finding for the fuzzer), and the input
 * splitting helpers. */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define FUZZ_CHECK(cond, what)                                                               \
  do {                                                                                       \
    if (!(cond)) {                                                                           \
      fprintf(stderr, "%s:%d: invariant broken: %s (%s)\n", __FILE__, __LINE__, what, #cond); \
      abort();                                                                               \
    }                                                                                        \
  } while (0)

/* Reads n (<= 8) little-endian bytes from *p, advancing; missing bytes
 * read as 0. */
static inline uint64_t fuzz_take(const uint8_t **p, size_t *len, unsigned n) {
  uint64_t v = 0;
  unsigned i;
  for (i = 0; i < n && *len; i++, (*p)++, (*len)--)
    v |= (uint64_t)**p << (8 * i);
  return v;
}

#endif
