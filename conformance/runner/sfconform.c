/* SPDX-License-Identifier: MIT */
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
#define _XOPEN_SOURCE 700 /* realpath, nftw */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <ftw.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner.h"

static int usage(FILE *out) {
  fprintf(out,
          "usage: sfconform [--corpus DIR] [--out DIR] [--confdir DIR] [--bindir DIR] [--template F]\n"
          "                 [-j N] [--timeout SECONDS] [--sample N] [--update-expected]\n"
          "                 [--strict] [--tap] [--progress | --no-progress]\n"
          "                 [--serve | --no-serve] [--keep-going] IMPL...\n"
          "--strict: also the exact finding of every rejected and questionable case, a real\n"
          "section's objdump text, and an invalid section's lookups and unwinds (the oracle's\n"
          "own check); --tap: TAP per corpus source on stdout, the report on stderr.\n"
          "--progress / --no-progress: the progress line on stderr once an implementation has run\n"
          "for 2 s (default: rewritten in place on a terminal, else a line every 10 s).\n"
          "--serve / --no-serve: each worker sends the cases of an IMPL that offers `serve` to one\n"
          "long-lived serving process (default: libraries and bundled adapters; --serve: also\n"
          "other executables; --no-serve: none, every command in a process of its own).\n"
          "An IMPL that also offers `batch` (the bundled objdump, readelf and llvm-readobj\n"
          "adapters) has its decodes answered ahead, many sections per run of its tool; a case\n"
          "whose answer is not the expected one is decided again on its own.\n"
          "-j N: at most N cases at once (default 2).  With several IMPLs, up to N run side by\n"
          "side, each in a process of its own, the longest latest run (OUT/IMPL/run.json) first;\n"
          "results and report are those of one IMPL at a time, in the order given.\n"
          "--timeout: seconds a command may take (default 10); an IMPL that times out on %d\n"
          "cases in a row is stopped, its other cases not-run (--keep-going: run them all).\n"
          "SIGINT / SIGTERM end the cases in flight and write what was decided so far.\n"
          "TMPDIR: where the adapters write their temporary files (the text tools' ELF files);\n"
          "unset, a directory of the run's own in /dev/shm when that is a tmpfs (else /tmp),\n"
          "removed with what is left in it when the run ends.\n"
          "IMPL: a bundled adapter (BINDIR/sfadapter-IMPL: reference, libsframe-2.47, objdump-2.44,\n"
          "...; make list-adapters), the path of an\n"
          "executable or shared library speaking conformance/PROTOCOL.md, or NAME=PATH.\n"
          "--help: this text; --version: sfconform's release.\n"
          "Exit status: 0 every IMPL as its expected results say (none recorded: no failure);\n"
          "1 a difference from them, a failure, skipped cases that now pass, a serving process\n"
          "that ended badly, or nothing checked; 2 usage or I/O errors; 128+N stopped by signal N.\n",
          TIMEOUT_STREAK);
  return 2;
}

/* A usage error: its reason, then where to read more (exit status 2). */
static int usage_error(const char *what, const char *arg) {
  sfc_error("%s '%s' (sfconform --help lists the options)", what, arg);
  return 2;
}

/* ---- the adapters' temporary files ---- */
/* The text-tool adapters write an ELF file per section (thousands a run)
 * into $TMPDIR and remove it; on a disk's file system each creation costs
 * a search for a free inode among those just freed (ext4: about a third of
 * objdump-2.47's run was the kernel's, 10 s of system time of a 15 s run),
 * in memory next to nothing.  Unless the user set TMPDIR, the run gives
 * its adapters a directory of its own in /dev/shm when that is a tmpfs
 * (Linux's shared memory, always mounted there), and removes it, with
 * whatever an adapter left in it, when the run ends (atexit, in the
 * runner's process only: a worker forked from it never removes it). */
