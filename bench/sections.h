/* SPDX-License-Identifier: MIT */
/* sections.h - what bench builds from a section besides timing it
 * (sections.c): the synthetic frame-pointer stacks' memory and rows and
 * the frame-pointer walk (the floor of unwinding), and the section's
 * reordered and faulted copies (what validation must sort and reject). */
#ifndef BENCH_SECTIONS_H
#define BENCH_SECTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "sframe_ref.h"

/* The stacks' memory, from UNW_BASE: UNW_STACKS stacks of UNW_DEPTH frames. */
#define UNW_STACKS 1000u
#define UNW_DEPTH 16u
#define UNW_FRAME 32u /* bytes per frame: 16 of locals, saved FP, RA */
#define UNW_STRIDE (UNW_FRAME * (UNW_DEPTH + 1))
#define UNW_BASE 0x7ff000000000u

typedef struct stack_mem {
  uint8_t *bytes;
  size_t n;
} stack_mem;

int read_stack(void *ctx, uint64_t addr, uint8_t *out, size_t n);
void put64(uint8_t *p, uint64_t v);
unsigned fp_rows(const sfr_section *sec, uint64_t *out, unsigned max);
unsigned fp_walk(const sfr_unwind_ctx *uc, uint64_t pc, uint64_t fp, uint64_t *pcs, unsigned max);
int permuted_copy(const sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                  int shuffle, uint8_t *out);
int faulted_copy(const sfr_section *sec, const uint8_t *buf, size_t len, int shared,
                 uint8_t *out);

#endif
