/* SPDX-License-Identifier: MIT */
/* sfe_encode.c - a model of an SFrame section turned into bytes.
 *
 * Written from the SFrame spec version 3, sections 2 (the format) and 3
 * (its interpretation), published with GNU binutils
 * (https://sourceware.org/binutils/docs/sframe-spec.html), the rulings of
 * SPEC-NOTES.md and the psABIs' DWARF register numbers (sfe_abi.c); it
 * shares no code with the oracle's reader.
 * Each rule of the model is turned into the data words that the spec's
 * interpretation (section 3) reads back as that rule; a rule with no such
 * words is refused with SFE_E_MODEL and a message naming the function, the
 * row and the reason. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sfe_internal.h"

/* ---- small helpers shared with the other encoder files ---- */

static void seterr(char *err, size_t n, const char *fmt, ...) {
  va_list ap;
  if (!err || n == 0)
    return;
  va_start(ap, fmt);
  vsnprintf(err, n, fmt, ap);
  va_end(ap);
}

static unsigned addr_bytes(uint8_t fre_type) {
  return fre_type == SFR_FRE_TYPE_ADDR1 ? 1u : fre_type == SFR_FRE_TYPE_ADDR2 ? 2u : 4u;
}

static uint8_t type_for(uint64_t v) {
  return v <= 0xffu ? SFR_FRE_TYPE_ADDR1 : v <= 0xffffu ? SFR_FRE_TYPE_ADDR2 : SFR_FRE_TYPE_ADDR4;
}

/* The FRE type of a function: forced, or as gas chooses it from the size,
 * widened if a row start does not fit (only faulty models have such rows). */
uint8_t sfe_func_fre_type(const sfe_func *f) {
  uint8_t t;
  uint32_t j;
  if (f->fre_type != SFE_AUTO)
    return f->fre_type;
  t = type_for(f->size);
  for (j = 0; j < f->nrows; j++)
    if (type_for(f->rows[j].start) > t)
      t = type_for(f->rows[j].start);
  return t;
}

/* Rule a flexible FDE (and a default FDE without a word for it) leaves in
 * place when an entity has no rule: the RA at the header's fixed offset on
 * AMD64, else unchanged; the FP at the header's fixed FP offset when that
 * is non-zero, else unchanged (SPEC-NOTES N20, N23). */
int sfe_ra_is_default(const sfe_model *m, const sfr_reg_rule *r) {
  if (m->abi == SFR_ABI_AMD64_LE)
    return r->kind == SFR_RULE_FIXED && r->offset == m->fixed_ra_offset;
  return r->kind == SFR_RULE_UNCHANGED;
}

int sfe_fp_is_default(const sfe_model *m, const sfr_reg_rule *r) {
  if (m->fixed_fp_offset != 0)
    return r->kind == SFR_RULE_FIXED && r->offset == m->fixed_fp_offset;
  return r->kind == SFR_RULE_UNCHANGED;
}

/* ---- one row: its data words ---- */

typedef struct word_list {
  unsigned n;
  int64_t v[SFR_MAX_DATA_WORDS];
  uint8_t ctl[SFR_MAX_DATA_WORDS]; /* 1: control word (unsigned range) */
} word_list;

static int push(word_list *w, int64_t v, int ctl) {
  if (w->n >= SFR_MAX_DATA_WORDS)
    return 0;
  w->v[w->n] = v;
  w->ctl[w->n] = (uint8_t)ctl;
  w->n++;
  return 1;
}

static const char *kind_name(uint8_t k) {
  static const char *names[] = {"unchanged", "at-cfa", "fixed", "val-cfa",
                                "reg", "at-reg", "undefined"};
  return k <= SFR_RULE_UNDEFINED ? names[k] : "unknown";
}

/* s390x stores the CFA offset as (offset - 160) / 8 (spec 3.1.3, N17). */
static int s390x_cfa_word(int64_t off, int64_t *w) {
  int64_t d;
  if (off < INT64_MIN - SFR_S390X_CFA_OFFSET_ADJUSTMENT)
    return 0; /* off - 160 would overflow: no word holds it */
  d = off + SFR_S390X_CFA_OFFSET_ADJUSTMENT; /* off - 160 */
  if (d % SFR_S390X_CFA_OFFSET_ALIGNMENT_FACTOR != 0)
    return 0;
  *w = d / SFR_S390X_CFA_OFFSET_ALIGNMENT_FACTOR;
  return 1;
}

