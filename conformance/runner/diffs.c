/* SPDX-License-Identifier: MIT */
/* diffs.c - every difference of a failing case, and the failures of one
 * implementation grouped by cause.
 *
 * A worker keeps each difference its case's commands show (diff_add: the
 * command, the field path with its indices taken out, the shape of got
 * against want, the PC and mode or the function and row it is at) in a
 * sink, and appends them, once the case is decided, to a file of its own
 * (OUT/NAME/diffs.wN.tsv).  write_failures reads them back with the
 * cases' statuses and groups every failure by cause: the command, the
 * field and the shape for a wrong answer; the status and what it says
 * (digits taken out) for a wrong verdict.  Largest group first, each with
 * its count, three example cases, the commands that reproduce one (the
 * implementation's and the oracle's) and the examples' sections copied to
 * OUT/NAME/groups/NN/, a directory the author can attach to a report. */
#define _DEFAULT_SOURCE 1
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner.h"
#include "sfc_json.h"

/* ---- the worker's side ---- */

void diff_reset(diffsink *ds) {
  ds->len = 0;
  ds->lines = 0;
}

static void put(diffsink *ds, const char *s, size_t n) {
  if (ds->len + n + 1 > ds->cap) {
    size_t cap = ds->cap ? ds->cap : 4096;
    char *b;
    while (cap < ds->len + n + 1)
      cap *= 2;
    if (!(b = realloc(ds->buf, cap)))
      sfc_die(2, "%s", "out of memory");
    ds->buf = b, ds->cap = cap;
  }
  memcpy(ds->buf + ds->len, s, n);
  ds->len += n;
}

/* A field of a record: tabs, line breaks and control bytes become spaces. */
static void put_field(diffsink *ds, const char *s, int last) {
  char c;
  for (; *s; s++) {
    c = (unsigned char)*s < 0x20 ? ' ' : *s;
    put(ds, &c, 1);
  }
  put(ds, last ? "\n" : "\t", 1);
}

/* The path without its array indices: "[3].rules.cfa.base" is
 * "rules.cfa.base" (a lookup's answer), "functions[2].fres[0].start"
 * "functions[].fres[].start"; the top of a lookup is its answers. */
static void field_of(const char *path, char *out, size_t n) {
  size_t o = 0;
  const char *p = path;
  if (!strcmp(path, "(top)")) {
    snprintf(out, n, "(answers)");
    return;
  }
  if (*p == '[') { /* a top-level array: the answers are its elements */
    p = strchr(p, ']');
    p = p ? p + 1 : path + strlen(path);
    if (*p == '.')
      p++;
  }
  for (; *p && o + 3 < n; p++) {
    if (*p == '[') {
      out[o++] = '[', out[o++] = ']';
      while (*p && *p != ']')
        p++;
      if (!*p)
        break;
      continue;
    }
    out[o++] = *p;
  }
  out[o] = 0;
  if (!o)
    snprintf(out, n, "(answer)");
}

/* A number literal's value, when it is an integer that fits. */
static int int_of(const jvalue *v, long long *x) {
  char buf[32], *end;
  if (!v || v->type != J_NUMBER || v->len >= sizeof buf)
    return 0;
  memcpy(buf, v->str, v->len);
  buf[v->len] = 0;
  errno = 0;
  *x = strtoll(buf, &end, 10);
  return !errno && *end == 0;
}

static int is_address(const jvalue *v) {
  return v && v->type == J_STRING && v->len > 2 && v->str[0] == '0' && v->str[1] == 'x';
}

static const char *kind_of(const jvalue *v, char *buf, size_t n) {
  static const char *names[] = {"null", "false", "true", "a number", "a string", "an array",
                                "an object"};
  if (!v)
    return "nothing";
  if (is_address(v))
    return "an address";
  if (v->type == J_STRING && v->len <= 24) {
    snprintf(buf, n, "\"%s\"", v->str);
    return buf;
  }
  return names[v->type];
}

/* The shape of a difference: what kind of wrong it is, the same for every
 * PC a bug touches (the values themselves are in the examples). */
