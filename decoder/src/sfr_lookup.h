/* SPDX-License-Identifier: MIT */
/* sfr_lookup.h - inside the library: the reference lookup (sfr_lookup.c),
 * which decodes every FDE and FRE it passes, and the steps the fast
 * lookup (decoder/fast/sfr_fast_lookup.c) shares with it.  The fast one is
 * held to this one's answers (sfr_lookup_checked, decoder/fast/sfr_fast.h). */
#ifndef SFR_LOOKUP_H
#define SFR_LOOKUP_H

#include "sframe_ref.h"

typedef sfr_lookup_status (*sfr_find_fde_fn)(const sfr_section *, uint64_t, sfr_fde *);
typedef sfr_lookup_status (*sfr_find_fre_fn)(const sfr_section *, const sfr_fde *, uint64_t,
                                             sfr_fre *);

/* The reference path: sfr_find_fde, sfr_find_fre and sfr_lookup as the
 * spec describes them. */
sfr_lookup_status sfr_ref_find_fde(const sfr_section *sec, uint64_t pc, sfr_fde *fde);
sfr_lookup_status sfr_ref_find_fre(const sfr_section *sec, const sfr_fde *fde, uint64_t pc,
                                   sfr_fre *fre);
sfr_lookup_status sfr_ref_lookup(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                 sfr_lookup_result *res);

/* A lookup in the given PC mode with the two steps given (the fast
 * path's, or the reference's); inline, so that each caller's constant
 * steps become direct calls. */
static inline sfr_lookup_status sfr_lookup_via(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                               sfr_lookup_result *res, sfr_find_fde_fn find_fde,
                                               sfr_find_fre_fn find_fre) {
  sfr_lookup_status ls;
  /* Only what the status makes meaningful is written (sframe_ref.h): the
   * whole result is not cleared first, which costs as much as a search. */
  res->pc = pc;
  if (mode == SFR_PC_RA) {
    if (pc == 0)
      return SFR_LOOKUP_NO_FDE;
    pc -= 1; /* a return address belongs to the call before it */
  }
  res->pc = pc;
  ls = find_fde(sec, pc, &res->fde);
  if (ls != SFR_LOOKUP_FOUND)
    return ls;
  ls = find_fre(sec, &res->fde, pc, &res->fre);
  if (ls != SFR_LOOKUP_FOUND)
    return ls;
  if (sfr_interpret(sec, &res->fde, &res->fre, &res->rules) != SFR_OK)
    return SFR_LOOKUP_BAD_DATA;
  return SFR_LOOKUP_FOUND;
}

/* A version-1 PCMASK function's status from the one its plain offset gave
 * (plain) and, when that was FOUND, the row's index and start. */
sfr_lookup_status sfr_pcmask_v1(sfr_lookup_status plain, uint32_t index, uint32_t start);

/* Nonzero when fde's function covers pc. */
static inline int sfr_covers(const sfr_fde *fde, uint64_t pc) {
  return pc >= fde->start && pc - fde->start < fde->size;
}

/* The offset whose row applies at pc in fde: PCINC the offset from the
 * function's start; PCMASK (versions 2 and 3) that offset modulo rep_size.
 * Version 1 FDEs carry no rep_size: a version-1 PCMASK function is walked
 * by its plain offset, and sfr_pcmask_v1 says what that proves.  Inline:
 * the fast path calls it on every lookup. */
static inline sfr_lookup_status sfr_row_offset(const sfr_section *sec, const sfr_fde *fde,
                                               uint64_t pc, uint64_t *off) {
  if (!sfr_covers(fde, pc))
    return SFR_LOOKUP_NO_FDE;
  *off = pc - fde->start;
  if (fde->pc_type == SFR_PCTYPE_MASK && sfr_has_rep_size(sec->version)) {
    if (fde->rep_size == 0)
      return SFR_LOOKUP_BAD_DATA;
    *off %= fde->rep_size;
  }
  return SFR_LOOKUP_FOUND;
}

#endif
