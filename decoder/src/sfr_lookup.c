/* SPDX-License-Identifier: MIT */
/* sfr_lookup.c - the reference lookup: PC to FDE to FRE to rules, decoding
 * the whole of every FDE the search passes and of every FRE before the
 * chosen one, as the spec describes them.
 * PC to FDE (2.3.1): a binary search over the functions' starts when the
 * section says it is sorted and validation verified the order, else the
 * first FDE in index order that covers the PC.
 * FDE to FRE (2.4): PCINC - the last FRE whose start <= PC - function
 * start; PCMASK - the last FRE whose start <= (PC - function start) %
 * rep_size; version-1 PCMASK (no rep_size recorded) - only what holds for
 * every repeat size (sfr_pcmask_v1). */
#include "sfr_lookup.h"

sfr_lookup_status sfr_ref_find_fde(const sfr_section *sec, uint64_t pc, sfr_fde *fde) {
  uint32_t i;
  if ((sec->flags & SFR_F_FDE_SORTED) && sec->internal.order_verified) {
    uint32_t lo = 0, hi = sec->num_fdes; /* find the last start <= pc */
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (sfr_get_fde(sec, mid, fde) != SFR_OK)
        return SFR_LOOKUP_BAD_DATA;
      if (fde->start <= pc)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo == 0)
      return SFR_LOOKUP_NO_FDE;
    if (sfr_get_fde(sec, lo - 1, fde) != SFR_OK)
      return SFR_LOOKUP_BAD_DATA;
    return sfr_covers(fde, pc) ? SFR_LOOKUP_FOUND : SFR_LOOKUP_NO_FDE;
  }
  for (i = 0; i < sec->num_fdes; i++) {
    if (sfr_get_fde(sec, i, fde) != SFR_OK)
      continue;
    if (sfr_covers(fde, pc))
      return SFR_LOOKUP_FOUND;
  }
  return SFR_LOOKUP_NO_FDE;
}

/* Version 1 has no rep_size field (2.3.1 of version 1), so for a PCMASK
 * function the row of an offset off is the last row at or below off % R for
 * an unknown R >= 1.  Two answers hold for every R: off below the first
 * row's start gives no row (off % R <= off); with the first row at 0 and
 * off below the second row's start, the first row (0 <= off % R <= off).
 * Anything else depends on R: a linker's PLT (rows at 0 and 0xb, 16-byte
 * entries) read by the plain offset answers the second row at the start
 * of every entry after the first, where the first is right (N14). */
sfr_lookup_status sfr_pcmask_v1(sfr_lookup_status plain, uint32_t index, uint32_t start) {
  if (plain == SFR_LOOKUP_FOUND && index == 0 && start == 0)
    return SFR_LOOKUP_FOUND;
  if (plain == SFR_LOOKUP_NO_FRE)
    return SFR_LOOKUP_NO_FRE;
  return SFR_LOOKUP_REP_SIZE_UNKNOWN;
}

sfr_lookup_status sfr_ref_find_fre(const sfr_section *sec, const sfr_fde *fde, uint64_t pc,
                                   sfr_fre *fre) {
  sfr_fre_iter it;
  sfr_fre cur, row;
  uint64_t off;
  int done = 0, found = 0;
  sfr_lookup_status ls;

  if ((ls = sfr_row_offset(sec, fde, pc, &off)) != SFR_LOOKUP_FOUND)
    return ls;
  sfr_fre_iter_init(sec, fde, &it);
  for (;;) {
    if (sfr_fre_next(sec, &it, &cur, &done) != SFR_OK)
      return SFR_LOOKUP_BAD_DATA;
    if (done || cur.start > off)
      break;
    row = cur;
    found = 1;
  }
  ls = found ? SFR_LOOKUP_FOUND : SFR_LOOKUP_NO_FRE;
  if (fde->pc_type == SFR_PCTYPE_MASK && !sfr_has_rep_size(sec->version))
    ls = found ? sfr_pcmask_v1(ls, row.index, row.start) : sfr_pcmask_v1(ls, 0, 0);
  if (ls == SFR_LOOKUP_FOUND)
    *fre = row;
  return ls;
}

sfr_lookup_status sfr_ref_lookup(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                 sfr_lookup_result *res) {
  return sfr_lookup_via(sec, pc, mode, res, sfr_ref_find_fde, sfr_ref_find_fre);
}

const char *sfr_lookup_status_name(sfr_lookup_status s) {
  static const char *const names[] = {"found", "no-fde", "no-fre", "bad-data",
                                      "rep-size-unknown"};
  return (unsigned)s < sizeof names / sizeof *names ? names[s] : "unknown";
}
