/* SPDX-License-Identifier: MIT */
/* sfc_pool.h - one pool of worker processes: N jobs run over at most W
 * processes forked from the caller, each job's result sent back to it as
 * bytes.  The conformance runner runs its cases on it (each worker one
 * adapter's serving process, conformance/runner/cases.c).  Built once as
 * $(BUILD)/lib/libsfc_pool.a (common/common.mk).
 *
 * sfc_pool_run(o) runs jobs 0 .. o->njobs - 1:
 *  - It forks min(o->workers, o->njobs) workers.  Each calls
 *    o->worker_start(worker, ctx) (when set) once, then takes jobs one at
 *    a time, as the parent gives them: the next job in index order goes to
 *    the first worker free, so one slow job holds up one worker only.
 *  - In the worker, o->work(job, out, ctx) runs the job, writing its
 *    result as bytes to out (a stream in memory, any size).  It returns
 *    SFC_POOL_NEXT (0): the bytes are sent and the worker takes the next
 *    job; SFC_POOL_LAST: the bytes are sent and this worker takes no more
 *    (the others go on); SFC_POOL_ABANDON: nothing is sent for the job (it
 *    is never collected) and this worker takes no more.  After its last
 *    job the worker calls o->worker_end(worker, ctx) (when set), whose
 *    return is its exit status, and exits (_exit: no atexit handlers).
 *    ctx is the caller's, as it was at the fork: what a worker changes in
 *    it stays in that worker.  A worker that cannot send its bytes (the
 *    parent gone) exits 2.
 *  - In the parent, o->collect(job, data, len, child_status, ctx) receives
 *    each job's outcome once, in the order jobs finish (job tells which:
 *    the caller restores the order by index).  child_status 0: work
 *    returned, data[0 .. len) is everything it wrote (data is NUL-ended
 *    beyond len, and only valid during the call).  Otherwise the job's
 *    worker ended before work returned and data is NULL, len 0:
 *    SFC_POOL_TIMEOUT, the job ran past o->timeout_s and the pool killed
 *    its worker (SIGKILL; what the worker itself started is not the
 *    pool's to end); -SIG, killed by signal SIG (an abort is -SIGABRT);
 *    1..255, it exited with that status; SFC_POOL_EXIT0, it exited 0.  A
 *    worker that ended so is replaced by a new one (worker_start again,
 *    under the same worker number) while jobs are left.  collect returns 0
 *    to go on, anything else to stop the pool (below).
 *  - A worker that ends outside a job (after its last one, or in
 *    worker_start) is reported to o->ended(worker, status, ctx) (when set),
 *    status as child_status above (0: exit 0).
 *  - o->tick(ctx) (when set) is called in the parent after every wake-up,
 *    at least every SFC_POOL_TICK_MS ms, and after every signal that
 *    interrupts its wait: a progress line, a look at a flag a signal
 *    handler sets.  It returns 0 to go on, anything else to stop the pool.
 *  - Stopping the pool: no job is given any more and every worker is sent
 *    SIGTERM once (a worker that catches it can end its job early and
 *    return SFC_POOL_ABANDON); the jobs that finish still are collected.
 *    A job that was never given to a worker is never collected.
 *  - sfc_pool_run returns once every worker has ended and been waited
 *    for: 0, or -1 when a worker could not be started (no socket, no
 *    process, no memory; errno set), the jobs left then never given.
 * Each worker talks to the parent over a socket pair of its own (closed
 * on exec: the programs a worker starts do not hold it); the parent reads
 * every worker's socket as its bytes come (poll), so a worker's output of
 * any size never blocks the others.  The parent flushes its stdio buffers
 * before each fork.  At most SFC_POOL_MAX_WORKERS workers.
 *
 * Tokens (o->tokens, when set): pools that run side by side, in processes
 * forked from one another, can share a limit on the jobs they have in hand
 * at once, as make's jobserver does.  A pipe holds one byte per job that
 * may run (sfc_tokens_open); a pool gives a worker a job only after taking
 * a byte from it, and puts the byte back when the job is collected, so the
 * pools' jobs together never number more than the bytes.  A worker ready
 * for a job waits while none is there; the pool's time limit counts from
 * when the job is given.  The tokens are not dealt out in turn: a pool
 * that puts one back takes it again for its next job, and the others
 * have what is left (every token is at work while any pool has a job).
 * Work done outside a pool takes a token the same way (sfc_tokens_take,
 * sfc_tokens_give) to stay within the limit. */
#ifndef SFC_POOL_H
#define SFC_POOL_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#define SFC_POOL_MAX_WORKERS 256
#define SFC_POOL_TICK_MS 500

/* What work returns. */
#define SFC_POOL_NEXT 0
#define SFC_POOL_LAST 1
#define SFC_POOL_ABANDON 2

/* child_status of a job whose worker ended before work returned (beside
 * -SIG and an exit status 1..255). */
#define SFC_POOL_TIMEOUT (-1000)
#define SFC_POOL_EXIT0 256

/* The shared limit: a pipe of tokens (its ends non-blocking, closed on
 * exec: the programs the jobs start do not hold it). */
typedef struct sfc_tokens {
  int rfd, wfd;
} sfc_tokens;
/* A pipe holding n tokens: 0, or -1 (errno set). */
int sfc_tokens_open(sfc_tokens *t, int n);
void sfc_tokens_close(sfc_tokens *t);
/* Takes one token, waiting for it: 0, or -1 (errno set; EINTR when a
 * signal came first and stop is set: *stop nonzero ends the wait). */
int sfc_tokens_take(const sfc_tokens *t, volatile const sig_atomic_t *stop);
void sfc_tokens_give(const sfc_tokens *t);

typedef struct sfc_pool_opts {
  size_t njobs;
  int workers;      /* at most this many at a time (1 .. SFC_POOL_MAX_WORKERS) */
  double timeout_s; /* > 0: a job running longer has its worker killed */
  int (*work)(size_t job, FILE *out, void *ctx);                                 /* worker */
  int (*collect)(size_t job, const char *data, size_t len, int child_status, void *ctx);
  int (*worker_start)(int worker, void *ctx);        /* worker; nonzero: exits with it */
  int (*worker_end)(int worker, void *ctx);          /* worker: its exit status */
  void (*ended)(int worker, int status, void *ctx);  /* parent */
  int (*tick)(void *ctx);                            /* parent */
  void *ctx;
  const sfc_tokens *tokens; /* NULL: no limit shared with other pools */
} sfc_pool_opts;

int sfc_pool_run(const sfc_pool_opts *o);

#endif
