/* SPDX-License-Identifier: MIT */
/* sc_diff.h - sfcfi's `sfcfi diff`: two SFrame sections by meaning, and the pieces conserve shares (diff.c).
 * The modules of sfcfi are described in sfcfi.c. */
#ifndef SC_DIFF_H
#define SC_DIFF_H

#include <stdio.h>
#include "sframe_ref.h"

/* ---- diff.c: two SFrame sections by meaning ---- */
typedef struct sc_diff_opts {
  const char *a, *b;     /* paths */
  int raw;               /* both are raw sections (else ELF is detected) */
  uint64_t vma_a, vma_b; /* raw sections' addresses */
  int json;
} sc_diff_opts;
/* Runs `sfcfi diff`; returns the exit status (0 equal by meaning, 1
 * different or an invalid section, 2 unreadable input). */
int sc_diff(const sc_diff_opts *o, FILE *out, FILE *errf);

/* The pieces of the comparison `sfcfi diff` makes, shared with `sfcfi
 * conserve`.  A reading is what an unwinder gets at an address: the rules
 * (resolved, sc_resolve), the function's signal bit and, on AArch64 where
 * the RA is signed, its PAuth key; or the lookup's status when it finds no
 * row (a version 3 default FDE without rows reads as the outermost frame). */
#define SC_READING_TEXT 112
typedef struct sc_reading {
  int found;           /* rules hold; else status */
  sfr_lookup_status status;
  sfr_rules rules;     /* resolved */
  uint8_t signal;
  uint8_t key_b;       /* AArch64, RA signed: key B */
  uint64_t func;       /* the function's start (not for SFR_LOOKUP_NO_FDE) */
  uint32_t fde_index;  /* its index (likewise) */
} sc_reading;
void sc_read_at(const sfr_section *sec, uint64_t pc, sc_reading *out);
int sc_readings_equal(const sc_reading *a, const sc_reading *b);
void sc_reading_text(uint8_t abi, const sc_reading *r, char *buf, size_t len);

/* A section's functions sorted by start ([start, end), FDE index), with
 * maxend[i] the largest end of r[0..i] (a size-0 function counts one byte). */
typedef struct sc_range {
  uint64_t start, end;
  uint32_t index;
} sc_range;
typedef struct sc_ranges {
  sc_range *r;
  uint64_t *maxend;
  size_t n;
} sc_ranges;
int sc_ranges_load(sc_ranges *rs, const sfr_section *sec); /* 0, or -1 out of memory */
void sc_ranges_free(sc_ranges *rs);
/* The number of functions starting below addr (the index of the first
 * starting at or above it). */
size_t sc_ranges_below(const sc_ranges *rs, uint64_t addr);
/* 1 when a function overlaps [lo, hi). */
int sc_ranges_overlap(const sc_ranges *rs, uint64_t lo, uint64_t hi);

/* One function's row starts, to cut its addresses where its reading may
 * change (PCINC: each row's start; PCMASK of versions 2-3: where the PC's
 * offset modulo rep_size reaches a row's start or wraps). */
typedef struct sc_fn_rows {
  int have_fde;
  sfr_fde fde;
  uint64_t *starts;
  size_t nstarts, cap;
  int bad;             /* its rows could not be read */
} sc_fn_rows;
/* Makes FDE i the current function (0, or -1 out of memory). */
int sc_fn_rows_enter(sc_fn_rows *f, const sfr_section *sec, uint32_t i);
/* Where the reading of the function [start, end) at pc may change next
 * (exclusive; at most end). */
uint64_t sc_fn_rows_piece_end(const sc_fn_rows *f, uint8_t version, uint64_t start, uint64_t end,
                              uint64_t pc);
void sc_fn_rows_free(sc_fn_rows *f);

/* Function fde_a of section a, against section b at the same addresses
 * moved by delta (b's address = a's + delta, modulo 2^64): the function's
 * addresses cut where either reading may change (and where a function of
 * b starts, when rb, b's sorted functions, is given), each piece compared
 * once. */
typedef struct sc_span {
  size_t pieces, equal, different;
  size_t uncovered;    /* pieces in no function of b */
  int have_first;      /* the first different piece: */
  uint64_t first_a, first_b;
  char text_a[SC_READING_TEXT], text_b[SC_READING_TEXT];
} sc_span;
/* 0, or -1 out of memory. */
int sc_compare_span(const sfr_section *a, uint32_t fde_a, const sfr_section *b, const sc_ranges *rb,
                    uint64_t delta, sc_span *out);

#endif
