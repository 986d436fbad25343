/* SPDX-License-Identifier: MIT */
/* sfe_random.c - random valid models with the shapes real code has.
 *
 * xorshift128+ seeded through splitmix64: the same seed gives the same
 * model on every host (no rand(), no floating point, no host sizes).
 * Every model is valid and draws no finding at all from a correct reader:
 * row starts strictly increase and stay below the function size, functions
 * are sorted and disjoint, no gaps or unused bytes. */
#include <stdlib.h>
#include <string.h>

#include "sfe_internal.h"

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void sfe_rng_seed(sfe_rng *r, uint64_t seed) {
  uint64_t x = seed;
  r->s[0] = splitmix64(&x);
  r->s[1] = splitmix64(&x);
  if (!r->s[0] && !r->s[1])
    r->s[1] = 1;
}

uint64_t sfe_rng_next(sfe_rng *r) {
  uint64_t a = r->s[0], b = r->s[1];
  r->s[0] = b;
  a ^= a << 23;
  r->s[1] = a ^ b ^ (a >> 17) ^ (b >> 26);
  return r->s[1] + b;
}

uint32_t sfe_rng_below(sfe_rng *r, uint32_t n) {
  return n ? (uint32_t)(sfe_rng_next(r) % n) : 0;
}

/* 1 in n */
static int one_in(sfe_rng *r, uint32_t n) { return sfe_rng_below(r, n) == 0; }
static uint32_t range(sfe_rng *r, uint32_t lo, uint32_t hi) { /* [lo, hi] */
  return lo + sfe_rng_below(r, hi - lo + 1);
}

void sfe_model_free(sfe_model *m) {
  uint32_t i;
  if (!m)
    return;
  if (m->funcs)
    for (i = 0; i < m->nfuncs; i++)
      free(m->funcs[i].rows);
  free(m->funcs);
  free(m->data_order);
  memset(m, 0, sizeof *m);
}

/* ---- building one function ---- */

typedef struct builder {
  const sfe_model *m;
  sfe_rng *r;
  sfe_func *f;
  uint32_t cap;
  int oom;
  sfe_row scratch; /* rows go here once memory ran out */
} builder;

void sfe_entry_rules(const sfe_model *m, sfr_rules *r) {
  memset(r, 0, sizeof *r);
  r->cfa.base = SFR_BASE_SP;
  r->cfa.reg = sfe_dwarf_sp(m->abi);
  r->cfa.offset = m->abi == SFR_ABI_AMD64_LE ? 8 : m->abi == SFR_ABI_S390X_BE ? 160 : 0;
  if (m->abi == SFR_ABI_AMD64_LE) {
    r->ra.kind = SFR_RULE_FIXED;
    r->ra.offset = m->fixed_ra_offset;
  }
  if (m->fixed_fp_offset) {
    r->fp.kind = SFR_RULE_FIXED;
    r->fp.offset = m->fixed_fp_offset;
  }
}

/* A new row at start (which must exceed the previous row's), with rules
 * defaulted for the ABI: CFA sp+0, RA and FP in their default place. */
static sfr_rules *row(builder *b, uint32_t start) {
  sfe_func *f = b->f;
  sfr_rules *r;
  if (b->oom)
    return &b->scratch.rules;
  if (f->nrows == b->cap) {
    uint32_t cap = b->cap ? b->cap * 2 : 8;
    sfe_row *p = realloc(f->rows, cap * sizeof *p);
    if (!p) {
      b->oom = 1;
      return &b->scratch.rules;
    }
    f->rows = p;
    b->cap = cap;
  }
  memset(&f->rows[f->nrows], 0, sizeof f->rows[0]);
  f->rows[f->nrows].start = start;
  r = &f->rows[f->nrows++].rules;
  sfe_entry_rules(b->m, r);
  r->cfa.offset = 0;
  return r;
}

static void cfa(sfr_rules *r, const sfe_model *m, uint8_t base, int64_t off) {
  r->cfa.base = base;
  r->cfa.reg = base == SFR_BASE_SP ? sfe_dwarf_sp(m->abi) : sfe_dwarf_fp(m->abi);
  r->cfa.offset = off;
}

static void cfa_reg(sfr_rules *r, const sfe_model *m, uint32_t reg, int64_t off, int deref) {
  r->cfa.base = sfe_cfa_base_of(m->abi, reg);
  r->cfa.reg = reg;
  r->cfa.offset = off;
  r->cfa.deref = (uint8_t)deref;
}

static void rule(sfr_reg_rule *x, uint8_t kind, uint32_t reg, int64_t off) {
  x->kind = kind;
  x->reg = reg;
  x->offset = off;
  x->not_saved = 0;
}

