/* SPDX-License-Identifier: MIT */
/* sfc_pool.c - one pool of worker processes (sfc_pool.h).  The parent
 * gives each worker one job at a time over the worker's socket pair and
 * reads back one frame per job: a header (job, length, kind), then the
 * bytes work wrote. */
#define _DEFAULT_SOURCE 1 /* MSG_NOSIGNAL, SOCK_CLOEXEC */
#include "sfc_pool.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* What a worker sends: ready for its first job; a job done (and ready for
 * the next); its last job done; its job abandoned (nothing follows). */
enum { FR_READY, FR_DONE, FR_LAST, FR_ABANDON };
typedef struct frame {
  size_t job, len;
  int kind;
} frame;

/* One worker's place in the pool, as the parent sees it. */
typedef struct slot {
  pid_t pid;       /* 0: none runs */
  int fd;          /* the parent's end of its socket pair; -1: closed */
  int busy;        /* it has job in hand, given at since_ms */
  int waiting;     /* ready for a job, and waiting for a token */
  int killed;      /* the pool killed it (timeout) */
  int no_more;     /* told that no job follows (write side shut) */
  size_t job;
  long since_ms;
  frame hdr;       /* the frame being read: hdr_got bytes of its header, */
  size_t hdr_got;  /* then data_got bytes of its data */
  size_t data_got;
  char *data;
  size_t cap;
} slot;

typedef struct pool {
  const sfc_pool_opts *o;
  slot *s;
  int n, live;  /* slots; workers running */
  size_t next;  /* the next job to give */
  int stopping;
  int failed, err; /* a worker could not be started: errno */
} pool;

static long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- the worker's side ---- */

static int send_all(int fd, const void *p, size_t n) {
  const char *c = p;
  while (n) {
    ssize_t put = send(fd, c, n, MSG_NOSIGNAL);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0)
      return -1;
    c += put, n -= (size_t)put;
  }
  return 0;
}

/* 1: a job index read; 0: no job follows; -1: the parent is gone. */
static int recv_job(int fd, size_t *job) {
  char *c = (char *)job;
  size_t got = 0;
  while (got < sizeof *job) {
    ssize_t r = recv(fd, c + got, sizeof *job - got, 0);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return r == 0 && got == 0 ? 0 : -1;
    got += (size_t)r;
  }
  return 1;
}

static int send_frame(int fd, int kind, size_t job, const char *data, size_t len) {
  frame f;
  memset(&f, 0, sizeof f);
  f.job = job, f.len = len, f.kind = kind;
  return send_all(fd, &f, sizeof f) != 0 || (len && send_all(fd, data, len) != 0) ? -1 : 0;
}

/* Runs one job into a stream in memory and sends what it wrote.  The
 * frame's kind, or -1 when it could not be sent. */
static int one_job(const sfc_pool_opts *o, int fd, size_t job) {
  char *buf = NULL;
  size_t len = 0;
  int wr, kind;
  FILE *out = open_memstream(&buf, &len);
  if (!out)
    return -1;
  wr = o->work(job, out, o->ctx);
  if (fclose(out) != 0)
    return -1;
  kind = wr == SFC_POOL_ABANDON ? FR_ABANDON : wr == SFC_POOL_LAST ? FR_LAST : FR_DONE;
  if (send_frame(fd, kind, job, buf, kind == FR_ABANDON ? 0 : len) != 0)
    kind = -1;
  free(buf);
  return kind;
}

__attribute__((noreturn)) static void worker(const sfc_pool_opts *o, int w, int fd) {
  int rc = o->worker_start ? o->worker_start(w, o->ctx) : 0;
  if (rc == 0) {
    if (send_frame(fd, FR_READY, 0, NULL, 0) != 0)
      _exit(2);
    for (;;) {
      size_t job;
      int got = recv_job(fd, &job), kind;
      if (got < 0)
        _exit(2);
      if (got == 0)
        break;
      if ((kind = one_job(o, fd, job)) < 0)
        _exit(2);
      if (kind != FR_DONE)
        break;
    }
    rc = o->worker_end ? o->worker_end(w, o->ctx) : 0;
  }
  fflush(stdout);
  fflush(stderr);
  _exit(rc);
}

/* ---- tokens shared between pools ---- */

int sfc_tokens_open(sfc_tokens *t, int n) {
  int fd[2];
  if (pipe(fd) != 0)
    return -1;
  for (int k = 0; k < 2; k++)
    if (fcntl(fd[k], F_SETFL, O_NONBLOCK) != 0 || fcntl(fd[k], F_SETFD, FD_CLOEXEC) != 0) {
      close(fd[0]), close(fd[1]);
      return -1;
    }
  t->rfd = fd[0], t->wfd = fd[1];
  for (int k = 0; k < n; k++)
    sfc_tokens_give(t);
  return 0;
}

void sfc_tokens_close(sfc_tokens *t) {
  close(t->rfd), close(t->wfd);
  t->rfd = t->wfd = -1;
}

/* One token, if one is there: 1, or 0. */
static int try_take(const sfc_tokens *t) {
  char c;
  ssize_t r;
  while ((r = read(t->rfd, &c, 1)) < 0 && errno == EINTR)
    ;
  return r == 1;
}

