/* SPDX-License-Identifier: MIT */
/* expected.c - the expected-results files, conformance/expected/IMPL.txt. */
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

/* ---- expected results: conformance/expected/<impl>.txt ----
 * "# version: V" names the implementation's version the file was written
 * for; then "ID STATUS" per corpus section, in manifest order, and for an
 * unstable case "ID unstable OUTCOME,OUTCOME...". */

static unsigned parse_outcomes(char *list) {
  unsigned m = 0;
  char *p, *save = NULL;
  for (p = list ? strtok_r(list, ",", &save) : NULL; p; p = strtok_r(NULL, ",", &save)) {
    int s = st_by_name(p);
    if (s >= 0)
      m |= 1u << s;
  }
  return m;
}

void load_expected(impl *im, const opts *o, const kase *cs, size_t n) {
  char path[PATH_MAX], *text, *line, *save = NULL;
  size_t i, j = 0, ncase = 0, cap = 0;
  char **ids = NULL, **sts = NULL;
  im->want = malloc((n ? n : 1) * sizeof *im->want);
  im->want_alts = calloc(n ? n : 1, sizeof *im->want_alts);
  if (!im->want || !im->want_alts)
    sfc_die(2, "%s", "out of memory");
  for (i = 0; i < n; i++)
    im->want[i] = -1;
  pathf(path, sizeof path, "%s/expected/%s.txt", o->confdir, im->name);
  if (!(text = read_text(path, NULL)))
    return;
  im->has_expected = 1;
  for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    char *sp = strchr(line, ' ');
    if (!strncmp(line, "# version: ", 11)) {
      snprintf(im->exp_version, sizeof im->exp_version, "%s", line + 11);
      continue;
    }
    if (line[0] == '#' || !sp)
      continue;
    *sp = 0;
    if (ncase == cap) {
      cap = cap ? 2 * cap : 4096;
      ids = realloc(ids, cap * sizeof *ids);
      sts = realloc(sts, cap * sizeof *sts);
      if (!ids || !sts)
        sfc_die(2, "%s", "out of memory");
    }
    ids[ncase] = line;
    sts[ncase++] = sp + 1;
  }
  /* Both lists are in manifest order: walk them together by id. */
  for (i = 0; i < n; i++) {
    size_t start = j;
    char *alts;
    while (j < ncase && strcmp(ids[j], cs[i].id) != 0)
      j++;
    if (j == ncase) {
      j = start;
      continue;
    }
    alts = strchr(sts[j], ' ');
    if (alts)
      *alts++ = 0;
    im->want[i] = st_by_name(sts[j]);
    if (im->want[i] == ST_UNSTABLE)
      im->want_alts[i] = parse_outcomes(alts);
    j++;
  }
  free(ids);
  free(sts);
  free(text);
}

/* The first outcome is what was expected (a stable outcome that an
 * expected `unstable` case has shown before counts as expected). */
int as_expected(const impl *im, size_t i, int st) {
  if (im->want[i] == st)
    return 1;
  return im->want[i] == ST_UNSTABLE && (im->want_alts[i] & (1u << st));
}


static void write_outcomes(FILE *f, unsigned m) {
  int s, first = 1;
  for (s = 0; s < ST_COUNT; s++)
    if (m & (1u << s)) {
      fprintf(f, "%s%s", first ? " " : ",", st_names[s]);
      first = 0;
    }
}

/* What --update-expected writes for case i: the outcome seen, except that
 * an expected `unstable` case keeps its entry while it shows one of the
 * outcomes listed (a run that saw one of them once proves nothing stable),
 * and gains any new outcome it showed while unstable. */
static int updated_status(const impl *im, size_t i, unsigned *outcomes) {
  int st = im->res[i].status;
  *outcomes = im->res[i].outcomes;
  if (im->want[i] != ST_UNSTABLE)
    return st;
  if (st == ST_UNSTABLE) {
    *outcomes |= im->want_alts[i];
    return st;
  }
  if (im->want_alts[i] & (1u << st)) {
    *outcomes = im->want_alts[i];
    return ST_UNSTABLE;
  }
  return st;
}

