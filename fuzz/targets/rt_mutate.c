/* SPDX-License-Identifier: MIT */
/* rt_mutate.c - the roundtrip target's structured mutator (rt_mutate.h):
 * edits of the model (header, functions, rows, rules) that mostly keep it a
 * section the encoder can write, so that most inputs the fuzzer tries reach
 * the oracle. */
#include "rt_mutate.h"

#include <stdlib.h>
#include <string.h>

#include "rt_check.h"

static uint32_t rt_below(sfe_rng *r, uint32_t n) { return sfe_rng_below(r, n); }
static int rt_one_in(sfe_rng *r, uint32_t n) { return sfe_rng_below(r, n) == 0; }

static int rt_is_aarch64(uint8_t abi) {
  return abi == SFR_ABI_AARCH64_BE || abi == SFR_ABI_AARCH64_LE;
}

static void rt_set_rule(sfr_reg_rule *x, uint8_t kind, uint32_t reg, int64_t off) {
  x->kind = kind;
  x->reg = reg;
  x->offset = off;
  x->not_saved = 0;
}

static void rt_ra_default(const sfe_model *m, sfr_reg_rule *x) {
  if (m->abi == SFR_ABI_AMD64_LE)
    rt_set_rule(x, SFR_RULE_FIXED, 0, m->fixed_ra_offset);
  else
    rt_set_rule(x, SFR_RULE_UNCHANGED, 0, 0);
}

static void rt_fp_default(const sfe_model *m, sfr_reg_rule *x) {
  if (m->fixed_fp_offset)
    rt_set_rule(x, SFR_RULE_FIXED, 0, m->fixed_fp_offset);
  else
    rt_set_rule(x, SFR_RULE_UNCHANGED, 0, 0);
}

/* Whether the encoder can express the row's rules in this model and
 * function: it is asked (sfe_encode of a one-function, one-row model with
 * the model's header and the function's FDE fields), rather than its rules
 * being written again here. */
static int rt_rules_encode(const sfe_model *m, const sfe_func *f, const sfr_rules *r) {
  sfe_model probe = *m;
  sfe_func fn = *f;
  sfe_row row;
  sfe_section s;
  memset(&row, 0, sizeof row);
  row.rules = *r;
  fn.start = m->vma;
  fn.nrows = 1;
  fn.rows = &row;
  probe.nfuncs = 1;
  probe.funcs = &fn;
  probe.data_order = NULL;
  probe.fres_first = 0;
  if (sfe_encode(&probe, &s, NULL, 0) != SFE_OK)
    return 0;
  sfe_section_free(&s);
  return 1;
}

/* Make a row's rules expressible for the model's ABI, version, header and
 * the function's FDE type, keeping what can be kept. */
void rt_fix_rules(const sfe_model *m, const sfe_func *f, sfr_rules *r) {
  int64_t off = r->cfa.offset;
  sfr_rules try;
  if (r->outermost) {
    if (sfr_has_outermost(m->version))
      return;
    r->outermost = 0;
  }
  if (f->fde_type != SFR_FDE_TYPE_FLEX) {
    r->cfa.deref = 0;
    if (r->cfa.base != SFR_BASE_SP && r->cfa.base != SFR_BASE_FP)
      r->cfa.base = SFR_BASE_SP;
  } else if (r->cfa.base > SFR_BASE_REG) {
    r->cfa.base = SFR_BASE_SP;
  }
  if (m->abi == SFR_ABI_S390X_BE) {
    const int64_t lo = 160 + 8 * (int64_t)INT32_MIN, hi = 160 + 8 * (int64_t)INT32_MAX;
    int64_t d;
    off = off < lo ? lo : off > hi ? hi : off;
    d = off - 160;
    off = 160 + (d - d % 8);
  } else {
    off = off < INT32_MIN ? INT32_MIN : off > INT32_MAX ? INT32_MAX : off;
  }
  r->cfa.offset = off;
  if (rt_rules_encode(m, f, r))
    return;
  /* Keep what can be kept: the RA rule, else the FP rule, else neither. */
  try = *r;
  rt_fp_default(m, &try.fp);
  if (rt_rules_encode(m, f, &try)) {
    *r = try;
    return;
  }
  try = *r;
  rt_ra_default(m, &try.ra);
  try.ra.not_saved = (uint8_t)(r->ra.not_saved && try.ra.kind == SFR_RULE_UNCHANGED);
  if (!rt_rules_encode(m, f, &try))
    rt_fp_default(m, &try.fp);
  *r = try;
}

