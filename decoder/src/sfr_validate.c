/* sfr_validate.c - every check the spec implies, each a named finding.
 * Reports all findings, not just the first.  The FRE sub-section is walked
 * at most twice (the byte budget stops the first walk at fre_len bytes, and
 * check_shared_fre_data walks only when the first walk stayed inside it);
 * the FDE array is read once.  Out-of-order arrays have their function and
 * data ranges sorted in the caller's scratch (sfr_validate_ex), or without
 * scratch are compared pair by pair up to SFR_PAIRWISE_MAX functions. */
#include <stdint.h>
#include <string.h>

#include "sfr_certify.h"
#include "sfr_fde_read.h"
#include "sfr_sort.h"
#include "sframe_ref.h"

static void add(sfr_report *rep, sfr_status id, int64_t offset, int64_t fde,
                int64_t fre, const char *field) {
  sfr_class c = sfr_finding_class(id);
  if (rep->count < rep->cap) {
    sfr_finding *f = &rep->items[rep->count];
    f->id = id;
    f->offset = offset;
    f->fde = fde;
    f->fre = fre;
    f->field = field;
  }
  rep->count++;
  if ((unsigned)c < 4)
    rep->by_class[c]++;
}

int sfr_report_rejects(const sfr_report *rep) {
  return rep->by_class[SFR_CLASS_MALFORMED] + rep->by_class[SFR_CLASS_INVALID] > 0;
}

/* 2.1.3 flags and 2.2.1 ABI identifiers, per version. */
static void check_header(const sfr_section *sec, sfr_report *rep) {
  static const uint8_t defined[4] = {0, 0x3, 0x7, 0x5};
  uint8_t all = SFR_F_FDE_SORTED | SFR_F_FRAME_POINTER | SFR_F_FDE_FUNC_START_PCREL;
  if (sec->flags & (uint8_t)~all)
    add(rep, SFR_E_FLAGS_UNKNOWN, 3, -1, -1, "sfp_flags");
  if (sec->flags & all & (uint8_t)~defined[sec->version])
    add(rep, SFR_E_FLAG_NOT_IN_VERSION, 3, -1, -1, "sfp_flags");
  if (sec->abi == SFR_ABI_S390X_BE && sec->version < SFR_VERSION_2)
    add(rep, SFR_E_ABI_NOT_IN_VERSION, 4, -1, -1, "sfh_abi_arch");
  if (sec->auxhdr_len)
    add(rep, SFR_E_AUXHDR_PRESENT, 7, -1, -1, "sfh_auxhdr_len");
}

/* 2.2: the sub-sections tile the section, in the order the spec gives
 * them: the FRE sub-section is "the last sub-section" (the only one with an
 * explicit length).  Overlap of the FDE array with the FRE sub-section, and
 * a non-empty FRE sub-section wholly before a non-empty FDE array, are
 * invalid (one finding: overlapping sub-sections have no order); unused
 * bytes between or after them are questionable. */
static void check_layout(const sfr_section *sec, sfr_report *rep) {
  uint64_t fde_end = sec->fde_start + (uint64_t)sec->num_fdes * sec->fde_size;
  uint64_t a0 = sec->fde_start, a1 = fde_end, b0 = sec->fre_start, b1 = sec->fre_end;
  if (a0 < a1 && b0 < b1 && a0 < b1 && b0 < a1)
    add(rep, SFR_E_FDE_ARRAY_OVERLAPS_FRES, (int64_t)b0, -1, -1, "sfh_freoff");
  else if (a0 < a1 && b0 < b1 && b1 <= a0) /* disjoint, but in the wrong order */
    add(rep, SFR_E_FRES_BEFORE_FDES, 0x18, -1, -1, "sfh_freoff");
  if (a0 > b0) { /* FRE sub-section first */
    uint64_t t0 = a0, t1 = a1;
    a0 = b0;
    a1 = b1;
    b0 = t0;
    b1 = t1;
  }
  if (a0 > sec->hdr_end || b0 > a1)
    add(rep, SFR_E_SUBSECTION_GAP, (int64_t)(a0 > sec->hdr_end ? sec->hdr_end : a1),
        -1, -1, a0 > sec->hdr_end ? "sfh_fdeoff" : "sfh_freoff");
  if ((a1 > b1 ? a1 : b1) < sec->len)
    add(rep, SFR_E_TRAILING_BYTES, (int64_t)(a1 > b1 ? a1 : b1), -1, -1, NULL);
}

