/* SPDX-License-Identifier: MIT */
/* sfr_interp.c - spec 3: interpretation of FRE data words into neutral rules
 * (CFA = base + offset, optionally dereferenced; RA and FP each unchanged,
 * saved at CFA + offset, at the header's fixed offset, in a register, the
 * value CFA + offset, or undefined). */
#include <string.h>

#include "sframe_ref.h"

const char *sfr_abi_name(uint8_t abi) {
  static const char *const names[] = {"unknown", "aarch64-be", "aarch64-le", "amd64", "s390x"};
  return abi < sizeof names / sizeof *names ? names[abi] : "unknown";
}

/* DWARF register numbers of SP, FP and the RA (psABIs; SPEC-NOTES, "The
 * spec, and the facts the code relies on"): AArch64 (both byte orders),
 * AMD64 (16 is the return-address column, not a real register), s390x. */
static const struct abi_regs {
  uint32_t sp, fp, ra;
} abi_regs[3] = {{31, 29, 30}, {7, 6, 16}, {15, 11, 14}};

static const struct abi_regs *regs_of(uint8_t abi) {
  return &abi_regs[abi == SFR_ABI_AMD64_LE ? 1 : abi == SFR_ABI_S390X_BE ? 2 : 0];
}
uint32_t sfr_abi_sp_reg(uint8_t abi) { return regs_of(abi)->sp; }
uint32_t sfr_abi_fp_reg(uint8_t abi) { return regs_of(abi)->fp; }
uint32_t sfr_abi_ra_reg(uint8_t abi) { return regs_of(abi)->ra; }

static void set_rule(sfr_reg_rule *r, sfr_rule_kind kind, uint32_t reg,
                     int64_t offset) {
  r->kind = (uint8_t)kind;
  r->not_saved = 0;
  r->reg = reg;
  r->offset = offset;
}

static void cfa_from_info(const sfr_section *sec, const sfr_fre *fre,
                          int64_t offset, sfr_rules *r) {
  r->cfa.base = fre->cfa_base_sp ? SFR_BASE_SP : SFR_BASE_FP;
  r->cfa.reg = fre->cfa_base_sp ? sfr_abi_sp_reg(sec->abi) : sfr_abi_fp_reg(sec->abi);
  r->cfa.offset = offset;
  r->cfa.deref = 0;
}

/* A data word count of 0 (V2 erratum 2, V3 2.4.1): RA undefined, the
 * outermost frame.  Version 1 gives it no meaning. */
static sfr_status outermost(const sfr_section *sec, sfr_rules *r) {
  if (!sfr_has_outermost(sec->version))
    return SFR_E_DATAWORD_COUNT_BAD;
  r->outermost = 1;
  set_rule(&r->ra, SFR_RULE_UNDEFINED, 0, 0);
  set_rule(&r->fp, SFR_RULE_UNCHANGED, 0, 0);
  return SFR_OK;
}

/* When no data word gives the FP rule, the header's fixed FP offset applies
 * if it is non-zero (2.2), else FP is unchanged. */
static void fp_default(const sfr_section *sec, sfr_rules *r) {
  if (sec->fixed_fp_offset != 0)
    set_rule(&r->fp, SFR_RULE_FIXED, 0, sec->fixed_fp_offset);
  else
    set_rule(&r->fp, SFR_RULE_UNCHANGED, 0, 0);
}

/* 3.1.1 AMD64: word 1 CFA = base + w1; word 2 (optional) FP at CFA + w2;
 * RA always at CFA + the header's fixed RA offset. */
sfr_status sfr_interp_default_amd64(const sfr_section *sec, const sfr_fre *fre,
                                    sfr_rules *r) {
  if (fre->count == 0)
    return outermost(sec, r);
  if (fre->count > 2)
    return SFR_E_DATAWORD_COUNT_BAD;
  cfa_from_info(sec, fre, fre->words[0], r);
  set_rule(&r->ra, SFR_RULE_FIXED, 0, sec->fixed_ra_offset);
  if (fre->count == 2)
    set_rule(&r->fp, SFR_RULE_AT_CFA, 0, fre->words[1]);
  else
    fp_default(sec, r);
  return SFR_OK;
}