#define FAIL(...)                                                              \
  do {                                                                         \
    char msg_[160];                                                            \
    snprintf(msg_, sizeof msg_, __VA_ARGS__);                                  \
    seterr(err, errlen, "function %u row %u: %s", fi, ri, msg_);              \
    return 0;                                                                  \
  } while (0)

/* An s390x RA or FP word (N18): an offset from the CFA, or in version 2 an
 * odd word naming the register the value is in.  1, or 0 with err set. */
static int s390x_word(const sfe_model *m, const sfr_reg_rule *x, const char *what, word_list *w,
                      unsigned fi, unsigned ri, char *err, size_t errlen) {
  if (x->kind == SFR_RULE_AT_CFA) {
    if (sfr_s390x_regnum_words(m->version) && (x->offset & 1))
      FAIL("s390x version 2 %s offset %lld is odd (a register number)", what,
           (long long)x->offset);
    push(w, x->offset, 0);
  } else if (x->kind == SFR_RULE_REG && sfr_s390x_regnum_words(m->version)) {
    if (x->offset != 0)
      FAIL("s390x version 2 register %s takes no offset (%+lld)", what, (long long)x->offset);
    push(w, ((int64_t)x->reg << 1) | 1, 0);
  } else {
    FAIL("s390x default FDEs (version %u) cannot express %s rule %s", m->version, what,
         kind_name(x->kind));
  }
  return 1;
}

/* Default FDE words (inverse of spec 3.1.1 - 3.1.3). */
static int default_words(const sfe_model *m, const sfr_rules *r, word_list *w,
                         unsigned fi, unsigned ri, char *err, size_t errlen) {
  const sfr_reg_rule *ra = &r->ra, *fp = &r->fp;
  int fp_def = sfe_fp_is_default(m, fp);
  int64_t cw = r->cfa.offset;

  if (r->cfa.deref)
    FAIL("a dereferenced CFA needs a flexible FDE");
  if (r->cfa.base != SFR_BASE_SP && r->cfa.base != SFR_BASE_FP)
    FAIL("CFA base register r%u needs a flexible FDE", (unsigned)r->cfa.reg);
  if (m->abi == SFR_ABI_S390X_BE && !s390x_cfa_word(r->cfa.offset, &cw))
    FAIL("s390x CFA offset %lld is not 160 + 8k", (long long)r->cfa.offset);
  push(w, cw, 0);
  if (!fp_def && fp->kind == SFR_RULE_FIXED)
    FAIL("FP rule fixed %+lld does not match the header's fixed FP offset %d",
         (long long)fp->offset, m->fixed_fp_offset);
  if (!fp_def && fp->kind == SFR_RULE_UNCHANGED)
    FAIL("FP unchanged is not expressible with a non-zero header fixed FP offset");

  switch (m->abi) {
  case SFR_ABI_AMD64_LE:
    if (!sfe_ra_is_default(m, ra))
      FAIL("AMD64 default FDEs keep the RA at the header's fixed offset %d (rule %s %+lld)",
           m->fixed_ra_offset, kind_name(ra->kind), (long long)ra->offset);
    if (!fp_def) {
      if (fp->kind != SFR_RULE_AT_CFA)
        FAIL("AMD64 default FDEs cannot express FP rule %s", kind_name(fp->kind));
      push(w, fp->offset, 0);
    }
    return 1;
  case SFR_ABI_AARCH64_BE:
  case SFR_ABI_AARCH64_LE:
    if (ra->kind == SFR_RULE_AT_CFA)
      push(w, ra->offset, 0);
    else if (ra->kind != SFR_RULE_UNCHANGED)
      FAIL("AArch64 default FDEs cannot express RA rule %s", kind_name(ra->kind));
    if (!fp_def) {
      if (fp->kind != SFR_RULE_AT_CFA)
        FAIL("AArch64 default FDEs cannot express FP rule %s", kind_name(fp->kind));
      if (ra->kind != SFR_RULE_AT_CFA)
        FAIL("AArch64 default FDEs cannot save the FP without the RA");
      push(w, fp->offset, 0);
    }
    return 1;
  case SFR_ABI_S390X_BE:
    /* RA word: offset (never 0: 0 is "not saved"), or in version 2 an odd
     * word naming a register; FP word likewise (N18). */
    if (ra->kind == SFR_RULE_UNCHANGED) {
      if (!fp_def || ra->not_saved)
        push(w, 0, 0);
    } else {
      if (ra->kind == SFR_RULE_AT_CFA && ra->not_saved)
        FAIL("padding set on an RA rule that is not unchanged");
      if (ra->kind == SFR_RULE_AT_CFA && ra->offset == 0)
        FAIL("s390x RA at CFA+0 reads as the not-saved padding word");
      if (!s390x_word(m, ra, "RA", w, fi, ri, err, errlen))
        return 0;
    }
    return fp_def || s390x_word(m, fp, "FP", w, fi, ri, err, errlen);
  }
  FAIL("ABI %u has no default interpretation", m->abi);
}

