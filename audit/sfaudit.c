/* SPDX-License-Identifier: MIT */
/* sfaudit - point the suite at a system: what SFrame its ELF objects carry,
 * whether it is right, who can read it, what --gsframe would give where
 * there is none, and what each linker the suite knows would make of its
 * relocatable objects linked together (audit/README.md).
 *
 *   sfaudit [-j N] [--json] [--by-package] [--html FILE] [--confirm]
 *           [--link-mode static|gc|kernel] [--target LINKER] PATH...
 *
 * PATH: an ELF file, a directory (every file below it), an ar archive
 * (each member), a Debian package (.deb, unpacked privately).  Exit
 * status: 0 nothing found that would break, 1 something would (an .sframe
 * the oracle rejects or that disagrees with its own CFI, a program's or
 * library's that the kernel generation --kernel names refuses, default the
 * newest; the link's prediction for --target), 2 usage or I/O errors, 3
 * --confirm found a prediction that did not come true. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#endif
#include <errno.h>
#include <getopt.h>
#include <libelf.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit_html.h"
#include "audit_link.h"
#include "audit_pkgdb.h"
#include "audit_predict.h"
#include "audit_readers.h"
#include "audit_record.h"
#include "audit_report.h"
#include "audit_walk.h"
#include "sfc_pool.h"
#include "sfc_tools.h"
#include "sframe_kernel.h"
#include "sframe_ref.h"

#ifndef AU_LINKS_TSV
#define AU_LINKS_TSV "audit/links.tsv"
#endif
#ifndef AU_PRODUCERS_TSV
#define AU_PRODUCERS_TSV "producers/producers.tsv"
#endif
#ifndef AU_TOOLCHAINS
#define AU_TOOLCHAINS "build/producers/tc"
#endif

typedef struct options {
  int jobs, json, by_package, progress;
  int check_links; /* --check-links: hold the rules to the table, and stop */
  int kernel; /* the generation whose refusal breaks (--kernel) */
  const char *readers;   /* --readers FILE; NULL: the peers table's */
  const char *links, *html;
  const char *producers; /* producers.tsv: the linkers the suite knows */
  char paths[2][4200];   /* the installed tables' paths (links, producers), when installed */
  au_predict_opts predict;
} options;

/* The files named, and whether each was named on the command line. */
typedef struct inputs {
  char **files;
  size_t n, cap;
  unsigned char *named; /* named[i]: files[i] was given as it is (not found below a directory) */
} inputs;

/* The run: what the workers read (inherited at the fork), and what the
 * parent gathers from them. */
typedef struct run {
  const options *o;
  const au_readers *rd;
  const au_pkgdb *db;      /* --by-package */
  const inputs *in;
  /* the parent's */
  char **data;             /* data[i]: file i's records (NULL: its worker failed) */
  size_t done;
  int failed;              /* a file whose audit crashed or could not be sent */
} run;

/* What a worker visits one file with. */
typedef struct visit_ctx {
  const run *r;
  FILE *out;
} visit_ctx;

/* What an object is counted under: its package, else its directory. */
static const char *group_of(const au_object *ob, char *buf, size_t cap) {
  const char *slash;
  if (ob->package)
    return ob->package;
  slash = strrchr(ob->path, '/');
  snprintf(buf, cap, "%.*s/", slash ? (int)(slash - ob->path) : 1, slash ? ob->path : ".");
  buf[strcspn(buf, "\t\n")] = 0;
  return buf;
}

/* Does the object break something: an .sframe the oracle rejects, that
 * the kernel generation --kernel refuses, or that disagrees with its CFI? */
static int breaks_object(const au_object *ob, int kernel) {
  return ob->has_sframe && (ob->verdict == SFR_CLASS_MALFORMED || ob->verdict == SFR_CLASS_INVALID ||
                            (ob->kernel.gens >> kernel & 1u) ||
                            (ob->checked && (ob->check.disagree || ob->check.sframe_only)));
}

static void visit(void *ctx, const char *path, const char *member, const char *package,
                  const uint8_t *bytes, size_t len, au_skip skip, const char *why) {
  const visit_ctx *v = ctx;
  const options *o = v->r->o;
  char dirbuf[128];
  au_object obj, *ob = &obj;
  memset(ob, 0, sizeof *ob);
  ob->path = path, ob->member = member;
  ob->package = package ? package : o->by_package ? au_pkgdb_owner(v->r->db, path) : NULL;
  if (bytes) {
    au_object_judge(ob, bytes, len, v->r->rd);
  } else {
    ob->skipped = skip;
    snprintf(ob->error, sizeof ob->error, "%s", why);
  }
  au_record_write(v->out, ob, group_of(ob, dirbuf, sizeof dirbuf), breaks_object(ob, o->kernel),
                  o->json ? v->r->rd : NULL);
}

