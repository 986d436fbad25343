/* SPDX-License-Identifier: MIT */
/* unit_unwind.c - unit tests of interpretation (spec 3), against what the
 * CFI of corpus/real/cfi says, and of unwinding (appendix A). */
#define _DEFAULT_SOURCE 1
#include "unit.h"

/* ---- interpretation, checked against what the CFI of corpus/real/cfi/ says
 * (each file lists its functions' rows; NAME.objdump agrees) ---- */

void test_interp_amd64(void) {
  real_section rs;
  checked c;
  sfr_lookup_result r;
  /* cfi/x86_64-frame.s: fpframe at 0x401000 (25 bytes): +0x4 CFA fp+16,
   * FP c-16; +0x18 CFA sp+8; leaf at 0x401019; twoexits at 0x40101c:
   * +0xb CFA sp+8 (first exit), +0xc CFA sp+16 (restore_state). */
  if (open_real("gas247-x86_64-cfi-frame", &rs, &c, 1)) {
    CHECK(sfr_lookup(&c.sec, 0x401010, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND, "lookup");
    CHECK(r.fre.index == 2 && r.rules.cfa.base == SFR_BASE_FP && r.rules.cfa.offset == 16 &&
              !r.rules.cfa.deref,
          "CFA fp+16");
    CHECK(r.rules.fp.kind == SFR_RULE_AT_CFA && r.rules.fp.offset == -16, "FP at CFA-16");
    CHECK(r.rules.ra.kind == SFR_RULE_FIXED && r.rules.ra.offset == -8, "RA fixed -8");
    CHECK(sfr_lookup(&c.sec, 0x401000, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.fp.kind == SFR_RULE_UNCHANGED && r.rules.cfa.offset == 8,
          "first FRE: sp+8, FP unchanged");
    CHECK(sfr_lookup(&c.sec, 0x401019, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.fde.index == 1 &&
              r.fre.index == 0 && r.rules.cfa.offset == 8,
          "one past the end is the next function (leaf)");
    CHECK(sfr_lookup(&c.sec, 0x401019, SFR_PC_RA, &r) == SFR_LOOKUP_FOUND && r.fde.index == 0 &&
              r.fre.index == 3,
          "return address at the end belongs to the function");
    CHECK(sfr_lookup(&c.sec, 0x40101c + 0xb, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.fde.index == 2 && r.rules.cfa.offset == 8 && r.rules.fp.offset == -16,
          "twoexits: first exit, sp+8");
    CHECK(sfr_lookup(&c.sec, 0x40101c + 0xc, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.cfa.offset == 16 && r.rules.fp.kind == SFR_RULE_AT_CFA,
          "twoexits: restore_state brings back sp+16");
    close_real(&rs, &c);
  }

  /* cfi/x86_64-flex.s (version 3): cfa_rbx at 0x401001, +0x4 CFA r3+16;
   * ra_in_rcx at 0x40100e, +0x0 CFA sp+8 with the RA at CFA-8, +0x1 CFA
   * sp+0 with the RA in r2; outermost at 0x401011, RA undefined. */
  if (open_real("gas247-x86_64-cfi-flex", &rs, &c, 1)) {
    CHECK(sfr_lookup(&c.sec, 0x401005, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.fde.fde_type == SFR_FDE_TYPE_FLEX && r.rules.cfa.base == SFR_BASE_REG &&
              r.rules.cfa.reg == 3 && r.rules.cfa.offset == 16 && !r.rules.cfa.deref,
          "flex CFA on rbx");
    CHECK(sfr_lookup(&c.sec, 0x40100f, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND, "flex lookup");
    CHECK(r.fde.fde_type == SFR_FDE_TYPE_FLEX && r.rules.ra.kind == SFR_RULE_REG &&
              r.rules.ra.reg == 2 && r.rules.ra.offset == 0,
          "flex RA in r2");
    CHECK(r.rules.cfa.base == SFR_BASE_SP && r.rules.cfa.reg == 7 && r.rules.cfa.offset == 0,
          "flex CFA on rsp");
    CHECK(sfr_lookup(&c.sec, 0x40100e, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.fde.fde_type == SFR_FDE_TYPE_FLEX && r.rules.ra.kind == SFR_RULE_FIXED &&
              r.rules.cfa.offset == 8,
          "flex FRE without an RA rule: RA at the fixed offset");
    CHECK(sfr_lookup(&c.sec, 0x401011, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.rules.outermost &&
              r.rules.ra.kind == SFR_RULE_UNDEFINED,
          "data word count 0 is RA undefined");
    close_real(&rs, &c);
  }
}

void test_interp_aarch64_s390x(void) {
  static const char *pac[] = {"gas240-aarch64-cfi-pac", "gas244-aarch64-cfi-pac",
                              "gas247-aarch64-cfi-pac"};
  real_section rs;
  checked c;
  sfr_lookup_result r;
  unsigned i;
  /* cfi/aarch64-pac.s: signed_a (key A), then signed_b (key B): +0x4 RA
   * signed, in LR; +0x8 CFA sp+16, FP c-16, RA c-8 signed; +0x14 RA in LR,
   * no longer signed.  The same in versions 1, 2 and 3. */
  for (i = 0; i < sizeof pac / sizeof pac[0]; i++) {
    uint64_t a, b;
    if (!open_real(pac[i], &rs, &c, 1))
      continue;
    a = fde_start(&c, pac[i], 0);
    b = fde_start(&c, pac[i], 1);
    CHECK(sfr_lookup(&c.sec, b + 8, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.fde.index == 1,
          "%s: lookup", pac[i]);
    CHECK(r.fde.pauth_key == 1 && r.rules.ra_mangled && r.rules.ra.kind == SFR_RULE_AT_CFA &&
              r.rules.ra.offset == -8 && r.rules.fp.offset == -16 && r.rules.cfa.offset == 16,
          "%s: AArch64 three words, key B, mangled", pac[i]);
    CHECK(sfr_lookup(&c.sec, b, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.ra.kind == SFR_RULE_UNCHANGED && !r.rules.ra_mangled,
          "%s: AArch64 one word: RA unchanged (in LR)", pac[i]);
    CHECK(sfr_lookup(&c.sec, b + 4, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.ra.kind == SFR_RULE_UNCHANGED && r.rules.ra_mangled,
          "%s: signed in LR after pacibsp", pac[i]);
    CHECK(sfr_lookup(&c.sec, b + 0x14, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              !r.rules.ra_mangled,
          "%s: no longer signed after autibsp", pac[i]);
    CHECK(sfr_lookup(&c.sec, a + 8, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.fde.pauth_key == 0 &&
              r.rules.ra_mangled,
          "%s: key A", pac[i]);
    close_real(&rs, &c);
  }

  /* cfi/s390x-frame.s: fpframe +0xa CFA sp+320 (stored 20 * 8 + 160), FP
   * c-72, RA c-48; +0xe CFA fp+320 (%r11). */
  if (open_real("gas247-s390x-cfi-frame", &rs, &c, 1)) {
    uint64_t f = fde_start(&c, "s390x-frame", 0);
    CHECK(c.sec.big_endian && c.sec.abi == SFR_ABI_S390X_BE, "big-endian s390x");
    CHECK(sfr_lookup(&c.sec, f + 0xa, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.cfa.base == SFR_BASE_SP && r.rules.cfa.offset == 320 &&
              r.rules.ra.offset == -48 && r.rules.fp.offset == -72,
          "s390x CFA scaling");
    CHECK(sfr_lookup(&c.sec, f + 0xe, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.cfa.base == SFR_BASE_FP && r.rules.cfa.offset == 320,
          "s390x CFA on the frame pointer");
    close_real(&rs, &c);
  }

  /* cfi/s390x-regsave.s: regsave +0x8 CFA sp+160, RA in r16 (%f0), FP in
   * r17 (%f2), a flexible FDE. */
  if (open_real("gas247-s390x-cfi-regsave", &rs, &c, 1)) {
    uint64_t f = fde_start(&c, "s390x-regsave", 0);
    CHECK(sfr_lookup(&c.sec, f + 8, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.fde.fde_type == SFR_FDE_TYPE_FLEX && r.rules.cfa.offset == 160 &&
              r.rules.ra.kind == SFR_RULE_REG && r.rules.ra.reg == 16 &&
              r.rules.fp.kind == SFR_RULE_REG && r.rules.fp.reg == 17,
          "s390x flexible RA/FP in FPRs");
    close_real(&rs, &c);
  }
}

/* ---- unwinding ---- */

typedef struct mem {
  uint64_t base;
  uint8_t bytes[1024];
  int be;
} mem;

static int mem_read(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  mem *m = ctx;
  if (addr < m->base || addr - m->base > sizeof m->bytes - n)
    return -1;
  memcpy(out, m->bytes + (addr - m->base), n);
  return 0;
}

static void mem_put(mem *m, uint64_t addr, uint64_t v) {
  unsigned i;
  for (i = 0; i < 8; i++)
    m->bytes[addr - m->base + i] = (uint8_t)(v >> (m->be ? 8 * (7 - i) : 8 * i));
}

/* Memory at 0x7000 and an unwind context reading it. */
static void unwind_setup(sfr_unwind_ctx *uc, mem *m, uint64_t pauth_mask) {
  memset(m, 0, sizeof *m);
  m->base = 0x7000;
  uc->sec = NULL;
  uc->read_mem = mem_read;
  uc->mem_ctx = m;
  uc->pauth_mask = pauth_mask;
}

void test_unwind_amd64(void) {
  real_section rs;
  checked c;
  sfr_unwind_ctx uc;
  sfr_regs cur, caller, frames[4];
  mem m;
  sfr_stop why;
  size_t n;
  if (!open_real("gas247-x86_64-cfi-frame", &rs, &c, 1))
    return;
  unwind_setup(&uc, &m, 0);
  uc.sec = &c.sec;
  /* At 0x401008 (fpframe +0x8): CFA = fp + 16, FP saved at CFA - 16, RA at
   * CFA - 8. */
  mem_put(&m, 0x7008, 0x500000); /* RA */
  mem_put(&m, 0x7000, 0x8000);   /* saved FP */
  memset(&cur, 0, sizeof cur);
  cur.pc = 0x401008;
  cur.sp = 0x6ff0;
  cur.fp = 0x7000;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE, "unwind");
  CHECK(caller.pc == 0x500000 && caller.sp == 0x7010 && caller.fp == 0x8000,
        "caller pc %" PRIx64 " sp %" PRIx64 " fp %" PRIx64, caller.pc, caller.sp, caller.fp);
  n = sfr_backtrace(&uc, &cur, frames, 4, &why);
  CHECK(n == 2 && why == SFR_STOP_NO_FDE, "backtrace: 2 frames then no FDE (%zu, %s)", n,
        sfr_stop_name(why));
  n = sfr_backtrace(&uc, &cur, frames, 1, &why);
  CHECK(n == 1 && why == SFR_STOP_FRAME_LIMIT, "frame limit");
  CHECK(sfr_backtrace(&uc, &cur, frames, 0, &why) == 0 && why == SFR_STOP_FRAME_LIMIT,
        "zero frames");
  cur.fp = 0x9000; /* CFA outside readable memory */
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_MEM_READ, "memory read failure");
  cur.pc = 0x401000; /* sp+8: RA at sp */
  cur.sp = 0x7008;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x500000 &&
            caller.sp == 0x7010 && caller.fp == cur.fp,
        "entry: RA at CFA-8, FP unchanged");
  cur.pc = 0x300000;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NO_FDE, "no FDE");
  close_real(&rs, &c);

  /* cfi/x86_64-flex.s: outermost at 0x401011, RA undefined. */
  if (!open_real("gas247-x86_64-cfi-flex", &rs, &c, 1))
    return;
  uc.sec = &c.sec;
  cur.pc = 0x401011;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_OUTERMOST, "RA undefined");
  close_real(&rs, &c);

  /* The shared vectors, when present: gas 2.46 wrote this signal frame as
   * a version 3 default FDE without FREs. */
  if (!open_real("cfi-sframe-x86_64-signal-1-2.46", &rs, &c, 0))
    return;
  uc.sec = &c.sec;
  cur.pc = 0x401001;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_OUTERMOST,
        "V3 default FDE without FREs is outermost");
  close_real(&rs, &c);
}

void test_unwind_flex_rules(void) {
  real_section rs;
  checked c;
  sfr_unwind_ctx uc;
  sfr_regs cur, caller;
  mem m;
  unwind_setup(&uc, &m, 0);
  /* cfi/x86_64-flex.s: cfa_rbx +0x4 (0x401005) CFA r3+16, RA at CFA-8;
   * ra_in_rcx +0x1 (0x40100f) CFA sp+0, RA in r2. */
  if (open_real("gas247-x86_64-cfi-flex", &rs, &c, 1)) {
    uc.sec = &c.sec;
    memset(&cur, 0, sizeof cur);
    cur.pc = 0x401005;
    cur.sp = 0x7000;
    CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_REG_UNKNOWN, "r3 not given");
    cur.gpr[3] = 0x7020;
    cur.gpr_valid = 1u << 3;
    mem_put(&m, 0x7028, 0x401100); /* RA at CFA - 8, CFA = r3 + 16 = 0x7030 */
    /* A caller knows no register but pc, sp and fp, whatever its frame
     * held before (its gpr[] is not written: gpr_valid says so). */
    memset(&caller, 0xa5, sizeof caller);
    CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.sp == 0x7030 &&
              caller.pc == 0x401100 && caller.gpr_valid == 0 && caller.ra_valid == 0 &&
              caller.ra == 0,
          "CFA from rbx in the topmost frame");
    cur.pc = 0x401006;
    CHECK(sfr_unwind_frame(&uc, &cur, 0, &caller) == SFR_STOP_REG_RULE_BELOW_TOP,
          "register rule below the topmost frame");
    memset(&cur, 0, sizeof cur);
    cur.pc = 0x40100f;
    cur.sp = 0x7000;
    cur.gpr[2] = 0x401234;
    cur.gpr_valid = 1u << 2;
    CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x401234 &&
              caller.sp == 0x7000,
          "RA in r2 (topmost leaf: SP unchanged)");
    close_real(&rs, &c);
  }

  /* The shared vectors, when present: 000000000040107b  sp-8 */
  if (open_real("cfi-sframe-x86_64-4-2.46", &rs, &c, 0)) {
    uc.sec = &c.sec;
    memset(&cur, 0, sizeof cur);
    cur.pc = 0x40107b;
    cur.sp = 0x7000;
    CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_SP_NOT_INCREASING,
          "CFA = sp-8 moves the stack pointer down");
    close_real(&rs, &c);
  }
}

void test_unwind_aarch64_s390x(void) {
  real_section rs;
  checked c;
  sfr_unwind_ctx uc;
  sfr_regs cur, caller;
  mem m;
  uint64_t f;
  unwind_setup(&uc, &m, 0xffff000000000000ull);
  /* cfi/aarch64-pac.s, version 1: signed_b +0x0 CFA sp+0, RA in LR; +0x8
   * CFA sp+16, FP c-16, RA c-8 signed. */
  if (!open_real("gas240-aarch64-cfi-pac", &rs, &c, 1))
    return;
  f = fde_start(&c, "aarch64-pac", 1);
  uc.sec = &c.sec;
  memset(&cur, 0, sizeof cur);
  cur.pc = f;
  cur.sp = 0x7000;
  cur.ra = 0x400200;
  cur.ra_valid = 1;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x400200 &&
            caller.sp == 0x7000,
        "leaf: RA in the link register");
  cur.pc = f + 1;
  CHECK(sfr_unwind_frame(&uc, &cur, 0, &caller) == SFR_STOP_REG_RULE_BELOW_TOP,
        "RA unchanged below the topmost frame");
  cur.pc = f + 8;
  mem_put(&m, 0x7008, 0x1234000000400300ull); /* signed RA at CFA - 8 */
  mem_put(&m, 0x7000, 0x7100);                /* FP at CFA - 16 */
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x400300 &&
            caller.fp == 0x7100 && caller.sp == 0x7010,
        "mangled RA stripped with the PAuth mask: %" PRIx64, caller.pc);
  close_real(&rs, &c);

  /* cfi/s390x-frame.s, big-endian memory: fpframe +0x6 CFA sp+160, FP c-72,
   * RA c-48; +0x0 RA in %r14. */
  if (!open_real("gas247-s390x-cfi-frame", &rs, &c, 1))
    return;
  f = fde_start(&c, "s390x-frame", 0);
  uc.sec = &c.sec;
  m.be = 1;
  memset(&cur, 0, sizeof cur);
  cur.pc = f + 6;
  cur.sp = 0x7000;
  mem_put(&m, 0x7000 + 160 - 48, 0x1000200);
  mem_put(&m, 0x7000 + 160 - 72, 0x7400);
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x1000200 &&
            caller.fp == 0x7400 && caller.sp == 0x7000,
        "s390x: caller SP = CFA - 160, big-endian slots");
  cur.pc = f; /* sp+160, RA unchanged: r14 */
  cur.ra = 0x1000300;
  cur.ra_valid = 1;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x1000300,
        "s390x topmost RA in r14");
  cur.ra_valid = 0;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_REG_UNKNOWN,
        "s390x RA register not given");
  close_real(&rs, &c);
}


/* A version-3 AMD64 section with one flexible function, built here field by
 * field, to unwind through every rule kind: dereferenced CFA, RA at CFA,
 * RA = CFA + offset, FP in a register, FP at register + offset, padding. */
static const uint8_t flex_section[] = {
    0xe2, 0xde,             /* magic 0xdee2, little-endian */
    0x03,                   /* version 3 */
    0x05,                   /* flags: FDE_SORTED | FDE_FUNC_START_PCREL */
    0x03,                   /* ABI: AMD64 */
    0x00,                   /* fixed FP offset: none */
    0xf8,                   /* fixed RA offset: -8 */
    0x00,                   /* aux header length */
    0x01, 0x00, 0x00, 0x00, /* num_fdes 1 */
    0x03, 0x00, 0x00, 0x00, /* num_fres 3 */
    0x1c, 0x00, 0x00, 0x00, /* fre_len 28 */
    0x00, 0x00, 0x00, 0x00, /* fdeoff 0 */
    0x10, 0x00, 0x00, 0x00, /* freoff 16 */
    /* FDE index entry at 28: start = 0x800 + 28 + 0x7e4 = 0x1000 */
    0xe4, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* start offset (PCREL) */
    0x00, 0x01, 0x00, 0x00,                         /* size 0x100 */
    0x00, 0x00, 0x00, 0x00,                         /* FRE data offset 0 */
    /* FDE attribute at 44 */
    0x03, 0x00, /* num_fres 3 */
    0x00,       /* info: FRE type ADDR1, PC type INC */
    0x01,       /* info2: FDE type FLEX */
    0x00,       /* rep_size */
    /* FRE 0 @0x00: CFA = *(rbp-8); RA = *(CFA-8); FP = *(rbp+0) */
    0x00, 0x0c,                         /* start 0; info: 6 words of 1 byte */
    0x33, 0xf8,                         /* CFA: reg 6, deref, reg_p; offset -8 */
    0x02, 0xf8,                         /* RA: CFA-based, deref; offset -8 */
    0x33, 0x00,                         /* FP: reg 6, deref, reg_p; offset 0 */
    /* FRE 1 @0x10: CFA = rsp+16; RA = CFA+16 (value); FP = rbx+0 (value) */
    0x10, 0x0c,                         /* start 0x10; 6 words */
    0x39, 0x10,                         /* CFA: reg 7, reg_p; offset 16 */
    0x08, 0x10,                         /* RA: regnum bits set but not reg_p: CFA+16 */
    0x19, 0x00,                         /* FP: reg 3, reg_p; offset 0 */
    /* FRE 2 @0x20: CFA = rsp+8; RA padding (fixed -8); FP = *(r12+16) */
    0x20, 0x0a,                         /* start 0x20; 5 words */
    0x39, 0x08,                         /* CFA: reg 7, reg_p; offset 8 */
    0x00,                               /* RA: padding word */
    0x63, 0x10,                         /* FP: reg 12, deref, reg_p; offset 16 */
};

void test_unwind_flex_kinds(void) {
  checked c;
  sfr_unwind_ctx uc;
  sfr_regs cur, caller;
  sfr_lookup_result r;
  mem m;
  if (!validate_guarded(&c, flex_section, sizeof flex_section, 0x800)) {
    CHECK(0, "guard");
    return;
  }
  CHECK(c.rep.count == 0, "hand-built flexible section is valid (%zu findings, first %s)",
        c.rep.count, c.rep.count ? sfr_finding_name(c.items[0].id) : "");
  CHECK(sfr_lookup(&c.sec, 0x1000, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.rules.cfa.deref &&
            r.rules.cfa.base == SFR_BASE_FP && r.rules.cfa.offset == -8 &&
            r.rules.ra.kind == SFR_RULE_AT_CFA && r.rules.fp.kind == SFR_RULE_AT_REG,
        "FRE 0 rules");
  CHECK(sfr_lookup(&c.sec, 0x1010, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
            r.rules.ra.kind == SFR_RULE_VAL_CFA && r.rules.ra.offset == 16 &&
            r.rules.fp.kind == SFR_RULE_REG && r.rules.fp.reg == 3,
        "FRE 1 rules");
  CHECK(sfr_lookup(&c.sec, 0x1020, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
            r.rules.ra.kind == SFR_RULE_FIXED && r.rules.ra.not_saved &&
            r.rules.fp.kind == SFR_RULE_AT_REG && r.rules.fp.reg == 12,
        "FRE 2 rules");
  unwind_setup(&uc, &m, 0);
  uc.sec = &c.sec;
  memset(&cur, 0, sizeof cur);
  cur.pc = 0x1000;
  cur.sp = 0x7000;
  cur.fp = 0x7100;
  mem_put(&m, 0x70f8, 0x7200); /* CFA = *(rbp - 8) */
  mem_put(&m, 0x71f8, 0x2000); /* RA = *(CFA - 8) */
  mem_put(&m, 0x7100, 0x7300); /* FP = *(rbp + 0) */
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x2000 &&
            caller.sp == 0x7200 && caller.fp == 0x7300,
        "dereferenced CFA (DRAP)");
  cur.fp = 0x9000;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_MEM_READ, "CFA read fails");
  cur.pc = 0x1010;
  cur.gpr[3] = 0x4444;
  cur.gpr_valid = 1u << 3;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x7020 &&
            caller.fp == 0x4444 && caller.sp == 0x7010,
        "RA = CFA + 16, FP = rbx");
  cur.pc = 0x1020;
  cur.gpr[12] = 0x7100;
  cur.gpr_valid = 1u << 12;
  mem_put(&m, 0x7000, 0x3000);
  mem_put(&m, 0x7110, 0x7500);
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x3000 &&
            caller.fp == 0x7500 && caller.sp == 0x7008,
        "RA padding: fixed offset; FP = *(r12 + 16)");
  cur.pc = 0x1021;
  CHECK(sfr_unwind_frame(&uc, &cur, 0, &caller) == SFR_STOP_REG_RULE_BELOW_TOP,
        "r12 below the topmost frame");
  cur.gpr[12] = 0x9000;
  cur.pc = 0x1020;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_MEM_READ, "FP read fails");
  guard_free(&c.g);
}
