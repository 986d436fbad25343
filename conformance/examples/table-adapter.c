/* SPDX-License-Identifier: MIT */
/* table-adapter.c - how to wrap a reader that has lookups only and tables
 * of its own (a profiler, an unwinder) for the conformance runner
 * (conformance/PROTOCOL.md).  Nothing here comes from the oracle: "your
 * reader" is played by the code between the READER lines, a small SFrame
 * version 2 reader of the kind profilers carry, which turns a section into
 * its own table of functions and rows and answers a PC from that table.
 * Replace it with yours; keep the adapter half (capabilities, the lookup
 * JSON, main).
 *
 *   cc -Iconformance/include table-adapter.c -o table-adapter
 *   make conformance IMPL=./table-adapter
 *
 * What it shows:
 * - a lookup-only adapter: `commands` lists `lookup` alone, so the runner
 *   judges a section by the lookup's exit status (0 accept, 1 reject) and
 *   by its answers;
 * - `unknown_fields`: the table keeps no FDE or FRE index, so `fde`, `fre`
 *   and `fre_start` are left out and the runner skips them;
 * - the capabilities it truly has (version 2, little-endian AMD64 and
 *   AArch64): every other case is `unsupported`, not a failure;
 * - amd64's RA at the header's fixed offset printed as `at-cfa` (the
 *   runner takes it for the oracle's `fixed` with the same offset). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- READER: your reader's own table (begin) ---- */
enum { BASE_SP, BASE_FP };
typedef struct row {      /* one SFrame FRE, decoded once */
  uint32_t start;         /* offset in the function (in its block for PCMASK) */
  int outermost;          /* no data words: RA undefined */
  int cfa_base;           /* BASE_SP or BASE_FP */
  int32_t cfa_off, ra_off, fp_off;
  int has_ra, has_fp, mangled;
} row;
typedef struct func {
  uint64_t start;
  uint32_t size, rep;     /* rep: the PCMASK block size; 0 for PCINC */
  size_t first, count;    /* its rows in the table */
} func;
typedef struct table {
  int aarch64;
  int8_t fixed_fp, fixed_ra;
  func *funcs;            /* sorted by start, disjoint, none empty */
  size_t nfuncs;
  row *rows;
  size_t nrows;
} table;

static uint32_t rd(const uint8_t *p, int n) { /* little-endian, n bytes */
  uint32_t v = 0;
  while (n--)
    v = v << 8 | p[n];
  return v;
}
static int32_t rds(const uint8_t *p, int n) { /* signed */
  uint32_t v = rd(p, n);
  return n == 4 ? (int32_t)v : n == 2 ? (int16_t)v : (int8_t)v;
}

/* Builds the table; returns NULL (and says why on err) when the section is
 * one this reader refuses. */
