/* parse.c - read corpus/cases/NAME.cases (format: corpus/CASES.md).
 *
 * A file is a sequence of entries, each starting with a `model NAME` or a
 * `case ID` line; the lines up to the next entry belong to it.  One
 * statement per line; `#` at the start of a line or after a blank starts a
 * comment.  Every error names file:line. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"

#define MAX_TOKENS 64

typedef struct pstate {
  cat_catalogue *cat;
  const char *file;
  int line;
  cat_model *model; /* current entry: a model ... */
  cat_case *kase;   /* ... or a case */
  int have_func;    /* a func line seen in the current entry (rows attach) */
  int errors;
} pstate;

static void perr(pstate *p, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%d: error: ", p->file, p->line);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  p->errors++;
}

static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (!d) {
    fprintf(stderr, "sfcorpus: out of memory\n");
    exit(2);
  }
  memcpy(d, s, n);
  return d;
}

static void *grow(void *p, size_t *cap, size_t n, size_t elem) {
  if (n < *cap)
    return p;
  *cap = *cap ? *cap * 2 : 8;
  p = realloc(p, *cap * elem);
  if (!p) {
    fprintf(stderr, "sfcorpus: out of memory\n");
    exit(2);
  }
  return p;
}

/* ---- numbers ---- */

int cat_parse_uint(const char *s, uint64_t *v) {
  char *end;
  unsigned long long x;
  if (!s || !*s || *s == '-' || *s == '+' || isspace((unsigned char)*s))
    return -1;
  errno = 0;
  x = strtoull(s, &end, 0);
  if (errno || *end)
    return -1;
  *v = (uint64_t)x;
  return 0;
}

/* Signed: [+-]NUMBER, the magnitude decimal or 0x hex, up to 2^63. */
int cat_parse_int(const char *s, int64_t *v) {
  int neg = 0;
  uint64_t mag;
  if (!s)
    return -1;
  if (*s == '-' || *s == '+') {
    neg = *s == '-';
    s++;
  }
  if (cat_parse_uint(s, &mag) != 0)
    return -1;
  if (neg) {
    if (mag > (uint64_t)INT64_MAX + 1)
      return -1;
    *v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
  } else {
    if (mag > (uint64_t)INT64_MAX)
      return -1;
    *v = (int64_t)mag;
  }
  return 0;
}

static int parse_u32(const char *s, uint32_t *v) {
  uint64_t x;
  if (cat_parse_uint(s, &x) != 0 || x > UINT32_MAX)
    return -1;
  *v = (uint32_t)x;
  return 0;
}

