/* SPDX-License-Identifier: MIT */
/* cases.c - one case run through one implementation and judged against
 * the oracle's answer; every case of an implementation, in worker
 * processes. */
#define _XOPEN_SOURCE 700 /* realpath */
#define _GNU_SOURCE 1     /* memmem */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner.h"
#include "sfc_pool.h"


/* A case's status and what to say about it. */
static void fail(result *r, int st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(result *r, int st, const char *fmt, ...) {
  va_list ap;
  r->status = st;
  va_start(ap, fmt);
  vsnprintf(r->detail, sizeof r->detail, fmt, ap);
  va_end(ap);
}

/* A status with nothing to say (a pass, an accept or a reject). */
static void verdict(result *r, int st) {
  r->status = st;
  r->detail[0] = 0;
}

/* The adapter process of the command in flight and the serving process
 * of this process (a worker), for the stop handler: they lead process
 * groups of their own (adapter_run_opts), which a terminal's Ctrl-C does
 * not reach. */
static volatile sig_atomic_t cur_child, serve_pid;
volatile sig_atomic_t stop_signal;

static void on_stop(int sig) {
  int saved = errno;
  stop_signal = sig;
  if (cur_child > 0)
    kill(-(pid_t)cur_child, SIGKILL), kill((pid_t)cur_child, SIGKILL);
  if (serve_pid > 0)
    kill(-(pid_t)serve_pid, SIGKILL), kill((pid_t)serve_pid, SIGKILL);
  errno = saved;
}

void catch_stop_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

/* Sends one command to the channel's serving process, started first when
 * none runs.  Returns proc_server_call's answer (1: it went away on the
 * command: r->lost is set). */
static int serve_one(channel *ch, const proc_opts *popts, const char *const *args,
                     proc_result *pr, result *r) {
  if (!ch->srv->pid) {
    const char *argv[4];
    int n;
    impl_argv(ch->im, argv, &n);
    argv[n++] = "serve";
    argv[n] = NULL;
    if (proc_server_start((char *const *)argv, popts, ch->srv) != 0) {
      memset(pr, 0, sizeof *pr);
      r->lost = 1;
      return 1;
    }
    ch->started++;
    serve_pid = (sig_atomic_t)ch->srv->pid;
  }
  if (proc_server_call(ch->srv, (char *const *)args, popts, pr) != 0) {
    r->lost = 1;
    return 1;
  }
  return 0;
}

/* One command in a process of its own. */
static int run_own(const impl *im, const proc_opts *popts, const char *const *args,
                   proc_result *pr) {
  const char **argv;
  int n, i, rc;
  for (i = 0; args[i]; i++)
    ;
  if (!(argv = calloc((size_t)i + 4, sizeof *argv)))
    sfc_die(2, "%s", "out of memory");
  impl_argv(im, argv, &n);
  for (i = 0; args[i]; i++)
    argv[n++] = args[i];
  argv[n] = NULL;
  rc = proc_run((char *const *)argv, popts, pr);
  free(argv);
  return rc;
}

/* An adapter that printed past the cap: stopped there. */
static void too_much(result *r, const char *cmd, size_t cap) {
  char c[32];
  snprintf(c, sizeof c, "%zu", cap >> 20);
  fail(r, ST_TOO_MUCH_OUTPUT, "%s: printed more than %s MiB, the most the runner keeps for "
       "this case; stopped there", cmd, c);
  r->code = -1000;
}

/* Runs one command through the channel; fills r on a crash or timeout
 * (returns -1), else 0. */
static int run(channel *ch, const char *const *args, proc_result *pr, result *r) {
  proc_opts popts = adapter_run_opts(ch->o, ch->cap ? ch->cap : CAP_MIN);
  popts.stop_at_cap = 1;
  popts.exit_grace_s = EXIT_GRACE_S;
  popts.child = &cur_child;
  if (stop_signal) { /* the run is ending: nothing new is started */
    fail(r, ST_NOT_RUN, "%s: not run: the run was interrupted", args[0]);
    return -1;
  }
  if (ch->srv && batch_answer(args, pr) == 0) {
    /* answered ahead by a batch (batch.c): taken as a served answer */
  } else if (ch->srv) {
    if (serve_one(ch, &popts, args, pr, r) != 0) {
      if (pr->out_truncated) {
        too_much(r, args[0], popts.max_out);
      } else if (pr->timed_out) {
        fail(r, ST_TIMEOUT, "%s: no exit within the time limit", args[0]);
        r->code = -1000;
      } else {
        fail(r, ST_CRASH, "%s: the serving process went away", args[0]);
      }
      return -1;
    }
  } else if (run_own(ch->im, &popts, args, pr) != 0) {
    fail(r, ST_CRASH, "cannot start %s", ch->im->argv0);
    return -1;
  }
  r->ms += pr->ms;
  if (snprintf(r->err, sizeof r->err, "%s", pr->err) < 0)
    r->err[0] = 0;
  if (pr->out_truncated) {
    too_much(r, args[0], popts.max_out);
  } else if (pr->timed_out) {
    fail(r, ST_TIMEOUT, "%s: no exit within the time limit", args[0]);
    r->code = -1000;
  } else if (!pr->exited) {
    char s[16];
    snprintf(s, sizeof s, "%d", pr->sig);
    fail(r, ST_CRASH, "%s: killed by signal %s", args[0], s);
    r->code = -pr->sig;
  } else if (pr->code != 0 && pr->code != 1) {
    char s[16];
    snprintf(s, sizeof s, "%d", pr->code);
    fail(r, ST_CRASH, "%s: exit status %s", args[0], s);
    r->code = pr->code;
  } else {
    r->code = pr->code;
    return 0;
  }
  proc_free(pr);
  pr->out = NULL;
  return -1;
}

/* Two lookup answers that say "no row" without being the oracle's
 * (PROTOCOL.md, "Lookups"), outside --strict, which holds the oracle to its
 * own answer:
 * - declining: where the section cannot answer (rep-size-unknown: a
 *   version-1 PCMASK function beyond its first row, SPEC-NOTES N14), an
 *   implementation that says no-fre is not held wrong (the expected status
 *   is rewritten in place: the parsed string owns the 17 bytes of
 *   "rep-size-unknown").  A row found there is still wrong-output (a CFA
 *   the section cannot justify).
 * - falling back: status "fallback" (the reader has no row and would
 *   unwind by a default frame, whatever rules it prints) stands for no-fde,
 *   no-fre and rep-size-unknown at the same PC and mode: the expected
 *   answer is taken for it.  Where the section has a row it differs
 *   (status: got "fallback", want "found"). */
static int same_string(const jvalue *a, const jvalue *b) {
  return a && b && a->type == J_STRING && b->type == J_STRING && a->len == b->len &&
         !memcmp(a->str, b->str, a->len);
}
static void accept_declined(jvalue *got, jvalue *want) {
  size_t i;
  if (got->type != J_ARRAY || want->type != J_ARRAY)
    return;
  for (i = 0; i < got->len && i < want->len; i++) {
    jvalue *g = &got->items[i], *w = &want->items[i];
    const jvalue *gs = json_get(g, "status");
    jvalue *ws = (jvalue *)json_get(w, "status");
    if (!ws || !gs || ws->type != J_STRING || gs->type != J_STRING)
      continue;
    if (!strcmp(ws->str, "rep-size-unknown") && !strcmp(gs->str, "no-fre")) {
      memcpy((char *)ws->str, "no-fre", sizeof "no-fre");
      ws->len = sizeof "no-fre" - 1;
    } else if (!strcmp(gs->str, "fallback") &&
               (!strcmp(ws->str, "no-fde") || !strcmp(ws->str, "no-fre") ||
                !strcmp(ws->str, "rep-size-unknown")) &&
               same_string(json_get(g, "pc"), json_get(w, "pc")) &&
               same_string(json_get(g, "mode"), json_get(w, "mode"))) {
      *g = *w; /* both documents live until the comparison ends */
    }
  }
}

/* One spelling for the rules that mean the same (decoder/JSON.md): a
 * register saved at the header's fixed offset from the CFA (`fixed`, the
 * offset given) is one saved at CFA + that offset (`at-cfa`).  Rewritten
 * in both documents before they are compared (the strings are the
 * arena's; a rule now points at a literal).  Not under --strict. */
static void one_spelling(jvalue *v, int depth) {
  size_t i;
  if (depth > JSON_MAX_DEPTH || (v->type != J_OBJECT && v->type != J_ARRAY))
    return;
  for (i = 0; i < v->len; i++) {
    jvalue *it = &v->items[i];
    if (v->type == J_OBJECT && !strcmp(v->keys[i], "rule") && it->type == J_STRING &&
        it->len == 5 && !strcmp(it->str, "fixed")) {
      it->str = "at-cfa";
      it->len = 6;
    } else {
      one_spelling(it, depth + 1);
    }
  }
}

/* What compare_output's walk over one command's output needs. */
typedef struct diff_ctx {
  channel *ch;
  const kase *k;
  const char *what;
  const jvalue *want;
  result *r;
} diff_ctx;

/* Each difference: the first is the case's detail (as json_compare gives
 * it); every one goes to the worker's sink. */
static int on_diff(const jdiff *d, void *ctx) {
  diff_ctx *c = ctx;
  if (c->r->status != ST_WRONG_OUTPUT)
    fail(c->r, ST_WRONG_OUTPUT, "%s: %s", c->what, d->text);
  if (c->ch->sink)
    diff_add(c->ch->sink, c->k, c->what, d, c->want);
  else
    return 1; /* the runner itself (a run again) needs the first only */
  return 0;
}

/* Compares an accepted command's stdout with the expected file: every
 * difference is found (the first is the case's detail), and the values
 * compared are counted into r->compared. */
static int compare_output(channel *ch, const kase *k, const proc_result *pr,
                          const char *want_path, const char *what, result *r) {
  const impl *im = ch->im;
  const opts *o = ch->o;
  size_t wl, leaves = 0, nd;
  const char *want = read_expected(want_path, &wl);
  char err[200];
  jdoc g, w;
  if (!want) {
    fail(r, ST_CRASH, "runner: cannot read %s", want_path);
    return -1;
  }
  if (pr->out_truncated) {
    if (r->status != ST_WRONG_OUTPUT)
      fail(r, ST_WRONG_OUTPUT, "%s: output larger than the runner keeps", what);
    return -1;
  }
  /* The same bytes as the expected file (the oracle's own rendering, JSON
   * the corpus's own tests read): a value equals itself (what is skipped
   * or declined only ever excuses a difference), so neither is read as
   * JSON.  Else both are, and compared. */
  if (pr->outlen == wl && memcmp(pr->out, want, wl) == 0) {
    r->compared += 1 + wl / 16; /* every value: at least one, whatever its size */
    return 0;
  }
  if (json_parse(pr->out, pr->outlen, &g, err, sizeof err) != 0) {
    if (r->status != ST_WRONG_OUTPUT)
      fail(r, ST_WRONG_OUTPUT, "%s: output is not JSON: %s", what, err);
    return -1;
  }
  if (json_parse(want, wl, &w, err, sizeof err) != 0) {
    json_free(&g);
    fail(r, ST_CRASH, "runner: %s is not JSON", want_path);
    return -1;
  }
  if (!o->strict && !strcmp(what, "lookup"))
    accept_declined(&g.root, &w.root);
  if (!o->strict) {
    one_spelling(&g.root, 0);
    one_spelling(&w.root, 0);
  }
  {
    diff_ctx c = {ch, k, what, &w.root, r};
    nd = json_diff_walk(&g.root, &w.root, im->unknown, on_diff, &c, &leaves);
  }
  r->compared += leaves;
  r->ndiffs += (unsigned)(nd > UINT32_MAX ? UINT32_MAX : nd);
  json_free(&g);
  json_free(&w);
  return nd ? -1 : 0;
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
  const char *want = read_expected(want_path, &wl);
  char ln[24];
  if (!want) {
    fail(r, ST_CRASH, "runner: cannot read %s", want_path);
    return -1;
  }
  for (i = 0; i < wl && i < pr->outlen && want[i] == pr->out[i]; i++)
    if (want[i] == '\n')
      line++;
  if (i == wl && i == pr->outlen && !pr->out_truncated)
    return 0;
  snprintf(ln, sizeof ln, "%zu", line);
  fail(r, ST_WRONG_OUTPUT, "%s: differs from the corpus text at line %s", what, ln);
  return -1;
}

/* Runs a command through the channel once the case may already be
 * wrong-output: the later commands of a wrong case are run only to find
 * every difference, so their crash, timeout or rejection is said in the
 * case's stderr head, never made its status (which stays the first
 * difference's).  0, or -1 (r set as run() sets it, unless it was wrong
 * already). */
static int run_more(channel *ch, const char *const *args, proc_result *pr, result *r) {
  result scratch;
  if (r->status != ST_WRONG_OUTPUT)
    return run(ch, args, pr, r);
  scratch = *r;
  if (run(ch, args, pr, &scratch) != 0)
    return -1;
  r->ms = scratch.ms;
  return 0;
}

/* Runs `lookup` on section with the PCs of NAME.expect (at least one: the
 * section's address, when a reader without `decode` is asked whether it
 * accepts a section that has none): 0, or -1 with r set (as run). */
static int run_lookup(channel *ch, const kase *k, const char *section, proc_result *pr,
                      result *r) {
  char *pcs = xstrdup(k->pcs), *p;
  const char **largs = calloc(strlen(k->pcs) / 2 + 6, sizeof *largs);
  int n = 3, rc;
  if (!largs)
    sfc_die(2, "%s", "out of memory");
  largs[0] = "lookup", largs[1] = section, largs[2] = k->vma;
  for (p = strtok(pcs, " "); p; p = strtok(NULL, " "))
    largs[n++] = p;
  if (n == 3)
    largs[n++] = k->vma;
  largs[n] = NULL;
  rc = run_more(ch, largs, pr, r);
  free(pcs);
  free(largs);
  return rc;
}

/* Runs `unwind` on snapshot K (its expected output: k->unwind[K - 1]). */
static int run_unwind(channel *ch, const kase *k, int K, proc_result *pr, result *r) {
  const char *args[5];
  args[0] = "unwind", args[1] = k->path, args[2] = k->vma, args[3] = k->snapshot[K - 1].path;
  args[4] = NULL;
  return run_more(ch, args, pr, r);
}

/* The command that says whether the implementation accepts a section:
 * `decode`, or for a reader without one (a profiler, an unwinder) a
 * `lookup` of the case's PCs.  0, or -1 with r set (as run). */
static int run_verdict(channel *ch, const kase *k, const char *section, proc_result *pr,
                       result *r) {
  const char *args[4];
  if (!ch->im->cmd_decode)
    return run_lookup(ch, k, section, pr, r);
  args[0] = "decode", args[1] = section, args[2] = k->vma, args[3] = NULL;
  return run(ch, args, pr, r);
}

/* --strict, after a conforming reject: an invalid section's lookups and
 * unwinds still answer (exit 1), as the corpus records them. */
static void strict_rejected(channel *ch, const kase *k, result *r) {
  const impl *im = ch->im;
  proc_result pr;
  int i, rc;
  if (im->cmd_lookup && *k->pcs && k->lookup.there) {
    if (run_lookup(ch, k, k->path, &pr, r) != 0)
      return;
    rc = same_bytes(&pr, k->lookup.path, "lookup of a rejected section", r);
    proc_free(&pr);
    if (rc != 0)
      return;
  }
  for (i = 1; im->cmd_unwind && i <= k->unwinds; i++) {
    if (run_unwind(ch, k, i, &pr, r) != 0)
      return;
    rc = same_bytes(&pr, k->unwind[i - 1].path, "unwind of a rejected section", r);
    proc_free(&pr);
    if (rc != 0)
      return;
  }
}

/* A rejected command's output, judged: the case is should-accept unless it
 * is wrong already (then the rejection only ends the search for more
 * differences).  Frees pr. */
static void rejected_answer(const char *what, proc_result *pr, result *r) {
  if (r->status != ST_WRONG_OUTPUT)
    fail(r, ST_SHOULD_ACCEPT, "%s rejected: %.200s", what, pr->err);
  proc_free(pr);
}

/* A valid section's lookups (the PCs of NAME.expect, both modes; lk: the
 * lookup a reader without `decode` already answered, or NULL) and unwinds,
 * each against the corpus; every command is run even after one differs,
 * so that every difference is found. */
static void check_lookups_unwinds(channel *ch, const kase *k, result *r, proc_result *lk) {
  const impl *im = ch->im;
  proc_result pr;
  char sfx[32];
  int i;
  if (im->cmd_lookup && *k->pcs && k->lookup.there) {
    if (lk)
      pr = *lk, lk = NULL;
    else if (run_lookup(ch, k, k->path, &pr, r) != 0)
      goto unwinds;
    if (pr.code != 0) {
      rejected_answer("lookup", &pr, r);
      if (r->status != ST_WRONG_OUTPUT)
        return;
    } else {
      compare_output(ch, k, &pr, k->lookup.path, "lookup", r);
      proc_free(&pr);
    }
  }
unwinds:
  if (lk)
    proc_free(lk);
  if (r->status != ST_PASS && r->status != ST_WRONG_OUTPUT)
    return;
  for (i = 1; im->cmd_unwind && i <= k->unwinds; i++) {
    snprintf(sfx, sizeof sfx, "unwind %d", i);
    if (run_unwind(ch, k, i, &pr, r) != 0) {
      if (r->status != ST_WRONG_OUTPUT)
        return;
      continue;
    }
    if (pr.code != 0) {
      rejected_answer(sfx, &pr, r);
      if (r->status != ST_WRONG_OUTPUT)
        return;
      continue;
    }
    compare_output(ch, k, &pr, k->unwind[i - 1].path, sfx, r);
    proc_free(&pr);
  }
}

/* Whether the case gave anything to compare beyond acceptance. */
static int has_answers(const kase *k) {
  return k->dump.there || (*k->pcs && k->lookup.there) || k->unwinds > 0;
}

/* A valid section accepted: its dump (pr: the decode's output, or NULL for
 * a reader without `decode`; lk then the lookup it answered), its lookups,
 * its unwinds and, under --strict, a real section's objdump text; a pass
 * when all agree and something was compared. */
static void check_answers(channel *ch, const kase *k, result *r, proc_result *dec,
                          proc_result *lk) {
  const impl *im = ch->im;
  const opts *o = ch->o;
  proc_result pr;
  const char *args[4];
  verdict(r, ST_PASS);
  if (dec) {
    if (k->dump.there)
      compare_output(ch, k, dec, k->dump.path, "decode", r);
    proc_free(dec);
  }
  check_lookups_unwinds(ch, k, r, lk);
  if (r->status != ST_PASS)
    return;
  /* --strict: a real section's objdump text, byte for byte. */
  if (o->strict && im->cmd_objdump && k->objdump.there) {
    int rc;
    args[0] = "objdump", args[1] = k->path, args[2] = k->vma, args[3] = NULL;
    if (run(ch, args, &pr, r) != 0)
      return;
    rc = pr.code == 0 ? same_bytes(&pr, k->objdump.path, "objdump", r) : -1;
    if (pr.code != 0)
      fail(r, ST_SHOULD_ACCEPT, "objdump rejected: %.200s", pr.err);
    proc_free(&pr);
    if (rc != 0)
      return;
  }
  if (!r->compared && has_answers(k))
    fail(r, ST_NOTHING_COMPARED, "accepted; %s", im->cmd_decode || im->cmd_lookup
             ? "every field it gave is one it lists as unknown, and no lookup or unwind applied"
             : "no command it offers applies");
}

/* A rejection of an invalid or malformed case stands for its defect only
 * when the reader accepts the section the case was derived from (its valid
 * twin, NAME.twin.sframe).  1 when the twin is refused too (or crashes, or
 * times out): the rejection says nothing of this case's defect. */
static int twin_refused(channel *ch, const kase *k, result *r) {
  proc_result pr;
  result tr;
  int refused;
  if (!k->twin.there)
    return 0;
  memset(&tr, 0, sizeof tr);
  if (run_verdict(ch, k, k->twin.path, &pr, &tr) != 0) {
    fail(r, ST_TWIN_REJECTED, "rejected; so is its valid twin (%s)", tr.detail);
    return 1;
  }
  refused = pr.code != 0;
  if (refused)
    fail(r, ST_TWIN_REJECTED, "rejected; so is its valid twin: %.200s",
         strtok(pr.err, "\n") ? pr.err : "");
  r->ms += tr.ms;
  proc_free(&pr);
  return refused;
}

/* The optional features case k's section uses (FEAT_*): PCREL and an aux
 * header from its header bytes, PCMASK, flexible FDEs and signal frames
 * from its expected dump (a section without one, an invalid one, is held
 * to none of these: a rejection for a feature is then twin-rejected). */
static unsigned case_features(const kase *k) {
  static const char *const in_dump[] = {"\"pc_type\":\"mask\"", "\"fde_type\":\"flex\"",
                                        "\"signal\":true"};
  static const unsigned feat[] = {FEAT_PCMASK, FEAT_FLEX, FEAT_SIGNAL};
  unsigned char h[8];
  unsigned f = 0;
  const char *d;
  size_t len;
  FILE *s;
  if ((s = fopen(k->path, "rb"))) {
    if (fread(h, 1, sizeof h, s) == sizeof h &&
        ((h[0] == 0xe2 && h[1] == 0xde) || (h[0] == 0xde && h[1] == 0xe2))) {
      if (h[2] >= 2 && (h[3] & 4))
        f |= FEAT_PCREL;
      if (h[7])
        f |= FEAT_AUXHDR;
    }
    fclose(s);
  }
  if ((d = read_expected(k->dump.path, &len)))
    for (size_t i = 0; i < 3; i++)
      if (memmem(d, len, in_dump[i], strlen(in_dump[i])))
        f |= feat[i];
  return f;
}

/* ---- run_case: a case as a list of steps ----
 * Each step judges one thing of the case in hand and says whether the
 * next runs (STEP_GO) or the case is decided (STEP_STOP, its status in
 * r).  The steps, in order: the version, the ABI, the byte order and the
 * optional features the implementation reads; the verdict command; then
 * by the case's class: an implementation-defined case, an invalid or
 * malformed one, a questionable one under --strict, a valid one rejected;
 * and a valid one's answers. */
enum { STEP_GO, STEP_STOP };

typedef struct case_run {
  channel *ch;
  const kase *k; /* the case as run: the one given, or its NAME.abs.sframe variant */
  result *r;
  proc_result pr; /* the verdict command's answer, from step_verdict on */
} case_run;

static int step_version(case_run *c) {
  char v[32];
  if (c->ch->im->versions & (1u << c->k->version))
    return STEP_GO;
  snprintf(v, sizeof v, "%d", c->k->version);
  fail(c->r, ST_UNSUPPORTED, "version %s", v);
  return STEP_STOP;
}

static int step_abi(case_run *c) {
  if (c->k->abi_id > 0 && (c->ch->im->abis & (1u << c->k->abi_id)))
    return STEP_GO;
  fail(c->r, ST_UNSUPPORTED, "ABI %s", c->k->abi);
  return STEP_STOP;
}

static int step_endian(case_run *c) {
  if (c->k->endian_id != CASE_OTHER_ENDIAN && (c->ch->im->endians & (1u << c->k->endian_id)))
    return STEP_GO;
  fail(c->r, ST_UNSUPPORTED, "%s endian", c->k->endian);
  return STEP_STOP;
}

/* A section using an optional feature the reader lacks: unsupported-feature,
 * but where the start encoding is incidental (PCREL alone) the corpus has
 * the case with starts counted from the section: that one is run. */
static int step_features(case_run *c) {
  const impl *im = c->ch->im;
  unsigned need;
  char names[64] = "";
  if (!im->has_features || (need = case_features(c->k) & ~im->features) == 0)
    return STEP_GO;
  if (need == FEAT_PCREL && !c->k->variant && c->k->abs) {
    c->k = c->k->abs;
    c->r->variant = 1;
    return STEP_GO;
  }
  for (unsigned f = 0; f < 5; f++)
    if (need & (1u << f))
      snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
               names[0] ? ", " : "", feature_names[f]);
  fail(c->r, ST_UNSUPPORTED_FEATURE, "needs %s", names);
  return STEP_STOP;
}

