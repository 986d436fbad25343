/* binutils.c - the text-tool conformance adapters (PROTOCOL.md):
 * objdump-2.40, readelf-2.40, objdump-2.44, readelf-2.44, objdump-2.47,
 * readelf-2.47 and, with llvm.c, llvm-readobj-22.
 *
 * The raw .sframe section is wrapped in a minimal ELF64 file (a null
 * section, .sframe at the case's VMA, .shstrtab) in a private temporary
 * directory; the tool (`objdump --sframe`, `readelf --sframe`,
 * `llvm-readobj --sframe`) is run on it (fork and exec, no shell, no address
 * randomisation) and its text is parsed back into the canonical JSON of
 * decoder/JSON.md.  Nothing of the section is interpreted here beyond the
 * bytes that choose the ELF byte order and e_machine: every value printed
 * comes from the tool's text, and what the text cannot tell is printed as
 * null (listed in "unknown_fields").
 *
 * Built once per tool and release (binutils.mk, llvm.mk):
 *   -DSFA_TOOL_OBJDUMP / -DSFA_TOOL_READELF / -DSFA_TOOL_LLVM   the kind
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
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "adapter_cli.h"
#include "binutils.h"
#include "sframe_ref.h"

extern char **environ;

#define MAX_SECTION (256u * 1024u * 1024u) /* bytes of section accepted */
#define MAX_STDOUT (512u * 1024u * 1024u)  /* bytes of tool text kept */
#define MAX_STDERR (64u * 1024u)
#define MAX_ENV 4096

#if defined(SFA_TOOL_LLVM)
#define SFA_KIND "llvm-readobj"
#define SFA_KIND_ENV "LLVM_READOBJ"
extern const sfa_tool sfa_llvm_tool;
#define SFA_THE_TOOL sfa_llvm_tool
#elif defined(SFA_TOOL_READELF)
#define SFA_KIND "readelf"
#define SFA_KIND_ENV "READELF"
#define SFA_THE_TOOL gnu_tool
#else
#define SFA_KIND "objdump"
#define SFA_KIND_ENV "OBJDUMP"
#define SFA_THE_TOOL gnu_tool
#endif

static sfa_config g_cfg;

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

