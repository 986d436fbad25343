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
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "audit.h"
#include "sfc_tools.h"
#include "sframe_kernel.h"
#include "sframe_ref.h"

#ifndef AU_READERS_TSV
#define AU_READERS_TSV "audit/readers.tsv"
#endif
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
  int kernel; /* the generation whose refusal breaks (--kernel) */
  const char *readers, *links, *html;
  const char *producers; /* producers.tsv: the linkers the suite knows */
  au_predict_opts predict;
} options;

/* What a worker keeps while it visits objects, and sends back. */
typedef struct work {
  const options *o;
  const au_readers *rd;
  au_totals t;
  size_t readable[AU_MAX_READERS];
  int would_break;
  size_t index;  /* of the file being visited */
  FILE *lines;   /* "INDEX\tJSON" */
  FILE *pkgs;    /* "PACKAGE\tWITH\tCONVERTED\tSKIPPED\tGSBYTES\tEHBYTES\tBAD" */
  FILE *rels;    /* the relocatable objects (au_rel_record) */
  FILE *skips;   /* "INDEX\tKIND\tNAME\tWHY": the inputs not audited, but links */
} work;

/* A name or reason in a tab-separated record: tabs and line breaks as '?'. */
static void put_field(FILE *f, const char *s) {
  for (; *s; s++)
    fputc(*s == '\t' || *s == '\n' ? '?' : *s, f);
}

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

static void visit(void *ctx, const char *path, const char *member, const char *package,
                  const uint8_t *bytes, size_t len, au_skip skip, const char *why) {
  work *w = ctx;
  char dirbuf[128];
  au_object *ob = calloc(1, sizeof *ob);
  if (!ob)
    _exit(2); /* the worker fails (run_workers says so) rather than lose an input */
  ob->path = path, ob->member = member;
  ob->package = package ? package : w->o->by_package ? au_pkgdb_owner(path) : NULL;
  if (bytes) {
    au_object_judge(ob, bytes, len, w->rd);
  } else {
    ob->skipped = skip;
    snprintf(ob->error, sizeof ob->error, "%s", why);
  }
  au_totals_add(&w->t, ob);
  if (!ob->elf_ok && ob->skipped != AU_SKIP_LINK) {
    fprintf(w->skips, "%zu\t%d\t", w->index, (int)ob->skipped);
    put_field(w->skips, path);
    if (member) {
      fputc('(', w->skips);
      put_field(w->skips, member);
      fputc(')', w->skips);
    }
    fputc('\t', w->skips);
    put_field(w->skips, ob->error);
    fputc('\n', w->skips);
  }
  for (size_t i = 0; i < w->rd->n; i++)
    w->readable[i] += ob->readers_ok >> i & 1u;
  int bad = ob->has_sframe && (ob->verdict == SFR_CLASS_MALFORMED || ob->verdict == SFR_CLASS_INVALID ||
                               (ob->kernel_refused >> w->o->kernel & 1u) ||
                               (ob->checked && (ob->check.disagree || ob->check.sframe_only)));
  w->would_break |= bad;
  if (w->o->json) {
    fprintf(w->lines, "%zu\t", w->index);
    au_object_json(w->lines, ob, w->rd);
  }
  au_rel_record(w->rels, w->index, ob);
  if (ob->elf_ok)
    fprintf(w->pkgs, "%s\t%d\t%zu\t%zu\t%llu\t%llu\t%d\n", group_of(ob, dirbuf, sizeof dirbuf), ob->has_sframe,
            ob->gs.converted, ob->gs.skipped, (unsigned long long)ob->gs_bytes,
            (unsigned long long)ob->sizes.eh_frame, bad);
  free(ob);
}

/* The files named, and whether each was named on the command line. */
typedef struct inputs {
  char **files;
  size_t n, cap;
  unsigned char *named; /* named[i]: files[i] was given as it is (not found below a directory) */
} inputs;

