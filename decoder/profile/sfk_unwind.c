/* SPDX-License-Identifier: MIT */
/* sfk_unwind.c - one step of the kernel's user-space unwinder
 * (sframe_kernel.h; SPEC-NOTES.md N41): the generation's lookup, its rules
 * followed as the kernel follows them, frame pointers when the lookup has
 * no answer.  Nothing is allocated; memory is read through the caller's
 * callback. */
#include <string.h>

#include "sfk_read.h"
#include "sfr_cursor.h"

const char *sfk_unwind_stop_name(sfk_unwind_stop s) {
  static const char *const names[] = {"none",      "outermost", "rule-failed",
                                      "fp-failed", "crash",     "no-fallback"};
  return (unsigned)s < sizeof names / sizeof *names ? names[s] : "unknown";
}

/* An 8-byte word of target memory in the section's byte order. */
static int read_word(sfr_read_mem_fn rd, void *ctx, int be, uint64_t addr, uint64_t *out) {
  uint8_t b[8];
  if (rd(ctx, addr, b, sizeof b) != 0)
    return -1;
  *out = sfr_load(b, 8, be);
  return 0;
}

/* A register of the topmost frame by DWARF number; -1 when unknown. */
static int reg_value(uint8_t abi, const sfr_regs *r, uint32_t reg, uint64_t *out) {
  if (reg == sfr_abi_sp_reg(abi))
    *out = r->sp;
  else if (reg == sfr_abi_fp_reg(abi))
    *out = r->fp;
  else if (reg == sfr_abi_ra_reg(abi) && r->ra_valid)
    *out = r->ra;
  else if (reg < SFR_MAX_REGS && (r->gpr_valid >> reg) & 1u)
    *out = r->gpr[reg];
  else
    return -1;
  return 0;
}

typedef struct kstep {
  sfr_read_mem_fn rd;
  void *ctx;
  int be;
  uint8_t abi;
  const sfr_regs *cur;
  int topmost;
} kstep;

/* The RA or FP rule (unwind_user_next_common): 0, or -1 when the kernel
 * refuses it.  keep: the value "unchanged" gives (FP), or NULL (RA: the
 * link register, topmost only). */
static int follow(const kstep *k, const sfk_rule *r, uint64_t cfa, const uint64_t *keep,
                  uint64_t *out) {
  uint64_t v;
  switch (r->kind) {
  case SFK_RULE_RETAIN:
    if (keep) {
      *out = *keep;
      return 0;
    }
    if (!k->topmost || !k->cur->ra_valid)
      return -1;
    *out = k->cur->ra;
    return 0;
  case SFK_RULE_CFA_OFF:
    if (!r->deref)
      return -1; /* "CFA + offset" is not followed on purpose */
    v = cfa + (uint64_t)r->offset;
    break;
  default:
    if (!k->topmost || reg_value(k->abi, k->cur, r->reg, &v) != 0)
      return -1;
    v += (uint64_t)r->offset;
    break;
  }
  if (r->deref && read_word(k->rd, k->ctx, k->be, v, &v) != 0)
    return -1;
  *out = v;
  return 0;
}

/* The caller from a frame's rules; 0, or -1 when they cannot be followed. */
static int step_rules(const kstep *k, const sfk_answer *a, sfr_regs *caller) {
  uint64_t cfa, ra, fp;
  if (a->cfa_reg == sfr_abi_sp_reg(k->abi))
    cfa = k->cur->sp;
  else if (a->cfa_reg == sfr_abi_fp_reg(k->abi)) {
    if (k->cur->fp < k->cur->sp)
      return -1;
    cfa = k->cur->fp;
  } else if (!k->topmost || reg_value(k->abi, k->cur, a->cfa_reg, &cfa) != 0)
    return -1;
  cfa += (uint64_t)a->cfa_offset;
  if (a->cfa_deref && read_word(k->rd, k->ctx, k->be, cfa, &cfa) != 0)
    return -1;
  if (cfa <= k->cur->sp - (uint64_t)(k->topmost ? 1 : 0) || (cfa & 7u))
    return -1;
  if (follow(k, &a->ra, cfa, NULL, &ra) != 0 || follow(k, &a->fp, cfa, &k->cur->fp, &fp) != 0)
    return -1;
  memset(caller, 0, sizeof *caller);
  caller->pc = ra;
  caller->sp = cfa;
  caller->fp = fp;
  return 0;
}