static void shape_of(const jdiff *d, char *out, size_t n) {
  long long g, w;
  char a[40], b[40];
  if (d->kind == JD_MISSING) {
    snprintf(out, n, "missing");
    return;
  }
  if (d->kind == JD_EXTRA) {
    snprintf(out, n, "not in the canonical form");
    return;
  }
  if (d->kind == JD_LENGTH) {
    snprintf(out, n, "%s elements than wanted", d->got->len < d->want->len ? "fewer" : "more");
    return;
  }
  if (d->got->type != d->want->type || d->got->type == J_STRING) {
    if (is_address(d->got) && is_address(d->want))
      snprintf(out, n, "another address");
    else
      snprintf(out, n, "got %s, want %s", kind_of(d->got, a, sizeof a),
               kind_of(d->want, b, sizeof b));
    return;
  }
  if (d->got->type == J_NUMBER && int_of(d->got, &g) && int_of(d->want, &w)) {
    if (g == -w)
      snprintf(out, n, "sign flipped");
    else if (g == 0)
      snprintf(out, n, "got 0");
    else if (w == 0)
      snprintf(out, n, "got non-zero, want 0");
    else if (g % w == 0 && g / w > 1)
      snprintf(out, n, "%lld times what is wanted", g / w);
    else if (w % g == 0 && w / g > 1)
      snprintf(out, n, "1/%lld of what is wanted", w / g);
    else if (g - w >= -64 && g - w <= 64)
      snprintf(out, n, "off by %+lld", g - w);
    else
      snprintf(out, n, "another number");
    return;
  }
  snprintf(out, n, "got %s, want %s", d->got_text, d->want_text);
}

/* Where a difference is: the PC and mode of a lookup's answer, the
 * function and row of a dump, the frame of an unwind. */
static void where_of(const char *cmd, const jdiff *d, const jvalue *want, char *loc, size_t ln,
                     char *pc, size_t pn, char *mode, size_t mn) {
  loc[0] = pc[0] = mode[0] = 0;
  if (!strcmp(cmd, "lookup")) {
    const jvalue *a, *p, *m;
    if (!d->nidx || want->type != J_ARRAY || d->idx[0] >= want->len)
      return;
    a = &want->items[d->idx[0]];
    p = json_get(a, "pc");
    m = json_get(a, "mode");
    if (p && p->type == J_STRING)
      snprintf(pc, pn, "%s", p->str);
    if (m && m->type == J_STRING)
      snprintf(mode, mn, "%s", m->str);
    snprintf(loc, ln, "pc %s %s", pc, mode);
  } else if (!strcmp(cmd, "decode")) {
    const jvalue *fs = json_get(want, "functions"), *f, *st, *fr, *rs;
    if (!d->nidx || !fs || fs->type != J_ARRAY || d->idx[0] >= fs->len ||
        strncmp(d->path, "functions[", 10) != 0)
      return;
    f = &fs->items[d->idx[0]];
    st = json_get(f, "start");
    if (!st || st->type != J_STRING)
      return;
    snprintf(loc, ln, "function %zu at %s", d->idx[0], st->str);
    fr = json_get(f, "fres");
    if (d->nidx > 1 && fr && fr->type == J_ARRAY && d->idx[1] < fr->len &&
        strstr(d->path, ".fres[")) {
      long long off;
      rs = json_get(&fr->items[d->idx[1]], "start");
      if (int_of(rs, &off) && off >= 0) {
        unsigned long long s = strtoull(st->str, NULL, 16);
        snprintf(pc, pn, "0x%llx", s + (unsigned long long)off);
        snprintf(loc + strlen(loc), ln - strlen(loc), ", row %zu at %s", d->idx[1], pc);
      }
    } else {
      snprintf(pc, pn, "%s", st->str);
    }
  } else if (d->nidx) {
    snprintf(loc, ln, "frame %zu", d->idx[0]);
  }
}

void diff_add(diffsink *ds, const kase *k, const char *cmd, const jdiff *d, const jvalue *want) {
  char field[256], shape[160], loc[160], pc[40], mode[8];
  (void)k;
  if (ds->lines >= DIFFS_PER_CASE)
    return;
  ds->lines++;
  field_of(d->path, field, sizeof field);
  shape_of(d, shape, sizeof shape);
  where_of(cmd, d, want, loc, sizeof loc, pc, sizeof pc, mode, sizeof mode);
  put_field(ds, cmd, 0);
  put_field(ds, field, 0);
  put_field(ds, shape, 0);
  put_field(ds, loc, 0);
  put_field(ds, pc, 0);
  put_field(ds, mode, 0);
  put_field(ds, d->got_text, 0);
  put_field(ds, d->want_text, 1);
}

