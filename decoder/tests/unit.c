/* unit.c - C unit tests for the oracle library.
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
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "sframe_ref.h"
#include "sfr_certify.h"
#include "sfr_cursor.h"
#include "sfr_lookup_simple.h"
#include "vectors.h"

static int n_tests, n_failed, cur_failed;
static size_t stride = 1; /* UNIT_STRIDE */
#define MAX_DIRS 16
static const char *real_dirs[MAX_DIRS];
static int n_real_dirs;

static void fail_at(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  cur_failed++;
  fprintf(stdout, "#   %s:%d: ", file, line);
  va_start(ap, fmt);
  vfprintf(stdout, fmt, ap);
  va_end(ap);
  fputc('\n', stdout);
}
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond))                                                               \
      fail_at(__FILE__, __LINE__, __VA_ARGS__);                                \
  } while (0)

static void run(const char *name, void (*fn)(void)) {
  cur_failed = 0;
  fn();
  n_tests++;
  if (cur_failed)
    n_failed++;
  printf("%s %d - %s\n", cur_failed ? "not ok" : "ok", n_tests, name);
  fflush(stdout);
}

/* ---- helpers ---- */

#define MAX_ITEMS 512
typedef struct checked {
  guarded g;
  sfr_section sec;
  sfr_finding items[MAX_ITEMS];
  sfr_report rep;   /* sfr_validate_ex with scratch: what every tool uses */
  sfr_finding plain_items[MAX_ITEMS];
  sfr_report plain; /* sfr_validate, without scratch */
} checked;

/* Validation with scratch (ranges sorted) and without (pairs compared, up
 * to 512 functions) must agree (sfr_reports_differ). */
static void check_reports_agree(const char *what, const sfr_report *a, const sfr_report *b) {
  const char *d = sfr_reports_differ(a, b);
  CHECK(d == NULL, "%s: with and without scratch differ: %s", what, d ? d : "");
}

static int validate_guarded(checked *c, const uint8_t *bytes, size_t len, uint64_t vma) {
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
  /* Each checked against the full pass where the certificate took it. */
  why = sfr_validate_checked(&c->sec, p, len, vma, NULL, 0, &c->plain);
  CHECK(why == NULL, "validation without scratch: %s", why);
  /* Last, so that c->sec's order_verified is the one tools see. */
  why = sfr_validate_checked(&c->sec, p, len, vma, scratch, n, &c->rep);
  CHECK(why == NULL, "validation with scratch: %s", why);
  free(scratch);
  check_reports_agree("validation", &c->rep, &c->plain);
  return 1;
}

static int report_has(const sfr_report *rep, sfr_status id) {
  size_t i;
  for (i = 0; i < rep->count && i < rep->cap; i++)
    if (rep->items[i].id == id)
      return 1;
  return 0;
}

static uint8_t *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  uint8_t *buf;
  long n;
  if (!f)
    return NULL;
  if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fclose(f);
    return NULL;
  }
  buf = malloc((size_t)n + 1);
  if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  *len = (size_t)n;
  return buf;
}