void sfa_die_io(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "sfadapter-%s: ", g_cfg.name ? g_cfg.name : SFA_KIND);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static void buf_add(sfa_buf *b, const char *s, size_t n) {
  if (b->len + n > b->max) {
    b->truncated = 1;
    n = b->max - b->len;
  }
  if (!n)
    return;
  if (b->len + n + 1 > b->cap) {
    size_t nc = b->cap ? b->cap : 65536;
    char *np;
    while (nc < b->len + n + 1)
      nc *= 2;
    np = realloc(b->p, nc);
    if (!np)
      sfa_die_io("out of memory");
    b->p = np;
    b->cap = nc;
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = '\0';
}

int sfa_starts_with(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

void sfa_first_line(const char *s, char *out, size_t n) {
  size_t k = strcspn(s, "\n");
  if (k >= n)
    k = n - 1;
  memcpy(out, s, k);
  out[k] = '\0';
}

/* The tool exited with a non-zero status: says so with its first line of
 * standard error (a verdict on the section, reported as a rejection). */
int sfa_exit_failed(const sfa_config *cfg, const sfa_run *r) {
  char line[200];
  if (WEXITSTATUS(r->status) == 0)
    return 0;
  sfa_first_line(r->err.p, line, sizeof line);
  fprintf(stderr, "%s exited with status %d: %s\n", cfg->kind, WEXITSTATUS(r->status),
          line[0] ? line : "(no message)");
  return 1;
}

/* What makes a GNU tool's run a rejection, each said on stderr: a non-zero
 * exit, anything on its stderr (e.g. 2.47: "Error: SFrame decode failure"
 * with exit 0), or more text than the adapter keeps.  1 then, else 0.
 * (llvm-readobj's judge words its warnings its own way.) */
static int gnu_failed(const sfa_config *cfg, const sfa_run *r) {
  char line[200];
  if (sfa_exit_failed(cfg, r))
    return 1;
  if (r->err.len) {
    sfa_first_line(r->err.p, line, sizeof line);
    fprintf(stderr, "%s warned: %s\n", cfg->kind, line);
    return 1;
  }
  if (r->out.truncated) {
    fprintf(stderr, "%s printed more than %u bytes\n", cfg->kind, MAX_STDOUT);
    return 1;
  }
  return 0;
}

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

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* argv: NULL-terminated; runs with LC_ALL=C so messages are untranslated. */
void sfa_run_tool(char *const argv[], double timeout, sfa_run *r) {
  int po[2], pe[2], px[2];
  pid_t pid;
  static char *envp[MAX_ENV + 2];
  size_t ne = 0, i;
  double deadline;
  int open_out = 1, open_err = 1;

  memset(r, 0, sizeof *r);
  r->out.max = MAX_STDOUT;
  r->err.max = MAX_STDERR;
  for (i = 0; environ && environ[i] && ne < MAX_ENV; i++) {
    if (sfa_starts_with(environ[i], "LC_") || sfa_starts_with(environ[i], "LANG=") ||
        sfa_starts_with(environ[i], "LANGUAGE="))
      continue;
    envp[ne++] = environ[i];
  }
  envp[ne++] = (char *)"LC_ALL=C";
  envp[ne] = NULL;

  if (pipe(po) || pipe(pe) || pipe(px))
    sfa_die_io("pipe: %s", strerror(errno));
  fcntl(px[1], F_SETFD, FD_CLOEXEC);
  fflush(NULL);
  pid = fork();
  if (pid < 0)
    sfa_die_io("fork: %s", strerror(errno));
  if (pid == 0) {
    int e;
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0)
      dup2(devnull, 0);
    dup2(po[1], 1);
    dup2(pe[1], 2);
    close(po[0]);
    close(pe[0]);
    close(px[0]);
    signal(SIGPIPE, SIG_DFL);
    if (strchr(argv[0], '/'))
      execve(argv[0], argv, envp);
    else {
      /* PATH search with our environment */
      const char *path = getenv("PATH");
      char cand[4096];
      const char *p = path ? path : "/usr/bin:/bin";
      e = ENOENT;
      while (*p) {
        const char *q = strchr(p, ':');
        size_t dl = q ? (size_t)(q - p) : strlen(p);
        if (dl == 0) {
          snprintf(cand, sizeof cand, "%s", argv[0]);
        } else if (dl + strlen(argv[0]) + 2 < sizeof cand) {
          memcpy(cand, p, dl);
          cand[dl] = '/';
          strcpy(cand + dl + 1, argv[0]);
        } else {
          cand[0] = '\0';
        }
        if (cand[0]) {
          execve(cand, argv, envp);
          if (errno != ENOENT && errno != ENOTDIR)
            e = errno;
        }
        if (!q)
          break;
        p = q + 1;
      }
      errno = e;
    }
    e = errno;
    if (write(px[1], &e, sizeof e) < 0) {
      /* nothing to do */
    }
    _exit(127);
  }
  g_child = pid;
  close(po[1]);
  close(pe[1]);
  close(px[1]);
  {
    int e = 0;
    ssize_t n = read(px[0], &e, sizeof e);
    close(px[0]);
    if (n == (ssize_t)sizeof e) {
      r->exec_failed = e ? e : ENOENT;
    }
  }

  deadline = now_s() + timeout;
  while (open_out || open_err) {
    struct pollfd fds[2];
    int nf = 0, ms, k;
    double left = deadline - now_s();
    if (left <= 0) {
      kill(pid, SIGKILL);
      r->timed_out = 1;
      break;
    }
    ms = (int)(left * 1000.0) + 1;
    if (open_out) {
      fds[nf].fd = po[0];
      fds[nf].events = POLLIN;
      nf++;
    }
    if (open_err) {
      fds[nf].fd = pe[0];
      fds[nf].events = POLLIN;
      nf++;
    }
    k = poll(fds, (nfds_t)nf, ms);
    if (k < 0) {
      if (errno == EINTR)
        continue;
      sfa_die_io("poll: %s", strerror(errno));
    }
    for (i = 0; i < (size_t)nf; i++) {
      char chunk[65536];
      ssize_t n;
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      n = read(fds[i].fd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0) {
        if (fds[i].fd == po[0])
          open_out = 0;
        else
          open_err = 0;
        continue;
      }
      buf_add(fds[i].fd == po[0] ? &r->out : &r->err, chunk, (size_t)n);
    }
  }
  close(po[0]);
  close(pe[0]);
  for (;;) {
    pid_t w = waitpid(pid, &r->status, r->timed_out ? 0 : WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR)
      break;
    if (w == 0) { /* pipes closed but still running: wait until deadline */
      if (now_s() >= deadline) {
        kill(pid, SIGKILL);
        r->timed_out = 1;
      } else {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
      }
    }
  }
  g_child = 0;
  if (!r->out.p)
    r->out.p = calloc(1, 1);
  if (!r->err.p)
    r->err.p = calloc(1, 1);
  if (!r->out.p || !r->err.p)
    sfa_die_io("out of memory");
}

void sfa_run_free(sfa_run *r) {
  free(r->out.p);
  free(r->err.p);
  r->out.p = r->err.p = NULL;
}

/* ------------------------------------------------------------------ */
/* the tool's version                                                  */

int sfa_tool_version_line(const sfa_config *cfg, char *line, size_t n) {
  char *argv[3];
  sfa_run r;
  argv[0] = (char *)cfg->path;
  argv[1] = (char *)"--version";
  argv[2] = NULL;
  sfa_run_tool(argv, 10.0, &r);
  if (r.exec_failed || r.timed_out || !WIFEXITED(r.status) || WEXITSTATUS(r.status) != 0) {
    sfa_run_free(&r);
    return -1;
  }
  sfa_first_line(r.out.p, line, n);
  sfa_run_free(&r);
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

void sfa_print_keys(const char *const *keys) {
  int i;
  fputc('[', stdout);
  for (i = 0; keys[i]; i++)
    printf("%s\"%s\"", i ? "," : "", keys[i]);
  fputc(']', stdout);
}

/* ------------------------------------------------------------------ */
/* the ELF wrapper                                                     */

#define EM_X86_64_ 62
#define EM_AARCH64_ 183
#define EM_S390_ 22
#define SHT_STRTAB_ 3u
#define SHF_ALLOC_ 2u

static void put16(uint8_t *p, int be, uint16_t v) {
  if (be) {
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
  } else {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
  }
}
static void put32(uint8_t *p, int be, uint32_t v) {
  int i;
  for (i = 0; i < 4; i++)
    p[be ? 3 - i : i] = (uint8_t)(v >> (8 * i));
}
static void put64(uint8_t *p, int be, uint64_t v) {
  int i;
  for (i = 0; i < 8; i++)
    p[be ? 7 - i : i] = (uint8_t)(v >> (8 * i));
}

static void put_shdr(uint8_t *p, int be, uint32_t name, uint32_t type, uint64_t flags,
                     uint64_t addr, uint64_t off, uint64_t size, uint64_t align) {
  put32(p + 0, be, name);
  put32(p + 4, be, type);
  put64(p + 8, be, flags);
  put64(p + 16, be, addr);
  put64(p + 24, be, off);
  put64(p + 32, be, size);
  put32(p + 40, be, 0);
  put32(p + 44, be, 0);
  put64(p + 48, be, align);
  put64(p + 56, be, 0);
}

/* Returns a malloc'ed ELF image of *len bytes.  Byte order from the magic
 * (bytes de e2: big-endian), e_machine from the ABI byte (offset 4). */
static uint8_t *make_elf(const uint8_t *sec, size_t n, uint64_t vma, uint32_t sh_type,
                         size_t *len) {
  static const char shstr[] = "\0.sframe\0.shstrtab";
  const size_t shstr_len = sizeof shstr; /* includes the final NUL */
  int be = 0;
  uint16_t machine = EM_X86_64_;
  size_t off_sec = 64, off_str, off_sh, total;
  uint8_t *e;

  if (n >= 2 && sec[0] == 0xde && sec[1] == 0xe2)
    be = 1; /* magic 0xdee2 stored big-endian */
  if (n >= 5) {
    switch (sec[4]) {
    case SFR_ABI_AARCH64_BE:
    case SFR_ABI_AARCH64_LE:
      machine = EM_AARCH64_;
      break;
    case SFR_ABI_S390X_BE:
      machine = EM_S390_;
      break;
    default:
      machine = EM_X86_64_;
      break;
    }
  }
  off_str = off_sec + n;
  off_sh = (off_str + shstr_len + 7) & ~(size_t)7;
  total = off_sh + 3 * 64;
  e = calloc(1, total);
  if (!e)
    sfa_die_io("out of memory");
  e[0] = 0x7f;
  e[1] = 'E';
  e[2] = 'L';
  e[3] = 'F';
  e[4] = 2;          /* ELFCLASS64 */
  e[5] = be ? 2 : 1; /* ELFDATA2MSB / LSB */
  e[6] = 1;          /* EV_CURRENT */
  put16(e + 16, be, 2); /* ET_EXEC */
  put16(e + 18, be, machine);
  put32(e + 20, be, 1);
  put64(e + 24, be, 0);      /* e_entry */
  put64(e + 32, be, 0);      /* e_phoff */
  put64(e + 40, be, off_sh); /* e_shoff */
  put32(e + 48, be, 0);      /* e_flags */
  put16(e + 52, be, 64);     /* e_ehsize */
  put16(e + 54, be, 56);     /* e_phentsize */
  put16(e + 56, be, 0);      /* e_phnum */
  put16(e + 58, be, 64);     /* e_shentsize */
  put16(e + 60, be, 3);      /* e_shnum */
  put16(e + 62, be, 2);      /* e_shstrndx */
  if (n)
    memcpy(e + off_sec, sec, n);
  memcpy(e + off_str, shstr, shstr_len);
  /* [0] null; [1] .sframe; [2] .shstrtab */
  put_shdr(e + off_sh + 64, be, 1, sh_type, SHF_ALLOC_, vma, off_sec, n, 8);
  put_shdr(e + off_sh + 128, be, 9, SHT_STRTAB_, 0, 0, off_str, shstr_len, 1);
  *len = total;
  return e;
}

/* ------------------------------------------------------------------ */
/* the dump model                                                      */

void sfa_dump_init(sfa_dump *d) {
  memset(d, 0, sizeof *d);
  d->flags_raw = -1;
  d->auxhdr_len = -1;
}

sfa_fde *sfa_add_fde(sfa_dump *d) {
  sfa_fde *f;
  if (d->nfdes == d->cap) {
    size_t nc = d->cap ? d->cap * 2 : 16;
    sfa_fde *np = realloc(d->fdes, nc * sizeof *np);
    if (!np)
      sfa_die_io("out of memory");
    d->fdes = np;
    d->cap = nc;
  }
  f = &d->fdes[d->nfdes++];
  memset(f, 0, sizeof *f);
  f->rep_size = -1;
  f->fde_type_known = f->signal_known = 1;
  return f;
}

sfa_fre *sfa_add_fre(sfa_fde *f) {
  sfa_fre *r;
  if (f->nfres == f->cap) {
    size_t nc = f->cap ? f->cap * 2 : 8;
    sfa_fre *np = realloc(f->fres, nc * sizeof *np);
    if (!np)
      sfa_die_io("out of memory");
    f->fres = np;
    f->cap = nc;
  }
  r = &f->fres[f->nfres++];
  memset(r, 0, sizeof *r);
  return r;
}

void sfa_free_dump(sfa_dump *d) {
  size_t i;
  for (i = 0; i < d->nfdes; i++)
    free(d->fdes[i].fres);
  free(d->fdes);
  sfa_dump_init(d);
}

/* ------------------------------------------------------------------ */
/* output                                                              */

static const char *flag_names[3] = {"FDE_SORTED", "FRAME_POINTER", "FDE_FUNC_START_PCREL"};

static void print_str_or_null(FILE *o, const char *key, const char *v) {
  if (v)
    fprintf(o, "\"%s\":\"%s\",", key, v);
  else
    fprintf(o, "\"%s\":null,", key);
}

static void print_rule(FILE *o, const sfa_rule *r) {
  fputs("{\"rule\":", o);
  if (r->rule)
    fprintf(o, "\"%s\"", r->rule);
  else
    fputs("null", o);
  if (r->reg_known)
    fprintf(o, ",\"reg\":%" PRIu32, r->reg);
  else
    fputs(",\"reg\":null", o);
  if (r->off_known)
    fprintf(o, ",\"offset\":%" PRId64 "}", r->offset);
  else
    fputs(",\"offset\":null}", o);
}

static const char *bool3(int v) { return v < 0 ? "null" : v ? "true" : "false"; }

static void print_json(FILE *o, const sfa_dump *d) {
  size_t i, j;
  unsigned b;
  int first = 1;
  fprintf(o, "{\"schema\":\"sframe-conformance/dump/1\",\"version\":%d,", d->version);
  print_str_or_null(o, "endian", d->endian);
  print_str_or_null(o, "abi", d->abi);
  fputs("\"flags\":", o);
  if (d->flags_known) {
    fputc('[', o);
    for (b = 0; b < 3; b++)
      if (d->flags & (1u << b)) {
        fprintf(o, "%s\"%s\"", first ? "" : ",", flag_names[b]);
        first = 0;
      }
    fputc(']', o);
  } else
    fputs("null", o);
  if (d->flags_raw >= 0)
    fprintf(o, ",\"flags_raw\":%d,", d->flags_raw);
  else
    fputs(",\"flags_raw\":null,", o);
  if (d->fixed_fp_known)
    fprintf(o, "\"fixed_fp_offset\":%" PRId64 ",", d->fixed_fp);
  else
    fputs("\"fixed_fp_offset\":null,", o);
  if (d->fixed_ra_known)
    fprintf(o, "\"fixed_ra_offset\":%" PRId64 ",", d->fixed_ra);
  else
    fputs("\"fixed_ra_offset\":null,", o);
  if (d->auxhdr_len >= 0)
    fprintf(o, "\"auxhdr_len\":%d,", d->auxhdr_len);
  else
    fputs("\"auxhdr_len\":null,", o);
  fprintf(o, "\"num_fdes\":%" PRIu32 ",\"num_fres\":%" PRIu32 ",\"functions\":[", d->num_fdes,
          d->num_fres);
  for (i = 0; i < d->nfdes; i++) {
    const sfa_fde *f = &d->fdes[i];
    fprintf(o, "%s{\"index\":%" PRIu32 ",\"start\":\"0x%" PRIx64 "\",\"size\":%" PRIu32
               ",\"pc_type\":\"%s\",",
            i ? "," : "", f->index, f->pc, f->size, f->mask ? "mask" : "inc");
    if (f->rep_size >= 0)
      fprintf(o, "\"rep_size\":%" PRId64 ",", f->rep_size);
    else
      fputs("\"rep_size\":null,", o);
    print_str_or_null(o, "fde_type", f->fde_type_known ? (f->flex ? "flex" : "default") : NULL);
    print_str_or_null(o, "fre_type", f->fre_type);
    print_str_or_null(o, "pauth_key", f->pauth == 'B' ? "B" : f->pauth == 'A' ? "A" : NULL);
    fprintf(o, "\"signal\":%s,\"num_fres\":%zu,\"fres\":[",
            f->signal_known ? (f->signal ? "true" : "false") : "null", f->nfres);
    for (j = 0; j < f->nfres; j++) {
      const sfa_fre *r = &f->fres[j];
      fprintf(o, "%s{\"start\":%" PRIu64 ",\"rules\":", j ? "," : "", r->start);
      if (r->outermost) {
        fprintf(o, "{\"cfa\":null,\"ra\":{\"rule\":\"undefined\",\"reg\":0,\"offset\":0},"
                   "\"fp\":{\"rule\":\"unchanged\",\"reg\":0,\"offset\":0},\"ra_mangled\":%s}}",
                bool3(r->mangled));
        continue;
      }
      if (!r->base) { /* no CFA rule shown (LLVM: a row without data words) */
        fputs("{\"cfa\":null,\"ra\":", o);
        print_rule(o, &r->ra);
        fputs(",\"fp\":", o);
        print_rule(o, &r->fp);
        fprintf(o, ",\"ra_mangled\":%s}}", bool3(r->mangled));
        continue;
      }
      fprintf(o, "{\"cfa\":{\"base\":\"%s\",\"reg\":", r->base);
      if (r->cfa_reg_known)
        fprintf(o, "%" PRIu32, r->cfa_reg);
      else
        fputs("null", o);
      if (r->cfa_off_known)
        fprintf(o, ",\"offset\":%" PRId64, r->cfa_offset);
      else
        fputs(",\"offset\":null", o);
      fprintf(o, ",\"deref\":%s},\"ra\":", bool3(r->cfa_deref));
      print_rule(o, &r->ra);
      fputs(",\"fp\":", o);
      print_rule(o, &r->fp);
      fprintf(o, ",\"ra_mangled\":%s}}", bool3(r->mangled));
    }
    fputs("]}", o);
  }
  fputs("]}\n", o);
}

/* ------------------------------------------------------------------ */
/* reading text                                                        */

char *sfa_next_line(sfa_lexer *lx) {
  char *nl;
  if (!lx->p || !*lx->p)
    return NULL;
  lx->line = lx->p;
  nl = strchr(lx->p, '\n');
  if (nl) {
    *nl = '\0';
    lx->p = nl + 1;
  } else {
    lx->p += strlen(lx->p);
  }
  lx->lineno++;
  return lx->line;
}

int sfa_blank(const char *s) {
  while (*s == ' ' || *s == '\t' || *s == '\r')
    s++;
  return *s == '\0';
}

const char *sfa_skip_sp(const char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

int sfa_parse_dec(const char **s, int64_t *v) {
  const char *p = *s;
  int neg = 0, any = 0;
  uint64_t acc = 0;
  if (*p == '+' || *p == '-') {
    neg = *p == '-';
    p++;
  }
  while (*p >= '0' && *p <= '9') {
    if (acc > (UINT64_C(1) << 62))
      return -1;
    acc = acc * 10 + (uint64_t)(*p - '0');
    any = 1;
    p++;
  }
  if (!any || acc > (uint64_t)INT64_MAX)
    return -1;
  *v = neg ? -(int64_t)acc : (int64_t)acc;
  *s = p;
  return 0;
}

int sfa_parse_hex(const char **s, uint64_t *v) {
  const char *p = *s;
  int nd = 0;
  uint64_t acc = 0;
  for (;;) {
    int d;
    if (*p >= '0' && *p <= '9')
      d = *p - '0';
    else if (*p >= 'a' && *p <= 'f')
      d = *p - 'a' + 10;
    else if (*p >= 'A' && *p <= 'F')
      d = *p - 'A' + 10;
    else
      break;
    if (++nd > 16)
      return -1;
    acc = (acc << 4) | (uint64_t)d;
    p++;
  }
  if (!nd)
    return -1;
  *v = acc;
  *s = p;
  return 0;
}

int sfa_expect(const char **s, const char *lit) {
  size_t n = strlen(lit);
  if (strncmp(*s, lit, n))
    return -1;
  *s += n;
  return 0;
}

#ifndef SFA_TOOL_LLVM
/* ------------------------------------------------------------------ */
/* GNU objdump / readelf --sframe                                      */

static int ver_ge(const sfa_config *c, int maj, int min) {
  return c->major > maj || (c->major == maj && c->minor >= min);
}

/* Keys printed as null where the text cannot tell (binutils-notes.md). */
static const char *const gnu_unknown_240[] = {
    "endian", "abi", "flags_raw", "fixed_fp_offset", "fixed_ra_offset", "auxhdr_len",
    "fre_type", "pauth_key", "reg", "rule", "offset", NULL};
static const char *const gnu_unknown_241[] = {
    "endian", "abi", "flags_raw", "auxhdr_len", "rep_size", "fre_type", "pauth_key",
    "reg", "rule", "ra_mangled", NULL};

/* What each release reads, measured by running it (binutils-notes.md):
 * 2.40 dumps version 1 only; 2.41-2.45 print only the header of anything
 * but version 2 ("No further information can be displayed"); 2.46 and
 * later read versions 2 and 3 and refuse version 1. */
static int gnu_capabilities(const sfa_config *cfg) {
  if (sfa_check_tool(cfg))
    return 1;
  printf("{\"name\":\"%s\",\"version\":\"%s\",\"commands\":[\"decode\"],\"versions\":[",
         cfg->name, cfg->version);
  if (!ver_ge(cfg, 2, 40))
    ; /* no --sframe */
  else if (!ver_ge(cfg, 2, 41))
    printf("1");
  else if (!ver_ge(cfg, 2, 46))
    printf("2");
  else
    printf("2,3");
  printf("],\"abis\":[\"aarch64-be\",\"aarch64-le\",\"amd64\"%s],"
         "\"endian\":[\"little\",\"big\"],\"unknown_fields\":",
         ver_ge(cfg, 2, 45) ? ",\"s390x\"" : "");
  sfa_print_keys(ver_ge(cfg, 2, 41) ? gnu_unknown_241 : gnu_unknown_240);
  printf("}\n");
  return 0;
}

/* 2.45 and later know SHT_GNU_SFRAME (what their ld writes); older ones
 * find .sframe by name in a PROGBITS section. */
static uint32_t gnu_sh_type(const sfa_config *cfg) {
  return ver_ge(cfg, 2, 45) ? SFA_SHT_GNU_SFRAME : SFA_SHT_PROGBITS;
}

/* "%d" of a 32-bit quantity printed signed: back to its u32 bits. */
static int to_u32(int64_t v, uint32_t *out) {
  if (v < INT32_MIN || v > (int64_t)UINT32_MAX)
    return -1;
  *out = (uint32_t)(v < 0 ? (uint32_t)(int32_t)v : (uint32_t)v);
  return 0;
}

/* One cell of a FRE row, as printed: an address expression
 *   [ "(" ] NAME SIGN NUMBER [ ")" ]   NAME = sp | fp | c | rN
 * where SIGN is "+", "-" or "+-" (default FDEs print "%s+%d"),
 * or a single letter u / U / f, or "rN" alone (s390x version 2 register).
 * The cell is copied to out; *s advanced past it. */
static int cell(const char **s, char *out, size_t outn) {
  const char *p = sfa_skip_sp(*s), *q = p;
  size_t n;
  if (*q == '(')
    q++;
  if (*q == 'u' || *q == 'U' || (*q == 'f' && q[1] != 'p')) {
    if (q != p)
      return -1;
    q++;
  } else {
    if (q[0] == 's' && q[1] == 'p')
      q += 2;
    else if (q[0] == 'f' && q[1] == 'p')
      q += 2;
    else if (q[0] == 'c')
      q += 1;
    else if (q[0] == 'r' && q[1] >= '0' && q[1] <= '9') {
      q++;
      while (*q >= '0' && *q <= '9')
        q++;
    } else
      return -1;
    if (*q == '+' || *q == '-') {
      if (q[0] == '+' && q[1] == '-')
        q++;
      q++;
      if (!(*q >= '0' && *q <= '9'))
        return -1;
      while (*q >= '0' && *q <= '9')
        q++;
    } else if (p[*p == '(' ? 1 : 0] != 'r') {
      return -1; /* only "rN" stands without an offset */
    }
    if (*p == '(') {
      if (*q != ')')
        return -1;
      q++;
    }
  }
  n = (size_t)(q - p);
  if (n + 1 > outn)
    return -1;
  memcpy(out, p, n);
  out[n] = '\0';
  *s = q;
  return 0;
}

/* Split a cell into (deref, name, has_offset, offset). */
typedef struct {
  int deref;
  char name[16]; /* "sp", "fp", "c", "rN", "u", "U", "f" */
  int has_off;
  int64_t off;
} cellv;

static int cell_split(const char *c, cellv *v) {
  const char *p = c;
  size_t n;
  memset(v, 0, sizeof *v);
  if (*p == '(') {
    v->deref = 1;
    p++;
  }
  n = strcspn(p, "+-)");
  if (n == 0 || n >= sizeof v->name)
    return -1;
  memcpy(v->name, p, n);
  v->name[n] = '\0';
  p += n;
  if (*p == '+' || *p == '-') {
    if (p[0] == '+' && p[1] == '-')
      p++;
    if (sfa_parse_dec(&p, &v->off))
      return -1;
    v->has_off = 1;
  }
  return 0;
}

static int reg_number(const char *name, uint32_t *reg) {
  uint64_t acc = 0;
  const char *p = name + 1;
  if (name[0] != 'r' || !*p)
    return -1;
  for (; *p; p++) {
    if (*p < '0' || *p > '9')
      return -1;
    acc = acc * 10 + (uint64_t)(*p - '0');
    if (acc > UINT32_MAX)
      return -1;
  }
  *reg = (uint32_t)acc;
  return 0;
}

/* The CFA cell: "sp+N" / "fp+N" (default FDEs); flexible FDEs also
 * "rN+N" and "(...)" for a dereferenced CFA. */
static int parse_cfa(sfa_fre *f, const char *c, int flex) {
  cellv v;
  if (cell_split(c, &v) || !v.has_off)
    return -1;
  if (!flex && v.deref)
    return -1;
  f->cfa_deref = v.deref;
  f->cfa_offset = v.off;
  f->cfa_off_known = 1;
  f->cfa_reg_known = 0;
  if (!strcmp(v.name, "sp"))
    f->base = "sp";
  else if (!strcmp(v.name, "fp"))
    f->base = "fp";
  else if (flex && !reg_number(v.name, &f->cfa_reg)) {
    f->base = "reg";
    f->cfa_reg_known = 1;
  } else
    return -1;
  return 0;
}

static int flag_bit(const char *name, unsigned *bits) {
  if (!strcmp(name, "SFRAME_F_FDE_SORTED"))
    *bits |= SFR_F_FDE_SORTED;
  else if (!strcmp(name, "SFRAME_F_FRAME_POINTER"))
    *bits |= SFR_F_FRAME_POINTER;
  else if (!strcmp(name, "SFRAME_F_FDE_FUNC_START_PCREL"))
    *bits |= SFR_F_FDE_FUNC_START_PCREL;
  else if (!strcmp(name, "NONE"))
    ;
  else {
    /* 2.45+: leftover undefined bits as a decimal number */
    const char *p = name;
    int64_t v;
    if (sfa_parse_dec(&p, &v) || *p || v < 0 || v > 255)
      return -1;
    *bits |= (unsigned)v & 7u;
  }
  return 0;
}

/* Parse the FRE row at s (after the address). */
static int parse_row(sfa_lexer *lx, const sfa_fde *fde, sfa_fre *f, const char *s) {
  char c_cfa[48];
  s = sfa_skip_sp(s);
  if (sfa_starts_with(s, "RA undefined")) {
    s += strlen("RA undefined");
    if (!sfa_blank(s))
      SFA_FAIL(lx, "line %d: trailing text after 'RA undefined'", lx->lineno);
    f->outermost = 1;
    f->mangled = -1; /* no "[s]" column on these rows */
    return 0;
  }
  if (cell(&s, c_cfa, sizeof c_cfa))
    SFA_FAIL(lx, "line %d: bad CFA cell", lx->lineno);
  if (parse_cfa(f, c_cfa, fde->flex))
    SFA_FAIL(lx, "line %d: bad CFA cell '%s'", lx->lineno, c_cfa);
  if (cell(&s, f->fp_cell, sizeof f->fp_cell))
    SFA_FAIL(lx, "line %d: bad FP cell", lx->lineno);
  if (cell(&s, f->ra_cell, sizeof f->ra_cell))
    SFA_FAIL(lx, "line %d: bad RA cell", lx->lineno);
  if (sfa_starts_with(s, "[s]")) {
    f->mangled = 1;
    s += 3;
  }
  if (!sfa_blank(s))
    SFA_FAIL(lx, "line %d: trailing text in FRE row", lx->lineno);
  return 0;
}

static int gnu_parse(char *text, sfa_dump *d, sfa_lexer *lx) {
  char *l;
  const char *s;
  int64_t v;
  sfa_dump_init(d);
  memset(lx, 0, sizeof *lx);
  lx->p = text;

  /* objdump: "\nFILE:     file format X\n\n"; readelf: nothing before */
  for (;;) {
    l = sfa_next_line(lx);
    if (!l)
      SFA_FAIL(lx, "no 'Contents of the SFrame section' in the tool's output");
    if (!strcmp(l, "Contents of the SFrame section .sframe:"))
      break;
    if (sfa_blank(l) || strstr(l, ":     file format "))
      continue;
    SFA_FAIL(lx, "line %d: unexpected text before the dump: %.80s", lx->lineno, l);
  }
  do
    l = sfa_next_line(lx);
  while (l && sfa_blank(l));
  if (!l || strcmp(l, "  Header :"))
    SFA_FAIL(lx, "line %d: no 'Header :'", lx->lineno);
  do
    l = sfa_next_line(lx);
  while (l && sfa_blank(l));
  s = l ? sfa_skip_sp(l) : "";
  if (sfa_expect(&s, "Version: SFRAME_VERSION_") || sfa_parse_dec(&s, &v) || *s || v < 1 ||
      v > 255)
    SFA_FAIL(lx, "line %d: bad Version line", lx->lineno);
  d->version = (int)v;

  l = sfa_next_line(lx);
  s = l ? sfa_skip_sp(l) : "";
  if (sfa_expect(&s, "Flags:"))
    SFA_FAIL(lx, "line %d: no Flags line", lx->lineno);
  {
    /* one name per line; each but the last ends with ',' (2.45+), or one
     * name only (2.40-2.44). */
    char name[64];
    int more;
    d->flags_known = 1;
    for (;;) {
      size_t n;
      s = sfa_skip_sp(s);
      n = strcspn(s, ", \t");
      if (n == 0 || n >= sizeof name)
        SFA_FAIL(lx, "line %d: bad flag", lx->lineno);
      memcpy(name, s, n);
      name[n] = '\0';
      s += n;
      if (flag_bit(name, &d->flags))
        SFA_FAIL(lx, "line %d: unknown flag '%s'", lx->lineno, name);
      more = *s == ',';
      if (more)
        s++;
      if (!sfa_blank(s))
        SFA_FAIL(lx, "line %d: trailing text after flags", lx->lineno);
      if (!more)
        break;
      l = sfa_next_line(lx);
      if (!l)
        SFA_FAIL(lx, "flags continue past the end of the output");
      s = l;
    }
  }
  for (;;) {
    l = sfa_next_line(lx);
    if (!l)
      SFA_FAIL(lx, "no 'Num FDEs' line");
    s = sfa_skip_sp(l);
    if (!sfa_expect(&s, "CFA fixed FP offset: ")) {
      if (sfa_parse_dec(&s, &v) || *s)
        SFA_FAIL(lx, "line %d: bad fixed FP offset", lx->lineno);
      d->fixed_fp = v;
    } else if (!sfa_expect(&s, "CFA fixed RA offset: ")) {
      if (sfa_parse_dec(&s, &v) || *s)
        SFA_FAIL(lx, "line %d: bad fixed RA offset", lx->lineno);
      d->fixed_ra = v;
    } else
      break;
  }
  s = sfa_skip_sp(l);
  if (sfa_expect(&s, "Num FDEs: ") || sfa_parse_dec(&s, &v) || *s || to_u32(v, &d->num_fdes))
    SFA_FAIL(lx, "line %d: bad Num FDEs line", lx->lineno);
  l = sfa_next_line(lx);
  s = l ? sfa_skip_sp(l) : "";
  if (sfa_expect(&s, "Num FREs: ") || sfa_parse_dec(&s, &v) || *s || to_u32(v, &d->num_fres))
    SFA_FAIL(lx, "line %d: bad Num FREs line", lx->lineno);
  do
    l = sfa_next_line(lx);
  while (l && sfa_blank(l));
  if (!l)
    SFA_FAIL(lx, "no 'Function Index :'");
  if (strcmp(l, "  Function Index :")) {
    s = sfa_skip_sp(l);
    if (sfa_starts_with(s, "No further information can be displayed"))
      SFA_FAIL(lx, "the tool cannot display this version: %.100s", s);
    SFA_FAIL(lx, "line %d: no 'Function Index :'", lx->lineno);
  }

  /* function blocks */
  l = sfa_next_line(lx);
  for (;;) {
    sfa_fde *fde;
    int64_t idx;
    uint64_t pc;
    while (l && sfa_blank(l))
      l = sfa_next_line(lx);
    if (!l)
      break;
    s = sfa_skip_sp(l);
    if (sfa_expect(&s, "func idx [") || sfa_parse_dec(&s, &idx) ||
        sfa_expect(&s, "]: pc = 0x") || sfa_parse_hex(&s, &pc) || sfa_expect(&s, ", size = ") ||
        sfa_parse_dec(&s, &v) || sfa_expect(&s, " bytes"))
      SFA_FAIL(lx, "line %d: bad function line: %.80s", lx->lineno, l);
    fde = sfa_add_fde(d);
    if (idx < 0 || to_u32(idx, &fde->index) || to_u32(v, &fde->size))
      SFA_FAIL(lx, "line %d: bad function index or size", lx->lineno);
    fde->pc = pc;
    if (d->version == SFR_VERSION_1)
      fde->rep_size = 0; /* no such field */
    if (!sfa_expect(&s, ", attr = \"")) {
      for (; *s && *s != '"'; s++) {
        if (*s == 'S')
          fde->signal = 1;
        else if (*s == 'F')
          fde->flex = 1;
        else
          SFA_FAIL(lx, "line %d: unknown attribute '%c'", lx->lineno, *s);
      }
      if (sfa_expect(&s, "\""))
        SFA_FAIL(lx, "line %d: bad attr", lx->lineno);
    }
    if (!sfa_expect(&s, ", pauth = B key"))
      fde->gnu_pauth_b = 1;
    if (!sfa_blank(s))
      SFA_FAIL(lx, "line %d: trailing text on function line", lx->lineno);
    l = sfa_next_line(lx);
    s = l ? sfa_skip_sp(l) : "";
    if (sfa_expect(&s, "STARTPC"))
      SFA_FAIL(lx, "line %d: no STARTPC column line", lx->lineno);
    if (!sfa_expect(&s, "[m]"))
      fde->mask = 1;
    s = sfa_skip_sp(s);
    if (sfa_expect(&s, "CFA") || (s = sfa_skip_sp(s), sfa_expect(&s, "FP")) ||
        (s = sfa_skip_sp(s), sfa_expect(&s, "RA")) || !sfa_blank(s))
      SFA_FAIL(lx, "line %d: bad column line", lx->lineno);
    /* rows until a blank line or the next function */
    for (;;) {
      uint64_t addr;
      sfa_fre *f;
      l = sfa_next_line(lx);
      if (!l || sfa_blank(l))
        break;
      s = sfa_skip_sp(l);
      if (sfa_starts_with(s, "func idx ["))
        break;
      if (strspn(s, "0123456789abcdef") != 16 || sfa_parse_hex(&s, &addr))
        SFA_FAIL(lx, "line %d: bad FRE row: %.80s", lx->lineno, l);
      f = sfa_add_fre(fde);
      f->start = fde->mask ? addr : addr - fde->pc;
      if (parse_row(lx, fde, f, s))
        return -1;
    }
  }
  return 0;
}

/* Turn the raw FP / RA cells into rules, with what the whole dump tells
 * and what the release's text means (binutils-notes.md, "How each field is
 * derived").
 *
 * 2.40 has no fixed-offset header lines, and prints 'u' for RA whenever the
 * header has a fixed RA offset and for FP whenever it has a fixed FP offset,
 * as well as when the FRE has no such word: 'u' is then "unchanged" only
 * once some 'c+N' cell in that column shows the header's fixed offset to be
 * 0; otherwise the rule (and, for a fixed rule, the offset) is unknown.
 *
 * Flexible FDEs (2.46+): 'c+N' is RA/FP = CFA + N, '(c+N)' saved at CFA + N;
 * from 2.47 both print 'c+N', so the rule is unknown there.  'u' / 'U' (no
 * rule, or a padding word) mean the header's fixed offset applies when it
 * has one (spec 3.2), else the register is unchanged. */
static int gnu_classify(const sfa_config *cfg, sfa_dump *d, sfa_lexer *lx) {
  size_t i, j;
  int legacy = !ver_ge(cfg, 2, 41);
  int flex_cfa_ambiguous = ver_ge(cfg, 2, 47);
  int ra_zero, fp_zero; /* the header's fixed RA / FP offset is known to be 0 */
  int any_pauth_b = 0;

  if (!legacy) {
    d->fixed_ra_known = d->fixed_fp_known = 1; /* absent lines mean 0 */
  } else {
    for (i = 0; i < d->nfdes; i++) {
      for (j = 0; j < d->fdes[i].nfres; j++) {
        sfa_fre *f = &d->fdes[i].fres[j];
        cellv v;
        if (f->outermost || d->fdes[i].flex)
          continue;
        if (cell_split(f->ra_cell, &v) == 0 && !strcmp(v.name, "c") && v.has_off)
          d->fixed_ra_known = 1;
        if (cell_split(f->fp_cell, &v) == 0 && !strcmp(v.name, "c") && v.has_off)
          d->fixed_fp_known = 1;
      }
    }
    d->fixed_ra = d->fixed_fp = 0;
  }
  ra_zero = d->fixed_ra_known && d->fixed_ra == 0;
  fp_zero = d->fixed_fp_known && d->fixed_fp == 0;
  for (i = 0; i < d->nfdes; i++)
    any_pauth_b |= d->fdes[i].gnu_pauth_b;
  for (i = 0; i < d->nfdes; i++) {
    sfa_fde *fde = &d->fdes[i];
    /* "pauth" is printed for AArch64 only: key A once one FDE shows B */
    fde->pauth = fde->gnu_pauth_b ? 'B' : any_pauth_b ? 'A' : 0;
    for (j = 0; j < fde->nfres; j++) {
      sfa_fre *f = &fde->fres[j];
      cellv v;
      int k;
      if (f->outermost)
        continue;
      for (k = 0; k < 2; k++) {
        int is_ra = k == 0;
        sfa_rule *r = is_ra ? &f->ra : &f->fp;
        const char *c = is_ra ? f->ra_cell : f->fp_cell;
        int col_zero = is_ra ? ra_zero : fp_zero;
        uint32_t reg;
        if (cell_split(c, &v))
          SFA_FAIL(lx, "bad %s cell '%s'", is_ra ? "RA" : "FP", c);
        r->reg_known = 1;
        r->reg = 0;
        r->off_known = 1;
        r->offset = 0;
        if (!strcmp(v.name, "u") || !strcmp(v.name, "U")) {
          r->rule = "unchanged";
          if (legacy && !col_zero) {
            r->rule = NULL; /* unchanged, or fixed at an unknown offset */
            r->off_known = 0;
          } else if (fde->flex && !col_zero) {
            r->rule = "fixed";
            r->offset = is_ra ? d->fixed_ra : d->fixed_fp;
          }
        } else if (!strcmp(v.name, "f")) {
          r->rule = "fixed";
          r->offset = is_ra ? d->fixed_ra : d->fixed_fp;
          r->off_known = is_ra ? d->fixed_ra_known : d->fixed_fp_known;
        } else if (!strcmp(v.name, "c")) {
          r->offset = v.off;
          if (fde->flex)
            r->rule = flex_cfa_ambiguous ? NULL : v.deref ? "at-cfa" : "val-cfa";
          else
            r->rule = "at-cfa";
          /* 2.41+: the fixed FP offset prints as 'c+N' too */
          if (!is_ra && !legacy && !fp_zero && v.off == d->fixed_fp && !(v.deref && fde->flex))
            r->rule = NULL;
        } else if (!strcmp(v.name, "sp") || !strcmp(v.name, "fp")) {
          r->rule = v.deref ? "at-reg" : "reg";
          r->reg_known = 0; /* the DWARF number depends on the ABI */
          r->offset = v.off;
        } else if (!reg_number(v.name, &reg)) {
          r->rule = v.deref ? "at-reg" : "reg";
          r->reg = reg;
          r->offset = v.has_off ? v.off : 0;
        } else
          SFA_FAIL(lx, "bad %s cell '%s'", is_ra ? "RA" : "FP", c);
      }
    }
  }
  return 0;
}

static int gnu_judge(const sfa_config *cfg, sfa_run *r, sfa_dump *d) {
  sfa_lexer lx;
  if (gnu_failed(cfg, r))
    return 1;
  if (gnu_parse(r->out.p, d, &lx) || gnu_classify(cfg, d, &lx)) {
    fprintf(stderr, "cannot parse %s output: %s\n", cfg->kind, lx.err);
    return 1;
  }
  return 0;
}

static const char *const gnu_args[] = {"--sframe=.sframe", NULL};

static const sfa_tool gnu_tool = {gnu_capabilities, gnu_sh_type, gnu_args, gnu_judge};
#endif /* !SFA_TOOL_LLVM */

/* ------------------------------------------------------------------ */
/* decode                                                              */

static uint8_t *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  uint8_t *b = NULL;
  size_t n = 0, cap = 0;
  if (!f)
    sfa_die_io("cannot open %s: %s", path, strerror(errno));
  for (;;) {
    size_t k;
    if (n == cap) {
      uint8_t *nb;
      cap = cap ? cap * 2 : 65536;
      if (cap > MAX_SECTION + 1)
        cap = MAX_SECTION + 1;
      if (n == cap) {
        fclose(f);
        free(b);
        sfa_die_io("%s: section larger than %u bytes", path, MAX_SECTION);
      }
      nb = realloc(b, cap);
      if (!nb)
        sfa_die_io("out of memory");
      b = nb;
    }
    k = fread(b + n, 1, cap - n, f);
    n += k;
    if (k == 0)
      break;
  }
  if (ferror(f))
    sfa_die_io("cannot read %s", path);
  fclose(f);
  if (n > MAX_SECTION)
    sfa_die_io("%s: section larger than %u bytes", path, MAX_SECTION);
  *len = n;
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

/* The tool's own text, for `objdump SECTION VMA` (not an adapter protocol
 * command, not in capabilities: conformance/objdump-text-check.sh diffs it
 * with `sfref dump --format=objdump-REL`).  objdump's first two lines
 * ("" and "FILE:     file format X", which names the temporary file) are
 * left out, so the text starts as sfref's does, at the blank line before
 * "Contents of the SFrame section".  Exit 0 only when the tool exited 0
 * with nothing on stderr. */
static int print_text(const sfa_config *cfg, const sfa_run *r) {
  const char *p = r->out.p ? r->out.p : "";
  if (gnu_failed(cfg, r))
    return 1;
  if (p[0] == '\n') { /* objdump: skip "\nFILE:     file format X\n" */
    const char *nl = strchr(p + 1, '\n'), *ff = strstr(p + 1, ":     file format ");
    if (nl && ff && ff < nl)
      p = nl + 1;
  }
  fputs(p, stdout);
  return fflush(stdout) != 0 ? 2 : 0;
}

static int cmd_decode(const sfa_tool *tool, const char *secpath, const char *vmastr,
                      int text) {
  uint8_t *sec, *elf;
  size_t seclen, elflen;
  uint64_t vma;
  int fd, rc;
  char *argv[8];
  size_t na = 0, k;
  sfa_run r;
  sfa_dump d;
  double timeout = 9.0;
  const char *te = getenv("SFADAPTER_TIMEOUT");
  const char *tmp = getenv("TMPDIR");
  struct sigaction sa;

  if (parse_vma(vmastr, &vma))
    sfa_die_io("bad VMA '%s'", vmastr);
  if (te && atof(te) > 0)
    timeout = atof(te);
  sec = read_file(secpath, &seclen);
  elf = make_elf(sec, seclen, vma, tool->sh_type(&g_cfg), &elflen);
  free(sec);

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
  {
    size_t off = 0;
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
  }
  close(fd);
  free(elf);

  argv[na++] = (char *)g_cfg.path;
  for (k = 0; tool->args[k] && na < 6; k++)
    argv[na++] = (char *)tool->args[k];
  argv[na++] = g_tmpfile;
  argv[na] = NULL;
  sfa_dump_init(&d);
  sfa_run_tool(argv, timeout, &r);
  cleanup_tmp();

  if (getenv("SFADAPTER_TRACE")) { /* debugging: the tool's raw text */
    fputs(r.out.p, stderr);
    fputs(r.err.p, stderr);
  }
  if (r.exec_failed) {
    fprintf(stderr, "cannot execute %s: %s\n", argv[0], strerror(r.exec_failed));
    rc = 2;
  } else if (r.timed_out) {
    fprintf(stderr, "timeout: %s did not finish within %g s\n", g_cfg.kind, timeout);
    rc = 124;
  } else if (WIFSIGNALED(r.status)) {
    int sig = WTERMSIG(r.status);
    struct rlimit rl = {0, 0};
    char line[160];
    sfa_first_line(r.err.p, line, sizeof line);
    fprintf(stderr, "%s killed by signal %d (%s)%s%s\n", g_cfg.kind, sig, strsignal(sig),
            line[0] ? ": " : "", line);
    fflush(NULL);
    setrlimit(RLIMIT_CORE, &rl);
    signal(sig, SIG_DFL);
    raise(sig);
    rc = 128 + sig;
  } else if (text) {
    rc = print_text(&g_cfg, &r);
  } else {
    rc = tool->judge(&g_cfg, &r, &d);
    if (rc == 0) {
      print_json(stdout, &d);
      if (fflush(stdout) != 0)
        rc = 2;
    }
  }
  sfa_run_free(&r);
  sfa_free_dump(&d);
  return rc;
}

/* ------------------------------------------------------------------ */

static void usage(void) {
  fprintf(stderr,
          "usage: sfadapter-%s capabilities\n"
          "       sfadapter-%s decode SECTION VMA\n"
#ifndef SFA_TOOL_LLVM
          "       sfadapter-%s objdump SECTION VMA   (the tool's own text, for diffing)\n"
#endif
          "(the conformance adapter protocol, conformance/PROTOCOL.md)\n",
          g_cfg.name, g_cfg.name
#ifndef SFA_TOOL_LLVM
          , g_cfg.name
#endif
          );
}

int main(int argc, char **argv) {
  const sfa_tool *tool = &SFA_THE_TOOL;
  /* Some of these tools read past their buffers on bad input
   * (binutils-notes.md, C3): fixed addresses make their outcome repeat
   * (the personality is inherited by the tool). */
  sfa_fixed_layout(argv);
  signal(SIGPIPE, SIG_IGN);
  g_cfg.kind = SFA_KIND;
#if defined(SFA_PATH) && defined(SFA_VERSION) && defined(SFA_NAME)
  g_cfg.name = SFA_NAME;
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
    const char *e = getenv(SFA_KIND_ENV);
    g_cfg.name = SFA_KIND;
    g_cfg.path = (e && *e) ? e : SFA_KIND;
  }
#endif
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
#ifndef SFA_TOOL_LLVM
  if (argc == 4 && !strcmp(argv[1], "objdump")) { /* the tool's raw text */
    if (!g_cfg.baked && runtime_version(&g_cfg)) {
      fprintf(stderr, "cannot run '%s --version'\n", g_cfg.path);
      return 2;
    }
    return cmd_decode(tool, argv[2], argv[3], 1);
  }
#endif
  if (argc >= 2 && (!strcmp(argv[1], "lookup") || !strcmp(argv[1], "unwind"))) {
    fprintf(stderr, "%s: command not offered by this adapter\n", argv[1]);
    return 2;
  }
  usage();
  return 2;
}
