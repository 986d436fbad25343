/* SPDX-License-Identifier: MIT */
/* unit_kernel.c - unit tests of the kernel profiles (decoder/profile,
 * sframe_kernel.h; SPEC-NOTES.md N41) on sections built here byte by byte:
 * the lookup's paths (text range, gaps, PCMASK, rows, errors and whether
 * they drop the section) and the unwinder's step (each rule the kernel
 * follows or refuses, the frame-pointer fall-back, s390x, a crash).  The
 * rules themselves are pinned on sfcorpus sections by
 * decoder/tests/profile-kernel.bats. */
#include "sframe_kernel.h"
#include "unit.h"

/* One row: start, info byte, up to 6 one-byte words. */
typedef struct krow {
  uint8_t start, info;
  int8_t w[6];
} krow;

/* One function of a version 3 section: FRE type addr1, word size 1. */
typedef struct kfn {
  uint64_t start;
  uint32_t size;
  uint8_t info, info2, rep;
  int nrows;
  krow rows[4];
} kfn;

#define KINFO(count, sp) ((uint8_t)(((count) << 1) | ((sp) ? 1 : 0))) /* FRE info */

static void put(uint8_t *p, uint64_t v, unsigned n, int be) {
  unsigned i;
  for (i = 0; i < n; i++)
    p[i] = (uint8_t)(v >> (8 * (be ? n - 1 - i : i)));
}

/* A version 3 section at vma 0x1000 holding fns; returns its length. */
static size_t build(uint8_t *out, const kfn *fns, int nf, uint8_t abi, int8_t fixed_ra) {
  int be = abi == SFR_ABI_S390X_BE || abi == SFR_ABI_AARCH64_BE, i, j;
  size_t fres = SFR_HEADER_SIZE + 16u * (size_t)nf, pos = fres, nfres = 0;
  memset(out, 0, 1024);
  put(out, SFR_MAGIC, 2, be);
  out[2] = 3;
  out[3] = SFR_F_FDE_SORTED | SFR_F_FDE_FUNC_START_PCREL;
  out[4] = abi;
  out[6] = (uint8_t)fixed_ra;
  for (i = 0; i < nf; i++) {
    size_t e = SFR_HEADER_SIZE + 16u * (size_t)i;
    put(out + e, fns[i].start - (0x1000 + e), 8, be);
    put(out + e + 8, fns[i].size, 4, be);
    put(out + e + 12, pos - fres, 4, be);
    put(out + pos, (uint64_t)fns[i].nrows, 2, be);
    out[pos + 2] = fns[i].info;
    out[pos + 3] = fns[i].info2;
    out[pos + 4] = fns[i].rep;
    pos += 5;
    for (j = 0; j < fns[i].nrows; j++) {
      const krow *r = &fns[i].rows[j];
      int k, count = (r->info >> 1) & 0xf;
      out[pos++] = r->start;
      out[pos++] = r->info;
      for (k = 0; k < count; k++)
        out[pos++] = (uint8_t)r->w[k];
      nfres++;
    }
  }
  put(out + 8, (uint64_t)nf, 4, be);
  put(out + 12, nfres, 4, be);
  put(out + 16, pos - fres, 4, be);
  put(out + 24, 16u * (size_t)nf, 4, be);
  return pos;
}

static sfk_options gen(sfk_gen g) {
  sfk_options o;
  memset(&o, 0, sizeof o);
  o.gen = g;
  return o;
}

static sfk_answer look(const uint8_t *b, size_t n, sfk_gen g, uint64_t pc) {
  sfk_options o = gen(g);
  sfk_answer a;
  sfk_lookup(b, n, 0x1000, &o, pc, &a);
  return a;
}

/* f0: 0x2000+0x20, rows at 2 (sp+8) and 6 (fp+16, FP at CFA-16); f1:
 * 0x2040+0x10, PCMASK rep 8, rows at 0 (sp+8) and 4 (sp+16). */
