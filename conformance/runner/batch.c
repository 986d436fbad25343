/* SPDX-License-Identifier: MIT */
/* batch.c - the `decode`s of a run answered ahead, for an implementation
 * that offers `batch` (PROTOCOL.md): a text tool that reads many files in
 * one invocation answers a worker's share of the corpus in a few runs
 * instead of one per case.
 *
 * Before the cases run, batch_prefetch sends every case's verdict command
 * (`decode SECTION VMA`, and its valid twin's for an invalid or malformed
 * case) to `IMPL batch` processes, in chunks of about equal cost, four per
 * worker (plan_chunks; common/sfc_pool), and keeps the answers in
 * OUT/NAME/batch.J files.  A worker's `run` then
 * takes a decode's answer from there (batch_answer) as it would take a
 * serving process's: the outcome stands only when it is the expected one,
 * else the case is decided again in processes of its own (cases.c,
 * served_outcome_stands).  A batch that dies or runs out of time has
 * answered what it answered; the rest go through `serve` as without
 * batching. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner.h"
#include "sfc_pool.h"

/* One request and where its answer is (ans_file < 0: none). */
typedef struct bentry {
  const char *path, *vma;
  int ans_file, code;
  off_t out_off;
  size_t out_len, err_len;
} bentry;

/* What a batch worker sends back per request it got an answer to. */
typedef struct banswer {
  size_t req;
  int code;
  off_t out_off;
  size_t out_len, err_len;
} banswer;

static bentry *g_req;      /* sorted by path, then VMA, once prefetched */
static size_t g_nreq;
static int g_fds[SFC_POOL_MAX_WORKERS * 4];
static char g_dir[4096];
/* chunk j is requests g_bound[j] .. g_bound[j + 1] (plan_chunks) */
static size_t g_bound[SFC_POOL_MAX_WORKERS * 4 + 1], g_nchunks;
static unsigned long g_answered;

typedef struct bctx {
  const impl *im;
  const opts *o;
} bctx;

static void add_request(size_t *cap, const char *path, const char *vma) {
  if (g_nreq == *cap) {
    bentry *p = realloc(g_req, (*cap ? *cap * 2 : 1024) * sizeof *p);
    if (!p)
      sfc_die(2, "%s", "out of memory");
    g_req = p, *cap = *cap ? *cap * 2 : 1024;
  }
  memset(&g_req[g_nreq], 0, sizeof *g_req);
  g_req[g_nreq].path = path, g_req[g_nreq].vma = vma;
  g_req[g_nreq].ans_file = -1;
  g_nreq++;
}

/* The requests of chunk j as the protocol frames them, into *buf. */
static size_t frame_chunk(size_t j, char **buf) {
  size_t a = g_bound[j], b = g_bound[j + 1], len = 0, i;
  for (i = a; i < b; i++)
    len += strlen("decode") + strlen(g_req[i].path) + strlen(g_req[i].vma) + 4;
  if (!(*buf = malloc(len + 1)))
    sfc_die(2, "%s", "out of memory");
  len = 0;
  for (i = a; i < b; i++)
    len += (size_t)sprintf(*buf + len, "decode%c%s%c%s%c%c", 0, g_req[i].path, 0, g_req[i].vma,
                           0, 0);
  return len;
}

/* In a worker: runs chunk j through `IMPL batch`, its answers into
 * OUT/NAME/batch.J, and sends a banswer per answer read whole. */
static int batch_work(size_t j, FILE *out, void *ctx) {
  bctx *c = ctx;
  const char *argv[8];
  char *in, path[4200];
  size_t inlen = frame_chunk(j, &in), at = 0, i = g_bound[j], end = g_bound[j + 1];
  proc_opts po = adapter_run_opts(c->o, (size_t)1 << 40);
  proc_result r;
  FILE *f;
  int n;
  impl_argv(c->im, argv, &n);
  argv[n++] = "batch";
  argv[n] = NULL;
  po.input = in, po.input_len = inlen;
  /* Its answers come at its end: a deadline only against a batch that
   * hangs (the adapter gives each section the per-command time, and one
   * that hangs its time again on its own). */
  po.timeout_s = c->o->timeout * (4.0 + (double)(end - i) / 2.0);
  if (proc_run((char *const *)argv, &po, &r) != 0)
    sfc_die(2, "cannot start %s batch", c->im->argv0);
  free(in);
  pathf(path, sizeof path, "%s/batch.%zu", g_dir, j);
  if (!(f = fopen(path, "w")) || fwrite(r.out, 1, r.outlen, f) != r.outlen || fclose(f) != 0)
    sfc_die(2, "cannot write %s", path);
  /* "EXIT OUTLEN ERRLEN\n" and the bytes, for each request in order */
  for (; i < end; i++) {
    banswer a;
    long long code, ol, el;
    int used = 0;
    const char *nl = memchr(r.out + at, '\n', r.outlen - at);
    if (!nl || sscanf(r.out + at, "%lld %lld %lld%n", &code, &ol, &el, &used) != 3 ||
        r.out + at + used != nl || code < -127 || code > 255 || ol < 0 || el < 0 ||
        (size_t)(ol + el) > r.outlen - (size_t)(nl + 1 - r.out))
      break;
    a.req = i, a.code = (int)code, a.out_len = (size_t)ol, a.err_len = (size_t)el;
    a.out_off = (off_t)(nl + 1 - r.out);
    at = (size_t)(nl + 1 - r.out) + a.out_len + a.err_len;
    if (fwrite(&a, sizeof a, 1, out) != 1)
      _exit(2);
  }
  proc_free(&r);
  return SFC_POOL_NEXT;
}

