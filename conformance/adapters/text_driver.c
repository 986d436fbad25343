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
static void run_tool(char *const argv[], double timeout, proc_result *r) {
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
  o.max_out = SFA_MAX_STDOUT;
  o.envp = envp;
  o.search_path = 1;
  o.default_sigpipe = 1;
  o.child = &g_child;
  fflush(NULL);
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
  argv[na++] = g_tmpfile;
  argv[na] = NULL;
  sfa_dump_init(&d);
  run_tool(argv, timeout, &r);
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
          "(the conformance adapter protocol, conformance/PROTOCOL.md)\n",
          g_cfg.name);
}

static int command(int argc, char **argv);

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
  /* `serve`: many commands in one process (sfa_serve.h), each as below. */
  return sfa_main(g_cfg.name, argc, argv, command, NULL, 0);
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
