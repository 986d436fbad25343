/* SPDX-License-Identifier: MIT */
/* sfe_faults.c - the fault kinds of `sfcorpus gen --mutants`: each takes a
 * random valid model, changes the model or its encoded bytes so that the
 * section has exactly one fault, and names the one finding it must produce
 * (the table at the end: finding, spec clause, versions).
 *
 * The model is tailored so that the fault gives that finding and no other
 * malformed or invalid one (questionable extras may come with it, e.g.
 * unused FRE bytes after a truncation): the sub-sections are laid out FDEs
 * first with no gaps, and a function with the shape the fault needs is
 * appended when the random model has none.  One file for one role: some
 * forty-five short fault functions, the few helpers they share (model
 * surgery, encoding, patching a field), and their table; the cases built
 * from them are sfe_gen.c's. */
#include <stdlib.h>
#include <string.h>

#include "sfe_internal.h"

static uint32_t below(sfe_rng *r, uint32_t n) { return sfe_rng_below(r, n); }

/* ---- model surgery ---- */

static uint64_t model_end(const sfe_model *m) {
  uint64_t end = 0;
  uint32_t i;
  for (i = 0; i < m->nfuncs; i++)
    if (m->funcs[i].start + m->funcs[i].size > end)
      end = m->funcs[i].start + m->funcs[i].size;
  return end;
}

/* Insert a copy of *tmpl (rows copied) at index at; returns it or NULL. */
static sfe_func *insert_func(sfe_model *m, uint32_t at, const sfe_func *tmpl) {
  sfe_func *p = realloc(m->funcs, (m->nfuncs + 1) * sizeof *p), *f;
  sfe_row *rows = NULL;
  if (!p)
    return NULL;
  m->funcs = p;
  if (tmpl->nrows) {
    rows = malloc(tmpl->nrows * sizeof *rows);
    if (!rows)
      return NULL;
    memcpy(rows, tmpl->rows, tmpl->nrows * sizeof *rows);
  }
  memmove(&m->funcs[at + 1], &m->funcs[at], (m->nfuncs - at) * sizeof *p);
  m->nfuncs++;
  f = &m->funcs[at];
  *f = *tmpl;
  f->rows = rows;
  return f;
}

/* Append a plain function after the last: nrows rows 4 bytes apart with the
 * ABI's entry rules, size past the last row. */
static sfe_func *append_plain(sfe_model *m, uint32_t nrows, uint32_t size) {
  sfe_func t;
  sfe_row rows[4];
  uint32_t j;
  uint64_t end = model_end(m);
  memset(&t, 0, sizeof t);
  memset(rows, 0, sizeof rows);
  if (nrows > 4)
    nrows = 4;
  t.start = end ? (end + 15) / 16 * 16 + 16 : m->vma + 0x1000;
  t.size = size > 4 * nrows ? size : 4 * nrows + 4;
  t.fre_type = SFE_AUTO;
  t.word_size = SFE_AUTO;
  t.nrows = nrows;
  t.rows = rows;
  for (j = 0; j < nrows; j++) {
    rows[j].start = 4 * j;
    sfe_entry_rules(m, &rows[j].rules);
  }
  return insert_func(m, m->nfuncs, &t);
}

/* ---- the fault kinds ---- */

typedef struct mctx {
  sfe_case *c;
  sfe_rng *r;
  char *err;
  size_t errlen;
} mctx;

#define M (&x->c->model)
#define S (&x->c->sec)

static int encode(mctx *x) {
  sfe_status st = sfe_encode(M, S, x->err, x->errlen);
  if (st == SFE_E_NOMEM)
    snprintf(x->err, x->errlen, "out of memory");
  return st == SFE_OK ? 1 : -1;
}

static int patched(mctx *x, long off, unsigned w, uint64_t v, const char *name) {
  if (off >= 0 && sfe_patch(S, M->big_endian, (size_t)off, w, v) == 0)
    return 1;
  snprintf(x->err, x->errlen, "cannot patch %s", name);
  return -1;
}

static int hpatch(mctx *x, const char *name, uint64_t v) {
  unsigned w = 0;
  long off = sfe_header_field(name, &w);
  return patched(x, off, w, v, name);
}

static int fpatch(mctx *x, uint32_t i, const char *name, uint64_t v) {
  unsigned w = 0;
  long off = sfe_fde_field(M, S, i, name, &w);
  return patched(x, off, w, v, name);
}

static unsigned addr_size(const sfe_func *f) {
  uint8_t t = sfe_func_fre_type(f);
  return t == SFR_FRE_TYPE_ADDR1 ? 1u : t == SFR_FRE_TYPE_ADDR2 ? 2u : 4u;
}

