/* SPDX-License-Identifier: MIT */
/* parse_model.c - the model statements of a .cases file (corpus/CASES.md),
 * written in models and in cases alike: `header`, `vma`, `func`, `func[N]`
 * and `row` (with its CFA, RA and FP rules), each into a model operation
 * (cat_mop) that build_model.c applies later. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

/* ---- bounded numbers ---- */

static int parse_u32(const char *s, uint32_t *v) {
  uint64_t x;
  if (!sfc_parse_u64(s, &x) || x > UINT32_MAX)
    return -1;
  *v = (uint32_t)x;
  return 0;
}

static int parse_u8(const char *s, uint8_t *v) {
  uint64_t x;
  if (!sfc_parse_u64(s, &x) || x > 0xff)
    return -1;
  *v = (uint8_t)x;
  return 0;
}

static int parse_i8(const char *s, int8_t *v) {
  int64_t x;
  if (cat_parse_int(s, &x) != 0 || x < -128 || x > 127)
    return -1;
  *v = (int8_t)x;
  return 0;
}


/* ---- rules ---- */

/* A base register name: sp, fp or rN. */
static int parse_base(const char *s, size_t n, uint8_t *base, uint32_t *reg) {
  char buf[32];
  if (n == 2 && strncmp(s, "sp", 2) == 0) {
    *base = CB_SP;
    *reg = 0;
    return 0;
  }
  if (n == 2 && strncmp(s, "fp", 2) == 0) {
    *base = CB_FP;
    *reg = 0;
    return 0;
  }
  if (n >= 2 && n < sizeof buf && s[0] == 'r' && isdigit((unsigned char)s[1])) {
    memcpy(buf, s + 1, n - 1);
    buf[n - 1] = 0;
    if (parse_u32(buf, reg) != 0)
      return -1;
    *base = CB_REG;
    return 0;
  }
  return -1;
}

/* "NAME+N" / "NAME-N" (also "NAME" alone: +0), optionally inside "*( )".
 * Returns 0 and fills name/length, offset and deref. */
static int parse_addr(const char *s, const char **name, size_t *nlen, int64_t *off,
                      uint8_t *deref) {
  char buf[64];
  size_t n = strlen(s), i;
  *deref = 0;
  if (n >= 3 && s[0] == '*' && s[1] == '(' && s[n - 1] == ')') {
    *deref = 1;
    s += 2;
    n -= 3;
  }
  if (n == 0 || n >= sizeof buf)
    return -1;
  memcpy(buf, s, n);
  buf[n] = 0;
  for (i = 0; i < n && buf[i] != '+' && buf[i] != '-'; i++)
    ;
  *name = s;
  *nlen = i;
  if (i == 0)
    return -1;
  if (i == n) {
    *off = 0;
    return 0;
  }
  return cat_parse_int(buf + i, off);
}

static int parse_cfa(const char *s, cat_cfa *cfa) {
  const char *name;
  size_t nlen;
  memset(cfa, 0, sizeof *cfa);
  if (parse_addr(s, &name, &nlen, &cfa->off, &cfa->deref) != 0)
    return -1;
  if (parse_base(name, nlen, &cfa->base, &cfa->reg) != 0)
    return -1;
  cfa->present = 1;
  return 0;
}

static int parse_rule(const char *s, cat_rule *r) {
  const char *name;
  size_t nlen;
  uint8_t deref;
  memset(r, 0, sizeof *r);
  if (strcmp(s, "u") == 0 || strcmp(s, "unchanged") == 0) {
    r->kind = RK_UNCHANGED;
    return 0;
  }
  if (strcmp(s, "f") == 0 || strcmp(s, "fixed") == 0) {
    r->kind = RK_FIXED;
    return 0;
  }
  if (strcmp(s, "U") == 0 || strcmp(s, "pad") == 0) {
    r->kind = RK_PAD;
    return 0;
  }
  if (strcmp(s, "undefined") == 0) {
    r->kind = RK_UNDEFINED;
    return 0;
  }
  if (parse_addr(s, &name, &nlen, &r->off, &deref) != 0)
    return -1;
  if (nlen == 1 && name[0] == 'c') {
    r->kind = RK_AT_CFA; /* c+N and *(c+N) both mean "saved at CFA + N" */
    return 0;
  }
  if (nlen == 3 && strncmp(name, "cfa", 3) == 0) {
    r->kind = deref ? RK_AT_CFA : RK_VAL_CFA;
    return 0;
  }
  if (parse_base(name, nlen, &r->base, &r->reg) != 0)
    return -1;
  r->kind = deref ? RK_AT_REG : RK_REG;
  return 0;
}

