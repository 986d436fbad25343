/* SPDX-License-Identifier: MIT */
/* sfr_keys.c - sorting one key per function (sfr_keys.h), so that
 * validation compares neighbours instead of every pair: a plain bottom-up
 * merge sort, O(n log n) on any input, no recursion, nothing allocated
 * (the caller lends tmp); two runs already in order (or wholly in reverse
 * order) are copied without comparing their keys.  The fast layer has its own sort for large
 * arrays in no order (decoder/fast/sfr_radix.c); both give the one order
 * the keys have. */
#include <string.h>

#include "sfr_keys.h"

sort_key *sfr_merge_runs(sort_key *k, sort_key *tmp, uint64_t n, uint64_t run) {
  sort_key *from = k, *to = tmp, *t;
  uint64_t i;
  for (; run < n; run = run > n / 2 ? n : 2 * run) {
    for (i = 0; i < n; i += 2 * run) {
      uint64_t mid = n - i < run ? n : i + run;
      uint64_t end = n - mid < run ? n : mid + run, l = i, r = mid, o = i;
      if (mid == end || !sfr_key_less(&from[mid], &from[mid - 1])) {
        memcpy(to + i, from + i, (end - i) * sizeof *to); /* in order already */
        continue;
      }
      if (sfr_key_less(&from[end - 1], &from[i])) { /* all of the right run first */
        memcpy(to + i, from + mid, (end - mid) * sizeof *to);
        memcpy(to + i + (end - mid), from + i, (mid - i) * sizeof *to);
        continue;
      }
      while (l < mid && r < end)
        to[o++] = sfr_key_less(&from[r], &from[l]) ? from[r++] : from[l++];
      while (l < mid)
        to[o++] = from[l++];
      while (r < end)
        to[o++] = from[r++];
    }
    t = from;
    from = to;
    to = t;
  }
  return from;
}

const sort_key *sfr_sort_keys(sort_key *k, sort_key *tmp, uint64_t n) {
  return sfr_merge_runs(k, tmp, n, 1);
}
