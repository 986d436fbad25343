/* SPDX-License-Identifier: MIT */
/* sfk_read.c - the kernel's reading of a section, as each generation reads
 * it (sfk_read.h; SPEC-NOTES.md N41 gives each rule with its source).
 * Every read is bounded by the section; nothing is allocated. */
#include <string.h>

#include "sfk_read.h"
#include "sfr_cursor.h"

/* A generation's switches, read off its row (gens[]) and its column of
 * SFK_RULES: a rule it has is code it runs.  SPEC-NOTES.md N41 cites each
 * line. */
static int has(sfk_id k, sfk_gen g) { return sfk_rule_cell(k, g) != '-'; }

void sfk_traits_of(sfk_gen g, sfk_traits *t) {
  const sfk_gen_info *gi;
  if (!sfk_gen_get(g))
    g = SFK_GEN_NEWEST;
  gi = sfk_gen_get(g);
  memset(t, 0, sizeof *t);
  t->version = gi->version;
  t->start_at_text_end = gi->start_at_text_end;
  t->fde_type_mask = gi->fde_type_mask;
  t->lazy_words = gi->lazy_words;
  t->func_end_in_text = has(SFK_FDE_PAST_TEXT_END, g);
  /* the one generation that bounds the end computes it in unsigned long */
  t->end_wraps = t->func_end_in_text;
  t->fre_at_size_ok = !has(SFK_FRE_START_AT_SIZE, g);
  t->fde_bounds = has(SFK_FRES_NUM_PAST_SIZE, g);
  t->ra_word_required = has(SFK_RA_WORD_MISSING, g);
  t->fde_types = has(SFK_FDE_TYPE_UNKNOWN, g);
  t->outermost_error = has(SFK_OUTERMOST_LOOKUP_ERROR, g);
  t->reserved_bit = has(SFK_CTL_RESERVED_BIT, g);
  t->s390_scaled = sfk_gen_abi_enabled(g, SFR_ABI_S390X_BE);
  t->kernel_text = has(SFK_STEP_RULE_REFUSED, g);
  t->sort_at_load = t->kernel_text && !has(SFK_UNSORTED_NO_LOOKUP, g);
  t->signal = has(SFK_SIGNAL_FRAME, g);
  t->mangled_ra_kept = has(SFK_MANGLED_RA, g);
}

/* The kernel's SP and FP numbers: the ABI's, or arm64's (31, 29) whatever
 * the ABI byte says for the kernel's own text, which never reads it. */
uint32_t sfk_sp_reg(const sfk_view *v) {
  return v->t.kernel_text ? sfr_abi_sp_reg(SFR_ABI_AARCH64_LE) : sfr_abi_sp_reg(v->abi);
}

uint32_t sfk_fp_reg(const sfk_view *v) {
  return v->t.kernel_text ? sfr_abi_fp_reg(SFR_ABI_AARCH64_LE) : sfr_abi_fp_reg(v->abi);
}

void sfk_note(sfk_sink *s, sfk_id id, uint64_t offset, int64_t fde, int64_t fre,
              const char *field) {
  int refuses = sfk_rule_refuses(id, s->gen);
  if (refuses && s->first == SFK_OK)
    s->first = id;
  if (!s->rep)
    return;
  if (s->rep->count < s->rep->cap) {
    sfk_finding *f = &s->rep->items[s->rep->count];
    f->id = id;
    f->stage = sfk_rule_stage(id, s->gen);
    f->offset = (int64_t)offset;
    f->fde = fde;
    f->fre = fre;
    f->field = field;
  }
  s->rep->count++;
  if (refuses)
    s->rep->refusals++;
}

/* An n-byte field at off; the caller has checked off + n against the bounds. */
static uint64_t load(const sfk_view *v, uint64_t off, unsigned n) {
  return sfr_load(v->buf + off, n, v->be);
}

static int64_t sign(uint64_t raw, unsigned n) {
  uint64_t bit = (uint64_t)1 << (8 * n - 1);
  if (n >= 8)
    return raw <= (uint64_t)INT64_MAX ? (int64_t)raw : -(int64_t)(~raw) - 1;
  return (int64_t)(raw & (bit - 1)) - (int64_t)(raw & bit);
}

