/* SPDX-License-Identifier: MIT */
/* rt_check.h - the round trip's checker: an encoded model (sfe_model ->
 * sfe_encode) against what the oracle decodes from its bytes.  Shared by
 * the roundtrip fuzz target (fuzz/targets/roundtrip.c) and the round-trip
 * test (corpus/tests/roundtrip.c), which compares the canonical JSON and
 * lookup texts besides.
 *
 * Every check returns NULL when it holds, else a message (in a buffer of
 * this file's, valid until the next check).  The caller validates (as every
 * tool does, with scratch) and passes the section only when the oracle
 * found nothing that rejects it. */
#ifndef RT_CHECK_H
#define RT_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "sframe_enc.h"
#include "sframe_ref.h"

/* The lookup the checks make: sfr_lookup's arguments and result; *paths is
 * NULL, or what two lookup paths the caller compares disagree on (then the
 * check fails with it). */
typedef sfr_lookup_status (*rtc_lookup_fn)(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                           sfr_lookup_result *res, const char **paths);

/* The ABI's DWARF SP and FP numbers, written down here rather than taken
 * from either side under test (AMD64 7/6, AArch64 31/29, s390x 15/11). */
uint32_t rtc_sp_reg(uint8_t abi);
uint32_t rtc_fp_reg(uint8_t abi);

/* A report's findings as one line, "name@offset(fde F fre R) ..." */
const char *rtc_findings(const sfr_report *rep, char *buf, size_t n);

/* The PCs that test every row and boundary of the model: PC 0; each
 * function's start and the byte before it; every row start (an RA there
 * looks up the row before) and the byte after it (an RA there finds the
 * row itself); for PCMASK the row in the second block; the function's last
 * byte and its end.  Appended to *pcs (realloc'd; *n entries, *cap room);
 * -1 when out of memory. */
int rtc_model_pcs(const sfe_model *m, uint64_t **pcs, size_t *n, size_t *cap);

/* The decoded header, every FDE and FRE (where the encoder wrote them,
 * their fields and their rules) against the model. */
const char *rtc_decoded(const sfe_model *m, const sfe_section *s, const sfr_section *sec);

/* At each row start (and as a return address just after it) the lookup
 * finds that row and its rules; in a version-1 PCMASK function, where no
 * repeat size is recorded, past a first row at 0 it says
 * rep-size-unknown (N14). */
const char *rtc_row_lookups(const sfe_model *m, const sfr_section *sec, rtc_lookup_fn lookup);

/* The lookup at pc, in both modes, against the encoder's prediction
 * (sfe_expected_find): status, function, row, the row's start and rules. */
const char *rtc_predicted(const sfe_model *m, const sfr_section *sec, rtc_lookup_fn lookup,
                          uint64_t pc);

/* All of the above on a section the oracle accepted: decoded fields, row
 * lookups, and the prediction at every PC of rtc_model_pcs. */
const char *rtc_check(const sfe_model *m, const sfe_section *s, const sfr_section *sec,
                      rtc_lookup_fn lookup);

#endif
