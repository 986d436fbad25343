/* proc.c - see proc.h. */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
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

int proc_run(char *const argv[], double timeout_s, size_t max_out, proc_result *r) {
  int po[2], pe[2], status = 0;
  size_t cap = 1 << 16, errlen = 0;
  long start = now_ms(), deadline = start + (long)(timeout_s * 1000);
  pid_t pid;
  int open_o = 1, open_e = 1;

  memset(r, 0, sizeof *r);
  if (pipe(po) != 0)
    return -1;
  if (pipe(pe) != 0) {
    close(po[0]);
    close(po[1]);
    return -1;
  }
  r->out = malloc(cap);
  if (!r->out || (pid = fork()) < 0) {
    free(r->out);
    r->out = NULL;
    close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
    return -1;
  }
  if (pid == 0) {
    int devnull = open("/dev/null", O_RDONLY);
    setpgid(0, 0);
    if (devnull >= 0)
      dup2(devnull, 0);
    dup2(po[1], 1);
    dup2(pe[1], 2);
    close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
    execv(argv[0], argv);
    fprintf(stderr, "sfconform: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid);
  close(po[1]);
  close(pe[1]);
  while (open_o || open_e) {
    struct pollfd fds[2];
    int n = 0, left = (int)(deadline - now_ms()), k;
    if (left <= 0) {
      r->timed_out = 1;
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      break;
    }
    if (open_o)
      fds[n].fd = po[0], fds[n].events = POLLIN, fds[n++].revents = 0;
    if (open_e)
      fds[n].fd = pe[0], fds[n].events = POLLIN, fds[n++].revents = 0;
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
      got = read(fds[k].fd, buf, sizeof buf);
      if (got <= 0) {
        if (got < 0 && errno == EINTR)
          continue;
        if (fds[k].fd == po[0])
          open_o = 0;
        else
          open_e = 0;
        continue;
      }
      if (fds[k].fd == po[0]) {
        size_t g = (size_t)got;
        if (r->outlen + g > max_out) {
          g = max_out - r->outlen;
          r->out_truncated = 1;
        }
        while (r->outlen + g + 1 > cap) {
          char *p = realloc(r->out, cap * 2);
          if (!p) {
            g = 0;
            r->out_truncated = 1;
            break;
          }
          r->out = p;
          cap *= 2;
        }
        memcpy(r->out + r->outlen, buf, g);
        r->outlen += g;
      } else if (errlen + 1 < sizeof r->err) {
        size_t g = (size_t)got < sizeof r->err - 1 - errlen ? (size_t)got : sizeof r->err - 1 - errlen;
        memcpy(r->err + errlen, buf, g);
        errlen += g;
      }
    }
  }
  close(po[0]);
  close(pe[0]);
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  /* Whatever the adapter left running in its group goes too. */
  kill(-pid, SIGKILL);
  r->out[r->outlen] = 0;
  r->err[errlen] = 0;
  r->ms = now_ms() - start;
  if (WIFEXITED(status)) {
    r->exited = 1;
    r->code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    r->sig = WTERMSIG(status);
  }
  return 0;
}
