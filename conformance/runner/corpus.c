/* SPDX-License-Identifier: MIT */
/* corpus.c - the corpus: its manifest and each section's NAME.expect
 * (conformance/PROTOCOL.md). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner.h"


static char g_release[64] = "unreleased";

const char *const abi_names[ABI_COUNT] = {
    [SFR_ABI_AARCH64_BE] = "aarch64-be", [SFR_ABI_AARCH64_LE] = "aarch64-le",
    [SFR_ABI_AMD64_LE] = "amd64", [SFR_ABI_S390X_BE] = "s390x"};

const char *corpus_release(void) { return g_release; }

/* CORPUS/VERSION: one line naming the release ("1.0.0"); absent in a
 * corpus made by other means (a test's, a hand-made one). */
static void load_release(const opts *o) {
  char path[PATH_MAX], *text = NULL;
  size_t len = 0, i;
  pathf(path, sizeof path, "%s/VERSION", o->corpus);
  if (!(text = read_text(path, &len)))
    return;
  for (i = 0; i < len && i + 1 < sizeof g_release && text[i] != '\n'; i++)
    if (text[i] < '!' || text[i] > '~') /* printable, no space: one token */
      break;
  if (i > 0 && (i == len || text[i] == '\n')) {
    memcpy(g_release, text, i);
    g_release[i] = '\0';
  } else {
    sfc_die(2, "%s: not one line naming a release", path);
  }
  free(text);
}

/* The file beside k's section with extension ext, and whether it is there. */
static case_file beside(const kase *k, const char *ext) {
  char p[PATH_MAX];
  case_file f;
  sibling(k, ext, p, sizeof p);
  f.path = xstrdup(p);
  f.there = access(p, R_OK) == 0;
  return f;
}

/* The stdout kept per command of case k: CAP_MIN more than twice its
 * largest expected answer (runner.h). */
static size_t case_cap(const kase *k) {
  static const char *const ext[] = {"dump.json", "lookup.json", "unwind.json"};
  size_t most = 0;
  for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
    char p[PATH_MAX];
    struct stat st;
    sibling(k, ext[i], p, sizeof p);
    if (stat(p, &st) == 0 && (size_t)st.st_size > most)
      most = (size_t)st.st_size;
  }
  return CAP_MIN + 2 * most;
}

/* k's NAME.abs.sframe variant, typed: NULL when the corpus has none.  It
 * has a section, a twin and a dump of its own; the rest are NAME's. */
static kase *abs_variant(const kase *k) {
  char buf[PATH_MAX];
  size_t len = strlen(k->path);
  kase *v;
  if (len <= 7 || strcmp(k->path + len - 7, ".sframe") != 0)
    return NULL;
  snprintf(buf, sizeof buf, "%.*s.abs.sframe", (int)(len - 7), k->path);
  if (access(buf, R_OK) != 0)
    return NULL;
  if (!(v = malloc(sizeof *v)))
    sfc_die(2, "%s", "out of memory");
  *v = *k;
  v->path = xstrdup(buf);
  v->variant = 1;
  v->dump = beside(v, "dump.json");
  v->twin = beside(v, "twin.sframe");
  v->abs = NULL;
  return v;
}

/* What run_case needs of case k, found once: its class, ABI and byte
 * order as numbers, the files beside its section, its output cap and its
 * variant. */
static void type_case(kase *k) {
  static const char *const classes[] = {[CASE_VALID] = "valid",
                                        [CASE_MALFORMED] = "malformed",
                                        [CASE_INVALID] = "invalid",
                                        [CASE_QUESTIONABLE] = "questionable",
                                        [CASE_IMPL] = "impl"};
  int i;
  for (k->class_id = 0; k->class_id < CASE_OTHER_CLASS; k->class_id++)
    if (classes[k->class_id] && !strcmp(k->cls, classes[k->class_id]))
      break;
  for (k->abi_id = ABI_COUNT - 1; k->abi_id > 0; k->abi_id--)
    if (abi_names[k->abi_id] && !strcmp(k->abi, abi_names[k->abi_id]))
      break;
  k->endian_id = !strcmp(k->endian, "little") ? CASE_LITTLE
                 : !strcmp(k->endian, "big")  ? CASE_BIG
                                              : CASE_OTHER_ENDIAN;
  k->dump = beside(k, "dump.json");
  k->lookup = beside(k, "lookup.json");
  k->twin = beside(k, "twin.sframe");
  k->objdump = beside(k, "objdump");
  if (k->unwinds > 0) {
    k->snapshot = calloc((size_t)k->unwinds, sizeof *k->snapshot);
    k->unwind = calloc((size_t)k->unwinds, sizeof *k->unwind);
    if (!k->snapshot || !k->unwind)
      sfc_die(2, "%s", "out of memory");
  }
  for (i = 1; i <= k->unwinds; i++) {
    char sfx[40];
    snprintf(sfx, sizeof sfx, "unwind-%d.snapshot", i);
    k->snapshot[i - 1] = beside(k, sfx);
    snprintf(sfx, sizeof sfx, "unwind-%d.json", i);
    k->unwind[i - 1] = beside(k, sfx);
  }
  k->cap = case_cap(k);
  k->abs = abs_variant(k);
}

