/* SPDX-License-Identifier: MIT */
/* gnu_text_test.c - unit test of the GNU objdump / readelf text parser of
 * the objdump-* and readelf-* adapters (conformance/adapters/gnu_text.c),
 * as TAP on stdout.  Usage: gnu_text_test DIR (corpus/real/sections).
 *
 * Every NAME.objdump of DIR is the text `objdump --sframe` of the release
 * that assembled NAME (gasNNN: binutils 2.NNN, corpus/real/regen.sh)
 * printed for the section NAME.sframe at NAME.vma.  The parser's reading
 * of each is held to the section itself as the oracle opens it: the
 * version, the header's FDE and FRE counts, the number of functions and of
 * rows of each, each function's start and size.  Then a damaged copy of
 * one text (a row cut short, a function line without its size) must be
 * refused. */
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gnu_text.h"
#include "sframe_ref.h"
#include "sfc_tools.h"

static int ntest, nfail;

static void ok(int cond, const char *name, const char *what) {
  nfail += !cond;
  printf("%s %d - %s: %s\n", cond ? "ok" : "not ok", ++ntest, name, what);
  fflush(stdout);
}

static char *slurp(const char *dir, const char *name, const char *ext) {
  char path[4096];
  uint8_t *b;
  size_t len;
  snprintf(path, sizeof path, "%s/%s%s", dir, name, ext);
  if (sfc_read_file(path, &b, &len) != SFC_READ_OK) {
    printf("Bail out! cannot read %s\n", path);
    exit(1);
  }
  return (char *)b;
}

/* The release a name's "gasNNN-" prefix stands for (2.40, 2.44, 2.47). */
static int release_of(const char *name, sfa_config *cfg) {
  unsigned minor;
  memset(cfg, 0, sizeof *cfg);
  cfg->name = cfg->kind = "objdump";
  if (sscanf(name, "gas2%2u-", &minor) != 1)
    return -1;
  cfg->major = 2;
  cfg->minor = (int)minor;
  return 0;
}

/* The parsed dump against the section (the oracle's reading): NULL when
 * they agree, else what differs. */
static const char *against_section(const sfa_dump *d, const sfr_section *sec) {
  static char why[160];
  uint64_t rows = 0;
  uint32_t i;
  if (d->version != sec->version)
    return "version";
  if (d->num_fdes != sec->num_fdes || d->num_fres != sec->num_fres)
    return "the header's Num FDEs / Num FREs";
  if (d->nfdes != sec->num_fdes)
    return "number of functions";
  for (i = 0; i < sec->num_fdes; i++) {
    sfr_fde fde;
    const sfa_fde *f = &d->fdes[i];
    if (sfr_get_fde(sec, i, &fde) != SFR_OK)
      return "the oracle cannot read an FDE";
    if (f->index != i || f->pc != fde.start || f->size != fde.size ||
        f->nfres != fde.num_fres || f->mask != (fde.pc_type == SFR_PCTYPE_MASK)) {
      snprintf(why, sizeof why, "function %" PRIu32 " (index, start, size, rows or pc type)", i);
      return why;
    }
    rows += f->nfres;
  }
  return rows == sec->num_fres ? NULL : "rows in all";
}

static void check_one(const char *dir, const char *name) {
  sfa_config cfg;
  sfa_dump d;
  sfa_lexer lx;
  sfr_section sec;
  uint64_t vma;
  size_t len;
  char *text = slurp(dir, name, ".objdump"), *vmatext = slurp(dir, name, ".vma");
  char path[4096];
  uint8_t *bytes;
  const char *why;

  vmatext[strcspn(vmatext, "\n")] = '\0';
  snprintf(path, sizeof path, "%s/%s.sframe", dir, name);
  if (release_of(name, &cfg) || !sfc_parse_u64(vmatext, &vma) ||
      sfc_read_file(path, &bytes, &len) != SFC_READ_OK) {
    ok(0, name, "release, VMA and section known");
    free(text), free(vmatext);
    return;
  }
  if (sfr_open(&sec, bytes, len, vma, NULL) != SFR_OK) {
    ok(0, name, "the oracle opens the section");
  } else if (sfa_gnu_read(&cfg, text, &d, &lx) != 0) {
    ok(0, name, lx.err);
  } else {
    why = against_section(&d, &sec);
    ok(why == NULL, name, why ? why : "parsed as the section holds");
  }
  sfa_free_dump(&d);
  free(bytes), free(text), free(vmatext);
}

