/* sfr_sort.h - inside the library: sorting keys in the caller's scratch.
 *
 * Validation with scratch (sfr_validate_ex) and the certificate
 * (sfr_certify.c) sort one key per function to compare neighbours instead
 * of pairs: exact at any size, O(n log n), nothing allocated. */
#ifndef SFR_SORT_H
#define SFR_SORT_H

#include <stdint.h>

/* A function's key: (a, b) and its index.  Sorted by (a, b, index): the
 * index makes the order total (no two keys are equal), so the result does
 * not depend on how the sort gets there. */
typedef struct sort_key {
  uint64_t a;
  uint32_t b;
  uint32_t index;
} sort_key;

/* Sorts k[0, n) (the keys in index order) using tmp[0, n) and returns
 * whichever of the two holds the result.  by_a_only: sorted by (a, index)
 * only, which is all a caller that gives up on two equal a needs (the
 * radix sort then makes no pass for b; a merge still compares b). */
const sort_key *sfr_order_keys(sort_key *k, sort_key *tmp, uint64_t n, int by_a_only);

/* sfr_order_keys for keys whose a carries their sort key in its upper 32
 * bits and other fields in its lower 32: sorted by a >> 32 (keys equal in
 * it in any order; the radix sort makes no pass for the lower bits). */
const sort_key *sfr_order_keys_by_high_a(sort_key *k, sort_key *tmp, uint64_t n);

/* Keys sorted by a (sfr_order_keys with by_a_only): each run of keys
 * with equal a put in (b, index) order, so that the whole is sorted by
 * (a, b, index).  0, and k unchanged from that run on, when a run is
 * longer than SFR_TIES_MAX (insertion would be quadratic): sort again. */
#define SFR_TIES_MAX 16u
int sfr_order_ties_by_b(sort_key *k, uint64_t n);

/* Keys sorted by a, put in (a, b, index) order: by sfr_order_ties_by_b,
 * else sorted again using tmp[0, n).  Returns whichever of k and tmp
 * holds the result. */
sort_key *sfr_order_ties(sort_key *k, sort_key *tmp, uint64_t n);

#endif
