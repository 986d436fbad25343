/* SPDX-License-Identifier: MIT */
/* sfc_pool_test.c - unit tests of the pool of worker processes
 * (common/sfc_pool.c), as TAP on stdout: every job's bytes arrive once and
 * whole, whatever their size; a worker that aborts or runs past the time
 * limit costs its job only; the pool stops when collect says so; pools
 * side by side sharing tokens never have more jobs in hand than tokens. */
#define _DEFAULT_SOURCE 1 /* setrlimit's RLIMIT_CORE */
#include "sfc_pool.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int ntest, nfail;

static void ok(int cond, const char *what) {
  nfail += !cond;
  printf("%s %d - %s\n", cond ? "ok" : "not ok", ++ntest, what);
  fflush(stdout);
}

#define NJOBS 50
#define CRASH_JOB 7
#define BIG_JOB 13
#define SLOW_JOB 21
#define BIG_LEN ((size_t)3 << 19) /* 1.5 MiB */

typedef struct run {
  int seen[NJOBS];        /* collect calls per job */
  int status[NJOBS];      /* child_status of each */
  int right[NJOBS];       /* its bytes are the ones it wrote */
  int ends, bad_ends;     /* workers ended outside a job; of them not with 7 */
  int stop_at;            /* collect stops the pool at this job (-1: never) */
  volatile int *stopped;  /* shared with the workers: collect has seen stop_at */
  int worker;             /* in a worker: its number */
} run;

/* The bytes job j writes: its number, then for BIG_JOB a pattern. */
static int work(size_t job, FILE *out, void *ctx) {
  run *r = ctx;
  fprintf(out, "job %zu of worker %d;", job, r->worker);
  if (job == CRASH_JOB && r->stop_at < 0) {
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    abort();
  }
  if (job == SLOW_JOB && r->stop_at < 0)
    sleep(30);
  /* Under a stop, a job after the stopping one ends only once the stop
   * is collected (else, on a loaded machine, the other workers could run
   * every job before the stopping one's bytes arrive): at most 20 s. */
  if (r->stop_at >= 0 && r->stopped && (int)job > r->stop_at) {
    struct timespec ms1 = {0, 1000000L};
    for (int waited = 0; !*r->stopped && waited < 20000; waited++)
      nanosleep(&ms1, NULL);
  }
  if (job == BIG_JOB)
    for (size_t i = 0; i < BIG_LEN; i++)
      fputc('a' + (int)(i % 26), out);
  return SFC_POOL_NEXT;
}

static int right_bytes(size_t job, const char *data, size_t len) {
  char head[64];
  const char *p;
  int n = snprintf(head, sizeof head, "job %zu of worker ", job);
  if (len < (size_t)n || memcmp(data, head, (size_t)n) != 0 || !(p = memchr(data, ';', len)))
    return 0;
  p++;
  if (job != BIG_JOB)
    return p == data + len && data[len] == 0;
  if ((size_t)(data + len - p) != BIG_LEN)
    return 0;
  for (size_t i = 0; i < BIG_LEN; i++)
    if (p[i] != 'a' + (int)(i % 26))
      return 0;
  return 1;
}

static int collect(size_t job, const char *data, size_t len, int child_status, void *ctx) {
  run *r = ctx;
  if (job >= NJOBS)
    return 1;
  r->seen[job]++;
  r->status[job] = child_status;
  r->right[job] = child_status == 0 ? right_bytes(job, data, len) : data == NULL && len == 0;
  if ((int)job == r->stop_at && r->stopped)
    *r->stopped = 1;
  return (int)job == r->stop_at;
}

/* Under a stop the workers finish the job in hand (SIGTERM ignored). */
static int worker_start(int worker, void *ctx) {
  ((run *)ctx)->worker = worker;
  if (((run *)ctx)->stop_at >= 0)
    signal(SIGTERM, SIG_IGN);
  return 0;
}

static int worker_end(int worker, void *ctx) {
  (void)worker, (void)ctx;
  return 7;
}

static void ended(int worker, int status, void *ctx) {
  run *r = ctx;
  r->ends++;
  r->bad_ends += status != 7 || worker < 0 || worker > 2;
}

static sfc_pool_opts pool_opts(run *r) {
  sfc_pool_opts o;
  memset(&o, 0, sizeof o);
  o.njobs = NJOBS;
  o.workers = 3;
  o.timeout_s = 1.0;
  o.work = work;
  o.collect = collect;
  o.worker_start = worker_start;
  o.worker_end = worker_end;
  o.ended = ended;
  o.ctx = r;
  return o;
}

