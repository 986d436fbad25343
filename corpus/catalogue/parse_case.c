/* SPDX-License-Identifier: MIT */
/* parse_case.c - the lines of a `case` entry (corpus/CASES.md): title,
 * clause, expect, versions, abis, endian, with, base, pcs and unwind, then
 * the model statements it shares with models (parse_model.c), and the raw
 * overrides (set, insert, delete, truncate, cut, append) that build_override.c
 * applies to the encoded section. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

/* ---- hex bytes for insert / append: "00 ff 12*4" ---- */
static int parse_bytes(pstate *p, char **tok, int n, uint8_t **out, size_t *nout) {
  size_t cap = 0, len = 0;
  uint8_t *b = NULL;
  int i;
  for (i = 0; i < n; i++) {
    char *star = strchr(tok[i], '*');
    uint64_t rep = 1, k;
    char *end;
    unsigned long v;
    if (star) {
      *star = 0;
      if (!sfc_parse_u64(star + 1, &rep) || rep == 0 || rep > (1u << 24)) {
        cat_perr(p, "bad repeat count '*%s'", star + 1);
        free(b);
        return -1;
      }
    }
    v = strtoul(tok[i], &end, 16);
    if (strlen(tok[i]) != 2 || *end || v > 0xff) {
      cat_perr(p, "expected a hex byte (two digits), got '%s'", tok[i]);
      free(b);
      return -1;
    }
    for (k = 0; k < rep; k++) {
      b = cat_grow(b, &cap, len, 1);
      b[len++] = (uint8_t)v;
    }
  }
  if (!len) {
    cat_perr(p, "no bytes given");
    return -1;
  }
  *out = b;
  *nout = len;
  return 0;
}

/* ---- statements ---- */

static cat_override *new_ov(pstate *p, int kind) {
  cat_case *c = p->kase;
  c->ovs = cat_grow(c->ovs, &c->capovs, c->novs, sizeof *c->ovs);
  memset(&c->ovs[c->novs], 0, sizeof *c->ovs);
  c->ovs[c->novs].kind = kind;
  c->ovs[c->novs].line = p->line;
  return &c->ovs[c->novs++];
}

/* Join tokens [from, n) with spaces (expressions are written with blanks). */
static char *join(char **tok, int from, int n) {
  size_t len = 1;
  int i;
  char *s;
  for (i = from; i < n; i++)
    len += strlen(tok[i]) + 1;
  s = cat_xcalloc(len, 1);
  for (i = from; i < n; i++) {
    if (i > from)
      strcat(s, " ");
    strcat(s, tok[i]);
  }
  return s;
}

static int override_statement(pstate *p, char **tok, int n) {
  const char *kw = tok[0];
  cat_override *ov;
  static const char *ops[] = {"=", "+=", "-=", "|=", "&=", "^="};
  if (strcmp(kw, "set") == 0) {
    int k;
    if (n < 4) {
      cat_perr(p, "set: expected 'set FIELD OP VALUE'");
      return 1;
    }
    for (k = 0; k < 6; k++)
      if (strcmp(tok[2], ops[k]) == 0)
        break;
    if (k == 6) {
      cat_perr(p, "set: unknown operator '%s' (=, +=, -=, |=, &=, ^=)", tok[2]);
      return 1;
    }
    ov = new_ov(p, OV_SET);
    ov->target = cat_xstrdup(tok[1]);
    ov->op = k;
    ov->expr = join(tok, 3, n);
    return 1;
  }
  if (strcmp(kw, "insert") == 0 || strcmp(kw, "delete") == 0) {
    int ins = kw[0] == 'i';
    if (n < 4 || strcmp(tok[1], "at") != 0) {
      cat_perr(p, ins ? "insert: expected 'insert at LOCATION BYTES...'"
                      : "delete: expected 'delete at LOCATION COUNT'");
      return 1;
    }
    ov = new_ov(p, ins ? OV_INSERT : OV_DELETE);
    ov->target = cat_xstrdup(tok[2]);
    if (ins) {
      if (parse_bytes(p, tok + 3, n - 3, &ov->bytes, &ov->nbytes) != 0) {
        free(ov->target);
        p->kase->novs--;
      }
    } else {
      ov->expr = join(tok, 3, n);
    }
    return 1;
  }
  if (strcmp(kw, "truncate") == 0 || strcmp(kw, "cut") == 0) {
    int cut = kw[0] == 'c';
    if (n >= 3 && strcmp(tok[1], "at") == 0) {
      ov = new_ov(p, cut ? OV_CUT : OV_TRUNCATE);
      ov->expr = join(tok, 2, n);
      return 1;
    }
    if (!cut && n == 2 && tok[1][0] == '-') {
      int64_t d;
      if (cat_parse_int(tok[1], &d) != 0 || d >= 0) {
        cat_perr(p, "truncate: expected -N or 'at LOCATION'");
        return 1;
      }
      ov = new_ov(p, OV_TRUNCATE);
      ov->drop = (long)-d;
      return 1;
    }
    cat_perr(p, cut ? "cut: expected 'cut at LOCATION'" : "truncate: expected -N or 'at LOCATION'");
    return 1;
  }
  if (strcmp(kw, "append") == 0) {
    ov = new_ov(p, OV_APPEND);
    if (parse_bytes(p, tok + 1, n - 1, &ov->bytes, &ov->nbytes) != 0)
      p->kase->novs--;
    return 1;
  }
  return 0;
}

