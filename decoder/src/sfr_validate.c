/* SPDX-License-Identifier: MIT */
/* sfr_validate.c - the reference validation: every check the spec
 * implies, each a named finding, all of them reported.
 *
 * sfr_ref_validate reads the header (sfr_validate_head), then each FDE in
 * index order with its FREs (sfr_validate_body), then what needs all the
 * functions at once: whether two share an address or an FRE byte, which
 * sorts one key per function (sfr_keys.c) in the caller's scratch, or for
 * a section of at most SFR_STACK_FDES functions in a buffer on the stack:
 * one algorithm at every size.  Each rule is a function named after its
 * finding or spec clause. */
#include <stdint.h>
#include <string.h>

#include "sfr_fde_read.h"
#include "sfr_validate.h"

static int64_t fde_field_offset(const sfr_section *sec, uint32_t i) {
  return (int64_t)(sec->fde_start + (uint64_t)i * sec->fde_size);
}

/* ---- 2.1, 2.2: the header and the layout ---- */

void sfr_check_header(const sfr_section *sec, sfr_report *rep) {
  uint8_t all = SFR_F_FDE_SORTED | SFR_F_FRAME_POINTER | SFR_F_FDE_FUNC_START_PCREL;
  if (sec->flags & (uint8_t)~all)
    sfr_report_add(rep, SFR_E_FLAGS_UNKNOWN, SFR_HDR_FLAGS_AT, -1, -1, "sfp_flags");
  if (sec->flags & all & (uint8_t)~sfr_flags_defined(sec->version))
    sfr_report_add(rep, SFR_E_FLAG_NOT_IN_VERSION, SFR_HDR_FLAGS_AT, -1, -1, "sfp_flags");
  if (sec->abi == SFR_ABI_S390X_BE && !sfr_has_s390x(sec->version))
    sfr_report_add(rep, SFR_E_ABI_NOT_IN_VERSION, SFR_HDR_ABI_AT, -1, -1, "sfh_abi_arch");
  if (sec->auxhdr_len)
    sfr_report_add(rep, SFR_E_AUXHDR_PRESENT, SFR_HDR_AUXHDR_LEN_AT, -1, -1, "sfh_auxhdr_len");
}

/* 2.2: the sub-sections tile the section, in the order the spec gives
 * them: the FRE sub-section is "the last sub-section" (the only one with an
 * explicit length).  Overlap of the FDE array with the FRE sub-section, and
 * a non-empty FRE sub-section wholly before a non-empty FDE array, are
 * invalid (one finding: overlapping sub-sections have no order); unused
 * bytes between or after them are questionable. */
void sfr_check_layout(const sfr_section *sec, sfr_report *rep) {
  uint64_t fde_end = sec->fde_start + (uint64_t)sec->num_fdes * sec->fde_size;
  uint64_t a0 = sec->fde_start, a1 = fde_end, b0 = sec->fre_start, b1 = sec->fre_end;
  if (a0 < a1 && b0 < b1 && a0 < b1 && b0 < a1)
    sfr_report_add(rep, SFR_E_FDE_ARRAY_OVERLAPS_FRES, (int64_t)b0, -1, -1, "sfh_freoff");
  else if (a0 < a1 && b0 < b1 && b1 <= a0) /* disjoint, but in the wrong order */
    sfr_report_add(rep, SFR_E_FRES_BEFORE_FDES, SFR_HDR_FREOFF_AT, -1, -1, "sfh_freoff");
  if (a0 > b0) { /* FRE sub-section first */
    uint64_t t0 = a0, t1 = a1;
    a0 = b0;
    a1 = b1;
    b0 = t0;
    b1 = t1;
  }
  if (a0 > sec->hdr_end || b0 > a1)
    sfr_report_add(rep, SFR_E_SUBSECTION_GAP,
                   (int64_t)(a0 > sec->hdr_end ? sec->hdr_end : a1), -1, -1,
                   a0 > sec->hdr_end ? "sfh_fdeoff" : "sfh_freoff");
  if ((a1 > b1 ? a1 : b1) < sec->len)
    sfr_report_add(rep, SFR_E_TRAILING_BYTES, (int64_t)(a1 > b1 ? a1 : b1), -1, -1, NULL);
}