/* One control/offset pair of a flexible FDE for an RA or FP rule. */
static int flex_pair(const sfr_reg_rule *x, const char *what, word_list *w,
                     unsigned fi, unsigned ri, char *err, size_t errlen) {
  uint64_t ctl;
  if (x->not_saved)
    FAIL("padding set on an %s rule that is not its default", what);
  switch (x->kind) {
  case SFR_RULE_AT_CFA: /* reg_p 0, deref 1 */
    ctl = 2;
    break;
  case SFR_RULE_VAL_CFA: /* reg_p 0, deref 0: regnum 1 keeps it non-zero */
    ctl = 1u << 3;
    break;
  case SFR_RULE_REG:
  case SFR_RULE_AT_REG:
    if (x->reg > 0x1fffffffu)
      FAIL("%s register %u does not fit a control word", what, (unsigned)x->reg);
    ctl = ((uint64_t)x->reg << 3) | (x->kind == SFR_RULE_AT_REG ? 2u : 0u) | 1u;
    break;
  default:
    FAIL("flexible FDEs cannot express %s rule %s here", what, kind_name(x->kind));
  }
  push(w, (int64_t)ctl, 1);
  push(w, x->offset, 0);
  return 1;
}

/* Flexible FDE words (inverse of spec 3.2 with the prose's FP index, N19). */
static int flex_words(const sfe_model *m, const sfr_rules *r, word_list *w,
                      unsigned fi, unsigned ri, char *err, size_t errlen) {
  uint32_t reg;
  int64_t off = r->cfa.offset;
  int ra_def = sfe_ra_is_default(m, &r->ra), fp_def = sfe_fp_is_default(m, &r->fp);

  if (r->cfa.base > SFR_BASE_REG)
    FAIL("CFA base %u unknown", r->cfa.base);
  reg = sfe_cfa_base_reg(m->abi, &r->cfa);
  if (reg > 0x1fffffffu)
    FAIL("CFA register %u does not fit a control word", (unsigned)reg);
  if (m->abi == SFR_ABI_S390X_BE && !s390x_cfa_word(r->cfa.offset, &off))
    FAIL("s390x CFA offset %lld is not 160 + 8k", (long long)r->cfa.offset);
  push(w, (int64_t)(((uint64_t)reg << 3) | (r->cfa.deref ? 2u : 0u) | 1u), 1);
  push(w, off, 0);

  if (!ra_def && (r->ra.kind == SFR_RULE_FIXED || r->ra.kind == SFR_RULE_UNCHANGED))
    FAIL("flexible FDEs cannot express RA rule %s %+lld for this ABI/header",
         kind_name(r->ra.kind), (long long)r->ra.offset);
  if (!fp_def && (r->fp.kind == SFR_RULE_FIXED || r->fp.kind == SFR_RULE_UNCHANGED))
    FAIL("flexible FDEs cannot express FP rule %s %+lld with this header",
         kind_name(r->fp.kind), (long long)r->fp.offset);
  if (!ra_def) {
    if (!flex_pair(&r->ra, "RA", w, fi, ri, err, errlen))
      return 0;
  } else if (r->ra.not_saved || !fp_def || r->fp.not_saved) {
    push(w, 0, 1); /* RA padding word: no rule, FP follows */
  }
  if (!fp_def) {
    if (!flex_pair(&r->fp, "FP", w, fi, ri, err, errlen))
      return 0;
  } else if (r->fp.not_saved) {
    push(w, 0, 1);
  }
  return 1;
}

static unsigned size_code(unsigned ws) { return ws == 1 ? 0u : ws == 2 ? 1u : 2u; }

/* Narrowest size holding a word: signed for offsets, unsigned for control
 * words; 0 when no size does. */