static int parse_u8(const char *s, uint8_t *v) {
  uint64_t x;
  if (cat_parse_uint(s, &x) != 0 || x > 0xff)
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

/* ---- axes ---- */

static const char *abi_names[CAT_NABI] = {"amd64", "aarch64-le", "aarch64-be", "s390x"};
static const char *abi_shorts[CAT_NABI] = {"amd64", "aarch64le", "aarch64be", "s390x"};
static const char *class_names[] = {"valid", "malformed", "invalid", "questionable", "impl"};

const char *cat_abi_name(int abi) { return abi_names[abi]; }
const char *cat_abi_short(int abi) { return abi_shorts[abi]; }
uint8_t cat_abi_id(int abi) {
  static const uint8_t ids[CAT_NABI] = {SFR_ABI_AMD64_LE, SFR_ABI_AARCH64_LE, SFR_ABI_AARCH64_BE,
                                        SFR_ABI_S390X_BE};
  return ids[abi];
}
int cat_abi_big_endian(int abi) { return abi == CAT_ABI_AARCH64_BE || abi == CAT_ABI_S390X; }
const char *cat_class_name(int cls) { return class_names[cls]; }

static int parse_abis(pstate *p, char **tok, int n, unsigned *mask) {
  int i, a;
  *mask = 0;
  for (i = 0; i < n; i++) {
    if (strcmp(tok[i], "all") == 0) {
      *mask |= CAT_ABI_ALL;
      continue;
    }
    if (strcmp(tok[i], "aarch64") == 0) {
      *mask |= 1u << CAT_ABI_AARCH64_LE | 1u << CAT_ABI_AARCH64_BE;
      continue;
    }
    for (a = 0; a < CAT_NABI; a++)
      if (strcmp(tok[i], abi_names[a]) == 0 || strcmp(tok[i], abi_shorts[a]) == 0)
        break;
    if (a == CAT_NABI) {
      perr(p, "unknown ABI '%s' (amd64, aarch64-le, aarch64-be, aarch64, s390x, all)", tok[i]);
      return -1;
    }
    *mask |= 1u << a;
  }
  if (!*mask) {
    perr(p, "no ABI given");
    return -1;
  }
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
    perr(p, "row: expected a start offset (0 to 0xffffffff), got '%s'", n ? tok[0] : "");
    return -1;
  }
  for (i = 1; i < n; i++) {
    const char *t = tok[i];
    if (strncmp(t, "cfa=", 4) == 0) {
      if (parse_cfa(t + 4, &row->cfa) != 0) {
        perr(p, "row: bad CFA rule '%s' (sp+N, fp-N, rK+N, *(rK+N))", t);
        return -1;
      }
    } else if (strncmp(t, "ra=", 3) == 0) {
      if (parse_rule(t + 3, &row->ra) != 0) {
        perr(p, "row: bad RA rule '%s'", t);
        return -1;
      }
    } else if (strncmp(t, "fp=", 3) == 0) {
      if (parse_rule(t + 3, &row->fp) != 0) {
        perr(p, "row: bad FP rule '%s'", t);
        return -1;
      }
      if (row->fp.kind == RK_UNDEFINED) {
        perr(p, "row: fp=undefined: only the RA can be undefined");
        return -1;
      }
    } else if (strncmp(t, "extra=", 6) == 0) {
      char buf[128], *item, *save = NULL;
      snprintf(buf, sizeof buf, "%s", t + 6);
      for (item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        int64_t x;
        if (row->nextra == 4 || cat_parse_int(item, &x) != 0 || x < INT32_MIN || x > INT32_MAX) {
          perr(p, "row: extra= takes 1 to 4 signed 32-bit words, got '%s'", t + 6);
          return -1;
        }
        row->extra[row->nextra++] = (int32_t)x;
      }
      if (!row->nextra) {
        perr(p, "row: extra= needs a word");
        return -1;
      }
    } else if (strncmp(t, "repeat=", 7) == 0) {
      if (parse_u32(t + 7, repeat) != 0 || *repeat == 0 || *repeat > 70000) {
        perr(p, "row: repeat= takes 1 to 70000");
        return -1;
      }
    } else if (strncmp(t, "step=", 5) == 0) {
      if (parse_u32(t + 5, step) != 0) {
        perr(p, "row: bad step=");
        return -1;
      }
    } else if (strcmp(t, "mangled") == 0) {
      row->mangled = 1;
    } else if (strcmp(t, "outermost") == 0) {
      row->ra.kind = RK_UNDEFINED;
    } else {
      perr(p, "row: unknown item '%s' (cfa=, ra=, fp=, extra=, mangled, outermost, repeat=, step=)", t);
      return -1;
    }
  }
  if (row->ra.kind == RK_UNDEFINED) {
    if (row->cfa.present || row->fp.kind != RK_DEFAULT) {
      perr(p, "row: an outermost row (ra=undefined) has no CFA or FP rule");
      return -1;
    }
    row->outermost = 1;
  } else if (!row->cfa.present) {
    perr(p, "row: no cfa= rule (write ra=undefined for an outermost row)");
    return -1;
  }
  return 0;
}

/* ---- func and header lines ---- */

