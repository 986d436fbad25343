/* SPDX-License-Identifier: MIT */
/* impl.c - the implementations under test: a bundled adapter, an
 * executable or a shared library; their capabilities and skip lists. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <elf.h>
#include <fcntl.h>
#include <stddef.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner.h"
#include "sframe_ref.h" /* the versions, for the capabilities asked */

/* How the runner runs an adapter: in a process group of its own (killed
 * whole), in the runner's environment, with the time limit of --timeout. */
proc_opts adapter_run_opts(const opts *o, size_t max_out) {
  proc_opts po;
  memset(&po, 0, sizeof po);
  po.timeout_s = o->timeout;
  po.max_out = max_out;
  po.own_group = 1;
  po.default_sigpipe = 1; /* the workers ignore SIGPIPE (a serving process may go) */
  po.who = "sfconform";
  return po;
}



/* A shared library: ELF ET_DYN without a PT_INTERP program header.  The
 * fields are read byte by byte in the file's byte order, at their places
 * in <elf.h>'s structures. */
static uint64_t elf_field(const unsigned char *h, size_t at, unsigned n, int big) {
  uint64_t v = 0;
  unsigned i;
  for (i = 0; i < n; i++)
    v = v << 8 | h[at + (big ? i : n - 1 - i)];
  return v;
}

static int is_shared_library(const char *path) {
  unsigned char h[sizeof(Elf64_Ehdr)];
  int fd = open(path, O_RDONLY);
  ssize_t got;
  int big, is64, i;
  uint64_t phoff;
  unsigned phentsize, phnum;
  if (fd < 0)
    return 0;
  got = read(fd, h, sizeof h);
  if (got < (ssize_t)sizeof(Elf32_Ehdr) || memcmp(h, ELFMAG, SELFMAG) != 0) {
    close(fd);
    return 0;
  }
  is64 = h[EI_CLASS] == ELFCLASS64;
  big = h[EI_DATA] == ELFDATA2MSB;
  if ((is64 && got < (ssize_t)sizeof(Elf64_Ehdr)) ||
      elf_field(h, offsetof(Elf64_Ehdr, e_type), 2, big) != ET_DYN) {
    close(fd);
    return 0;
  }
#define EHDR_FIELD(f) \
  (is64 ? elf_field(h, offsetof(Elf64_Ehdr, f), sizeof(((Elf64_Ehdr *)0)->f), big) \
        : elf_field(h, offsetof(Elf32_Ehdr, f), sizeof(((Elf32_Ehdr *)0)->f), big))
  phoff = EHDR_FIELD(e_phoff);
  phentsize = (unsigned)EHDR_FIELD(e_phentsize);
  phnum = (unsigned)EHDR_FIELD(e_phnum);
#undef EHDR_FIELD
  for (i = 0; i < (int)phnum && phentsize >= 4 && phentsize <= 64; i++) {
    unsigned char p[4];
    uint32_t type;
    if (pread(fd, p, 4, (off_t)(phoff + (uint64_t)i * phentsize)) != 4)
      break;
    type = (uint32_t)elf_field(p, 0, 4, big); /* p_type, first in both classes */
    if (type == PT_INTERP) {
      close(fd);
      return 0;
    }
  }
  close(fd);
  return 1;
}

/* A bundled adapter: a program sfadapter-* of the runner's BINDIR. */
static int is_bundled(const char *real, const opts *o) {
  char *dir = realpath(o->bindir, NULL);
  const char *b = strrchr(real, '/');
  int yes = dir && b && (size_t)(b - real) == strlen(dir) && !strncmp(real, dir, strlen(dir)) &&
            !strncmp(b + 1, "sfadapter-", 10);
  free(dir);
  return yes;
}

void impl_argv(const impl *im, const char **argv, int *n) {
  *n = 0;
  argv[(*n)++] = im->argv0;
  if (im->lib)
    argv[(*n)++] = im->lib;
}

