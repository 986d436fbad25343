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
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/vfs.h>
#include <sys/wait.h>
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

int main(int argc, char **argv) {
  opts o;
  int nim = 0, i, bad = 0, c;
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
  for (i = 0; i < nim; i++) {
    printf("running %s (%s %s) ...\n", ims[i].name, ims[i].caps_name, ims[i].caps_version);
    fflush(stdout);
    load_expected(&ims[i], &o, cs, n);
    run_impl(&ims[i], &o, cs, n);
    write_results(&ims[i], &o, cs, n);
    write_run_info(&ims[i], &o, n);
    write_failures(&ims[i], &o, cs, n);
    diffs[i] = check_expected(&ims[i], &o, cs, n);
    if (stop_signal) { /* what was decided is written; the rest is not run */
      fprintf(stderr, "sfconform: interrupted (signal %d): %s stopped with its cases in "
              "flight, results so far in %s/%s/results.jsonl%s\n", (int)stop_signal,
              ims[i].name, o.out, ims[i].name, i + 1 < nim ? "; the IMPLs after it not run" : "");
      nim = i + 1;
      break;
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