#define TMPFS_MAGIC_NUMBER 0x01021994 /* statfs f_type of a tmpfs (linux/magic.h) */
static char run_tmpdir[64];
static pid_t run_tmpdir_owner;

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb, (void)flag, (void)ftw;
  remove(path);
  return 0;
}
static void remove_run_tmpdir(void) {
  if (run_tmpdir[0] && getpid() == run_tmpdir_owner)
    nftw(run_tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
static void set_run_tmpdir(void) {
  const char *t = getenv("TMPDIR");
  struct statfs fs;
  if ((t && *t) || statfs("/dev/shm", &fs) != 0 || (unsigned long)fs.f_type != TMPFS_MAGIC_NUMBER ||
      access("/dev/shm", W_OK | X_OK) != 0)
    return;
  snprintf(run_tmpdir, sizeof run_tmpdir, "/dev/shm/sfconform-XXXXXX");
  if (!mkdtemp(run_tmpdir)) { /* the adapters keep /tmp */
    run_tmpdir[0] = '\0';
    return;
  }
  if (setenv("TMPDIR", run_tmpdir, 1) != 0) {
    rmdir(run_tmpdir);
    run_tmpdir[0] = '\0';
    return;
  }
  run_tmpdir_owner = getpid();
  atexit(remove_run_tmpdir);
}

/* File scope: what they point to stays reachable until exit. */
static impl ims[MAX_IMPLS];
static FILE *tap_out;
static long diffs[MAX_IMPLS];
static kase *cs;

enum {
  OPT_VERSION = 255, OPT_CORPUS = 256, OPT_OUT, OPT_CONFDIR, OPT_BINDIR, OPT_TEMPLATE, OPT_TIMEOUT, OPT_SAMPLE,
  OPT_UPDATE_EXPECTED, OPT_STRICT, OPT_TAP, OPT_PROGRESS, OPT_NO_PROGRESS, OPT_SERVE, OPT_NO_SERVE,
  OPT_KEEP_GOING
};
static const struct option long_opts[] = {
    {"corpus", required_argument, NULL, OPT_CORPUS},
    {"out", required_argument, NULL, OPT_OUT},
    {"confdir", required_argument, NULL, OPT_CONFDIR},
    {"bindir", required_argument, NULL, OPT_BINDIR},
    {"template", required_argument, NULL, OPT_TEMPLATE},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"sample", required_argument, NULL, OPT_SAMPLE},
    {"update-expected", no_argument, NULL, OPT_UPDATE_EXPECTED},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"tap", no_argument, NULL, OPT_TAP},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"serve", no_argument, NULL, OPT_SERVE},
    {"no-serve", no_argument, NULL, OPT_NO_SERVE},
    {"keep-going", no_argument, NULL, OPT_KEEP_GOING},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0}};

/* A released corpus (make dist) carries its own expected results, skip
 * lists and matrix template: unless --confdir or --template says
 * otherwise, a corpus directory holding expected/ is its own confdir, and
 * its report/matrix.html the template. */
static void released_corpus_defaults(opts *o, int confdir_set, int template_set) {
  static char template_path[PATH_MAX];
  char path[PATH_MAX];
  struct stat st;
  snprintf(path, sizeof path, "%s/expected", o->corpus);
  if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
    return;
  if (!confdir_set)
    o->confdir = o->corpus;
  snprintf(template_path, sizeof template_path, "%s/report/matrix.html", o->corpus);
  if (!template_set && stat(template_path, &st) == 0)
    o->template_path = template_path;
}

/* The summaries (OUT/summary.md, OUT/IMPL/summary.md) and the HTML matrix:
 * the implementations just run, then the latest results of every other
 * one in OUT (kept.c). */
