/* SPDX-License-Identifier: MIT */
/* sfk_check.c - what a generation of the kernel meets in a section
 * (sframe_kernel.h): the header when the section is registered, every FDE
 * and FRE as CONFIG_SFRAME_VALIDATION reads them, and for every row what
 * only a lookup meets (SPEC-NOTES.md N41). */
#include <string.h>

#include "sfk_read.h"

/* Whether the arm64 kernel step (kunwind_next_regs_sframe) follows the
 * rules: a CFA of SP or FP plus an offset, not dereferenced; an RA and an
 * FP unchanged or at CFA plus an offset, dereferenced. */
static int step_follows(const sfk_view *v, const sfk_answer *a) {
  const sfk_rule *r[2] = {&a->ra, &a->fp};
  int k;
  if (a->cfa_deref || (a->cfa_reg != sfk_sp_reg(v) && a->cfa_reg != sfk_fp_reg(v)))
    return 0;
  for (k = 0; k < 2; k++)
    if (r[k]->kind != SFK_RULE_RETAIN && !(r[k]->kind == SFK_RULE_CFA_OFF && r[k]->deref))
      return 0;
  return 1;
}

/* What a lookup that lands on this row meets beyond the reading: the
 * control words' refusals and the answers that differ from the spec's. */
static void row_lookup_rules(const sfk_view *v, const sfk_fde *f, const sfk_fre *r,
                             uint64_t at, uint32_t i, uint32_t j, sfk_sink *s) {
  unsigned type = sfk_fde_type(v, f);
  sfk_answer ans;
  sfk_id id;
  memset(&ans, 0, sizeof ans);
  if ((id = sfk_rules_of(v, r, &ans)) != SFK_OK)
    sfk_note(s, id, at, i, j, "sfre_info");
  if (r->count > 0 && type == SFR_FDE_TYPE_DEFAULT) {
    /* An FP word of 0 (any ABI) or an RA word of 0 (but s390x, whose RA
     * word 0 the spec itself reads as "not saved"). */
    int fp_word = v->fixed_fp == 0 && r->count > (v->fixed_ra == 0 ? 2 : 1);
    int ra_word = v->fixed_ra == 0 && r->count > 1;
    if ((fp_word && r->fp_off == 0) || (ra_word && r->ra_off == 0 && v->abi != SFR_ABI_S390X_BE))
      sfk_note(s, SFK_ZERO_WORD_NOT_SAVED, at, i, j, "sfre_info");
  }
  if (v->t.kernel_text && id == SFK_OK && !step_follows(v, &ans))
    sfk_note(s, SFK_STEP_RULE_REFUSED, at, i, j, "sfre_info");
  if (v->t.mangled_ra_kept && (r->info & 0x80u) &&
      (v->abi == SFR_ABI_AARCH64_LE || v->abi == SFR_ABI_AARCH64_BE))
    sfk_note(s, SFK_MANGLED_RA, at, i, j, "sfre_info");
}

/* Every FRE of function i, in order (__read_fre, the FRE order check of
 * sframe_validate_section and __find_fre). */
static void check_fres(const sfk_view *v, const sfk_fde *f, uint32_t i, sfk_sink *s) {
  uint64_t pos = f->fres_at, at;
  uint32_t j, prev = 0;
  const char *field;
  if (v->t.signal && ((f->info >> 7) & 1u))
    sfk_note(s, v->abi == SFR_ABI_S390X_BE ? SFK_SIGNAL_FRAME : SFK_SIGNAL_NO_UNWINDER,
             f->fres_at - SFR_V3_FDE_ATTR_SIZE + 2, i, -1, "sfda_func_info");
  if (!v->t.fde_bounds && ((f->info >> 4) & 1u) == SFR_PCTYPE_MASK && f->rep_size == 0)
    sfk_note(s, SFK_PCMASK_REP_ZERO, f->fres_at, i, -1, "rep_size");
  for (j = 0; j < f->num_fres; j++) {
    sfk_fre r;
    sfk_id id = sfk_read_fre_head(v, f, pos, &r, &at, &field);
    if (id != SFK_OK) {
      sfk_note(s, id, at, i, j, field);
      return;
    }
    if (j > 0 && r.start <= prev)
      sfk_note(s, SFK_FRE_NOT_INCREASING, pos, i, j, "sfre_start_address");
    if ((id = sfk_read_fre_words(v, f, pos, &r)) != SFK_OK) {
      sfk_note(s, id, pos, i, j, "sfre_info");
      /* Validation stops here; a lookup of a generation that reads the
       * words of the row it lands on only still reads the rows after. */
      if (!v->t.lazy_words)
        return;
    } else
      row_lookup_rules(v, f, &r, pos, i, j, s);
    prev = r.start;
    pos += r.size;
  }
}

/* Whether a function before i starts at start (a table sorted at load). */
static int start_repeats(const sfk_view *v, uint32_t i, uint64_t start) {
  uint32_t j;
  for (j = 0; j < i; j++)
    if (sfk_fde_start(v, j) == start)
      return 1;
  return 0;
}

/* Every FDE and its FREs, as validation reads them, into s. */
static void check_all(const uint8_t *buf, size_t len, uint64_t vma, const sfk_options *opt,
                      sfk_sink *s) {
  sfk_view v;
  uint64_t prev = 0;
  uint32_t i;
  if (!buf || !sfk_read_header(&v, buf, len, vma, opt->gen, s))
    return;
  for (i = 0; i < v.num_fdes; i++) {
    sfk_fde f;
    uint64_t at, start = sfk_fde_start(&v, i);
    const char *field;
    sfk_id id = sfk_read_fde(&v, opt, i, &f, &at, &field);
    if (id != SFK_OK)
      sfk_note(s, id, at, i, -1, field);
    /* sframe_validate_section: strictly increasing starts, from above 0;
     * a module's table is validated after its sort, so only equal starts
     * (or a start of 0) break the order there. */
    if (v.t.sort_at_load && !v.sorted ? (start == 0 || start_repeats(&v, i, start))
                                       : start <= prev)
      sfk_note(s, SFK_FDE_NOT_INCREASING, v.fdes_start + (uint64_t)i * v.fde_size, i, -1,
               "func_start");
    prev = start;
    if (id == SFK_OK)
      check_fres(&v, &f, i, s);
  }
}

void sfk_check(const uint8_t *buf, size_t len, uint64_t vma, const sfk_options *opt,
               sfk_report *rep) {
  sfk_sink s;
  rep->count = 0;
  rep->refusals = 0;
  s.rep = rep;
  s.gen = opt->gen;
  s.first = SFK_OK;
  check_all(buf, len, vma, opt, &s);
}

sfk_id sfk_first_refusal(const uint8_t *buf, size_t len, uint64_t vma, const sfk_options *opt) {
  sfk_sink s;
  s.rep = NULL;
  s.gen = opt->gen;
  s.first = SFK_OK;
  check_all(buf, len, vma, opt, &s);
  return s.first;
}
