/* SPDX-License-Identifier: MIT */
/* sframe_ddprof.h - what DataDog's java-profiler (ddprof-lib's SFrame
 * parser, merged 2026-06-17) makes of a section: whether it takes it, the
 * table of rows it builds, and the row its lookup answers at a PC.
 *
 * Implemented in decoder/profile/sfd_ddprof.c from a reading of the
 * profiler's public code (SPEC-NOTES.md N46 gives each rule with its file
 * and line); none of it is copied.  The profiler reads the section once,
 * when a library is loaded, into one sorted array of rows (its "frame
 * descriptions"); its unwinder then takes, for a PC, the last row starting
 * at or below it.  The library here builds the same array into memory the
 * caller gives (sfd_rows_bound), allocates nothing and reads nothing
 * outside [buf, buf + len). */
#ifndef SFRAME_DDPROF_H
#define SFRAME_DDPROF_H

#include <stddef.h>
#include <stdint.h>

#include "sframe_ref.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Generations of the reader ---- */
typedef enum sfd_gen {
  SFD_GEN_2026_06 = 0, /* PR #471, merge 93adc6bf, 2026-06-17 (unchanged to 2026-08) */
  SFD_GEN_NUM
} sfd_gen;
#define SFD_GEN_NEWEST SFD_GEN_2026_06

/* ---- The rules ----
 * Cells, one per generation: 'L' the section is refused when the library
 * is loaded (the profiler reads the library's .eh_frame instead), 'A' the
 * ABI is not the profiler's host's, 'S' the function is skipped (its PCs
 * get the rows of the function before), 'F' the function's rows are
 * discarded (the same), 'w' the rows read differ from the spec's, '-' not
 * a rule of that generation. */
#define SFD_RULES(X)                                                           \
  X(NO_SEGMENT, "ddprof-no-sframe-segment", "L",                               \
    "the program has no PT_GNU_SFRAME segment: the profiler looks for the "   \
    "SFrame section through it only")                                          \
  X(TOO_SMALL, "ddprof-section-too-small", "L",                                \
    "section shorter than the 28-byte header")                                 \
  X(BAD_MAGIC, "ddprof-bad-magic", "L",                                        \
    "magic is not 0xdee2 read little-endian (a big-endian section too)")      \
  X(VERSION_UNSUPPORTED, "ddprof-version-unsupported", "L",                    \
    "version is not 2 (versions 1 and 3 are refused)")                        \
  X(ABI_UNSUPPORTED, "ddprof-abi-unsupported", "A",                            \
    "ABI is neither AMD64 (an x86-64 profiler) nor little-endian AArch64 (an " \
    "AArch64 profiler)")                                                       \
  X(AUXHDR_PAST_END, "ddprof-auxhdr-past-end", "L",                            \
    "the auxiliary header runs past the section")                              \
  X(PCREL_UNSUPPORTED, "ddprof-pcrel-unsupported", "L",                        \
    "SFRAME_F_FDE_FUNC_START_PCREL is set: the profiler reads starts as "     \
    "section-relative only and refuses the section")                           \
  X(OFFSETS_OUT, "ddprof-offsets-out-of-bounds", "L",                          \
    "sfh_fdeoff, sfh_freoff, sfh_fre_len or the FDE array past the section")   \
  X(SUBSECTIONS_OVERLAP, "ddprof-subsections-overlap", "L",                    \
    "the FDE array and the FRE sub-section overlap")                           \
  X(SECTION_OFFSET_LARGE, "ddprof-section-offset-too-large", "L",              \
    "the section lies 4 GiB or more above the image base")                     \
  X(NO_ROWS, "ddprof-no-rows", "L",                                            \
    "no function gave a row: the section is not used")                         \
  X(FDE_TYPE_BIT0, "ddprof-fde-skipped-bit0", "S",                             \
    "func_info bit 0 set, taken as PCMASK and skipped (the spec's bit 0 is "  \
    "the low bit of the FRE type: ADDR2 functions, 256 bytes and more)")      \
  X(FDE_NO_FRES, "ddprof-fde-no-fres", "S", "a function without FREs")          \
  X(FRE_TYPE_RESERVED, "ddprof-fre-type-reserved", "F",                        \
    "func_info bits 1-2 (read as the start address size) are 3")              \
  X(FRE_OFF_OUT, "ddprof-fre-off-out", "F",                                    \
    "the function's FRE offset at or past sfh_fre_len")                        \
  X(FRE_TRUNCATED, "ddprof-fre-truncated", "F",                                \
    "an FRE, as read, runs past the FRE sub-section")                          \
  X(OFFSET_SIZE_RESERVED, "ddprof-offset-size-reserved", "F",                  \
    "fre_info bits 1-2 (read as the data word size; the spec's low bits of "  \
    "the word count) are 3")                                                   \
  X(CFA_OFFSET_RANGE, "ddprof-cfa-offset-range", "F",                          \
    "a CFA offset outside 24 signed bits")                                     \
  X(FDE_INFO_MISREAD, "ddprof-fde-info-misread", "w",                          \
    "func_info read as bit 0 the FDE type and bits 1-2 the FRE start size; "  \
    "the spec has bits 0-3 the FRE type and bit 4 the FDE type")              \
  X(FRE_INFO_MISREAD, "ddprof-fre-info-misread", "w",                          \
    "fre_info read as bit 0 the CFA base (1: FP), bits 1-2 the word size, "   \
    "bit 3 an RA word, bit 4 an FP word; the spec has bit 0 (1: SP), bits "   \
    "1-4 the word count and bits 5-6 the word size")                           \
  X(PCMASK_AS_PCINC, "ddprof-pcmask-read-as-pcinc", "w",                       \
    "a PCMASK function (spec bit 4) read as PCINC: its rows apply once, "     \
    "rep_size unused")                                                         \
  X(NO_FUNCTION_END, "ddprof-no-function-end", "w",                            \
    "func_size is never read: a PC past a function's end (a gap, the last "   \
    "function, a skipped function) gets the last row before it")              \
  X(SORTED_TRUSTED, "ddprof-sorted-flag-trusted", "w",                         \
    "SFRAME_F_FDE_SORTED set while the rows read are not in order: the "      \
    "binary search misses rows")