void diff_flush(diffsink *ds, FILE *f, size_t idx) {
  const char *p = ds->buf, *end = ds->buf + ds->len;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t len = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
    fprintf(f, "%zu\t%.*s", idx, (int)len, p);
    p += len;
  }
  diff_reset(ds);
}

/* ---- the runner's side: groups ---- */

#define EXAMPLES 3
typedef struct example {
  size_t idx;
  char cmd[16], loc[160], pc[40], mode[8], got[64], want[64];
} example;

typedef struct group {
  char *key; /* status \t command \t field \t shape */
  int status;
  char cmd[16], field[256], shape[160];
  unsigned long diffs, cases;
  size_t last_idx; /* the last case counted, +1 */
  int nex;
  example ex[EXAMPLES];
} group;

typedef struct groups {
  group *g;
  size_t n, cap;
  /* per field: answers that differ there */
  struct fieldcount {
    char cmd[16], field[256];
    unsigned long n;
  } *f;
  size_t nf, capf;
} groups;

static group *group_for(groups *gs, int status, const char *cmd, const char *field,
                        const char *shape) {
  char key[700];
  size_t i;
  snprintf(key, sizeof key, "%d\t%s\t%s\t%s", status, cmd, field, shape);
  for (i = 0; i < gs->n; i++)
    if (!strcmp(gs->g[i].key, key))
      return &gs->g[i];
  if (gs->n == gs->cap) {
    size_t cap = gs->cap ? gs->cap * 2 : 64;
    group *g = realloc(gs->g, cap * sizeof *g);
    if (!g)
      sfc_die(2, "%s", "out of memory");
    gs->g = g, gs->cap = cap;
  }
  group *g = &gs->g[gs->n++];
  memset(g, 0, sizeof *g);
  g->key = xstrdup(key);
  g->status = status;
  snprintf(g->cmd, sizeof g->cmd, "%s", cmd);
  snprintf(g->field, sizeof g->field, "%s", field);
  snprintf(g->shape, sizeof g->shape, "%s", shape);
  return g;
}

static void count_field(groups *gs, const char *cmd, const char *field) {
  size_t i;
  for (i = 0; i < gs->nf; i++)
    if (!strcmp(gs->f[i].cmd, cmd) && !strcmp(gs->f[i].field, field)) {
      gs->f[i].n++;
      return;
    }
  if (gs->nf == gs->capf) {
    size_t cap = gs->capf ? gs->capf * 2 : 32;
    struct fieldcount *f = realloc(gs->f, cap * sizeof *f);
    if (!f)
      sfc_die(2, "%s", "out of memory");
    gs->f = f, gs->capf = cap;
  }
  snprintf(gs->f[gs->nf].cmd, sizeof gs->f[gs->nf].cmd, "%s", cmd);
  snprintf(gs->f[gs->nf].field, sizeof gs->f[gs->nf].field, "%s", field);
  gs->f[gs->nf++].n = 1;
}

static void add_to(group *g, size_t idx, const char *cmd, const char *loc, const char *pc,
                   const char *mode, const char *got, const char *want) {
  g->diffs++;
  if (g->last_idx != idx + 1) {
    g->cases++;
    g->last_idx = idx + 1;
    if (g->nex < EXAMPLES) {
      example *e = &g->ex[g->nex++];
      e->idx = idx;
      snprintf(e->cmd, sizeof e->cmd, "%s", cmd);
      snprintf(e->loc, sizeof e->loc, "%s", loc);
      snprintf(e->pc, sizeof e->pc, "%s", pc);
      snprintf(e->mode, sizeof e->mode, "%s", mode);
      snprintf(e->got, sizeof e->got, "%s", got);
      snprintf(e->want, sizeof e->want, "%s", want);
    }
  }
}

/* A verdict's detail with its numbers taken out ("decode rejected:
 * bad FRE at 0x1c" is "decode rejected: bad FRE at N"), at most 100
 * bytes: what every case of one cause says alike. */
