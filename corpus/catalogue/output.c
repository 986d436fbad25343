/* SPDX-License-Identifier: MIT */
/* output.c - the files of one concrete section (corpus/FORMAT.md), and
 * corpus/SUMMARY.md from the manifests of the whole corpus. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"

static FILE *open_out(const char *dir, const char *id, const char *ext) {
  char path[4096];
  FILE *f;
  snprintf(path, sizeof path, "%s/%s.%s", dir, id, ext);
  f = fopen(path, "wb");
  if (!f)
    sfc_error("%s: cannot write: %s", path, strerror(errno));
  return f;
}

static int close_out(FILE *f, const char *id, const char *ext) {
  int bad = ferror(f);
  if (fclose(f) != 0 || bad) {
    sfc_error("%s.%s: write error", id, ext);
    return -1;
  }
  return 0;
}

/* NAME.ext holding len bytes: 0, or -1 (said). */
static int write_bytes(const char *outdir, const char *id, const char *ext, const uint8_t *bytes,
                       size_t len) {
  FILE *f = open_out(outdir, id, ext);
  if (!f)
    return -1;
  if (len)
    fwrite(bytes, 1, len, f);
  return close_out(f, id, ext);
}

int cat_write(const cat_concrete *cc, const cat_built *b, const char *outdir) {
  const cat_case *c = cc->c;
  FILE *f;
  size_t i;

  if (write_bytes(outdir, cc->id, "sframe", b->bytes, b->len) != 0 ||
      (b->twin && write_bytes(outdir, cc->id, "twin.sframe", b->twin, b->twin_len) != 0) ||
      (b->abs && write_bytes(outdir, cc->id, "abs.sframe", b->abs, b->abs_len) != 0) ||
      (b->abs_twin &&
       write_bytes(outdir, cc->id, "abs.twin.sframe", b->abs_twin, b->abs_twin_len) != 0))
    return -1;

  if (!(f = open_out(outdir, cc->id, "expect")))
    return -1;
  fprintf(f, "id: %s\n", cc->id);
  fprintf(f, "case: %s\n", c->id);
  fprintf(f, "title: %s\n", c->title);
  fprintf(f, "clause: %s\n", c->clause);
  fprintf(f, "class: %s\n", cat_class_name(c->cls));
  fprintf(f, "finding: %s\n", c->finding ? c->finding : "-");
  fprintf(f, "version: %d\n", cc->version);
  fprintf(f, "abi: %s\n", cat_abi_name(cc->abi));
  fprintf(f, "endian: %s\n", cc->big_endian ? "big" : "little");
  fprintf(f, "vma: 0x%" PRIx64 "\n", b->model.vma);
  fprintf(f, "source: catalogue\n");
  fprintf(f, "pcs:");
  for (i = 0; i < b->npcs; i++)
    fprintf(f, " 0x%" PRIx64, b->pcs[i]);
  fprintf(f, "\n");
  if (c->nunwinds)
    fprintf(f, "unwinds: %zu\n", c->nunwinds);
  if (close_out(f, cc->id, "expect") != 0)
    return -1;

  for (i = 0; i < c->nunwinds; i++) {
    const cat_unwind *u = &c->unwinds[i];
    sfe_unwind_spec spec;
    char ext1[48], ext2[48], err[300];
    FILE *g;
    int rc;
    spec = u->spec;
    spec.chain = b->chains[i];
    spec.nchain = u->nchain;
    spec.have_beyond = u->beyond != NULL;
    spec.beyond = b->chains[i][u->nchain];
    snprintf(ext1, sizeof ext1, "unwind-%zu.snapshot", i + 1);
    snprintf(ext2, sizeof ext2, "unwind-%zu.json", i + 1);
    if (!(f = open_out(outdir, cc->id, ext1)))
      return -1;
    if (!(g = open_out(outdir, cc->id, ext2))) {
      fclose(f);
      return -1;
    }
    rc = sfe_build_unwind(&b->model, &spec, f, g, err, sizeof err);
    if (rc != 0)
      fprintf(stderr, "%s:%d: error: %s: %s\n", c->file, u->line, cc->id, err);
    if (close_out(f, cc->id, ext1) != 0 || close_out(g, cc->id, ext2) != 0 || rc != 0)
      return -1;
  }

  if (c->cls == CAT_VALID || c->cls == CAT_QUESTIONABLE) {
    if (!(f = open_out(outdir, cc->id, "dump.json")))
      return -1;
    sfe_expected_json(&b->model, f);
    if (close_out(f, cc->id, "dump.json") != 0)
      return -1;
    if (b->abs) { /* the same dump but for the flag */
      sfe_model *m = (sfe_model *)&b->model;
      uint8_t flags = m->flags;
      if (!(f = open_out(outdir, cc->id, "abs.dump.json")))
        return -1;
      m->flags = (uint8_t)(flags & ~SFR_F_FDE_FUNC_START_PCREL);
      sfe_expected_json(m, f);
      m->flags = flags;
      if (close_out(f, cc->id, "abs.dump.json") != 0)
        return -1;
    }
  }
  if (b->npcs) {
    if (!(f = open_out(outdir, cc->id, "lookup.json")))
      return -1;
    fputc('[', f);
    for (i = 0; i < b->npcs; i++) {
      if (i)
        fputc(',', f);
      sfe_expected_lookup(&b->model, b->pcs[i], SFR_PC_IP, f);
      fputc(',', f);
      sfe_expected_lookup(&b->model, b->pcs[i], SFR_PC_RA, f);
    }
    fputs("]\n", f);
    if (close_out(f, cc->id, "lookup.json") != 0)
      return -1;
  }
  return 0;
}

