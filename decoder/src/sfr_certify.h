/* sfr_certify.h - inside the library: the certificate of a clean section
 * (sfr_certify.c), and the full validation pass it stands in for.
 *
 * sfr_validate_ex first tries the certificate, one pass over the raw bytes
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
#include "sfr_sort.h"

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

/* Which FRE info bytes (2.4.1) the interpretation accepts, and the bytes
 * of data words each carries, for default and for flexible FDEs. */
typedef struct sfr_fre_tables {
  uint8_t plain[256], flex[256];
} sfr_fre_tables;
void sfr_fre_tables_init(const sfr_section *sec, sfr_fre_tables *t);

/* One function's FREs when the full pass's walk of them (check_fres)
 * finds nothing: where the function's FRE data end, *budget less the
 * bytes walked.  Else 0, *budget unchanged: the full walk names what it
 * finds. */
uint64_t sfr_fres_clean(const sfr_section *sec, const sfr_fde *fde, const sfr_fre_tables *t,
                        uint64_t *budget);

/* sfr_validate_ex without the certificate or sfr_fres_clean: every
 * check, every time. */
void sfr_validate_full(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                       void *scratch, size_t scratch_len, sfr_report *rep);

/* sfr_validate_ex, and sfr_validate_full as well on a copy of the
 * section: the result is sfr_validate_ex's; the return value is NULL, or
 * says what the two disagree on (a bug of the oracle's, never of the
 * section): the count of findings, one of the first 64, or the order. */
const char *sfr_validate_checked(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                                 void *scratch, size_t scratch_len, sfr_report *rep);

#endif
