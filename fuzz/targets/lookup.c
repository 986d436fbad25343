/* lookup.c - fuzz target: a section and PCs, both from the input:
 *   bytes 0-7  the section address (little-endian)
 *   byte 8     n, the number of PCs (at most 16)
 *   then       n PCs of 8 bytes, the rest is the section.
 * On a section the oracle accepts, a lookup (both modes) of a PC inside a
 * function never fails (found, or no FRE yet), and one outside every
 * function never succeeds.
 * On every section sfr_open accepts, valid or not, the fast lookup
 * (sfr_lookup) answers exactly as the simple path that decodes everything
 * (sfr_lookup_simple): the PCs given, and for each one a PC inside one of
 * the functions derived from it, so that rows are reached. */
#include <string.h>

#include "fuzz_check.h"
#include "sfr_lookup_simple.h"
#include "sframe_ref.h"

static void same_fde(const sfr_fde *a, const sfr_fde *b) {
  FUZZ_CHECK(a->index == b->index && a->field_offset == b->field_offset &&
                 a->raw_start == b->raw_start && a->start == b->start && a->size == b->size &&
                 a->fre_off == b->fre_off && a->num_fres == b->num_fres && a->info == b->info &&
                 a->info2 == b->info2 && a->rep_size == b->rep_size &&
                 a->fre_type == b->fre_type && a->pc_type == b->pc_type &&
                 a->pauth_key == b->pauth_key && a->signal == b->signal &&
                 a->fde_type == b->fde_type && a->fres_at == b->fres_at &&
                 a->start_wraps == b->start_wraps,
             "the fast and the simple lookup find the same function");
}

static void same_found(const sfr_lookup_result *a, const sfr_lookup_result *b) {
  const sfr_fre *x = &a->fre, *y = &b->fre;
  const sfr_rules *r = &a->rules, *q = &b->rules;
  unsigned i;
  FUZZ_CHECK(x->index == y->index && x->offset == y->offset && x->start == y->start &&
                 x->info == y->info && x->cfa_base_sp == y->cfa_base_sp &&
                 x->count == y->count && x->word_size == y->word_size &&
                 x->mangled_ra == y->mangled_ra && x->length == y->length,
             "the fast and the simple lookup choose the same row");
  for (i = 0; i < SFR_MAX_DATA_WORDS; i++)
    FUZZ_CHECK(x->words[i] == y->words[i] && x->uwords[i] == y->uwords[i],
               "the row's data words are the same");
  FUZZ_CHECK(r->cfa.base == q->cfa.base && r->cfa.reg == q->cfa.reg &&
                 r->cfa.offset == q->cfa.offset && r->cfa.deref == q->cfa.deref &&
                 r->ra.kind == q->ra.kind && r->ra.padding == q->ra.padding &&
                 r->ra.reg == q->ra.reg && r->ra.offset == q->ra.offset &&
                 r->fp.kind == q->fp.kind && r->fp.padding == q->fp.padding &&
                 r->fp.reg == q->fp.reg && r->fp.offset == q->fp.offset &&
                 r->ra_mangled == q->ra_mangled && r->outermost == q->outermost,
             "the rules are the same");
}

/* sfr_lookup against sfr_lookup_simple at pc, both modes. */
static void both_paths(const sfr_section *sec, uint64_t pc) {
  unsigned m;
  for (m = 0; m < 2; m++) {
    sfr_lookup_result a, b;
    sfr_pc_mode mode = m ? SFR_PC_RA : SFR_PC_IP;
    sfr_lookup_status sa = sfr_lookup(sec, pc, mode, &a), sb = sfr_lookup_simple(sec, pc, mode, &b);
    FUZZ_CHECK(sa == sb, "the fast and the simple lookup give the same status");
    FUZZ_CHECK(a.pc == b.pc, "both look up the same address");
    if (sa != SFR_LOOKUP_NO_FDE)
      same_fde(&a.fde, &b.fde);
    if (sa == SFR_LOOKUP_FOUND)
      same_found(&a, &b);
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *p = data;
  size_t len = size;
  uint64_t vma = fuzz_take(&p, &len, 8), pcs[16];
  unsigned n = (unsigned)fuzz_take(&p, &len, 1) % 17, i, m;
  sfr_section sec;
  sfr_finding items[8];
  sfr_report rep;

  for (i = 0; i < n; i++)
    pcs[i] = fuzz_take(&p, &len, 8);
  memset(&rep, 0, sizeof rep);
  rep.items = items;
  rep.cap = 8;
  sfr_validate(&sec, p, len, vma, &rep);
  for (i = 0; i < n; i++) {
    sfr_fde f;
    both_paths(&sec, pcs[i]);
    if (sec.num_fdes && sfr_get_fde(&sec, (uint32_t)(pcs[i] % sec.num_fdes), &f) == SFR_OK)
      both_paths(&sec, f.start + (pcs[i] >> 32) % ((uint64_t)f.size + 1));
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
                       (st == SFR_LOOKUP_REP_SIZE_UNKNOWN && sec.version == SFR_VERSION_1 &&
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
