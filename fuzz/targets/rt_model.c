/* SPDX-License-Identifier: MIT */
/* rt_model.c - the roundtrip target's model (rt_model.h): any bytes to a
 * valid model and back, and random models from the encoder's generator. */
#include "rt_model.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"


static uint8_t rt_word_size_from(uint8_t b) {
  static const uint8_t w[4] = {SFE_AUTO, 1, 2, 4};
  return w[b & 3];
}
static uint8_t rt_word_size_code(uint8_t ws) {
  return ws == 1 ? 1u : ws == 2 ? 2u : ws == 4 ? 3u : 0u;
}

/* Rows of a function may start at most here (inclusive: a row at the limit
 * is questionable, past it invalid, N3): the size, or for PCMASK the
 * smaller of size and rep_size; 0 when no limit applies (a version-1
 * PCMASK function has no rep_size). */
int rt_row_limit(const sfe_model *m, const sfe_func *f, uint64_t *limit) {
  if (f->pc_type == SFR_PCTYPE_MASK && !sfr_has_rep_size(m->version))
    return 0;
  *limit = f->pc_type == SFR_PCTYPE_MASK && f->rep_size < f->size ? f->rep_size : f->size;
  return 1;
}

/* Version-dependent function fields, and the end below 2^64. */
void rt_norm_func(const sfe_model *m, sfe_func *f) {
  if (!sfr_has_rep_size(m->version))
    f->rep_size = 0;
  if (!sfr_has_fde_attr(m->version)) {
    f->signal = 0;
    f->fde_type = SFR_FDE_TYPE_DEFAULT;
  }
  if (f->pc_type == SFR_PCTYPE_MASK && sfr_has_rep_size(m->version) && f->rep_size == 0)
    f->pc_type = SFR_PCTYPE_INC;
  if (f->size > UINT64_MAX - f->start)
    f->size = (uint32_t)(UINT64_MAX - f->start);
}

/* Whether two functions overlap (a zero-size function inside another, or
 * two zero-size functions at one address, count as overlapping). */
static int rt_conflict(const sfe_func *a, const sfe_func *b) {
  uint64_t ae = a->start + a->size, be = b->start + b->size;
  if (a->size == 0 && b->size == 0)
    return a->start == b->start;
  if (a->size == 0)
    return a->start >= b->start && a->start < be;
  if (b->size == 0)
    return b->start >= a->start && b->start < ae;
  return a->start < be && b->start < ae;
}

void rt_free(rt_model *rm) { sfe_model_free(&rm->m); }

/* ---- parsing ---- */

static void rt_parse_row(const uint8_t **p, size_t *n, sfe_row *row) {
  unsigned bits, kinds;
  sfr_rules *r = &row->rules;
  memset(row, 0, sizeof *row);
  row->start = (uint32_t)fuzz_take(p, n, 4);
  bits = (unsigned)fuzz_take(p, n, 1);
  kinds = (unsigned)fuzz_take(p, n, 1);
  r->cfa.base = (uint8_t)((bits & 3u) % 3u);
  r->cfa.deref = (uint8_t)((bits >> 2) & 1u);
  r->outermost = (uint8_t)((bits >> 3) & 1u);
  r->ra_mangled = (uint8_t)((bits >> 4) & 1u);
  r->ra.not_saved = (uint8_t)((bits >> 5) & 1u);
  r->fp.not_saved = (uint8_t)((bits >> 6) & 1u);
  r->ra.kind = (uint8_t)((kinds & 15u) % 7u);
  r->fp.kind = (uint8_t)((kinds >> 4) % 7u);
  r->cfa.reg = (uint32_t)fuzz_take(p, n, 2);
  r->ra.reg = (uint32_t)fuzz_take(p, n, 2);
  r->fp.reg = (uint32_t)fuzz_take(p, n, 2);
  r->cfa.offset = rt_s64(fuzz_take(p, n, 8));
  r->ra.offset = rt_s32((uint32_t)fuzz_take(p, n, 4));
  r->fp.offset = rt_s32((uint32_t)fuzz_take(p, n, 4));
}