/* Worker k of jobs: files k, k + jobs, ...; its lines, packages and totals
 * into DIR/wK.{lines,pkgs,tot}.  Exits. */
static _Noreturn void worker(const options *o, const au_readers *rd, const inputs *in, int k,
                             const char *dir, size_t *done) {
  char path[4200];
  work w;
  FILE *tot;
  memset(&w, 0, sizeof w);
  w.o = o, w.rd = rd;
  snprintf(path, sizeof path, "%s/w%d.lines", dir, k);
  w.lines = fopen(path, "w");
  snprintf(path, sizeof path, "%s/w%d.pkgs", dir, k);
  w.pkgs = fopen(path, "w");
  snprintf(path, sizeof path, "%s/w%d.rels", dir, k);
  w.rels = fopen(path, "w");
  snprintf(path, sizeof path, "%s/w%d.skip", dir, k);
  w.skips = fopen(path, "w");
  if (!w.lines || !w.pkgs || !w.rels || !w.skips)
    _exit(2);
  for (size_t i = (size_t)k; i < in->n; i += (size_t)o->jobs) {
    w.index = i;
    au_visit_file(in->files[i], NULL, in->named[i], NULL, visit, &w);
    __atomic_add_fetch(done, 1, __ATOMIC_RELAXED);
  }
  snprintf(path, sizeof path, "%s/w%d.tot", dir, k);
  if (!(tot = fopen(path, "wb")) || fwrite(&w.t, sizeof w.t, 1, tot) != 1 ||
      fwrite(w.readable, sizeof w.readable, 1, tot) != 1 || fwrite(&w.would_break, sizeof w.would_break, 1, tot) != 1)
    _exit(2);
  if (fclose(tot) != 0 || fclose(w.lines) != 0 || fclose(w.pkgs) != 0 || fclose(w.rels) != 0 ||
      fclose(w.skips) != 0)
    _exit(2);
  _exit(0);
}

/* Starts the workers and waits for them, a progress bar on stderr when it
 * is a terminal.  0, or -1 when one failed. */
