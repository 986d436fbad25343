/* SPDX-License-Identifier: MIT */
/* decode.c - fuzz target: decode and validate any bytes as a section, the
 * fast layer against the reference path.  Validation with scratch and
 * without (keys on the stack up to 512 functions) must agree
 * (sfr_reports_differ), and each must report exactly what the reference
 * validation does (sfr_validate_checked: the certificate of a clean
 * section, decoder/fast, stands in for it where it can).
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sfr_section sec;
  sfr_finding items[16], plain_items[16];
  sfr_report rep, plain;
  uint32_t i, total = 0;

  memset(&rep, 0, sizeof rep);
  memset(&plain, 0, sizeof plain);
  plain.items = plain_items;
  plain.cap = 16;
  FUZZ_CHECK(sfr_validate_checked(&sec, data, size, VMA, NULL, 0, &plain) == NULL,
             "without scratch, the fast validation reports what the reference reports");
  rep.items = items;
  rep.cap = 16;
  fuzz_validate(&sec, data, size, VMA, &rep);
  FUZZ_CHECK(sfr_reports_differ(&rep, &plain) == NULL,
             "validation with and without scratch agree (sfr_reports_differ)");
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