kase *load_corpus(const opts *o, size_t *n) {
  kase *cs = NULL;
  size_t cap = 0, count = 0, seen = 0;
  int v;
  load_release(o);
  for (v = 1; v <= 3; v++) {
    char path[PATH_MAX], line[8192];
    FILE *f;
    pathf(path, sizeof path, "%s/manifest-v%d.txt", o->corpus, v);
    if (!(f = fopen(path, "r")))
      sfc_die(2, "%s: cannot open (run make corpus first)", path);
    while (fgets(line, sizeof line, f)) {
      char id[1024], cls[64], finding[128], abi[64], endian[64], rel[4096], epath[PATH_MAX];
      char *text, *p;
      kase *k;
      if (sscanf(line, "%1023s %63s %127s %63s %63s %4095s", id, cls, finding, abi, endian, rel) !=
          6)
        continue;
      if (o->sample > 1 && seen++ % (unsigned)o->sample != 0)
        continue;
      if (count == cap) {
        cap = cap ? 2 * cap : 1024;
        if (!(cs = realloc(cs, cap * sizeof *cs)))
          sfc_die(2, "%s", "out of memory");
      }
      k = &cs[count++];
      memset(k, 0, sizeof *k);
      k->id = xstrdup(id), k->cls = xstrdup(cls), k->finding = xstrdup(finding);
      k->abi = xstrdup(abi), k->endian = xstrdup(endian);
      pathf(epath, sizeof epath, "%s/%s", o->corpus, rel);
      k->path = xstrdup(epath);
      k->version = v;
      p = strrchr(epath, '.');
      if (p)
        strcpy(p, ".expect");
      if (!(text = read_text(epath, NULL)))
        sfc_die(2, "%s: cannot read", epath);
      for (p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
        char *val = strstr(p, ": ");
        if (!val)
          continue;
        *val = 0;
        val += 2;
        if (!strcmp(p, "case")) k->casename = xstrdup(val);
        else if (!strcmp(p, "title")) k->title = xstrdup(val);
        else if (!strcmp(p, "source")) k->source = xstrdup(val);
        else if (!strcmp(p, "vma")) k->vma = xstrdup(val);
        else if (!strcmp(p, "pcs")) k->pcs = xstrdup(val);
        else if (!strcmp(p, "unwinds")) k->unwinds = atoi(val);
      }
      free(text);
      if (!k->casename) k->casename = xstrdup(id);
      if (!k->title) k->title = xstrdup("");
      if (!k->source) k->source = xstrdup("catalogue");
      if (!k->vma) k->vma = xstrdup("0");
      if (!k->pcs) k->pcs = xstrdup("");
      type_case(k);
    }
    fclose(f);
  }
  *n = count;
  return cs;
}

/* NAME.ext beside a section NAME.sframe. */
void sibling(const kase *k, const char *ext, char *out, size_t n) {
  size_t len = strlen(k->path);
  if (len > 7 && strcmp(k->path + len - 7, ".sframe") == 0)
    len -= 7;
  if (k->variant) { /* NAME.abs: its own section, twin and dump; the rest NAME's */
    len -= 4;
    if (!strcmp(ext, "sframe") || !strcmp(ext, "twin.sframe") || !strcmp(ext, "dump.json")) {
      snprintf(out, n, "%.*s.abs.%s", (int)len, k->path, ext);
      return;
    }
  }
  snprintf(out, n, "%.*s.%s", (int)len, k->path, ext);
}

int case_variant(const kase *k, kase *v, char *buf, size_t n) {
  if (k->variant || !k->abs)
    return -1;
  snprintf(buf, n, "%s", k->abs->path);
  *v = *k->abs;
  v->path = buf;
  return 0;
}

const kase *case_as_run(const kase *k, const result *r, kase *v, char *buf, size_t n) {
  return r->variant && case_variant(k, v, buf, n) == 0 ? v : k;
}
