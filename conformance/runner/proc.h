/* proc.h - run one program with a time limit, capturing its output: the one
 * process runner of conformance/, used by the runner (sfconform runs each
 * adapter: conformance/PROTOCOL.md, exit 0 accept, 1 reject, anything else
 * crash) and by the adapters that run a tool (binutils.c runs objdump,
 * readelf, llvm-readobj).  Built once as $(BUILD)/lib/libsfc_proc.a
 * (conformance/conformance.mk). */
#ifndef SFC_PROC_H
#define SFC_PROC_H

#include <signal.h>
#include <stddef.h>

typedef struct proc_opts {
  double timeout_s;   /* killed after this many seconds (timed_out) */
  size_t max_out;     /* bytes of stdout kept; the rest dropped (out_truncated) */
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
  int exec_errno;     /* the program could not be executed: why (errno) */
  long ms;
} proc_result;

/* Runs argv[0] with argv (NULL-terminated), stdin from /dev/null, stdout
 * and stderr captured.  Returns 0 (r filled in), or -1 when the process
 * cannot be started (no pipe, no process, no memory).  The child is
 * started with posix_spawn: its cost does not grow with the caller's size. */
int proc_run(char *const argv[], const proc_opts *o, proc_result *r);
/* Frees what proc_run allocated in r. */
void proc_free(proc_result *r);

#endif
