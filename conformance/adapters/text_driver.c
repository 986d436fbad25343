/* SPDX-License-Identifier: MIT */
/* text_driver.c - the driver of the text-tool conformance adapters
 * (PROTOCOL.md): objdump-2.40, readelf-2.40, objdump-2.44, readelf-2.44,
 * objdump-2.47, readelf-2.47 (with gnu_tool.c) and llvm-readobj-22 (with
 * llvm.c).  The tool is the one sfa_the_tool describes; nothing here
 * depends on which.
 *
 * The raw .sframe section is wrapped in a minimal ELF64 file (a null
 * section, .sframe at the case's VMA, .shstrtab: sfa_elf.c) in a private
 * temporary directory; the tool (`objdump --sframe`, `readelf --sframe`,
 * `llvm-readobj --sframe`) is run on it (fork and exec, no shell, no address
 * randomisation: common/sfc_proc.c) and its text is parsed back
 * (gnu_text.c, llvm.c) into the canonical JSON of decoder/JSON.md.  Nothing of the section is interpreted here beyond the
 * bytes that choose the ELF byte order and e_machine: every value printed
 * comes from the tool's text, and what the text cannot tell is printed as
 * null (listed in "unknown_fields").
 *
 * Built once per tool and release (binutils.mk, llvm.mk):
 *   -DSFA_NAME='"objdump-2.47"'   the adapter's name
 *   -DSFA_PATH='"/abs/objdump"'   the program run
 *   -DSFA_VERSION='"2.47.50.20261021-1"'   its exact (Debian package) version;
 *                                 the release (2.47) decides how its text is read
 * Without SFA_PATH the tool is $OBJDUMP / $READELF / $LLVM_READOBJ or found on
 * PATH, and its release is read from `TOOL --version` at run time.
 *
 * Exit: 0 accept (the tool printed a complete dump), 1 reject (the tool
 * exited non-zero, warned, or printed text that cannot be parsed), 2 usage or
 * I/O error, 124 the tool ran past $SFADAPTER_TIMEOUT seconds (default 9); a
 * tool killed by a signal is reported by dying of the same signal.
 * $SFADAPTER_TRACE (debugging) copies the tool's raw output to stderr.
 * See binutils-notes.md and llvm-notes.md. */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "adapter_cli.h"
#include "sfa_serve.h"
#include "sfc_proc.h"
#include "sfa_elf.h"
#include "sfa_text.h"
#include "sfc_tools.h"

extern char **environ;

#define MAX_SECTION (256u * 1024u * 1024u) /* bytes of section accepted */
#define MAX_ENV 4096

static sfa_config g_cfg;

/* ------------------------------------------------------------------ */
/* running the tool                                                    */

static volatile sig_atomic_t g_child = 0;
static char g_tmpdir[512];
static char g_tmpfile[600];

static void cleanup_tmp(void) {
  if (g_tmpfile[0])
    unlink(g_tmpfile);
  if (g_tmpdir[0])
    rmdir(g_tmpdir);
  g_tmpfile[0] = g_tmpdir[0] = '\0';
}

static void on_term(int sig) {
  if (g_child > 0)
    kill((pid_t)g_child, SIGKILL);
  if (g_tmpfile[0])
    unlink(g_tmpfile);
  if (g_tmpdir[0])
    rmdir(g_tmpdir);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Runs the tool (argv: NULL-terminated; found on PATH when argv[0] has no
 * '/') in the adapter's process group, so that whoever kills the adapter's
 * group kills it too, with LC_ALL=C so its messages are untranslated. */
/* A tool of a newer suite is a wrapper script ci/toolchains.sh wrote, one
 * line that runs the real program under the suite's loader:
 *   exec "LOADER" --library-path "PATHS" --argv0 "$0" "REAL" "$@"
 * Run from here the same way (the tool names itself by $0, our path to
 * the wrapper), the shell's start is saved on every run.  Anything else
 * in the file: it is run as it is. */
static struct {
  int parsed, direct;
  char loader[1024], libpath[4096], real[1024];
} g_wrap;

/* The next "QUOTED" string of a line into out: the position after it, or
 * NULL. */
static const char *quoted(const char *p, char *out, size_t n) {
  const char *e;
  while (*p == ' ')
    p++;
  if (*p != '"' || !(e = strchr(p + 1, '"')) || (size_t)(e - p - 1) >= n ||
      memchr(p + 1, '$', (size_t)(e - p - 1)) || memchr(p + 1, '\\', (size_t)(e - p - 1)))
    return NULL;
  memcpy(out, p + 1, (size_t)(e - p - 1));
  out[e - p - 1] = '\0';
  return e + 1;
}

static void parse_wrapper(void) {
  char buf[8192], *line, *save = NULL;
  FILE *f;
  size_t n;
  g_wrap.parsed = 1;
  if (!strchr(g_cfg.path, '/') || !(f = fopen(g_cfg.path, "r")))
    return;
  n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  if (strncmp(buf, "#!/bin/sh\n", 10) || !strstr(buf, "(written by ci/toolchains.sh)"))
    return;
  for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    const char *p;
    if (line[0] == '#')
      continue;
    if (strncmp(line, "exec ", 5) || !(p = quoted(line + 5, g_wrap.loader, sizeof g_wrap.loader)) ||
        strncmp(p, " --library-path ", 16) ||
        !(p = quoted(p + 16, g_wrap.libpath, sizeof g_wrap.libpath)) ||
        strncmp(p, " --argv0 \"$0\" ", 13) ||
        !(p = quoted(p + 13, g_wrap.real, sizeof g_wrap.real)) || strcmp(p, " \"$@\""))
      return;
    g_wrap.direct = 1;
    return;
  }
}