static table *load(const uint8_t *s, size_t len, uint64_t vma, FILE *err) {
  table *t;
  uint32_t nf, nr, fde_off, fre_off, i, hdr;
  const uint8_t *fres;
  size_t fre_len;
  if (len < 28 || rd(s, 2) != 0xdee2 || s[2] != 2)
    return fprintf(err, "not a little-endian SFrame version 2 section\n"), NULL;
  if ((s[4] != 2 && s[4] != 3) || (s[3] & ~7u))
    return fprintf(err, "ABI %u or flags 0x%x not supported\n", s[4], s[3]), NULL;
  hdr = 28u + s[7];
  nf = rd(s + 8, 4), nr = rd(s + 12, 4), fde_off = rd(s + 20, 4), fre_off = rd(s + 24, 4);
  if (hdr > len || fde_off > len - hdr || nf > (len - hdr - fde_off) / 20 ||
      fre_off > len - hdr || rd(s + 16, 4) > len - hdr - fre_off)
    return fprintf(err, "sub-sections out of bounds\n"), NULL;
  fres = s + hdr + fre_off, fre_len = rd(s + 16, 4);
  if (!(t = calloc(1, sizeof *t)) || !(t->funcs = calloc(nf + 1u, sizeof *t->funcs)) ||
      !(t->rows = calloc(nr + 1u, sizeof *t->rows)))
    goto bad;
  t->aarch64 = s[4] == 2, t->fixed_fp = (int8_t)s[5], t->fixed_ra = (int8_t)s[6];
  for (i = 0; i < nf; i++) {
    const uint8_t *d = s + hdr + fde_off + 20u * i;
    func *f = &t->funcs[t->nfuncs++];
    uint32_t off = rd(d + 8, 4), n = rd(d + 12, 4), at, k, last = 0;
    int info = d[16], asz = 1 << (info & 15);
    int64_t rel = (int32_t)rd(d, 4);
    /* PCREL: from the field itself; else from the section's start */
    f->start = vma + (uint64_t)rel + ((s[3] & 4) ? hdr + fde_off + 20u * i : 0);
    f->size = rd(d + 4, 4), f->rep = (info & 16) ? d[17] : 0, f->first = t->nrows;
    if ((info & 15) > 2 || off > fre_len || n > nr - t->nrows ||
        ((info & 16) && !f->rep))
      return fprintf(err, "function %u: bad FDE\n", i), free(t->funcs), free(t->rows), free(t), NULL;
    for (at = off, k = 0; k < n; k++) {
      row *r = &t->rows[t->nrows++];
      int fi, cnt, wsz, w;
      int32_t words[3] = {0, 0, 0};
      if (at + (uint32_t)asz + 1 > fre_len)
        goto bad_fre;
      r->start = rd(fres + at, asz);
      fi = fres[at + (uint32_t)asz], at += (uint32_t)asz + 1;
      cnt = (fi >> 1) & 15, wsz = (fi >> 5) & 3;
      if (wsz == 3 || cnt > 3 || (k && r->start <= last) || r->start > (f->rep && f->rep < f->size ? f->rep : f->size) ||
          at + (uint32_t)(cnt << wsz) > fre_len || (!t->aarch64 && cnt == 3))
        goto bad_fre;
      for (w = 0; w < cnt; w++)
        words[w] = rds(fres + at + (uint32_t)(w << wsz), 1 << wsz);
      at += (uint32_t)(cnt << wsz), last = r->start;
      r->outermost = cnt == 0, r->cfa_base = (fi & 1) ? BASE_SP : BASE_FP;
      r->cfa_off = words[0], r->mangled = fi >> 7;
      if (t->aarch64) /* CFA, RA, FP */
        r->has_ra = cnt > 1, r->ra_off = words[1], r->has_fp = cnt > 2, r->fp_off = words[2];
      else            /* CFA, FP; RA at the header's fixed offset */
        r->has_fp = cnt > 1, r->fp_off = words[1];
      continue;
    bad_fre:
      fprintf(err, "function %u: bad FRE %u\n", i, k);
      free(t->funcs), free(t->rows), free(t);
      return NULL;
    }
    f->count = n;
    if (!f->size) { /* covers no PC: not in the table */
      t->nfuncs--;
      continue;
    }
    if (t->nfuncs > 1 && (f->start < f[-1].start + f[-1].size || f->start + f->size < f->start)) {
      fprintf(err, "function %u overlaps the one before it, or is out of order (this reader "
              "needs them sorted)\n", i);
      free(t->funcs), free(t->rows), free(t);
      return NULL;
    }
  }
  return t;
bad:
  if (t)
    free(t->funcs), free(t->rows);
  free(t);
  fprintf(err, "out of memory\n");
  return NULL;
}

