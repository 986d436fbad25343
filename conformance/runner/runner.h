/* SPDX-License-Identifier: MIT */
/* runner.h - what the parts of the conformance runner share (sfconform.c:
 * options and main; corpus.c: the corpus; impl.c: the implementations and
 * their capabilities; cases.c: running one case, judging it, and running
 * again the ones that differ from what was expected; expected.c: the
 * expected-results files; report.c: results, summaries, matrix, TAP;
 * kept.c: the other implementations' latest results in the matrix;
 * util.c: small helpers). */
#ifndef SFC_RUNNER_H
#define SFC_RUNNER_H

#include <stddef.h>
#include <stdio.h>

#include "json.h"
#include "sframe_ref.h"
#include "sfc_pool.h"
#include "sfc_proc.h"
#include "sfc_tools.h"

#define MAX_IMPLS 16
/* What the runner keeps of one command's stdout: CAP_MIN, or twice the
 * largest expected answer of the case and CAP_MIN more (a dump of 100,000
 * functions is 35 MB); an adapter that prints more is stopped there
 * (too-much-output), so a runaway one costs a worker at most that. */
#define CAP_MIN ((size_t)4 << 20)
/* How long a command may take to close its output after the adapter
 * exits: what it left running in its process group is then killed. */
#define EXIT_GRACE_S 1.0

/* ---- statuses ---- */
enum {
  ST_PASS, ST_SHOULD_ACCEPT, ST_SHOULD_REJECT, ST_WRONG_OUTPUT, ST_WRONG_FINDING, ST_CRASH,
  ST_TIMEOUT,
  /* Printed more than the runner keeps for one command (case_cap): stopped
   * there, a failure of its own rather than a crash or a timeout. */
  ST_TOO_MUCH_OUTPUT,
  /* Never run: the run was interrupted (SIGINT, SIGTERM), or the adapter
   * timed out on TIMEOUT_STREAK cases in a row and was stopped. */
  ST_NOT_RUN,
  ST_UNSUPPORTED, ST_IMPL_ACCEPT, ST_IMPL_REJECT, ST_SKIP, ST_UNSTABLE,
  /* Neither a pass nor a failure: the reader rejected an invalid or
   * malformed case and its valid twin alike, so the rejection says nothing
   * of the case's defect; or it accepted a valid case and gave nothing the
   * runner could compare (no command answered, every field unknown). */
  ST_TWIN_REJECTED, ST_NOTHING_COMPARED,
  /* Outside the capabilities like unsupported, but for an optional
   * feature the section uses (capabilities "features"), counted apart. */
  ST_UNSUPPORTED_FEATURE, ST_COUNT
};
extern const char *const st_names[ST_COUNT];
/* The status a name stands for (util.c), or -1. */
int st_by_name(const char *name);
/* How often a case is run again when its first outcome differs from the
 * expected one (or, without an expected-results file, is a crash or a
 * timeout): outcomes that vary make it `unstable` (never a failure). */
#define RERUNS 4
#define MAX_RERUN_CASES 200
static inline int st_failed(int s) { return s >= ST_SHOULD_ACCEPT && s <= ST_NOT_RUN; }
/* An adapter that times out on this many cases in a row (in one worker)
 * answers nothing: the rest of its cases are not-run (--keep-going runs
 * them). */
#define TIMEOUT_STREAK 5

/* ---- one section of the corpus ---- */
/* The manifest's class, typed at load: the oracle's classes of a defect
 * (sfr_class, sframe_ref.h), and the runner's own. */
enum { CASE_VALID = 0, CASE_MALFORMED = SFR_CLASS_MALFORMED, CASE_INVALID = SFR_CLASS_INVALID,
       CASE_QUESTIONABLE = SFR_CLASS_QUESTIONABLE, CASE_IMPL, CASE_OTHER_CLASS };
/* Its byte order; its ABI is the oracle's SFR_ABI_* (0: another), named
 * in the manifest and in capabilities as abi_names says (corpus.c). */
enum { CASE_OTHER_ENDIAN, CASE_LITTLE, CASE_BIG };
#define ABI_COUNT (SFR_ABI_S390X_BE + 1)
extern const char *const abi_names[ABI_COUNT];
/* A file beside a case's section: its path, and whether it is there
 * (readable), both found once when the corpus is loaded. */
typedef struct case_file {
  char *path;
  int there;
} case_file;

typedef struct kase {
  char *id, *cls, *finding, *abi, *endian, *path; /* manifest columns */
  char *casename, *title, *source, *vma, *pcs;    /* from NAME.expect */
  int version, unwinds;
  int variant; /* path is NAME.abs.sframe: the version-2 case with starts
                * counted from the section (for a reader without PCREL) */
  /* typed at load (corpus.c): */
  int class_id, abi_id, endian_id; /* CASE_*, SFR_ABI_*, CASE_LITTLE / CASE_BIG */
  case_file dump, lookup, twin, objdump;  /* NAME.dump.json, .lookup.json, .twin.sframe, .objdump */
  case_file *snapshot, *unwind; /* [unwinds]: NAME.unwind-K.snapshot, .json (K from 1) */
  size_t cap;         /* stdout kept per command of the case (runner.h: CAP_MIN) */
  struct kase *abs;   /* the case's NAME.abs.sframe variant, typed too; NULL without one */
} kase;