/* The native byte order of an ABI: 1 big, 0 little, -1 unknown ABI. */
static int abi_big_endian(uint8_t abi) {
  if (abi == SFR_ABI_AARCH64_BE || abi == SFR_ABI_S390X_BE)
    return 1;
  return abi == SFR_ABI_AARCH64_LE || abi == SFR_ABI_AMD64_LE ? 0 : -1;
}

/* The preamble: magic in the kernel's own order, the version, the ABI. */
static int read_preamble(sfk_view *v, sfk_sink *s) {
  const uint8_t *b = v->buf;
  int native;
  if (v->len < SFR_HEADER_SIZE) {
    sfk_note(s, SFK_TOO_SMALL, 0, -1, -1, NULL);
    return 0;
  }
  if (sfr_le16(b) == SFR_MAGIC)
    v->be = 0;
  else if (sfr_be16(b) == SFR_MAGIC)
    v->be = 1;
  else {
    sfk_note(s, SFK_BAD_MAGIC, 0, -1, -1, "sfp_magic");
    return 0;
  }
  v->abi = b[4];
  native = v->t.kernel_text ? 0 : abi_big_endian(v->abi);
  if (native >= 0 && native != v->be) {
    sfk_note(s, SFK_BYTE_ORDER, 0, -1, -1, "sfp_magic");
    return 0;
  }
  if (!v->t.kernel_text && !sfk_gen_abi_enabled(v->gen, v->abi))
    sfk_note(s, SFK_ABI_UNSUPPORTED, 4, -1, -1, "sfh_abi_arch");
  if (b[2] != v->t.version) {
    sfk_note(s, SFK_VERSION_UNSUPPORTED, 2, -1, -1, "sfp_version");
    return 0;
  }
  return 1;
}

int sfk_read_header(sfk_view *v, const uint8_t *buf, size_t len, uint64_t vma, sfk_gen g,
                    sfk_sink *s) {
  const uint8_t *b = buf;
  uint32_t num_fres, fre_len, fdeoff, freoff;
  uint64_t hdr_end, fdes_end;
  memset(v, 0, sizeof *v);
  v->buf = buf;
  v->len = len;
  v->vma = vma;
  v->gen = g;
  sfk_traits_of(g, &v->t);
  if (!read_preamble(v, s))
    return 0;
  v->sorted = (b[3] & SFR_F_FDE_SORTED) != 0;
  if (!v->sorted && !v->t.kernel_text)
    sfk_note(s, SFK_SORTED_REQUIRED, 3, -1, -1, "sfp_flags");
  else if (!v->sorted && !v->t.sort_at_load)
    sfk_note(s, SFK_UNSORTED_NO_LOOKUP, 3, -1, -1, "sfp_flags");
  if (!(b[3] & SFR_F_FDE_FUNC_START_PCREL))
    sfk_note(s, SFK_PCREL_REQUIRED, 3, -1, -1, "sfp_flags");
  if (b[7])
    sfk_note(s, SFK_AUXHDR_PRESENT, 7, -1, -1, "sfh_auxhdr_len");
  v->fixed_fp = (int8_t)sign(b[5], 1);
  v->fixed_ra = (int8_t)sign(b[6], 1);
  v->num_fdes = (uint32_t)load(v, 8, 4);
  num_fres = (uint32_t)load(v, 12, 4);
  fre_len = (uint32_t)load(v, 16, 4);
  fdeoff = (uint32_t)load(v, 20, 4);
  freoff = (uint32_t)load(v, 24, 4);
  if (!v->num_fdes)
    sfk_note(s, SFK_NO_FDES, 8, -1, -1, "sfh_num_fdes");
  if (!num_fres)
    sfk_note(s, SFK_NO_FRES, 12, -1, -1, "sfh_num_fres");
  hdr_end = SFR_HEADER_SIZE + (uint64_t)b[7];
  if (hdr_end >= len) {
    sfk_note(s, SFK_TOO_SMALL, 7, -1, -1, "sfh_auxhdr_len");
    return 0;
  }
  v->fde_size = sfr_fde_size(v->t.version);
  v->fdes_start = hdr_end + fdeoff;
  fdes_end = v->fdes_start + (uint64_t)v->num_fdes * v->fde_size;
  v->fres_start = hdr_end + freoff;
  v->fres_end = v->fres_start + fre_len;
  if (v->fres_start < fdes_end || v->fres_end > len) {
    sfk_note(s, SFK_SUBSECTIONS, 24, -1, -1, "sfh_freoff");
    return 0;
  }
  if (v->abi == SFR_ABI_AMD64_LE && v->fixed_ra == 0)
    sfk_note(s, SFK_FIXED_RA_ZERO, 6, -1, -1, "sfh_cfa_fixed_ra_offset");
  return 1;
}