/* PLT entries: a PCMASK function of 1 to max_blocks blocks of block bytes,
 * its first row at 0 (returned). */
static sfr_rules *plt_entries(builder *b, uint32_t block, uint32_t max_blocks) {
  sfe_func *f = b->f;
  f->pc_type = SFR_PCTYPE_MASK;
  f->rep_size = (uint8_t)block;
  f->size = block * range(b->r, 1, max_blocks);
  return row(b, 0);
}

static void outermost(sfr_rules *r) {
  memset(r, 0, sizeof *r);
  r->outermost = 1;
  r->ra.kind = SFR_RULE_UNDEFINED;
}

/* A size in three tiers, rounded up to align: 1 in rare from the large
 * range, else 1 in 8 from the medium one, else from the small one. */
typedef struct tiers {
  uint32_t rare;
  uint32_t large_lo, large_hi, medium_lo, medium_hi, small_lo, small_hi;
} tiers;

static uint32_t tiered(sfe_rng *r, const tiers *t, uint32_t align) {
  uint32_t n;
  if (one_in(r, t->rare))
    n = range(r, t->large_lo, t->large_hi);
  else if (one_in(r, 8))
    n = range(r, t->medium_lo, t->medium_hi);
  else
    n = range(r, t->small_lo, t->small_hi);
  return (n + align - 1) / align * align;
}

/* Body length of a function: mostly small, sometimes needing 2-byte FRE
 * starts, rarely 4-byte ones. */
static uint32_t body_len(sfe_rng *r, uint32_t align) {
  static const tiers t = {48, 0x10000, 0x30000, 0x100, 0x3000, 4, 200};
  return tiered(r, &t, align);
}

/* A stack frame size: small, sometimes needing 2-byte words, rarely 4. */
static uint32_t frame_size(sfe_rng *r, uint32_t align) {
  static const tiers t = {40, 0x10000, 0x400000, 0x100, 0x7000, 1, 120};
  return tiered(r, &t, align);
}

/* ---- AMD64 ---- */

/* A flexible function: RA still in a register (a trampoline), or a DRAP
 * frame (the CFA in r10, then at *(rbp - 8)). */
static void amd64_flex(builder *b, const sfe_model *m, sfe_rng *r, sfe_func *f) {
  uint32_t at;
  sfr_rules *x;
  f->fde_type = SFR_FDE_TYPE_FLEX;
  row(b, 0)->cfa.offset = 8;
  if (one_in(r, 3)) { /* RA still in a register, e.g. a trampoline */
    x = row(b, 1);
    x->cfa.offset = 16;
    rule(&x->ra, SFR_RULE_REG, range(r, 8, 15), 0);
    x = row(b, range(r, 2, 9));
    x->cfa.offset = 8;
    rule(&x->ra, SFR_RULE_AT_CFA, 0, -8);
    if (one_in(r, 2))
      rule(&x->fp, SFR_RULE_VAL_CFA, 0, -16);
    f->size = f->rows[f->nrows - 1].start + range(r, 1, 30);
    return;
  }
  /* lea 0x8(%rsp),%r10; and $-16,%rsp; push -0x8(%r10); push %rbp;
   * mov %rsp,%rbp; push %r10 ... lea -0x8(%r10),%rsp; ret */
  x = row(b, 5);
  cfa_reg(x, m, 10, 0, 0);
  x = row(b, 13);
  cfa_reg(x, m, 10, 0, 0);
  rule(&x->fp, SFR_RULE_AT_CFA, 0, -16);
  x = row(b, 16);
  cfa_reg(x, m, 6, -8, 1);
  if (one_in(r, 4))
    rule(&x->fp, SFR_RULE_AT_REG, 6, 0); /* FP = *(rbp + 0) */
  else
    rule(&x->fp, SFR_RULE_AT_CFA, 0, -16);
  if (one_in(r, 3))
    rule(&x->ra, SFR_RULE_AT_CFA, 0, -8);
  at = 16 + body_len(r, 1);
  x = row(b, at);
  x->cfa.offset = 8;
  if (one_in(r, 2))
    x->fp.not_saved = 1;
  f->size = at + 1;
  if (one_in(r, 16))
    f->signal = 1;
  return;
}

