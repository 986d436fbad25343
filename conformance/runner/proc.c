/* proc.c - see proc.h. */
#define _GNU_SOURCE /* pipe2 */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Reads stdout and stderr until both end or the time limit passes. */
static void drain(pid_t pid, int fo, int fe, long deadline, const proc_opts *o, proc_result *r,
                  size_t *cap) {
  int open_o = 1, open_e = 1;
  while (open_o || open_e) {
    struct pollfd fds[2];
    int n = 0, left = (int)(deadline - now_ms()), k;
    if (left <= 0) {
      r->timed_out = 1;
      kill_child(pid, o);
      return;
    }
    if (open_o)
      fds[n].fd = fo, fds[n].events = POLLIN, fds[n++].revents = 0;
    if (open_e)
      fds[n].fd = fe, fds[n].events = POLLIN, fds[n++].revents = 0;
    if (poll(fds, (nfds_t)n, left) < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    for (k = 0; k < n; k++) {
      char buf[65536];
      ssize_t got;
      if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
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
      if (fds[k].fd == fo)
        keep_out(r, cap, buf, (size_t)got, o->max_out);
      else
        keep_err(r, buf, (size_t)got);
    }
  }
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

/* The child's set-up: stdin from /dev/null, stdout and stderr to the
 * pipes (every other descriptor of ours is close-on-exec), its own
 * process group when asked, SIGPIPE back to its default when asked. */
static int spawn_setup(const proc_opts *o, int out_fd, int err_fd, posix_spawn_file_actions_t *fa,
                       posix_spawnattr_t *at) {
  short flags = 0;
  if (posix_spawn_file_actions_init(fa) != 0)
    return -1;
  if (posix_spawnattr_init(at) != 0) {
    posix_spawn_file_actions_destroy(fa);
    return -1;
  }
  if (posix_spawn_file_actions_addopen(fa, 0, "/dev/null", O_RDONLY, 0) != 0 ||
      posix_spawn_file_actions_adddup2(fa, out_fd, 1) != 0 ||
      posix_spawn_file_actions_adddup2(fa, err_fd, 2) != 0)
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

int proc_run(char *const argv[], const proc_opts *o, proc_result *r) {
  extern char **environ;
  int po[2], pe[2], status, e;
  size_t cap = 1 << 16;
  long start = now_ms(), deadline = start + (long)(o->timeout_s * 1000);
  pid_t pid;
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;

  memset(r, 0, sizeof *r);
  if (pipe2(po, O_CLOEXEC) != 0)
    return -1;
  if (pipe2(pe, O_CLOEXEC) != 0) {
    close(po[0]), close(po[1]);
    return -1;
  }
  r->out = malloc(cap);
  if (!r->out || spawn_setup(o, po[1], pe[1], &fa, &at) != 0) {
    free(r->out);
    r->out = NULL;
    close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
    return -1;
  }
  e = spawn(&pid, argv, o, &fa, &at, o->envp ? o->envp : environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
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
  free(r->out);
  r->out = NULL;
}
