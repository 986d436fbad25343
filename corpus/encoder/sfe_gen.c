/* SPDX-License-Identifier: MIT */
/* sfe_gen.c - the cases `sfcorpus gen` writes (corpus/FORMAT.md): random valid
 * sections, and mutants - random valid models with exactly one fault (the
 * fault kinds are sfe_faults.c's): the case for a seed and index, its PCs
 * to look up, and its files.  Expected results come from the model and the
 * fault kind, never from running a decoder. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sfe_internal.h"

int sfe_mkdir_p(const char *dir, char *err, size_t errlen) {
  char path[4096];
  size_t i, n = strlen(dir);
  struct stat sb;
  if (n == 0 || n >= sizeof path) {
    snprintf(err, errlen, "bad directory name");
    return -1;
  }
  memcpy(path, dir, n + 1);
  for (i = 1; i <= n; i++) {
    if (path[i] != '/' && path[i] != 0)
      continue;
    path[i] = 0;
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
      snprintf(err, errlen, "%s: cannot create directory: %s", path, strerror(errno));
      return -1;
    }
    path[i] = i < n ? '/' : 0;
  }
  if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
    snprintf(err, errlen, "%s: not a directory", dir);
    return -1;
  }
  return 0;
}

/* amd64-le, s390x-be, aarch64-le / aarch64-be (aarch64le-be when an ABI is
 * written in the other byte order). */
static const char *abi_tag(uint8_t abi, int be, char *buf, size_t n) {
  const char *e = be ? "be" : "le";
  if (abi == SFR_ABI_AARCH64_BE && !be)
    snprintf(buf, n, "aarch64be-%s", e);
  else if (abi == SFR_ABI_AARCH64_LE && be)
    snprintf(buf, n, "aarch64le-%s", e);
  else
    snprintf(buf, n, "%s-%s",
             abi == SFR_ABI_AMD64_LE ? "amd64" : abi == SFR_ABI_S390X_BE ? "s390x" : "aarch64", e);
  return buf;
}

/* ---- cases ---- */

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* PCs worth looking up: every row start (and the next byte, so that the
 * return-address form finds the same row), a second PCMASK block, both
 * ends of every function, and a PC before the first function. */
static int choose_pcs(sfe_case *c) {
  const sfe_model *m = &c->model;
  size_t n = 0, cap = 8, i, k;
  uint64_t *p = malloc(cap * sizeof *p), lo = UINT64_MAX;
  uint32_t fi, j;
#define ADD(v)                                                                 \
  do {                                                                         \
    if (n == cap) {                                                            \
      uint64_t *q_ = realloc(p, 2 * cap * sizeof *p);                          \
      if (!q_) {                                                               \
        free(p);                                                               \
        return -1;                                                             \
      }                                                                        \
      p = q_;                                                                  \
      cap *= 2;                                                                \
    }                                                                          \
    p[n++] = (v);                                                              \
  } while (0)
  if (!p)
    return -1;
  for (fi = 0; fi < m->nfuncs; fi++) {
    const sfe_func *f = &m->funcs[fi];
    if (f->start < lo)
      lo = f->start;
    for (j = 0; j < f->nrows; j++) {
      ADD(f->start + f->rows[j].start);
      ADD(f->start + f->rows[j].start + 1);
      if (f->pc_type == SFR_PCTYPE_MASK && f->rep_size && f->size > f->rep_size)
        ADD(f->start + f->rep_size + f->rows[j].start);
    }
    if (f->size)
      ADD(f->start + f->size - 1);
    ADD(f->start + f->size);
  }
  if (m->nfuncs && lo > 0)
    ADD(lo - 1);
#undef ADD
  qsort(p, n, sizeof *p, cmp_u64);
  for (i = k = 0; i < n; i++)
    if (k == 0 || p[i] != p[k - 1])
      p[k++] = p[i];
  n = k;
  if (n > 64) { /* keep 64, evenly spread */
    for (i = 0; i < 64; i++)
      p[i] = p[i * n / 64];
    n = 64;
  }
  c->pcs = p;
  c->npcs = n;
  return 0;
}