static void run_tool_opts(char *const argv[], double timeout, double idle, int merge,
                          const char *cwd, proc_result *r);
static void run_tool(char *const argv[], double timeout, proc_result *r) {
  run_tool_opts(argv, timeout, 0, 0, NULL, r);
}

/* As run_tool; idle > 0: killed (timed_out) when it writes nothing for that
 * long; merge: its stderr into its stdout (r->out), in the order the tool
 * wrote them; cwd: its working directory (NULL: ours). */
static void run_tool_opts(char *const argv[], double timeout, double idle, int merge,
                          const char *cwd, proc_result *r) {
  static char *envp[MAX_ENV + 2];
  size_t ne = 0, i;
  proc_opts o;
  for (i = 0; environ && environ[i] && ne < MAX_ENV; i++) {
    if (sfa_starts_with(environ[i], "LC_") || sfa_starts_with(environ[i], "LANG=") ||
        sfa_starts_with(environ[i], "LANGUAGE="))
      continue;
    envp[ne++] = environ[i];
  }
  envp[ne++] = (char *)"LC_ALL=C";
  envp[ne] = NULL;
  memset(&o, 0, sizeof o);
  o.timeout_s = timeout;
  o.idle_s = idle;
  o.max_out = SFA_MAX_STDOUT;
  o.envp = envp;
  o.search_path = 1;
  o.default_sigpipe = 1;
  o.child = &g_child;
  o.merge_err = merge;
  o.cwd = cwd;
  fflush(NULL);
  if (!g_wrap.parsed)
    parse_wrapper();
  if (g_wrap.direct && !strcmp(argv[0], g_cfg.path)) {
    size_t k, n = 0;
    char **dv;
    int rc;
    while (argv[n])
      n++;
    if (!(dv = calloc(n + 7, sizeof *dv)))
      sfa_die_io("out of memory");
    dv[0] = g_wrap.loader, dv[1] = (char *)"--library-path", dv[2] = g_wrap.libpath;
    dv[3] = (char *)"--argv0", dv[4] = argv[0], dv[5] = g_wrap.real;
    for (k = 1; k < n; k++)
      dv[5 + k] = argv[k];
    dv[5 + n] = NULL;
    rc = proc_run(dv, &o, r);
    free(dv);
    if (rc != 0)
      sfa_die_io("cannot start %s: %s", argv[0], strerror(errno));
    return;
  }
  if (proc_run(argv, &o, r) != 0)
    sfa_die_io("cannot start %s: %s", argv[0], strerror(errno));
}

/* ------------------------------------------------------------------ */
/* the tool's version                                                  */

int sfa_tool_version_line(const sfa_config *cfg, char *line, size_t n) {
  char *argv[3];
  proc_result r;
  argv[0] = (char *)cfg->path;
  argv[1] = (char *)"--version";
  argv[2] = NULL;
  run_tool(argv, 10.0, &r);
  if (r.exec_errno || r.timed_out || !r.exited || r.code != 0) {
    proc_free(&r);
    return -1;
  }
  sfa_first_line(r.out, line, n);
  proc_free(&r);
  return 0;
}

/* The release in a version string: after an epoch ("1:"), MAJOR.MINOR. */
static int parse_release(const char *v, int *major, int *minor) {
  const char *c = strchr(v, ':');
  if (c && (size_t)(c - v) == strspn(v, "0123456789"))
    v = c + 1;
  return sscanf(v, "%d.%d", major, minor) == 2 ? 0 : -1;
}

/* The release a --version line names: its last token that starts with a
 * digit (GNU "... 2.40", LLVM "... version 22.1.8"), copied to out. */