int sfr_validate_head(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                      sfr_report *rep) {
  sfr_finding where;
  sfr_status st;
  rep->count = 0;
  memset(rep->by_class, 0, sizeof rep->by_class);
  st = sfr_open(sec, buf, len, vma, &where);
  if (st != SFR_OK) {
    sfr_report_add(rep, st, where.offset, -1, -1, where.field);
    return 0;
  }
  sfr_check_header(sec, rep);
  sfr_check_layout(sec, rep);
  return 1;
}

/* ---- 2.3: each FDE ---- */

/* An FDE that cannot be read (sfr_get_fde's finding). */
static void check_fde_readable(const sfr_section *sec, uint32_t i, sfr_status st,
                               sfr_report *rep) {
  sfr_report_add(rep, st, fde_field_offset(sec, i), i, -1,
                 st == SFR_E_TRUNCATED_FDE_ATTR ? "sframe_func_desc_attr"
                                                : "func_start_fre_off");
}

/* 2.3.3 the info bytes, and 2.3.1 the start and size. */
static void check_fde_fields(const sfr_section *sec, const sfr_fde *fde, sfr_report *rep) {
  int64_t at = (int64_t)fde->field_offset, i = fde->index;
  if (sfr_fre_type_unknown(fde->info))
    sfr_report_add(rep, SFR_E_FRE_TYPE_UNKNOWN, at, i, -1, "info");
  if (sfr_fde_type_unknown(fde->info2))
    sfr_report_add(rep, SFR_E_FDE_TYPE_UNKNOWN, at, i, -1, "sfda_func_info2");
  if (sfr_fde_info_unused_bits(sec->version, fde->info, fde->info2))
    sfr_report_add(rep, SFR_E_FDE_INFO_UNUSED_BITS, at, i, -1, "info");
  if (sfr_pauth_key_not_aarch64(sec->abi, fde->info))
    sfr_report_add(rep, SFR_E_PAUTH_KEY_NOT_AARCH64, at, i, -1, "info");
  if (sfr_pcmask_rep_size_zero(sec->version, fde->info, fde->rep_size))
    sfr_report_add(rep, SFR_E_PCMASK_REP_SIZE_ZERO, at, i, -1, "rep_size");
  if (fde->start_wraps)
    sfr_report_add(rep, SFR_E_FDE_START_WRAPS, at, i, -1, "func_start");
  else if (fde->size > UINT64_MAX - fde->start)
    sfr_report_add(rep, SFR_E_FDE_END_OVERFLOW, at, i, -1, "func_size");
}

static uint64_t end_of(uint64_t start, uint64_t size) {
  return size > UINT64_MAX - start ? UINT64_MAX : start + size;
}

/* FDE order: sorted by start when SFRAME_F_FDE_SORTED is set (2.3.1), and
 * function ranges disjoint.  While the FDEs are in order, overlaps are
 * found against the furthest end seen so far; from the first FDE out of
 * order on, sfr_check_overlaps_sorted compares the sorted ranges. */
void sfr_check_fde_order(const sfr_section *sec, const sfr_fde *fde, sfr_order_state *o,
                         sfr_report *rep) {
  uint64_t end = end_of(fde->start, fde->size);
  int64_t at = (int64_t)fde->field_offset, i = fde->index;
  if (o->have_prev && fde->start < o->prev_start) {
    if (!o->unsorted) {
      sfr_report_add(rep, (sec->flags & SFR_F_FDE_SORTED) ? SFR_E_FDE_UNSORTED
                                                          : SFR_E_FDE_UNSORTED_UNFLAGGED,
                     at, i, -1, "func_start");
      o->first_unsorted = fde->index;
    }
    o->unsorted = 1;
  }
  if (!o->unsorted) {
    /* FDEs that share a start form a group; the furthest end of the
     * functions that start before the group is what a start inside an
     * earlier function is measured against. */
    if (!o->have_prev || fde->start > o->prev_start) {
      o->max_end_before = o->max_end;
      o->group_nonzero = 0;
      o->group_size = 0;
    }
    if (o->group_size && fde->size == o->prev_size) {
      sfr_report_add(rep, SFR_E_FDE_DUPLICATE, at, i, -1, "func_start");
      o->overlap = 1;
    } else if (fde->start < o->max_end_before || (fde->size && o->group_nonzero)) {
      sfr_report_add(rep, SFR_E_FDE_OVERLAP, at, i, -1, "func_start");
      o->overlap = 1;
    } else if (o->group_size) {
      /* A zero-size function where another starts overlaps nothing, but a
       * binary search for "the last start <= PC" could stop on it. */
      o->shared_start = 1;
    }
    o->group_size++;
    if (fde->size)
      o->group_nonzero = 1;
  }
  o->have_prev = 1;
  o->prev_start = fde->start;
  o->prev_size = fde->size;
  if (end > o->max_end)
    o->max_end = end;
}