/* The optional features a reader may lack (PROTOCOL.md, "features"). */
enum { FEAT_PCREL = 1, FEAT_PCMASK = 2, FEAT_FLEX = 4, FEAT_SIGNAL = 8, FEAT_AUXHDR = 16,
       FEAT_ALL = 31 };
extern const char *const feature_names[5];

typedef struct result {
  int status;
  unsigned outcomes; /* unstable: bit s for every status seen */
  int code; /* exit status, or -signal, or -1000 timeout */
  long ms;
  char detail[300];
  char err[201];
  /* How the outcome was reached (PROTOCOL.md, `serve`): by a serving
   * process (RUN_SERVED), by a process of its own after the served outcome
   * did not stand (RUN_CONFIRMED), or by processes of its own alone. */
  unsigned char run;
  unsigned char lost; /* the serving process went away on this case */
  unsigned ndiffs;    /* wrong-output: every difference found, over all commands */
  unsigned long compared; /* values compared (decode, lookups, unwinds) */
  unsigned char decided;  /* a worker sent it (else: not-run) */
  unsigned char variant;  /* run on the case's NAME.abs.sframe (kase.variant) */
} result;
enum { RUN_OWN, RUN_SERVED, RUN_CONFIRMED };

typedef struct skip_entry {
  char *pattern, *reason;
} skip_entry;

typedef struct impl {
  char name[64];
  char *argv0;     /* the executable, or the driver for a library */
  char *lib;       /* the library, when the IMPL is one */
  char caps_name[64], caps_version[64];
  int cmd_decode, cmd_lookup, cmd_unwind, cmd_objdump;
  int serve;          /* `serve`: 1 served by default (a library, through the driver;
                       * a bundled adapter that offers it), 2 offered by another
                       * executable (served under --serve), 0 not offered */
  int cmd_batch;      /* `batch`: decodes answered ahead in few processes (batch.c) */
  unsigned batches;   /* batch processes run */
  unsigned long batched; /* decodes they answered */
  unsigned servers;   /* serving processes started by the run's workers */
  int serve_failed;   /* serving processes that ended badly after their last case */
  unsigned versions;  /* bit v */
  int has_features;   /* capabilities list "features" (else every one is had) */
  unsigned features;  /* FEAT_* it has */
  unsigned abis, endians; /* bit SFR_ABI_* and bit CASE_LITTLE / CASE_BIG it reads */
  const char *unknown[32];
  char *unknown_store;
  skip_entry *skips;
  size_t nskips;
  result *res;
  int stale; /* skipped cases that now pass */
  int hung;  /* stopped after TIMEOUT_STREAK timeouts in a row */
  /* conformance/expected/<name>.txt, mapped onto the corpus */
  int has_expected;
  char exp_version[128];       /* "# version: " line; empty when absent */
  int *want;                   /* per case: the expected status, -1 when new */
  unsigned *want_alts;         /* per case: outcomes of an expected `unstable` */
  char date[32];               /* when its results were made ("2026-12-06 04:10 UTC") */
  char corpus[64];             /* the corpus release they were made with (corpus_release()) */
  int kept;                    /* not run now: its latest results in OUT (kept.c) */
  double seconds;              /* how long its run took, wall clock (run.json) */
} impl;

typedef struct opts {
  const char *corpus, *out, *confdir, *bindir, *template_path;
  int jobs, sample, update_expected, strict, tap, keep_going;
  int progress; /* 0 none, 1 a line rewritten in place (a terminal), 2 a line every 10 s */
  int serve;    /* serving processes for IMPLs with im->serve up to this (0: none) */
  double timeout;
  /* IMPLs run side by side (sfconform.c): the limit they share, o->jobs
   * cases at once over all of them (NULL: one IMPL at a time) */
  const sfc_tokens *tokens;
} opts;

/* ---- util.c: small helpers (errors exit 2, "sfconform: ...") ---- */
/* snprintf for paths and messages that must not be cut short. */
void pathf(char *buf, size_t n, const char *fmt, ...) SFC_PRINTF(3, 4);
char *xstrdup(const char *s);
/* A whole file as a NUL-ended string (malloc'd), *len its length; NULL
 * when it cannot be read. */
char *read_text(const char *path, size_t *len);
const char *read_expected(const char *path, size_t *len);

/* ---- corpus.c ---- */
kase *load_corpus(const opts *o, size_t *n);
/* The corpus release load_corpus read (its VERSION file, written by make
 * corpus and make dist), or "unreleased" for a corpus without one. */
const char *corpus_release(void);
/* The file beside a case's section with extension ext. */
void sibling(const kase *k, const char *ext, char *out, size_t n);
/* The case's NAME.abs.sframe variant into v (its path in buf): 0, or -1
 * when the corpus has none. */
