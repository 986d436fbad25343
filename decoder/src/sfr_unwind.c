/* SPDX-License-Identifier: MIT */
/* sfr_unwind.c - spec appendix A: from frame N's registers to frame N+1's.
 * Memory is read only through the caller's callback; 8-byte values are
 * assembled in the section's endianness. */

#include "sframe_ref.h"
#include "sfr_cursor.h"

const char *sfr_stop_name(sfr_stop s) {
  /* In sfr_stop order. */
  static const char *const names[] = {"none",        "outermost",         "no-fde",
                                      "bad-data",    "mem-read-failed",   "reg-rule-below-top",
                                      "reg-unknown", "sp-not-increasing", "frame-limit",
                                      "rep-size-unknown"};
  return (unsigned)s < sizeof names / sizeof *names ? names[s] : "unknown";
}

static sfr_stop read_u64(const sfr_unwind_ctx *uc, uint64_t addr, uint64_t *v) {
  uint8_t b[8];
  if (uc->read_mem(uc->mem_ctx, addr, b, sizeof b) != 0)
    return SFR_STOP_MEM_READ;
  /* One load (sfr_cursor.h): a byte loop choosing the shift per byte was
   * 15% of an unwound frame's instructions (make bench, callgrind). */
  *v = sfr_load(b, 8, uc->sec->big_endian);
  return SFR_STOP_NONE;
}

/* The value of DWARF register reg in the current frame.  Below the topmost
 * frame only SP and FP are known (spec 3.2 and appendix A: rules on other
 * registers are only safe in the topmost frame). */
static sfr_stop reg_value(const sfr_unwind_ctx *uc, const sfr_regs *cur,
                          int topmost, uint32_t reg, uint64_t *v) {
  uint8_t abi = uc->sec->abi;
  if (reg == sfr_abi_sp_reg(abi)) {
    *v = cur->sp;
    return SFR_STOP_NONE;
  }
  if (reg == sfr_abi_fp_reg(abi)) {
    *v = cur->fp;
    return SFR_STOP_NONE;
  }
  if (!topmost)
    return SFR_STOP_REG_RULE_BELOW_TOP;
  if (reg == sfr_abi_ra_reg(abi) && cur->ra_valid) {
    *v = cur->ra;
    return SFR_STOP_NONE;
  }
  if (reg < SFR_MAX_REGS && ((cur->gpr_valid >> reg) & 1u)) {
    *v = cur->gpr[reg];
    return SFR_STOP_NONE;
  }
  return SFR_STOP_REG_UNKNOWN;
}

/* Apply an RA or FP rule.  prev is the register's value in this frame. */
static sfr_stop apply_rule(const sfr_unwind_ctx *uc, const sfr_regs *cur,
                           int topmost, const sfr_reg_rule *r, uint64_t cfa,
                           int have_prev, uint64_t prev, uint64_t *out) {
  uint64_t base;
  sfr_stop st;
  switch ((sfr_rule_kind)r->kind) {
  case SFR_RULE_UNCHANGED:
    if (!have_prev)
      return topmost ? SFR_STOP_REG_UNKNOWN : SFR_STOP_REG_RULE_BELOW_TOP;
    *out = prev;
    return SFR_STOP_NONE;
  case SFR_RULE_AT_CFA:
  case SFR_RULE_FIXED:
    return read_u64(uc, cfa + (uint64_t)r->offset, out);
  case SFR_RULE_VAL_CFA:
    *out = cfa + (uint64_t)r->offset;
    return SFR_STOP_NONE;
  case SFR_RULE_REG:
  case SFR_RULE_AT_REG:
    st = reg_value(uc, cur, topmost, r->reg, &base);
    if (st != SFR_STOP_NONE)
      return st;
    base += (uint64_t)r->offset;
    if (r->kind == SFR_RULE_AT_REG)
      return read_u64(uc, base, out);
    *out = base;
    return SFR_STOP_NONE;
  default: /* SFR_RULE_UNDEFINED: only in outermost rows, which stop earlier */
    return SFR_STOP_OUTERMOST;
  }
}

