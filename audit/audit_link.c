/* SPDX-License-Identifier: MIT */
/* audit_link.c - predictions where pieces meet: the relocatable objects
 * sfaudit found, taken as one link per architecture, and what each linker
 * the suite knows makes of their .sframe sections (links.tsv, measured by
 * measure-links.sh on the suite's toolchains, each row with the finding or
 * SPEC-NOTES entry it rests on); and --confirm, which links the objects
 * with those linkers and says which predictions did not come true. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "sfc_tools.h"
#include "sframe_kernel.h"

/* ---- the table ---- */

size_t au_split_tabs(char *line, char **f, size_t n) {
  size_t k = 0;
  line[strcspn(line, "\r\n")] = 0;
  for (char *p = line; k < n; k++) {
    f[k] = p;
    if (!(p = strchr(p, '\t'))) {
      k++;
      break;
    }
    *p++ = 0;
  }
  return k;
}

int au_links_load(au_links *t, const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  char *line = NULL, *fl[AU_LINK_COLS];
  size_t cap = 0, lineno = 0;
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  while (getline(&line, &cap, f) > 0) {
    lineno++;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    if (au_split_tabs(line, fl, AU_LINK_COLS) != AU_LINK_COLS) {
      snprintf(err, errlen, "%s:%zu: %d tab-separated columns wanted", path, lineno, AU_LINK_COLS);
      free(line);
      fclose(f);
      return -1;
    }
    if (t->n == t->cap) {
      au_link_row *nr = realloc(t->rows, (t->cap ? 2 * t->cap : 256) * sizeof *nr);
      if (!nr)
        goto oom;
      t->rows = nr;
      t->cap = t->cap ? 2 * t->cap : 256;
    }
    memset(&t->rows[t->n], 0, sizeof t->rows[t->n]);
    t->n++; /* counted before its columns: au_links_free frees what was made */
    for (int c = 0; c < AU_LINK_COLS; c++)
      if (!(t->rows[t->n - 1].col[c] = strdup(fl[c])))
        goto oom;
    au_links_add_linker(t, fl[AU_COL_LINKER]);
  }
  free(line);
  fclose(f);
  return 0;
oom:
  snprintf(err, errlen, "%s:%zu: out of memory", path, lineno);
  free(line);
  fclose(f);
  return -1;
}

int au_links_linkers(au_links *t, const char *producers, char *err, size_t errlen) {
  FILE *f = fopen(producers, "r");
  char *line = NULL, *fl[3];
  size_t cap = 0;
  if (!f) {
    snprintf(err, errlen, "%s: %s", producers, strerror(errno));
    return -1;
  }
  while (getline(&line, &cap, f) > 0)
    if (line[0] != '#' && au_split_tabs(line, fl, 3) == 3 && !strcmp(fl[1], "ld"))
      au_links_add_linker(t, fl[0]);
  free(line);
  fclose(f);
  return 0;
}

void au_links_free(au_links *t) {
  for (size_t i = 0; i < t->n; i++)
    for (int c = 0; c < AU_LINK_COLS; c++)
      free(t->rows[i].col[c]);
  free(t->rows);
  t->rows = NULL, t->n = t->cap = 0;
}

void au_links_add_linker(au_links *t, const char *name) {
  for (size_t i = 0; i < t->nlinkers; i++)
    if (!strcmp(t->linkers[i], name))
      return;
  if (t->nlinkers < AU_MAX_LINKERS)
    snprintf(t->linkers[t->nlinkers++], sizeof t->linkers[0], "%s", name);
}

int au_links_has_linker(const au_links *t, const char *name) {
  for (size_t i = 0; i < t->nlinkers; i++)
    if (!strcmp(t->linkers[i], name))
      return 1;
  return 0;
}

const au_link_row *au_links_find(const au_links *t, const char *arch, const char *linker, const char *mode,
                                 const au_situation *s) {
  char nosf[2] = {(char)('0' + s->nosf), 0};
  for (size_t i = 0; i < t->n; i++) {
    char *const *c = t->rows[i].col;
    if (!strcmp(c[AU_COL_ARCH], arch) && !strcmp(c[AU_COL_LINKER], linker) && !strcmp(c[AU_COL_MODE], mode) &&
        !strcmp(c[AU_COL_INPUTS], s->inputs) && !strcmp(c[AU_COL_EMPTY], s->empty) &&
        !strcmp(c[AU_COL_NOSF], nosf))
      return &t->rows[i];
  }
  return NULL;
}