static int version_token(const char *line, char *out, size_t outn) {
  const char *p, *tok = NULL;
  size_t n;
  for (p = line; *p;) {
    while (*p == ' ' || *p == '\t')
      p++;
    if (!*p)
      break;
    if (*p >= '0' && *p <= '9')
      tok = p;
    while (*p && *p != ' ' && *p != '\t')
      p++;
  }
  if (!tok)
    return -1;
  n = strcspn(tok, " \t");
  if (n >= outn)
    n = outn - 1;
  memcpy(out, tok, n);
  out[n] = '\0';
  return 0;
}

/* Without a version compiled in: the one `TOOL --version` prints. */
static char g_runtime_version[64];
static int runtime_version(sfa_config *cfg) {
  char line[512];
  if (sfa_tool_version_line(cfg, line, sizeof line) ||
      version_token(line, g_runtime_version, sizeof g_runtime_version))
    return -1;
  cfg->version = g_runtime_version;
  return parse_release(cfg->version, &cfg->major, &cfg->minor);
}

int sfa_check_tool(const sfa_config *cfg) {
  char line[512], tok[64];
  int maj, min;
  if (sfa_tool_version_line(cfg, line, sizeof line)) {
    fprintf(stderr, "cannot run '%s --version'\n", cfg->path);
    return -1;
  }
  if (version_token(line, tok, sizeof tok) || parse_release(tok, &maj, &min) ||
      maj != cfg->major || min != cfg->minor) {
    fprintf(stderr, "'%s --version' says '%s', not release %d.%d\n", cfg->path, line,
            cfg->major, cfg->minor);
    return -1;
  }
  return 0;
}


/* ------------------------------------------------------------------ */
/* decode                                                              */

/* The section file, at most MAX_SECTION bytes; exits 2 when it cannot be
 * read or is larger. */
static uint8_t *read_section(const char *path, size_t *len) {
  uint8_t *b = NULL;
  sfc_read_status st = sfc_read_file(path, &b, len);
  if (st == SFC_READ_OPEN)
    sfa_die_io("cannot open %s: %s", path, strerror(errno));
  if (st == SFC_READ_NOMEM)
    sfa_die_io("out of memory");
  if (st != SFC_READ_OK)
    sfa_die_io("cannot read %s", path);
  if (*len > MAX_SECTION) {
    free(b);
    sfa_die_io("%s: section larger than %u bytes", path, MAX_SECTION);
  }
  return b;
}

static int parse_vma(const char *s, uint64_t *v) {
  const char *p = s;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    p += 2;
  if (sfa_parse_hex(&p, v) || *p)
    return -1;
  return 0;
}

/* The text s (n bytes, NUL-ended) with every "DIR/sframe.elf" of the
 * tool's file (path) made "sframe.elf", in place: the name a tool's text
 * gives the file is the same on every run, alone or in a batch.  Returns
 * the new length. */
static size_t same_name(char *s, size_t n, const char *path) {
  size_t pl = strlen(path), bl = strlen("sframe.elf"), w = 0, i = 0;
  if (!s || pl <= bl)
    return n;
  while (i < n) {
    if (n - i >= pl && !memcmp(s + i, path, pl)) {
      memcpy(s + w, "sframe.elf", bl);
      w += bl, i += pl;
      continue;
    }
    s[w++] = s[i++];
  }
  s[w] = '\0';
  return w;
}

/* The ELF file made around the section, written into a private
 * temporary directory (g_tmpfile; removed by cleanup_tmp, also on a
 * signal). */
static void write_temp_elf(const uint8_t *elf, size_t elflen) {
  const char *tmp = getenv("TMPDIR");
  struct sigaction sa;
  size_t off = 0;
  int fd;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_term;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  snprintf(g_tmpdir, sizeof g_tmpdir, "%s/sfadapter-XXXXXX", (tmp && *tmp) ? tmp : "/tmp");
  if (!mkdtemp(g_tmpdir)) {
    g_tmpdir[0] = '\0';
    sfa_die_io("mkdtemp: %s", strerror(errno));
  }
  snprintf(g_tmpfile, sizeof g_tmpfile, "%s/sframe.elf", g_tmpdir);
  fd = open(g_tmpfile, O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) {
    g_tmpfile[0] = '\0';
    cleanup_tmp();
    sfa_die_io("cannot create temporary file: %s", strerror(errno));
  }
  while (off < elflen) {
    ssize_t w = write(fd, elf + off, elflen - off);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      close(fd);
      cleanup_tmp();
      sfa_die_io("cannot write temporary file");
    }
    off += (size_t)w;
  }
  close(fd);
}

/* The exit status for what the tool did (r): its own failures said on
 * stderr (a signal raised again on the adapter), else its text or its
 * JSON as the tool's parser judges it. */
