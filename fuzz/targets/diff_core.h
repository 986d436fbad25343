/* SPDX-License-Identifier: MIT */
/* diff_core.h - what the two differential targets against libsframe
 * (diff_libsframe.c: Debian's 2.40; diff_libsframe3.c: 2.47.50) share: the
 * kinds of disagreement, the allowlist each disagreement is held to, the
 * report of one no entry covers (an abort: a finding for the fuzzer), and
 * the statistics printed at exit.
 *
 * Each target defines its own `struct diff_ctx` (what its predicates see);
 * here it is only passed through.  Environment, read by diff_init:
 *   DIFF_LIBSFRAME_STATS=1       print how often each entry fired, at exit
 *   DIFF_LIBSFRAME_DENY=ID[,ID]  turn those entries off (their saved inputs
 *                                then abort: fuzz/regressions/)
 *   DIFF_LIBSFRAME_STRICT=1      turn off the "NEW-" entries (classes a
 *                                target found that no note lists yet) */
#ifndef DIFF_CORE_H
#define DIFF_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "sframe_ref.h"

enum {
  K_ACCEPT = 1u << 0, /* libsframe rejects a section the oracle accepts */
  K_HEADER = 1u << 1, /* ABI, version, flags, fixed offsets, header size, FDE count */
  K_FDE = 1u << 2,    /* size, FRE count, info, info2, repetition size */
  K_ADDR = 1u << 3,   /* a function's address */
  K_FRE = 1u << 4,    /* an FRE's start or info, or libsframe cannot read it */
  K_CFA = 1u << 5,
  K_RA = 1u << 6,
  K_FP = 1u << 7,
  K_MANGLED = 1u << 8,
  K_MISSED = 1u << 9,    /* lookup: the oracle finds a row, libsframe none */
  K_SPURIOUS = 1u << 10, /* lookup: libsframe finds a row, the oracle none */
  K_WRONG = 1u << 11     /* lookup: both find one, not the same function or row */
};
#define K_LOOKUP (K_MISSED | K_SPURIOUS | K_WRONG)
#define K_RULES (K_CFA | K_RA | K_FP | K_MANGLED)

typedef struct diff_ctx diff_ctx; /* each target's own */

/* One allowlist entry: a known class of disagreement, the note that says
 * who is right, and the predicate (on the oracle's reading of the input)
 * that recognises it. */
typedef struct diff_allow {
  const char *id;
  const char *note; /* the SPEC-NOTES.md entry */
  const char *what; /* the predicate, in words */
  unsigned kinds;   /* the disagreements it covers */
  int (*pred)(const diff_ctx *);
  unsigned long hits;
  int denied; /* DIFF_LIBSFRAME_DENY, or a NEW- entry under DIFF_LIBSFRAME_STRICT */
} diff_allow;

/* A target: its name and libsframe's release (for messages), its
 * allowlist, and the lines it prints first in the statistics. */
typedef struct diff_target {
  const char *name; /* "diff_libsframe3" */
  const char *peer; /* "libsframe 2.47.50" */
  diff_allow *allows;
  size_t nallows;
  void (*print_counts)(void);
} diff_target;

/* Where a disagreement was seen, for its report. */
typedef struct diff_where {
  const sfr_section *sec;
  const sfr_fde *fde; /* the function concerned, or NULL */
  int is_lookup;
  uint64_t pc;
  sfr_lookup_status ost; /* the oracle's lookup status */
} diff_where;

/* The report's place taken from the target's context (its fields sec,
 * fde, is_lookup, pc, ost). */
#define DIFF_WHERE(d) (&(const diff_where){(d)->sec, (d)->fde, (d)->is_lookup, (d)->pc, (d)->ost})
/* diff_disagree at DIFF_WHERE(d); the arguments after d are the format and
 * its values. */
#define DIFF_DISAGREE(t, kind, d, ...) diff_disagree((t), (kind), (d), DIFF_WHERE(d), __VA_ARGS__)

/* From LLVMFuzzerInitialize: reads the environment (above). */
void diff_init(diff_target *t);
/* Whether the environment asks for strict mode (DIFF_LIBSFRAME_STRICT). */
int diff_strict(void);
/* A disagreement of one kind: returns when an entry covers it (counting
 * the hit), else reports it (kind, the printf-style detail, the section and
 * where) on stderr and aborts. */
void diff_disagree(diff_target *t, unsigned kind, const diff_ctx *d, const diff_where *w,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* One FRE as libsframe read it (lib_ok: it could; its start and info)
 * against the oracle's: 1 when they agree, else a K_FRE disagreement
 * (returning 0 when the allowlist covers it). */
int diff_fre_agrees(diff_target *t, const diff_ctx *d, const diff_where *w, const char *where,
                    int lib_ok, uint32_t lib_start, uint8_t lib_info, const sfr_fre *o);
/* Whether the two lookups at a PC both found a row (1: the caller compares
 * the rows), given the oracle's result and libsframe's (lfound, the row's
 * start and info); one found and not the other is a K_SPURIOUS or K_MISSED
 * disagreement (0). */
int diff_both_found(diff_target *t, const diff_ctx *d, const diff_where *w, const char *where,
                    const sfr_lookup_result *res, int lfound, uint32_t lib_start, uint8_t lib_info);

#endif