/* push %rbp; mov %rsp,%rbp; ... leave; ret */
static void amd64_fp_frame(builder *b, const sfe_model *m, sfe_rng *r, sfe_func *f) {
  uint32_t at;
  sfr_rules *x;
  row(b, 0)->cfa.offset = 8;
  x = row(b, 1);
  x->cfa.offset = 16;
  rule(&x->fp, SFR_RULE_AT_CFA, 0, -16);
  x = row(b, 4);
  cfa(x, m, SFR_BASE_FP, 16);
  rule(&x->fp, SFR_RULE_AT_CFA, 0, -16);
  at = 4 + body_len(r, 1);
  if (one_in(r, 3)) { /* an early return, then the body again */
    x = row(b, at);
    x->cfa.offset = 8;
    rule(&x->fp, SFR_RULE_AT_CFA, 0, -16);
    x = row(b, at + 1);
    cfa(x, m, SFR_BASE_FP, 16);
    rule(&x->fp, SFR_RULE_AT_CFA, 0, -16);
    at += 1 + body_len(r, 1);
  }
  x = row(b, at + 1);
  x->cfa.offset = 8;
  rule(&x->fp, SFR_RULE_AT_CFA, 0, -16);
  f->size = at + 2;
  if (sfr_has_fde_attr(m->version) && one_in(r, 32))
    f->signal = 1;
  return;
}

/* pushes, then sub $N,%rsp; no frame pointer */
static void amd64_pushes(builder *b, sfe_rng *r, sfe_func *f) {
  uint32_t at;
  uint32_t pushes = sfe_rng_below(r, 5), alloc = one_in(r, 3) ? 0 : frame_size(r, 8), i;
  int64_t c = 8;
  row(b, 0)->cfa.offset = 8;
  at = 0;
  for (i = 0; i < pushes; i++) {
    at += range(r, 1, 2);
    c += 8;
    row(b, at)->cfa.offset = c;
  }
  if (alloc) {
    at += range(r, 4, 7);
    row(b, at)->cfa.offset = c + alloc;
    at += body_len(r, 1);
    row(b, at)->cfa.offset = c;
  } else {
    at += body_len(r, 1);
  }
  for (i = 0; i < pushes; i++) {
    at += range(r, 1, 2);
    c -= 8;
    row(b, at)->cfa.offset = c;
  }
  f->size = at + 1;
}

static void amd64_func(builder *b, const sfe_model *m, sfe_rng *r, sfe_func *f, uint32_t k) {
  sfr_rules *x;
  if (sfr_has_rep_size(m->version) && k == 0) { /* PLT entries: one block, repeated */
    plt_entries(b, 16, 40)->cfa.offset = 8;
    x = row(b, 11);
    x->cfa.offset = 16;
  } else if (sfr_has_outermost(m->version) && k == 1) { /* _start: RA undefined */
    outermost(row(b, 0));
    f->size = range(r, 8, 60);
    if (one_in(r, 2)) {
      row(b, f->size)->cfa.offset = 8;
      f->size += range(r, 2, 40);
    }
  } else if (sfr_has_fde_attr(m->version) && k <= 4) {
    amd64_flex(b, m, r, f);
  } else if (k <= 8) {
    amd64_fp_frame(b, m, r, f);
  } else {
    amd64_pushes(b, r, f);
  }
}

/* ---- AArch64 ---- */

static void aarch64_func(builder *b, const sfe_model *m, sfe_rng *r, sfe_func *f, uint32_t k) {
  uint32_t at;
  sfr_rules *x;
  int pauth = one_in(r, 3);

  if (sfr_has_rep_size(m->version) && k == 0) { /* PLT entries */
    plt_entries(b, 16, 40);
    return;
  }
  if (sfr_has_outermost(m->version) && k == 1) {
    outermost(row(b, 0));
    f->size = 4 * range(r, 2, 20);
    return;
  }
  if (k == 2) { /* leaf */
    row(b, 0);
    f->size = 4 * range(r, 1, 40);
    return;
  }
  if (sfr_has_fde_attr(m->version) && k <= 4) { /* flexible */
    f->fde_type = SFR_FDE_TYPE_FLEX;
    row(b, 0);
    x = row(b, 4);
    cfa_reg(x, m, range(r, 9, 15), 16, 0);
    rule(&x->ra, SFR_RULE_AT_CFA, 0, -8);
    rule(&x->fp, SFR_RULE_AT_CFA, 0, -16);
    x = row(b, 8);
    cfa_reg(x, m, 29, 16, one_in(r, 2));
    if (x->cfa.deref)
      x->cfa.offset = 0;
    rule(&x->ra, SFR_RULE_AT_REG, 29, 8);
    rule(&x->fp, SFR_RULE_AT_REG, 29, 0);
    x = row(b, 12);
    rule(&x->ra, SFR_RULE_REG, range(r, 16, 17), 0);
    if (one_in(r, 2))
      rule(&x->fp, SFR_RULE_REG, 18, 0);
    at = 12 + body_len(r, 4);
    row(b, at);
    f->size = at + 4;
    if (one_in(r, 16))
      f->signal = 1;
    return;
  }
  {
    uint32_t n = one_in(r, 12) ? frame_size(r, 16) + 16 : 16 * range(r, 1, 12);
    int two_words = one_in(r, 6); /* str x30 only: RA saved, FP not (N2) */
    row(b, 0);
    at = 0;
    if (pauth) { /* paciasp */
      at = 4;
      row(b, at)->ra_mangled = 1;
      f->pauth_key = (uint8_t)one_in(r, 3);
    }
    at += 4; /* stp x29, x30, [sp, #-n]! */
    x = row(b, at);
    x->cfa.offset = n;
    x->ra_mangled = (uint8_t)pauth;
    rule(&x->ra, SFR_RULE_AT_CFA, 0, two_words ? -8 : -(int64_t)n + 8);
    if (!two_words)
      rule(&x->fp, SFR_RULE_AT_CFA, 0, -(int64_t)n);
    if (!two_words && one_in(r, 2)) { /* mov x29, sp */
      sfr_rules prev = *x;
      at += 4;
      x = row(b, at);
      *x = prev;
      cfa(x, m, SFR_BASE_FP, n);
    }
    at += body_len(r, 4); /* ldp x29, x30, [sp], #n */
    x = row(b, at);
    x->ra_mangled = (uint8_t)pauth;
    if (pauth) { /* autiasp */
      at += 4;
      row(b, at);
    }
    f->size = at + 4;
  }
}

