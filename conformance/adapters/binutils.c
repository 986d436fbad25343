/* binutils.c - conformance adapters "objdump" and "readelf" (PROTOCOL.md).
 *
 * The raw .sframe section is wrapped in a minimal ELF64 file (a null
 * section, .sframe at the case's VMA, .shstrtab) in a private temporary
 * directory; `objdump --sframe` or `readelf --sframe` is run on it (fork and
 * exec, no shell) and its text is parsed back into the canonical JSON of
 * decoder/JSON.md.  Nothing of the section is interpreted here beyond the two
 * bytes that choose the ELF byte order and the one that chooses e_machine:
 * every value printed comes from the tool's text, and what the text cannot
 * tell is printed as null (listed in "unknown_fields").
 *
 * The tool is chosen at build time (-DSFA_TOOL_READELF / -DSFA_TOOL_OBJDUMP)
 * or, without either, by the program's name (a name containing "readelf").
 * $OBJDUMP / $READELF name the tool's path; the default is found on PATH.
 *
 * Exit: 0 accept (the tool printed a complete dump), 1 reject (the tool
 * exited non-zero, warned, or printed text that cannot be parsed), 2 usage or
 * I/O error, 124 the tool ran past $SFADAPTER_TIMEOUT seconds (default 9); a
 * tool killed by a signal is reported by dying of the same signal.
 * $SFADAPTER_TRACE (debugging) copies the tool's raw output to stderr.
 * See binutils-notes.md. */
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
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sframe_ref.h"

extern char **environ;

#define MAX_SECTION (256u * 1024u * 1024u) /* bytes of section accepted */
#define MAX_STDOUT (512u * 1024u * 1024u)  /* bytes of tool text kept */
#define MAX_STDERR (64u * 1024u)
#define MAX_ENV 4096

enum tool { TOOL_OBJDUMP, TOOL_READELF };

static enum tool g_tool;
static const char *g_tool_name; /* "objdump" / "readelf" */

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

static void die_io(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "sfadapter-%s: ", g_tool_name);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

typedef struct {
  char *p;
  size_t len, cap, max;
  int truncated;
} buf_t;

static void buf_add(buf_t *b, const char *s, size_t n) {
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
      die_io("out of memory");
    b->p = np;
    b->cap = nc;
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = '\0';
}

static const char *tool_path(void) {
  const char *e = getenv(g_tool == TOOL_READELF ? "READELF" : "OBJDUMP");
  return (e && *e) ? e : g_tool_name;
}

/* ------------------------------------------------------------------ */
/* running the tool                                                    */

typedef struct {
  buf_t out, err;
  int status;    /* waitpid status */
  int timed_out; /* killed by us */
  int exec_failed;
} run_t;

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

static int starts_with(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* argv: NULL-terminated; runs with LC_ALL=C so messages are untranslated. */
static void run_tool(char *const argv[], double timeout, run_t *r) {
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
    if (starts_with(environ[i], "LC_") || starts_with(environ[i], "LANG=") ||
        starts_with(environ[i], "LANGUAGE="))
      continue;
    envp[ne++] = environ[i];
  }
  envp[ne++] = (char *)"LC_ALL=C";
  envp[ne] = NULL;

  if (pipe(po) || pipe(pe) || pipe(px))
    die_io("pipe: %s", strerror(errno));
  fcntl(px[1], F_SETFD, FD_CLOEXEC);
  fflush(NULL);
  pid = fork();
  if (pid < 0)
    die_io("fork: %s", strerror(errno));
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
      die_io("poll: %s", strerror(errno));
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
    die_io("out of memory");
}

/* ------------------------------------------------------------------ */
/* tool version                                                        */

typedef struct {
  char text[64]; /* as printed, e.g. "2.40" */
  int major, minor;
} tool_version;