static void normalize(const char *s, char *out, size_t n) {
  size_t o = 0;
  while (*s && o + 2 < n && o < 100) {
    if (*s == '0' && s[1] == 'x' && isxdigit((unsigned char)s[2])) {
      s += 2;
      while (isxdigit((unsigned char)*s))
        s++;
      out[o++] = 'N';
    } else if (isdigit((unsigned char)*s)) {
      while (isdigit((unsigned char)*s))
        s++;
      out[o++] = 'N';
    } else {
      out[o++] = (unsigned char)*s < 0x20 || *s == '\t' ? ' ' : *s;
      s++;
    }
  }
  out[o] = 0;
}

/* What the implementation did, and what the case wants, in a verdict's
 * example. */
static const char *what_it_did(int st) {
  switch (st) {
  case ST_SHOULD_ACCEPT: return "a rejection";
  case ST_SHOULD_REJECT: return "an accept";
  case ST_WRONG_FINDING: return "a rejection naming another finding";
  case ST_CRASH: return "a crash";
  case ST_TIMEOUT: return "no answer in time";
  case ST_TOO_MUCH_OUTPUT: return "more output than the runner keeps";
  case ST_TWIN_REJECTED: return "a rejection of the case and of its valid twin";
  case ST_NOTHING_COMPARED: return "an accept with nothing to compare";
  default: return st_names[st];
  }
}
static const char *what_is_wanted(const kase *k) {
  if (!strcmp(k->cls, "valid") || !strcmp(k->cls, "questionable"))
    return "an accept and the spec's answers";
  if (!strcmp(k->cls, "impl"))
    return "either";
  return "a rejection for its defect";
}

/* Which command a verdict's detail is about. */
static const char *verdict_cmd(const char *detail) {
  static const char *cmds[] = {"decode", "lookup", "unwind", "objdump"};
  for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
    if (!strncmp(detail, cmds[i], strlen(cmds[i])))
      return cmds[i];
  return "verdict";
}

static int by_size(const void *a, const void *b) {
  const group *x = a, *y = b;
  int fx = st_failed(x->status), fy = st_failed(y->status);
  if (fx != fy)
    return fy - fx; /* failures first, then what is neither */
  if (x->cases != y->cases)
    return x->cases < y->cases ? 1 : -1;
  if (x->diffs != y->diffs)
    return x->diffs < y->diffs ? 1 : -1;
  return strcmp(x->key, y->key);
}

static int by_count(const void *a, const void *b) {
  const struct fieldcount *x = a, *y = b;
  if (x->n != y->n)
    return x->n < y->n ? 1 : -1;
  int c = strcmp(x->cmd, y->cmd);
  return c ? c : strcmp(x->field, y->field);
}

/* Reads a worker's file into the groups: the differences of the cases
 * that ended wrong-output (a case decided again keeps its last run's). */
static void read_diffs(groups *gs, const impl *im, const char *path, size_t n) {
  FILE *f = fopen(path, "r");
  char *line = NULL;
  size_t cap = 0;
  if (!f)
    return;
  while (getline(&line, &cap, f) > 0) {
    char *fld[9], *p = line, *end;
    size_t k, idx;
    line[strcspn(line, "\n")] = 0;
    idx = (size_t)strtoull(line, &end, 10);
    if (*end != '\t' || idx >= n || im->res[idx].status != ST_WRONG_OUTPUT)
      continue;
    p = end + 1;
    for (k = 0; k < 8; k++) {
      fld[k] = p;
      p = strchr(p, '\t');
      if (!p)
        break;
      *p++ = 0;
    }
    if (k != 7)
      continue;
    {
      char cmd[16];
      snprintf(cmd, sizeof cmd, "%s", fld[0]);
      if (!strncmp(cmd, "unwind", 6))
        cmd[6] = 0;
      count_field(gs, cmd, fld[1]);
      add_to(group_for(gs, ST_WRONG_OUTPUT, cmd, fld[1], fld[2]), idx, fld[0], fld[3], fld[4],
             fld[5], fld[6], fld[7]);
    }
  }
  free(line);
  fclose(f);
}

