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
  size_t len = strlen(k->path);
  if (k->variant || len <= 7 || strcmp(k->path + len - 7, ".sframe") != 0)
    return -1;
  snprintf(buf, n, "%.*s.abs.sframe", (int)(len - 7), k->path);
  if (access(buf, R_OK) != 0)
    return -1;
  *v = *k;
  v->path = buf;
  v->variant = 1;
  return 0;
}

const kase *case_as_run(const kase *k, const result *r, kase *v, char *buf, size_t n) {
  return r->variant && case_variant(k, v, buf, n) == 0 ? v : k;
}
