/* SPDX-License-Identifier: MIT */
/* seeds.c - the fuzz targets' seed inputs, from the case corpus:
 *
 *   fuzz-seeds CORPUS_DIR OUT_DIR
 *
 * writes OUT_DIR/decode/ (every section as is), OUT_DIR/diff_libsframe/
 * (the version 1 sections), OUT_DIR/diff_libsframe3/ (versions 2 and 3),
 * OUT_DIR/lookup/ (each section behind its
 * address and up to 16 of its expected-lookup PCs) and OUT_DIR/unwind/
 * (each unwind snapshot of the corpus, with its section), in the input
 * formats described at the top of fuzz/targets/<target>.c. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static uint8_t *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  uint8_t *b = NULL;
  long n;
  if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
      (b = malloc((size_t)n + 1)) && fread(b, 1, (size_t)n, f) == (size_t)n) {
    b[n] = 0;
    *len = (size_t)n;
  } else {
    free(b);
    b = NULL;
  }
  if (f)
    fclose(f);
  return b;
}

static void put(FILE *f, uint64_t v, unsigned n) {
  unsigned i;
  for (i = 0; i < n; i++)
    fputc((int)((v >> (8 * i)) & 0xff), f);
}

static FILE *out_file(const char *dir, const char *target, const char *name) {
  char path[8192];
  FILE *f;
  snprintf(path, sizeof path, "%s/%s/%s", dir, target, name);
  if (!(f = fopen(path, "wb"))) {
    fprintf(stderr, "fuzz-seeds: %s: %s\n", path, strerror(errno));
    exit(2);
  }
  return f;
}

/* Memory of a snapshot: every `mem` line, in one image from the lowest to
 * the highest byte (gaps zero), when that spans at most 65535 bytes. */
static int snapshot_seed(FILE *f, char *snap, const uint8_t *sec, size_t len) {
  uint64_t pc = 0, sp = 0, fp = 0, ra = 0, lo = UINT64_MAX, hi = 0, maxf = 16;
  int ra_valid = 0;
  uint8_t *img;
  char *line, *save = NULL, *copy = strdup(snap);
  if (!copy)
    return -1;
  for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    char key[32], num[64], hex[4096];
    unsigned long long a;
    int got = sscanf(line, "%31s %63s %4095[0-9a-fA-F]", key, num, hex);
    a = got >= 2 ? strtoull(num, NULL, 0) : 0;
    if (got == 3 && !strcmp(key, "mem")) {
      if (a < lo)
        lo = a;
      if (a + strlen(hex) / 2 > hi)
        hi = a + strlen(hex) / 2;
    } else if (got >= 2) {
      if (!strcmp(key, "pc")) pc = a;
      else if (!strcmp(key, "sp")) sp = a;
      else if (!strcmp(key, "fp")) fp = a;
      else if (!strcmp(key, "ra")) ra = a, ra_valid = 1;
      else if (!strcmp(key, "max-frames")) maxf = a;
    }
  }
  if (lo == UINT64_MAX)
    lo = hi = sp;
  if (hi - lo > 65535) {
    free(copy);
    return -1;
  }
  img = calloc(hi - lo + 1, 1);
  strcpy(copy, snap);
  save = NULL;
  for (line = strtok_r(copy, "\n", &save); img && line; line = strtok_r(NULL, "\n", &save)) {
    char key[32], num[64], hex[4096];
    unsigned long long a;
    size_t i;
    int got = sscanf(line, "%31s %63s %4095[0-9a-fA-F]", key, num, hex);
    a = got >= 2 ? strtoull(num, NULL, 0) : 0;
    if (got == 3 && !strcmp(key, "mem"))
      for (i = 0; hex[2 * i] && hex[2 * i + 1]; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        img[a - lo + i] = (uint8_t)v;
      }
  }
  put(f, pc, 8), put(f, sp, 8), put(f, fp, 8), put(f, ra, 8), put(f, (uint64_t)ra_valid, 1);
  put(f, (maxf - 1) % 64, 1), put(f, lo, 8), put(f, hi - lo, 2);
  if (img)
    fwrite(img, 1, hi - lo, f);
  fwrite(sec, 1, len, f);
  free(img);
  free(copy);
  return 0;
}

