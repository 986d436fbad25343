/* SPDX-License-Identifier: MIT */
/* sections.c - what bench builds from a section besides timing it
 * (sections.h). */
#include <stdlib.h>
#include <string.h>

#include "sections.h"
#include "sfr_cursor.h"   /* sfr_le64: the library's own byte assembly */
#include "sfr_fde_read.h" /* the FDE record's field offsets */

/* The memory callback both walks use: little-endian bytes, bounds-checked. */
int read_stack(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  const stack_mem *m = ctx;
  if (addr < UNW_BASE || addr - UNW_BASE > m->n || n > m->n - (addr - UNW_BASE))
    return -1;
  memcpy(out, m->bytes + (addr - UNW_BASE), n);
  return 0;
}

void put64(uint8_t *p, uint64_t v) {
  unsigned i;
  for (i = 0; i < 8; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}


/* Up to max PCs, spread over the section, at the start of a row that says
 * CFA = FP + 16, FP at CFA - 16, RA at CFA - 8 (a frame-pointer function
 * after its prologue).  Returns how many. */
unsigned fp_rows(const sfr_section *sec, uint64_t *out, unsigned max) {
  uint32_t i, step = sec->num_fdes / (4 * max) + 1;
  unsigned n = 0;
  for (i = 0; i < sec->num_fdes && n < max; i += step) {
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    if (sfr_get_fde(sec, i, &fde) != SFR_OK)
      continue;
    sfr_fre_iter_init(sec, &fde, &it);
    while (sfr_fre_next(sec, &it, &fre, &done) == SFR_OK && !done) {
      sfr_rules r;
      if (sfr_interpret(sec, &fde, &fre, &r) == SFR_OK && r.cfa.base == SFR_BASE_FP &&
          r.cfa.offset == 16 && !r.cfa.deref && r.fp.kind == SFR_RULE_AT_CFA &&
          r.fp.offset == -16 && (r.ra.kind == SFR_RULE_FIXED || r.ra.kind == SFR_RULE_AT_CFA) &&
          r.ra.offset == -8) {
        out[n++] = fde.start + fre.start;
        break;
      }
    }
  }
  return n;
}

/* The floor: frame k's RA at FP + 8 and the caller's FP at FP, until RA 0
 * or max frames, read through uc's callback as sfr_backtrace reads them.
 * Writes the PCs to pcs (when given); returns the count. */
unsigned fp_walk(const sfr_unwind_ctx *uc, uint64_t pc, uint64_t fp, uint64_t *pcs,
                        unsigned max) {
  unsigned n = 0;
  uint8_t b[8];
  while (n < max) {
    if (pcs)
      pcs[n] = pc;
    n++;
    if (uc->read_mem(uc->mem_ctx, fp + 8, b, 8) != 0)
      break;
    pc = sfr_le64(b);
    if (pc == 0 || uc->read_mem(uc->mem_ctx, fp, b, 8) != 0)
      break;
    fp = sfr_le64(b);
  }
  return n;
}

/* The section with its FDEs in another order and SFRAME_F_FDE_SORTED
 * cleared, in out (len bytes): reversed, or shuffled (a fixed seed, so
 * every run shuffles alike).  The same functions and FRE data, now out of
 * order in both address and data offset, so validation must sort both in
 * its scratch.  A start field is relative to the section (version 1 and
 * version 2 without PCREL) or to the field itself: moved, it is
 * rewritten.  Little-endian sections only (the programs are x86-64); 0
 * otherwise. */
int permuted_copy(const sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                         int shuffle, uint8_t *out) {
  uint32_t i, n = sec->num_fdes, *to;
  uint64_t seed = 0x9e3779b97f4a7c15u;
  int pcrel = sfr_has_pcrel_flag(sec->version) && (sec->flags & SFR_F_FDE_FUNC_START_PCREL);
  unsigned width = sfr_start_size(sec->version);
  if (sec->abi != SFR_ABI_AMD64_LE || !(to = malloc((n ? n : 1) * sizeof *to)))
    return 0;
  for (i = 0; i < n; i++)
    to[i] = n - 1 - i;
  for (i = n; shuffle && i > 1; i--) { /* Fisher-Yates, xorshift64 */
    uint32_t j, t;
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    j = (uint32_t)(seed % i);
    t = to[i - 1];
    to[i - 1] = to[j];
    to[j] = t;
  }
  memcpy(out, buf, len);
  out[3] = (uint8_t)(out[3] & ~SFR_F_FDE_SORTED);
  for (i = 0; i < n; i++) {
    sfr_fde f;
    uint64_t at = sec->fde_start + (uint64_t)to[i] * sec->fde_size, field;
    unsigned b;
    if (sfr_get_fde(sec, i, &f) != SFR_OK) {
      free(to);
      return 0;
    }
    memcpy(out + at, buf + f.field_offset, sec->fde_size);
    field = f.start - (pcrel ? vma + at : vma);
    for (b = 0; b < width; b++)
      out[at + b] = (uint8_t)(field >> (8 * b));
  }
  free(to);
  return 1;
}

/* In out (len bytes), the section in buf (sorted, little-endian, opened
 * as sec) with one fault in the middle of its functions: with shared 0,
 * function j grown to end one byte into function j + 1 (fde-overlap);
 * with shared 1, function j + 1 given function j's FRE data (its offset,
 * and in versions 1 and 2 its FRE count, info byte and repetition size;
 * version 3 keeps them in the data), the header's FRE count following,
 * so the one finding is fre-data-overrun.  j is the first function from
 * the middle for which the fault is that alone: j + 1 starts past j and
 * has a size; for sharing, both have FREs, j's data are no longer than j
 * + 1's (no byte is counted past the sub-section's length) and j + 1 is
 * no smaller (j's rows fit in it).  0 when no function will do. */
int faulted_copy(const sfr_section *sec, const uint8_t *buf, size_t len, int shared,
                        uint8_t *out) {
  uint32_t j, n = sec->num_fdes;
  unsigned size_at = sfr_size_field(sec->version), off_at = sfr_fre_off_field(sec->version);
  memcpy(out, buf, len);
  for (j = n / 2; n >= 3 && j + 2 < n; j++) {
    sfr_fde f, g, h;
    uint64_t at_f, at_g, total;
    unsigned b;
    if (sfr_get_fde(sec, j, &f) != SFR_OK || sfr_get_fde(sec, j + 1, &g) != SFR_OK ||
        sfr_get_fde(sec, j + 2, &h) != SFR_OK || g.start <= f.start || g.size == 0)
      continue;
    at_f = f.field_offset;
    at_g = g.field_offset;
    if (!shared) {
      uint32_t grown = (uint32_t)(g.start - f.start + 1);
      for (b = 0; b < 4; b++)
        out[at_f + size_at + b] = (uint8_t)(grown >> (8 * b));
      return 1;
    }
    if (f.num_fres == 0 || g.num_fres == 0 || g.fre_off <= f.fre_off ||
        h.fre_off <= g.fre_off || g.fre_off - f.fre_off > h.fre_off - g.fre_off ||
        g.size < f.size)
      continue;
    /* fre_off, and before version 3 the count, info and rep_size */
    memcpy(out + at_g + off_at, buf + at_f + off_at, sfr_fde_fields(sec->version) - off_at);
    total = (uint64_t)sec->num_fres - g.num_fres + f.num_fres;
    for (b = 0; b < 4; b++)
      out[12 + b] = (uint8_t)(total >> (8 * b));
    return 1;
  }
  return 0;
}


/* Every figure's samples, one per repeat. */
