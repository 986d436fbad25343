/* SPDX-License-Identifier: MIT */
/* sfr_certify.c - the certificate of a clean section: the checks of the
 * reference validation (decoder/src/sfr_validate.c), made on the raw bytes
 * in one pass, for the common case where none of them fails.
 *
 * The full pass reads each FDE into an sfr_fde, each FRE into an sfr_fre
 * and interprets it into rules: about 40 instructions per byte.  What a
 * clean section needs is less: for an FDE of the default type, whether an
 * FRE can be interpreted depends on its info byte alone (3.1: the count of
 * data words and their size, the mangled-RA bit), so one table per
 * section answers it; FDEs in order are compared with the furthest end
 * before them, and FDEs out of order (with the caller's scratch) are
 * sorted by start and compared with their neighbours, so no pair is ever
 * compared; FRE data out of the FDEs' order are walked in their own order.
 * Two functions sharing a start or bytes, or FRE data out of order sharing
 * bytes, with everything else clean, are left to the full pass's overlap
 * checks alone (SFR_CERT_OVERLAPS, on the keys sorted here); anything else
 * out of the ordinary (any other finding) is not decided here: the
 * certificate gives up, and the full pass names the findings. */
#include <string.h>

#include "sfr_certify.h"
#include "sfr_cursor.h"
#include "sfr_fast.h"
#include "sfr_fde_read.h"
#include "sfr_fde_start.h"
#include "sfr_validate.h" /* the rules it certifies: sfr_pcmask_rep_size_zero */
#include "sfr_radix.h"

#define BAD 0xffu

/* tab[info] is the bytes of data words an FRE with that info byte (2.4.1)
 * carries, or BAD where sfr_fre_next or the interpretation would report
 * it: an undefined word size, RA mangled outside AArch64, no words in
 * version 1 (V2 erratum 2 gave 0 its meaning), or more words than the
 * FDE type reads (most). */
static void fre_info_table(const sfr_section *sec, unsigned most, uint8_t tab[256]) {
  static const uint8_t sizes[4] = {1, 2, 4, 0};
  int aarch64 = sec->abi == SFR_ABI_AARCH64_BE || sec->abi == SFR_ABI_AARCH64_LE;
  unsigned b;
  for (b = 0; b < 256; b++) {
    unsigned count = (b >> 1) & 0x0fu, size = sizes[(b >> 5) & 3u];
    int ok = size != 0 && (aarch64 || !(b & 0x80u)) && count <= most &&
             (count > 0 || sfr_has_outermost(sec->version));
    tab[b] = ok ? (uint8_t)(count * size) : (uint8_t)BAD;
  }
}

/* Which FRE info bytes (2.4.1) the interpretation accepts, and the bytes
 * of data words each carries, for default and for flexible FDEs. */
typedef struct sfr_fre_tables {
  uint8_t plain[256], flex[256];
} sfr_fre_tables;

static void fre_tables_init(const sfr_section *sec, sfr_fre_tables *t) {
  fre_info_table(sec, sec->abi == SFR_ABI_AMD64_LE ? 2 : 3, t->plain);
  fre_info_table(sec, SFR_MAX_DATA_WORDS, t->flex);
}

/* A flexible FDE's FRE (3.2): its words decide, so it is interpreted. */
static int flex_fre_ok(const sfr_section *sec, const uint8_t *p, unsigned asz) {
  sfr_fre fre;
  sfr_rules rules;
  unsigned i;
  sfr_decode_fre_info(p[asz], &fre);
  for (i = 0, p += asz + 1u; i < fre.count; i++, p += fre.word_size) {
    uint64_t w = sfr_load124(p, fre.word_size, sec->big_endian);
    fre.uwords[i] = (uint32_t)w;
    fre.words[i] = (int32_t)sfr_sext(w, fre.word_size);
  }
  memset(&rules, 0, sizeof rules);
  return sfr_interp_flex(sec, &fre, &rules) == SFR_OK;
}

/* One FDE's fields as stored, read from its record (and in version 3 its
 * attribute) after the bounds sfr_get_fde checks; 0 where it would fail. */
typedef struct raw_fde {
  uint64_t start;
  int wraps;
  uint32_t size, fre_off, num_fres;
  uint8_t info, info2, rep_size;
  uint64_t fres_at;
} raw_fde;