uint64_t sfk_fde_start(const sfk_view *v, uint32_t i) {
  uint64_t off = v->fdes_start + (uint64_t)i * v->fde_size;
  unsigned n = sfr_start_size(v->t.version);
  return v->vma + off + (uint64_t)sign(load(v, off, n), n);
}

/* The function start against the text range the section was registered
 * with. */
static sfk_id text_rule(const sfk_view *v, const sfk_options *o, const sfk_fde *f) {
  uint64_t end = f->start + f->size; /* wraps, as the kernel's unsigned long does */
  if (!o->have_text)
    return SFK_OK;
  if (v->t.end_wraps) {
    /* v16: no start > end test, no overflow check: a start past the text
     * whose end wraps to at or below the text end passes. */
    if (f->start < o->text_start)
      return SFK_FDE_OUTSIDE_TEXT;
    if (end > o->text_end)
      return f->start > o->text_end ? SFK_FDE_OUTSIDE_TEXT : SFK_FDE_PAST_TEXT_END;
    return SFK_OK;
  }
  if (f->start < o->text_start || f->start > o->text_end)
    return SFK_FDE_OUTSIDE_TEXT;
  if (v->t.func_end_in_text)
    return end > o->text_end ? SFK_FDE_PAST_TEXT_END : SFK_OK;
  if (f->start == o->text_end && !v->t.start_at_text_end)
    return SFK_FDE_OUTSIDE_TEXT;
  return SFK_OK;
}

/* Version 3: the FDE attribute, and (v16) its bounds. */
static sfk_id read_attr(const sfk_view *v, sfk_fde *f, uint64_t fre_off, uint64_t *at,
                        const char **field) {
  uint64_t a = v->fres_start + fre_off;
  *at = f->at + 12;
  *field = "fre_off";
  if (a + SFR_V3_FDE_ATTR_SIZE > v->fres_end)
    return SFK_FDE_ATTR_OUT;
  f->num_fres = (uint32_t)load(v, a, 2);
  f->info = v->buf[a + 2];
  f->info2 = v->buf[a + 3];
  f->rep_size = v->buf[a + 4];
  f->fres_at = a + SFR_V3_FDE_ATTR_SIZE;
  if (!v->t.fde_bounds)
    return SFK_OK;
  *at = a;
  if (((f->info >> 4) & 1u) == SFR_PCTYPE_MASK && f->rep_size == 0) {
    *at = a + 4;
    *field = "sfda_func_rep_size";
    return SFK_PCMASK_REP_ZERO;
  }
  *field = "sfda_func_num_fres";
  return f->num_fres > f->size ? SFK_FRES_NUM_PAST_SIZE : SFK_OK;
}

sfk_id sfk_read_fde(const sfk_view *v, const sfk_options *o, uint32_t i, sfk_fde *f,
                    uint64_t *at, const char **field) {
  uint64_t off = v->fdes_start + (uint64_t)i * v->fde_size, fre_off;
  sfk_id id;
  memset(f, 0, sizeof *f);
  f->at = off;
  f->start = sfk_fde_start(v, i);
  if (!sfr_has_fde_attr(v->t.version)) {
    f->size = (uint32_t)load(v, off + 4, 4);
    fre_off = load(v, off + 8, 4);
    f->num_fres = (uint32_t)load(v, off + 12, 4);
    f->info = v->buf[off + 16];
    f->rep_size = v->buf[off + 17];
    f->fres_at = v->fres_start + fre_off;
  } else {
    f->size = (uint32_t)load(v, off + 8, 4);
    fre_off = load(v, off + 12, 4);
  }
  *at = off;
  *field = "func_start";
  id = text_rule(v, o, f);
  if (id != SFK_OK || !sfr_has_fde_attr(v->t.version))
    return id;
  return read_attr(v, f, fre_off, at, field);
}