static int batch_collect(size_t j, const char *data, size_t len, int status, void *ctx) {
  (void)ctx;
  if (status != 0)
    return 0; /* its requests go through `serve` */
  for (size_t k = 0; k + sizeof(banswer) <= len; k += sizeof(banswer)) {
    banswer a;
    memcpy(&a, data + k, sizeof a);
    if (a.req >= g_nreq)
      continue;
    g_req[a.req].ans_file = (int)j, g_req[a.req].code = a.code;
    g_req[a.req].out_off = a.out_off, g_req[a.req].out_len = a.out_len;
    g_req[a.req].err_len = a.err_len;
    g_answered++;
  }
  return 0;
}

/* Whether im's expected-results file, written for this version, says case
 * i crashes or times out (or may: an unstable case that has): such a case
 * is left to `serve`, which runs it alone, rather than end a batch run
 * early and be run alone anyway. */
static int expected_to_end_badly(const impl *im, size_t i) {
  unsigned bad = 1u << ST_CRASH | 1u << ST_TIMEOUT;
  if (!im->has_expected || (im->exp_version[0] && strcmp(im->exp_version, im->caps_version)))
    return 0;
  return im->want[i] == ST_CRASH || im->want[i] == ST_TIMEOUT ||
         (im->want[i] == ST_UNSTABLE && (im->want_alts[i] & bad));
}

static int by_request(const void *a, const void *b) {
  const bentry *x = a, *y = b;
  int c = strcmp(x->path, y->path);
  return c ? c : strcmp(x->vma, y->vma);
}

/* A request's share of a batch's time, in bytes of section: its size and
 * a fixed part for what every section costs a tool run (its file, its
 * headers, its part of the output). */
#define BATCH_REQ_COST 4096

typedef struct bplan {
  size_t req, chunk;
  off_t cost;
} bplan;

static int by_cost_down(const void *a, const void *b) {
  const bplan *x = a, *y = b;
  if (x->cost != y->cost)
    return x->cost < y->cost ? 1 : -1;
  return x->req < y->req ? -1 : x->req > y->req;
}

static int by_chunk(const void *a, const void *b) {
  const bplan *x = a, *y = b;
  if (x->chunk != y->chunk)
    return x->chunk < y->chunk ? -1 : 1;
  return x->req < y->req ? -1 : x->req > y->req;
}

/* Splits the requests into chunks of about equal cost, each one batch
 * process, and orders g_req so that each chunk is a range of it
 * (g_bound).  Four chunks per worker, the costliest first: the pool gives
 * the next chunk to the worker free first, so a chunk slower than its
 * cost said holds one worker while the other takes the rest, instead of
 * each worker's fixed half of the corpus ending when its slowest part
 * does.  Each request goes to the chunk with the least cost so far, the
 * largest first (longest processing time first); within a chunk the
 * requests keep the corpus order. */
static void plan_chunks(int jobs) {
  size_t k = (size_t)(jobs < 1 ? 1 : jobs) * 4, i, j;
  off_t load[sizeof g_bound / sizeof *g_bound];
  bentry *req;
  bplan *p;
  struct stat sb;
  if (k > g_nreq)
    k = g_nreq;
  if (k > sizeof g_bound / sizeof *g_bound - 1)
    k = sizeof g_bound / sizeof *g_bound - 1;
  if (!(p = malloc(g_nreq * sizeof *p)) || !(req = malloc(g_nreq * sizeof *req)))
    sfc_die(2, "%s", "out of memory");
  for (i = 0; i < g_nreq; i++) {
    p[i].req = i, p[i].chunk = 0;
    p[i].cost = BATCH_REQ_COST + (stat(g_req[i].path, &sb) == 0 ? sb.st_size : 0);
  }
  qsort(p, g_nreq, sizeof *p, by_cost_down);
  for (j = 0; j < k; j++)
    load[j] = 0;
  for (i = 0; i < g_nreq; i++) {
    size_t best = 0;
    for (j = 1; j < k; j++)
      if (load[j] < load[best])
        best = j;
    p[i].chunk = best;
    load[best] += p[i].cost;
  }
  /* chunk numbers by load, the costliest 0 (a stable order among equals) */
  {
    size_t rank[sizeof g_bound / sizeof *g_bound];
    for (j = 0; j < k; j++) {
      rank[j] = 0;
      for (size_t m = 0; m < k; m++)
        if (load[m] > load[j] || (load[m] == load[j] && m < j))
          rank[j]++;
    }
    for (i = 0; i < g_nreq; i++)
      p[i].chunk = rank[p[i].chunk];
  }
  qsort(p, g_nreq, sizeof *p, by_chunk);
  for (j = 0; j <= k; j++)
    g_bound[j] = 0;
  for (i = 0; i < g_nreq; i++) {
    req[i] = g_req[p[i].req];
    g_bound[p[i].chunk + 1] = i + 1;
  }
  free(g_req);
  free(p);
  g_req = req;
  g_nchunks = k;
}

