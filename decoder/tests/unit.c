/* SPDX-License-Identifier: MIT */
/* unit.c - C unit tests for the oracle library: the harness (main is in
 * unit_main.c, the tests in unit_*.c, listed in unit.h).
 *   unit [REAL_DIR...]
 * REAL_DIR: a directory of real sections, NAME.sframe with its address in
 * NAME.vma (the form of corpus/real/sections and ../shared/vectors/gas);
 * one holding gas/ and more/ (../shared/vectors) is read through those.
 * The first is the checked-in corpus/real/sections (the default), whose
 * INDEX says how many sections it must hold and whose sections the
 * interpretation and unwinding tests use; the others (the shared vectors,
 * when present) are extra sections for the validation, truncation and
 * corruption tests, and for the checks named after them.
 * Prints TAP ("ok N - name" / "not ok N - name") and a summary line.
 * Environment: UNIT_STRIDE=N makes the truncation and corruption tests of
 * real sections take every Nth byte offset only (default 1, all of them;
 * the valgrind pass uses a stride, ci/check.sh).
 * Every section a test decodes is placed so that it ends at an unmapped
 * page (guard.c): a read past the end crashes the test. */
#define _DEFAULT_SOURCE 1
#include <dirent.h>

#include "unit.h"

static int n_tests, n_failed;
int cur_failed;
size_t stride = 1; /* UNIT_STRIDE */
const char *real_dirs[MAX_DIRS];
int n_real_dirs;

void fail_at(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  cur_failed++;
  fprintf(stdout, "#   %s:%d: ", file, line);
  va_start(ap, fmt);
  vfprintf(stdout, fmt, ap);
  va_end(ap);
  fputc('\n', stdout);
}

void run(const char *name, void (*fn)(void)) {
  cur_failed = 0;
  fn();
  n_tests++;
  if (cur_failed)
    n_failed++;
  printf("%s %d - %s\n", cur_failed ? "not ok" : "ok", n_tests, name);
  fflush(stdout);
}

/* ---- helpers ---- */


/* Validation with scratch (ranges sorted) and without (pairs compared, up
 * to 512 functions) must agree (sfr_reports_differ). */
void check_reports_agree(const char *what, const sfr_report *a, const sfr_report *b) {
  const char *d = sfr_reports_differ(a, b);
  CHECK(d == NULL, "%s: with and without scratch differ: %s", what, d ? d : "");
}

int validate_guarded(checked *c, const uint8_t *bytes, size_t len, uint64_t vma) {
  size_t n = sfr_validate_scratch_size(len);
  void *scratch = malloc(n);
  const uint8_t *p = scratch ? guard_place(&c->g, bytes, len) : NULL;
  const char *why;
  if (!p) {
    free(scratch);
    return 0;
  }
  c->rep.items = c->items;
  c->rep.cap = MAX_ITEMS;
  c->plain.items = c->plain_items;
  c->plain.cap = MAX_ITEMS;
  /* Each checked against the reference validation where the certificate took it. */
  why = sfr_validate_checked(&c->sec, p, len, vma, NULL, 0, &c->plain);
  CHECK(why == NULL, "validation without scratch: %s", why);
  /* Last, so that c->sec's verified order is the one tools see. */
  why = sfr_validate_checked(&c->sec, p, len, vma, scratch, n, &c->rep);
  CHECK(why == NULL, "validation with scratch: %s", why);
  free(scratch);
  check_reports_agree("validation", &c->rep, &c->plain);
  return 1;
}

int report_has(const sfr_report *rep, sfr_status id) {
  size_t i;
  for (i = 0; i < rep->count && i < rep->cap; i++)
    if (rep->items[i].id == id)
      return 1;
  return 0;
}

/* The whole file, or NULL when it cannot be read (sfc_read_file). */
uint8_t *read_file(const char *path, size_t *len) {
  uint8_t *buf = NULL;
  return sfc_read_file(path, &buf, len) == SFC_READ_OK ? buf : NULL;
}


static int load_real_in(const char *dir, const char *name, real_section *rs) {
  char path[1024];
  size_t n;
  uint8_t *v;
  snprintf(rs->name, sizeof rs->name, "%s", name);
  snprintf(path, sizeof path, "%s/%s.sframe", dir, name);
  rs->bytes = read_file(path, &rs->len);
  snprintf(path, sizeof path, "%s/%s.vma", dir, name);
  v = read_file(path, &n);
  if (!rs->bytes || !v) {
    free(rs->bytes);
    free(v);
    return 0;
  }
  v[n] = 0;
  rs->vma = strtoull((char *)v, NULL, 16);
  free(v);
  return 1;
}

static int is_dir(const char *path) {
  DIR *d = opendir(path);
  if (d)
    closedir(d);
  return d != NULL;
}

/* The flat directories of REAL_DIR k: itself, or its gas/ and more/. */
static int flat_dirs(int k, char out[2][1024]) {
  int n = 0;
  snprintf(out[0], sizeof out[0], "%s/gas", real_dirs[k]);
  snprintf(out[1], sizeof out[1], "%s/more", real_dirs[k]);
  if (is_dir(out[0]) || is_dir(out[1])) {
    if (is_dir(out[0]))
      n++;
    if (is_dir(out[1]))
      memmove(out[n++], out[1], sizeof out[1]);
    return n;
  }
  snprintf(out[0], sizeof out[0], "%s", real_dirs[k]);
  return 1;
}