static int list_has(const jvalue *arr, const char *s) {
  size_t i;
  if (!arr || arr->type != J_ARRAY)
    return 0;
  for (i = 0; i < arr->len; i++)
    if ((arr->items[i].type == J_STRING && !strcmp(arr->items[i].str, s)) ||
        (arr->items[i].type == J_NUMBER && arr->items[i].len == strlen(s) &&
         !memcmp(arr->items[i].str, s, arr->items[i].len)))
      return 1;
  return 0;
}

static void load_skips(impl *im, const opts *o) {
  char path[PATH_MAX], line[1024];
  FILE *f;
  pathf(path, sizeof path, "%s/skip/%s.txt", o->confdir, im->name);
  if (!(f = fopen(path, "r")))
    return;
  while (fgets(line, sizeof line, f)) {
    char *pat, *reason;
    line[strcspn(line, "\n")] = 0;
    if (line[0] == '#' || !(pat = strtok(line, " \t")))
      continue;
    reason = strtok(NULL, "");
    while (reason && (*reason == ' ' || *reason == '\t'))
      reason++;
    if (!reason || !*reason)
      sfc_die(2, "%s: every skip entry needs a reason", path);
    if (!(im->skips = realloc(im->skips, (im->nskips + 1) * sizeof *im->skips)))
      sfc_die(2, "%s", "out of memory");
    im->skips[im->nskips].pattern = xstrdup(pat);
    im->skips[im->nskips].reason = xstrdup(reason);
    im->nskips++;
  }
  fclose(f);
}

/* The implementation's name and how it is started: spec is NAME=PATH, a
 * bundled adapter's name (BINDIR/sfadapter-NAME) or a path; a shared
 * library runs under sfadapter-dl.  Returns the path it names. */
static const char *locate_impl(impl *im, const char *spec, const opts *o, char *buf, size_t bufsz) {
  const char *eq = strchr(spec, '='), *path = spec;
  if (eq) {
    snprintf(im->name, sizeof im->name, "%.*s", (int)(eq - spec), spec);
    path = eq + 1;
  } else {
    if (!strchr(spec, '/')) {
      pathf(buf, bufsz, "%s/sfadapter-%s", o->bindir, spec);
      if (access(buf, X_OK) == 0)
        path = buf;
    }
    const char *b = strrchr(spec, '/');
    snprintf(im->name, sizeof im->name, "%s", b ? b + 1 : spec);
  }
  if (access(path, F_OK) != 0)
    sfc_die(2, "%s: no such implementation (a bundled name, or a path)", path);
  if (is_shared_library(path)) {
    char drv[PATH_MAX];
    pathf(drv, sizeof drv, "%s/sfadapter-dl", o->bindir);
    im->argv0 = xstrdup(drv);
    im->lib = realpath(path, NULL);
    if (!im->lib)
      sfc_die(2, "%s: cannot resolve", path);
  } else {
    char *rp = realpath(path, NULL);
    if (!rp || access(rp, X_OK) != 0)
      sfc_die(2, "%s: not executable", path);
    im->argv0 = rp;
  }
  return path;
}

/* The fields names the implementation does not give (at most 31), kept. */
static void keep_unknown_fields(impl *im, const jvalue *v) {
  size_t total = 0, k, used = 0;
  int n = 0;
  if (!v || v->type != J_ARRAY)
    return;
  for (k = 0; k < v->len && k < 31; k++)
    if (v->items[k].type == J_STRING)
      total += v->items[k].len + 1;
  im->unknown_store = malloc(total + 1);
  for (k = 0; im->unknown_store && k < v->len && k < 31; k++)
    if (v->items[k].type == J_STRING) {
      memcpy(im->unknown_store + used, v->items[k].str, v->items[k].len + 1);
      im->unknown[n++] = im->unknown_store + used;
      used += v->items[k].len + 1;
    }
}

/* What the `capabilities` answer says: commands, versions, ABIs, byte
 * orders, the fields it leaves out. */