static int parse_funcspec(pstate *p, char **tok, int n, cat_funcspec *f) {
  int i;
  memset(f, 0, sizeof *f);
  f->fre_type = SFE_AUTO;
  f->word_size = SFE_AUTO;
  for (i = 0; i < n; i++) {
    char *t = tok[i], *v = strchr(t, '=');
    int bad = 0;
    if (strcmp(t, "signal") == 0) {
      f->set |= FF_SIGNAL;
      f->signal = 1;
      continue;
    }
    if (!v) {
      perr(p, "func: expected key=value, got '%s'", t);
      return -1;
    }
    *v++ = 0;
    if (strcmp(t, "start") == 0) {
      f->set |= FF_START;
      if (strncmp(v, "raw:", 4) == 0) {
        f->start_raw = 1;
        bad = cat_parse_int(v + 4, &f->raw);
      } else {
        bad = cat_parse_uint(v, &f->start);
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
      bad = cat_parse_uint(v, &f->stride);
    } else if (strcmp(t, "rows") == 0) {
      if (strcmp(v, "none") != 0)
        bad = 1;
      f->set |= FF_CLEAR;
    } else {
      perr(p, "func: unknown key '%s' (start, size, pc, rep, type, key, signal, fretype, "
              "wsize, repeat, stride, rows)", t);
      return -1;
    }
    if (bad) {
      perr(p, "func: bad value '%s' for %s", v, t);
      return -1;
    }
  }
  if ((f->set & FF_REPEAT) && !(f->set & FF_STRIDE)) {
    perr(p, "func: repeat= needs stride=");
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
      perr(p, "header: flags= mixes absolute and +/- items");
      return -1;
    }
    rel = this_rel;
    if (this_rel) {
      if (flag_bit(item + 1, &bit) != 0) {
        perr(p, "header: unknown flag '%s' (sorted, fp, pcrel)", item + 1);
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
      perr(p, "header: unknown flag '%s' (sorted, fp, pcrel, none, or a number)", item);
      return -1;
    }
  }
  if (rel < 0) {
    perr(p, "header: empty flags=");
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
      perr(p, "header: expected key=value, got '%s'", t);
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
      perr(p, "header: unknown key '%s' (flags, fixed_fp, fixed_ra, auxhdr, gap, "
              "gap_between, trailing, fres_first)", t);
      return -1;
    }
    if (bad) {
      perr(p, "header: bad value '%s' for %s", v, t);
      return -1;
    }
  }
  return 0;
}

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
      if (cat_parse_uint(star + 1, &rep) != 0 || rep == 0 || rep > (1u << 24)) {
        perr(p, "bad repeat count '*%s'", star + 1);
        free(b);
        return -1;
      }
    }
    v = strtoul(tok[i], &end, 16);
    if (strlen(tok[i]) != 2 || *end || v > 0xff) {
      perr(p, "expected a hex byte (two digits), got '%s'", tok[i]);
      free(b);
      return -1;
    }
    for (k = 0; k < rep; k++) {
      b = grow(b, &cap, len, 1);
      b[len++] = (uint8_t)v;
    }
  }
  if (!len) {
    perr(p, "no bytes given");
    return -1;
  }
  *out = b;
  *nout = len;
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
  *ops = grow(*ops, cap, *n, sizeof **ops);
  memset(&(*ops)[*n], 0, sizeof **ops);
  (*ops)[*n].line = p->line;
  return &(*ops)[(*n)++];
}