void batch_prefetch(impl *im, const opts *o, const kase *cs, size_t n) {
  size_t cap = 0, i;
  sfc_pool_opts po;
  bctx c = {im, o};
  batch_forget();
  if (!im->cmd_batch || !im->cmd_decode || !(im->serve && im->serve <= o->serve))
    return;
  for (i = 0; i < n; i++) {
    const kase *k = case_verdict_kase(im, o, &cs[i]);
    if (!k || expected_to_end_badly(im, i))
      continue;
    add_request(&cap, k->path, k->vma);
    if ((k->class_id == CASE_MALFORMED || k->class_id == CASE_INVALID) && k->twin.there)
      add_request(&cap, k->twin.path, k->vma);
  }
  if (!g_nreq)
    return;
  pathf(g_dir, sizeof g_dir, "%s/%s", o->out, im->name);
  plan_chunks(o->jobs);
  memset(&po, 0, sizeof po);
  po.njobs = g_nchunks;
  po.workers = o->jobs < 1 ? 1 : o->jobs > 64 ? 64 : o->jobs;
  po.work = batch_work;
  po.collect = batch_collect;
  po.ctx = &c;
  po.tokens = o->tokens;
  if (sfc_pool_run(&po) != 0)
    sfc_die(2, "cannot start a worker process: %s", strerror(errno));
  im->batches = (unsigned)g_nchunks;
  im->batched = g_answered;
  qsort(g_req, g_nreq, sizeof *g_req, by_request);
  for (i = 0; i < sizeof g_fds / sizeof *g_fds; i++)
    g_fds[i] = -1;
}

int batch_answer(const char *const *args, proc_result *pr) {
  bentry key, *e;
  int fd;
  ssize_t got;
  if (!g_nreq || strcmp(args[0], "decode") || !args[1] || !args[2] || args[3])
    return -1;
  key.path = args[1], key.vma = args[2];
  if (!(e = bsearch(&key, g_req, g_nreq, sizeof *g_req, by_request)) || e->ans_file < 0 ||
      (size_t)e->ans_file >= sizeof g_fds / sizeof *g_fds)
    return -1;
  if ((fd = g_fds[e->ans_file]) < 0) {
    char path[4200];
    pathf(path, sizeof path, "%s/batch.%d", g_dir, e->ans_file);
    if ((fd = g_fds[e->ans_file] = open(path, O_RDONLY | O_CLOEXEC)) < 0)
      return -1;
  }
  memset(pr, 0, sizeof *pr);
  if (!(pr->out = malloc(e->out_len + 1)))
    return -1;
  pr->outcap = e->out_len + 1;
  got = pread(fd, pr->out, e->out_len, e->out_off);
  if (got != (ssize_t)e->out_len) {
    free(pr->out);
    pr->out = NULL;
    return -1;
  }
  pr->out[e->out_len] = 0;
  pr->outlen = e->out_len;
  pr->errlen = e->err_len < sizeof pr->err - 1 ? e->err_len : sizeof pr->err - 1;
  if (pread(fd, pr->err, pr->errlen, e->out_off + (off_t)e->out_len) != (ssize_t)pr->errlen)
    pr->errlen = 0;
  pr->err[pr->errlen] = 0;
  if (e->code < 0)
    pr->sig = -e->code;
  else
    pr->exited = 1, pr->code = e->code;
  return 0;
}

void batch_forget(void) {
  for (size_t j = 0; j < g_nchunks; j++) {
    char path[4200];
    if (j < sizeof g_fds / sizeof *g_fds && g_fds[j] >= 0)
      close(g_fds[j]);
    pathf(path, sizeof path, "%s/batch.%zu", g_dir, j);
    unlink(path);
  }
  free(g_req);
  g_req = NULL;
  g_nreq = g_nchunks = 0;
  g_answered = 0;
  for (size_t i = 0; i < sizeof g_fds / sizeof *g_fds; i++)
    g_fds[i] = -1;
}
