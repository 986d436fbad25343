/* SPDX-License-Identifier: MIT */
/* sfr_fast_lookup.c - the fast lookup: PC to FDE to FRE to rules, the
 * library's sfr_find_fde, sfr_find_fre and sfr_lookup, and the lookup
 * index.  The rules are the reference lookup's (decoder/src/sfr_lookup.c);
 * a section validation did not verify in order is searched linearly by
 * the reference code itself.
 *  sfr_validate has already read every FDE and FRE once, so
 * a lookup does not decode whole FDEs and FREs at every step: the search
 * reads only the start fields (search_starts), through the caller's index
 * when there is one (count_starts, sfr_index_build), one FDE is decoded,
 * the function's FREs are skipped over by their start address and info
 * byte (scan_rows), and only the chosen one is decoded.  Every read is
 * still bounded and assembled from bytes, and the answers are those of
 * the reference path that decodes everything (decoder/src/sfr_lookup.c),
 * which the lookup fuzz target (fuzz/targets/lookup.c) and every lookup
 * sfref answers compare with this one (sfr_lookup_checked). */
#include <string.h>

#include "sfr_cursor.h"
#include "sfr_fde_read.h"
#include "sfr_fre_read.h"
#include "sfr_fast.h"
#include "sfr_lookup.h"
#include "sframe_ref.h"

/* 2.3.1: the address of the function of FDE i from its start field alone,
 * n (4: versions 1 and 2, a signed 32-bit field; 8: version 3) and be
 * being constants wherever this is inlined.  sfr_get_fde computes the
 * same address (sfr_resolve_start, which also reports a wrap); the sum modulo
 * 2^64 is the same number. */
static SFR_ALWAYS_INLINE uint64_t start_of(const uint8_t *fdes, uint64_t i, uint64_t size,
                                           uint64_t base, int pcrel, unsigned n, int be) {
  uint64_t raw = sfr_load(fdes + i * size, n, be);
  if (n == 4)
    raw = (uint64_t)sfr_sext(raw, 4);
  return base + raw + (pcrel ? i * size : 0);
}

/* The index is at most SFR_INDEX_CAP bytes, so that it stays in the
 * caches (a second-level cache holds it whole), and a lookup fetches up
 * to SFR_INDEX_FETCH bytes of its bucket's FDEs and of their FRE data at
 * once (count_starts). */
#define SFR_INDEX_CAP ((uint64_t)512 << 10)
#define SFR_INDEX_FETCH 512u

/* The number of FDEs among [first, first + len) whose function starts at
 * or below pc, plus first (the index of the last such FDE plus one), from
 * the start fields alone; the starts are in order.  The search halves a
 * window without a data-dependent branch (the choice is a conditional
 * move), and fetches the start fields of both possible next midpoints
 * while the current one is compared, so that a large array costs memory
 * latency once per step rather than a mispredicted branch and a miss.  n
 * and be are constants in each caller below, so each gets a loop of its
 * own with one load per step.  The caller has checked that the FDE array
 * lies inside the buffer and that first + len <= num_fdes. */
static SFR_ALWAYS_INLINE uint32_t search_starts(const sfr_section *sec, uint64_t pc,
                                                uint64_t first, uint64_t len, unsigned n, int be) {
  const uint8_t *fdes = sec->buf + sec->fde_start;
  uint64_t size = sec->fde_size, base = sec->vma;
  int pcrel = sfr_has_pcrel_flag(sec->version) && (sec->flags & SFR_F_FDE_FUNC_START_PCREL);
  if (len == 0)
    return (uint32_t)first;
  if (pcrel)
    base += sec->fde_start;
  while (len > 1) {
    uint64_t half = len / 2;
    SFR_PREFETCH(fdes + (first + half / 2) * size);
    SFR_PREFETCH(fdes + (first + half + half / 2) * size);
    first = start_of(fdes, first + half, size, base, pcrel, n, be) <= pc ? first + half : first;
    len -= half;
  }
  return (uint32_t)(first + (start_of(fdes, first, size, base, pcrel, n, be) <= pc));
}

/* Fetch every cache line of p[from, to) (from < to) when the range is at
 * most SFR_INDEX_FETCH bytes, else its first and last bytes.
 *
 * Always inlined (sfr_fast.h, SFR_PREFETCH), as are the functions
 * above and count_starts below, which keep their constant n and be that
 * way: until 2026-11-26 gcc did not inline this once count_starts grew,
 * deleted the calls, and the lookup at a million functions paid a second
 * memory latency for the row (bench/RESULTS.md). */
static SFR_ALWAYS_INLINE void fetch_range(const uint8_t *p, uint64_t from, uint64_t to) {
  if (to - from <= SFR_INDEX_FETCH)
    for (; from + 64 < to; from += 64)
      SFR_PREFETCH(p + from);
  SFR_PREFETCH(p + from);
  SFR_PREFETCH(p + to - 1);
}