static int get_version(tool_version *v) {
  char *argv[3];
  run_t r;
  char *line, *end, *tok = NULL, *p;
  memset(v, 0, sizeof *v);
  argv[0] = (char *)tool_path();
  argv[1] = (char *)"--version";
  argv[2] = NULL;
  run_tool(argv, 10.0, &r);
  if (r.exec_failed || r.timed_out || !WIFEXITED(r.status) || WEXITSTATUS(r.status) != 0) {
    free(r.out.p);
    free(r.err.p);
    return -1;
  }
  line = r.out.p;
  end = strchr(line, '\n');
  if (end)
    *end = '\0';
  /* the last token of the first line that starts with a digit */
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
  if (tok) {
    size_t n = strcspn(tok, " \t");
    if (n >= sizeof v->text)
      n = sizeof v->text - 1;
    memcpy(v->text, tok, n);
    v->text[n] = '\0';
    if (sscanf(v->text, "%d.%d", &v->major, &v->minor) != 2)
      v->major = v->minor = 0;
  }
  free(r.out.p);
  free(r.err.p);
  return tok ? 0 : -1;
}

static int ver_ge(const tool_version *v, int maj, int min) {
  return v->major > maj || (v->major == maj && v->minor >= min);
}

/* ------------------------------------------------------------------ */
/* capabilities                                                        */

/* Keys printed as null where the text cannot tell (binutils-notes.md). */
static const char *unknown_keys_legacy[] = {
    "endian", "abi", "flags_raw", "fixed_fp_offset", "fixed_ra_offset", "auxhdr_len",
    "fre_type", "pauth_key", "reg", "rule", "offset", NULL};
static const char *unknown_keys_new[] = {
    "endian", "abi", "flags_raw", "auxhdr_len", "rep_size", "fre_type", "pauth_key",
    "reg", "rule", "ra_mangled", NULL};

static int cmd_capabilities(void) {
  tool_version v;
  const char **keys;
  int i;
  if (get_version(&v) != 0 || v.major == 0) {
    fprintf(stderr, "cannot run or parse '%s --version'\n", tool_path());
    return 1;
  }
  printf("{\"name\":\"%s\",\"version\":\"%s\",\"commands\":[\"decode\"],\"versions\":[",
         g_tool_name, v.text);
  /* 2.40: version 1 only.  2.41-2.45: version 2 (libsframe reads every
   * FDE with the 20-byte layout, so version 1 FDE tables are misread).
   * 2.46 and later: versions 2 and 3.  Before 2.40: no --sframe. */
  if (!ver_ge(&v, 2, 40))
    ; /* none */
  else if (!ver_ge(&v, 2, 41))
    printf("1");
  else if (!ver_ge(&v, 2, 46))
    printf("2");
  else
    printf("2,3");
  printf("],\"abis\":[\"aarch64-be\",\"aarch64-le\",\"amd64\"%s],"
         "\"endian\":[\"little\",\"big\"],\"unknown_fields\":[",
         ver_ge(&v, 2, 45) ? ",\"s390x\"" : "");
  keys = ver_ge(&v, 2, 41) ? unknown_keys_new : unknown_keys_legacy;
  for (i = 0; keys[i]; i++)
    printf("%s\"%s\"", i ? "," : "", keys[i]);
  printf("]}\n");
  return 0;
}

/* ------------------------------------------------------------------ */
/* the ELF wrapper                                                     */

#define EM_X86_64_ 62
#define EM_AARCH64_ 183
#define EM_S390_ 22
#define SHT_PROGBITS_ 1u
#define SHT_STRTAB_ 3u
#define SHT_GNU_SFRAME_ 0x6ffffff4u
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