static void cut(mctx *x, size_t len) {
  if (len < S->len)
    S->len = len;
}

#define TITLE(...) snprintf(x->c->title, sizeof x->c->title, __VA_ARGS__)

static int f_section_empty(mctx *x) {
  if (encode(x) < 0)
    return -1;
  cut(x, 0);
  TITLE("empty section");
  return 1;
}

static int f_truncated_preamble(mctx *x) {
  size_t n = 2 + below(x->r, 2);
  if (encode(x) < 0)
    return -1;
  cut(x, n);
  TITLE("section cut to %zu bytes, inside the preamble", n);
  return 1;
}

static int f_truncated_header(mctx *x) {
  static const size_t at[] = {4, 5, 6, 7, 8, 12, 16, 20, 24};
  size_t n = at[below(x->r, 9)];
  if (encode(x) < 0)
    return -1;
  cut(x, n);
  TITLE("section cut to %zu bytes, at a header field boundary", n);
  return 1;
}

static int f_truncated_auxhdr(mctx *x) {
  size_t n;
  M->auxhdr_len = (uint8_t)(4 + below(x->r, 29));
  n = SFR_HEADER_SIZE + below(x->r, M->auxhdr_len);
  if (encode(x) < 0)
    return -1;
  cut(x, n);
  TITLE("%u-byte auxiliary header, section cut to %zu bytes", M->auxhdr_len, n);
  return 1;
}

static int f_bad_magic(mctx *x) {
  uint32_t v;
  do
    v = below(x->r, 0x10000);
  while (v == 0xdee2 || v == 0xe2de);
  if (encode(x) < 0)
    return -1;
  TITLE("magic 0x%04x", (unsigned)v);
  return hpatch(x, "sfp_magic", v);
}

static int f_version_unknown(mctx *x) {
  static const uint8_t v[] = {4, 4, 4, 0, 5, 0xff};
  uint8_t ver = v[below(x->r, 6)];
  if (encode(x) < 0)
    return -1;
  TITLE("version %u", ver);
  return hpatch(x, "sfp_version", ver);
}

static int f_flags_unknown(mctx *x) {
  unsigned bit = 0x8u << below(x->r, 5);
  if (encode(x) < 0)
    return -1;
  TITLE("undefined flag bit 0x%02x set", bit);
  return hpatch(x, "sfp_flags", M->flags | bit);
}

static int f_flag_not_in_version(mctx *x) {
  unsigned undefined = (SFR_F_FDE_SORTED | SFR_F_FRAME_POINTER | SFR_F_FDE_FUNC_START_PCREL) &
                       ~sfr_flags_defined(M->version);
  unsigned bit = undefined & (0u - undefined); /* the lowest */
  if (!bit)
    return 0;
  if (encode(x) < 0)
    return -1;
  TITLE("flag 0x%x, not defined in version %u", bit, M->version);
  return hpatch(x, "sfp_flags", M->flags | bit);
}


static int f_abi_unknown(mctx *x) {
  uint8_t a = below(x->r, 3) ? (uint8_t)(5 + below(x->r, 251)) : 0;
  if (encode(x) < 0)
    return -1;
  TITLE("ABI/arch identifier %u", a);
  return hpatch(x, "sfh_abi_arch", a);
}

/* Version 1 with s390x: the words still decode under the s390x rules
 * (at most 3, no register encoding in version 1). */
static int f_abi_not_in_version(mctx *x) {
  if (sfr_has_s390x(M->version))
    return 0;
  if (encode(x) < 0)
    return -1;
  TITLE("s390x (4) in a version 1 section");
  return hpatch(x, "sfh_abi_arch", SFR_ABI_S390X_BE);
}

static int f_fdeoff_out_of_range(mctx *x) {
  if (encode(x) < 0)
    return -1;
  TITLE("sfh_fdeoff past the end of the section");
  return hpatch(x, "sfh_fdeoff", S->len - SFR_HEADER_SIZE + 1 + below(x->r, 64));
}

static int f_freoff_out_of_range(mctx *x) {
  if (encode(x) < 0)
    return -1;
  TITLE("sfh_freoff past the end of the section");
  return hpatch(x, "sfh_freoff", S->len - SFR_HEADER_SIZE + 1 + below(x->r, 64));
}

static int f_truncated_fde_array(mctx *x) {
  static const unsigned v1[] = {0, 4, 8, 12, 16}, v2[] = {0, 4, 8, 12, 16, 17, 18},
                        v3[] = {0, 8, 12};
  uint32_t i = below(x->r, M->nfuncs);
  size_t at;
  if (encode(x) < 0)
    return -1;
  at = S->fde_at[i] + (sfr_has_fde_attr(M->version)   ? v3[below(x->r, 3)]
                       : sfr_has_rep_size(M->version) ? v2[below(x->r, 7)]
                                                      : v1[below(x->r, 5)]);
  cut(x, at);
  TITLE("section cut to %zu bytes, inside FDE %u", at, (unsigned)i);
  return 1;
}

