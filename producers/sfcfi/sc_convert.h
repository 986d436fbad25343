/* SPDX-License-Identifier: MIT */
/* sc_convert.h - sfcfi's `sfcfi convert`: CFI to SFrame through the corpus encoder (convert.c).
 * The modules of sfcfi are described in sfcfi.c. */
#ifndef SC_CONVERT_H
#define SC_CONVERT_H

#include "sc_express.h"
#include "sframe_enc.h"

/* ---- convert.c: CFI to SFrame through the corpus encoder ---- */
typedef struct sc_convert_stats {
  size_t converted;                      /* functions written */
  size_t skipped;                        /* functions left out */
  size_t by_reason[SC_REASON_COUNT];     /* skipped, by the first reason */
  size_t pcmask;                         /* written as PCMASK FDEs (PLTs) */
  size_t flex;                           /* written as flexible FDEs (v3) */
  size_t rows;                           /* FREs written */
} sc_convert_stats;
/* The CFI of e as an SFrame section of version (1-3) at address vma:
 * default FDEs where they hold a function, flexible ones (version 3) where
 * only they do, a PCMASK FDE for a PLT whose CFA follows the PC in blocks,
 * outermost rows for an undefined RA (versions 2-3).  A function with a
 * row the version cannot express is left out, counted by its reason.
 * 0 and *out (free with sfe_section_free), or -1 with err set (version 1
 * on s390x, an encoder error, no memory). */
int sc_convert(const sc_elf *e, const sc_cfi *c, uint8_t version, uint64_t vma, sfe_section *out,
               sc_convert_stats *st, char *err, size_t errlen);

/* One line per function sc_convert leaves out: "skipped REASON FUNC
 * 0xLO-0xHI". */
void sc_convert_list_skipped(const sc_elf *e, const sc_cfi *c, uint8_t version, uint64_t vma, FILE *out);

#endif
