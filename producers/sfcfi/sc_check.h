/* SPDX-License-Identifier: MIT */
/* sc_check.h - sfcfi's `sfcfi check`: the two tables compared at every address (check.c).
 * The modules of sfcfi are described in sfcfi.c. */
#ifndef SC_CHECK_H
#define SC_CHECK_H

#include <stdio.h>
#include "sc_express.h"

/* ---- check.c ---- */
typedef struct sc_check_opts {
  const char *path;
  int json;         /* one JSON object instead of text */
  int debug_frame;  /* .debug_frame even when there is .eh_frame */
  int summary;      /* the summary without the list */
  const char *sframe_path; /* another SFrame section (raw, or an ELF's) to
                            * hold against the file's CFI instead of its own */
  uint64_t sframe_vma;     /* that raw section's address, when */
  int have_sframe_vma;     /* given (else the file's own .sframe's, or 0) */
} sc_check_opts;
/* Runs `sfcfi check`; returns the exit status (0 all agree, 1 a
 * disagreement or nothing compared, 2 the file cannot be read). */
int sc_check(const sc_check_opts *o, FILE *out, FILE *errf);

/* The same comparison of an open ELF file's own .sframe and CFI (.eh_frame,
 * else .debug_frame), counted (sfaudit): 0, or -1 with err set (no .sframe,
 * no CFI, an invalid section, out of memory). */
typedef struct sc_check_summary {
  size_t both, cfi_only, sframe_only;  /* functions */
  size_t compared, agree, disagree;    /* rows (address ranges) */
  char disagreement_classes[160];      /* "class n, class n" */
  char cfi_only_classes[160];          /* the reasons SFrame cannot hold them */
} sc_check_summary;
struct sc_elf;
struct sc_sframe;
/* e's .sframe against its CFI: 0 with sum filled in, or -1 with err set. */
int sc_check_elf(const struct sc_elf *e, sc_check_summary *sum, char *err, size_t errlen);
/* The same for the .sframe sf, opened (and validated) by the caller: a
 * caller that wants the validation's findings too validates once. */
int sc_check_sframe(const struct sc_elf *e, const struct sc_sframe *sf, sc_check_summary *sum, char *err,
                    size_t errlen);

#endif
