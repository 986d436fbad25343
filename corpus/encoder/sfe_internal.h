/* SPDX-License-Identifier: MIT */
/* sfe_internal.h - what the encoder's files share (not part of the API). */
#ifndef SFE_INTERNAL_H
#define SFE_INTERNAL_H

#include "sframe_enc.h"

/* One row's encoding: FRE info byte and data words. */
typedef struct sfe_row_enc {
  uint8_t info;
  uint8_t count;
  uint8_t word_size;
  int64_t words[SFR_MAX_DATA_WORDS];
} sfe_row_enc;

int sfe_row_words(const sfe_model *m, const sfe_func *f, unsigned fi, unsigned ri,
                  sfe_row_enc *out, char *err, size_t errlen);

int sfe_is_aarch64(uint8_t abi); /* sfe_abi.c */
int sfe_ra_is_default(const sfe_model *m, const sfr_reg_rule *r);
int sfe_fp_is_default(const sfe_model *m, const sfr_reg_rule *r);

/* Rules of a plain row for the model's ABI: CFA at the ABI's entry value
 * (AMD64 sp+8, AArch64 sp+0, s390x sp+160), RA and FP in their default. */
void sfe_entry_rules(const sfe_model *m, sfr_rules *r);

/* The fault kinds of the mutants (sfe_faults.c), by index below
 * sfe_fault_count() (at most SFE_MAX_FAULTS): the spec clause each breaks,
 * whether it applies to a version x ABI, and the fault applied to the random
 * model in c (its bytes encoded into c->sec, c->title set): 1, or 0 when the
 * kind does not fit this model, or -1 with err set. */
#define SFE_MAX_FAULTS 64
const char *sfe_fault_clause(unsigned i);
int sfe_fault_applies(unsigned i, uint8_t version, uint8_t abi);
int sfe_fault_apply(unsigned i, sfe_case *c, sfe_rng *r, char *err, size_t errlen);

#endif