/* 3.1.2 AArch64: word 1 CFA; word 2 RA at CFA + w2; word 3 FP at CFA + w3.
 * The spec says 1 or 3 words; GNU as also emits 2 (RA saved, FP not), which
 * we accept (SPEC-NOTES "AArch64 with two data words"). */
sfr_status sfr_interp_default_aarch64(const sfr_section *sec,
                                      const sfr_fre *fre, sfr_rules *r) {
  if (fre->count == 0)
    return outermost(sec, r);
  if (fre->count > 3)
    return SFR_E_DATAWORD_COUNT_BAD;
  cfa_from_info(sec, fre, fre->words[0], r);
  if (fre->count >= 2)
    set_rule(&r->ra, SFR_RULE_AT_CFA, 0, fre->words[1]);
  else
    set_rule(&r->ra, SFR_RULE_UNCHANGED, 0, 0);
  if (fre->count == 3)
    set_rule(&r->fp, SFR_RULE_AT_CFA, 0, fre->words[2]);
  else
    fp_default(sec, r);
  return SFR_OK;
}

/* s390x CFA offset: stored = (offset + ADJUSTMENT) / FACTOR, so
 * offset = stored * FACTOR - ADJUSTMENT = stored * 8 + 160 (3.1.3). */
static int64_t s390x_cfa_offset(int32_t stored) {
  return (int64_t)stored * SFR_S390X_CFA_OFFSET_ALIGNMENT_FACTOR -
         SFR_S390X_CFA_OFFSET_ADJUSTMENT;
}

/* s390x RA / FP word: 0 as the RA word is "not saved" padding (RA
 * unchanged); in version 2 an odd word encodes DWARF register word >> 1
 * (SFRAME_V2_S390X_OFFSET_IS_REGNUM / _DECODE_REGNUM). */
static void s390x_slot(const sfr_section *sec, int32_t w, int is_ra,
                       sfr_reg_rule *rule) {
  if (is_ra && w == 0) {
    set_rule(rule, SFR_RULE_UNCHANGED, 0, 0);
    rule->not_saved = 1;
  } else if (sfr_s390x_regnum_words(sec->version) && (w & 1)) {
    set_rule(rule, SFR_RULE_REG, (uint32_t)(w >> 1) & 0x7fffffffu, 0);
  } else {
    set_rule(rule, SFR_RULE_AT_CFA, 0, w);
  }
}

/* 3.1.3 s390x: word 1 CFA (scaled); word 2 RA at CFA + w2 unless 0 (not
 * saved); word 3 FP at CFA + w3. */
sfr_status sfr_interp_default_s390x(const sfr_section *sec, const sfr_fre *fre,
                                    sfr_rules *r) {
  if (fre->count == 0)
    return outermost(sec, r);
  if (fre->count > 3)
    return SFR_E_DATAWORD_COUNT_BAD;
  cfa_from_info(sec, fre, s390x_cfa_offset(fre->words[0]), r);
  if (fre->count >= 2)
    s390x_slot(sec, fre->words[1], 1, &r->ra);
  else
    set_rule(&r->ra, SFR_RULE_UNCHANGED, 0, 0);
  if (fre->count == 3)
    s390x_slot(sec, fre->words[2], 0, &r->fp);
  else
    fp_default(sec, r);
  return SFR_OK;
}

/* Where an entity has no rule in a flexible FRE, its default location
 * applies: AMD64's RA at the header's fixed offset; otherwise unchanged. */
