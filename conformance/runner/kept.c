/* SPDX-License-Identifier: MIT */
/* kept.c - the matrix keeps what it knows.  Each run writes OUT/IMPL/run.json
 * beside results.jsonl (which implementation, its version, when, over how
 * many sections); the summary and the HTML matrix then show, after the
 * implementations just run, every other implementation whose results are
 * in OUT, as its own latest run left them, with its version and date.
 * `make conformance IMPL=x` so replaces x's column and keeps the rest.
 * Cases a kept run did not decide (an older or sampled corpus) are not-run
 * there.  Kept implementations never change the run's exit status. */
#include "runner.h"
#include "sfc_json.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* A date as the matrix shows it: "2026-12-06 04:10 UTC". */
static void format_date(time_t t, char *out, size_t n) {
  struct tm tm;
  if (!gmtime_r(&t, &tm) || !strftime(out, n, "%Y-%m-%d %H:%M UTC", &tm))
    snprintf(out, n, "unknown date");
}

/* The run's date: SOURCE_DATE_EPOCH when set (a reproducible build), else now. */
static void run_date(char *out, size_t n) {
  const char *sde = getenv("SOURCE_DATE_EPOCH");
  uint64_t e;
  format_date(sde && sfc_parse_u64(sde, &e) && e <= (uint64_t)INT32_MAX ? (time_t)e : time(NULL), out, n);
}

void write_run_info(impl *im, const opts *o, size_t n) {
  char path[PATH_MAX];
  FILE *f;
  run_date(im->date, sizeof im->date);
  snprintf(im->corpus, sizeof im->corpus, "%s", corpus_release());
  pathf(path, sizeof path, "%s/%s/run.json", o->out, im->name);
  if (!(f = fopen(path, "w")))
    sfc_die(2, "%s: cannot write", path);
  fprintf(f, "{\"impl\":");
  sfc_json_str_html(f, im->name);
  fprintf(f, ",\"name\":");
  sfc_json_str_html(f, im->caps_name);
  fprintf(f, ",\"version\":");
  sfc_json_str_html(f, im->caps_version);
  fprintf(f, ",\"date\":");
  sfc_json_str_html(f, im->date);
  fprintf(f, ",\"corpus\":");
  sfc_json_str_html(f, corpus_release());
  fprintf(f, ",\"seconds\":%.1f,\"sections\":%zu,\"sample\":%d}\n", im->seconds, n,
          o->sample > 1 ? o->sample : 1);
  if (fclose(f) != 0)
    sfc_die(2, "%s: write error", path);
}

/* A string member of a parsed object into out (empty when absent). */
static void get_string(const jvalue *obj, const char *key, char *out, size_t n) {
  const jvalue *v = json_get(obj, key);
  snprintf(out, n, "%s", v && v->type == J_STRING ? v->str : "");
}

/* Reads a whole small file; NULL when it cannot. */
static char *slurp(const char *path, size_t *len) {
  uint8_t *buf;
  return sfc_read_file(path, &buf, len) == SFC_READ_OK ? (char *)buf : NULL;
}

/* Sorted case indices, to find a case by its id. */
static const kase *sort_cases;
static int by_id(const void *a, const void *b) {
  return strcmp(sort_cases[*(const size_t *)a].id, sort_cases[*(const size_t *)b].id);
}
static long find_case(const size_t *order, const kase *cs, size_t n, const char *id) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(cs[order[mid]].id, id);
    if (!c)
      return (long)order[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return -1;
}

/* How long name's latest run in OUT took: its run.json's "seconds"
 * (sfconform starts the longest first), or -1 when unknown. */
double last_seconds(const opts *o, const char *name) {
  char path[PATH_MAX], err[200], lit[32];
  size_t len;
  char *text, *end;
  double secs = -1;
  jdoc doc;
  pathf(path, sizeof path, "%s/%s/run.json", o->out, name);
  if (!(text = slurp(path, &len)))
    return -1;
  if (json_parse(text, len, &doc, err, sizeof err) == 0) {
    const jvalue *v = json_get(&doc.root, "seconds");
    if (v && v->type == J_NUMBER && v->len < sizeof lit) {
      snprintf(lit, sizeof lit, "%.*s", (int)v->len, v->str);
      secs = strtod(lit, &end);
      if (*end || secs < 0)
        secs = -1;
    }
    json_free(&doc);
  }
  free(text);
  return secs;
}