/* Word k of an FRE whose words start at pos. */
static int32_t word(const sfk_view *v, uint64_t pos, const sfk_fre *r, unsigned k) {
  return (int32_t)sign(load(v, pos + (uint64_t)k * r->wsize, r->wsize), r->wsize);
}

static uint32_t uword(const sfk_view *v, uint64_t pos, const sfk_fre *r, unsigned k) {
  return (uint32_t)load(v, pos + (uint64_t)k * r->wsize, r->wsize);
}

/* A default FRE: the CFA word, the RA word unless the header fixes the RA
 * offset, the FP word when one is left and the header fixes none; then the
 * kernel's control-word form of the row. */
static sfk_id default_words(const sfk_view *v, uint64_t pos, sfk_fre *r) {
  unsigned left = r->count - 1u, k = 1;
  uint32_t reg;
  r->cfa_off = word(v, pos, r, 0);
  r->ra_off = v->fixed_ra;
  if (!r->ra_off) {
    if (left) {
      r->ra_off = word(v, pos, r, k++);
      left--;
    } else if (v->t.ra_word_required)
      return SFK_RA_WORD_MISSING;
  }
  r->fp_off = v->fixed_fp;
  if (!r->fp_off && left) {
    r->fp_off = word(v, pos, r, k++);
    left--;
  }
  if (left)
    return SFK_DATAWORDS_LEFTOVER;
  if (v->t.s390_scaled && v->abi == SFR_ABI_S390X_BE) {
    /* The kernel decodes in 32 bits (s32, built to wrap): so does this. */
    int64_t d = (int64_t)r->cfa_off * SFR_S390X_CFA_OFFSET_ALIGNMENT_FACTOR -
                SFR_S390X_CFA_OFFSET_ADJUSTMENT;
    r->cfa_off = (int32_t)sign((uint64_t)d & 0xffffffffu, 4);
  }
  reg = (r->info & 1u) ? sfk_sp_reg(v) : sfk_fp_reg(v);
  r->cfa_ctl = (reg << 3) | 1u;
  r->ra_ctl = r->ra_off ? 2u : 0u;
  r->fp_ctl = r->fp_off ? 2u : 0u;
  return SFK_OK;
}

/* One flexible rule after the CFA's: read only while two words remain; a
 * zero control word is one word of padding. */
static void flex_pair(const sfk_view *v, uint64_t pos, const sfk_fre *r, unsigned *k,
                      unsigned *left, uint32_t *ctl, int32_t *off, int8_t fixed) {
  uint32_t c;
  *off = fixed;
  *ctl = fixed ? 2u : 0u;
  if (*left < 2)
    return;
  c = uword(v, pos, r, (*k)++);
  (*left)--;
  if (!c)
    return;
  *ctl = c;
  *off = word(v, pos, r, (*k)++);
  (*left)--;
}

static sfk_id flex_words(const sfk_view *v, uint64_t pos, sfk_fre *r) {
  unsigned left, k = 2;
  if (r->count < 2)
    return SFK_FLEX_TOO_FEW;
  r->cfa_ctl = uword(v, pos, r, 0);
  r->cfa_off = word(v, pos, r, 1);
  left = r->count - 2u;
  flex_pair(v, pos, r, &k, &left, &r->ra_ctl, &r->ra_off, v->fixed_ra);
  flex_pair(v, pos, r, &k, &left, &r->fp_ctl, &r->fp_off, v->fixed_fp);
  return left ? SFK_FLEX_WORDS_LEFTOVER : SFK_OK;
}

/* The words of one FRE by the FDE type (the data-word reader's switch). */
unsigned sfk_fde_type(const sfk_view *v, const sfk_fde *f) {
  return v->t.fde_types ? (f->info2 & v->t.fde_type_mask) : SFR_FDE_TYPE_DEFAULT;
}

static sfk_id read_words(const sfk_view *v, const sfk_fde *f, uint64_t pos, sfk_fre *r) {
  unsigned type = sfk_fde_type(v, f);
  if (r->count == 0) {
    /* The outermost frame: v13/v14 leave the CFA control word 0. */
    r->outermost = 1;
    r->cfa_ctl = v->t.outermost_error ? 0u : (sfk_sp_reg(v) << 3) | 1u;
    return SFK_OK;
  }
  if (type == SFR_FDE_TYPE_DEFAULT)
    return default_words(v, pos, r);
  if (type == SFR_FDE_TYPE_FLEX)
    return flex_words(v, pos, r);
  return SFK_FDE_TYPE_UNKNOWN;
}

