/* SPDX-License-Identifier: MIT */
/* sfr_fde.c - spec 2.3: SFrame FDEs.  The reading itself is in
 * sfr_fde_read.h (inline, for the lookup); these are the library's entry
 * points to it. */
#include "sfr_fde_read.h"

/* 2.3.3 The FDE info bytes (sfr_fde_info_fields). */
void sfr_decode_fde_info(uint8_t version, uint8_t info, uint8_t info2, sfr_fde *fde) {
  sfr_fde_info_fields(version, info, info2, fde);
}

/* 2.3.1 and 2.3.2: FDE i (sfr_read_fde). */
sfr_status sfr_get_fde(const sfr_section *sec, uint32_t i, sfr_fde *fde) {
  return sfr_read_fde(sec, i, fde, sfr_has_fde_attr(sec->version), sec->big_endian);
}