/* sfc_pool's job: file `job`, its records into out. */
static int audit_file(size_t job, FILE *out, void *ctx) {
  const run *r = ctx;
  visit_ctx v = {r, out};
  au_visit_file(r->in->files[job], NULL, r->in->named[job], NULL, visit, &v);
  return SFC_POOL_NEXT;
}

/* The parent: a file's records kept until every file is in. */
static int keep_records(size_t job, const char *data, size_t len, int status, void *ctx) {
  run *r = ctx;
  r->done++;
  if (status != 0) {
    sfc_error("%s: its audit failed (%s %d): its objects are not counted", r->in->files[job],
              status == SFC_POOL_TIMEOUT ? "timed out" : status < 0 ? "killed by signal" : "exit",
              status == SFC_POOL_TIMEOUT ? 0 : status < 0 ? -status : status);
    r->failed = 1;
    return 0;
  }
  if (!(r->data[job] = malloc(len + 1))) {
    sfc_error("out of memory keeping the audit of %s", r->in->files[job]);
    r->failed = 1;
    return 1;
  }
  memcpy(r->data[job], data, len);
  r->data[job][len] = 0;
  return 0;
}

static int progress(void *ctx) {
  const run *r = ctx;
  if (r->o->progress)
    fprintf(stderr, "\rsfaudit: %zu of %zu files", r->done, r->in->n);
  return 0;
}

/* Audits every file over -j workers.  0, or -1 when the pool could not run. */
static int run_workers(run *r) {
  sfc_pool_opts po = {.njobs = r->in->n, .workers = r->o->jobs, .work = audit_file, .collect = keep_records,
                      .tick = progress, .ctx = r};
  if (!(r->data = calloc(r->in->n, sizeof *r->data)))
    return -1;
  int rc = sfc_pool_run(&po);
  if (r->o->progress)
    fprintf(stderr, "\rsfaudit: %zu of %zu files\n", r->done, r->in->n);
  return rc;
}

/* ---- what the records add up to ---- */

/* The inputs not audited, the packages, the link's objects: gathered from
 * the records in the order of the files. */
typedef struct gathered {
  au_totals t;
  size_t readable[AU_MAX_READERS];
  int would_break;
  au_skipped *skips;
  size_t nskips, capskips;
  au_group *groups;
  size_t ngroups, capgroups;
  au_rel *rels;
  size_t nrels, caprels;
} gathered;

/* Grows *p (of *cap elements of size) to hold n + 1; 0, or -1. */
static int room(void **p, size_t *cap, size_t n, size_t size) {
  if (n < *cap)
    return 0;
  size_t nc = *cap ? 2 * *cap : 64;
  void *np = realloc(*p, nc * size);
  if (!np)
    return -1;
  *p = np, *cap = nc;
  return 0;
}

/* A name in the list of inputs not audited: ARCHIVE(MEMBER), a tab or a
 * line break shown as '?'. */
static char *skip_name(const au_object *o) {
  size_t n = strlen(o->path) + (o->member ? strlen(o->member) + 2 : 0) + 1;
  char *s = malloc(n);
  if (!s)
    return NULL;
  snprintf(s, n, o->member ? "%s(%s)" : "%s", o->path, o->member ? o->member : "");
  for (char *p = s; *p; p++)
    if (*p == '\t' || *p == '\n')
      *p = '?';
  return s;
}

static int add_skip(gathered *g, size_t index, const au_record *rec) {
  if (room((void **)&g->skips, &g->capskips, g->nskips, sizeof *g->skips) != 0)
    return -1;
  au_skipped *s = &g->skips[g->nskips];
  s->index = index, s->seq = g->nskips, s->kind = rec->o.skipped;
  s->name = skip_name(&rec->o);
  s->why = strdup(rec->o.error);
  for (char *p = s->why; p && *p; p++)
    if (*p == '\t' || *p == '\n')
      *p = '?';
  g->nskips++;
  return s->name && s->why ? 0 : -1;
}