/* Cut inside the FRE sub-section at a field boundary, or claim more bytes
 * than the section has. */
static int f_fre_subsection_truncated(mctx *x) {
  size_t cand[64];
  unsigned n = 0;
  uint32_t i, j;
  if (encode(x) < 0)
    return -1;
  for (i = 0; i < M->nfuncs && n < 60; i++) {
    if (sfr_has_fde_attr(M->version)) {
      cand[n++] = S->data_at[i];
      cand[n++] = S->data_at[i] + 2 + below(x->r, 3);
    }
    for (j = 0; j < M->funcs[i].nrows && n < 62; j++) {
      cand[n++] = S->fre_at[i][j];
      cand[n++] = S->fre_at[i][j] + addr_size(&M->funcs[i]);
    }
  }
  if (n == 0 || below(x->r, 3) == 0) {
    TITLE("sfh_fre_len runs past the end of the section");
    return hpatch(x, "sfh_fre_len", S->fre_len + 1 + below(x->r, 16));
  }
  i = below(x->r, n);
  cut(x, cand[i]);
  TITLE("section cut to %zu bytes, inside the FRE sub-section", cand[i]);
  return 1;
}

/* The last function's last FRE runs past a shortened sfh_fre_len. */
static int truncate_last_fre(mctx *x, int in_words) {
  sfe_func *f = &M->funcs[M->nfuncs - 1];
  sfe_row_enc e;
  size_t at, k, len;
  unsigned asz;
  if (f->nrows == 0 || (in_words && f->rows[f->nrows - 1].rules.outermost))
    f = append_plain(M, 1, 16);
  if (!f || encode(x) < 0)
    return -1;
  asz = addr_size(f);
  at = S->fre_at[M->nfuncs - 1][f->nrows - 1];
  if (sfe_row_words(M, f, M->nfuncs - 1, f->nrows - 1, &e, x->err, x->errlen) == 0)
    return -1;
  if (in_words)
    k = asz + 1 + (size_t)e.word_size * below(x->r, e.count);
  else /* before the start field (not for the function's first FRE, whose
          * data offset would then equal sfh_fre_len) or the info byte */
    k = f->nrows > 1 && below(x->r, 2) ? 0 : asz;
  len = at - S->fre_sub + k;
  cut(x, S->fre_sub + len);
  TITLE("sfh_fre_len %zu ends inside the last FRE's %s", len,
        in_words ? "data words" : "start address or info byte");
  return hpatch(x, "sfh_fre_len", len);
}

static int f_truncated_fre(mctx *x) { return truncate_last_fre(x, 0); }
static int f_truncated_data_words(mctx *x) { return truncate_last_fre(x, 1); }

static int f_num_fres_mismatch(mctx *x) {
  uint64_t total = 0;
  uint32_t i;
  int up = below(x->r, 2);
  for (i = 0; i < M->nfuncs; i++)
    total += M->funcs[i].nrows;
  if (total == 0)
    up = 1;
  if (encode(x) < 0)
    return -1;
  TITLE("sfh_num_fres %s by one", up ? "too large" : "too small");
  return hpatch(x, "sfh_num_fres", up ? total + 1 : total - 1);
}

static int f_fde_fres_out_of_range(mctx *x) {
  uint32_t i = below(x->r, M->nfuncs);
  if (encode(x) < 0)
    return -1;
  TITLE("FDE %u's FRE offset at or past sfh_fre_len", (unsigned)i);
  return fpatch(x, i, "fre_off",
                S->fre_len + (sfr_has_fde_attr(M->version) ? 0 : 1) + below(x->r, 16));
}

static int f_truncated_fde_attr(mctx *x) {
  uint32_t i = below(x->r, M->nfuncs);
  if (!sfr_has_fde_attr(M->version))
    return 0;
  if (encode(x) < 0)
    return -1;
  TITLE("FDE %u's attribute would end past sfh_fre_len", (unsigned)i);
  return fpatch(x, i, "fre_off", S->fre_len - 1 - below(x->r, 4));
}

static int f_fre_type_unknown(mctx *x) {
  uint32_t i = below(x->r, M->nfuncs);
  unsigned w, t = 3 + below(x->r, 13);
  long off;
  if (encode(x) < 0)
    return -1;
  off = sfe_fde_field(M, S, i, "info", &w);
  TITLE("FDE %u with FRE type %u", (unsigned)i, t);
  return fpatch(x, i, "info", (S->bytes[off] & 0xf0u) | t);
}

