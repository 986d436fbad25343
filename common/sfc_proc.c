/* SPDX-License-Identifier: MIT */
/* sfc_proc.c - see sfc_proc.h. */
#define _GNU_SOURCE /* pipe2 */
#include "sfc_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h> /* memfd_create */
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Starts argv[0] with posix_spawn (glibc: clone(CLONE_VM|CLONE_VFORK), so
 * the cost does not grow with the caller's size: no page tables copied),
 * or each $PATH directory's argv[0] when asked and the name has no '/'.
 * Returns 0 with *pid set, or the error of the exec (the most telling
 * error of the candidates, as execvp reports it). */
static int spawn(pid_t *pid, char *const argv[], const proc_opts *o,
                 const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *at,
                 char *const envp[]) {
  const char *p;
  int e = ENOENT, rc;
  /* The program is looked at first (access), so that an exec that cannot
   * succeed is told by its errno whatever posix_spawn can report: under
   * valgrind, which runs glibc's CLONE_VM|CLONE_VFORK child as a fork, the
   * child's exec error never reaches the caller (the child exits 127). */
  if (!o->search_path || strchr(argv[0], '/')) {
    if (access(argv[0], X_OK) != 0)
      return errno;
    return posix_spawn(pid, argv[0], fa, at, argv, envp);
  }
  p = getenv("PATH");
  if (!p)
    p = "/usr/bin:/bin";
  while (*p) {
    const char *q = strchr(p, ':');
    size_t dl = q ? (size_t)(q - p) : strlen(p);
    char cand[4096];
    cand[0] = '\0';
    if (dl == 0)
      snprintf(cand, sizeof cand, "%s", argv[0]);
    else if (dl + strlen(argv[0]) + 2 < sizeof cand) {
      memcpy(cand, p, dl);
      cand[dl] = '/';
      strcpy(cand + dl + 1, argv[0]);
    }
    if (cand[0]) {
      rc = access(cand, X_OK) != 0 ? errno : posix_spawn(pid, cand, fa, at, argv, envp);
      if (rc == 0)
        return 0;
      if (rc != ENOENT && rc != ENOTDIR)
        e = rc;
    }
    if (!q)
      break;
    p = q + 1;
  }
  return e;
}

static void kill_child(pid_t pid, const proc_opts *o) {
  if (o->own_group)
    kill(-pid, SIGKILL);
  kill(pid, SIGKILL);
}

/* One output buffer kept by proc_free for the next run or call (a worker
 * runs case after case: memory it already touched costs no page fault,
 * where a fresh buffer costs one a page): the largest freed so far. */
static char *spare_out;
static size_t spare_cap;

/* A buffer of at least want bytes for r->out (the spare when it is that
 * large); r->outcap its size.  0, or -1 when memory ran out. */
static int take_out(proc_result *r, size_t want) {
  if (spare_out && spare_cap >= want) {
    r->out = spare_out, r->outcap = spare_cap;
    spare_out = NULL, spare_cap = 0;
    return 0;
  }
  r->outcap = want;
  return (r->out = malloc(want)) ? 0 : -1;
}

/* Appends got bytes of buf to the captured stdout (up to o->max_out). */
static void keep_out(proc_result *r, size_t *cap, const char *buf, size_t got, size_t max_out) {
  if (r->outlen + got > max_out) {
    got = max_out - r->outlen;
    r->out_truncated = 1;
  }
  while (r->outlen + got + 1 > *cap) {
    char *p = realloc(r->out, *cap * 2);
    if (!p) {
      got = 0;
      r->out_truncated = 1;
      break;
    }
    r->out = p;
    *cap *= 2;
    r->outcap = *cap;
  }
  memcpy(r->out + r->outlen, buf, got);
  r->outlen += got;
}

static void keep_err(proc_result *r, const char *buf, size_t got) {
  size_t room = sizeof r->err - 1 - r->errlen;
  if (got > room)
    got = room;
  memcpy(r->err + r->errlen, buf, got);
  r->errlen += got;
}

/* A descriptor that becomes readable when the child exits (Linux 5.3's
 * pidfd_open), or -1 when the kernel has none: the run then ends when the
 * child's stdout and stderr are closed, as it always did. */
static int exit_fd(pid_t pid) {
#ifdef SYS_pidfd_open
  return (int)syscall(SYS_pidfd_open, pid, 0);
#else
  (void)pid;
  return -1;
#endif
}

/* Reads stdout and stderr until both end or the time limit passes; with
 * o->exit_grace_s, also until that long after the child's exit (what it
 * left behind may hold them open for ever); with o->stop_at_cap, until
 * its stdout passes o->max_out (it is then killed); with o->idle_s, until
 * it writes nothing to either for that long (killed, timed_out). */
static void drain(pid_t pid, int fo, int fe, long deadline, const proc_opts *o, proc_result *r,
                  size_t *cap) {
  int open_o = 1, open_e = 1;
  int xfd = o->exit_grace_s > 0 ? exit_fd(pid) : -1;
  /* without a pidfd (an old kernel, valgrind): look every 50 ms */
  int tick = o->exit_grace_s > 0 && xfd < 0;
  long end = deadline;
  /* with o->idle_s: the time by which it must write again */
  long idle_ms = o->idle_s > 0 ? (long)(o->idle_s * 1000) : 0, idle_end = now_ms() + idle_ms;
  while (open_o || open_e) {
    struct pollfd fds[3];
    int n = 0, left = (int)(end - now_ms()), k;
    if (idle_ms && idle_end - now_ms() < left) {
      left = (int)(idle_end - now_ms());
      if (left <= 0) {
        r->timed_out = 1; /* silent too long */
        kill_child(pid, o);
        break;
      }
    }
    if (tick && end == deadline) {
      siginfo_t si;
      memset(&si, 0, sizeof si);
      if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid) {
        long grace = now_ms() + (long)(o->exit_grace_s * 1000);
        if (grace < end)
          end = grace, left = (int)(end - now_ms());
      } else if (left > 50) {
        left = 50;
      }
    }
    if (left <= 0) {
      if (end < deadline)
        r->left_open = 1; /* it exited; the rest is not its own */
      else
        r->timed_out = 1;
      kill_child(pid, o);
      break;
    }
    if (open_o)
      fds[n].fd = fo, fds[n].events = POLLIN, fds[n++].revents = 0;
    if (open_e)
      fds[n].fd = fe, fds[n].events = POLLIN, fds[n++].revents = 0;
    if (xfd >= 0)
      fds[n].fd = xfd, fds[n].events = POLLIN, fds[n++].revents = 0;
    if (poll(fds, (nfds_t)n, left) < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    for (k = 0; k < n; k++) {
      char buf[65536];
      ssize_t got;
      if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      if (fds[k].fd == xfd) {
        long grace = now_ms() + (long)(o->exit_grace_s * 1000);
        close(xfd);
        xfd = -1;
        if (grace < end)
          end = grace;
        continue;
      }
      got = read(fds[k].fd, buf, sizeof buf);
      if (got <= 0) {
        if (got < 0 && errno == EINTR)
          continue;
        if (fds[k].fd == fo)
          open_o = 0;
        else
          open_e = 0;
        continue;
      }
      idle_end = now_ms() + idle_ms;
      if (fds[k].fd == fo) {
        keep_out(r, cap, buf, (size_t)got, o->max_out);
        if (r->out_truncated && o->stop_at_cap) {
          kill_child(pid, o);
          open_o = open_e = 0;
          break;
        }
      } else {
        keep_err(r, buf, (size_t)got);
      }
    }
  }
  if (xfd >= 0)
    close(xfd);
}

/* Reaps the child; one that closed its output but runs on is killed at
 * the time limit. */
static int reap(pid_t pid, long deadline, const proc_opts *o, proc_result *r) {
  int status = 0;
  long nap_us = 100;
  for (;;) {
    pid_t w = waitpid(pid, &status, r->timed_out ? 0 : WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR)
      break;
    if (w == 0) {
      if (now_ms() >= deadline) {
        kill_child(pid, o);
        r->timed_out = 1;
      } else {
        struct timespec ts = {0, nap_us * 1000};
        nanosleep(&ts, NULL);
        if (nap_us < 5000)
          nap_us *= 2;
      }
    }
  }
  return status;
}

/* The child's set-up: stdin from in_fd (-1: /dev/null), stdout and
 * stderr to the pipes (err_fd -1: ours; every other descriptor of ours is
 * close-on-exec), its own process group when asked, SIGPIPE back to its
 * default when asked. */
static int spawn_setup(const proc_opts *o, int in_fd, int out_fd, int err_fd,
                       posix_spawn_file_actions_t *fa, posix_spawnattr_t *at) {
  short flags = 0;
  if (posix_spawn_file_actions_init(fa) != 0)
    return -1;
  if (posix_spawnattr_init(at) != 0) {
    posix_spawn_file_actions_destroy(fa);
    return -1;
  }
  if ((in_fd < 0 ? posix_spawn_file_actions_addopen(fa, 0, "/dev/null", O_RDONLY, 0)
                  : posix_spawn_file_actions_adddup2(fa, in_fd, 0)) != 0 ||
      posix_spawn_file_actions_adddup2(fa, out_fd, 1) != 0 ||
      (err_fd >= 0 && posix_spawn_file_actions_adddup2(fa, err_fd, 2) != 0) ||
      (o->cwd && posix_spawn_file_actions_addchdir_np(fa, o->cwd) != 0))
    goto bad;
  if (o->own_group) {
    flags |= POSIX_SPAWN_SETPGROUP;
    if (posix_spawnattr_setpgroup(at, 0) != 0)
      goto bad;
  }
  if (o->default_sigpipe) {
    sigset_t def;
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    flags |= POSIX_SPAWN_SETSIGDEF;
    if (posix_spawnattr_setsigdefault(at, &def) != 0)
      goto bad;
  }
  if (posix_spawnattr_setflags(at, flags) != 0)
    goto bad;
  return 0;
bad:
  posix_spawn_file_actions_destroy(fa);
  posix_spawnattr_destroy(at);
  return -1;
}

/* Starts argv with in_fd as its stdin (-1: /dev/null), out_fd as its
 * stdout and err_fd as its stderr (-1: ours): 0 with *pid set, or the
 * error (ENOMEM when the set-up could not be made). */
static int start_child(char *const argv[], const proc_opts *o, int in_fd, int out_fd,
                       int err_fd, pid_t *pid) {
  extern char **environ;
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;
  int e;
  if (spawn_setup(o, in_fd, out_fd, err_fd, &fa, &at) != 0)
    return ENOMEM;
  e = spawn(pid, argv, o, &fa, &at, o->envp ? o->envp : environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  return e;
}

/* Two close-on-exec pipes: 0, or -1 with neither made. */
static int two_pipes(int a[2], int b[2]) {
  if (pipe2(a, O_CLOEXEC) != 0)
    return -1;
  if (pipe2(b, O_CLOEXEC) != 0) {
    close(a[0]), close(a[1]);
    return -1;
  }
  return 0;
}

/* o->input as a file to read from the start (a memfd): its descriptor, -1
 * when there is none, -2 when it cannot be made (errno set). */
static int input_fd(const proc_opts *o) {
  int fd;
  size_t off = 0;
  if (!o->input)
    return -1;
  if ((fd = memfd_create("sfc-proc-input", MFD_CLOEXEC)) < 0)
    return -2;
  while (off < o->input_len) {
    ssize_t w = write(fd, o->input + off, o->input_len - off);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      close(fd);
      return -2;
    }
    off += (size_t)w;
  }
  if (lseek(fd, 0, SEEK_SET) != 0) {
    close(fd);
    return -2;
  }
  return fd;
}

int proc_run(char *const argv[], const proc_opts *o, proc_result *r) {
  int po[2], pe[2], status, e, in_fd;
  size_t cap = 1 << 16;
  long start = now_ms(), deadline = start + (long)(o->timeout_s * 1000);
  pid_t pid;

  memset(r, 0, sizeof *r);
  if ((in_fd = input_fd(o)) == -2)
    return -1;
  if (two_pipes(po, pe) != 0) {
    if (in_fd >= 0)
      close(in_fd);
    return -1;
  }
  if (take_out(r, cap) != 0) {
    close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
    if (in_fd >= 0)
      close(in_fd);
    return -1;
  }
  e = start_child(argv, o, in_fd, po[1], o->merge_err ? po[1] : pe[1], &pid);
  if (in_fd >= 0)
    close(in_fd);
  close(po[1]);
  close(pe[1]);
  if (e != 0) {
    /* No child ran: the result is what one that failed to exec would
     * have given (exit 127, the message on its stderr). */
    close(po[0]);
    close(pe[0]);
    if (e == ENOMEM || e == EAGAIN) {
      free(r->out);
      r->out = NULL;
      errno = e;
      return -1;
    }
    r->exec_errno = e;
    if (o->who) {
      int n = snprintf(r->err, sizeof r->err, "%s: cannot run %s: %s\n", o->who, argv[0],
                       strerror(e));
      r->errlen = n < 0 ? 0 : (size_t)n < sizeof r->err ? (size_t)n : sizeof r->err - 1;
    }
    r->out[0] = 0;
    r->exited = 1;
    r->code = 127;
    r->ms = now_ms() - start;
    return 0;
  }
  if (o->child)
    *o->child = (sig_atomic_t)pid;
  cap = r->outcap;
  drain(pid, po[0], pe[0], deadline, o, r, &cap);
  close(po[0]);
  close(pe[0]);
  status = reap(pid, deadline, o, r);
  /* Whatever the program left running in its group goes too. */
  if (o->own_group)
    kill(-pid, SIGKILL);
  if (o->child)
    *o->child = 0;
  r->out[r->outlen] = 0;
  r->err[r->errlen] = 0;
  r->ms = now_ms() - start;
  if (WIFEXITED(status)) {
    r->exited = 1;
    r->code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    r->sig = WTERMSIG(status);
  }
  return 0;
}

void proc_free(proc_result *r) {
  if (r->out && r->outcap > spare_cap) {
    free(spare_out);
    spare_out = r->out, spare_cap = r->outcap;
  } else {
    free(r->out);
  }
  r->out = NULL;
  r->outcap = 0;
}

/* ---- a serving process (sfc_proc.h) ---- */

/* Kills what runs of a serving process and reaps it; r (when given) gets
 * how it ended unless it was stopped at the time limit. */
static void server_end(proc_server *s, proc_result *r) {
  int status = 0;
  if (s->own_group)
    kill(-s->pid, SIGKILL);
  kill(s->pid, SIGKILL);
  while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (r && !r->timed_out) {
    if (WIFEXITED(status))
      r->exited = 1, r->code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
      r->sig = WTERMSIG(status);
  }
  if (s->to >= 0)
    close(s->to);
  close(s->from);
  s->to = s->from = -1;
  s->pid = 0;
}

int proc_server_start(char *const argv[], const proc_opts *o, proc_server *s) {
  int pi[2], po[2], e;
  pid_t pid;
  memset(s, 0, sizeof *s);
  if (two_pipes(pi, po) != 0)
    return -1;
  e = start_child(argv, o, pi[0], po[1], -1, &pid);
  close(pi[0]);
  close(po[1]);
  if (e != 0) {
    close(pi[1]), close(po[0]);
    errno = e;
    return -1;
  }
  /* Requests are written without blocking past the time limit. */
  fcntl(pi[1], F_SETFL, fcntl(pi[1], F_GETFL) | O_NONBLOCK);
  s->pid = pid;
  s->to = pi[1];
  s->from = po[0];
  s->own_group = o->own_group;
  return 0;
}

/* Waits until fd is ready for events (POLLIN / POLLOUT) or the deadline
 * passes: 1 ready (or hung up), 0 at the deadline, -1 on error. */
static int wait_fd(int fd, short events, long deadline) {
  for (;;) {
    struct pollfd p = {fd, events, 0};
    int left = (int)(deadline - now_ms()), k;
    if (left <= 0)
      return 0;
    k = poll(&p, 1, left);
    if (k < 0 && errno == EINTR)
      continue;
    return k < 0 ? -1 : k > 0;
  }
}

/* Writes all of a request: 0, or -1 (r->timed_out set at the deadline). */
static int send_request(int fd, const char *p, size_t n, long deadline, proc_result *r) {
  while (n) {
    ssize_t put;
    int w = wait_fd(fd, POLLOUT, deadline);
    if (w <= 0) {
      r->timed_out = w == 0;
      return -1;
    }
    put = write(fd, p, n);
    if (put < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (put <= 0)
      return -1;
    p += put, n -= (size_t)put;
  }
  return 0;
}

/* Reads what has come (at most n bytes): the count, or -1 at the end of
 * the stream, on an error or at the deadline (r->timed_out). */
static ssize_t receive(int fd, char *buf, size_t n, long deadline, proc_result *r) {
  for (;;) {
    ssize_t got;
    int w = wait_fd(fd, POLLIN, deadline);
    if (w <= 0) {
      r->timed_out = w == 0;
      return -1;
    }
    got = read(fd, buf, n);
    if (got < 0 && errno == EINTR)
      continue;
    return got > 0 ? got : -1;
  }
}

/* An answer's header, "EXIT OUTLEN ERRLEN": 0, or -1 when it is not one.
 * EXIT is 0..255, or -SIG (1..127) from a server that ran the command in a
 * child of its own and saw it die of signal SIG: *code is then -SIG. */
static int parse_header(const char *h, int *code, size_t *outlen, size_t *errlen) {
  unsigned long long v[3];
  int k, neg = 0;
  if (*h == '-')
    neg = 1, h++;
  for (k = 0; k < 3; k++) {
    char *end;
    if (*h < '0' || *h > '9')
      return -1;
    errno = 0;
    v[k] = strtoull(h, &end, 10);
    if (errno || *end != (k < 2 ? ' ' : '\n'))
      return -1;
    h = end + 1;
  }
  if (v[0] > 255 || (neg && (v[0] < 1 || v[0] > 127)) || v[1] > SIZE_MAX / 2 ||
      v[2] > SIZE_MAX / 2)
    return -1;
  *code = neg ? -(int)v[0] : (int)v[0], *outlen = (size_t)v[1], *errlen = (size_t)v[2];
  return 0;
}

int proc_server_call(proc_server *s, char *const args[], const proc_opts *o, proc_result *r) {
  long start = now_ms(), deadline = start + (long)(o->timeout_s * 1000);
  char buf[65536], *req, *nl = NULL;
  size_t len = 1, have = 0, cap = 1 << 16, outleft, errleft;
  int k, code;
  ssize_t got;

  memset(r, 0, sizeof *r);
  if (!s->pid)
    return 1;
  for (k = 0; args[k]; k++)
    len += strlen(args[k]) + 1;
  if (!(req = malloc(len)) || take_out(r, cap) != 0) {
    free(req);
    goto gone;
  }
  cap = r->outcap;
  for (k = 0, len = 0; args[k]; k++) {
    size_t n = strlen(args[k]) + 1;
    memcpy(req + len, args[k], n);
    len += n;
  }
  req[len++] = '\0';
  k = send_request(s->to, req, len, deadline, r);
  free(req);
  if (k != 0)
    goto gone;
  /* The header line, then its counts of bytes of stdout and stderr. */
  while (!(nl = memchr(buf, '\n', have))) {
    if (have >= 64 || (got = receive(s->from, buf + have, sizeof buf - have, deadline, r)) < 0)
      goto gone;
    have += (size_t)got;
  }
  if (parse_header(buf, &code, &outleft, &errleft) != 0)
    goto gone;
  if (o->stop_at_cap && outleft > o->max_out) {
    r->out_truncated = 1; /* not read: the serving process is ended */
    goto gone;
  }
  /* Room for the whole output at once (it announced its size). */
  if (outleft < o->max_out && outleft + 1 > cap) {
    char *p = realloc(r->out, outleft + 1);
    if (!p)
      goto gone;
    r->out = p, r->outcap = cap = outleft + 1;
  }
  got = (ssize_t)(have - (size_t)(nl + 1 - buf));
  memmove(buf, nl + 1, (size_t)got);
  for (;;) {
    size_t n = (size_t)got, to_out = n < outleft ? n : outleft, to_err;
    keep_out(r, &cap, buf, to_out, o->max_out);
    outleft -= to_out;
    to_err = n - to_out;
    if (to_err > errleft)
      goto gone; /* more than it announced */
    keep_err(r, buf + to_out, to_err);
    errleft -= to_err;
    if (!outleft && !errleft)
      break;
    if (outleft && r->outlen + outleft < cap && r->outlen + outleft <= o->max_out) {
      /* the rest of stdout straight into r->out (it all fits) */
      if ((got = receive(s->from, r->out + r->outlen, outleft, deadline, r)) < 0)
        goto gone;
      r->outlen += (size_t)got;
      outleft -= (size_t)got;
      got = 0;
      continue;
    }
    if ((got = receive(s->from, buf, sizeof buf, deadline, r)) < 0)
      goto gone;
  }
  r->out[r->outlen] = 0;
  r->err[r->errlen] = 0;
  if (code < 0) /* the command's child died of a signal; the server lives on */
    r->sig = -code;
  else
    r->exited = 1, r->code = code;
  r->ms = now_ms() - start;
  s->calls++;
  return 0;
gone:
  server_end(s, r);
  free(r->out);
  r->out = NULL;
  r->outlen = 0;
  r->ms = now_ms() - start;
  return 1;
}

int proc_server_stop(proc_server *s, double grace_s) {
  long deadline = now_ms() + (long)(grace_s * 1000);
  long nap_us = 100;
  int status = 0;
  if (!s->pid)
    return 0;
  close(s->to);
  s->to = -1;
  for (;;) {
    pid_t w = waitpid(s->pid, &status, WNOHANG);
    if (w == s->pid || (w < 0 && errno != EINTR)) {
      if (s->own_group)
        kill(-s->pid, SIGKILL); /* whatever it left running */
      close(s->from);
      s->from = -1;
      s->pid = 0;
      if (w < 0)
        return PROC_SERVER_KILLED;
      return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    }
    if (now_ms() >= deadline)
      break;
    {
      struct timespec ts = {0, nap_us * 1000};
      nanosleep(&ts, NULL);
      if (nap_us < 20000)
        nap_us *= 2;
    }
  }
  server_end(s, NULL);
  return PROC_SERVER_KILLED;
}
