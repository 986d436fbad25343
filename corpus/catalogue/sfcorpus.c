/* SPDX-License-Identifier: MIT */
/* sfcorpus - the corpus tool: builds the hand-written case catalogue into
 * corpus sections, and generates random sections and mutants.
 *   sfcorpus --cases DIR --out DIR [--case ID]...   build (FORMAT.md files)
 *   sfcorpus --cases DIR --list                     list the concrete sections
 *   sfcorpus --summary CORPUS_DIR                   print SUMMARY.md
 *   sfcorpus gen --seed S --version V --abi ABI [--endian E] [--count N]
 *                [--mutants] --out DIR              random sections, mutants
 * Generation lives here, not in sfref: the oracle must not contain the
 * encoder it judges (issue 13).
 * Options are read by getopt_long (so a long option may also be written
 * --name=VALUE, or shortened while it stays unambiguous), in order, up to
 * the first element that is not one, which is an error.
 * Exit status: 0 success, 1 a case could not be built, 2 usage or parse
 * errors (each parse error names file:line). */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "catalogue.h"

#define EXIT_USAGE 2

static const char *usage =
    "usage: sfcorpus --cases DIR --out DIR [--case ID]...\n"
    "       sfcorpus --cases DIR --list\n"
    "       sfcorpus --summary CORPUS_DIR\n"
    "       sfcorpus gen --seed S --version V --abi ABI [--endian E] [--count N]\n"
    "                    [--mutants] --out DIR\n"
    "Builds every case of DIR/NAME.cases (format: corpus/CASES.md) for each version,\n"
    "ABI and endianness it expands to, and writes OUT/<id>.{sframe,expect,dump.json,\n"
    "lookup.json} as corpus/FORMAT.md describes.  --list prints one line per\n"
    "concrete section: id, class, finding.  --summary prints corpus/SUMMARY.md for\n"
    "the manifests of CORPUS_DIR.  gen writes random sections, or mutants, in the\n"
    "corpus format ('sfcorpus gen --help' describes it).\n"
    "Exit status: 0 success, 1 a case could not be built, 2 usage or parse errors.\n";

static const char *gen_help =
    "usage: sfcorpus gen --seed S --version 1|2|3 --abi amd64|aarch64-le|aarch64-be|s390x\n"
    "                    [--endian little|big] [--count N] [--mutants] --out DIR\n"
    "Write N (default 10) random valid sections into DIR in the corpus format\n"
    "(corpus/FORMAT.md): NAME.sframe, NAME.expect, NAME.dump.json and\n"
    "NAME.lookup.json, the expected results computed from the encoder's model.\n"
    "With --mutants each section has exactly one fault, and NAME.expect names\n"
    "the finding it must produce.  Same arguments, same bytes.  The byte order\n"
    "defaults to the ABI's; s390x needs version 2 or 3.\n"
    "Exit 0 on success, 2 on usage or I/O errors.\n";

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "sfcorpus: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage);
  return EXIT_USAGE;
}

/* The next option of argv, by getopt_long (the caller sets optind to 1 and
 * opterr to 0), read as sfcorpus always has: options are read in order
 * and the first element that is not one ends the reading.  Returns the
 * option, -1 at the end, ':' for an option given last without its value
 * (the option in optopt, *bad the element), or '?' with *bad set to the
 * element that is not an option: an unknown option, a word, "--", or a
 * short option with more letters after it. */
static int next_option(int argc, char **argv, const char *shorts, const struct option *longs,
                       const char **bad) {
  int before = optind, c = getopt_long(argc, argv, shorts, longs, NULL);
  *bad = NULL;
  if (c == -1 && optind == before + 1 && strcmp(argv[before], "--") == 0)
    c = '?';
  else if (c == -1 && optind < argc)
    before = optind, c = '?';
  else if (c == 'h' && (optind != before + 1 || strcmp(argv[before], "-h") != 0))
    c = '?';
  if (c == '?' || c == ':')
    *bad = argv[before];
  return c;
}

/* sfcorpus gen: the corpus generator (corpus/encoder/sfe_gen.c), with the
 * options, messages and exit statuses `sfref gen` had. */