static int parse_row(pstate *p, char **tok, int n, cat_row *row, uint32_t *repeat,
                     uint32_t *step) {
  int i;
  memset(row, 0, sizeof *row);
  *repeat = 1;
  *step = 0;
  row->line = p->line;
  if (n < 1 || parse_u32(tok[0], &row->start) != 0) {
    cat_perr(p, "row: expected a start offset (0 to 0xffffffff), got '%s'", n ? tok[0] : "");
    return -1;
  }
  for (i = 1; i < n; i++) {
    const char *t = tok[i];
    if (strncmp(t, "cfa=", 4) == 0) {
      if (parse_cfa(t + 4, &row->cfa) != 0) {
        cat_perr(p, "row: bad CFA rule '%s' (sp+N, fp-N, rK+N, *(rK+N))", t);
        return -1;
      }
    } else if (strncmp(t, "ra=", 3) == 0) {
      if (parse_rule(t + 3, &row->ra) != 0) {
        cat_perr(p, "row: bad RA rule '%s'", t);
        return -1;
      }
    } else if (strncmp(t, "fp=", 3) == 0) {
      if (parse_rule(t + 3, &row->fp) != 0) {
        cat_perr(p, "row: bad FP rule '%s'", t);
        return -1;
      }
      if (row->fp.kind == RK_UNDEFINED) {
        cat_perr(p, "row: fp=undefined: only the RA can be undefined");
        return -1;
      }
    } else if (strncmp(t, "extra=", 6) == 0) {
      char buf[128], *item, *save = NULL;
      snprintf(buf, sizeof buf, "%s", t + 6);
      for (item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        int64_t x;
        if (row->nextra == 4 || cat_parse_int(item, &x) != 0 || x < INT32_MIN || x > INT32_MAX) {
          cat_perr(p, "row: extra= takes 1 to 4 signed 32-bit words, got '%s'", t + 6);
          return -1;
        }
        row->extra[row->nextra++] = (int32_t)x;
      }
      if (!row->nextra) {
        cat_perr(p, "row: extra= needs a word");
        return -1;
      }
    } else if (strncmp(t, "repeat=", 7) == 0) {
      if (parse_u32(t + 7, repeat) != 0 || *repeat == 0 || *repeat > 70000) {
        cat_perr(p, "row: repeat= takes 1 to 70000");
        return -1;
      }
    } else if (strncmp(t, "step=", 5) == 0) {
      if (parse_u32(t + 5, step) != 0) {
        cat_perr(p, "row: bad step=");
        return -1;
      }
    } else if (strcmp(t, "mangled") == 0) {
      row->mangled = 1;
    } else if (strcmp(t, "outermost") == 0) {
      row->ra.kind = RK_UNDEFINED;
    } else {
      cat_perr(p, "row: unknown item '%s' (cfa=, ra=, fp=, extra=, mangled, outermost, repeat=, "
                  "step=)", t);
      return -1;
    }
  }
  if (row->ra.kind == RK_UNDEFINED) {
    if (row->cfa.present || row->fp.kind != RK_DEFAULT) {
      cat_perr(p, "row: an outermost row (ra=undefined) has no CFA or FP rule");
      return -1;
    }
    row->outermost = 1;
  } else if (!row->cfa.present) {
    cat_perr(p, "row: no cfa= rule (write ra=undefined for an outermost row)");
    return -1;
  }
  return 0;
}

/* ---- func and header lines ---- */

/* One key=value of a func line into f: 0, 1 for a bad value, -1 for a
 * key that is none of func's. */