/* The frame-pointer unwinder: CFA = FP + 16, RA at CFA - 8, FP at CFA - 16
 * (the topmost frame taken as past its function's first instruction). */
static int step_fp(const kstep *k, sfr_regs *caller) {
  sfk_answer a;
  memset(&a, 0, sizeof a);
  a.cfa_reg = sfr_abi_fp_reg(k->abi);
  a.cfa_offset = 16;
  a.ra.kind = SFK_RULE_CFA_OFF;
  a.ra.deref = 1;
  a.ra.offset = -8;
  a.fp.kind = SFK_RULE_CFA_OFF;
  a.fp.deref = 1;
  a.fp.offset = -16;
  return step_rules(k, &a, caller);
}

/* kunwind_next_regs_sframe (patch 9/9): the interrupted frame's step;
 * NULL, or the check that failed (the caller then takes the frame record). */
static const char *step_kernel_text(const kstep *k, const sfk_answer *a, sfr_regs *caller) {
  uint64_t cfa, ra, fp = k->cur->fp;
  const sfk_rule *rr = &a->ra, *fr = &a->fp;
  if (k->cur->fp & 7u)
    return "x29 not 8-byte aligned";
  if (a->outcome == SFK_LOOKUP_OUTERMOST)
    return "outermost";
  if (a->outcome != SFK_LOOKUP_FOUND)
    return "lookup failed";
  if (a->cfa_deref)
    return "CFA rule not followed (WARN_ON_ONCE)";
  if (a->cfa_reg == sfr_abi_sp_reg(SFR_ABI_AARCH64_LE))
    cfa = k->cur->sp;
  else if (a->cfa_reg == sfr_abi_fp_reg(SFR_ABI_AARCH64_LE)) {
    if (k->cur->fp < k->cur->sp)
      return "FP below SP";
    cfa = k->cur->fp;
  } else
    return "CFA rule not followed (WARN_ON_ONCE)";
  cfa += (uint64_t)a->cfa_offset;
  if (cfa & 0x15u)
    return "cfa & 0x15 (the series' 16-byte test)";
  if (rr->kind == SFK_RULE_RETAIN) {
    if (!k->cur->ra_valid)
      return "RA in the link register, which the snapshot does not give";
    ra = k->cur->ra;
  } else if (rr->kind == SFK_RULE_CFA_OFF && rr->deref) {
    if (read_word(k->rd, k->ctx, 0, cfa + (uint64_t)rr->offset, &ra) != 0)
      return "RA slot not on the stack";
  } else
    return "RA rule not followed (WARN_ON_ONCE)";
  if (fr->kind == SFK_RULE_CFA_OFF && fr->deref) {
    if (read_word(k->rd, k->ctx, 0, cfa + (uint64_t)fr->offset, &fp) != 0)
      return "FP slot not on the stack";
  } else if (fr->kind != SFK_RULE_RETAIN)
    return "FP rule not followed (WARN_ON_ONCE)";
  memset(caller, 0, sizeof *caller);
  caller->pc = ra & 0xffffffffffffull; /* the PAC stripped: kernel addresses keep 48 bits */
  caller->pc |= ra & ~0xffffffffffffull ? 0xffff000000000000ull : 0;
  caller->sp = cfa;
  caller->fp = fp;
  return NULL;
}

/* unwind_user_signal_next on s390x (the RFC's patch 5/5): the sigreturn
 * frame at SP; 0, or -1 when it cannot be read. */