static void write_reports(impl *ims, int nim, const opts *o, const kase *cs, size_t n) {
  char path[PATH_MAX];
  FILE *f;
  int i, nk;
  impl *kept, *all;
  nk = load_kept(ims, nim, o, cs, n, &kept);
  if (!(all = malloc((size_t)(nim + nk) * sizeof *all)))
    sfc_die(2, "%s", "out of memory");
  memcpy(all, ims, (size_t)nim * sizeof *all);
  if (nk)
    memcpy(all + nim, kept, (size_t)nk * sizeof *all);
  pathf(path, sizeof path, "%s/summary.md", o->out);
  if (!(f = fopen(path, "w")))
    sfc_die(2, "%s: cannot write", path);
  write_summary(f, all, nim + nk, cs, n, o);
  fclose(f);
  for (i = 0; i < nim; i++) {
    pathf(path, sizeof path, "%s/%s/summary.md", o->out, ims[i].name);
    if ((f = fopen(path, "w"))) {
      write_summary(f, &ims[i], 1, cs, n, o);
      fclose(f);
    }
  }
  write_html(all, nim + nk, o, cs, n);
  printf("\nmatrix: %s/index.html, %s/summary.md\n", o->out, o->out);
  if (nk) {
    printf("  with %d implementation%s kept from earlier runs into %s:", nk, nk == 1 ? "" : "s",
           o->out);
    for (i = 0; i < nk; i++)
      printf("%s %s (%s)", i ? "," : "", kept[i].name, kept[i].date);
    printf("\n");
  }
  free(all);
  free_kept(kept, nk);
}

/* The matrix in the terminal: one row per implementation (with its exact
 * version), a column per status: readable with any number of them. */
static void print_matrix(impl *ims, int nim, size_t n) {
  int i, s;
  printf("\n%-16s %-20s", "implementation", "version");
  for (s = 0; s < ST_COUNT; s++)
    printf(" %*s", (int)(strlen(st_names[s]) > 6 ? strlen(st_names[s]) : 6), st_names[s]);
  printf("\n");
  for (i = 0; i < nim; i++) {
    unsigned long c[ST_COUNT], p, fl;
    report_count(&ims[i], n, c, &p, &fl);
    printf("%-16s %-20.20s", ims[i].name, ims[i].caps_version);
    for (s = 0; s < ST_COUNT; s++)
      printf(" %*lu", (int)(strlen(st_names[s]) > 6 ? strlen(st_names[s]) : 6), c[s]);
    printf("\n");
  }
}

/* Each implementation's counts, where its results are, whether they are
 * as expected and how they were reached; 1 when the run fails (a
 * difference from the expected results, stale skips, a serving process
 * that ended badly, nothing checked), else 0. */
static int print_verdicts(impl *ims, int nim, const opts *o, size_t n) {
  int i, bad = 0;
  for (i = 0; i < nim; i++) {
    unsigned long c[ST_COUNT], p, fl;
    long d = diffs[i];
    int s;
    report_count(&ims[i], n, c, &p, &fl);
    printf("\n%s (%s %s):", ims[i].name, ims[i].caps_name, ims[i].caps_version);
    for (s = 0; s < ST_COUNT; s++)
      if (c[s])
        printf(" %s %lu,", st_names[s], c[s]);
    printf("\n  results: %s/%s/results.jsonl", o->out, ims[i].name);
    if (d >= 0)
      printf("; %s against %s/expected/%s.txt", d ? "DIFFERS" : "as expected", o->confdir,
             ims[i].name);
    if (ims[i].stale)
      printf("; %d skipped cases now pass", ims[i].stale);
    if (ims[i].servers || ims[i].batches) {
      unsigned long by[3] = {0, 0, 0}, lost = 0;
      size_t k;
      for (k = 0; k < n; k++)
        by[ims[i].res[k].run]++, lost += ims[i].res[k].lost;
      printf("\n  served: %lu cases by %u serving processes (%lu went away); %lu decided "
             "again in processes of their own", by[RUN_SERVED], ims[i].servers, lost,
             by[RUN_CONFIRMED]);
      if (ims[i].batches)
        printf("\n  batched: %lu decodes answered ahead by %u batch processes", ims[i].batched,
               ims[i].batches);
    }
    printf("\n  %lu passed, %lu failed\n", p, fl);
    if (c[ST_UNSUPPORTED] + c[ST_UNSUPPORTED_FEATURE] == n)
      printf("\n  nothing checked: every case is outside the capabilities it declares");
    if (ims[i].serve_failed)
      printf("\n  %d serving processes ended badly after their last case (said above)",
             ims[i].serve_failed);
    if (d > 0 || ims[i].stale || ims[i].serve_failed || c[ST_UNSUPPORTED] + c[ST_UNSUPPORTED_FEATURE] == n ||
        (d < 0 && fl > 0 && !o->update_expected))
      bad = 1;
  }
  return bad;
}

