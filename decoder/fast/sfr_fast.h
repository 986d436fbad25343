/* SPDX-License-Identifier: MIT */
/* sfr_fast.h - inside the library: the fast layer beside the reference
 * path (decoder/src).  The certificate of a clean section
 * (sfr_certify.c) stands in for the reference validation where it proves
 * what that would report, and the fast lookup with its index
 * (sfr_fast_lookup.c) answers as the reference lookup does, reading less.
 * Both are held to the reference path by the functions below, which the
 * unit tests, the fuzz targets decode and lookup, the round trip, and
 * every validation and lookup sfref and the reference adapter make (so
 * the whole corpus) call. */
#ifndef SFR_FAST_H
#define SFR_FAST_H

#include "sframe_ref.h"

/* A function whose statements are only SFR_PREFETCH must be
 * SFR_ALWAYS_INLINE (sfr_cursor.h): gcc 12 counts __builtin_prefetch as
 * const, takes such a function for one without effects and deletes every
 * call to it that it does not inline (bench/RESULTS.md, "The fetch gcc
 * deleted"; bench.bats checks the compiled fetches). */
#if defined(__GNUC__)
#define SFR_PREFETCH(p) __builtin_prefetch(p)
#else
#define SFR_PREFETCH(p) ((void)0)
#endif

/* sfr_validate_ex, and the reference validation (sfr_ref_validate) as
 * well on a copy of the section: the result is sfr_validate_ex's; the
 * return value is NULL, or says what the two disagree on (a bug of the
 * oracle's, never of the section): the count of findings, one of the
 * first 64, or the order. */
const char *sfr_validate_checked(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                                 void *scratch, size_t scratch_len, sfr_report *rep);

/* What differs between two lookups' answers, by name ("status", "address",
 * "function", "row", "row data words", "rules"), or NULL when nothing does:
 * the function when the status says one was found, the row and its rules
 * when it says FOUND. */
const char *sfr_lookup_differs(sfr_lookup_status sa, const sfr_lookup_result *a,
                               sfr_lookup_status sb, const sfr_lookup_result *b);
/* sfr_lookup, checked against the reference lookup (sfr_ref_lookup): *why
 * is NULL, or names what the two disagree on (a bug of the oracle's, never
 * of the section).  The answer is the fast path's. */
sfr_lookup_status sfr_lookup_checked(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                     sfr_lookup_result *res, const char **why);

#endif
