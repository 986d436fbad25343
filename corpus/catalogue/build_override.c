/* SPDX-License-Identifier: MIT */
/* build_override.c - the raw overrides of a case (corpus/CASES.md: set,
 * insert, delete, truncate, cut, append) applied to the encoded section in
 * the order written.
 *
 * Overrides address the encoded section through anchors taken from the
 * encoder's layout (sfe_section: FDE, data and FRE offsets) and its field
 * tables (sfe_header_field, sfe_fde_field).  `insert` and `delete` move the
 * anchors behind the change and keep the header's offsets and lengths, the
 * FDEs' FRE offsets and PC-relative starts pointing at the same structures
 * (adding the shift to whatever value the field holds, so an earlier `set`
 * stays broken the way it was written). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"

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
  L->buf = cat_xcalloc(s->len, 1);
  memcpy(L->buf, s->bytes, s->len);
  L->fde_size = sfr_fde_size(cc->version);
  L->hdr_end = SFR_HEADER_SIZE + (size_t)m->auxhdr_len;
  L->fde_array = s->fde_array;
  L->fre_sub = s->fre_sub;
  {
    long off = sfe_header_field("sfh_fre_len", &w);
    L->fre_end = s->fre_sub +
                 (off >= 0 && (size_t)off + 4 <= s->len ? (size_t)rd(L, (size_t)off, w) : 0);
  }
  L->pcrel = sfr_has_pcrel_flag(cc->version) && (m->flags & SFR_F_FDE_FUNC_START_PCREL);
  L->nf = m->nfuncs;
  L->fde_at = cat_xcalloc(L->nf, sizeof *L->fde_at);
  L->data_at = cat_xcalloc(L->nf, sizeof *L->data_at);
  L->nrows = cat_xcalloc(L->nf, sizeof *L->nrows);
  L->fre_at = cat_xcalloc(L->nf, sizeof *L->fre_at);
  L->fre_endat = cat_xcalloc(L->nf, sizeof *L->fre_endat);
  L->wsize = cat_xcalloc(L->nf, sizeof *L->wsize);
  L->fretype = cat_xcalloc(L->nf, 1);
  for (i = 0; i < L->nf; i++) {
    long io = sfe_fde_field(m, s, i, "info", &w);
    L->fde_at[i] = s->fde_at[i];
    L->data_at[i] = s->data_at[i];
    L->nrows[i] = m->funcs[i].nrows;
    L->fretype[i] = io >= 0 && (size_t)io < s->len ? (s->bytes[io] & 0x0f) : 0;
    L->fre_at[i] = cat_xcalloc(L->nrows[i], sizeof **L->fre_at);
    L->fre_endat[i] = cat_xcalloc(L->nrows[i], sizeof **L->fre_endat);
    L->wsize[i] = cat_xcalloc(L->nrows[i], 1);
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

/* The resolvers of one kind of location each: -1 with *why set, or the
 * offset in *off and 1 when the location is a field (*f filled), 0 when it
 * is a place only. */

/* end, hdrend, auxhdr, fdes, fdes.end, fres, fres.end: 0, or -1 when p is
 * none of them. */
static int resolve_mark(const lay *L, const char *p, uint64_t *off) {
  if (strcmp(p, "end") == 0)
    *off = L->len;
  else if (strcmp(p, "hdrend") == 0)
    *off = L->hdr_end;
  else if (strcmp(p, "auxhdr") == 0)
    *off = SFR_HEADER_SIZE;
  else if (strcmp(p, "fdes") == 0)
    *off = L->fde_array;
  else if (strcmp(p, "fdes.end") == 0)
    *off = L->fde_array + (size_t)L->nf * L->fde_size;
  else if (strcmp(p, "fres") == 0)
    *off = L->fre_sub;
  else if (strcmp(p, "fres.end") == 0)
    *off = L->fre_end;
  else
    return -1;
  return 0;
}

/* header.FIELD */
static int resolve_header(const char *p, uint64_t *off, field *f, const char **why) {
  unsigned w;
  long o = sfe_header_field(p, &w);
  if (o < 0) {
    *why = "unknown header field";
    return -1;
  }
  f->off = (size_t)o;
  f->width = w;
  *off = f->off;
  return 1;
}