/* ---- 2.4: each function's FREs, and the FRE sub-section's bytes ---- */

/* The FRE sub-section as the functions claim it, in index order. */
typedef struct fre_claims {
  uint64_t budget;       /* bytes no walk has taken yet (from fre_len) */
  uint64_t max_end;      /* the furthest any walk reached */
  uint64_t prev_data;    /* where the previous function's data start */
  uint64_t data_max_end; /* the furthest end of the data so far */
  int have_prev_data;
  int data_unordered; /* a function's data start before the previous one's */
  int overrun_seen;   /* fre-data-overrun reported (once) */
} fre_claims;

/* A function occupies FRE bytes when it has FREs, or (version 3) always,
 * for its attribute. */
static int occupies_fre_data(const sfr_section *sec, const sfr_fde *fde) {
  return fde->num_fres > 0 || sfr_allows_no_fres(sec->version);
}

/* fre-data-overrun, reported once: some bytes are read as two functions'. */
static void fre_data_overrun(fre_claims *c, int64_t offset, int64_t fde, int64_t fre,
                             sfr_report *rep) {
  if (!c->overrun_seen)
    sfr_report_add(rep, SFR_E_FRE_DATA_OVERRUN, offset, fde, fre, "func_start_fre_off");
  c->overrun_seen = 1;
}

/* While the functions' data come in offset order, a function whose data
 * start inside an earlier one's shares bytes with it; from the first
 * that starts before the previous one, sfr_check_shared_fre_data_sorted
 * decides. */
static void check_fre_data_start(const sfr_section *sec, const sfr_fde *fde, fre_claims *c,
                                 sfr_report *rep) {
  uint64_t data = sec->fre_start + fde->fre_off;
  if (!occupies_fre_data(sec, fde) || !c->have_prev_data)
    return;
  if (data < c->prev_data)
    c->data_unordered = 1;
  else if (!c->data_unordered && data < c->data_max_end)
    fre_data_overrun(c, (int64_t)data, fde->index, -1, rep);
}

/* One FRE's fields (2.4, 2.4.1) and its interpretation (3).  limit is the
 * offset no PC of the function reaches; check_limit 0 where it is unknown. */
static void check_fre(const sfr_section *sec, const sfr_fde *fde, const sfr_fre *fre,
                      uint32_t prev, uint64_t limit, int check_limit, sfr_report *rep) {
  sfr_rules rules;
  int64_t at = (int64_t)fre->offset, i = fde->index;
  int aarch64 = sec->abi == SFR_ABI_AARCH64_BE || sec->abi == SFR_ABI_AARCH64_LE;
  sfr_status st;
  if (fre->index > 0 && fre->start <= prev)
    sfr_report_add(rep, SFR_E_FRE_START_NOT_INCREASING, at, i, fre->index, "sfre_start_address");
  if (check_limit && fre->start > limit)
    sfr_report_add(rep, SFR_E_FRE_START_PAST_SIZE, at, i, fre->index, "sfre_start_address");
  else if (check_limit && fre->start == limit)
    sfr_report_add(rep, SFR_E_FRE_START_AT_SIZE, at, i, fre->index, "sfre_start_address");
  if (fre->mangled_ra && !aarch64)
    sfr_report_add(rep, SFR_E_MANGLED_RA_NOT_AARCH64, at, i, fre->index, "sfre_info");
  if (fde->fde_type <= SFR_FDE_TYPE_FLEX &&
      (st = sfr_interpret(sec, fde, fre, &rules)) != SFR_OK)
    sfr_report_add(rep, st, at, i, fre->index, "data words");
}