/* Stable sort of the functions (and their ranks) by start. */
static void rt_sort(rt_model *rm) {
  uint32_t i, j;
  for (i = 1; i < rm->m.nfuncs; i++) {
    sfe_func f = rm->m.funcs[i];
    uint8_t rk = rm->rank[i];
    for (j = i; j > 0 && rm->m.funcs[j - 1].start > f.start; j--) {
      rm->m.funcs[j] = rm->m.funcs[j - 1];
      rm->rank[j] = rm->rank[j - 1];
    }
    rm->m.funcs[j] = f;
    rm->rank[j] = rk;
  }
}

/* Any bytes -> a model.  0, or -1 when out of memory. */
int rt_parse(const uint8_t *data, size_t size, rt_model *rm) {
  const uint8_t *p = data;
  size_t n = size;
  sfe_model *m = &rm->m;
  unsigned layout, flags;
  uint32_t want, i, k;

  memset(rm, 0, sizeof *rm);
  m->version = (uint8_t)(SFR_VERSION_MIN + fuzz_take(&p, &n, 1) % SFR_VERSION_MAX);
  m->abi = (uint8_t)(1 + fuzz_take(&p, &n, 1) % 4);
  if (m->abi == SFR_ABI_S390X_BE && !sfr_has_s390x(m->version))
    m->version = SFR_VERSION_2; /* s390x is defined from version 2 on */
  layout = (unsigned)fuzz_take(&p, &n, 1);
  m->big_endian = (uint8_t)(layout & 1u);
  m->fres_first = (uint8_t)((layout >> 1) & 1u);
  rm->has_order = (uint8_t)((layout >> 2) & 1u);
  flags = (unsigned)fuzz_take(&p, &n, 1);
  m->flags = (uint8_t)(flags & sfr_flags_defined(m->version));
  m->fixed_fp_offset = rt_s8((uint8_t)fuzz_take(&p, &n, 1));
  m->fixed_ra_offset = rt_s8((uint8_t)fuzz_take(&p, &n, 1));
  m->auxhdr_len = (uint8_t)fuzz_take(&p, &n, 1);
  m->gap_after_header = (uint32_t)fuzz_take(&p, &n, 1);
  m->gap_between = (uint32_t)fuzz_take(&p, &n, 1);
  m->trailing = (uint32_t)fuzz_take(&p, &n, 1);
  m->vma = fuzz_take(&p, &n, 8);
  want = (uint32_t)fuzz_take(&p, &n, 1);
  if (want > RT_MAX_FUNCS)
    want = RT_MAX_FUNCS;
  m->funcs = calloc(want ? want : 1, sizeof *m->funcs);
  if (!m->funcs)
    return -1;
  for (i = 0; i < want && n > 0; i++) {
    sfe_func f;
    unsigned bits, ftype, wsize, rank, nr, j;
    uint64_t limit = 0;
    int has_limit;

    memset(&f, 0, sizeof f);
    f.start = fuzz_take(&p, &n, 8);
    f.size = (uint32_t)fuzz_take(&p, &n, 4);
    bits = (unsigned)fuzz_take(&p, &n, 1);
    f.rep_size = (uint8_t)fuzz_take(&p, &n, 1);
    ftype = (unsigned)fuzz_take(&p, &n, 1);
    wsize = (unsigned)fuzz_take(&p, &n, 1);
    rank = (unsigned)fuzz_take(&p, &n, 1);
    nr = (unsigned)fuzz_take(&p, &n, 1);
    if (nr > RT_MAX_ROWS)
      nr = RT_MAX_ROWS;
    f.pc_type = (uint8_t)(bits & 1u);
    f.fde_type = (uint8_t)((bits >> 1) & 1u);
    f.pauth_key = (uint8_t)((bits >> 2) & 1u);
    f.signal = (uint8_t)((bits >> 3) & 1u);
    f.fre_type = ftype <= SFR_FRE_TYPE_ADDR4 ? (uint8_t)ftype : SFE_AUTO;
    f.word_size = rt_word_size_from((uint8_t)wsize);
    rt_norm_func(m, &f);
    has_limit = rt_row_limit(m, &f, &limit);
    f.rows = calloc(nr ? nr : 1, sizeof *f.rows);
    if (!f.rows)
      return -1;
    for (j = 0; j < nr && n > 0; j++) {
      sfe_row row;
      rt_parse_row(&p, &n, &row);
      if (f.nrows > 0 && row.start <= f.rows[f.nrows - 1].start)
        continue;
      if (has_limit && row.start > limit)
        continue;
      f.rows[f.nrows++] = row;
    }
    for (k = 0; k < m->nfuncs; k++)
      if (rt_conflict(&f, &m->funcs[k]))
        break;
    if (k < m->nfuncs) {
      free(f.rows);
      continue;
    }
    rm->rank[m->nfuncs] = (uint8_t)rank;
    m->funcs[m->nfuncs++] = f;
  }
  /* The FRE sub-section before a non-empty FDE array is invalid (N9,
   * fres-before-fdes): kept only for a section without functions. */
  if (m->nfuncs)
    m->fres_first = 0;
  if (m->flags & SFR_F_FDE_SORTED)
    rt_sort(rm);
  return 0;
}

