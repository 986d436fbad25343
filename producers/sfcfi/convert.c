/* SPDX-License-Identifier: MIT */
/* convert.c - `sfcfi convert`: a file's CFI as an SFrame section.
 *
 * Each CFI function becomes one FDE, or is left out with the first reason
 * SFrame of the version cannot hold one of its rows (sc_express).  Its rows
 * are libdw's, cut further where a CFA expression changes with the PC and
 * merged where neighbours read the same.  A stretch of a function whose CFA
 * expression repeats with the PC in blocks of 2^k bytes (the x86-64 PLT:
 * rsp + 8 + ((rip & 15) >= 11) << 3) becomes a PCMASK FDE of that repeat
 * size (versions 2-3; version 1 records no repeat size), the rows before it
 * a PCINC FDE of their own, as linkers write PLT0 and the entries.  The
 * model goes to the corpus encoder (sframe_enc.h), which chooses the FRE
 * and word sizes as gas does. */
#include "sc_convert.h"

#include <stdlib.h>
#include <string.h>

/* One piece of a function: [start, end) read as want. */
typedef struct piece {
  uint64_t start, end;
  sc_want want;
} piece;

typedef struct buf {
  piece *p;
  size_t n, cap;
} buf;

/* Whether piece b continues a (expressible, the same rules, starting where
 * a ends): a is extended to cover it. */
static int extends(void *a, const void *b) {
  piece *l = a;
  const piece *p = b;
  if (l->end != p->start || l->want.reason != SC_OK || p->want.reason != SC_OK ||
      !sc_rules_equal(&l->want.rules, &p->want.rules) || l->want.flex != p->want.flex)
    return 0;
  l->end = p->end;
  return 1;
}

static int push(buf *b, uint64_t lo, uint64_t hi, const sc_want *w) {
  piece p;
  memset(&p, 0, sizeof p);
  p.start = lo;
  p.end = hi;
  p.want = *w;
  return sc_run_add((void **)&b->p, &b->n, &b->cap, sizeof p, &p, extends);
}

/* The rules sc_express gives, in the form the encoder takes: RA at the
 * AMD64 header's fixed offset is FIXED (sframe_enc.h). */
static sfr_rules for_encoder(uint8_t abi, const sfr_rules *r) {
  sfr_rules e = *r;
  if (abi == SFR_ABI_AMD64_LE && !e.outermost && e.ra.kind == SFR_RULE_AT_CFA && e.ra.offset == -8) {
    e.ra.kind = SFR_RULE_FIXED;
    e.ra.offset = -8;
  }
  return e;
}

typedef struct model_buf {
  sfe_func *f;
  size_t n, cap;
} model_buf;

static sfe_func *new_func(model_buf *m) {
  if (sc_grow((void **)&m->f, &m->cap, m->n + 1, sizeof *m->f) != 0)
    return NULL;
  sfe_func *f = &m->f[m->n++];
  memset(f, 0, sizeof *f);
  f->fre_type = SFE_AUTO;
  f->word_size = SFE_AUTO;
  return f;
}

/* Fills f with the pieces [from, to) of b, as PCINC rows from start. */
static int fill_rows(sfe_func *f, uint8_t abi, const buf *b, size_t from, size_t to, uint64_t start) {
  f->nrows = (uint32_t)(to - from);
  f->rows = calloc(f->nrows ? f->nrows : 1, sizeof *f->rows);
  if (!f->rows)
    return -1;
  for (size_t i = from; i < to; i++) {
    sfe_row *r = &f->rows[i - from];
    r->start = (uint32_t)(b->p[i].start - start);
    r->rules = for_encoder(abi, &b->p[i].want.rules);
    if (b->p[i].want.flex)
      f->fde_type = SFR_FDE_TYPE_FLEX;
  }
  return 0;
}

/* The smallest power of two p (8..256) such that every address of
 * [lo, hi) reads as the address p bytes before it, or 0. */
static uint64_t repeat_of(const buf *b, size_t from, size_t to, uint64_t lo, uint64_t hi) {
  for (uint64_t p = 8; p <= 256; p *= 2) {
    if (hi - lo < 2 * p)
      return 0;
    int ok = 1;
    size_t j = from; /* the piece holding pc - p */
    for (size_t i = from; i < to && ok; i++) {
      const piece *x = &b->p[i];
      for (uint64_t pc = x->start < lo + p ? lo + p : x->start; pc < x->end; pc++) {
        while (b->p[j].end <= pc - p)
          j++;
        if (!sc_rules_equal(&b->p[j].want.rules, &x->want.rules)) {
          ok = 0;
          break;
        }
      }
    }
    if (ok)
      return p;
  }
  return 0;
}

/* Whether a start field of version can reach start from the section at
 * vma: for each place the field may have (up to max_field bytes into the
 * section) the encoder needs the distance to fit 32 bits (versions 1-2) or
 * 64 (version 3), signed.  Checking the two ends is enough: the distance
 * moves with the place. */
