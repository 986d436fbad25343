/* SPDX-License-Identifier: MIT */
/* sfa_serve.h - the `serve` command of the adapter protocol
 * (conformance/PROTOCOL.md) for the bundled adapters: one long-lived
 * process that answers many commands, so that the runner starts one
 * process per worker instead of one per command.
 *
 *   ADAPTER serve
 *
 * reads requests on stdin until it ends: each the arguments of one command
 * (as they would follow ADAPTER on its command line), each ended by a NUL
 * byte, and an empty argument after the last.  For each it runs the
 * adapter's command function with stdout and stderr sent to two files of
 * its own, then writes on its stdout the line "EXIT OUTLEN ERRLEN\n" and
 * the OUTLEN bytes the command printed on stdout and the ERRLEN on stderr.
 * EXIT is the status the command returned, as a process would exit with it
 * (0-255).  A command that dies or calls exit() ends the serving process:
 * the runner then starts another and runs the case again in a process of
 * its own (PROTOCOL.md).  An adapter whose reader may crash serves with
 * fork_each: each command runs in a child forked from the serving process
 * (which runs no command itself, so every child starts from the same
 * state), a child that dies of signal SIG is answered "-SIG OUTLEN ERRLEN"
 * and the serving process lives on ($SFA_SERVE_FORK=0 turns this off: the
 * serving process runs every command itself, for tests of what a runner
 * does with state carried from one command to the next).  Compiled once, with adapter_cli.h,
 * into the adapter kit (sfa_kit.c). */
#ifndef SFA_SERVE_H
#define SFA_SERVE_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* An adapter's command: what its main does with a command line (argv[1]
 * the command), returning the exit status. */
typedef int (*sfa_command_fn)(int argc, char **argv);

int sfa_serve_write(int fd, const char *p, size_t n);

/* Sends the first n bytes of the file fd to out. */
int sfa_serve_copy(int fd, size_t n, int out);

/* One request into *argv (argv[0] = prog; the strings in *store, which
 * grows as needed).  Returns argc, 0 when stdin ended before a request,
 * -1 when it ended inside one or memory ran out. */
int sfa_serve_read(const char *prog, char **store, size_t *cap, char ***argv,
                                 size_t *argv_cap);

/* Where a serving loop answers: the runner's stdout and the serving
 * process's own stderr (both kept aside), and the two files a command's
 * stdout and stderr are sent to. */
typedef struct sfa_answerer {
  const char *prog;
  int answers, own_err;
  FILE *fo, *fe;
} sfa_answerer;
/* 0, or 2 (said on stderr; sfa_answerer_close still to be called). */
int sfa_answerer_open(sfa_answerer *a, const char *prog);
void sfa_answerer_close(sfa_answerer *a);
/* Answers one request: fn(ctx) run with stdout and stderr sent to the
 * answerer's files (in a child forked for it when fork_each), then
 * "EXIT OUTLEN ERRLEN\n" and the bytes on a->answers.  0, or 2 when it
 * cannot (said on the serving process's stderr, or the runner has gone). */
int sfa_answer(sfa_answerer *a, int (*fn)(void *), void *ctx, int fork_each);

/* The serving loop: 0 when stdin ends, 2 on an error (said on stderr).
 * fork_each: each command in a child of its own (above). */
int sfa_serve(const char *prog, sfa_command_fn command, int fork_each);

/* An adapter's main: `serve` runs the serving loop around command, anything
 * else is one command.  fixed_layout (sfa_fixed_layout, or NULL) is applied
 * to the serving process once, so that the commands it runs see the same
 * addresses as one started on its own; fork_each as for sfa_serve. */
int sfa_main(const char *prog, int argc, char **argv, sfa_command_fn command,
                           void (*fixed_layout)(char **), int fork_each);

#endif
