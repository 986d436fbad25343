/* SPDX-License-Identifier: MIT */
/* sfa_text.c - what every text-tool adapter shares beside the tool's
 * own parser (sfa_text.h): the dump model, its JSON printer (decoder/JSON.md),
 * the line lexer and number readers the parsers use, and the messages for a
 * tool's exit.  Built once into $(BUILD)/lib/libsfa_text.a. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sfa_text.h"

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

const char *sfa_die_name = "sfadapter";

void sfa_die_io(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "sfadapter-%s: ", sfa_die_name);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

int sfa_starts_with(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

void sfa_first_line(const char *s, char *out, size_t n) {
  size_t k = strcspn(s, "\n");
  if (k >= n)
    k = n - 1;
  memcpy(out, s, k);
  out[k] = '\0';
}

/* The tool exited with a non-zero status: says so with its first line of
 * standard error (a verdict on the section, reported as a rejection). */
int sfa_exit_failed(const sfa_config *cfg, const proc_result *r) {
  char line[200];
  if (r->code == 0)
    return 0;
  sfa_first_line(r->err, line, sizeof line);
  fprintf(stderr, "%s exited with status %d: %s\n", cfg->kind, r->code,
          line[0] ? line : "(no message)");
  return 1;
}

void sfa_print_keys(const char *const *keys) {
  int i;
  fputc('[', stdout);
  for (i = 0; keys[i]; i++)
    printf("%s\"%s\"", i ? "," : "", keys[i]);
  fputc(']', stdout);
}

/* ------------------------------------------------------------------ */
/* the dump model                                                      */

void sfa_dump_init(sfa_dump *d) {
  memset(d, 0, sizeof *d);
  d->flags_raw = -1;
  d->auxhdr_len = -1;
}

/* The array arr of n elements of size bytes (cap allocated) with room for
 * one more: arr itself, or its new place (cap updated; first elements the
 * first time).  Exits 2 when memory runs out. */
static void *room_for_one(void *arr, size_t n, size_t *cap, size_t size, size_t first) {
  size_t nc;
  void *np;
  if (n < *cap)
    return arr;
  nc = *cap ? *cap * 2 : first;
  np = realloc(arr, nc * size);
  if (!np)
    sfa_die_io("out of memory");
  *cap = nc;
  return np;
}

sfa_fde *sfa_add_fde(sfa_dump *d) {
  sfa_fde *f;
  d->fdes = room_for_one(d->fdes, d->nfdes, &d->cap, sizeof *d->fdes, 16);
  f = memset(&d->fdes[d->nfdes++], 0, sizeof *f);
  f->rep_size = -1;
  f->fde_type_known = f->signal_known = 1;
  return f;
}

sfa_fre *sfa_add_fre(sfa_fde *f) {
  f->fres = room_for_one(f->fres, f->nfres, &f->cap, sizeof *f->fres, 8);
  return memset(&f->fres[f->nfres++], 0, sizeof *f->fres);
}

void sfa_free_dump(sfa_dump *d) {
  size_t i;
  for (i = 0; i < d->nfdes; i++)
    free(d->fdes[i].fres);
  free(d->fdes);
  sfa_dump_init(d);
}

/* ------------------------------------------------------------------ */
/* output                                                              */

static const char *flag_names[3] = {"FDE_SORTED", "FRAME_POINTER", "FDE_FUNC_START_PCREL"};

static void print_str_or_null(FILE *o, const char *key, const char *v) {
  if (v)
    fprintf(o, "\"%s\":\"%s\",", key, v);
  else
    fprintf(o, "\"%s\":null,", key);
}

/* before, then v (null when not known), then after. */
static void put_num(FILE *o, const char *before, int known, int64_t v, const char *after) {
  fputs(before, o);
  if (known)
    fprintf(o, "%" PRId64, v);
  else
    fputs("null", o);
  fputs(after, o);
}

/* "KEY":V, or "KEY":null, when not known. */
static void print_int_or_null(FILE *o, const char *key, int known, int64_t v) {
  fprintf(o, "\"%s\":", key);
  put_num(o, "", known, v, ",");
}

static void print_rule(FILE *o, const sfa_rule *r) {
  fputs("{\"rule\":", o);
  if (r->rule)
    fprintf(o, "\"%s\"", r->rule);
  else
    fputs("null", o);
  put_num(o, ",\"reg\":", r->reg_known, r->reg, "");
  put_num(o, ",\"offset\":", r->off_known, r->offset, "}");
}

static const char *bool3(int v) { return v < 0 ? "null" : v ? "true" : "false"; }

