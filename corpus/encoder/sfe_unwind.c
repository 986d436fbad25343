/* SPDX-License-Identifier: MIT */
/* sfe_unwind.c - unwind snapshots (decoder/SNAPSHOT.md) built from a model
 * and the call chain a case wants: the registers and memory are chosen so
 * that, by the model's rules, frame i's caller is at chain[i + 1].  The
 * expected frames are that chain; nothing here reads the encoded bytes. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sfe_internal.h"

#define FRAME_ROOM 0x100u  /* where a chosen CFA lands above the frame's SP */
#define FP_ROOM 0x40u      /* where a chosen saved FP points above the caller's SP */
#define SCRATCH 0x50000000u /* addresses for AT_REG / deref bases in registers */

typedef struct word {
  uint64_t addr, value;
} word;

typedef struct build {
  const sfe_model *m;
  sfr_regs top;        /* frame 0 as the snapshot gives it */
  uint64_t set_regs;   /* bit n: the snapshot gives DWARF register n */
  word *mem;
  size_t nmem, capmem;
  uint64_t scratch;
  char *err;
  size_t errlen;
} build;

static int fail(build *b, size_t frame, const char *what) {
  snprintf(b->err, b->errlen, "unwind: frame %zu: %s", frame, what);
  return -1;
}

/* Records an 8-byte word of memory; overlapping words must agree. */
static int put(build *b, size_t frame, uint64_t addr, uint64_t value) {
  size_t i;
  for (i = 0; i < b->nmem; i++) {
    const word *w = &b->mem[i];
    if (w->addr == addr && w->value == value)
      return 0;
    if (addr - w->addr < 8 || w->addr - addr < 8)
      return fail(b, frame, "two saved values would share memory");
  }
  if (b->nmem == b->capmem) {
    size_t cap = b->capmem ? 2 * b->capmem : 16;
    word *n = realloc(b->mem, cap * sizeof *n);
    if (!n)
      return fail(b, frame, "out of memory");
    b->mem = n;
    b->capmem = cap;
  }
  b->mem[b->nmem].addr = addr;
  b->mem[b->nmem].value = value;
  b->nmem++;
  return 0;
}

/* The value register reg has in frame `frame` (whose SP and FP are given):
 * SP and FP are known in every frame, the others only in the topmost, where
 * the snapshot gives whatever the construction needs (want, when not NULL,
 * is the value it must have). */
static int reg(build *b, size_t frame, const sfr_regs *cur, uint32_t r, const uint64_t *want,
               uint64_t *v) {
  uint8_t abi = b->m->abi;
  uint64_t val;
  if (r == sfe_dwarf_sp(abi) || r == sfe_dwarf_fp(abi)) {
    val = r == sfe_dwarf_sp(abi) ? cur->sp : cur->fp;
    if (want && *want != val)
      return fail(b, frame, "a rule needs SP or FP to hold another value");
    *v = val;
    return 0;
  }
  if (frame != 0)
    return fail(b, frame, "a rule needs a register below the topmost frame");
  if (r == sfe_dwarf_ra(abi)) {
    if (!b->top.ra_valid) {
      b->top.ra = want ? *want : (b->scratch += 0x100);
      b->top.ra_valid = 1;
    }
    val = b->top.ra;
  } else {
    if (r >= SFR_MAX_REGS)
      return fail(b, frame, "register number above 63");
    if (!((b->set_regs >> r) & 1u)) {
      b->top.gpr[r] = want ? *want : (b->scratch += 0x100);
      b->set_regs |= (uint64_t)1 << r;
    }
    val = b->top.gpr[r];
  }
  if (want && *want != val)
    return fail(b, frame, "two rules need one register to hold different values");
  *v = val;
  return 0;
}

/* Make rule r give `value` for frame `frame` (cur: its registers; cfa: its
 * CFA).  is_ra: the rule is the RA's ("unchanged" RA is the link register). */