/* The FDE record's own fields: in version 3 the start field, size and FRE
 * offset (fres_at is then where its attribute is; read_attr reads it), in
 * versions 1 and 2 all of them. */
static SFR_ALWAYS_INLINE int read_record(const sfr_section *sec, uint64_t at, raw_fde *f) {
  const uint8_t *p = sec->buf + at; /* sfr_open: the array is inside */
  int be = sec->big_endian;
  f->wraps = sfr_fde_range(sec, at, &f->start, &f->size);
  if (sfr_has_fde_attr(sec->version)) {
    f->fre_off = (uint32_t)sfr_load(p + sfr_fre_off_field(SFR_VERSION_3), 4, be);
    f->num_fres = 0;
    f->info = f->info2 = f->rep_size = 0;
    f->fres_at = sec->fre_start + f->fre_off;
    return f->fre_off < sec->fre_len;
  }
  f->fre_off = (uint32_t)sfr_load(p + sfr_fre_off_field(SFR_VERSION_1), 4, be);
  f->num_fres = (uint32_t)sfr_load(p + SFR_V12_NUM_FRES_AT, 4, be);
  f->info = p[SFR_V12_INFO_AT];
  f->info2 = 0;
  f->rep_size = sfr_has_rep_size(sec->version) ? p[SFR_V2_REP_SIZE_AT] : 0;
  if (f->fre_off > sec->fre_len || (f->fre_off == sec->fre_len && f->num_fres > 0))
    return 0;
  f->fres_at = sec->fre_start + f->fre_off;
  return 1;
}

/* Version 3: the attribute at fres_at (inside the FRE sub-section, as
 * read_record checked), and fres_at moved past it to the first FRE. */
static SFR_ALWAYS_INLINE int read_attr(const sfr_section *sec, raw_fde *f) {
  const uint8_t *p = sec->buf + f->fres_at;
  if (sec->fre_end - f->fres_at < SFR_V3_FDE_ATTR_SIZE)
    return 0;
  f->num_fres = (uint32_t)sfr_load(p + SFR_V3_ATTR_NUM_FRES_AT, 2, sec->big_endian);
  f->info = p[SFR_V3_ATTR_INFO_AT];
  f->info2 = p[SFR_V3_ATTR_INFO2_AT];
  f->rep_size = p[SFR_V3_ATTR_REP_SIZE_AT];
  f->fres_at += SFR_V3_FDE_ATTR_SIZE;
  return 1;
}

static int read_fde(const sfr_section *sec, uint64_t at, raw_fde *f) {
  return read_record(sec, at, f) && (!sfr_has_fde_attr(sec->version) || read_attr(sec, f));
}

/* The reference's rules on the info bytes (sfr_validate.h's predicates,
 * which check_fde_fields reports): 0 where one of them applies. */
static SFR_ALWAYS_INLINE int info_ok(const sfr_section *sec, const raw_fde *f) {
  return !sfr_fre_type_unknown(f->info) && !sfr_fde_type_unknown(f->info2) &&
         !sfr_fde_info_unused_bits(sec->version, f->info, f->info2) &&
         !sfr_pauth_key_not_aarch64(sec->abi, f->info) &&
         !sfr_pcmask_rep_size_zero(sec->version, f->info, f->rep_size);
}

/* The start resolved as sfr_get_fde resolves it (2.3.1), and the function
 * inside the address space: 0 where either would be reported. */
static SFR_ALWAYS_INLINE int start_ok(const raw_fde *f) {
  return !f->wraps && f->size <= UINT64_MAX - f->start;
}

static int fde_fields_ok(const sfr_section *sec, const raw_fde *f) {
  return info_ok(sec, f) && start_ok(f);
}

/* check_fres for one function: its FREs inside the sub-section and the
 * byte budget, starts increasing and below the offsets a PC can reach,
 * each interpretable.  Returns where its data end, or 0 (no function's
 * data end at offset 0: the header comes first). */