/* The command line that asks the implementation what an example asks. */
static void impl_cmd(const impl *im, const kase *k, const example *e, char *out, size_t n) {
  const char *argv[4];
  int na, i;
  size_t o = 0;
  impl_argv(im, argv, &na);
  out[0] = 0;
  for (i = 0; i < na; i++)
    o += (size_t)snprintf(out + o, o < n ? n - o : 0, "%s ", argv[i]);
  if (o >= n)
    return;
  if (!strcmp(e->cmd, "lookup") && e->pc[0])
    snprintf(out + o, n - o, "lookup %s %s %s", k->path, k->vma, e->pc);
  else if (!strncmp(e->cmd, "unwind ", 7)) {
    char snap[PATH_MAX], sfx[40];
    snprintf(sfx, sizeof sfx, "unwind-%s.snapshot", e->cmd + 7);
    sibling(k, sfx, snap, sizeof snap);
    snprintf(out + o, n - o, "unwind %s %s %s", k->path, k->vma, snap);
  } else if (!strcmp(e->cmd, "lookup") || (!im->cmd_decode && im->cmd_lookup))
    snprintf(out + o, n - o, "lookup %s %s %s", k->path, k->vma, *k->pcs ? k->pcs : k->vma);
  else
    snprintf(out + o, n - o, "decode %s %s", k->path, k->vma);
}

/* The oracle's answer to the same question. */
static void oracle_cmd(const opts *o, const kase *k, const example *e, char *out, size_t n) {
  if (!strcmp(e->cmd, "lookup") && e->pc[0])
    snprintf(out, n, "%s/sfref lookup --json --raw --vma %s %s %s", o->bindir, k->vma, k->path,
             e->pc);
  else if (!strncmp(e->cmd, "unwind ", 7)) {
    char snap[PATH_MAX], sfx[40];
    snprintf(sfx, sizeof sfx, "unwind-%s.snapshot", e->cmd + 7);
    sibling(k, sfx, snap, sizeof snap);
    snprintf(out, n, "%s/sfref unwind --json --raw --vma %s %s %s", o->bindir, k->vma, k->path,
             snap);
  } else if (!strcmp(e->cmd, "lookup"))
    snprintf(out, n, "%s/sfref lookup --json --raw --vma %s %s %s", o->bindir, k->vma, k->path,
             *k->pcs ? k->pcs : k->vma);
  else
    snprintf(out, n, "%s/sfref validate --raw --vma %s %s; %s/sfref dump --json --raw --vma %s %s",
             o->bindir, k->vma, k->path, o->bindir, k->vma, k->path);
}

/* Example e of group g as it was run (its case, or the case's abs
 * variant: case_as_run) with the commands that reproduce it: the
 * implementation's into a, the oracle's into b. */
static const kase *example_cmds(const impl *im, const opts *o, const kase *cs, const example *ex,
                                kase *vk, char *vp, size_t vn, char *a, size_t an, char *b,
                                size_t bn) {
  const kase *k = case_as_run(&cs[ex->idx], &im->res[ex->idx], vk, vp, vn);
  impl_cmd(im, k, ex, a, an);
  oracle_cmd(o, k, ex, b, bn);
  return k;
}

static int copy_file(const char *from, const char *to) {
  FILE *a = fopen(from, "rb"), *b;
  char buf[65536];
  size_t got;
  int rc = 0;
  if (!a)
    return -1;
  if (!(b = fopen(to, "wb"))) {
    fclose(a);
    return -1;
  }
  while ((got = fread(buf, 1, sizeof buf, a)) > 0)
    if (fwrite(buf, 1, got, b) != got)
      rc = -1;
  if (ferror(a))
    rc = -1;
  fclose(a);
  if (fclose(b) != 0)
    rc = -1;
  return rc;
}

/* Copies an example's section and what the corpus expects of it into
 * dir (the section, its .expect and the oracle's answers). */
static void export_case(const kase *k, const char *dir) {
  static const char *ext[] = {"sframe", "expect", "dump.json", "lookup.json", "twin.sframe"};
  const char *base = strrchr(k->path, '/');
  char from[PATH_MAX], to[PATH_MAX];
  size_t blen;
  base = base ? base + 1 : k->path;
  blen = strlen(base) > 7 ? strlen(base) - 7 : strlen(base);
  for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
    sibling(k, ext[i], from, sizeof from);
    if (access(from, R_OK) != 0)
      continue;
    pathf(to, sizeof to, "%s/%.*s.%s", dir, (int)blen, base, ext[i]);
    if (copy_file(from, to) != 0)
      fprintf(stderr, "sfconform: cannot copy %s to %s\n", from, to);
  }
}

