/* SPDX-License-Identifier: MIT */
/* sfc_proc_test.c - unit tests of the process runner (common/sfc_proc.c)
 * that sfconform and the text-tool adapters share, as TAP on stdout.  Each
 * runs /bin/sh (a serving process: /bin/bash) with a small script; what is
 * expected comes from sfc_proc.h. */
#include "sfc_proc.h"

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

/* A serving process in bash (sfc_proc.h, the `serve` command): a request's
 * first argument says what it does. */
static const char server_script[] =
    "respond() {\n"
    "  case \"${args[0]}\" in\n"
    "  echo) printf '%d %d %d\\n%s%s' \"${args[3]}\" ${#args[1]} ${#args[2]} \"${args[1]}\" \"${args[2]}\" ;;\n"
    "  die) kill -SEGV $$ ;;\n"
    "  hang) sleep 30 ;;\n"
    "  garble) printf 'nonsense\\n' ;;\n"
    "  big) printf '0 100 0\\n'; head -c 100 /dev/zero | tr '\\0' x ;;\n"
    "  esac\n"
    "}\n"
    "args=()\n"
    "while IFS= read -r -d '' a; do\n"
    "  if [ -z \"$a\" ]; then respond; args=(); else args+=(\"$a\"); fi\n"
    "done\n"
    "exit \"${1:-0}\"\n";

static int server(proc_server *s, const char *end, const proc_opts *o) {
  char *argv[6];
  argv[0] = (char *)"/bin/bash";
  argv[1] = (char *)"-c";
  argv[2] = (char *)server_script;
  argv[3] = (char *)"server";
  argv[4] = (char *)end;
  argv[5] = NULL;
  return proc_server_start(argv, o, s);
}

static void test_server(void) {
  proc_server s;
  proc_result r;
  proc_opts o = opts(10);
  char *echo[] = {(char *)"echo", (char *)"hello", (char *)"warned", (char *)"3", NULL};
  char *die[] = {(char *)"die", NULL}, *hang[] = {(char *)"hang", NULL};
  char *garble[] = {(char *)"garble", NULL}, *big[] = {(char *)"big", NULL};
  pid_t pid;

  ok(server(&s, "0", &o) == 0 && s.pid > 0, "a serving process starts");
  pid = s.pid;
  ok(proc_server_call(&s, echo, &o, &r) == 0 && r.exited && r.code == 3 &&
         !strcmp(r.out, "hello") && r.outlen == 5 && !strcmp(r.err, "warned") && !r.timed_out,
     "a served command: its exit status, stdout and stderr");
  proc_free(&r);
  ok(proc_server_call(&s, echo, &o, &r) == 0 && r.code == 3 && s.pid == pid && s.calls == 2,
     "the same process answers the next request");
  proc_free(&r);
  ok(proc_server_call(&s, die, &o, &r) == 1 && !r.exited && r.sig == SIGSEGV && s.pid == 0 &&
         r.out == NULL && gone(pid),
     "a serving process that dies: gone, and how it died");
  ok(proc_server_call(&s, echo, &o, &r) == 1, "no call to a process that has gone");

  o = opts(0.3);
  ok(server(&s, "0", &o) == 0 && (pid = s.pid) > 0 && proc_server_call(&s, hang, &o, &r) == 1 &&
         r.timed_out && r.ms < 3000 && s.pid == 0 && gone(pid),
     "a serving process that does not answer in time is killed");

  o = opts(10);
  ok(server(&s, "0", &o) == 0 && proc_server_call(&s, garble, &o, &r) == 1 && s.pid == 0,
     "an answer that is not one ends the serving process");

  o.max_out = 10;
  ok(server(&s, "0", &o) == 0 && proc_server_call(&s, big, &o, &r) == 0 && r.outlen == 10 &&
         r.out_truncated && !strcmp(r.out, "xxxxxxxxxx"),
     "served stdout beyond max_out dropped and said");
  proc_free(&r);
  ok(proc_server_stop(&s, 5) == 0 && s.pid == 0, "a serving process ends at its input's end");

  o = opts(10);
  ok(server(&s, "4", &o) == 0 && proc_server_call(&s, echo, &o, &r) == 0 &&
         proc_server_stop(&s, 5) == 4,
     "how a serving process ended is told");
  proc_free(&r);
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

  /* idle_s: writing keeps it alive past the silence allowed, falling
   * silent ends it long before its time limit */
  o = opts(10);
  o.idle_s = 0.5;
  ok(sh("/bin/sh", "for i in 1 2 3 4 5 6; do echo $i; sleep 0.2; done; echo err >&2; exit 4", &o,
        &r) == 0 && r.exited && r.code == 4 && !r.timed_out && r.outlen == 12 && r.ms >= 1000,
     "idle_s: a program that writes more often than that runs to its end");
  proc_free(&r);
  o = opts(10);
  o.idle_s = 0.5;
  ok(sh("/bin/sh", "echo started; sleep 8; echo never", &o, &r) == 0 && r.timed_out && !r.exited &&
         r.sig == SIGKILL && !strcmp(r.out, "started\n") && r.ms < 5000,
     "idle_s: a program silent that long is killed, what it wrote kept");
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

  o = opts(10);
  o.max_out = 1000;
  o.stop_at_cap = 1;
  ok(sh("/bin/sh", "exec yes", &o, &r) == 0 && r.outlen == 1000 && r.out_truncated &&
         !r.exited && r.sig == SIGKILL && !r.timed_out && r.ms < 3000,
     "stop_at_cap: a program printing without end is killed at the cap, not the time limit");
  proc_free(&r);

  o = opts(10);
  o.exit_grace_s = 0.2;
  ok(sh("/bin/sh", "sleep 30 & echo done", &o, &r) == 0 && r.exited && r.code == 0 &&
         !strcmp(r.out, "done\n") && r.left_open && !r.timed_out && r.ms < 3000,
     "exit_grace_s: a child holding stdout open ends the run that long after the exit");
  proc_free(&r);

  o = opts(10);
  o.exit_grace_s = 0.2;
  ok(sh("/bin/sh", "sleep 0.5; echo late", &o, &r) == 0 && r.exited && !r.left_open &&
         !strcmp(r.out, "late\n"),
     "exit_grace_s: the grace counts from the exit, not from the start");
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

  test_server();
  printf("1..%d\n", ntest);
  return nfail != 0;
}
