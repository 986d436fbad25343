/* SPDX-License-Identifier: MIT */
/* build_model.c - the model of one concrete section: the named base model's
 * lines, then the case's own, applied to a working model (header fields,
 * functions, rows as written), then turned into the encoder's sfe_model for
 * the section's version, ABI and byte order: repeated functions expanded and
 * the neutral rules of corpus/CASES.md (sp, fp, c+N, fixed, ...) translated
 * into the encoder's register rules. */
#include <stdlib.h>
#include <string.h>

#include "build.h"

/* ---- the working model ---- */

static void apply_funcspec(wfunc *f, const cat_funcspec *s) {
  if (s->set & FF_CLEAR)
    f->nrows = 0;
  if (s->set & FF_START) {
    f->fn.start = s->start;
    f->start_raw = s->start_raw;
    f->raw = s->raw;
  }
  if (s->set & FF_SIZE)
    f->fn.size = s->size;
  if (s->set & FF_PC)
    f->fn.pc_type = s->pc_type;
  if (s->set & FF_REP)
    f->fn.rep_size = s->rep_size;
  if (s->set & FF_TYPE)
    f->fn.fde_type = s->fde_type;
  if (s->set & FF_KEY)
    f->fn.pauth_key = s->pauth_key;
  if (s->set & FF_SIGNAL)
    f->fn.signal = s->signal;
  if (s->set & FF_FRETYPE)
    f->fn.fre_type = s->fre_type;
  if (s->set & FF_WSIZE)
    f->fn.word_size = s->word_size;
  if (s->set & FF_REPEAT)
    f->repeat = s->repeat;
  if (s->set & FF_STRIDE)
    f->stride = s->stride;
}

int cat_wmodel_apply(wmodel *w, const cat_mop *ops, size_t n, const char *file,
                     const cat_concrete *cc, wfunc **cur) {
  size_t i;
  for (i = 0; i < n; i++) {
    const cat_mop *op = &ops[i];
    switch (op->kind) {
    case MO_HEADER: {
      const cat_headerspec *h = &op->hdr;
      if (h->set & HF_FLAGS_ABS)
        w->hdr.flags = h->flags;
      if (h->set & HF_FLAGS_REL)
        w->hdr.flags = (uint8_t)((w->hdr.flags | h->flags_add) & ~h->flags_del);
      if (h->set & HF_FIXED_FP)
        w->hdr.fixed_fp_offset = h->fixed_fp;
      if (h->set & HF_FIXED_RA)
        w->hdr.fixed_ra_offset = h->fixed_ra;
      if (h->set & HF_AUXHDR)
        w->hdr.auxhdr_len = h->auxhdr;
      if (h->set & HF_GAP)
        w->hdr.gap_after_header = h->gap;
      if (h->set & HF_GAP_BETWEEN)
        w->hdr.gap_between = h->gap_between;
      if (h->set & HF_TRAILING)
        w->hdr.trailing = h->trailing;
      if (h->set & HF_FRES_FIRST)
        w->hdr.fres_first = h->fres_first;
      if (h->set & HF_VMA)
        w->hdr.vma = h->vma;
      break;
    }
    case MO_FUNC: {
      wfunc *f;
      if (w->nfuncs == w->capfuncs) {
        w->capfuncs = w->capfuncs ? w->capfuncs * 2 : 8;
        w->funcs = cat_xrealloc(w->funcs, w->capfuncs * sizeof *w->funcs);
      }
      f = &w->funcs[w->nfuncs++];
      memset(f, 0, sizeof *f);
      f->fn.fre_type = SFE_AUTO;
      f->fn.word_size = SFE_AUTO;
      f->repeat = 1;
      f->line = op->line;
      apply_funcspec(f, &op->func);
      if (f->start_raw && f->repeat > 1)
        return cat_berr(file, op->line, cc, "start=raw: cannot be combined with repeat=");
      *cur = f;
      break;
    }
    case MO_FUNC_EDIT: {
      long idx = op->index < 0 ? (long)w->nfuncs + op->index : op->index;
      if (idx < 0 || (size_t)idx >= w->nfuncs)
        return cat_berr(file, op->line, cc, "func[%ld]: the model has %zu functions", op->index,
                        w->nfuncs);
      *cur = &w->funcs[idx];
      apply_funcspec(*cur, &op->func);
      break;
    }
    case MO_ROW: {
      wfunc *f = *cur;
      if (!f)
        return cat_berr(file, op->line, cc, "row before any function");
      if (f->nrows == f->caprows) {
        f->caprows = f->caprows ? f->caprows * 2 : 8;
        f->rows = cat_xrealloc(f->rows, f->caprows * sizeof *f->rows);
      }
      f->rows[f->nrows] = op->row;
      f->rows[f->nrows++].file = file;
      break;
    }
    }
  }
  return 0;
}

void cat_wmodel_free(wmodel *w) {
  size_t i;
  for (i = 0; i < w->nfuncs; i++)
    free(w->funcs[i].rows);
  free(w->funcs);
}

/* ---- neutral rules to the encoder's sfr_rules ---- */

/* CB_SP and CB_FP are the ABI's SP and FP (the encoder's DWARF table). */
static uint32_t base_reg(int abi, uint8_t base, uint32_t reg) {
  return base == CB_SP   ? sfe_dwarf_sp(cat_abi_id(abi))
         : base == CB_FP ? sfe_dwarf_fp(cat_abi_id(abi))
                         : reg;
}