/* Model statements, shared by models and cases.  Returns 1 if handled. */
static int model_statement(pstate *p, char **tok, int n) {
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
    if (n != 2 || cat_parse_uint(tok[1], &h.vma) != 0) {
      perr(p, "vma: expected one address");
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
      perr(p, "func: a new function needs start= and size= (func[N] edits one)");
      return 1;
    }
    if (f.set & FF_CLEAR) {
      perr(p, "func: rows=none applies to func[N] only");
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
      perr(p, "expected func[N], got '%s'", kw);
      return 1;
    }
    if (parse_funcspec(p, tok + 1, n - 1, &f) != 0)
      return 1;
    if (f.set & (FF_REPEAT | FF_STRIDE)) {
      perr(p, "func[N]: repeat= and stride= apply to new functions only");
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
      perr(p, "row before any func line");
      return 1;
    }
    if (!p->have_func) {
      perr(p, "row: say which function it belongs to first (func ... or func[N])");
      return 1;
    }
    uint32_t repeat, step, k;
    if (parse_row(p, tok + 1, n - 1, &r, &repeat, &step) == 0) {
      if (repeat > 1 && (uint64_t)r.start + (uint64_t)(repeat - 1) * step > UINT32_MAX) {
        perr(p, "row: repeated starts pass 0xffffffff");
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

static cat_override *new_ov(pstate *p, int kind) {
  cat_case *c = p->kase;
  c->ovs = grow(c->ovs, &c->capovs, c->novs, sizeof *c->ovs);
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
  s = malloc(len);
  if (!s) {
    fprintf(stderr, "sfcorpus: out of memory\n");
    exit(2);
  }
  s[0] = 0;
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
      perr(p, "set: expected 'set FIELD OP VALUE'");
      return 1;
    }
    for (k = 0; k < 6; k++)
      if (strcmp(tok[2], ops[k]) == 0)
        break;
    if (k == 6) {
      perr(p, "set: unknown operator '%s' (=, +=, -=, |=, &=, ^=)", tok[2]);
      return 1;
    }
    ov = new_ov(p, OV_SET);
    ov->target = xstrdup(tok[1]);
    ov->op = k;
    ov->expr = join(tok, 3, n);
    return 1;
  }
  if (strcmp(kw, "insert") == 0 || strcmp(kw, "delete") == 0) {
    int ins = kw[0] == 'i';
    if (n < 4 || strcmp(tok[1], "at") != 0) {
      perr(p, ins ? "insert: expected 'insert at LOCATION BYTES...'"
                  : "delete: expected 'delete at LOCATION COUNT'");
      return 1;
    }
    ov = new_ov(p, ins ? OV_INSERT : OV_DELETE);
    ov->target = xstrdup(tok[2]);
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
        perr(p, "truncate: expected -N or 'at LOCATION'");
        return 1;
      }
      ov = new_ov(p, OV_TRUNCATE);
      ov->drop = (long)-d;
      return 1;
    }
    perr(p, cut ? "cut: expected 'cut at LOCATION'" : "truncate: expected -N or 'at LOCATION'");
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

static int valid_id(const char *s) {
  if (!*s || *s == '-')
    return 0;
  for (; *s; s++)
    if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-'))
      return 0;
  return 1;
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

static void finish_entry(pstate *p) {
  cat_case *c = p->kase;
  if (c) {
    int save = p->line;
    p->line = c->line;
    if (!c->title)
      perr(p, "case %s: no title line", c->id);
    if (!c->clause)
      perr(p, "case %s: no clause line", c->id);
    if (c->cls < 0)
      perr(p, "case %s: no expect line", c->id);
    if (!c->base && c->nops == 0 && c->novs == 0)
      perr(p, "case %s: no model (base, func, header) and no override", c->id);
    p->line = save;
  }
  p->model = NULL;
  p->kase = NULL;
  p->have_func = 0;
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
  u.sp = 0x7fff0000;
  for (i = 1; i < n && strcmp(tok[i], "chain") != 0; i++) {
    char *v = strchr(tok[i], '=');
    uint64_t x = 0;
    if (strcmp(tok[i], "no-regs") == 0) {
      u.omit_regs = 1;
      continue;
    }
    if (!v) {
      perr(p, "unwind: expected KEY=VALUE or chain, not '%s'", tok[i]);
      goto bad;
    }
    *v++ = 0;
    if (strcmp(tok[i], "beyond") == 0) {
      free(u.beyond);
      u.beyond = xstrdup(v);
      continue;
    }
    if (strcmp(tok[i], "stop") == 0) {
      for (k = 0; k < (int)(sizeof stops / sizeof *stops) && strcmp(v, stops[k]); k++)
        ;
      if (k == (int)(sizeof stops / sizeof *stops)) {
        perr(p, "unwind: unknown stop reason '%s' (decoder/SNAPSHOT.md)", v);
        goto bad;
      }
      u.stop = stops[k];
      continue;
    }
    if (cat_parse_uint(v, &x) != 0) {
      perr(p, "unwind: bad number '%s'", v);
      goto bad;
    }
    if (strcmp(tok[i], "sp") == 0)
      u.sp = x;
    else if (strcmp(tok[i], "fp") == 0)
      u.fp = x, u.have_fp = 1;
    else if (strcmp(tok[i], "pauth-mask") == 0)
      u.pauth_mask = x;
    else if (strcmp(tok[i], "max-frames") == 0 && x >= 1 && x <= 4096)
      u.max_frames = (unsigned)x;
    else {
      perr(p, "unwind: unknown key or bad value '%s=%s'", tok[i], v);
      goto bad;
    }
  }
  if (!u.stop || i + 1 >= n) {
    perr(p, "unwind: needs stop=REASON and chain PC...");
    goto bad;
  }
  u.chain = calloc((size_t)(n - i), sizeof *u.chain);
  if (!u.chain) {
    fprintf(stderr, "sfcorpus: out of memory\n");
    exit(2);
  }
  for (i++; i < n; i++)
    u.chain[u.nchain++] = xstrdup(tok[i]);
  cap = c->nunwinds;
  c->unwinds = realloc(c->unwinds, (cap + 1) * sizeof *c->unwinds);
  if (!c->unwinds) {
    fprintf(stderr, "sfcorpus: out of memory\n");
    exit(2);
  }
  c->unwinds[c->nunwinds++] = u;
  return;
bad:
  free(u.beyond);
}

static void case_statement(pstate *p, char **tok, int n, const char *rest) {
  cat_case *c = p->kase;
  const char *kw = tok[0];
  int i;
  if (strcmp(kw, "title") == 0) {
    if (!*rest)
      perr(p, "title: empty");
    else if (c->title)
      perr(p, "title: given twice");
    else
      c->title = xstrdup(rest);
  } else if (strcmp(kw, "clause") == 0) {
    if (!*rest)
      perr(p, "clause: empty");
    else if (c->clause)
      perr(p, "clause: given twice");
    else if (!valid_clause(rest))
      perr(p, "clause: '%s' is neither a section of sframe-spec-v3.txt (2.4.1, A) nor v2:NODE",
           rest);
    else
      c->clause = xstrdup(rest);
  } else if (strcmp(kw, "expect") == 0) {
    int k;
    if (n < 2 || n > 3) {
      perr(p, "expect: expected 'expect CLASS [FINDING]'");
      return;
    }
    for (k = 0; k <= CAT_IMPL; k++)
      if (strcmp(tok[1], class_names[k]) == 0)
        break;
    if (k > CAT_IMPL) {
      perr(p, "expect: unknown class '%s' (valid, malformed, invalid, questionable, impl)",
           tok[1]);
      return;
    }
    if ((k == CAT_VALID || k == CAT_IMPL) && n == 3) {
      perr(p, "expect: class %s takes no finding", tok[1]);
      return;
    }
    if (k != CAT_VALID && k != CAT_IMPL && n != 3) {
      perr(p, "expect: class %s needs a finding identifier", tok[1]);
      return;
    }
    {
      sfr_status st = n == 3 ? sfr_finding_by_name(tok[2]) : SFR_OK;
      if (n == 3 && st == SFR_OK) {
        perr(p, "expect: unknown finding '%s' (see sfref findings)", tok[2]);
        return;
      }
      if (n == 3 && strcmp(sfr_class_name(sfr_finding_class(st)), tok[1]) != 0) {
        perr(p, "expect: %s is a %s finding, not %s", tok[2],
             sfr_class_name(sfr_finding_class(st)), tok[1]);
        return;
      }
    }
    c->cls = k;
    free(c->finding);
    c->finding = n == 3 ? xstrdup(tok[2]) : NULL;
  } else if (strcmp(kw, "versions") == 0) {
    c->versions = 0;
    for (i = 1; i < n; i++) {
      if (strcmp(tok[i], "1") && strcmp(tok[i], "2") && strcmp(tok[i], "3")) {
        perr(p, "versions: unknown version '%s' (1, 2, 3)", tok[i]);
        return;
      }
      c->versions |= 1u << (tok[i][0] - '0');
    }
    if (!c->versions)
      perr(p, "versions: none given");
  } else if (strcmp(kw, "abis") == 0) {
    parse_abis(p, tok + 1, n - 1, &c->abis);
  } else if (strcmp(kw, "endian") == 0) {
    if (n == 2 && strcmp(tok[1], "native") == 0)
      c->endian = CAT_ENDIAN_NATIVE;
    else if (n == 2 && strcmp(tok[1], "swapped") == 0)
      c->endian = CAT_ENDIAN_SWAPPED;
    else if (n == 2 && strcmp(tok[1], "both") == 0)
      c->endian = CAT_ENDIAN_BOTH;
    else
      perr(p, "endian: expected native, swapped or both");
  } else if (strcmp(kw, "with") == 0) {
    if (n == 2 && strcmp(tok[1], "v1-s390x") == 0)
      c->v1_s390x = 1;
    else
      perr(p, "with: expected 'with v1-s390x'");
  } else if (strcmp(kw, "base") == 0) {
    if (n != 2)
      perr(p, "base: expected one model name");
    else if (c->base)
      perr(p, "base: given twice");
    else
      c->base = xstrdup(tok[1]);
  } else if (strcmp(kw, "pcs") == 0) {
    if (n == 2 && strcmp(tok[1], "auto") == 0) {
      c->pcs_mode = PCS_AUTO;
    } else if (n == 2 && strcmp(tok[1], "none") == 0) {
      c->pcs_mode = PCS_NONE;
    } else if (n == 2 && strcmp(tok[1], "few") == 0) {
      c->pcs_mode = PCS_FEW;
    } else if (n >= 2) {
      free(c->pcs);
      c->pcs = calloc((size_t)n, sizeof *c->pcs);
      c->npcs = 0;
      c->pcs_mode = PCS_LIST;
      for (i = 1; i < n; i++)
        if (cat_parse_uint(tok[i], &c->pcs[c->npcs++]) != 0) {
          perr(p, "pcs: bad address '%s'", tok[i]);
          return;
        }
    } else {
      perr(p, "pcs: expected auto, none, few or addresses");
    }
  } else if (strcmp(kw, "unwind") == 0) {
    unwind_statement(p, c, tok, n);
  } else if (!model_statement(p, tok, n) && !override_statement(p, tok, n)) {
    perr(p, "unknown statement '%s' in case %s", kw, c->id);
  }
}

static void parse_line(pstate *p, char *line) {
  char *tok[MAX_TOKENS], *s, *rest;
  int n = 0;
  size_t len;

  /* Strip a comment: '#' at the start or after a blank. */
  for (s = line; *s; s++)
    if (*s == '#' && (s == line || isspace((unsigned char)s[-1]))) {
      *s = 0;
      break;
    }
  len = strlen(line);
  while (len && isspace((unsigned char)line[len - 1]))
    line[--len] = 0;
  s = line;
  while (isspace((unsigned char)*s))
    s++;
  if (!*s)
    return;
  /* The rest of the line after the keyword, for title / clause. */
  rest = s;
  while (*rest && !isspace((unsigned char)*rest))
    rest++;
  while (isspace((unsigned char)*rest))
    rest++;
  {
    char *restcopy = xstrdup(rest);
    char *save = NULL, *t;
    for (t = strtok_r(s, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
      if (n == MAX_TOKENS) {
        perr(p, "too many items on one line");
        free(restcopy);
        return;
      }
      tok[n++] = t;
    }
    if (n == 0) {
      free(restcopy);
      return;
    }
    if (strcmp(tok[0], "model") == 0) {
      cat_catalogue *cat = p->cat;
      cat_model *m;
      finish_entry(p);
      if (n < 2 || n > 3 || !valid_id(tok[1])) {
        perr(p, "model: expected 'model NAME [abis=LIST]' (NAME: a-z, 0-9, -)");
        free(restcopy);
        return;
      }
      cat->models = grow(cat->models, &cat->capmodels, cat->nmodels, sizeof *cat->models);
      m = &cat->models[cat->nmodels++];
      memset(m, 0, sizeof *m);
      m->name = xstrdup(tok[1]);
      m->file = p->file;
      m->line = p->line;
      m->abis = CAT_ABI_ALL;
      if (n == 3) {
        char *list[8], *save2 = NULL, *a;
        int k = 0;
        if (strncmp(tok[2], "abis=", 5) != 0) {
          perr(p, "model: expected abis=LIST after the name");
        } else {
          for (a = strtok_r(tok[2] + 5, ",", &save2); a && k < 8; a = strtok_r(NULL, ",", &save2))
            list[k++] = a;
          parse_abis(p, list, k, &m->abis);
        }
      }
      p->model = m;
    } else if (strcmp(tok[0], "case") == 0) {
      cat_catalogue *cat = p->cat;
      cat_case *c;
      finish_entry(p);
      if (n != 2 || !valid_id(tok[1])) {
        perr(p, "case: expected 'case ID' (ID: a-z, 0-9, -)");
        free(restcopy);
        return;
      }
      cat->cases = grow(cat->cases, &cat->capcases, cat->ncases, sizeof *cat->cases);
      c = &cat->cases[cat->ncases++];
      memset(c, 0, sizeof *c);
      c->id = xstrdup(tok[1]);
      c->file = p->file;
      c->line = p->line;
      c->cls = -1;
      c->versions = CAT_VER_ALL;
      c->abis = CAT_ABI_ALL;
      c->endian = CAT_ENDIAN_NATIVE;
      c->pcs_mode = PCS_AUTO;
      p->kase = c;
    } else if (p->kase) {
      case_statement(p, tok, n, restcopy);
    } else if (p->model) {
      if (!model_statement(p, tok, n))
        perr(p, "unknown statement '%s' in model %s (header, vma, func, func[N], row)", tok[0],
             p->model->name);
    } else {
      perr(p, "'%s' outside of any model or case entry", tok[0]);
    }
    free(restcopy);
  }
}

int cat_load_file(cat_catalogue *cat, const char *path) {
  FILE *f = fopen(path, "r");
  pstate p;
  char *line = NULL;
  size_t cap = 0;
  char *name;
  memset(&p, 0, sizeof p);
  if (!f) {
    fprintf(stderr, "%s: error: cannot open: %s\n", path, strerror(errno));
    return -1;
  }
  name = xstrdup(path);
  cat->files = realloc(cat->files, (cat->nfiles + 1) * sizeof *cat->files);
  if (!cat->files) {
    fprintf(stderr, "sfcorpus: out of memory\n");
    exit(2);
  }
  cat->files[cat->nfiles++] = name;
  p.cat = cat;
  p.file = name;
  while (getline(&line, &cap, f) >= 0) {
    p.line++;
    parse_line(&p, line);
  }
  p.line++;
  finish_entry(&p);
  free(line);
  fclose(f);
  return p.errors ? -1 : 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int cat_load_dir(cat_catalogue *cat, const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char **names = NULL;
  size_t n = 0, cap = 0, i;
  int rc = 0;
  if (!d) {
    fprintf(stderr, "%s: error: cannot open directory: %s\n", dir, strerror(errno));
    return -1;
  }
  while ((e = readdir(d)) != NULL) {
    size_t len = strlen(e->d_name);
    if (len > 6 && strcmp(e->d_name + len - 6, ".cases") == 0 && e->d_name[0] != '.') {
      char *full = malloc(strlen(dir) + len + 2);
      if (!full) {
        fprintf(stderr, "sfcorpus: out of memory\n");
        exit(2);
      }
      sprintf(full, "%s/%s", dir, e->d_name);
      names = grow(names, &cap, n, sizeof *names);
      names[n++] = full;
    }
  }
  closedir(d);
  qsort(names, n, sizeof *names, cmp_str);
  for (i = 0; i < n; i++) {
    if (cat_load_file(cat, names[i]) != 0)
      rc = -1;
    free(names[i]);
  }
  free(names);
  if (n == 0) {
    fprintf(stderr, "%s: error: no .cases files\n", dir);
    rc = -1;
  }
  return rc;
}

const cat_model *cat_find_model(const cat_catalogue *cat, const char *name, int abi) {
  size_t i;
  const cat_model *any = NULL;
  for (i = 0; i < cat->nmodels; i++) {
    const cat_model *m = &cat->models[i];
    if (strcmp(m->name, name) != 0)
      continue;
    if (m->abis == CAT_ABI_ALL) {
      if (!any)
        any = m;
    } else if (m->abis & (1u << abi)) {
      return m;
    }
  }
  return any;
}

int cat_check(const cat_catalogue *cat) {
  size_t i, j;
  int errors = 0;
  for (i = 0; i < cat->ncases; i++) {
    const cat_case *c = &cat->cases[i];
    for (j = 0; j < i; j++)
      if (strcmp(cat->cases[j].id, c->id) == 0) {
        fprintf(stderr, "%s:%d: error: case %s already defined at %s:%d\n", c->file, c->line,
                c->id, cat->cases[j].file, cat->cases[j].line);
        errors++;
      }
    if (c->base) {
      int a, found = 0;
      for (a = 0; a < CAT_NABI; a++)
        if (cat_find_model(cat, c->base, a))
          found = 1;
      if (!found) {
        fprintf(stderr, "%s:%d: error: case %s: no model named '%s'\n", c->file, c->line, c->id,
                c->base);
        errors++;
      }
    }
  }
  for (i = 0; i < cat->nmodels; i++)
    for (j = 0; j < i; j++)
      if (strcmp(cat->models[i].name, cat->models[j].name) == 0 &&
          (cat->models[i].abis & cat->models[j].abis)) {
        fprintf(stderr, "%s:%d: error: model %s already defined for these ABIs at %s:%d\n",
                cat->models[i].file, cat->models[i].line, cat->models[i].name,
                cat->models[j].file, cat->models[j].line);
        errors++;
      }
  return errors ? -1 : 0;
}

void cat_free(cat_catalogue *cat) {
  size_t i, k;
  for (i = 0; i < cat->nmodels; i++) {
    free(cat->models[i].name);
    free(cat->models[i].ops);
  }
  for (i = 0; i < cat->ncases; i++) {
    cat_case *c = &cat->cases[i];
    free(c->id);
    free(c->title);
    free(c->clause);
    free(c->finding);
    free(c->base);
    free(c->ops);
    for (k = 0; k < c->novs; k++) {
      free(c->ovs[k].target);
      free(c->ovs[k].expr);
      free(c->ovs[k].bytes);
    }
    free(c->ovs);
    free(c->pcs);
    for (k = 0; k < c->nunwinds; k++) {
      size_t j;
      for (j = 0; j < c->unwinds[k].nchain; j++)
        free(c->unwinds[k].chain[j]);
      free(c->unwinds[k].chain);
      free(c->unwinds[k].beyond);
    }
    free(c->unwinds);
  }
  for (i = 0; i < cat->nfiles; i++)
    free(cat->files[i]);
  free(cat->models);
  free(cat->cases);
  free(cat->files);
  memset(cat, 0, sizeof *cat);
}
