/* build.c - one concrete section of a case: the model for a version x ABI x
 * endianness (named base model, then the case's own model lines), the
 * encoder, then the raw overrides in the order written.
 *
 * Overrides address the encoded section through anchors taken from the
 * encoder's layout (sfe_section: FDE, data and FRE offsets) and its field
 * tables (sfe_header_field, sfe_fde_field).  `insert` and `delete` move the
 * anchors behind the change and keep the header's offsets and lengths, the
 * FDEs' FRE offsets and PC-relative starts pointing at the same structures
 * (adding the shift to whatever value the field holds, so an earlier `set`
 * stays broken the way it was written). */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"

static const uint32_t sp_regs[CAT_NABI] = {7, 31, 31, 15};
static const uint32_t fp_regs[CAT_NABI] = {6, 29, 29, 11};

static int berr(const char *file, int line, const cat_concrete *cc, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%d: error: %s: ", file, line, cc->id);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  return -1;
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fprintf(stderr, "sfcorpus: out of memory\n");
    exit(2);
  }
  return p;
}

static void *xrealloc(void *p, size_t size) {
  p = realloc(p, size ? size : 1);
  if (!p) {
    fprintf(stderr, "sfcorpus: out of memory\n");
    exit(2);
  }
  return p;
}

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

/* ---- the working model ---- */

typedef struct wfunc {
  uint64_t start;
  int start_raw;
  int64_t raw;
  uint32_t size;
  uint8_t pc_type, rep_size, fde_type, pauth_key, signal, fre_type, word_size;
  uint32_t repeat;
  uint64_t stride;
  cat_row *rows;
  size_t nrows, caprows;
  int line;
} wfunc;

typedef struct wmodel {
  uint8_t flags;
  int8_t fixed_fp, fixed_ra;
  uint8_t auxhdr, fres_first;
  uint32_t gap, gap_between, trailing;
  uint64_t vma;
  wfunc *funcs;
  size_t nfuncs, capfuncs;
} wmodel;

static void apply_funcspec(wfunc *f, const cat_funcspec *s) {
  if (s->set & FF_CLEAR)
    f->nrows = 0;
  if (s->set & FF_START) {
    f->start = s->start;
    f->start_raw = s->start_raw;
    f->raw = s->raw;
  }
  if (s->set & FF_SIZE)
    f->size = s->size;
  if (s->set & FF_PC)
    f->pc_type = s->pc_type;
  if (s->set & FF_REP)
    f->rep_size = s->rep_size;
  if (s->set & FF_TYPE)
    f->fde_type = s->fde_type;
  if (s->set & FF_KEY)
    f->pauth_key = s->pauth_key;
  if (s->set & FF_SIGNAL)
    f->signal = s->signal;
  if (s->set & FF_FRETYPE)
    f->fre_type = s->fre_type;
  if (s->set & FF_WSIZE)
    f->word_size = s->word_size;
  if (s->set & FF_REPEAT)
    f->repeat = s->repeat;
  if (s->set & FF_STRIDE)
    f->stride = s->stride;
}

static int apply_mops(wmodel *w, const cat_mop *ops, size_t n, const char *file,
                      const cat_concrete *cc, wfunc **cur) {
  size_t i;
  for (i = 0; i < n; i++) {
    const cat_mop *op = &ops[i];
    switch (op->kind) {
    case MO_HEADER: {
      const cat_headerspec *h = &op->hdr;
      if (h->set & HF_FLAGS_ABS)
        w->flags = h->flags;
      if (h->set & HF_FLAGS_REL)
        w->flags = (uint8_t)((w->flags | h->flags_add) & ~h->flags_del);
      if (h->set & HF_FIXED_FP)
        w->fixed_fp = h->fixed_fp;
      if (h->set & HF_FIXED_RA)
        w->fixed_ra = h->fixed_ra;
      if (h->set & HF_AUXHDR)
        w->auxhdr = h->auxhdr;
      if (h->set & HF_GAP)
        w->gap = h->gap;
      if (h->set & HF_GAP_BETWEEN)
        w->gap_between = h->gap_between;
      if (h->set & HF_TRAILING)
        w->trailing = h->trailing;
      if (h->set & HF_FRES_FIRST)
        w->fres_first = h->fres_first;
      if (h->set & HF_VMA)
        w->vma = h->vma;
      break;
    }
    case MO_FUNC: {
      wfunc *f;
      if (w->nfuncs == w->capfuncs) {
        w->capfuncs = w->capfuncs ? w->capfuncs * 2 : 8;
        w->funcs = xrealloc(w->funcs, w->capfuncs * sizeof *w->funcs);
      }
      f = &w->funcs[w->nfuncs++];
      memset(f, 0, sizeof *f);
      f->fre_type = SFE_AUTO;
      f->word_size = SFE_AUTO;
      f->repeat = 1;
      f->line = op->line;
      apply_funcspec(f, &op->func);
      if (f->start_raw && f->repeat > 1)
        return berr(file, op->line, cc, "start=raw: cannot be combined with repeat=");
      *cur = f;
      break;
    }
    case MO_FUNC_EDIT: {
      long idx = op->index < 0 ? (long)w->nfuncs + op->index : op->index;
      if (idx < 0 || (size_t)idx >= w->nfuncs)
        return berr(file, op->line, cc, "func[%ld]: the model has %zu functions", op->index,
                    w->nfuncs);
      *cur = &w->funcs[idx];
      apply_funcspec(*cur, &op->func);
      break;
    }
    case MO_ROW: {
      wfunc *f = *cur;
      if (!f)
        return berr(file, op->line, cc, "row before any function");
      if (f->nrows == f->caprows) {
        f->caprows = f->caprows ? f->caprows * 2 : 8;
        f->rows = xrealloc(f->rows, f->caprows * sizeof *f->rows);
      }
      f->rows[f->nrows] = op->row;
      f->rows[f->nrows++].file = file;
      break;
    }
    }
  }
  return 0;
}