int case_variant(const kase *k, kase *v, char *buf, size_t n);
/* The result's case as it was run: k, or its variant in v. */
const kase *case_as_run(const kase *k, const result *r, kase *v, char *buf, size_t n);

/* ---- impl.c ---- */
proc_opts adapter_run_opts(const opts *o, size_t max_out);
void impl_argv(const impl *im, const char **argv, int *n);
void setup_impl(impl *im, const char *spec, const opts *o);

/* ---- cases.c ---- */
/* The seam between the runner and an implementation: how a worker reaches
 * it.  srv NULL: every command in a process of its own (the runner itself,
 * --no-serve, and every outcome decided again); else one long-lived
 * serving process (PROTOCOL.md, `serve`), started on the first command. */
/* Where a worker keeps a case's differences (every one, as TSV lines:
 * diffs.c) until the case is decided; NULL in the runner itself. */
typedef struct diffsink {
  char *buf;
  size_t len, cap;
  unsigned lines;
} diffsink;
typedef struct channel {
  const impl *im;
  const opts *o;
  proc_server *srv;
  unsigned started; /* serving processes this channel started */
  diffsink *sink;
  size_t cap;       /* stdout kept per command of the case in hand (case_cap) */
} channel;

/* Runs case k through the channel into r. */
void run_case(channel *ch, const kase *k, result *r);
/* The case whose section im's verdict command reads for case k (k, or its
 * NAME.abs.sframe variant), or NULL when k is decided before (unsupported,
 * unsupported-feature). */
const kase *case_verdict_kase(const impl *im, const opts *o, const kase *k);

/* ---- batch.c: decodes answered ahead by `IMPL batch` ---- */
/* Runs every case's verdict decode (and an invalid case's twin's) through
 * `IMPL batch` processes when im offers it and is served; sets
 * im->batches and im->batched. */
void batch_prefetch(impl *im, const opts *o, const kase *cs, size_t n);
/* A prefetched answer to args (a decode) into pr, as a serving process
 * would have given it: 0, or -1 when there is none. */
int batch_answer(const char *const *args, proc_result *pr);
/* Drops the prefetched answers (and their files). */
void batch_forget(void);
/* The skip-list entry that covers k, or NULL. */
const skip_entry *skipped(const impl *im, const kase *k);
void run_impl(impl *im, const opts *o, const kase *cs, size_t n);
/* SIGINT or SIGTERM, once one has come (sfconform ends every case in
 * flight, kills their process groups, writes what was decided so far and
 * exits 128 + the signal); 0 before. */
extern volatile sig_atomic_t stop_signal;
void catch_stop_signals(void);
void rerun_unstable(impl *im, const opts *o, const kase *cs, size_t n);

/* ---- diffs.c: every difference of a case, grouped by cause ---- */
#define DIFFS_PER_CASE 2000 /* kept in detail per case; the rest only counted */
void diff_reset(diffsink *ds);
/* One difference of case k's command cmd (decode, lookup, unwind K). */
void diff_add(diffsink *ds, const kase *k, const char *cmd, const jdiff *d, const jvalue *want);
/* A worker's kept differences of case idx, appended to its file. */
void diff_flush(diffsink *ds, FILE *f, size_t idx);
/* Reads the workers' files of im, groups every failure by cause and
 * writes OUT/NAME/failures.json and failures.md (and the groups'
 * sections under OUT/NAME/groups/). */
void write_failures(impl *im, const opts *o, const kase *cs, size_t n);

/* ---- expected.c ---- */
void load_expected(impl *im, const opts *o, const kase *cs, size_t n);
int as_expected(const impl *im, size_t i, int st);
long check_expected(impl *im, const opts *o, const kase *cs, size_t n);

/* ---- report.c ---- */
void mkdirs(const char *path);
void write_results(const impl *im, const opts *o, const kase *cs, size_t n);
void report_count(const impl *im, size_t n, unsigned long c[ST_COUNT], unsigned long *pass,
                  unsigned long *fail);
void write_summary(FILE *f, impl *ims, int nim, const kase *cs, size_t n, const opts *o);
void write_html(impl *ims, int nim, const opts *o, const kase *cs, size_t n);
int write_tap(FILE *f, impl *ims, int nim, const kase *cs, size_t n);

/* ---- kept.c: the matrix keeps what it knows ---- */
/* Writes OUT/IMPL/run.json (name, version, date, sections) and sets
 * im->date: the run's date, SOURCE_DATE_EPOCH when set. */
void write_run_info(impl *im, const opts *o, size_t n);
/* Every implementation with results in OUT that is not among ims, sorted
 * by name, its statuses mapped onto cs (not-run where its run decided
 * nothing); the count, the array in *out (free_kept). */
int load_kept(const impl *ims, int nim, const opts *o, const kase *cs, size_t n, impl **out);
/* How long NAME's latest run in OUT took (its run.json), or -1 unknown. */
double last_seconds(const opts *o, const char *name);
void free_kept(impl *kept, int nk);

#endif
