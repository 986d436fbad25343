/* SPDX-License-Identifier: MIT */
/* build.c - one concrete section of a case: the expansion of a case into
 * versions x ABIs x byte orders, then for each the model (build_model.c:
 * named base model, then the case's own model lines), the encoder, the raw
 * overrides in the order written (build_override.c), the PCs to look up and
 * the unwind chains. */
#include <stdlib.h>
#include <string.h>

#include "build.h"

/* ---- expansion ---- */

size_t cat_expand(const cat_case *c, cat_concrete *out, size_t max) {
  size_t n = 0;
  int v, a, e;
  for (v = 1; v <= 3; v++) {
    if (!(c->versions & (1u << v)))
      continue;
    for (a = 0; a < CAT_NABI; a++) {
      if (!(c->abis & (1u << a)))
        continue;
      if (v == 1 && a == CAT_ABI_S390X && !c->v1_s390x)
        continue; /* s390x exists from version 2 (spec 1.3, erratum 1) */
      for (e = 0; e < 2; e++) {
        int big = e ? !cat_abi_big_endian(a) : cat_abi_big_endian(a);
        if (!(c->endian & (e ? CAT_ENDIAN_SWAPPED : CAT_ENDIAN_NATIVE)))
          continue;
        if (n < max) {
          cat_concrete *cc = &out[n];
          cc->c = c;
          cc->version = v;
          cc->abi = a;
          cc->big_endian = big;
          snprintf(cc->id, sizeof cc->id, "%s-v%d-%s-%s", c->id, v, cat_abi_short(a),
                   big ? "be" : "le");
        }
        n++;
      }
    }
  }
  return n;
}

/* ---- PCs for lookups ---- */

typedef struct pcset {
  uint64_t *v;
  size_t n, cap;
} pcset;

