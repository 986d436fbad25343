/* SPDX-License-Identifier: MIT */
/* sfr_radix.c - the certificate's sort of one key per function in the
 * caller's scratch (sfr_radix.h): a merge sort that finds runs, for keys nearly in order or
 * nearly against it, and a radix sort for keys in no order. */
#include <string.h>

#include "sfr_radix.h"

/* Reverses k[i, end). */
static void reverse_keys(sort_key *k, uint64_t i, uint64_t end) {
  for (; i + 1 < end; i++, end--) {
    sort_key t = k[i];
    k[i] = k[end - 1];
    k[end - 1] = t;
  }
}

/* Byte d of a key's (a, b), least significant first: b's four bytes,
 * then a's eight. */
static uint32_t key_byte(const sort_key *k, unsigned d) {
  return d < 4 ? (k->b >> (8u * d)) & 0xffu : (uint32_t)(k->a >> (8u * (d - 4u))) & 0xffu;
}

/* Sorts k[0, n) (n >= 1; keys equal in what is sorted in index order
 * among themselves) using tmp[0, n) and returns whichever of the two
 * holds the result: a least-significant-digit radix sort, a byte per
 * pass, each pass stable, so keys equal in what is sorted stay in index
 * order.  Only the bytes that differ between
 * keys are sorted by: those set in va (of a) and vb (of b; 0 to sort by a
 * alone), the bits in which some key differs from the first.  One read of
 * the keys counts every such digit.  O(n) passes without a data-dependent
 * branch. */
static sort_key *radix_sort_keys(sort_key *k, sort_key *tmp, uint64_t n, uint32_t vb,
                                 uint64_t va) {
  sort_key *from = k, *to = tmp, *t;
  uint32_t count[12][256];
  unsigned digit[12], nd = 0, d, c;
  uint64_t i;
  for (d = 0; d < 12; d++)
    if (d < 4 ? (vb >> (8u * d)) & 0xffu : (va >> (8u * (d - 4u))) & 0xffu)
      digit[nd++] = d;
  memset(count, 0, nd * sizeof count[0]);
  for (i = 0; i < n; i++)
    for (d = 0; d < nd; d++)
      count[d][key_byte(&k[i], digit[d])]++;
  for (d = 0; d < nd; d++) {
    uint32_t sum = 0;
    for (c = 0; c < 256; c++) {
      uint32_t x = count[d][c];
      count[d][c] = sum;
      sum += x;
    }
    for (i = 0; i < n; i++)
      to[count[d][key_byte(&from[i], digit[d])]++] = from[i];
    t = from;
    from = to;
    to = t;
  }
  return from;
}

/* Sorts k[0, n) using tmp[0, n) and returns whichever of the two holds
 * the result: runs of 16 by insertion (a run in descending order is
 * reversed first), then merged bottom-up, a pass of the whole array per
 * doubling; two runs already in order, or in reverse order, are copied
 * without comparing their keys.  O(n log n) on any input, no recursion,
 * each pass reads and writes memory in order, and arrays made of runs in
 * order (or against it) cost little more than a copy per pass. */
static sort_key *sort_keys(sort_key *k, sort_key *tmp, uint64_t n) {
  uint64_t run = 16, i, j;
  for (i = 0; i < n; i += run) {
    uint64_t end = n - i < run ? n : i + run;
    for (j = i + 1; j < end && sfr_key_less(&k[j], &k[j - 1]); j++)
      ;
    if (j == end)
      reverse_keys(k, i, end);
    for (j = i + 1; j < end; j++) {
      sort_key x = k[j];
      uint64_t m = j;
      for (; m > i && sfr_key_less(&x, &k[m - 1]); m--)
        k[m] = k[m - 1];
      k[m] = x;
    }
  }
  return sfr_merge_runs(k, tmp, n, run);
}

/* The keys in index order, sorted.  Keys already in order are left as
 * they are, and keys in exactly the reverse order are reversed.  Merging
 * is cheap where the keys are nearly in order or nearly against it (its
 * runs are found and copied whole), and below SFR_RADIX_MIN keys;
 * elsewhere the radix sort is, whose passes do not depend on the order (a
 * merge of keys in no order mispredicts every other comparison). */
#define SFR_RADIX_MIN 256u
static const sort_key *order_keys(sort_key *k, sort_key *tmp, uint64_t n, uint64_t a_mask,
                                  int with_b) {
  uint64_t i, down = 0, va = 0;
  uint32_t vb = 0;
  for (i = 1; i < n; i++) {
    down += (uint64_t)sfr_key_less(&k[i], &k[i - 1]);
    va |= k[i].a ^ k[0].a;
    vb |= k[i].b ^ k[0].b;
  }
  if (down == 0)
    return k;
  if (down == n - 1) { /* no two keys are equal: the reverse is in order */
    reverse_keys(k, 0, n);
    return k;
  }
  if (n < SFR_RADIX_MIN || down < n / 32 || n - 1 - down < n / 32)
    return sort_keys(k, tmp, n);
  if (with_b && vb) {
    /* By a, then the runs of equal a (rare: functions or data sharing a
     * start) by b: a pass for each byte of a and none for b's.  Where a
     * run is too long, sorted again by (a, b): keys equal in both are
     * still in index order. */
    sort_key *r = radix_sort_keys(k, tmp, n, 0, va & a_mask);
    if (sfr_order_ties_by_b(r, n))
      return r;
    return radix_sort_keys(r, r == k ? tmp : k, n, vb, va & a_mask);
  }
  return radix_sort_keys(k, tmp, n, with_b ? vb : 0, va & a_mask);
}

const sort_key *sfr_order_keys(sort_key *k, sort_key *tmp, uint64_t n, int by_a_only) {
  return order_keys(k, tmp, n, UINT64_MAX, !by_a_only);
}

const sort_key *sfr_order_keys_by_high_a(sort_key *k, sort_key *tmp, uint64_t n) {
  return order_keys(k, tmp, n, UINT64_C(0xffffffff00000000), 0);
}

int sfr_order_ties_by_b(sort_key *k, uint64_t n) {
  uint64_t i = 0, j, m;
  while (i < n) {
    for (j = i + 1; j < n && k[j].a == k[i].a; j++)
      ;
    if (j - i > SFR_TIES_MAX)
      return 0;
    for (m = i + 1; m < j; m++) { /* insertion, by (b, index) */
      sort_key x = k[m];
      uint64_t at = m;
      for (; at > i && sfr_key_less(&x, &k[at - 1]); at--)
        k[at] = k[at - 1];
      k[at] = x;
    }
    i = j;
  }
  return 1;
}

/* A run of ties too long for insertion is sorted by the whole key, index
 * included: keys equal in (a, b) need not be in index order here (the
 * keys of FRE data were sorted by offset with their other bits, so equal
 * offsets came out by size), and a stable sort of (a, b) alone would keep
 * that order where the reference's sort gives index order (fuzz:
 * regressions/decode-5413c0bbd940, a shared-data finding named after
 * function 0 where the reference names 17). */
sort_key *sfr_order_ties(sort_key *k, sort_key *tmp, uint64_t n) {
  if (sfr_order_ties_by_b(k, n))
    return k;
  return sfr_sort_keys(k, tmp, n) == k ? k : tmp;
}