/* ---- SHA-256 (FIPS 180-4), for the manifest digests in SUMMARY.md ---- */

typedef struct sha256 {
  uint32_t h[8];
  uint8_t block[64];
  size_t fill;
  uint64_t total;
} sha256;

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

static uint32_t ror(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

static void sha_block(sha256 *s, const uint8_t *p) {
  uint32_t w[64], a, b, c, d, e, f, g, h;
  unsigned i;
  for (i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 |
           p[4 * i + 3];
  for (i = 16; i < 64; i++) {
    uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
  e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
  for (i = 0; i < 64; i++) {
    uint32_t t1 = h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
    uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    h = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
  }
  s->h[0] += a, s->h[1] += b, s->h[2] += c, s->h[3] += d;
  s->h[4] += e, s->h[5] += f, s->h[6] += g, s->h[7] += h;
}

static void sha_init(sha256 *s) {
  static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  memcpy(s->h, iv, sizeof iv);
  s->fill = 0;
  s->total = 0;
}

static void sha_update(sha256 *s, const uint8_t *p, size_t n) {
  s->total += n;
  while (n) {
    size_t k = 64 - s->fill < n ? 64 - s->fill : n;
    memcpy(s->block + s->fill, p, k);
    s->fill += k;
    p += k;
    n -= k;
    if (s->fill == 64) {
      sha_block(s, s->block);
      s->fill = 0;
    }
  }
}

static void sha_final(sha256 *s, char hex[65]) {
  uint64_t bits = s->total * 8;
  uint8_t pad = 0x80, zero = 0, len[8];
  unsigned i;
  sha_update(s, &pad, 1);
  while (s->fill != 56)
    sha_update(s, &zero, 1);
  for (i = 0; i < 8; i++)
    len[i] = (uint8_t)(bits >> (56 - 8 * i));
  sha_update(s, len, 8);
  for (i = 0; i < 8; i++)
    sprintf(hex + 8 * i, "%08" PRIx32, s->h[i]);
}

/* ---- SUMMARY.md ---- */

static const char *classes[] = {"valid", "questionable", "invalid", "malformed", "impl"};
#define NCLASS 5
#define NSRC 8

#define NVER (SFR_VERSION_MAX + 1) /* indexed by version, 0 unused */

/* What the manifests count: sections per class, version and ABI, per
 * source directory and version, and each manifest's digest. */
typedef struct tally {
  unsigned long count[NCLASS][NVER][CAT_NABI];
  char srcs[NSRC][32];
  unsigned long bysrc[NSRC][NVER];
  size_t nsrc;
  char digests[NVER][65];
  unsigned long total;
} tally;

static const char *summary_abis[CAT_NABI] = {"amd64", "aarch64-le", "aarch64-be", "s390x"};

/* One manifest line (id class finding abi endian path) counted. */
static int count_line(tally *t, int v, char *line) {
  char id[1024], cls[64], finding[128], abi[64], endian[64], rel[4096], src[32];
  int c, a;
  size_t s;
  if (sscanf(line, "%1023s %63s %127s %63s %63s %4095s", id, cls, finding, abi, endian, rel) != 6)
    return 0;
  for (c = 0; c < NCLASS && strcmp(cls, classes[c]); c++)
    ;
  for (a = 0; a < CAT_NABI && strcmp(abi, summary_abis[a]); a++)
    ;
  if (c == NCLASS || a == CAT_NABI)
    return -1;
  t->count[c][v][a]++;
  t->total++;
  char *slash = strchr(rel, '/');
  if (slash)
    *slash = 0;
  const char *name = slash ? rel : "(top)";
  size_t len = strlen(name) < sizeof src - 1 ? strlen(name) : sizeof src - 1;
  memcpy(src, name, len);
  src[len] = 0;
  for (s = 0; s < t->nsrc && strcmp(t->srcs[s], src); s++)
    ;
  if (s == t->nsrc && t->nsrc < NSRC)
    snprintf(t->srcs[t->nsrc++], sizeof t->srcs[0], "%s", src);
  if (s < NSRC)
    t->bysrc[s][v]++;
  return 0;
}

/* manifest-vV.txt of dir: digested and counted. */
static int read_manifest(const char *dir, int v, tally *t) {
  char path[4096], line[8192];
  uint8_t buf[65536];
  size_t n;
  sha256 h;
  snprintf(path, sizeof path, "%s/manifest-v%d.txt", dir, v);
  FILE *f = fopen(path, "rb");
  if (!f) {
    sfc_error("%s: cannot open: %s (run make corpus first)", path, strerror(errno));
    return -1;
  }
  sha_init(&h);
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    sha_update(&h, buf, n);
  sha_final(&h, t->digests[v]);
  rewind(f);
  while (fgets(line, sizeof line, f))
    if (count_line(t, v, line) != 0) {
      fprintf(stderr, "sfcorpus: %s: unknown class or ABI in: %s", path, line);
      fclose(f);
      return -1;
    }
  fclose(f);
  return 0;
}

/* Sources in a fixed order: by name. */
static void sort_sources(tally *t) {
  for (size_t i = 0; i < t->nsrc; i++)
    for (size_t j = i + 1; j < t->nsrc; j++)
      if (strcmp(t->srcs[j], t->srcs[i]) < 0) {
        char s[32];
        unsigned long b[NVER];
        memcpy(s, t->srcs[i], sizeof s);
        memcpy(t->srcs[i], t->srcs[j], sizeof s);
        memcpy(t->srcs[j], s, sizeof s);
        memcpy(b, t->bysrc[i], sizeof b);
        memcpy(t->bysrc[i], t->bysrc[j], sizeof b);
        memcpy(t->bysrc[j], b, sizeof b);
      }
}

/* The table of sections per class, version and ABI. */
static void print_by_class(const tally *t, FILE *out) {
  int c, v, a;
  fprintf(out, "## Sections per class, version and ABI\n\n");
  fprintf(out, "| class | version | amd64 | aarch64-le | aarch64-be | s390x | total |\n");
  fprintf(out, "|---|---|--:|--:|--:|--:|--:|\n");
  for (c = 0; c < NCLASS; c++)
    for (v = SFR_VERSION_MIN; v <= SFR_VERSION_MAX; v++) {
      unsigned long row = 0;
      fprintf(out, "| %s | %d |", classes[c], v);
      for (a = 0; a < CAT_NABI; a++) {
        fprintf(out, " %lu |", t->count[c][v][a]);
        row += t->count[c][v][a];
      }
      fprintf(out, " %lu |\n", row);
    }
  fprintf(out, "| all | 1-3 |");
  for (a = 0; a < CAT_NABI; a++) {
    unsigned long col = 0;
    for (c = 0; c < NCLASS; c++)
      for (v = SFR_VERSION_MIN; v <= SFR_VERSION_MAX; v++)
        col += t->count[c][v][a];
    fprintf(out, " %lu |", col);
  }
  fprintf(out, " %lu |\n\n", t->total);
}

int cat_summary(const char *dir, FILE *out) {
  static tally t;
  int v;
  memset(&t, 0, sizeof t);
  for (v = SFR_VERSION_MIN; v <= SFR_VERSION_MAX; v++)
    if (read_manifest(dir, v, &t) != 0)
      return -1;
  sort_sources(&t);
  fprintf(out, "# Corpus summary\n\n");
  fprintf(out, "Written by `make corpus-summary` from `build/corpus/manifest-v{1,2,3}.txt`\n"
               "(all sources: catalogue, generated, mutants, real, vectors); do not edit by hand.\n"
               "`corpus/tests/catalogue.bats` fails when it no longer matches the manifests.\n\n");
  fprintf(out, "%lu sections.\n\n", t.total);
  print_by_class(&t, out);
  fprintf(out, "## Sections per source and version\n\n");
  fprintf(out, "| source | v1 | v2 | v3 | total |\n|---|--:|--:|--:|--:|\n");
  for (size_t s = 0; s < t.nsrc; s++)
    fprintf(out, "| %s | %lu | %lu | %lu | %lu |\n", t.srcs[s], t.bysrc[s][1], t.bysrc[s][2],
            t.bysrc[s][3], t.bysrc[s][1] + t.bysrc[s][2] + t.bysrc[s][3]);
  fprintf(out, "\n## Manifests\n\n");
  fprintf(out, "`cd build/corpus && sha256sum manifest-v1.txt manifest-v2.txt manifest-v3.txt`:\n\n");
  fprintf(out, "```\n");
  for (v = SFR_VERSION_MIN; v <= SFR_VERSION_MAX; v++)
    fprintf(out, "%s  manifest-v%d.txt\n", t.digests[v], v);
  fprintf(out, "```\n");
  return 0;
}
