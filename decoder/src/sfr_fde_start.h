/* SPDX-License-Identifier: MIT */
/* sfr_fde_start.h - inside the library: 2.3.1's start field resolved into
 * a function's address, shared by sfr_get_fde and the certificate of a
 * clean section (decoder/fast/sfr_certify.c). */
#ifndef SFR_FDE_START_H
#define SFR_FDE_START_H

#include "sframe_ref.h"

/* Resolve the start field raw_start, stored at field_offset, into an
 * address (2.3.1 and V2 erratum 1): with SFRAME_F_FDE_FUNC_START_PCREL the
 * base is the address of the field itself, else the address of the
 * section.  Version 1 predates the flag and ignores it (SPEC-NOTES: "PCREL
 * on version 1").  *start is the sum modulo 2^64; the return value is
 * nonzero when it wrapped past either end of the address space, which is
 * reported, not silently reduced. */
static inline int sfr_resolve_start(const sfr_section *sec, uint64_t field_offset,
                                    int64_t raw_start, uint64_t *start) {
  uint64_t base = sec->vma;
  int wraps = 0;
  if (sfr_has_pcrel_flag(sec->version) && (sec->flags & SFR_F_FDE_FUNC_START_PCREL)) {
    if (field_offset > UINT64_MAX - base)
      wraps = 1;
    base += field_offset;
  }
  if (raw_start < 0) {
    uint64_t mag = (uint64_t)0 - (uint64_t)raw_start;
    if (mag > base)
      wraps = 1;
    *start = base - mag;
  } else {
    uint64_t add = (uint64_t)raw_start;
    if (add > UINT64_MAX - base)
      wraps = 1;
    *start = base + add;
  }
  return wraps;
}

#endif