static int add_group(gathered *g, const au_record *rec) {
  const au_object *o = &rec->o;
  size_t i;
  for (i = 0; i < g->ngroups && strncmp(g->groups[i].name, rec->group, sizeof g->groups[i].name - 1); i++)
    ;
  if (i == g->ngroups) {
    if (room((void **)&g->groups, &g->capgroups, g->ngroups, sizeof *g->groups) != 0)
      return -1;
    memset(&g->groups[i], 0, sizeof g->groups[i]);
    snprintf(g->groups[i].name, sizeof g->groups[i].name, "%s", rec->group);
    g->ngroups++;
  }
  au_group *p = &g->groups[i];
  p->objects++, p->with_sframe += (size_t)o->has_sframe, p->converted += o->gs.converted, p->skipped += o->gs.skipped;
  p->gs_bytes += o->gs_bytes, p->eh_bytes += o->sizes.eh_frame, p->bad += (size_t)rec->bad;
  return 0;
}

/* A relocatable object a link would take.  A name with a tab or a line
 * break cannot be given to a linker portably (in a response file): such
 * an object is left out of the link. */
static int add_rel(gathered *g, const au_record *rec) {
  const au_object *o = &rec->o;
  if (o->type != ET_REL || !au_arch_name(o->machine) || strpbrk(o->path, "\t\n") ||
      (o->member && strpbrk(o->member, "\t\n")))
    return 0;
  if (room((void **)&g->rels, &g->caprels, g->nrels, sizeof *g->rels) != 0)
    return -1;
  au_rel *r = &g->rels[g->nrels++];
  r->machine = o->machine;
  r->kind = au_rel_kind(o);
  r->functions = o->has_sframe ? o->functions : 0;
  r->cfi_functions = o->gsframe_done ? o->gs.converted + o->gs.skipped : 0;
  r->path = (char *)o->path, r->member = (char *)o->member; /* into the records, kept to the end */
  return 0;
}

/* Every record of every file, in their order; the JSON lines printed as
 * they come (--json).  0, or -1 when out of memory or a record is broken. */
static int gather(const run *r, gathered *g) {
  for (size_t i = 0; i < r->in->n; i++) {
    for (char *line = r->data[i], *next; line && *line; line = next) {
      au_record rec;
      next = strchr(line, '\n');
      next = next ? next + 1 : line + strlen(line);
      char keep = *next;
      *next = 0; /* au_record_read wants the line alone, its break included */
      int bad = au_record_read(line, &rec);
      *next = keep;
      if (bad) {
        sfc_error("%s: a worker's record cannot be read", r->in->files[i]);
        return -1;
      }
      au_totals_add(&g->t, &rec.o);
      for (size_t k = 0; k < r->rd->n; k++)
        g->readable[k] += rec.o.readers_ok >> k & 1u;
      g->would_break |= rec.bad;
      if (rec.json)
        printf("%s\n", rec.json);
      if ((!rec.o.elf_ok && rec.o.skipped != AU_SKIP_LINK && add_skip(g, i, &rec) != 0) ||
          (rec.o.elf_ok && (add_group(g, &rec) != 0 || add_rel(g, &rec) != 0))) {
        sfc_error("out of memory");
        return -1;
      }
    }
  }
  return 0;
}

/* The inputs not audited, in the summary: the first 20 of each kind. */
static void print_skips(FILE *out, const au_skipped *s, size_t n) {
  size_t shown[AU_SKIP_COUNT] = {0};
  if (!n)
    return;
  fprintf(out, "\nNot audited, %zu input%s (--json and --html list every one):\n", n, n == 1 ? "" : "s");
  for (size_t i = 0; i < n; i++)
    if ((unsigned)s[i].kind < AU_SKIP_COUNT && shown[s[i].kind]++ < 20)
      fprintf(out, "- %s: %s\n", s[i].name, s[i].why);
  for (int k = 0; k < AU_SKIP_COUNT; k++)
    if (shown[k] > 20)
      fprintf(out, "- ... and %zu more %s\n", shown[k] - 20, au_skip_name((au_skip)k));
}

static void free_gathered(gathered *g) {
  for (size_t i = 0; i < g->nskips; i++)
    free(g->skips[i].name), free(g->skips[i].why);
  free(g->skips);
  free(g->groups);
  free(g->rels);
}

/* ---- by package (or directory) ---- */

static int by_functions(const void *a, const void *b) {
  const au_group *x = a, *y = b;
  size_t fx = x->converted + x->skipped, fy = y->converted + y->skipped;
  return fx != fy ? (fx > fy ? -1 : 1) : strcmp(x->name, y->name);
}