/* Reads the options and IMPLs in the order given ("-": an IMPL comes back
 * as 1), so that an IMPL is set up with the options before it.  -1 when
 * the run is to go on, else the exit status (0 for --help, --version). */
static int parse_options(int argc, char **argv, opts *o, int *nim) {
  int c, confdir_set = 0, template_set = 0;
  uint64_t u;
  char *end;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "-:j:h", long_opts, NULL)) != -1) {
    switch (c) {
    case OPT_CORPUS:
      o->corpus = optarg;
      released_corpus_defaults(o, confdir_set, template_set);
      break;
    case OPT_OUT: o->out = optarg; break;
    case OPT_CONFDIR: o->confdir = optarg; confdir_set = 1; break;
    case OPT_BINDIR: o->bindir = optarg; break;
    case OPT_TEMPLATE: o->template_path = optarg; template_set = 1; break;
    case 'j':
      if (!sfc_parse_u64(optarg, &u) || u < 1 || u > 256)
        return usage_error("-j wants 1 to 256 workers, not", optarg);
      o->jobs = (int)u;
      break;
    case OPT_TIMEOUT:
      o->timeout = strtod(optarg, &end);
      if (end == optarg || *end || !(o->timeout > 0 && o->timeout <= 86400))
        return usage_error("--timeout wants seconds above 0 (at most 86400), not", optarg);
      break;
    case OPT_SAMPLE:
      if (!sfc_parse_u64(optarg, &u) || u < 1 || u > 1000000)
        return usage_error("--sample wants N, every Nth section (1 to 1000000), not", optarg);
      o->sample = (int)u;
      break;
    case OPT_UPDATE_EXPECTED: o->update_expected = 1; break;
    case OPT_STRICT: o->strict = 1; break;
    case OPT_TAP: o->tap = 1; break;
    case OPT_PROGRESS: o->progress = isatty(2) ? 1 : 2; break;
    case OPT_NO_PROGRESS: o->progress = 0; break;
    case OPT_SERVE: o->serve = 2; break;
    case OPT_NO_SERVE: o->serve = 0; break;
    case OPT_KEEP_GOING: o->keep_going = 1; break;
    case 'h': usage(stdout); return 0;
    case OPT_VERSION: sfc_print_version(); return 0;
    case 1:
      if (optarg[0] == '-') /* "-" alone */
        return usage_error("an IMPL is a name or a path, not", optarg);
      if (*nim >= MAX_IMPLS) {
        sfc_error("too many implementations (at most %d): no room for '%s'", MAX_IMPLS, optarg);
        return 2;
      }
      setup_impl(&ims[(*nim)++], optarg, o);
      break;
    case ':': return usage_error("an option without its value:", argv[optind - 1]);
    default: return usage_error("unknown option", argv[optind - 1]);
    }
  }
  if (optind > 1 && !strcmp(argv[optind - 1], "--")) /* no "--": an IMPL never starts with '-' */
    return usage_error("an IMPL never follows", "--");
  if (*nim == 0) {
    sfc_error("no IMPL given: name a bundled adapter (make list-adapters), an adapter's path, "
              "or NAME=PATH");
    usage(stderr);
    return 2;
  }
  return -1;
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- IMPLs side by side ---- */
/* One IMPL at a time leaves a core idle while its slowest case runs (the
 * 2.47 readers take nine seconds over fres-65535-v3-amd64-le, and
 * libsframe 2.47 holds a worker for the whole --timeout on it).  With
 * -j N and several IMPLs, up to N IMPLs run at once, each in a process
 * of its own forked from the runner, and the cases of all of them share
 * N tokens (sfc_pool.h): never more than N cases at once, as with one
 * IMPL, so a case has the machine it would have alone.  Each process
 * sends its IMPL's results back whole; the runner writes, checks and
 * reports them in the IMPLs' order, so the output is the same whichever
 * ends first.  They start the longest first, by how long each took in its
 * latest run in OUT (run.json's "seconds"; one never run first of all):
 * the order decides only when each runs, never how. */

