/* sfcorpus - build the hand-written case catalogue into corpus sections.
 *   sfcorpus --cases DIR --out DIR [--case ID]...   build (FORMAT.md files)
 *   sfcorpus --cases DIR --list                     list the concrete sections
 *   sfcorpus --summary CORPUS_DIR                   print SUMMARY.md
 * Exit status: 0 success, 1 a case could not be built, 2 usage or parse
 * errors (each parse error names file:line). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "catalogue.h"

static const char *usage =
    "usage: sfcorpus --cases DIR --out DIR [--case ID]...\n"
    "       sfcorpus --cases DIR --list\n"
    "       sfcorpus --summary CORPUS_DIR\n"
    "Builds every case of DIR/NAME.cases (format: corpus/CASES.md) for each version,\n"
    "ABI and endianness it expands to, and writes OUT/<id>.{sframe,expect,dump.json,\n"
    "lookup.json} as corpus/FORMAT.md describes.  --list prints one line per\n"
    "concrete section: id, class, finding.  --summary prints corpus/SUMMARY.md for\n"
    "the manifests of CORPUS_DIR.\n"
    "Exit status: 0 success, 1 a case could not be built, 2 usage or parse errors.\n";

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
        fprintf(stderr, "sfcorpus: %s: cannot create: %s\n", buf, strerror(errno));
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

int main(int argc, char **argv) {
  const char *cases = NULL, *outdir = NULL, *summary = NULL;
  const char **only = NULL;
  int nonly = 0, list = 0, i, rc = 0;
  cat_catalogue cat;
  cat_concrete *all = NULL;
  size_t nall = 0, k, nsel = 0, ncases_sel = 0;
  unsigned long per_version[4] = {0, 0, 0, 0};

  only = calloc((size_t)argc, sizeof *only);
  if (!only)
    return 2;
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(usage, stdout);
      free(only);
      return 0;
    } else if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc) {
      cases = argv[++i];
    } else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
      outdir = argv[++i];
    } else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc) {
      only[nonly++] = argv[++i];
    } else if (strcmp(argv[i], "--summary") == 0 && i + 1 < argc) {
      summary = argv[++i];
    } else if (strcmp(argv[i], "--list") == 0) {
      list = 1;
    } else {
      fprintf(stderr, "sfcorpus: unknown or incomplete argument '%s'\n%s", argv[i], usage);
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
  for (k = 0; k < cat.ncases; k++)
    nall += cat_expand(&cat.cases[k], NULL, 0);
  all = calloc(nall ? nall : 1, sizeof *all);
  if (!all) {
    fprintf(stderr, "sfcorpus: out of memory\n");
    cat_free(&cat);
    free(only);
    return 2;
  }
  nall = 0;
  for (k = 0; k < cat.ncases; k++) {
    size_t n = cat_expand(&cat.cases[k], all + nall, SIZE_MAX);
    if (n == 0) {
      fprintf(stderr, "%s:%d: error: case %s expands to no section (versions x ABIs)\n",
              cat.cases[k].file, cat.cases[k].line, cat.cases[k].id);
      rc = 2;
    }
    nall += n;
  }
  /* Concrete identifiers must be unique. */
  {
    cat_concrete *sorted = calloc(nall ? nall : 1, sizeof *sorted);
    if (!sorted) {
      fprintf(stderr, "sfcorpus: out of memory\n");
      exit(2);
    }
    memcpy(sorted, all, nall * sizeof *all);
    qsort(sorted, nall, sizeof *sorted, cmp_id);
    for (k = 1; k < nall; k++)
      if (strcmp(sorted[k].id, sorted[k - 1].id) == 0) {
        fprintf(stderr, "%s:%d: error: concrete id %s also made by case %s (%s:%d)\n",
                sorted[k].c->file, sorted[k].c->line, sorted[k].id, sorted[k - 1].c->id,
                sorted[k - 1].c->file, sorted[k - 1].c->line);
        rc = 2;
      }
    free(sorted);
  }
  for (i = 0; i < nonly; i++) {
    for (k = 0; k < cat.ncases && strcmp(cat.cases[k].id, only[i]); k++)
      ;
    if (k == cat.ncases) {
      fprintf(stderr, "sfcorpus: no case named %s\n", only[i]);
      rc = 2;
    }
  }
  if (rc == 0 && outdir && mkdir_p(outdir) != 0)
    rc = 2;
  if (rc == 0) {
    const cat_case *prev = NULL;
    for (k = 0; k < nall; k++) {
      const cat_concrete *cc = &all[k];
      cat_built b;
      if (nonly) {
        for (i = 0; i < nonly && strcmp(only[i], cc->c->id); i++)
          ;
        if (i == nonly)
          continue;
      }
      if (cc->c != prev)
        ncases_sel++;
      prev = cc->c;
      nsel++;
      per_version[cc->version]++;
      if (list) {
        printf("%s %s %s\n", cc->id, cat_class_name(cc->c->cls),
               cc->c->finding ? cc->c->finding : "-");
        continue;
      }
      if (cat_build(&cat, cc, &b) != 0) {
        rc = 1;
        continue;
      }
      if (cat_write(cc, &b, outdir) != 0)
        rc = 1;
      cat_built_free(&b);
    }
    if (!list)
      fprintf(stderr, "sfcorpus: %zu cases, %zu sections (v1 %lu, v2 %lu, v3 %lu)%s%s\n",
              ncases_sel, nsel, per_version[1], per_version[2], per_version[3],
              rc ? ", with errors" : " in ", rc ? "" : outdir);
  }
  free(all);
  cat_free(&cat);
  free(only);
  return rc;
}