sfr_stop sfr_unwind_frame(const sfr_unwind_ctx *uc, const sfr_regs *cur,
                          int topmost, sfr_regs *caller) {
  sfr_lookup_result res;
  sfr_lookup_status ls;
  const sfr_rules *r = &res.rules;
  uint64_t cfa, ra, fp, caller_sp;
  sfr_stop st;
  int ra_in_reg;

  ls = sfr_lookup(uc->sec, cur->pc, topmost ? SFR_PC_IP : SFR_PC_RA, &res);
  if (ls == SFR_LOOKUP_NO_FRE && sfr_allows_no_fres(uc->sec->version) &&
      res.fde.num_fres == 0 && res.fde.fde_type == SFR_FDE_TYPE_DEFAULT)
    return SFR_STOP_OUTERMOST; /* V3: a default FDE without FREs */
  if (ls == SFR_LOOKUP_NO_FDE || ls == SFR_LOOKUP_NO_FRE)
    return SFR_STOP_NO_FDE;
  if (ls == SFR_LOOKUP_REP_SIZE_UNKNOWN)
    return SFR_STOP_REP_SIZE_UNKNOWN;
  if (ls != SFR_LOOKUP_FOUND)
    return SFR_STOP_BAD_DATA;
  if (r->outermost)
    return SFR_STOP_OUTERMOST;

  /* CFA = base + offset, optionally dereferenced. */
  if (r->cfa.base == SFR_BASE_SP)
    cfa = cur->sp;
  else if (r->cfa.base == SFR_BASE_FP)
    cfa = cur->fp;
  else if ((st = reg_value(uc, cur, topmost, r->cfa.reg, &cfa)) != SFR_STOP_NONE)
    return st;
  cfa += (uint64_t)r->cfa.offset;
  if (r->cfa.deref && (st = read_u64(uc, cfa, &cfa)) != SFR_STOP_NONE)
    return st;

  /* The stack grows down: a caller's SP is above its callee's.  Checked
   * before any memory is read through a CFA that cannot be right. */
  caller_sp = cfa + (uint64_t)(uc->sec->abi == SFR_ABI_S390X_BE ? SFR_S390X_SP_VAL_OFFSET : 0);
  if (caller_sp < cur->sp)
    return SFR_STOP_SP_NOT_INCREASING;

  /* RA "unchanged" means it is still in the link register: only usable in
   * the topmost frame (spec 3.1.3). */
  ra_in_reg = topmost && cur->ra_valid;
  st = apply_rule(uc, cur, topmost, &r->ra, cfa, ra_in_reg, cur->ra, &ra);
  if (st != SFR_STOP_NONE)
    return st;
  st = apply_rule(uc, cur, topmost, &r->fp, cfa, 1, cur->fp, &fp);
  if (st != SFR_STOP_NONE)
    return st;
  if (r->ra_mangled)
    ra &= ~uc->pauth_mask;

  /* The caller's registers: pc, sp and fp known, no other (its gpr[]
   * means nothing where gpr_valid is clear, so the 512 bytes are not
   * cleared: that cost a third of a frame). */
  caller->ra = 0;
  caller->ra_valid = 0;
  caller->gpr_valid = 0;
  caller->pc = ra;
  caller->fp = fp;
  caller->sp = caller_sp;
  /* Only a leaf in the topmost frame may share its caller's SP (AArch64 and
   * s390x leaves allocate no frame); below it, equal SPs would loop. */
  if (!topmost && caller_sp == cur->sp)
    return SFR_STOP_SP_NOT_INCREASING;
  return SFR_STOP_NONE;
}

size_t sfr_backtrace(const sfr_unwind_ctx *uc, const sfr_regs *start,
                     sfr_regs *frames, size_t max, sfr_stop *why) {
  size_t n = 0;
  *why = SFR_STOP_FRAME_LIMIT;
  if (max > 0)
    frames[n++] = *start;
  while (n < max) {
    sfr_stop st = sfr_unwind_frame(uc, &frames[n - 1], n == 1, &frames[n]);
    if (st != SFR_STOP_NONE) {
      *why = st;
      break;
    }
    n++;
  }
  return n;
}
