/* SPDX-License-Identifier: MIT */
/* sfr_fde_read.h - inside the library: spec 2.3, the FDE record's layout
 * and the reading of one FDE (and in version 3 its attribute), inline, so
 * that the fast layer (decoder/fast) gets a copy for each FDE layout and
 * byte order with the choices made at compile time.  sfr_get_fde and
 * sfr_decode_fde_info (sfr_fde.c) are these; everything that reads an FDE
 * record's fields finds them here.
 *   version 1: 17-byte FDE  (i32 start, u32 size, u32 fre_off, u32 num_fres,
 *                            u8 info)
 *   version 2: 20-byte FDE  (version 1 + u8 rep_size + u16 padding)
 *   version 3: 16-byte index entry (2.3.1: i64 start, u32 size, u32 fre_off)
 *              + 5-byte attribute at the start of the function's FRE data
 *              (2.3.2: u16 num_fres, u8 info, u8 info2, u8 rep_size). */
#ifndef SFR_FDE_READ_H
#define SFR_FDE_READ_H

#include <string.h>

#include "sfr_cursor.h"
#include "sfr_fde_start.h"
#include "sframe_ref.h"

/* 2.3.3 The FDE info bytes.
 *   info:  bits 0-3 FRE type, bit 4 PC type, bit 5 AArch64 PAuth key,
 *          bit 6 unused, bit 7 signal frame (version 3; unused before).
 *   info2 (version 3): bits 0-4 FDE type, bits 5-7 unused. */
static inline void sfr_fde_info_fields(uint8_t version, uint8_t info, uint8_t info2,
                                       sfr_fde *fde) {
  fde->info = info;
  fde->info2 = info2;
  fde->fre_type = info & 0x0fu;
  fde->pc_type = (info >> 4) & 1u;
  fde->pauth_key = (info >> 5) & 1u;
  fde->signal = sfr_has_fde_attr(version) ? (info >> 7) & 1u : 0;
  fde->fde_type = sfr_has_fde_attr(version) ? info2 & 0x1fu : SFR_FDE_TYPE_DEFAULT;
}

/* The size field's place in an FDE record (2.3.1): after the start (8
 * bytes in version 3, 4 before). */
static inline unsigned sfr_size_field(uint8_t version) {
  return sfr_start_size(version);
}
/* The fre_off field's place in an FDE record (2.3.1): after the start
 * (8 bytes in version 3, 4 before) and the size. */
static inline unsigned sfr_fre_off_field(uint8_t version) {
  return sfr_start_size(version) + 4u;
}
/* The rest of a version 1-2 record, and a version-3 attribute (2.3.2):
 * SFR_V12_*_AT and SFR_V3_ATTR_*_AT in sframe_ref.h. */

/* The address range of the FDE whose record is at byte at of a section
 * whose FDE array sfr_open accepted, from its first two fields alone
 * (2.3.1: the start field, 4 bytes signed before version 3, and the
 * size): *start as sfr_resolve_start resolves it, whose result (nonzero
 * when it wrapped) is returned. */
static SFR_ALWAYS_INLINE int sfr_fde_range(const sfr_section *sec, uint64_t at,
                                           uint64_t *start, uint32_t *size) {
  const uint8_t *p = sec->buf + at;
  int be = sec->big_endian, v3 = sfr_has_fde_attr(sec->version);
  int64_t raw = v3 ? (int64_t)sfr_load(p, 8, be) : sfr_sext(sfr_load(p, 4, be), 4);
  *size = (uint32_t)sfr_load(p + sfr_size_field(sec->version), 4, be);
  return sfr_resolve_start(sec, at, raw, start);
}

/* Read FDE i (and, in version 3, its attribute).  Each record's bounds
 * are checked once, then its fields are loaded at their fixed offsets.
 * On a failure the fields read before the failing check stay filled in
 * (sfr_validate counts a version 1-2 function's FREs that way).  v3 (the
 * section is version 3) and be (big-endian) are the section's, passed so
 * that a caller may make them constants. */