static int answer(const sfa_tool *tool, const char *argv0, proc_result *r, double timeout, int text,
                  sfa_dump *d) {
  int rc;
  if (r->exec_errno) {
    fprintf(stderr, "cannot execute %s: %s\n", argv0, strerror(r->exec_errno));
    return 2;
  }
  if (r->timed_out) {
    fprintf(stderr, "timeout: %s did not finish within %g s\n", g_cfg.kind, timeout);
    return 124;
  }
  if (!r->exited) {
    int sig = r->sig;
    struct rlimit rl = {0, 0};
    char line[160];
    sfa_first_line(r->err, line, sizeof line);
    fprintf(stderr, "%s killed by signal %d (%s)%s%s\n", g_cfg.kind, sig, strsignal(sig),
            line[0] ? ": " : "", line);
    fflush(NULL);
    setrlimit(RLIMIT_CORE, &rl);
    signal(sig, SIG_DFL);
    raise(sig);
    return 128 + sig;
  }
  if (text)
    return tool->print_text(&g_cfg, r);
  rc = tool->judge(&g_cfg, r, d);
  if (rc == 0) {
    sfa_print_json(stdout, d);
    if (fflush(stdout) != 0)
      rc = 2;
  }
  return rc;
}

static int cmd_decode(const sfa_tool *tool, const char *secpath, const char *vmastr,
                      int text) {
  uint8_t *sec, *elf;
  size_t seclen, elflen, na = 0, k;
  uint64_t vma;
  int rc;
  char *argv[8];
  proc_result r;
  sfa_dump d;
  double timeout = 9.0;
  const char *te = getenv("SFADAPTER_TIMEOUT");

  if (parse_vma(vmastr, &vma))
    sfa_die_io("bad VMA '%s'", vmastr);
  if (te && atof(te) > 0)
    timeout = atof(te);
  sec = read_section(secpath, &seclen);
  elf = sfa_make_elf(sec, seclen, vma, tool->sh_type(&g_cfg), &elflen);
  free(sec);
  if (!elf)
    sfa_die_io("out of memory");
  write_temp_elf(elf, elflen);
  free(elf);

  argv[na++] = (char *)g_cfg.path;
  for (k = 0; tool->args[k] && na < 6; k++)
    argv[na++] = (char *)tool->args[k];
  /* The path as it always was: a tool that reads past its buffers may
   * crash or not by the length of its file's name (binutils-notes.md). */
  argv[na++] = g_tmpfile;
  argv[na] = NULL;
  sfa_dump_init(&d);
  run_tool(argv, timeout, &r);
  /* its messages name the file as a batch has them: "sframe.elf" */
  r.outlen = same_name(r.out, r.outlen, g_tmpfile);
  r.errlen = same_name(r.err, r.errlen, g_tmpfile);
  cleanup_tmp();
  if (getenv("SFADAPTER_TRACE")) { /* debugging: the tool's raw text (the head of its stderr) */
    fputs(r.out, stderr);
    fputs(r.err, stderr);
  }
  rc = answer(tool, argv[0], &r, timeout, text, &d);
  proc_free(&r);
  sfa_free_dump(&d);
  return rc;
}


static int command(int argc, char **argv);

/* ------------------------------------------------------------------ */
/* batch: the tool run once over many sections (PROTOCOL.md, `batch`)  */

/* Sections per run of the tool, and the time each is given. */
#define BATCH_FILES 128

/* One request of a batch: its arguments, and for a `decode` whose section
 * could be wrapped, the wrapper's path and what the tool did with it. */
typedef struct breq {
  int argc;
  char **argv;       /* argv[0] the adapter's name; the strings in one block */
  char *file;        /* "K/sframe.elf" in g_bdir, or NULL: answered as a command of its own */
  int state;         /* B_* */
  size_t bytes;      /* the section's size */
  proc_result r;     /* B_DONE: the tool's run on this section alone, as it would be */
} breq;
enum { B_NONE, B_WAIT, B_DONE, B_ALONE };
/* A batch run's time limit: BATCH_BASE_S, BATCH_FILE_S a section and
 * BATCH_MB_S a megabyte of sections (a tool's time grows with the
 * section: readelf 2.47 takes about a second over the corpus's largest,
 * 2.4 MB), and never more than the per-command time and BATCH_FILE_S a
 * section; and BATCH_IDLE_S without output. */
#define BATCH_BASE_S 2.0
#define BATCH_FILE_S 0.02
#define BATCH_MB_S 4.0
#define BATCH_IDLE_S 2.0

static breq *g_breqs;
static size_t g_nbreqs;
static char g_bdir[512];

static void batch_cleanup(void) {
  char d[600];
  for (size_t i = 0; i < g_nbreqs; i++)
    if (g_breqs[i].file) {
      snprintf(d, sizeof d, "%s/%s", g_bdir, g_breqs[i].file);
      unlink(d);
      snprintf(d, sizeof d, "%s/%zu", g_bdir, i);
      rmdir(d);
    }
  if (g_bdir[0])
    rmdir(g_bdir);
  g_bdir[0] = '\0';
}