static uint64_t fres_ok(const sfr_section *sec, const raw_fde *f, const uint8_t tab[256],
                        const uint8_t flex_tab[256], uint64_t *budget) {
  static const uint8_t addr_sizes[3] = {1, 2, 4};
  unsigned asz = addr_sizes[f->info & 0x0fu];
  int mask = (f->info & 0x10u) != 0, flex = (f->info2 & 0x1fu) == SFR_FDE_TYPE_FLEX;
  uint64_t limit = mask && f->rep_size < f->size ? f->rep_size : f->size;
  uint64_t pos = f->fres_at, end = sec->fre_end, left = *budget;
  uint32_t k, prev = 0;
  if (mask && !sfr_has_rep_size(sec->version))
    limit = UINT64_MAX; /* no rep_size: the offsets are not bounded (N14) */
  if (flex)
    tab = flex_tab;
  for (k = 0; k < f->num_fres; k++) {
    const uint8_t *p = sec->buf + pos;
    uint32_t start;
    unsigned len;
    if (end - pos < asz + 1u)
      return 0;
    start = (uint32_t)sfr_load124(p, asz, sec->big_endian);
    if (tab[p[asz]] == BAD)
      return 0;
    len = asz + 1u + tab[p[asz]];
    if (end - pos < len || len > left || (k > 0 && start <= prev) || start >= limit)
      return 0;
    if (flex && !flex_fre_ok(sec, p, asz))
      return 0;
    left -= len;
    prev = start;
    pos += len;
  }
  *budget = left;
  return pos;
}

/* The pass in index order fetches the FRE data (in version 3 the
 * attribute) of the FDE this many records ahead while it reads one: FDEs
 * in another order than their data cost a memory latency each otherwise. */
#define AHEAD 8u

/* Fetch the FRE data of the FDE whose record is at byte at (inside the
 * FDE array sfr_open accepted), unless its fre_off is out of range.
 * Always inlined (sfr_fast.h, SFR_PREFETCH). */
static SFR_ALWAYS_INLINE void fetch_fre_data(const sfr_section *sec, uint64_t at) {
  uint32_t off =
      (uint32_t)sfr_load(sec->buf + at + sfr_fre_off_field(sec->version), 4, sec->big_endian);
  if (off < sec->fre_len)
    SFR_PREFETCH(sec->buf + sec->fre_start + off);
}

#define OUT_OF_ORDER (-1)
#define NONE UINT32_MAX

/* The order of FDE i, whose function starts at start: in order, past the
 * previous start and the previous end.  With keys, an FDE that is not is
 * not the end: one below the one before is recorded in *first (the first
 * such) and left to the sort, and one that shares a start or bytes with
 * an earlier function while they are in order sets clash (the full pass's
 * order checks then decide); past the first FDE out of order (where FDEs
 * come in no order, half of them start below the one before) no branch
 * depends on the order.  Without keys, 0 where the order rules it out. */
typedef struct order_state {
  uint64_t prev_start, max_end;
  int clash, shared;
} order_state;

static SFR_ALWAYS_INLINE int order_ok(order_state *o, uint32_t i, uint64_t start, uint32_t size,
                                      sort_key *keys, uint32_t *first) {
  if (keys) {
    if (i > 0 && (start == o->prev_start ||
                  (*first == NONE && start > o->prev_start && start < o->max_end)))
      o->clash = 1;
    if (*first == NONE && i > 0 && start < o->prev_start)
      *first = i;
    keys[i].a = start;
    keys[i].b = size;
    keys[i].index = i;
  } else if (i > 0 && (start <= o->prev_start || start < o->max_end)) {
    return 0;
  }
  o->prev_start = start;
  if (start + size > o->max_end)
    o->max_end = start + size;
  return 1;
}

/* Where the FRE data are checked, in whichever order the functions come:
 * the bytes left for FREs, how far the walks reached, the end of the data
 * furthest on, and the FREs counted. */
typedef struct data_state {
  uint64_t budget, walked_to, data_max_end, sum;
} data_state;

static void data_init(const sfr_section *sec, data_state *d) {
  d->budget = sec->fre_len;
  d->walked_to = sec->fre_start;
  d->data_max_end = 0;
  d->sum = 0;
}

/* A function occupies FRE bytes when it has FREs, and in version 3 always
 * (its attribute). */
static int occupies(const sfr_section *sec, const raw_fde *f) {
  return f->num_fres > 0 || sfr_allows_no_fres(sec->version);
}

/* One function's FREs (version 3: after its attribute), checked and
 * counted, and the end of the data furthest on moved past them: where its
 * data end, or 0. */