static int run_workers(const options *o, const au_readers *rd, const inputs *in, const char *dir) {
  size_t *done = mmap(NULL, sizeof *done, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  pid_t pids[64];
  int failed = 0, left = o->jobs;
  if (done == MAP_FAILED)
    return -1;
  *done = 0;
  fflush(NULL);
  for (int k = 0; k < o->jobs; k++)
    if ((pids[k] = fork()) == 0)
      worker(o, rd, in, k, dir, done);
    else if (pids[k] < 0)
      return -1;
  while (left > 0) {
    int status;
    pid_t p = waitpid(-1, &status, WNOHANG);
    if (p > 0) {
      left--;
      failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
      continue;
    }
    if (p < 0 && errno != EINTR)
      break;
    if (o->progress)
      fprintf(stderr, "\rsfaudit: %zu of %zu files", __atomic_load_n(done, __ATOMIC_RELAXED), in->n);
    usleep(200000);
  }
  if (o->progress)
    fprintf(stderr, "\rsfaudit: %zu of %zu files\n", *done, in->n);
  munmap(done, sizeof *done);
  return failed ? -1 : 0;
}

/* One line of a worker's output: the index of its file, then the text. */
typedef struct line {
  size_t index, seq;
  char *text;
} line;

static int by_index(const void *a, const void *b) {
  const line *x = a, *y = b;
  return x->index != y->index ? (x->index < y->index ? -1 : 1) : (x->seq < y->seq ? -1 : x->seq > y->seq);
}

/* The workers' JSON lines, in the order of the files. */
static void print_lines(const char *dir, int jobs) {
  line *ls = NULL;
  size_t n = 0, cap = 0, seq = 0;
  char path[4200], *buf = NULL;
  size_t bl = 0;
  for (int k = 0; k < jobs; k++) {
    snprintf(path, sizeof path, "%s/w%d.lines", dir, k);
    FILE *f = fopen(path, "r");
    while (f && getline(&buf, &bl, f) > 0) {
      char *tab = strchr(buf, '\t');
      if (!tab)
        continue;
      if (n == cap) {
        line *nl = realloc(ls, (cap = cap ? 2 * cap : 1024) * sizeof *ls);
        if (!nl)
          break;
        ls = nl;
      }
      ls[n].index = strtoull(buf, NULL, 10);
      ls[n].seq = seq++;
      if ((ls[n].text = strdup(tab + 1)))
        n++;
    }
    if (f)
      fclose(f);
  }
  if (n)
    qsort(ls, n, sizeof *ls, by_index);
  for (size_t i = 0; i < n; i++) {
    fputs(ls[i].text, stdout);
    free(ls[i].text);
  }
  free(ls);
  free(buf);
}

/* The workers' totals summed; nonzero when something would break. */
static int sum_totals(const char *dir, int jobs, au_totals *t, size_t *readable) {
  int any = 0;
  memset(t, 0, sizeof *t);
  for (int k = 0; k < jobs; k++) {
    char path[4200];
    au_totals u;
    size_t r[AU_MAX_READERS];
    int wb = 0;
    snprintf(path, sizeof path, "%s/w%d.tot", dir, k);
    FILE *f = fopen(path, "rb");
    if (!f || fread(&u, sizeof u, 1, f) != 1 || fread(r, sizeof r, 1, f) != 1 || fread(&wb, sizeof wb, 1, f) != 1) {
      if (f)
        fclose(f);
      continue;
    }
    fclose(f);
    au_totals_merge(t, &u);
    for (int i = 0; i < AU_MAX_READERS; i++)
      readable[i] += r[i];
    any |= wb;
  }
  return any;
}

/* ---- the inputs not audited ---- */
static int by_file(const void *a, const void *b) {
  const au_skipped *x = a, *y = b;
  return x->index != y->index ? (x->index < y->index ? -1 : 1) : (x->seq < y->seq ? -1 : x->seq > y->seq);
}

/* The workers' records of the inputs not audited, in the order of the files. */
static size_t read_skips(const char *dir, int jobs, au_skipped **out) {
  size_t n = 0, cap = 0, seq = 0, bl = 0;
  char path[4200], *buf = NULL, *f[4];
  *out = NULL;
  for (int k = 0; k < jobs; k++) {
    snprintf(path, sizeof path, "%s/w%d.skip", dir, k);
    FILE *in = fopen(path, "r");
    while (in && getline(&buf, &bl, in) > 0) {
      buf[strcspn(buf, "\n")] = 0;
      if (au_split_tabs(buf, f, 4) != 4)
        continue;
      if (n == cap && !(*out = realloc(*out, (cap = cap ? 2 * cap : 64) * sizeof **out)))
        sfc_die(2, "out of memory");
      au_skipped *s = &(*out)[n++];
      s->index = strtoull(f[0], NULL, 10), s->seq = seq++;
      s->kind = (au_skip)atoi(f[1]);
      if (!(s->name = strdup(f[2])) || !(s->why = strdup(f[3])))
        sfc_die(2, "out of memory");
    }
    if (in)
      fclose(in);
  }
  free(buf);
  if (n)
    qsort(*out, n, sizeof **out, by_file);
  return n;
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

static void free_skips(au_skipped *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    free(s[i].name), free(s[i].why);
  free(s);
}

/* ---- by package (or directory) ---- */
typedef au_group pkg_row;

static int by_functions(const void *a, const void *b) {
  const pkg_row *x = a, *y = b;
  size_t fx = x->converted + x->skipped, fy = y->converted + y->skipped;
  return fx != fy ? (fx > fy ? -1 : 1) : strcmp(x->name, y->name);
}

/* The workers' package records, added up per package. */
static size_t read_packages(const char *dir, int jobs, pkg_row **rows) {
  size_t n = 0, cap = 0;
  char path[4200], name[128];
  for (int k = 0; k < jobs; k++) {
    snprintf(path, sizeof path, "%s/w%d.pkgs", dir, k);
    FILE *f = fopen(path, "r");
    int with, bad;
    size_t conv, skip, i;
    unsigned long long gsb, ehb;
    while (f && fscanf(f, "%127[^\t]\t%d\t%zu\t%zu\t%llu\t%llu\t%d\n", name, &with, &conv, &skip, &gsb, &ehb,
                       &bad) == 7) {
      for (i = 0; i < n && strcmp((*rows)[i].name, name); i++)
        ;
      if (i == n) {
        pkg_row *nr = n == cap ? realloc(*rows, (cap = cap ? 2 * cap : 64) * sizeof **rows) : *rows;
        if (!nr)
          break;
        *rows = nr;
        memset(&nr[n], 0, sizeof nr[n]);
        snprintf(nr[n].name, sizeof nr[n].name, "%s", name);
        n++;
      }
      pkg_row *p = &(*rows)[i];
      p->objects++, p->with_sframe += (size_t)with, p->converted += conv, p->skipped += skip;
      p->gs_bytes += gsb, p->eh_bytes += ehb, p->bad += (size_t)bad;
    }
    if (f)
      fclose(f);
  }
  return n;
}

static void print_packages(FILE *out, const pkg_row *rows, size_t n) {
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
        "  --readers FILE    the readers table (default: the suite's audit/readers.tsv)\n"
        "  --kernel GEN      the kernel generation whose refusal breaks (default: kernel, the newest)\n"
        "  --link-mode MODE  how the relocatable objects are linked together: static (default),\n"
        "                    gc (--gc-sections) or kernel (a linker script, --orphan-handling=error)\n"
        "  --target LINKER   the linker the exit status speaks for (default: the newest GNU ld,\n"
        "                    the last bfd-* linker of producers.tsv)\n"
        "  --links FILE      the linkers' measured behaviour (default: the suite's audit/links.tsv)\n"
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

/* The value of an option that takes one of a list of words, or NULL. */
static const char *one_of(const char *v, const char *const *words) {
  for (; *words; words++)
    if (!strcmp(v, *words))
      return *words;
  return NULL;
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
      {NULL, 0, NULL, 0}};
  static const char *const modes[] = {"static", "gc", "kernel", NULL};
  uint64_t j;
  int c;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  o->jobs = cores > 0 && cores < 64 ? (int)cores : 2;
  /* the tables: an installed suite's (make install), else the checkout's */
  static char readers[4200], links[4200], producers[4200];
  o->readers = sfc_installed("share", "audit/readers.tsv", readers, sizeof readers) ? readers : AU_READERS_TSV;
  o->links = sfc_installed("share", "audit/links.tsv", links, sizeof links) ? links : AU_LINKS_TSV;
  o->producers = sfc_installed("share", "producers/producers.tsv", producers, sizeof producers) ? producers
                                                                                                : AU_PRODUCERS_TSV;
  o->progress = isatty(2);
  o->kernel = SFK_GEN_NEWEST;
  /* the target: --target, else the newest GNU ld of producers.tsv (load_tables) */
  o->predict.mode = "static", o->predict.target = NULL, o->predict.toolchains = AU_TOOLCHAINS;
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
    case 'm':
      if (!(o->predict.mode = one_of(optarg, modes))) {
        sfc_error("unknown --link-mode '%s' (static, gc or kernel)", optarg);
        return 2;
      }
      break;
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
  o->predict.kgen = sfk_gen_get((sfk_gen)o->kernel)->name;
  if (optind == argc) {
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
    if (!strncmp(lk->linkers[i], "bfd-", 4))
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
  if (!au_links_has_linker(lk, o->predict.target)) {
    sfc_error("--target %s: not a linker the suite knows (%s)", o->predict.target, o->producers);
    return 2;
  }
  return 0;
}

/* The report: JSON lines, or the summary and tables; the HTML page. */
static void report(const options *o, const char *dir, const au_totals *t, const au_readers *rd,
                   const size_t *readable, const au_prediction *ps, size_t np, const pkg_row *groups,
                   size_t ngroups, const au_skipped *skips, size_t nskips) {
  if (o->json) {
    print_lines(dir, o->jobs);
    au_predictions_json(stdout, ps, np, o->predict.mode);
  } else {
    au_summary(stdout, t, rd, readable);
    print_skips(stdout, skips, nskips);
    if (o->by_package)
      print_packages(stdout, groups, ngroups);
    au_predictions_table(stdout, ps, np, o->predict.mode);
  }
}

static void free_run(au_links *lk, inputs *in) {
  au_links_free(lk);
  for (size_t i = 0; i < in->n; i++)
    free(in->files[i]);
  free(in->files);
  free(in->named);
}

int main(int argc, char **argv) {
  options o;
  au_readers rd;
  au_links lk = {0};
  inputs in = {NULL, 0, 0, NULL};
  au_totals t;
  au_prediction *ps = NULL;
  size_t readable[AU_MAX_READERS] = {0}, np;
  char dir[] = "/tmp/sfaudit-run-XXXXXX";
  int rc, breaks, missed = 0;
  sfc_set_progname("sfaudit");
  memset(&o, 0, sizeof o);
  if ((rc = parse_options(argc, argv, &o)) >= 0)
    return rc;
  if ((rc = load_tables(&o, &rd, &lk)) != 0 || (rc = list_inputs(argc, argv, &in)) != 0) {
    free_run(&lk, &in);
    return rc;
  }
  elf_version(EV_CURRENT);
  if (o.by_package)
    au_pkgdb_load("/var/lib/dpkg/info");
  if ((size_t)o.jobs > in.n)
    o.jobs = (int)in.n;
  if (!mkdtemp(dir)) {
    sfc_error("mkdtemp: %s", strerror(errno));
    return 2;
  }
  rc = run_workers(&o, &rd, &in, dir);
  breaks = sum_totals(dir, o.jobs, &t, readable);
  if ((np = au_predict(dir, o.jobs, &o.predict, &lk, &rd, &ps)) == AU_PREDICT_FAILED) {
    sfc_error("%s", "out of memory making the link predictions");
    np = 0;
    rc = -2; /* said: exit 2 after the report of what was audited */
  }
  size_t linked = 0;
  const char *why_not = "no relocatable object to link";
  for (size_t i = 0; i < np; i++) {
    breaks |= ps[i].target && ps[i].breaks, missed |= ps[i].missed;
    linked += (size_t)ps[i].seen.ran;
    if (ps[i].seen.detail[0] && !ps[i].seen.ran)
      why_not = ps[i].seen.detail;
  }
  if (rc == 0 && o.predict.confirm && linked == 0) {
    sfc_error("--confirm linked nothing: %s", why_not);
    rc = -2;
  }
  pkg_row *groups = NULL;
  size_t ngroups = read_packages(dir, o.jobs, &groups);
  if (ngroups)
    qsort(groups, ngroups, sizeof *groups, by_functions);
  au_skipped *skips;
  size_t nskips = read_skips(dir, o.jobs, &skips);
  report(&o, dir, &t, &rd, readable, ps, np, groups, ngroups, skips, nskips);
  if (o.html) {
    au_report rep = {skips, nskips, &t, &rd, readable, ps, np, groups, ngroups, o.predict.mode, o.by_package};
    if (au_html(o.html, &rep) != 0)
      rc = -1;
  }
  free_skips(skips, nskips);
  free(groups);
  au_remove_tree(dir);
  free(ps);
  free_run(&lk, &in);
  if (rc == -2)
    return 2;
  if (rc != 0) {
    sfc_error(o.html ? "a worker failed, or the HTML report could not be written" : "a worker failed");
    return 2;
  }
  if (t.objects - t.not_elf == 0) {
    sfc_error("no ELF object found under the paths given: nothing audited");
    return 2;
  }
  return missed ? 3 : breaks ? 1 : 0;
}