static sfe_status random_model(sfe_rng *r, uint8_t version, uint8_t abi, uint8_t be,
                               sfe_model *m) {
  return sfe_random_model(r, version, abi, be, m) == 0 ? SFE_OK : SFE_E_NOMEM;
}

void sfe_case_free(sfe_case *c) {
  if (!c)
    return;
  sfe_model_free(&c->model);
  sfe_section_free(&c->sec);
  sfe_section_free(&c->twin);
  free(c->pcs);
  memset(c, 0, sizeof *c);
}

int sfe_gen_case(uint64_t seed, uint8_t version, uint8_t abi, uint8_t big_endian,
                 uint32_t index, int mutant, sfe_case *c, char *err, size_t errlen) {
  sfe_rng r;
  char tag[24];
  uint64_t mix;
  char dummy[8];

  if (!err || !errlen) {
    err = dummy;
    errlen = sizeof dummy;
  }
  memset(c, 0, sizeof *c);
  err[0] = 0;
  /* One stream per (seed, version, ABI, byte order, kind, index). */
  sfe_rng_seed(&r, seed);
  mix = sfe_rng_next(&r) ^ ((uint64_t)version << 56 | (uint64_t)abi << 48 |
                            (uint64_t)(big_endian != 0) << 40 | (uint64_t)(mutant != 0) << 32);
  sfe_rng_seed(&r, mix + 0x9e3779b97f4a7c15ull * ((uint64_t)index + 1));
  abi_tag(abi, big_endian, tag, sizeof tag);
  c->source = mutant ? "mutants" : "generated";

  if (!mutant) {
    if (random_model(&r, version, abi, big_endian, &c->model) != SFE_OK) {
      snprintf(err, errlen, "cannot make a model (version %u, ABI %u)", version, abi);
      return -1;
    }
    if (sfe_encode(&c->model, &c->sec, err, errlen) != SFE_OK)
      goto fail;
    snprintf(c->id, sizeof c->id, "gen-v%u-%s-s%" PRIu64 "-%04" PRIu32, version, tag, seed, index);
    snprintf(c->kind, sizeof c->kind, "random");
    snprintf(c->title, sizeof c->title, "random valid section, %" PRIu32 " functions",
             c->model.nfuncs);
    c->clause = "2";
    c->cls = "valid";
    c->finding = "-";
    c->dump = 1;
    return choose_pcs(c) == 0 ? 0 : -1;
  } else {
    unsigned ok[SFE_MAX_FAULTS], nok = 0, t, nfaults = sfe_fault_count();
    for (t = 0; t < nfaults; t++)
      if (sfe_fault_applies(t, version, abi))
        ok[nok++] = t;
    sfe_rng r0;
    uint32_t first;
    /* Cases index, index + 1, ... of a seed cycle through every kind that
     * applies (from a seed-chosen start); a kind that does not fit the
     * drawn model (rare) draws another at random. */
    sfe_rng_seed(&r0, mix);
    first = (uint32_t)((index + sfe_rng_below(&r0, nok ? nok : 1)) % (nok ? nok : 1));
    for (t = 0; t < 4 * nfaults && nok; t++) {
      unsigned k = ok[t == 0 ? first : sfe_rng_below(&r, nok)];
      const char *finding = sfe_fault_name(k);
      int rc;
      sfr_status cls;
      if (random_model(&r, version, abi, big_endian, &c->model) != SFE_OK) {
        snprintf(err, errlen, "cannot make a model (version %u, ABI %u)", version, abi);
        return -1;
      }
      /* Its valid twin: the model before the fault, as it is encoded. */
      if (sfe_encode(&c->model, &c->twin, err, errlen) != SFE_OK)
        goto fail;
      {
        uint64_t vma = c->model.vma;
        rc = sfe_fault_apply(k, c, &r, err, errlen);
        if (rc > 0 && c->model.vma != vma) /* the fault moved the section: */
          sfe_section_free(&c->twin);       /* the twin is read at the case's vma */
      }
      if (rc < 0)
        goto fail;
      if (rc == 0) { /* not for this model */
        sfe_case_free(c);
        c->source = "mutants";
        continue;
      }
      snprintf(c->id, sizeof c->id, "mut-v%u-%s-s%" PRIu64 "-%04" PRIu32 "-%s", version, tag,
               seed, index, finding);
      snprintf(c->kind, sizeof c->kind, "%s", finding);
      c->clause = sfe_fault_clause(k);
      c->finding = finding;
      cls = sfr_finding_by_name(finding);
      c->cls = sfr_class_name(sfr_finding_class(cls));
      if (cls == SFR_OK || !c->cls) {
        snprintf(err, errlen, "fault %s names no finding", finding);
        goto fail;
      }
      if (sfr_finding_class(cls) == SFR_CLASS_QUESTIONABLE) {
        c->dump = 1;
        return choose_pcs(c) == 0 ? 0 : -1;
      }
      return 0;
    }
    snprintf(err, errlen, "no fault applies");
  }
fail:
  if (!err[0])
    snprintf(err, errlen, "out of memory");
  sfe_case_free(c);
  return -1;
}

