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
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit_link.h"
#include "audit_walk.h"
#include "sfc_proc.h"
#include "sfc_tools.h"
#include "sframe_kernel.h"
#include "sframe_ref.h"

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

const char *au_arch_name(uint16_t machine) {
  int a = au_arch_index(machine);
  static const char *const names[AU_ARCHES] = {"x86_64", "aarch64", "s390x"};
  return a < 0 ? NULL : names[a];
}

int au_arch_index(uint16_t machine) {
  return machine == EM_X86_64 ? 0 : machine == EM_AARCH64 ? 1 : machine == EM_S390 ? 2 : -1;
}

const char *au_valid_name(int valid) {
  return valid == AU_VALID_NONE ? "-" : valid == 0 ? "valid" : sfr_class_name((sfr_class)valid);
}

/* "valid", "-", ... back to the number; -2 when none. */
static int valid_by_name(const char *s) {
  if (!strcmp(s, "-"))
    return AU_VALID_NONE;
  if (!strcmp(s, "valid"))
    return 0;
  for (int c = SFR_CLASS_MALFORMED; c <= SFR_CLASS_QUESTIONABLE; c++)
    if (!strcmp(s, sfr_class_name((sfr_class)c)))
      return c;
  return -2;
}

/* A row's key: the linker's index, the mode, the two kind sets, nosf. */
static uint32_t link_key(int linker, au_mode mode, au_kinds in, au_kinds empty, int nosf) {
  return (uint32_t)linker << 20 | (uint32_t)mode << 17 | (uint32_t)in << 9 | (uint32_t)empty << 1 | (nosf ? 1u : 0u);
}