static int func_key(cat_funcspec *f, const char *t, const char *v) {
  int bad = 0;
  if (strcmp(t, "start") == 0) {
    f->set |= FF_START;
    if (strncmp(v, "raw:", 4) == 0) {
      f->start_raw = 1;
      bad = cat_parse_int(v + 4, &f->raw);
    } else {
      bad = !sfc_parse_u64(v, &f->start);
    }
  } else if (strcmp(t, "size") == 0) {
    f->set |= FF_SIZE;
    bad = parse_u32(v, &f->size);
  } else if (strcmp(t, "pc") == 0) {
    f->set |= FF_PC;
    if (strcmp(v, "inc") == 0)
      f->pc_type = SFR_PCTYPE_INC;
    else if (strcmp(v, "mask") == 0)
      f->pc_type = SFR_PCTYPE_MASK;
    else
      bad = 1;
  } else if (strcmp(t, "rep") == 0) {
    f->set |= FF_REP;
    bad = parse_u8(v, &f->rep_size);
  } else if (strcmp(t, "type") == 0) {
    f->set |= FF_TYPE;
    if (strcmp(v, "default") == 0)
      f->fde_type = SFR_FDE_TYPE_DEFAULT;
    else if (strcmp(v, "flex") == 0)
      f->fde_type = SFR_FDE_TYPE_FLEX;
    else
      bad = 1;
  } else if (strcmp(t, "key") == 0) {
    f->set |= FF_KEY;
    if (strcmp(v, "A") == 0)
      f->pauth_key = 0;
    else if (strcmp(v, "B") == 0)
      f->pauth_key = 1;
    else
      bad = 1;
  } else if (strcmp(t, "signal") == 0) {
    f->set |= FF_SIGNAL;
    bad = parse_u8(v, &f->signal) || f->signal > 1;
  } else if (strcmp(t, "fretype") == 0) {
    f->set |= FF_FRETYPE;
    if (strcmp(v, "auto") == 0)
      f->fre_type = SFE_AUTO;
    else if (strcmp(v, "addr1") == 0)
      f->fre_type = SFR_FRE_TYPE_ADDR1;
    else if (strcmp(v, "addr2") == 0)
      f->fre_type = SFR_FRE_TYPE_ADDR2;
    else if (strcmp(v, "addr4") == 0)
      f->fre_type = SFR_FRE_TYPE_ADDR4;
    else
      bad = 1;
  } else if (strcmp(t, "wsize") == 0) {
    f->set |= FF_WSIZE;
    if (strcmp(v, "auto") == 0)
      f->word_size = SFE_AUTO;
    else if (parse_u8(v, &f->word_size) != 0 ||
             (f->word_size != 1 && f->word_size != 2 && f->word_size != 4))
      bad = 1;
  } else if (strcmp(t, "repeat") == 0) {
    f->set |= FF_REPEAT;
    bad = parse_u32(v, &f->repeat) || f->repeat == 0;
  } else if (strcmp(t, "stride") == 0) {
    f->set |= FF_STRIDE;
    bad = !sfc_parse_u64(v, &f->stride);
  } else if (strcmp(t, "rows") == 0) {
    if (strcmp(v, "none") != 0)
      bad = 1;
    f->set |= FF_CLEAR;
  } else {
    return -1;
  }
  return bad;
}

static int parse_funcspec(pstate *p, char **tok, int n, cat_funcspec *f) {
  memset(f, 0, sizeof *f);
  f->fre_type = SFE_AUTO;
  f->word_size = SFE_AUTO;
  for (int i = 0; i < n; i++) {
    char *t = tok[i], *v = strchr(t, '=');
    if (strcmp(t, "signal") == 0) {
      f->set |= FF_SIGNAL;
      f->signal = 1;
      continue;
    }
    if (!v) {
      cat_perr(p, "func: expected key=value, got '%s'", t);
      return -1;
    }
    *v++ = 0;
    int rc = func_key(f, t, v);
    if (rc < 0) {
      cat_perr(p, "func: unknown key '%s' (start, size, pc, rep, type, key, signal, fretype, "
                  "wsize, repeat, stride, rows)", t);
      return -1;
    }
    if (rc) {
      cat_perr(p, "func: bad value '%s' for %s", v, t);
      return -1;
    }
  }
  if ((f->set & FF_REPEAT) && !(f->set & FF_STRIDE)) {
    cat_perr(p, "func: repeat= needs stride=");
    return -1;
  }
  return 0;
}

