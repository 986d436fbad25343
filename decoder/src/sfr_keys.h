/* SPDX-License-Identifier: MIT */
/* sfr_keys.h - inside the library: one key per function, and the merge
 * sort that orders them (sfr_keys.c), so that validation (sfr_validate.h)
 * and the fast layer's certificate (decoder/fast) compare neighbours
 * instead of every pair. */
#ifndef SFR_KEYS_H
#define SFR_KEYS_H

#include <stdint.h>

/* A function's key: (a, b) and its index; for its address range a is the
 * start and b the size, for its FRE data a is the offset in the FRE
 * sub-section and b where its walk ended.  Sorted by (a, b, index), a
 * total order: the result does not depend on how a sort gets there. */
typedef struct sort_key {
  uint64_t a;
  uint32_t b;
  uint32_t index;
} sort_key;

static inline int sfr_key_less(const sort_key *x, const sort_key *y) {
  if (x->a != y->a)
    return x->a < y->a;
  if (x->b != y->b)
    return x->b < y->b;
  return x->index < y->index;
}

/* Merges the sorted runs of run keys (the last may be shorter) of k[0, n)
 * bottom-up, using tmp[0, n); returns whichever holds the result. */
sort_key *sfr_merge_runs(sort_key *k, sort_key *tmp, uint64_t n, uint64_t run);
/* Sorts k[0, n) using tmp[0, n) (sfr_merge_runs from runs of one key);
 * returns whichever holds the result. */
const sort_key *sfr_sort_keys(sort_key *k, sort_key *tmp, uint64_t n);

#endif