static void write_group_json(FILE *f, const impl *im, const opts *o, const kase *cs,
                             const group *g, int rank, const char *dir) {
  char a[PATH_MAX + 512], b[2 * PATH_MAX + 512];
  fprintf(f, "%s\n  {\"rank\":%d,\"status\":\"%s\",\"command\":", rank > 1 ? "," : "", rank,
          st_names[g->status]);
  sfc_json_str_html(f, g->cmd);
  fprintf(f, ",\"field\":");
  sfc_json_str_html(f, g->field);
  fprintf(f, ",\"shape\":");
  sfc_json_str_html(f, g->shape);
  fprintf(f, ",\"cases\":%lu,\"differences\":%lu,\"export\":", g->cases, g->diffs);
  sfc_json_str_html(f, dir);
  fprintf(f, ",\"examples\":[");
  for (int e = 0; e < g->nex; e++) {
    kase vk;
    char vp[PATH_MAX];
    const kase *k = example_cmds(im, o, cs, &g->ex[e], &vk, vp, sizeof vp, a, sizeof a, b,
                                 sizeof b);
    fprintf(f, "%s{\"id\":", e ? "," : "");
    sfc_json_str_html(f, k->id);
    fprintf(f, ",\"where\":");
    sfc_json_str_html(f, g->ex[e].loc);
    fprintf(f, ",\"pc\":");
    sfc_json_str_html(f, g->ex[e].pc);
    fprintf(f, ",\"mode\":");
    sfc_json_str_html(f, g->ex[e].mode);
    fprintf(f, ",\"got\":");
    sfc_json_str_html(f, g->ex[e].got);
    fprintf(f, ",\"want\":");
    sfc_json_str_html(f, g->ex[e].want);
    fprintf(f, ",\"run\":");
    sfc_json_str_html(f, a);
    fprintf(f, ",\"oracle\":");
    sfc_json_str_html(f, b);
    fprintf(f, "}");
  }
  fprintf(f, "]}");
}

/* One group in Markdown (failures.md, and the head of summary.md). */
static void write_group_md(FILE *f, const impl *im, const opts *o, const kase *cs, const group *g,
                           int rank) {
  char a[PATH_MAX + 512], b[2 * PATH_MAX + 512];
  fprintf(f, "### %d. %s `%s` %s: %s (%lu case%s, %lu difference%s)\n\n", rank,
          st_names[g->status], g->cmd, g->field, g->shape, g->cases, g->cases == 1 ? "" : "s",
          g->diffs, g->diffs == 1 ? "" : "s");
  for (int e = 0; e < g->nex; e++) {
    kase vk;
    char vp[PATH_MAX];
    const kase *k = example_cmds(im, o, cs, &g->ex[e], &vk, vp, sizeof vp, a, sizeof a, b,
                                 sizeof b);
    fprintf(f, "- `%s`%s%s: got %s, want %s\n", k->id, g->ex[e].loc[0] ? " at " : "",
            g->ex[e].loc, g->ex[e].got, g->ex[e].want);
    fprintf(f, "  - `%s`\n  - the spec's answer: `%s`\n", a, b);
  }
  fprintf(f, "\n");
}

/* The page of one implementation's failures by cause. */
static void html_text(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '<')
      fputs("&lt;", f);
    else if (*s == '>')
      fputs("&gt;", f);
    else if (*s == '&')
      fputs("&amp;", f);
    else if (*s == '"')
      fputs("&quot;", f);
    else
      fputc(*s, f);
  }
}