static int by_key(const void *a, const void *b) {
  const au_link_row *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

/* "valid/3" (the verdict, then the refusals record; "-" none) or "." (not
 * measured on that architecture). */
static int parse_cell(const au_links *t, const char *s, au_link_row *row, int arch) {
  char v[24];
  const char *slash = strchr(s, '/');
  if (!strcmp(s, "."))
    return 0;
  if (!slash || (size_t)(slash - s) >= sizeof v)
    return -1;
  snprintf(v, sizeof v, "%.*s", (int)(slash - s), s);
  int valid = valid_by_name(v);
  uint64_t k = 0;
  if (valid < -1 || (strcmp(slash + 1, "-") && (!sfc_parse_u64(slash + 1, &k) || k == 0 || k >= t->nrefusals)))
    return -1;
  row->arch[arch].measured = 1;
  row->arch[arch].valid = (int8_t)valid;
  row->arch[arch].refusals = (uint16_t)k;
  return 0;
}

/* A refusals record: "refusals ID SET", IDs 1, 2, ... in order. */
static int load_refusals(au_links *t, char **f, size_t nf, char *err, size_t errlen) {
  uint64_t id;
  if (nf != 3 || !sfc_parse_u64(f[1], &id) || id != t->nrefusals) {
    snprintf(err, errlen, "a refusals record wants ID %zu and the set", t->nrefusals);
    return -1;
  }
  au_refusals *more = realloc(t->refusals, (t->nrefusals + 1) * sizeof *more);
  if (!more) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  t->refusals = more;
  return au_refusals_parse(f[2], &t->refusals[t->nrefusals++], err, errlen);
}

/* A link record: "link LINKER MODE INPUTS EMPTY NOSF OUTCOME" and a cell
 * per architecture. */
static int load_link(au_links *t, char **f, size_t nf, char *err, size_t errlen) {
  au_kinds in, em;
  int mode = nf == 7 + AU_ARCHES ? au_mode_by_name(f[2]) : -1, linker, out;
  if (mode < 0 || au_kinds_parse(f[3], &in) || au_kinds_parse(f[4], &em) || (strcmp(f[5], "0") && strcmp(f[5], "1")) ||
      strlen(f[6]) != 1 || (out = au_outcome_by_letter(f[6][0])) < 0) {
    snprintf(err, errlen, "a link record wants LINKER MODE INPUTS EMPTY NOSF OUTCOME and %d cells", AU_ARCHES);
    return -1;
  }
  if ((linker = au_links_add_linker(t, f[1])) < 0) {
    snprintf(err, errlen, "more than %d linkers", AU_MAX_LINKERS);
    return -1;
  }
  if (t->n == t->cap) {
    au_link_row *nr = realloc(t->rows, (t->cap ? 2 * t->cap : 256) * sizeof *nr);
    if (!nr) {
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    t->rows = nr;
    t->cap = t->cap ? 2 * t->cap : 256;
  }
  au_link_row *row = &t->rows[t->n];
  memset(row, 0, sizeof *row);
  row->key = link_key(linker, (au_mode)mode, in, em, f[5][0] == '1');
  row->outcome = (au_outcome)out;
  for (int a = 0; a < AU_ARCHES; a++)
    if (parse_cell(t, f[7 + a], row, a) != 0) {
      snprintf(err, errlen, "cell '%s': wants VERDICT/REFUSALS (REFUSALS a refusals ID or -) or '.'", f[7 + a]);
      return -1;
    }
  t->n++;
  return 0;
}

int au_links_load(au_links *t, const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  char *line = NULL, *fl[7 + AU_ARCHES + 1], why[400];
  size_t cap = 0, lineno = 0;
  int rc = 0;
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  if (!t->refusals && !(t->refusals = calloc(1, sizeof *t->refusals))) {
    snprintf(err, errlen, "%s: out of memory", path);
    fclose(f);
    return -1;
  }
  t->nrefusals = 1; /* [0]: none */
  while (rc == 0 && getline(&line, &cap, f) > 0) {
    lineno++;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    size_t nf = au_split_tabs(line, fl, sizeof fl / sizeof *fl);
    why[0] = 0;
    if (!strcmp(fl[0], "refusals"))
      rc = load_refusals(t, fl, nf, why, sizeof why);
    else if (!strcmp(fl[0], "link"))
      rc = load_link(t, fl, nf, why, sizeof why);
    else
      rc = -1, snprintf(why, sizeof why, "'%s': a record is 'refusals' or 'link'", fl[0]);
    if (rc)
      snprintf(err, errlen, "%s:%zu: %s", path, lineno, why);
  }
  free(line);
  fclose(f);
  if (rc == 0 && t->n)
    qsort(t->rows, t->n, sizeof *t->rows, by_key);
  for (size_t i = 1; rc == 0 && i < t->n; i++)
    if (t->rows[i].key == t->rows[i - 1].key)
      rc = -1, snprintf(err, errlen, "%s: a situation is measured twice", path);
  return rc;
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
  free(t->rows);
  free(t->refusals);
  t->rows = NULL, t->refusals = NULL, t->n = t->cap = t->nrefusals = 0;
}

int au_links_linker(const au_links *t, const char *name) {
  for (size_t i = 0; i < t->nlinkers; i++)
    if (!strcmp(t->linkers[i], name))
      return (int)i;
  return -1;
}

int au_links_add_linker(au_links *t, const char *name) {
  int i = au_links_linker(t, name);
  if (i >= 0)
    return i;
  if (t->nlinkers == AU_MAX_LINKERS)
    return -1;
  snprintf(t->linkers[t->nlinkers], sizeof t->linkers[0], "%s", name);
  return (int)t->nlinkers++;
}

const au_link_row *au_links_find(const au_links *t, int linker, au_mode mode, const au_situation *s) {
  au_link_row want = {.key = link_key(linker, mode, s->inputs, s->empty, s->nosf)};
  return t->n ? bsearch(&want, t->rows, t->n, sizeof *t->rows, by_key) : NULL;
}

size_t au_links_check(const au_links *t, FILE *out) {
  size_t bad = 0;
  for (size_t i = 0; i < t->n; i++) {
    const au_link_row *r = &t->rows[i];
    int basis;
    unsigned linker = r->key >> 20;
    au_mode mode = (au_mode)(r->key >> 17 & 7u);
    au_kinds in = (au_kinds)(r->key >> 9), em = (au_kinds)(r->key >> 1);
    au_outcome o = au_rule_predict(t->linkers[linker], mode, in, em, &basis);
    if (o != r->outcome) {
      char a[32], b[32];
      au_kinds_str(in, a, sizeof a), au_kinds_str(em, b, sizeof b);
      fprintf(out, "%s %s inputs %s empty %s%s: measured %c, the rules say %c\n", t->linkers[linker],
              au_mode_name(mode), a, b, r->key & 1u ? " (some without .sframe)" : "", au_outcome_letter(r->outcome),
              au_outcome_letter(o));
      bad++;
    }
  }
  return bad;
}

/* ---- the situation of a link ---- */

au_kinds au_rel_kind(const au_object *o) {
  return o->has_sframe ? (au_kinds)au_kind_bit(o->version, o->sizes.sframe_type == SHT_GNU_SFRAME) : 0;
}

void au_situation_add(au_situation *s, const au_rel *r) {
  s->objects++;
  if (r->kind && r->functions)
    s->inputs |= r->kind, s->functions += r->functions;
  else if (r->kind)
    s->empty |= r->kind;
  else if (r->cfi_functions)
    s->nosf = 1, s->gap_objects++, s->gap_functions += r->cfi_functions;
}

/* ---- outcomes ---- */

int au_outcome_breaks(au_outcome c, int valid, const au_refusals *kernel, int gap, int kgen) {
  if (c == AU_OUTCOME_NO_INPUT || c == AU_OUTCOME_UNKNOWN)
    return 0;
  if (c != AU_OUTCOME_MERGED)
    return 1;
  if (valid != 0 && valid != SFR_CLASS_QUESTIONABLE)
    return 1;
  if (kgen >= 0 && kernel && (kernel->gens >> kgen & 1u))
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

/* The line of the linker's messages that says why it failed: the first
 * "PROGRAM: error: ..." or "PROGRAM: fatal: ..." line (*said 1), else the
 * first line; its length into *len. */
static const char *why_failed(const char *text, size_t *len, int *said) {
  const char *first = NULL;
  for (const char *l = text; *l;) {
    size_t n = strcspn(l, "\n");
    const char *sep = memchr(l, ':', n);
    if (!first && n)
      first = l, *len = n;
    if (sep && sep + 2 < l + n && sep[1] == ' ' &&
        (!strncmp(sep + 2, "error:", 6) || !strncmp(sep + 2, "fatal:", 6))) {
      *len = n;
      *said = 1;
      return l;
    }
    l += n + (l[n] == '\n');
  }
  if (!first)
    *len = 0;
  return first ? first : "";
}

/* What a link's output is, as links.tsv names outcomes. */
static void classify_output(const char *out, const au_situation *s, const au_readers *rd, au_observed *ob) {
  size_t len = 0;
  uint8_t *b = NULL;
  au_object *o = calloc(1, sizeof *o);
  if (sfc_read_file(out, &b, &len) != SFC_READ_OK || len == 0 || !o) {
    ob->outcome = AU_OUTCOME_REFUSED;
    snprintf(ob->detail, sizeof ob->detail, "the linker wrote no output");
    free(b), free(o);
    return;
  }
  o->path = out;
  au_object_judge(o, b, len, rd);
  ob->valid = !o->has_sframe ? AU_VALID_NONE : o->verdict;
  ob->kernel = o->kernel;
  ob->outcome = o->sizes.sframe_sections == 0 ? (s->functions || s->empty ? AU_OUTCOME_DROPPED : AU_OUTCOME_NO_INPUT)
                : o->sizes.sframe_sections > 1 ? AU_OUTCOME_SPLIT
                : !o->has_sframe              ? AU_OUTCOME_EMPTIED
                : o->headers > 1              ? AU_OUTCOME_CONCATENATED
                : o->functions < s->functions ? AU_OUTCOME_PARTIAL
                                              : AU_OUTCOME_MERGED;
  snprintf(ob->detail, sizeof ob->detail, "%u section(s), %u header(s), v%u, %u of %zu functions, %s", o->sizes.sframe_sections,
           o->headers, o->version, o->functions, s->functions, o->sizes.sframe_phdr ? "PT_GNU_SFRAME" : "no PT_GNU_SFRAME");
  free(b), free(o);
}

/* The linker's argument vector for mode, over the objects rels[0, n)
 * (an archive's members: the archive, whole, once; each path made
 * absolute, as the linker runs in its own directory: *paths, to free);
 * the output and the kernel script are named relative to that directory. */
static int link_argv(char **argv, size_t cap, const char *ld, const char *linker, au_mode mode,
                     const au_rel *rels, size_t n, char **paths) {
  size_t k = 0;
  const char *fixed[] = {ld, "-o", "out", "-e", "_start", "--unresolved-symbols=ignore-all",
                         "--allow-multiple-definition"};
  for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
    argv[k++] = (char *)fixed[i];
  if (mode == AU_MODE_KERNEL) {
    argv[k++] = "-T", argv[k++] = "kernel.lds";
    if (strncmp(linker, "mold", 4))
      argv[k++] = "--orphan-handling=error";
  } else {
    argv[k++] = "-static";
    if (mode == AU_MODE_GC)
      argv[k++] = "--gc-sections";
  }
  for (size_t i = 0; i < n && k + 4 < cap; i++) {
    if (rels[i].member && i > 0 && rels[i - 1].member && !strcmp(rels[i].path, rels[i - 1].path))
      continue;
    if (!(paths[i] = realpath(rels[i].path, NULL)))
      return -1;
    if (rels[i].member)
      argv[k++] = "--whole-archive";
    argv[k++] = paths[i];
    if (rels[i].member)
      argv[k++] = "--no-whole-archive";
  }
  argv[k] = NULL;
  return 0;
}

/* Links in dir (the output "out"); what came out into ob. */
static void link_in(const char *dir, char **argv, const char *linker, const au_situation *s, const au_readers *rd,
                    au_observed *ob) {
  proc_opts po = {.timeout_s = 300, .max_out = 1 << 16, .cwd = dir};
  proc_result r;
  char out[4300];
  if (proc_run(argv, &po, &r) != 0) {
    snprintf(ob->detail, sizeof ob->detail, "cannot start the linker: %s", strerror(errno));
    ob->ran = 0;
    return;
  }
  int rc = r.timed_out ? 124 : r.exited ? r.code : 128 + r.sig;
  if (rc != 0) {
    size_t n;
    int said = 0;
    /* the linker's messages (stderr, then stdout); the linker named by its
     * id, not by the path it ran from (nor its loader's) */
    const char *why = why_failed(r.err[0] ? r.err : r.out ? r.out : "", &n, &said);
    const char *colon = said || why[0] == '/' ? memchr(why, ':', n) : NULL;
    ob->outcome = AU_OUTCOME_REFUSED;
    ob->valid = AU_VALID_NONE;
    if (colon)
      snprintf(ob->detail, sizeof ob->detail, "exit %d: %s%.*s", rc, linker,
               (int)(n - (size_t)(colon - why) > 280 ? 280 : n - (size_t)(colon - why)), colon);
    else
      snprintf(ob->detail, sizeof ob->detail, "exit %d: %.*s", rc, n > 280 ? 280 : (int)n, why);
  } else {
    snprintf(out, sizeof out, "%s/out", dir);
    classify_output(out, s, rd, ob);
  }
  proc_free(&r);
}

void au_link_observe(const char *toolchains, const char *arch, const char *linker, au_mode mode,
                     const au_rel *rels, size_t n, const au_situation *s, const au_readers *rd, au_observed *ob) {
  char ld[4200], dir[] = "/tmp/sfaudit-link-XXXXXX", lds[4300];
  char **argv = calloc(3 * n + 32, sizeof *argv), **paths = calloc(n + 1, sizeof *paths);
  struct stat st;
  memset(ob, 0, sizeof *ob);
  ob->outcome = AU_OUTCOME_UNKNOWN;
  snprintf(ld, sizeof ld, "%s/ld/%s-%s/ld", toolchains, linker, arch);
  if (stat(ld, &st) != 0) {
    snprintf(ob->detail, sizeof ob->detail, "absent: no %s-%s under %.200s (producers/toolchains.sh makes it)",
             linker, arch, toolchains);
  } else if (!argv || !paths || !mkdtemp(dir)) {
    snprintf(ob->detail, sizeof ob->detail, "cannot make a directory to link in: %s", strerror(errno));
  } else {
    ob->ran = 1;
    snprintf(lds, sizeof lds, "%s/kernel.lds", dir);
    if (mode == AU_MODE_KERNEL) {
      FILE *f = fopen(lds, "w");
      if (f)
        fputs(kernel_lds, f), fclose(f);
    }
    if (link_argv(argv, 3 * n + 32, ld, linker, mode, rels, n, paths) != 0) {
      ob->ran = 0;
      snprintf(ob->detail, sizeof ob->detail, "not linked: %s", strerror(errno));
    } else {
      link_in(dir, argv, linker, s, rd, ob);
    }
    au_remove_tree(dir);
  }
  for (size_t i = 0; paths && i < n; i++)
    free(paths[i]);
  free(paths);
  free(argv);
}
