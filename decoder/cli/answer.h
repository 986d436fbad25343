/* SPDX-License-Identifier: MIT */
/* answer.h - a reader's answer at a PC in words, beside the spec's
 * (decoder/cli/answer.c): what every profile's lookup prints (kernel.c,
 * ddprof.c), so that their answers compare field by field. */
#ifndef SFREF_ANSWER_H
#define SFREF_ANSWER_H
#include <stddef.h>
#include <stdint.h>

#include "sframe_ref.h"
#include "unwind.h"

typedef struct answer_text {
  char outcome[96]; /* found, outermost, no-fde, error, ... */
  char cfa[64], ra[64], fp[64]; /* "sp+16", "*(CFA-8)", "unchanged" */
} answer_text;

/* A register by DWARF number, named sp / fp where it is the ABI's. */
void answer_reg_name(char *b, size_t n, uint8_t abi, uint32_t reg);
/* "base+off", dereferenced as "*(base+off)". */
void answer_place(char *b, size_t n, const char *base, int64_t off, int deref);
/* The spec's answer at pc (sec NULL: "malformed"); *fde, *fre its indices or -1. */
void answer_spec(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode, answer_text *t,
                 int64_t *fde, int64_t *fre);
/* The differences between a reader's answer k and the spec's s, named:
 * "outcome" alone when the outcomes differ, else "function", "row", "cfa",
 * "ra", "fp" (comma-separated; empty when the same). */
void answer_differences(char *b, size_t n, const answer_text *k, const answer_text *s,
                        int64_t kfde, int64_t kfre, int64_t sfde, int64_t sfre);
/* "  WHO    outcome FDE i FRE j: CFA=.. RA=.. FP=.." */
void answer_print(const char *who, const answer_text *t, int64_t fde, int64_t fre);
/* "KEY":{"outcome":..,"fde":..,"fre":..[,"cfa","ra","fp"]} */
void answer_json(const char *key, const answer_text *t, int64_t fde, int64_t fre);
/* The spec's walk of the snapshot (sf: snap->max_frames frames) printed
 * after a reader's (kf, nk frames), and the first frame whose pc, sp or fp
 * differ; 1 when they differ. */
int answer_spec_walk(int json, const sfr_section *sec, const snapshot *snap, const sfr_regs *kf,
                     size_t nk, sfr_regs *sf);
#endif