static SFR_ALWAYS_INLINE sfr_status sfr_read_fde(const sfr_section *sec, uint32_t i,
                                                 sfr_fde *fde, int v3, int be) {
  const uint8_t *p;
  uint64_t at;
  uint8_t info = 0, info2 = 0;

  memset(fde, 0, sizeof *fde);
  if (i >= sec->num_fdes)
    return SFR_E_TRUNCATED_FDE_ARRAY;
  fde->index = i;
  at = fde->field_offset = sec->fde_start + (uint64_t)i * sec->fde_size;
  /* sfr_open checked the whole array lies inside the section; a record
   * that is not (a section it did not accept) is truncation. */

  if (v3) {
    uint64_t attr, end = sec->fre_end < sec->len ? sec->fre_end : sec->len;
    if (at > sec->len || sec->len - at < SFR_V3_FDE_INDEX_SIZE)
      return SFR_E_TRUNCATED_FDE_ARRAY;
    p = sec->buf + at; /* i64 start, u32 size, u32 fre_off */
    fde->raw_start = (int64_t)sfr_load(p, 8, be);
    fde->size = (uint32_t)sfr_load(p + sfr_size_field(SFR_VERSION_3), 4, be);
    fde->fre_off = (uint32_t)sfr_load(p + sfr_fre_off_field(SFR_VERSION_3), 4, be);
    if (fde->fre_off >= sec->fre_len)
      return SFR_E_FDE_FRES_OUT_OF_RANGE;
    attr = sec->fre_start + fde->fre_off;
    if (attr > end || end - attr < SFR_V3_FDE_ATTR_SIZE)
      return SFR_E_TRUNCATED_FDE_ATTR;
    p = sec->buf + attr; /* u16 num_fres, u8 info, u8 info2, u8 rep_size */
    fde->num_fres = (uint16_t)sfr_load(p + SFR_V3_ATTR_NUM_FRES_AT, 2, be);
    info = p[SFR_V3_ATTR_INFO_AT];
    info2 = p[SFR_V3_ATTR_INFO2_AT];
    fde->rep_size = p[SFR_V3_ATTR_REP_SIZE_AT];
    fde->fres_at = attr + SFR_V3_FDE_ATTR_SIZE;
  } else {
    /* i32 start, u32 size, u32 fre_off, u32 num_fres, u8 info, and in
     * version 2 u8 rep_size (its 2 bytes of padding are not read). */
    uint64_t need = sfr_fde_fields(sec->version);
    if (at > sec->len || sec->len - at < need)
      return SFR_E_TRUNCATED_FDE_ARRAY;
    p = sec->buf + at;
    fde->raw_start = sfr_sext(sfr_load(p, 4, be), 4);
    fde->size = (uint32_t)sfr_load(p + sfr_size_field(SFR_VERSION_1), 4, be);
    fde->fre_off = (uint32_t)sfr_load(p + sfr_fre_off_field(SFR_VERSION_1), 4, be);
    fde->num_fres = (uint32_t)sfr_load(p + SFR_V12_NUM_FRES_AT, 4, be);
    info = p[SFR_V12_INFO_AT];
    if (sfr_has_rep_size(sec->version))
      fde->rep_size = p[SFR_V2_REP_SIZE_AT];
    if (fde->fre_off > sec->fre_len ||
        (fde->fre_off == sec->fre_len && fde->num_fres > 0))
      return SFR_E_FDE_FRES_OUT_OF_RANGE;
    fde->fres_at = sec->fre_start + fde->fre_off;
  }
  sfr_fde_info_fields(sec->version, info, info2, fde);
  fde->start_wraps =
      (uint8_t)sfr_resolve_start(sec, fde->field_offset, fde->raw_start, &fde->start);
  return SFR_OK;
}

#endif