/* The run in OUT/name: its run.json (or, for results older than run.json,
 * the version the results carry and the file's date) and its statuses
 * mapped onto this corpus.  0 when there are results to show. */
static int load_one(impl *k, const char *name, const opts *o, const kase *cs, size_t n,
                    const size_t *order) {
  char path[PATH_MAX], err[200];
  size_t len, i, decided = 0;
  char *text, *line, *end;
  jdoc doc;
  struct stat st;
  memset(k, 0, sizeof *k);
  snprintf(k->name, sizeof k->name, "%s", name);
  pathf(path, sizeof path, "%s/%s/results.jsonl", o->out, name);
  if (stat(path, &st) != 0 || !(text = slurp(path, &len)))
    return -1;
  if (!(k->res = calloc(n ? n : 1, sizeof *k->res)))
    sfc_die(2, "%s", "out of memory");
  for (i = 0; i < n; i++)
    k->res[i].status = ST_NOT_RUN;
  for (line = text; line < text + len; line = end + 1) {
    long c;
    int s;
    char id[256], status[64];
    if (!(end = memchr(line, '\n', (size_t)(text + len - line))))
      end = text + len;
    if (json_parse(line, (size_t)(end - line), &doc, err, sizeof err) != 0)
      continue; /* a line cut short by an interrupted run: the case stays not-run */
    get_string(&doc.root, "id", id, sizeof id);
    get_string(&doc.root, "status", status, sizeof status);
    if ((c = find_case(order, cs, n, id)) >= 0 && (s = st_by_name(status)) >= 0) {
      k->res[c].status = s;
      get_string(&doc.root, "detail", k->res[c].detail, sizeof k->res[c].detail);
      decided++;
    }
    if (!k->caps_version[0])
      get_string(&doc.root, "impl_version", k->caps_version, sizeof k->caps_version);
    json_free(&doc);
  }
  free(text);
  format_date(st.st_mtime, k->date, sizeof k->date);
  pathf(path, sizeof path, "%s/%s/run.json", o->out, name);
  if ((text = slurp(path, &len))) {
    if (json_parse(text, len, &doc, err, sizeof err) == 0) {
      get_string(&doc.root, "name", k->caps_name, sizeof k->caps_name);
      get_string(&doc.root, "version", k->caps_version, sizeof k->caps_version);
      get_string(&doc.root, "date", k->date, sizeof k->date);
      get_string(&doc.root, "corpus", k->corpus, sizeof k->corpus);
      json_free(&doc);
    }
    free(text);
  }
  if (!k->corpus[0]) /* a run.json from before releases were named */
    snprintf(k->corpus, sizeof k->corpus, "unreleased");
  k->kept = 1;
  if (!decided) { /* nothing of this corpus: not worth a column */
    free(k->res);
    k->res = NULL;
    return -1;
  }
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(((const impl *)a)->name, ((const impl *)b)->name);
}

int load_kept(const impl *ims, int nim, const opts *o, const kase *cs, size_t n, impl **out) {
  DIR *d = opendir(o->out);
  struct dirent *e;
  impl *kept = NULL;
  size_t *order;
  int nk = 0, cap = 0, i;
  *out = NULL;
  if (!d)
    return 0;
  if (!(order = malloc((n ? n : 1) * sizeof *order)))
    sfc_die(2, "%s", "out of memory");
  for (size_t c = 0; c < n; c++)
    order[c] = c;
  sort_cases = cs;
  qsort(order, n, sizeof *order, by_id);
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.' || strlen(e->d_name) >= sizeof kept->name)
      continue;
    for (i = 0; i < nim && strcmp(ims[i].name, e->d_name); i++)
      ;
    if (i < nim)
      continue; /* run just now */
    if (nk == cap && !(kept = realloc(kept, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *kept)))
      sfc_die(2, "%s", "out of memory");
    if (load_one(&kept[nk], e->d_name, o, cs, n, order) == 0)
      nk++;
  }
  closedir(d);
  free(order);
  if (nk)
    qsort(kept, (size_t)nk, sizeof *kept, by_name); /* readdir's order is the file system's */
  *out = kept;
  return nk;
}

void free_kept(impl *kept, int nk) {
  for (int i = 0; i < nk; i++)
    free(kept[i].res);
  free(kept);
}