static int cmd_gen(int argc, char **argv) {
  uint64_t seed = 0, version = 0, count = 10, k;
  int have_seed = 0, mutants = 0, big = -1;
  uint8_t abi = 0;
  const char *out = NULL, *v = NULL;
  char err[512];

  static const struct option longs[] = {
      {"help", no_argument, NULL, 'H'},        {"mutants", no_argument, NULL, 'm'},
      {"seed", required_argument, NULL, 's'},  {"version", required_argument, NULL, 'V'},
      {"abi", required_argument, NULL, 'a'},   {"endian", required_argument, NULL, 'e'},
      {"count", required_argument, NULL, 'c'}, {"out", required_argument, NULL, 'o'},
      {NULL, 0, NULL, 0}};
  const char *bad;
  int c;

  /* argv[0] is "gen": getopt_long reads from argv[1]. */
  optind = 1;
  opterr = 0;
  while ((c = next_option(argc, argv, "+:h", longs, &bad)) != -1) {
    if (c == ':') { /* "--seed" last: its value is empty, as "--seed=" */
      c = optopt;
      optarg = "";
    }
    v = optarg;
    if (c == 'h' || c == 'H') {
      fputs(gen_help, stdout);
      return 0;
    } else if (c == 'm') {
      mutants = 1;
    } else if (c == 's') {
      if (!sfc_parse_u64(v, &seed))
        return usage_error("gen: bad --seed '%s'", v);
      have_seed = 1;
    } else if (c == 'V') {
      if (!sfc_parse_u64(v, &version) || version > SFR_VERSION_MAX ||
          !sfr_version_known((unsigned)version))
        return usage_error("gen: bad --version '%s' (1, 2 or 3)", v);
    } else if (c == 'a') {
      if (!(abi = sfe_abi_by_name(v)))
        return usage_error("gen: unknown ABI '%s' (amd64, aarch64-le, aarch64-be, s390x)", v);
    } else if (c == 'e') {
      big = strcmp(v, "big") == 0 ? 1 : strcmp(v, "little") == 0 ? 0 : -2;
      if (big == -2)
        return usage_error("gen: bad --endian '%s' (little or big)", v);
    } else if (c == 'c') {
      if (!sfc_parse_u64(v, &count) || count < 1 || count > 100000)
        return usage_error("gen: bad --count '%s' (1-100000)", v);
    } else if (c == 'o') {
      out = v;
    } else {
      return usage_error("gen: unknown argument '%s'", bad);
    }
  }
  if (!have_seed || !version || !abi || !out || !*out)
    return usage_error("%s", "gen: --seed, --version, --abi and --out are required");
  if (!sfr_has_s390x((unsigned)version) && abi == SFR_ABI_S390X_BE)
    return usage_error("%s", "gen: s390x (ABI 4) needs version 2 or 3");
  if (big < 0)
    big = abi == SFR_ABI_AARCH64_BE || abi == SFR_ABI_S390X_BE;
  if (sfe_mkdir_p(out, err, sizeof err) != 0) {
    sfc_error("gen: error: %s", err);
    return EXIT_USAGE;
  }
  for (k = 0; k < count; k++) {
    sfe_case c;
    int rc = sfe_gen_case(seed, (uint8_t)version, abi, (uint8_t)big, (uint32_t)k, mutants, &c,
                          err, sizeof err);
    if (rc == 0)
      rc = sfe_gen_write(&c, out, err, sizeof err);
    sfe_case_free(&c);
    if (rc != 0) {
      sfc_error("gen: error: %s", err);
      return EXIT_USAGE;
    }
  }
  printf("sfcorpus gen: %" PRIu64 " %s written to %s\n", count, mutants ? "mutants" : "sections",
         out);
  return 0;
}

static int mkdir_p(const char *dir) {
  char buf[4096];
  size_t i, n = strlen(dir);
  if (n == 0 || n >= sizeof buf)
    return -1;
  memcpy(buf, dir, n + 1);
  for (i = 1; i <= n; i++) {
    if (buf[i] == '/' || buf[i] == 0) {
      char save = buf[i];
      buf[i] = 0;
      if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
        sfc_error("%s: cannot create: %s", buf, strerror(errno));
        return -1;
      }
      buf[i] = save;
    }
  }
  return 0;
}

static int cmp_id(const void *a, const void *b) {
  return strcmp(((const cat_concrete *)a)->id, ((const cat_concrete *)b)->id);
}

/* Every case expanded into its concrete sections (*all, *nall): 0, or 2
 * when a case expands to none or two make the same identifier. */
static int expand_all(const cat_catalogue *cat, cat_concrete **all, size_t *nall) {
  size_t k, n = 0;
  int rc = 0;
  for (k = 0; k < cat->ncases; k++)
    n += cat_expand(&cat->cases[k], NULL, 0);
  *all = cat_xcalloc(n, sizeof **all);
  *nall = 0;
  for (k = 0; k < cat->ncases; k++) {
    size_t got = cat_expand(&cat->cases[k], *all + *nall, SIZE_MAX);
    if (got == 0) {
      fprintf(stderr, "%s:%d: error: case %s expands to no section (versions x ABIs)\n",
              cat->cases[k].file, cat->cases[k].line, cat->cases[k].id);
      rc = 2;
    }
    *nall += got;
  }
  /* Concrete identifiers must be unique. */
  cat_concrete *sorted = cat_xcalloc(*nall, sizeof *sorted);
  memcpy(sorted, *all, *nall * sizeof **all);
  qsort(sorted, *nall, sizeof *sorted, cmp_id);
  for (k = 1; k < *nall; k++)
    if (strcmp(sorted[k].id, sorted[k - 1].id) == 0) {
      fprintf(stderr, "%s:%d: error: concrete id %s also made by case %s (%s:%d)\n",
              sorted[k].c->file, sorted[k].c->line, sorted[k].id, sorted[k - 1].c->id,
              sorted[k - 1].c->file, sorted[k - 1].c->line);
      rc = 2;
    }
  free(sorted);
  return rc;
}

