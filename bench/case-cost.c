/* SPDX-License-Identifier: MIT */
/* case-cost - the cost of one case run as the conformance runner starts
 * it (common/sfc_proc.c: posix_spawn, captured output, time
 * limit, own process group), and whether it grows with the runner's size.
 *
 *   case-cost [--serve] RUNS RSS_MB PROG ARGS...
 *
 * Runs PROG ARGS RUNS times through proc_run, first with the caller as it
 * is, then with RSS_MB more megabytes of the caller's memory written (a
 * runner holding large documents), and prints for each:
 *
 *   case-run RSS_MB MEDIAN_US MIN_US MAX_US
 *
 * (microseconds per run, wall clock); with --serve, then the same command
 * RUNS times through one serving process (`PROG serve`,
 * conformance/PROTOCOL.md), as the runner's workers send it:
 *
 *   case-served 0 MEDIAN_US MIN_US MAX_US
 *
 * Exit 1 when PROG does not exit 0 or 1 (or its serving process goes
 * away), 2 on usage errors. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sfc_proc.h"

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* As the runner runs an adapter (conformance/runner/impl.c). */
static proc_opts case_opts(void) {
  proc_opts o;
  memset(&o, 0, sizeof o);
  o.timeout_s = 10;
  o.max_out = (size_t)512 << 20;
  o.own_group = 1;
  o.who = "case-cost";
  o.default_sigpipe = 1; /* as the runner gives it: the caller ignores SIGPIPE */
  return o;
}

static int measure(char **argv, int runs, long mb) {
  double *t = malloc((size_t)runs * sizeof *t);
  proc_opts o = case_opts();
  int i;
  if (!t)
    return 2;
  for (i = 0; i < runs; i++) {
    proc_result r;
    double t0 = now_us();
    if (proc_run(argv, &o, &r) != 0 || !r.exited || (r.code != 0 && r.code != 1)) {
      fprintf(stderr, "case-cost: %s did not exit 0 or 1\n", argv[0]);
      proc_free(&r);
      free(t);
      return 1;
    }
    t[i] = now_us() - t0;
    proc_free(&r);
  }
  qsort(t, (size_t)runs, sizeof *t, cmp_d);
  printf("case-run %ld %.0f %.0f %.0f\n", mb, t[runs / 2], t[0], t[runs - 1]);
  free(t);
  return 0;
}

/* The command of argv (argv[1]...) through `argv[0] serve`. */
static int measure_served(char **argv, int runs) {
  double *t = malloc((size_t)runs * sizeof *t);
  char *sargv[3];
  proc_server s;
  proc_opts o = case_opts();
  int i;
  if (!t)
    return 2;
  sargv[0] = argv[0], sargv[1] = (char *)"serve", sargv[2] = NULL;
  if (proc_server_start(sargv, &o, &s) != 0) {
    fprintf(stderr, "case-cost: cannot start %s serve\n", argv[0]);
    free(t);
    return 1;
  }
  for (i = 0; i < runs; i++) {
    proc_result r;
    double t0 = now_us();
    if (proc_server_call(&s, argv + 1, &o, &r) != 0 || (r.code != 0 && r.code != 1)) {
      fprintf(stderr, "case-cost: %s serve did not answer with 0 or 1\n", argv[0]);
      proc_free(&r);
      proc_server_stop(&s, 5);
      free(t);
      return 1;
    }
    t[i] = now_us() - t0;
    proc_free(&r);
  }
  proc_server_stop(&s, 5);
  qsort(t, (size_t)runs, sizeof *t, cmp_d);
  printf("case-served 0 %.0f %.0f %.0f\n", t[runs / 2], t[0], t[runs - 1]);
  free(t);
  return 0;
}

int main(int argc, char **argv) {
  int runs, rc, served = argc > 1 && !strcmp(argv[1], "--serve");
  long mb;
  char *ballast;
  argc -= served, argv += served;
  /* A serving process that has gone (or never served: /bin/true) must be a
   * failed write, exit 1, as in sfconform's workers, not SIGPIPE. */
  signal(SIGPIPE, SIG_IGN);
  if (argc < 4 || (runs = atoi(argv[1])) < 1 || (mb = atol(argv[2])) < 0) {
    fprintf(stderr, "usage: case-cost [--serve] RUNS RSS_MB PROG ARGS...\n");
    return 2;
  }
  if ((rc = measure(argv + 3, runs, 0)) != 0 ||
      (served && (rc = measure_served(argv + 3, runs)) != 0))
    return rc;
  if (mb == 0)
    return 0;
  if (!(ballast = malloc((size_t)mb << 20))) {
    fprintf(stderr, "case-cost: cannot allocate %ld MB\n", mb);
    return 2;
  }
  memset(ballast, 1, (size_t)mb << 20); /* resident, as a runner's documents are */
  rc = measure(argv + 3, runs, mb);
  free(ballast);
  return rc;
}
