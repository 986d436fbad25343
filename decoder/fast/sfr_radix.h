/* SPDX-License-Identifier: MIT */
/* sfr_radix.h - inside the library: the certificate's sort of one key
 * per function (sort_key, decoder/src/sfr_keys.h) in the caller's
 * scratch.  The reference validation sorts with a plain merge sort
 * (decoder/src/sfr_keys.c); this one finds runs, for keys nearly in order
 * or nearly against it, and sorts keys in no order by radix, and gives the
 * same order (unit tests hold the two to each other). */
#ifndef SFR_RADIX_H
#define SFR_RADIX_H

#include <stdint.h>

#include "sfr_keys.h"

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
