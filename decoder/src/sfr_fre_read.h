/* SPDX-License-Identifier: MIT */
/* sfr_fre_read.h - inside the library: spec 2.4, where a function's FREs
 * lie and what an FRE's info byte says (2.4.1), inline, so that the fast
 * lookup (decoder/fast) reads them without a call into another file, as it
 * reads FDEs through sfr_fde_read.h.  sfr_fre_iter_init and sfr_decode_fre_info
 * (sfr_fre.c) are these. */
#ifndef SFR_FRE_READ_H
#define SFR_FRE_READ_H

#include "sframe_ref.h"

/* 2.4.1 The FRE info byte: bit 0 CFA base (1 SP, 0 FP), bits 1-4 data word
 * count, bits 5-6 data word size (0: 1 byte, 1: 2, 2: 4, 3 undefined),
 * bit 7 mangled RA.  word_size is 0 for the undefined size code. */
static inline void sfr_fre_info_read(uint8_t info, sfr_fre *fre) {
  static const uint8_t sizes[4] = {1, 2, 4, 0};
  fre->info = info;
  fre->cfa_base_sp = info & 1u;
  fre->count = (info >> 1) & 0x0fu;
  fre->word_size = sizes[(info >> 5) & 3u];
  fre->mangled_ra = (info >> 7) & 1u;
}

/* fde's FREs: from its first (fres_at) to the end of the FRE sub-section.
 * sfr_open guarantees fre_end <= len; the min keeps a hand-filled or
 * failed section from reading past the buffer anyway. */
static inline void sfr_fre_iter_read(const sfr_section *sec, const sfr_fde *fde,
                                     sfr_fre_iter *it) {
  it->pos = fde->fres_at;
  it->limit = sec->fre_end < sec->len ? sec->fre_end : sec->len;
  it->next = 0;
  it->total = fde->num_fres;
  it->fre_type = fde->fre_type;
}

#endif