static int step_verdict(case_run *c) {
  return run_verdict(c->ch, c->k, c->k->path, &c->pr, c->r) != 0 ? STEP_STOP : STEP_GO;
}

/* An implementation-defined case: its verdict is all there is. */
static int step_impl_class(case_run *c) {
  if (c->k->class_id != CASE_IMPL)
    return STEP_GO;
  verdict(c->r, c->pr.code == 0 ? ST_IMPL_ACCEPT : ST_IMPL_REJECT);
  proc_free(&c->pr);
  return STEP_STOP;
}

/* An invalid or malformed case: rejected, naming no other finding (under
 * --strict, naming its own), while its valid twin is accepted. */
static int step_defect(case_run *c) {
  const kase *k = c->k;
  result *r = c->r;
  const int strict = c->ch->o->strict;
  char named[128];
  if (k->class_id == CASE_VALID || k->class_id == CASE_QUESTIONABLE)
    return STEP_GO;
  if (c->pr.code == 0)
    fail(r, ST_SHOULD_REJECT, "accepted; the oracle finds %s", k->finding);
  else if (named_other_finding(c->pr.err, k->finding, named, sizeof named))
    fail(r, ST_WRONG_FINDING, "named %s, want %s", named, k->finding);
  else if (strict && !names_finding(c->pr.err, k->finding))
    fail(r, ST_WRONG_FINDING, "named no finding, want %s", k->finding);
  else
    verdict(r, ST_PASS);
  proc_free(&c->pr);
  if (r->status == ST_PASS && twin_refused(c->ch, k, r))
    return STEP_STOP;
  if (strict && r->status == ST_PASS)
    strict_rejected(c->ch, k, r);
  return STEP_STOP;
}