/* ---- s390x ---- */

static void s390x_func(builder *b, const sfe_model *m, sfe_rng *r, sfe_func *f, uint32_t k) {
  uint32_t at;
  sfr_rules *x;

  if (k == 0) { /* PLT entries: 32-byte blocks */
    plt_entries(b, 32, 20)->cfa.offset = 160;
    return;
  }
  if (k == 1) {
    outermost(row(b, 0));
    f->size = 2 * range(r, 4, 30);
    return;
  }
  if (k <= 3) { /* leaf keeping RA (r14) and FP (r11) in FPRs f0/f2 */
    int flex = sfr_has_fde_attr(m->version);
    if (flex)
      f->fde_type = SFR_FDE_TYPE_FLEX;
    row(b, 0)->cfa.offset = 160;
    x = row(b, 4);
    x->cfa.offset = 160;
    rule(&x->ra, SFR_RULE_REG, 16, 0);
    x = row(b, 8);
    x->cfa.offset = 160;
    rule(&x->ra, SFR_RULE_REG, 16, 0);
    rule(&x->fp, SFR_RULE_REG, 17, 0);
    at = 8 + body_len(r, 2);
    x = row(b, at);
    x->cfa.offset = 160;
    rule(&x->ra, SFR_RULE_REG, 16, 0);
    if (flex && one_in(r, 2)) {
      at += 4;
      x = row(b, at);
      cfa_reg(x, m, range(r, 1, 5), 160 + 8 * (int64_t)range(r, 0, 4), one_in(r, 2));
      rule(&x->ra, SFR_RULE_AT_CFA, 0, -48);
    }
    f->size = at + 4;
    return;
  }
  { /* stmg %r6,%r15,48(%r15); aghi %r15,-n; [lgr %r11,%r15] ... lmg; br %r14 */
    uint32_t n = frame_size(r, 8) + 160;
    int padding = one_in(r, 5); /* FP saved, RA not */
    int ra_only = !padding && one_in(r, 5);
    int use_fp = one_in(r, 3);
    sfr_rules saved;
    row(b, 0)->cfa.offset = 160;
    x = row(b, 6);
    x->cfa.offset = 160;
    if (padding)
      x->ra.not_saved = 1;
    else
      rule(&x->ra, SFR_RULE_AT_CFA, 0, -48);
    if (!ra_only)
      rule(&x->fp, SFR_RULE_AT_CFA, 0, -72);
    saved = *x;
    x = row(b, 10);
    *x = saved;
    x->cfa.offset = 160 + (int64_t)n;
    at = 10;
    if (use_fp) {
      at += 4;
      x = row(b, at);
      *x = saved;
      cfa(x, m, SFR_BASE_FP, 160 + (int64_t)n);
    }
    at += body_len(r, 2);
    row(b, at)->cfa.offset = 160;
    f->size = at + 2;
  }
}