static unsigned word_need(int64_t v, int ctl) {
  if (ctl) {
    if (v < 0)
      return 0;
    return v <= 0xff ? 1u : v <= 0xffff ? 2u : v <= (int64_t)0xffffffff ? 4u : 0u;
  }
  return (v >= -128 && v <= 127)       ? 1u
         : (v >= -32768 && v <= 32767) ? 2u
         : (v >= INT32_MIN && v <= INT32_MAX) ? 4u
                                              : 0u;
}

/* The words of one row and its FRE info byte. */
int sfe_row_words(const sfe_model *m, const sfe_func *f, unsigned fi, unsigned ri,
                  sfe_row_enc *out, char *err, size_t errlen) {
  const sfe_row *row = &f->rows[ri];
  const sfr_rules *r = &row->rules;
  word_list w;
  unsigned i, ws = 1;

  w.n = 0; /* push writes each word it counts */
  out->info = 0;
  out->count = 0;
  out->word_size = 0;
  out->words[0] = 0;
  if (r->outermost) {
    if (!sfr_has_outermost(m->version))
      FAIL("an outermost row (no data words) needs version 2 or later");
  } else if (f->fde_type == SFR_FDE_TYPE_FLEX) {
    if (!flex_words(m, r, &w, fi, ri, err, errlen))
      return 0;
  } else if (!default_words(m, r, &w, fi, ri, err, errlen)) {
    return 0;
  }
  if (row->nextra > 4)
    FAIL("nextra %u > 4", row->nextra);
  for (i = 0; i < row->nextra; i++)
    if (!push(&w, row->extra[i], 0))
      FAIL("more than %d data words", SFR_MAX_DATA_WORDS);
  for (i = 0; i < w.n; i++) {
    unsigned need = word_need(w.v[i], w.ctl[i]);
    if (need == 0)
      FAIL("data word %u (%lld) does not fit 4 bytes", i, (long long)w.v[i]);
    if (need > ws)
      ws = need;
  }
  if (f->word_size != SFE_AUTO && f->word_size != 0) {
    if (f->word_size != 1 && f->word_size != 2 && f->word_size != 4)
      FAIL("forced data word size %u is not 1, 2 or 4", f->word_size);
    if (f->word_size < ws)
      FAIL("forced data word size %u cannot hold a word needing %u bytes", f->word_size, ws);
    ws = f->word_size;
  }
  out->count = (uint8_t)w.n;
  out->word_size = (uint8_t)ws;
  for (i = 0; i < w.n; i++)
    out->words[i] = w.v[i];
  /* bit 0 CFA base (1 SP, 0 FP; clear in flexible FDEs and outermost rows,
   * as binutils),
   * bits 1-4 count, bits 5-6 size code, bit 7 mangled RA. */
  out->info = (uint8_t)(((f->fde_type == SFR_FDE_TYPE_DEFAULT && !r->outermost &&
                          r->cfa.base == SFR_BASE_SP) ? 1u : 0u) |
                        (w.n << 1) | (size_code(ws) << 5) | (r->ra_mangled ? 0x80u : 0u));
  return 1;
}
#undef FAIL

/* ---- the byte buffer ---- */

static void put(uint8_t *p, int be, uint64_t v, unsigned width) {
  unsigned i;
  for (i = 0; i < width; i++) {
    unsigned shift = 8 * (be ? width - 1 - i : i);
    p[i] = (uint8_t)(v >> shift);
  }
}

int sfe_patch(sfe_section *s, int big_endian, size_t offset, unsigned width, uint64_t value) {
  if (!s || !s->bytes || (width != 1 && width != 2 && width != 4 && width != 8))
    return -1;
  if (offset > s->len || width > s->len - offset)
    return -1;
  put(s->bytes + offset, big_endian, value, width);
  return 0;
}

void sfe_section_free(sfe_section *s) {
  uint32_t i;
  if (!s)
    return;
  if (s->fre_at)
    for (i = 0; i < s->nfuncs; i++)
      free(s->fre_at[i]);
  free(s->fre_at);
  free(s->fde_at);
  free(s->data_at);
  free(s->bytes);
  memset(s, 0, sizeof *s);
}

/* ---- field offsets ---- */