static void on_term_batch(int sig) {
  if (g_child > 0)
    kill((pid_t)g_child, SIGKILL);
  batch_cleanup();
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Reads every request on stdin into g_breqs: 0, or 2 (said). */
static int batch_read(void) {
  char *store = NULL, **argv = NULL;
  size_t cap = 0, argv_cap = 0, have = 0;
  int argc, rc = 0;
  while ((argc = sfa_serve_read(g_cfg.name, &store, &cap, &argv, &argv_cap)) > 0) {
    size_t bytes = 0, k;
    char *blk, *at;
    breq *q;
    if (g_nbreqs == have) {
      breq *p = realloc(g_breqs, (have ? have * 2 : 256) * sizeof *p);
      if (!p)
        break;
      g_breqs = p, have = have ? have * 2 : 256;
    }
    for (k = 1; k < (size_t)argc; k++)
      bytes += strlen(argv[k]) + 1;
    q = &g_breqs[g_nbreqs];
    memset(q, 0, sizeof *q);
    if (!(q->argv = calloc((size_t)argc + 1, sizeof *q->argv)) || !(blk = malloc(bytes + 1))) {
      free(q->argv);
      argc = -1;
      break;
    }
    q->argc = argc;
    q->argv[0] = (char *)g_cfg.name;
    for (k = 1, at = blk; k < (size_t)argc; k++) {
      size_t n = strlen(argv[k]) + 1;
      memcpy(at, argv[k], n);
      q->argv[k] = at;
      at += n;
    }
    g_nbreqs++;
  }
  if (argc != 0) {
    fprintf(stderr, "%s batch: a request ended early (or no memory)\n", g_cfg.name);
    rc = 2;
  }
  free(store);
  free(argv);
  return rc;
}

/* Writes request i's wrapper as DIR/i/sframe.elf when it is a `decode` of
 * a section that can be read; else leaves it to be answered on its own. */
static void batch_wrap(size_t i) {
  breq *q = &g_breqs[i];
  uint8_t *sec = NULL, *elf;
  size_t seclen, elflen, off = 0;
  uint64_t vma;
  char path[600];
  int fd, ok = 1;
  if (q->argc != 4 || strcmp(q->argv[1], "decode") || parse_vma(q->argv[3], &vma) ||
      sfc_read_file(q->argv[2], &sec, &seclen) != SFC_READ_OK || seclen > MAX_SECTION) {
    free(sec);
    return;
  }
  elf = sfa_make_elf(sec, seclen, vma, sfa_the_tool.sh_type(&g_cfg), &elflen);
  free(sec);
  q->bytes = seclen;
  snprintf(path, sizeof path, "%s/%zu", g_bdir, i);
  if (!elf || mkdir(path, 0700) != 0) {
    free(elf);
    return;
  }
  snprintf(path, sizeof path, "%s/%zu/sframe.elf", g_bdir, i);
  if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0)
    ok = 0;
  else if (!(q->file = malloc(32)))
    ok = 0;
  else
    snprintf(q->file, 32, "%zu/sframe.elf", i);
  if (!ok)
    ok = 0;
  while (ok && off < elflen) {
    ssize_t w = write(fd, elf + off, elflen - off);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      ok = 0;
    else
      off += (size_t)w;
  }
  if (fd >= 0)
    close(fd);
  free(elf);
  if (ok) {
    q->state = B_WAIT;
    return;
  }
  free(q->file);
  q->file = NULL;
  unlink(path);
  snprintf(path, sizeof path, "%s/%zu", g_bdir, i);
  rmdir(path);
}

/* Where file's part of the tool's text starts: the line that names it
 * ("FILE:     file format ..." for objdump, "File: FILE" for readelf and
 * llvm-readobj), searched from from; NULL when it is not there. */
static const char *part_start(const char *text, const char *from, const char *file) {
  const char *p = from;
  size_t fl = strlen(file);
  int gnu_objdump = !strcmp(g_cfg.kind, "objdump");
  while ((p = strstr(p, gnu_objdump ? file : "File: ")) != NULL) {
    if (p > text && p[-1] == '\n') {
      if (gnu_objdump && !strncmp(p + fl, ":     file format ", 18))
        return p;
      if (!gnu_objdump && !strncmp(p + 6, file, fl) && p[6 + fl] == '\n')
        return p;
    }
    p++;
  }
  return NULL;
}

/* Whether text at p is one of the tool's messages on stderr: it starts
 * with the program's name as the tool prints it ("PATH: ", or "objdump: ",
 * "readelf: ", "llvm-readobj: "): the length of that name and ": ", or 0. */