/* ---- the situation of a link ---- */

const char *au_arch_name(uint16_t machine) {
  return machine == EM_X86_64 ? "x86_64" : machine == EM_AARCH64 ? "aarch64" : machine == EM_S390 ? "s390x" : NULL;
}

/* "3s": the version and whether the section is typed SHT_GNU_SFRAME (s)
 * or SHT_PROGBITS (p): lld and gold tell inputs apart by type
 * (SPEC-NOTES N44). */
void au_rel_kind(const au_object *o, char kind[4]) {
  kind[0] = 0;
  if (o->has_sframe && o->version < 10) {
    kind[0] = (char)('0' + o->version);
    kind[1] = o->sizes.sframe_type == SHT_GNU_SFRAME ? 's' : 'p';
    kind[2] = 0;
  }
}

/* Adds kind to the "+"-joined sorted set list ("-" when empty). */
static void set_add(char *list, size_t cap, const char *kind) {
  char tmp[AU_SET_LEN], *parts[16], buf[AU_SET_LEN];
  size_t n = 0;
  if (strcmp(list, "-")) {
    snprintf(buf, sizeof buf, "%s", list);
    for (char *p = strtok(buf, "+"); p && n < 15; p = strtok(NULL, "+"))
      if (!strcmp(p, kind))
        return;
      else
        parts[n++] = p;
  }
  size_t at = 0;
  while (at < n && strcmp(parts[at], kind) < 0)
    at++;
  memmove(parts + at + 1, parts + at, (n - at) * sizeof *parts);
  parts[at] = (char *)kind;
  n++;
  tmp[0] = 0;
  for (size_t i = 0; i < n; i++) {
    size_t l = strlen(tmp);
    snprintf(tmp + l, sizeof tmp - l, "%s%s", i ? "+" : "", parts[i]);
  }
  snprintf(list, cap, "%s", tmp);
}

void au_situation_add(au_situation *s, const au_rel *r) {
  if (!s->inputs[0])
    strcpy(s->inputs, "-"), strcpy(s->empty, "-");
  s->objects++;
  if (r->kind[0] && r->functions)
    set_add(s->inputs, sizeof s->inputs, r->kind), s->functions += r->functions;
  else if (r->kind[0])
    set_add(s->empty, sizeof s->empty, r->kind);
  else if (r->cfi_functions)
    s->nosf = 1, s->gap_objects++, s->gap_functions += r->cfi_functions;
}

/* ---- outcomes ---- */

const char *au_outcome_name(char c) {
  switch (c) {
  case 'K': return "merged";
  case 'P': return "merged, functions lost";
  case 'C': return "concatenated";
  case 'S': return "split in two sections";
  case 'E': return "emptied (0-byte .sframe)";
  case 'D': return "dropped (no .sframe)";
  case 'R': return "link refused";
  case 'N': return "no .sframe input";
  default: return "not measured";
  }
}

/* Would a program linked so be broken: the link fails, its .sframe is not
 * one valid section with every input function, the kernel generation
 * kgen refuses it, or objects without SFrame leave functions uncovered. */
int au_outcome_breaks(char c, const char *valid, const char *kernel, int gap, const char *kgen) {
  if (c == 'N' || c == '?')
    return 0;
  if (c != 'K')
    return 1;
  if (strcmp(valid, "valid") && strcmp(valid, "questionable"))
    return 1;
  /* "kernel-v13: rule; kernel-v16: rule": kgen's name followed by ':' */
  for (const char *p = kernel && kgen ? strstr(kernel, kgen) : NULL; p; p = strstr(p + 1, kgen))
    if ((p == kernel || p[-1] == ' ') && p[strlen(kgen)] == ':')
      return 1;
  return gap;
}

/* ---- linking (--confirm) ---- */