/* ---- writing ---- */

static FILE *open_out(const char *dir, const char *id, const char *ext, char *err,
                      size_t errlen, char *path, size_t pathlen) {
  FILE *f;
  snprintf(path, pathlen, "%s/%s%s", dir, id, ext);
  f = fopen(path, "wb");
  if (!f)
    snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
  return f;
}

static int close_out(FILE *f, const char *path, char *err, size_t errlen) {
  if (ferror(f) | fclose(f)) {
    snprintf(err, errlen, "%s: write error", path);
    return -1;
  }
  return 0;
}

int sfe_gen_write(const sfe_case *c, const char *dir, char *err, size_t errlen) {
  char path[4096], dummy[8];
  FILE *f;
  size_t i;
  const sfe_model *m = &c->model;

  if (!err || !errlen) {
    err = dummy;
    errlen = sizeof dummy;
  }
  if (!(f = open_out(dir, c->id, ".sframe", err, errlen, path, sizeof path)))
    return -1;
  if (c->sec.len)
    fwrite(c->sec.bytes, 1, c->sec.len, f);
  if (close_out(f, path, err, errlen))
    return -1;

  if (!(f = open_out(dir, c->id, ".expect", err, errlen, path, sizeof path)))
    return -1;
  fprintf(f, "id: %s\ncase: %s\ntitle: %s\nclause: %s\nclass: %s\nfinding: %s\n", c->id, c->kind,
          c->title, c->clause, c->cls, c->finding);
  fprintf(f, "version: %u\nabi: %s\nendian: %s\nvma: 0x%" PRIx64 "\nsource: %s\npcs:", m->version,
          sfe_abi_name(m->abi), m->big_endian ? "big" : "little", m->vma, c->source);
  for (i = 0; i < c->npcs; i++)
    fprintf(f, " 0x%" PRIx64, c->pcs[i]);
  fputc('\n', f);
  if (close_out(f, path, err, errlen))
    return -1;

  if (c->twin.len && !c->dump) { /* an invalid or malformed section's valid twin */
    if (!(f = open_out(dir, c->id, ".twin.sframe", err, errlen, path, sizeof path)))
      return -1;
    fwrite(c->twin.bytes, 1, c->twin.len, f);
    if (close_out(f, path, err, errlen))
      return -1;
  }
  if (c->dump) {
    if (!(f = open_out(dir, c->id, ".dump.json", err, errlen, path, sizeof path)))
      return -1;
    sfe_expected_json(m, f);
    if (close_out(f, path, err, errlen))
      return -1;
  }
  if (c->npcs) {
    if (!(f = open_out(dir, c->id, ".lookup.json", err, errlen, path, sizeof path)))
      return -1;
    fputc('[', f);
    for (i = 0; i < c->npcs; i++) {
      if (i)
        fputc(',', f);
      sfe_expected_lookup(m, c->pcs[i], SFR_PC_IP, f);
      fputc(',', f);
      sfe_expected_lookup(m, c->pcs[i], SFR_PC_RA, f);
    }
    fputs("]\n", f);
    if (close_out(f, path, err, errlen))
      return -1;
  }
  return 0;
}