/* fde[N], fde[N].end, fde[N].FIELD (and the info bits by name), data[N] */
static int resolve_fde(const lay *L, const char *p, uint64_t *off, field *f, const char **why) {
  static const struct {
    const char *name, *field;
    unsigned shift;
    uint64_t mask;
  } pseudo[] = {{"fre_type", "info", 0, 0xf}, {"pctype", "info", 4, 1},
                {"pauth", "info", 5, 1},      {"signal", "info", 7, 1},
                {"fde_type", "info2", 0, 0x1f}};
  int data = p[0] == 'd', rc;
  uint32_t i;
  field g;
  p += data ? 4 : 3;
  rc = parse_index(&p, L->nf, &i);
  if (rc) {
    *why = rc == -2 ? "function index out of range" : "expected [N]";
    return -1;
  }
  if (data && *p) {
    *why = "data[N] has no fields";
    return -1;
  }
  if (data || !*p || strcmp(p, ".end") == 0) {
    *off = data ? L->data_at[i] : L->fde_at[i] + (*p ? L->fde_size : 0);
    return 0;
  }
  if (*p != '.')
    return -1;
  const char *real = p + 1;
  for (size_t k = 0; k < sizeof pseudo / sizeof pseudo[0]; k++)
    if (strcmp(p + 1, pseudo[k].name) == 0) {
      real = pseudo[k].field;
      f->shift = pseudo[k].shift;
      f->mask = pseudo[k].mask;
    }
  if (fde_field(L, i, real, &g) != 0) {
    *why = "unknown FDE field for this version";
    return -1;
  }
  f->off = g.off;
  f->width = g.width;
  *off = f->off;
  return 1;
}

/* The FRE info byte's fields by name (offset 0 of the info byte). */
static int fre_info_field(const char *name, field *f) {
  static const struct {
    const char *name;
    unsigned shift;
    uint64_t mask;
  } pseudo[] = {{"info", 0, 0}, {"base", 0, 1}, {"count", 1, 0xf}, {"wsize", 5, 3}, {"mangled", 7, 1}};
  for (size_t k = 0; k < sizeof pseudo / sizeof pseudo[0]; k++)
    if (strcmp(name, pseudo[k].name) == 0) {
      f->width = 1;
      f->shift = pseudo[k].shift;
      f->mask = pseudo[k].mask;
      return 0;
    }
  return -1;
}

/* fre[N][M], fre[N][M].end, .start, .word[K] and the info byte's fields */
static int resolve_fre(const lay *L, const char *p, uint64_t *off, field *f, const char **why) {
  static const uint8_t asz[3] = {1, 2, 4};
  uint32_t i, j;
  unsigned a;
  int rc;
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
  f->off = L->fre_at[i][j];
  *off = strcmp(p, ".end") == 0 ? L->fre_endat[i][j] : f->off;
  if (!*p || strcmp(p, ".end") == 0)
    return 0;
  if (strcmp(p, ".start") == 0) {
    f->width = a;
  } else if (strncmp(p, ".word[", 6) == 0) {
    char *end;
    long k = strtol(p + 6, &end, 10);
    if (end == p + 6 || strcmp(end, "]") != 0 || k < 0 || k > 15) {
      *why = "expected .word[K], K 0-15";
      return -1;
    }
    f->width = L->wsize[i][j] ? L->wsize[i][j] : 1;
    f->off += a + 1 + (size_t)k * f->width;
  } else if (*p == '.' && fre_info_field(p + 1, f) == 0) {
    f->off += a;
  } else {
    *why = "unknown FRE field (start, info, base, count, wsize, mangled, word[K], end)";
    return -1;
  }
  *off = f->off;
  return 1;
}

/* Resolve NAME (a location) into an offset, and when fld is given the
 * field it names.  Returns 0, or -1 with *why set (a place that is not a
 * field, where a field is wanted, is "not a field"). */