/* --strict: a questionable case accepted names its finding. */
static int step_questionable(case_run *c) {
  const kase *k = c->k;
  if (!c->ch->o->strict || c->pr.code != 0 || k->class_id != CASE_QUESTIONABLE ||
      names_finding(c->pr.err, k->finding))
    return STEP_GO;
  fail(c->r, ST_WRONG_FINDING, "accepted without naming the questionable finding %s",
       k->finding);
  proc_free(&c->pr);
  return STEP_STOP;
}

static int step_rejected(case_run *c) {
  if (c->pr.code == 0)
    return STEP_GO;
  fail(c->r, ST_SHOULD_ACCEPT, "%s rejected: %.200s", c->ch->im->cmd_decode ? "decode" : "lookup",
       strtok(c->pr.err, "\n") ? c->pr.err : "");
  proc_free(&c->pr);
  return STEP_STOP;
}

static int step_answers(case_run *c) {
  if (c->ch->im->cmd_decode)
    check_answers(c->ch, c->k, c->r, &c->pr, NULL);
  else
    check_answers(c->ch, c->k, c->r, NULL, &c->pr);
  return STEP_STOP;
}

static int (*const case_steps[])(case_run *) = {
    step_version, step_abi,        step_endian,       step_features, step_verdict,
    step_impl_class, step_defect, step_questionable, step_rejected, step_answers};