static size_t message_at(const char *p) {
  const char *names[2] = {g_cfg.path, g_cfg.kind};
  for (int k = 0; k < 2; k++) {
    size_t n = strlen(names[k]);
    if (!strncmp(p, names[k], n) && p[n] == ':' && p[n + 1] == ' ')
      return n + 2;
  }
  return 0;
}

/* Appends c to out (on) or, in a message, to r->err (its head). */
static void part_put(char c, int in_msg, char *out, size_t *on, proc_result *r) {
  if (!in_msg)
    out[(*on)++] = c;
  else if (r->errlen < sizeof r->err - 1)
    r->err[r->errlen++] = c;
}

/* One section's part [a, b) of the merged text, taken apart into what the
 * tool printed on stdout and on stderr as a run on that section alone
 * would have it (cmd_decode runs it on "sframe.elf" in the wrapper's
 * directory): each message (from the program's name to the end of its
 * line) to stderr, the rest to stdout, the batch's name for the file
 * ("K/sframe.elf") made "sframe.elf"; readelf names a file only when it
 * is given more than one, so its empty line and "File: FILE" line go.
 * 0, or -1 when memory runs out. */
static int part_split(const char *a, const char *b, const char *file, proc_result *r) {
  size_t n = (size_t)(b - a), on = 0, fl = strlen(file), base = strlen("sframe.elf");
  const char *msg_end = NULL;
  char *out = malloc(n + 1);
  if (!out)
    return -1;
  memset(r, 0, sizeof *r);
  if (!strcmp(g_cfg.kind, "readelf") && n > 7 && !strncmp(a, "\nFile: ", 7)) {
    const char *nl = memchr(a + 1, '\n', n - 1);
    a = nl ? nl + 1 : b;
  }
  for (const char *p = a; p < b;) {
    if (msg_end && p >= msg_end)
      msg_end = NULL;
    if (!msg_end && message_at(p)) {
      const char *nl = memchr(p, '\n', (size_t)(b - p));
      msg_end = nl ? nl + 1 : b;
    }
    if ((size_t)(b - p) >= fl && !strncmp(p, file, fl) && (p == a || p[-1] < '0' || p[-1] > '9')) {
      for (size_t k = 0; k < base; k++)
        part_put("sframe.elf"[k], msg_end != NULL, out, &on, r);
      p += fl;
      continue;
    }
    part_put(*p++, msg_end != NULL, out, &on, r);
  }
  out[on] = '\0';
  r->err[r->errlen] = '\0';
  r->out = out, r->outlen = on, r->outcap = n + 1;
  r->exited = 1;
  return 0;
}

/* Whether a section's answer r is the tool refusing the file's format:
 * its stderr a message of that and nothing else, its stdout no more than
 * the file's header line. */
static int format_refused(const proc_result *r) {
  static const char *const words[] = {": file in wrong format\n", ": file format not recognized\n"};
  for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
    size_t n = strlen(words[i]);
    if (r->errlen > n && !strcmp(r->err + r->errlen - n, words[i]) &&
        !memchr(r->err, '\n', r->errlen - 1) && r->outlen < 200)
      return 1;
  }
  return 0;
}

/* Runs the tool once over the waiting sections among requests [from, to)
 * (at most BATCH_FILES), and gives each whose part of the text is whole its
 * run (B_DONE).  The tool ends early (a fatal error, a signal, the time
 * limit): the sections before the one it was on are done, that one is
 * answered on its own (B_ALONE), the rest wait for the next run.  The
 * tool's exit status belongs to the sections it printed a message about;
 * when it failed and printed none, each is answered on its own. */