static int64_t rt_rand_off(sfe_rng *r) {
  static const int64_t interesting[] = {0,      1,      -1,     8,      -8,        16,
                                        -16,    127,    128,    -128,   -129,      255,
                                        256,    32767,  32768,  -32768, -32769,    65535,
                                        65536,  -65536, 0x7fffff, INT32_MAX, INT32_MIN, -24};
  switch (rt_below(r, 5)) {
  case 0:
    return interesting[rt_below(r, sizeof interesting / sizeof interesting[0])];
  case 1:
    return rt_s32((uint32_t)sfe_rng_next(r));
  case 2:
    return (int64_t)rt_below(r, 64) * 8 - 256;
  default:
    return (int64_t)rt_below(r, 64) * 8 - 256 + (rt_one_in(r, 4) ? (int64_t)rt_below(r, 8) : 0);
  }
}

static uint32_t rt_rand_reg(const sfe_model *m, sfe_rng *r) {
  switch (rt_below(r, 6)) {
  case 0:
    return rtc_sp_reg(m->abi);
  case 1:
    return rtc_fp_reg(m->abi);
  case 2:
    return (uint32_t)sfe_rng_next(r) & 0xffffu;
  default:
    return rt_below(r, 33);
  }
}

static void rt_rand_cfa(const sfe_model *m, const sfe_func *f, sfe_rng *r, sfr_rules *x) {
  uint32_t b = rt_below(r, f->fde_type == SFR_FDE_TYPE_FLEX ? 6 : 4);
  x->cfa.base = b < 3 ? SFR_BASE_SP : b == 3 ? SFR_BASE_FP : SFR_BASE_REG;
  x->cfa.reg = x->cfa.base == SFR_BASE_REG ? rt_rand_reg(m, r) : 0;
  x->cfa.deref = (uint8_t)(f->fde_type == SFR_FDE_TYPE_FLEX && rt_one_in(r, 6));
  if (m->abi == SFR_ABI_S390X_BE)
    x->cfa.offset = 160 + 8 * (rt_one_in(r, 3) ? rt_rand_off(r) : (int64_t)rt_below(r, 40));
  else if (rt_one_in(r, 3))
    x->cfa.offset = rt_rand_off(r);
  else
    x->cfa.offset = (int64_t)rt_below(r, 32) * 8 + (m->abi == SFR_ABI_AMD64_LE ? 8 : 0);
}

static void rt_rand_reg_rule(const sfe_model *m, const sfe_func *f, sfe_rng *r, sfr_rules *x,
                             int is_ra) {
  sfr_reg_rule *y = is_ra ? &x->ra : &x->fp;
  uint8_t kind;
  if (rt_one_in(r, 3)) {
    if (is_ra)
      rt_ra_default(m, y);
    else
      rt_fp_default(m, y);
    y->not_saved = (uint8_t)rt_one_in(r, 6);
    return;
  }
  if (f->fde_type == SFR_FDE_TYPE_FLEX) {
    static const uint8_t kinds[4] = {SFR_RULE_AT_CFA, SFR_RULE_VAL_CFA, SFR_RULE_REG,
                                     SFR_RULE_AT_REG};
    kind = kinds[rt_below(r, 4)];
  } else if (m->abi == SFR_ABI_S390X_BE && sfr_s390x_regnum_words(m->version) && rt_one_in(r, 3)) {
    kind = SFR_RULE_REG;
  } else {
    kind = SFR_RULE_AT_CFA;
  }
  if (rt_one_in(r, 16))
    kind = (uint8_t)rt_below(r, 7); /* anything, the encoder may refuse */
  rt_set_rule(y, kind, kind == SFR_RULE_REG || kind == SFR_RULE_AT_REG ? rt_rand_reg(m, r) : 0,
              rt_one_in(r, 2) ? -(int64_t)(8 * (1 + rt_below(r, 8))) : rt_rand_off(r));
  if (m->abi == SFR_ABI_S390X_BE && f->fde_type != SFR_FDE_TYPE_FLEX && kind == SFR_RULE_REG)
    y->offset = 0;
  if (!is_ra && rt_is_aarch64(m->abi) && f->fde_type != SFR_FDE_TYPE_FLEX &&
      x->ra.kind != SFR_RULE_AT_CFA)
    rt_set_rule(&x->ra, SFR_RULE_AT_CFA, 0, y->offset + 8);
}