static size_t two(uint8_t *b) {
  kfn f[2];
  memset(f, 0, sizeof f);
  f[0].start = 0x2000;
  f[0].size = 0x20;
  f[0].nrows = 2;
  f[0].rows[0] = (krow){2, KINFO(1, 1), {8}};
  f[0].rows[1] = (krow){6, KINFO(2, 0), {16, -16}};
  f[1].start = 0x2040;
  f[1].size = 0x10;
  f[1].info = 1u << 4;
  f[1].rep = 8;
  f[1].nrows = 2;
  f[1].rows[0] = (krow){0, KINFO(1, 1), {8}};
  f[1].rows[1] = (krow){4, KINFO(1, 1), {16}};
  return build(b, f, 2, SFR_ABI_AMD64_LE, -8);
}

void test_kernel_lookup_paths(void) {
  uint8_t b[1024];
  size_t n = two(b);
  sfk_options o = gen(SFK_GEN_V13);
  sfk_answer a;
  a = look(b, n, SFK_GEN_V16, 0x2007);
  CHECK(a.outcome == SFK_LOOKUP_FOUND && a.fde == 0 && a.fre == 1 && a.cfa_reg == 6 &&
            a.cfa_offset == 16 && a.fp.kind == SFK_RULE_CFA_OFF && a.fp.deref && a.fp.offset == -16,
        "a row: CFA fp+16, FP at CFA-16");
  a = look(b, n, SFK_GEN_V16, 0x2045);
  CHECK(a.outcome == SFK_LOOKUP_FOUND && a.fde == 1 && a.fre == 1, "PCMASK: offset 5 in row 1");
  a = look(b, n, SFK_GEN_V16, 0x204b);
  CHECK(a.outcome == SFK_LOOKUP_FOUND && a.fre == 0 && a.cfa_offset == 8, "PCMASK: 0xb %% 8 = 3, row 0");
  a = look(b, n, SFK_GEN_V16, 0x2030);
  CHECK(a.outcome == SFK_LOOKUP_NO_FDE, "a gap between functions: no FDE");
  a = look(b, n, SFK_GEN_V16, 0x1000);
  CHECK(a.outcome == SFK_LOOKUP_NO_FDE && a.fde == -1, "below every function: no FDE");
  /* Before the first row: -EINVAL; v16 drops the section, v13 keeps it. */
  a = look(b, n, SFK_GEN_V16, 0x2000);
  CHECK(a.outcome == SFK_LOOKUP_ERROR && a.why == SFK_OK && a.effect == SFK_EFFECT_EINVAL &&
            a.dropped,
        "v16: a PC before the first row fails and drops the section");
  a = look(b, n, SFK_GEN_V13, 0x2000);
  CHECK(a.outcome == SFK_LOOKUP_ERROR && !a.dropped, "v13: the same keeps the section");
  /* The registered range: [start, end] before v16, [start, end) from v16. */
  o.have_text = 1;
  o.text_start = 0x2000;
  o.text_end = 0x2004;
  sfk_lookup(b, n, 0x1000, &o, 0x2004, &a);
  CHECK(a.outcome == SFK_LOOKUP_FOUND, "v13: the text end itself is in the section's range");
  o.gen = SFK_GEN_V16;
  sfk_lookup(b, n, 0x1000, &o, 0x2004, &a);
  CHECK(a.outcome == SFK_LOOKUP_NO_FDE, "v16: the text end is past the range");
  sfk_lookup(b, n, 0x1000, &o, 0x1fff, &a);
  CHECK(a.outcome == SFK_LOOKUP_NO_FDE, "below the text: no section");
  /* A function outside the text the lookup reads: its FDE is refused. */
  o.text_end = 0x2040;
  sfk_lookup(b, n, 0x1000, &o, 0x2040, &a);
  CHECK(a.outcome == SFK_LOOKUP_NO_FDE, "v16: PC at the text end");
  o.gen = SFK_GEN_V14;
  sfk_lookup(b, n, 0x1000, &o, 0x2040, &a);
  CHECK(a.outcome == SFK_LOOKUP_ERROR && a.why == SFK_FDE_OUTSIDE_TEXT && !a.dropped,
        "v14: a function starting at the text end fails the lookup (-EINVAL)");
  /* Not registered: a broken magic. */
  b[0] = 0;
  a = look(b, n, SFK_GEN_V16, 0x2007);
  CHECK(a.outcome == SFK_LOOKUP_NOT_REGISTERED && a.why == SFK_BAD_MAGIC, "bad magic");
  a = look(NULL, 0, SFK_GEN_V16, 0x2007);
  CHECK(a.outcome == SFK_LOOKUP_NOT_REGISTERED, "no section");
}

