/* SPDX-License-Identifier: MIT */
/* sfc_proc.h - the project's one process runner: run one program with a
 * time limit, capturing its output (proc_run), and talk to a long-lived
 * serving process (proc_server_*, the adapter protocol's `serve`).  Used
 * by sfconform (each adapter: conformance/PROTOCOL.md, exit 0 accept, 1
 * reject, anything else crash), by the adapters that run a tool
 * (text_driver.c runs objdump, readelf, llvm-readobj), by sfaudit (it runs
 * dpkg-deb and the linkers) and by the case-cost benchmark
 * (bench/case-cost.c).  Built once as
 * $(BUILD)/lib/libsfc_proc.a (common/common.mk). */
#ifndef SFC_PROC_H
#define SFC_PROC_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct proc_opts {
  double timeout_s;   /* killed after this many seconds (timed_out) */
  size_t max_out;     /* bytes of stdout kept; the rest dropped (out_truncated) */
  int stop_at_cap;    /* a program whose stdout passes max_out is killed there
                       * (out_truncated): its output is not read to the end */
  double exit_grace_s; /* > 0: the run ends this long after the program exits,
                        * even when what it started still holds its stdout or
                        * stderr open (left_open); 0: when both are closed */
  char *const *envp;  /* the child's environment; NULL: the caller's */
  int search_path;    /* argv[0] without a '/' is looked for on $PATH */
  int own_group;      /* the child leads a process group of its own, killed whole
                       * at the time limit and when it ends; else it stays in
                       * ours (killed with us) and only it is killed */
  int default_sigpipe; /* SIGPIPE back to its default in the child */
  const char *who;    /* when exec fails: "WHO: cannot run ARGV0: ERROR" on the
                       * child's stderr (exit 127); NULL: nothing said */
  volatile sig_atomic_t *child; /* when set: holds the child's pid while it runs
                                 * (for a signal handler that kills it), then 0 */
  const char *cwd;    /* the child's working directory; NULL: the caller's (a
                       * directory it cannot enter: exec fails, exit 127) */
  int merge_err;      /* proc_run: stderr into the same pipe as stdout, in the
                       * order the program wrote them (r->err stays empty) */
  const char *input;  /* proc_run: stdin reads these input_len bytes (NULL:
                       * /dev/null) */
  size_t input_len;
  double idle_s;      /* proc_run, > 0: killed (timed_out) when it has written
                       * nothing to stdout or stderr for this long */
} proc_opts;

typedef struct proc_result {
  char *out;          /* stdout, NUL-ended (malloc'd; proc_free) */
  size_t outlen;
  char err[4096];     /* the head of stderr, NUL-ended */
  size_t errlen;      /* bytes of err (0: nothing on stderr) */
  int exited;         /* 1: exit status in code; 0: killed by signal sig */
  int code, sig;
  int timed_out;      /* killed by the runner after the time limit */
  int out_truncated;  /* stdout beyond max_out was dropped */
  int left_open;      /* it exited, but its stdout or stderr stayed open past
                       * exit_grace_s (held by a process it left behind) */
  int exec_errno;     /* the program could not be executed: why (errno) */
  long ms;
  size_t outcap;      /* bytes allocated at out (proc_free keeps one buffer) */
} proc_result;

/* Runs argv[0] with argv (NULL-terminated), stdin from /dev/null, stdout
 * and stderr captured.  Returns 0 (r filled in), or -1 when the process
 * cannot be started (no pipe, no process, no memory).  The child is
 * started with posix_spawn: its cost does not grow with the caller's size. */
int proc_run(char *const argv[], const proc_opts *o, proc_result *r);
/* Frees what proc_run allocated in r. */
void proc_free(proc_result *r);

/* A long-lived serving process: the `serve` command of the adapter protocol
 * (conformance/PROTOCOL.md).  It reads requests on its stdin, each the
 * arguments of one command ended by a NUL byte, and an empty argument (one
 * more NUL) after the last; it answers each on its stdout with a line
 * "EXIT OUTLEN ERRLEN\n", then OUTLEN bytes of the command's stdout and
 * ERRLEN of its stderr; EXIT is -SIG when it ran the command in a child of
 * its own that died of signal SIG (it lives on).  Its own stderr is the
 * caller's. */
typedef struct proc_server {
  pid_t pid;             /* 0: not running */
  int to, from;          /* its stdin (requests) and stdout (answers) */
  int own_group;         /* it leads a process group of its own */
  unsigned long calls;   /* requests answered since it started */
} proc_server;

/* Starts argv (argv[0] a path) as a serving process, with o's process group,
 * environment and SIGPIPE settings (o->timeout_s is for each call).
 * Returns 0, or -1 (errno set) when it cannot be started. */
int proc_server_start(char *const argv[], const proc_opts *o, proc_server *s);
/* Sends one request (args: NULL-terminated) and reads its answer into r as
 * proc_run would fill it (exited, code, out, err, ms; stdout beyond
 * o->max_out dropped; a command whose child died of a signal: exited 0 and
 * sig, as proc_run says it).  Returns 0; or 1 when the server is gone: it died
 * (r->exited/code or r->sig say how), broke the framing, or did not answer
 * within o->timeout_s (r->timed_out); it has then been stopped, its
 * process group killed, and r->out is NULL. */
int proc_server_call(proc_server *s, char *const args[], const proc_opts *o, proc_result *r);
/* Ends a serving process: its stdin closed, then its process group killed
 * after grace_s seconds at the latest (a clean exit lets it write what it
 * writes at exit, e.g. coverage data, a leak checker's report).  Returns 0
 * when it exited 0 (or none ran), its exit status when another, -SIG when
 * a signal ended it, PROC_SERVER_KILLED when it had to be killed. */
#define PROC_SERVER_KILLED (-1000)
int proc_server_stop(proc_server *s, double grace_s);

#endif
