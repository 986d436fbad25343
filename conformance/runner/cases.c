/* SPDX-License-Identifier: MIT */
/* cases.c - one case run through one implementation and judged against
 * the oracle's answer; every case of an implementation, in worker
 * processes. */
#define _XOPEN_SOURCE 700 /* realpath */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS */
#define _GNU_SOURCE 1     /* memmem */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner.h"


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
  if (ch->srv) {
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

/* Runs `unwind` on snapshot K and names its expected output in want. */
static int run_unwind(channel *ch, const kase *k, int K, char *want, size_t wn,
                      proc_result *pr, result *r) {
  char snap[PATH_MAX], sfx[40];
  const char *args[5];
  snprintf(sfx, sizeof sfx, "unwind-%d.snapshot", K);
  sibling(k, sfx, snap, sizeof snap);
  snprintf(sfx, sizeof sfx, "unwind-%d.json", K);
  sibling(k, sfx, want, wn);
  args[0] = "unwind", args[1] = k->path, args[2] = k->vma, args[3] = snap, args[4] = NULL;
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
  char want[PATH_MAX];
  proc_result pr;
  int i, rc;
  sibling(k, "lookup.json", want, sizeof want);
  if (im->cmd_lookup && *k->pcs && access(want, R_OK) == 0) {
    if (run_lookup(ch, k, k->path, &pr, r) != 0)
      return;
    rc = same_bytes(&pr, want, "lookup of a rejected section", r);
    proc_free(&pr);
    if (rc != 0)
      return;
  }
  for (i = 1; im->cmd_unwind && i <= k->unwinds; i++) {
    if (run_unwind(ch, k, i, want, sizeof want, &pr, r) != 0)
      return;
    rc = same_bytes(&pr, want, "unwind of a rejected section", r);
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
  char sfx[32], want[PATH_MAX];
  int i;
  sibling(k, "lookup.json", want, sizeof want);
  if (im->cmd_lookup && *k->pcs && access(want, R_OK) == 0) {
    if (lk)
      pr = *lk, lk = NULL;
    else if (run_lookup(ch, k, k->path, &pr, r) != 0)
      goto unwinds;
    if (pr.code != 0) {
      rejected_answer("lookup", &pr, r);
      if (r->status != ST_WRONG_OUTPUT)
        return;
    } else {
      compare_output(ch, k, &pr, want, "lookup", r);
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
    if (run_unwind(ch, k, i, want, sizeof want, &pr, r) != 0) {
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
    compare_output(ch, k, &pr, want, sfx, r);
    proc_free(&pr);
  }
}

/* Whether the case gave anything to compare beyond acceptance. */
static int has_answers(const impl *im, const kase *k) {
  char p[PATH_MAX];
  sibling(k, "dump.json", p, sizeof p);
  if (access(p, R_OK) == 0)
    return 1;
  sibling(k, "lookup.json", p, sizeof p);
  if (*k->pcs && access(p, R_OK) == 0)
    return 1;
  (void)im;
  return k->unwinds > 0;
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
  char want[PATH_MAX];
  const char *args[4];
  verdict(r, ST_PASS);
  if (dec) {
    sibling(k, "dump.json", want, sizeof want);
    if (access(want, R_OK) == 0)
      compare_output(ch, k, dec, want, "decode", r);
    proc_free(dec);
  }
  check_lookups_unwinds(ch, k, r, lk);
  if (r->status != ST_PASS)
    return;
  /* --strict: a real section's objdump text, byte for byte. */
  sibling(k, "objdump", want, sizeof want);
  if (o->strict && im->cmd_objdump && access(want, R_OK) == 0) {
    int rc;
    args[0] = "objdump", args[1] = k->path, args[2] = k->vma, args[3] = NULL;
    if (run(ch, args, &pr, r) != 0)
      return;
    rc = pr.code == 0 ? same_bytes(&pr, want, "objdump", r) : -1;
    if (pr.code != 0)
      fail(r, ST_SHOULD_ACCEPT, "objdump rejected: %.200s", pr.err);
    proc_free(&pr);
    if (rc != 0)
      return;
  }
  if (!r->compared && has_answers(im, k))
    fail(r, ST_NOTHING_COMPARED, "accepted; %s", im->cmd_decode || im->cmd_lookup
             ? "every field it gave is one it lists as unknown, and no lookup or unwind applied"
             : "no command it offers applies");
}

/* A rejection of an invalid or malformed case stands for its defect only
 * when the reader accepts the section the case was derived from (its valid
 * twin, NAME.twin.sframe).  1 when the twin is refused too (or crashes, or
 * times out): the rejection says nothing of this case's defect. */
static int twin_refused(channel *ch, const kase *k, result *r) {
  char twin[PATH_MAX];
  proc_result pr;
  result tr;
  int refused;
  sibling(k, "twin.sframe", twin, sizeof twin);
  if (access(twin, R_OK) != 0)
    return 0;
  memset(&tr, 0, sizeof tr);
  if (run_verdict(ch, k, twin, &pr, &tr) != 0) {
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
  char p[PATH_MAX];
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
  sibling(k, "dump.json", p, sizeof p);
  if ((d = read_expected(p, &len)))
    for (size_t i = 0; i < 3; i++)
      if (memmem(d, len, in_dump[i], strlen(in_dump[i])))
        f |= feat[i];
  return f;
}

void run_case(channel *ch, const kase *k, result *r) {
  const impl *im = ch->im;
  const opts *o = ch->o;
  proc_result pr;
  char sfx[32];
  int valid = !strcmp(k->cls, "valid") || !strcmp(k->cls, "questionable");
  char abi[80], endian[16], vpath[PATH_MAX];
  kase vk[1];
  unsigned need;

  memset(r, 0, sizeof *r);
  if (ch->sink)
    diff_reset(ch->sink);
  ch->cap = case_cap(k);
  snprintf(abi, sizeof abi, " %s ", k->abi);
  snprintf(endian, sizeof endian, " %s ", k->endian);
  if (!(im->versions & (1u << k->version))) {
    snprintf(sfx, sizeof sfx, "%d", k->version);
    fail(r, ST_UNSUPPORTED, "version %s", sfx);
    return;
  }
  if (!strstr(im->abis, abi)) {
    fail(r, ST_UNSUPPORTED, "ABI %s", k->abi);
    return;
  }
  if (!strstr(im->endians, endian)) {
    fail(r, ST_UNSUPPORTED, "%s endian", k->endian);
    return;
  }
  if (im->has_features && (need = case_features(k) & ~im->features) != 0) {
    char names[64] = "";
    /* Where the start encoding is incidental, the corpus has the case
     * with starts counted from the section: that one is run. */
    if (need == FEAT_PCREL && case_variant(k, vk, vpath, sizeof vpath) == 0) {
      k = vk;
      r->variant = 1;
    } else {
      for (unsigned f = 0; f < 5; f++)
        if (need & (1u << f))
          snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                   names[0] ? ", " : "", feature_names[f]);
      fail(r, ST_UNSUPPORTED_FEATURE, "needs %s", names);
      return;
    }
  }
  if (run_verdict(ch, k, k->path, &pr, r) != 0)
    return;
  if (!strcmp(k->cls, "impl")) {
    verdict(r, pr.code == 0 ? ST_IMPL_ACCEPT : ST_IMPL_REJECT);
    proc_free(&pr);
    return;
  }
  if (!valid) {
    char named[128];
    if (pr.code == 0)
      fail(r, ST_SHOULD_REJECT, "accepted; the oracle finds %s", k->finding);
    else if (named_other_finding(pr.err, k->finding, named, sizeof named))
      fail(r, ST_WRONG_FINDING, "named %s, want %s", named, k->finding);
    else if (o->strict && !names_finding(pr.err, k->finding))
      fail(r, ST_WRONG_FINDING, "named no finding, want %s", k->finding);
    else
      verdict(r, ST_PASS);
    proc_free(&pr);
    if (r->status == ST_PASS && twin_refused(ch, k, r))
      return;
    if (o->strict && r->status == ST_PASS)
      strict_rejected(ch, k, r);
    return;
  }
  if (o->strict && pr.code == 0 && !strcmp(k->cls, "questionable") &&
      !names_finding(pr.err, k->finding)) {
    fail(r, ST_WRONG_FINDING, "accepted without naming the questionable finding %s", k->finding);
    proc_free(&pr);
    return;
  }
  if (pr.code != 0) {
    fail(r, ST_SHOULD_ACCEPT, "%s rejected: %.200s", im->cmd_decode ? "decode" : "lookup",
         strtok(pr.err, "\n") ? pr.err : "");
    proc_free(&pr);
    return;
  }
  if (im->cmd_decode)
    check_answers(ch, k, r, &pr, NULL);
  else
    check_answers(ch, k, r, NULL, &pr);
}

const skip_entry *skipped(const impl *im, const kase *k) {
  size_t i;
  for (i = 0; i < im->nskips; i++)
    if (fnmatch(im->skips[i].pattern, k->id, 0) == 0)
      return &im->skips[i];
  return NULL;
}


/* The index of a worker's last record when it stopped after
 * TIMEOUT_STREAK timeouts in a row. */
#define HUNG_RECORD ((size_t)-1)

/* One result as a worker sends it to the runner, with the number of
 * serving processes the worker has started so far. */
typedef struct record {
  size_t idx;
  result r;
  unsigned started;
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

/* The next case to run, shared by the workers of one IMPL (a counter in
 * memory they all map): a worker takes the next case when it is free, so
 * one slow case (a timeout) holds up one worker, not every jobs-th case
 * behind it.  Without shared memory each worker takes every jobs-th case. */
#if ATOMIC_LONG_LOCK_FREE == 2
typedef atomic_ulong case_counter;
static size_t next_case(case_counter *c, size_t *mine, int jobs) {
  if (!c)
    return *mine += (size_t)jobs;
  return (size_t)atomic_fetch_add(c, 1);
}
static case_counter *shared_counter(void) {
  void *m = mmap(NULL, sizeof(case_counter), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                 -1, 0);
  if (m == MAP_FAILED)
    return NULL;
  atomic_init((case_counter *)m, 0);
  return m;
}
#else
typedef int case_counter;
static size_t next_case(case_counter *c, size_t *mine, int jobs) {
  (void)c;
  return *mine += (size_t)jobs;
}
static case_counter *shared_counter(void) { return NULL; }
#endif

/* A worker process: takes the next case while there is one, runs it
 * through its channel and sends the result on fd as soon as it has it;
 * then ends its serving process.  Exits 0, 3 when the serving process
 * ended badly after its last case (said on stderr), 2 when the runner is
 * gone. */
__attribute__((noreturn)) static void worker(impl *im, const opts *o, const kase *cs, size_t n,
                                             case_counter *counter, int w, int jobs, int fd) {
  size_t i;
  static proc_server srv;
  static diffsink sink;
  channel ch = {im, o, im->serve && im->serve <= o->serve ? &srv : NULL, 0, &sink, 0};
  char dpath[PATH_MAX];
  FILE *dfile;
  pathf(dpath, sizeof dpath, "%s/%s/diffs.w%d.tsv", o->out, im->name, w);
  if (!(dfile = fopen(dpath, "w"))) {
    fprintf(stderr, "sfconform: cannot write %s\n", dpath);
    _exit(2);
  }
  /* A serving process that goes away makes writes to it fail, not
   * kill the worker; the adapters get SIGPIPE back (adapter_run_opts). */
  signal(SIGPIPE, SIG_IGN);
  int streak = 0; /* timeouts in a row */
  size_t mine = (size_t)w - (size_t)jobs; /* next_case's own count, without the counter */
  for (i = next_case(counter, &mine, jobs); i < n; i = next_case(counter, &mine, jobs)) {
    record rec;
    const char *p = (const char *)&rec;
    size_t left = sizeof rec;
    memset(&rec, 0, sizeof rec);
    rec.idx = i;
    worker_case(&ch, cs, i, &rec.r);
    if (stop_signal)
      break; /* killed in flight: not the case's outcome */
    rec.r.decided = 1;
    rec.started = ch.started;
    streak = rec.r.status == ST_TIMEOUT ? streak + 1 : 0;
    if (rec.r.status == ST_WRONG_OUTPUT)
      diff_flush(&sink, dfile, i);
    else
      diff_reset(&sink);
    /* on disk before the runner hears of the case: it reads the file
     * once every worker has ended */
    fflush(dfile);
    while (left) {
      ssize_t put = write(fd, p, left);
      if (put < 0 && errno == EINTR)
        continue;
      if (put <= 0)
        _exit(2);
      p += put, left -= (size_t)put;
    }
    if (streak >= TIMEOUT_STREAK && !o->keep_going) {
      /* It answers nothing: a record past the cases says so. */
      memset(&rec, 0, sizeof rec);
      rec.idx = HUNG_RECORD;
      if (write(fd, &rec, sizeof rec) != (ssize_t)sizeof rec)
        _exit(2);
      break;
    }
  }
  if (fclose(dfile) != 0)
    _exit(2);
  if (stop_signal || streak >= TIMEOUT_STREAK) {
    proc_server_stop(&srv, 0); /* killed now: no grace */
    _exit(0);
  }
  /* Its stdin closed, the serving process ends by itself (and writes
   * what it writes at exit, such as coverage data).  One that ends
   * badly then (a leak checker's report at exit) found something no
   * one case can be given: the run fails, saying so. */
  {
    int end = proc_server_stop(&srv, 5.0);
    if (end != 0) {
      char how[64];
      if (end == PROC_SERVER_KILLED)
        snprintf(how, sizeof how, "no exit within 5 s of its input's end");
      else
        snprintf(how, sizeof how, "%s %d", end > 0 ? "exit status" : "signal",
                 end > 0 ? end : -end);
      fprintf(stderr, "sfconform: %s: a serving process ended with %s after its last case "
              "(a report at exit, such as a leak checker's, belongs to no one case: run "
              "again with --no-serve to find it)\n", im->name, how);
      _exit(3);
    }
  }
  _exit(0);
}

/* The worker processes of one run_impl, and what each has sent so far. */
typedef struct pool {
  int jobs, open_pipes, stopping;
  pid_t pids[64];
  int fds[64];
  record buf[64];
  size_t got[64];
  unsigned started[64];
} pool;

/* Forks the workers, each with a pipe back to the runner. */
static void start_workers(pool *pl, impl *im, const opts *o, const kase *cs, size_t n,
                          case_counter *counter) {
  fflush(NULL);
  for (int w = 0; w < pl->jobs; w++) {
    int pp[2];
    if (pipe(pp) != 0)
      sfc_die(2, "%s", "cannot make a pipe");
    pl->pids[w] = fork();
    if (pl->pids[w] < 0)
      sfc_die(2, "%s", "fork failed");
    if (pl->pids[w] == 0) {
      close(pp[0]);
      for (int k = 0; k < w; k++)
        close(pl->fds[k]);
      fcntl(pp[1], F_SETFD, FD_CLOEXEC);
      worker(im, o, cs, n, counter, w, pl->jobs, pp[1]);
    }
    close(pp[1]);
    fcntl(pp[0], F_SETFD, FD_CLOEXEC);
    pl->fds[w] = pp[0];
    pl->got[w] = 0;
    pl->open_pipes++;
  }
}

/* Asks every worker to end (SIGTERM: each kills its case in flight). */
static void stop_workers(pool *pl) {
  if (pl->stopping)
    return;
  pl->stopping = 1;
  for (int w = 0; w < pl->jobs; w++)
    kill(pl->pids[w], SIGTERM);
}

/* Reads what worker w has ready: a whole record is a case's result. */
static void read_worker(pool *pl, int w, impl *im, size_t n, size_t *done) {
  ssize_t r = read(pl->fds[w], (char *)&pl->buf[w] + pl->got[w], sizeof pl->buf[w] - pl->got[w]);
  if (r < 0 && errno == EINTR)
    return;
  if (r <= 0) {
    close(pl->fds[w]);
    pl->fds[w] = -1;
    pl->open_pipes--;
    return;
  }
  pl->got[w] += (size_t)r;
  if (pl->got[w] == sizeof pl->buf[w]) {
    if (pl->buf[w].idx < n) {
      im->res[pl->buf[w].idx] = pl->buf[w].r;
      pl->started[w] = pl->buf[w].started;
      ++*done;
    } else if (pl->buf[w].idx == HUNG_RECORD && !im->hung) {
      im->hung = 1;
      stop_workers(pl); /* the others end with their case in flight */
    }
    pl->got[w] = 0;
  }
}

/* Results as the workers send them, until every pipe is closed. */
static void collect(pool *pl, impl *im, const opts *o, size_t n) {
  size_t done = 0;
  long start = mono_ms(), last = 0;
  while (pl->open_pipes > 0) {
    struct pollfd pf[64];
    int np = 0, w;
    for (w = 0; w < pl->jobs; w++)
      if (pl->fds[w] >= 0)
        pf[np].fd = pl->fds[w], pf[np].events = POLLIN, pf[np++].revents = 0;
    if (poll(pf, (nfds_t)np, 500) < 0 && errno != EINTR)
      sfc_die(2, "%s", "poll failed");
    if (stop_signal)
      stop_workers(pl);
    for (int k = 0; k < np; k++) {
      if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      for (w = 0; w < pl->jobs && pl->fds[w] != pf[k].fd; w++)
        ;
      read_worker(pl, w, im, n, &done);
    }
    progress(im, o, done, n, start, &last, 0);
  }
  progress(im, o, done, n, start, &last, 1);
}

/* Waits for the workers: one that failed to serve has said so; any other
 * failure ends the run. */
static void reap_workers(pool *pl, impl *im) {
  for (int w = 0; w < pl->jobs; w++) {
    int status;
    while (waitpid(pl->pids[w], &status, 0) < 0 && errno == EINTR)
      ;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 3 && pl->got[w] == 0)
      im->serve_failed++; /* said by the worker */
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || pl->got[w] != 0)
      sfc_die(2, "%s", "a worker process failed");
    im->servers += pl->started[w];
  }
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

/* Runs every case of one IMPL with o->jobs worker processes (forked from
 * the runner, which stays small: each case's adapter is started with
 * posix_spawn, common/sfc_proc.c).  Each worker takes the next case when it is free
 * (next_case) and sends each result on its pipe as soon as it has it. */
void run_impl(impl *im, const opts *o, const kase *cs, size_t n) {
  static pool pl;
  memset(&pl, 0, sizeof pl);
  pl.jobs = o->jobs < 1 ? 1 : o->jobs > 64 ? 64 : o->jobs;
  case_counter *counter = shared_counter();
  im->res = calloc(n ? n : 1, sizeof *im->res);
  if (!im->res)
    sfc_die(2, "%s", "out of memory");
  {
    char dir[PATH_MAX];
    pathf(dir, sizeof dir, "%s/%s", o->out, im->name);
    mkdirs(dir);
  }
  start_workers(&pl, im, o, cs, n, counter);
  collect(&pl, im, o, n);
  if (counter)
    munmap(counter, sizeof *counter);
  reap_workers(&pl, im);
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
      run_case(&own, &cs[i], &again);
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