typedef enum sfd_id {
  SFD_OK = 0,
#define SFD_X_ENUM(e, id, cells, msg) SFD_##e,
  SFD_RULES(SFD_X_ENUM)
#undef SFD_X_ENUM
  SFD_NUM
} sfd_id;

typedef struct sfd_gen_info {
  const char *name;   /* "ddprof-2026-06" */
  const char *date;
  const char *based;  /* in a few words */
  const char *source; /* where its rules were read */
} sfd_gen_info;

SFR_API const sfd_gen_info *sfd_gen_get(sfd_gen g); /* NULL out of range */
/* "ddprof" is the newest; -1 when unknown. */
SFR_API int sfd_gen_by_name(const char *name);
SFR_API const char *sfd_rule_name(sfd_id k);
SFR_API const char *sfd_rule_message(sfd_id k);
SFR_API char sfd_rule_cell(sfd_id k, sfd_gen g);
/* Nonzero when the rule keeps the profiler from using the section. */
SFR_API int sfd_rule_refuses(sfd_id k, sfd_gen g);

/* ---- The rows it builds ---- */
#define SFD_SAME_FP INT32_MIN       /* no FP rule: the FP is kept */
#define SFD_LINK_REGISTER INT32_MIN /* no RA rule: the link register */

typedef struct sfd_row {
  uint32_t loc;     /* start, relative to the image base (32 bits, wrapping) */
  uint32_t cfa;     /* (CFA offset << 8) | DWARF register, as the profiler packs it */
  int32_t fp_off;   /* saved FP at CFA + fp_off, or SFD_SAME_FP */
  int32_t pc_off;   /* saved RA at CFA + pc_off, or SFD_LINK_REGISTER */
  uint32_t fde;     /* the FDE and FRE (as the profiler counted them) it was read from */
  uint32_t fre;
} sfd_row;

typedef struct sfd_finding {
  sfd_id id;
  int64_t offset; /* byte offset in the section */
  int64_t fde;    /* FDE index, or -1 */
  int64_t fre;    /* FRE index within the FDE, or -1 */
} sfd_finding;

typedef struct sfd_table {
  sfd_row *rows;  /* the caller's memory: sfd_rows_bound(len) rows */
  size_t cap;
  size_t count;
  int accepted;   /* the profiler uses the section */
  sfd_id refused; /* why not (the first refusing rule) */
  uint8_t abi;
  int32_t linked_frame_size; /* the first FP-based row's CFA offset, or -1 */
  sfd_finding *items; /* the caller's memory for findings (may be NULL) */
  size_t items_cap;
  size_t findings;    /* total found (may exceed items_cap) */
} sfd_table;

/* Rows the profiler can read from a section of len bytes (each takes at
 * least 3 bytes of it). */