void test_kernel_lookup_errors(void) {
  uint8_t b[1024];
  size_t n = two(b);
  sfk_answer a;
  /* Starts out of order on the binary search's path. */
  put(b + SFR_HEADER_SIZE, 0x2050 - (0x1000 + SFR_HEADER_SIZE), 8, 0);
  a = look(b, n, SFK_GEN_V13, 0x2060);
  CHECK(a.outcome == SFK_LOOKUP_ERROR && a.why == SFK_FDE_NOT_INCREASING && a.dropped,
        "v13: an order the search passes fails with -EFAULT and drops the section");
  n = two(b);
  /* Function 1's attribute past the FRE sub-section. */
  put(b + SFR_HEADER_SIZE + 16 + 12, 0x1000, 4, 0);
  a = look(b, n, SFK_GEN_V16, 0x2045);
  CHECK(a.outcome == SFK_LOOKUP_ERROR && a.why == SFK_FDE_ATTR_OUT && a.dropped,
        "an FDE attribute out of range fails the lookup");
  n = two(b);
  /* Rows out of order. */
  b[SFR_HEADER_SIZE + 32 + 5 + 3] = 1;
  a = look(b, n, SFK_GEN_V16, 0x2007);
  CHECK(a.outcome == SFK_LOOKUP_ERROR && a.why == SFK_FRE_NOT_INCREASING, "rows out of order");
  n = two(b);
  /* rep_size 0: a crash before v16, a refused FDE from v16. */
  b[SFR_HEADER_SIZE + 32 + 5 + 2 + 1 + 2 + 2 + 4] = 0;
  a = look(b, n, SFK_GEN_V13, 0x2045);
  CHECK(a.outcome == SFK_LOOKUP_CRASH && a.why == SFK_PCMASK_REP_ZERO, "v13 divides by zero");
  a = look(b, n, SFK_GEN_V16, 0x2045);
  CHECK(a.outcome == SFK_LOOKUP_ERROR && a.why == SFK_PCMASK_REP_ZERO && a.dropped, "v16 refuses");
}

void test_kernel_names(void) {
  CHECK(sfk_gen_get(SFK_GEN_NUM) == NULL && sfk_gen_get(SFK_GEN_V12) != NULL, "gen_get bounds");
  CHECK(sfk_gen_by_name("kernel") == SFK_GEN_NEWEST && sfk_gen_by_name("kernel-v14") == SFK_GEN_V14 &&
            sfk_gen_by_name("kernel-v15") == -1,
        "generations by name");
  CHECK(sfk_rule_by_name("kernel-fre-type") == SFK_FRE_TYPE && sfk_rule_by_name("nope") == SFK_OK,
        "rules by name");
  CHECK(strcmp(sfk_rule_name(SFK_NUM), "unknown") == 0 &&
            strcmp(sfk_rule_message(SFK_NUM), "unknown rule") == 0,
        "an identifier out of range");
  CHECK(sfk_rule_stage(SFK_OK, SFK_GEN_V13) == SFK_STAGE_NONE &&
            sfk_rule_stage(SFK_FRE_TYPE, SFK_GEN_NUM) == SFK_STAGE_NONE,
        "no stage out of range");
  CHECK(strcmp(sfk_stage_name(SFK_STAGE_LOOKUP), "lookup") == 0 &&
            strcmp(sfk_stage_name((sfk_stage)9), "none") == 0 &&
            strcmp(sfk_effect_name(SFK_EFFECT_CRASH), "crash") == 0 &&
            strcmp(sfk_effect_name((sfk_effect)9), "none") == 0 &&
            strcmp(sfk_outcome_name(SFK_LOOKUP_NO_FDE), "no-fde") == 0 &&
            strcmp(sfk_outcome_name((sfk_outcome)9), "unknown") == 0 &&
            strcmp(sfk_unwind_stop_name(SFK_UNWIND_NO_FALLBACK), "no-fallback") == 0 &&
            strcmp(sfk_unwind_stop_name((sfk_unwind_stop)9), "unknown") == 0,
        "names");
  CHECK(sfk_rule_drops(SFK_FRE_TYPE, SFK_GEN_V13) && !sfk_rule_drops(SFK_FDE_OUTSIDE_TEXT, SFK_GEN_V13) &&
            sfk_rule_drops(SFK_FDE_OUTSIDE_TEXT, SFK_GEN_V16) &&
            !sfk_rule_drops(SFK_PCMASK_REP_ZERO, SFK_GEN_V13),
        "which errors drop the section");
  CHECK(sfk_gen_abi_enabled(SFK_GEN_S390_V4, SFR_ABI_S390X_BE) &&
            !sfk_gen_abi_enabled(SFK_GEN_V16, SFR_ABI_S390X_BE) &&
            sfk_gen_abi_enabled(SFK_GEN_ARM64_V1, SFR_ABI_AARCH64_BE),
        "ABIs per generation");
}