/* "2", "2.4.1", "A" (the appendix) or "v2:Node Name". */
static int valid_clause(const char *s) {
  if (strncmp(s, "v2:", 3) == 0)
    return s[3] != 0;
  if (strcmp(s, "A") == 0)
    return 1;
  for (;;) {
    if (!isdigit((unsigned char)*s))
      return 0;
    while (isdigit((unsigned char)*s))
      s++;
    if (!*s)
      return 1;
    if (*s++ != '.')
      return 0;
  }
}

/* unwind [sp=A] [fp=A] [pauth-mask=M] [max-frames=N] [no-regs] [beyond=PC] stop=REASON
 *        chain PC...   (PC: an address, or fN, fN+OFF, fN-OFF) */
static void unwind_statement(pstate *p, cat_case *c, char **tok, int n) {
  static const char *stops[] = {"outermost", "no-fde", "bad-data", "mem-read-failed",
                                "reg-rule-below-top", "reg-unknown", "sp-not-increasing",
                                "frame-limit"};
  cat_unwind u;
  size_t cap = 0;
  int i, k;
  memset(&u, 0, sizeof u);
  u.line = p->line;
  u.spec.sp = 0x7fff0000;
  for (i = 1; i < n && strcmp(tok[i], "chain") != 0; i++) {
    char *v = strchr(tok[i], '=');
    uint64_t x = 0;
    if (strcmp(tok[i], "no-regs") == 0) {
      u.spec.omit_regs = 1;
      continue;
    }
    if (!v) {
      cat_perr(p, "unwind: expected KEY=VALUE or chain, not '%s'", tok[i]);
      goto bad;
    }
    *v++ = 0;
    if (strcmp(tok[i], "beyond") == 0) {
      free(u.beyond);
      u.beyond = cat_xstrdup(v);
      continue;
    }
    if (strcmp(tok[i], "stop") == 0) {
      for (k = 0; k < (int)(sizeof stops / sizeof *stops) && strcmp(v, stops[k]); k++)
        ;
      if (k == (int)(sizeof stops / sizeof *stops)) {
        cat_perr(p, "unwind: unknown stop reason '%s' (decoder/SNAPSHOT.md)", v);
        goto bad;
      }
      u.spec.stop = stops[k];
      continue;
    }
    if (!sfc_parse_u64(v, &x)) {
      cat_perr(p, "unwind: bad number '%s'", v);
      goto bad;
    }
    if (strcmp(tok[i], "sp") == 0)
      u.spec.sp = x;
    else if (strcmp(tok[i], "fp") == 0)
      u.spec.fp = x, u.spec.have_fp = 1;
    else if (strcmp(tok[i], "pauth-mask") == 0)
      u.spec.pauth_mask = x;
    else if (strcmp(tok[i], "max-frames") == 0 && x >= 1 && x <= 4096)
      u.spec.max_frames = (unsigned)x;
    else {
      cat_perr(p, "unwind: unknown key or bad value '%s=%s'", tok[i], v);
      goto bad;
    }
  }
  if (!u.spec.stop || i + 1 >= n) {
    cat_perr(p, "unwind: needs stop=REASON and chain PC...");
    goto bad;
  }
  u.chain = cat_xcalloc((size_t)(n - i), sizeof *u.chain);
  for (i++; i < n; i++)
    u.chain[u.nchain++] = cat_xstrdup(tok[i]);
  cap = c->nunwinds;
  c->unwinds = cat_xrealloc(c->unwinds, (cap + 1) * sizeof *c->unwinds);
  c->unwinds[c->nunwinds++] = u;
  return;
bad:
  free(u.beyond);
}

/* expect CLASS [FINDING]: the finding must be of the class. */
static void expect_statement(pstate *p, cat_case *c, char **tok, int n) {
  int k;
  if (n < 2 || n > 3) {
    cat_perr(p, "expect: expected 'expect CLASS [FINDING]'");
    return;
  }
  for (k = 0; k <= CAT_IMPL; k++)
    if (strcmp(tok[1], cat_class_name(k)) == 0)
      break;
  if (k > CAT_IMPL) {
    cat_perr(p, "expect: unknown class '%s' (valid, malformed, invalid, questionable, impl)", tok[1]);
    return;
  }
  if ((k == CAT_VALID || k == CAT_IMPL) && n == 3) {
    cat_perr(p, "expect: class %s takes no finding", tok[1]);
    return;
  }
  if (k != CAT_VALID && k != CAT_IMPL && n != 3) {
    cat_perr(p, "expect: class %s needs a finding identifier", tok[1]);
    return;
  }
  sfr_status st = n == 3 ? sfr_finding_by_name(tok[2]) : SFR_OK;
  if (n == 3 && st == SFR_OK) {
    cat_perr(p, "expect: unknown finding '%s' (see sfref findings)", tok[2]);
    return;
  }
  if (n == 3 && strcmp(sfr_class_name(sfr_finding_class(st)), tok[1]) != 0) {
    cat_perr(p, "expect: %s is a %s finding, not %s", tok[2], sfr_class_name(sfr_finding_class(st)),
             tok[1]);
    return;
  }
  c->cls = k;
  free(c->finding);
  c->finding = n == 3 ? cat_xstrdup(tok[2]) : NULL;
}