static void batch_run(size_t from, size_t to, double timeout) {
  char *argv[BATCH_FILES + 8];
  size_t idx[BATCH_FILES], nf = 0, na = 0, k, got = 0;
  const char *starts[BATCH_FILES + 1];
  proc_result r;
  int whole, blamed = 0;
  argv[na++] = (char *)g_cfg.path;
  for (k = 0; sfa_the_tool.args[k] && na < 6; k++)
    argv[na++] = (char *)sfa_the_tool.args[k];
  double mb = 0, limit;
  for (k = from; k < to && nf < BATCH_FILES; k++)
    if (g_breqs[k].state == B_WAIT)
      idx[nf] = k, argv[na++] = g_breqs[k].file, nf++, mb += (double)g_breqs[k].bytes / 1048576.0;
  argv[na] = NULL;
  if (!nf)
    return;
  limit = BATCH_BASE_S + BATCH_FILE_S * (double)nf + BATCH_MB_S * mb;
  if (limit > timeout + BATCH_FILE_S * (double)nf)
    limit = timeout + BATCH_FILE_S * (double)nf;
  /* A tool stuck on one section is ended at the run's time limit, or
   * when it has written nothing for BATCH_IDLE_S: what it finished before
   * stands, that section goes alone (with the per-command time), the rest
   * to the next run.  The limit is a few times what a run takes, not the
   * per-command time: a section can be slow in a batch and quick alone
   * (readelf 2.47 printed 2 MB for eleven seconds about a section read
   * past its end, after another section; finding 17), and a run ended
   * early only costs the section it was on a run of its own. */
  run_tool_opts(argv, limit, BATCH_IDLE_S, 1, g_bdir, &r);
  if (r.exec_errno) { /* answered on its own: the same error, said there */
    for (k = 0; k < nf; k++)
      g_breqs[idx[k]].state = B_ALONE;
    proc_free(&r);
    return;
  }
  for (k = 0; k < nf; k++) {
    starts[k] = part_start(r.out, k ? starts[k - 1] + 1 : r.out, g_breqs[idx[k]].file);
    if (!starts[k] || starts[k] == r.out)
      break;
    starts[k]--; /* the empty line before it */
    got++;
  }
  whole = got == nf && r.exited && !r.timed_out && !r.out_truncated;
  starts[got] = r.out + r.outlen;
  for (k = 0; k < got; k++) {
    breq *q = &g_breqs[idx[k]];
    int last = k + 1 == got && !whole; /* the section the tool was on */
    if (last && !(r.exited && !r.timed_out && !r.out_truncated && r.code != 0)) {
      q->state = B_ALONE;
      continue;
    }
    if (part_split(starts[k], starts[k + 1], q->file, &q->r) != 0) {
      q->state = B_ALONE;
      continue;
    }
    if (last) {
      /* The tool exited on it.  objdump ends its run at a file whose
       * format it refuses ("file in wrong format", "file format not
       * recognized", exit 1: Debian 12's on every big-endian AArch64
       * section and some others), which it decides by reading that file
       * only, before it dumps anything: that part is its whole answer, the
       * same as alone (conformance/tests/batch.bats holds them to it).
       * Any other early exit, alone. */
      if (!format_refused(&q->r)) {
        proc_free(&q->r);
        q->state = B_ALONE;
        continue;
      }
      q->r.code = r.code;
      q->state = B_DONE;
      blamed++;
      continue;
    }
    /* The exit status belongs to the sections with messages (a judge
     * words a section's rejection by its message, whatever the status);
     * one without is taken as exiting 0. */
    q->r.code = q->r.errlen ? (whole ? r.code : 1) : 0;
    blamed += q->r.errlen != 0;
    q->state = B_DONE;
  }
  if (!got) /* not even the first section's part: it alone */
    g_breqs[idx[0]].state = B_ALONE;
  if (whole && r.code != 0 && !blamed)
    for (k = 0; k < got; k++) {
      proc_free(&g_breqs[idx[k]].r);
      g_breqs[idx[k]].state = B_ALONE;
    }
  proc_free(&r);
}

/* A request as sfa_answer's fn: a section the batch ran, judged as
 * cmd_decode judges a run of its own. */
static int answer_done(void *ctx) {
  breq *q = ctx;
  sfa_dump d;
  int rc;
  sfa_dump_init(&d);
  rc = answer(&sfa_the_tool, g_cfg.path, &q->r, 9.0, 0, &d);
  sfa_free_dump(&d);
  return rc;
}
static int answer_alone(void *ctx) {
  breq *q = ctx;
  return command(q->argc, q->argv);
}

/* `batch`: reads every request until stdin ends, runs the tool over the
 * sections of the `decode`s BATCH_FILES at a time, and answers each
 * request in order as `serve` would.  0, or 2 (said on stderr). */
static int cmd_batch(void) {
  const char *tmp = getenv("TMPDIR"), *te = getenv("SFADAPTER_TIMEOUT");
  double timeout = te && atof(te) > 0 ? atof(te) : 9.0;
  struct sigaction sa;
  sfa_answerer a;
  size_t i, from;
  int rc;
  if ((rc = batch_read()) != 0)
    return rc;
  if (!g_cfg.baked && runtime_version(&g_cfg)) {
    fprintf(stderr, "cannot run '%s --version'\n", g_cfg.path);
    return 2;
  }
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_term_batch;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  snprintf(g_bdir, sizeof g_bdir, "%s/sfadapter-batch-XXXXXX", (tmp && *tmp) ? tmp : "/tmp");
  if (!mkdtemp(g_bdir)) {
    fprintf(stderr, "%s batch: mkdtemp: %s\n", g_cfg.name, strerror(errno));
    g_bdir[0] = '\0';
    return 2;
  }
  for (i = 0; i < g_nbreqs; i++)
    batch_wrap(i);
  for (from = 0; from < g_nbreqs;) { /* until none waits */
    while (from < g_nbreqs && g_breqs[from].state != B_WAIT)
      from++;
    batch_run(from, g_nbreqs, timeout);
  }
  rc = sfa_answerer_open(&a, g_cfg.name);
  for (i = 0; rc == 0 && i < g_nbreqs; i++) {
    breq *q = &g_breqs[i];
    rc = q->state == B_DONE ? sfa_answer(&a, answer_done, q, 0)
                            : sfa_answer(&a, answer_alone, q, 1);
  }
  sfa_answerer_close(&a);
  batch_cleanup();
  for (i = 0; i < g_nbreqs; i++) {
    if (g_breqs[i].state == B_DONE)
      proc_free(&g_breqs[i].r);
    free(g_breqs[i].file);
    free(g_breqs[i].argc > 1 ? g_breqs[i].argv[1] : NULL);
    free(g_breqs[i].argv);
  }
  free(g_breqs);
  return rc;
}
/* ------------------------------------------------------------------ */