static void check_fde_fields(const sfr_section *sec, const sfr_fde *fde,
                             sfr_report *rep) {
  int64_t at = (int64_t)fde->field_offset, i = fde->index;
  uint8_t unused = sec->version >= SFR_VERSION_3 ? 0x40 : 0xc0;
  if (fde->fre_type > SFR_FRE_TYPE_ADDR4)
    add(rep, SFR_E_FRE_TYPE_UNKNOWN, at, i, -1, "info");
  if (fde->fde_type > SFR_FDE_TYPE_FLEX)
    add(rep, SFR_E_FDE_TYPE_UNKNOWN, at, i, -1, "sfda_func_info2");
  if ((fde->info & unused) || (fde->info2 & 0xe0))
    add(rep, SFR_E_FDE_INFO_UNUSED_BITS, at, i, -1, "info");
  if (fde->pauth_key && sec->abi != SFR_ABI_AARCH64_BE && sec->abi != SFR_ABI_AARCH64_LE)
    add(rep, SFR_E_PAUTH_KEY_NOT_AARCH64, at, i, -1, "info");
  if (fde->pc_type == SFR_PCTYPE_MASK && fde->rep_size == 0 &&
      sec->version >= SFR_VERSION_2)
    add(rep, SFR_E_PCMASK_REP_SIZE_ZERO, at, i, -1, "rep_size");
  if (fde->start_wraps)
    add(rep, SFR_E_FDE_START_WRAPS, at, i, -1, "func_start");
  else if (fde->size > UINT64_MAX - fde->start)
    add(rep, SFR_E_FDE_END_OVERFLOW, at, i, -1, "func_size");
}

struct order_state {
  int have_prev;
  uint64_t prev_start, prev_size, max_end;
  uint64_t max_end_before; /* furthest end of the functions before the group */
  uint32_t group_size;     /* FDEs so far with prev_start as their start */
  int group_nonzero;       /* one of them has a size */
  int unsorted, overlap, shared_start;
  uint32_t first_unsorted; /* index of the first FDE out of order */
};

/* Unsorted FDE arrays up to this many functions have their overlaps checked
 * pair by pair (the library allocates nothing, so it cannot sort). */
#define SFR_PAIRWISE_MAX 512u

static uint64_t fde_end(const sfr_fde *f) {
  return f->size > UINT64_MAX - f->start ? UINT64_MAX : f->start + f->size;
}

/* Does b (a later FDE) overlap or duplicate a?  A zero-size function
 * overlaps one whose range holds its start, except at that range's start
 * (gas emits zero-size functions at the next function's address). */
static sfr_status overlap_of(const sfr_fde *a, const sfr_fde *b) {
  if (a->start == b->start && a->size == b->size)
    return SFR_E_FDE_DUPLICATE;
  if (a->size == 0 || b->size == 0) {
    const sfr_fde *z = a->size == 0 ? a : b, *o = a->size == 0 ? b : a;
    return z->start > o->start && z->start < fde_end(o) ? SFR_E_FDE_OVERLAP : SFR_OK;
  }
  return a->start < fde_end(b) && b->start < fde_end(a) ? SFR_E_FDE_OVERLAP : SFR_OK;
}

/* FDE order: sorted by start when SFRAME_F_FDE_SORTED is set (2.3.1), and
 * function ranges disjoint.  While the FDEs are in order, overlaps are
 * found against the furthest end seen so far; from the first FDE out of
 * order on, check_unsorted_overlaps compares pairs instead. */