static void write_html_page(FILE *f, const impl *im, const opts *o, const kase *cs,
                            const groups *gs, unsigned long failed) {
  char a[PATH_MAX + 512], b[2 * PATH_MAX + 512];
  fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>");
  html_text(f, im->name);
  fprintf(f, ": failures by cause</title>\n<style>body{font:14px/1.4 system-ui,sans-serif;"
             "margin:1.5em;max-width:80em}table{border-collapse:collapse}td,th{border:1px solid "
             "#ccc;padding:2px 6px;text-align:left;vertical-align:top}td.n{text-align:right}"
             "code{font-size:12px}.bar{background:#e03131;height:10px;display:inline-block}"
             "details{margin:.3em 0}</style></head><body>\n<h1>");
  html_text(f, im->name);
  fprintf(f, ": %lu failed cases, by cause</h1>\n<p><a href=\"../index.html\">the matrix</a> "
             "&middot; <a href=\"failures.json\">failures.json</a></p>\n", failed);
  fprintf(f, "<h2>Answers that differ, by field</h2>\n<table><tr><th>command</th><th>field</th>"
             "<th>answers</th><th></th></tr>\n");
  for (size_t i = 0; i < gs->nf; i++) {
    fprintf(f, "<tr><td>");
    html_text(f, gs->f[i].cmd);
    fprintf(f, "</td><td><code>");
    html_text(f, gs->f[i].field);
    fprintf(f, "</code></td><td class=\"n\">%lu</td><td><span class=\"bar\" style=\"width:%lupx\">"
               "</span></td></tr>\n", gs->f[i].n,
            gs->f[0].n ? 1 + gs->f[i].n * 300 / gs->f[0].n : 1);
  }
  fprintf(f, "</table>\n<h2>Groups, largest first</h2>\n<table><tr><th>#</th><th>status</th>"
             "<th>command</th><th>field</th><th>shape</th><th>cases</th><th>differences</th>"
             "</tr>\n");
  for (size_t i = 0; i < gs->n; i++) {
    const group *g = &gs->g[i];
    fprintf(f, "<tr><td class=\"n\">%zu</td><td>%s</td><td>", i + 1, st_names[g->status]);
    html_text(f, g->cmd);
    fprintf(f, "</td><td><code>");
    html_text(f, g->field);
    fprintf(f, "</code></td><td>");
    html_text(f, g->shape);
    fprintf(f, "<details><summary>examples</summary>");
    for (int e = 0; e < g->nex; e++) {
      kase vk;
      char vp[PATH_MAX];
      const kase *k = example_cmds(im, o, cs, &g->ex[e], &vk, vp, sizeof vp, a, sizeof a, b,
                                   sizeof b);
      fprintf(f, "<p><code>");
      html_text(f, k->id);
      fprintf(f, "</code> ");
      html_text(f, g->ex[e].loc);
      fprintf(f, ": got ");
      html_text(f, g->ex[e].got);
      fprintf(f, ", want ");
      html_text(f, g->ex[e].want);
      fprintf(f, "<br><code>");
      html_text(f, a);
      fprintf(f, "</code><br><code>");
      html_text(f, b);
      fprintf(f, "</code></p>");
    }
    fprintf(f, "</details></td><td class=\"n\">%lu</td><td class=\"n\">%lu</td></tr>\n",
            g->cases, g->diffs);
  }
  fprintf(f, "</table>\n</body></html>\n");
}

/* Empties dir/groups of an earlier run's exports (groups/NN/ files): a
 * group that no longer exists leaves no sections behind. */
static void clear_groups(const char *dir) {
  char g[PATH_MAX], sub[PATH_MAX], file[PATH_MAX];
  DIR *d, *e;
  struct dirent *x, *y;
  pathf(g, sizeof g, "%s/groups", dir);
  if (!(d = opendir(g)))
    return;
  while ((x = readdir(d))) {
    if (x->d_name[0] == '.')
      continue;
    pathf(sub, sizeof sub, "%s/%s", g, x->d_name);
    if ((e = opendir(sub))) {
      while ((y = readdir(e)))
        if (y->d_name[0] != '.') {
          pathf(file, sizeof file, "%s/%s", sub, y->d_name);
          unlink(file);
        }
      closedir(e);
    }
    rmdir(sub);
  }
  closedir(d);
}