/* Fresh rules for a row (expressible, unless raw). */
static void rt_rand_rules(const sfe_model *m, const sfe_func *f, sfe_rng *r, sfr_rules *x,
                          int raw) {
  memset(x, 0, sizeof *x);
  if (sfr_has_outermost(m->version) && rt_one_in(r, 16)) {
    x->outermost = 1;
    x->ra.kind = SFR_RULE_UNDEFINED;
  } else {
    rt_rand_cfa(m, f, r, x);
    rt_rand_reg_rule(m, f, r, x, 1);
    rt_rand_reg_rule(m, f, r, x, 0);
  }
  x->ra_mangled = (uint8_t)(rt_is_aarch64(m->abi) ? rt_one_in(r, 4) : rt_one_in(r, 32));
  if (!raw)
    rt_fix_rules(m, f, x);
}

void rt_fix_all(rt_model *rm) {
  sfe_model *m = &rm->m;
  uint32_t i, j;
  for (i = 0; i < m->nfuncs; i++)
    for (j = 0; j < m->funcs[i].nrows; j++)
      rt_fix_rules(m, &m->funcs[i], &m->funcs[i].rows[j].rules);
}

static uint64_t rt_func_end(const sfe_func *f) { return f->start + f->size; }

/* The end of the highest function. */
static uint64_t rt_max_end(const sfe_model *m) {
  uint64_t e = 0;
  uint32_t i;
  for (i = 0; i < m->nfuncs; i++)
    if (rt_func_end(&m->funcs[i]) > e)
      e = rt_func_end(&m->funcs[i]);
  return e;
}

static uint32_t rt_rand_size(sfe_rng *r) {
  static const uint32_t interesting[] = {0, 1, 2, 255, 256, 257, 65535, 65536, 65537, 0x100000};
  if (rt_one_in(r, 6))
    return interesting[rt_below(r, sizeof interesting / sizeof interesting[0])];
  return 1 + rt_below(r, rt_one_in(r, 4) ? 4096 : 200);
}

static int rt_grow_rows(sfe_func *f) {
  sfe_row *p = realloc(f->rows, (f->nrows + 1) * sizeof *p);
  if (!p)
    return -1;
  f->rows = p;
  return 0;
}

/* Insert a new function at index pos (ranks move along). */
sfe_func *rt_insert_func(rt_model *rm, uint32_t pos) {
  sfe_model *m = &rm->m;
  sfe_func *p;
  if (m->nfuncs >= RT_MAX_FUNCS || pos > m->nfuncs)
    return NULL;
  p = realloc(m->funcs, (m->nfuncs + 1) * sizeof *p);
  if (!p)
    return NULL;
  m->funcs = p;
  memmove(&m->funcs[pos + 1], &m->funcs[pos], (m->nfuncs - pos) * sizeof *p);
  memmove(&rm->rank[pos + 1], &rm->rank[pos], m->nfuncs - pos);
  memset(&m->funcs[pos], 0, sizeof *p);
  rm->rank[pos] = 0;
  m->nfuncs++;
  return &m->funcs[pos];
}

void rt_delete_func(rt_model *rm, uint32_t pos) {
  sfe_model *m = &rm->m;
  if (pos >= m->nfuncs)
    return;
  free(m->funcs[pos].rows);
  memmove(&m->funcs[pos], &m->funcs[pos + 1], (m->nfuncs - pos - 1) * sizeof *m->funcs);
  memmove(&rm->rank[pos], &rm->rank[pos + 1], m->nfuncs - pos - 1);
  m->nfuncs--;
}