static void usage(void) {
  fprintf(stderr,
          "usage: sfadapter-%s capabilities\n"
          "       sfadapter-%s decode SECTION VMA\n",
          g_cfg.name, g_cfg.name);
  if (sfa_the_tool.print_text)
    fprintf(stderr, "       sfadapter-%s objdump SECTION VMA   (the tool's own text, for diffing)\n",
            g_cfg.name);
  fprintf(stderr,
          "       sfadapter-%s serve   (many commands in one process: sfa_serve.h)\n"
          "       sfadapter-%s batch   (many decodes, the tool run once over many sections)\n"
          "(the conformance adapter protocol, conformance/PROTOCOL.md)\n",
          g_cfg.name, g_cfg.name);
}

int main(int argc, char **argv) {
  /* Some of these tools read past their buffers on bad input
   * (binutils-notes.md, C3): fixed addresses make their outcome repeat
   * (the personality is inherited by the tool). */
  sfa_fixed_layout(argv);
  signal(SIGPIPE, SIG_IGN);
  g_cfg.kind = sfa_the_tool.kind;
  sfa_die_name = sfa_the_tool.kind;
#if defined(SFA_PATH) && defined(SFA_VERSION) && defined(SFA_NAME)
  g_cfg.name = SFA_NAME;
  sfa_die_name = g_cfg.name;
  g_cfg.path = SFA_PATH;
  g_cfg.version = SFA_VERSION;
  g_cfg.baked = 1;
  if (parse_release(g_cfg.version, &g_cfg.major, &g_cfg.minor)) {
    fprintf(stderr, "sfadapter-%s: built with an unreadable version '%s'\n", g_cfg.name,
            g_cfg.version);
    return 2;
  }
#else
  {
    const char *e = getenv(sfa_the_tool.kind_env);
    g_cfg.name = sfa_the_tool.kind;
    g_cfg.path = (e && *e) ? e : sfa_the_tool.kind;
  }
#endif
  /* `batch`: many decodes answered from few runs of the tool (cmd_batch).
   * `serve`: many commands in one process (sfa_serve.h), each as below. */
  if (argc == 2 && !strcmp(argv[1], "batch"))
    return cmd_batch();
  /* Served, each command runs in a child of its own: a tool killed by a
   * signal kills the child (answer: raises the same signal), not the
   * serving process. */
  return sfa_main(g_cfg.name, argc, argv, command, NULL, 1);
}

/* One command of the protocol. */
static int command(int argc, char **argv) {
  const sfa_tool *tool = &sfa_the_tool;
  int first = sfa_first_operand(argc, argv);
  if (first < 0) {
    usage();
    return 2;
  }
  argc -= first - 1; /* the operands as argv[1]... */
  argv += first - 1;
  if (argc == 2 && !strcmp(argv[1], "capabilities")) {
    if (!g_cfg.baked && runtime_version(&g_cfg)) {
      fprintf(stderr, "cannot run or parse '%s --version'\n", g_cfg.path);
      return 1;
    }
    return tool->capabilities(&g_cfg);
  }
  if (argc == 4 && !strcmp(argv[1], "decode")) {
    if (!g_cfg.baked && runtime_version(&g_cfg)) {
      fprintf(stderr, "cannot run '%s --version'\n", g_cfg.path);
      return 2;
    }
    return cmd_decode(tool, argv[2], argv[3], 0);
  }
  if (argc == 4 && !strcmp(argv[1], "objdump") && tool->print_text) { /* the tool's raw text */
    if (!g_cfg.baked && runtime_version(&g_cfg)) {
      fprintf(stderr, "cannot run '%s --version'\n", g_cfg.path);
      return 2;
    }
    return cmd_decode(tool, argv[2], argv[3], 1);
  }
  if (argc >= 2 && (!strcmp(argv[1], "lookup") || !strcmp(argv[1], "unwind"))) {
    fprintf(stderr, "%s: command not offered by this adapter\n", argv[1]);
    return 2;
  }
  usage();
  return 2;
}