SFR_API size_t sfd_rows_bound(size_t len);
/* Read the section as the profiler does, the library loaded with the image
 * base at 0 (vma: the section's address, relative to the base; buf NULL:
 * the program has no PT_GNU_SFRAME segment, so nothing is read): the
 * header's checks, each FDE in order (skipped, failed or its rows kept),
 * then the sort when SFRAME_F_FDE_SORTED is clear.  Every rule met is a
 * finding; the 'w' rules are found by reading the same bytes as the spec
 * does. */
SFR_API void sfd_parse(const uint8_t *buf, size_t len, uint64_t vma, sfd_gen g, sfd_table *t);

typedef enum sfd_outcome {
  SFD_LOOKUP_ROW = 0,      /* a row of the table */
  SFD_LOOKUP_DEFAULT,      /* below the first row: the library's default frame */
  SFD_LOOKUP_NOT_USED      /* the section was refused: .eh_frame instead */
} sfd_outcome;

typedef struct sfd_answer {
  sfd_outcome outcome;
  sfd_row row;            /* the row (SFD_LOOKUP_ROW), or the default frame */
  int64_t index;          /* its place in the table, or -1 */
} sfd_answer;

/* The profiler's lookup (a binary search of the table for the last row at
 * or below pc; an exact match returns at once). */
SFR_API void sfd_lookup(const sfd_table *t, uint64_t pc, sfd_answer *a);
SFR_API const char *sfd_outcome_name(sfd_outcome o);
/* ---- Unwinding (StackWalker::walkDwarf, one step) ----
 * The frame's PC looked up as it is (a caller's return address too); the
 * CFA from SP or FP plus the offset as the walker unpacks it (the packed
 * word shifted right unsigned: a negative offset becomes 2^24 less it);
 * the new SP (the CFA) must be at or above the old, less than 256 KiB
 * above it and below the walk's bottom, and 8-byte aligned; an odd FP
 * offset moves the PC (the profiler's own DWARF convention); else the FP
 * is loaded from CFA + fp_off when it has a rule under 256 KiB, the RA
 * from CFA + pc_off (on AArch64 without an RA rule: the link register in
 * the topmost frame, else the walk ends), AArch64 pointer bits above 48
 * cleared; on AArch64 a CFA offset 0 with an FP rule takes the new SP from
 * the new FP.  A read the memory cannot give reads 0 (the profiler's safe
 * load).  The walk ends in the dead zone (a PC below 4 KiB or above
 * 2^64 - 4 KiB) or when PC and SP do not move. */
typedef enum sfd_unwind_stop {
  SFD_UNWIND_NEXT = 0,     /* a caller frame was produced */
  SFD_UNWIND_NOT_USED,     /* the section is not used (the profiler reads .eh_frame) */
  SFD_UNWIND_CFA_REG,      /* the CFA base is neither SP nor FP */
  SFD_UNWIND_SP_RANGE,     /* the new SP is below the old, 256 KiB above it, or past the bottom */
  SFD_UNWIND_SP_UNALIGNED, /* the new SP is not 8-byte aligned */
  SFD_UNWIND_FP_UNALIGNED, /* the FP's slot is not aligned */
  SFD_UNWIND_PC_UNALIGNED, /* the RA's slot is not aligned */
  SFD_UNWIND_NO_LINK,      /* AArch64, no RA rule below the topmost frame */
  SFD_UNWIND_SENDER_SP,    /* AArch64's default sender SP is not above the old */
  SFD_UNWIND_DEAD_ZONE,    /* the caller's PC is in the dead zone */
  SFD_UNWIND_STUCK         /* PC and SP did not move */
} sfd_unwind_stop;

SFR_API const char *sfd_unwind_stop_name(sfd_unwind_stop s);
/* One step from cur (depth: 1 for the topmost frame, 2 for its caller...)
 * to *caller; bottom: the walk's bottom (the walker takes its own stack
 * slot plus 1 MiB).  *a: the lookup's answer at cur->pc. */
SFR_API sfd_unwind_stop sfd_unwind_frame(const sfd_table *t, sfr_read_mem_fn read_mem,
                                         void *mem_ctx, const sfr_regs *cur, int depth,
                                         uint64_t bottom, sfr_regs *caller, sfd_answer *a);

/* The DWARF numbers the profiler gives the CFA base on the ABI. */
SFR_API uint32_t sfd_reg_fp(uint8_t abi);
SFR_API uint32_t sfd_reg_sp(uint8_t abi);

#ifdef __cplusplus
}
#endif
#endif