/* A new function with a few rows, in free address space. */
static void rt_mut_insert_func(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  uint32_t pos = m->nfuncs, nr, j, size, at;
  uint64_t start;
  sfe_func *f;

  if (m->nfuncs > 0 && rt_one_in(r, 3)) {
    /* a copy of another function, after the highest one */
    const sfe_func *src = &m->funcs[rt_below(r, m->nfuncs)];
    sfe_func copy = *src;
    copy.rows = malloc((src->nrows ? src->nrows : 1) * sizeof *copy.rows);
    if (!copy.rows)
      return;
    if (src->nrows) /* a function without rows may have no array */
      memcpy(copy.rows, src->rows, src->nrows * sizeof *copy.rows);
    copy.start = (rt_max_end(m) + 15) / 16 * 16 + 16 * rt_below(r, 3);
    f = rt_insert_func(rm, pos);
    if (!f) {
      free(copy.rows);
      return;
    }
    *f = copy;
    rm->rank[pos] = (uint8_t)rt_below(r, 256);
    return;
  }
  size = rt_rand_size(r);
  if (m->nfuncs == 0)
    start = m->vma + 0x1000 * (uint64_t)rt_below(r, 16) + 16 * (uint64_t)rt_below(r, 8);
  else if (rt_one_in(r, 4) && m->funcs[0].start >= (uint64_t)size + 64) {
    start = (m->funcs[0].start - size) / 16 * 16 - 16 * (uint64_t)rt_below(r, 3);
    pos = 0;
  } else {
    start = (rt_max_end(m) + 15) / 16 * 16 + 16 * (uint64_t)rt_below(r, 3);
  }
  if (rt_one_in(r, 16))
    start = sfe_rng_next(r);
  f = rt_insert_func(rm, pos);
  if (!f)
    return;
  rm->rank[pos] = (uint8_t)rt_below(r, 256);
  f->start = start;
  f->size = size;
  f->fre_type = SFE_AUTO;
  f->word_size = SFE_AUTO;
  f->fde_type = (uint8_t)(sfr_has_fde_attr(m->version) && rt_one_in(r, 3));
  f->signal = (uint8_t)(sfr_has_fde_attr(m->version) && rt_one_in(r, 16));
  f->pauth_key = (uint8_t)(rt_is_aarch64(m->abi) && rt_one_in(r, 4));
  if (sfr_has_rep_size(m->version) && rt_one_in(r, 8)) {
    f->pc_type = SFR_PCTYPE_MASK;
    f->rep_size = (uint8_t)(rt_one_in(r, 2) ? 16 : 1 + rt_below(r, 255));
  }
  nr = rt_below(r, 9);
  f->rows = calloc(nr ? nr : 1, sizeof *f->rows);
  if (!f->rows) {
    rt_delete_func(rm, pos);
    return;
  }
  for (j = 0, at = 0; j < nr; j++) {
    uint64_t limit = 0;
    if (rt_row_limit(m, f, &limit) && at > limit)
      break;
    f->rows[j].start = at;
    rt_rand_rules(m, f, r, &f->rows[j].rules, rt_one_in(r, 32));
    f->nrows++;
    at += 1 + rt_below(r, rt_one_in(r, 4) ? 64 : 8);
  }
}