int sfc_tokens_take(const sfc_tokens *t, volatile const sig_atomic_t *stop) {
  while (!try_take(t)) {
    struct pollfd pf = {t->rfd, POLLIN, 0};
    if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
      return -1;
    if (stop && *stop) {
      errno = EINTR;
      return -1;
    }
    poll(&pf, 1, SFC_POOL_TICK_MS);
  }
  return 0;
}

void sfc_tokens_give(const sfc_tokens *t) {
  char c = '+';
  while (write(t->wfd, &c, 1) < 0 && errno == EINTR)
    ;
}

/* ---- the parent's side ---- */

/* Forks the worker of slot w.  0, or -1 (p->failed, p->err set). */
static int start(pool *p, int w) {
  int sv[2];
  slot *s = &p->s[w];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    goto failed;
  fflush(NULL);
  s->pid = fork();
  if (s->pid < 0) {
    close(sv[0]), close(sv[1]);
    s->pid = 0;
    goto failed;
  }
  if (s->pid == 0) {
    close(sv[0]);
    for (int k = 0; k < p->n; k++)
      if (p->s[k].fd >= 0)
        close(p->s[k].fd);
    worker(p->o, w, sv[1]);
  }
  close(sv[1]);
  s->fd = sv[0];
  s->busy = s->killed = s->no_more = 0;
  s->hdr_got = s->data_got = 0;
  p->live++;
  return 0;
failed:
  p->failed = 1;
  p->err = errno;
  return -1;
}

/* Tells slot s that no job follows: it ends after the one in hand. */
static void no_more(slot *s) {
  if (!s->no_more && s->fd >= 0)
    shutdown(s->fd, SHUT_WR);
  s->no_more = 1;
}

/* No job is given any more; every worker is sent SIGTERM. */
static void stop(pool *p) {
  if (p->stopping)
    return;
  p->stopping = 1;
  for (int w = 0; w < p->n; w++)
    if (p->s[w].pid > 0) {
      kill(p->s[w].pid, SIGTERM);
      p->s[w].waiting = 0;
      if (!p->s[w].busy)
        no_more(&p->s[w]);
    }
}

/* Gives slot s the next job, or says none follows.  With tokens, a
 * token first: without one, s waits for it (retry_waiting). */
static void give(pool *p, slot *s) {
  size_t job = p->next;
  s->waiting = 0;
  if (p->stopping || job >= p->o->njobs || s->no_more) {
    no_more(s);
    return;
  }
  if (p->o->tokens && !try_take(p->o->tokens)) {
    s->waiting = 1;
    return;
  }
  if (send(s->fd, &job, sizeof job, MSG_NOSIGNAL | MSG_DONTWAIT) != (ssize_t)sizeof job) {
    if (p->o->tokens)
      sfc_tokens_give(p->o->tokens);
    return; /* gone: its end of file follows */
  }
  p->next++;
  s->busy = 1;
  s->job = job;
  s->since_ms = now_ms();
}

/* Slot s's job is over (collected or not): its token goes back. */
static void job_over(pool *p, slot *s) {
  s->busy = 0;
  if (p->o->tokens)
    sfc_tokens_give(p->o->tokens);
}

/* The slots waiting for a token are given a job while tokens are there. */
static void retry_waiting(pool *p) {
  for (int w = 0; w < p->n; w++)
    if (p->s[w].waiting && p->s[w].fd >= 0) {
      give(p, &p->s[w]);
      if (p->s[w].waiting)
        return; /* none left */
    }
}

/* A frame read whole from slot s. */
static void on_frame(pool *p, slot *s) {
  const sfc_pool_opts *o = p->o;
  int kind = s->hdr.kind;
  s->hdr_got = s->data_got = 0;
  if (kind != FR_READY) {
    job_over(p, s);
    if (kind != FR_ABANDON && o->collect(s->hdr.job, s->data, s->hdr.len, 0, o->ctx) != 0)
      stop(p);
  }
  if (kind == FR_READY || kind == FR_DONE)
    give(p, s);
  else
    no_more(s);
}

/* Room for the data of the frame whose header slot s has read (and its
 * NUL): 0, or -1 without memory. */
static int room(slot *s) {
  if (s->cap < s->hdr.len + 1) {
    char *d = realloc(s->data, s->hdr.len + 1);
    if (!d)
      return -1;
    s->data = d, s->cap = s->hdr.len + 1;
  }
  return 0;
}

/* Reads what slot s has ready.  1 when its socket is at its end (or
 * without memory for a frame: taken as the worker's end, its job not
 * collected whole). */
static int read_slot(pool *p, slot *s) {
  for (int reads = 0; reads < 16; reads++) {
    int head = s->hdr_got < sizeof s->hdr;
    char *to = head ? (char *)&s->hdr + s->hdr_got : s->data + s->data_got;
    size_t want = head ? sizeof s->hdr - s->hdr_got : s->hdr.len - s->data_got;
    ssize_t r = recv(s->fd, to, want, MSG_DONTWAIT);
    if (r < 0)
      return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK ? 0 : 1;
    if (r == 0)
      return 1;
    if (!head) {
      s->data_got += (size_t)r;
    } else if ((s->hdr_got += (size_t)r) == sizeof s->hdr && room(s) != 0) {
      return 1;
    }
    if (s->hdr_got == sizeof s->hdr && s->data_got == s->hdr.len) {
      s->data[s->data_got] = 0;
      on_frame(p, s);
    }
  }
  return 0;
}

