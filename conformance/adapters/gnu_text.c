/* SPDX-License-Identifier: MIT */
/* gnu_text.c - the GNU objdump / readelf `--sframe` text parser
 * (gnu_text.h): the dump's lines read back into the dump model, then the
 * FP / RA cells classified by what the release's text means.  Tested on
 * the checked-in texts of corpus/real/sections/NAME.objdump
 * (conformance/tests/gnu_text_test.c). */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gnu_text.h"
#include "sframe_ref.h"

int sfa_ver_ge(const sfa_config *c, int maj, int min) {
  return c->major > maj || (c->major == maj && c->minor >= min);
}
#define ver_ge sfa_ver_ge

/* "%d" of a 32-bit quantity printed signed: back to its u32 bits. */
static int to_u32(int64_t v, uint32_t *out) {
  if (v < INT32_MIN || v > (int64_t)UINT32_MAX)
    return -1;
  *out = (uint32_t)(v < 0 ? (uint32_t)(int32_t)v : (uint32_t)v);
  return 0;
}

/* One cell of a FRE row, as printed: an address expression
 *   [ "(" ] NAME SIGN NUMBER [ ")" ]   NAME = sp | fp | c | rN
 * where SIGN is "+", "-" or "+-" (default FDEs print "%s+%d"),
 * or a single letter u / U / f, or "rN" alone (s390x version 2 register).
 * The cell is copied to out; *s advanced past it. */
static int cell(const char **s, char *out, size_t outn) {
  const char *p = sfa_skip_sp(*s), *q = p;
  size_t n;
  if (*q == '(')
    q++;
  if (*q == 'u' || *q == 'U' || (*q == 'f' && q[1] != 'p')) {
    if (q != p)
      return -1;
    q++;
  } else {
    if (q[0] == 's' && q[1] == 'p')
      q += 2;
    else if (q[0] == 'f' && q[1] == 'p')
      q += 2;
    else if (q[0] == 'c')
      q += 1;
    else if (q[0] == 'r' && q[1] >= '0' && q[1] <= '9') {
      q++;
      while (*q >= '0' && *q <= '9')
        q++;
    } else
      return -1;
    if (*q == '+' || *q == '-') {
      if (q[0] == '+' && q[1] == '-')
        q++;
      q++;
      if (!(*q >= '0' && *q <= '9'))
        return -1;
      while (*q >= '0' && *q <= '9')
        q++;
    } else if (p[*p == '(' ? 1 : 0] != 'r') {
      return -1; /* only "rN" stands without an offset */
    }
    if (*p == '(') {
      if (*q != ')')
        return -1;
      q++;
    }
  }
  n = (size_t)(q - p);
  if (n + 1 > outn)
    return -1;
  memcpy(out, p, n);
  out[n] = '\0';
  *s = q;
  return 0;
}

/* Split a cell into (deref, name, has_offset, offset). */
typedef struct {
  int deref;
  char name[16]; /* "sp", "fp", "c", "rN", "u", "U", "f" */
  int has_off;
  int64_t off;
} cellv;

static int cell_split(const char *c, cellv *v) {
  const char *p = c;
  size_t n;
  memset(v, 0, sizeof *v);
  if (*p == '(') {
    v->deref = 1;
    p++;
  }
  n = strcspn(p, "+-)");
  if (n == 0 || n >= sizeof v->name)
    return -1;
  memcpy(v->name, p, n);
  v->name[n] = '\0';
  p += n;
  if (*p == '+' || *p == '-') {
    if (p[0] == '+' && p[1] == '-')
      p++;
    if (sfa_parse_dec(&p, &v->off))
      return -1;
    v->has_off = 1;
  }
  return 0;
}

static int reg_number(const char *name, uint32_t *reg) {
  uint64_t acc = 0;
  const char *p = name + 1;
  if (name[0] != 'r' || !*p)
    return -1;
  for (; *p; p++) {
    if (*p < '0' || *p > '9')
      return -1;
    acc = acc * 10 + (uint64_t)(*p - '0');
    if (acc > UINT32_MAX)
      return -1;
  }
  *reg = (uint32_t)acc;
  return 0;
}

/* The CFA cell: "sp+N" / "fp+N" (default FDEs); flexible FDEs also
 * "rN+N" and "(...)" for a dereferenced CFA. */