static void rt_mut_header(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  int fix = 0;
  static const int8_t offs[] = {0, -8, -16, 8, 16, -24, -32, 127, -128, 1, -1};
  switch (rt_below(r, 13)) {
  case 0:
    m->version = (uint8_t)(1 + rt_below(r, 3));
    fix = 1;
    break;
  case 1:
    m->abi = (uint8_t)(1 + rt_below(r, 4));
    m->big_endian = (uint8_t)(m->abi == SFR_ABI_AARCH64_BE || m->abi == SFR_ABI_S390X_BE);
    fix = 1;
    break;
  case 2:
    m->big_endian ^= 1u;
    break;
  case 3:
    m->flags ^= (uint8_t)(1u << rt_below(r, 3));
    break;
  case 4:
    m->fixed_fp_offset = rt_one_in(r, 4) ? rt_s8((uint8_t)rt_below(r, 256))
                                         : offs[rt_below(r, sizeof offs)];
    fix = 1;
    break;
  case 5:
    m->fixed_ra_offset = rt_one_in(r, 4) ? rt_s8((uint8_t)rt_below(r, 256))
                                         : offs[rt_below(r, sizeof offs)];
    fix = 1;
    break;
  case 6:
    m->auxhdr_len = (uint8_t)(rt_one_in(r, 2) ? 0 : rt_below(r, 256));
    break;
  case 7: {
    uint32_t v = rt_one_in(r, 2) ? 0 : rt_below(r, 256);
    switch (rt_below(r, 3)) {
    case 0:
      m->gap_after_header = v;
      break;
    case 1:
      m->gap_between = v;
      break;
    default:
      m->trailing = v;
      break;
    }
    break;
  }
  case 8:
    m->fres_first ^= 1u;
    break;
  case 9:
    switch (rt_below(r, 6)) {
    case 0:
      m->vma = sfe_rng_next(r);
      break;
    case 1:
      m->vma = rt_one_in(r, 2) ? 0 : UINT64_MAX - rt_below(r, 0x10000);
      break;
    case 2:
      if (m->nfuncs)
        m->vma = m->funcs[0].start - 0x1000 * (uint64_t)rt_below(r, 16);
      break;
    case 3:
      m->vma = (rt_max_end(m) + 0xfff) / 0x1000 * 0x1000 + 0x1000 * (uint64_t)rt_below(r, 16);
      break;
    default:
      m->vma += (uint64_t)(int64_t)rt_rand_off(r);
      break;
    }
    break;
  case 10:
    if (rt_one_in(r, 3)) {
      rm->has_order ^= 1u;
    } else {
      uint32_t i;
      rm->has_order = 1;
      for (i = 0; i < m->nfuncs; i++)
        rm->rank[i] = (uint8_t)rt_below(r, 256);
    }
    break;
  case 11:
    m->flags = (uint8_t)(SFR_F_FDE_SORTED |
                         (sfr_has_pcrel_flag(m->version) && rt_one_in(r, 2) ? SFR_F_FDE_FUNC_START_PCREL
                                                                         : 0));
    break;
  default:
    m->flags = 0;
    break;
  }
  if (fix && !rt_one_in(r, 8)) {
    uint32_t i;
    for (i = 0; i < m->nfuncs; i++)
      rt_norm_func(m, &m->funcs[i]);
    rt_fix_all(rm);
  }
}

static void rt_mut_func(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  uint32_t i = rt_below(r, m->nfuncs), j;
  sfe_func *f = &m->funcs[i];
  switch (rt_below(r, 11)) {
  case 0:
    switch (rt_below(r, 4)) {
    case 0:
      if (i > 0)
        f->start = (rt_func_end(&m->funcs[i - 1]) + 15) / 16 * 16 + 16 * rt_below(r, 2);
      else
        f->start -= 16 * (uint64_t)(1 + rt_below(r, 16));
      break;
    case 1:
      f->start += (uint64_t)(int64_t)rt_rand_off(r);
      break;
    case 2:
      f->start = m->vma + (uint64_t)(int64_t)rt_rand_off(r);
      break;
    default:
      f->start = sfe_rng_next(r);
      break;
    }
    break;
  case 1:
    switch (rt_below(r, 3)) {
    case 0:
      f->size = (f->nrows ? f->rows[f->nrows - 1].start : 0) + rt_below(r, 32);
      break;
    case 1:
      f->size += (uint32_t)rt_s32((uint32_t)rt_rand_off(r));
      break;
    default:
      f->size = rt_rand_size(r);
      break;
    }
    break;
  case 2:
    f->pc_type ^= 1u;
    if (f->pc_type == SFR_PCTYPE_MASK && f->rep_size == 0)
      f->rep_size = (uint8_t)(f->nrows ? (f->rows[f->nrows - 1].start & 0xff) + 1 + rt_below(r, 8)
                                       : 1 + rt_below(r, 255));
    break;
  case 3:
    f->rep_size = (uint8_t)rt_below(r, 256);
    break;
  case 4:
    if (m->version < SFR_VERSION_MAX && rt_one_in(r, 2)) {
      m->version = SFR_VERSION_MAX;
      m->flags &= sfr_flags_defined(SFR_VERSION_MAX);
    }
    f->fde_type ^= 1u;
    for (j = 0; j < f->nrows; j++)
      rt_fix_rules(m, f, &f->rows[j].rules);
    break;
  case 5:
    f->pauth_key ^= 1u;
    break;
  case 6:
    f->signal ^= 1u;
    break;
  case 7: {
    static const uint8_t t[4] = {SFE_AUTO, 0, 1, 2};
    f->fre_type = t[rt_below(r, 4)];
    break;
  }
  case 8: {
    static const uint8_t w[4] = {SFE_AUTO, 1, 2, 4};
    f->word_size = w[rt_below(r, 4)];
    break;
  }
  case 9:
    rm->rank[i] = (uint8_t)rt_below(r, 256);
    rm->has_order = 1;
    break;
  default:
    /* swap with another function (an unsorted order without the flag) */
    if (m->nfuncs > 1) {
      uint32_t k = rt_below(r, m->nfuncs);
      sfe_func t = m->funcs[i];
      uint8_t rk = rm->rank[i];
      m->funcs[i] = m->funcs[k];
      m->funcs[k] = t;
      rm->rank[i] = rm->rank[k];
      rm->rank[k] = rk;
      if (rt_one_in(r, 2))
        m->flags &= (uint8_t)~SFR_F_FDE_SORTED;
    }
    break;
  }
}