/* What an IMPL's process sends: this, then n results. */
typedef struct impl_sent {
  size_t n;
  unsigned batches, servers;
  unsigned long batched;
  int serve_failed, stale, hung, stopped;
} impl_sent;

typedef struct lane {
  pid_t pid; /* 0: free */
  int fd, im;
  double since; /* started (now_s) */
  char *buf;
  size_t got, cap;
} lane;

static lane lanes[64];
static int nlanes;

/* The IMPLs' processes still running are sent sig. */
static void lanes_signal(int sig) {
  for (int l = 0; l < nlanes; l++)
    if (lanes[l].pid > 0)
      kill(lanes[l].pid, sig);
}

/* The order IMPLs start in: the longest latest run first (unknown first
 * of all), then the order given. */
static double start_key[MAX_IMPLS];
static int by_start(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  if (start_key[x] != start_key[y])
    return start_key[x] < start_key[y] ? 1 : -1;
  return x - y;
}

static int send_bytes(int fd, const void *p, size_t n) {
  const char *c = p;
  while (n) {
    ssize_t w = write(fd, c, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return -1;
    c += w, n -= (size_t)w;
  }
  return 0;
}

/* In the IMPL's own process: runs it and sends what the runner needs. */
__attribute__((noreturn)) static void impl_process(impl *im, const opts *o, size_t n, int fd) {
  impl_sent h;
  run_impl(im, o, cs, n);
  memset(&h, 0, sizeof h);
  h.n = n, h.batches = im->batches, h.servers = im->servers, h.batched = im->batched;
  h.serve_failed = im->serve_failed, h.stale = im->stale, h.hung = im->hung;
  h.stopped = (int)stop_signal;
  fflush(stdout);
  fflush(stderr);
  _exit(send_bytes(fd, &h, sizeof h) != 0 || send_bytes(fd, im->res, n * sizeof *im->res) != 0 ? 2 : 0);
}

/* A lane's process has ended (its pipe at its end): its IMPL's results,
 * as run_impl would have left them in this process.  The signal that
 * stopped its run early, or 0. */
static int impl_received(lane *l, size_t n) {
  impl *im = &ims[l->im];
  impl_sent h;
  int status = 0;
  while (waitpid(l->pid, &status, 0) < 0 && errno == EINTR)
    ;
  close(l->fd);
  l->pid = 0;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || l->got != sizeof h + n * sizeof *im->res) {
    lanes_signal(SIGTERM); /* the others end their cases in flight (and are not waited for) */
    sfc_die(2, "%s: the process that ran it ended badly (%s %d, %zu bytes of results)", im->name,
            WIFSIGNALED(status) ? "signal" : "exit status",
            WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), l->got);
  }
  memcpy(&h, l->buf, sizeof h);
  if (h.n != n)
    sfc_die(2, "%s: results of %zu cases, not %zu", im->name, h.n, n);
  if (!(im->res = malloc((n ? n : 1) * sizeof *im->res)))
    sfc_die(2, "%s", "out of memory");
  memcpy(im->res, l->buf + sizeof h, n * sizeof *im->res);
  im->batches = h.batches, im->servers = h.servers, im->batched = h.batched;
  im->serve_failed = h.serve_failed, im->stale = h.stale, im->hung = h.hung;
  im->seconds = now_s() - l->since;
  if (h.stopped && !stop_signal) /* (a signal sent to it alone) */
    stop_signal = h.stopped;
  free(l->buf);
  memset(l, 0, sizeof *l);
  return h.stopped;
}

/* Reads what lane l's process sent so far; 1 at its end. */
static int lane_read(lane *l) {
  for (;;) {
    ssize_t r;
    if (l->cap - l->got < 65536) {
      size_t cap = l->cap ? l->cap * 2 : 1u << 20;
      char *b = realloc(l->buf, cap);
      if (!b)
        sfc_die(2, "%s", "out of memory");
      l->buf = b, l->cap = cap;
    }
    r = read(l->fd, l->buf + l->got, l->cap - l->got);
    if (r < 0)
      return errno == EINTR || errno == EAGAIN ? 0 : 1;
    if (r == 0)
      return 1;
    l->got += (size_t)r;
  }
}

