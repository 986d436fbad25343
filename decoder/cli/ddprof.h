/* SPDX-License-Identifier: MIT */
/* ddprof.h - sfref's profile of DataDog's java-profiler
 * (decoder/cli/ddprof.c; sframe_ddprof.h; SPEC-NOTES.md N46). */
#ifndef SFREF_DDPROF_H
#define SFREF_DDPROF_H
#include <stdint.h>
#include <stdio.h>

#include "sframe_ddprof.h"
#include "unwind.h"

typedef struct ddprof_input {
  const char *file; /* for messages */
  const uint8_t *sec; /* what the profiler reads: an ELF's PT_GNU_SFRAME
                         segment (NULL: it has none), or the raw section */
  size_t len;
  uint64_t vma;     /* its address, relative to the image base */
  const char *from; /* "PT_GNU_SFRAME" or "the raw section" */
  sfd_gen gen;
  int json;
  int verbose;      /* --every-pc: print every PC, not only the first differences */
} ddprof_input;

/* sfref validate --profile ddprof-GEN: exit 0 when the profiler uses the
 * section, 1 when it does not. */
int ddprof_validate(const ddprof_input *in);
/* sfref findings --profile ddprof-GEN|all-ddprof [ID]. */
int ddprof_findings(const char *profile, const char *id);
/* sfref lookup --profile ddprof-GEN: its answer at each PC (all: also
 * every PC of every function the spec reads) beside the spec's; 0 when
 * every answer is the spec's, 1 when any differs, 2 on errors. */
int ddprof_lookup(const ddprof_input *in, const sfr_section *sec, const uint64_t *pcs, int npcs,
                  const char *mode, int all);
/* sfref unwind --profile ddprof-GEN: the profiler's walk (StackWalker::
 * walkDwarf over its rows) beside the spec's; 0 when the frames are the
 * same, 1 when they differ, 2 on errors. */
int ddprof_unwind(const ddprof_input *in, const sfr_section *sec, const snapshot *snap);
void ddprof_list_generations(FILE *out, const char *indent);
#endif
