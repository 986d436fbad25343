/* SPDX-License-Identifier: MIT */
/* sfa_kit.c - the adapter kit, compiled once into libsfa_kit.a: the
 * protocol's command line (adapter_cli.h) and serving (sfa_serve.h), which
 * every executable adapter of this directory links. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* personality's ADDR_NO_RANDOMIZE */
#endif
#include <sys/wait.h>

#include "adapter_cli.h"
#include "sfa_serve.h"

void sfa_fixed_layout(char **argv) {
  int pers = personality(0xffffffff);
  if (pers != -1 && !(pers & ADDR_NO_RANDOMIZE) &&
      personality((unsigned long)pers | ADDR_NO_RANDOMIZE) != -1)
    execv("/proc/self/exe", argv);
}

int sfa_first_operand(int argc, char **argv) {
  static const struct option opts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
  opterr = 0;
  optind = 1;
  if (getopt_long(argc, argv, "+h", opts, NULL) != -1)
    return -1;
  return optind;
}

void sfa_cli_free(sfa_cli *c) {
  free(c->pcs);
  c->pcs = NULL;
}

int sfa_cli_parse(const char *prog, const char *capabilities, int argc, char **argv,
                                sfa_cli *c) {
  int first = sfa_first_operand(argc, argv), i;
  const char *cmd;
  memset(c, 0, sizeof *c);
  if (first > 1) { /* the operands as argv[1]... */
    argc -= first - 1;
    argv += first - 1;
  }
  cmd = first > 0 && argc > 1 ? argv[1] : "";
  if (strcmp(cmd, "capabilities") == 0 && argc == 2) {
    puts(capabilities);
    return fflush(stdout) == 0 ? 0 : 2;
  }
  if (!((strcmp(cmd, "decode") == 0 && argc == 4) || (strcmp(cmd, "lookup") == 0 && argc >= 4))) {
    fprintf(stderr,
            "usage: %s capabilities\n"
            "       %s decode SECTION VMA\n"
            "       %s lookup SECTION VMA PC...\n",
            prog, prog, prog);
    return 2;
  }
  c->cmd = cmd[0] == 'd' ? SFA_CMD_DECODE : SFA_CMD_LOOKUP;
  c->section = argv[2];
  if (!sfc_parse_u64(argv[3], &c->vma)) {
    fprintf(stderr, "%s: bad VMA '%s'\n", prog, argv[3]);
    return 2;
  }
  if (c->cmd == SFA_CMD_LOOKUP) {
    c->npcs = argc - 4;
    c->pcs = calloc((size_t)c->npcs + 1, sizeof *c->pcs);
    if (!c->pcs) {
      fprintf(stderr, "%s: out of memory\n", prog);
      return 2;
    }
    for (i = 0; i < c->npcs; i++)
      if (!sfc_parse_u64(argv[4 + i], &c->pcs[i])) {
        fprintf(stderr, "%s: bad PC '%s'\n", prog, argv[4 + i]);
        sfa_cli_free(c);
        return 2;
      }
  }
  return -1;
}

int sfa_cli_start(const char *prog, const char *capabilities, int argc, char **argv,
                                sfa_cli *c, uint8_t **raw, size_t *raw_len) {
  int rc;
  sfa_fixed_layout(argv);
  rc = sfa_cli_parse(prog, capabilities, argc, argv, c);
  if (rc >= 0)
    return rc;
  if (sfc_read_file(c->section, raw, raw_len) != SFC_READ_OK) {
    fprintf(stderr, "%s: %s: cannot read\n", prog, c->section);
    sfa_cli_free(c);
    return 2;
  }
  return -1;
}

const char *sfa_abi_name(unsigned abi) {
  static const char *const names[] = {NULL, "aarch64-be", "aarch64-le", "amd64", "s390x"};
  return abi < sizeof names / sizeof *names ? names[abi] : NULL;
}

void sfa_put_name(FILE *o, const char *s) {
  if (s)
    fprintf(o, "\"%s\"", s);
  else
    fputs("null", o);
}

void sfa_put_cfa(FILE *o, int sp_based, int known, unsigned reg, int32_t offset) {
  fprintf(o, "{\"cfa\":{\"base\":\"%s\",\"reg\":", sp_based ? "sp" : "fp");
  if (known)
    fprintf(o, "%u", reg);
  else
    fputs("null", o);
  fprintf(o, ",\"offset\":%" PRId32 ",\"deref\":false}", offset);
}

int sfa_finish(const char *prog, FILE *o, char *const *text,
                             const size_t *text_len, int rc) {
  if (fclose(o) != 0 && rc == 0) {
    fprintf(stderr, "%s: out of memory\n", prog);
    rc = 2;
  }
  if (rc == 0)
    fwrite(*text, 1, *text_len, stdout);
  return rc;
}

int sfa_lookup_begin(FILE *o, uint64_t pc, int ra_mode, int first, uint64_t *at) {
  fprintf(o, "%s{\"pc\":\"0x%" PRIx64 "\",\"mode\":\"%s\",\"status\":", first ? "" : ",", pc,
          ra_mode ? "ra" : "ip");
  *at = pc;
  if (ra_mode) {
    if (pc == 0) {
      fputs("\"no-fde\"}", o);
      return 1;
    }
    *at = pc - 1;
  }
  return 0;
}

int sfa_lookup_all(const char *prog, int npcs, sfa_lookup_fn one, void *ctx,
                                 int fail_rc) {
  char *text = NULL;
  size_t text_len = 0;
  FILE *o = open_memstream(&text, &text_len);
  int i, rc = 0;
  if (!o) {
    fprintf(stderr, "%s: out of memory\n", prog);
    return 2;
  }
  fputc('[', o);
  for (i = 0; i < npcs && rc == 0; i++)
    if (one(o, ctx, i, 0, i == 0) != 0 || one(o, ctx, i, 1, 0) != 0)
      rc = fail_rc;
  fputs("]\n", o);
  rc = sfa_finish(prog, o, &text, &text_len, rc);
  free(text);
  return rc;
}