/* Loads NAME from the first REAL_DIR that has it, or from REAL_DIR `only`
 * alone when only >= 0. */
int load_real(int only, const char *name, real_section *rs) {
  int k, j;
  for (k = 0; k < n_real_dirs; k++) {
    char flat[2][1024];
    int nf = flat_dirs(k, flat);
    if (only >= 0 && k != only)
      continue;
    for (j = 0; j < nf; j++)
      if (load_real_in(flat[j], name, rs))
        return 1;
  }
  return 0;
}

/* Calls fn for every real section of REAL_DIR k; returns how many. */
int for_each_real_in(int k, void (*fn)(real_section *)) {
  char flat[2][1024];
  int count = 0, nf = flat_dirs(k, flat), j;
  for (j = 0; j < nf; j++) {
    DIR *d = opendir(flat[j]);
    struct dirent *e;
    if (!d)
      continue;
    while ((e = readdir(d)) != NULL) {
      size_t l = strlen(e->d_name);
      real_section rs;
      char name[256];
      if (l < 8 || strcmp(e->d_name + l - 7, ".sframe") != 0 || l - 7 >= sizeof name)
        continue;
      memcpy(name, e->d_name, l - 7);
      name[l - 7] = 0;
      if (!load_real_in(flat[j], name, &rs))
        continue;
      fn(&rs);
      free(rs.bytes);
      count++;
    }
    closedir(d);
  }
  return count;
}

/* Calls fn for every real section of every REAL_DIR. */
int for_each_real(void (*fn)(real_section *)) {
  int k, count = 0;
  for (k = 0; k < n_real_dirs; k++)
    count += for_each_real_in(k, fn);
  return count;
}

/* The number of sections REAL_DIR 0's INDEX lists (-1: no INDEX). */
int index_count(void) {
  char path[1024];
  size_t len, i;
  int n = 0, bol = 1;
  uint8_t *b;
  snprintf(path, sizeof path, "%s/INDEX", real_dirs[0]);
  b = read_file(path, &len);
  if (!b)
    return -1;
  for (i = 0; i < len; i++) {
    if (bol && b[i] != '#' && b[i] != '\n')
      n++;
    bol = b[i] == '\n';
  }
  free(b);
  return n;
}

/* ---- hand-built vectors ---- */

/* A lookup by both of the library's paths (sfr_lookup_checked), which
 * must agree, valid section or not. */
void both_paths(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode) {
  sfr_lookup_result res;
  const char *why;
  (void)sfr_lookup_checked(sec, pc, mode, &res, &why);
  CHECK(!why, "lookup 0x%" PRIx64 " %s: the fast and the reference lookup differ in the %s", pc,
        mode == SFR_PC_IP ? "ip" : "ra", why);
}


/* Walk everything decodable and look up every FRE start by both paths:
 * must not fault, and the paths must agree.  On a section validated in
 * order, again with the lookup index (in memory one byte off alignment),
 * which the reference lookup does not use. */
void exercise(const sfr_section *sec) {
  size_t n = sfr_index_size(sec);
  uint8_t *mem = n ? malloc(n + 1) : NULL;
  sfr_section indexed = *sec;
  CHECK(n == 0 || ((sec->flags & SFR_F_FDE_SORTED) && sfr_order_verified(sec) && sec->num_fdes),
        "an index for a section not validated in order");
  exercise_paths(sec);
  if (mem) {
    CHECK(sfr_index_build(&indexed, mem + 1, n) == 1 && sfr_index_attached(&indexed), "index not built");
    exercise_paths(&indexed);
  }
  free(mem);
}

void exercise_paths(const sfr_section *sec) {
  uint32_t i;
  for (i = 0; i < sec->num_fdes && i < 4096; i++) {
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    if (sfr_get_fde(sec, i, &fde) != SFR_OK)
      continue;
    sfr_fre_iter_init(sec, &fde, &it);
    while (sfr_fre_next(sec, &it, &fre, &done) == SFR_OK && !done) {
      sfr_rules r;
      (void)sfr_interpret(sec, &fde, &fre, &r);
      both_paths(sec, fde.start + fre.start, SFR_PC_IP);
      both_paths(sec, fde.start + fre.start + 1, SFR_PC_RA);
    }
    both_paths(sec, fde.start + fde.size, SFR_PC_IP);
  }
}

/* Opens the real section NAME: one of corpus/real/sections (required: a
 * failure when missing) or, with required 0, of the shared vectors (those
 * checks are skipped when they are absent). */
int open_real(const char *name, real_section *rs, checked *c, int required) {
  if (!load_real(required ? 0 : -1, name, rs)) {
    CHECK(!required, "cannot load %s from %s", name, real_dirs[0]);
    return 0;
  }
  if (!validate_guarded(c, rs->bytes, rs->len, rs->vma)) {
    free(rs->bytes);
    return 0;
  }
  return 1;
}
void close_real(real_section *rs, checked *c) {
  guard_free(&c->g);
  free(rs->bytes);
}

/* The start of function i (the linker chose it: aarch64 and s390x rows are
 * checked as offsets from it). */
uint64_t fde_start(checked *c, const char *name, uint32_t i) {
  sfr_fde fde;
  if (sfr_get_fde(&c->sec, i, &fde) != SFR_OK) {
    CHECK(0, "%s: no FDE %u", name, i);
    return 0;
  }
  return fde.start;
}

int unit_finish(void) {
  printf("1..%d\n", n_tests);
  return n_failed ? 1 : 0;
}