static void read_capabilities(impl *im, const jvalue *root, const opts *o) {
  const jvalue *v;
  if ((v = json_get(root, "name")) && v->type == J_STRING)
    snprintf(im->caps_name, sizeof im->caps_name, "%s", v->str);
  if ((v = json_get(root, "version")) && v->type == J_STRING)
    snprintf(im->caps_version, sizeof im->caps_version, "%s", v->str);
  v = json_get(root, "commands");
  im->cmd_decode = list_has(v, "decode");
  im->cmd_lookup = list_has(v, "lookup");
  im->cmd_unwind = list_has(v, "unwind");
  im->cmd_objdump = list_has(v, "objdump");
  im->cmd_batch = list_has(v, "batch");
  im->serve = list_has(v, "serve") ? 2 : 0;
  if (im->lib || (im->serve && is_bundled(im->argv0, o)))
    im->serve = 1;
  v = json_get(root, "versions");
  for (unsigned i = SFR_VERSION_MIN; i <= SFR_VERSION_MAX; i++) {
    char d[2] = {(char)('0' + i), 0};
    if (list_has(v, d))
      im->versions |= 1u << i;
  }
  v = json_get(root, "abis");
  for (int i = 1; i < ABI_COUNT; i++)
    if (list_has(v, abi_names[i]))
      im->abis |= 1u << i;
  v = json_get(root, "endian");
  if (list_has(v, "little"))
    im->endians |= 1u << CASE_LITTLE;
  if (list_has(v, "big"))
    im->endians |= 1u << CASE_BIG;
  keep_unknown_fields(im, json_get(root, "unknown_fields"));
  /* Optional features: without the key, every one (as before it existed). */
  im->features = FEAT_ALL;
  if ((v = json_get(root, "features"))) {
    if (v->type != J_ARRAY)
      sfc_die(2, "%s: capabilities: \"features\" is not an array", im->name);
    im->has_features = 1;
    im->features = 0;
    for (size_t k = 0; k < v->len; k++) {
      unsigned f;
      for (f = 0; f < 5; f++)
        if (v->items[k].type == J_STRING && !strcmp(v->items[k].str, feature_names[f]))
          break;
      if (f == 5)
        sfc_die(2, "%s: capabilities: unknown feature in \"features\" (known: pcrel, pcmask, "
                "flex, signal, auxhdr)", im->name);
      im->features |= 1u << f;
    }
  }
}

void setup_impl(impl *im, const char *spec, const opts *o) {
  char buf[PATH_MAX], err[200];
  const char *argv[4], *path;
  int n;
  proc_result pr;
  proc_opts popts;
  jdoc doc;

  memset(im, 0, sizeof *im);
  path = locate_impl(im, spec, o, buf, sizeof buf);
  impl_argv(im, argv, &n);
  argv[n++] = "capabilities";
  argv[n] = NULL;
  popts = adapter_run_opts(o, 1 << 20);
  if (proc_run((char *const *)argv, &popts, &pr) != 0 || !pr.exited || pr.code != 0)
    sfc_die(2, "%s: `capabilities` failed", path);
  if (json_parse(pr.out, pr.outlen, &doc, err, sizeof err) != 0 || doc.root.type != J_OBJECT) {
    fprintf(stderr, "sfconform: %s: capabilities: not a JSON object (%s)\n", path, err);
    exit(2);
  }
  read_capabilities(im, &doc.root, o);
  json_free(&doc);
  free(pr.out); /* numbers in doc pointed into it */
  /* A reader without a dump (a profiler, an unwinder) is judged by its
   * lookups: whether it accepts a section is its lookup's exit status. */
  if (!im->cmd_decode && !im->cmd_lookup)
    sfc_die(2, "%s: capabilities: `commands` lists neither `decode` nor `lookup`; the runner "
               "needs one of them to ask whether a section is accepted", path);
  load_skips(im, o);
}