long sfe_header_field(const char *name, unsigned *width) {
  static const struct {
    const char *name;
    long off;
    unsigned width;
  } f[] = {{"sfp_magic", 0, 2},       {"sfp_version", 2, 1},
           {"sfp_flags", 3, 1},       {"sfh_abi_arch", 4, 1},
           {"sfh_cfa_fixed_fp_offset", 5, 1}, {"sfh_cfa_fixed_ra_offset", 6, 1},
           {"sfh_auxhdr_len", 7, 1},  {"sfh_num_fdes", 8, 4},
           {"sfh_num_fres", 12, 4},   {"sfh_fre_len", 16, 4},
           {"sfh_fdeoff", 20, 4},     {"sfh_freoff", 24, 4}};
  size_t i;
  for (i = 0; i < sizeof f / sizeof f[0]; i++)
    if (strcmp(name, f[i].name) == 0) {
      if (width)
        *width = f[i].width;
      return f[i].off;
    }
  return -1;
}

/* The FDE fields by version: versions 1 and 2 keep them all in the
 * function descriptor entry (rep_size from version 2); version 3 splits
 * them between the FDE index entry and the attributes at the head of the
 * function's FRE data (SFrame spec version 3, sections 2.3.1 and 2.3.2).  A
 * model version other than 2 or 3 is laid out as version 1. */
long sfe_fde_field(const sfe_model *m, const sfe_section *s, uint32_t fde, const char *name,
                   unsigned *width) {
  enum { V1 = 1u << 1, V2 = 1u << 2, V3 = 1u << 3 };
  static const struct {
    unsigned versions;
    const char *name;
    int in_attr; /* offset from the attributes (version 3), else from the FDE */
    long off;
    unsigned width;
  } f[] = {{V1 | V2, "start", 0, 0, 4},
           {V1 | V2, "size", 0, 4, 4},
           {V1 | V2, "fre_off", 0, 8, 4},
           {V1 | V2, "num_fres", 0, SFR_V12_NUM_FRES_AT, 4},
           {V1 | V2, "info", 0, SFR_V12_INFO_AT, 1},
           {V2, "rep_size", 0, SFR_V2_REP_SIZE_AT, 1},
           {V3, "start", 0, 0, 8},
           {V3, "size", 0, 8, 4},
           {V3, "fre_off", 0, 12, 4},
           {V3, "num_fres", 1, SFR_V3_ATTR_NUM_FRES_AT, 2},
           {V3, "info", 1, SFR_V3_ATTR_INFO_AT, 1},
           {V3, "info2", 1, SFR_V3_ATTR_INFO2_AT, 1},
           {V3, "rep_size", 1, SFR_V3_ATTR_REP_SIZE_AT, 1}};
  unsigned v;
  size_t i;
  if (!m || !s || fde >= s->nfuncs)
    return -1;
  v = 1u << (sfr_version_known(m->version) ? m->version : SFR_VERSION_1);
  for (i = 0; i < sizeof f / sizeof f[0]; i++)
    if ((f[i].versions & v) && strcmp(name, f[i].name) == 0) {
      if (width)
        *width = f[i].width;
      return (long)(f[i].in_attr ? s->data_at[fde] : s->fde_at[fde]) + f[i].off;
    }
  return -1;
}

/* ---- the section ---- */

/* Checks what sfe_encode needs of function fi and gives its FRE type. */
static int check_func(const sfe_model *m, const sfe_func *f, unsigned fi, uint8_t *type, char *err,
                      size_t errlen) {
  uint32_t j;
  uint8_t t;
  if (f->pc_type > SFR_PCTYPE_MASK || f->pauth_key > 1 || f->signal > 1) {
    seterr(err, errlen, "function %u: pc_type, pauth_key and signal are single bits", fi);
    return 0;
  }
  if (!sfr_has_rep_size(m->version) && f->rep_size != 0) {
    seterr(err, errlen, "function %u: version 1 FDEs have no rep_size", fi);
    return 0;
  }
  if (!sfr_has_fde_attr(m->version) && (f->signal || f->fde_type != SFR_FDE_TYPE_DEFAULT)) {
    seterr(err, errlen, "function %u: signal frames and FDE types need version 3", fi);
    return 0;
  }
  if (f->fde_type > SFR_FDE_TYPE_FLEX) {
    seterr(err, errlen, "function %u: FDE type %u is undefined (patch info2 instead)", fi,
           f->fde_type);
    return 0;
  }
  if (f->fre_type != SFE_AUTO && f->fre_type > SFR_FRE_TYPE_ADDR4) {
    seterr(err, errlen, "function %u: FRE type %u is undefined (patch info instead)", fi,
           f->fre_type);
    return 0;
  }
  if (sfr_has_fde_attr(m->version) && f->nrows > 0xffffu) {
    seterr(err, errlen, "function %u: %u rows do not fit version 3's u16 count", fi, f->nrows);
    return 0;
  }
  if (f->nrows && !f->rows) {
    seterr(err, errlen, "function %u: %u rows but no row array", fi, f->nrows);
    return 0;
  }
  t = sfe_func_fre_type(f);
  for (j = 0; j < f->nrows; j++)
    if (type_for(f->rows[j].start) > t) {
      seterr(err, errlen, "function %u row %u: start %u does not fit FRE type %u", fi, j,
             f->rows[j].start, t);
      return 0;
    }
  *type = t;
  return 1;
}