static void print_packages(FILE *out, const au_group *rows, size_t n) {
  fprintf(out, "\n| package | ELF objects | with .sframe | would break | --gsframe: functions written | "
               "left out | .sframe bytes | .eh_frame bytes |\n|---|--:|--:|--:|--:|--:|--:|--:|\n");
  for (size_t i = 0; i < n; i++)
    fprintf(out, "| %s | %zu | %zu | %zu | %zu | %zu | %llu | %llu |\n", rows[i].name, rows[i].objects,
            rows[i].with_sframe, rows[i].bad, rows[i].converted, rows[i].skipped, rows[i].gs_bytes,
            rows[i].eh_bytes);
}

/* ---- the command line ---- */
static void usage(FILE *f) {
  fputs("usage: sfaudit [OPTION]... PATH...\n"
        "  PATH: an ELF file, a directory, an ar archive, a Debian package (.deb)\n"
        "  --json            one JSON object per input (ELF object, archive member, or one not audited\n"
        "                    with \"skipped\" and \"error\"), then one per prediction\n"
        "  --by-package      name each object's package (dpkg's lists), and a table per package\n"
        "  --html FILE       write the report as a web page too\n"
        "  -j N              files audited in N processes (default: the cores)\n"
        "  --readers FILE    the readers table (default: the suite's, sfpeers --readers)\n"
        "  --kernel GEN      the kernel generation whose refusal breaks (default: kernel, the newest)\n"
        "  --link-mode MODE  how the relocatable objects are linked together: static (default),\n"
        "                    gc (--gc-sections) or kernel (a linker script, --orphan-handling=error)\n"
        "  --target LINKER   the linker the exit status speaks for (default: the newest GNU ld,\n"
        "                    the last bfd-* linker of producers.tsv)\n"
        "  --links FILE      the linkers' measured behaviour (default: the suite's audit/links.tsv)\n"
        "  --check-links     hold the linkers' rules to that table and say where they differ (no PATH)\n"
        "  --confirm         link the objects with each linker (producers/toolchains.sh) and check\n"
        "  --toolchains DIR  where those linkers are (default: the suite's build/producers/tc)\n"
        "  --version, --help\n"
        "Every input not audited is counted and named with its reason: not ELF, truncated (where it\n"
        "ends), ELF of no SFrame ABI, unreadable, a FIFO or device (never opened), a dangling link;\n"
        "symbolic links below a directory are counted, not followed.\n"
        "exit: 0 nothing would break, 1 something would, 2 usage or I/O errors,\n"
        "      3 --confirm found a prediction that did not come true\n",
        f);
}

/* -1 when the options are good, else the exit status. */
static int parse_options(int argc, char **argv, options *o) {
  static const struct option longs[] = {
      {"json", no_argument, NULL, 'J'},          {"by-package", no_argument, NULL, 'p'},
      {"readers", required_argument, NULL, 'r'}, {"no-progress", no_argument, NULL, 'q'},
      {"help", no_argument, NULL, 'h'},          {"jobs", required_argument, NULL, 'j'},
      {"kernel", required_argument, NULL, 'k'},  {"link-mode", required_argument, NULL, 'm'},
      {"target", required_argument, NULL, 't'},  {"links", required_argument, NULL, 'l'},
      {"confirm", no_argument, NULL, 'c'},       {"toolchains", required_argument, NULL, 'T'},
      {"html", required_argument, NULL, 'H'},    {"version", no_argument, NULL, 'V'},
      {"check-links", no_argument, NULL, 'C'},
      {NULL, 0, NULL, 0}};
  uint64_t j;
  int c;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  o->jobs = cores > 0 && cores < 64 ? (int)cores : 2;
  /* the tables: an installed suite's (make install), else the checkout's */
  o->readers = NULL; /* the peers table's readers (common/sfc_peers.h) */
  o->links = sfc_installed("share", "audit/links.tsv", o->paths[0], sizeof o->paths[0]) ? o->paths[0] : AU_LINKS_TSV;
  o->producers = sfc_installed("share", "producers/producers.tsv", o->paths[1], sizeof o->paths[1]) ? o->paths[1]
                                                                                                   : AU_PRODUCERS_TSV;
  o->progress = isatty(2);
  o->kernel = SFK_GEN_NEWEST;
  /* the target: --target, else the newest GNU ld of producers.tsv (load_tables) */
  o->predict.mode = AU_MODE_STATIC, o->predict.target = NULL, o->predict.toolchains = AU_TOOLCHAINS;
  while ((c = getopt_long(argc, argv, "j:h", longs, NULL)) != -1) {
    switch (c) {
    case 'J': o->json = 1; break;
    case 'p': o->by_package = 1; break;
    case 'r': o->readers = optarg; break;
    case 'l': o->links = optarg; break;
    case 'H': o->html = optarg; break;
    case 'q': o->progress = 0; break;
    case 'c': o->predict.confirm = 1; break;
    case 'T': o->predict.toolchains = optarg; break;
    case 't': o->predict.target = optarg; break;
    case 'C': o->check_links = 1; break;
    case 'm': {
      int m = au_mode_by_name(optarg);
      if (m < 0) {
        sfc_error("unknown --link-mode '%s' (static, gc or kernel)", optarg);
        return 2;
      }
      o->predict.mode = (au_mode)m;
      break;
    }
    case 'k':
      if ((o->kernel = sfk_gen_by_name(optarg)) < 0) {
        sfc_error("unknown kernel generation '%s' (sfref validate --help lists them)", optarg);
        return 2;
      }
      break;
    case 'j':
      if (!sfc_parse_u64(optarg, &j) || j < 1 || j > 64) {
        sfc_error("-j wants 1 to 64 processes, not '%s'", optarg);
        return 2;
      }
      o->jobs = (int)j;
      break;
    case 'h': usage(stdout); return 0;
    case 'V': sfc_print_version(); return 0;
    default: usage(stderr); return 2;
    }
  }
  o->predict.kgen = o->kernel;
  if (optind == argc && !o->check_links) {
    sfc_error("no PATH to audit");
    usage(stderr);
    return 2;
  }
  return -1;
}