static SFR_ALWAYS_INLINE uint64_t function_data_ok(const sfr_section *sec, const raw_fde *f,
                                                   const uint8_t tab[256],
                                                   const uint8_t flex_tab[256], data_state *d) {
  uint64_t data_end;
  if (sfr_has_fde_attr(sec->version)) {
    if (d->budget < SFR_V3_FDE_ATTR_SIZE)
      return 0;
    d->budget -= SFR_V3_FDE_ATTR_SIZE;
  }
  if (f->num_fres > 0 && (f->fres_at >= sec->fre_end || d->budget == 0))
    return 0;
  if ((data_end = fres_ok(sec, f, tab, flex_tab, &d->budget)) == 0)
    return 0;
  if (data_end > d->walked_to)
    d->walked_to = data_end;
  if (occupies(sec, f) && data_end > d->data_max_end)
    d->data_max_end = data_end;
  d->sum += f->num_fres;
  return data_end;
}

/* The header's FRE count, and every FRE byte some function's. */
static int data_complete(const sfr_section *sec, const data_state *d) {
  return d->sum == sec->num_fres && d->walked_to >= sec->fre_end;
}

/* One pass over the FDEs and their FREs: 1 proven clean, 0 not proven, or
 * OUT_OF_ORDER when a function's FRE data start before the data before
 * them (which the data keys can still prove apart).  With keys, an FDE
 * whose start is below the one before does not end the pass: *first is
 * the first such FDE (NONE when there is none), and each FDE's (start,
 * size) is in keys for the caller to sort. */
static int certify_pass(const sfr_section *sec, const uint8_t tab[256],
                        const uint8_t flex_tab[256], sort_key *keys, order_state *o,
                        uint32_t *first) {
  uint64_t at = sec->fde_start, prev_data = 0;
  data_state d;
  uint32_t i;
  data_init(sec, &d);
  memset(o, 0, sizeof *o);
  *first = NONE;
  for (i = 0; i < sec->num_fdes; i++, at += sec->fde_size) {
    raw_fde f;
    uint64_t data;
    if (sec->num_fdes - i > AHEAD)
      fetch_fre_data(sec, at + AHEAD * sec->fde_size);
    if (!read_fde(sec, at, &f) || !fde_fields_ok(sec, &f) ||
        !order_ok(o, i, f.start, f.size, keys, first))
      return 0;
    /* No FRE byte shared: a function's FRE data start where the ones
     * before them end, or later. */
    data = sec->fre_start + f.fre_off;
    if (occupies(sec, &f) && data < d.data_max_end)
      /* At or past the start of the data before, which came in order:
       * inside the data of a function before (the one reaching furthest
       * starts no later), so sharing bytes, whatever the order. */
      return data < prev_data ? OUT_OF_ORDER : 0;
    if (occupies(sec, &f))
      prev_data = data;
    if (function_data_ok(sec, &f, tab, flex_tab, &d) == 0)
      return 0;
  }
  return data_complete(sec, &d);
}

/* FRE data out of the FDEs' order, with keys for them: the FDE array is
 * read in order, each function's fields checked and a key made of where
 * its FRE data are and what its FREs are checked against (a: the offset,
 * then the FRE count, info byte and repetition size of versions 1 and 2,
 * whose count must fit in 16 bits; version 3 reads them from the
 * attribute; b: the size; index: the FDE's); the keys are sorted by
 * offset, and the FRE data are walked in the order they are stored.  Both
 * arrays are read in order: no function's FREs wait for memory, as they
 * do when the data are walked in the FDEs' order.  A function whose data
 * start before the end of those before shares bytes (o->shared): the full
 * pass, whose data came out of order too, reports the first pair its
 * sort of (offset, end, index) keys finds; those keys are written as the
 * walk goes, over the keys it has read, and when bytes are shared, put in
 * that order and handed back in sorted->data.  *spare is an array of
 * num_fdes keys left free. */