/* Whether case id is among the --case names (all when there are none). */
static int selected(const char *id, const char **only, int nonly) {
  int i;
  for (i = 0; i < nonly && strcmp(only[i], id); i++)
    ;
  return nonly == 0 || i < nonly;
}

/* The selected sections listed (outdir NULL) or built into outdir: 0, or
 * 1 when one could not be built or written. */
static int build_selected(const cat_catalogue *cat, const cat_concrete *all, size_t nall,
                          const char **only, int nonly, const char *outdir) {
  const cat_case *prev = NULL;
  size_t nsel = 0, ncases_sel = 0;
  unsigned long per_version[SFR_VERSION_MAX + 1] = {0};
  int rc = 0;
  for (size_t k = 0; k < nall; k++) {
    const cat_concrete *cc = &all[k];
    cat_built b;
    if (!selected(cc->c->id, only, nonly))
      continue;
    if (cc->c != prev)
      ncases_sel++;
    prev = cc->c;
    nsel++;
    per_version[cc->version]++;
    if (!outdir) {
      printf("%s %s %s\n", cc->id, cat_class_name(cc->c->cls), cc->c->finding ? cc->c->finding : "-");
      continue;
    }
    if (cat_build(cat, cc, &b) != 0) {
      rc = 1;
      continue;
    }
    if (cat_write(cc, &b, outdir) != 0)
      rc = 1;
    cat_built_free(&b);
  }
  if (outdir)
    fprintf(stderr, "sfcorpus: %zu cases, %zu sections (v1 %lu, v2 %lu, v3 %lu)%s%s\n", ncases_sel,
            nsel, per_version[1], per_version[2], per_version[3], rc ? ", with errors" : " in ",
            rc ? "" : outdir);
  return rc;
}

int main(int argc, char **argv) {
  /* --help is 'H': 'h' is the short -h, which next_option checks stands alone. */
  static const struct option longs[] = {
      {"help", no_argument, NULL, 'H'},          {"cases", required_argument, NULL, 'C'},
      {"out", required_argument, NULL, 'o'},     {"case", required_argument, NULL, 'c'},
      {"summary", required_argument, NULL, 's'}, {"list", no_argument, NULL, 'l'},
      {"version", no_argument, NULL, 'v'},       {NULL, 0, NULL, 0}};
  const char *cases = NULL, *outdir = NULL, *summary = NULL, *bad;
  const char **only = NULL;
  int nonly = 0, list = 0, i, c, rc = 0;
  cat_catalogue cat;
  cat_concrete *all = NULL;
  size_t nall = 0, k;

  sfc_set_progname("sfcorpus");
  if (argc >= 2 && strcmp(argv[1], "gen") == 0)
    return cmd_gen(argc - 1, argv + 1);
  only = cat_xcalloc((size_t)argc, sizeof *only);
  optind = 1;
  opterr = 0;
  while ((c = next_option(argc, argv, "+:h", longs, &bad)) != -1) {
    if (c == 'h' || c == 'H') {
      fputs(usage, stdout);
      free(only);
      return 0;
    } else if (c == 'v') {
      sfc_print_version();
      free(only);
      return 0;
    } else if (c == 'C') {
      cases = optarg;
    } else if (c == 'o') {
      outdir = optarg;
    } else if (c == 'c') {
      only[nonly++] = optarg;
    } else if (c == 's') {
      summary = optarg;
    } else if (c == 'l') {
      list = 1;
    } else { /* '?', or ':' for an option given last without its value */
      fprintf(stderr, "sfcorpus: unknown or incomplete argument '%s'\n%s", bad, usage);
      free(only);
      return 2;
    }
  }
  if (summary) {
    free(only);
    if (cases || outdir || list) {
      fprintf(stderr, "sfcorpus: --summary takes no other option\n%s", usage);
      return 2;
    }
    return cat_summary(summary, stdout) == 0 ? 0 : 2;
  }
  if (!cases || (!outdir && !list) || (outdir && list)) {
    fprintf(stderr, "%s", usage);
    free(only);
    return 2;
  }

  memset(&cat, 0, sizeof cat);
  if (cat_load_dir(&cat, cases) != 0 || cat_check(&cat) != 0) {
    cat_free(&cat);
    free(only);
    return 2;
  }
  rc = expand_all(&cat, &all, &nall);
  for (i = 0; i < nonly; i++) {
    for (k = 0; k < cat.ncases && strcmp(cat.cases[k].id, only[i]); k++)
      ;
    if (k == cat.ncases) {
      sfc_error("no case named %s", only[i]);
      rc = 2;
    }
  }
  if (rc == 0 && outdir && mkdir_p(outdir) != 0)
    rc = 2;
  if (rc == 0)
    rc = build_selected(&cat, all, nall, only, nonly, list ? NULL : outdir);
  free(all);
  cat_free(&cat);
  free(only);
  return rc;
}