/* The start field: offset from the field itself (PCREL, version 2+) or
 * from the section start, in 32 (versions 1-2) or 64 bits (version 3). */
static int start_value(const sfe_model *m, const sfe_func *f, size_t field, unsigned fi,
                       int64_t *v, char *err, size_t errlen) {
  uint64_t base = m->vma, mag;
  int wide = sfr_start_size(m->version) == 8;
  uint64_t limit_pos = wide ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX;
  int pcrel = sfr_has_pcrel_flag(m->version) && (m->flags & SFR_F_FDE_FUNC_START_PCREL);
  if (pcrel) {
    if (field > UINT64_MAX - base)
      goto bad;
    base += field;
  }
  if (f->start >= base) {
    mag = f->start - base;
    if (mag > limit_pos)
      goto bad;
    *v = (int64_t)mag;
  } else {
    mag = base - f->start;
    if (mag > limit_pos + 1)
      goto bad;
    *v = mag == limit_pos + 1 ? (wide ? INT64_MIN : INT32_MIN)
                              : -(int64_t)mag;
  }
  return 1;
bad:
  seterr(err, errlen, "function %u: start 0x%llx is out of reach of the %s start field from 0x%llx",
         fi, (unsigned long long)f->start, wide ? "64-bit" : "32-bit",
         (unsigned long long)base);
  return 0;
}

/* The encoder's working state: each function's FRE type and each row's
 * words (sfe_row_words), and where the section's parts lie. */
typedef struct enc_state {
  const sfe_model *m;
  uint8_t *ftype;     /* each function's FRE type */
  sfe_row_enc *enc;   /* every row's words, function after function */
  size_t *row0;       /* index in enc[] of each function's first row */
  uint64_t fre_len, num_fres, fde_array, fre_sub, hdr_end, total;
  unsigned fde_size;
} enc_state;

static void enc_free(enc_state *e) {
  free(e->enc);
  free(e->row0);
  free(e->ftype);
}

/* The model's version, ABI and functions (check_func: each function's FRE
 * type into e->ftype), and its data order a permutation. */
static sfe_status check_model(enc_state *e, size_t *nrows_total, char *err, size_t errlen) {
  const sfe_model *m = e->m;
  uint32_t i;
  if (!sfr_version_known(m->version)) {
    seterr(err, errlen, "version %u is not 1, 2 or 3 (patch sfp_version instead)", m->version);
    return SFE_E_MODEL;
  }
  if (m->abi < SFR_ABI_AARCH64_BE || m->abi > SFR_ABI_S390X_BE) {
    seterr(err, errlen, "ABI %u is not 1-4 (patch sfh_abi_arch instead)", m->abi);
    return SFE_E_MODEL;
  }
  if (m->nfuncs && !m->funcs) {
    seterr(err, errlen, "%u functions but no function array", m->nfuncs);
    return SFE_E_MODEL;
  }
  if (!(e->ftype = malloc(m->nfuncs ? m->nfuncs : 1)))
    return SFE_E_NOMEM;
  for (i = 0; i < m->nfuncs; i++) {
    if (!check_func(m, &m->funcs[i], i, &e->ftype[i], err, errlen))
      return SFE_E_MODEL;
    *nrows_total += m->funcs[i].nrows;
  }
  if (m->data_order) { /* a permutation of the functions */
    uint8_t *seen = calloc(m->nfuncs ? m->nfuncs : 1, 1);
    if (!seen)
      return SFE_E_NOMEM;
    for (i = 0; i < m->nfuncs; i++) {
      if (m->data_order[i] >= m->nfuncs || seen[m->data_order[i]]) {
        seterr(err, errlen, "data_order is not a permutation of the functions");
        free(seen);
        return SFE_E_MODEL;
      }
      seen[m->data_order[i]] = 1;
    }
    free(seen);
  }
  return SFE_OK;
}

