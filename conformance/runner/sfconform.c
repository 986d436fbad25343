/* sfconform - the conformance runner (conformance/PROTOCOL.md).
 *
 *   sfconform [options] IMPL...
 *
 * IMPL is a bundled adapter's name (reference, libsframe-2.47, objdump-2.44,
 * ...: BINDIR/sfadapter-NAME), a path to an executable or a shared library, or
 * NAME=PATH.  Every section of the corpus is run through every IMPL; the
 * results go to OUT/<impl>/results.jsonl and summary.md, and the matrix of
 * all of them to OUT/index.html and OUT/summary.md.
 * Exit status: 0 when every IMPL matches its expected-results file (bundled
 * adapters) or has no failure (others) and no skip list has gone stale;
 * 1 otherwise; 2 on usage or I/O errors. */
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

#include "json.h"
#include "proc.h"

#define MAX_IMPLS 16
#define MAX_OUT ((size_t)512 << 20)

/* ---- statuses ---- */
enum {
  ST_PASS, ST_SHOULD_ACCEPT, ST_SHOULD_REJECT, ST_WRONG_OUTPUT, ST_WRONG_FINDING, ST_CRASH,
  ST_TIMEOUT, ST_UNSUPPORTED, ST_IMPL_ACCEPT, ST_IMPL_REJECT, ST_SKIP, ST_UNSTABLE, ST_COUNT
};
static const char *st_names[ST_COUNT] = {
    "pass",    "should-accept", "should-reject", "wrong-output", "wrong-finding", "crash",
    "timeout", "unsupported",   "impl-accept",   "impl-reject",  "skip",          "unstable"};
/* How often a case is run again when its first outcome differs from the
 * expected one (or, without an expected-results file, is a crash or a
 * timeout): outcomes that vary make it `unstable` (never a failure). */
#define RERUNS 4
#define MAX_RERUN_CASES 200
static int st_failed(int s) { return s >= ST_SHOULD_ACCEPT && s <= ST_TIMEOUT; }

/* ---- one section of the corpus ---- */
typedef struct kase {
  char *id, *cls, *finding, *abi, *endian, *path; /* manifest columns */
  char *casename, *title, *source, *vma, *pcs;    /* from NAME.expect */
  int version, unwinds;
} kase;

typedef struct result {
  int status;
  unsigned outcomes; /* unstable: bit s for every status seen */
  int code; /* exit status, or -signal, or -1000 timeout */
  long ms;
  char detail[300];
  char err[201];
} result;

typedef struct skip_entry {
  char *pattern, *reason;
} skip_entry;

typedef struct impl {
  char name[64];
  char *argv0;     /* the executable, or the driver for a library */
  char *lib;       /* the library, when the IMPL is one */
  char caps_name[64], caps_version[64];
  int cmd_decode, cmd_lookup, cmd_unwind, cmd_objdump;
  unsigned versions;  /* bit v */
  char abis[128], endians[64];
  const char *unknown[32];
  char *unknown_store;
  skip_entry *skips;
  size_t nskips;
  result *res;
  int stale; /* skipped cases that now pass */
  /* conformance/expected/<name>.txt, mapped onto the corpus */
  int has_expected;
  char exp_version[128];       /* "# version: " line; empty when absent */
  int *want;                   /* per case: the expected status, -1 when new */
  unsigned *want_alts;         /* per case: outcomes of an expected `unstable` */
} impl;

typedef struct opts {
  const char *corpus, *out, *confdir, *bindir, *template_path;
  int jobs, sample, update_expected, strict, tap;
  double timeout;
} opts;

/* How the runner runs an adapter: in a process group of its own (killed
 * whole), in the runner's environment, with the time limit of --timeout. */
static proc_opts adapter_run_opts(const opts *o, size_t max_out) {
  proc_opts po;
  memset(&po, 0, sizeof po);
  po.timeout_s = o->timeout;
  po.max_out = max_out;
  po.own_group = 1;
  po.who = "sfconform";
  return po;
}

static void die(const char *fmt, const char *a) {
  fprintf(stderr, "sfconform: ");
  fprintf(stderr, fmt, a);
  fputc('\n', stderr);
  exit(2);
}

/* snprintf for paths and messages that must not be cut short. */
static void pathf(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  int len;
  va_start(ap, fmt);
  len = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  if (len < 0 || (size_t)len >= n)
    die("%s: path too long", buf);
}

static char *xstrdup(const char *s) {
  char *d = strdup(s ? s : "");
  if (!d)
    die("%s", "out of memory");
  return d;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf;
  long n;
  if (!f)
    return NULL;
  if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fclose(f);
    return NULL;
  }
  buf = malloc((size_t)n + 1);
  if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  if (buf) {
    buf[n] = 0;
    if (len)
      *len = (size_t)n;
  }
  return buf;
}

/* ---- the corpus ---- */