static void pc_add(pcset *s, uint64_t pc) {
  if (s->n == s->cap) {
    s->cap = s->cap ? s->cap * 2 : 32;
    s->v = cat_xrealloc(s->v, s->cap * sizeof *s->v);
  }
  s->v[s->n++] = pc;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static void func_pcs(pcset *s, const sfe_func *f, int all_rows) {
  uint32_t k, nr = all_rows ? f->nrows : (f->nrows < 6 ? f->nrows : 6);
  if (f->start)
    pc_add(s, f->start - 1);
  pc_add(s, f->start);
  for (k = 0; k < nr; k++) {
    uint64_t o = f->rows[k].start;
    if (o > 0)
      pc_add(s, f->start + o - 1);
    pc_add(s, f->start + o);
    if (f->pc_type == SFR_PCTYPE_MASK && f->rep_size)
      pc_add(s, f->start + f->rep_size + o);
  }
  if (f->size > 1)
    pc_add(s, f->start + f->size / 2);
  if (f->size)
    pc_add(s, f->start + f->size - 1);
  if (f->size <= UINT64_MAX - f->start)
    pc_add(s, f->start + f->size);
}

static void choose_pcs(const cat_case *c, const sfe_model *m, cat_built *b) {
  pcset s = {NULL, 0, 0};
  uint32_t i;
  size_t k, n = 0;
  int mode = c->pcs_mode;
  if (mode == PCS_LIST) {
    b->pcs = cat_xcalloc(c->npcs, sizeof *b->pcs);
    memcpy(b->pcs, c->pcs, c->npcs * sizeof *b->pcs);
    b->npcs = c->npcs;
    return;
  }
  if (mode == PCS_NONE || c->cls == CAT_MALFORMED || c->cls == CAT_INVALID || c->cls == CAT_IMPL)
    return;
  if (mode == PCS_AUTO && m->nfuncs > 16)
    mode = PCS_FEW;
  if (mode == PCS_FEW) {
    uint32_t pick[3];
    if (!m->nfuncs)
      return;
    pick[0] = 0;
    pick[1] = m->nfuncs / 2;
    pick[2] = m->nfuncs - 1;
    for (i = 0; i < 3; i++) {
      const sfe_func *f = &m->funcs[pick[i]];
      pc_add(&s, f->start);
      if (f->size)
        pc_add(&s, f->start + f->size - 1);
    }
    if (m->funcs[pick[2]].size <= UINT64_MAX - m->funcs[pick[2]].start)
      pc_add(&s, m->funcs[pick[2]].start + m->funcs[pick[2]].size);
  } else {
    for (i = 0; i < m->nfuncs; i++)
      func_pcs(&s, &m->funcs[i], m->nfuncs <= 4);
  }
  if (!s.n)
    return;
  qsort(s.v, s.n, sizeof *s.v, cmp_u64);
  for (k = 0; k < s.n; k++)
    if (n == 0 || s.v[k] != s.v[n - 1])
      s.v[n++] = s.v[k];
  b->pcs = s.v;
  b->npcs = n;
}

/* ---- one concrete section ---- */

/* Report an encoder error at the row it names ("function F row R: ...")
 * when the row comes from a line of this case, else at the case. */
static void encode_error(const cat_case *c, const cat_concrete *cc, const wmodel *w,
                         sfe_status st, const char *err) {
  unsigned fi, ri;
  int line = c->line;
  const char *file = c->file;
  if (st == SFE_E_MODEL && sscanf(err, "function %u row %u", &fi, &ri) == 2) {
    size_t k, n = 0;
    for (k = 0; k < w->nfuncs; n += w->funcs[k].repeat, k++)
      if (fi < n + w->funcs[k].repeat) {
        if (ri < w->funcs[k].nrows) {
          line = w->funcs[k].rows[ri].line;
          file = w->funcs[k].rows[ri].file;
        }
        break;
      }
  }
  cat_berr(file, line, cc, "encoder: %s", st == SFE_E_NOMEM ? "out of memory" : err);
}

/* An unwind chain's PCs, then its `beyond` PC: addresses, or fN[+-OFF]
 * (function N's start plus OFF; N negative counts from the end). */
static int resolve_chain(const cat_unwind *u, const cat_concrete *cc, const char *file,
                         const sfe_model *m, uint64_t **out) {
  size_t i;
  *out = cat_xcalloc(u->nchain + 1, sizeof **out);
  for (i = 0; i < u->nchain + (u->beyond ? 1 : 0); i++) {
    const char *t = i < u->nchain ? u->chain[i] : u->beyond;
    char *end;
    long idx;
    int64_t off = 0;
    if (t[0] != 'f') {
      if (!sfc_parse_u64(t, &(*out)[i]))
        return cat_berr(file, u->line, cc, "unwind: bad PC '%s'", t);
      continue;
    }
    idx = strtol(t + 1, &end, 10);
    if (end == t + 1 || (*end && *end != '+' && *end != '-') ||
        (*end && cat_parse_int(end[0] == '+' ? end + 1 : end, &off) != 0))
      return cat_berr(file, u->line, cc, "unwind: bad PC '%s' (an address or fN+OFF)", t);
    if (idx < 0)
      idx += (long)m->nfuncs;
    if (idx < 0 || (uint64_t)idx >= m->nfuncs)
      return cat_berr(file, u->line, cc, "unwind: '%s': the model has %u functions", t, m->nfuncs);
    (*out)[i] = m->funcs[idx].start + (uint64_t)off;
  }
  return 0;
}

/* The section an invalid or malformed case is derived from: its base
 * model alone, with the defaults cat_build starts from.  A reader that
 * refuses it too refuses the case for something else than its defect
 * (conformance/PROTOCOL.md, twin-rejected); with abs, its starts counted
 * from the section (PCREL clear).  0 (*bytes and *len set, or left
 * NULL when the base gives starts as raw values), or -1 after an error. */
static int build_twin(const cat_catalogue *cat, const cat_concrete *cc, const cat_model *bm,
                      int abs, uint8_t **bytes, size_t *len) {
  wmodel w;
  wfunc *cur = NULL;
  sfe_model m;
  sfe_section s;
  char err[256];
  size_t i;
  int rc = -1;
  (void)cat;
  memset(&w, 0, sizeof w);
  memset(&m, 0, sizeof m);
  memset(&s, 0, sizeof s);
  if (cc->abi == CAT_ABI_S390X && !sfr_has_s390x(cc->version))
    return 0; /* no valid section of this version for this ABI (spec 2.1) */
  w.hdr.flags = SFR_F_FDE_SORTED | (sfr_has_pcrel_flag(cc->version) ? SFR_F_FDE_FUNC_START_PCREL : 0);
  w.hdr.fixed_ra_offset = cc->abi == CAT_ABI_AMD64 ? -8 : 0;
  w.hdr.vma = 0x1000;
  if (cat_wmodel_apply(&w, bm->ops, bm->nops, bm->file, cc, &cur) != 0)
    goto done;
  for (i = 0; i < w.nfuncs; i++)
    if (w.funcs[i].start_raw) {
      rc = 0;
      goto done;
    }
  if (abs)
    w.hdr.flags &= (uint8_t)~SFR_F_FDE_FUNC_START_PCREL;
  if (cat_wmodel_to_sfe(&w, cc, &m) != 0)
    goto done;
  if (sfe_encode(&m, &s, err, sizeof err) != SFE_OK) {
    cat_berr(cc->c->file, cc->c->line, cc, "the base model '%s' does not encode: %s",
             cc->c->base, err);
    goto done;
  }
  *bytes = cat_xcalloc(s.len ? s.len : 1, 1);
  memcpy(*bytes, s.bytes, s.len);
  *len = s.len;
  rc = 0;
done:
  sfe_section_free(&s);
  sfe_model_free(&m);
  cat_wmodel_free(&w);
  return rc;
}

/* Whether a case's start encoding is incidental to it: none of its byte
 * overrides sets a start, the flags or the version (whose meaning the
 * encoding changes). */
static int abs_incidental(const cat_case *c) {
  for (size_t i = 0; i < c->novs; i++) {
    const cat_override *o = &c->ovs[i];
    if (o->kind == OV_SET && (strstr(o->target, "start") || strstr(o->target, "flags") ||
                              strstr(o->target, "version")))
      return 0;
  }
  return 1;
}

int cat_build(const cat_catalogue *cat, const cat_concrete *cc, cat_built *out) {
  const cat_case *c = cc->c;
  wmodel w;
  wfunc *cur = NULL;
  sfe_section s;
  char err[256];
  size_t i;
  int has_raw = 0, rc = -1;
  sfe_status st;

  memset(out, 0, sizeof *out);
  memset(&w, 0, sizeof w);
  memset(&s, 0, sizeof s);
  /* Defaults as GNU as writes them: sorted (and PC-relative from version
   * 2); AMD64 keeps its RA at CFA - 8. */
  w.hdr.flags = SFR_F_FDE_SORTED | (sfr_has_pcrel_flag(cc->version) ? SFR_F_FDE_FUNC_START_PCREL : 0);
  w.hdr.fixed_ra_offset = cc->abi == CAT_ABI_AMD64 ? -8 : 0;
  w.hdr.vma = 0x1000;
  if (c->base) {
    const cat_model *bm = cat_find_model(cat, c->base, cc->abi);
    if (!bm)
      return cat_berr(c->file, c->line, cc, "model '%s' has no variant for %s", c->base,
                      cat_abi_name(cc->abi));
    if (cat_wmodel_apply(&w, bm->ops, bm->nops, bm->file, cc, &cur) != 0)
      goto done;
    if ((c->cls == CAT_MALFORMED || c->cls == CAT_INVALID) &&
        build_twin(cat, cc, bm, 0, &out->twin, &out->twin_len) != 0)
      goto done;
  }
  if (cat_wmodel_apply(&w, c->ops, c->nops, c->file, cc, &cur) != 0)
    goto done;
  for (i = 0; i < w.nfuncs; i++) {
    const wfunc *f = &w.funcs[i];
    if (f->start_raw)
      has_raw = 1;
    if (!sfr_has_fde_attr(cc->version) && (f->fn.fde_type != SFR_FDE_TYPE_DEFAULT || f->fn.signal)) {
      cat_berr(c->file, f->line, cc, "flexible FDEs and signal frames exist in version 3 only");
      goto done;
    }
  }
  if (cat_wmodel_to_sfe(&w, cc, &out->model) != 0)
    goto done;

  if (has_raw) {
    /* Starts given as stored values: encode once to learn where each start
     * field lands (the layout does not depend on the values), then resolve
     * them as a reader would (spec 2.3.1; version 1 has no PCREL). */
    size_t n = 0, k;
    int pcrel = sfr_has_pcrel_flag(cc->version) && (w.hdr.flags & SFR_F_FDE_FUNC_START_PCREL);
    for (k = 0; k < w.nfuncs; n += w.funcs[k].repeat, k++)
      if (w.funcs[k].start_raw)
        out->model.funcs[n].start = w.hdr.vma; /* functions with raw starts never repeat */
    n = 0;
    st = sfe_encode(&out->model, &s, err, sizeof err);
    if (st != SFE_OK) {
      encode_error(c, cc, &w, st, err);
      goto done;
    }
    for (k = 0; k < w.nfuncs; n += w.funcs[k].repeat, k++) {
      const wfunc *f = &w.funcs[k];
      if (f->start_raw) {
        unsigned wd;
        long fo = sfe_fde_field(&out->model, &s, (uint32_t)n, "start", &wd);
        uint64_t base = w.hdr.vma + (pcrel ? (uint64_t)fo : 0);
        out->model.funcs[n].start = base + (uint64_t)f->raw;
      }
    }
    sfe_section_free(&s);
    memset(&s, 0, sizeof s);
  }

  st = sfe_encode(&out->model, &s, err, sizeof err);
  if (st != SFE_OK) {
    encode_error(c, cc, &w, st, err);
    goto done;
  }
  if (cat_apply_overrides(cc, &out->model, &s, c->ovs, c->novs, c->file, &out->bytes,
                          &out->len) != 0)
    goto done;
  if (c->cls == CAT_MALFORMED && c->pcs_mode == PCS_LIST) {
    cat_berr(c->file, c->line, cc, "a malformed section has no lookups (pcs)");
    goto done;
  }
  choose_pcs(c, &out->model, out);
  if (cc->version == 2 && !has_raw && abs_incidental(c) &&
      out->model.flags == (SFR_F_FDE_SORTED | SFR_F_FDE_FUNC_START_PCREL)) {
    /* the same section with starts counted from the section: only the
     * flag and the start fields differ */
    sfe_section a;
    memset(&a, 0, sizeof a);
    out->model.flags = SFR_F_FDE_SORTED;
    st = sfe_encode(&out->model, &a, err, sizeof err);
    out->model.flags = SFR_F_FDE_SORTED | SFR_F_FDE_FUNC_START_PCREL;
    if (st != SFE_OK) {
      encode_error(c, cc, &w, st, err);
      goto done;
    }
    /* the same byte overrides: the layout is the same */
    rc = cat_apply_overrides(cc, &out->model, &a, c->ovs, c->novs, c->file, &out->abs,
                             &out->abs_len);
    sfe_section_free(&a);
    if (rc != 0)
      goto done;
    rc = -1;
    if (out->twin && build_twin(cat, cc, cat_find_model(cat, c->base, cc->abi), 1, &out->abs_twin,
                               &out->abs_twin_len) != 0)
      goto done;
  }
  if (c->nunwinds) {
    if (c->cls == CAT_MALFORMED) {
      cat_berr(c->file, c->line, cc, "a malformed section is not unwound");
      goto done;
    }
    out->chains = cat_xcalloc(c->nunwinds, sizeof *out->chains);
    out->nchains = c->nunwinds;
    for (i = 0; i < c->nunwinds; i++)
      if (resolve_chain(&c->unwinds[i], cc, c->file, &out->model, &out->chains[i]) != 0)
        goto done;
  }
  rc = 0;
done:
  sfe_section_free(&s);
  cat_wmodel_free(&w);
  if (rc != 0)
    cat_built_free(out);
  return rc;
}

void cat_built_free(cat_built *b) {
  size_t i;
  if (b->chains)
    for (i = 0; i < b->nchains; i++)
      free(b->chains[i]);
  free(b->chains);
  sfe_model_free(&b->model);
  free(b->bytes);
  free(b->twin);
  free(b->abs);
  free(b->abs_twin);
  free(b->pcs);
  memset(b, 0, sizeof *b);
}
