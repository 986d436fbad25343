/* sfr_fde.c - spec 2.3: SFrame FDEs.
 *   version 1: 17-byte FDE  (i32 start, u32 size, u32 fre_off, u32 num_fres,
 *                            u8 info)
 *   version 2: 20-byte FDE  (version 1 + u8 rep_size + u16 padding)
 *   version 3: 16-byte index entry (2.3.1: i64 start, u32 size, u32 fre_off)
 *              + 5-byte attribute at the start of the function's FRE data
 *              (2.3.2: u16 num_fres, u8 info, u8 info2, u8 rep_size). */
#include <string.h>

#include "sfr_cursor.h"
#include "sframe_ref.h"

/* 2.3.3 The FDE info bytes.
 *   info:  bits 0-3 FRE type, bit 4 PC type, bit 5 AArch64 PAuth key,
 *          bit 6 unused, bit 7 signal frame (version 3; unused before).
 *   info2 (version 3): bits 0-4 FDE type, bits 5-7 unused. */
void sfr_decode_fde_info(uint8_t version, uint8_t info, uint8_t info2,
                         sfr_fde *fde) {
  fde->info = info;
  fde->info2 = info2;
  fde->fre_type = info & 0x0fu;
  fde->pc_type = (info >> 4) & 1u;
  fde->pauth_key = (info >> 5) & 1u;
  fde->signal = version >= SFR_VERSION_3 ? (info >> 7) & 1u : 0;
  fde->fde_type = version >= SFR_VERSION_3 ? info2 & 0x1fu : SFR_FDE_TYPE_DEFAULT;
}

/* Resolve the start field into an address (2.3.1 and V2 erratum 1):
 * with SFRAME_F_FDE_FUNC_START_PCREL the base is the address of the field
 * itself, else the address of the section.  Version 1 predates the flag and
 * ignores it (SPEC-NOTES: "PCREL on version 1").  Wrapping past either end
 * of the 64-bit address space is reported, not silently reduced. */
static void resolve_start(const sfr_section *sec, sfr_fde *fde) {
  uint64_t base = sec->vma;
  int wraps = 0;
  if (sec->version >= SFR_VERSION_2 && (sec->flags & SFR_F_FDE_FUNC_START_PCREL)) {
    if (fde->field_offset > UINT64_MAX - base)
      wraps = 1;
    base += fde->field_offset;
  }
  if (fde->raw_start < 0) {
    uint64_t mag = (uint64_t)0 - (uint64_t)fde->raw_start;
    if (mag > base)
      wraps = 1;
    fde->start = base - mag;
  } else {
    uint64_t add = (uint64_t)fde->raw_start;
    if (add > UINT64_MAX - base)
      wraps = 1;
    fde->start = base + add;
  }
  fde->start_wraps = (uint8_t)wraps;
}

/* Read FDE i (and, in version 3, its attribute). */
sfr_status sfr_get_fde(const sfr_section *sec, uint32_t i, sfr_fde *fde) {
  sfr_cursor c;
  uint8_t info = 0, info2 = 0;

  memset(fde, 0, sizeof *fde);
  if (i >= sec->num_fdes)
    return SFR_E_TRUNCATED_FDE_ARRAY;
  fde->index = i;
  fde->field_offset = sec->fde_start + (uint64_t)i * sec->fde_size;
  /* sfr_open checked the whole array lies inside the section. */
  c = sfr_cursor_at(sec->buf, fde->field_offset, sec->len, sec->big_endian);

  if (sec->version == SFR_VERSION_3) {
    sfr_cursor a;
    uint16_t nfres;
    if (!sfr_cur_i64(&c, &fde->raw_start) || !sfr_cur_u32(&c, &fde->size) ||
        !sfr_cur_u32(&c, &fde->fre_off))
      return SFR_E_TRUNCATED_FDE_ARRAY;
    if (fde->fre_off >= sec->fre_len)
      return SFR_E_FDE_FRES_OUT_OF_RANGE;
    a = sfr_cursor_at(sec->buf, sec->fre_start + fde->fre_off, sec->fre_end,
                      sec->big_endian);
    if (!sfr_cur_u16(&a, &nfres) || !sfr_cur_u8(&a, &info) ||
        !sfr_cur_u8(&a, &info2) || !sfr_cur_u8(&a, &fde->rep_size))
      return SFR_E_TRUNCATED_FDE_ATTR;
    fde->num_fres = nfres;
    fde->fres_at = a.pos;
  } else {
    int32_t start32;
    if (!sfr_cur_i32(&c, &start32) || !sfr_cur_u32(&c, &fde->size) ||
        !sfr_cur_u32(&c, &fde->fre_off) || !sfr_cur_u32(&c, &fde->num_fres) ||
        !sfr_cur_u8(&c, &info) ||
        (sec->version == SFR_VERSION_2 && !sfr_cur_u8(&c, &fde->rep_size)))
      return SFR_E_TRUNCATED_FDE_ARRAY;
    fde->raw_start = start32;
    if (fde->fre_off > sec->fre_len ||
        (fde->fre_off == sec->fre_len && fde->num_fres > 0))
      return SFR_E_FDE_FRES_OUT_OF_RANGE;
    fde->fres_at = sec->fre_start + fde->fre_off;
  }
  sfr_decode_fde_info(sec->version, info, info2, fde);
  resolve_start(sec, fde);
  return SFR_OK;
}