/* The kernel's way (SPEC-NOTES N44): a script that places code and data
 * only and discards .eh_frame (as arch/x86's vmlinux.lds.S does), and
 * --orphan-handling=error, which the kernel's Makefile passes to the
 * linkers that take it (its ld-option test; mold does not). */
static const char kernel_lds[] =
    "SECTIONS {\n"
    "  . = 0x1000000;\n"
    "  .text : { *(.text .text.*) }\n"
    "  .plt : { *(.plt) *(.iplt) }\n"
    "  .rodata : { *(.rodata .rodata.*) }\n"
    "  .notes : { *(.note.*) }\n"
    "  .data : { *(.data .data.*) }\n"
    "  .got : { *(.got) *(.got.plt) *(.igot.plt) }\n"
    "  .rela.dyn : { *(.rela.*) }\n"
    "  .bss : { *(.bss .bss.*) *(COMMON) }\n"
    "  .comment 0 : { *(.comment) }\n"
    "  .symtab 0 : { *(.symtab) }\n"
    "  .strtab 0 : { *(.strtab) }\n"
    "  .shstrtab 0 : { *(.shstrtab) }\n"
    "  /DISCARD/ : { *(.eh_frame) }\n"
    "}\n";

/* Runs argv with stdout and stderr into log; its exit status, 124 after
 * timeout seconds, -1 when it could not start. */
static int run_logged(char *const *argv, const char *log, int timeout) {
  posix_spawn_file_actions_t fa;
  pid_t pid;
  int status, rc = -1;
  extern char **environ;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) != 0) {
    posix_spawn_file_actions_destroy(&fa);
    return -1;
  }
  posix_spawn_file_actions_destroy(&fa);
  for (int waited = 0;; waited++) {
    pid_t p = waitpid(pid, &status, WNOHANG);
    if (p == pid) {
      rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
      break;
    }
    if (p < 0 && errno != EINTR)
      break;
    if (waited > timeout * 50) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      rc = 124;
      break;
    }
    nanosleep(&(struct timespec){0, 20000000}, NULL);
  }
  return rc;
}

/* The first line of log that says error (else its first line). */
static void first_error(const char *log, char *out, size_t cap) {
  FILE *f = fopen(log, "r");
  char *line = NULL;
  size_t lc = 0;
  out[0] = 0;
  while (f && getline(&line, &lc, f) > 0) {
    line[strcspn(line, "\n")] = 0;
    if (!out[0] || strstr(line, "error") || strstr(line, "fatal")) {
      snprintf(out, cap, "%s", line);
      if (strstr(line, "error") || strstr(line, "fatal"))
        break;
    }
  }
  free(line);
  if (f)
    fclose(f);
}

/* What a link's output is, by the outcome letters of links.tsv. */
static void classify_output(const char *out, const au_situation *s, const au_readers *rd, au_observed *ob) {
  size_t len = 0;
  uint8_t *b = NULL;
  au_object *o = calloc(1, sizeof *o);
  if (sfc_read_file(out, &b, &len) != SFC_READ_OK || len == 0 || !o) {
    ob->outcome = 'R';
    snprintf(ob->detail, sizeof ob->detail, "the linker wrote no output");
    free(b), free(o);
    return;
  }
  o->path = out;
  au_object_judge(o, b, len, rd);
  snprintf(ob->valid, sizeof ob->valid, "%s",
           !o->has_sframe ? "-" : o->verdict ? sfr_class_name((sfr_class)o->verdict) : "valid");
  snprintf(ob->kernel, sizeof ob->kernel, "%s", o->kernel_refusals[0] ? o->kernel_refusals : "-");
  ob->outcome = o->sizes.sframe_sections == 0 ? (s->functions || strcmp(s->empty, "-") ? 'D' : 'N')
                : o->sizes.sframe_sections > 1 ? 'S'
                : !o->has_sframe           ? 'E'
                : o->headers > 1           ? 'C'
                : o->functions < s->functions ? 'P'
                                              : 'K';
  snprintf(ob->detail, sizeof ob->detail, "%u section(s), %u header(s), v%u, %u of %zu functions, %s", o->sizes.sframe_sections,
           o->headers, o->version, o->functions, s->functions, o->sizes.sframe_phdr ? "PT_GNU_SFRAME" : "no PT_GNU_SFRAME");
  free(b), free(o);
}