/* The row for pc: NULL with *why "no-fde" or "no-fre". */
static const row *find(const table *t, uint64_t pc, const char **why) {
  size_t lo = 0, hi = t->nfuncs;
  const func *f;
  const row *r = NULL;
  uint64_t off;
  while (lo < hi) { /* the last function starting at or below pc */
    size_t mid = lo + (hi - lo) / 2;
    if (t->funcs[mid].start <= pc)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (!lo || pc - t->funcs[lo - 1].start >= t->funcs[lo - 1].size)
    return *why = "no-fde", NULL;
  f = &t->funcs[lo - 1];
  off = pc - f->start;
  if (f->rep)
    off %= f->rep;
  for (size_t k = f->first; k < f->first + f->count && t->rows[k].start <= off; k++)
    r = &t->rows[k];
  if (!r)
    *why = "no-fre";
  return r;
}
/* ---- READER (end) ---- */

/* ---- the adapter: the table's answers as PROTOCOL.md's lookup JSON ---- */
static const char capabilities[] =
    "{\"name\":\"table-example\",\"version\":\"1\",\"commands\":[\"lookup\"],"
    "\"versions\":[2],\"abis\":[\"amd64\",\"aarch64-le\"],\"endian\":[\"little\"],"
    "\"unknown_fields\":[\"fde\",\"fre\",\"fre_start\"]}";

static void print_saved(FILE *out, const char *name, int has, int32_t off) {
  fprintf(out, ",\"%s\":{\"rule\":\"%s\",\"reg\":0,\"offset\":%" PRId32 "}", name,
          has ? "at-cfa" : "unchanged", has ? off : 0);
}

static void print_row(FILE *out, const table *t, const row *r) {
  int sp = t->aarch64 ? 31 : 7, fp = t->aarch64 ? 29 : 6;
  if (r->outermost) {
    fprintf(out, ",\"rules\":{\"cfa\":null,\"ra\":{\"rule\":\"undefined\",\"reg\":0,\"offset\":0}");
    print_saved(out, "fp", 0, 0);
  } else {
    fprintf(out, ",\"rules\":{\"cfa\":{\"base\":\"%s\",\"reg\":%d,\"offset\":%" PRId32
                 ",\"deref\":false}", r->cfa_base == BASE_SP ? "sp" : "fp",
            r->cfa_base == BASE_SP ? sp : fp, r->cfa_off);
    if (t->aarch64)
      print_saved(out, "ra", r->has_ra, r->ra_off);
    else
      print_saved(out, "ra", 1, t->fixed_ra);
    if (r->has_fp)
      print_saved(out, "fp", 1, r->fp_off);
    else
      print_saved(out, "fp", t->fixed_fp != 0, t->fixed_fp);
  }
  fprintf(out, ",\"ra_mangled\":%s}", r->mangled ? "true" : "false");
}

int main(int argc, char **argv) {
  FILE *f;
  uint8_t *buf = NULL;
  long n;
  table *t;
  if (argc == 2 && !strcmp(argv[1], "capabilities"))
    return puts(capabilities) < 0 ? 2 : 0;
  if (argc < 4 || strcmp(argv[1], "lookup") || !(f = fopen(argv[2], "rb")))
    return fprintf(stderr, "usage: table-adapter capabilities | lookup SECTION VMA PC...\n"), 2;
  if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
      !(buf = malloc((size_t)n + 1)) || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    fclose(f), free(buf);
    return fprintf(stderr, "cannot read %s\n", argv[2]), 2;
  }
  fclose(f);
  if (!(t = load(buf, (size_t)n, strtoull(argv[3], NULL, 0), stderr)))
    return free(buf), 1; /* reject */
  putchar('[');
  for (int i = 4; i < argc; i++)
    for (int m = 0; m < 2; m++) { /* ip: the PC itself; ra: a return address, PC - 1 */
      uint64_t pc = strtoull(argv[i], NULL, 0);
      const char *why = "found";
      const row *r = find(t, m ? pc - 1 : pc, &why);
      printf("%s{\"pc\":\"0x%" PRIx64 "\",\"mode\":\"%s\",\"status\":\"%s\"", i > 4 || m ? "," : "",
             pc, m ? "ra" : "ip", why);
      if (r)
        print_row(stdout, t, r);
      putchar('}');
    }
  puts("]");
  free(t->funcs), free(t->rows), free(t), free(buf);
  return 0;
}