/* The words of every row (2.4), and the FRE sub-section's length. */
static sfe_status encode_rows(enc_state *e, size_t nrows_total, char *err, size_t errlen) {
  const sfe_model *m = e->m;
  uint32_t i, j;
  size_t k;
  e->enc = calloc(nrows_total ? nrows_total : 1, sizeof *e->enc);
  e->row0 = calloc(m->nfuncs ? m->nfuncs : 1, sizeof *e->row0);
  if (!e->enc || !e->row0)
    return SFE_E_NOMEM;
  for (i = 0, k = 0; i < m->nfuncs; i++) {
    const sfe_func *f = &m->funcs[i];
    unsigned asz = addr_bytes(e->ftype[i]);
    if (sfr_has_fde_attr(m->version))
      e->fre_len += SFR_V3_FDE_ATTR_SIZE;
    e->row0[i] = k;
    for (j = 0; j < f->nrows; j++, k++) {
      if (!sfe_row_words(m, f, i, j, &e->enc[k], err, errlen))
        return SFE_E_MODEL;
      e->fre_len += asz + 1u + (uint64_t)e->enc[k].count * e->enc[k].word_size;
    }
    e->num_fres += f->nrows;
  }
  return SFE_OK;
}

/* Where the FDE array and the FRE sub-section lie (the model's order, gaps
 * and trailing bytes), and the section's length. */
static sfe_status lay_out(enc_state *e, char *err, size_t errlen) {
  const sfe_model *m = e->m;
  uint64_t fde_bytes;
  e->fde_size = sfr_fde_size(m->version);
  fde_bytes = (uint64_t)m->nfuncs * e->fde_size;
  e->hdr_end = SFR_HEADER_SIZE + (uint64_t)m->auxhdr_len;
  if (!m->fres_first) {
    e->fde_array = e->hdr_end + m->gap_after_header;
    e->fre_sub = e->fde_array + fde_bytes + m->gap_between;
    e->total = e->fre_sub + e->fre_len;
  } else {
    e->fre_sub = e->hdr_end + m->gap_after_header;
    e->fde_array = e->fre_sub + e->fre_len + m->gap_between;
    e->total = e->fde_array + fde_bytes;
  }
  e->total += m->trailing;
  if (e->fde_array - e->hdr_end > UINT32_MAX || e->fre_sub - e->hdr_end > UINT32_MAX ||
      e->fre_len > UINT32_MAX || e->num_fres > UINT32_MAX || e->total > (uint64_t)SIZE_MAX / 2) {
    seterr(err, errlen, "section too large for 32-bit offsets");
    return SFE_E_MODEL;
  }
  return SFE_OK;
}

/* The header (2.2): everything after the preamble in the section's order. */
static void write_header(const enc_state *e, uint8_t *h) {
  const sfe_model *m = e->m;
  int be = m->big_endian;
  put(h, be, SFR_MAGIC, 2);
  h[2] = m->version;
  h[3] = m->flags;
  h[4] = m->abi;
  h[5] = (uint8_t)m->fixed_fp_offset;
  h[6] = (uint8_t)m->fixed_ra_offset;
  h[7] = m->auxhdr_len;
  put(h + 8, be, m->nfuncs, 4);
  put(h + 12, be, e->num_fres, 4);
  put(h + 16, be, e->fre_len, 4);
  put(h + 20, be, e->fde_array - e->hdr_end, 4);
  put(h + 24, be, e->fre_sub - e->hdr_end, 4);
}

/* Function i: its FDE (2.3; version 3: the index entry and the attribute
 * record that opens its FRE data) and its FREs (2.4) at *pos in the FRE
 * sub-section, which advances past them. */