static kase *load_corpus(const opts *o, size_t *n) {
  kase *cs = NULL;
  size_t cap = 0, count = 0, seen = 0;
  int v;
  for (v = 1; v <= 3; v++) {
    char path[PATH_MAX], line[8192];
    FILE *f;
    pathf(path, sizeof path, "%s/manifest-v%d.txt", o->corpus, v);
    if (!(f = fopen(path, "r")))
      die("%s: cannot open (run make corpus first)", path);
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
          die("%s", "out of memory");
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
      if (!(text = read_file(epath, NULL)))
        die("%s: cannot read", epath);
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
static void sibling(const kase *k, const char *ext, char *out, size_t n) {
  size_t len = strlen(k->path);
  if (len > 7 && strcmp(k->path + len - 7, ".sframe") == 0)
    len -= 7;
  snprintf(out, n, "%.*s.%s", (int)len, k->path, ext);
}

/* ---- implementations ---- */

/* A shared library: ELF ET_DYN without a PT_INTERP program header. */
static int is_shared_library(const char *path) {
  unsigned char h[64];
  int fd = open(path, O_RDONLY);
  ssize_t got;
  int big, is64, i;
  uint64_t phoff;
  unsigned phentsize, phnum;
  if (fd < 0)
    return 0;
  got = read(fd, h, sizeof h);
  if (got < 52 || memcmp(h, "\177ELF", 4) != 0) {
    close(fd);
    return 0;
  }
  is64 = h[4] == 2;
  big = h[5] == 2;
#define U16(o) (big ? (unsigned)(h[o] << 8 | h[o + 1]) : (unsigned)(h[o + 1] << 8 | h[o]))
  if (U16(16) != 3 /* ET_DYN */) {
    close(fd);
    return 0;
  }
  phoff = 0;
  for (i = 0; i < (is64 ? 8 : 4); i++) {
    unsigned o = (is64 ? 32 : 28) + (unsigned)(big ? i : (is64 ? 7 : 3) - i);
    phoff = phoff << 8 | h[o];
  }
  phentsize = is64 ? U16(54) : U16(42);
  phnum = is64 ? U16(56) : U16(44);
#undef U16
  for (i = 0; i < (int)phnum && phentsize >= 4 && phentsize <= 64; i++) {
    unsigned char p[4];
    uint32_t type;
    if (pread(fd, p, 4, (off_t)(phoff + (uint64_t)i * phentsize)) != 4)
      break;
    type = big ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
               : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
    if (type == 3 /* PT_INTERP */) {
      close(fd);
      return 0;
    }
  }
  close(fd);
  return 1;
}

static void impl_argv(const impl *im, const char **argv, int *n) {
  *n = 0;
  argv[(*n)++] = im->argv0;
  if (im->lib)
    argv[(*n)++] = im->lib;
}

static int list_has(const jvalue *arr, const char *s) {
  size_t i;
  if (!arr || arr->type != J_ARRAY)
    return 0;
  for (i = 0; i < arr->len; i++)
    if ((arr->items[i].type == J_STRING && !strcmp(arr->items[i].str, s)) ||
        (arr->items[i].type == J_NUMBER && arr->items[i].len == strlen(s) &&
         !memcmp(arr->items[i].str, s, arr->items[i].len)))
      return 1;
  return 0;
}

static void load_skips(impl *im, const opts *o) {
  char path[PATH_MAX], line[1024];
  FILE *f;
  pathf(path, sizeof path, "%s/skip/%s.txt", o->confdir, im->name);
  if (!(f = fopen(path, "r")))
    return;
  while (fgets(line, sizeof line, f)) {
    char *pat, *reason;
    line[strcspn(line, "\n")] = 0;
    if (line[0] == '#' || !(pat = strtok(line, " \t")))
      continue;
    reason = strtok(NULL, "");
    while (reason && (*reason == ' ' || *reason == '\t'))
      reason++;
    if (!reason || !*reason)
      die("%s: every skip entry needs a reason", path);
    if (!(im->skips = realloc(im->skips, (im->nskips + 1) * sizeof *im->skips)))
      die("%s", "out of memory");
    im->skips[im->nskips].pattern = xstrdup(pat);
    im->skips[im->nskips].reason = xstrdup(reason);
    im->nskips++;
  }
  fclose(f);
}

static void setup_impl(impl *im, const char *spec, const opts *o) {
  const char *eq = strchr(spec, '='), *path = spec;
  char buf[PATH_MAX];
  const char *argv[4];
  int n, i;
  proc_result pr;
  proc_opts popts;
  jdoc doc;
  char err[200];
  const jvalue *v;

  memset(im, 0, sizeof *im);
  if (eq) {
    snprintf(im->name, sizeof im->name, "%.*s", (int)(eq - spec), spec);
    path = eq + 1;
  } else {
    /* A bundled adapter NAME is BINDIR/sfadapter-NAME. */
    if (!strchr(spec, '/')) {
      pathf(buf, sizeof buf, "%s/sfadapter-%s", o->bindir, spec);
      if (access(buf, X_OK) == 0)
        path = buf;
    }
    {
      const char *b = strrchr(spec, '/');
      snprintf(im->name, sizeof im->name, "%s", b ? b + 1 : spec);
    }
  }
  if (access(path, F_OK) != 0)
    die("%s: no such implementation (a bundled name, or a path)", path);
  if (is_shared_library(path)) {
    char drv[PATH_MAX];
    pathf(drv, sizeof drv, "%s/sfadapter-dl", o->bindir);
    im->argv0 = xstrdup(drv);
    im->lib = realpath(path, NULL);
    if (!im->lib)
      die("%s: cannot resolve", path);
  } else {
    char *rp = realpath(path, NULL);
    if (!rp || access(rp, X_OK) != 0)
      die("%s: not executable", path);
    im->argv0 = rp;
  }
  impl_argv(im, argv, &n);
  argv[n++] = "capabilities";
  argv[n] = NULL;
  popts = adapter_run_opts(o, 1 << 20);
  if (proc_run((char *const *)argv, &popts, &pr) != 0 || !pr.exited || pr.code != 0)
    die("%s: `capabilities` failed", path);
  if (json_parse(pr.out, pr.outlen, &doc, err, sizeof err) != 0 || doc.root.type != J_OBJECT) {
    fprintf(stderr, "sfconform: %s: capabilities: not a JSON object (%s)\n", path, err);
    exit(2);
  }
  if ((v = json_get(&doc.root, "name")) && v->type == J_STRING)
    snprintf(im->caps_name, sizeof im->caps_name, "%s", v->str);
  if ((v = json_get(&doc.root, "version")) && v->type == J_STRING)
    snprintf(im->caps_version, sizeof im->caps_version, "%s", v->str);
  v = json_get(&doc.root, "commands");
  im->cmd_decode = list_has(v, "decode");
  im->cmd_lookup = list_has(v, "lookup");
  im->cmd_unwind = list_has(v, "unwind");
  im->cmd_objdump = list_has(v, "objdump");
  v = json_get(&doc.root, "versions");
  for (i = 1; i <= 3; i++) {
    char d[2] = {(char)('0' + i), 0};
    if (list_has(v, d))
      im->versions |= 1u << i;
  }
  v = json_get(&doc.root, "abis");
  for (i = 0; i < 4; i++) {
    static const char *a[] = {"amd64", "aarch64-le", "aarch64-be", "s390x"};
    if (list_has(v, a[i]))
      snprintf(im->abis + strlen(im->abis), sizeof im->abis - strlen(im->abis), " %s ", a[i]);
  }
  v = json_get(&doc.root, "endian");
  if (list_has(v, "little"))
    strcat(im->endians, " little ");
  if (list_has(v, "big"))
    strcat(im->endians, " big ");
  v = json_get(&doc.root, "unknown_fields");
  if (v && v->type == J_ARRAY) {
    size_t total = 0, k, used = 0;
    for (k = 0; k < v->len && k < 31; k++)
      if (v->items[k].type == J_STRING)
        total += v->items[k].len + 1;
    im->unknown_store = malloc(total + 1);
    for (k = 0, n = 0; im->unknown_store && k < v->len && k < 31; k++)
      if (v->items[k].type == J_STRING) {
        memcpy(im->unknown_store + used, v->items[k].str, v->items[k].len + 1);
        im->unknown[n++] = im->unknown_store + used;
        used += v->items[k].len + 1;
      }
  }
  json_free(&doc);
  free(pr.out); /* numbers in doc pointed into it */
  if (!im->cmd_decode)
    die("%s: capabilities: the `decode` command is required", path);
  load_skips(im, o);
}

/* ---- one case ---- */

static void set(result *r, int st, const char *fmt, const char *a, const char *b) {
  r->status = st;
  snprintf(r->detail, sizeof r->detail, fmt, a, b);
}

/* Runs one command; fills r on a crash or timeout (returns -1), else 0. */
static int run(const impl *im, const opts *o, const char *const *args, proc_result *pr,
               result *r) {
  const char **argv;
  int n, i, rc;
  proc_opts popts;
  for (i = 0; args[i]; i++)
    ;
  if (!(argv = calloc((size_t)i + 4, sizeof *argv)))
    die("%s", "out of memory");
  impl_argv(im, argv, &n);
  for (i = 0; args[i]; i++)
    argv[n++] = args[i];
  argv[n] = NULL;
  popts = adapter_run_opts(o, MAX_OUT);
  rc = proc_run((char *const *)argv, &popts, pr);
  free(argv);
  if (rc != 0) {
    set(r, ST_CRASH, "cannot start %s%s", im->argv0, "");
    return -1;
  }
  r->ms += pr->ms;
  if (snprintf(r->err, sizeof r->err, "%s", pr->err) < 0)
    r->err[0] = 0;
  if (pr->timed_out) {
    set(r, ST_TIMEOUT, "%s: no exit within the time limit%s", args[0], "");
    r->code = -1000;
  } else if (!pr->exited) {
    char s[16];
    snprintf(s, sizeof s, "%d", pr->sig);
    set(r, ST_CRASH, "%s: killed by signal %s", args[0], s);
    r->code = -pr->sig;
  } else if (pr->code != 0 && pr->code != 1) {
    char s[16];
    snprintf(s, sizeof s, "%d", pr->code);
    set(r, ST_CRASH, "%s: exit status %s", args[0], s);
    r->code = pr->code;
  } else {
    r->code = pr->code;
    return 0;
  }
  free(pr->out);
  pr->out = NULL;
  return -1;
}

/* A lookup the section cannot answer (status rep-size-unknown: a
 * version-1 PCMASK function beyond its first row, SPEC-NOTES N14) is not
 * held against an implementation that declines to answer it: where the
 * expected object says rep-size-unknown and got says no-fre, the expected
 * status is taken as no-fre (rewritten in place: the parsed string owns at
 * least the 17 bytes of "rep-size-unknown").  A row found there is still
 * wrong-output (a CFA the section cannot justify).  Not under --strict,
 * which holds the oracle to its own answer. */
static void accept_declined(const jvalue *got, jvalue *want) {
  size_t i;
  if (got->type != J_ARRAY || want->type != J_ARRAY)
    return;
  for (i = 0; i < got->len && i < want->len; i++) {
    const jvalue *gs = json_get(&got->items[i], "status");
    jvalue *ws = (jvalue *)json_get(&want->items[i], "status");
    if (ws && gs && ws->type == J_STRING && gs->type == J_STRING &&
        !strcmp(ws->str, "rep-size-unknown") && !strcmp(gs->str, "no-fre")) {
      memcpy((char *)ws->str, "no-fre", sizeof "no-fre");
      ws->len = sizeof "no-fre" - 1;
    }
  }
}

/* Compares an accepted command's stdout with the expected file. */
static int compare_output(const impl *im, const opts *o, const proc_result *pr,
                          const char *want_path, const char *what, result *r) {
  size_t wl;
  char *want = read_file(want_path, &wl), err[200], diff[260];
  jdoc g, w;
  int rc = 0;
  if (!want) {
    set(r, ST_CRASH, "runner: cannot read %s%s", want_path, "");
    return -1;
  }
  if (pr->out_truncated) {
    set(r, ST_WRONG_OUTPUT, "%s: output larger than the runner keeps%s", what, "");
    free(want);
    return -1;
  }
  if (json_parse(pr->out, pr->outlen, &g, err, sizeof err) != 0) {
    set(r, ST_WRONG_OUTPUT, "%s: output is not JSON: %s", what, err);
    free(want);
    return -1;
  }
  if (json_parse(want, wl, &w, err, sizeof err) != 0) {
    json_free(&g);
    set(r, ST_CRASH, "runner: %s is not JSON%s", want_path, "");
    free(want);
    return -1;
  }
  if (!o->strict && !strcmp(what, "lookup"))
    accept_declined(&g.root, &w.root);
  if (json_compare(&g.root, &w.root, im->unknown, diff, sizeof diff) != 0) {
    set(r, ST_WRONG_OUTPUT, "%s: %s", what, diff);
    rc = -1;
  }
  json_free(&g);
  json_free(&w);
  free(want);
  return rc;
}

static int named_other_finding(const char *err, const char *want, char *named, size_t n) {
  const char *p = err;
  int any = 0, hit = 0;
  while (p && *p) {
    if (!strncmp(p, "finding: ", 9)) {
      size_t len = strcspn(p + 9, " \r\n");
      if (!any)
        snprintf(named, n, "%.*s", (int)len, p + 9);
      any = 1;
      if (len == strlen(want) && !strncmp(p + 9, want, len))
        hit = 1;
    }
    p = strchr(p, '\n');
    if (p)
      p++;
  }
  return any && !hit;
}

/* 1 when stderr has a line `finding: WANT`. */
static int names_finding(const char *err, const char *want) {
  const char *p = err;
  size_t n = strlen(want);
  while (p && *p) {
    if (!strncmp(p, "finding: ", 9) && !strncmp(p + 9, want, n) &&
        (p[9 + n] == 0 || p[9 + n] == '\n' || p[9 + n] == ' ' || p[9 + n] == '\r'))
      return 1;
    p = strchr(p, '\n');
    if (p)
      p++;
  }
  return 0;
}

/* --strict: stdout byte for byte equal to a file (the corpus holds the
 * oracle's exact renderings).  0, or -1 with r set. */
static int same_bytes(const proc_result *pr, const char *want_path, const char *what,
                      result *r) {
  size_t wl, i, line = 1;
  char *want = read_file(want_path, &wl), ln[24];
  if (!want) {
    set(r, ST_CRASH, "runner: cannot read %s%s", want_path, "");
    return -1;
  }
  for (i = 0; i < wl && i < pr->outlen && want[i] == pr->out[i]; i++)
    if (want[i] == '\n')
      line++;
  free(want);
  if (i == wl && i == pr->outlen && !pr->out_truncated)
    return 0;
  snprintf(ln, sizeof ln, "%zu", line);
  set(r, ST_WRONG_OUTPUT, "%s: differs from the corpus text at line %s", what, ln);
  return -1;
}

/* Runs `lookup` with the PCs of NAME.expect: 0, or -1 with r set (as run). */
static int run_lookup(const impl *im, const opts *o, const kase *k, proc_result *pr, result *r) {
  char *pcs = xstrdup(k->pcs), *p;
  const char **largs = calloc(strlen(k->pcs) / 2 + 5, sizeof *largs);
  int n = 3, rc;
  if (!largs)
    die("%s", "out of memory");
  largs[0] = "lookup", largs[1] = k->path, largs[2] = k->vma;
  for (p = strtok(pcs, " "); p; p = strtok(NULL, " "))
    largs[n++] = p;
  largs[n] = NULL;
  rc = run(im, o, largs, pr, r);
  free(pcs);
  free(largs);
  return rc;
}

/* Runs `unwind` on snapshot K and names its expected output in want. */
static int run_unwind(const impl *im, const opts *o, const kase *k, int K, char *want,
                      size_t wn, proc_result *pr, result *r) {
  char snap[PATH_MAX], sfx[40];
  const char *args[5];
  snprintf(sfx, sizeof sfx, "unwind-%d.snapshot", K);
  sibling(k, sfx, snap, sizeof snap);
  snprintf(sfx, sizeof sfx, "unwind-%d.json", K);
  sibling(k, sfx, want, wn);
  args[0] = "unwind", args[1] = k->path, args[2] = k->vma, args[3] = snap, args[4] = NULL;
  return run(im, o, args, pr, r);
}

/* --strict, after a conforming reject: an invalid section's lookups and
 * unwinds still answer (exit 1), as the corpus records them. */
static void strict_rejected(const impl *im, const opts *o, const kase *k, result *r) {
  char want[PATH_MAX];
  proc_result pr;
  int i, rc;
  sibling(k, "lookup.json", want, sizeof want);
  if (im->cmd_lookup && *k->pcs && access(want, R_OK) == 0) {
    if (run_lookup(im, o, k, &pr, r) != 0)
      return;
    rc = same_bytes(&pr, want, "lookup of a rejected section", r);
    free(pr.out);
    if (rc != 0)
      return;
  }
  for (i = 1; im->cmd_unwind && i <= k->unwinds; i++) {
    if (run_unwind(im, o, k, i, want, sizeof want, &pr, r) != 0)
      return;
    rc = same_bytes(&pr, want, "unwind of a rejected section", r);
    free(pr.out);
    if (rc != 0)
      return;
  }
}

static void run_case(const impl *im, const opts *o, const kase *k, result *r) {
  proc_result pr;
  char sfx[32], want[PATH_MAX];
  const char *args[8];
  int valid = !strcmp(k->cls, "valid") || !strcmp(k->cls, "questionable");
  int i;
  char abi[80], endian[16];

  memset(r, 0, sizeof *r);
  snprintf(abi, sizeof abi, " %s ", k->abi);
  snprintf(endian, sizeof endian, " %s ", k->endian);
  if (!(im->versions & (1u << k->version))) {
    snprintf(sfx, sizeof sfx, "%d", k->version);
    set(r, ST_UNSUPPORTED, "version %s%s", sfx, "");
    return;
  }
  if (!strstr(im->abis, abi)) {
    set(r, ST_UNSUPPORTED, "ABI %s%s", k->abi, "");
    return;
  }
  if (!strstr(im->endians, endian)) {
    set(r, ST_UNSUPPORTED, "%s endian%s", k->endian, "");
    return;
  }
  args[0] = "decode", args[1] = k->path, args[2] = k->vma, args[3] = NULL;
  if (run(im, o, args, &pr, r) != 0)
    return;
  if (!strcmp(k->cls, "impl")) {
    set(r, pr.code == 0 ? ST_IMPL_ACCEPT : ST_IMPL_REJECT, "%s%s", "", "");
    free(pr.out);
    return;
  }
  if (!valid) {
    char named[128];
    if (pr.code == 0)
      set(r, ST_SHOULD_REJECT, "accepted; the oracle finds %s%s", k->finding, "");
    else if (named_other_finding(pr.err, k->finding, named, sizeof named))
      set(r, ST_WRONG_FINDING, "named %s, want %s", named, k->finding);
    else if (o->strict && !names_finding(pr.err, k->finding))
      set(r, ST_WRONG_FINDING, "named no finding, want %s%s", k->finding, "");
    else
      set(r, ST_PASS, "%s%s", "", "");
    free(pr.out);
    if (o->strict && r->status == ST_PASS)
      strict_rejected(im, o, k, r);
    return;
  }
  if (o->strict && pr.code == 0 && !strcmp(k->cls, "questionable") &&
      !names_finding(pr.err, k->finding)) {
    set(r, ST_WRONG_FINDING, "accepted without naming the questionable finding %s%s", k->finding,
        "");
    free(pr.out);
    return;
  }
  if (pr.code != 0) {
    set(r, ST_SHOULD_ACCEPT, "decode rejected: %.200s%s", strtok(pr.err, "\n") ? pr.err : "", "");
    free(pr.out);
    return;
  }
  sibling(k, "dump.json", want, sizeof want);
  i = access(want, R_OK) == 0 ? compare_output(im, o, &pr, want, "decode", r) : 0;
  free(pr.out);
  if (i != 0)
    return;
  /* Lookups: the PCs of NAME.expect, both modes. */
  sibling(k, "lookup.json", want, sizeof want);
  if (im->cmd_lookup && *k->pcs && access(want, R_OK) == 0) {
    if (run_lookup(im, o, k, &pr, r) != 0)
      return;
    if (pr.code != 0) {
      set(r, ST_SHOULD_ACCEPT, "lookup rejected: %.200s%s", pr.err, "");
      free(pr.out);
      return;
    }
    i = compare_output(im, o, &pr, want, "lookup", r);
    free(pr.out);
    if (i != 0)
      return;
  }
  for (i = 1; im->cmd_unwind && i <= k->unwinds; i++) {
    int rc;
    if (run_unwind(im, o, k, i, want, sizeof want, &pr, r) != 0)
      return;
    if (pr.code != 0) {
      set(r, ST_SHOULD_ACCEPT, "unwind rejected: %.200s%s", pr.err, "");
      free(pr.out);
      return;
    }
    snprintf(sfx, sizeof sfx, "unwind %d", i);
    rc = compare_output(im, o, &pr, want, sfx, r);
    free(pr.out);
    if (rc != 0)
      return;
  }
  /* --strict: a real section's objdump text, byte for byte. */
  sibling(k, "objdump", want, sizeof want);
  if (o->strict && im->cmd_objdump && access(want, R_OK) == 0) {
    int rc;
    args[0] = "objdump", args[1] = k->path, args[2] = k->vma, args[3] = NULL;
    if (run(im, o, args, &pr, r) != 0)
      return;
    rc = pr.code == 0 ? same_bytes(&pr, want, "objdump", r) : -1;
    if (pr.code != 0)
      set(r, ST_SHOULD_ACCEPT, "objdump rejected: %.200s%s", pr.err, "");
    free(pr.out);
    if (rc != 0)
      return;
  }
  set(r, ST_PASS, "%s%s", "", "");
}

static const skip_entry *skipped(const impl *im, const kase *k) {
  size_t i;
  for (i = 0; i < im->nskips; i++)
    if (fnmatch(im->skips[i].pattern, k->id, 0) == 0)
      return &im->skips[i];
  return NULL;
}

static void rerun_unstable(impl *im, const opts *o, const kase *cs, size_t n);

/* Runs every case of one IMPL with o->jobs worker processes. */
static void run_impl(impl *im, const opts *o, const kase *cs, size_t n) {
  int w, jobs = o->jobs < 1 ? 1 : o->jobs;
  char tmpl[PATH_MAX];
  const char *tmp = getenv("TMPDIR");
  char *dir;
  pathf(tmpl, sizeof tmpl, "%s/sfconform-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  dir = mkdtemp(tmpl);
  pid_t pids[64];
  size_t i;
  if (!dir)
    die("%s", "cannot make a temporary directory");
  if (jobs > 64)
    jobs = 64;
  im->res = calloc(n ? n : 1, sizeof *im->res);
  if (!im->res)
    die("%s", "out of memory");
  fflush(NULL);
  for (w = 0; w < jobs; w++) {
    pids[w] = fork();
    if (pids[w] < 0)
      die("%s", "fork failed");
    if (pids[w] == 0) {
      char path[PATH_MAX];
      FILE *f;
      pathf(path, sizeof path, "%s/w%d", dir, w);
      if (!(f = fopen(path, "wb")))
        _exit(2);
      for (i = (size_t)w; i < n; i += (size_t)jobs) {
        result r;
        run_case(im, o, &cs[i], &r);
        if (fwrite(&i, sizeof i, 1, f) != 1 || fwrite(&r, sizeof r, 1, f) != 1)
          _exit(2);
      }
      _exit(fclose(f) == 0 ? 0 : 2);
    }
  }
  for (w = 0; w < jobs; w++) {
    int status;
    char path[PATH_MAX];
    FILE *f;
    size_t idx;
    result r;
    while (waitpid(pids[w], &status, 0) < 0 && errno == EINTR)
      ;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      die("%s", "a worker process failed");
    pathf(path, sizeof path, "%s/w%d", dir, w);
    if (!(f = fopen(path, "rb")))
      die("%s: cannot read worker results", path);
    while (fread(&idx, sizeof idx, 1, f) == 1 && fread(&r, sizeof r, 1, f) == 1)
      if (idx < n)
        im->res[idx] = r;
    fclose(f);
    unlink(path);
  }
  rmdir(dir);
  rerun_unstable(im, o, cs, n);
  /* Skip lists: the case was run; a skipped case that passes is stale. */
  for (i = 0; i < n; i++) {
    const skip_entry *s = skipped(im, &cs[i]);
    if (!s)
      continue;
    if (im->res[i].status == ST_PASS) {
      im->stale++;
      fprintf(stderr, "sfconform: %s: %s passes but is on the skip list (%s): remove it\n",
              im->name, cs[i].id, s->pattern);
    }
    {
      char d[300];
      if (snprintf(d, sizeof d, "%s [%s: %s]", s->reason, st_names[im->res[i].status],
                   im->res[i].detail) < 0)
        d[0] = 0;
      snprintf(im->res[i].detail, sizeof im->res[i].detail, "%s", d);
    }
    im->res[i].status = ST_SKIP;
  }
}

/* ---- output ---- */

static void mkdirs(const char *path) {
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

static void write_results(const impl *im, const opts *o, const kase *cs, size_t n) {
  char path[PATH_MAX];
  FILE *f;
  size_t i;
  pathf(path, sizeof path, "%s/%s", o->out, im->name);
  mkdirs(path);
  pathf(path, sizeof path, "%s/%s/results.jsonl", o->out, im->name);
  if (!(f = fopen(path, "w")))
    die("%s: cannot write", path);
  for (i = 0; i < n; i++) {
    const kase *k = &cs[i];
    const result *r = &im->res[i];
    fprintf(f, "{\"id\":");
    json_write_string(f, k->id);
    fprintf(f, ",\"case\":");
    json_write_string(f, k->casename);
    fprintf(f, ",\"version\":%d,\"abi\":\"%s\",\"endian\":\"%s\",\"class\":\"%s\",\"finding\":",
            k->version, k->abi, k->endian, k->cls);
    json_write_string(f, k->finding);
    fprintf(f, ",\"source\":");
    json_write_string(f, k->source);
    fprintf(f, ",\"status\":\"%s\",\"detail\":", st_names[r->status]);
    json_write_string(f, r->detail);
    fprintf(f, ",\"exit\":%d,\"ms\":%ld,\"stderr\":", r->code, r->ms);
    json_write_string(f, r->err);
    fprintf(f, ",\"impl\":");
    json_write_string(f, im->name);
    fprintf(f, ",\"impl_version\":");
    json_write_string(f, im->caps_version);
    fprintf(f, "}\n");
  }
  if (fclose(f) != 0)
    die("%s: write error", path);
}

/* ---- expected results: conformance/expected/<impl>.txt ----
 * "# version: V" names the implementation's version the file was written
 * for; then "ID STATUS" per corpus section, in manifest order, and for an
 * unstable case "ID unstable OUTCOME,OUTCOME...". */

static int status_of(const char *name) {
  int s;
  for (s = 0; s < ST_COUNT; s++)
    if (!strcmp(name, st_names[s]))
      return s;
  return -1;
}

static unsigned parse_outcomes(char *list) {
  unsigned m = 0;
  char *p, *save = NULL;
  for (p = list ? strtok_r(list, ",", &save) : NULL; p; p = strtok_r(NULL, ",", &save)) {
    int s = status_of(p);
    if (s >= 0)
      m |= 1u << s;
  }
  return m;
}

static void load_expected(impl *im, const opts *o, const kase *cs, size_t n) {
  char path[PATH_MAX], *text, *line, *save = NULL;
  size_t i, j = 0, ncase = 0, cap = 0;
  char **ids = NULL, **sts = NULL;
  im->want = malloc((n ? n : 1) * sizeof *im->want);
  im->want_alts = calloc(n ? n : 1, sizeof *im->want_alts);
  if (!im->want || !im->want_alts)
    die("%s", "out of memory");
  for (i = 0; i < n; i++)
    im->want[i] = -1;
  pathf(path, sizeof path, "%s/expected/%s.txt", o->confdir, im->name);
  if (!(text = read_file(path, NULL)))
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
        die("%s", "out of memory");
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
    im->want[i] = status_of(sts[j]);
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
static int as_expected(const impl *im, size_t i, int st) {
  if (im->want[i] == st)
    return 1;
  return im->want[i] == ST_UNSTABLE && (im->want_alts[i] & (1u << st));
}

/* Runs again, RERUNS times, every case whose outcome is not the expected
 * one (without an expected-results file: every crash and timeout).  A case
 * whose outcomes vary becomes `unstable`, its detail listing them. */
static void rerun_unstable(impl *im, const opts *o, const kase *cs, size_t n) {
  size_t i, tried = 0;
  for (i = 0; i < n && tried < MAX_RERUN_CASES; i++) {
    result *r = &im->res[i];
    unsigned seen = 1u << r->status, cnt[ST_COUNT] = {0};
    int k, s;
    if (r->status == ST_UNSUPPORTED || skipped(im, &cs[i]))
      continue;
    if (im->has_expected ? as_expected(im, i, r->status)
                         : (r->status != ST_CRASH && r->status != ST_TIMEOUT))
      continue;
    tried++;
    cnt[r->status]++;
    for (k = 0; k < RERUNS; k++) {
      result again;
      run_case(im, o, &cs[i], &again);
      seen |= 1u << again.status;
      cnt[again.status]++;
    }
    if ((seen & (seen - 1)) == 0)
      continue; /* the same every time */
    {
      char d[sizeof r->detail];
      size_t used = 0;
      used += (size_t)snprintf(d, sizeof d, "outcomes over %d runs:", RERUNS + 1);
      const char *sep = " ";
      for (s = 0; s < ST_COUNT && used < sizeof d; s++)
        if (cnt[s]) {
          used += (size_t)snprintf(d + used, sizeof d - used, "%s%s x%u", sep, st_names[s], cnt[s]);
          sep = ", ";
        }
      if (used < sizeof d)
        snprintf(d + used, sizeof d - used, "; first: %.200s", r->detail);
      memcpy(r->detail, d, sizeof d);
    }
    r->status = ST_UNSTABLE;
    r->outcomes = seen;
    fprintf(stderr, "sfconform: %s: %s: unstable (%s)\n", im->name, cs[i].id, r->detail);
  }
  if (tried == MAX_RERUN_CASES)
    fprintf(stderr, "sfconform: %s: more than %d cases differ from what was expected; "
                    "the rest were run once\n", im->name, MAX_RERUN_CASES);
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
static long check_expected(impl *im, const opts *o, const kase *cs, size_t n) {
  char path[PATH_MAX];
  long diffs = 0, unstable = 0;
  size_t i, shown = 0;
  int other_version;
  pathf(path, sizeof path, "%s/expected/%s.txt", o->confdir, im->name);
  if (o->update_expected) {
    FILE *f;
    if (o->sample > 1)
      die("%s", "--update-expected needs the whole corpus (no --sample)");
    if (!(f = fopen(path, "w")))
      die("%s: cannot write", path);
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
      die("%s: write error", path);
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

static void count(const impl *im, size_t n, unsigned long c[ST_COUNT], unsigned long *pass,
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

static void write_summary(FILE *f, impl *ims, int nim, const kase *cs, size_t n) {
  int m, s;
  size_t i, shown;
  fprintf(f, "# Conformance summary\n\n%zu corpus sections.\n\n", n);
  fprintf(f, "| implementation | version |");
  for (s = 0; s < ST_COUNT; s++)
    fprintf(f, " %s |", st_names[s]);
  fprintf(f, "\n|---|---|");
  for (s = 0; s < ST_COUNT; s++)
    fprintf(f, "--:|");
  fprintf(f, "\n");
  for (m = 0; m < nim; m++) {
    unsigned long c[ST_COUNT], p, fl;
    count(&ims[m], n, c, &p, &fl);
    fprintf(f, "| %s | %s |", ims[m].name, ims[m].caps_version);
    for (s = 0; s < ST_COUNT; s++)
      fprintf(f, " %lu |", c[s]);
    fprintf(f, "\n");
  }
  for (m = 0; m < nim; m++) {
    fprintf(f, "\n## %s: failures\n\n", ims[m].name);
    for (i = 0, shown = 0; i < n; i++)
      if (st_failed(ims[m].res[i].status) && shown++ < 200)
        fprintf(f, "- `%s` (%s, %s): **%s** %s\n", cs[i].id, cs[i].cls, cs[i].finding,
                st_names[ims[m].res[i].status], ims[m].res[i].detail);
    if (!shown)
      fprintf(f, "none\n");
    else if (shown > 200)
      fprintf(f, "- ... %zu more in results.jsonl\n", shown - 200);
  }
}

static void write_html(impl *ims, int nim, const opts *o, const kase *cs, size_t n) {
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
    die("%s: cannot write", out);
  while (fgets(line, sizeof line, t)) {
    char *p = line;
    while (*p == ' ' || *p == '\t')
      p++;
    if (done || strncmp(p, "/*SFCONFORM-DATA*/", 18) != 0) {
      fputs(line, f);
      continue;
    }
    done = 1;
    fprintf(f, "const DATA = {\"generated\":\"sfconform\",\"impls\":[");
    for (m = 0; m < nim; m++) {
      fprintf(f, m ? "," : "");
      json_write_string(f, ims[m].name);
    }
    fprintf(f, "],\n\"versions\":[");
    for (m = 0; m < nim; m++) {
      char v[200];
      snprintf(v, sizeof v, "%s %s", ims[m].caps_name, ims[m].caps_version);
      fprintf(f, m ? "," : "");
      json_write_string(f, v);
    }
    fprintf(f, "],\n\"cases\":[");
    for (i = 0; i < n; i++) {
      const kase *k = &cs[i];
      fprintf(f, "%s\n{\"id\":", i ? "," : "");
      json_write_string(f, k->id);
      fprintf(f, ",\"case\":");
      json_write_string(f, k->casename);
      fprintf(f, ",\"title\":");
      json_write_string(f, k->title);
      fprintf(f, ",\"version\":%d,\"abi\":\"%s\",\"endian\":\"%s\",\"class\":\"%s\",\"finding\":",
              k->version, k->abi, k->endian, k->cls);
      json_write_string(f, k->finding);
      fprintf(f, ",\"source\":");
      json_write_string(f, k->source);
      fprintf(f, ",\"results\":[");
      for (m = 0; m < nim; m++) {
        fprintf(f, "%s{\"status\":\"%s\",\"detail\":", m ? "," : "", st_names[ims[m].res[i].status]);
        json_write_string(f, ims[m].res[i].detail);
        fprintf(f, "}");
      }
      fprintf(f, "]}");
    }
    fprintf(f, "]};\n");
  }
  fclose(t);
  if (fclose(f) != 0)
    die("%s: write error", out);
}

/* --tap: one TAP line per implementation x corpus source; a case is as
 * expected when it passes (or, for an `impl` case, is recorded). */
static int write_tap(FILE *f, impl *ims, int nim, const kase *cs, size_t n) {
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

static int usage(void) {
  fprintf(stderr,
          "usage: sfconform [--corpus DIR] [--out DIR] [--confdir DIR] [--bindir DIR] [--template F]\n"
          "                 [-j N] [--timeout SECONDS] [--sample N] [--update-expected]\n"
          "                 [--strict] [--tap] IMPL...\n"
          "--strict: also the exact finding of every rejected and questionable case, a real\n"
          "section's objdump text, and an invalid section's lookups and unwinds (the oracle's\n"
          "own check); --tap: TAP per corpus source on stdout, the report on stderr.\n"
          "IMPL: a bundled adapter (BINDIR/sfadapter-IMPL: reference, libsframe-2.47, objdump-2.44,\n"
          "...; make list-adapters), the path of an\n"
          "executable or shared library speaking conformance/PROTOCOL.md, or NAME=PATH.\n");
  return 2;
}

/* File scope: what they point to stays reachable until exit. */
static impl ims[MAX_IMPLS];
static FILE *tap_out;
static long diffs[MAX_IMPLS];
static kase *cs;

int main(int argc, char **argv) {
  opts o;
  int nim = 0, i, bad = 0;
  size_t n;
  char self[PATH_MAX], *slash;
  FILE *f;

  memset(&o, 0, sizeof o);
  o.corpus = "build/corpus";
  o.out = "build/conformance";
  o.confdir = "conformance";
  o.template_path = "conformance/report/matrix.html";
  o.jobs = 2;
  o.timeout = 10;
  snprintf(self, sizeof self, "%s", argv[0]);
  slash = strrchr(self, '/');
  if (slash)
    *slash = 0;
  else
    snprintf(self, sizeof self, ".");
  o.bindir = self;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--corpus") && v) o.corpus = v, i++;
    else if (!strcmp(a, "--out") && v) o.out = v, i++;
    else if (!strcmp(a, "--confdir") && v) o.confdir = v, i++;
    else if (!strcmp(a, "--bindir") && v) o.bindir = v, i++;
    else if (!strcmp(a, "--template") && v) o.template_path = v, i++;
    else if (!strcmp(a, "-j") && v) o.jobs = atoi(v), i++;
    else if (!strcmp(a, "--timeout") && v) o.timeout = atof(v), i++;
    else if (!strcmp(a, "--sample") && v) o.sample = atoi(v), i++;
    else if (!strcmp(a, "--update-expected")) o.update_expected = 1;
    else if (!strcmp(a, "--strict")) o.strict = 1;
    else if (!strcmp(a, "--tap")) o.tap = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h")) return usage(), 0;
    else if (a[0] == '-') return usage();
    else if (nim < MAX_IMPLS) setup_impl(&ims[nim++], a, &o);
    else die("%s", "too many implementations");
  }
  if (nim == 0 || o.timeout <= 0 || o.jobs < 1)
    return usage();
  if (o.tap) { /* TAP alone on stdout; the usual report goes to stderr */
    int fd = dup(1);
    fflush(stdout);
    if (fd < 0 || dup2(2, 1) < 0 || !(tap_out = fdopen(fd, "w")))
      die("%s", "cannot set up --tap output");
  }
  cs = load_corpus(&o, &n);
  mkdirs(o.out);
  printf("sfconform: %zu corpus sections%s, %d implementation%s, %d jobs\n", n,
         o.sample > 1 ? " (sampled)" : "", nim, nim == 1 ? "" : "s", o.jobs);
  for (i = 0; i < nim; i++) {
    printf("running %s (%s %s) ...\n", ims[i].name, ims[i].caps_name, ims[i].caps_version);
    fflush(stdout);
    load_expected(&ims[i], &o, cs, n);
    run_impl(&ims[i], &o, cs, n);
    write_results(&ims[i], &o, cs, n);
    diffs[i] = check_expected(&ims[i], &o, cs, n);
  }
  {
    char path[PATH_MAX];
    pathf(path, sizeof path, "%s/summary.md", o.out);
    if (!(f = fopen(path, "w")))
      die("%s: cannot write", path);
    write_summary(f, ims, nim, cs, n);
    fclose(f);
    for (i = 0; i < nim; i++) {
      pathf(path, sizeof path, "%s/%s/summary.md", o.out, ims[i].name);
      if ((f = fopen(path, "w"))) {
        write_summary(f, &ims[i], 1, cs, n);
        fclose(f);
      }
    }
    write_html(ims, nim, &o, cs, n);
    printf("\nmatrix: %s/index.html, %s/summary.md\n", o.out, o.out);
  }
  /* The matrix in the terminal: a row per status, a column per IMPL. */
  {
    int s;
    /* One row per implementation (with its exact version), a column per
     * status: readable with any number of implementations. */
    printf("\n%-16s %-20s", "implementation", "version");
    for (s = 0; s < ST_COUNT; s++)
      printf(" %*s", (int)(strlen(st_names[s]) > 6 ? strlen(st_names[s]) : 6), st_names[s]);
    printf("\n");
    for (i = 0; i < nim; i++) {
      unsigned long c[ST_COUNT], p, fl;
      count(&ims[i], n, c, &p, &fl);
      printf("%-16s %-20.20s", ims[i].name, ims[i].caps_version);
      for (s = 0; s < ST_COUNT; s++)
        printf(" %*lu", (int)(strlen(st_names[s]) > 6 ? strlen(st_names[s]) : 6), c[s]);
      printf("\n");
    }
  }
  for (i = 0; i < nim; i++) {
    unsigned long c[ST_COUNT], p, fl;
    long d = diffs[i];
    int s;
    count(&ims[i], n, c, &p, &fl);
    printf("\n%s (%s %s):", ims[i].name, ims[i].caps_name, ims[i].caps_version);
    for (s = 0; s < ST_COUNT; s++)
      if (c[s])
        printf(" %s %lu,", st_names[s], c[s]);
    printf("\n  results: %s/%s/results.jsonl", o.out, ims[i].name);
    if (d >= 0)
      printf("; %s against %s/expected/%s.txt", d ? "DIFFERS" : "as expected", o.confdir,
             ims[i].name);
    if (ims[i].stale)
      printf("; %d skipped cases now pass", ims[i].stale);
    printf("\n  %lu passed, %lu failed\n", p, fl);
    if (d > 0 || ims[i].stale || (d < 0 && fl > 0 && !o.update_expected))
      bad = 1;
  }
  if (tap_out)
    bad |= write_tap(tap_out, ims, nim, cs, n);
  return bad;
}