/* The files the paths name; 0, or the exit status. */
static int list_inputs(int argc, char **argv, inputs *in) {
  char err[512];
  for (int i = optind; i < argc; i++) {
    size_t before = in->n;
    unsigned char *nm;
    if (au_list_files(argv[i], &in->files, &in->n, &in->cap, err, sizeof err) != 0) {
      sfc_error("%s", err);
      return 2;
    }
    if (!(nm = realloc(in->named, in->cap ? in->cap : 1))) {
      sfc_error("out of memory");
      return 2;
    }
    in->named = nm;
    for (size_t k = before; k < in->n; k++)
      in->named[k] = in->n == before + 1 && !strcmp(in->files[before], argv[i]);
  }
  if (in->n == 0) {
    sfc_error("nothing to audit: no file under %s", argv[optind]);
    return 2;
  }
  return 0;
}

/* The newest GNU ld the suite knows: producers.tsv lists each kind's
 * releases oldest first, so the last bfd-* linker; NULL when none. */
static const char *newest_gnu_ld(const au_links *lk) {
  const char *newest = NULL;
  for (size_t i = 0; i < lk->nlinkers; i++)
    if (!strncmp(lk->linkers[i], "bfd-", 4)) /* the family's prefix, as producers.tsv names them */
      newest = lk->linkers[i];
  return newest;
}

/* The tables the run reads (and the default --target from them); 0, or
 * the exit status. */
static int load_tables(options *o, au_readers *rd, au_links *lk) {
  char err[512];
  memset(lk, 0, sizeof *lk);
  if (au_readers_load(rd, o->readers, err, sizeof err) != 0 ||
      au_links_linkers(lk, o->producers, err, sizeof err) != 0 || au_links_load(lk, o->links, err, sizeof err) != 0) {
    sfc_error("%s", err);
    return 2;
  }
  if (!o->predict.target && !(o->predict.target = newest_gnu_ld(lk))) {
    sfc_error("%s: no GNU ld (bfd-*) among its linkers: give --target", o->producers);
    return 2;
  }
  if (au_links_linker(lk, o->predict.target) < 0) {
    sfc_error("--target %s: not a linker the suite knows (%s)", o->predict.target, o->producers);
    return 2;
  }
  return 0;
}

/* The report (the JSON lines are printed as the records are gathered): the
 * summary and tables, or the predictions' JSON lines; the HTML page. */
static int report(const options *o, const au_readers *rd, const gathered *g, const au_prediction *ps, size_t np) {
  if (o->json) {
    au_predictions_json(stdout, ps, np, o->predict.mode);
  } else {
    au_summary(stdout, &g->t, rd, g->readable);
    print_skips(stdout, g->skips, g->nskips);
    if (o->by_package)
      print_packages(stdout, g->groups, g->ngroups);
    au_predictions_table(stdout, ps, np, o->predict.mode);
  }
  if (o->html) {
    au_report rep = {g->skips, g->nskips, &g->t, rd, g->readable, ps, np, g->groups, g->ngroups, o->predict.mode,
                     o->by_package};
    if (au_html(o->html, &rep) != 0) {
      sfc_error("%s: the HTML report could not be written", o->html);
      return -1;
    }
  }
  return 0;
}