static sfe_status write_function(const enc_state *e, sfe_section *out, uint32_t i, size_t *pos,
                                 char *err, size_t errlen) {
  const sfe_model *m = e->m;
  const sfe_func *f = &m->funcs[i];
  int be = m->big_endian;
  unsigned asz = addr_bytes(e->ftype[i]);
  size_t fde = (size_t)e->fde_array + (size_t)i * e->fde_size, k;
  uint8_t *p = out->bytes + fde;
  uint8_t info = (uint8_t)(e->ftype[i] | (f->pc_type << 4) | (f->pauth_key << 5) |
                           (sfr_has_fde_attr(m->version) && f->signal ? 0x80u : 0u));
  int64_t sv;
  uint32_t fre_off = (uint32_t)(*pos - (size_t)e->fre_sub), j;

  if (!start_value(m, f, fde, i, &sv, err, errlen))
    return SFE_E_MODEL;
  out->fde_at[i] = fde;
  out->data_at[i] = *pos;
  put(p, be, (uint64_t)sv, sfr_start_size(m->version));
  put(p + sfr_start_size(m->version), be, f->size, 4);
  put(p + sfr_start_size(m->version) + 4, be, fre_off, 4);
  if (sfr_has_fde_attr(m->version)) {
    uint8_t *a = out->bytes + *pos;
    put(a + SFR_V3_ATTR_NUM_FRES_AT, be, f->nrows, 2);
    a[SFR_V3_ATTR_INFO_AT] = info;
    a[SFR_V3_ATTR_INFO2_AT] = f->fde_type;
    a[SFR_V3_ATTR_REP_SIZE_AT] = f->rep_size;
    *pos += SFR_V3_FDE_ATTR_SIZE;
  } else {
    put(p + SFR_V12_NUM_FRES_AT, be, f->nrows, 4);
    p[SFR_V12_INFO_AT] = info;
    if (sfr_has_rep_size(m->version)) {
      p[SFR_V2_REP_SIZE_AT] = f->rep_size;
      put(p + SFR_V2_REP_SIZE_AT + 1, be, 0, 2);
    }
  }
  out->fre_at[i] = calloc(f->nrows ? f->nrows : 1, sizeof **out->fre_at);
  if (!out->fre_at[i])
    return SFE_E_NOMEM;
  for (j = 0, k = e->row0[i]; j < f->nrows; j++, k++) {
    const sfe_row_enc *r = &e->enc[k];
    unsigned w;
    out->fre_at[i][j] = *pos;
    put(out->bytes + *pos, be, f->rows[j].start, asz);
    *pos += asz;
    out->bytes[(*pos)++] = r->info;
    for (w = 0; w < r->count; w++) {
      put(out->bytes + *pos, be, (uint64_t)r->words[w], r->word_size);
      *pos += r->word_size;
    }
  }
  return SFE_OK;
}

/* The section's bytes and the places of its parts, for a laid-out model:
 * the header, then the FDEs in model order and the FRE data in data order
 * (default: model order). */
static sfe_status write_section(const enc_state *e, sfe_section *out, char *err, size_t errlen) {
  const sfe_model *m = e->m;
  size_t n = m->nfuncs ? m->nfuncs : 1, pos = (size_t)e->fre_sub; /* next byte of FRE data */
  uint32_t d;
  out->len = (size_t)e->total;
  out->bytes = calloc(out->len ? out->len : 1, 1);
  out->fde_at = calloc(n, sizeof *out->fde_at);
  out->data_at = calloc(n, sizeof *out->data_at);
  out->fre_at = calloc(n, sizeof *out->fre_at);
  out->nfuncs = m->nfuncs;
  if (!out->bytes || !out->fde_at || !out->data_at || !out->fre_at)
    return SFE_E_NOMEM;
  out->fde_array = (size_t)e->fde_array;
  out->fre_sub = (size_t)e->fre_sub;
  out->fre_len = (size_t)e->fre_len;
  write_header(e, out->bytes);
  for (d = 0; d < m->nfuncs; d++) {
    sfe_status st = write_function(e, out, m->data_order ? m->data_order[d] : d, &pos, err, errlen);
    if (st != SFE_OK)
      return st;
  }
  return SFE_OK;
}

sfe_status sfe_encode(const sfe_model *m, sfe_section *out, char *err, size_t errlen) {
  enc_state e;
  size_t nrows_total = 0;
  sfe_status st;
  memset(out, 0, sizeof *out);
  memset(&e, 0, sizeof e);
  e.m = m;
  if (err && errlen)
    err[0] = 0;
  if ((st = check_model(&e, &nrows_total, err, errlen)) == SFE_OK &&
      (st = encode_rows(&e, nrows_total, err, errlen)) == SFE_OK &&
      (st = lay_out(&e, err, errlen)) == SFE_OK)
    st = write_section(&e, out, err, errlen);
  enc_free(&e);
  if (st != SFE_OK)
    sfe_section_free(out);
  return st;
}
