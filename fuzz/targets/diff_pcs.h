/* SPDX-License-Identifier: MIT */
/* diff_pcs.h - the PCs the differential targets (diff_libsframe.c,
 * diff_libsframe3.c) ask both readers about: for every function start - 1,
 * start, the start of each FRE (the first pc_fres and the last), end - 1
 * and end; then two from the input's last 8 bytes, read as little-endian
 * int32 offsets from vma.  pcs holds max_pcs; the functions stop early so
 * that there is room for the last two. */
#ifndef DIFF_PCS_H
#define DIFF_PCS_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_check.h"
#include "sframe_ref.h"

static size_t collect_pcs(const sfr_section *sec, const uint8_t *data, size_t size, uint64_t vma,
                          uint32_t pc_fres, size_t max_pcs, uint64_t *pcs) {
  size_t n = 0, k;
  uint32_t i;
  for (i = 0; i < sec->num_fdes && n + 4 + pc_fres + 1 <= max_pcs - 2; i++) {
    sfr_fde f;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0, have_last = 0;
    uint32_t j = 0;
    uint64_t last = 0;
    FUZZ_CHECK(sfr_get_fde(sec, i, &f) == SFR_OK, "every function of an accepted section reads");
    pcs[n++] = f.start - 1;
    pcs[n++] = f.start;
    sfr_fre_iter_init(sec, &f, &it);
    while (sfr_fre_next(sec, &it, &fre, &done) == SFR_OK && !done) {
      if (j++ < pc_fres)
        pcs[n++] = f.start + fre.start;
      else
        last = f.start + fre.start, have_last = 1;
    }
    if (have_last)
      pcs[n++] = last;
    pcs[n++] = f.start + f.size - 1;
    pcs[n++] = f.start + f.size;
  }
  for (k = 0; k < 2 && size >= 4 * (k + 1); k++) {
    const uint8_t *p = data + size - 4 * (k + 1);
    uint32_t u = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                 (uint32_t)p[3] << 24;
    int64_t off = u >= UINT32_C(0x80000000) ? (int64_t)u - INT64_C(0x100000000) : (int64_t)u;
    pcs[n++] = vma + (uint64_t)off;
  }
  return n;
}

#endif