static int resolve(const lay *L, const char *name, uint64_t *off, field *fld, const char **why) {
  field f;
  int rc;
  memset(&f, 0, sizeof f);
  *why = "unknown location";
  if (resolve_mark(L, name, off) == 0)
    rc = 0;
  else if (strncmp(name, "header.", 7) == 0)
    rc = resolve_header(name + 7, off, &f, why);
  else if (strncmp(name, "fde", 3) == 0 || strncmp(name, "data", 4) == 0)
    rc = resolve_fde(L, name, off, &f, why);
  else if (strncmp(name, "fre", 3) == 0)
    rc = resolve_fre(L, name, off, &f, why);
  else
    rc = -1;
  if (rc < 0)
    return -1;
  if (fld && rc == 0) {
    *why = "not a field";
    return -1;
  }
  if (fld)
    *fld = f;
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
  size_t *old_fde = cat_xcalloc(L->nf, sizeof *old_fde);
  size_t *old_data = cat_xcalloc(L->nf, sizeof *old_data);
  uint32_t i, j;
  unsigned w;
  long o;
  memcpy(old_fde, L->fde_at, L->nf * sizeof *old_fde);
  memcpy(old_data, L->data_at, L->nf * sizeof *old_data);
  if (ins) {
    L->buf = cat_xrealloc(L->buf, L->len + n);
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
      return cat_berr(file, ov->line, cc, "set %s: %s", ov->target, why);
    if (eval(L, ov->expr, &v, &why) != 0)
      return cat_berr(file, ov->line, cc, "set %s: value '%s': %s", ov->target, ov->expr, why);
    if (f.off + f.width > L->len)
      return cat_berr(file, ov->line, cc, "set %s: field lies past the end of the section",
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
        return cat_berr(file, ov->line, cc, "set %s: value %llu does not fit the field (max %llu)",
                        ov->target, (unsigned long long)nv, (unsigned long long)f.mask);
      nv = (cur & ~(f.mask << f.shift)) | (nv << f.shift);
    } else if (ov->op == OP_ASSIGN && nv > lim && ~nv > lim / 2) {
      /* Too large for the field, and not a negative number that fits. */
      return cat_berr(file, ov->line, cc, "set %s: value does not fit %u bytes", ov->target,
                      f.width);
    }
    wr(L, f.off, f.width, nv & lim);
    return 0;
  }
  case OV_INSERT:
  case OV_DELETE: {
    uint64_t n = ov->nbytes;
    if (eval(L, ov->target, &at, &why) != 0)
      return cat_berr(file, ov->line, cc, "%s at %s: %s",
                      ov->kind == OV_INSERT ? "insert" : "delete", ov->target, why);
    if (ov->kind == OV_DELETE && eval(L, ov->expr, &n, &why) != 0)
      return cat_berr(file, ov->line, cc, "delete: count '%s': %s", ov->expr, why);
    if (at < L->hdr_end || at > L->len || (ov->kind == OV_DELETE && n > L->len - at))
      return cat_berr(file, ov->line, cc, "%s at %s: outside [end of header, end of section]",
                      ov->kind == OV_INSERT ? "insert" : "delete", ov->target);
    return move_bytes(L, (size_t)at, (size_t)n, ov->bytes, ov->kind == OV_INSERT);
  }
  case OV_TRUNCATE:
    if (ov->expr) {
      if (eval(L, ov->expr, &v, &why) != 0)
        return cat_berr(file, ov->line, cc, "truncate at %s: %s", ov->expr, why);
    } else {
      v = L->len - (uint64_t)ov->drop;
    }
    if (v > L->len)
      return cat_berr(file, ov->line, cc, "truncate: %llu is past the end of the section (%zu)",
                      (unsigned long long)v, L->len);
    L->len = (size_t)v;
    return 0;
  case OV_CUT: {
    unsigned w;
    long o = sfe_header_field("sfh_fre_len", &w);
    if (eval(L, ov->expr, &v, &why) != 0)
      return cat_berr(file, ov->line, cc, "cut at %s: %s", ov->expr, why);
    if (v > L->len || v < L->fre_sub || o < 0)
      return cat_berr(file, ov->line, cc, "cut at %s: not inside the FRE sub-section", ov->expr);
    L->len = (size_t)v;
    add_field(L, (size_t)o, w, (int64_t)v - (int64_t)L->fre_end);
    L->fre_end = (size_t)v;
    return 0;
  }
  case OV_APPEND:
    L->buf = cat_xrealloc(L->buf, L->len + ov->nbytes);
    memcpy(L->buf + L->len, ov->bytes, ov->nbytes);
    L->len += ov->nbytes;
    return 0;
  }
  return 0;
}

int cat_apply_overrides(const cat_concrete *cc, const sfe_model *m, const sfe_section *s,
                        const cat_override *ovs, size_t n, const char *file, uint8_t **bytes,
                        size_t *len) {
  lay L;
  size_t i;
  lay_init(&L, cc, m, s);
  for (i = 0; i < n; i++)
    if (apply_override(&L, &ovs[i], file) != 0) {
      lay_free(&L);
      return -1;
    }
  *len = L.len;
  *bytes = cat_xcalloc(L.len, 1);
  memcpy(*bytes, L.buf, L.len);
  lay_free(&L);
  return 0;
}