/* Compares with the expected-results file, or rewrites it, saying which
 * entries changed.  Returns the
 * number of differences that count (-1: no file).  An `unstable` outcome is
 * shown and never counts; nor does anything when the file was written for
 * another version of the implementation (a user's machine with another
 * release is not a regression): that is reported as such. */
long check_expected(impl *im, const opts *o, const kase *cs, size_t n) {
  char path[PATH_MAX];
  long diffs = 0, unstable = 0;
  size_t i, shown = 0;
  int other_version;
  pathf(path, sizeof path, "%s/expected/%s.txt", o->confdir, im->name);
  if (o->update_expected) {
    FILE *f;
    if (o->sample > 1)
      sfc_die(2, "%s", "--update-expected needs the whole corpus (no --sample)");
    for (i = 0; i < n; i++)
      if (im->res[i].status == ST_NOT_RUN) {
        fprintf(stderr, "sfconform: %s: not rewritten: %s was not run (%s)\n", path, cs[i].id,
                im->res[i].detail);
        return -1;
      }
    if (!(f = fopen(path, "w")))
      sfc_die(2, "%s: cannot write", path);
    fprintf(f, "# %s: the status of every corpus section (sfconform --update-expected)\n",
            im->name);
    fprintf(f, "# version: %s\n", im->caps_version);
    for (i = 0; i < n; i++) {
      unsigned outs;
      int st = updated_status(im, i, &outs);
      fprintf(f, "%s %s", cs[i].id, st_names[st]);
      if (st == ST_UNSTABLE)
        write_outcomes(f, outs);
      fputc('\n', f);
      if (im->has_expected &&
          (st != im->want[i] || (st == ST_UNSTABLE && outs != im->want_alts[i]))) {
        diffs++;
        if (shown++ < 20) {
          fprintf(stderr, "sfconform: %s: %s: was %s", im->name, cs[i].id,
                  im->want[i] < 0 ? "absent" : st_names[im->want[i]]);
          if (im->want[i] == ST_UNSTABLE)
            write_outcomes(stderr, im->want_alts[i]);
          fprintf(stderr, ", now %s", st_names[st]);
          if (st == ST_UNSTABLE)
            write_outcomes(stderr, outs);
          fputc('\n', stderr);
        }
      }
    }
    if (fclose(f) != 0)
      sfc_die(2, "%s: write error", path);
    if (diffs)
      fprintf(stderr, "sfconform: %s: %ld entries of %s changed\n", im->name, diffs, path);
    return 0;
  }
  if (!im->has_expected)
    return -1;
  other_version = im->exp_version[0] && strcmp(im->exp_version, im->caps_version) != 0;
  for (i = 0; i < n; i++) {
    int st = im->res[i].status;
    if (im->want[i] < 0) {
      diffs++;
      if (shown++ < 20)
        fprintf(stderr, "sfconform: %s: %s: new case, now %s\n", im->name, cs[i].id, st_names[st]);
    } else if (st == ST_UNSTABLE) {
      unstable++;
    } else if (!as_expected(im, i, st)) {
      diffs++;
      if (shown++ < 20)
        fprintf(stderr, "sfconform: %s: %s: was %s, now %s (%s)\n", im->name, cs[i].id,
                st_names[im->want[i]], st_names[st], im->res[i].detail);
    }
  }
  if (unstable)
    fprintf(stderr, "sfconform: %s: %ld cases are unstable (their outcome varies from run to "
                    "run; never counted as a failure)\n", im->name, unstable);
  if (diffs && other_version) {
    fprintf(stderr, "sfconform: %s: %s was written for version %s; this is %s: %ld results "
                    "differ (another release, not a regression)\n",
            im->name, path, im->exp_version, im->caps_version, diffs);
    return 0;
  }
  if (diffs)
    fprintf(stderr, "sfconform: %s: %ld results differ from %s (sfconform --update-expected "
                    "rewrites it once the change is understood)\n",
            im->name, diffs, path);
  return diffs;
}