static int parse_cfa(sfa_fre *f, const char *c, int flex) {
  cellv v;
  if (cell_split(c, &v) || !v.has_off)
    return -1;
  if (!flex && v.deref)
    return -1;
  f->cfa_deref = v.deref;
  f->cfa_offset = v.off;
  f->cfa_off_known = 1;
  f->cfa_reg_known = 0;
  if (!strcmp(v.name, "sp"))
    f->base = "sp";
  else if (!strcmp(v.name, "fp"))
    f->base = "fp";
  else if (flex && !reg_number(v.name, &f->cfa_reg)) {
    f->base = "reg";
    f->cfa_reg_known = 1;
  } else
    return -1;
  return 0;
}

static int flag_bit(const char *name, unsigned *bits) {
  if (!strcmp(name, "SFRAME_F_FDE_SORTED"))
    *bits |= SFR_F_FDE_SORTED;
  else if (!strcmp(name, "SFRAME_F_FRAME_POINTER"))
    *bits |= SFR_F_FRAME_POINTER;
  else if (!strcmp(name, "SFRAME_F_FDE_FUNC_START_PCREL"))
    *bits |= SFR_F_FDE_FUNC_START_PCREL;
  else if (!strcmp(name, "NONE"))
    ;
  else {
    /* 2.45+: leftover undefined bits as a decimal number */
    const char *p = name;
    int64_t v;
    if (sfa_parse_dec(&p, &v) || *p || v < 0 || v > 255)
      return -1;
    *bits |= (unsigned)v & 7u;
  }
  return 0;
}

/* Parse the FRE row at s (after the address). */
static int parse_row(sfa_lexer *lx, const sfa_fde *fde, sfa_fre *f, const char *s) {
  char c_cfa[48];
  s = sfa_skip_sp(s);
  if (sfa_starts_with(s, "RA undefined")) {
    s += strlen("RA undefined");
    if (!sfa_blank(s))
      SFA_FAIL(lx, "line %d: trailing text after 'RA undefined'", lx->lineno);
    f->outermost = 1;
    f->mangled = -1; /* no "[s]" column on these rows */
    return 0;
  }
  if (cell(&s, c_cfa, sizeof c_cfa))
    SFA_FAIL(lx, "line %d: bad CFA cell", lx->lineno);
  if (parse_cfa(f, c_cfa, fde->flex))
    SFA_FAIL(lx, "line %d: bad CFA cell '%s'", lx->lineno, c_cfa);
  if (cell(&s, f->fp_cell, sizeof f->fp_cell))
    SFA_FAIL(lx, "line %d: bad FP cell", lx->lineno);
  if (cell(&s, f->ra_cell, sizeof f->ra_cell))
    SFA_FAIL(lx, "line %d: bad RA cell", lx->lineno);
  if (sfa_starts_with(s, "[s]")) {
    f->mangled = 1;
    s += 3;
  }
  if (!sfa_blank(s))
    SFA_FAIL(lx, "line %d: trailing text in FRE row", lx->lineno);
  return 0;
}

/* The flags after "Flags:" (s): one name per line, each but the last
 * ending with ',' (2.45+), or one name only (2.40-2.44). */
static int gnu_flags(sfa_dump *d, sfa_lexer *lx, const char *s) {
  char name[64];
  int more;
  d->flags_known = 1;
  for (;;) {
    size_t n;
    char *l;
    s = sfa_skip_sp(s);
    n = strcspn(s, ", \t");
    if (n == 0 || n >= sizeof name)
      SFA_FAIL(lx, "line %d: bad flag", lx->lineno);
    memcpy(name, s, n);
    name[n] = '\0';
    s += n;
    if (flag_bit(name, &d->flags))
      SFA_FAIL(lx, "line %d: unknown flag '%s'", lx->lineno, name);
    more = *s == ',';
    if (more)
      s++;
    if (!sfa_blank(s))
      SFA_FAIL(lx, "line %d: trailing text after flags", lx->lineno);
    if (!more)
      return 0;
    l = sfa_next_line(lx);
    if (!l)
      SFA_FAIL(lx, "flags continue past the end of the output");
    s = l;
  }
}

/* The header block, from "Contents of the SFrame section" to "Function
 * Index :": version, flags, fixed offsets, counts.  0, or -1 with the
 * reason in lx->err. */