/* Pick a function that has rows; NULL if none does. */
static sfe_func *rt_pick_rows(sfe_model *m, sfe_rng *r) {
  uint32_t i, k = rt_below(r, m->nfuncs ? m->nfuncs : 1);
  for (i = 0; i < m->nfuncs; i++) {
    sfe_func *f = &m->funcs[(k + i) % m->nfuncs];
    if (f->nrows)
      return f;
  }
  return NULL;
}

static void rt_mut_insert_row(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  sfe_func *f;
  uint32_t j, lo, hi, start;
  uint64_t limit = UINT32_MAX;
  if (!m->nfuncs)
    return;
  f = &m->funcs[rt_below(r, m->nfuncs)];
  if (f->nrows >= RT_MAX_ROWS || rt_grow_rows(f) != 0)
    return;
  rt_row_limit(m, f, &limit);
  j = rt_below(r, f->nrows + 1);
  lo = j == 0 ? 0 : f->rows[j - 1].start + 1;
  hi = j == f->nrows ? (uint32_t)(limit < UINT32_MAX ? limit : UINT32_MAX) : f->rows[j].start - 1;
  if ((j > 0 && f->rows[j - 1].start == UINT32_MAX) || (j < f->nrows && f->rows[j].start == 0))
    return;
  if (lo > hi) {
    if (j != f->nrows || f->pc_type == SFR_PCTYPE_MASK)
      return;
    hi = lo + rt_below(r, 16); /* past the end: grow the function */
    if (hi < lo)
      return;
  }
  start = lo + rt_below(r, hi - lo + 1 > 64 && !rt_one_in(r, 8) ? 64 : hi - lo + 1);
  if (f->pc_type == SFR_PCTYPE_INC && start >= f->size)
    f->size = start + 1;
  memmove(&f->rows[j + 1], &f->rows[j], (f->nrows - j) * sizeof *f->rows);
  memset(&f->rows[j], 0, sizeof *f->rows);
  f->rows[j].start = start;
  if (f->nrows && rt_one_in(r, 2))
    f->rows[j].rules = f->rows[j > 0 ? j - 1 : 1].rules;
  else
    rt_rand_rules(m, f, r, &f->rows[j].rules, rt_one_in(r, 32));
  f->nrows++;
}