static void wmodel_free(wmodel *w) {
  size_t i;
  for (i = 0; i < w->nfuncs; i++)
    free(w->funcs[i].rows);
  free(w->funcs);
}

/* ---- neutral rules to the encoder's sfr_rules ---- */

static uint32_t base_reg(int abi, uint8_t base, uint32_t reg) {
  return base == CB_SP ? sp_regs[abi] : base == CB_FP ? fp_regs[abi] : reg;
}

static int translate_rule(const cat_rule *in, int is_ra, int abi, int flex, const wmodel *w,
                          sfr_reg_rule *out, const char **why) {
  int amd64 = abi == CAT_ABI_AMD64;
  memset(out, 0, sizeof *out);
  switch (in->kind) {
  case RK_DEFAULT:
  case RK_PAD:
    out->padding = in->kind == RK_PAD;
    if (is_ra && amd64) {
      out->kind = SFR_RULE_FIXED;
      out->offset = w->fixed_ra;
    } else if (!is_ra && w->fixed_fp != 0) {
      out->kind = SFR_RULE_FIXED;
      out->offset = w->fixed_fp;
    } else {
      out->kind = SFR_RULE_UNCHANGED;
    }
    return 0;
  case RK_FIXED:
    out->kind = SFR_RULE_FIXED;
    out->offset = is_ra ? w->fixed_ra : w->fixed_fp;
    return 0;
  case RK_UNCHANGED:
    out->kind = SFR_RULE_UNCHANGED;
    return 0;
  case RK_AT_CFA:
    if (is_ra && amd64 && !flex) {
      if (in->off != w->fixed_ra) {
        *why = "AMD64 default FDEs keep the RA at the header's fixed offset "
               "(write ra=fixed, or ra=c+N with N that offset)";
        return -1;
      }
      out->kind = SFR_RULE_FIXED;
      out->offset = w->fixed_ra;
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
  r->cfa.base = r->cfa.reg == sp_regs[abi]   ? SFR_BASE_SP
                : r->cfa.reg == fp_regs[abi] ? SFR_BASE_FP
                                             : SFR_BASE_REG;
  r->cfa.offset = in->cfa.off;
  r->cfa.deref = in->cfa.deref;
  if (translate_rule(&in->ra, 1, abi, flex, w, &r->ra, why) != 0)
    return -1;
  if (translate_rule(&in->fp, 0, abi, flex, w, &r->fp, why) != 0)
    return -1;
  return 0;
}

/* ---- the model for the encoder ---- */

static int make_model(const wmodel *w, const cat_concrete *cc, sfe_model *m) {
  size_t i, k, total = 0, n = 0;
  memset(m, 0, sizeof *m);
  m->version = (uint8_t)cc->version;
  m->abi = cat_abi_id(cc->abi);
  m->big_endian = (uint8_t)cc->big_endian;
  m->flags = w->flags;
  m->fixed_fp_offset = w->fixed_fp;
  m->fixed_ra_offset = w->fixed_ra;
  m->auxhdr_len = w->auxhdr;
  m->vma = w->vma;
  m->gap_after_header = w->gap;
  m->gap_between = w->gap_between;
  m->trailing = w->trailing;
  m->fres_first = w->fres_first;
  for (i = 0; i < w->nfuncs; i++)
    total += w->funcs[i].repeat;
  if (total > UINT32_MAX)
    return berr(cc->c->file, cc->c->line, cc, "too many functions");
  m->funcs = xcalloc(total, sizeof *m->funcs);
  for (i = 0; i < w->nfuncs; i++) {
    const wfunc *f = &w->funcs[i];
    sfe_row *rows = NULL;
    int flex = f->fde_type == SFR_FDE_TYPE_FLEX;
    uint32_t r;
    if (f->nrows) {
      rows = xcalloc(f->nrows, sizeof *rows);
      for (k = 0; k < f->nrows; k++) {
        const char *why = "";
        if (translate_row(&f->rows[k], cc->abi, flex, w, &rows[k], &why) != 0) {
          free(rows);
          m->nfuncs = (uint32_t)n;
          sfe_model_free(m);
          return berr(cc->c->file, f->rows[k].line, cc, "%s", why);
        }
      }
    }
    for (r = 0; r < f->repeat; r++) {
      sfe_func *g = &m->funcs[n++];
      g->start = f->start + (uint64_t)r * f->stride;
      g->size = f->size;
      g->pc_type = f->pc_type;
      g->rep_size = f->rep_size;
      g->fde_type = f->fde_type;
      g->pauth_key = f->pauth_key;
      g->signal = f->signal;
      g->fre_type = f->fre_type;
      g->word_size = f->word_size;
      g->nrows = (uint32_t)f->nrows;
      if (f->nrows) {
        g->rows = xcalloc(f->nrows, sizeof *rows);
        memcpy(g->rows, rows, f->nrows * sizeof *rows);
      }
    }
    free(rows);
  }
  m->nfuncs = (uint32_t)n;
  return 0;
}

/* ---- the encoded section and its anchors ---- */

typedef struct lay {
  const cat_concrete *cc;
  const sfe_model *m;
  const sfe_section *s0; /* as encoded (field tables are asked about it) */
  uint8_t *buf;
  size_t len;
  size_t fde_size, hdr_end;
  size_t fde_array, fre_sub, fre_end;
  uint32_t nf;
  size_t *fde_at, *data_at;
  uint32_t *nrows;
  size_t **fre_at, **fre_endat;
  uint8_t *fretype;  /* per function, as encoded */
  uint8_t **wsize;   /* per FRE, as encoded */
  int pcrel;
} lay;

static uint64_t rd(const lay *L, size_t off, unsigned w) {
  uint64_t v = 0;
  unsigned i;
  for (i = 0; i < w; i++) {
    unsigned b = L->cc->big_endian ? i : w - 1 - i;
    v = (v << 8) | L->buf[off + b];
  }
  return v;
}

static void wr(lay *L, size_t off, unsigned w, uint64_t v) {
  unsigned i;
  for (i = 0; i < w; i++) {
    unsigned b = L->cc->big_endian ? w - 1 - i : i;
    L->buf[off + b] = (uint8_t)(v & 0xff);
    v >>= 8;
  }
}

static void lay_free(lay *L) {
  uint32_t i;
  for (i = 0; i < L->nf; i++) {
    free(L->fre_at[i]);
    free(L->fre_endat[i]);
    free(L->wsize[i]);
  }
  free(L->fre_at);
  free(L->fre_endat);
  free(L->wsize);
  free(L->fde_at);
  free(L->data_at);
  free(L->nrows);
  free(L->fretype);
  free(L->buf);
  memset(L, 0, sizeof *L);
}

static int lay_init(lay *L, const cat_concrete *cc, const sfe_model *m, const sfe_section *s) {
  uint32_t i, j;
  unsigned w;
  static const uint8_t asz[3] = {1, 2, 4}, wsz[4] = {1, 2, 4, 0};
  memset(L, 0, sizeof *L);
  L->cc = cc;
  L->m = m;
  L->s0 = s;
  L->len = s->len;
  L->buf = xcalloc(s->len, 1);
  memcpy(L->buf, s->bytes, s->len);
  L->fde_size = cc->version == 1 ? SFR_V1_FDE_SIZE
                : cc->version == 2 ? SFR_V2_FDE_SIZE
                                   : SFR_V3_FDE_INDEX_SIZE;
  L->hdr_end = SFR_HEADER_SIZE + (size_t)m->auxhdr_len;
  L->fde_array = s->fde_array;
  L->fre_sub = s->fre_sub;
  {
    long off = sfe_header_field("sfh_fre_len", &w);
    L->fre_end = s->fre_sub + (off >= 0 && (size_t)off + 4 <= s->len ? (size_t)rd(L, (size_t)off, w) : 0);
  }
  L->pcrel = cc->version >= 2 && (m->flags & SFR_F_FDE_FUNC_START_PCREL);
  L->nf = m->nfuncs;
  L->fde_at = xcalloc(L->nf, sizeof *L->fde_at);
  L->data_at = xcalloc(L->nf, sizeof *L->data_at);
  L->nrows = xcalloc(L->nf, sizeof *L->nrows);
  L->fre_at = xcalloc(L->nf, sizeof *L->fre_at);
  L->fre_endat = xcalloc(L->nf, sizeof *L->fre_endat);
  L->wsize = xcalloc(L->nf, sizeof *L->wsize);
  L->fretype = xcalloc(L->nf, 1);
  for (i = 0; i < L->nf; i++) {
    long io = sfe_fde_field(m, s, i, "info", &w);
    L->fde_at[i] = s->fde_at[i];
    L->data_at[i] = s->data_at[i];
    L->nrows[i] = m->funcs[i].nrows;
    L->fretype[i] = io >= 0 && (size_t)io < s->len ? (s->bytes[io] & 0x0f) : 0;
    L->fre_at[i] = xcalloc(L->nrows[i], sizeof **L->fre_at);
    L->fre_endat[i] = xcalloc(L->nrows[i], sizeof **L->fre_endat);
    L->wsize[i] = xcalloc(L->nrows[i], 1);
    for (j = 0; j < L->nrows[i]; j++) {
      size_t at = s->fre_at[i][j];
      unsigned a = L->fretype[i] < 3 ? asz[L->fretype[i]] : 1;
      uint8_t info = at + a < s->len ? s->bytes[at + a] : 0;
      unsigned ws = wsz[(info >> 5) & 3];
      L->fre_at[i][j] = at;
      L->wsize[i][j] = (uint8_t)ws;
      L->fre_endat[i][j] = at + a + 1 + (size_t)((info >> 1) & 0xf) * ws;
    }
  }
  return 0;
}

/* ---- locations and expressions ---- */

typedef struct field {
  size_t off;
  unsigned width;
  unsigned shift;
  uint64_t mask; /* 0: the whole field */
} field;

static int parse_index(const char **p, uint32_t count, uint32_t *out) {
  char *end;
  long v;
  if (**p != '[')
    return -1;
  v = strtol(*p + 1, &end, 10);
  if (end == *p + 1 || *end != ']')
    return -1;
  if (v < 0)
    v += (long)count;
  if (v < 0 || (uint64_t)v >= count)
    return -2;
  *out = (uint32_t)v;
  *p = end + 1;
  return 0;
}

/* Where an FDE field is now: ask the encoder's table about the section as
 * encoded, then move with the anchor (index entry or attribute) it lies in. */
static int fde_field(const lay *L, uint32_t i, const char *name, field *f) {
  unsigned w;
  long abs0 = sfe_fde_field(L->m, L->s0, i, name, &w);
  size_t a0 = L->s0->fde_at[i];
  if (abs0 < 0)
    return -1;
  memset(f, 0, sizeof *f);
  f->width = w;
  if ((size_t)abs0 >= a0 && (size_t)abs0 < a0 + L->fde_size)
    f->off = L->fde_at[i] + ((size_t)abs0 - a0);
  else
    f->off = L->data_at[i] + ((size_t)abs0 - L->s0->data_at[i]);
  return 0;
}

/* Resolve NAME (a location) into an offset, and when it names a field, the
 * field.  Returns 0, or -1 with *why set. */
static int resolve(const lay *L, const char *name, uint64_t *off, field *fld, const char **why) {
  const char *p = name;
  static const uint8_t asz[3] = {1, 2, 4};
  field f;
  memset(&f, 0, sizeof f);
  *why = "unknown location";
  if (strcmp(p, "end") == 0) {
    *off = L->len;
  } else if (strcmp(p, "hdrend") == 0) {
    *off = L->hdr_end;
  } else if (strcmp(p, "auxhdr") == 0) {
    *off = SFR_HEADER_SIZE;
  } else if (strcmp(p, "fdes") == 0) {
    *off = L->fde_array;
  } else if (strcmp(p, "fdes.end") == 0) {
    *off = L->fde_array + (size_t)L->nf * L->fde_size;
  } else if (strcmp(p, "fres") == 0) {
    *off = L->fre_sub;
  } else if (strcmp(p, "fres.end") == 0) {
    *off = L->fre_end;
  } else if (strncmp(p, "header.", 7) == 0) {
    unsigned w;
    long o = sfe_header_field(p + 7, &w);
    if (o < 0) {
      *why = "unknown header field";
      return -1;
    }
    f.off = (size_t)o;
    f.width = w;
    *off = f.off;
    if (fld) {
      *fld = f;
      return 0;
    }
  } else if (strncmp(p, "fde", 3) == 0 || strncmp(p, "data", 4) == 0) {
    int data = p[0] == 'd';
    uint32_t i;
    int rc;
    p += data ? 4 : 3;
    rc = parse_index(&p, L->nf, &i);
    if (rc) {
      *why = rc == -2 ? "function index out of range" : "expected [N]";
      return -1;
    }
    if (data) {
      if (*p) {
        *why = "data[N] has no fields";
        return -1;
      }
      *off = L->data_at[i];
      return 0;
    }
    if (!*p) {
      *off = L->fde_at[i];
    } else if (strcmp(p, ".end") == 0) {
      *off = L->fde_at[i] + L->fde_size;
    } else if (*p == '.') {
      static const struct {
        const char *name, *field;
        unsigned shift;
        uint64_t mask;
      } pseudo[] = {{"fre_type", "info", 0, 0xf}, {"pctype", "info", 4, 1},
                    {"pauth", "info", 5, 1},      {"signal", "info", 7, 1},
                    {"fde_type", "info2", 0, 0x1f}};
      size_t k;
      const char *real = p + 1;
      for (k = 0; k < sizeof pseudo / sizeof pseudo[0]; k++)
        if (strcmp(p + 1, pseudo[k].name) == 0) {
          real = pseudo[k].field;
          f.shift = pseudo[k].shift;
          f.mask = pseudo[k].mask;
        }
      {
        field g;
        if (fde_field(L, i, real, &g) != 0) {
          *why = "unknown FDE field for this version";
          return -1;
        }
        f.off = g.off;
        f.width = g.width;
      }
      *off = f.off;
      if (fld) {
        *fld = f;
        return 0;
      }
    } else {
      return -1;
    }
  } else if (strncmp(p, "fre", 3) == 0) {
    uint32_t i, j;
    int rc;
    unsigned a;
    p += 3;
    rc = parse_index(&p, L->nf, &i);
    if (rc) {
      *why = rc == -2 ? "function index out of range" : "expected fre[N][M]";
      return -1;
    }
    rc = parse_index(&p, L->nrows[i], &j);
    if (rc) {
      *why = rc == -2 ? "FRE index out of range" : "expected fre[N][M]";
      return -1;
    }
    a = L->fretype[i] < 3 ? asz[L->fretype[i]] : 1;
    f.off = L->fre_at[i][j];
    if (!*p) {
      *off = f.off;
      return 0;
    }
    if (strcmp(p, ".end") == 0) {
      *off = L->fre_endat[i][j];
      return 0;
    }
    if (strcmp(p, ".start") == 0) {
      f.width = a;
    } else if (strncmp(p, ".word[", 6) == 0) {
      char *end;
      long k = strtol(p + 6, &end, 10);
      if (end == p + 6 || strcmp(end, "]") != 0 || k < 0 || k > 15) {
        *why = "expected .word[K], K 0-15";
        return -1;
      }
      f.width = L->wsize[i][j] ? L->wsize[i][j] : 1;
      f.off += a + 1 + (size_t)k * f.width;
    } else {
      static const struct {
        const char *name;
        unsigned shift;
        uint64_t mask;
      } pseudo[] = {{"info", 0, 0},  {"base", 0, 1}, {"count", 1, 0xf},
                    {"wsize", 5, 3}, {"mangled", 7, 1}};
      size_t k;
      for (k = 0; k < sizeof pseudo / sizeof pseudo[0]; k++)
        if (strcmp(p + 1, pseudo[k].name) == 0)
          break;
      if (*p != '.' || k == sizeof pseudo / sizeof pseudo[0]) {
        *why = "unknown FRE field (start, info, base, count, wsize, mangled, word[K], end)";
        return -1;
      }
      f.off += a;
      f.width = 1;
      f.shift = pseudo[k].shift;
      f.mask = pseudo[k].mask;
    }
    *off = f.off;
    if (fld) {
      *fld = f;
      return 0;
    }
  } else {
    return -1;
  }
  if (fld) {
    *why = "not a field";
    return -1;
  }
  return 0;
}

/* EXPR: terms (numbers, locations) joined by + and -, in 64-bit arithmetic. */
static int eval(const lay *L, const char *expr, uint64_t *out, const char **why) {
  const char *p = expr;
  uint64_t total = 0;
  int sign = 1, want_term = 1;
  for (;;) {
    while (isspace((unsigned char)*p))
      p++;
    if (!*p)
      break;
    if (want_term) {
      uint64_t v;
      if (*p == '-' || *p == '+') {
        sign = *p == '-' ? -sign : sign;
        p++;
        continue;
      }
      if (isdigit((unsigned char)*p)) {
        char *end;
        v = strtoull(p, &end, 0);
        if (isalpha((unsigned char)*end) || *end == '_') {
          *why = "bad number";
          return -1;
        }
        p = end;
      } else if (isalpha((unsigned char)*p)) {
        char name[128];
        size_t n = 0;
        int depth = 0;
        while (*p && n + 1 < sizeof name &&
               (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '[' ||
                *p == ']' || (*p == '-' && depth > 0))) {
          if (*p == '[')
            depth++;
          if (*p == ']')
            depth--;
          name[n++] = *p++;
        }
        name[n] = 0;
        if (resolve(L, name, &v, NULL, why) != 0)
          return -1;
      } else {
        *why = "expected a number or a location";
        return -1;
      }
      total = sign > 0 ? total + v : total - v;
      sign = 1;
      want_term = 0;
    } else {
      if (*p != '+' && *p != '-') {
        *why = "expected + or -";
        return -1;
      }
      sign = *p == '-' ? -1 : 1;
      p++;
      want_term = 1;
    }
  }
  if (want_term) {
    *why = "incomplete expression";
    return -1;
  }
  *out = total;
  return 0;
}

/* ---- insert / delete with fix-ups ---- */

static void shift_one(size_t *a, size_t at, size_t n, int ins) {
  if (ins) {
    if (*a >= at)
      *a += n;
  } else if (*a >= at + n) {
    *a -= n;
  } else if (*a > at) {
    *a = at;
  }
}

static void add_field(lay *L, size_t off, unsigned w, int64_t delta) {
  if (delta && off + w <= L->len)
    wr(L, off, w, rd(L, off, w) + (uint64_t)delta);
}

static int move_bytes(lay *L, size_t at, size_t n, const uint8_t *bytes, int ins) {
  size_t old_fde_array = L->fde_array, old_fre_sub = L->fre_sub, old_fre_end = L->fre_end;
  size_t *old_fde = xcalloc(L->nf, sizeof *old_fde), *old_data = xcalloc(L->nf, sizeof *old_data);
  uint32_t i, j;
  unsigned w;
  long o;
  memcpy(old_fde, L->fde_at, L->nf * sizeof *old_fde);
  memcpy(old_data, L->data_at, L->nf * sizeof *old_data);
  if (ins) {
    L->buf = xrealloc(L->buf, L->len + n);
    memmove(L->buf + at + n, L->buf + at, L->len - at);
    memcpy(L->buf + at, bytes, n);
    L->len += n;
  } else {
    memmove(L->buf + at, L->buf + at + n, L->len - at - n);
    L->len -= n;
  }
  shift_one(&L->fde_array, at, n, ins);
  shift_one(&L->fre_sub, at, n, ins);
  shift_one(&L->fre_end, at, n, ins);
  for (i = 0; i < L->nf; i++) {
    shift_one(&L->fde_at[i], at, n, ins);
    shift_one(&L->data_at[i], at, n, ins);
    for (j = 0; j < L->nrows[i]; j++) {
      shift_one(&L->fre_at[i][j], at, n, ins);
      shift_one(&L->fre_endat[i][j], at, n, ins);
    }
  }
  if ((o = sfe_header_field("sfh_fdeoff", &w)) >= 0)
    add_field(L, (size_t)o, w, (int64_t)L->fde_array - (int64_t)old_fde_array);
  if ((o = sfe_header_field("sfh_freoff", &w)) >= 0)
    add_field(L, (size_t)o, w, (int64_t)L->fre_sub - (int64_t)old_fre_sub);
  if ((o = sfe_header_field("sfh_fre_len", &w)) >= 0)
    add_field(L, (size_t)o, w,
              ((int64_t)L->fre_end - (int64_t)L->fre_sub) -
                  ((int64_t)old_fre_end - (int64_t)old_fre_sub));
  for (i = 0; i < L->nf; i++) {
    field f;
    int64_t d = ((int64_t)L->data_at[i] - (int64_t)L->fre_sub) -
                ((int64_t)old_data[i] - (int64_t)old_fre_sub);
    if (fde_field(L, i, "fre_off", &f) == 0)
      add_field(L, f.off, f.width, d);
    if (L->pcrel && L->fde_at[i] != old_fde[i] && fde_field(L, i, "start", &f) == 0)
      add_field(L, f.off, f.width, (int64_t)old_fde[i] - (int64_t)L->fde_at[i]);
  }
  free(old_fde);
  free(old_data);
  return 0;
}

/* ---- overrides ---- */

static int apply_override(lay *L, const cat_override *ov, const char *file) {
  const cat_concrete *cc = L->cc;
  const char *why = "";
  uint64_t v, at;
  switch (ov->kind) {
  case OV_SET: {
    field f;
    uint64_t cur, val, nv, lim;
    if (resolve(L, ov->target, &at, &f, &why) != 0)
      return berr(file, ov->line, cc, "set %s: %s", ov->target, why);
    if (eval(L, ov->expr, &v, &why) != 0)
      return berr(file, ov->line, cc, "set %s: value '%s': %s", ov->target, ov->expr, why);
    if (f.off + f.width > L->len)
      return berr(file, ov->line, cc, "set %s: field lies past the end of the section",
                  ov->target);
    cur = rd(L, f.off, f.width);
    val = f.mask ? (cur >> f.shift) & f.mask : cur;
    switch (ov->op) {
    case OP_ASSIGN: nv = v; break;
    case OP_ADD: nv = val + v; break;
    case OP_SUB: nv = val - v; break;
    case OP_OR: nv = val | v; break;
    case OP_AND: nv = val & v; break;
    default: nv = val ^ v; break;
    }
    lim = f.width == 8 ? UINT64_MAX : (((uint64_t)1 << (8 * f.width)) - 1);
    if (f.mask) {
      if (nv > f.mask)
        return berr(file, ov->line, cc, "set %s: value %llu does not fit the field (max %llu)",
                    ov->target, (unsigned long long)nv, (unsigned long long)f.mask);
      nv = (cur & ~(f.mask << f.shift)) | (nv << f.shift);
    } else if (ov->op == OP_ASSIGN && nv > lim && ~nv > lim / 2) {
      /* Too large for the field, and not a negative number that fits. */
      return berr(file, ov->line, cc, "set %s: value does not fit %u bytes", ov->target,
                  f.width);
    }
    wr(L, f.off, f.width, nv & lim);
    return 0;
  }
  case OV_INSERT:
  case OV_DELETE: {
    uint64_t n = ov->nbytes;
    if (eval(L, ov->target, &at, &why) != 0)
      return berr(file, ov->line, cc, "%s at %s: %s", ov->kind == OV_INSERT ? "insert" : "delete",
                  ov->target, why);
    if (ov->kind == OV_DELETE && eval(L, ov->expr, &n, &why) != 0)
      return berr(file, ov->line, cc, "delete: count '%s': %s", ov->expr, why);
    if (at < L->hdr_end || at > L->len || (ov->kind == OV_DELETE && n > L->len - at))
      return berr(file, ov->line, cc, "%s at %s: outside [end of header, end of section]",
                  ov->kind == OV_INSERT ? "insert" : "delete", ov->target);
    return move_bytes(L, (size_t)at, (size_t)n, ov->bytes, ov->kind == OV_INSERT);
  }
  case OV_TRUNCATE:
    if (ov->expr) {
      if (eval(L, ov->expr, &v, &why) != 0)
        return berr(file, ov->line, cc, "truncate at %s: %s", ov->expr, why);
    } else {
      v = L->len - (uint64_t)ov->drop;
    }
    if (v > L->len)
      return berr(file, ov->line, cc, "truncate: %llu is past the end of the section (%zu)",
                  (unsigned long long)v, L->len);
    L->len = (size_t)v;
    return 0;
  case OV_CUT: {
    unsigned w;
    long o = sfe_header_field("sfh_fre_len", &w);
    if (eval(L, ov->expr, &v, &why) != 0)
      return berr(file, ov->line, cc, "cut at %s: %s", ov->expr, why);
    if (v > L->len || v < L->fre_sub || o < 0)
      return berr(file, ov->line, cc, "cut at %s: not inside the FRE sub-section", ov->expr);
    L->len = (size_t)v;
    add_field(L, (size_t)o, w, (int64_t)v - (int64_t)L->fre_end);
    L->fre_end = (size_t)v;
    return 0;
  }
  case OV_APPEND:
    L->buf = xrealloc(L->buf, L->len + ov->nbytes);
    memcpy(L->buf + L->len, ov->bytes, ov->nbytes);
    L->len += ov->nbytes;
    return 0;
  }
  return 0;
}

/* ---- PCs for lookups ---- */

typedef struct pcset {
  uint64_t *v;
  size_t n, cap;
} pcset;

static void pc_add(pcset *s, uint64_t pc) {
  if (s->n == s->cap) {
    s->cap = s->cap ? s->cap * 2 : 32;
    s->v = xrealloc(s->v, s->cap * sizeof *s->v);
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
    b->pcs = xcalloc(c->npcs, sizeof *b->pcs);
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
  berr(file, line, cc, "encoder: %s", st == SFE_E_NOMEM ? "out of memory" : err);
}

/* An unwind chain's PCs, then its `beyond` PC: addresses, or fN[+-OFF]
 * (function N's start plus OFF; N negative counts from the end). */
static int resolve_chain(const cat_unwind *u, const cat_concrete *cc, const char *file,
                         const sfe_model *m, uint64_t **out) {
  size_t i;
  *out = xcalloc(u->nchain + 1, sizeof **out);
  for (i = 0; i < u->nchain + (u->beyond ? 1 : 0); i++) {
    const char *t = i < u->nchain ? u->chain[i] : u->beyond;
    char *end;
    long idx;
    int64_t off = 0;
    if (t[0] != 'f') {
      if (cat_parse_uint(t, &(*out)[i]) != 0)
        return berr(file, u->line, cc, "unwind: bad PC '%s'", t);
      continue;
    }
    idx = strtol(t + 1, &end, 10);
    if (end == t + 1 || (*end && *end != '+' && *end != '-') ||
        (*end && cat_parse_int(end[0] == '+' ? end + 1 : end, &off) != 0))
      return berr(file, u->line, cc, "unwind: bad PC '%s' (an address or fN+OFF)", t);
    if (idx < 0)
      idx += (long)m->nfuncs;
    if (idx < 0 || (uint64_t)idx >= m->nfuncs)
      return berr(file, u->line, cc, "unwind: '%s': the model has %u functions", t, m->nfuncs);
    (*out)[i] = m->funcs[idx].start + (uint64_t)off;
  }
  return 0;
}

int cat_build(const cat_catalogue *cat, const cat_concrete *cc, cat_built *out) {
  const cat_case *c = cc->c;
  wmodel w;
  wfunc *cur = NULL;
  sfe_section s;
  lay L;
  char err[256];
  size_t i;
  int has_raw = 0, rc = -1;
  sfe_status st;

  memset(out, 0, sizeof *out);
  memset(&w, 0, sizeof w);
  memset(&s, 0, sizeof s);
  /* Defaults as GNU as writes them: sorted (and PC-relative from version
   * 2); AMD64 keeps its RA at CFA - 8. */
  w.flags = SFR_F_FDE_SORTED | (cc->version >= 2 ? SFR_F_FDE_FUNC_START_PCREL : 0);
  w.fixed_ra = cc->abi == CAT_ABI_AMD64 ? -8 : 0;
  w.vma = 0x1000;
  if (c->base) {
    const cat_model *bm = cat_find_model(cat, c->base, cc->abi);
    if (!bm)
      return berr(c->file, c->line, cc, "model '%s' has no variant for %s", c->base,
                  cat_abi_name(cc->abi));
    if (apply_mops(&w, bm->ops, bm->nops, bm->file, cc, &cur) != 0)
      goto done;
  }
  if (apply_mops(&w, c->ops, c->nops, c->file, cc, &cur) != 0)
    goto done;
  for (i = 0; i < w.nfuncs; i++) {
    const wfunc *f = &w.funcs[i];
    if (f->start_raw)
      has_raw = 1;
    if (cc->version < 3 && (f->fde_type != SFR_FDE_TYPE_DEFAULT || f->signal)) {
      berr(c->file, f->line, cc, "flexible FDEs and signal frames exist in version 3 only");
      goto done;
    }
  }
  if (make_model(&w, cc, &out->model) != 0)
    goto done;

  if (has_raw) {
    /* Starts given as stored values: encode once to learn where each start
     * field lands (the layout does not depend on the values), then resolve
     * them as a reader would (spec 2.3.1; version 1 has no PCREL). */
    size_t n = 0, k;
    int pcrel = cc->version >= 2 && (w.flags & SFR_F_FDE_FUNC_START_PCREL);
    for (k = 0; k < w.nfuncs; n += w.funcs[k].repeat, k++)
      if (w.funcs[k].start_raw)
        out->model.funcs[n].start = w.vma; /* functions with raw starts never repeat */
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
        uint64_t base = w.vma + (pcrel ? (uint64_t)fo : 0);
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
  lay_init(&L, cc, &out->model, &s);
  for (i = 0; i < c->novs; i++)
    if (apply_override(&L, &c->ovs[i], c->file) != 0) {
      lay_free(&L);
      goto done;
    }
  out->len = L.len;
  out->bytes = xcalloc(L.len, 1);
  memcpy(out->bytes, L.buf, L.len);
  lay_free(&L);
  if (c->cls == CAT_MALFORMED && c->pcs_mode == PCS_LIST) {
    berr(c->file, c->line, cc, "a malformed section has no lookups (pcs)");
    goto done;
  }
  choose_pcs(c, &out->model, out);
  if (c->nunwinds) {
    if (c->cls == CAT_MALFORMED) {
      berr(c->file, c->line, cc, "a malformed section is not unwound");
      goto done;
    }
    out->chains = xcalloc(c->nunwinds, sizeof *out->chains);
    out->nchains = c->nunwinds;
    for (i = 0; i < c->nunwinds; i++)
      if (resolve_chain(&c->unwinds[i], cc, c->file, &out->model, &out->chains[i]) != 0)
        goto done;
  }
  rc = 0;
done:
  sfe_section_free(&s);
  wmodel_free(&w);
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
  free(b->pcs);
  memset(b, 0, sizeof *b);
}
