/* SPDX-License-Identifier: MIT */
/* fuzz_check.h - what every fuzz target shares: an invariant check that
 * aborts with a message (a finding for the fuzzer), validation as the
 * tools do it (with scratch), and the input splitting helpers. */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sfr_fast.h"
#include "sframe_ref.h"

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

/* sfr_validate_ex with scratch, as every tool validates, held to the
 * reference validation it shortens (sfr_validate_checked: the certificate
 * of a clean section).  Without memory for the
 * scratch, sfr_validate (then a large out-of-order section says
 * checks-skipped). */
static inline void fuzz_validate(sfr_section *sec, const uint8_t *data, size_t size,
                                 uint64_t vma, sfr_report *rep) {
  size_t n = sfr_validate_scratch_size(size);
  void *scratch = malloc(n);
  const char *why = sfr_validate_checked(sec, data, size, vma, scratch, scratch ? n : 0, rep);
  free(scratch);
  if (why)
    fprintf(stderr, "fuzz_validate: %s\n", why);
  FUZZ_CHECK(!why, "the fast validation reports what the reference reports");
}

#endif
