/* SPDX-License-Identifier: MIT */
/* unwind.h - `sfref unwind`: a register and memory snapshot (decoder/SNAPSHOT.md)
 * unwound with the oracle (spec appendix A). */
#ifndef SFREF_UNWIND_H
#define SFREF_UNWIND_H

#include <stdio.h>

#include "sframe_ref.h"

/* One byte range of target memory. */
typedef struct snap_mem {
  uint64_t addr;
  size_t len;
  uint8_t *bytes;
} snap_mem;

typedef struct snapshot {
  sfr_regs regs;        /* pc, sp, fp, ra (ra_valid), gpr[] (gpr_valid) */
  uint64_t pauth_mask;  /* `pauth-mask`, default 0 */
  size_t max_frames;    /* `max-frames`, default 64, at most SNAP_MAX_FRAMES */
  snap_mem *mem;
  size_t nmem;
} snapshot;

#define SNAP_MAX_FRAMES 4096

/* Reads a snapshot file.  Returns 0, or -1 with a message in err
 * ("LINE: what") on a syntax error or overlapping memory. */
int snapshot_read(FILE *f, snapshot *s, char *err, size_t errlen);
void snapshot_free(snapshot *s);

/* The memory callback over a snapshot's ranges (sfr_read_mem_fn). */
int snapshot_read_mem(void *ctx, uint64_t addr, uint8_t *out, size_t n);

/* The spec's walk of the snapshot (sfr_backtrace) into frames (max_frames
 * of them): the number of frames, *why the stop reason. */
size_t snapshot_backtrace(const sfr_section *sec, const snapshot *s, sfr_regs *frames,
                          sfr_stop *why);

/* Unwinds the snapshot and prints the frames: text, or the canonical JSON
 * of decoder/JSON.md when json is set.  Returns the stop reason. */
sfr_stop unwind_print(FILE *out, const sfr_section *sec, const snapshot *s, int json);

#endif