/* How far into the section a start field can be: the header (28 bytes and
 * an auxiliary header of at most 255) and two FDEs per function (a PLT's
 * two), of at most 20 bytes. */
static uint64_t max_field_of(const sc_cfi *c) {
  return 28 + 255 + (uint64_t)c->nfuncs * 2 * 20;
}

static int start_reachable(uint64_t start, uint64_t vma, uint64_t max_field, uint8_t version) {
  uint64_t limit = sfr_start_size(version) == 8 ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX;
  uint64_t bases[2] = {vma, vma + max_field < vma ? UINT64_MAX : vma + max_field};
  for (int i = 0; i < 2; i++) {
    uint64_t d = start >= bases[i] ? start - bases[i] : bases[i] - start;
    if (d > limit)
      return 0;
  }
  return 1;
}

/* The pieces of f for version, or the first reason one cannot be said
 * (*oom set when memory ran out). */
static sc_reason pieces_of(const sc_cfi *c, const sc_func *f, uint8_t version, buf *b, int *has_expr,
                           int *oom) {
  sc_reason why = SC_OK;
  b->n = 0;
  *has_expr = 0;
  for (uint32_t k = 0; k < f->nrows && why == SC_OK && !*oom; k++) {
    const sc_row *r = &c->rows[f->first_row + k];
    if (r->cfa_kind == SC_CFA_EXPR) {
      *has_expr = 1;
      if (r->end - r->start > SC_EXPR_SPAN_MAX)
        return SC_SIZE;
      /* an expression that does not read the PC reads the same at every
       * address: one piece, as the pieces of its addresses would merge */
      uint64_t step = sc_row_reads_pc(c, r) ? 1 : r->end - r->start;
      for (uint64_t pc = r->start; pc < r->end && why == SC_OK; pc += step) {
        sc_want w;
        sc_express(c, f, r, pc, version, &w);
        why = w.reason;
        if (why == SC_OK && push(b, pc, pc + step, &w) != 0)
          *oom = 1;
      }
    } else {
      sc_want w;
      sc_express(c, f, r, r->start, version, &w);
      why = w.reason;
      if (why == SC_OK && push(b, r->start, r->end, &w) != 0)
        *oom = 1;
    }
  }
  if (why == SC_OK && b->n == 0)
    why = SC_CFI_ERROR;
  return why;
}

/* Why function f cannot be converted (SC_OK when it can: its pieces in
 * b); prev_end is the end of the last function converted, 0 before the
 * first.  *oom set when memory ran out. */
static sc_reason reason_of(const sc_cfi *c, const sc_func *f, uint8_t version, uint64_t vma,
                           int have_prev, uint64_t prev_end, buf *b, int *has_expr, int *oom) {
  *has_expr = 0;
  return f->error ? SC_CFI_ERROR
         : have_prev && f->start < prev_end ? SC_OVERLAP
         : f->end - f->start > UINT32_MAX ? SC_SIZE
         : !start_reachable(f->start, vma, max_field_of(c), version) ? SC_START_RANGE
         : pieces_of(c, f, version, b, has_expr, oom);
}

void sc_convert_list_skipped(const sc_elf *e, const sc_cfi *c, uint8_t version, uint64_t vma, FILE *out) {
  buf b = {NULL, 0, 0};
  uint64_t last_end = 0;
  int have_last = 0, oom = 0;
  for (size_t i = 0; i < c->nfuncs && !oom; i++) {
    const sc_func *f = &c->funcs[i];
    int has_expr;
    sc_reason why = reason_of(c, f, version, vma, have_last, last_end, &b, &has_expr, &oom);
    if (why == SC_OK) {
      last_end = f->end;
      have_last = 1;
      continue;
    }
    const char *name = sc_elf_symbol(e, f->start);
    fprintf(out, "skipped %s %s 0x%llx-0x%llx\n", sc_reason_name(why), name[0] ? name : "?",
            (unsigned long long)f->start, (unsigned long long)f->end);
  }
  free(b.p);
}

/* Where a PLT's stretch of expression rows starts in b, when it repeats:
 * *rep its block size (0 when there is none, or in version 1, which
 * records no repeat size, N14: the rows are then written out range by
 * range).  b.n when the function is one PCINC FDE. */
static size_t plt_split(const sc_cfi *c, const sc_func *f, uint8_t version, const buf *b,
                        uint64_t *rep) {
  const sc_row *first_expr = NULL;
  size_t s0 = 0;
  *rep = 0;
  for (uint32_t k = 0; k < f->nrows && !first_expr; k++)
    if (c->rows[f->first_row + k].cfa_kind == SC_CFA_EXPR)
      first_expr = &c->rows[f->first_row + k];
  if (!first_expr || b->n <= 4 || !sfr_has_rep_size(version))
    return b->n;
  while (s0 < b->n && b->p[s0].end <= first_expr->start)
    s0++;
  if (s0 < b->n && b->p[s0].start == first_expr->start)
    *rep = repeat_of(b, s0, b->n, b->p[s0].start, f->end);
  return *rep ? s0 : b->n;
}