static int step_signal_s390(const kstep *k, sfr_regs *caller) {
  uint8_t insn[8];
  uint64_t base, pc, sp, fp;
  unsigned half;
  if ((k->cur->pc & 1u) || k->rd(k->ctx, k->cur->pc, insn, sizeof insn) != 0)
    return -1;
  half = ((unsigned)insn[0] << 8) | insn[1];
  if (half == 0x0aadu) /* svc __NR_rt_sigreturn: rt_sigframe's uc_mcontext */
    base = k->cur->sp + 336;
  else if (half == 0x0a77u) { /* svc __NR_sigreturn: sigframe's sc.sregs pointer */
    if (read_word(k->rd, k->ctx, 1, k->cur->sp + 168, &base) != 0)
      return -1;
  } else
    return -1;
  if (read_word(k->rd, k->ctx, 1, base + 8, &pc) != 0 ||
      read_word(k->rd, k->ctx, 1, base + 16 + 8 * 11, &fp) != 0 ||
      read_word(k->rd, k->ctx, 1, base + 16 + 8 * 15, &sp) != 0)
    return -1;
  memset(caller, 0, sizeof *caller);
  caller->pc = pc;
  caller->sp = sp;
  caller->fp = fp;
  return 0;
}

sfk_unwind_stop sfk_unwind_frame(const uint8_t *buf, size_t len, uint64_t vma,
                                 const sfk_options *opt, sfr_read_mem_fn read_mem,
                                 void *mem_ctx, const sfr_regs *cur, int topmost,
                                 int *dropped, sfr_regs *caller, sfk_step *step) {
  kstep k;
  sfk_view v;
  sfk_sink s = {NULL, opt->gen, SFK_OK};
  memset(step, 0, sizeof *step);
  memset(caller, 0, sizeof *caller);
  memset(&v, 0, sizeof v);
  sfk_traits_of(opt->gen, &v.t);
  if (buf)
    (void)sfk_read_header(&v, buf, len, vma, opt->gen, &s); /* byte order and ABI */
  k.rd = read_mem;
  k.ctx = mem_ctx;
  k.be = v.be;
  k.abi = v.abi;
  k.cur = cur;
  k.topmost = topmost;
  step->ans.outcome = SFK_LOOKUP_NOT_REGISTERED;
  if (v.t.kernel_text) {
    /* The kernel's own text: SFrame for the interrupted frame, then frame
     * records; a failed step falls back to the frame record (unreliable). */
    if (topmost) {
      step->looked_up = 1;
      sfk_lookup(buf, len, vma, opt, cur->pc, &step->ans);
      if (step->ans.outcome == SFK_LOOKUP_CRASH)
        return SFK_UNWIND_CRASH;
      if ((step->step_why = step_kernel_text(&k, &step->ans, caller)) == NULL) {
        step->method = SFK_BY_SFRAME;
        return SFK_UNWIND_NEXT;
      }
      step->method = SFK_BY_FP;
    } else
      step->method = SFK_BY_FRAME_RECORD;
    return step_fp(&k, caller) == 0 ? SFK_UNWIND_NEXT : SFK_UNWIND_FP_FAILED;
  }
  if (!*dropped) {
    step->looked_up = 1;
    sfk_lookup(buf, len, vma, opt, cur->pc, &step->ans);
    if (step->ans.dropped)
      *dropped = 1;
    if (step->ans.outcome == SFK_LOOKUP_CRASH)
      return SFK_UNWIND_CRASH;
    if (step->ans.outcome == SFK_LOOKUP_OUTERMOST) {
      step->method = SFK_BY_SFRAME;
      return SFK_UNWIND_OUTERMOST;
    }
    if (step->ans.outcome == SFK_LOOKUP_FOUND) {
      step->method = SFK_BY_SFRAME;
      return step_rules(&k, &step->ans, caller) == 0 ? SFK_UNWIND_NEXT : SFK_UNWIND_RULE_FAILED;
    }
    if (step->ans.outcome == SFK_LOOKUP_SIGNAL) {
      step->method = SFK_BY_SIGNAL;
      return step_signal_s390(&k, caller) == 0 ? SFK_UNWIND_NEXT : SFK_UNWIND_RULE_FAILED;
    }
    if (step->ans.why == SFK_SIGNAL_NO_UNWINDER)
      return SFK_UNWIND_RULE_FAILED; /* the stub warns and fails: no frame pointers */
  }
  if (k.abi == SFR_ABI_S390X_BE)
    return SFK_UNWIND_NO_FALLBACK;
  step->method = SFK_BY_FP;
  return step_fp(&k, caller) == 0 ? SFK_UNWIND_NEXT : SFK_UNWIND_FP_FAILED;
}