void run_case(channel *ch, const kase *k, result *r) {
  case_run c;
  memset(r, 0, sizeof *r);
  memset(&c, 0, sizeof c);
  c.ch = ch, c.k = k, c.r = r;
  if (ch->sink)
    diff_reset(ch->sink);
  ch->cap = k->cap;
  for (size_t i = 0; i < sizeof case_steps / sizeof *case_steps; i++)
    if (case_steps[i](&c) == STEP_STOP)
      return;
}

const kase *case_verdict_kase(const impl *im, const opts *o, const kase *k) {
  static int (*const before[])(case_run *) = {step_version, step_abi, step_endian, step_features};
  channel ch = {im, o, NULL, 0, NULL, 0};
  result r;
  case_run c;
  memset(&c, 0, sizeof c);
  c.ch = &ch, c.k = k, c.r = &r;
  for (size_t i = 0; i < sizeof before / sizeof *before; i++)
    if (before[i](&c) == STEP_STOP)
      return NULL;
  return c.k;
}

const skip_entry *skipped(const impl *im, const kase *k) {
  size_t i;
  for (i = 0; i < im->nskips; i++)
    if (fnmatch(im->skips[i].pattern, k->id, 0) == 0)
      return &im->skips[i];
  return NULL;
}


/* One result as a worker sends it to the runner: the case, the worker,
 * the serving processes that worker has started so far, and whether it
 * stopped after this case (TIMEOUT_STREAK timeouts in a row: the adapter
 * answers nothing). */
