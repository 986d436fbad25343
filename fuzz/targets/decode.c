/* decode.c - fuzz target: decode and validate any bytes as a section.
 * Validation with scratch (sorted ranges) and without (pairs compared up
 * to 512 functions) must agree on the verdict and the findings, but for
 * which of fde-overlap and fde-duplicate names a tangle, and the
 * checks-skipped of a large section without scratch.
 * On a section the oracle accepts (no malformed or invalid finding) every
 * FDE and FRE must be readable and interpretable, a lookup at each FRE's
 * start must return that FRE, and the canonical dump must succeed.  Any
 * broken invariant aborts. */
#include <stdio.h>
#include <string.h>

#include "dump.h"
#include "fuzz_check.h"
#include "sframe_ref.h"

#define VMA 0x1000u

static FILE *sink;

static int has(const sfr_report *rep, sfr_status id) {
  size_t k;
  for (k = 0; k < rep->count && k < rep->cap; k++)
    if (rep->items[k].id == id)
      return 1;
  return 0;
}

static int has_overlap(const sfr_report *rep) {
  return has(rep, SFR_E_FDE_OVERLAP) || has(rep, SFR_E_FDE_DUPLICATE);
}

static void check_scratch_agrees(const sfr_report *a, const sfr_report *b) {
  int i;
  FUZZ_CHECK(sfr_report_rejects(a) == sfr_report_rejects(b),
             "the verdict does not depend on scratch");
  FUZZ_CHECK(!has(a, SFR_E_CHECKS_SKIPPED), "with scratch no check is skipped");
  if (a->count > a->cap || b->count > b->cap)
    return;
  for (i = 1; i < SFR_NUM_FINDINGS; i++)
    if (i != SFR_E_FDE_OVERLAP && i != SFR_E_FDE_DUPLICATE && i != SFR_E_CHECKS_SKIPPED)
      FUZZ_CHECK(has(a, (sfr_status)i) == has(b, (sfr_status)i),
                 "the same findings with and without scratch");
  FUZZ_CHECK(has_overlap(a) == has_overlap(b), "an overlap found with and without scratch");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sfr_section sec;
  sfr_finding items[16], plain_items[16];
  sfr_report rep, plain;
  uint32_t i, total = 0;

  memset(&rep, 0, sizeof rep);
  memset(&plain, 0, sizeof plain);
  plain.items = plain_items;
  plain.cap = 16;
  sfr_validate(&sec, data, size, VMA, &plain);
  rep.items = items;
  rep.cap = 16;
  fuzz_validate(&sec, data, size, VMA, &rep);
  check_scratch_agrees(&rep, &plain);
  FUZZ_CHECK(rep.count >= rep.by_class[SFR_CLASS_MALFORMED], "finding counts add up");
  if (sfr_report_rejects(&rep))
    return 0;
  for (i = 0; i < sec.num_fdes; i++) {
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    uint32_t n = 0;
    FUZZ_CHECK(sfr_get_fde(&sec, i, &fde) == SFR_OK, "every FDE of a valid section reads");
    sfr_fre_iter_init(&sec, &fde, &it);
    for (;;) {
      sfr_rules rules;
      FUZZ_CHECK(sfr_fre_next(&sec, &it, &fre, &done) == SFR_OK, "every FRE reads");
      if (done)
        break;
      n++;
      FUZZ_CHECK(sfr_interpret(&sec, &fde, &fre, &rules) == SFR_OK, "every FRE interprets");
      /* A PC-increment function's FRE that starts inside it is what a
       * lookup at that address finds (starts strictly increase, functions
       * do not overlap in a valid section). */
      if (fde.pc_type == SFR_PCTYPE_INC && fre.start < fde.size) {
        sfr_lookup_result res;
        FUZZ_CHECK(sfr_lookup(&sec, fde.start + fre.start, SFR_PC_IP, &res) == SFR_LOOKUP_FOUND,
                   "a lookup at an FRE's start finds it");
        FUZZ_CHECK(res.fde.index == i && res.fre.index == fre.index,
                   "a lookup at an FRE's start finds that FRE");
      }
    }
    FUZZ_CHECK(n == fde.num_fres, "an FDE has num_fres FREs");
    total += n;
  }
  FUZZ_CHECK(total == sec.num_fres, "the FREs add up to the header's num_fres");
  if (!sink)
    sink = fopen("/dev/null", "w");
  if (sink)
    FUZZ_CHECK(dump_json(sink, &sec) == SFR_OK, "a valid section dumps");
  return 0;
}
