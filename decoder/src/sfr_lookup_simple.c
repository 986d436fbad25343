/* sfr_lookup_simple.c - the simple lookup path: the whole of every FDE the
 * search passes and of every FRE before the chosen one is decoded, as the
 * spec describes them.  Slower than sfr_lookup.c's, and obviously right;
 * sfr_lookup_checked holds the fast path to its answers. */
#include <string.h>

#include "sfr_lookup_simple.h"

sfr_lookup_status sfr_find_fde_simple(const sfr_section *sec, uint64_t pc, sfr_fde *fde) {
  uint32_t i;
  if ((sec->flags & SFR_F_FDE_SORTED) && sec->order_verified) {
    uint32_t lo = 0, hi = sec->num_fdes; /* find the last start <= pc */
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (sfr_get_fde(sec, mid, fde) != SFR_OK)
        return SFR_LOOKUP_BAD_DATA;
      if (fde->start <= pc)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo == 0)
      return SFR_LOOKUP_NO_FDE;
    if (sfr_get_fde(sec, lo - 1, fde) != SFR_OK)
      return SFR_LOOKUP_BAD_DATA;
    return sfr_covers(fde, pc) ? SFR_LOOKUP_FOUND : SFR_LOOKUP_NO_FDE;
  }
  for (i = 0; i < sec->num_fdes; i++) {
    if (sfr_get_fde(sec, i, fde) != SFR_OK)
      continue;
    if (sfr_covers(fde, pc))
      return SFR_LOOKUP_FOUND;
  }
  return SFR_LOOKUP_NO_FDE;
}

sfr_lookup_status sfr_find_fre_simple(const sfr_section *sec, const sfr_fde *fde, uint64_t pc,
                                      sfr_fre *fre) {
  sfr_fre_iter it;
  sfr_fre cur, row;
  uint64_t off;
  int done = 0, found = 0;
  sfr_lookup_status ls;

  if ((ls = sfr_row_offset(sec, fde, pc, &off)) != SFR_LOOKUP_FOUND)
    return ls;
  sfr_fre_iter_init(sec, fde, &it);
  for (;;) {
    if (sfr_fre_next(sec, &it, &cur, &done) != SFR_OK)
      return SFR_LOOKUP_BAD_DATA;
    if (done || cur.start > off)
      break;
    row = cur;
    found = 1;
  }
  ls = found ? SFR_LOOKUP_FOUND : SFR_LOOKUP_NO_FRE;
  if (fde->pc_type == SFR_PCTYPE_MASK && sec->version == SFR_VERSION_1)
    ls = found ? sfr_pcmask_v1(ls, row.index, row.start) : sfr_pcmask_v1(ls, 0, 0);
  if (ls == SFR_LOOKUP_FOUND)
    *fre = row;
  return ls;
}

sfr_lookup_status sfr_lookup_simple(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                    sfr_lookup_result *res) {
  return sfr_lookup_via(sec, pc, mode, res, sfr_find_fde_simple, sfr_find_fre_simple);
}

static int same_fde(const sfr_fde *a, const sfr_fde *b) {
  return a->index == b->index && a->field_offset == b->field_offset &&
         a->raw_start == b->raw_start && a->start == b->start && a->size == b->size &&
         a->fre_off == b->fre_off && a->num_fres == b->num_fres && a->info == b->info &&
         a->info2 == b->info2 && a->rep_size == b->rep_size && a->fre_type == b->fre_type &&
         a->pc_type == b->pc_type && a->pauth_key == b->pauth_key && a->signal == b->signal &&
         a->fde_type == b->fde_type && a->fres_at == b->fres_at &&
         a->start_wraps == b->start_wraps;
}

static int same_row(const sfr_fre *x, const sfr_fre *y) {
  return x->index == y->index && x->offset == y->offset && x->start == y->start &&
         x->info == y->info && x->cfa_base_sp == y->cfa_base_sp && x->count == y->count &&
         x->word_size == y->word_size && x->mangled_ra == y->mangled_ra &&
         x->length == y->length;
}

static int same_reg_rule(const sfr_reg_rule *a, const sfr_reg_rule *b) {
  return a->kind == b->kind && a->padding == b->padding && a->reg == b->reg &&
         a->offset == b->offset;
}

static int same_rules(const sfr_rules *r, const sfr_rules *q) {
  return r->cfa.base == q->cfa.base && r->cfa.reg == q->cfa.reg &&
         r->cfa.offset == q->cfa.offset && r->cfa.deref == q->cfa.deref &&
         same_reg_rule(&r->ra, &q->ra) && same_reg_rule(&r->fp, &q->fp) &&
         r->ra_mangled == q->ra_mangled && r->outermost == q->outermost;
}

const char *sfr_lookup_differs(sfr_lookup_status sa, const sfr_lookup_result *a,
                               sfr_lookup_status sb, const sfr_lookup_result *b) {
  unsigned i;
  if (sa != sb)
    return "status";
  if (a->pc != b->pc)
    return "address";
  if (sa != SFR_LOOKUP_NO_FDE && !same_fde(&a->fde, &b->fde))
    return "function";
  if (sa != SFR_LOOKUP_FOUND)
    return NULL;
  if (!same_row(&a->fre, &b->fre))
    return "row";
  for (i = 0; i < SFR_MAX_DATA_WORDS; i++)
    if (a->fre.words[i] != b->fre.words[i] || a->fre.uwords[i] != b->fre.uwords[i])
      return "row data words";
  return same_rules(&a->rules, &b->rules) ? NULL : "rules";
}

sfr_lookup_status sfr_lookup_checked(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                     sfr_lookup_result *res, const char **why) {
  sfr_lookup_result simple;
  sfr_lookup_status fast;
  /* Cleared, so that what a failed step half wrote compares as bytes
   * either path wrote, never as uninitialised memory. */
  memset(res, 0, sizeof *res);
  memset(&simple, 0, sizeof simple);
  fast = sfr_lookup(sec, pc, mode, res);
  *why = sfr_lookup_differs(fast, res, sfr_lookup_simple(sec, pc, mode, &simple), &simple);
  return fast;
}