typedef struct record {
  size_t idx;
  result r;
  unsigned started;
  int worker, hung;
} record;

/* Whether an outcome reached by a serving process stands: when it is the
 * expected one (the expected-results file, when written for this version
 * of the implementation; without one, an accepted
 * section with every output as it should be: a pass or impl-accept with
 * exit 0, since a rejection is where a reader reading past its buffers
 * meets, in a serving process, memory a process of its own does not have
 * and would crash on).  Any other, and every case on which the serving process
 * went away (but an expected timeout: the runner stopped it at the time
 * limit, as it stops a process of its own), is decided again by processes
 * of its own, as without serving:
 * so what a serving process carries from one case to the next (a heap a
 * reader corrupted, a leak, a crash armed by an earlier case) can change
 * how fast a run goes, never an outcome, and a crash or a timeout is still
 * pinned on the case that has it alone. */
static int served_outcome_stands(const impl *im, size_t i, const result *r) {
  /* The file anchors only the version it was written for: another may
   * crash where this one did not, and a serving process may hide it. */
  int anchored = im->has_expected &&
                 (!im->exp_version[0] || !strcmp(im->exp_version, im->caps_version));
  if (r->lost) /* only a timeout, the runner's own doing, when one is expected */
    return r->status == ST_TIMEOUT && anchored && as_expected(im, i, r->status);
  if (anchored)
    return as_expected(im, i, r->status);
  return (r->status == ST_PASS || r->status == ST_IMPL_ACCEPT) && r->code == 0;
}

