/* sfr_keys.c - sorting one key per function (sfr_validate.h), so that
 * validation compares neighbours instead of every pair: a plain bottom-up
 * merge sort, O(n log n) on any input, no recursion, nothing allocated
 * (the caller lends tmp).  The fast layer has its own sort for large
 * arrays in no order (decoder/fast/sfr_radix.c); both give the one order
 * the keys have. */
#include <string.h>

#include "sfr_validate.h"

const sort_key *sfr_sort_keys(sort_key *k, sort_key *tmp, uint64_t n) {
  sort_key *from = k, *to = tmp, *t;
  uint64_t run, i;
  for (run = 1; run < n; run *= 2) {
    for (i = 0; i < n; i += 2 * run) {
      uint64_t mid = n - i < run ? n : i + run;
      uint64_t end = n - mid < run ? n : mid + run, l = i, r = mid, o = i;
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