static void check_order(const sfr_section *sec, const sfr_fde *fde,
                        struct order_state *o, sfr_report *rep) {
  uint64_t end = fde_end(fde);
  int64_t at = (int64_t)fde->field_offset, i = fde->index;
  if (o->have_prev && fde->start < o->prev_start) {
    if (!o->unsorted) {
      add(rep, (sec->flags & SFR_F_FDE_SORTED) ? SFR_E_FDE_UNSORTED
                                               : SFR_E_FDE_UNSORTED_UNFLAGGED,
          at, i, -1, "func_start");
      o->first_unsorted = fde->index;
    }
    o->unsorted = 1;
  }
  if (o->unsorted) {
    /* Past the first FDE out of order the furthest end proves nothing:
     * check_unsorted_overlaps compares pairs. */
  } else {
    /* FDEs that share a start form a group; the furthest end of the
     * functions that start before the group is what a start inside an
     * earlier function is measured against. */
    if (!o->have_prev || fde->start > o->prev_start) {
      o->max_end_before = o->max_end;
      o->group_nonzero = 0;
      o->group_size = 0;
    }
    if (o->group_size && fde->size == o->prev_size) {
      add(rep, SFR_E_FDE_DUPLICATE, at, i, -1, "func_start");
      o->overlap = 1;
    } else if (fde->start < o->max_end_before || (fde->size && o->group_nonzero)) {
      add(rep, SFR_E_FDE_OVERLAP, at, i, -1, "func_start");
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

/* ---- Exact checks in the caller's scratch (sfr_validate_ex) ----
 * One key per function (sfr_sort.h): for its address range (a = start,
 * b = size), or for its FRE data (a = offset in the FRE sub-section, b =
 * where its walk ended, relative to the same start). */
typedef struct scratch_keys {
  sort_key *ranges; /* num_fdes keys */
  sort_key *data;   /* one per function that occupies FRE bytes */
  sort_key *tmp;    /* num_fdes keys: the merge sort's other half */
  uint32_t n_data;
} scratch_keys;

size_t sfr_validate_scratch_size(size_t len) {
  /* The smallest FDE index entry is 16 bytes (version 3): no section of
   * len bytes holds more than len / 16 functions.  Three keys each (its
   * range, its data, the sort's room), and room to align. */
  size_t most = len / SFR_V3_FDE_INDEX_SIZE + 1;
  if (most > (SIZE_MAX - _Alignof(sort_key)) / (3 * sizeof(sort_key)))
    return SIZE_MAX;
  return most * 3 * sizeof(sort_key) + _Alignof(sort_key);
}

static int64_t fde_field_offset(const sfr_section *sec, uint32_t i) {
  return (int64_t)(sec->fde_start + (uint64_t)i * sec->fde_size);
}

/* Overlaps and duplicates, exact at any size: the functions' keys sorted
 * by (start, size, index) in k, then check_order's in-order rule (each
 * start against the furthest end of the functions that start before it,
 * and within a group of equal starts a duplicate or a second sized
 * function).  A conflict whose two functions both lie before the first
 * FDE out of order was reported by check_order already; the others are
 * reported at the later of the two in index order, as the pairwise check
 * does. */
static void sorted_overlaps(const sfr_section *sec, const sort_key *k, struct order_state *o,
                            sfr_report *rep) {
  uint32_t i, n = sec->num_fdes, none = UINT32_MAX;
  uint64_t max_end = 0, max_end_before = 0;
  uint32_t holder = none, holder_before = none, group_sized = none;
  for (i = 0; i < n; i++) {
    const sort_key *e = &k[i];
    uint64_t end = e->b > UINT64_MAX - e->a ? UINT64_MAX : e->a + e->b;
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
    if (st != SFR_OK &&
        (e->index >= o->first_unsorted || partner >= o->first_unsorted)) {
      later = e->index > partner ? e->index : partner;
      add(rep, st, fde_field_offset(sec, later), later, -1, "func_start");
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

/* No FRE byte shared, exact at any size: the n data ranges' keys sorted
 * by (start, end, index) in k; sorted ranges are disjoint exactly when
 * each neighbour pair is. */
static void sorted_shared_fre_data(const sfr_section *sec, const sort_key *k, uint32_t n,
                                   sfr_report *rep) {
  uint32_t i;
  for (i = 1; i < n; i++)
    if (k[i - 1].a == k[i].a || k[i - 1].b > k[i].a) {
      add(rep, SFR_E_FRE_DATA_OVERRUN, (int64_t)(sec->fre_start + k[i].a), k[i].index, -1,
          "func_start_fre_off");
      return;
    }
}

/* Overlaps and duplicates among the FDEs from the first one out of order
 * on, each against every earlier FDE: quadratic, so only for arrays of at
 * most SFR_PAIRWISE_MAX functions (SPEC-NOTES N12). */
static void check_unsorted_overlaps(const sfr_section *sec, struct order_state *o,
                                    sfr_report *rep) {
  uint32_t i, j;
  if (sec->num_fdes > SFR_PAIRWISE_MAX)
    return;
  /* Every FDE was read without error by the main pass: reading one again
   * gives the same result. */
  for (i = o->first_unsorted; i < sec->num_fdes; i++) {
    sfr_fde b;
    (void)sfr_get_fde(sec, i, &b);
    for (j = 0; j < i; j++) {
      sfr_fde a;
      sfr_status st;
      (void)sfr_get_fde(sec, j, &a);
      if ((st = overlap_of(&a, &b)) == SFR_OK)
        continue;
      add(rep, st, (int64_t)b.field_offset, i, -1, "func_start");
      o->overlap = 1;
      break;
    }
  }
}

/* Where one function's FRE data ends: the walk check_fres makes, without
 * its checks (a walk that fails ends where it failed). */
static uint64_t fre_data_end(const sfr_section *sec, const sfr_fde *fde) {
  sfr_fre_iter it;
  sfr_fre fre;
  int done = 0;
  if (fde->fre_type > SFR_FRE_TYPE_ADDR4)
    return fde->fres_at;
  sfr_fre_iter_init(sec, fde, &it);
  while (sfr_fre_next(sec, &it, &fre, &done) == SFR_OK && !done)
    ;
  return it.pos;
}

/* A function occupies FRE bytes when it has FREs, or (version 3) always,
 * for its attribute. */
static int occupies_fre_data(const sfr_section *sec, const sfr_fde *fde) {
  return fde->num_fres > 0 || sec->version == SFR_VERSION_3;
}

/* No FRE byte may belong to two functions (2.4; SPEC-NOTES N10).  While
 * the functions' data come in offset order the main pass checks each
 * start against the furthest end so far.  From the first function whose
 * data start before the previous one's, that is not enough: here each
 * function is compared with the one whose data start nearest before (or
 * at) its own, which must end at or before it.  Ranges sorted by start are
 * disjoint exactly when each neighbour pair is, so this is exact.  The
 * search is quadratic in FDE reads, so only for arrays of at most
 * SFR_PAIRWISE_MAX functions; each function's FREs are walked at most
 * once more (it is the nearest predecessor of at most one function, or an
 * overlap is found). */
static void check_shared_fre_data(const sfr_section *sec, sfr_report *rep) {
  uint32_t i, j;
  if (sec->num_fdes > SFR_PAIRWISE_MAX)
    return;
  for (i = 0; i < sec->num_fdes; i++) {
    sfr_fde b, a, best;
    uint64_t b_data, best_data = 0;
    int have_best = 0;
    (void)sfr_get_fde(sec, i, &b);
    if (!occupies_fre_data(sec, &b))
      continue;
    b_data = sec->fre_start + b.fre_off;
    for (j = 0; j < sec->num_fdes; j++) {
      uint64_t a_data;
      if (j == i)
        continue;
      (void)sfr_get_fde(sec, j, &a);
      a_data = sec->fre_start + a.fre_off;
      if (!occupies_fre_data(sec, &a) || a_data > b_data)
        continue;
      /* Equal starts: the earlier in index order is the predecessor, so
       * that one of the pair is reported, once. */
      if (a_data == b_data && j > i)
        continue;
      if (!have_best || a_data > best_data) {
        best = a;
        best_data = a_data;
        have_best = 1;
      }
    }
    if (have_best && (best_data == b_data || fre_data_end(sec, &best) > b_data)) {
      add(rep, SFR_E_FRE_DATA_OVERRUN, (int64_t)b_data, i, -1, "func_start_fre_off");
      return;
    }
  }
}

/* The FREs of one function (2.4), and their interpretation (3). */
static uint64_t check_fres(const sfr_section *sec, const sfr_fde *fde,
                           uint64_t *budget, int *overrun_seen, sfr_report *rep) {
  sfr_fre_iter it;
  sfr_fre fre;
  sfr_rules rules;
  uint32_t prev = 0;
  int done = 0;
  int64_t i = fde->index;
  int aarch64 = sec->abi == SFR_ABI_AARCH64_BE || sec->abi == SFR_ABI_AARCH64_LE;
  /* The offsets an FRE can match: below the size, and for PCMASK also
   * below rep_size (PC % rep_size is what is compared, and only offsets
   * inside the function are asked): a row at or past the smaller of the
   * two is reached by no PC (N3). */
  uint64_t limit = fde->pc_type == SFR_PCTYPE_MASK && fde->rep_size < fde->size
                       ? fde->rep_size
                       : fde->size;
  int check_limit = !(fde->pc_type == SFR_PCTYPE_MASK && sec->version == SFR_VERSION_1);

  sfr_fre_iter_init(sec, fde, &it);
  for (;;) {
    sfr_status st = sfr_fre_next(sec, &it, &fre, &done);
    if (st != SFR_OK) {
      add(rep, st, (int64_t)it.pos, i, it.next,
          st == SFR_E_FRE_TYPE_UNKNOWN ? "fre_type" : "sframe_fre");
      break;
    }
    if (done)
      break;
    if (fre.length > *budget) {
      /* More FRE bytes walked than the sub-section holds: some bytes are
       * read as FREs of two functions. */
      if (!*overrun_seen)
        add(rep, SFR_E_FRE_DATA_OVERRUN, (int64_t)fre.offset, i, fre.index, "func_start_fre_off");
      *overrun_seen = 1;
      *budget = 0;
      break;
    }
    *budget -= fre.length;
    if (fre.index > 0 && fre.start <= prev)
      add(rep, SFR_E_FRE_START_NOT_INCREASING, (int64_t)fre.offset, i, fre.index,
          "sfre_start_address");
    if (check_limit && fre.start > limit)
      add(rep, SFR_E_FRE_START_PAST_SIZE, (int64_t)fre.offset, i, fre.index,
          "sfre_start_address");
    else if (check_limit && fre.start == limit)
      add(rep, SFR_E_FRE_START_AT_SIZE, (int64_t)fre.offset, i, fre.index,
          "sfre_start_address");
    prev = fre.start;
    if (fre.mangled_ra && !aarch64)
      add(rep, SFR_E_MANGLED_RA_NOT_AARCH64, (int64_t)fre.offset, i, fre.index, "sfre_info");
    if (fde->fde_type <= SFR_FDE_TYPE_FLEX) {
      st = sfr_interpret(sec, fde, &fre, &rules);
      if (st != SFR_OK)
        add(rep, st, (int64_t)fre.offset, i, fre.index, "data words");
    }
  }
  return it.pos;
}

/* The caller's scratch as three key arrays, or NULL when there is none or
 * too little for this section's functions. */
static scratch_keys *take_scratch(const sfr_section *sec, void *scratch, size_t scratch_len,
                                  scratch_keys *keys) {
  uintptr_t at = (uintptr_t)scratch, pad;
  if (!scratch)
    return NULL;
  pad = (_Alignof(sort_key) - at % _Alignof(sort_key)) % _Alignof(sort_key);
  if (scratch_len < pad || (scratch_len - pad) / (3 * sizeof(sort_key)) < sec->num_fdes)
    return NULL;
  keys->ranges = (sort_key *)(void *)((unsigned char *)scratch + pad);
  keys->data = keys->ranges + sec->num_fdes;
  keys->tmp = keys->data + sec->num_fdes;
  keys->n_data = 0;
  return keys;
}

static int report_has(const sfr_report *rep, sfr_status id) {
  size_t k;
  for (k = 0; k < rep->count && k < rep->cap; k++)
    if (rep->items[k].id == id)
      return 1;
  return 0;
}

static int report_has_overlap(const sfr_report *rep) {
  return report_has(rep, SFR_E_FDE_OVERLAP) || report_has(rep, SFR_E_FDE_DUPLICATE);
}

const char *sfr_reports_differ(const sfr_report *a, const sfr_report *b) {
  int i;
  if (report_has(a, SFR_E_CHECKS_SKIPPED))
    return "checks skipped although scratch was given";
  if (report_has(b, SFR_E_CHECKS_SKIPPED))
    return NULL; /* past 512 functions: what was skipped may be what rejects */
  if (sfr_report_rejects(a) != sfr_report_rejects(b))
    return "verdict";
  if (a->count > a->cap || b->count > b->cap)
    return NULL; /* not all findings kept */
  for (i = 1; i < SFR_NUM_FINDINGS; i++)
    if (i != SFR_E_FDE_OVERLAP && i != SFR_E_FDE_DUPLICATE &&
        report_has(a, (sfr_status)i) != report_has(b, (sfr_status)i))
      return sfr_finding_name((sfr_status)i);
  if (report_has_overlap(a) != report_has_overlap(b))
    return "fde-overlap or fde-duplicate";
  return NULL;
}

void sfr_validate(sfr_section *sec, const uint8_t *buf, size_t len,
                  uint64_t vma, sfr_report *rep) {
  sfr_validate_ex(sec, buf, len, vma, NULL, 0, rep);
}

/* A section the certificate proved clean but for what the full pass's
 * overlap checks decide (SFR_CERT_OVERLAPS): its findings are then
 * check_order's, sorted_shared_fre_data's and sorted_overlaps', made here
 * as it makes them, in the same order, from each FDE's start and size
 * alone (every FDE reads, no start wraps, the data of FDEs in order share
 * nothing: the certificate proved it) and the keys the certificate
 * sorted. */
static void check_overlaps(sfr_section *sec, const sfr_cert_sorted *sorted, sfr_report *rep) {
  struct order_state order;
  uint32_t i;
  memset(&order, 0, sizeof order);
  /* Past the first FDE out of order, check_order reports nothing more and
   * nothing after it reads what it keeps but first_unsorted. */
  for (i = 0; i < sec->num_fdes && !order.unsorted; i++) {
    sfr_fde fde;
    fde.index = i;
    fde.field_offset = sec->fde_start + (uint64_t)i * sec->fde_size;
    (void)sfr_fde_range(sec, fde.field_offset, &fde.start, &fde.size);
    check_order(sec, &fde, &order, rep);
  }
  if (sorted->data)
    sorted_shared_fre_data(sec, sorted->data, sorted->n_data, rep);
  if (order.unsorted && sorted->ranges)
    sorted_overlaps(sec, sorted->ranges, &order, rep);
  sec->order_verified = (uint8_t)(!order.unsorted && !order.overlap && !order.shared_start);
}

/* The certificate (sfr_certify.c), in the scratch only where the full
 * pass would use it too (it is then exact at any size): the keys of the
 * FDEs' ranges, of their data and the sort's room where the full pass
 * keeps them.  Nonzero when it proved the whole report: nothing, only the
 * order, or what check_overlaps then reports. */
static int certify(sfr_section *sec, const scratch_keys *keys, sfr_report *rep) {
  sfr_cert_sorted sorted;
  uint32_t first;
  switch (keys ? sfr_certify(sec, keys->ranges, keys->data, keys->tmp, &first, &sorted)
               : sfr_certify(sec, NULL, NULL, NULL, &first, &sorted)) {
  case SFR_CERT_CLEAN:
    sec->order_verified = 1;
    return 1;
  case SFR_CERT_UNSORTED:
    add(rep, (sec->flags & SFR_F_FDE_SORTED) ? SFR_E_FDE_UNSORTED : SFR_E_FDE_UNSORTED_UNFLAGGED,
        fde_field_offset(sec, first), first, -1, "func_start");
    sec->order_verified = 0;
    return 1;
  case SFR_CERT_OVERLAPS:
    check_overlaps(sec, &sorted, rep);
    return 1;
  default:
    return 0;
  }
}

/* The whole validation.  With fast, a section the certificate proves
 * clean is done once the header and the layout are checked, and in one
 * it does not, each function's FREs are first walked on the raw bytes. */
static void validate(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                     void *scratch, size_t scratch_len, int fast, sfr_report *rep) {
  scratch_keys key_store, *keys;
  sfr_fre_tables tables;
  sfr_finding where;
  struct order_state order;
  uint64_t sum = 0, max_end, budget;
  uint64_t prev_data = 0, data_max_end = 0;
  int have_prev_data = 0, data_unordered = 0, fdes_ok = 1, counts_known = 1, overrun_seen = 0;
  uint32_t i;
  sfr_status st;

  rep->count = 0;
  memset(rep->by_class, 0, sizeof rep->by_class);
  st = sfr_open(sec, buf, len, vma, &where);
  if (st != SFR_OK) {
    add(rep, st, where.offset, -1, -1, where.field);
    return;
  }
  check_header(sec, rep);
  check_layout(sec, rep);
  keys = take_scratch(sec, scratch, scratch_len, &key_store);
  if (fast && rep->count == 0 && certify(sec, keys, rep))
    return;
  if (fast)
    sfr_fre_tables_init(sec, &tables);

  memset(&order, 0, sizeof order);
  max_end = sec->fre_start;
  budget = sec->fre_len;
  for (i = 0; i < sec->num_fdes; i++) {
    sfr_fde fde;
    uint64_t data_end;
    st = sfr_get_fde(sec, i, &fde);
    if (st != SFR_OK) {
      add(rep, st, (int64_t)(sec->fde_start + (uint64_t)i * sec->fde_size), i, -1,
          st == SFR_E_TRUNCATED_FDE_ATTR ? "sframe_func_desc_attr" : "func_start_fre_off");
      fdes_ok = 0;
      /* Versions 1-2 keep the count in the FDE itself, read before the
       * failing check; a version-3 count is in the unreadable attribute. */
      if (sec->version == SFR_VERSION_3)
        counts_known = 0;
      else
        sum += fde.num_fres;
      continue;
    }
    sum += fde.num_fres;
    check_fde_fields(sec, &fde, rep);
    check_order(sec, &fde, &order, rep);
    {
      uint64_t data = sec->fre_start + fde.fre_off;
      /* A V1/V2 function without FREs occupies no bytes, wherever its
       * offset points; it neither overlaps nor breaks the offset order. */
      int occupies = occupies_fre_data(sec, &fde);
      if (occupies && have_prev_data && data < prev_data)
        data_unordered = 1; /* check_shared_fre_data compares all */
      else if (occupies && have_prev_data && !data_unordered && data < data_max_end) {
        add(rep, SFR_E_FRE_DATA_OVERRUN, (int64_t)data, i, -1, "func_start_fre_off");
        overrun_seen = 1;
      }
      if (sec->version == SFR_VERSION_3) {
        if (budget < SFR_V3_FDE_ATTR_SIZE) {
          if (!overrun_seen)
            add(rep, SFR_E_FRE_DATA_OVERRUN, (int64_t)data, i, -1, "func_start_fre_off");
          overrun_seen = 1;
          budget = 0;
          fdes_ok = 0;
          continue;
        } else {
          budget -= SFR_V3_FDE_ATTR_SIZE;
        }
      }
      if (fde.fre_type > SFR_FRE_TYPE_ADDR4) {
        data_end = fde.fres_at; /* FRE size unknowable: reported above */
      } else if (fde.num_fres > 0 && fde.fres_at >= sec->fre_end) {
        /* FREs promised, but the sub-section ends before the first. */
        add(rep, SFR_E_TRUNCATED_FRE, (int64_t)fde.fres_at, i, 0, "sframe_fre");
        data_end = fde.fres_at;
      } else if (budget == 0 && fde.num_fres > 0) {
        /* Every byte of the sub-section already belongs to a function. */
        if (!overrun_seen)
          add(rep, SFR_E_FRE_DATA_OVERRUN, (int64_t)data, i, -1, "func_start_fre_off");
        overrun_seen = 1;
        data_end = fde.fres_at;
      } else {
        /* The walk that finds nothing is made on the raw bytes. */
        data_end = fast ? sfr_fres_clean(sec, &fde, &tables, &budget) : 0;
        if (data_end == 0)
          data_end = check_fres(sec, &fde, &budget, &overrun_seen, rep);
      }
      if (data_end > max_end)
        max_end = data_end;
      if (occupies) {
        have_prev_data = 1;
        prev_data = data;
        if (data_end > data_max_end)
          data_max_end = data_end;
      }
      if (keys) {
        keys->ranges[i].a = fde.start;
        keys->ranges[i].b = fde.size;
        keys->ranges[i].index = i;
        if (occupies) {
          /* Both inside the FRE sub-section, whose length is a u32. */
          sort_key *d = &keys->data[keys->n_data++];
          uint64_t rel_end = data_end > sec->fre_end ? sec->fre_len : data_end - sec->fre_start;
          d->a = fde.fre_off;
          d->b = (uint32_t)rel_end;
          d->index = i;
        }
      }
    }
  }
  /* After an overrun the budget stopped the walk: the FRE bytes are
   * already known to be shared, and walking again is not linear. */
  if (data_unordered && fdes_ok && !overrun_seen) {
    if (keys)
      sorted_shared_fre_data(sec, sfr_order_keys(keys->data, keys->tmp, keys->n_data, 0),
                             keys->n_data, rep);
    else
      check_shared_fre_data(sec, rep);
  }
  if (order.unsorted && fdes_ok) {
    if (keys)
      sorted_overlaps(sec, sfr_order_keys(keys->ranges, keys->tmp, sec->num_fdes, 0), &order,
                      rep);
    else
      check_unsorted_overlaps(sec, &order, rep);
  }
  if (!keys && fdes_ok && sec->num_fdes > SFR_PAIRWISE_MAX &&
      (order.unsorted || (data_unordered && !overrun_seen)))
    add(rep, SFR_E_CHECKS_SKIPPED, 0, -1, -1, NULL);
  if (counts_known && sum != sec->num_fres)
    add(rep, SFR_E_NUM_FRES_MISMATCH, 0x0c, -1, -1, "sfh_num_fres");
  if (max_end < sec->fre_end)
    add(rep, SFR_E_FRE_SUBSECTION_UNUSED, (int64_t)max_end, -1, -1, "sfh_fre_len");
  sec->order_verified =
      (uint8_t)(fdes_ok && !order.unsorted && !order.overlap && !order.shared_start);
}

void sfr_validate_ex(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                     void *scratch, size_t scratch_len, sfr_report *rep) {
  validate(sec, buf, len, vma, scratch, scratch_len, 1, rep);
}

void sfr_validate_full(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                       void *scratch, size_t scratch_len, sfr_report *rep) {
  validate(sec, buf, len, vma, scratch, scratch_len, 0, rep);
}

const char *sfr_validate_checked(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                                 void *scratch, size_t scratch_len, sfr_report *rep) {
  enum { KEEP = 64 };
  sfr_section full;
  sfr_finding items[KEEP];
  sfr_report full_rep;
  size_t k;
  full_rep.items = items;
  full_rep.cap = KEEP;
  sfr_validate_full(&full, buf, len, vma, scratch, scratch_len, &full_rep);
  sfr_validate_ex(sec, buf, len, vma, scratch, scratch_len, rep);
  if (full_rep.count != rep->count)
    return "the fast and the full validation find different numbers of findings";
  for (k = 0; k < rep->count && k < rep->cap && k < KEEP; k++) {
    const sfr_finding *a = &rep->items[k], *b = &items[k];
    if (a->id != b->id || a->offset != b->offset || a->fde != b->fde || a->fre != b->fre ||
        (a->field == NULL) != (b->field == NULL) ||
        (a->field && strcmp(a->field, b->field) != 0))
      return "the fast and the full validation differ in a finding";
  }
  if (full.order_verified != sec->order_verified)
    return "the fast and the full validation differ on the order";
  return NULL;
}