int main(int argc, char **argv) {
  static const char *targets[] = {"decode", "diff_libsframe", "lookup", "unwind",
                                  "diff_libsframe3"};
  unsigned long counts[5] = {0};
  int v, t;
  if (argc != 3) {
    fprintf(stderr, "usage: fuzz-seeds CORPUS_DIR OUT_DIR\n");
    return 2;
  }
  mkdir(argv[2], 0777);
  for (t = 0; t < 5; t++) {
    char d[4096];
    snprintf(d, sizeof d, "%s/%s", argv[2], targets[t]);
    mkdir(d, 0777);
  }
  for (v = 1; v <= 3; v++) {
    char path[4096], line[8192];
    FILE *m;
    snprintf(path, sizeof path, "%s/manifest-v%d.txt", argv[1], v);
    if (!(m = fopen(path, "r"))) {
      fprintf(stderr, "fuzz-seeds: %s: %s (run make corpus)\n", path, strerror(errno));
      return 2;
    }
    while (fgets(line, sizeof line, m)) {
      char id[1024], rel[2048], base[4096], *expect;
      uint8_t *sec;
      size_t len, elen;
      uint64_t vma = 0, pcs[16];
      int npcs = 0, unwinds = 0, k;
      FILE *f;
      if (sscanf(line, "%1023s %*s %*s %*s %*s %2047s", id, rel) != 2 || strlen(argv[1]) > 1024)
        continue;
      snprintf(base, sizeof base, "%s/%s", argv[1], rel);
      base[strlen(base) - 7] = 0; /* .sframe */
      snprintf(path, sizeof path, "%s.sframe", base);
      if (!(sec = slurp(path, &len)))
        continue;
      snprintf(path, sizeof path, "%s.expect", base);
      if ((expect = (char *)slurp(path, &elen))) {
        char *p = strstr(expect, "\nvma: "), *q = strstr(expect, "\npcs:"), *u;
        if (p)
          vma = strtoull(p + 6, NULL, 0);
        if (q) {
          q += 5;
          while (npcs < 16 && *q == ' ') {
            pcs[npcs++] = strtoull(q + 1, &q, 0);
          }
        }
        if ((u = strstr(expect, "\nunwinds: ")))
          unwinds = atoi(u + 10);
        free(expect);
      }
      f = out_file(argv[2], "decode", id);
      fwrite(sec, 1, len, f);
      fclose(f);
      counts[0]++;
      f = out_file(argv[2], v == 1 ? "diff_libsframe" : "diff_libsframe3", id);
      fwrite(sec, 1, len, f);
      fclose(f);
      counts[v == 1 ? 1 : 4]++;
      f = out_file(argv[2], "lookup", id);
      put(f, vma, 8);
      put(f, (uint64_t)npcs, 1);
      for (k = 0; k < npcs; k++)
        put(f, pcs[k], 8);
      fwrite(sec, 1, len, f);
      fclose(f);
      counts[2]++;
      for (k = 1; k <= unwinds; k++) {
        char name[1100], *snap;
        size_t sl;
        snprintf(path, sizeof path, "%s.unwind-%d.snapshot", base, k);
        if (!(snap = (char *)slurp(path, &sl)))
          continue;
        snprintf(name, sizeof name, "%s-unwind-%d", id, k);
        f = out_file(argv[2], "unwind", name);
        if (snapshot_seed(f, snap, sec, len) == 0)
          counts[3]++;
        fclose(f);
        free(snap);
      }
      free(sec);
    }
    fclose(m);
  }
  printf("fuzz-seeds: decode %lu, diff_libsframe %lu, diff_libsframe3 %lu, lookup %lu, "
         "unwind %lu\n", counts[0], counts[1], counts[4], counts[2], counts[3]);
  return 0;
}