/* The same count, through the index when there is one: every function
 * below bucket b's first address (the count in entry b) starts at or
 * below pc, none from entry b + 1's count on does, and only those between
 * are searched.  The function found is one of those and the last one
 * below them, so their FDEs and FRE data (from the offset entry b holds
 * to entry b + 1's, when the data are in function order as assemblers
 * write them) are fetched at once while the search runs: with the index
 * in the caches a lookup costs about one memory latency, not three.  The
 * counts are clamped to the FDE array and the offsets to the FRE
 * sub-section, so that an index the caller damaged cannot move a read
 * outside the section. */
static SFR_ALWAYS_INLINE uint32_t count_starts(const sfr_section *sec, uint64_t pc, unsigned n,
                                               int be) {
  uint64_t b, lo, hi, f0, f1;
  const uint32_t *e;
  if (!sec->internal.index)
    return search_starts(sec, pc, 0, sec->num_fdes, n, be);
  if (pc < sec->internal.index_base)
    return 0;
  b = (pc - sec->internal.index_base) >> sec->internal.index_shift;
  if (b >= sec->internal.index_buckets)
    return sec->num_fdes;
  e = sec->internal.index + 2 * b;
  f0 = e[1] < sec->fre_len ? e[1] : sec->fre_len;
  f1 = e[3] < sec->fre_len ? e[3] : sec->fre_len;
  hi = e[2] < sec->num_fdes ? e[2] : sec->num_fdes;
  lo = e[0] < hi ? e[0] : hi;
  if (f1 < f0) /* data out of function order: the two ends */
    f1 = f0;
  if (f1 < sec->fre_len)
    fetch_range(sec->buf + sec->fre_start, f0,
                sec->fre_len - f1 > 32 ? f1 + 32 : sec->fre_len);
  if (hi > 0)
    fetch_range(sec->buf + sec->fde_start, (lo > 0 ? lo - 1 : 0) * sec->fde_size,
                hi * sec->fde_size);
  return search_starts(sec, pc, lo, hi - lo, n, be);
}

/* The FDE array's record size for the section's version, when its bounds
 * lie inside the buffer; 0 for a section sfr_open did not accept. */
static uint64_t fde_array_ok(const sfr_section *sec) {
  uint64_t size = sfr_fde_size(sec->version);
  if (sec->fde_size != size || sec->fde_start > sec->len ||
      (uint64_t)sec->num_fdes * size > sec->len - sec->fde_start)
    return 0;
  return size;
}

sfr_lookup_status sfr_find_fde(const sfr_section *sec, uint64_t pc,
                               sfr_fde *fde) {
  if ((sec->flags & SFR_F_FDE_SORTED) && sec->internal.order_verified) {
    /* order_verified: every FDE was read without error, in order. */
    uint32_t lo;
    int v3 = sfr_has_fde_attr(sec->version), be = sec->big_endian;
    sfr_status st;
    if (!fde_array_ok(sec))
      return SFR_LOOKUP_BAD_DATA; /* not a section sfr_open accepted */
    if (v3)
      lo = be ? count_starts(sec, pc, 8, 1) : count_starts(sec, pc, 8, 0);
    else
      lo = be ? count_starts(sec, pc, 4, 1) : count_starts(sec, pc, 4, 0);
    if (lo == 0)
      return SFR_LOOKUP_NO_FDE;
    /* sfr_get_fde, a copy for each layout and byte order */
    if (v3)
      st = be ? sfr_read_fde(sec, lo - 1, fde, 1, 1) : sfr_read_fde(sec, lo - 1, fde, 1, 0);
    else
      st = be ? sfr_read_fde(sec, lo - 1, fde, 0, 1) : sfr_read_fde(sec, lo - 1, fde, 0, 0);
    if (st != SFR_OK)
      return SFR_LOOKUP_BAD_DATA;
    return sfr_covers(fde, pc) ? SFR_LOOKUP_FOUND : SFR_LOOKUP_NO_FDE;
  }
  /* Linear (the first FDE in index order that covers the PC): the
   * reference path's, which has nothing to skip. */
  return sfr_ref_find_fde(sec, pc, fde);
}

/* ---- The lookup index ---- */

/* The start of function i of a section whose FDE array fde_array_ok
 * accepted (the same address sfr_get_fde resolves). */
static uint64_t start_at(const sfr_section *sec, uint64_t i) {
  int pcrel = sfr_has_pcrel_flag(sec->version) && (sec->flags & SFR_F_FDE_FUNC_START_PCREL);
  uint64_t base = sec->vma + (pcrel ? sec->fde_start : 0);
  return start_of(sec->buf + sec->fde_start, i, sec->fde_size, base, pcrel,
                  sfr_start_size(sec->version), sec->big_endian);
}