static void announce(const impl *im) {
  printf("running %s (%s %s) ...\n", im->name, im->caps_name, im->caps_version);
  fflush(stdout);
}

/* After IMPL i has run: its results written and held to its expected
 * ones; stopped: the signal that ended its run early (0: none). */
static void impl_done(int i, const opts *o, size_t n, int stopped) {
  write_results(&ims[i], o, cs, n);
  write_run_info(&ims[i], o, n);
  write_failures(&ims[i], o, cs, n);
  diffs[i] = check_expected(&ims[i], o, cs, n);
  if (stopped) /* what was decided is written */
    fprintf(stderr, "sfconform: interrupted (signal %d): %s stopped with its cases in "
            "flight, results so far in %s/%s/results.jsonl\n", stopped, ims[i].name, o->out, ims[i].name);
}

/* Runs the nim IMPLs up to o->jobs at a time (above), then writes and
 * checks each one's results in their order.  The number run: nim, or
 * fewer when a signal stopped the run (ims[] then holds those run, in
 * their order, and the others are named on stderr). */
static int run_side_by_side(opts *o, int nim, size_t n) {
  sfc_tokens tokens;
  int nl = o->jobs < nim ? o->jobs : nim, next = 0, live = 0, forwarded = 0, kept = 0;
  int stopped[MAX_IMPLS] = {0}, order[MAX_IMPLS];
  unsigned char started[MAX_IMPLS] = {0};
  if (nl > 64)
    nl = 64;
  nlanes = nl;
  for (int i = 0; i < nim; i++) {
    double t = last_seconds(o, ims[i].name);
    order[i] = i, start_key[i] = t < 0 ? 1e30 : t;
  }
  qsort(order, (size_t)nim, sizeof *order, by_start);
  if (sfc_tokens_open(&tokens, o->jobs) != 0)
    sfc_die(2, "cannot make the pipe of tokens: %s", strerror(errno));
  o->tokens = &tokens;
  while (live > 0 || (next < nim && !stop_signal)) {
    struct pollfd pf[64];
    int at[64], np = 0;
    for (int l = 0; l < nl && next < nim && !stop_signal; l++) {
      int fd[2], i = order[next];
      if (lanes[l].pid)
        continue;
      announce(&ims[i]);
      load_expected(&ims[i], o, cs, n);
      /* (closed on exec: an adapter the IMPL's process starts, which may
       * outlive it, does not hold the pipe open; read as it comes) */
      if (pipe(fd) != 0 || fcntl(fd[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(fd[1], F_SETFD, FD_CLOEXEC) != 0 ||
          fcntl(fd[0], F_SETFL, O_NONBLOCK) != 0)
        sfc_die(2, "cannot make a pipe: %s", strerror(errno));
      fflush(NULL);
      lanes[l].since = now_s();
      if ((lanes[l].pid = fork()) < 0)
        sfc_die(2, "cannot start a process for %s: %s", ims[i].name, strerror(errno));
      if (lanes[l].pid == 0) {
        close(fd[0]);
        for (int k = 0; k < nl; k++)
          if (lanes[k].pid && k != l)
            close(lanes[k].fd);
        impl_process(&ims[i], o, n, fd[1]);
      }
      close(fd[1]);
      lanes[l].fd = fd[0], lanes[l].im = i;
      started[i] = 1;
      next++, live++;
    }
    if (stop_signal && !forwarded) { /* (a signal the runner alone got) */
      forwarded = 1;
      lanes_signal((int)stop_signal);
    }
    for (int l = 0; l < nl; l++)
      if (lanes[l].pid)
        pf[np].fd = lanes[l].fd, pf[np].events = POLLIN, pf[np].revents = 0, at[np++] = l;
    if (np && poll(pf, (nfds_t)np, 500) > 0)
      for (int k = 0; k < np; k++)
        if ((pf[k].revents & (POLLIN | POLLHUP | POLLERR)) && lane_read(&lanes[at[k]])) {
          int i = lanes[at[k]].im;
          stopped[i] = impl_received(&lanes[at[k]], n);
          live--;
        }
  }
  o->tokens = NULL;
  sfc_tokens_close(&tokens);
  if (next < nim) { /* stopped: those never started are named, and left out */
    fprintf(stderr, "sfconform: interrupted (signal %d): not run:", (int)stop_signal);
    for (int i = 0; i < nim; i++)
      if (!started[i])
        fprintf(stderr, " %s", ims[i].name);
    fputc('\n', stderr);
    for (int i = 0; i < nim; i++)
      if (started[i]) {
        if (kept != i)
          ims[kept] = ims[i];
        stopped[kept++] = stopped[i];
      }
    nim = kept;
  }
  for (int i = 0; i < nim; i++)
    impl_done(i, o, n, stopped[i]);
  return nim;
}

int main(int argc, char **argv) {
  opts o;
  int nim = 0, i, bad = 0, c;
  double t0;
  size_t n;
  static char self[PATH_MAX], installed[PATH_MAX], corpus[PATH_MAX];

  sfc_set_progname("sfconform");
  memset(&o, 0, sizeof o);
  o.corpus = "build/corpus";
  o.out = "build/conformance";
  o.confdir = "conformance";
  o.template_path = "conformance/report/matrix.html";
  o.jobs = 2;
  o.timeout = 10;
  o.progress = isatty(2) ? 1 : 2;
  o.serve = 1;
  /* The adapters: beside sfconform (a build tree), else an installed
   * suite's (make install: PREFIX/libexec/sframe-conformance). */
  if (!sfc_exe_dir(self, sizeof self))
    snprintf(self, sizeof self, ".");
  o.bindir = self;
  pathf(installed, sizeof installed, "%s/sfadapter-reference", self);
  if (access(installed, X_OK) != 0 && sfc_installed("libexec", "", installed, sizeof installed))
    o.bindir = installed;
  /* The corpus: the checkout's build/corpus from its top, else an
   * installed suite's (PREFIX/share/sframe-conformance/corpus, a released
   * corpus: its own expected results and matrix template). */
  if (access("build/corpus/manifest-v3.txt", F_OK) != 0 &&
      sfc_installed("share", "corpus", corpus, sizeof corpus)) {
    o.corpus = corpus;
    released_corpus_defaults(&o, 0, 0);
  }
  set_run_tmpdir(); /* before the IMPLs' capabilities are asked */
  if ((c = parse_options(argc, argv, &o, &nim)) >= 0)
    return c;
  if (o.tap) { /* TAP alone on stdout; the usual report goes to stderr */
    int fd = dup(1);
    fflush(stdout);
    if (fd < 0 || dup2(2, 1) < 0 || !(tap_out = fdopen(fd, "w")))
      sfc_die(2, "%s", "cannot set up --tap output");
  }
  cs = load_corpus(&o, &n);
  if (n == 0) /* a run that checks nothing is no pass */
    sfc_die(2, "%s: its manifest-v*.txt list no sections: nothing to check", o.corpus);
  mkdirs(o.out);
  printf("sfconform: %zu corpus sections%s, %d implementation%s, %d jobs\n", n,
         o.sample > 1 ? " (sampled)" : "", nim, nim == 1 ? "" : "s", o.jobs);
  catch_stop_signals();
  if (o.jobs > 1 && nim > 1) {
    nim = run_side_by_side(&o, nim, n);
  } else {
    for (i = 0; i < nim; i++) {
      announce(&ims[i]);
      load_expected(&ims[i], &o, cs, n);
      t0 = now_s();
      run_impl(&ims[i], &o, cs, n);
      ims[i].seconds = now_s() - t0;
      impl_done(i, &o, n, (int)stop_signal);
      if (stop_signal) {
        if (i + 1 < nim)
          fprintf(stderr, "sfconform: interrupted (signal %d): the IMPLs after %s not run\n",
                  (int)stop_signal, ims[i].name);
        nim = i + 1;
        break;
      }
    }
  }
  write_reports(ims, nim, &o, cs, n);
  print_matrix(ims, nim, n);
  bad = print_verdicts(ims, nim, &o, n);
  if (tap_out)
    bad |= write_tap(tap_out, ims, nim, cs, n);
  if (stop_signal)
    return 128 + (int)stop_signal;
  return bad;
}