/* Target memory: 8-byte little- or big-endian words at 0x7000 + 8k. */
typedef struct kmem {
  uint64_t w[32];
  int be;
} kmem;

static int kread(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  const kmem *m = ctx;
  uint64_t i = (addr - 0x7000) / 8;
  if (addr < 0x7000 || (addr & 7) || i >= 32 || n != 8)
    return -1;
  put(out, m->w[i], 8, m->be);
  return 0;
}

static sfk_unwind_stop step(const uint8_t *b, size_t n, sfk_gen g, kmem *m, const sfr_regs *cur,
                            int top, int *dropped, sfr_regs *caller, sfk_step *st) {
  sfk_options o = gen(g);
  return sfk_unwind_frame(b, n, 0x1000, &o, kread, m, cur, top, dropped, caller, st);
}

void test_kernel_unwind_step(void) {
  uint8_t b[1024];
  size_t n = two(b);
  kmem m;
  sfr_regs cur, caller;
  sfk_step st;
  int dropped = 0;
  memset(&m, 0, sizeof m);
  memset(&cur, 0, sizeof cur);
  /* Row 1 of f0: CFA fp+16, RA at CFA-8, FP at CFA-16. */
  cur.pc = 0x2007;
  cur.sp = 0x7000;
  cur.fp = 0x7010;
  m.w[2] = 0x7100; /* FP at 0x7010 */
  m.w[3] = 0x2045; /* RA at 0x7018 */
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 1, &dropped, &caller, &st) == SFK_UNWIND_NEXT &&
            st.method == SFK_BY_SFRAME && caller.pc == 0x2045 && caller.sp == 0x7020 &&
            caller.fp == 0x7100,
        "a frame by its SFrame rules");
  cur.fp = 0x6ff0; /* below SP */
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 1, &dropped, &caller, &st) == SFK_UNWIND_RULE_FAILED,
        "an FP-based CFA with FP below SP ends the walk");
  cur.fp = 0x7011;
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 1, &dropped, &caller, &st) == SFK_UNWIND_RULE_FAILED,
        "a CFA not 8-byte aligned ends the walk");
  cur.fp = 0x7100; /* the RA read past the snapshot's memory */
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 1, &dropped, &caller, &st) == SFK_UNWIND_RULE_FAILED,
        "an unreadable RA ends the walk");
  /* Row 0 of f0 (sp+8, the RA at the header's CFA-8): a CFA equal to SP
   * is refused below the topmost frame only. */
  cur.pc = 0x2002;
  cur.sp = 0x7000;
  m.w[0] = 0x2045;
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_NEXT &&
            caller.pc == 0x2045,
        "sp+8 below the top");
  /* No function: frame pointers (CFA = FP + 16). */
  cur.pc = 0x2030;
  cur.fp = 0x7010;
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_NEXT &&
            st.method == SFK_BY_FP && caller.pc == 0x2045 && caller.fp == 0x7100,
        "no FDE: the caller by frame pointers");
  cur.fp = 0;
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_FP_FAILED,
        "frame pointers that lead nowhere end the walk");
  /* A lookup that drops the section: the next frames use frame pointers. */
  cur.pc = 0x2000;
  cur.fp = 0x7010;
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_NEXT &&
            dropped && st.method == SFK_BY_FP,
        "v16: the error drops the section; frame pointers");
  cur.pc = 0x2007;
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_NEXT &&
            st.method == SFK_BY_FP && st.ans.outcome == SFK_LOOKUP_NOT_REGISTERED,
        "a dropped section is not looked up again");
  /* rep_size 0 under v13: the lookup crashes. */
  dropped = 0;
  b[SFR_HEADER_SIZE + 32 + 5 + 2 + 1 + 2 + 2 + 4] = 0;
  cur.pc = 0x2045;
  CHECK(step(b, n, SFK_GEN_V13, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_CRASH,
        "v13: rep_size 0 crashes the lookup");
}