static int f_fde_type_unknown(mctx *x) {
  uint32_t i = below(x->r, M->nfuncs);
  unsigned t = 2 + below(x->r, 30);
  if (!sfr_has_fde_attr(M->version))
    return 0;
  if (encode(x) < 0)
    return -1;
  TITLE("FDE %u with FDE type %u", (unsigned)i, t);
  return fpatch(x, i, "info2", t);
}

/* A PLT-like function whose only row starts at 0 (so that the bound
 * rep_size 0 only makes it questionable, fre-start-at-size). */
static int f_pcmask_rep_size_zero(mctx *x) {
  sfe_func *f;
  if (!sfr_has_rep_size(M->version))
    return 0;
  f = append_plain(M, 1, 16 * (1 + below(x->r, 8)));
  if (!f)
    return -1;
  f->pc_type = SFR_PCTYPE_MASK;
  f->rep_size = 16;
  if (encode(x) < 0)
    return -1;
  TITLE("PCMASK function with rep_size 0");
  return fpatch(x, M->nfuncs - 1, "rep_size", 0);
}

static int swap_two(mctx *x) {
  uint32_t i;
  sfe_func t;
  if (M->nfuncs < 2 && !append_plain(M, 1, 16))
    return -1;
  i = below(x->r, M->nfuncs - 1);
  t = M->funcs[i];
  M->funcs[i] = M->funcs[i + 1];
  M->funcs[i + 1] = t;
  TITLE("FDEs %u and %u swapped%s", (unsigned)i, (unsigned)i + 1,
        (M->flags & SFR_F_FDE_SORTED) ? " with the sorted flag" : ", sorted flag clear");
  return encode(x);
}

static int f_fde_unsorted(mctx *x) {
  M->flags |= SFR_F_FDE_SORTED;
  return swap_two(x);
}

static int f_fde_unsorted_unflagged(mctx *x) {
  M->flags &= (uint8_t)~SFR_F_FDE_SORTED;
  return swap_two(x);
}

static int f_fde_duplicate(mctx *x) {
  uint32_t i = below(x->r, M->nfuncs);
  sfe_func t = M->funcs[i];
  if (!insert_func(M, i + 1, &t))
    return -1;
  TITLE("function %u written twice", (unsigned)i);
  return encode(x);
}

static int f_fde_overlap(mctx *x) {
  uint32_t i, k, n;
  if (M->nfuncs < 2 && !append_plain(M, 1, 16))
    return -1;
  n = M->nfuncs - 1;
  i = below(x->r, n);
  for (k = 0; k < n && M->funcs[(i + k) % n].size < 2; k++)
    ;
  if (k == n)
    return 0;
  i = (i + k) % n;
  M->funcs[i + 1].start = M->funcs[i].start + 1 + below(x->r, M->funcs[i].size - 1);
  TITLE("function %u starts inside function %u", (unsigned)i + 1, (unsigned)i);
  return encode(x);
}

/* A start field whose resolution leaves the 64-bit address space: below 0
 * for the last function, or past 2^64 - 1 for the first when the base is
 * too high for the first way (the resolved start must stay in order). */
static int f_fde_start_wraps(mctx *x) {
  uint64_t lim = sfr_start_size(M->version) == 8 ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX;
  int pcrel = sfr_has_pcrel_flag(M->version) && (M->flags & SFR_F_FDE_FUNC_START_PCREL);
  uint64_t r = below(x->r, 256), base;
  uint32_t i = M->nfuncs - 1;
  if (encode(x) < 0)
    return -1;
  base = M->vma + (pcrel ? S->fde_at[i] : 0);
  if (base < lim - r) { /* base + 1 + r <= lim + 1 */
    TITLE("last function's start resolves below address 0");
    return fpatch(x, i, "start", (uint64_t)0 - (base + 1 + r));
  }
  base = M->vma + (pcrel ? S->fde_at[0] : 0);
  if (base != 0 && (uint64_t)0 - base <= lim - r) {
    TITLE("first function's start resolves past address 2^64 - 1");
    return fpatch(x, 0, "start", (uint64_t)0 - base + r);
  }
  return 0;
}

/* The whole text moved up so that the last function ends past 2^64 - 1
 * (the section placed before the text, so that no start wraps). */