static int gnu_header(sfa_dump *d, sfa_lexer *lx) {
  char *l;
  const char *s;
  int64_t v;
  /* objdump: "\nFILE:     file format X\n\n"; readelf: nothing before */
  for (;;) {
    l = sfa_next_line(lx);
    if (!l)
      SFA_FAIL(lx, "no 'Contents of the SFrame section' in the tool's output");
    if (!strcmp(l, "Contents of the SFrame section .sframe:"))
      break;
    if (sfa_blank(l) || strstr(l, ":     file format "))
      continue;
    SFA_FAIL(lx, "line %d: unexpected text before the dump: %.80s", lx->lineno, l);
  }
  do
    l = sfa_next_line(lx);
  while (l && sfa_blank(l));
  if (!l || strcmp(l, "  Header :"))
    SFA_FAIL(lx, "line %d: no 'Header :'", lx->lineno);
  do
    l = sfa_next_line(lx);
  while (l && sfa_blank(l));
  s = l ? sfa_skip_sp(l) : "";
  if (sfa_expect(&s, "Version: SFRAME_VERSION_") || sfa_parse_dec(&s, &v) || *s || v < 1 ||
      v > 255)
    SFA_FAIL(lx, "line %d: bad Version line", lx->lineno);
  d->version = (int)v;
  l = sfa_next_line(lx);
  s = l ? sfa_skip_sp(l) : "";
  if (sfa_expect(&s, "Flags:"))
    SFA_FAIL(lx, "line %d: no Flags line", lx->lineno);
  if (gnu_flags(d, lx, s))
    return -1;
  for (;;) {
    l = sfa_next_line(lx);
    if (!l)
      SFA_FAIL(lx, "no 'Num FDEs' line");
    s = sfa_skip_sp(l);
    if (!sfa_expect(&s, "CFA fixed FP offset: ")) {
      if (sfa_parse_dec(&s, &v) || *s)
        SFA_FAIL(lx, "line %d: bad fixed FP offset", lx->lineno);
      d->fixed_fp = v;
    } else if (!sfa_expect(&s, "CFA fixed RA offset: ")) {
      if (sfa_parse_dec(&s, &v) || *s)
        SFA_FAIL(lx, "line %d: bad fixed RA offset", lx->lineno);
      d->fixed_ra = v;
    } else
      break;
  }
  s = sfa_skip_sp(l);
  if (sfa_expect(&s, "Num FDEs: ") || sfa_parse_dec(&s, &v) || *s || to_u32(v, &d->num_fdes))
    SFA_FAIL(lx, "line %d: bad Num FDEs line", lx->lineno);
  l = sfa_next_line(lx);
  s = l ? sfa_skip_sp(l) : "";
  if (sfa_expect(&s, "Num FREs: ") || sfa_parse_dec(&s, &v) || *s || to_u32(v, &d->num_fres))
    SFA_FAIL(lx, "line %d: bad Num FREs line", lx->lineno);
  do
    l = sfa_next_line(lx);
  while (l && sfa_blank(l));
  if (!l)
    SFA_FAIL(lx, "no 'Function Index :'");
  if (strcmp(l, "  Function Index :")) {
    s = sfa_skip_sp(l);
    if (sfa_starts_with(s, "No further information can be displayed"))
      SFA_FAIL(lx, "the tool cannot display this version: %.100s", s);
    SFA_FAIL(lx, "line %d: no 'Function Index :'", lx->lineno);
  }
  return 0;
}

/* A function's line ("func idx [N]: pc = 0x..., size = N bytes", then
 * attr and pauth) and its column line ("STARTPC[m] CFA FP RA") into a new
 * FDE of d (*out).  0, or -1 with the reason in lx->err. */
