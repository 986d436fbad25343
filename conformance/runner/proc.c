/* proc.c - see proc.h. */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
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

/* In the child: execve argv[0], or each $PATH directory's argv[0] when
 * asked and the name has no '/'.  Returns only on failure, errno set (the
 * most telling error of the candidates, as execvp reports it). */
static void exec_child(char *const argv[], const proc_opts *o, char *const envp[]) {
  const char *p;
  int e = ENOENT;
  if (!o->search_path || strchr(argv[0], '/')) {
    execve(argv[0], argv, envp);
    return;
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
      execve(cand, argv, envp);
      if (errno != ENOENT && errno != ENOTDIR)
        e = errno;
    }
    if (!q)
      break;
    p = q + 1;
  }
  errno = e;
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

int proc_run(char *const argv[], const proc_opts *o, proc_result *r) {
  int po[2], pe[2], px[2], status;
  size_t cap = 1 << 16;
  long start = now_ms(), deadline = start + (long)(o->timeout_s * 1000);
  pid_t pid;

  memset(r, 0, sizeof *r);
  if (pipe(po) != 0)
    return -1;
  if (pipe(pe) != 0) {
    close(po[0]), close(po[1]);
    return -1;
  }
  if (pipe(px) != 0) {
    close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
    return -1;
  }
  fcntl(px[1], F_SETFD, FD_CLOEXEC);
  r->out = malloc(cap);
  if (!r->out || (pid = fork()) < 0) {
    free(r->out);
    r->out = NULL;
    close(po[0]), close(po[1]), close(pe[0]), close(pe[1]), close(px[0]), close(px[1]);
    return -1;
  }
  if (pid == 0) {
    extern char **environ;
    int devnull = open("/dev/null", O_RDONLY), e;
    if (o->own_group)
      setpgid(0, 0);
    if (devnull >= 0)
      dup2(devnull, 0);
    dup2(po[1], 1);
    dup2(pe[1], 2);
    close(po[0]), close(po[1]), close(pe[0]), close(pe[1]), close(px[0]);
    if (o->default_sigpipe)
      signal(SIGPIPE, SIG_DFL);
    exec_child(argv, o, o->envp ? o->envp : environ);
    e = errno;
    if (o->who)
      fprintf(stderr, "%s: cannot run %s: %s\n", o->who, argv[0], strerror(e));
    if (write(px[1], &e, sizeof e) < 0) {
      /* the parent then sees no exec error, only exit 127 */
    }
    _exit(127);
  }
  if (o->own_group)
    setpgid(pid, pid);
  if (o->child)
    *o->child = (sig_atomic_t)pid;
  close(po[1]);
  close(pe[1]);
  close(px[1]);
  {
    int e = 0;
    ssize_t got;
    while ((got = read(px[0], &e, sizeof e)) < 0 && errno == EINTR)
      ;
    close(px[0]);
    if (got == (ssize_t)sizeof e)
      r->exec_errno = e ? e : ENOENT;
  }
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