/* Returns a malloc'ed ELF image of *len bytes. */
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
  if (n >= 6) {
    switch (sec[5]) {
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
    die_io("out of memory");
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
/* parsing the tool's text                                             */

/* A register rule; null fields are printed as JSON null. */
typedef struct {
  const char *rule; /* NULL: unknown */
  int reg_known;
  uint32_t reg;
  int off_known;
  int64_t offset;
} rule_t;

typedef struct {
  uint64_t start;
  int outermost; /* "RA undefined" */
  /* cfa */
  const char *base; /* "sp", "fp", "reg" */
  int cfa_reg_known;
  uint32_t cfa_reg;
  int64_t cfa_offset;
  int cfa_deref;
  /* raw cells, classified after the whole text is read */
  char ra_cell[48], fp_cell[48];
  int mangled;
  rule_t ra, fp;
} fre_t;

typedef struct {
  uint32_t index;
  uint64_t pc;
  uint32_t size;
  int mask, flex, signal, pauth_b;
  fre_t *fres;
  size_t nfres, cap;
} fde_t;

typedef struct {
  int version;
  int flags_known;
  unsigned flags; /* bits 0-2 */
  int fixed_fp_known, fixed_ra_known;
  int64_t fixed_fp, fixed_ra;
  uint32_t num_fdes, num_fres;
  fde_t *fdes;
  size_t nfdes, cap;
} dump_t;

typedef struct {
  char *p;    /* current position in the text */
  int lineno; /* of the line at p */
  char *line; /* current line (NUL-terminated in place) */
  char err[256];
} lexer;

static char *next_line(lexer *lx) {
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

static int blank(const char *s) {
  while (*s == ' ' || *s == '\t' || *s == '\r')
    s++;
  return *s == '\0';
}

static const char *skip_sp(const char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

/* Signed decimal with optional sign; *s advanced. */
static int parse_dec(const char **s, int64_t *v) {
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

static int parse_hex(const char **s, uint64_t *v) {
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

static int expect(const char **s, const char *lit) {
  size_t n = strlen(lit);
  if (strncmp(*s, lit, n))
    return -1;
  *s += n;
  return 0;
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
  const char *p = skip_sp(*s), *q = p;
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
    if (parse_dec(&p, &v->off))
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

static int parse_cfa(fre_t *f, const char *c, int flex) {
  cellv v;
  if (cell_split(c, &v) || !v.has_off)
    return -1;
  if (!flex && v.deref)
    return -1;
  f->cfa_deref = v.deref;
  f->cfa_offset = v.off;
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

static fde_t *add_fde(dump_t *d) {
  if (d->nfdes == d->cap) {
    size_t nc = d->cap ? d->cap * 2 : 16;
    fde_t *np = realloc(d->fdes, nc * sizeof *np);
    if (!np)
      die_io("out of memory");
    d->fdes = np;
    d->cap = nc;
  }
  memset(&d->fdes[d->nfdes], 0, sizeof *d->fdes);
  return &d->fdes[d->nfdes++];
}

static fre_t *add_fre(fde_t *f) {
  if (f->nfres == f->cap) {
    size_t nc = f->cap ? f->cap * 2 : 8;
    fre_t *np = realloc(f->fres, nc * sizeof *np);
    if (!np)
      die_io("out of memory");
    f->fres = np;
    f->cap = nc;
  }
  memset(&f->fres[f->nfres], 0, sizeof *f->fres);
  return &f->fres[f->nfres++];
}

#define FAIL(...)                                                              \
  do {                                                                         \
    snprintf(lx->err, sizeof lx->err, __VA_ARGS__);                            \
    return -1;                                                                 \
  } while (0)

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
    if (parse_dec(&p, &v) || *p || v < 0 || v > 255)
      return -1;
    *bits |= (unsigned)v & 7u;
  }
  return 0;
}

/* Parse the FRE row at s (after the address). */
static int parse_row(lexer *lx, const fde_t *fde, fre_t *f, const char *s) {
  char c_cfa[48];
  s = skip_sp(s);
  if (starts_with(s, "RA undefined")) {
    s += strlen("RA undefined");
    if (!blank(s))
      FAIL("line %d: trailing text after 'RA undefined'", lx->lineno);
    f->outermost = 1;
    return 0;
  }
  if (cell(&s, c_cfa, sizeof c_cfa))
    FAIL("line %d: bad CFA cell", lx->lineno);
  if (parse_cfa(f, c_cfa, fde->flex))
    FAIL("line %d: bad CFA cell '%s'", lx->lineno, c_cfa);
  if (cell(&s, f->fp_cell, sizeof f->fp_cell))
    FAIL("line %d: bad FP cell", lx->lineno);
  if (cell(&s, f->ra_cell, sizeof f->ra_cell))
    FAIL("line %d: bad RA cell", lx->lineno);
  if (starts_with(s, "[s]")) {
    f->mangled = 1;
    s += 3;
  }
  if (!blank(s))
    FAIL("line %d: trailing text in FRE row", lx->lineno);
  return 0;
}

static int parse_dump(char *text, dump_t *d, lexer *lx) {
  char *l;
  const char *s;
  int64_t v;
  memset(d, 0, sizeof *d);
  memset(lx, 0, sizeof *lx);
  lx->p = text;

  /* objdump: "\nFILE:     file format X\n\n"; readelf: nothing before */
  for (;;) {
    l = next_line(lx);
    if (!l)
      FAIL("no 'Contents of the SFrame section' in the tool's output");
    if (!strcmp(l, "Contents of the SFrame section .sframe:"))
      break;
    if (blank(l) || strstr(l, ":     file format "))
      continue;
    FAIL("line %d: unexpected text before the dump: %.80s", lx->lineno, l);
  }
  do
    l = next_line(lx);
  while (l && blank(l));
  if (!l || strcmp(l, "  Header :"))
    FAIL("line %d: no 'Header :'", lx->lineno);
  do
    l = next_line(lx);
  while (l && blank(l));
  s = l ? skip_sp(l) : "";
  if (expect(&s, "Version: SFRAME_VERSION_") || parse_dec(&s, &v) || *s || v < 1 || v > 255)
    FAIL("line %d: bad Version line", lx->lineno);
  d->version = (int)v;

  l = next_line(lx);
  s = l ? skip_sp(l) : "";
  if (expect(&s, "Flags:"))
    FAIL("line %d: no Flags line", lx->lineno);
  {
    /* one name per line; each but the last ends with ',' (2.45+), or one
     * name only (2.40-2.44). */
    char name[64];
    int more;
    d->flags_known = 1;
    for (;;) {
      size_t n;
      s = skip_sp(s);
      n = strcspn(s, ", \t");
      if (n == 0 || n >= sizeof name)
        FAIL("line %d: bad flag", lx->lineno);
      memcpy(name, s, n);
      name[n] = '\0';
      s += n;
      if (flag_bit(name, &d->flags))
        FAIL("line %d: unknown flag '%s'", lx->lineno, name);
      more = *s == ',';
      if (more)
        s++;
      if (!blank(s))
        FAIL("line %d: trailing text after flags", lx->lineno);
      if (!more)
        break;
      l = next_line(lx);
      if (!l)
        FAIL("flags continue past the end of the output");
      s = l;
    }
  }
  for (;;) {
    l = next_line(lx);
    if (!l)
      FAIL("no 'Num FDEs' line");
    s = skip_sp(l);
    if (!expect(&s, "CFA fixed FP offset: ")) {
      if (parse_dec(&s, &v) || *s)
        FAIL("line %d: bad fixed FP offset", lx->lineno);
      d->fixed_fp = v;
    } else if (!expect(&s, "CFA fixed RA offset: ")) {
      if (parse_dec(&s, &v) || *s)
        FAIL("line %d: bad fixed RA offset", lx->lineno);
      d->fixed_ra = v;
    } else
      break;
  }
  s = skip_sp(l);
  if (expect(&s, "Num FDEs: ") || parse_dec(&s, &v) || *s || to_u32(v, &d->num_fdes))
    FAIL("line %d: bad Num FDEs line", lx->lineno);
  l = next_line(lx);
  s = l ? skip_sp(l) : "";
  if (expect(&s, "Num FREs: ") || parse_dec(&s, &v) || *s || to_u32(v, &d->num_fres))
    FAIL("line %d: bad Num FREs line", lx->lineno);
  do
    l = next_line(lx);
  while (l && blank(l));
  if (!l)
    FAIL("no 'Function Index :'");
  if (strcmp(l, "  Function Index :")) {
    s = skip_sp(l);
    if (starts_with(s, "No further information can be displayed"))
      FAIL("the tool cannot display this version: %.100s", s);
    FAIL("line %d: no 'Function Index :'", lx->lineno);
  }

  /* function blocks */
  l = next_line(lx);
  for (;;) {
    fde_t *fde;
    int64_t idx;
    uint64_t pc;
    while (l && blank(l))
      l = next_line(lx);
    if (!l)
      break;
    s = skip_sp(l);
    if (expect(&s, "func idx [") || parse_dec(&s, &idx) || expect(&s, "]: pc = 0x") ||
        parse_hex(&s, &pc) || expect(&s, ", size = ") || parse_dec(&s, &v) ||
        expect(&s, " bytes"))
      FAIL("line %d: bad function line: %.80s", lx->lineno, l);
    fde = add_fde(d);
    if (idx < 0 || to_u32(idx, &fde->index) || to_u32(v, &fde->size))
      FAIL("line %d: bad function index or size", lx->lineno);
    fde->pc = pc;
    if (!expect(&s, ", attr = \"")) {
      for (; *s && *s != '"'; s++) {
        if (*s == 'S')
          fde->signal = 1;
        else if (*s == 'F')
          fde->flex = 1;
        else
          FAIL("line %d: unknown attribute '%c'", lx->lineno, *s);
      }
      if (expect(&s, "\""))
        FAIL("line %d: bad attr", lx->lineno);
    }
    if (!expect(&s, ", pauth = B key"))
      fde->pauth_b = 1;
    if (!blank(s))
      FAIL("line %d: trailing text on function line", lx->lineno);
    l = next_line(lx);
    s = l ? skip_sp(l) : "";
    if (expect(&s, "STARTPC"))
      FAIL("line %d: no STARTPC column line", lx->lineno);
    if (!expect(&s, "[m]"))
      fde->mask = 1;
    s = skip_sp(s);
    if (expect(&s, "CFA") || (s = skip_sp(s), expect(&s, "FP")) ||
        (s = skip_sp(s), expect(&s, "RA")) || !blank(s))
      FAIL("line %d: bad column line", lx->lineno);
    /* rows until a blank line or the next function */
    for (;;) {
      uint64_t addr;
      fre_t *f;
      l = next_line(lx);
      if (!l || blank(l))
        break;
      s = skip_sp(l);
      if (starts_with(s, "func idx ["))
        break;
      if (strspn(s, "0123456789abcdef") != 16 || parse_hex(&s, &addr))
        FAIL("line %d: bad FRE row: %.80s", lx->lineno, l);
      f = add_fre(fde);
      f->start = fde->mask ? addr : addr - fde->pc;
      if (parse_row(lx, fde, f, s))
        return -1;
    }
  }
  return 0;
}

/* Turn the raw FP / RA cells into rules, with what the whole dump tells.
 * Legacy text (tool < 2.41) has no fixed-offset header lines, and prints
 * 'u' for RA whenever the header has a fixed RA offset and for FP whenever
 * it has a fixed FP offset (observed with 2.40), as well as when the FRE
 * has no such word: 'u' is then "unchanged" only once some 'c+N' cell in
 * that column shows the header's fixed offset to be 0; otherwise the rule
 * (and, for a fixed rule, the offset) is unknown. */
static int classify(dump_t *d, int legacy, lexer *lx) {
  size_t i, j;
  int ra_zero, fp_zero; /* the header's fixed RA / FP offset is known to be 0 */
  int any_pauth_b = 0;

  if (!legacy) {
    d->fixed_ra_known = d->fixed_fp_known = 1; /* absent lines mean 0 */
  } else {
    for (i = 0; i < d->nfdes; i++) {
      for (j = 0; j < d->fdes[i].nfres; j++) {
        fre_t *f = &d->fdes[i].fres[j];
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
    any_pauth_b |= d->fdes[i].pauth_b;
  for (i = 0; i < d->nfdes; i++) {
    fde_t *fde = &d->fdes[i];
    if (any_pauth_b && !fde->pauth_b)
      fde->pauth_b = -1; /* "pauth" is printed for AArch64 only: key A */
    for (j = 0; j < fde->nfres; j++) {
      fre_t *f = &fde->fres[j];
      cellv v;
      int k;
      if (f->outermost)
        continue;
      for (k = 0; k < 2; k++) {
        int is_ra = k == 0;
        rule_t *r = is_ra ? &f->ra : &f->fp;
        const char *c = is_ra ? f->ra_cell : f->fp_cell;
        uint32_t reg;
        if (cell_split(c, &v))
          FAIL("bad %s cell '%s'", is_ra ? "RA" : "FP", c);
        r->reg_known = 1;
        r->reg = 0;
        r->off_known = 1;
        r->offset = 0;
        if (!strcmp(v.name, "u") || !strcmp(v.name, "U")) {
          r->rule = "unchanged";
          if (legacy && !(is_ra ? ra_zero : fp_zero)) {
            r->rule = NULL; /* unchanged, or fixed at an unknown offset */
            r->off_known = 0;
          }
        } else if (!strcmp(v.name, "f")) {
          r->rule = "fixed";
          r->offset = is_ra ? d->fixed_ra : d->fixed_fp;
          r->off_known = is_ra ? d->fixed_ra_known : d->fixed_fp_known;
        } else if (!strcmp(v.name, "c")) {
          r->offset = v.off;
          if (fde->flex)
            r->rule = v.deref ? "at-cfa" : "val-cfa";
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
          FAIL("bad %s cell '%s'", is_ra ? "RA" : "FP", c);
      }
    }
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* output                                                              */

static const char *flag_names[3] = {"FDE_SORTED", "FRAME_POINTER", "FDE_FUNC_START_PCREL"};

static void print_rule(FILE *o, const rule_t *r) {
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

static void print_json(FILE *o, const dump_t *d) {
  size_t i, j;
  unsigned b;
  int first = 1;
  fprintf(o, "{\"schema\":\"sframe-conformance/dump/1\",\"version\":%d,\"endian\":null,"
             "\"abi\":null,\"flags\":",
          d->version);
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
  fputs(",\"flags_raw\":null,", o);
  if (d->fixed_fp_known)
    fprintf(o, "\"fixed_fp_offset\":%" PRId64 ",", d->fixed_fp);
  else
    fputs("\"fixed_fp_offset\":null,", o);
  if (d->fixed_ra_known)
    fprintf(o, "\"fixed_ra_offset\":%" PRId64 ",", d->fixed_ra);
  else
    fputs("\"fixed_ra_offset\":null,", o);
  fprintf(o, "\"auxhdr_len\":null,\"num_fdes\":%" PRIu32 ",\"num_fres\":%" PRIu32
             ",\"functions\":[",
          d->num_fdes, d->num_fres);
  for (i = 0; i < d->nfdes; i++) {
    const fde_t *f = &d->fdes[i];
    fprintf(o, "%s{\"index\":%" PRIu32 ",\"start\":\"0x%" PRIx64 "\",\"size\":%" PRIu32
               ",\"pc_type\":\"%s\",",
            i ? "," : "", f->index, f->pc, f->size, f->mask ? "mask" : "inc");
    if (d->version == SFR_VERSION_1)
      fputs("\"rep_size\":0,", o);
    else
      fputs("\"rep_size\":null,", o);
    fprintf(o, "\"fde_type\":\"%s\",\"fre_type\":null,\"pauth_key\":%s,\"signal\":%s,"
               "\"num_fres\":%zu,\"fres\":[",
            f->flex ? "flex" : "default",
            f->pauth_b > 0 ? "\"B\"" : f->pauth_b < 0 ? "\"A\"" : "null",
            f->signal ? "true" : "false", f->nfres);
    for (j = 0; j < f->nfres; j++) {
      const fre_t *r = &f->fres[j];
      fprintf(o, "%s{\"start\":%" PRIu64 ",\"rules\":", j ? "," : "", r->start);
      if (r->outermost) {
        fputs("{\"cfa\":null,\"ra\":{\"rule\":\"undefined\",\"reg\":0,\"offset\":0},"
              "\"fp\":{\"rule\":\"unchanged\",\"reg\":0,\"offset\":0},\"ra_mangled\":null}}",
              o);
        continue;
      }
      fprintf(o, "{\"cfa\":{\"base\":\"%s\",\"reg\":", r->base);
      if (r->cfa_reg_known)
        fprintf(o, "%" PRIu32, r->cfa_reg);
      else
        fputs("null", o);
      fprintf(o, ",\"offset\":%" PRId64 ",\"deref\":%s},\"ra\":", r->cfa_offset,
              r->cfa_deref ? "true" : "false");
      print_rule(o, &r->ra);
      fputs(",\"fp\":", o);
      print_rule(o, &r->fp);
      fprintf(o, ",\"ra_mangled\":%s}}", r->mangled ? "true" : "false");
    }
    fputs("]}", o);
  }
  fputs("]}\n", o);
}

/* ------------------------------------------------------------------ */
/* decode                                                              */

static uint8_t *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  uint8_t *b = NULL;
  size_t n = 0, cap = 0;
  if (!f)
    die_io("cannot open %s: %s", path, strerror(errno));
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
        die_io("%s: section larger than %u bytes", path, MAX_SECTION);
      }
      nb = realloc(b, cap);
      if (!nb)
        die_io("out of memory");
      b = nb;
    }
    k = fread(b + n, 1, cap - n, f);
    n += k;
    if (k == 0)
      break;
  }
  if (ferror(f))
    die_io("cannot read %s", path);
  fclose(f);
  if (n > MAX_SECTION)
    die_io("%s: section larger than %u bytes", path, MAX_SECTION);
  *len = n;
  return b;
}

static int parse_vma(const char *s, uint64_t *v) {
  const char *p = s;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    p += 2;
  if (parse_hex(&p, v) || *p)
    return -1;
  return 0;
}

static void first_line(const char *s, char *out, size_t n) {
  size_t k = strcspn(s, "\n");
  if (k >= n)
    k = n - 1;
  memcpy(out, s, k);
  out[k] = '\0';
}

static void free_dump(dump_t *d) {
  size_t i;
  for (i = 0; i < d->nfdes; i++)
    free(d->fdes[i].fres);
  free(d->fdes);
  memset(d, 0, sizeof *d);
}

static int finish(run_t *r, dump_t *d, int rc) {
  free(r->out.p);
  free(r->err.p);
  r->out.p = r->err.p = NULL;
  free_dump(d);
  return rc;
}

static int cmd_decode(const char *secpath, const char *vmastr) {
  uint8_t *sec, *elf;
  size_t seclen, elflen;
  uint64_t vma;
  tool_version tv;
  int fd;
  char *argv[4];
  char arg[64];
  run_t r;
  dump_t d;
  lexer lx;
  double timeout = 9.0;
  const char *te = getenv("SFADAPTER_TIMEOUT");
  const char *tmp = getenv("TMPDIR");
  struct sigaction sa;

  if (parse_vma(vmastr, &vma))
    die_io("bad VMA '%s'", vmastr);
  if (te && atof(te) > 0)
    timeout = atof(te);
  sec = read_file(secpath, &seclen);
  if (get_version(&tv) != 0) {
    fprintf(stderr, "cannot run '%s --version'\n", tool_path());
    return 2;
  }
  /* 2.45 and later know SHT_GNU_SFRAME (what their ld writes); older ones
   * find .sframe by name in a PROGBITS section. */
  elf = make_elf(sec, seclen, vma, ver_ge(&tv, 2, 45) ? SHT_GNU_SFRAME_ : SHT_PROGBITS_,
                 &elflen);
  free(sec);

  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_term;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);

  snprintf(g_tmpdir, sizeof g_tmpdir, "%s/sfadapter-XXXXXX", (tmp && *tmp) ? tmp : "/tmp");
  if (!mkdtemp(g_tmpdir)) {
    g_tmpdir[0] = '\0';
    die_io("mkdtemp: %s", strerror(errno));
  }
  snprintf(g_tmpfile, sizeof g_tmpfile, "%s/sframe.elf", g_tmpdir);
  fd = open(g_tmpfile, O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) {
    g_tmpfile[0] = '\0';
    cleanup_tmp();
    die_io("cannot create temporary file: %s", strerror(errno));
  }
  {
    size_t off = 0;
    while (off < elflen) {
      ssize_t k = write(fd, elf + off, elflen - off);
      if (k < 0 && errno == EINTR)
        continue;
      if (k <= 0) {
        close(fd);
        cleanup_tmp();
        die_io("cannot write temporary file");
      }
      off += (size_t)k;
    }
  }
  close(fd);
  free(elf);

  snprintf(arg, sizeof arg, "--sframe=.sframe");
  argv[0] = (char *)tool_path();
  argv[1] = arg;
  argv[2] = g_tmpfile;
  argv[3] = NULL;
  memset(&d, 0, sizeof d);
  run_tool(argv, timeout, &r);
  cleanup_tmp();

  if (getenv("SFADAPTER_TRACE")) { /* debugging: the tool's raw text */
    fputs(r.out.p, stderr);
    fputs(r.err.p, stderr);
  }
  if (r.exec_failed) {
    fprintf(stderr, "cannot execute %s: %s\n", argv[0], strerror(r.exec_failed));
    return finish(&r, &d, 2);
  }
  if (r.timed_out) {
    fprintf(stderr, "timeout: %s did not finish within %g s\n", g_tool_name, timeout);
    return finish(&r, &d, 124);
  }
  if (WIFSIGNALED(r.status)) {
    int sig = WTERMSIG(r.status);
    struct rlimit rl = {0, 0};
    char line[160];
    first_line(r.err.p, line, sizeof line);
    fprintf(stderr, "%s killed by signal %d (%s)%s%s\n", g_tool_name, sig, strsignal(sig),
            line[0] ? ": " : "", line);
    fflush(NULL);
    setrlimit(RLIMIT_CORE, &rl);
    signal(sig, SIG_DFL);
    raise(sig);
    return finish(&r, &d, 128 + sig);
  }
  if (WEXITSTATUS(r.status) != 0) {
    char line[200];
    first_line(r.err.p, line, sizeof line);
    fprintf(stderr, "%s exited with status %d: %s\n", g_tool_name, WEXITSTATUS(r.status),
            line[0] ? line : "(no message)");
    return finish(&r, &d, 1);
  }
  if (r.err.len) {
    char line[200];
    first_line(r.err.p, line, sizeof line);
    fprintf(stderr, "%s warned: %s\n", g_tool_name, line);
    return finish(&r, &d, 1);
  }
  if (r.out.truncated) {
    fprintf(stderr, "%s printed more than %u bytes\n", g_tool_name, MAX_STDOUT);
    return finish(&r, &d, 1);
  }
  if (parse_dump(r.out.p, &d, &lx) || classify(&d, !ver_ge(&tv, 2, 41), &lx)) {
    fprintf(stderr, "cannot parse %s output: %s\n", g_tool_name, lx.err);
    return finish(&r, &d, 1);
  }
  print_json(stdout, &d);
  if (fflush(stdout) != 0)
    return finish(&r, &d, 2);
  return finish(&r, &d, 0);
}

/* ------------------------------------------------------------------ */

static void usage(void) {
  fprintf(stderr,
          "usage: sfadapter-%s capabilities\n"
          "       sfadapter-%s decode SECTION VMA\n"
          "(the conformance adapter protocol, conformance/PROTOCOL.md)\n",
          g_tool_name, g_tool_name);
}

int main(int argc, char **argv) {
  /* binutils 2.40 reads past its buffers on some inputs (binutils-notes.md,
   * C3); what it then does depends on where its heap lies.  The tool runs
   * without address randomisation (the personality is inherited), so the
   * outcome is the same on every run and the expected-results files can
   * hold it.  Re-executed once. */
  {
    int pers = personality(0xffffffff);
    if (pers != -1 && !(pers & ADDR_NO_RANDOMIZE) &&
        personality((unsigned long)pers | ADDR_NO_RANDOMIZE) != -1)
      execv("/proc/self/exe", argv);
  }
#if defined(SFA_TOOL_READELF)
  g_tool = TOOL_READELF;
#elif defined(SFA_TOOL_OBJDUMP)
  g_tool = TOOL_OBJDUMP;
#else
  {
    const char *base = argc > 0 && argv[0] ? strrchr(argv[0], '/') : NULL;
    base = base ? base + 1 : (argc > 0 && argv[0] ? argv[0] : "");
    g_tool = strstr(base, "readelf") ? TOOL_READELF : TOOL_OBJDUMP;
  }
#endif
  g_tool_name = g_tool == TOOL_READELF ? "readelf" : "objdump";
  signal(SIGPIPE, SIG_IGN);
  if (argc == 2 && !strcmp(argv[1], "capabilities"))
    return cmd_capabilities();
  if (argc == 4 && !strcmp(argv[1], "decode"))
    return cmd_decode(argv[2], argv[3]);
  if (argc >= 2 && (!strcmp(argv[1], "lookup") || !strcmp(argv[1], "unwind"))) {
    fprintf(stderr, "%s: command not offered by this adapter\n", argv[1]);
    return 2;
  }
  usage();
  return 2;
}
