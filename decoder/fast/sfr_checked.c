/* SPDX-License-Identifier: MIT */
/* sfr_checked.c - the fast layer held to the reference path: each answer
 * of sfr_validate_ex and sfr_lookup compared with the reference's.  Used
 * by the tests, the fuzz targets and by sfref and the reference adapter on
 * every section and lookup they make. */
#include <string.h>

#include "sfr_fast.h"
#include "sfr_lookup.h"
#include "sfr_validate.h"

const char *sfr_validate_checked(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                                 void *scratch, size_t scratch_len, sfr_report *rep) {
  enum { KEEP = 64 };
  sfr_section ref;
  sfr_finding items[KEEP];
  sfr_report ref_rep;
  size_t k;
  ref_rep.items = items;
  ref_rep.cap = KEEP;
  sfr_ref_validate(&ref, buf, len, vma, scratch, scratch_len, &ref_rep);
  if (scratch) /* the library's entry points, as a caller reaches them */
    sfr_validate_ex(sec, buf, len, vma, scratch, scratch_len, rep);
  else
    sfr_validate(sec, buf, len, vma, rep);
  if (ref_rep.count != rep->count)
    return "the fast and the reference validation find different numbers of findings";
  for (k = 0; k < rep->count && k < rep->cap && k < KEEP; k++) {
    const sfr_finding *a = &rep->items[k], *b = &items[k];
    if (a->id != b->id || a->offset != b->offset || a->fde != b->fde || a->fre != b->fre ||
        (a->field == NULL) != (b->field == NULL) ||
        (a->field && strcmp(a->field, b->field) != 0))
      return "the fast and the reference validation differ in a finding";
  }
  if (ref.internal.order_verified != sec->internal.order_verified)
    return "the fast and the reference validation differ on the order";
  return NULL;
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
  return a->kind == b->kind && a->not_saved == b->not_saved && a->reg == b->reg &&
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
  sfr_lookup_result ref;
  sfr_lookup_status fast;
  /* Cleared, so that what a failed step half wrote compares as bytes
   * either path wrote, never as uninitialised memory. */
  memset(res, 0, sizeof *res);
  memset(&ref, 0, sizeof ref);
  fast = sfr_lookup(sec, pc, mode, res);
  *why = sfr_lookup_differs(fast, res, sfr_ref_lookup(sec, pc, mode, &ref), &ref);
  return fast;
}
