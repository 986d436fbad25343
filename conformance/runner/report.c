/* SPDX-License-Identifier: MIT */
/* report.c - what a run writes: results.jsonl, the summaries, the HTML
 * matrix, TAP. */
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
#include "sfc_json.h"


void mkdirs(const char *path) {
  char buf[PATH_MAX], *p;
  pathf(buf, sizeof buf, "%s", path);
  for (p = buf + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      mkdir(buf, 0777);
      *p = '/';
    }
  mkdir(buf, 0777);
}

/* A case's fields in results.jsonl and in the matrix's data, after the
 * caller's "{": id, case, title (when asked), version, abi, endian, class,
 * finding, source. */
static void write_case_fields(FILE *f, const kase *k, int with_title) {
  fprintf(f, "\"id\":");
  sfc_json_str_html(f, k->id);
  fprintf(f, ",\"case\":");
  sfc_json_str_html(f, k->casename);
  if (with_title) {
    fprintf(f, ",\"title\":");
    sfc_json_str_html(f, k->title);
  }
  fprintf(f, ",\"version\":%d,\"abi\":", k->version);
  sfc_json_str_html(f, k->abi); /* the manifest's words, escaped like any text read in */
  fprintf(f, ",\"endian\":");
  sfc_json_str_html(f, k->endian);
  fprintf(f, ",\"class\":");
  sfc_json_str_html(f, k->cls);
  fprintf(f, ",\"finding\":");
  sfc_json_str_html(f, k->finding);
  fprintf(f, ",\"source\":");
  sfc_json_str_html(f, k->source);
}

void write_results(const impl *im, const opts *o, const kase *cs, size_t n) {
  char path[PATH_MAX];
  FILE *f;
  size_t i;
  pathf(path, sizeof path, "%s/%s", o->out, im->name);
  mkdirs(path);
  pathf(path, sizeof path, "%s/%s/results.jsonl", o->out, im->name);
  if (!(f = fopen(path, "w")))
    sfc_die(2, "%s: cannot write", path);
  for (i = 0; i < n; i++) {
    const kase *k = &cs[i];
    const result *r = &im->res[i];
    fputc('{', f);
    write_case_fields(f, k, 0);
    fprintf(f, ",\"status\":\"%s\",\"detail\":", st_names[r->status]);
    sfc_json_str_html(f, r->detail);
    fprintf(f, ",\"compared\":%lu,\"differences\":%u", r->compared, r->ndiffs);
    if (r->variant) /* run on NAME.abs.sframe: the reader lacks PCREL */
      fprintf(f, ",\"section\":\"abs\"");
    fprintf(f, ",\"exit\":%d,\"ms\":%ld,\"run\":\"%s\",\"stderr\":", r->code, r->ms,
            r->run == RUN_SERVED ? "served" : r->run == RUN_CONFIRMED ? "confirmed" : "own");
    sfc_json_str_html(f, r->err);
    fprintf(f, ",\"impl\":");
    sfc_json_str_html(f, im->name);
    fprintf(f, ",\"impl_version\":");
    sfc_json_str_html(f, im->caps_version);
    fprintf(f, ",\"corpus\":");
    sfc_json_str_html(f, corpus_release());
    fprintf(f, "}\n");
  }
  if (fclose(f) != 0)
    sfc_die(2, "%s: write error", path);
}


void report_count(const impl *im, size_t n, unsigned long c[ST_COUNT], unsigned long *pass,
                  unsigned long *fail) {
  size_t i;
  memset(c, 0, ST_COUNT * sizeof *c);
  *pass = *fail = 0;
  for (i = 0; i < n; i++) {
    c[im->res[i].status]++;
    if (st_failed(im->res[i].status))
      (*fail)++;
    else if (im->res[i].status == ST_PASS)
      (*pass)++;
  }
}

/* An implementation's failures by cause, from its failures.md: the table
 * of fields and the groups' headings (their examples stay in the file). */
static void summary_failures(FILE *f, const impl *im, const opts *o) {
  char path[PATH_MAX], *line = NULL;
  size_t cap = 0;
  int in_groups = 0, shown = 0, more = 0;
  FILE *in;
  fprintf(f, "\n## %s: failures by cause\n\n", im->name);
  pathf(path, sizeof path, "%s/%s/failures.md", o->out, im->name);
  if (!(in = fopen(path, "r"))) {
    fprintf(f, "(no %s)\n", path);
    return;
  }
  while (getline(&line, &cap, in) > 0) {
    if (!strncmp(line, "# ", 2))
      continue;
    if (!strncmp(line, "## Groups", 9)) {
      in_groups = 1;
      fprintf(f, "\nGroups, largest first (examples, the commands that reproduce them and "
                 "their sections: `%s/failures.md`, `failures.html`, `groups/`):\n\n",
              im->name);
      continue;
    }
    if (!in_groups)
      fputs(line, f);
    else if (!strncmp(line, "### ", 4) && shown++ < 40)
      fprintf(f, "- %s", line + 4);
    else if (!strncmp(line, "### ", 4))
      more++;
  }
  if (in_groups && !shown)
    fprintf(f, "none\n");
  if (more)
    fprintf(f, "- ... %d more groups in failures.md\n", more);
  free(line);
  fclose(in);
}

/* A kept run made with another corpus release than this run's (or one
 * that did not say): shown beside its date. */
static int other_corpus(const impl *im) {
  return im->kept && strcmp(im->corpus, corpus_release()) != 0;
}