/* ---- serializing ---- */

static void rt_put(uint8_t **q, uint64_t v, unsigned n) {
  unsigned i;
  for (i = 0; i < n; i++)
    *(*q)++ = (uint8_t)(v >> (8 * i));
}

/* The model in the input format, at most max bytes: functions (and the
 * rows of the last one) that do not fit are left out.  Returns the size. */
size_t rt_serialize(const rt_model *rm, uint8_t *out, size_t max) {
  const sfe_model *m = &rm->m;
  uint8_t hdr[RT_HDR_SIZE], *q;
  size_t room, len;
  uint32_t nf = 0, last_rows = 0, i, j;

  if (max < RT_HDR_SIZE) {
    /* no room for a header: a truncated one (parses with zeros) */
    memset(hdr, 0, sizeof hdr);
    q = hdr;
    rt_put(&q, (uint64_t)(m->version - 1), 1);
    rt_put(&q, (uint64_t)(m->abi - 1), 1);
    memcpy(out, hdr, max);
    return max;
  }
  room = max - RT_HDR_SIZE;
  for (i = 0; i < m->nfuncs && i < RT_MAX_FUNCS; i++) {
    uint32_t nr = m->funcs[i].nrows < RT_MAX_ROWS ? m->funcs[i].nrows : RT_MAX_ROWS;
    size_t need = RT_FUNC_SIZE + (size_t)nr * RT_ROW_SIZE;
    if (need <= room) {
      room -= need;
      nf++;
      last_rows = nr;
      continue;
    }
    if (room >= RT_FUNC_SIZE) {
      nf++;
      last_rows = (uint32_t)((room - RT_FUNC_SIZE) / RT_ROW_SIZE);
    }
    break;
  }
  q = out;
  rt_put(&q, (uint64_t)(m->version - 1), 1);
  rt_put(&q, (uint64_t)(m->abi - 1), 1);
  rt_put(&q, (uint64_t)((m->big_endian & 1u) | (m->fres_first & 1u) << 1 |
                        (rm->has_order & 1u) << 2),
         1);
  rt_put(&q, m->flags, 1);
  rt_put(&q, (uint8_t)m->fixed_fp_offset, 1);
  rt_put(&q, (uint8_t)m->fixed_ra_offset, 1);
  rt_put(&q, m->auxhdr_len, 1);
  rt_put(&q, m->gap_after_header > 255 ? 255 : m->gap_after_header, 1);
  rt_put(&q, m->gap_between > 255 ? 255 : m->gap_between, 1);
  rt_put(&q, m->trailing > 255 ? 255 : m->trailing, 1);
  rt_put(&q, m->vma, 8);
  rt_put(&q, nf, 1);
  for (i = 0; i < nf; i++) {
    const sfe_func *f = &m->funcs[i];
    uint32_t nr = i + 1 == nf ? last_rows : f->nrows;
    rt_put(&q, f->start, 8);
    rt_put(&q, f->size, 4);
    rt_put(&q, (uint64_t)((f->pc_type & 1u) | (f->fde_type & 1u) << 1 | (f->pauth_key & 1u) << 2 |
                          (f->signal & 1u) << 3),
           1);
    rt_put(&q, f->rep_size, 1);
    rt_put(&q, f->fre_type <= SFR_FRE_TYPE_ADDR4 ? f->fre_type : 0xffu, 1);
    rt_put(&q, rt_word_size_code(f->word_size), 1);
    rt_put(&q, rm->rank[i], 1);
    rt_put(&q, nr, 1);
    for (j = 0; j < nr; j++) {
      const sfe_row *row = &f->rows[j];
      const sfr_rules *r = &row->rules;
      rt_put(&q, row->start, 4);
      rt_put(&q, (uint64_t)((r->cfa.base % 3u) | (r->cfa.deref & 1u) << 2 |
                            (r->outermost & 1u) << 3 | (r->ra_mangled & 1u) << 4 |
                            (r->ra.not_saved & 1u) << 5 | (r->fp.not_saved & 1u) << 6),
             1);
      rt_put(&q, (uint64_t)((r->ra.kind % 7u) | (r->fp.kind % 7u) << 4), 1);
      rt_put(&q, r->cfa.reg & 0xffffu, 2);
      rt_put(&q, r->ra.reg & 0xffffu, 2);
      rt_put(&q, r->fp.reg & 0xffffu, 2);
      rt_put(&q, (uint64_t)r->cfa.offset, 8);
      rt_put(&q, (uint32_t)r->ra.offset, 4);
      rt_put(&q, (uint32_t)r->fp.offset, 4);
    }
  }
  len = (size_t)(q - out);
  return len;
}