/* The FREs of one function, walked while the claims' byte budget lasts
 * (more bytes walked than the sub-section holds: some are read as two
 * functions' FREs).  Returns where the walk ended. */
static uint64_t check_fres(const sfr_section *sec, const sfr_fde *fde, fre_claims *c,
                           sfr_report *rep) {
  sfr_fre_iter it;
  sfr_fre fre;
  uint32_t prev = 0;
  int done = 0;
  /* The offsets an FRE can match: below the size, and for PCMASK also
   * below rep_size (PC % rep_size is what is compared, and only offsets
   * inside the function are asked): a row at or past the smaller of the
   * two is reached by no PC (N3).  Version 1 records no rep_size (N14). */
  uint64_t limit = fde->pc_type == SFR_PCTYPE_MASK && fde->rep_size < fde->size
                       ? fde->rep_size
                       : fde->size;
  int check_limit = !(fde->pc_type == SFR_PCTYPE_MASK && !sfr_has_rep_size(sec->version));

  sfr_fre_iter_init(sec, fde, &it);
  for (;;) {
    sfr_status st = sfr_fre_next(sec, &it, &fre, &done);
    if (st != SFR_OK) {
      sfr_report_add(rep, st, (int64_t)it.pos, fde->index, it.next,
                     st == SFR_E_FRE_TYPE_UNKNOWN ? "fre_type" : "sframe_fre");
      break;
    }
    if (done)
      break;
    if (fre.length > c->budget) {
      fre_data_overrun(c, (int64_t)fre.offset, fde->index, fre.index, rep);
      c->budget = 0;
      break;
    }
    c->budget -= fre.length;
    check_fre(sec, fde, &fre, prev, limit, check_limit, rep);
    prev = fre.start;
  }
  return it.pos;
}

/* One function's FRE data: in version 3 its attribute's 5 bytes, then its
 * FREs.  Returns where its data end; 0 when the attribute itself found no
 * bytes left (the function is then treated as unreadable). */
static uint64_t check_function_data(const sfr_section *sec, const sfr_fde *fde, fre_claims *c,
                                    sfr_report *rep) {
  uint64_t data = sec->fre_start + fde->fre_off;
  if (sfr_has_fde_attr(sec->version)) {
    if (c->budget < SFR_V3_FDE_ATTR_SIZE) {
      fre_data_overrun(c, (int64_t)data, fde->index, -1, rep);
      c->budget = 0;
      return 0;
    }
    c->budget -= SFR_V3_FDE_ATTR_SIZE;
  }
  if (sfr_fre_type_unknown(fde->info))
    return fde->fres_at; /* FRE size unknowable: reported by check_fde_fields */
  if (fde->num_fres > 0 && fde->fres_at >= sec->fre_end) {
    /* FREs promised, but the sub-section ends before the first. */
    sfr_report_add(rep, SFR_E_TRUNCATED_FRE, (int64_t)fde->fres_at, fde->index, 0, "sframe_fre");
    return fde->fres_at;
  }
  if (c->budget == 0 && fde->num_fres > 0) {
    /* Every byte of the sub-section already belongs to a function. */
    fre_data_overrun(c, (int64_t)data, fde->index, -1, rep);
    return fde->fres_at;
  }
  return check_fres(sec, fde, c, rep);
}

/* The function's data end recorded in the claims. */
static void claim(const sfr_section *sec, const sfr_fde *fde, uint64_t data_end, fre_claims *c) {
  if (data_end > c->max_end)
    c->max_end = data_end;
  if (occupies_fre_data(sec, fde)) {
    c->have_prev_data = 1;
    c->prev_data = sec->fre_start + fde->fre_off;
    if (data_end > c->data_max_end)
      c->data_max_end = data_end;
  }
}

/* ---- What needs every function at once ---- */