/* Runs case i in a worker: through the channel's serving process when it
 * has one, then again in processes of its own when the served outcome does
 * not stand.  A serving process that goes away on the first command it is
 * given, on a case that does not crash or time out on its own, does not
 * work: the worker says so and the channel stops serving. */
static void worker_case(channel *ch, const kase *cs, size_t i, result *r) {
  channel own = {ch->im, ch->o, NULL, 0, ch->sink, 0};
  int first_call, lost;
  run_case(ch, &cs[i], r);
  if (!ch->srv || r->status == ST_UNSUPPORTED || r->status == ST_UNSUPPORTED_FEATURE)
    return;
  if (served_outcome_stands(ch->im, i, r)) {
    r->run = RUN_SERVED;
    return;
  }
  first_call = r->lost && ch->srv->calls == 0;
  lost = r->lost;
  run_case(&own, &cs[i], r);
  r->run = RUN_CONFIRMED;
  r->lost = (unsigned char)lost;
  if (first_call && r->status != ST_CRASH && r->status != ST_TIMEOUT) {
    fprintf(stderr, "sfconform: %s: `serve` does not work (the serving process went away on "
                    "%s, which runs on its own); one process per command from here\n",
            ch->im->name, cs[i].id);
    ch->srv = NULL;
  }
}

static long mono_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The progress line on stderr (o->progress: 1 when stderr is a terminal,
 * rewritten in place; 2 otherwise, a line every PROGRESS_EVERY_MS), once
 * a run has taken PROGRESS_AFTER_MS. */
#define PROGRESS_AFTER_MS 2000
#define PROGRESS_EVERY_MS 10000
static void progress(const impl *im, const opts *o, size_t done, size_t n, long start,
                     long *last, int final) {
  long now = mono_ms(), el = now - start;
  double rate;
  if (!o->progress || el < PROGRESS_AFTER_MS)
    return;
  if (final) {
    if (o->progress == 1 && *last)
      fprintf(stderr, "\r\033[K");
    return;
  }
  if (*last && now - *last < (o->progress == 1 ? 500 : PROGRESS_EVERY_MS))
    return;
  *last = now;
  rate = el > 0 ? (double)done * 1000.0 / (double)el : 0;
  fprintf(stderr, "%ssfconform: %s: %zu/%zu cases, %.0f/s, %.0f s left%s",
          o->progress == 1 ? "\r\033[K" : "", im->name, done, n, rate,
          rate > 0 ? (double)(n - done) / rate : 0.0, o->progress == 1 ? "" : "\n");
  fflush(stderr);
}

/* One run_impl over the pool of workers (common/sfc_pool.h): what the
 * runner gathers, and in each worker (its own copy) that worker's channel,
 * its file of differences and its timeouts in a row. */
typedef struct run_ctx {
  impl *im;
  const opts *o;
  const kase *cs;
  size_t n;
  size_t *order;         /* the pool's job j is case order[j] (case_order) */
  size_t done;           /* the runner's: cases decided */
  long start, last;      /* the runner's: for the progress line */
  unsigned started[64];  /* the runner's: serving processes per worker */
  int failed;            /* the runner's: a worker process failed */
  int w, streak;         /* a worker's: its number, timeouts in a row */
  channel ch;
  FILE *dfile;
} run_ctx;

/* A worker's serving process and kept differences. */
static proc_server w_srv;
static diffsink w_sink;

/* A worker starts: its channel and OUT/NAME/diffs.wW.tsv.  0, or its exit
 * status 2 (said on stderr). */
static int case_worker_start(int w, void *ctx) {
  run_ctx *c = ctx;
  char dpath[PATH_MAX];
  channel ch = {c->im, c->o, c->im->serve && c->im->serve <= c->o->serve ? &w_srv : NULL, 0,
                &w_sink, 0};
  c->w = w;
  c->streak = 0;
  c->ch = ch;
  pathf(dpath, sizeof dpath, "%s/%s/diffs.w%d.tsv", c->o->out, c->im->name, w);
  if (!(c->dfile = fopen(dpath, "w"))) {
    fprintf(stderr, "sfconform: cannot write %s\n", dpath);
    return 2;
  }
  /* A serving process that goes away makes writes to it fail, not
   * kill the worker; the adapters get SIGPIPE back (adapter_run_opts). */
  signal(SIGPIPE, SIG_IGN);
  return 0;
}

/* In a worker: runs case i through its channel and sends the result (a
 * record) as soon as it has it; none when the run is interrupted (killed
 * in flight: not the case's outcome).  The worker takes no more cases
 * after TIMEOUT_STREAK timeouts in a row (unless --keep-going). */