/* The bucket width (log2) and count for the section, or 0 when it can have
 * no index.  The width is the smallest power of two that keeps the buckets
 * at most twice the functions, so a bucket holds about one function, and
 * the index (8 bytes a bucket and 8 more) within SFR_INDEX_CAP: bench's
 * million functions share 50,365 buckets, about 20 a bucket, whose FDEs
 * and data are fetched together (count_starts).  A larger index, one function a
 * bucket, left the caches to the section and cost a second miss. */
static int index_shape(const sfr_section *sec, unsigned *shift, uint64_t *buckets) {
  uint64_t span;
  unsigned s = 0;
  if (!(sec->flags & SFR_F_FDE_SORTED) || !sec->internal.order_verified || sec->num_fdes == 0 ||
      !fde_array_ok(sec))
    return 0;
  span = start_at(sec, sec->num_fdes - 1) - start_at(sec, 0); /* in order: no wrap */
  if (span >> 32)
    return 0;
  while ((span >> s) >= 2 * (uint64_t)sec->num_fdes || ((span >> s) + 2) * 8 > SFR_INDEX_CAP)
    s++;
  *shift = s;
  *buckets = (span >> s) + 1;
  return 1;
}

/* Each bucket's entry is two 32-bit words: the count of functions that
 * start below the bucket, and the FRE data offset of the last of them
 * (0 when there is none); one entry more closes the last bucket. */
static size_t index_bytes(const sfr_section *sec, unsigned *shift, uint64_t *buckets) {
  if (!index_shape(sec, shift, buckets) || *buckets + 1 > (SIZE_MAX - 3) / 8)
    return 0;
  return (size_t)(*buckets + 1) * 8 + 3; /* 3: room to align the table */
}

size_t sfr_index_size(const sfr_section *sec) {
  unsigned shift;
  uint64_t buckets;
  return index_bytes(sec, &shift, &buckets);
}

int sfr_index_build(sfr_section *sec, void *mem, size_t len) {
  unsigned shift;
  uint64_t buckets, b, j = 0, base;
  size_t need = index_bytes(sec, &shift, &buckets), pad;
  uint32_t *table;
  if (need == 0 || !mem || len < need)
    return 0;
  pad = (size_t)((4 - (uintptr_t)mem % 4) % 4);
  table = (uint32_t *)(void *)((uint8_t *)mem + pad);
  base = start_at(sec, 0);
  for (b = 0; b <= buckets; b++) {
    while (j < sec->num_fdes && start_at(sec, j) - base < (b << shift))
      j++;
    table[2 * b] = (uint32_t)j;
    table[2 * b + 1] =
        j == 0 ? 0
               : (uint32_t)sfr_load(sec->buf + sec->fde_start + (j - 1) * sec->fde_size +
                                        sfr_fre_off_field(sec->version),
                                    4, sec->big_endian);
  }
  sec->internal.index = table;
  sec->internal.index_base = base;
  sec->internal.index_buckets = buckets;
  sec->internal.index_shift = (uint8_t)shift;
  return 1;
}

/* 2.4: the last of fde's rows (n_rows of them, from pos, before limit)
 * whose start is at or below off, read only as far as each row's start
 * address and length (start, info byte, data words), with the checks
 * sfr_fre_next makes in the order it makes them, up to and including the
 * first row past off.  asz (the start address's size) and be are
 * constants in each caller, so each FRE type gets a loop of its own.
 * SFR_LOOKUP_FOUND with the row's offset, index and start;
 * SFR_LOOKUP_NO_FRE; SFR_LOOKUP_BAD_DATA where sfr_fre_next would fail. */
static inline sfr_lookup_status scan_rows(const uint8_t *buf, uint64_t pos, uint64_t limit,
                                          uint32_t n_rows, uint64_t off, unsigned asz, int be,
                                          uint64_t *at, uint32_t *index, uint32_t *start) {
  sfr_lookup_status ls = SFR_LOOKUP_NO_FRE;
  uint32_t k;
  for (k = 0; k < n_rows; k++) {
    uint32_t row_start, code;
    uint8_t info;
    uint64_t length;
    if (pos > limit || limit - pos < asz + 1u)
      return SFR_LOOKUP_BAD_DATA; /* truncated-fre */
    row_start = (uint32_t)sfr_load124(buf + pos, asz, be);
    info = buf[pos + asz];
    code = (info >> 5) & 3u; /* word size 1 << code; 3 is undefined */
    if (code == 3)
      return SFR_LOOKUP_BAD_DATA;
    length = asz + 1u + ((uint64_t)((info >> 1) & 0x0fu) << code);
    if (length > limit - pos)
      return SFR_LOOKUP_BAD_DATA; /* truncated-data-words */
    if (row_start > off)
      break;
    *at = pos;
    *index = k;
    *start = row_start;
    ls = SFR_LOOKUP_FOUND;
    pos += length;
  }
  return ls;
}