void write_summary(FILE *f, impl *ims, int nim, const kase *cs, size_t n, const opts *o) {
  int m, s;
  (void)cs;
  fprintf(f, "# Conformance summary\n\n%zu sections of corpus release %s.\n\n", n, corpus_release());
  fprintf(f, "| implementation | version | results of |");
  for (s = 0; s < ST_COUNT; s++)
    fprintf(f, " %s |", st_names[s]);
  fprintf(f, "\n|---|---|---|");
  for (s = 0; s < ST_COUNT; s++)
    fprintf(f, "--:|");
  fprintf(f, "\n");
  for (m = 0; m < nim; m++) {
    unsigned long c[ST_COUNT], p, fl;
    report_count(&ims[m], n, c, &p, &fl);
    fprintf(f, "| %s | %s | %s%s%s%s |", ims[m].name, ims[m].caps_version, ims[m].date,
            ims[m].kept ? " (an earlier run)" : "", other_corpus(&ims[m]) ? ", corpus " : "",
            other_corpus(&ims[m]) ? ims[m].corpus : "");
    for (s = 0; s < ST_COUNT; s++)
      fprintf(f, " %lu |", c[s]);
    fprintf(f, "\n");
  }
  for (m = 0; m < nim; m++)
    summary_failures(f, &ims[m], o);
}

void write_html(impl *ims, int nim, const opts *o, const kase *cs, size_t n) {
  char path[PATH_MAX], out[PATH_MAX], line[8192];
  FILE *t, *f;
  int m, done = 0;
  size_t i;
  pathf(path, sizeof path, "%s", o->template_path);
  pathf(out, sizeof out, "%s/index.html", o->out);
  if (!(t = fopen(path, "r"))) {
    fprintf(stderr, "sfconform: %s: no template; no HTML matrix\n", path);
    return;
  }
  if (!(f = fopen(out, "w")))
    sfc_die(2, "%s: cannot write", out);
  while (fgets(line, sizeof line, t)) {
    char *p = line;
    while (*p == ' ' || *p == '\t')
      p++;
    if (done || strncmp(p, "/*SFCONFORM-DATA*/", 18) != 0) {
      fputs(line, f);
      continue;
    }
    done = 1;
    fprintf(f, "const DATA = {\"generated\":\"sfconform\",\"corpus\":");
    sfc_json_str_html(f, corpus_release());
    fprintf(f, ",\"impls\":[");
    for (m = 0; m < nim; m++) {
      fprintf(f, m ? "," : "");
      sfc_json_str_html(f, ims[m].name);
    }
    fprintf(f, "],\n\"versions\":[");
    for (m = 0; m < nim; m++) {
      char v[512]; /* room for every part at its longest: nothing is cut */
      snprintf(v, sizeof v, "%s %s, %s%s%s%s", ims[m].caps_name, ims[m].caps_version, ims[m].date,
               ims[m].kept ? " (an earlier run)" : "", other_corpus(&ims[m]) ? ", corpus " : "",
               other_corpus(&ims[m]) ? ims[m].corpus : "");
      fprintf(f, m ? "," : "");
      sfc_json_str_html(f, v);
    }
    fprintf(f, "],\n\"cases\":[");
    for (i = 0; i < n; i++) {
      const kase *k = &cs[i];
      fprintf(f, "%s\n{", i ? "," : "");
      write_case_fields(f, k, 1);
      fprintf(f, ",\"results\":[");
      for (m = 0; m < nim; m++) {
        fprintf(f, "%s{\"status\":\"%s\",\"detail\":", m ? "," : "", st_names[ims[m].res[i].status]);
        sfc_json_str_html(f, ims[m].res[i].detail);
        fprintf(f, "}");
      }
      fprintf(f, "]}");
    }
    fprintf(f, "]};\n");
  }
  fclose(t);
  if (fclose(f) != 0)
    sfc_die(2, "%s: write error", out);
}

/* --tap: one TAP line per implementation x corpus source; a case is as
 * expected when it passes (or, for an `impl` case, is recorded). */
int write_tap(FILE *f, impl *ims, int nim, const kase *cs, size_t n) {
  static const char *const sources[] = {"catalogue", "generated", "mutants", "real", "vectors"};
  int m, t = 0, bad = 0;
  size_t si, i;
  for (m = 0; m < nim; m++)
    for (si = 0; si < sizeof sources / sizeof *sources; si++) {
      size_t total = 0, wrong = 0, shown = 0;
      for (i = 0; i < n; i++) {
        int st = ims[m].res[i].status;
        if (strcmp(cs[i].source, sources[si]) != 0)
          continue;
        total++;
        if (st != ST_PASS && st != ST_IMPL_ACCEPT && st != ST_IMPL_REJECT)
          wrong++;
      }
      if (!total)
        continue;
      if (!wrong) {
        fprintf(f, "ok %d - corpus %s (%s): %zu sections give their expected results\n", ++t,
                sources[si], ims[m].name, total);
        continue;
      }
      bad = 1;
      fprintf(f, "not ok %d - corpus %s (%s): %zu of %zu sections differ\n", ++t, sources[si],
              ims[m].name, wrong, total);
      for (i = 0; i < n && shown < 20; i++) {
        int st = ims[m].res[i].status;
        if (strcmp(cs[i].source, sources[si]) != 0 || st == ST_PASS || st == ST_IMPL_ACCEPT ||
            st == ST_IMPL_REJECT)
          continue;
        shown++;
        fprintf(f, "#   %s: %s %s\n", cs[i].id, st_names[st], ims[m].res[i].detail);
      }
    }
  if (!t) {
    fprintf(f, "not ok 1 - corpus: no sections\n");
    t = 1, bad = 1;
  }
  fprintf(f, "1..%d\n", t);
  fclose(f);
  return bad;
}