static int certify_in_data_order(const sfr_section *sec, const sfr_fre_tables *t,
                                 sort_key *keys, sort_key *data, sort_key *tmp, order_state *o,
                                 uint32_t *first, sfr_cert_sorted *sorted, sort_key **spare) {
  uint64_t at = sec->fde_start;
  data_state d;
  sort_key *k;
  uint32_t i, m = 0, n = sec->num_fdes;
  memset(o, 0, sizeof *o);
  *first = NONE;
  for (i = 0; i < n; i++, at += sec->fde_size) {
    raw_fde f;
    if (!read_record(sec, at, &f) || (!sfr_has_fde_attr(sec->version) && !info_ok(sec, &f)) ||
        !start_ok(&f) || !order_ok(o, i, f.start, f.size, keys, first) || f.num_fres > 0xffffu)
      return 0;
    data[i].a = (uint64_t)f.fre_off << 32 | (uint64_t)f.num_fres << 16 |
                (uint64_t)f.info << 8 | f.rep_size;
    data[i].b = f.size;
    data[i].index = i;
  }
  k = sfr_order_keys_by_high_a(data, tmp, n) == data ? data : tmp;
  *spare = k == data ? tmp : data;
  data_init(sec, &d);
  for (i = 0; i < n; i++) {
    raw_fde f;
    uint64_t data_end;
    f.fre_off = (uint32_t)(k[i].a >> 32);
    f.size = k[i].b;
    f.fres_at = sec->fre_start + f.fre_off;
    if (sfr_has_fde_attr(sec->version)) {
      if (!read_attr(sec, &f) || !info_ok(sec, &f))
        return 0;
    } else {
      f.num_fres = (uint32_t)(k[i].a >> 16) & 0xffffu;
      f.info = (uint8_t)(k[i].a >> 8);
      f.info2 = 0;
      f.rep_size = (uint8_t)k[i].a;
    }
    if (occupies(sec, &f) && sec->fre_start + f.fre_off < d.data_max_end)
      o->shared = 1;
    if ((data_end = function_data_ok(sec, &f, t->plain, t->flex, &d)) == 0)
      return 0;
    if (occupies(sec, &f)) { /* its key, in place (m <= i): k[i] is read */
      k[m].index = k[i].index;
      k[m].a = f.fre_off;
      k[m].b = (uint32_t)(data_end - sec->fre_start);
      m++;
    }
  }
  if (!data_complete(sec, &d))
    return 0;
  if (o->shared) {
    /* In offset order; the runs of equal offsets in (end, index) order. */
    sort_key *in = sfr_order_ties(k, *spare, m);
    if (in != k)
      *spare = k;
    sorted->data = in;
    sorted->n_data = m;
  }
  return 1;
}

/* FDEs out of order, sorted by start (k): each must start past the one
 * before and at or after the furthest end before it (then no two share a
 * start or a byte, and check_order and the sorted comparison find
 * nothing). */
static int apart_when_sorted(const sort_key *k, uint32_t n) {
  uint64_t max_end = k[0].a + k[0].b;
  uint32_t i;
  for (i = 1; i < n; i++) {
    if (k[i].a <= k[i - 1].a || k[i].a < max_end)
      return 0;
    if (k[i].a + k[i].b > max_end)
      max_end = k[i].a + k[i].b;
  }
  return 1;
}

/* Data in the FDEs' order (what gas writes) are proven apart as they come;
 * only when they are not (what ld writes when it sorts the FDEs of several
 * objects, or FDEs reordered) is the section read again, in the data's
 * order, with the data keys.  FDEs
 * out of order are sorted by start, and where they are not proven apart,
 * by (start, size, index), as the full pass's order check wants them. */
sfr_cert sfr_certify(const sfr_section *sec, sort_key *keys, sort_key *data, sort_key *tmp,
                     uint32_t *first, sfr_cert_sorted *sorted) {
  sfr_fre_tables t;
  order_state o;
  sfr_cert_sorted none = {NULL, NULL, 0};
  sort_key *k;
  uint32_t n = sec->num_fdes;
  int r;
  if (!sorted)
    sorted = &none;
  memset(sorted, 0, sizeof *sorted);
  if (!tmp || !data)
    keys = NULL;
  fre_tables_init(sec, &t);
  r = certify_pass(sec, t.plain, t.flex, keys, &o, first);
  if (r == OUT_OF_ORDER && keys)
    r = certify_in_data_order(sec, &t, keys, data, tmp, &o, first, sorted, &tmp);
  if (r != 1)
    return SFR_CERT_NONE;
  if (*first == NONE)
    return o.clash || o.shared ? SFR_CERT_OVERLAPS : SFR_CERT_CLEAN;
  /* tmp: the array the data walk left free, or the caller's */
  k = sfr_order_keys(keys, tmp, n, 1) == keys ? keys : tmp;
  if (!o.clash && !o.shared && apart_when_sorted(k, n))
    return SFR_CERT_UNSORTED;
  sorted->ranges = sfr_order_ties(k, k == keys ? tmp : keys, n);
  return SFR_CERT_OVERLAPS;
}