static int f_fde_end_overflow(mctx *x) {
  sfe_func *l;
  uint64_t k, delta;
  uint32_t i;
  if (M->funcs[M->nfuncs - 1].size < 2 && !append_plain(M, 1, 32))
    return -1;
  l = &M->funcs[M->nfuncs - 1];
  k = 1 + below(x->r, l->size - 1 < 16 ? l->size - 1 : 16); /* 1 <= k < size */
  M->vma = M->funcs[0].start - 0x1000ull * (1 + below(x->r, 16));
  delta = ((uint64_t)0 - l->size + k) - l->start; /* l->start + delta + size = 2^64 + k */
  for (i = 0; i < M->nfuncs; i++)
    M->funcs[i].start += delta;
  M->vma += delta;
  TITLE("last function at 0x%llx, %u bytes: its end passes 2^64 - 1",
        (unsigned long long)l->start, (unsigned)l->size);
  return encode(x);
}

/* Sub-sections FREs first, then FDEs; sfh_fre_len claims FDE bytes too. */
static int f_fde_array_overlaps_fres(mctx *x) {
  size_t fde_bytes;
  uint32_t k;
  M->fres_first = 1;
  if (encode(x) < 0)
    return -1;
  fde_bytes = S->len - S->fde_array;
  k = 1 + below(x->r, (uint32_t)(fde_bytes < 32 ? fde_bytes : 32));
  TITLE("FREs first, sfh_fre_len %zu runs %u bytes into the FDE array", S->fre_len + k,
        (unsigned)k);
  return hpatch(x, "sfh_fre_len", S->fre_len + k);
}

/* A twin of the last function (same rows, after it) whose FRE offset
 * points at the last function's data: its own data is left unused. */
static int f_fre_data_overrun(mctx *x) {
  sfe_func t;
  uint32_t n;
  if (M->funcs[M->nfuncs - 1].nrows == 0 && !append_plain(M, 1, 16))
    return -1;
  t = M->funcs[M->nfuncs - 1];
  t.start = (t.start + t.size + 15) / 16 * 16 + 16;
  if (!insert_func(M, M->nfuncs, &t) || encode(x) < 0)
    return -1;
  n = M->nfuncs;
  TITLE("function %u's FRE offset points into function %u's FREs", (unsigned)n - 1,
        (unsigned)n - 2);
  return fpatch(x, n - 1, "fre_off", S->data_at[n - 2] - S->fre_sub);
}

/* A function with >= 2 rows (appended if there is none), index or -1. */
static long pick_func(mctx *x, uint32_t min_rows, int inc_only) {
  uint32_t i0 = below(x->r, M->nfuncs), k;
  for (k = 0; k < M->nfuncs; k++) {
    uint32_t i = (i0 + k) % M->nfuncs;
    const sfe_func *f = &M->funcs[i];
    if (f->nrows >= min_rows && (!inc_only || f->pc_type == SFR_PCTYPE_INC))
      return (long)i;
  }
  if (!append_plain(M, min_rows ? min_rows : 1, 32))
    return -1;
  return (long)M->nfuncs - 1;
}

static int f_fre_start_not_increasing(mctx *x) {
  long i = pick_func(x, 2, 0);
  sfe_func *f;
  uint32_t j, prev, v;
  if (i < 0)
    return -1;
  f = &M->funcs[i];
  j = 1 + below(x->r, f->nrows - 1);
  prev = f->rows[j - 1].start;
  v = prev - below(x->r, prev < 3 ? prev + 1 : 4);
  if (encode(x) < 0)
    return -1;
  TITLE("function %ld FRE %u starts at %u, not after FRE %u's %u", i, (unsigned)j, (unsigned)v,
        (unsigned)j - 1, (unsigned)prev);
  return patched(x, (long)S->fre_at[i][j], addr_size(f), v, "sfre_start_address");
}

static int f_fre_start_past_size(mctx *x) {
  uint32_t i0 = below(x->r, M->nfuncs), k, i = 0, room = 0;
  sfe_func *f = NULL;
  uint64_t max, v;
  for (k = 0; k < M->nfuncs; k++) {
    i = (i0 + k) % M->nfuncs;
    f = &M->funcs[i];
    max = addr_size(f) == 4 ? 0xffffffffu : addr_size(f) == 2 ? 0xffffu : 0xffu;
    if (f->nrows && f->pc_type == SFR_PCTYPE_INC && f->size < max) {
      room = (uint32_t)(max - f->size);
      break;
    }
    f = NULL;
  }
  if (!f) {
    f = append_plain(M, 1, 32);
    if (!f)
      return -1;
    i = M->nfuncs - 1;
    room = 0xff - f->size;
  }
  v = f->size + 1 + below(x->r, room < 64 ? room : 64);
  if (encode(x) < 0)
    return -1;
  TITLE("function %u's last FRE starts at %u, past its size %u", (unsigned)i, (unsigned)v,
        (unsigned)f->size);
  return patched(x, (long)S->fre_at[i][f->nrows - 1], addr_size(f), v, "sfre_start_address");
}