/* The FRE data order from the ranks (ties by index); 0, or -1. */
int rt_build_order(rt_model *rm) {
  sfe_model *m = &rm->m;
  uint32_t i, j;
  if (!rm->has_order || m->nfuncs < 2)
    return 0;
  m->data_order = malloc(m->nfuncs * sizeof *m->data_order);
  if (!m->data_order)
    return -1;
  for (i = 0; i < m->nfuncs; i++) {
    uint32_t v = i;
    for (j = i; j > 0 && rm->rank[m->data_order[j - 1]] > rm->rank[v]; j--)
      m->data_order[j] = m->data_order[j - 1];
    m->data_order[j] = v;
  }
  return 0;
}

/* A random valid model (sfe_random_model) as an rt_model. */
static int rt_random(sfe_rng *r, uint8_t version, uint8_t abi, uint8_t big_endian,
                     rt_model *rm) {
  sfe_model *m = &rm->m;
  uint32_t i;
  memset(rm, 0, sizeof *rm);
  if (sfe_random_model(r, version, abi, big_endian, m) != 0)
    return -1;
  while (m->nfuncs > RT_MAX_FUNCS)
    free(m->funcs[--m->nfuncs].rows);
  for (i = 0; i < m->nfuncs; i++) {
    if (m->funcs[i].nrows > RT_MAX_ROWS)
      m->funcs[i].nrows = RT_MAX_ROWS;
    rm->rank[i] = (uint8_t)i;
  }
  if (m->data_order) {
    rm->has_order = 1;
    for (i = 0; i < m->nfuncs; i++)
      rm->rank[m->data_order[i]] = (uint8_t)i;
    free(m->data_order);
    m->data_order = NULL;
  }
  return 0;
}

const rt_combo rt_combos[] = {
    {1, SFR_ABI_AMD64_LE}, {1, SFR_ABI_AARCH64_LE}, {1, SFR_ABI_AARCH64_BE},
    {2, SFR_ABI_AMD64_LE}, {2, SFR_ABI_AARCH64_LE}, {2, SFR_ABI_AARCH64_BE},
    {2, SFR_ABI_S390X_BE}, {3, SFR_ABI_AMD64_LE},   {3, SFR_ABI_AARCH64_LE},
    {3, SFR_ABI_AARCH64_BE}, {3, SFR_ABI_S390X_BE},
};
const uint32_t rt_ncombos = sizeof rt_combos / sizeof rt_combos[0];

int rt_random_combo(sfe_rng *r, uint32_t c, rt_model *rm) {
  const rt_combo *cb = &rt_combos[c % rt_ncombos];
  uint8_t be = (uint8_t)(cb->abi == SFR_ABI_AARCH64_BE || cb->abi == SFR_ABI_S390X_BE);
  if (sfe_rng_below(r, 4) == 0)
    be ^= 1u; /* either byte order is a valid section */
  return rt_random(r, cb->version, cb->abi, be, rm);
}

int rt_encodable(const rt_model *rm) {
  sfe_section s;
  if (sfe_encode(&rm->m, &s, NULL, 0) != SFE_OK)
    return 0;
  sfe_section_free(&s);
  return 1;
}