static int gnu_function(sfa_dump *d, sfa_lexer *lx, const char *l, sfa_fde **out) {
  const char *s = sfa_skip_sp(l);
  sfa_fde *fde;
  int64_t idx, v;
  uint64_t pc;
  if (sfa_expect(&s, "func idx [") || sfa_parse_dec(&s, &idx) ||
      sfa_expect(&s, "]: pc = 0x") || sfa_parse_hex(&s, &pc) || sfa_expect(&s, ", size = ") ||
      sfa_parse_dec(&s, &v) || sfa_expect(&s, " bytes"))
    SFA_FAIL(lx, "line %d: bad function line: %.80s", lx->lineno, l);
  *out = fde = sfa_add_fde(d);
  if (idx < 0 || to_u32(idx, &fde->index) || to_u32(v, &fde->size))
    SFA_FAIL(lx, "line %d: bad function index or size", lx->lineno);
  fde->pc = pc;
  if (!sfr_has_rep_size(d->version))
    fde->rep_size = 0; /* no such field */
  if (!sfa_expect(&s, ", attr = \"")) {
    for (; *s && *s != '"'; s++) {
      if (*s == 'S')
        fde->signal = 1;
      else if (*s == 'F')
        fde->flex = 1;
      else
        SFA_FAIL(lx, "line %d: unknown attribute '%c'", lx->lineno, *s);
    }
    if (sfa_expect(&s, "\""))
      SFA_FAIL(lx, "line %d: bad attr", lx->lineno);
  }
  if (!sfa_expect(&s, ", pauth = B key"))
    fde->gnu_pauth_b = 1;
  if (!sfa_blank(s))
    SFA_FAIL(lx, "line %d: trailing text on function line", lx->lineno);
  l = sfa_next_line(lx);
  s = l ? sfa_skip_sp(l) : "";
  if (sfa_expect(&s, "STARTPC"))
    SFA_FAIL(lx, "line %d: no STARTPC column line", lx->lineno);
  if (!sfa_expect(&s, "[m]"))
    fde->mask = 1;
  s = sfa_skip_sp(s);
  if (sfa_expect(&s, "CFA") || (s = sfa_skip_sp(s), sfa_expect(&s, "FP")) ||
      (s = sfa_skip_sp(s), sfa_expect(&s, "RA")) || !sfa_blank(s))
    SFA_FAIL(lx, "line %d: bad column line", lx->lineno);
  return 0;
}

static int gnu_parse(char *text, sfa_dump *d, sfa_lexer *lx) {
  char *l;
  sfa_dump_init(d);
  memset(lx, 0, sizeof *lx);
  lx->p = text;
  if (gnu_header(d, lx))
    return -1;
  /* function blocks */
  l = sfa_next_line(lx);
  for (;;) {
    sfa_fde *fde;
    while (l && sfa_blank(l))
      l = sfa_next_line(lx);
    if (!l)
      break;
    if (gnu_function(d, lx, l, &fde))
      return -1;
    /* rows until a blank line or the next function */
    for (;;) {
      const char *s;
      uint64_t addr;
      sfa_fre *f;
      l = sfa_next_line(lx);
      if (!l || sfa_blank(l))
        break;
      s = sfa_skip_sp(l);
      if (sfa_starts_with(s, "func idx ["))
        break;
      if (strspn(s, "0123456789abcdef") != 16 || sfa_parse_hex(&s, &addr))
        SFA_FAIL(lx, "line %d: bad FRE row: %.80s", lx->lineno, l);
      f = sfa_add_fre(fde);
      f->start = fde->mask ? addr : addr - fde->pc;
      if (parse_row(lx, fde, f, s))
        return -1;
    }
  }
  return 0;
}

/* Turn the raw FP / RA cells into rules, with what the whole dump tells
 * and what the release's text means (binutils-notes.md, "How each field is
 * derived").
 *
 * 2.40 has no fixed-offset header lines, and prints 'u' for RA whenever the
 * header has a fixed RA offset and for FP whenever it has a fixed FP offset,
 * as well as when the FRE has no such word: 'u' is then "unchanged" only
 * once some 'c+N' cell in that column shows the header's fixed offset to be
 * 0; otherwise the rule (and, for a fixed rule, the offset) is unknown.
 *
 * Flexible FDEs (2.46+): 'c+N' is RA/FP = CFA + N, '(c+N)' saved at CFA + N;
 * from 2.47 both print 'c+N', so the rule is unknown there.  'u' / 'U' (no
 * rule, or a padding word) mean the header's fixed offset applies when it
 * has one (spec 3.2), else the register is unchanged. */
