/* SPDX-License-Identifier: MIT */
/* sfr_fre.c - spec 2.4: SFrame FREs.
 * An FRE is a start address (1, 2 or 4 bytes by the FDE's FRE type), an info
 * byte (2.4.1), then count x size data words.  FREs are variable-length, so a
 * function's FREs are read in order with an iterator bounded by the end of
 * the FRE sub-section. */
#include <string.h>

#include "sfr_cursor.h"
#include "sfr_fre_read.h"
#include "sframe_ref.h"

/* 2.4.1 (sfr_fre_read.h) */
void sfr_decode_fre_info(uint8_t info, sfr_fre *fre) { sfr_fre_info_read(info, fre); }

void sfr_fre_iter_init(const sfr_section *sec, const sfr_fde *fde, sfr_fre_iter *it) {
  sfr_fre_iter_read(sec, fde, it);
}

sfr_status sfr_fre_next(const sfr_section *sec, sfr_fre_iter *it, sfr_fre *fre,
                        int *done) {
  static const uint8_t addr_sizes[3] = {1, 2, 4};
  const uint8_t *p;
  uint64_t room;
  unsigned asz, i;
  int be = sec->big_endian;

  *done = 0;
  if (it->next >= it->total) {
    *done = 1;
    return SFR_OK;
  }
  if (it->fre_type > SFR_FRE_TYPE_ADDR4)
    return SFR_E_FRE_TYPE_UNKNOWN;
  memset(fre, 0, sizeof *fre);
  fre->index = it->next;
  fre->offset = it->pos;
  asz = addr_sizes[it->fre_type];
  /* The bounds of the start address and info byte, then of the words. */
  if (it->pos > it->limit || it->limit - it->pos < asz + 1u)
    return SFR_E_TRUNCATED_FRE;
  room = it->limit - it->pos - asz - 1u;
  p = sec->buf + it->pos;
  fre->start = (uint32_t)sfr_load124(p, asz, be);
  sfr_decode_fre_info(p[asz], fre);
  if (fre->word_size == 0)
    return SFR_E_DATAWORD_SIZE_UNKNOWN;
  if ((uint64_t)fre->count * fre->word_size > room)
    return SFR_E_TRUNCATED_DATA_WORDS;
  p += asz + 1u;
  for (i = 0; i < fre->count; i++, p += fre->word_size) {
    uint64_t w = sfr_load124(p, fre->word_size, be);
    fre->uwords[i] = (uint32_t)w;
    fre->words[i] = (int32_t)sfr_sext(w, fre->word_size);
  }
  fre->length = asz + 1u + (uint32_t)fre->count * fre->word_size;
  it->pos += fre->length;
  it->next++;
  return SFR_OK;
}