/* The linker's argument vector for mode, over the objects rels[0, n)
 * (an archive's members: the archive, whole, once); out and lds: the
 * output and the kernel script's paths. */
static void link_argv(char **argv, size_t cap, const char *ld, const char *linker, const char *mode,
                      const char *out, const char *lds, const au_rel *rels, size_t n) {
  size_t k = 0;
  const char *fixed[] = {ld, "-o", out, "-e", "_start", "--unresolved-symbols=ignore-all",
                         "--allow-multiple-definition"};
  for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
    argv[k++] = (char *)fixed[i];
  if (!strcmp(mode, "kernel")) {
    argv[k++] = "-T", argv[k++] = (char *)lds;
    if (strncmp(linker, "mold", 4))
      argv[k++] = "--orphan-handling=error";
  } else {
    argv[k++] = "-static";
    if (!strcmp(mode, "gc"))
      argv[k++] = "--gc-sections";
  }
  for (size_t i = 0; i < n && k + 4 < cap; i++) {
    if (rels[i].member && i > 0 && rels[i - 1].member && !strcmp(rels[i].path, rels[i - 1].path))
      continue;
    if (rels[i].member)
      argv[k++] = "--whole-archive";
    argv[k++] = rels[i].path;
    if (rels[i].member)
      argv[k++] = "--no-whole-archive";
  }
  argv[k] = NULL;
}

void au_link_observe(const char *toolchains, const char *arch, const char *linker, const char *mode,
                     const au_rel *rels, size_t n, const au_situation *s, const au_readers *rd, au_observed *ob) {
  char ld[4200], dir[] = "/tmp/sfaudit-link-XXXXXX", log[4300], out[4300], lds[4300];
  char **argv = calloc(3 * n + 32, sizeof *argv);
  struct stat st;
  memset(ob, 0, sizeof *ob);
  ob->outcome = '?';
  snprintf(ld, sizeof ld, "%s/ld/%s-%s/ld", toolchains, linker, arch);
  if (stat(ld, &st) != 0) {
    snprintf(ob->detail, sizeof ob->detail, "absent: no %s-%s under %.200s (producers/toolchains.sh makes it)",
             linker, arch, toolchains);
    free(argv);
    return;
  }
  if (!argv || !mkdtemp(dir)) {
    snprintf(ob->detail, sizeof ob->detail, "cannot make a directory to link in: %s", strerror(errno));
    free(argv);
    return;
  }
  ob->ran = 1;
  snprintf(log, sizeof log, "%s/log", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  snprintf(lds, sizeof lds, "%s/kernel.lds", dir);
  if (!strcmp(mode, "kernel")) {
    FILE *f = fopen(lds, "w");
    if (f)
      fputs(kernel_lds, f), fclose(f);
  }
  link_argv(argv, 3 * n + 32, ld, linker, mode, out, lds, rels, n);
  int rc = run_logged(argv, log, 300);
  if (rc != 0) {
    char why[300];
    first_error(log, why, sizeof why);
    /* the linker as its id, not as the path it ran from (or its loader's) */
    const char *msg = strstr(why, ": error:");
    if (!msg)
      msg = strstr(why, ": fatal:");
    if (!msg && why[0] == '/') /* "/path/to/ld: message" */
      msg = strstr(why, ": ");
    ob->outcome = 'R';
    snprintf(ob->valid, sizeof ob->valid, "-");
    snprintf(ob->kernel, sizeof ob->kernel, "-");
    if (msg)
      snprintf(ob->detail, sizeof ob->detail, "exit %d: %s%.280s", rc, linker, msg);
    else
      snprintf(ob->detail, sizeof ob->detail, "exit %d: %.280s", rc, why);
    /* nor the temporary directory it linked in */
    for (char *at; (at = strstr(ob->detail, dir));) {
      size_t dl = strlen(dir) + (at[strlen(dir)] == '/');
      memmove(at, at + dl, strlen(at + dl) + 1);
    }
  } else {
    classify_output(out, s, rd, ob);
  }
  free(argv);
  au_remove_tree(dir);
}