/* The start address against the function (PCINC) or its block (PCMASK). */
static sfk_id start_rule(const sfk_view *v, const sfk_fde *f, uint32_t start) {
  if (((f->info >> 4) & 1u) == SFR_PCTYPE_INC) {
    if (start > f->size)
      return SFK_FRE_START_PAST_SIZE;
    return start == f->size && !v->t.fre_at_size_ok ? SFK_FRE_START_AT_SIZE : SFK_OK;
  }
  return v->t.fde_bounds && start >= f->rep_size ? SFK_PCMASK_START_PAST_REP : SFK_OK;
}

sfk_id sfk_read_fre_head(const sfk_view *v, const sfk_fde *f, uint64_t pos, sfk_fre *r,
                         uint64_t *at, const char **field) {
  unsigned fre_type = f->info & 0x0fu, asz, wcode;
  sfk_id id;
  memset(r, 0, sizeof *r);
  *at = pos;
  *field = "fre_type";
  if (fre_type > SFR_FRE_TYPE_ADDR4)
    return SFK_FRE_TYPE;
  asz = 1u << fre_type;
  *field = "sfre_start_address";
  if (pos + asz + 1 > v->fres_end)
    return SFK_FRE_TRUNCATED;
  r->start = (uint32_t)load(v, pos, asz);
  if ((id = start_rule(v, f, r->start)) != SFK_OK)
    return id;
  r->info = v->buf[pos + asz];
  r->count = (r->info >> 1) & 0x0fu;
  wcode = (r->info >> 5) & 0x3u;
  *at = pos + asz;
  *field = "sfre_info";
  if (wcode > 2)
    return SFK_DATAWORD_SIZE;
  r->wsize = (uint8_t)(1u << wcode);
  r->size = asz + 1u + (uint32_t)r->count * r->wsize;
  if (pos + r->size > v->fres_end)
    return SFK_FRE_TRUNCATED;
  return SFK_OK;
}

sfk_id sfk_read_fre_words(const sfk_view *v, const sfk_fde *f, uint64_t pos, sfk_fre *r) {
  return read_words(v, f, pos + (1u << (f->info & 0x0fu)) + 1, r);
}

sfk_id sfk_read_fre(const sfk_view *v, const sfk_fde *f, uint64_t pos, sfk_fre *r,
                    uint64_t *at, const char **field) {
  sfk_id id = sfk_read_fre_head(v, f, pos, r, at, field);
  return id != SFK_OK ? id : sfk_read_fre_words(v, f, pos, r);
}

/* One RA or FP rule from its control word and offset. */
static sfk_id reg_rule(const sfk_view *v, uint32_t ctl, int32_t off, sfk_rule *rule) {
  memset(rule, 0, sizeof *rule);
  if (!ctl && !off)
    return SFK_OK; /* retain */
  if (v->t.reserved_bit && ((ctl >> 2) & 1u))
    return SFK_CTL_RESERVED_BIT;
  rule->kind = (ctl & 1u) ? SFK_RULE_REG_OFF : SFK_RULE_CFA_OFF;
  rule->reg = (ctl >> 3) & 0x1fu;
  rule->deref = (uint8_t)((ctl >> 1) & 1u);
  rule->offset = off;
  return SFK_OK;
}

sfk_id sfk_rules_of(const sfk_view *v, const sfk_fre *r, sfk_answer *ans) {
  sfk_id id;
  if (v->t.reserved_bit && ((r->cfa_ctl >> 2) & 1u))
    return SFK_CTL_RESERVED_BIT;
  if (!(r->cfa_ctl & 1u))
    return r->outermost ? SFK_OUTERMOST_LOOKUP_ERROR : SFK_CFA_NOT_REGISTER;
  ans->cfa_reg = (r->cfa_ctl >> 3) & 0x1fu;
  ans->cfa_deref = (uint8_t)((r->cfa_ctl >> 1) & 1u);
  ans->cfa_offset = r->cfa_off;
  if ((id = reg_rule(v, r->ra_ctl, r->ra_off, &ans->ra)) != SFK_OK)
    return id;
  return reg_rule(v, r->fp_ctl, r->fp_off, &ans->fp);
}