static int realize(build *b, size_t frame, const sfr_regs *cur, const sfr_reg_rule *r,
                   uint64_t cfa, uint64_t value, int is_ra) {
  uint64_t x, want;
  switch ((sfr_rule_kind)r->kind) {
  case SFR_RULE_UNCHANGED:
    if (is_ra)
      return reg(b, frame, cur, sfe_dwarf_ra(b->m->abi), &value, &x);
    return value == cur->fp ? 0 : fail(b, frame, "an unchanged FP cannot change");
  case SFR_RULE_AT_CFA:
  case SFR_RULE_FIXED:
    return put(b, frame, cfa + (uint64_t)r->offset, value);
  case SFR_RULE_VAL_CFA:
    return cfa + (uint64_t)r->offset == value ? 0 : fail(b, frame, "a CFA-relative value is fixed");
  case SFR_RULE_REG:
    want = value - (uint64_t)r->offset;
    return reg(b, frame, cur, r->reg, &want, &x);
  case SFR_RULE_AT_REG:
    if (reg(b, frame, cur, r->reg, NULL, &x) != 0)
      return -1;
    return put(b, frame, x + (uint64_t)r->offset, value);
  case SFR_RULE_UNDEFINED:
    break;
  }
  return fail(b, frame, "the rule cannot recover a value");
}

/* The FP value the caller of frame `frame` gets: chosen when the rule saves
 * it somewhere, else what the rule computes. */
static uint64_t caller_fp(const sfr_reg_rule *r, const sfr_regs *cur, uint64_t cfa,
                          uint64_t caller_sp) {
  switch ((sfr_rule_kind)r->kind) {
  case SFR_RULE_UNCHANGED:
    return cur->fp;
  case SFR_RULE_VAL_CFA:
    return cfa + (uint64_t)r->offset;
  default:
    return caller_sp + FP_ROOM;
  }
}

/* Frame i's caller: at next_pc, its RA stored as ra (next_pc, signed when
 * the row says the RA is mangled). */
static int step(build *b, size_t i, const sfr_regs *cur, uint64_t next_pc, uint64_t ra,
                sfr_regs *caller) {
  const sfe_model *m = b->m;
  long fi, ri;
  sfr_lookup_status ls = sfe_expected_find(m, cur->pc, i == 0 ? SFR_PC_IP : SFR_PC_RA, &fi, &ri);
  const sfr_rules *r;
  uint64_t base, cfa, caller_sp;
  if (ls != SFR_LOOKUP_FOUND)
    return fail(b, i, "the PC has no row, so it can have no caller");
  r = &m->funcs[fi].rows[ri].rules;
  if (r->outermost)
    return fail(b, i, "the PC's row is outermost, so it can have no caller");
  if (r->cfa.base == SFR_BASE_SP)
    base = cur->sp;
  else if (r->cfa.base == SFR_BASE_FP)
    base = cur->fp;
  else if (r->cfa.deref) {
    if (reg(b, i, cur, r->cfa.reg, NULL, &base) != 0)
      return -1;
  } else {
    uint64_t want = cur->sp + FRAME_ROOM - (uint64_t)r->cfa.offset;
    if (reg(b, i, cur, r->cfa.reg, &want, &base) != 0)
      return -1;
  }
  cfa = base + (uint64_t)r->cfa.offset;
  if (r->cfa.deref) {
    uint64_t chosen = cur->sp + 2 * FRAME_ROOM; /* clear of FP-relative slots */
    if (put(b, i, cfa, chosen) != 0)
      return -1;
    cfa = chosen;
  }
  caller_sp = cfa + (uint64_t)(m->abi == SFR_ABI_S390X_BE ? SFR_S390X_SP_VAL_OFFSET : 0);
  if (caller_sp < cur->sp || (i > 0 && caller_sp == cur->sp))
    return fail(b, i, "the caller's SP would not be above the frame's");
  memset(caller, 0, sizeof *caller);
  caller->pc = next_pc;
  caller->sp = caller_sp;
  caller->fp = caller_fp(&r->fp, cur, cfa, caller_sp);
  if (realize(b, i, cur, &r->ra, cfa, ra, 1) != 0)
    return -1;
  return realize(b, i, cur, &r->fp, cfa, caller->fp, 0);
}

