/* SPDX-License-Identifier: MIT */
/* sfr_certify.h - inside the library: the certificate of a clean section
 * (sfr_certify.c), which stands in for the reference validation
 * (decoder/src/sfr_validate.c, "the full pass" below).
 *
 * sfr_validate_ex (sfr_fast_validate.c) first tries the certificate, one pass over the raw bytes
 * that proves the full pass would report nothing and would verify the
 * order, or (with scratch) would report only that the FDEs are out of
 * order, or only what its overlap checks find (which are then made
 * alone); when it cannot prove that, it gives up and the full
 * pass runs and names the findings.  The fuzz target decode, the unit tests, the round
 * trip and every validation `sfref` makes (so the whole corpus) check that
 * whatever the certificate accepts, the full pass reports the same
 * (sfr_validate_checked). */
#ifndef SFR_CERTIFY_H
#define SFR_CERTIFY_H

#include "sframe_ref.h"
#include "sfr_radix.h"

/* What the certificate proves of a section opened by sfr_open, beyond the
 * header's and the layout's findings (which the caller checks first):
 *   SFR_CERT_CLEAN: no finding at all, and its FDEs are in order (strictly
 *     increasing starts, each at or after the end of the one before);
 *   SFR_CERT_UNSORTED: the same, except that FDE *first is the first whose
 *     start is below the one before: the full pass finds exactly that
 *     (fde-unsorted, or fde-unsorted-unflagged without the flag) and
 *     nothing else, as no two functions share a start or a byte;
 *   SFR_CERT_OVERLAPS (only with keys and tmp): everything is proven
 *     clean (fields, FREs, counts, no byte unused) but what the full
 *     pass's overlap checks decide: two functions share a start or
 *     bytes, or FDEs out of order are not proven apart, or FRE data that
 *     come out of the FDEs' order share bytes.  The full pass's findings
 *     are then those checks' alone, from each FDE's start and size and
 *     the keys in *sorted (when sorted is not NULL): ranges, the FDEs'
 *     (start, size, index) keys sorted, when they are out of order; data,
 *     the (offset, end, index) keys of the n_data functions that occupy
 *     FRE bytes, sorted, when their data share bytes;
 *   SFR_CERT_NONE: not proven, never "invalid": the full pass decides.
 * keys, data and tmp are num_fdes keys each, or all NULL.  With them, FRE
 * data that do not come in the FDEs' order are read again in their own
 * order (sorted by offset in data), and FDEs out of order are sorted by
 * start (in keys and tmp); without them, the data must come in order and
 * only SFR_CERT_CLEAN is proven. */
typedef enum sfr_cert {
  SFR_CERT_NONE,
  SFR_CERT_CLEAN,
  SFR_CERT_UNSORTED,
  SFR_CERT_OVERLAPS
} sfr_cert;
typedef struct sfr_cert_sorted {
  const sort_key *ranges, *data;
  uint32_t n_data;
} sfr_cert_sorted;
sfr_cert sfr_certify(const sfr_section *sec, sort_key *keys, sort_key *data, sort_key *tmp,
                     uint32_t *first, sfr_cert_sorted *sorted);

#endif
