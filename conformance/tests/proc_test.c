/* proc_test.c - unit tests of the process runner (conformance/runner/proc.c)
 * that sfconform and the text-tool adapters share, as TAP on stdout.  Each
 * runs /bin/sh with a small script; what is expected comes from proc.h. */
#include "proc.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int ntest, nfail;

static void ok(int cond, const char *what) {
  nfail += !cond;
  printf("%s %d - %s\n", cond ? "ok" : "not ok", ++ntest, what);
  fflush(stdout);
}

static proc_opts opts(double timeout) {
  proc_opts o;
  memset(&o, 0, sizeof o);
  o.timeout_s = timeout;
  o.max_out = 1 << 20;
  o.own_group = 1;
  return o;
}

/* Runs "/bin/sh -c SCRIPT" (or argv0 for the shell's name) with o. */
static int sh(const char *argv0, const char *script, const proc_opts *o, proc_result *r) {
  char *argv[4];
  argv[0] = (char *)argv0;
  argv[1] = (char *)"-c";
  argv[2] = (char *)script;
  argv[3] = NULL;
  return proc_run(argv, o, r);
}

/* 1 when process pid is gone (or a zombie nobody of ours reaps) within a second. */
static int gone(long pid) {
  int i;
  for (i = 0; i < 100; i++) {
    char path[64], state = 0;
    FILE *f;
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    if (!(f = fopen(path, "r")))
      return 1;
    if (fscanf(f, "%*d %*s %c", &state) != 1)
      state = 0;
    fclose(f);
    if (state == 'Z' || state == 'X')
      return 1;
    {
      struct timespec ts = {0, 10000000};
      nanosleep(&ts, NULL);
    }
  }
  return 0;
}

int main(void) {
  proc_opts o = opts(10);
  proc_result r;
  volatile sig_atomic_t child = -1;

  ok(sh("/bin/sh", "echo out; echo err >&2; exit 3", &o, &r) == 0 && r.exited && r.code == 3 &&
         !strcmp(r.out, "out\n") && r.outlen == 4 && !strcmp(r.err, "err\n") && r.errlen == 4 &&
         !r.timed_out && !r.exec_errno,
     "exit status, stdout and stderr captured");
  proc_free(&r);

  o = opts(0.3);
  ok(sh("/bin/sh", "sleep 5", &o, &r) == 0 && r.timed_out && !r.exited && r.sig == SIGKILL &&
         r.ms < 3000,
     "killed at the time limit");
  proc_free(&r);

  o = opts(0.3);
  ok(sh("/bin/sh", "exec >&- 2>&-; sleep 5", &o, &r) == 0 && r.timed_out && r.ms < 3000,
     "a program that closes its output and runs on is killed at the time limit");
  proc_free(&r);

  o = opts(10);
  ok(sh("/bin/sh", "kill -SEGV $$", &o, &r) == 0 && !r.exited && r.sig == SIGSEGV && !r.timed_out,
     "death by a signal");
  proc_free(&r);

  o = opts(10);
  o.who = "proc_test";
  ok(sh("/nonexistent/sh", "true", &o, &r) == 0 && r.exec_errno == ENOENT && r.exited &&
         r.code == 127 && strstr(r.err, "proc_test: cannot run /nonexistent/sh") != NULL,
     "a program that cannot be executed: its errno, exit 127, the message");
  proc_free(&r);

  o = opts(10);
  ok(sh("sh", "exit 0", &o, &r) == 0 && r.exec_errno == ENOENT, "no PATH search unless asked");
  proc_free(&r);
  o.search_path = 1;
  ok(sh("sh", "exit 4", &o, &r) == 0 && !r.exec_errno && r.exited && r.code == 4,
     "PATH search when asked");
  proc_free(&r);

  o = opts(10);
  o.max_out = 10;
  ok(sh("/bin/sh", "i=0; while [ $i -lt 100 ]; do printf x; i=$((i+1)); done", &o, &r) == 0 &&
         r.outlen == 10 && r.out_truncated && !strcmp(r.out, "xxxxxxxxxx"),
     "stdout beyond max_out dropped and said");
  proc_free(&r);

  {
    char *envp[] = {(char *)"PROC_TEST=from-envp", NULL};
    o = opts(10);
    o.envp = envp;
    ok(sh("/bin/sh", "echo \"$PROC_TEST\"", &o, &r) == 0 && !strcmp(r.out, "from-envp\n"),
       "the environment given");
    proc_free(&r);
  }

  o = opts(10);
  o.child = &child;
  ok(sh("/bin/sh", "sleep 30 >/dev/null 2>&1 & echo $!", &o, &r) == 0 && r.exited &&
         r.code == 0 && gone(strtol(r.out, NULL, 10)) && child == 0,
     "its own process group killed whole when it ends; the child's pid cleared");
  proc_free(&r);

  printf("1..%d\n", ntest);
  return nfail != 0;
}
