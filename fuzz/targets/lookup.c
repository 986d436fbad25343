/* SPDX-License-Identifier: MIT */
/* lookup.c - fuzz target: a section and PCs, both from the input:
 *   bytes 0-7  the section address (little-endian)
 *   byte 8     n, the number of PCs (at most 16)
 *   then       n PCs of 8 bytes, the rest is the section.
 * On a section the oracle accepts, a lookup (both modes) of a PC inside a
 * function never fails (found, or no FRE yet), and one outside every
 * function never succeeds.
 * On every section sfr_open accepts, valid or not, the fast lookup
 * (sfr_lookup, decoder/fast) answers exactly as the reference lookup that
 * decodes everything (sfr_ref_lookup; sfr_lookup_checked compares the two): the PCs given,
 * and for each one a PC inside one of the functions derived from it, so
 * that rows are reached.  The same with the lookup index on a section
 * validated in order (sfr_index_build); then, with the index overwritten
 * by bytes of the input, every lookup still only reads inside the section
 * and the index (the sanitizers watch).
 * Every kernel generation's lookup (sfk_lookup) on every section, valid or
 * not, at the same PCs: every error or crash it meets is a rule sfk_check
 * reports for that generation, and a section sfk_check says is never
 * registered is never looked up. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "sfr_fast.h"
#include "sfr_lookup.h"
#include "sframe_ddprof.h"
#include "sframe_kernel.h"
#include "sframe_ref.h"

/* sfr_lookup against sfr_ref_lookup at pc, both modes. */
static void both_paths(const sfr_section *sec, uint64_t pc) {
  unsigned m;
  for (m = 0; m < 2; m++) {
    sfr_lookup_result res;
    const char *why;
    (void)sfr_lookup_checked(sec, pc, m ? SFR_PC_RA : SFR_PC_IP, &res, &why);
    if (why)
      fprintf(stderr, "the fast and the reference lookup of 0x%llx differ in the %s\n",
              (unsigned long long)pc, why);
    FUZZ_CHECK(!why, "the fast and the reference lookup give the same answer");
  }
}

/* Is pc inside some function (linear: the section is valid, so the FDEs
 * read)?  Sets *fde_index. */
static int inside(const sfr_section *sec, uint64_t pc, uint32_t *fde_index) {
  uint32_t i;
  for (i = 0; i < sec->num_fdes; i++) {
    sfr_fde f;
    FUZZ_CHECK(sfr_get_fde(sec, i, &f) == SFR_OK, "every FDE of a valid section reads");
    if (pc >= f.start && pc - f.start < f.size) {
      *fde_index = i;
      return 1;
    }
  }
  return 0;
}

/* Each generation of the kernel: its lookups meet only what its check
 * reports. */
static void kernel_lookups(const uint8_t *sec, size_t len, uint64_t vma, const uint64_t *pcs,
                           unsigned n) {
  unsigned g, i;
  for (g = 0; g < SFK_GEN_NUM; g++) {
    sfk_finding items[64];
    sfk_report rep;
    sfk_options o;
    memset(&o, 0, sizeof o);
    o.gen = (sfk_gen)g;
    rep.items = items;
    rep.cap = 64;
    sfk_check(sec, len, vma, &o, &rep);
    for (i = 0; i < n; i++) {
      sfk_answer a;
      size_t k, met = 0;
      int loaded = 1;
      sfk_lookup(sec, len, vma, &o, pcs[i], &a);
      if (rep.count > rep.cap)
        continue;
      for (k = 0; k < rep.count; k++) {
        sfk_stage st = items[k].stage;
        if (st == SFK_STAGE_LOAD || st == SFK_STAGE_ARCH)
          loaded = 0;
        if (items[k].id == a.why)
          met = 1;
      }
      FUZZ_CHECK((a.outcome == SFK_LOOKUP_NOT_REGISTERED) == !loaded,
                 "a lookup is refused exactly when the check refuses the section at load");
      if (a.outcome == SFK_LOOKUP_ERROR || a.outcome == SFK_LOOKUP_CRASH)
        FUZZ_CHECK(a.why == SFK_OK || met, "every error a lookup meets is a rule the check reports");
    }
  }
}

/* DataDog's profiler as modelled: its rows fit the bound, a lookup answers
 * a row of the table (or the default frame), and a refused section has no
 * row. */
