/* SPDX-License-Identifier: MIT */
/* sfr_validate.h - inside the library: the validation rules of
 * sfr_validate.c that the fast layer (decoder/fast) calls rather than
 * writes again, and the keys both sort.
 *
 * Each rule is a function named after its finding or the spec clause it
 * checks; sfr_ref_validate calls them in order.  A rule on an FDE's info
 * bytes is a predicate here, so that the certificate (decoder/fast/
 * sfr_certify.c), which reads the bytes raw, asks the same question. */
#ifndef SFR_VALIDATE_H
#define SFR_VALIDATE_H

#include <stdint.h>

#include "sframe_ref.h"
#include "sfr_keys.h"

/* ---- The report ---- */

/* Record finding id (the report keeps the first cap, counts them all). */
void sfr_report_add(sfr_report *rep, sfr_status id, int64_t offset, int64_t fde, int64_t fre,
                    const char *field);

/* ---- 2.3.3 and 2.3.1: an FDE's info bytes, one predicate a finding ---- */

/* fre-type-unknown: the FRE type (info bits 0-3) is not 0-2. */
static inline int sfr_fre_type_unknown(uint8_t info) { return (info & 0x0fu) > SFR_FRE_TYPE_ADDR4; }
/* fde-type-unknown: the FDE type (version 3 info2 bits 0-4) is not 0 or 1. */
static inline int sfr_fde_type_unknown(uint8_t info2) { return (info2 & 0x1fu) > SFR_FDE_TYPE_FLEX; }
/* fde-info-unused-bits: bit 6 (and before version 3 bit 7) of info, or
 * bits 5-7 of info2. */
static inline int sfr_fde_info_unused_bits(uint8_t version, uint8_t info, uint8_t info2) {
  uint8_t unused = (uint8_t)sfr_fde_info_unused(version);
  return (info & unused) || (info2 & 0xe0u);
}
/* pauth-key-not-aarch64: PAuth key B (info bit 5) outside AArch64. */
static inline int sfr_pauth_key_not_aarch64(uint8_t abi, uint8_t info) {
  return (info & 0x20u) && abi != SFR_ABI_AARCH64_BE && abi != SFR_ABI_AARCH64_LE;
}
/* pcmask-rep-size-zero: a PCMASK function (info bit 4) of version 2 or 3
 * without a repetition size. */
static inline int sfr_pcmask_rep_size_zero(uint8_t version, uint8_t info, uint8_t rep_size) {
  return (info & 0x10u) && rep_size == 0 && sfr_has_rep_size(version);
}

/* ---- Sections and FDE order ---- */

/* 2.1.3 flags and 2.2.1 ABI identifiers per version, the auxiliary
 * header (2.2), and the sub-sections' placement (2.2). */
void sfr_check_header(const sfr_section *sec, sfr_report *rep);
void sfr_check_layout(const sfr_section *sec, sfr_report *rep);

/* What the FDEs in index order have shown so far (sfr_check_fde_order). */
typedef struct sfr_order_state {
  int have_prev;
  uint64_t prev_start, prev_size, max_end;
  uint64_t max_end_before; /* furthest end of the functions before the group */
  uint32_t group_size;     /* FDEs so far with prev_start as their start */
  int group_nonzero;       /* one of them has a size */
  int unsorted, overlap, shared_start;
  uint32_t first_unsorted; /* index of the first FDE out of order */
} sfr_order_state;

/* 2.3.1: fde-unsorted (or -unflagged) at the first FDE below the one
 * before, and up to there fde-duplicate and fde-overlap against the
 * furthest end so far.  fde needs index, field_offset, start and size. */
void sfr_check_fde_order(const sfr_section *sec, const sfr_fde *fde, sfr_order_state *o,
                         sfr_report *rep);

/* ---- Keys: one per function, sorted to compare neighbours ---- */

/* Sections of up to this many functions have their keys on the stack
 * when the caller lends no scratch (3 keys of 16 bytes a function:
 * 24 KiB); larger ones without scratch get checks-skipped if they need
 * them (SPEC-NOTES N12). */
#define SFR_STACK_FDES 512u

/* The keys of a section's functions: every function's range, the data
 * of those that occupy FRE bytes, and the sort's other half. */
typedef struct sfr_keys {
  sort_key *ranges, *data, *tmp;
  uint32_t n_data;
} sfr_keys;
/* The keys in the caller's scratch when it holds three per function
 * (aligned inside it; sfr_validate_scratch_size), else in stack (room for
 * SFR_STACK_FDES functions; may be NULL) when the section is that small;
 * 0 when neither will do. */
int sfr_take_keys(const sfr_section *sec, void *scratch, size_t scratch_len, sort_key *stack,
                  sfr_keys *k);

/* fde-overlap and fde-duplicate among all functions, their range keys k
 * sorted; pairs both before o->first_unsorted were reported by
 * sfr_check_fde_order. */
void sfr_check_overlaps_sorted(const sfr_section *sec, const sort_key *k, sfr_order_state *o,
                               sfr_report *rep);
/* fre-data-overrun: two of the n functions' FRE data, keys k sorted,
 * share a byte (the first such pair). */
void sfr_check_shared_fre_data_sorted(const sfr_section *sec, const sort_key *k, uint32_t n,
                                      sfr_report *rep);

/* ---- The reference validation in two halves ---- */

/* Clears the report, opens the section (2.1, 2.2) and checks its header
 * and layout; 0 when it could not be opened (the finding is reported). */
int sfr_validate_head(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                      sfr_report *rep);
/* Every FDE and FRE (2.3, 2.4, 3), the FDE order and the FRE sub-section's
 * use, on a section sfr_validate_head opened; sets whether the order was
 * verified. */
void sfr_validate_body(sfr_section *sec, void *scratch, size_t scratch_len, sfr_report *rep);
/* Both: the reference path, all of it (sfr_validate_ex without the
 * certificate of decoder/fast). */
void sfr_ref_validate(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                      void *scratch, size_t scratch_len, sfr_report *rep);

#endif