static int gnu_classify(const sfa_config *cfg, sfa_dump *d, sfa_lexer *lx) {
  size_t i, j;
  int legacy = !ver_ge(cfg, 2, 41);
  int flex_cfa_ambiguous = ver_ge(cfg, 2, 47);
  int ra_zero, fp_zero; /* the header's fixed RA / FP offset is known to be 0 */
  int any_pauth_b = 0;

  if (!legacy) {
    d->fixed_ra_known = d->fixed_fp_known = 1; /* absent lines mean 0 */
  } else {
    for (i = 0; i < d->nfdes; i++) {
      for (j = 0; j < d->fdes[i].nfres; j++) {
        sfa_fre *f = &d->fdes[i].fres[j];
        cellv v;
        if (f->outermost || d->fdes[i].flex)
          continue;
        if (cell_split(f->ra_cell, &v) == 0 && !strcmp(v.name, "c") && v.has_off)
          d->fixed_ra_known = 1;
        if (cell_split(f->fp_cell, &v) == 0 && !strcmp(v.name, "c") && v.has_off)
          d->fixed_fp_known = 1;
      }
    }
    d->fixed_ra = d->fixed_fp = 0;
  }
  ra_zero = d->fixed_ra_known && d->fixed_ra == 0;
  fp_zero = d->fixed_fp_known && d->fixed_fp == 0;
  for (i = 0; i < d->nfdes; i++)
    any_pauth_b |= d->fdes[i].gnu_pauth_b;
  for (i = 0; i < d->nfdes; i++) {
    sfa_fde *fde = &d->fdes[i];
    /* "pauth" is printed for AArch64 only: key A once one FDE shows B */
    fde->pauth = fde->gnu_pauth_b ? 'B' : any_pauth_b ? 'A' : 0;
    for (j = 0; j < fde->nfres; j++) {
      sfa_fre *f = &fde->fres[j];
      cellv v;
      int k;
      if (f->outermost)
        continue;
      for (k = 0; k < 2; k++) {
        int is_ra = k == 0;
        sfa_rule *r = is_ra ? &f->ra : &f->fp;
        const char *c = is_ra ? f->ra_cell : f->fp_cell;
        int col_zero = is_ra ? ra_zero : fp_zero;
        uint32_t reg;
        if (cell_split(c, &v))
          SFA_FAIL(lx, "bad %s cell '%s'", is_ra ? "RA" : "FP", c);
        r->reg_known = 1;
        r->reg = 0;
        r->off_known = 1;
        r->offset = 0;
        if (!strcmp(v.name, "u") || !strcmp(v.name, "U")) {
          r->rule = "unchanged";
          if (legacy && !col_zero) {
            r->rule = NULL; /* unchanged, or fixed at an unknown offset */
            r->off_known = 0;
          } else if (fde->flex && !col_zero) {
            r->rule = "fixed";
            r->offset = is_ra ? d->fixed_ra : d->fixed_fp;
          }
        } else if (!strcmp(v.name, "f")) {
          r->rule = "fixed";
          r->offset = is_ra ? d->fixed_ra : d->fixed_fp;
          r->off_known = is_ra ? d->fixed_ra_known : d->fixed_fp_known;
        } else if (!strcmp(v.name, "c")) {
          r->offset = v.off;
          if (fde->flex)
            r->rule = flex_cfa_ambiguous ? NULL : v.deref ? "at-cfa" : "val-cfa";
          else
            r->rule = "at-cfa";
          /* 2.41+: the fixed FP offset prints as 'c+N' too */
          if (!is_ra && !legacy && !fp_zero && v.off == d->fixed_fp && !(v.deref && fde->flex))
            r->rule = NULL;
        } else if (!strcmp(v.name, "sp") || !strcmp(v.name, "fp")) {
          r->rule = v.deref ? "at-reg" : "reg";
          r->reg_known = 0; /* the DWARF number depends on the ABI */
          r->offset = v.off;
        } else if (!reg_number(v.name, &reg)) {
          r->rule = v.deref ? "at-reg" : "reg";
          r->reg = reg;
          r->offset = v.has_off ? v.off : 0;
        } else
          SFA_FAIL(lx, "bad %s cell '%s'", is_ra ? "RA" : "FP", c);
      }
    }
  }
  return 0;
}

int sfa_gnu_read(const sfa_config *cfg, char *text, sfa_dump *d, sfa_lexer *lx) {
  return gnu_parse(text, d, lx) || gnu_classify(cfg, d, lx) ? -1 : 0;
}
