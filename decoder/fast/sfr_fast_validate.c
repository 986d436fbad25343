/* SPDX-License-Identifier: MIT */
/* sfr_fast_validate.c - the library's sfr_validate and sfr_validate_ex:
 * the reference validation (decoder/src/sfr_validate.c), except where the
 * certificate of a clean section (sfr_certify.c) proves what it would
 * report.  Then the report is made from what the certificate proved,
 * through the reference's own rules. */
#include <string.h>

#include "sfr_certify.h"
#include "sfr_fde_read.h"
#include "sfr_validate.h"

/* A section the certificate proved clean but for what the reference's
 * overlap checks decide (SFR_CERT_OVERLAPS): its findings are then
 * sfr_check_fde_order's, sfr_check_shared_fre_data_sorted's and
 * sfr_check_overlaps_sorted's, made as the reference makes them, in the
 * same order, from each FDE's start and size alone (every FDE reads, no
 * start wraps, the data of FDEs in order share nothing: the certificate
 * proved it) and the keys the certificate sorted. */
static void report_overlaps(sfr_section *sec, const sfr_cert_sorted *sorted, sfr_report *rep) {
  sfr_order_state order;
  uint32_t i;
  memset(&order, 0, sizeof order);
  /* Past the first FDE out of order, sfr_check_fde_order reports nothing
   * more and nothing after it reads what it keeps but first_unsorted. */
  for (i = 0; i < sec->num_fdes && !order.unsorted; i++) {
    sfr_fde fde;
    fde.index = i;
    fde.field_offset = sec->fde_start + (uint64_t)i * sec->fde_size;
    (void)sfr_fde_range(sec, fde.field_offset, &fde.start, &fde.size);
    sfr_check_fde_order(sec, &fde, &order, rep);
  }
  if (sorted->data)
    sfr_check_shared_fre_data_sorted(sec, sorted->data, sorted->n_data, rep);
  if (order.unsorted && sorted->ranges)
    sfr_check_overlaps_sorted(sec, sorted->ranges, &order, rep);
  sec->internal.order_verified =
      (uint8_t)(!order.unsorted && !order.overlap && !order.shared_start);
}

/* The certificate, with the caller's scratch as its keys when it holds
 * three per function (as the reference keeps them), else without.
 * Nonzero when it proved the whole report: nothing, only the order, or
 * what report_overlaps then reports. */
static int certify(sfr_section *sec, void *scratch, size_t scratch_len, sfr_report *rep) {
  sfr_keys k;
  uint32_t first;
  sfr_cert_sorted sorted;
  switch (sfr_take_keys(sec, scratch, scratch_len, NULL, &k)
              ? sfr_certify(sec, k.ranges, k.data, k.tmp, &first, &sorted)
              : sfr_certify(sec, NULL, NULL, NULL, &first, &sorted)) {
  case SFR_CERT_CLEAN:
    sec->internal.order_verified = 1;
    return 1;
  case SFR_CERT_UNSORTED:
    sfr_report_add(rep,
                   (sec->flags & SFR_F_FDE_SORTED) ? SFR_E_FDE_UNSORTED
                                                   : SFR_E_FDE_UNSORTED_UNFLAGGED,
                   (int64_t)(sec->fde_start + (uint64_t)first * sec->fde_size), first, -1,
                   "func_start");
    sec->internal.order_verified = 0;
    return 1;
  case SFR_CERT_OVERLAPS:
    report_overlaps(sec, &sorted, rep);
    return 1;
  default:
    return 0;
  }
}

void sfr_validate_ex(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                     void *scratch, size_t scratch_len, sfr_report *rep) {
  if (!sfr_validate_head(sec, buf, len, vma, rep))
    return;
  if (rep->count == 0 && certify(sec, scratch, scratch_len, rep))
    return;
  sfr_validate_body(sec, scratch, scratch_len, rep);
}

void sfr_validate(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                  sfr_report *rep) {
  sfr_validate_ex(sec, buf, len, vma, NULL, 0, rep);
}