static int flag_bit(const char *s, uint8_t *bit) {
  if (strcmp(s, "sorted") == 0)
    *bit = SFR_F_FDE_SORTED;
  else if (strcmp(s, "fp") == 0 || strcmp(s, "frame-pointer") == 0)
    *bit = SFR_F_FRAME_POINTER;
  else if (strcmp(s, "pcrel") == 0)
    *bit = SFR_F_FDE_FUNC_START_PCREL;
  else
    return -1;
  return 0;
}

/* flags=sorted,pcrel | flags=none | flags=0x13 (absolute); flags=+fp,-sorted
 * (relative to the version's default). */
static int parse_flags(pstate *p, char *v, cat_headerspec *h) {
  char *item, *save = NULL;
  int rel = -1;
  uint8_t bit;
  h->flags = h->flags_add = h->flags_del = 0;
  for (item = strtok_r(v, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
    int this_rel = item[0] == '+' || item[0] == '-';
    if (rel >= 0 && rel != this_rel) {
      cat_perr(p, "header: flags= mixes absolute and +/- items");
      return -1;
    }
    rel = this_rel;
    if (this_rel) {
      if (flag_bit(item + 1, &bit) != 0) {
        cat_perr(p, "header: unknown flag '%s' (sorted, fp, pcrel)", item + 1);
        return -1;
      }
      if (item[0] == '+')
        h->flags_add |= bit;
      else
        h->flags_del |= bit;
    } else if (strcmp(item, "none") == 0) {
      /* nothing */
    } else if (flag_bit(item, &bit) == 0) {
      h->flags |= bit;
    } else if (parse_u8(item, &bit) == 0) {
      h->flags |= bit;
    } else {
      cat_perr(p, "header: unknown flag '%s' (sorted, fp, pcrel, none, or a number)", item);
      return -1;
    }
  }
  if (rel < 0) {
    cat_perr(p, "header: empty flags=");
    return -1;
  }
  h->set |= rel ? HF_FLAGS_REL : HF_FLAGS_ABS;
  return 0;
}

static int parse_headerspec(pstate *p, char **tok, int n, cat_headerspec *h) {
  int i;
  memset(h, 0, sizeof *h);
  for (i = 0; i < n; i++) {
    char *t = tok[i], *v = strchr(t, '=');
    int bad = 0;
    if (!v) {
      cat_perr(p, "header: expected key=value, got '%s'", t);
      return -1;
    }
    *v++ = 0;
    if (strcmp(t, "flags") == 0) {
      if (parse_flags(p, v, h) != 0)
        return -1;
    } else if (strcmp(t, "fixed_fp") == 0) {
      h->set |= HF_FIXED_FP;
      bad = parse_i8(v, &h->fixed_fp);
    } else if (strcmp(t, "fixed_ra") == 0) {
      h->set |= HF_FIXED_RA;
      bad = parse_i8(v, &h->fixed_ra);
    } else if (strcmp(t, "auxhdr") == 0) {
      h->set |= HF_AUXHDR;
      bad = parse_u8(v, &h->auxhdr);
    } else if (strcmp(t, "gap") == 0) {
      h->set |= HF_GAP;
      bad = parse_u32(v, &h->gap);
    } else if (strcmp(t, "gap_between") == 0) {
      h->set |= HF_GAP_BETWEEN;
      bad = parse_u32(v, &h->gap_between);
    } else if (strcmp(t, "trailing") == 0) {
      h->set |= HF_TRAILING;
      bad = parse_u32(v, &h->trailing);
    } else if (strcmp(t, "fres_first") == 0) {
      h->set |= HF_FRES_FIRST;
      bad = parse_u8(v, &h->fres_first) || h->fres_first > 1;
    } else {
      cat_perr(p, "header: unknown key '%s' (flags, fixed_fp, fixed_ra, auxhdr, gap, "
                  "gap_between, trailing, fres_first)", t);
      return -1;
    }
    if (bad) {
      cat_perr(p, "header: bad value '%s' for %s", v, t);
      return -1;
    }
  }
  return 0;
}

/* ---- statements ---- */

static cat_mop *new_mop(pstate *p) {
  cat_mop **ops;
  size_t *n, *cap;
  if (p->model) {
    ops = &p->model->ops;
    n = &p->model->nops;
    cap = &p->model->capops;
  } else {
    ops = &p->kase->ops;
    n = &p->kase->nops;
    cap = &p->kase->capops;
  }
  *ops = cat_grow(*ops, cap, *n, sizeof **ops);
  memset(&(*ops)[*n], 0, sizeof **ops);
  (*ops)[*n].line = p->line;
  return &(*ops)[(*n)++];
}

/* Model statements, shared by models and cases (parse.h). */
int cat_model_statement(pstate *p, char **tok, int n) {
  cat_mop *op;
  const char *kw = tok[0];
  if (strcmp(kw, "header") == 0) {
    cat_headerspec h;
    if (parse_headerspec(p, tok + 1, n - 1, &h) == 0) {
      op = new_mop(p);
      op->kind = MO_HEADER;
      op->hdr = h;
    }
    return 1;
  }
  if (strcmp(kw, "vma") == 0) {
    cat_headerspec h;
    memset(&h, 0, sizeof h);
    if (n != 2 || !sfc_parse_u64(tok[1], &h.vma)) {
      cat_perr(p, "vma: expected one address");
      return 1;
    }
    h.set = HF_VMA;
    op = new_mop(p);
    op->kind = MO_HEADER;
    op->hdr = h;
    return 1;
  }
  if (strcmp(kw, "func") == 0) {
    cat_funcspec f;
    if (parse_funcspec(p, tok + 1, n - 1, &f) != 0)
      return 1;
    if ((f.set & (FF_START | FF_SIZE)) != (FF_START | FF_SIZE)) {
      cat_perr(p, "func: a new function needs start= and size= (func[N] edits one)");
      return 1;
    }
    if (f.set & FF_CLEAR) {
      cat_perr(p, "func: rows=none applies to func[N] only");
      return 1;
    }
    op = new_mop(p);
    op->kind = MO_FUNC;
    op->func = f;
    p->have_func = 1;
    return 1;
  }
  if (strncmp(kw, "func[", 5) == 0) {
    char *end;
    long idx = strtol(kw + 5, &end, 10);
    cat_funcspec f;
    if (end == kw + 5 || strcmp(end, "]") != 0) {
      cat_perr(p, "expected func[N], got '%s'", kw);
      return 1;
    }
    if (parse_funcspec(p, tok + 1, n - 1, &f) != 0)
      return 1;
    if (f.set & (FF_REPEAT | FF_STRIDE)) {
      cat_perr(p, "func[N]: repeat= and stride= apply to new functions only");
      return 1;
    }
    op = new_mop(p);
    op->kind = MO_FUNC_EDIT;
    op->index = idx;
    op->func = f;
    p->have_func = 1;
    return 1;
  }
  if (strcmp(kw, "row") == 0) {
    cat_row r;
    if (!p->have_func && !(p->kase && p->kase->base)) {
      cat_perr(p, "row before any func line");
      return 1;
    }
    if (!p->have_func) {
      cat_perr(p, "row: say which function it belongs to first (func ... or func[N])");
      return 1;
    }
    uint32_t repeat, step, k;
    if (parse_row(p, tok + 1, n - 1, &r, &repeat, &step) == 0) {
      if (repeat > 1 && (uint64_t)r.start + (uint64_t)(repeat - 1) * step > UINT32_MAX) {
        cat_perr(p, "row: repeated starts pass 0xffffffff");
        return 1;
      }
      for (k = 0; k < repeat; k++) {
        op = new_mop(p);
        op->kind = MO_ROW;
        op->row = r;
        op->row.start = r.start + k * step;
      }
    }
    return 1;
  }
  return 0;
}