static int case_work(size_t job, FILE *out, void *ctx) {
  run_ctx *c = ctx;
  size_t i = c->order[job];
  record rec;
  memset(&rec, 0, sizeof rec);
  rec.idx = i;
  rec.worker = c->w;
  worker_case(&c->ch, c->cs, i, &rec.r);
  if (stop_signal)
    return SFC_POOL_ABANDON;
  rec.r.decided = 1;
  rec.started = c->ch.started;
  c->streak = rec.r.status == ST_TIMEOUT ? c->streak + 1 : 0;
  if (rec.r.status == ST_WRONG_OUTPUT)
    diff_flush(&w_sink, c->dfile, i);
  else
    diff_reset(&w_sink);
  /* on disk before the runner hears of the case: it reads the file
   * once every worker has ended */
  fflush(c->dfile);
  rec.hung = c->streak >= TIMEOUT_STREAK && !c->o->keep_going;
  if (fwrite(&rec, sizeof rec, 1, out) != 1)
    _exit(2);
  return rec.hung ? SFC_POOL_LAST : SFC_POOL_NEXT;
}

/* A worker after its last case: ends its serving process.  Its exit
 * status: 0, 3 when the serving process ended badly after its last case
 * (said on stderr), 2 when its file of differences cannot be written. */
static int case_worker_end(int w, void *ctx) {
  run_ctx *c = ctx;
  int end;
  char how[64];
  (void)w;
  if (fclose(c->dfile) != 0)
    return 2;
  if (stop_signal || c->streak >= TIMEOUT_STREAK) {
    proc_server_stop(&w_srv, 0); /* killed now: no grace */
    return 0;
  }
  /* Its stdin closed, the serving process ends by itself (and writes
   * what it writes at exit, such as coverage data).  One that ends
   * badly then (a leak checker's report at exit) found something no
   * one case can be given: the run fails, saying so. */
  if ((end = proc_server_stop(&w_srv, 5.0)) == 0)
    return 0;
  if (end == PROC_SERVER_KILLED)
    snprintf(how, sizeof how, "no exit within 5 s of its input's end");
  else
    snprintf(how, sizeof how, "%s %d", end > 0 ? "exit status" : "signal", end > 0 ? end : -end);
  fprintf(stderr, "sfconform: %s: a serving process ended with %s after its last case "
          "(a report at exit, such as a leak checker's, belongs to no one case: run "
          "again with --no-serve to find it)\n", c->im->name, how);
  return 3;
}

/* In the runner: a worker's record is a case's result; one that says the
 * adapter answers nothing stops every worker (each ends its case in
 * flight).  A worker that died in a case fails the run (at its end). */
static int case_collect(size_t job, const char *data, size_t len, int child_status, void *ctx) {
  run_ctx *c = ctx;
  record rec;
  (void)job;
  if (child_status != 0 || len != sizeof rec) {
    c->failed = 1;
    return 0;
  }
  memcpy(&rec, data, sizeof rec);
  if (rec.idx < c->n) {
    c->im->res[rec.idx] = rec.r;
    if (rec.worker >= 0 && rec.worker < 64)
      c->started[rec.worker] = rec.started;
    c->done++;
  }
  if (rec.hung && !c->im->hung) {
    c->im->hung = 1;
    return 1;
  }
  return 0;
}

/* A worker that ended after its last case: one that failed to serve has
 * said so; any other failure fails the run. */
static void case_worker_ended(int w, int status, void *ctx) {
  run_ctx *c = ctx;
  (void)w;
  if (status == 3)
    c->im->serve_failed++;
  else if (status != 0)
    c->failed = 1;
}

/* The runner, at least every half second: the progress line, and an
 * interrupted run stops every worker (each kills its case in flight). */
static int case_tick(void *ctx) {
  run_ctx *c = ctx;
  progress(c->im, c->o, c->done, c->n, c->start, &c->last, 0);
  return stop_signal != 0;
}

/* Skip lists: the case was run; a skipped case that passes is stale. */
static void apply_skips(impl *im, const kase *cs, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const skip_entry *s = skipped(im, &cs[i]);
    char d[300];
    if (!s)
      continue;
    if (im->res[i].status == ST_PASS) {
      im->stale++;
      fprintf(stderr, "sfconform: %s: %s passes but is on the skip list (%s): remove it\n",
              im->name, cs[i].id, s->pattern);
    }
    if (snprintf(d, sizeof d, "%s [%s: %s]", s->reason, st_names[im->res[i].status],
                 im->res[i].detail) < 0)
      d[0] = 0;
    snprintf(im->res[i].detail, sizeof im->res[i].detail, "%s", d);
    im->res[i].status = ST_SKIP;
  }
}

/* The cases no worker decided (the run was interrupted, or the adapter
 * stopped answering): not-run, with the reason, said once on stderr.
 * Returns how many. */
static size_t not_run(impl *im, const opts *o, const kase *cs, size_t n) {
  size_t i, left = 0;
  char t[32];
  for (i = 0; i < n; i++) {
    result *r = &im->res[i];
    if (r->decided)
      continue;
    left++;
    memset(r, 0, sizeof *r);
    if (stop_signal)
      fail(r, ST_NOT_RUN, "not run: the run was interrupted (signal %d)", (int)stop_signal);
    else
      fail(r, ST_NOT_RUN, "not run: the adapter timed out on %d cases in a row before it "
           "(--keep-going runs every case)", TIMEOUT_STREAK);
  }
  (void)cs;
  snprintf(t, sizeof t, "%g", o->timeout);
  if (left && im->hung && !stop_signal)
    fprintf(stderr, "sfconform: %s: stopped: %d cases in a row got no answer within --timeout "
            "%s s, so the adapter is taken to answer nothing; %zu cases not run (--keep-going "
            "runs every case)\n", im->name, TIMEOUT_STREAK, t, left);
  return left;
}