size_t sfr_validate_scratch_size(size_t len) {
  /* The smallest FDE index entry is 16 bytes (version 3): no section of
   * len bytes holds more than len / 16 functions.  Three keys each (its
   * range, its data, the sort's room), and room to align. */
  size_t most = len / SFR_V3_FDE_INDEX_SIZE + 1;
  if (most > (SIZE_MAX - _Alignof(sort_key)) / (3 * sizeof(sort_key)))
    return SIZE_MAX;
  return most * 3 * sizeof(sort_key) + _Alignof(sort_key);
}

int sfr_take_keys(const sfr_section *sec, void *scratch, size_t scratch_len, sort_key *stack,
                  sfr_keys *k) {
  uintptr_t at = (uintptr_t)scratch;
  size_t pad = (_Alignof(sort_key) - at % _Alignof(sort_key)) % _Alignof(sort_key);
  sort_key *base = NULL;
  if (scratch && scratch_len >= pad &&
      (scratch_len - pad) / (3 * sizeof(sort_key)) >= sec->num_fdes)
    base = (sort_key *)(void *)((unsigned char *)scratch + pad);
  else if (stack && sec->num_fdes <= SFR_STACK_FDES)
    base = stack;
  if (!base)
    return 0;
  k->ranges = base;
  k->data = base + sec->num_fdes;
  k->tmp = k->data + sec->num_fdes;
  k->n_data = 0;
  return 1;
}

static void record_keys(const sfr_section *sec, const sfr_fde *fde, uint64_t data_end, sfr_keys *k) {
  k->ranges[fde->index].a = fde->start;
  k->ranges[fde->index].b = fde->size;
  k->ranges[fde->index].index = fde->index;
  if (occupies_fre_data(sec, fde)) {
    /* Both inside the FRE sub-section, whose length is a u32. */
    sort_key *d = &k->data[k->n_data++];
    d->a = fde->fre_off;
    d->b = (uint32_t)(data_end > sec->fre_end ? sec->fre_len : data_end - sec->fre_start);
    d->index = fde->index;
  }
}

/* Overlaps and duplicates, exact at any size: the functions' keys sorted
 * by (start, size, index) in k, then sfr_check_fde_order's in-order rule
 * (each start against the furthest end of the functions that start before
 * it, and within a group of equal starts a duplicate or a second sized
 * function).  A conflict whose two functions both lie before the first
 * FDE out of order was reported already; the others are reported at the
 * later of the two in index order. */
void sfr_check_overlaps_sorted(const sfr_section *sec, const sort_key *k, sfr_order_state *o,
                               sfr_report *rep) {
  uint32_t i, n = sec->num_fdes, none = UINT32_MAX;
  uint64_t max_end = 0, max_end_before = 0;
  uint32_t holder = none, holder_before = none, group_sized = none;
  for (i = 0; i < n; i++) {
    const sort_key *e = &k[i];
    uint64_t end = end_of(e->a, e->b);
    uint32_t partner = none, later;
    sfr_status st = SFR_OK;
    int first_of_group = i == 0 || e->a > k[i - 1].a;
    if (first_of_group) {
      max_end_before = max_end;
      holder_before = holder;
      group_sized = none;
    }
    if (!first_of_group && e->b == k[i - 1].b) {
      st = SFR_E_FDE_DUPLICATE;
      partner = k[i - 1].index;
    } else if (holder_before != none && e->a < max_end_before) {
      st = SFR_E_FDE_OVERLAP;
      partner = holder_before;
    } else if (e->b && group_sized != none) {
      st = SFR_E_FDE_OVERLAP;
      partner = group_sized;
    }
    if (st != SFR_OK && (e->index >= o->first_unsorted || partner >= o->first_unsorted)) {
      later = e->index > partner ? e->index : partner;
      sfr_report_add(rep, st, fde_field_offset(sec, later), later, -1, "func_start");
      o->overlap = 1;
    }
    if (e->b && group_sized == none)
      group_sized = e->index;
    if (holder == none || end > max_end) {
      max_end = end;
      holder = e->index;
    }
  }
}

/* No FRE byte shared (2.4; SPEC-NOTES N10), exact at any size: the data
 * ranges' keys sorted by (start, end, index); sorted ranges are disjoint
 * exactly when each neighbour pair is. */