/* One FDE of the model: b's pieces [from, to), from lo to end; a PCMASK
 * FDE when rep is not 0. */
static int add_fde(model_buf *mb, const sc_cfi *c, const sc_func *f, const buf *b, size_t from,
                   size_t to, uint64_t lo, uint64_t end, uint64_t rep, uint8_t version,
                   sc_convert_stats *st) {
  sfe_func *m = new_func(mb);
  if (!m || fill_rows(m, c->abi, b, from, to, lo) != 0)
    return -1;
  m->start = lo;
  m->size = (uint32_t)(end - lo);
  m->pc_type = rep ? SFR_PCTYPE_MASK : SFR_PCTYPE_INC;
  m->rep_size = (uint8_t)rep;
  m->pauth_key = f->pauth_b;
  m->signal = sfr_has_fde_attr(version) && b->p[0].want.signal;
  st->rows += m->nrows;
  st->pcmask += rep != 0;
  st->flex += m->fde_type == SFR_FDE_TYPE_FLEX;
  return 0;
}

/* Function f's FDEs: a PLT's repeating stretch as a PCMASK FDE, what
 * comes before it as a PCINC one. */
static int add_function(model_buf *mb, const sc_cfi *c, const sc_func *f, const buf *b,
                        int has_expr, uint8_t version, sc_convert_stats *st) {
  uint64_t rep = 0;
  size_t split = has_expr ? plt_split(c, f, version, b, &rep) : b->n, to = split;
  if (split > 0 && add_fde(mb, c, f, b, 0, split, f->start,
                           split < b->n ? b->p[split].start : f->end, 0, version, st) != 0)
    return -1;
  if (split == b->n)
    return 0;
  /* the last piece of the block may run past it: rows start inside */
  while (to < b->n && b->p[to].start < b->p[split].start + rep)
    to++;
  return add_fde(mb, c, f, b, split, to, b->p[split].start, f->end, rep, version, st);
}

/* The model of the functions converted, encoded into out. */
static int encode_model(const sc_cfi *c, uint8_t version, uint64_t vma, model_buf *mb,
                        sfe_section *out, char *err, size_t errlen) {
  sfe_model m;
  memset(&m, 0, sizeof m);
  m.version = version;
  m.abi = c->abi;
  m.big_endian = c->abi == SFR_ABI_AARCH64_BE || c->abi == SFR_ABI_S390X_BE;
  m.flags = SFR_F_FDE_SORTED | (sfr_has_pcrel_flag(version) ? SFR_F_FDE_FUNC_START_PCREL : 0);
  m.fixed_ra_offset = c->abi == SFR_ABI_AMD64_LE ? -8 : 0;
  m.fixed_fp_offset = 0;
  m.vma = vma;
  m.nfuncs = (uint32_t)mb->n;
  m.funcs = mb->f;
  sfe_status es = sfe_encode(&m, out, err, errlen);
  sfe_model_free(&m);
  if (es != SFE_OK) {
    if (es == SFE_E_NOMEM)
      snprintf(err, errlen, "out of memory");
    return -1;
  }
  return 0;
}

int sc_convert(const sc_elf *e, const sc_cfi *c, uint8_t version, uint64_t vma, sfe_section *out,
               sc_convert_stats *st, char *err, size_t errlen) {
  model_buf mb = {NULL, 0, 0};
  buf b = {NULL, 0, 0};
  uint64_t last_end = 0;
  int have_last = 0, rc = 0;
  (void)e;
  memset(st, 0, sizeof *st);
  memset(out, 0, sizeof *out);
  if (!sfr_version_known(version)) {
    snprintf(err, errlen, "SFrame version %u does not exist (1, 2 or 3)", version);
    return -1;
  }
  if (!sfr_has_s390x(version) && c->abi == SFR_ABI_S390X_BE) {
    snprintf(err, errlen, "SFrame version 1 has no s390x ABI (it came with version 2)");
    return -1;
  }
  for (size_t i = 0; i < c->nfuncs && rc == 0; i++) {
    const sc_func *f = &c->funcs[i];
    int has_expr;
    sc_reason why = reason_of(c, f, version, vma, have_last, last_end, &b, &has_expr, &rc);
    if (rc)
      break;
    if (why != SC_OK) {
      st->skipped++;
      st->by_reason[why]++;
      continue;
    }
    rc = add_function(&mb, c, f, &b, has_expr, version, st);
    st->converted++;
    last_end = f->end;
    have_last = 1;
  }
  free(b.p);
  if (rc) {
    for (size_t i = 0; i < mb.n; i++)
      free(mb.f[i].rows);
    free(mb.f);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  return encode_model(c, version, vma, &mb, out, err, errlen);
}