void sfa_print_json(FILE *o, const sfa_dump *d) {
  size_t i, j;
  unsigned b;
  int first = 1;
  fprintf(o, "{\"schema\":\"sframe-conformance/dump/1\",\"version\":%d,", d->version);
  print_str_or_null(o, "endian", d->endian);
  print_str_or_null(o, "abi", d->abi);
  fputs("\"flags\":", o);
  if (d->flags_known) {
    fputc('[', o);
    for (b = 0; b < 3; b++)
      if (d->flags & (1u << b)) {
        fprintf(o, "%s\"%s\"", first ? "" : ",", flag_names[b]);
        first = 0;
      }
    fputc(']', o);
  } else
    fputs("null", o);
  fputc(',', o);
  print_int_or_null(o, "flags_raw", d->flags_raw >= 0, d->flags_raw);
  print_int_or_null(o, "fixed_fp_offset", d->fixed_fp_known, d->fixed_fp);
  print_int_or_null(o, "fixed_ra_offset", d->fixed_ra_known, d->fixed_ra);
  print_int_or_null(o, "auxhdr_len", d->auxhdr_len >= 0, d->auxhdr_len);
  fprintf(o, "\"num_fdes\":%" PRIu32 ",\"num_fres\":%" PRIu32 ",\"functions\":[", d->num_fdes,
          d->num_fres);
  for (i = 0; i < d->nfdes; i++) {
    const sfa_fde *f = &d->fdes[i];
    fprintf(o, "%s{\"index\":%" PRIu32 ",\"start\":\"0x%" PRIx64 "\",\"size\":%" PRIu32
               ",\"pc_type\":\"%s\",",
            i ? "," : "", f->index, f->pc, f->size, f->mask ? "mask" : "inc");
    print_int_or_null(o, "rep_size", f->rep_size >= 0, f->rep_size);
    print_str_or_null(o, "fde_type", f->fde_type_known ? (f->flex ? "flex" : "default") : NULL);
    print_str_or_null(o, "fre_type", f->fre_type);
    print_str_or_null(o, "pauth_key", f->pauth == 'B' ? "B" : f->pauth == 'A' ? "A" : NULL);
    fprintf(o, "\"signal\":%s,\"num_fres\":%zu,\"fres\":[",
            f->signal_known ? (f->signal ? "true" : "false") : "null", f->nfres);
    for (j = 0; j < f->nfres; j++) {
      const sfa_fre *r = &f->fres[j];
      fprintf(o, "%s{\"start\":%" PRIu64 ",\"rules\":", j ? "," : "", r->start);
      if (r->outermost) {
        fprintf(o, "{\"cfa\":null,\"ra\":{\"rule\":\"undefined\",\"reg\":0,\"offset\":0},"
                   "\"fp\":{\"rule\":\"unchanged\",\"reg\":0,\"offset\":0},\"ra_mangled\":%s}}",
                bool3(r->mangled));
        continue;
      }
      if (!r->base) { /* no CFA rule shown (LLVM: a row without data words) */
        fputs("{\"cfa\":null,\"ra\":", o);
        print_rule(o, &r->ra);
        fputs(",\"fp\":", o);
        print_rule(o, &r->fp);
        fprintf(o, ",\"ra_mangled\":%s}}", bool3(r->mangled));
        continue;
      }
      fprintf(o, "{\"cfa\":{\"base\":\"%s\",\"reg\":", r->base);
      put_num(o, "", r->cfa_reg_known, r->cfa_reg, "");
      put_num(o, ",\"offset\":", r->cfa_off_known, r->cfa_offset, "");
      fprintf(o, ",\"deref\":%s},\"ra\":", bool3(r->cfa_deref));
      print_rule(o, &r->ra);
      fputs(",\"fp\":", o);
      print_rule(o, &r->fp);
      fprintf(o, ",\"ra_mangled\":%s}}", bool3(r->mangled));
    }
    fputs("]}", o);
  }
  fputs("]}\n", o);
}

/* ------------------------------------------------------------------ */
/* reading text                                                        */

char *sfa_next_line(sfa_lexer *lx) {
  char *nl;
  if (!lx->p || !*lx->p)
    return NULL;
  lx->line = lx->p;
  nl = strchr(lx->p, '\n');
  if (nl) {
    *nl = '\0';
    lx->p = nl + 1;
  } else {
    lx->p += strlen(lx->p);
  }
  lx->lineno++;
  return lx->line;
}

int sfa_blank(const char *s) {
  while (*s == ' ' || *s == '\t' || *s == '\r')
    s++;
  return *s == '\0';
}

const char *sfa_skip_sp(const char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

int sfa_parse_dec(const char **s, int64_t *v) {
  const char *p = *s;
  int neg = 0, any = 0;
  uint64_t acc = 0;
  if (*p == '+' || *p == '-') {
    neg = *p == '-';
    p++;
  }
  while (*p >= '0' && *p <= '9') {
    if (acc > (UINT64_C(1) << 62))
      return -1;
    acc = acc * 10 + (uint64_t)(*p - '0');
    any = 1;
    p++;
  }
  if (!any || acc > (uint64_t)INT64_MAX)
    return -1;
  *v = neg ? -(int64_t)acc : (int64_t)acc;
  *s = p;
  return 0;
}

int sfa_parse_hex(const char **s, uint64_t *v) {
  const char *p = *s;
  int nd = 0;
  uint64_t acc = 0;
  for (;;) {
    int d;
    if (*p >= '0' && *p <= '9')
      d = *p - '0';
    else if (*p >= 'a' && *p <= 'f')
      d = *p - 'a' + 10;
    else if (*p >= 'A' && *p <= 'F')
      d = *p - 'A' + 10;
    else
      break;
    if (++nd > 16)
      return -1;
    acc = (acc << 4) | (uint64_t)d;
    p++;
  }
  if (!nd)
    return -1;
  *v = acc;
  *s = p;
  return 0;
}

int sfa_expect(const char **s, const char *lit) {
  size_t n = strlen(lit);
  if (strncmp(*s, lit, n))
    return -1;
  *s += n;
  return 0;
}

