/* SPDX-License-Identifier: MIT */
/* unwind.c - fuzz target: a section, a register state and a memory image,
 * all from the input:
 *   bytes 0-7 pc, 8-15 sp, 16-23 fp, 24-31 ra, 32 flags (bit 0: ra valid),
 *   33 the frame limit (1-64), 34-41 the memory image's address, 42-43 its
 *   length L (little-endian, at most the bytes left), L bytes of memory,
 *   then the section (address 0x1000 + the low 16 bits of pc's high half).
 * Unwinding the whole stack stops within the frame limit, reads memory
 * only through the callback (which refuses anything outside the image),
 * and asks for 8-byte reads only, a bounded number per frame.  Whatever
 * the section, an accepted or an invalid one. */
#include <string.h>

#include "fuzz_check.h"
#include "sframe_ref.h"

#define MAX_FRAMES 64

typedef struct image {
  uint64_t base;
  const uint8_t *bytes;
  size_t len;
  unsigned long reads;
} image;

static int read_mem(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  image *m = ctx;
  m->reads++;
  FUZZ_CHECK(n == 8, "the unwinder reads 8-byte words");
  if (addr < m->base || addr - m->base > m->len || m->len - (addr - m->base) < n)
    return -1;
  memcpy(out, m->bytes + (addr - m->base), n);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *p = data;
  size_t len = size, n, i;
  sfr_regs start, frames[MAX_FRAMES];
  sfr_unwind_ctx uc;
  sfr_section sec;
  sfr_finding items[8];
  sfr_report rep;
  image m;
  sfr_stop why = SFR_STOP_NONE;
  unsigned limit;

  memset(&start, 0, sizeof start);
  start.pc = fuzz_take(&p, &len, 8);
  start.sp = fuzz_take(&p, &len, 8);
  start.fp = fuzz_take(&p, &len, 8);
  start.ra = fuzz_take(&p, &len, 8);
  start.ra_valid = (uint8_t)(fuzz_take(&p, &len, 1) & 1u);
  limit = (unsigned)fuzz_take(&p, &len, 1) % MAX_FRAMES + 1;
  memset(&m, 0, sizeof m);
  m.base = fuzz_take(&p, &len, 8);
  m.len = (size_t)fuzz_take(&p, &len, 2);
  if (m.len > len)
    m.len = len;
  m.bytes = p;
  p += m.len;
  len -= m.len;
  /* A few registers for flexible rules, from the memory image's start. */
  for (i = 0; i < 4 && i * 8 + 8 <= m.len; i++) {
    unsigned r = (unsigned)(m.bytes[i * 8] % SFR_MAX_REGS);
    memcpy(&start.gpr[r], m.bytes + i * 8, 8);
    start.gpr_valid |= (uint64_t)1 << r;
  }

  memset(&rep, 0, sizeof rep);
  rep.items = items;
  rep.cap = 8;
  fuzz_validate(&sec, p, len, 0x1000 + ((start.pc >> 32) & 0xffffu), &rep);
  if (rep.by_class[SFR_CLASS_MALFORMED])
    return 0;
  uc.sec = &sec;
  uc.read_mem = read_mem;
  uc.mem_ctx = &m;
  uc.pauth_mask = start.ra ^ start.fp;
  n = sfr_backtrace(&uc, &start, frames, limit, &why);
  FUZZ_CHECK(n >= 1 && n <= limit, "a backtrace has between 1 and limit frames");
  FUZZ_CHECK((n == limit) == (why == SFR_STOP_FRAME_LIMIT), "frame-limit exactly at the limit");
  FUZZ_CHECK(why != SFR_STOP_NONE, "a backtrace says why it stopped");
  FUZZ_CHECK(m.reads <= 3 * n, "at most three memory reads per frame (CFA, RA, FP)");
  for (i = 1; i < n; i++)
    FUZZ_CHECK(frames[i].sp > frames[i - 1].sp || (i == 1 && frames[i].sp == frames[0].sp),
               "the stack pointer grows (equal only from the topmost frame)");
  return 0;
}