static void rt_mut_row_start(rt_model *rm, sfe_rng *r) {
  static const uint32_t interesting[] = {0, 1, 0xff, 0x100, 0xffff, 0x10000, 0x7fffffff,
                                         0xfffffffe};
  sfe_func *f = rt_pick_rows(&rm->m, r);
  uint32_t j, lo, hi;
  if (!f)
    return;
  j = rt_below(r, f->nrows);
  if (rt_one_in(r, 4)) {
    uint32_t v = interesting[rt_below(r, sizeof interesting / sizeof interesting[0])];
    f->rows[j].start = v;
    if (f->pc_type == SFR_PCTYPE_INC && v >= f->size && v < UINT32_MAX)
      f->size = v + 1;
    return; /* rows no longer in order are skipped by the parse */
  }
  lo = j == 0 ? 0 : f->rows[j - 1].start + 1;
  hi = j + 1 == f->nrows ? f->rows[j].start + 64 : f->rows[j + 1].start - 1;
  if (hi < lo)
    return;
  f->rows[j].start = lo + rt_below(r, hi - lo + 1);
  if (f->pc_type == SFR_PCTYPE_INC && f->rows[j].start >= f->size && rt_one_in(r, 2))
    f->size = f->rows[j].start + 1;
}

static void rt_mut_rule(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  sfe_func *f = rt_pick_rows(m, r);
  sfr_rules *x;
  if (!f)
    return;
  x = &f->rows[rt_below(r, f->nrows)].rules;
  switch (rt_below(r, 9)) {
  case 0:
    rt_rand_cfa(m, f, r, x);
    break;
  case 1:
    if (m->abi == SFR_ABI_S390X_BE)
      x->cfa.offset = rt_s64((uint64_t)x->cfa.offset + (uint64_t)(8 * rt_rand_off(r)));
    else
      x->cfa.offset = rt_one_in(r, 2) ? rt_rand_off(r)
                                      : rt_s64((uint64_t)x->cfa.offset +
                                               (uint64_t)(8 * ((int64_t)rt_below(r, 5) - 2)));
    break;
  case 2:
    x->cfa.deref ^= 1u;
    break;
  case 3:
    rt_rand_reg_rule(m, f, r, x, 1);
    break;
  case 4:
    rt_rand_reg_rule(m, f, r, x, 0);
    break;
  case 5:
    x->ra_mangled ^= 1u;
    break;
  case 6:
    x->outermost ^= 1u;
    if (!x->outermost && rt_one_in(r, 2))
      rt_rand_rules(m, f, r, x, 0);
    break;
  case 7:
    if (rt_one_in(r, 2))
      x->ra.not_saved ^= 1u;
    else
      x->fp.not_saved ^= 1u;
    break;
  default:
    rt_rand_rules(m, f, r, x, rt_one_in(r, 8));
    return;
  }
  if (!rt_one_in(r, 8))
    rt_fix_rules(m, f, x);
}

/* One structured mutation. */
void rt_mutate(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  uint32_t what = rt_below(r, 20);
  if (m->nfuncs == 0 && what >= 3)
    what = 6; /* nothing to edit: add a function */
  switch (what) {
  case 0:
  case 1:
  case 2:
    rt_mut_header(rm, r);
    break;
  case 3:
  case 4:
  case 5:
    rt_mut_func(rm, r);
    break;
  case 6:
    rt_mut_insert_func(rm, r);
    break;
  case 7:
    rt_delete_func(rm, rt_below(r, m->nfuncs));
    break;
  case 8:
  case 9:
    rt_mut_insert_row(rm, r);
    break;
  case 10: {
    sfe_func *f = rt_pick_rows(m, r);
    if (f) {
      uint32_t j = rt_below(r, f->nrows);
      memmove(&f->rows[j], &f->rows[j + 1], (f->nrows - j - 1) * sizeof *f->rows);
      f->nrows--;
    }
    break;
  }
  case 11:
  case 12:
    rt_mut_row_start(rm, r);
    break;
  case 18: {
    /* repair: every rule expressible, the functions within reach of vma */
    uint32_t i;
    for (i = 0; i < m->nfuncs; i++)
      rt_norm_func(m, &m->funcs[i]);
    rt_fix_all(rm);
    if (m->nfuncs && rt_one_in(r, 2))
      m->vma = (m->funcs[0].start & ~(uint64_t)0xfff) - 0x1000 * (uint64_t)rt_below(r, 4);
    break;
  }
  default:
    rt_mut_rule(rm, r);
    break;
  }
}