static void ddprof_lookups(const uint8_t *sec, size_t len, uint64_t vma, const uint64_t *pcs,
                           unsigned n) {
  sfd_table t;
  unsigned i;
  memset(&t, 0, sizeof t);
  t.cap = sfd_rows_bound(len);
  if (!(t.rows = malloc(t.cap * sizeof *t.rows)))
    return;
  sfd_parse(sec, len, vma, SFD_GEN_NEWEST, &t);
  FUZZ_CHECK(t.count <= t.cap, "the profiler's rows fit sfd_rows_bound");
  FUZZ_CHECK(t.accepted == (t.count > 0), "a section is used exactly when it gave rows");
  for (i = 0; i < n; i++) {
    sfd_answer a;
    sfd_lookup(&t, pcs[i], &a);
    FUZZ_CHECK(a.outcome != SFD_LOOKUP_ROW || (a.index >= 0 && (size_t)a.index < t.count &&
                                               t.rows[a.index].loc <= (uint32_t)pcs[i]),
               "a row answered is a row of the table at or below the PC");
  }
  free(t.rows);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *p = data;
  size_t len = size;
  uint64_t vma = fuzz_take(&p, &len, 8), pcs[16];
  unsigned n = (unsigned)fuzz_take(&p, &len, 1) % 17, i, m;
  sfr_section sec;
  sfr_finding items[8];
  sfr_report rep;
  sfr_section indexed;
  size_t ix_len;
  void *ix = NULL;

  for (i = 0; i < n; i++)
    pcs[i] = fuzz_take(&p, &len, 8);
  memset(&rep, 0, sizeof rep);
  rep.items = items;
  rep.cap = 8;
  kernel_lookups(p, len, vma, pcs, n);
  ddprof_lookups(p, len, vma, pcs, n);
  fuzz_validate(&sec, p, len, vma, &rep);
  ix_len = sfr_index_size(&sec);
  FUZZ_CHECK(ix_len == 0 || ((sec.flags & SFR_F_FDE_SORTED) && sfr_order_verified(&sec)),
             "only a section validated in order can have an index");
  if (ix_len && (ix = malloc(ix_len)) != NULL) {
    indexed = sec;
    sfr_forget_order(&indexed);
    FUZZ_CHECK(sfr_index_build(&indexed, ix, ix_len) == 0 && !sfr_index_attached(&indexed),
               "a section not validated in order gets no index");
    indexed = sec;
    FUZZ_CHECK(sfr_index_build(&indexed, ix, ix_len - 1) == 0, "too little memory builds no index");
    FUZZ_CHECK(sfr_index_build(&indexed, ix, ix_len) == 1, "the index is built");
  }
  for (i = 0; i < n; i++) {
    sfr_fde f;
    both_paths(&sec, pcs[i]);
    if (ix)
      both_paths(&indexed, pcs[i]);
    if (sec.num_fdes && sfr_get_fde(&sec, (uint32_t)(pcs[i] % sec.num_fdes), &f) == SFR_OK) {
      uint64_t at = f.start + (pcs[i] >> 32) % ((uint64_t)f.size + 1);
      both_paths(&sec, at);
      if (ix)
        both_paths(&indexed, at);
    }
  }
  if (ix) {
    /* A damaged index: wrong answers allowed, reads outside never. */
    size_t k;
    for (k = 0; k < ix_len; k++)
      ((uint8_t *)ix)[k] = len ? p[k % len] : 0;
    for (i = 0; i < n; i++) {
      sfr_lookup_result res;
      (void)sfr_lookup(&indexed, pcs[i], SFR_PC_IP, &res);
    }
    free(ix);
  }
  if (sfr_report_rejects(&rep))
    return 0;
  for (i = 0; i < n; i++)
    for (m = 0; m < 2; m++) {
      sfr_lookup_result res;
      sfr_lookup_status st = sfr_lookup(&sec, pcs[i], m ? SFR_PC_RA : SFR_PC_IP, &res);
      uint64_t at = m ? pcs[i] - 1 : pcs[i];
      uint32_t want;
      FUZZ_CHECK(st != SFR_LOOKUP_BAD_DATA, "a valid section never gives bad-data");
      if (m && pcs[i] == 0) {
        FUZZ_CHECK(st == SFR_LOOKUP_NO_FDE, "return address 0 is in no function");
        continue;
      }
      if (inside(&sec, at, &want)) {
        FUZZ_CHECK(st == SFR_LOOKUP_FOUND || st == SFR_LOOKUP_NO_FRE ||
                       (st == SFR_LOOKUP_REP_SIZE_UNKNOWN && !sfr_has_rep_size(sec.version) &&
                        res.fde.pc_type == SFR_PCTYPE_MASK),
                   "a PC inside a function is found in it (rep-size-unknown only in a "
                   "version-1 PCMASK function)");
        FUZZ_CHECK(res.fde.index == want, "the function found is the one that covers the PC");
      } else {
        FUZZ_CHECK(st == SFR_LOOKUP_NO_FDE, "a PC outside every function is never found");
      }
    }
  return 0;
}