static void flex_default_ra(const sfr_section *sec, sfr_rules *r) {
  if (sec->abi == SFR_ABI_AMD64_LE)
    set_rule(&r->ra, SFR_RULE_FIXED, 0, sec->fixed_ra_offset);
  else
    set_rule(&r->ra, SFR_RULE_UNCHANGED, 0, 0);
}

/* One control/offset pair (3.2): reg_p bit 0, deref_p bit 1, regnum bits 3+. */
static void flex_rule(uint32_t ctl, int32_t off, sfr_reg_rule *rule) {
  int reg_p = ctl & 1u, deref = (ctl >> 1) & 1u;
  if (reg_p)
    set_rule(rule, deref ? SFR_RULE_AT_REG : SFR_RULE_REG, ctl >> 3, off);
  else
    set_rule(rule, deref ? SFR_RULE_AT_CFA : SFR_RULE_VAL_CFA, 0, off);
}

/* 3.2 Flexible FDEs: pairs of (control, offset) words for CFA, then RA, then
 * FP.  A control word of 0 is a single padding word (no offset follows):
 * the entity has no rule here.  The CFA pair must name a register (reg_p).
 * Following binutils, the s390x CFA offset is scaled as in default FDEs. */
sfr_status sfr_interp_flex(const sfr_section *sec, const sfr_fre *fre,
                           sfr_rules *r) {
  unsigned i = 2;
  uint32_t ctl;
  sfr_reg_rule *slots[2];
  unsigned s;

  if (fre->count == 0)
    return outermost(sec, r);
  ctl = fre->uwords[0];
  if (!(ctl & 1u))
    return SFR_E_FLEX_CFA_NOT_REG;
  if (fre->count < 2)
    return SFR_E_FLEX_RULE_TRUNCATED;
  r->cfa.reg = ctl >> 3;
  r->cfa.deref = (ctl >> 1) & 1u;
  r->cfa.offset = sec->abi == SFR_ABI_S390X_BE ? s390x_cfa_offset(fre->words[1])
                                               : fre->words[1];
  if (r->cfa.reg == sfr_abi_sp_reg(sec->abi))
    r->cfa.base = SFR_BASE_SP;
  else if (r->cfa.reg == sfr_abi_fp_reg(sec->abi))
    r->cfa.base = SFR_BASE_FP;
  else
    r->cfa.base = SFR_BASE_REG;

  flex_default_ra(sec, r);
  fp_default(sec, r);
  slots[0] = &r->ra;
  slots[1] = &r->fp;
  for (s = 0; s < 2 && i < fre->count; s++) {
    ctl = fre->uwords[i];
    if (ctl == 0) {
      slots[s]->not_saved = 1;
      i += 1;
      continue;
    }
    if (i + 1 >= fre->count)
      return SFR_E_FLEX_RULE_TRUNCATED;
    flex_rule(ctl, fre->words[i + 1], slots[s]);
    i += 2;
  }
  if (i < fre->count)
    return SFR_E_DATAWORDS_LEFTOVER;
  return SFR_OK;
}

sfr_status sfr_interpret(const sfr_section *sec, const sfr_fde *fde,
                         const sfr_fre *fre, sfr_rules *rules) {
  memset(rules, 0, sizeof *rules);
  rules->ra_mangled = fre->mangled_ra;
  if (fde->fde_type == SFR_FDE_TYPE_FLEX)
    return sfr_interp_flex(sec, fre, rules);
  if (fde->fde_type != SFR_FDE_TYPE_DEFAULT)
    return SFR_E_FDE_TYPE_UNKNOWN;
  switch (sec->abi) {
  case SFR_ABI_AMD64_LE:
    return sfr_interp_default_amd64(sec, fre, rules);
  case SFR_ABI_AARCH64_BE:
  case SFR_ABI_AARCH64_LE:
    return sfr_interp_default_aarch64(sec, fre, rules);
  case SFR_ABI_S390X_BE:
    return sfr_interp_default_s390x(sec, fre, rules);
  }
  return SFR_E_ABI_UNKNOWN;
}