static int f_dataword_size_unknown(mctx *x) {
  long i = pick_func(x, 1, 0);
  uint32_t j;
  size_t at;
  if (i < 0 || encode(x) < 0)
    return -1;
  j = below(x->r, M->funcs[i].nrows);
  at = S->fre_at[i][j] + addr_size(&M->funcs[i]);
  S->bytes[at] |= 0x60;
  TITLE("function %ld FRE %u with data word size code 3", i, (unsigned)j);
  return 1;
}

/* One more data word than the ABI's default FDEs have (AMD64 2, AArch64
 * and s390x 3). */
static int f_dataword_count_bad(mctx *x) {
  uint32_t i0 = below(x->r, M->nfuncs), k, j = 0, i = 0;
  unsigned limit = M->abi == SFR_ABI_AMD64_LE ? 2 : 3;
  sfe_func *f = NULL;
  sfe_row_enc e;
  for (k = 0; k < M->nfuncs && !f; k++) {
    i = (i0 + k) % M->nfuncs;
    f = &M->funcs[i];
    if (f->fde_type != SFR_FDE_TYPE_DEFAULT)
      f = NULL;
    for (j = 0; f && j < f->nrows && f->rows[j].rules.outermost; j++)
      ;
    if (f && j == f->nrows)
      f = NULL;
  }
  if (!f) {
    f = append_plain(M, 1, 16);
    if (!f)
      return -1;
    i = M->nfuncs - 1;
    j = 0;
  }
  if (sfe_row_words(M, f, i, j, &e, x->err, x->errlen) == 0)
    return -1;
  f->rows[j].nextra = (uint8_t)(limit + 1 - e.count);
  TITLE("function %u FRE %u with %u data words", (unsigned)i, (unsigned)j, limit + 1);
  return encode(x);
}

/* A flexible function appended with one row: CFA pair (+ what mk adds). */
static sfe_func *append_flex(mctx *x) {
  sfe_func *f;
  if (!sfr_has_fde_attr(M->version))
    return NULL;
  f = append_plain(M, 1, 16);
  if (f)
    f->fde_type = SFR_FDE_TYPE_FLEX;
  return f;
}

static int f_flex_cfa_not_reg(mctx *x) {
  sfe_func *f;
  sfe_row_enc e;
  if (!sfr_has_fde_attr(M->version))
    return 0;
  if (!(f = append_flex(x)) || encode(x) < 0)
    return -1;
  if (sfe_row_words(M, f, M->nfuncs - 1, 0, &e, x->err, x->errlen) == 0)
    return -1;
  TITLE("flexible CFA control word 0x%llx without reg_p", (unsigned long long)e.words[0] & ~1ull);
  return patched(x, (long)(S->fre_at[M->nfuncs - 1][0] + addr_size(f) + 1), e.word_size,
                 (uint64_t)e.words[0] & ~1ull, "flexible CFA control word");
}

static int f_datawords_leftover(mctx *x) {
  sfe_func *f;
  sfr_rules *r;
  if (!sfr_has_fde_attr(M->version))
    return 0;
  if (!(f = append_flex(x)))
    return -1;
  r = &f->rows[0].rules;
  r->ra.kind = SFR_RULE_AT_CFA;
  r->ra.offset = -8;
  r->fp.kind = SFR_RULE_AT_CFA;
  r->fp.offset = -16;
  f->rows[0].nextra = 1;
  f->rows[0].extra[0] = (int32_t)below(x->r, 100);
  TITLE("flexible FRE with a word after the CFA, RA and FP pairs");
  return encode(x);
}

static int f_flex_rule_truncated(mctx *x) {
  sfe_func *f;
  if (!sfr_has_fde_attr(M->version))
    return 0;
  if (!(f = append_flex(x)))
    return -1;
  f->rows[0].nextra = 1;
  f->rows[0].extra[0] = (int32_t)(2 + below(x->r, 100)); /* non-zero: not padding */
  TITLE("flexible RA control word without its offset word");
  return encode(x);
}

/* ---- questionable faults: the model itself says them ---- */

static int f_auxhdr_present(mctx *x) {
  M->auxhdr_len = (uint8_t)(1 + below(x->r, 16));
  TITLE("%u-byte auxiliary header", M->auxhdr_len);
  return encode(x);
}

static int f_subsection_gap(mctx *x) {
  uint32_t n = 1 + below(x->r, 16);
  if (below(x->r, 2))
    M->gap_after_header = n;
  else
    M->gap_between = n;
  TITLE("%u unused bytes %s", (unsigned)n,
        M->gap_between ? "between the FDE array and the FRE sub-section" : "after the header");
  return encode(x);
}

