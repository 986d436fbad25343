/* SPDX-License-Identifier: MIT */
/* kernel.h - sfref's kernel profiles (decoder/cli/kernel.c): validate,
 * findings and lookup as a generation of the Linux kernel's SFrame unwinder
 * sees the section (sframe_kernel.h; SPEC-NOTES.md N41). */
#ifndef SFREF_KERNEL_H
#define SFREF_KERNEL_H
#include <stdint.h>
#include <stdio.h>

#include "sframe_kernel.h"
#include "unwind.h"

typedef struct kernel_input {
  const char *file;    /* for messages */
  const uint8_t *sec;
  size_t len;
  uint64_t vma;
  sfk_options ko;      /* generation and text range */
  const char *text_from; /* "--text", "the ELF's executable segment" or NULL */
  int json;
} kernel_input;

/* sfref validate --profile: exit 0 when the generation (with
 * CONFIG_SFRAME_VALIDATION=y) registers the section, 1 when it refuses it. */
int kernel_validate(const kernel_input *in);
/* sfref findings --profile NAME [ID]: the generation's rules ("all-kernels":
 * every rule with a column per generation). */
int kernel_findings(const char *profile, const char *id);
/* sfref lookup --profile: the generation's answer at each PC beside the
 * spec's (sec: the validated section, or NULL when it is malformed).
 * Returns 0, or 1 when any answer differs from the spec's. */
int kernel_lookup(const kernel_input *in, const sfr_section *sec, const uint64_t *pcs, int npcs,
                  const char *mode);
/* sfref unwind --profile: the generation's walk of the snapshot (its
 * lookup, its rules, frame pointers when it has no answer) beside the
 * spec's; 0 when the frames are the same, 1 when they differ. */
int kernel_unwind(const kernel_input *in, const sfr_section *sec, const snapshot *snap);
/* The help text's list of generations, one line each. */
void kernel_list_generations(FILE *out, const char *indent);
#endif