/* versions N...: a bit per version. */
static void versions_statement(pstate *p, cat_case *c, char **tok, int n) {
  c->versions = 0;
  for (int i = 1; i < n; i++) {
    if (strlen(tok[i]) != 1 || !sfr_version_known((unsigned)(tok[i][0] - '0'))) {
      cat_perr(p, "versions: unknown version '%s' (1, 2, 3)", tok[i]);
      return;
    }
    c->versions |= 1u << (tok[i][0] - '0');
  }
  if (!c->versions)
    cat_perr(p, "versions: none given");
}

/* pcs auto | none | few | ADDR...: the PCs the case's expectation holds at. */
static void pcs_statement(pstate *p, cat_case *c, char **tok, int n) {
  if (n == 2 && strcmp(tok[1], "auto") == 0) {
    c->pcs_mode = PCS_AUTO;
  } else if (n == 2 && strcmp(tok[1], "none") == 0) {
    c->pcs_mode = PCS_NONE;
  } else if (n == 2 && strcmp(tok[1], "few") == 0) {
    c->pcs_mode = PCS_FEW;
  } else if (n >= 2) {
    free(c->pcs);
    c->pcs = cat_xcalloc((size_t)n, sizeof *c->pcs);
    c->npcs = 0;
    c->pcs_mode = PCS_LIST;
    for (int i = 1; i < n; i++)
      if (!sfc_parse_u64(tok[i], &c->pcs[c->npcs++])) {
        cat_perr(p, "pcs: bad address '%s'", tok[i]);
        return;
      }
  } else {
    cat_perr(p, "pcs: expected auto, none, few or addresses");
  }
}

/* endian native | swapped | both */
static void endian_statement(pstate *p, cat_case *c, char **tok, int n) {
  if (n == 2 && strcmp(tok[1], "native") == 0)
    c->endian = CAT_ENDIAN_NATIVE;
  else if (n == 2 && strcmp(tok[1], "swapped") == 0)
    c->endian = CAT_ENDIAN_SWAPPED;
  else if (n == 2 && strcmp(tok[1], "both") == 0)
    c->endian = CAT_ENDIAN_BOTH;
  else
    cat_perr(p, "endian: expected native, swapped or both");
}

void cat_case_statement(pstate *p, char **tok, int n, const char *rest) {
  cat_case *c = p->kase;
  const char *kw = tok[0];
  if (strcmp(kw, "title") == 0) {
    if (!*rest)
      cat_perr(p, "title: empty");
    else if (c->title)
      cat_perr(p, "title: given twice");
    else
      c->title = cat_xstrdup(rest);
  } else if (strcmp(kw, "clause") == 0) {
    if (!*rest)
      cat_perr(p, "clause: empty");
    else if (c->clause)
      cat_perr(p, "clause: given twice");
    else if (!valid_clause(rest))
      cat_perr(p, "clause: '%s' is neither a section of the SFrame spec version 3 (2.4.1, A) "
                  "nor v2:NODE", rest);
    else
      c->clause = cat_xstrdup(rest);
  } else if (strcmp(kw, "expect") == 0) {
    expect_statement(p, c, tok, n);
  } else if (strcmp(kw, "versions") == 0) {
    versions_statement(p, c, tok, n);
  } else if (strcmp(kw, "abis") == 0) {
    cat_parse_abis(p, tok + 1, n - 1, &c->abis);
  } else if (strcmp(kw, "endian") == 0) {
    endian_statement(p, c, tok, n);
  } else if (strcmp(kw, "with") == 0) {
    if (n == 2 && strcmp(tok[1], "v1-s390x") == 0)
      c->v1_s390x = 1;
    else
      cat_perr(p, "with: expected 'with v1-s390x'");
  } else if (strcmp(kw, "base") == 0) {
    if (n != 2)
      cat_perr(p, "base: expected one model name");
    else if (c->base)
      cat_perr(p, "base: given twice");
    else
      c->base = cat_xstrdup(tok[1]);
  } else if (strcmp(kw, "pcs") == 0) {
    pcs_statement(p, c, tok, n);
  } else if (strcmp(kw, "unwind") == 0) {
    unwind_statement(p, c, tok, n);
  } else if (!cat_model_statement(p, tok, n) && !override_statement(p, tok, n)) {
    cat_perr(p, "unknown statement '%s' in case %s", kw, c->id);
  }
}