/* The words of a row, count of them at p, each 1 << code bytes. */
static inline void decode_words(const uint8_t *p, unsigned count, unsigned code, int be,
                                sfr_fre *fre) {
  unsigned i;
  for (i = 0; i < count; i++) {
    uint32_t w = (uint32_t)sfr_load124(p + (i << code), 1u << code, be);
    fre->uwords[i] = w;
    fre->words[i] = (int32_t)sfr_sext(w, 1u << code);
  }
}

/* The row at at, which scan_rows has read as far as its length, decoded
 * whole: the same fields sfr_fre_next gives, the words past the count 0.
 * Every field is stored rather than the whole cleared first: gcc clears
 * 152 bytes with a string instruction (rep stos) whose start-up costs
 * about as much as the FDE search; two arrays of 60 bytes are a few
 * vector stores. */
static void decode_row(const uint8_t *buf, uint64_t at, uint32_t index, unsigned asz, int be,
                       sfr_fre *fre) {
  const uint8_t *p = buf + at;
  memset(fre->words, 0, sizeof fre->words);
  memset(fre->uwords, 0, sizeof fre->uwords);
  fre->index = index;
  fre->offset = at;
  fre->start = (uint32_t)sfr_load124(p, asz, be);
  sfr_fre_info_read(p[asz], fre);
  p += asz + 1u;
  switch (fre->word_size) {
  case 1:
    decode_words(p, fre->count, 0, 0, fre);
    break;
  case 2:
    if (be)
      decode_words(p, fre->count, 1, 1, fre);
    else
      decode_words(p, fre->count, 1, 0, fre);
    break;
  default:
    if (be)
      decode_words(p, fre->count, 2, 1, fre);
    else
      decode_words(p, fre->count, 2, 0, fre);
    break;
  }
  fre->length = asz + 1u + (uint32_t)fre->count * fre->word_size;
}

sfr_lookup_status sfr_find_fre(const sfr_section *sec, const sfr_fde *fde,
                               uint64_t pc, sfr_fre *fre) {
  static const uint8_t asz_of[3] = {1, 2, 4};
  sfr_fre_iter it;
  uint64_t off, at = 0;
  uint32_t index = 0, start = 0;
  int be = sec->big_endian;
  sfr_lookup_status ls;

  if ((ls = sfr_row_offset(sec, fde, pc, &off)) != SFR_LOOKUP_FOUND)
    return ls;
  sfr_fre_iter_read(sec, fde, &it);
  if (it.total == 0)
    return SFR_LOOKUP_NO_FRE;
  switch (it.fre_type) {
  case SFR_FRE_TYPE_ADDR1:
    ls = scan_rows(sec->buf, it.pos, it.limit, it.total, off, 1, 0, &at, &index, &start);
    break;
  case SFR_FRE_TYPE_ADDR2:
    ls = be ? scan_rows(sec->buf, it.pos, it.limit, it.total, off, 2, 1, &at, &index, &start)
            : scan_rows(sec->buf, it.pos, it.limit, it.total, off, 2, 0, &at, &index, &start);
    break;
  case SFR_FRE_TYPE_ADDR4:
    ls = be ? scan_rows(sec->buf, it.pos, it.limit, it.total, off, 4, 1, &at, &index, &start)
            : scan_rows(sec->buf, it.pos, it.limit, it.total, off, 4, 0, &at, &index, &start);
    break;
  default:
    return SFR_LOOKUP_BAD_DATA;
  }
  if (ls == SFR_LOOKUP_BAD_DATA)
    return ls;
  if (fde->pc_type == SFR_PCTYPE_MASK && !sfr_has_rep_size(sec->version))
    ls = sfr_pcmask_v1(ls, index, start);
  if (ls != SFR_LOOKUP_FOUND)
    return ls;
  /* Only the chosen row is decoded whole, straight into *fre. */
  decode_row(sec->buf, at, index, asz_of[it.fre_type], be, fre);
  return SFR_LOOKUP_FOUND;
}

/* sfr_lookup_via (decoder/src/sfr_lookup.h, inline) with this file's two
 * steps: constant pointers the compiler turns into direct, inlined calls. */
sfr_lookup_status sfr_lookup(const sfr_section *sec, uint64_t pc,
                             sfr_pc_mode mode, sfr_lookup_result *res) {
  return sfr_lookup_via(sec, pc, mode, res, sfr_find_fde, sfr_find_fre);
}

int sfr_index_attached(const sfr_section *sec) { return sec->internal.index != NULL; }