/* A real section: NAME.sframe and NAME.vma in one directory. */
typedef struct real_section {
  char name[256];
  uint8_t *bytes;
  size_t len;
  uint64_t vma;
} real_section;

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
static int load_real(int only, const char *name, real_section *rs) {
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
static int for_each_real_in(int k, void (*fn)(real_section *)) {
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
static int for_each_real(void (*fn)(real_section *)) {
  int k, count = 0;
  for (k = 0; k < n_real_dirs; k++)
    count += for_each_real_in(k, fn);
  return count;
}

/* The number of sections REAL_DIR 0's INDEX lists (-1: no INDEX). */
static int index_count(void) {
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

/* ---- the cursor ---- */

static void test_cursor(void) {
  static const uint8_t b[] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0xff};
  sfr_cursor c = sfr_cursor_at(b, 0, sizeof b, 0);
  uint16_t u16 = 0;
  uint32_t u32 = 0;
  int64_t i64 = 0;
  int8_t i8 = 0;
  CHECK(sfr_cur_u16(&c, &u16) && u16 == 0x3412, "LE u16 0x%x", u16);
  c = sfr_cursor_at(b, 0, sizeof b, 1);
  CHECK(sfr_cur_u16(&c, &u16) && u16 == 0x1234, "BE u16 0x%x", u16);
  CHECK(sfr_cur_u32(&c, &u32) && u32 == 0x56789abc, "BE u32 0x%x", u32);
  c = sfr_cursor_at(b, 1, sizeof b, 0);
  CHECK(sfr_cur_i64(&c, &i64) && (uint64_t)i64 == 0xfff0debc9a785634ull, "LE i64 unaligned");
  CHECK(!sfr_cur_u8(&c, (uint8_t *)&i8), "read past end must fail");
  CHECK(c.pos == sizeof b, "failed read must not move the cursor");
  c = sfr_cursor_at(b, 8, sizeof b, 0);
  CHECK(sfr_cur_i8(&c, &i8) && i8 == -1, "i8 sign extension");
  CHECK(sfr_sext(0x80, 1) == -128 && sfr_sext(0x7fff, 2) == 32767 &&
            sfr_sext(0xffffffff, 4) == -1 && sfr_sext(0x1ff, 1) == -1,
        "sign extension of 1, 2, 4 bytes");
  c = sfr_cursor_at(b, 10, sizeof b, 0); /* position beyond end */
  CHECK(!sfr_cur_has(&c, 0), "a cursor past its end has nothing");
  c = sfr_cursor_at(b, 0, 4, 0);
  CHECK(sfr_cur_u32(&c, &u32) && !sfr_cur_u8(&c, (uint8_t *)&i8),
        "a carved sub-range ends where it says");
}

/* ---- the findings table ---- */

static void test_findings_table(void) {
  int i, j;
  for (i = 1; i < SFR_NUM_FINDINGS; i++) {
    const char *n = sfr_finding_name((sfr_status)i);
    sfr_class c = sfr_finding_class((sfr_status)i);
    CHECK(n && *n && strcmp(n, "unknown") != 0, "finding %d has no name", i);
    CHECK(strlen(sfr_finding_message((sfr_status)i)) > 10, "finding %s has no message", n);
    CHECK(c == SFR_CLASS_MALFORMED || c == SFR_CLASS_INVALID || c == SFR_CLASS_QUESTIONABLE,
          "finding %s has no class", n);
    CHECK(sfr_finding_by_name(n) == (sfr_status)i, "by_name(%s)", n);
    for (j = 1; j < i; j++)
      CHECK(strcmp(n, sfr_finding_name((sfr_status)j)) != 0, "duplicate name %s", n);
  }
  CHECK(sfr_finding_by_name("no-such-finding") == SFR_OK, "unknown names map to SFR_OK");
  CHECK(strcmp(sfr_finding_name(SFR_NUM_FINDINGS), "unknown") == 0, "out-of-range name");
  CHECK(strcmp(sfr_class_name(SFR_CLASS_INVALID), "invalid") == 0, "class name");
  CHECK(strcmp(sfr_class_name((sfr_class)0), "none") == 0, "class 0 name");
}

/* ---- hand-built vectors ---- */

/* A lookup by both of the library's paths (sfr_lookup_checked), which
 * must agree, valid section or not. */
static void both_paths(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode) {
  sfr_lookup_result res;
  const char *why;
  (void)sfr_lookup_checked(sec, pc, mode, &res, &why);
  CHECK(!why, "lookup 0x%" PRIx64 " %s: the fast and the simple path differ in the %s", pc,
        mode == SFR_PC_IP ? "ip" : "ra", why);
}

static void exercise_paths(const sfr_section *sec);

/* Walk everything decodable and look up every FRE start by both paths:
 * must not fault, and the paths must agree.  On a section validated in
 * order, again with the lookup index (in memory one byte off alignment),
 * which the simple path does not use. */
static void exercise(const sfr_section *sec) {
  size_t n = sfr_index_size(sec);
  uint8_t *mem = n ? malloc(n + 1) : NULL;
  sfr_section indexed = *sec;
  CHECK(n == 0 || ((sec->flags & SFR_F_FDE_SORTED) && sec->order_verified && sec->num_fdes),
        "an index for a section not validated in order");
  exercise_paths(sec);
  if (mem) {
    CHECK(sfr_index_build(&indexed, mem + 1, n) == 1 && indexed.index, "index not built");
    exercise_paths(&indexed);
  }
  free(mem);
}

static void exercise_paths(const sfr_section *sec) {
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

static void test_vectors_expected(void) {
  size_t i;
  CHECK(test_vector_count > 0, "no vectors");
  for (i = 0; i < test_vector_count; i++) {
    const test_vector *v = &test_vectors[i];
    checked c;
    size_t k, rejects = 0;
    sfr_status want = v->finding ? sfr_finding_by_name(v->finding) : SFR_OK;
    const sfr_report *rep;
    if (!validate_guarded(&c, v->bytes, v->len, v->vma)) {
      CHECK(0, "%s: guard page setup failed", v->name);
      continue;
    }
    /* checks-skipped is what validation without scratch says. */
    rep = want == SFR_E_CHECKS_SKIPPED ? &c.plain : &c.rep;
    for (k = 0; k < rep->count && k < rep->cap; k++)
      if (sfr_finding_class(rep->items[k].id) != SFR_CLASS_QUESTIONABLE)
        rejects++;
    if (!v->finding) {
      CHECK(rep->count == 0, "%s: valid vector has %zu findings (first %s)", v->name,
            rep->count, rep->count ? sfr_finding_name(rep->items[0].id) : "");
    } else {
      CHECK(want != SFR_OK, "%s: unknown finding name %s", v->name, v->finding);
      CHECK(report_has(rep, want), "%s: expected %s, got %zu findings (first %s)", v->name,
            v->finding, rep->count, rep->count ? sfr_finding_name(rep->items[0].id) : "none");
      if (sfr_finding_class(want) == SFR_CLASS_QUESTIONABLE) {
        CHECK(rejects == 0, "%s: questionable vector is rejected", v->name);
        CHECK(!sfr_report_rejects(rep), "%s: must be accepted", v->name);
      } else {
        CHECK(rejects == 1, "%s: one fault per vector, found %zu", v->name, rejects);
        CHECK(sfr_report_rejects(rep), "%s: must be rejected", v->name);
      }
    }
    if (sfr_finding_class(want) != SFR_CLASS_MALFORMED || !v->finding)
      exercise(&c.sec);
    guard_free(&c.g);
  }
}

static void test_every_finding_has_vector(void) {
  int i;
  size_t k;
  for (i = 1; i < SFR_NUM_FINDINGS; i++) {
    int found = 0;
    for (k = 0; k < test_vector_count; k++)
      if (test_vectors[k].finding &&
          strcmp(test_vectors[k].finding, sfr_finding_name((sfr_status)i)) == 0)
        found = 1;
    CHECK(found, "finding %s has no vector", sfr_finding_name((sfr_status)i));
  }
}

/* Big-endian and s390x vectors exist, so those paths are pinned too. */
static void test_vector_axes(void) {
  size_t k, be = 0, s390 = 0, v[4] = {0};
  for (k = 0; k < test_vector_count; k++) {
    const test_vector *t = &test_vectors[k];
    if (t->len >= 5 && t->bytes[0] == 0xde && t->bytes[1] == 0xe2) {
      be++;
      if (t->bytes[4] == SFR_ABI_S390X_BE)
        s390++;
    }
    if (t->len >= 3 && t->bytes[2] >= 1 && t->bytes[2] <= 3)
      v[t->bytes[2]]++;
  }
  CHECK(be >= 5, "only %zu big-endian vectors", be);
  CHECK(s390 >= 3, "only %zu s390x vectors", s390);
  CHECK(v[1] > 0 && v[2] > 0 && v[3] > 0, "vectors in every version");
}

/* ---- real sections ---- */

static void real_valid(real_section *rs) {
  checked c;
  uint32_t i;
  if (!validate_guarded(&c, rs->bytes, rs->len, rs->vma)) {
    CHECK(0, "%s: guard", rs->name);
    return;
  }
  CHECK(!sfr_report_rejects(&c.rep), "%s: real section rejected (%s)", rs->name,
        c.rep.count ? sfr_finding_name(c.rep.items[0].id) : "");
  /* Toolchains write FDEs in order (ld its FRE data in input order): a
   * real section the full pass finds clean and in order is one the
   * certificate proves clean with its keys (else the fast validation
   * misses the sections it is for). */
  if (c.rep.count == 0 && c.sec.order_verified) {
    sfr_section opened;
    uint32_t n = c.sec.num_fdes, first;
    sort_key *keys = malloc(3 * (size_t)(n ? n : 1) * sizeof *keys);
    CHECK(keys && sfr_open(&opened, c.sec.buf, c.sec.len, c.sec.vma, NULL) == SFR_OK &&
              sfr_certify(&opened, keys, keys + 2 * (size_t)n, keys + n, &first, NULL) ==
                  SFR_CERT_CLEAN,
          "%s: clean and in order, but not certified", rs->name);
    free(keys);
  }
  for (i = 0; i < c.sec.num_fdes; i++) {
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    CHECK(sfr_get_fde(&c.sec, i, &fde) == SFR_OK, "%s: FDE %u", rs->name, i);
    sfr_fre_iter_init(&c.sec, &fde, &it);
    while (sfr_fre_next(&c.sec, &it, &fre, &done) == SFR_OK && !done) {
      sfr_lookup_result res;
      uint64_t pc = fde.start + fre.start;
      if (fde.pc_type != SFR_PCTYPE_INC || fre.start >= fde.size)
        continue;
      CHECK(sfr_lookup(&c.sec, pc, SFR_PC_IP, &res) == SFR_LOOKUP_FOUND &&
                res.fde.index == i && res.fre.index == fre.index,
            "%s: IP lookup at FRE %u of FDE %u", rs->name, fre.index, i);
      CHECK(sfr_lookup(&c.sec, pc + 1, SFR_PC_RA, &res) == SFR_LOOKUP_FOUND &&
                res.fde.index == i && res.fre.index == fre.index && res.pc == pc,
            "%s: RA lookup at FRE %u of FDE %u", rs->name, fre.index, i);
    }
    CHECK(done, "%s: FDE %u FREs do not all decode", rs->name, i);
  }
  {
    sfr_lookup_result res;
    CHECK(rs->vma == 0 || sfr_lookup(&c.sec, 0, SFR_PC_IP, &res) == SFR_LOOKUP_NO_FDE,
          "%s: PC 0", rs->name);
    CHECK(sfr_lookup(&c.sec, 0, SFR_PC_RA, &res) == SFR_LOOKUP_NO_FDE, "%s: RA 0", rs->name);
    CHECK(sfr_lookup(&c.sec, UINT64_MAX, SFR_PC_IP, &res) == SFR_LOOKUP_NO_FDE,
          "%s: PC max", rs->name);
  }
  guard_free(&c.g);
}

static void test_real_sections(void) {
  int expect = index_count(), n0 = for_each_real_in(0, real_valid), n = n0, k;
  for (k = 1; k < n_real_dirs; k++)
    n += for_each_real_in(k, real_valid);
  CHECK(expect >= 100, "%s/INDEX lists %d sections", real_dirs[0], expect);
  CHECK(n0 == expect, "found %d real sections under %s, its INDEX lists %d", n0, real_dirs[0],
        expect);
  printf("# %d real sections\n", n);
}

/* Every prefix of a real section is rejected, and decoding it never reads
 * past its end (the guard page would fault). */
static void real_truncations(real_section *rs) {
  size_t l;
  for (l = 0; l < rs->len; l += stride) {
    checked c;
    if (!validate_guarded(&c, rs->bytes, l, rs->vma))
      return;
    CHECK(sfr_report_rejects(&c.rep), "%s: prefix of %zu bytes accepted", rs->name, l);
    exercise(&c.sec);
    guard_free(&c.g);
  }
}

static void test_real_truncations(void) { (void)for_each_real(real_truncations); }

/* Every single-byte corruption of a real section decodes without a fault. */
static void real_mutations(real_section *rs) {
  size_t at;
  static const uint8_t xors[] = {0xff, 0x80, 0x01, 0x1e};
  unsigned x;
  for (at = 0; at < rs->len; at += stride)
    for (x = 0; x < sizeof xors; x++) {
      checked c;
      uint8_t saved = rs->bytes[at];
      rs->bytes[at] ^= xors[x];
      if (validate_guarded(&c, rs->bytes, rs->len, rs->vma)) {
        exercise(&c.sec);
        guard_free(&c.g);
      }
      rs->bytes[at] = saved;
    }
}

static void test_real_mutations(void) { (void)for_each_real(real_mutations); }

/* ---- interpretation, checked against what the CFI of corpus/real/cfi/ says
 * (each file lists its functions' rows; NAME.objdump agrees) ---- */

/* Opens the real section NAME: one of corpus/real/sections (required: a
 * failure when missing) or, with required 0, of the shared vectors (those
 * checks are skipped when they are absent). */
static int open_real(const char *name, real_section *rs, checked *c, int required) {
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
static void close_real(real_section *rs, checked *c) {
  guard_free(&c->g);
  free(rs->bytes);
}

/* The start of function i (the linker chose it: aarch64 and s390x rows are
 * checked as offsets from it). */
static uint64_t fde_start(checked *c, const char *name, uint32_t i) {
  sfr_fde fde;
  if (sfr_get_fde(&c->sec, i, &fde) != SFR_OK) {
    CHECK(0, "%s: no FDE %u", name, i);
    return 0;
  }
  return fde.start;
}

static void test_interp_amd64(void) {
  real_section rs;
  checked c;
  sfr_lookup_result r;
  /* cfi/x86_64-frame.s: fpframe at 0x401000 (25 bytes): +0x4 CFA fp+16,
   * FP c-16; +0x18 CFA sp+8; leaf at 0x401019; twoexits at 0x40101c:
   * +0xb CFA sp+8 (first exit), +0xc CFA sp+16 (restore_state). */
  if (open_real("gas247-x86_64-cfi-frame", &rs, &c, 1)) {
    CHECK(sfr_lookup(&c.sec, 0x401010, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND, "lookup");
    CHECK(r.fre.index == 2 && r.rules.cfa.base == SFR_BASE_FP && r.rules.cfa.offset == 16 &&
              !r.rules.cfa.deref,
          "CFA fp+16");
    CHECK(r.rules.fp.kind == SFR_RULE_AT_CFA && r.rules.fp.offset == -16, "FP at CFA-16");
    CHECK(r.rules.ra.kind == SFR_RULE_FIXED && r.rules.ra.offset == -8, "RA fixed -8");
    CHECK(sfr_lookup(&c.sec, 0x401000, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.fp.kind == SFR_RULE_UNCHANGED && r.rules.cfa.offset == 8,
          "first FRE: sp+8, FP unchanged");
    CHECK(sfr_lookup(&c.sec, 0x401019, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.fde.index == 1 &&
              r.fre.index == 0 && r.rules.cfa.offset == 8,
          "one past the end is the next function (leaf)");
    CHECK(sfr_lookup(&c.sec, 0x401019, SFR_PC_RA, &r) == SFR_LOOKUP_FOUND && r.fde.index == 0 &&
              r.fre.index == 3,
          "return address at the end belongs to the function");
    CHECK(sfr_lookup(&c.sec, 0x40101c + 0xb, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.fde.index == 2 && r.rules.cfa.offset == 8 && r.rules.fp.offset == -16,
          "twoexits: first exit, sp+8");
    CHECK(sfr_lookup(&c.sec, 0x40101c + 0xc, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.cfa.offset == 16 && r.rules.fp.kind == SFR_RULE_AT_CFA,
          "twoexits: restore_state brings back sp+16");
    close_real(&rs, &c);
  }

  /* cfi/x86_64-flex.s (version 3): cfa_rbx at 0x401001, +0x4 CFA r3+16;
   * ra_in_rcx at 0x40100e, +0x0 CFA sp+8 with the RA at CFA-8, +0x1 CFA
   * sp+0 with the RA in r2; outermost at 0x401011, RA undefined. */
  if (open_real("gas247-x86_64-cfi-flex", &rs, &c, 1)) {
    CHECK(sfr_lookup(&c.sec, 0x401005, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.fde.fde_type == SFR_FDE_TYPE_FLEX && r.rules.cfa.base == SFR_BASE_REG &&
              r.rules.cfa.reg == 3 && r.rules.cfa.offset == 16 && !r.rules.cfa.deref,
          "flex CFA on rbx");
    CHECK(sfr_lookup(&c.sec, 0x40100f, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND, "flex lookup");
    CHECK(r.fde.fde_type == SFR_FDE_TYPE_FLEX && r.rules.ra.kind == SFR_RULE_REG &&
              r.rules.ra.reg == 2 && r.rules.ra.offset == 0,
          "flex RA in r2");
    CHECK(r.rules.cfa.base == SFR_BASE_SP && r.rules.cfa.reg == 7 && r.rules.cfa.offset == 0,
          "flex CFA on rsp");
    CHECK(sfr_lookup(&c.sec, 0x40100e, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.fde.fde_type == SFR_FDE_TYPE_FLEX && r.rules.ra.kind == SFR_RULE_FIXED &&
              r.rules.cfa.offset == 8,
          "flex FRE without an RA rule: RA at the fixed offset");
    CHECK(sfr_lookup(&c.sec, 0x401011, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.rules.outermost &&
              r.rules.ra.kind == SFR_RULE_UNDEFINED,
          "data word count 0 is RA undefined");
    close_real(&rs, &c);
  }
}

static void test_interp_aarch64_s390x(void) {
  static const char *pac[] = {"gas240-aarch64-cfi-pac", "gas244-aarch64-cfi-pac",
                              "gas247-aarch64-cfi-pac"};
  real_section rs;
  checked c;
  sfr_lookup_result r;
  unsigned i;
  /* cfi/aarch64-pac.s: signed_a (key A), then signed_b (key B): +0x4 RA
   * signed, in LR; +0x8 CFA sp+16, FP c-16, RA c-8 signed; +0x14 RA in LR,
   * no longer signed.  The same in versions 1, 2 and 3. */
  for (i = 0; i < sizeof pac / sizeof pac[0]; i++) {
    uint64_t a, b;
    if (!open_real(pac[i], &rs, &c, 1))
      continue;
    a = fde_start(&c, pac[i], 0);
    b = fde_start(&c, pac[i], 1);
    CHECK(sfr_lookup(&c.sec, b + 8, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.fde.index == 1,
          "%s: lookup", pac[i]);
    CHECK(r.fde.pauth_key == 1 && r.rules.ra_mangled && r.rules.ra.kind == SFR_RULE_AT_CFA &&
              r.rules.ra.offset == -8 && r.rules.fp.offset == -16 && r.rules.cfa.offset == 16,
          "%s: AArch64 three words, key B, mangled", pac[i]);
    CHECK(sfr_lookup(&c.sec, b, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.ra.kind == SFR_RULE_UNCHANGED && !r.rules.ra_mangled,
          "%s: AArch64 one word: RA unchanged (in LR)", pac[i]);
    CHECK(sfr_lookup(&c.sec, b + 4, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.ra.kind == SFR_RULE_UNCHANGED && r.rules.ra_mangled,
          "%s: signed in LR after pacibsp", pac[i]);
    CHECK(sfr_lookup(&c.sec, b + 0x14, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              !r.rules.ra_mangled,
          "%s: no longer signed after autibsp", pac[i]);
    CHECK(sfr_lookup(&c.sec, a + 8, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.fde.pauth_key == 0 &&
              r.rules.ra_mangled,
          "%s: key A", pac[i]);
    close_real(&rs, &c);
  }

  /* cfi/s390x-frame.s: fpframe +0xa CFA sp+320 (stored 20 * 8 + 160), FP
   * c-72, RA c-48; +0xe CFA fp+320 (%r11). */
  if (open_real("gas247-s390x-cfi-frame", &rs, &c, 1)) {
    uint64_t f = fde_start(&c, "s390x-frame", 0);
    CHECK(c.sec.big_endian && c.sec.abi == SFR_ABI_S390X_BE, "big-endian s390x");
    CHECK(sfr_lookup(&c.sec, f + 0xa, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.cfa.base == SFR_BASE_SP && r.rules.cfa.offset == 320 &&
              r.rules.ra.offset == -48 && r.rules.fp.offset == -72,
          "s390x CFA scaling");
    CHECK(sfr_lookup(&c.sec, f + 0xe, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.rules.cfa.base == SFR_BASE_FP && r.rules.cfa.offset == 320,
          "s390x CFA on the frame pointer");
    close_real(&rs, &c);
  }

  /* cfi/s390x-regsave.s: regsave +0x8 CFA sp+160, RA in r16 (%f0), FP in
   * r17 (%f2), a flexible FDE. */
  if (open_real("gas247-s390x-cfi-regsave", &rs, &c, 1)) {
    uint64_t f = fde_start(&c, "s390x-regsave", 0);
    CHECK(sfr_lookup(&c.sec, f + 8, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
              r.fde.fde_type == SFR_FDE_TYPE_FLEX && r.rules.cfa.offset == 160 &&
              r.rules.ra.kind == SFR_RULE_REG && r.rules.ra.reg == 16 &&
              r.rules.fp.kind == SFR_RULE_REG && r.rules.fp.reg == 17,
          "s390x flexible RA/FP in FPRs");
    close_real(&rs, &c);
  }
}

/* ---- unwinding ---- */

typedef struct mem {
  uint64_t base;
  uint8_t bytes[1024];
  int be;
} mem;

static int mem_read(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  mem *m = ctx;
  if (addr < m->base || addr - m->base > sizeof m->bytes - n)
    return -1;
  memcpy(out, m->bytes + (addr - m->base), n);
  return 0;
}

static void mem_put(mem *m, uint64_t addr, uint64_t v) {
  unsigned i;
  for (i = 0; i < 8; i++)
    m->bytes[addr - m->base + i] = (uint8_t)(v >> (m->be ? 8 * (7 - i) : 8 * i));
}

/* Memory at 0x7000 and an unwind context reading it. */
static void unwind_setup(sfr_unwind_ctx *uc, mem *m, uint64_t pauth_mask) {
  memset(m, 0, sizeof *m);
  m->base = 0x7000;
  uc->sec = NULL;
  uc->read_mem = mem_read;
  uc->mem_ctx = m;
  uc->pauth_mask = pauth_mask;
}

static void test_unwind_amd64(void) {
  real_section rs;
  checked c;
  sfr_unwind_ctx uc;
  sfr_regs cur, caller, frames[4];
  mem m;
  sfr_stop why;
  size_t n;
  if (!open_real("gas247-x86_64-cfi-frame", &rs, &c, 1))
    return;
  unwind_setup(&uc, &m, 0);
  uc.sec = &c.sec;
  /* At 0x401008 (fpframe +0x8): CFA = fp + 16, FP saved at CFA - 16, RA at
   * CFA - 8. */
  mem_put(&m, 0x7008, 0x500000); /* RA */
  mem_put(&m, 0x7000, 0x8000);   /* saved FP */
  memset(&cur, 0, sizeof cur);
  cur.pc = 0x401008;
  cur.sp = 0x6ff0;
  cur.fp = 0x7000;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE, "unwind");
  CHECK(caller.pc == 0x500000 && caller.sp == 0x7010 && caller.fp == 0x8000,
        "caller pc %" PRIx64 " sp %" PRIx64 " fp %" PRIx64, caller.pc, caller.sp, caller.fp);
  n = sfr_backtrace(&uc, &cur, frames, 4, &why);
  CHECK(n == 2 && why == SFR_STOP_NO_FDE, "backtrace: 2 frames then no FDE (%zu, %s)", n,
        sfr_stop_name(why));
  n = sfr_backtrace(&uc, &cur, frames, 1, &why);
  CHECK(n == 1 && why == SFR_STOP_FRAME_LIMIT, "frame limit");
  CHECK(sfr_backtrace(&uc, &cur, frames, 0, &why) == 0 && why == SFR_STOP_FRAME_LIMIT,
        "zero frames");
  cur.fp = 0x9000; /* CFA outside readable memory */
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_MEM_READ, "memory read failure");
  cur.pc = 0x401000; /* sp+8: RA at sp */
  cur.sp = 0x7008;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x500000 &&
            caller.sp == 0x7010 && caller.fp == cur.fp,
        "entry: RA at CFA-8, FP unchanged");
  cur.pc = 0x300000;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NO_FDE, "no FDE");
  close_real(&rs, &c);

  /* cfi/x86_64-flex.s: outermost at 0x401011, RA undefined. */
  if (!open_real("gas247-x86_64-cfi-flex", &rs, &c, 1))
    return;
  uc.sec = &c.sec;
  cur.pc = 0x401011;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_OUTERMOST, "RA undefined");
  close_real(&rs, &c);

  /* The shared vectors, when present: gas 2.46 wrote this signal frame as
   * a version 3 default FDE without FREs. */
  if (!open_real("cfi-sframe-x86_64-signal-1-2.46", &rs, &c, 0))
    return;
  uc.sec = &c.sec;
  cur.pc = 0x401001;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_OUTERMOST,
        "V3 default FDE without FREs is outermost");
  close_real(&rs, &c);
}

static void test_unwind_flex_rules(void) {
  real_section rs;
  checked c;
  sfr_unwind_ctx uc;
  sfr_regs cur, caller;
  mem m;
  unwind_setup(&uc, &m, 0);
  /* cfi/x86_64-flex.s: cfa_rbx +0x4 (0x401005) CFA r3+16, RA at CFA-8;
   * ra_in_rcx +0x1 (0x40100f) CFA sp+0, RA in r2. */
  if (open_real("gas247-x86_64-cfi-flex", &rs, &c, 1)) {
    uc.sec = &c.sec;
    memset(&cur, 0, sizeof cur);
    cur.pc = 0x401005;
    cur.sp = 0x7000;
    CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_REG_UNKNOWN, "r3 not given");
    cur.gpr[3] = 0x7020;
    cur.gpr_valid = 1u << 3;
    mem_put(&m, 0x7028, 0x401100); /* RA at CFA - 8, CFA = r3 + 16 = 0x7030 */
    /* A caller knows no register but pc, sp and fp, whatever its frame
     * held before (its gpr[] is not written: gpr_valid says so). */
    memset(&caller, 0xa5, sizeof caller);
    CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.sp == 0x7030 &&
              caller.pc == 0x401100 && caller.gpr_valid == 0 && caller.ra_valid == 0 &&
              caller.ra == 0,
          "CFA from rbx in the topmost frame");
    cur.pc = 0x401006;
    CHECK(sfr_unwind_frame(&uc, &cur, 0, &caller) == SFR_STOP_REG_RULE_BELOW_TOP,
          "register rule below the topmost frame");
    memset(&cur, 0, sizeof cur);
    cur.pc = 0x40100f;
    cur.sp = 0x7000;
    cur.gpr[2] = 0x401234;
    cur.gpr_valid = 1u << 2;
    CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x401234 &&
              caller.sp == 0x7000,
          "RA in r2 (topmost leaf: SP unchanged)");
    close_real(&rs, &c);
  }

  /* The shared vectors, when present: 000000000040107b  sp-8 */
  if (open_real("cfi-sframe-x86_64-4-2.46", &rs, &c, 0)) {
    uc.sec = &c.sec;
    memset(&cur, 0, sizeof cur);
    cur.pc = 0x40107b;
    cur.sp = 0x7000;
    CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_SP_NOT_INCREASING,
          "CFA = sp-8 moves the stack pointer down");
    close_real(&rs, &c);
  }
}

static void test_unwind_aarch64_s390x(void) {
  real_section rs;
  checked c;
  sfr_unwind_ctx uc;
  sfr_regs cur, caller;
  mem m;
  uint64_t f;
  unwind_setup(&uc, &m, 0xffff000000000000ull);
  /* cfi/aarch64-pac.s, version 1: signed_b +0x0 CFA sp+0, RA in LR; +0x8
   * CFA sp+16, FP c-16, RA c-8 signed. */
  if (!open_real("gas240-aarch64-cfi-pac", &rs, &c, 1))
    return;
  f = fde_start(&c, "aarch64-pac", 1);
  uc.sec = &c.sec;
  memset(&cur, 0, sizeof cur);
  cur.pc = f;
  cur.sp = 0x7000;
  cur.ra = 0x400200;
  cur.ra_valid = 1;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x400200 &&
            caller.sp == 0x7000,
        "leaf: RA in the link register");
  cur.pc = f + 1;
  CHECK(sfr_unwind_frame(&uc, &cur, 0, &caller) == SFR_STOP_REG_RULE_BELOW_TOP,
        "RA unchanged below the topmost frame");
  cur.pc = f + 8;
  mem_put(&m, 0x7008, 0x1234000000400300ull); /* signed RA at CFA - 8 */
  mem_put(&m, 0x7000, 0x7100);                /* FP at CFA - 16 */
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x400300 &&
            caller.fp == 0x7100 && caller.sp == 0x7010,
        "mangled RA stripped with the PAuth mask: %" PRIx64, caller.pc);
  close_real(&rs, &c);

  /* cfi/s390x-frame.s, big-endian memory: fpframe +0x6 CFA sp+160, FP c-72,
   * RA c-48; +0x0 RA in %r14. */
  if (!open_real("gas247-s390x-cfi-frame", &rs, &c, 1))
    return;
  f = fde_start(&c, "s390x-frame", 0);
  uc.sec = &c.sec;
  m.be = 1;
  memset(&cur, 0, sizeof cur);
  cur.pc = f + 6;
  cur.sp = 0x7000;
  mem_put(&m, 0x7000 + 160 - 48, 0x1000200);
  mem_put(&m, 0x7000 + 160 - 72, 0x7400);
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x1000200 &&
            caller.fp == 0x7400 && caller.sp == 0x7000,
        "s390x: caller SP = CFA - 160, big-endian slots");
  cur.pc = f; /* sp+160, RA unchanged: r14 */
  cur.ra = 0x1000300;
  cur.ra_valid = 1;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x1000300,
        "s390x topmost RA in r14");
  cur.ra_valid = 0;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_REG_UNKNOWN,
        "s390x RA register not given");
  close_real(&rs, &c);
}


/* A version-3 AMD64 section with one flexible function, built here field by
 * field, to unwind through every rule kind: dereferenced CFA, RA at CFA,
 * RA = CFA + offset, FP in a register, FP at register + offset, padding. */
static const uint8_t flex_section[] = {
    0xe2, 0xde,             /* magic 0xdee2, little-endian */
    0x03,                   /* version 3 */
    0x05,                   /* flags: FDE_SORTED | FDE_FUNC_START_PCREL */
    0x03,                   /* ABI: AMD64 */
    0x00,                   /* fixed FP offset: none */
    0xf8,                   /* fixed RA offset: -8 */
    0x00,                   /* aux header length */
    0x01, 0x00, 0x00, 0x00, /* num_fdes 1 */
    0x03, 0x00, 0x00, 0x00, /* num_fres 3 */
    0x1c, 0x00, 0x00, 0x00, /* fre_len 28 */
    0x00, 0x00, 0x00, 0x00, /* fdeoff 0 */
    0x10, 0x00, 0x00, 0x00, /* freoff 16 */
    /* FDE index entry at 28: start = 0x800 + 28 + 0x7e4 = 0x1000 */
    0xe4, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* start offset (PCREL) */
    0x00, 0x01, 0x00, 0x00,                         /* size 0x100 */
    0x00, 0x00, 0x00, 0x00,                         /* FRE data offset 0 */
    /* FDE attribute at 44 */
    0x03, 0x00, /* num_fres 3 */
    0x00,       /* info: FRE type ADDR1, PC type INC */
    0x01,       /* info2: FDE type FLEX */
    0x00,       /* rep_size */
    /* FRE 0 @0x00: CFA = *(rbp-8); RA = *(CFA-8); FP = *(rbp+0) */
    0x00, 0x0c,                         /* start 0; info: 6 words of 1 byte */
    0x33, 0xf8,                         /* CFA: reg 6, deref, reg_p; offset -8 */
    0x02, 0xf8,                         /* RA: CFA-based, deref; offset -8 */
    0x33, 0x00,                         /* FP: reg 6, deref, reg_p; offset 0 */
    /* FRE 1 @0x10: CFA = rsp+16; RA = CFA+16 (value); FP = rbx+0 (value) */
    0x10, 0x0c,                         /* start 0x10; 6 words */
    0x39, 0x10,                         /* CFA: reg 7, reg_p; offset 16 */
    0x08, 0x10,                         /* RA: regnum bits set but not reg_p: CFA+16 */
    0x19, 0x00,                         /* FP: reg 3, reg_p; offset 0 */
    /* FRE 2 @0x20: CFA = rsp+8; RA padding (fixed -8); FP = *(r12+16) */
    0x20, 0x0a,                         /* start 0x20; 5 words */
    0x39, 0x08,                         /* CFA: reg 7, reg_p; offset 8 */
    0x00,                               /* RA: padding word */
    0x63, 0x10,                         /* FP: reg 12, deref, reg_p; offset 16 */
};

static void test_unwind_flex_kinds(void) {
  checked c;
  sfr_unwind_ctx uc;
  sfr_regs cur, caller;
  sfr_lookup_result r;
  mem m;
  if (!validate_guarded(&c, flex_section, sizeof flex_section, 0x800)) {
    CHECK(0, "guard");
    return;
  }
  CHECK(c.rep.count == 0, "hand-built flexible section is valid (%zu findings, first %s)",
        c.rep.count, c.rep.count ? sfr_finding_name(c.items[0].id) : "");
  CHECK(sfr_lookup(&c.sec, 0x1000, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND && r.rules.cfa.deref &&
            r.rules.cfa.base == SFR_BASE_FP && r.rules.cfa.offset == -8 &&
            r.rules.ra.kind == SFR_RULE_AT_CFA && r.rules.fp.kind == SFR_RULE_AT_REG,
        "FRE 0 rules");
  CHECK(sfr_lookup(&c.sec, 0x1010, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
            r.rules.ra.kind == SFR_RULE_VAL_CFA && r.rules.ra.offset == 16 &&
            r.rules.fp.kind == SFR_RULE_REG && r.rules.fp.reg == 3,
        "FRE 1 rules");
  CHECK(sfr_lookup(&c.sec, 0x1020, SFR_PC_IP, &r) == SFR_LOOKUP_FOUND &&
            r.rules.ra.kind == SFR_RULE_FIXED && r.rules.ra.padding &&
            r.rules.fp.kind == SFR_RULE_AT_REG && r.rules.fp.reg == 12,
        "FRE 2 rules");
  unwind_setup(&uc, &m, 0);
  uc.sec = &c.sec;
  memset(&cur, 0, sizeof cur);
  cur.pc = 0x1000;
  cur.sp = 0x7000;
  cur.fp = 0x7100;
  mem_put(&m, 0x70f8, 0x7200); /* CFA = *(rbp - 8) */
  mem_put(&m, 0x71f8, 0x2000); /* RA = *(CFA - 8) */
  mem_put(&m, 0x7100, 0x7300); /* FP = *(rbp + 0) */
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x2000 &&
            caller.sp == 0x7200 && caller.fp == 0x7300,
        "dereferenced CFA (DRAP)");
  cur.fp = 0x9000;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_MEM_READ, "CFA read fails");
  cur.pc = 0x1010;
  cur.gpr[3] = 0x4444;
  cur.gpr_valid = 1u << 3;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x7020 &&
            caller.fp == 0x4444 && caller.sp == 0x7010,
        "RA = CFA + 16, FP = rbx");
  cur.pc = 0x1020;
  cur.gpr[12] = 0x7100;
  cur.gpr_valid = 1u << 12;
  mem_put(&m, 0x7000, 0x3000);
  mem_put(&m, 0x7110, 0x7500);
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_NONE && caller.pc == 0x3000 &&
            caller.fp == 0x7500 && caller.sp == 0x7008,
        "RA padding: fixed offset; FP = *(r12 + 16)");
  cur.pc = 0x1021;
  CHECK(sfr_unwind_frame(&uc, &cur, 0, &caller) == SFR_STOP_REG_RULE_BELOW_TOP,
        "r12 below the topmost frame");
  cur.gpr[12] = 0x9000;
  cur.pc = 0x1020;
  CHECK(sfr_unwind_frame(&uc, &cur, 1, &caller) == SFR_STOP_MEM_READ, "FP read fails");
  guard_free(&c.g);
}


/* Two sections the generator's author found misjudged (now pinned). */
static const uint8_t v2_shared_empty_offset[] = {
    0xe2, 0xde, 0x02, 0x01, /* magic, version 2, flags FDE_SORTED */
    0x03, 0x00, 0xf8, 0x00, /* AMD64, fixed FP 0, fixed RA -8, no aux header */
    0x02, 0x00, 0x00, 0x00, /* num_fdes 2 */
    0x01, 0x00, 0x00, 0x00, /* num_fres 1 */
    0x03, 0x00, 0x00, 0x00, /* fre_len 3 */
    0x00, 0x00, 0x00, 0x00, /* fdeoff 0 */
    0x28, 0x00, 0x00, 0x00, /* freoff 40 */
    /* FDE 0: start 0 (vma + 0), size 16, FRE data at 0, 1 FRE, info 0 */
    0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    /* FDE 1: start 16, size 16, FRE data offset also 0, but no FREs */
    0x10, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x03, 0x08, /* FRE: start 0, SP base, 1 one-byte word: CFA sp+8 */
};
static const uint8_t v3_fres_cut_after_attr[] = {
    0xe2, 0xde, 0x03, 0x01, /* magic, version 3, flags FDE_SORTED */
    0x03, 0x00, 0xf8, 0x00, /* AMD64, fixed FP 0, fixed RA -8, no aux header */
    0x01, 0x00, 0x00, 0x00, /* num_fdes 1 */
    0x01, 0x00, 0x00, 0x00, /* num_fres 1 */
    0x05, 0x00, 0x00, 0x00, /* fre_len 5: the attribute only */
    0x00, 0x00, 0x00, 0x00, /* fdeoff 0 */
    0x10, 0x00, 0x00, 0x00, /* freoff 16 */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* start 0 */
    0x10, 0x00, 0x00, 0x00,                         /* size 16 */
    0x00, 0x00, 0x00, 0x00,                         /* data offset 0 */
    0x01, 0x00, 0x00, 0x00, 0x00, /* attribute: 1 FRE, ADDR1, default, rep 0 */
};

/* Found by the diff_libsframe fuzz target: function 2's FRE offset is
 * function 0's, and function 2's own 3 bytes are left unused, so the FREs
 * walked (9 bytes) still fit fre_len.  Not neighbours in index order: only
 * comparing the data ranges sees the shared bytes. */
static const uint8_t v1_shared_fre_data_past_gap[] = {
    0xe2, 0xde, 0x01, 0x01, /* magic, version 1, flags: FDE_SORTED */
    0x03, 0x00, 0xf8, 0x00, /* AMD64 LE, fixed FP 0, fixed RA -8, no aux header */
    0x03, 0x00, 0x00, 0x00, /* 3 FDEs */
    0x03, 0x00, 0x00, 0x00, /* 3 FREs */
    0x09, 0x00, 0x00, 0x00, /* fre_len 9 */
    0x00, 0x00, 0x00, 0x00, /* fdeoff 0 */
    0x33, 0x00, 0x00, 0x00, /* freoff 51 = 3 FDEs of 17 bytes */
    /* FDE 0: start 0x1000, size 16, FRE data at 0, 1 FRE, ADDR1 */
    0x00, 0x10, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00,
    /* FDE 1: start 0x1010, size 16, FRE data at 3 */
    0x10, 0x10, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00,
    /* FDE 2: start 0x1020, size 16, FRE data at 0: function 0's */
    0x20, 0x10, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x03, 0x08, /* FRE at 0: start 0, CFA = SP + 8 */
    0x00, 0x03, 0x08, /* FRE at 3 */
    0x00, 0x03, 0x08, /* at 6: function 2's own copy, now unused */
};

static void test_generator_regressions(void) {
  checked c;
  if (validate_guarded(&c, v2_shared_empty_offset, sizeof v2_shared_empty_offset, 0x1000)) {
    CHECK(c.rep.count == 0, "a V2 function without FREs shares an offset: %zu findings (%s)",
          c.rep.count, c.rep.count ? sfr_finding_name(c.items[0].id) : "");
    guard_free(&c.g);
  }
  if (validate_guarded(&c, v3_fres_cut_after_attr, sizeof v3_fres_cut_after_attr, 0x1000)) {
    CHECK(c.rep.count == 1 && c.items[0].id == SFR_E_TRUNCATED_FRE,
          "V3 FREs cut after the attribute are truncated-fre (%zu findings, first %s)",
          c.rep.count, c.rep.count ? sfr_finding_name(c.items[0].id) : "");
    guard_free(&c.g);
  }
  if (validate_guarded(&c, v1_shared_fre_data_past_gap, sizeof v1_shared_fre_data_past_gap,
                       0x1000)) {
    CHECK(c.rep.by_class[SFR_CLASS_INVALID] == 1 && c.rep.by_class[SFR_CLASS_MALFORMED] == 0 &&
              c.rep.count >= 1 && c.items[0].id == SFR_E_FRE_DATA_OVERRUN && c.items[0].fde == 2,
          "FRE data shared by functions 0 and 2 is one fre-data-overrun at FDE 2 "
          "(%zu findings, first %s)",
          c.rep.count, c.rep.count ? sfr_finding_name(c.items[0].id) : "");
    guard_free(&c.g);
  }
}

static void test_stop_names(void) {
  int s;
  for (s = SFR_STOP_NONE; s <= SFR_STOP_REP_SIZE_UNKNOWN; s++)
    CHECK(strcmp(sfr_stop_name((sfr_stop)s), "unknown") != 0, "stop %d has a name", s);
  CHECK(strcmp(sfr_stop_name((sfr_stop)99), "unknown") == 0, "unknown stop");
  for (s = SFR_LOOKUP_FOUND; s <= SFR_LOOKUP_REP_SIZE_UNKNOWN; s++)
    CHECK(strcmp(sfr_lookup_status_name((sfr_lookup_status)s), "unknown") != 0,
          "lookup status %d", s);
  CHECK(strcmp(sfr_lookup_status_name((sfr_lookup_status)99), "unknown") == 0, "unknown status");
}

/* sfr_lookup_differs names each part of an answer that differs, so that
 * the checks built on it (this file's exercise, the round trip, the
 * corpus through the reference adapter, the lookup fuzz target) can fail. */
/* Validation of one section built by vector_functions, with scratch (of
 * scratch_len bytes at an offset of skew from an aligned block; SIZE_MAX:
 * the size sfr_validate_scratch_size gives) or without (scratch_len 0). */
static void validate_functions(const vector_functions_spec *spec, size_t scratch_len,
                               size_t skew, sfr_report *rep, sfr_finding *items, size_t cap) {
  size_t len = VECTOR_FUNCTIONS_LEN((size_t)spec->n), slen;
  uint8_t *bytes = malloc(len);
  unsigned char *block;
  sfr_section sec;
  const char *why = NULL;
  rep->items = items;
  rep->cap = cap;
  rep->count = 0;
  if (!bytes || vector_functions(bytes, len, spec) != len) {
    CHECK(0, "cannot build %u functions", spec->n);
    free(bytes);
    return;
  }
  slen = scratch_len == SIZE_MAX ? sfr_validate_scratch_size(len) : scratch_len;
  block = slen ? malloc(slen + skew) : NULL;
  if (slen && !block) {
    CHECK(0, "no memory for %zu bytes of scratch", slen);
  } else if (slen) {
    why = sfr_validate_checked(&sec, bytes, len, 0x1000, block + skew, slen, rep);
  } else {
    why = sfr_validate_checked(&sec, bytes, len, 0x1000, NULL, 0, rep);
  }
  CHECK(why == NULL, "%u functions: %s", spec->n, why);
  free(block);
  free(bytes);
}

/* What the certificate proves of a section built by vector_functions,
 * given only sfr_open: with keys (to sort FDEs out of order, and FRE data
 * out of the FDEs' order) or without; *first as sfr_certify sets it. */
static sfr_cert functions_cert(const vector_functions_spec *spec, int with_keys,
                               uint32_t *first) {
  size_t len = VECTOR_FUNCTIONS_LEN((size_t)spec->n), n = spec->n;
  uint8_t *bytes = malloc(len);
  sort_key *keys = with_keys ? malloc(3 * n * sizeof *keys) : NULL;
  sfr_section sec;
  sfr_cert c = SFR_CERT_NONE;
  *first = 0;
  if (bytes && (keys || !with_keys) && vector_functions(bytes, len, spec) == len &&
      sfr_open(&sec, bytes, len, 0x1000, NULL) == SFR_OK)
    c = sfr_certify(&sec, keys, keys ? keys + 2 * n : NULL, keys ? keys + n : NULL, first, NULL);
  free(bytes);
  free(keys);
  return c;
}

static int functions_certified(const vector_functions_spec *spec) {
  uint32_t first;
  return functions_cert(spec, 0, &first) == SFR_CERT_CLEAN;
}

/* Only questionable findings, one of them checks-skipped. */
static void check_skipped(const char *what, const sfr_report *rep) {
  CHECK(!sfr_report_rejects(rep), "%s: rejected without scratch", what);
  CHECK(report_has(rep, SFR_E_CHECKS_SKIPPED), "%s: no checks-skipped without scratch", what);
}

/* The rejection of a large section's one fault, whatever else is found:
 * the fault and nothing else that rejects. */
static void check_rejected_for(const char *what, const sfr_report *rep, sfr_status want) {
  size_t k, others = 0;
  CHECK(report_has(rep, want), "%s: %s not found (%zu findings, first %s)", what,
        sfr_finding_name(want), rep->count,
        rep->count ? sfr_finding_name(rep->items[0].id) : "none");
  for (k = 0; k < rep->count && k < rep->cap; k++)
    if (rep->items[k].id != want && sfr_finding_class(rep->items[k].id) != SFR_CLASS_QUESTIONABLE)
      others++;
  CHECK(others == 0, "%s: %zu other rejecting findings", what, others);
  CHECK(!report_has(rep, SFR_E_CHECKS_SKIPPED), "%s: checks-skipped with scratch", what);
}

/* SPEC-NOTES N10 and N12 at every size: with scratch, an out-of-order
 * section of 100,000 functions has its one overlap or its one pair of
 * functions sharing FRE bytes found; without scratch the same section is
 * accepted with checks-skipped.  Around the pairwise limit (512) both
 * methods agree below it, and only scratch finds the fault above it. */
static void test_validate_scratch(void) {
  enum { CAP = 64 };
  sfr_finding items[CAP];
  sfr_report rep;
  uint32_t none = UINT32_MAX;
  vector_functions_spec overlap = {100000, 0, 1, 50000, none, 0, 0};
  vector_functions_spec shared = {100000, 0, 1, none, 70000, 20000, 0};
  vector_functions_spec sorted_shared = {100000, 1, 0, none, 70000, 20000, 0};
  vector_functions_spec sorted_ok = {100000, 1, 0, none, none, 0, 0};
  vector_functions_spec unsorted_ok = {100000, 0, 1, none, none, 0, 0};
  vector_functions_spec at512 = {512, 0, 1, 100, none, 0, 0};
  vector_functions_spec at513 = {513, 0, 1, 100, none, 0, 0};
  /* Addresses and FRE offsets in no simple order (function k at slot
   * k * 7919 mod n): what the radix sort is for (a merge is chosen only
   * for keys nearly in order or against it). */
  vector_functions_spec mixed_ok = {100000, 0, 0, none, none, 0, 7919};
  vector_functions_spec mixed_overlap = {100000, 0, 0, 50000, none, 0, 7919};
  vector_functions_spec mixed_shared = {100000, 0, 0, none, 70000, 20000, 7919};
  vector_functions_spec mixed400_overlap = {400, 0, 0, 100, none, 0, 7919};
  vector_functions_spec mixed400_shared = {400, 0, 0, none, 70, 20, 7919};
  size_t need = sfr_validate_scratch_size(VECTOR_FUNCTIONS_LEN((size_t)100000));

  CHECK(need >= 100000 * 48u, "scratch size %zu is below three 16-byte keys per function", need);
  validate_functions(&overlap, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 unsorted, one overlap", &rep, SFR_E_FDE_OVERLAP);
  CHECK(rep.count >= 1 && rep.count <= CAP, "findings %zu", rep.count);
  validate_functions(&overlap, 0, 0, &rep, items, CAP);
  check_skipped("100,000 unsorted, one overlap", &rep);

  validate_functions(&shared, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 unsorted, shared FRE bytes", &rep, SFR_E_FRE_DATA_OVERRUN);
  validate_functions(&shared, 0, 0, &rep, items, CAP);
  check_skipped("100,000 unsorted, shared FRE bytes", &rep);
  validate_functions(&sorted_shared, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 sorted, shared FRE bytes", &rep, SFR_E_FRE_DATA_OVERRUN);
  validate_functions(&sorted_shared, 0, 0, &rep, items, CAP);
  check_skipped("100,000 sorted, shared FRE bytes", &rep);

  /* Nothing to skip: sorted and disjoint, with or without scratch. */
  validate_functions(&sorted_ok, 0, 0, &rep, items, CAP);
  CHECK(rep.count == 0, "100,000 sorted: %zu findings without scratch", rep.count);
  validate_functions(&sorted_ok, SIZE_MAX, 0, &rep, items, CAP);
  CHECK(rep.count == 0, "100,000 sorted: %zu findings with scratch", rep.count);
  /* The certificate: sorted and disjoint is proven clean; FDEs out of
   * order, or FRE data shared, are left to the full pass. */
  CHECK(functions_certified(&sorted_ok), "100,000 sorted and disjoint: not certified");
  CHECK(!functions_certified(&unsorted_ok), "100,000 unsorted: certified");
  CHECK(!functions_certified(&sorted_shared), "100,000 sorted, shared FRE bytes: certified");
  CHECK(!functions_certified(&overlap), "100,000 unsorted, one overlap: certified");
  /* With keys to sort them (and FRE data out of order), FDEs out of
   * order are proven to have only that finding, at the first FDE below the
   * one before: reversed, FDE 1; at k * 7919 mod 100,000, FDE 13 (12 *
   * 7919 is 95,028, 13 * 7919 wraps to 2,947); mod 400 (7919 is 319 mod
   * 400), FDE 2 (638 wraps to 238).  Two functions sharing bytes, in
   * order or not, leave everything proven but the overlap checks, which
   * are then made alone; so do FRE data out of the FDEs' order sharing
   * bytes; data in order sharing bytes are left to the full pass. */
  {
    vector_functions_spec reversed_flagged = {100000, 1, 1, none, none, 0, 0};
    vector_functions_spec sorted_overlap = {100000, 1, 0, 50000, none, 0, 0};
    vector_functions_spec shared_in_order = {100000, 1, 0, none, 50001, 50000, 0};
    vector_functions_spec mixed400_ok = {400, 0, 0, none, none, 0, 7919};
    const struct {
      const vector_functions_spec *spec;
      const char *what;
      sfr_cert want;
      uint32_t first;
    } cert[] = {
        {&unsorted_ok, "100,000 reversed", SFR_CERT_UNSORTED, 1},
        {&reversed_flagged, "100,000 reversed, flagged sorted", SFR_CERT_UNSORTED, 1},
        {&mixed_ok, "100,000 in no order", SFR_CERT_UNSORTED, 13},
        {&mixed400_ok, "400 in no order", SFR_CERT_UNSORTED, 2},
        {&sorted_ok, "100,000 sorted", SFR_CERT_CLEAN, none},
        {&overlap, "100,000 reversed, one overlap", SFR_CERT_OVERLAPS, 0},
        {&sorted_overlap, "100,000 sorted, one overlap", SFR_CERT_OVERLAPS, 0},
        {&shared, "100,000 reversed, shared FRE bytes", SFR_CERT_OVERLAPS, 0},
        {&sorted_shared, "100,000 sorted, FDE 70,000's FRE data at FDE 20,000's",
         SFR_CERT_OVERLAPS, 0},
        {&shared_in_order, "100,000 sorted, FDE 50,001's FRE data at FDE 50,000's",
         SFR_CERT_NONE, 0},
        {&mixed_overlap, "100,000 in no order, one overlap", SFR_CERT_OVERLAPS, 0},
        {&mixed_shared, "100,000 in no order, shared FRE bytes", SFR_CERT_OVERLAPS, 0},
        {&mixed400_overlap, "400 in no order, one overlap", SFR_CERT_OVERLAPS, 0},
    };
    size_t c;
    uint32_t first;
    for (c = 0; c < sizeof cert / sizeof *cert; c++) {
      sfr_cert got = functions_cert(cert[c].spec, 1, &first);
      CHECK(got == cert[c].want &&
                (got == SFR_CERT_NONE || got == SFR_CERT_OVERLAPS || first == cert[c].first),
            "%s: certificate %d (first %u), not %d (first %u)", cert[c].what, (int)got, first,
            (int)cert[c].want, cert[c].first);
    }
    /* Without keys, nothing out of order is proven. */
    CHECK(functions_cert(&unsorted_ok, 0, &first) == SFR_CERT_NONE,
          "100,000 reversed: certified without keys");
    CHECK(functions_cert(&mixed_ok, 0, &first) == SFR_CERT_NONE,
          "100,000 in no order: certified without keys");
    /* The sorted section's overlap and shared data are what its
     * validation reports. */
    validate_functions(&sorted_overlap, SIZE_MAX, 0, &rep, items, CAP);
    check_rejected_for("100,000 sorted, one overlap", &rep, SFR_E_FDE_OVERLAP);
    validate_functions(&shared_in_order, SIZE_MAX, 0, &rep, items, CAP);
    check_rejected_for("100,000 sorted, data shared in order", &rep, SFR_E_FRE_DATA_OVERRUN);
    /* And validation with scratch reports that finding alone. */
    validate_functions(&reversed_flagged, SIZE_MAX, 0, &rep, items, CAP);
    CHECK(rep.count == 1 && items[0].id == SFR_E_FDE_UNSORTED && items[0].fde == 1,
          "100,000 reversed, flagged sorted: %zu findings (first %s)", rep.count,
          rep.count ? sfr_finding_name(items[0].id) : "none");
  }
  /* Unsorted without a fault: only the questionable unflagged order. */
  validate_functions(&unsorted_ok, SIZE_MAX, 3, &rep, items, CAP);
  CHECK(rep.count == 1 && items[0].id == SFR_E_FDE_UNSORTED_UNFLAGGED,
        "100,000 unsorted, misaligned scratch: %zu findings (first %s)", rep.count,
        rep.count ? sfr_finding_name(items[0].id) : "none");
  /* Too little scratch is no scratch. */
  validate_functions(&overlap, need / 2, 0, &rep, items, CAP);
  check_skipped("100,000 unsorted, half the scratch", &rep);

  validate_functions(&mixed_ok, SIZE_MAX, 0, &rep, items, CAP);
  CHECK(rep.count == 1 && items[0].id == SFR_E_FDE_UNSORTED_UNFLAGGED,
        "100,000 in no order, disjoint: %zu findings (first %s)", rep.count,
        rep.count ? sfr_finding_name(items[0].id) : "none");
  validate_functions(&mixed_overlap, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 in no order, one overlap", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&mixed_shared, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 in no order, shared FRE bytes", &rep, SFR_E_FRE_DATA_OVERRUN);
  /* 400 in no order: the radix sort's answer against the pairs compared
   * without scratch. */
  validate_functions(&mixed400_overlap, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("400 in no order, one overlap, with scratch", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&mixed400_overlap, 0, 0, &rep, items, CAP);
  check_rejected_for("400 in no order, one overlap, without scratch", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&mixed400_shared, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("400 in no order, shared FRE bytes, with scratch", &rep,
                     SFR_E_FRE_DATA_OVERRUN);
  validate_functions(&mixed400_shared, 0, 0, &rep, items, CAP);
  check_rejected_for("400 in no order, shared FRE bytes, without scratch", &rep,
                     SFR_E_FRE_DATA_OVERRUN);

  validate_functions(&at512, 0, 0, &rep, items, CAP);
  check_rejected_for("512 unsorted, without scratch", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&at512, SIZE_MAX, 1, &rep, items, CAP);
  check_rejected_for("512 unsorted, with scratch", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&at513, 0, 0, &rep, items, CAP);
  check_skipped("513 unsorted", &rep);
  validate_functions(&at513, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("513 unsorted, with scratch", &rep, SFR_E_FDE_OVERLAP);
  /* Exactly two findings: the order, and the overlap at FDE 100 (or its
   * neighbour 99, which it overlaps). */
  CHECK(rep.count == 2 && items[1].id == SFR_E_FDE_OVERLAP &&
            (items[1].fde == 100 || items[1].fde == 99),
        "513 unsorted: %zu findings, the last %s at FDE %lld, not one overlap at 100 or 99",
        rep.count, rep.count == 2 ? sfr_finding_name(items[1].id) : "-",
        rep.count == 2 ? (long long)items[1].fde : -1LL);
}

/* The lookup index: only for a section validated in order; the same
 * answer as the binary search at every PC of 100,000 functions (starts,
 * ends, below and above them all); no index with too little memory; a
 * damaged index reads nothing outside the section and itself (ASan and
 * valgrind watch the two blocks); validation detaches it. */
static void test_lookup_index(void) {
  vector_functions_spec sorted = {100000, 1, 0, UINT32_MAX, UINT32_MAX, 0, 0};
  vector_functions_spec unsorted = {1000, 0, 1, UINT32_MAX, UINT32_MAX, 0, 0};
  size_t len = VECTOR_FUNCTIONS_LEN((size_t)100000), n, k;
  uint8_t *bytes = malloc(len), *mem = NULL;
  sfr_section sec, indexed;
  sfr_finding items[8];
  sfr_report rep = {items, 8, 0, {0}};
  uint64_t pc, differ = 0;
  int m;
  if (!bytes || vector_functions(bytes, len, &unsorted) == 0) {
    CHECK(0, "cannot build the sections");
    free(bytes);
    return;
  }
  CHECK(sfr_open(&sec, bytes, VECTOR_FUNCTIONS_LEN((size_t)1000), 0x1000, NULL) == SFR_OK &&
            sfr_index_size(&sec) == 0,
        "a section opened but not validated has an index size");
  sfr_validate(&sec, bytes, VECTOR_FUNCTIONS_LEN((size_t)1000), 0x1000, &rep);
  CHECK(sfr_index_size(&sec) == 0 && sfr_index_build(&sec, bytes, len) == 0 && !sec.index,
        "an unsorted section gets an index");
  (void)vector_functions(bytes, len, &sorted);
  sfr_validate(&sec, bytes, len, 0x1000, &rep);
  n = sfr_index_size(&sec);
  CHECK(rep.count == 0 && sec.order_verified, "100,000 sorted functions: %zu findings", rep.count);
  CHECK(n > 0 && n <= 16u * 100000 + 16, "index of %zu bytes for 100,000 functions", n);
  /* One bucket a function would take 100,000 buckets of 64 bytes (800,000
   * bytes): the index stays within 512 KiB by taking two functions a
   * bucket, so the lookups below search inside buckets. */
  CHECK(n <= ((size_t)512 << 10) + 3, "index of %zu bytes, over 512 KiB", n);
  if (n == 0 || !(mem = malloc(n + 3))) {
    free(bytes);
    return;
  }
  indexed = sec;
  CHECK(sfr_index_build(&indexed, mem + 3, n - 1) == 0 && !indexed.index,
        "an index built in too little memory");
  CHECK(sfr_index_build(&indexed, mem + 3, n) == 1 && indexed.index, "the index is not built");
  /* The functions: 0x40 bytes each from 0x100000; every 8th PC across
   * them and 0x100 bytes on either side. */
  for (pc = 0x100000 - 0x100; pc < 0x100000 + 0x40 * 100000 + 0x100; pc += 8)
    for (m = 0; m < 2; m++) {
      sfr_lookup_result a, b;
      sfr_lookup_status sa = sfr_lookup(&indexed, pc, (sfr_pc_mode)m, &a);
      sfr_lookup_status sb = sfr_lookup(&sec, pc, (sfr_pc_mode)m, &b);
      differ += sfr_lookup_differs(sa, &a, sb, &b) != NULL;
    }
  CHECK(differ == 0, "%" PRIu64 " lookups differ with the index", differ);
  CHECK(sfr_lookup(&indexed, 0x100000 + 0x40 * 70000 + 3, SFR_PC_IP, &(sfr_lookup_result){0}) ==
            SFR_LOOKUP_FOUND,
        "a PC inside function 70,000 not found with the index");
  /* Damaged: every byte 0xff, then bytes of a pattern. */
  for (m = 0; m < 2; m++) {
    for (k = 0; k < n; k++)
      mem[3 + k] = m ? (uint8_t)(k * 37 + 11) : 0xff;
    for (pc = 0x100000 - 0x100; pc < 0x100000 + 0x40 * 100000 + 0x100; pc += 0x1000 + 8) {
      sfr_lookup_result r;
      (void)sfr_lookup(&indexed, pc, SFR_PC_IP, &r);
    }
  }
  sfr_validate(&indexed, bytes, len, 0x1000, &rep);
  CHECK(!indexed.index, "validation keeps an index");
  free(mem);
  free(bytes);
}

static void test_lookup_differs(void) {
  real_section rs;
  checked c;
  sfr_lookup_result a, b;
  const char *w;
  if (!open_real("gas247-x86_64-cfi-frame", &rs, &c, 1))
    return;
  memset(&a, 0, sizeof a);
  CHECK(sfr_lookup(&c.sec, fde_start(&c, rs.name, 0), SFR_PC_IP, &a) == SFR_LOOKUP_FOUND,
        "lookup at the first function's start");
  b = a;
  CHECK(sfr_lookup_differs(SFR_LOOKUP_FOUND, &a, SFR_LOOKUP_FOUND, &b) == NULL, "same answer");
#define DIFFERS(field, st_b, name)                                                      \
  do {                                                                                   \
    b = a;                                                                               \
    field;                                                                               \
    w = sfr_lookup_differs(SFR_LOOKUP_FOUND, &a, st_b, &b);                              \
    CHECK(w && strcmp(w, name) == 0, "%s: said %s", #field, w ? w : "nothing");          \
  } while (0)
  DIFFERS((void)0, SFR_LOOKUP_NO_FRE, "status");
  DIFFERS(b.pc++, SFR_LOOKUP_FOUND, "address");
  DIFFERS(b.fde.fres_at++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.start_wraps ^= 1, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fre.length++, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.uwords[SFR_MAX_DATA_WORDS - 1]++, SFR_LOOKUP_FOUND, "row data words");
  DIFFERS(b.rules.fp.offset++, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.outermost ^= 1, SFR_LOOKUP_FOUND, "rules");
#undef DIFFERS
  /* What the status says was not filled is not compared. */
  b = a;
  b.fre.length++;
  CHECK(sfr_lookup_differs(SFR_LOOKUP_NO_FRE, &a, SFR_LOOKUP_NO_FRE, &b) == NULL,
        "no row compared without one");
  b.fde.size++;
  CHECK(sfr_lookup_differs(SFR_LOOKUP_NO_FDE, &a, SFR_LOOKUP_NO_FDE, &b) == NULL,
        "no function compared without one");
  close_real(&rs, &c);
}

/* Real sections reordered and damaged: the validation with scratch (the
 * certificate where it applies) must report what the full pass does, and
 * agree with the one without (validate_guarded), however the FDEs are
 * ordered and whichever functions overlap, share a start or share FRE
 * data.  Each clean real section gets shuffled_trials copies, from a
 * fixed xorshift: up to three faults, each a function grown past its
 * successor's start, given another function's FRE data (its offset, and
 * before version 3 its count, info byte and repetition size), moved to
 * its successor's start, or emptied; then the FDEs kept, reversed,
 * shuffled, or five pairs swapped (the start fields rewritten for their
 * new place).  The certificate's outcomes are counted: each must occur. */
static int shuffled_certs[4];
static uint64_t shuffled_seed = 0x2545f4914f6cdd1du;
enum { shuffled_trials = 12 };

static uint64_t shuffled_rand(void) {
  shuffled_seed ^= shuffled_seed << 13;
  shuffled_seed ^= shuffled_seed >> 7;
  shuffled_seed ^= shuffled_seed << 17;
  return shuffled_seed;
}

static void put_field(uint8_t *p, uint64_t v, unsigned n, int be) {
  unsigned b;
  for (b = 0; b < n; b++)
    p[be ? n - 1 - b : b] = (uint8_t)(v >> (8 * b));
}

/* The start field of FDE record at for a function at start. */
static uint64_t start_field(const sfr_section *sec, uint64_t at, uint64_t start) {
  int pcrel = sec->version >= SFR_VERSION_2 && (sec->flags & SFR_F_FDE_FUNC_START_PCREL);
  return start - (pcrel ? sec->vma + at : sec->vma);
}

static void real_shuffled(real_section *rs) {
  sfr_section sec;
  sfr_finding items[4];
  sfr_report rep = {items, 4, 0, {0}};
  sfr_fde *fdes;
  uint32_t n, i, *to;
  unsigned w, t;
  uint8_t *faulty, *out;
  sort_key *keys;
  sfr_validate(&sec, rs->bytes, rs->len, rs->vma, &rep);
  if (rep.count != 0 || sec.num_fdes < 3)
    return;
  n = sec.num_fdes;
  w = sec.version == SFR_VERSION_3 ? 8 : 4;
  fdes = malloc(n * sizeof *fdes);
  to = malloc(n * sizeof *to);
  faulty = malloc(rs->len);
  out = malloc(rs->len);
  keys = malloc(3 * (size_t)n * sizeof *keys);
  CHECK(fdes && to && faulty && out && keys, "%s: out of memory", rs->name);
  for (i = 0; fdes && i < n; i++)
    CHECK(sfr_get_fde(&sec, i, &fdes[i]) == SFR_OK, "%s: FDE %u does not read", rs->name, i);
  /* A third of the copies where the tests stride (valgrind). */
  for (t = 0; fdes && to && faulty && out && keys && t < shuffled_trials / (stride > 1 ? 3 : 1);
       t++) {
    unsigned faults = (unsigned)(shuffled_rand() % 4), q, how = (unsigned)(shuffled_rand() % 4);
    checked c;
    sfr_section s5;
    uint32_t first;
    memcpy(faulty, rs->bytes, rs->len);
    for (q = 0; q < faults; q++) {
      uint32_t j = (uint32_t)(shuffled_rand() % (n - 1)), other = (uint32_t)(shuffled_rand() % n);
      uint64_t at = fdes[j].field_offset;
      switch (shuffled_rand() % 4) {
      case 0: /* past the successor's start (if it starts after) */
        put_field(faulty + at + w,
                  fdes[j].size + 1 + shuffled_rand() % (fdes[j + 1].start - fdes[j].start + 64), 4,
                  sec.big_endian);
        break;
      case 1: /* another function's FRE data */
        if (sec.version == SFR_VERSION_3)
          memcpy(faulty + at + 12, rs->bytes + fdes[other].field_offset + 12, 4);
        else
          memcpy(faulty + at + 8, rs->bytes + fdes[other].field_offset + 8,
                 sec.version == SFR_VERSION_2 ? 10 : 9);
        break;
      case 2: /* the successor's start */
        put_field(faulty + at, start_field(&sec, at, fdes[j + 1].start), w, sec.big_endian);
        break;
      default:
        put_field(faulty + at + w, 0, 4, sec.big_endian);
      }
    }
    for (i = 0; i < n; i++)
      to[i] = how == 1 ? n - 1 - i : i;
    for (i = n; how == 2 && i > 1; i--) {
      uint32_t j = (uint32_t)(shuffled_rand() % i), x = to[i - 1];
      to[i - 1] = to[j];
      to[j] = x;
    }
    for (q = 0; how == 3 && q < 5; q++) {
      uint32_t a = (uint32_t)(shuffled_rand() % n), b = (uint32_t)(shuffled_rand() % n), x = to[a];
      to[a] = to[b];
      to[b] = x;
    }
    memcpy(out, faulty, rs->len);
    if (how != 0)
      out[3] = (uint8_t)(out[3] & ~SFR_F_FDE_SORTED);
    for (i = 0; i < n; i++) {
      uint64_t from = fdes[i].field_offset, at = sec.fde_start + (uint64_t)to[i] * sec.fde_size;
      uint64_t raw = sfr_load(faulty + from, w, sec.big_endian);
      /* the field plus its base (start_field of address 0 is minus it) */
      uint64_t start = (w == 4 ? (uint64_t)sfr_sext(raw, 4) : raw) - start_field(&sec, from, 0);
      memcpy(out + at, faulty + from, sec.fde_size);
      put_field(out + at, start_field(&sec, at, start), w, sec.big_endian);
    }
    if (sfr_open(&s5, out, rs->len, rs->vma, NULL) == SFR_OK)
      shuffled_certs[sfr_certify(&s5, keys, keys + 2 * (size_t)n, keys + n, &first, NULL)]++;
    if (validate_guarded(&c, out, rs->len, rs->vma))
      guard_free(&c.g);
  }
  free(keys);
  free(out);
  free(faulty);
  free(to);
  free(fdes);
}

static void test_real_shuffled(void) {
  (void)for_each_real(real_shuffled);
  CHECK(shuffled_certs[SFR_CERT_NONE] && shuffled_certs[SFR_CERT_CLEAN] &&
            shuffled_certs[SFR_CERT_UNSORTED] && shuffled_certs[SFR_CERT_OVERLAPS],
        "the certificate's outcomes: none %d, clean %d, unsorted %d, overlaps %d (each must occur)",
        shuffled_certs[SFR_CERT_NONE], shuffled_certs[SFR_CERT_CLEAN],
        shuffled_certs[SFR_CERT_UNSORTED], shuffled_certs[SFR_CERT_OVERLAPS]);
  printf("# certificate: none %d, clean %d, unsorted %d, overlaps %d\n",
         shuffled_certs[SFR_CERT_NONE], shuffled_certs[SFR_CERT_CLEAN],
         shuffled_certs[SFR_CERT_UNSORTED], shuffled_certs[SFR_CERT_OVERLAPS]);
}

/* The sort's tie order: keys sorted by a alone, then each run of equal
 * a put in (b, index) order, equal the keys sorted by (a, b, index); a
 * run longer than SFR_TIES_MAX is refused.  Keys: a = i / 3 (runs of 3),
 * b from a fixed xorshift, placed by a stride that mixes them. */
static void test_sort_ties(void) {
  enum { N = 3000 };
  static sort_key k[N], tmp[N], want[N], wtmp[N];
  const sort_key *got, *w;
  uint64_t x = 0x2545f4914f6cdd1du;
  uint32_t i;
  for (i = 0; i < N; i++) {
    uint32_t at = (uint32_t)(((uint64_t)i * 1009u) % N);
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    k[at].a = i / 3;
    k[at].b = (uint32_t)(x % 5u);
    k[at].index = at;
  }
  memcpy(want, k, sizeof k);
  w = sfr_order_keys(want, wtmp, N, 0);
  got = sfr_order_keys(k, tmp, N, 1);
  CHECK(sfr_order_ties_by_b(got == k ? k : tmp, N) == 1, "runs of 3 refused");
  CHECK(memcmp(got, w, sizeof k) == 0, "runs of 3 put in order differ from the full sort");
  for (i = 0; i < SFR_TIES_MAX + 1; i++) {
    k[i].a = 7;
    k[i].b = SFR_TIES_MAX - i;
    k[i].index = i;
  }
  CHECK(sfr_order_ties_by_b(k, SFR_TIES_MAX) == 1 && k[0].b == 1,
        "a run of SFR_TIES_MAX equal keys not put in order");
  CHECK(sfr_order_ties_by_b(k, SFR_TIES_MAX + 1) == 0,
        "a run of SFR_TIES_MAX + 1 equal keys not refused");
}

int main(int argc, char **argv) {
  int k;
  const char *st = getenv("UNIT_STRIDE");
  if (st && atoi(st) > 1)
    stride = (size_t)atoi(st);
  for (k = 1; k < argc && n_real_dirs < MAX_DIRS; k++)
    real_dirs[n_real_dirs++] = argv[k];
  if (n_real_dirs == 0)
    real_dirs[n_real_dirs++] = "corpus/real/sections";
  test_vectors_build();
  run("cursor reads bytes in the section's endianness, never past its end", test_cursor);
  run("findings table: names, messages, classes", test_findings_table);
  run("hand-built vectors give exactly their finding (guard page)", test_vectors_expected);
  run("every finding identifier has a vector", test_every_finding_has_vector);
  run("vectors cover big-endian, s390x and every version", test_vector_axes);
  run("real sections validate and look up (guard page)", test_real_sections);
  run("every prefix of a real section is rejected (guard page)", test_real_truncations);
  run("single-byte corruptions of real sections (guard page)", test_real_mutations);
  run("AMD64 interpretation matches objdump", test_interp_amd64);
  run("AArch64 and s390x interpretation matches objdump", test_interp_aarch64_s390x);
  run("unwind AMD64 frames, backtrace and stop reasons", test_unwind_amd64);
  run("unwind with flexible register rules", test_unwind_flex_rules);
  run("unwind AArch64 PAuth and s390x big-endian", test_unwind_aarch64_s390x);
  run("unwind through every flexible rule kind", test_unwind_flex_kinds);
  run("findings the generator and fuzzers exposed: truncation after a V3 attribute, shared "
      "empty offsets, FRE data shared past a gap",
      test_generator_regressions);
  run("stop and lookup status names", test_stop_names);
  run("the lookup paths' comparison names what differs", test_lookup_differs);
  run("the lookup index answers as the binary search, and a damaged one reads nothing outside",
      test_lookup_index);
  run("validation is exact at any size with scratch, and says what it skipped without",
      test_validate_scratch);
  run("sorted by start, equal starts put in (size, index) order as the full sort puts them",
      test_sort_ties);
  run("real sections reordered, overlapping and sharing FRE data: the fast validation is the "
      "full pass's",
      test_real_shuffled);
  printf("1..%d\n", n_tests);
  return n_failed ? 1 : 0;
}
