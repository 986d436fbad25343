/* sfr_fde_read.h - inside the library: spec 2.3, reading one FDE (and in
 * version 3 its attribute), inline, so that the lookup (sfr_lookup.c)
 * gets a copy for each FDE layout and byte order with the choices made at
 * compile time.  sfr_get_fde and sfr_decode_fde_info (sfr_fde.c) are these.
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

/* A function whose statements are only SFR_PREFETCH must be
 * SFR_ALWAYS_INLINE: gcc 12 counts __builtin_prefetch as const, takes such
 * a function for one without effects and deletes every call to it that it
 * does not inline (bench/RESULTS.md, "The fetch gcc deleted"; bench.bats
 * checks the compiled fetches). */
#if defined(__GNUC__)
#define SFR_ALWAYS_INLINE __attribute__((always_inline)) inline
#define SFR_PREFETCH(p) __builtin_prefetch(p)
#else
#define SFR_ALWAYS_INLINE inline
#define SFR_PREFETCH(p) ((void)0)
#endif

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
  fde->signal = version >= SFR_VERSION_3 ? (info >> 7) & 1u : 0;
  fde->fde_type = version >= SFR_VERSION_3 ? info2 & 0x1fu : SFR_FDE_TYPE_DEFAULT;
}

/* The address range of the FDE whose record is at byte at of a section
 * whose FDE array sfr_open accepted, from its first two fields alone
 * (2.3.1: the start field, 4 bytes signed before version 3, and the
 * size): *start as sfr_resolve_start resolves it, whose result (nonzero
 * when it wrapped) is returned. */
static SFR_ALWAYS_INLINE int sfr_fde_range(const sfr_section *sec, uint64_t at,
                                           uint64_t *start, uint32_t *size) {
  const uint8_t *p = sec->buf + at;
  int be = sec->big_endian, v3 = sec->version == SFR_VERSION_3;
  int64_t raw = v3 ? (int64_t)sfr_load(p, 8, be) : sfr_sext(sfr_load(p, 4, be), 4);
  *size = (uint32_t)sfr_load(p + (v3 ? 8 : 4), 4, be);
  return sfr_resolve_start(sec, at, raw, start);
}

/* The fre_off field's place in an FDE record (2.3.1): after the start
 * (8 bytes in version 3, 4 before) and the size. */
static inline unsigned sfr_fre_off_field(uint8_t version) {
  return version == SFR_VERSION_3 ? 12u : 8u;
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
    fde->size = (uint32_t)sfr_load(p + 8, 4, be);
    fde->fre_off = (uint32_t)sfr_load(p + sfr_fre_off_field(SFR_VERSION_3), 4, be);
    if (fde->fre_off >= sec->fre_len)
      return SFR_E_FDE_FRES_OUT_OF_RANGE;
    attr = sec->fre_start + fde->fre_off;
    if (attr > end || end - attr < SFR_V3_FDE_ATTR_SIZE)
      return SFR_E_TRUNCATED_FDE_ATTR;
    p = sec->buf + attr; /* u16 num_fres, u8 info, u8 info2, u8 rep_size */
    fde->num_fres = (uint16_t)sfr_load(p, 2, be);
    info = p[2];
    info2 = p[3];
    fde->rep_size = p[4];
    fde->fres_at = attr + SFR_V3_FDE_ATTR_SIZE;
  } else {
    /* i32 start, u32 size, u32 fre_off, u32 num_fres, u8 info, and in
     * version 2 u8 rep_size (its 2 bytes of padding are not read). */
    uint64_t need = sec->version == SFR_VERSION_2 ? 18u : 17u;
    if (at > sec->len || sec->len - at < need)
      return SFR_E_TRUNCATED_FDE_ARRAY;
    p = sec->buf + at;
    fde->raw_start = sfr_sext(sfr_load(p, 4, be), 4);
    fde->size = (uint32_t)sfr_load(p + 4, 4, be);
    fde->fre_off = (uint32_t)sfr_load(p + sfr_fre_off_field(SFR_VERSION_1), 4, be);
    fde->num_fres = (uint32_t)sfr_load(p + 12, 4, be);
    info = p[16];
    if (sec->version == SFR_VERSION_2)
      fde->rep_size = p[17];
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