static int f_trailing_bytes(mctx *x) {
  M->trailing = 1 + below(x->r, 16);
  TITLE("%u bytes after the FRE sub-section", (unsigned)M->trailing);
  return encode(x);
}

static int f_fre_subsection_unused(mctx *x) {
  size_t k = 1 + below(x->r, 16);
  uint8_t *p;
  if (encode(x) < 0)
    return -1;
  p = realloc(S->bytes, S->len + k);
  if (!p)
    return -1;
  memset(p + S->len, 0, k);
  S->bytes = p;
  S->len += k;
  S->fre_len += k;
  TITLE("%zu bytes at the end of the FRE sub-section belong to no function", k);
  return hpatch(x, "sfh_fre_len", S->fre_len);
}

static int f_fde_info_unused_bits(mctx *x) {
  uint32_t i = below(x->r, M->nfuncs);
  unsigned w;
  long off;
  if (encode(x) < 0)
    return -1;
  if (sfr_has_fde_attr(M->version) && below(x->r, 2)) {
    unsigned bit = 0x20u << below(x->r, 3);
    off = sfe_fde_field(M, S, i, "info2", &w);
    TITLE("FDE %u with info2 bit 0x%02x set", (unsigned)i, bit);
    return fpatch(x, i, "info2", S->bytes[off] | bit);
  } else {
    unsigned bit = !(sfr_fde_info_unused(M->version) & 0x80u) || below(x->r, 2) ? 0x40u : 0x80u;
    off = sfe_fde_field(M, S, i, "info", &w);
    TITLE("FDE %u with unused info bit 0x%02x set", (unsigned)i, bit);
    return fpatch(x, i, "info", S->bytes[off] | bit);
  }
}

static int f_pauth_key_not_aarch64(mctx *x) {
  uint32_t i = below(x->r, M->nfuncs);
  if (sfe_is_aarch64(M->abi))
    return 0;
  M->funcs[i].pauth_key = 1;
  TITLE("function %u with PAuth key B outside AArch64", (unsigned)i);
  return encode(x);
}

static int f_mangled_ra_not_aarch64(mctx *x) {
  long i;
  uint32_t j;
  if (sfe_is_aarch64(M->abi))
    return 0;
  if ((i = pick_func(x, 1, 0)) < 0)
    return -1;
  j = below(x->r, M->funcs[i].nrows);
  M->funcs[i].rows[j].rules.ra_mangled = 1;
  TITLE("function %ld FRE %u with the mangled-RA bit outside AArch64", i, (unsigned)j);
  return encode(x);
}

static int f_fre_start_at_size(mctx *x) {
  long i = pick_func(x, 1, 1);
  sfe_func *f;
  sfe_row *rows;
  if (i < 0)
    return -1;
  f = &M->funcs[i];
  rows = realloc(f->rows, (f->nrows + 1) * sizeof *rows);
  if (!rows)
    return -1;
  f->rows = rows;
  rows[f->nrows] = rows[f->nrows - 1];
  rows[f->nrows].start = f->size;
  f->nrows++;
  f->fre_type = SFE_AUTO;
  TITLE("function %ld with an FRE starting at its size %u", i, (unsigned)f->size);
  return encode(x);
}