static void gen_func(builder *b) {
  sfe_func *f = b->f;
  uint32_t k;
  f->fre_type = SFE_AUTO;
  f->word_size = SFE_AUTO;
  if (one_in(b->r, 48)) { /* no FREs: covers no PC (V3: outermost) */
    f->size = range(b->r, 1, 64);
    return;
  }
  /* Each ABI's generator: the builder, its model, generator and function,
   * and a draw in [0, 16) that picks the function's shape. */
  k = sfe_rng_below(b->r, 16);
  switch (b->m->abi) {
  case SFR_ABI_AMD64_LE:
    amd64_func(b, b->m, b->r, f, k);
    break;
  case SFR_ABI_S390X_BE:
    s390x_func(b, b->m, b->r, f, k);
    break;
  default:
    aarch64_func(b, b->m, b->r, f, k);
    break;
  }
  if (one_in(b->r, 24))
    f->word_size = 4;
  if (one_in(b->r, 24))
    f->fre_type = SFR_FRE_TYPE_ADDR4;
  else if (one_in(b->r, 24) && f->size <= 0xffff)
    f->fre_type = SFR_FRE_TYPE_ADDR2;
}

int sfe_random_model(sfe_rng *r, uint8_t version, uint8_t abi, uint8_t big_endian,
                     sfe_model *out) {
  uint32_t n, i;
  uint64_t text, addr;

  memset(out, 0, sizeof *out);
  if (!sfr_version_known(version) || abi < SFR_ABI_AARCH64_BE ||
      abi > SFR_ABI_S390X_BE)
    return -1;
  out->version = version;
  out->abi = abi;
  out->big_endian = big_endian;
  out->flags = SFR_F_FDE_SORTED;
  /* version 3's writers always set PCREL, version 2's since erratum 1 */
  if (sfr_has_fde_attr(version) || (sfr_has_pcrel_flag(version) && !one_in(r, 4)))
    out->flags |= SFR_F_FDE_FUNC_START_PCREL;
  if ((sfr_flags_defined(version) & SFR_F_FRAME_POINTER) && one_in(r, 16))
    out->flags |= SFR_F_FRAME_POINTER;
  if (abi == SFR_ABI_AMD64_LE) {
    out->fixed_ra_offset = -8;
    if (one_in(r, 16))
      out->fixed_fp_offset = -16;
  }
  /* The FRE sub-section first is invalid (SPEC-NOTES N9, fres-before-fdes):
   * the draw stays, so every other model is the same as before the ruling. */
  (void)one_in(r, 32);
  out->fres_first = 0;

  if (one_in(r, 16))
    text = 0xffffffff81000000ull + 0x1000ull * sfe_rng_below(r, 256); /* a kernel */
  else if (one_in(r, 16))
    text = 0x7f0000000000ull + 0x1000ull * sfe_rng_below(r, 1u << 20); /* a shared library */
  else
    text = 0x400000ull + 0x1000ull * sfe_rng_below(r, 256);

  n = one_in(r, 64) ? 0 : range(r, 1, 12);
  out->funcs = calloc(n ? n : 1, sizeof *out->funcs);
  if (!out->funcs)
    return -1;
  out->nfuncs = n;
  addr = text + 16 * sfe_rng_below(r, 8);
  for (i = 0; i < n; i++) {
    builder b;
    b.m = out;
    b.r = r;
    b.f = &out->funcs[i];
    b.cap = 0;
    b.oom = 0;
    memset(&b.scratch, 0, sizeof b.scratch);
    gen_func(&b);
    if (b.oom) {
      sfe_model_free(out);
      return -1;
    }
    b.f->start = addr;
    addr += b.f->size;
    addr = (addr + 15) / 16 * 16 + 16 * sfe_rng_below(r, 3);
  }
  /* Sometimes the FRE data in another order than the FDEs, as ld leaves
   * it: the first k functions' data after the others'. */
  if (n > 1 && one_in(r, 12)) {
    uint32_t k = range(r, 1, n - 1), d = 0, pass;
    out->data_order = malloc(n * sizeof *out->data_order);
    if (!out->data_order) {
      sfe_model_free(out);
      return -1;
    }
    /* functions without FREs last: in versions 1-2 their data offset would
     * otherwise equal the start of another function's data, which the
     * oracle reports as fre-data-overrun (see the report) */
    for (pass = 0; pass < 2; pass++)
      for (i = 0; i < n; i++)
        if ((out->funcs[(i + k) % n].nrows == 0) == (pass == 1))
          out->data_order[d++] = (i + k) % n;
  }
  /* The section lies after the text, or before it. */
  if (one_in(r, 2))
    out->vma = (addr + 0xfff) / 0x1000 * 0x1000 + 0x1000ull * sfe_rng_below(r, 16);
  else
    out->vma = text - 0x1000ull * range(r, 1, 16);
  return 0;
}