/* How a worker ended, as child_status says it (busy: in a job). */
static int how_ended(int status, int busy) {
  if (WIFSIGNALED(status))
    return -WTERMSIG(status);
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
    return WEXITSTATUS(status);
  return busy ? SFC_POOL_EXIT0 : 0;
}

/* Slot s's socket is at its end: its worker is waited for; its job in
 * hand, when it had one, is collected as it ended, and it is replaced
 * while jobs are left. */
static void reap(pool *p, int w) {
  const sfc_pool_opts *o = p->o;
  slot *s = &p->s[w];
  int status = 0, code;
  close(s->fd);
  s->fd = -1;
  while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR)
    ;
  s->pid = 0;
  p->live--;
  s->waiting = 0;
  code = s->killed ? SFC_POOL_TIMEOUT : how_ended(status, s->busy);
  if (!s->busy) {
    if (o->ended)
      o->ended(w, code, o->ctx);
    return;
  }
  job_over(p, s);
  if (o->collect(s->job, NULL, 0, code, o->ctx) != 0)
    stop(p);
  if (!p->stopping && p->next < o->njobs && start(p, w) != 0)
    stop(p);
}

/* The wait until the next tick or the nearest job's time limit. */
static int wait_ms(const pool *p) {
  long ms = SFC_POOL_TICK_MS, now = now_ms();
  if (p->o->timeout_s <= 0)
    return (int)ms;
  for (int w = 0; w < p->n; w++)
    if (p->s[w].busy && !p->s[w].killed) {
      long left = p->s[w].since_ms + (long)(p->o->timeout_s * 1000.0) - now;
      if (left < ms)
        ms = left < 0 ? 0 : left;
    }
  return (int)ms;
}

/* Kills every worker whose job is past the time limit. */
static void time_limits(pool *p) {
  long now = now_ms();
  if (p->o->timeout_s <= 0)
    return;
  for (int w = 0; w < p->n; w++) {
    slot *s = &p->s[w];
    if (s->busy && !s->killed && now - s->since_ms >= (long)(p->o->timeout_s * 1000.0)) {
      s->killed = 1;
      kill(s->pid, SIGKILL);
    }
  }
}

/* Reads every worker's socket until the last worker has ended. */
static void serve(pool *p) {
  struct pollfd *pf = calloc((size_t)p->n + 1, sizeof *pf);
  int *at = calloc((size_t)p->n + 1, sizeof *at);
  while (p->live > 0) {
    int np = 0, rc;
    if (!pf || !at) { /* no memory to wait with: every worker is killed */
      stop(p);
      for (int w = 0; w < p->n; w++)
        if (p->s[w].pid > 0)
          kill(p->s[w].pid, SIGKILL), reap(p, w);
      break;
    }
    int waiting = 0;
    for (int w = 0; w < p->n; w++) {
      if (p->s[w].fd >= 0)
        pf[np].fd = p->s[w].fd, pf[np].events = POLLIN, pf[np].revents = 0, at[np++] = w;
      waiting |= p->s[w].waiting;
    }
    if (waiting) /* the tokens' pipe too (pf has a place for it: n + 1) */
      pf[np].fd = p->o->tokens->rfd, pf[np].events = POLLIN, pf[np].revents = 0, at[np++] = -1;
    rc = poll(pf, (nfds_t)np, wait_ms(p));
    for (int k = 0; rc > 0 && k < np; k++)
      if (at[k] >= 0 && (pf[k].revents & (POLLIN | POLLHUP | POLLERR)) && read_slot(p, &p->s[at[k]]))
        reap(p, at[k]);
    retry_waiting(p);
    time_limits(p);
    if (p->o->tick && p->o->tick(p->o->ctx) != 0)
      stop(p);
  }
  free(pf);
  free(at);
}

int sfc_pool_run(const sfc_pool_opts *o) {
  pool p;
  int n = o->workers < 1 ? 1 : o->workers > SFC_POOL_MAX_WORKERS ? SFC_POOL_MAX_WORKERS
                                                                 : o->workers;
  memset(&p, 0, sizeof p);
  p.o = o;
  if ((size_t)n > o->njobs)
    n = (int)o->njobs;
  if (n == 0)
    return 0;
  if (!(p.s = calloc((size_t)n, sizeof *p.s)))
    return -1;
  p.n = n;
  for (int w = 0; w < n; w++)
    p.s[w].fd = -1;
  for (int w = 0; w < n; w++)
    if (start(&p, w) != 0) {
      stop(&p);
      break;
    }
  serve(&p);
  for (int w = 0; w < n; w++)
    free(p.s[w].data);
  free(p.s);
  if (p.failed) {
    errno = p.err;
    return -1;
  }
  return 0;
}