static void free_run(au_links *lk, inputs *in, run *r, au_pkgdb *db) {
  au_links_free(lk);
  for (size_t i = 0; i < in->n; i++) {
    free(in->files[i]);
    if (r->data)
      free(r->data[i]);
  }
  free(r->data);
  free(in->files);
  free(in->named);
  au_pkgdb_free(db);
}

/* --check-links: the rules against the measured table. */
static int check_links(const au_links *lk, const char *path) {
  size_t bad = au_links_check(lk, stdout);
  if (lk->n == 0) {
    sfc_error("%s: no link record: nothing to hold the rules to", path);
    return 2;
  }
  printf("%zu of %zu measured situations as the rules say\n", lk->n - bad, lk->n);
  return bad ? 1 : 0;
}

/* The predictions, and whether --confirm linked anything; -1 (said) on errors. */
static int predict(const options *o, const au_links *lk, const au_readers *rd, const gathered *g,
                   au_prediction **ps, size_t *np) {
  size_t linked = 0;
  const char *why_not = "no relocatable object to link";
  if ((*np = au_predict(g->rels, g->nrels, &o->predict, lk, rd, ps)) == AU_PREDICT_FAILED) {
    sfc_error("%s", "out of memory making the link predictions");
    *np = 0;
    return -1;
  }
  for (size_t i = 0; i < *np; i++) {
    linked += (size_t)(*ps)[i].seen.ran;
    if ((*ps)[i].seen.detail[0] && !(*ps)[i].seen.ran)
      why_not = (*ps)[i].seen.detail;
  }
  if (o->predict.confirm && linked == 0) {
    sfc_error("--confirm linked nothing: %s", why_not);
    return -1;
  }
  return 0;
}

int main(int argc, char **argv) {
  options o;
  au_readers rd;
  au_links lk = {0};
  inputs in = {NULL, 0, 0, NULL};
  run r;
  gathered g;
  au_pkgdb *db = NULL;
  au_prediction *ps = NULL;
  size_t np = 0;
  char err[512];
  int rc, breaks, missed = 0, failed = 0;
  sfc_set_progname("sfaudit");
  memset(&o, 0, sizeof o), memset(&r, 0, sizeof r), memset(&g, 0, sizeof g);
  if ((rc = parse_options(argc, argv, &o)) >= 0)
    return rc;
  if ((rc = load_tables(&o, &rd, &lk)) != 0 || (o.check_links && (rc = check_links(&lk, o.links)) >= 0) ||
      (rc = list_inputs(argc, argv, &in)) != 0) {
    free_run(&lk, &in, &r, db);
    return rc;
  }
  elf_version(EV_CURRENT);
  if (o.by_package && !(db = au_pkgdb_load("/var/lib/dpkg/info", err, sizeof err))) {
    sfc_error("%s", err);
    free_run(&lk, &in, &r, db);
    return 2;
  }
  if ((size_t)o.jobs > in.n)
    o.jobs = (int)in.n;
  r.o = &o, r.rd = &rd, r.db = db, r.in = &in;
  if (run_workers(&r) != 0) {
    sfc_error("cannot start the workers: %s", strerror(errno));
    failed = 1;
  }
  failed |= r.failed;
  if (gather(&r, &g) != 0 || predict(&o, &lk, &rd, &g, &ps, &np) != 0)
    failed = 1;
  if (g.ngroups)
    qsort(g.groups, g.ngroups, sizeof *g.groups, by_functions);
  if (report(&o, &rd, &g, ps, np) != 0)
    failed = 1;
  breaks = g.would_break;
  for (size_t i = 0; i < np; i++)
    breaks |= ps[i].target && ps[i].breaks, missed |= ps[i].missed;
  size_t audited = g.t.objects - g.t.not_elf;
  free(ps);
  free_gathered(&g);
  free_run(&lk, &in, &r, db);
  if (failed)
    return 2;
  if (audited == 0) {
    sfc_error("no ELF object found under the paths given: nothing audited");
    return 2;
  }
  return missed ? 3 : breaks ? 1 : 0;
}