static void every_job(void) {
  static run r;
  sfc_pool_opts o = pool_opts(&r);
  int once = 1, right = 1;
  r.stop_at = -1;
  ok(sfc_pool_run(&o) == 0, "50 jobs over 3 workers: the run ends well");
  for (int j = 0; j < NJOBS; j++) {
    once &= r.seen[j] == 1;
    if (j != CRASH_JOB && j != SLOW_JOB)
      right &= r.status[j] == 0 && r.right[j];
  }
  ok(once, "every job is collected exactly once");
  ok(right, "every job that returned has its own bytes, whole");
  ok(r.status[BIG_JOB] == 0 && r.right[BIG_JOB], "a job's 1.5 MiB of output arrives whole");
  ok(r.status[CRASH_JOB] == -SIGABRT && r.right[CRASH_JOB],
     "a job whose worker aborts: child_status -SIGABRT, no data");
  ok(r.status[SLOW_JOB] == SFC_POOL_TIMEOUT && r.right[SLOW_JOB],
     "a job past the time limit: SFC_POOL_TIMEOUT, its worker killed");
  /* The slow job's worker is killed once every other job is done: it is
   * not replaced (no job is left), so 2 or 3 workers end at the end. */
  if (r.ends < 2 || r.ends > 3 || r.bad_ends)
    printf("# %d ends, %d not with exit 7\n", r.ends, r.bad_ends);
  ok(r.ends >= 2 && r.ends <= 3 && r.bad_ends == 0,
     "each worker left at the end ends through worker_end (exit 7), reported once");
}

static void stopped(void) {
  static run r;
  sfc_pool_opts o = pool_opts(&r);
  int twice = 0, got = 0;
  r.stop_at = 4;
  r.stopped = mmap(NULL, sizeof *r.stopped, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (r.stopped == MAP_FAILED)
    r.stopped = NULL;
  ok(sfc_pool_run(&o) == 0, "collect stops the pool: the run ends");
  for (int j = 0; j < NJOBS; j++)
    twice |= r.seen[j] > 1, got += r.seen[j];
  ok(!twice && r.seen[4] == 1 && got < NJOBS, "after the stop no new job is given");
  ok(r.ends == 3, "every worker ends after the stop");
  if (r.stopped)
    munmap((void *)r.stopped, sizeof *r.stopped);
}

/* ---- two pools sharing two tokens ---- */
#define SHARED_JOBS 24
typedef struct gauge {
  atomic_int now, most, done;
} gauge;
static gauge *g_gauge;

static int gauge_work(size_t job, FILE *out, void *ctx) {
  struct timespec ms20 = {0, 20 * 1000000L};
  int now = atomic_fetch_add(&g_gauge->now, 1) + 1, most = atomic_load(&g_gauge->most);
  (void)ctx;
  struct timespec ms1 = {0, 1000000L};
  while (now > most && !atomic_compare_exchange_weak(&g_gauge->most, &most, now))
    ;
  /* (a job holds its token until a second one has run beside it, at most
   * 2 s: that two do run at once does not hang on the machine's load) */
  for (int waited = 0; atomic_load(&g_gauge->most) < 2 && waited < 2000; waited++)
    nanosleep(&ms1, NULL);
  nanosleep(&ms20, NULL);
  atomic_fetch_sub(&g_gauge->now, 1);
  atomic_fetch_add(&g_gauge->done, 1);
  fprintf(out, "%zu", job);
  return SFC_POOL_NEXT;
}
static int gauge_collect(size_t job, const char *data, size_t len, int child_status, void *ctx) {
  (void)job, (void)data, (void)len, (void)ctx;
  return child_status != 0;
}

static void shared_tokens(void) {
  sfc_tokens t;
  sfc_pool_opts o;
  pid_t other;
  int st = 0, left = 0, rc;
  char c;
  g_gauge = mmap(NULL, sizeof *g_gauge, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (g_gauge == MAP_FAILED || sfc_tokens_open(&t, 2) != 0) {
    ok(0, "two pools sharing two tokens: set up");
    return;
  }
  memset(&o, 0, sizeof o);
  o.njobs = SHARED_JOBS, o.workers = 3, o.timeout_s = 10;
  o.work = gauge_work, o.collect = gauge_collect, o.tokens = &t;
  fflush(stdout);
  if ((other = fork()) == 0)
    _exit(sfc_pool_run(&o) == 0 ? 0 : 1);
  rc = sfc_pool_run(&o);
  while (other > 0 && waitpid(other, &st, 0) < 0 && errno == EINTR)
    ;
  ok(rc == 0 && other > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 &&
     atomic_load(&g_gauge->done) == 2 * SHARED_JOBS,
     "two pools of 3 workers side by side, sharing 2 tokens: every job of both runs");
  if (atomic_load(&g_gauge->most) != 2)
    printf("# at most %d jobs at once\n", atomic_load(&g_gauge->most));
  ok(atomic_load(&g_gauge->most) == 2, "never more jobs at once than tokens, and as many as there are");
  while (read(t.rfd, &c, 1) == 1)
    left++;
  ok(left == 2, "every token is back in the pipe at the end");
  sfc_tokens_close(&t);
  munmap(g_gauge, sizeof *g_gauge);
}

int main(void) {
  every_job();
  stopped();
  shared_tokens();
  printf("1..%d\n", ntest);
  return nfail ? 1 : 0;
}
