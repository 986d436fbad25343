/* SPDX-License-Identifier: MIT */
/* unit.h - the oracle's C unit tests: the harness they share (unit.c:
 * TAP, the checks, real sections, validation held to the reference path)
 * and the tests (unit_main.c runs them in order), a file a part of the
 * library:
 *   unit_decode.c   the cursor, the findings, hand-built vectors and real
 *                   sections decoded, truncated and corrupted (spec 2)
 *   unit_unwind.c   interpretation against the CFI of corpus/real/cfi
 *                   and unwinding (spec 3, appendix A)
 *   unit_kernel.c   the kernel profiles' lookup and unwinding step
 *   unit_fast.c     the fast layer (decoder/fast) held to the reference
 *                   path: exact validation at any size, the certificate,
 *                   the lookup index, the sort */
#ifndef UNIT_H
#define UNIT_H

#include <dirent.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "sfc_tools.h"
#include "sframe_ref.h"
#include "sfr_certify.h"
#include "sfr_cursor.h"
#include "sfr_fast.h"
#include "sfr_lookup.h"
#include "sfr_radix.h"
#include "sfr_validate.h"
#include "vectors.h"


#define MAX_DIRS 16
extern size_t stride; /* UNIT_STRIDE */
extern const char *real_dirs[MAX_DIRS];
extern int n_real_dirs;
extern int cur_failed;

void fail_at(const char *file, int line, const char *fmt, ...);
/* Runs one test, printing its TAP line; unit_finish prints the plan and
 * gives the exit status. */
void run(const char *name, void (*fn)(void));
int unit_finish(void);
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond))                                                               \
      fail_at(__FILE__, __LINE__, __VA_ARGS__);                                \
  } while (0)

#define MAX_ITEMS 512
typedef struct checked {
  guarded g;
  sfr_section sec;
  sfr_finding items[MAX_ITEMS];
  sfr_report rep;   /* sfr_validate_ex with scratch: what every tool uses */
  sfr_finding plain_items[MAX_ITEMS];
  sfr_report plain; /* sfr_validate, without scratch */
} checked;

/* A real section: NAME.sframe and NAME.vma in one directory. */
typedef struct real_section {
  char name[256];
  uint8_t *bytes;
  size_t len;
  uint64_t vma;
} real_section;

void check_reports_agree(const char *what, const sfr_report *a, const sfr_report *b);
int validate_guarded(checked *c, const uint8_t *bytes, size_t len, uint64_t vma);
int report_has(const sfr_report *rep, sfr_status id);
uint8_t *read_file(const char *path, size_t *len);
int load_real(int only, const char *name, real_section *rs);
int for_each_real_in(int k, void (*fn)(real_section *));
int for_each_real(void (*fn)(real_section *));
int index_count(void);
void both_paths(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode);
void exercise(const sfr_section *sec);
void exercise_paths(const sfr_section *sec);
int open_real(const char *name, real_section *rs, checked *c, int required);
void close_real(real_section *rs, checked *c);
uint64_t fde_start(checked *c, const char *name, uint32_t i);

/* unit_decode.c */
void test_cursor(void);
void test_findings_table(void);
void test_vectors_expected(void);
void test_every_finding_has_vector(void);
void test_vector_axes(void);
void test_real_sections(void);
void test_section_extent(void);
void test_real_truncations(void);
void test_real_mutations(void);
void test_generator_regressions(void);
void test_stop_names(void);
/* unit_unwind.c */
void test_interp_amd64(void);
void test_interp_aarch64_s390x(void);
void test_unwind_amd64(void);
void test_unwind_flex_rules(void);
void test_unwind_aarch64_s390x(void);
void test_unwind_flex_kinds(void);
/* unit_kernel.c */
void test_kernel_lookup_paths(void);
void test_kernel_lookup_errors(void);
void test_kernel_names(void);
void test_kernel_unwind_step(void);
void test_kernel_unwind_rules(void);
/* unit_fast.c */
void test_validate_scratch(void);
void test_lookup_index(void);
void test_lookup_differs(void);
void test_real_shuffled(void);
void test_sort_ties(void);
void test_reports_differ(void);

#endif