typedef int (*fault_fn)(mctx *);
#define V1 0x2u
#define V2 0x4u
#define V3 0x8u
#define ALL (V1 | V2 | V3)
static const struct fault {
  const char *finding; /* also the kind's name */
  const char *clause;
  fault_fn fn;
  unsigned versions;   /* bit v: applies to version v */
  int not_aarch64;     /* applies to the other ABIs only */
} faults[] = {
    {"section-empty", "2", f_section_empty, ALL, 0},
    {"truncated-preamble", "2.1", f_truncated_preamble, ALL, 0},
    {"bad-magic", "2.1.1", f_bad_magic, ALL, 0},
    {"version-unknown", "2.1.2", f_version_unknown, ALL, 0},
    {"truncated-header", "2.2", f_truncated_header, ALL, 0},
    {"truncated-auxhdr", "2.2", f_truncated_auxhdr, ALL, 0},
    {"flags-unknown", "2.1.3", f_flags_unknown, ALL, 0},
    {"flag-not-in-version", "2.1.3", f_flag_not_in_version, V1 | V3, 0},
    {"abi-unknown", "2.2.1", f_abi_unknown, ALL, 0},
    {"abi-not-in-version", "2.2.1", f_abi_not_in_version, V1, 0},
    {"auxhdr-present", "2.2", f_auxhdr_present, ALL, 0},
    {"fdeoff-out-of-range", "2.2", f_fdeoff_out_of_range, ALL, 0},
    {"freoff-out-of-range", "2.2", f_freoff_out_of_range, ALL, 0},
    {"truncated-fde-array", "2.3.1", f_truncated_fde_array, ALL, 0},
    {"fre-subsection-truncated", "2.2", f_fre_subsection_truncated, ALL, 0},
    {"subsection-gap", "2.2", f_subsection_gap, ALL, 0},
    {"trailing-bytes", "2.2", f_trailing_bytes, ALL, 0},
    {"num-fres-mismatch", "2.2", f_num_fres_mismatch, ALL, 0},
    {"fre-subsection-unused", "2.2", f_fre_subsection_unused, ALL, 0},
    {"fde-fres-out-of-range", "2.3.1", f_fde_fres_out_of_range, ALL, 0},
    {"truncated-fde-attr", "2.3.2", f_truncated_fde_attr, V3, 0},
    {"fre-type-unknown", "2.3.3.3", f_fre_type_unknown, ALL, 0},
    {"fde-type-unknown", "2.3.3.2", f_fde_type_unknown, V3, 0},
    {"fde-info-unused-bits", "2.3.3", f_fde_info_unused_bits, ALL, 0},
    {"pauth-key-not-aarch64", "2.3.3", f_pauth_key_not_aarch64, ALL, 1},
    {"pcmask-rep-size-zero", "2.3.3.1", f_pcmask_rep_size_zero, V2 | V3, 0},
    {"fde-start-wraps", "2.3.1", f_fde_start_wraps, ALL, 0},
    {"fde-end-overflow", "2.3.1", f_fde_end_overflow, ALL, 0},
    {"fde-array-overlaps-fres", "2.2", f_fde_array_overlaps_fres, ALL, 0},
    {"fre-data-overrun", "2.3.1", f_fre_data_overrun, ALL, 0},
    {"fde-unsorted", "2.3.1", f_fde_unsorted, ALL, 0},
    {"fde-unsorted-unflagged", "2.3.1", f_fde_unsorted_unflagged, ALL, 0},
    {"fde-duplicate", "2.3.1", f_fde_duplicate, ALL, 0},
    {"fde-overlap", "2.3.1", f_fde_overlap, ALL, 0},
    {"truncated-fre", "2.4", f_truncated_fre, ALL, 0},
    {"truncated-data-words", "2.4", f_truncated_data_words, ALL, 0},
    {"dataword-size-unknown", "2.4.1", f_dataword_size_unknown, ALL, 0},
    {"fre-start-not-increasing", "2.4", f_fre_start_not_increasing, ALL, 0},
    {"fre-start-past-size", "2.4", f_fre_start_past_size, ALL, 0},
    {"fre-start-at-size", "2.4", f_fre_start_at_size, ALL, 0},
    {"dataword-count-bad", "3.1", f_dataword_count_bad, ALL, 0},
    {"flex-cfa-not-reg", "3.2", f_flex_cfa_not_reg, V3, 0},
    {"flex-rule-truncated", "3.2", f_flex_rule_truncated, V3, 0},
    {"datawords-leftover", "3.2", f_datawords_leftover, V3, 0},
    {"mangled-ra-not-aarch64", "2.4.1", f_mangled_ra_not_aarch64, ALL, 1},
};
#define NFAULTS (sizeof faults / sizeof faults[0])
#undef V1
#undef V2
#undef V3
#undef ALL

_Static_assert(NFAULTS <= SFE_MAX_FAULTS, "raise SFE_MAX_FAULTS (sfe_internal.h)");

unsigned sfe_fault_count(void) { return (unsigned)NFAULTS; }
const char *sfe_fault_name(unsigned i) { return i < NFAULTS ? faults[i].finding : NULL; }
const char *sfe_fault_clause(unsigned i) { return faults[i].clause; }

int sfe_fault_applies(unsigned i, uint8_t version, uint8_t abi) {
  return (faults[i].versions & (1u << version)) && !(faults[i].not_aarch64 && sfe_is_aarch64(abi));
}

/* The faults assume FDEs first, then FRE data in function order, and at
 * least one function. */
int sfe_fault_apply(unsigned i, sfe_case *c, sfe_rng *r, char *err, size_t errlen) {
  mctx x;
  c->model.fres_first = 0;
  free(c->model.data_order);
  c->model.data_order = NULL;
  if (c->model.nfuncs == 0 && !append_plain(&c->model, 1, 32))
    return -1;
  x.c = c;
  x.r = r;
  x.err = err;
  x.errlen = errlen;
  return faults[i].fn(&x);
}

#undef M
#undef S
#undef TITLE