static int cmp_word(const void *a, const void *b) {
  const word *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

int sfe_build_unwind(const sfe_model *m, const sfe_unwind_spec *spec, FILE *snapshot,
                     FILE *expected, char *err, size_t errlen) {
  build b;
  sfr_regs *frames;
  size_t i, k;
  int rc = -1;

  memset(&b, 0, sizeof b);
  b.m = m;
  b.err = err;
  b.errlen = errlen;
  b.scratch = SCRATCH;
  if (spec->nchain == 0) {
    snprintf(err, errlen, "unwind: no PCs in the chain");
    return -1;
  }
  if (!(frames = calloc(spec->nchain + 1, sizeof *frames))) {
    snprintf(err, errlen, "unwind: out of memory");
    return -1;
  }
  frames[0].pc = spec->chain[0];
  frames[0].sp = spec->sp;
  frames[0].fp = spec->have_fp ? spec->fp : spec->sp + FRAME_ROOM;
  b.top = frames[0];
  for (i = 0; i + 1 < spec->nchain + (spec->have_beyond ? 1 : 0); i++) {
    uint64_t next = i + 1 < spec->nchain ? spec->chain[i + 1] : spec->beyond;
    const sfr_regs *cur = i == 0 ? &b.top : &frames[i];
    long fi, ri;
    int mangled = sfe_expected_find(m, cur->pc, i == 0 ? SFR_PC_IP : SFR_PC_RA, &fi, &ri) ==
                      SFR_LOOKUP_FOUND &&
                  m->funcs[fi].rows[ri].rules.ra_mangled;
    if (mangled && (next & spec->pauth_mask)) {
      snprintf(err, errlen, "unwind: frame %zu: the caller's PC has pauth-mask bits set", i);
      goto out;
    }
    /* A mangled RA carries its signature in the masked bits. */
    if (step(&b, i, cur, next, mangled ? next | spec->pauth_mask : next, &frames[i + 1]) != 0)
      goto out;
  }

  fprintf(snapshot, "# unwind snapshot (decoder/SNAPSHOT.md), built from the case's model\n");
  fprintf(snapshot, "pc 0x%" PRIx64 "\nsp 0x%" PRIx64 "\nfp 0x%" PRIx64 "\n", b.top.pc, b.top.sp,
          b.top.fp);
  if (b.top.ra_valid && !spec->omit_regs)
    fprintf(snapshot, "ra 0x%" PRIx64 "\n", b.top.ra);
  for (k = 0; k < SFR_MAX_REGS; k++)
    if (((b.set_regs >> k) & 1u) && !spec->omit_regs)
      fprintf(snapshot, "reg %zu 0x%" PRIx64 "\n", k, b.top.gpr[k]);
  if (spec->pauth_mask)
    fprintf(snapshot, "pauth-mask 0x%" PRIx64 "\n", spec->pauth_mask);
  if (spec->max_frames)
    fprintf(snapshot, "max-frames %u\n", spec->max_frames);
  if (b.nmem)
    qsort(b.mem, b.nmem, sizeof *b.mem, cmp_word);
  for (k = 0; k < b.nmem; k++) {
    unsigned j;
    fprintf(snapshot, "mem 0x%" PRIx64 " ", b.mem[k].addr);
    for (j = 0; j < 8; j++)
      fprintf(snapshot, "%02x",
              (unsigned)(b.mem[k].value >> (m->big_endian ? 8 * (7 - j) : 8 * j)) & 0xffu);
    fputc('\n', snapshot);
  }

  fprintf(expected, "{\"schema\":\"sframe-conformance/unwind/1\",\"frames\":[");
  for (i = 0; i < spec->nchain; i++)
    fprintf(expected, "%s{\"pc\":\"0x%" PRIx64 "\",\"sp\":\"0x%" PRIx64 "\",\"fp\":\"0x%" PRIx64 "\"}",
            i ? "," : "", frames[i].pc, frames[i].sp, frames[i].fp);
  fprintf(expected, "],\"stop\":\"%s\"}\n", spec->stop);
  rc = 0;
out:
  free(frames);
  free(b.mem);
  return rc;
}