static int translate_rule(const cat_rule *in, int is_ra, int abi, int flex, const wmodel *w,
                          sfr_reg_rule *out, const char **why) {
  int amd64 = abi == CAT_ABI_AMD64;
  memset(out, 0, sizeof *out);
  switch (in->kind) {
  case RK_DEFAULT:
  case RK_PAD:
    out->not_saved = in->kind == RK_PAD;
    if (is_ra && amd64) {
      out->kind = SFR_RULE_FIXED;
      out->offset = w->hdr.fixed_ra_offset;
    } else if (!is_ra && w->hdr.fixed_fp_offset != 0) {
      out->kind = SFR_RULE_FIXED;
      out->offset = w->hdr.fixed_fp_offset;
    } else {
      out->kind = SFR_RULE_UNCHANGED;
    }
    return 0;
  case RK_FIXED:
    out->kind = SFR_RULE_FIXED;
    out->offset = is_ra ? w->hdr.fixed_ra_offset : w->hdr.fixed_fp_offset;
    return 0;
  case RK_UNCHANGED:
    out->kind = SFR_RULE_UNCHANGED;
    return 0;
  case RK_AT_CFA:
    if (is_ra && amd64 && !flex) {
      if (in->off != w->hdr.fixed_ra_offset) {
        *why = "AMD64 default FDEs keep the RA at the header's fixed offset "
               "(write ra=fixed, or ra=c+N with N that offset)";
        return -1;
      }
      out->kind = SFR_RULE_FIXED;
      out->offset = w->hdr.fixed_ra_offset;
      return 0;
    }
    out->kind = SFR_RULE_AT_CFA;
    out->offset = in->off;
    return 0;
  case RK_VAL_CFA:
    out->kind = SFR_RULE_VAL_CFA;
    out->offset = in->off;
    return 0;
  case RK_REG:
  case RK_AT_REG:
    out->kind = in->kind == RK_REG ? SFR_RULE_REG : SFR_RULE_AT_REG;
    out->reg = base_reg(abi, in->base, in->reg);
    out->offset = in->off;
    return 0;
  }
  *why = "this rule cannot appear here";
  return -1;
}

static int translate_row(const cat_row *in, int abi, int flex, const wmodel *w, sfe_row *out,
                         const char **why) {
  sfr_rules *r = &out->rules;
  memset(out, 0, sizeof *out);
  out->start = in->start;
  out->nextra = in->nextra;
  memcpy(out->extra, in->extra, sizeof out->extra);
  r->ra_mangled = in->mangled;
  if (in->outermost) {
    r->outermost = 1;
    r->ra.kind = SFR_RULE_UNDEFINED;
    r->fp.kind = SFR_RULE_UNCHANGED;
    return 0;
  }
  r->cfa.reg = base_reg(abi, in->cfa.base, in->cfa.reg);
  r->cfa.base = sfe_cfa_base_of(cat_abi_id(abi), r->cfa.reg);
  r->cfa.offset = in->cfa.off;
  r->cfa.deref = in->cfa.deref;
  if (translate_rule(&in->ra, 1, abi, flex, w, &r->ra, why) != 0)
    return -1;
  if (translate_rule(&in->fp, 0, abi, flex, w, &r->fp, why) != 0)
    return -1;
  return 0;
}

/* ---- the model for the encoder ---- */

int cat_wmodel_to_sfe(const wmodel *w, const cat_concrete *cc, sfe_model *m) {
  size_t i, k, total = 0, n = 0;
  *m = w->hdr;
  m->version = (uint8_t)cc->version;
  m->abi = cat_abi_id(cc->abi);
  m->big_endian = (uint8_t)cc->big_endian;
  m->nfuncs = 0;
  m->funcs = NULL;
  m->data_order = NULL;
  for (i = 0; i < w->nfuncs; i++)
    total += w->funcs[i].repeat;
  if (total > UINT32_MAX)
    return cat_berr(cc->c->file, cc->c->line, cc, "too many functions");
  m->funcs = cat_xcalloc(total, sizeof *m->funcs);
  for (i = 0; i < w->nfuncs; i++) {
    const wfunc *f = &w->funcs[i];
    sfe_row *rows = NULL;
    int flex = f->fn.fde_type == SFR_FDE_TYPE_FLEX;
    uint32_t r;
    if (f->nrows) {
      rows = cat_xcalloc(f->nrows, sizeof *rows);
      for (k = 0; k < f->nrows; k++) {
        const char *why = "";
        if (translate_row(&f->rows[k], cc->abi, flex, w, &rows[k], &why) != 0) {
          free(rows);
          m->nfuncs = (uint32_t)n;
          sfe_model_free(m);
          return cat_berr(cc->c->file, f->rows[k].line, cc, "%s", why);
        }
      }
    }
    for (r = 0; r < f->repeat; r++) {
      sfe_func *g = &m->funcs[n++];
      *g = f->fn;
      g->start = f->fn.start + (uint64_t)r * f->stride;
      g->nrows = (uint32_t)f->nrows;
      g->rows = NULL;
      if (f->nrows) {
        g->rows = cat_xcalloc(f->nrows, sizeof *rows);
        memcpy(g->rows, rows, f->nrows * sizeof *rows);
      }
    }
    free(rows);
  }
  m->nfuncs = (uint32_t)n;
  return 0;
}
