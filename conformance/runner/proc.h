/* proc.h - run one adapter process with a time limit, capturing its output
 * (conformance/PROTOCOL.md: exit 0 accept, 1 reject, anything else crash). */
#ifndef SFC_PROC_H
#define SFC_PROC_H

#include <stddef.h>

typedef struct proc_result {
  char *out;        /* stdout, NUL-ended (malloc'd; free it) */
  size_t outlen;
  char err[4096];   /* the head of stderr, NUL-ended */
  int exited;       /* 1: exit status in code; 0: killed by signal sig */
  int code, sig;
  int timed_out;    /* killed by the runner after the time limit */
  int out_truncated; /* stdout beyond the limit was dropped */
  long ms;
} proc_result;

/* Runs argv[0] with argv, in its own process group, stdin from /dev/null.
 * Returns 0 (r filled in), or -1 when the process cannot be started. */
int proc_run(char *const argv[], double timeout_s, size_t max_out, proc_result *r);

#endif