void sfr_check_shared_fre_data_sorted(const sfr_section *sec, const sort_key *k, uint32_t n,
                                      sfr_report *rep) {
  uint32_t i;
  for (i = 1; i < n; i++)
    if (k[i - 1].a == k[i].a || k[i - 1].b > k[i].a) {
      sfr_report_add(rep, SFR_E_FRE_DATA_OVERRUN, (int64_t)(sec->fre_start + k[i].a),
                     k[i].index, -1, "func_start_fre_off");
      return;
    }
}

/* num-fres-mismatch: the header's FRE count against the functions'. */
static void check_num_fres(const sfr_section *sec, uint64_t sum, sfr_report *rep) {
  if (sum != sec->num_fres)
    sfr_report_add(rep, SFR_E_NUM_FRES_MISMATCH, SFR_HDR_NUM_FRES_AT, -1, -1, "sfh_num_fres");
}

/* fre-subsection-unused: bytes after the furthest any walk reached. */
static void check_fre_subsection_used(const sfr_section *sec, const fre_claims *c,
                                      sfr_report *rep) {
  if (c->max_end < sec->fre_end)
    sfr_report_add(rep, SFR_E_FRE_SUBSECTION_UNUSED, (int64_t)c->max_end, -1, -1, "sfh_fre_len");
}

void sfr_validate_body(sfr_section *sec, void *scratch, size_t scratch_len, sfr_report *rep) {
  sort_key stack[3 * SFR_STACK_FDES];
  sfr_keys k = {NULL, NULL, NULL, 0};
  sfr_order_state order;
  fre_claims claims;
  uint64_t sum = 0;
  int have_keys = sfr_take_keys(sec, scratch, scratch_len, stack, &k);
  int fdes_ok = 1, counts_known = 1;
  uint32_t i;

  memset(&order, 0, sizeof order);
  memset(&claims, 0, sizeof claims);
  claims.budget = sec->fre_len;
  claims.max_end = sec->fre_start;
  for (i = 0; i < sec->num_fdes; i++) {
    sfr_fde fde;
    uint64_t data_end;
    sfr_status st = sfr_get_fde(sec, i, &fde);
    if (st != SFR_OK) {
      check_fde_readable(sec, i, st, rep);
      fdes_ok = 0;
      /* Versions 1-2 keep the count in the FDE itself, read before the
       * failing check; a version-3 count is in the unreadable attribute. */
      if (sfr_has_fde_attr(sec->version))
        counts_known = 0;
      else
        sum += fde.num_fres;
      continue;
    }
    sum += fde.num_fres;
    check_fde_fields(sec, &fde, rep);
    sfr_check_fde_order(sec, &fde, &order, rep);
    check_fre_data_start(sec, &fde, &claims, rep);
    if ((data_end = check_function_data(sec, &fde, &claims, rep)) == 0) {
      fdes_ok = 0;
      continue;
    }
    claim(sec, &fde, data_end, &claims);
    if (have_keys)
      record_keys(sec, &fde, data_end, &k);
  }
  /* After an overrun the budget stopped the walk: the FRE bytes are
   * already known to be shared. */
  if (fdes_ok && have_keys && claims.data_unordered && !claims.overrun_seen)
    sfr_check_shared_fre_data_sorted(sec, sfr_sort_keys(k.data, k.tmp, k.n_data), k.n_data,
                                     rep);
  if (fdes_ok && have_keys && order.unsorted)
    sfr_check_overlaps_sorted(sec, sfr_sort_keys(k.ranges, k.tmp, sec->num_fdes), &order, rep);
  if (fdes_ok && !have_keys &&
      (order.unsorted || (claims.data_unordered && !claims.overrun_seen)))
    sfr_report_add(rep, SFR_E_CHECKS_SKIPPED, 0, -1, -1, NULL);
  if (counts_known)
    check_num_fres(sec, sum, rep);
  check_fre_subsection_used(sec, &claims, rep);
  sec->internal.order_verified =
      (uint8_t)(fdes_ok && !order.unsorted && !order.overlap && !order.shared_start);
}

void sfr_ref_validate(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                      void *scratch, size_t scratch_len, sfr_report *rep) {
  if (sfr_validate_head(sec, buf, len, vma, rep))
    sfr_validate_body(sec, scratch, scratch_len, rep);
}