/* What case_order sorts by: how slow its expected outcome is, then (for
 * the slow ones) the larger section, then the corpus order. */
typedef struct case_key {
  size_t i;
  int slow;
  off_t size;
} case_key;

static int by_cost(const void *a, const void *b) {
  const case_key *x = a, *y = b;
  if (x->slow != y->slow)
    return y->slow - x->slow;
  if (x->size != y->size)
    return x->size < y->size ? 1 : -1;
  return x->i < y->i ? -1 : x->i > y->i;
}

/* How slow case i is to decide, by im's expected results (written for
 * this version): 2 a timeout (it holds a worker for the whole --timeout),
 * 1 a crash (run alone: a process of its own, which costs more than an
 * answer from a batch or a fork, and the more the larger the section), 0
 * anything else or nothing expected. */
static int expected_slow(const impl *im, size_t i) {
  int w;
  unsigned alts;
  if (!im->has_expected || !im->want ||
      (im->exp_version[0] && strcmp(im->exp_version, im->caps_version)))
    return 0;
  w = im->want[i];
  alts = w == ST_UNSTABLE && im->want_alts ? im->want_alts[i] : 0;
  if (w == ST_TIMEOUT || (alts & 1u << ST_TIMEOUT))
    return 2;
  return w == ST_CRASH || (alts & 1u << ST_CRASH);
}

/* The order the workers take the cases in (into order[0 .. n)): those
 * expected to time out first, since started late such a case ends the run
 * that much later; then those expected to crash, the largest sections
 * first (one took nine seconds alone: fres-65535-v3-amd64-le in the 2.47
 * readers); then the rest in the corpus order.  Without expected results,
 * the corpus order.  Each case is run as it would be in any order: only
 * when it runs depends on this, never how or its outcome (the results are
 * kept by case). */
static void case_order(const impl *im, const kase *cs, size_t n, size_t *order) {
  case_key *k = malloc((n ? n : 1) * sizeof *k);
  struct stat sb;
  size_t i;
  if (!k)
    sfc_die(2, "%s", "out of memory");
  for (i = 0; i < n; i++) {
    k[i].i = i;
    k[i].slow = expected_slow(im, i);
    k[i].size = k[i].slow && stat(cs[i].path, &sb) == 0 ? sb.st_size : 0;
  }
  qsort(k, n, sizeof *k, by_cost);
  for (i = 0; i < n; i++)
    order[i] = k[i].i;
  free(k);
}

/* Runs every case of one IMPL with o->jobs worker processes (forked from
 * the runner, which stays small: each case's adapter is started with
 * posix_spawn, common/sfc_proc.c) on the pool of common/sfc_pool.c: each
 * worker takes the next case when it is free, so one slow case (a timeout)
 * holds up one worker, not every jobs-th case behind it, and sends each
 * result as soon as it has it. */
void run_impl(impl *im, const opts *o, const kase *cs, size_t n) {
  static run_ctx c;
  sfc_pool_opts po;
  memset(&c, 0, sizeof c);
  c.im = im, c.o = o, c.cs = cs, c.n = n;
  im->res = calloc(n ? n : 1, sizeof *im->res);
  c.order = malloc((n ? n : 1) * sizeof *c.order);
  if (!im->res || !c.order)
    sfc_die(2, "%s", "out of memory");
  case_order(im, cs, n, c.order);
  {
    char dir[PATH_MAX];
    pathf(dir, sizeof dir, "%s/%s", o->out, im->name);
    mkdirs(dir);
  }
  memset(&po, 0, sizeof po);
  po.njobs = n;
  po.workers = o->jobs < 1 ? 1 : o->jobs > 64 ? 64 : o->jobs;
  po.work = case_work;
  po.collect = case_collect;
  po.worker_start = case_worker_start;
  po.worker_end = case_worker_end;
  po.ended = case_worker_ended;
  po.tick = case_tick;
  po.ctx = &c;
  po.tokens = o->tokens;
  c.start = mono_ms();
  batch_prefetch(im, o, cs, n);
  if (sfc_pool_run(&po) != 0)
    sfc_die(2, "cannot start a worker process: %s", strerror(errno));
  batch_forget();
  free(c.order);
  progress(im, o, c.done, n, c.start, &c.last, 1);
  if (c.failed)
    sfc_die(2, "%s", "a worker process failed");
  for (int w = 0; w < 64; w++)
    im->servers += c.started[w];
  if (not_run(im, o, cs, n) == 0)
    rerun_unstable(im, o, cs, n);
  apply_skips(im, cs, n);
}

/* Runs again, RERUNS times, every case whose outcome is not the expected
 * one (without an expected-results file: every crash and timeout).  A case
 * whose outcomes vary becomes `unstable`, its detail listing them. */
void rerun_unstable(impl *im, const opts *o, const kase *cs, size_t n) {
  size_t i, tried = 0;
  for (i = 0; i < n && tried < MAX_RERUN_CASES; i++) {
    result *r = &im->res[i];
    unsigned seen = 1u << r->status, cnt[ST_COUNT] = {0};
    int k, s;
    if (r->status == ST_UNSUPPORTED || r->status == ST_UNSUPPORTED_FEATURE || skipped(im, &cs[i]))
      continue;
    if (im->has_expected ? as_expected(im, i, r->status)
                         : (r->status != ST_CRASH && r->status != ST_TIMEOUT))
      continue;
    tried++;
    cnt[r->status]++;
    for (k = 0; k < RERUNS; k++) {
      channel own = {im, o, NULL, 0, NULL, 0};
      result again;
      /* (a case at a time among the IMPLs side by side, as in the pool) */
      if (o->tokens && sfc_tokens_take(o->tokens, &stop_signal) != 0)
        break;
      run_case(&own, &cs[i], &again);
      if (o->tokens)
        sfc_tokens_give(o->tokens);
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
