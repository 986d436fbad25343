/* sfr_lookup_simple.c - the simple lookup path: the whole of every FDE the
 * search passes and of every FRE before the chosen one is decoded, as the
 * spec describes them.  Slower than sfr_lookup.c's, and obviously right;
 * the fuzz target lookup_paths holds the fast path to its answers. */
#include "sfr_lookup_simple.h"

static int covers(const sfr_fde *fde, uint64_t pc) {
  return pc >= fde->start && pc - fde->start < fde->size;
}

/* The offset whose row applies at pc in fde: PCINC the offset from the
 * function's start; PCMASK (versions 2 and 3) that offset modulo rep_size.
 * Version 1 FDEs carry no rep_size: a version-1 PCMASK function is walked
 * by its plain offset, and sfr_pcmask_v1 says what that proves. */
sfr_lookup_status sfr_row_offset(const sfr_section *sec, const sfr_fde *fde, uint64_t pc,
                                 uint64_t *off) {
  if (!covers(fde, pc))
    return SFR_LOOKUP_NO_FDE;
  *off = pc - fde->start;
  if (fde->pc_type == SFR_PCTYPE_MASK && sec->version >= SFR_VERSION_2) {
    if (fde->rep_size == 0)
      return SFR_LOOKUP_BAD_DATA;
    *off %= fde->rep_size;
  }
  return SFR_LOOKUP_FOUND;
}

sfr_lookup_status sfr_find_fde_simple(const sfr_section *sec, uint64_t pc, sfr_fde *fde) {
  uint32_t i;
  if ((sec->flags & SFR_F_FDE_SORTED) && sec->order_verified) {
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
    return covers(fde, pc) ? SFR_LOOKUP_FOUND : SFR_LOOKUP_NO_FDE;
  }
  for (i = 0; i < sec->num_fdes; i++) {
    if (sfr_get_fde(sec, i, fde) != SFR_OK)
      continue;
    if (covers(fde, pc))
      return SFR_LOOKUP_FOUND;
  }
  return SFR_LOOKUP_NO_FDE;
}

sfr_lookup_status sfr_find_fre_simple(const sfr_section *sec, const sfr_fde *fde, uint64_t pc,
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
  if (fde->pc_type == SFR_PCTYPE_MASK && sec->version == SFR_VERSION_1)
    ls = sfr_pcmask_v1(ls, &row);
  if (ls == SFR_LOOKUP_FOUND)
    *fre = row;
  return ls;
}

sfr_lookup_status sfr_lookup_simple(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                    sfr_lookup_result *res) {
  return sfr_lookup_via(sec, pc, mode, res, sfr_find_fde_simple, sfr_find_fre_simple);
}