void write_failures(impl *im, const opts *o, const kase *cs, size_t n) {
  groups gs;
  char dir[PATH_MAX], path[PATH_MAX], gdir[PATH_MAX];
  unsigned long failed = 0;
  FILE *f, *md;
  memset(&gs, 0, sizeof gs);
  pathf(dir, sizeof dir, "%s/%s", o->out, im->name);
  clear_groups(dir);
  for (int w = 0; w < 64; w++) {
    pathf(path, sizeof path, "%s/diffs.w%d.tsv", dir, w);
    read_diffs(&gs, im, path, n);
    unlink(path);
  }
  /* Every other failure (and what is neither pass nor failure) by its
   * status and what it says. */
  for (size_t i = 0; i < n; i++) {
    const result *r = &im->res[i];
    char shape[128];
    if (st_failed(r->status))
      failed++;
    if (r->status == ST_WRONG_OUTPUT && r->ndiffs)
      continue;
    if (!st_failed(r->status) && r->status != ST_TWIN_REJECTED &&
        r->status != ST_NOTHING_COMPARED)
      continue;
    normalize(r->detail, shape, sizeof shape);
    add_to(group_for(&gs, r->status, verdict_cmd(r->detail), "(verdict)", shape), i,
           verdict_cmd(r->detail), "", "", "", what_it_did(r->status), what_is_wanted(&cs[i]));
  }
  if (gs.n)
    qsort(gs.g, gs.n, sizeof *gs.g, by_size);
  if (gs.nf)
    qsort(gs.f, gs.nf, sizeof *gs.f, by_count);

  pathf(path, sizeof path, "%s/failures.json", dir);
  if (!(f = fopen(path, "w")))
    sfc_die(2, "cannot write %s", path);
  pathf(path, sizeof path, "%s/failures.md", dir);
  if (!(md = fopen(path, "w")))
    sfc_die(2, "cannot write %s", path);
  fprintf(f, "{\"schema\":\"sframe-conformance/failures/1\",\"impl\":");
  sfc_json_str_html(f, im->name);
  fprintf(f, ",\"version\":");
  sfc_json_str_html(f, im->caps_version);
  fprintf(f, ",\"corpus\":");
  sfc_json_str_html(f, corpus_release());
  fprintf(f, ",\"failed\":%lu,\n \"fields\":[", failed);
  fprintf(md, "# %s: failures by cause\n\n%lu failed cases. The answers that differ, by field "
              "(one answer is one PC and mode of a lookup, one field of a dump or an unwind):\n\n"
              "| command | field | answers |\n|---|---|--:|\n", im->name, failed);
  for (size_t i = 0; i < gs.nf; i++) {
    fprintf(f, "%s{\"command\":", i ? "," : "");
    sfc_json_str_html(f, gs.f[i].cmd);
    fprintf(f, ",\"field\":");
    sfc_json_str_html(f, gs.f[i].field);
    fprintf(f, ",\"answers\":%lu}", gs.f[i].n);
    fprintf(md, "| %s | `%s` | %lu |\n", gs.f[i].cmd, gs.f[i].field, gs.f[i].n);
  }
  fprintf(f, "],\n \"groups\":[");
  fprintf(md, "\n## Groups, largest first\n\nEach with the commands that reproduce its first "
              "examples; the examples' sections are under `groups/`.\n\n");
  pathf(gdir, sizeof gdir, "%s/groups", dir);
  mkdirs(gdir);
  for (size_t i = 0; i < gs.n; i++) {
    char rel[32];
    snprintf(rel, sizeof rel, "groups/%02zu", i + 1);
    if (i < 99) { /* the sections of the first 99 groups, for a bug report */
      pathf(gdir, sizeof gdir, "%s/%s", dir, rel);
      mkdirs(gdir);
      for (int e = 0; e < gs.g[i].nex; e++) {
        size_t x = gs.g[i].ex[e].idx;
        kase vk;
        char vp[PATH_MAX];
        export_case(case_as_run(&cs[x], &im->res[x], &vk, vp, sizeof vp), gdir);
      }
    } else {
      rel[0] = 0;
    }
    write_group_json(f, im, o, cs, &gs.g[i], (int)i + 1, rel);
    write_group_md(md, im, o, cs, &gs.g[i], (int)i + 1);
  }
  fprintf(f, "]}\n");
  if (fclose(f) != 0 || fclose(md) != 0)
    sfc_die(2, "cannot write %s/failures.*", dir);
  pathf(path, sizeof path, "%s/failures.html", dir);
  if (!(f = fopen(path, "w")))
    sfc_die(2, "cannot write %s", path);
  write_html_page(f, im, o, cs, &gs, failed);
  if (fclose(f) != 0)
    sfc_die(2, "cannot write %s", path);
  for (size_t i = 0; i < gs.n; i++)
    free(gs.g[i].key);
  free(gs.g);
  free(gs.f);
}