/* A damaged text must be refused, with the line said. */
static void refuses(const char *what, const char *text) {
  sfa_config cfg;
  sfa_dump d;
  sfa_lexer lx;
  char *copy = strdup(text);
  int rc;
  release_of("gas240-", &cfg);
  if (!copy) {
    puts("Bail out! out of memory");
    exit(1);
  }
  rc = sfa_gnu_read(&cfg, copy, &d, &lx);
  ok(rc != 0 && strstr(lx.err, "line ") != NULL, "refused", what);
  sfa_free_dump(&d);
  free(copy);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
  DIR *dir;
  struct dirent *e;
  char **names = NULL;
  size_t n = 0, cap = 0, i;
  static const char good[] = "\nContents of the SFrame section .sframe:\n  Header :\n\n"
                             "    Version: SFRAME_VERSION_1\n    Flags: SFRAME_F_FDE_SORTED\n"
                             "    Num FDEs: 1\n    Num FREs: 1\n\n  Function Index :\n\n"
                             "    func idx [0]: pc = 0x40026c, size = 48 bytes\n"
                             "    STARTPC         CFA       FP        RA           \n"
                             "    000000000040026c  sp+0      u         u            \n";

  sfa_die_name = "gnu_text_test"; /* the library's out-of-memory message */
  if (argc != 2 || !(dir = opendir(argv[1]))) {
    fprintf(stderr, "usage: gnu_text_test DIR (corpus/real/sections)\n");
    return 2;
  }
  while ((e = readdir(dir))) {
    size_t l = strlen(e->d_name);
    if (l <= 8 || strcmp(e->d_name + l - 8, ".objdump"))
      continue;
    if (n == cap) {
      char **nn = realloc(names, (cap = cap ? 2 * cap : 256) * sizeof *nn);
      if (!nn) {
        puts("Bail out! out of memory");
        return 1;
      }
      names = nn;
    }
    if (!(names[n] = strndup(e->d_name, l - 8))) {
      puts("Bail out! out of memory");
      return 1;
    }
    n++;
  }
  closedir(dir);
  qsort(names, n, sizeof *names, by_name);
  ok(n >= 100, argv[1], "holds the real sections' objdump texts");
  for (i = 0; i < n; i++) {
    check_one(argv[1], names[i]);
    free(names[i]);
  }
  free(names);

  {
    sfa_config cfg;
    sfa_dump d;
    sfa_lexer lx;
    char *copy = strdup(good);
    release_of("gas240-", &cfg);
    ok(copy && sfa_gnu_read(&cfg, copy, &d, &lx) == 0 && d.nfdes == 1 && d.fdes[0].nfres == 1 &&
           d.fdes[0].fres[0].cfa_offset == 0 && !strcmp(d.fdes[0].fres[0].base, "sp"),
       "a hand-written text", "read");
    sfa_free_dump(&d);
    free(copy);
  }
  {
    char bad[sizeof good];
    char *at;
    memcpy(bad, good, sizeof good);
    at = strstr(bad, "u            \n");
    memcpy(at, "             \n", 14); /* the RA cell gone */
    refuses("a row without its RA cell", bad);
    memcpy(bad, good, sizeof good);
    at = strstr(bad, ", size = 48 bytes");
    memcpy(at, "                 ", 17);
    refuses("a function line without its size", bad);
  }
  printf("1..%d\n", ntest);
  return nfail != 0;
}