/* Flexible rows: CFA from r10, the RA in the link register, register
 * rules, CFA + offset without a dereference; s390x's missing fall-back. */
void test_kernel_unwind_rules(void) {
  uint8_t b[1024];
  kfn f;
  kmem m;
  sfr_regs cur, caller;
  sfk_step st;
  size_t n;
  int dropped = 0;
  memset(&f, 0, sizeof f);
  memset(&m, 0, sizeof m);
  memset(&cur, 0, sizeof cur);
  f.start = 0x2000;
  f.size = 0x40;
  f.info2 = SFR_FDE_TYPE_FLEX;
  f.nrows = 3;
  f.rows[0] = (krow){0, KINFO(2, 1), {(int8_t)((10 << 3) | 1), 16}};              /* CFA r10+16 */
  f.rows[1] = (krow){4, KINFO(4, 1), {(int8_t)((7 << 3) | 1), 16, 3 << 3 | 1, 0}}; /* RA = r3 */
  f.rows[2] = (krow){12, KINFO(4, 1), {(int8_t)((7 << 3) | 1), 16, 0x2, -8}};     /* RA at CFA-8 */
  n = build(b, &f, 1, SFR_ABI_AMD64_LE, 0);
  m.w[3] = 0x2035;
  cur.pc = 0x2000;
  cur.sp = 0x7000;
  cur.gpr[10] = 0x7008;
  cur.gpr_valid = 1u << 10;
  /* r10+16 = 0x7018; RA: no rule (the fixed RA offset is 0): the link
   * register, topmost only, which AMD64 has not got. */
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 1, &dropped, &caller, &st) == SFK_UNWIND_RULE_FAILED,
        "no RA rule without a link register");
  cur.ra = 0x2030;
  cur.ra_valid = 1;
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 1, &dropped, &caller, &st) == SFK_UNWIND_NEXT &&
            caller.sp == 0x7018 && caller.pc == 0x2030,
        "CFA from r10 in the topmost frame; the RA in the link register");
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_RULE_FAILED,
        "a register-based CFA below the topmost frame ends the walk");
  cur.gpr_valid = 0;
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 1, &dropped, &caller, &st) == SFK_UNWIND_RULE_FAILED,
        "an unknown register ends the walk");
  cur.pc = 0x2004;
  cur.gpr[3] = 0x2020;
  cur.gpr_valid = 1u << 3;
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 1, &dropped, &caller, &st) == SFK_UNWIND_NEXT &&
            caller.pc == 0x2020 && caller.sp == 0x7010,
        "RA = r3 in the topmost frame");
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_RULE_FAILED,
        "a register rule below the topmost frame ends the walk");
  cur.pc = 0x200c;
  m.w[1] = 0x2031; /* RA at 0x7008 = CFA - 8 */
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_NEXT &&
            caller.pc == 0x2031,
        "RA at CFA-8 (a dereferenced CFA-based rule)");
  b[n - 2] = 4; /* the unused bit alone: CFA-based, no dereference (v13 does not refuse it) */
  CHECK(step(b, n, SFK_GEN_V13, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_RULE_FAILED,
        "\"CFA + offset\" for the RA is not followed");
  CHECK(step(b, n, SFK_GEN_V16, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_FP_FAILED &&
            st.method == SFK_BY_FP && st.ans.why == SFK_CTL_RESERVED_BIT && dropped,
        "v16 refuses the bit at lookup, drops the section and tries frame pointers (FP 0)");
  /* s390x: no SFrame answer and no modelled fall-back. */
  n = build(b, &f, 1, SFR_ABI_S390X_BE, 0);
  cur.pc = 0x3000;
  CHECK(step(b, n, SFK_GEN_S390_V4, &m, &cur, 0, &dropped, &caller, &st) == SFK_UNWIND_NO_FALLBACK,
        "s390x: the back chain is not modelled");
}