int sfa_serve_write(int fd, const char *p, size_t n) {
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

int sfa_serve_copy(int fd, size_t n, int out) {
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

int sfa_serve_read(const char *prog, char **store, size_t *cap, char ***argv,
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

/* fn(ctx) in a child of its own (fork_each): its exit status, -SIG when it
 * died of signal SIG, SFA_FORK_FAILED when no child could be made.  The
 * child ends with exit(), not _exit(), so that what a process writes at
 * exit (coverage counters) is written; the parent's stdio buffers are
 * empty at the fork. */
#define SFA_FORK_FAILED (-1000)
static int run_forked(int (*fn)(void *), void *ctx) {
  int st;
  pid_t pid = fork(), w;
  if (pid < 0)
    return SFA_FORK_FAILED;
  if (pid == 0) {
    int code = fn(ctx) & 0xff;
    fflush(NULL);
    exit(code);
  }
  while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
    ;
  if (w < 0)
    return SFA_FORK_FAILED;
  return WIFSIGNALED(st) ? -WTERMSIG(st) : WEXITSTATUS(st);
}

int sfa_answerer_open(sfa_answerer *a, const char *prog) {
  a->prog = prog;
  a->answers = fcntl(1, F_DUPFD_CLOEXEC, 3);
  a->own_err = fcntl(2, F_DUPFD_CLOEXEC, 3);
  a->fo = tmpfile();
  a->fe = tmpfile();
  if (a->answers < 0 || a->own_err < 0 || !a->fo || !a->fe) {
    fprintf(stderr, "%s: cannot set up serving: %s\n", prog, strerror(errno));
    return 2;
  }
  return 0;
}

void sfa_answerer_close(sfa_answerer *a) {
  if (a->fo)
    fclose(a->fo);
  if (a->fe)
    fclose(a->fe);
  a->fo = a->fe = NULL;
}

int sfa_answer(sfa_answerer *a, int (*fn)(void *), void *ctx, int fork_each) {
  struct stat so, se;
  char head[80];
  int code, n;
  fflush(stdout);
  fflush(stderr);
  if (ftruncate(fileno(a->fo), 0) != 0 || ftruncate(fileno(a->fe), 0) != 0 ||
      lseek(fileno(a->fo), 0, SEEK_SET) < 0 || lseek(fileno(a->fe), 0, SEEK_SET) < 0 ||
      dup2(fileno(a->fo), 1) < 0 || dup2(fileno(a->fe), 2) < 0) {
    dprintf(a->own_err, "%s: cannot redirect a command's output: %s\n", a->prog,
            strerror(errno));
    return 2;
  }
  clearerr(stdout);
  clearerr(stderr);
  code = fork_each ? run_forked(fn, ctx) : fn(ctx) & 0xff;
  fflush(stdout);
  fflush(stderr);
  dup2(a->own_err, 2);
  if (code == SFA_FORK_FAILED) {
    dprintf(a->own_err, "%s: cannot fork: %s\n", a->prog, strerror(errno));
    return 2;
  }
  if (fstat(fileno(a->fo), &so) != 0 || fstat(fileno(a->fe), &se) != 0) {
    dprintf(a->own_err, "%s: %s\n", a->prog, strerror(errno));
    return 2;
  }
  n = snprintf(head, sizeof head, "%d %lld %lld\n", code, (long long)so.st_size,
               (long long)se.st_size);
  if (sfa_serve_write(a->answers, head, (size_t)n) != 0 ||
      sfa_serve_copy(fileno(a->fo), (size_t)so.st_size, a->answers) != 0 ||
      sfa_serve_copy(fileno(a->fe), (size_t)se.st_size, a->answers) != 0)
    return 2; /* the runner has gone */
  return 0;
}

/* A request as sfa_answer's fn. */
typedef struct serve_req {
  sfa_command_fn command;
  int argc;
  char **argv;
} serve_req;
static int run_request(void *ctx) {
  serve_req *q = ctx;
  return q->command(q->argc, q->argv);
}

int sfa_serve(const char *prog, sfa_command_fn command, int fork_each) {
  const char *fe_env = getenv("SFA_SERVE_FORK");
  sfa_answerer a;
  char *store = NULL, **argv = NULL;
  size_t cap = 0, argv_cap = 0;
  int rc = 0, argc;
  if (sfa_answerer_open(&a, prog) != 0) {
    sfa_answerer_close(&a);
    return 2;
  }
  if (fe_env && !strcmp(fe_env, "0"))
    fork_each = 0;
  while ((argc = sfa_serve_read(prog, &store, &cap, &argv, &argv_cap)) > 0) {
    serve_req q = {command, argc, argv};
    if ((rc = sfa_answer(&a, run_request, &q, fork_each)) != 0)
      break;
  }
  if (argc < 0) {
    dprintf(a.own_err, "%s serve: a request ended early (or no memory)\n", prog);
    rc = 2;
  }
  free(store);
  free(argv);
  sfa_answerer_close(&a);
  return rc;
}

int sfa_main(const char *prog, int argc, char **argv, sfa_command_fn command,
                           void (*fixed_layout)(char **), int fork_each) {
  if (argc == 2 && strcmp(argv[1], "serve") == 0) {
    if (fixed_layout)
      fixed_layout(argv);
    return sfa_serve(prog, command, fork_each);
  }
  return command(argc, argv);
}
