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
 * its own (PROTOCOL.md).  Header-only, like adapter_cli.h. */
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

static inline int sfa_serve_write(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t put = write(fd, p, n);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0)
      return -1;
    p += put, n -= (size_t)put;
  }
  return 0;
}

/* Sends the first n bytes of the file fd to out. */
static inline int sfa_serve_copy(int fd, size_t n, int out) {
  char buf[65536];
  off_t at = 0;
  while (n) {
    ssize_t got = pread(fd, buf, n < sizeof buf ? n : sizeof buf, at);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0 || sfa_serve_write(out, buf, (size_t)got) != 0)
      return -1;
    at += got, n -= (size_t)got;
  }
  return 0;
}

/* One request into *argv (argv[0] = prog; the strings in *store, which
 * grows as needed).  Returns argc, 0 when stdin ended before a request,
 * -1 when it ended inside one or memory ran out. */
static inline int sfa_serve_read(const char *prog, char **store, size_t *cap, char ***argv,
                                 size_t *argv_cap) {
  size_t used = 0, k, argc = 1;
  for (;;) {
    int c = getchar();
    if (c == EOF)
      return used == 0 ? 0 : -1;
    if (used + 1 > *cap) {
      char *p = realloc(*store, *cap ? *cap * 2 : 4096);
      if (!p)
        return -1;
      *store = p;
      *cap = *cap ? *cap * 2 : 4096;
    }
    (*store)[used++] = (char)c;
    if (c == '\0' && (used == 1 || (*store)[used - 2] == '\0'))
      break; /* an empty argument: the request is complete */
  }
  for (k = 0; k + 1 < used; k++)
    if ((*store)[k] == '\0')
      argc++;
  if (argc + 1 > *argv_cap) {
    char **p = realloc(*argv, (argc + 1) * sizeof *p);
    if (!p)
      return -1;
    *argv = p;
    *argv_cap = argc + 1;
  }
  (*argv)[0] = (char *)prog;
  argc = 1;
  for (k = 0; k + 1 < used; k += strlen(*store + k) + 1)
    (*argv)[argc++] = *store + k;
  (*argv)[argc] = NULL;
  return (int)argc;
}

/* The serving loop: 0 when stdin ends, 2 on an error (said on stderr). */
static inline int sfa_serve(const char *prog, sfa_command_fn command) {
  int answers = fcntl(1, F_DUPFD_CLOEXEC, 3), own_err = fcntl(2, F_DUPFD_CLOEXEC, 3);
  FILE *fo = tmpfile(), *fe = tmpfile();
  char *store = NULL, **argv = NULL;
  size_t cap = 0, argv_cap = 0;
  int rc = 0, argc;
  if (answers < 0 || own_err < 0 || !fo || !fe) {
    fprintf(stderr, "%s serve: cannot set up: %s\n", prog, strerror(errno));
    return 2;
  }
  while ((argc = sfa_serve_read(prog, &store, &cap, &argv, &argv_cap)) > 0) {
    struct stat so, se;
    char head[80];
    int code, n;
    fflush(stdout);
    fflush(stderr);
    if (ftruncate(fileno(fo), 0) != 0 || ftruncate(fileno(fe), 0) != 0 ||
        lseek(fileno(fo), 0, SEEK_SET) < 0 || lseek(fileno(fe), 0, SEEK_SET) < 0 ||
        dup2(fileno(fo), 1) < 0 || dup2(fileno(fe), 2) < 0) {
      dprintf(own_err, "%s serve: cannot redirect a command's output: %s\n", prog,
              strerror(errno));
      rc = 2;
      break;
    }
    clearerr(stdout);
    clearerr(stderr);
    code = command(argc, argv) & 0xff;
    fflush(stdout);
    fflush(stderr);
    dup2(own_err, 2);
    if (fstat(fileno(fo), &so) != 0 || fstat(fileno(fe), &se) != 0) {
      dprintf(own_err, "%s serve: %s\n", prog, strerror(errno));
      rc = 2;
      break;
    }
    n = snprintf(head, sizeof head, "%d %lld %lld\n", code, (long long)so.st_size,
                 (long long)se.st_size);
    if (sfa_serve_write(answers, head, (size_t)n) != 0 ||
        sfa_serve_copy(fileno(fo), (size_t)so.st_size, answers) != 0 ||
        sfa_serve_copy(fileno(fe), (size_t)se.st_size, answers) != 0) {
      rc = 2; /* the runner has gone */
      break;
    }
  }
  if (argc < 0) {
    dprintf(own_err, "%s serve: a request ended early (or no memory)\n", prog);
    rc = 2;
  }
  free(store);
  free(argv);
  fclose(fo);
  fclose(fe);
  return rc;
}

/* An adapter's main: `serve` runs the serving loop around command, anything
 * else is one command.  fixed_layout (sfa_fixed_layout, or NULL) is applied
 * to the serving process once, so that the commands it runs see the same
 * addresses as one started on its own. */
static inline int sfa_main(const char *prog, int argc, char **argv, sfa_command_fn command,
                           void (*fixed_layout)(char **)) {
  if (argc == 2 && strcmp(argv[1], "serve") == 0) {
    if (fixed_layout)
      fixed_layout(argv);
    return sfa_serve(prog, command);
  }
  return command(argc, argv);
}

#endif
