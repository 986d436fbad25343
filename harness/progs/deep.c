/* SPDX-License-Identifier: MIT */
/* deep.c - truth case: a deep shadow stack, and (optionally) a return
 * address overwritten in memory while the program runs.  descend()
 * recurses DEPTH frames (a volatile local and the use of the result after
 * the call keep it a real recursion at -O2); the bottom frame calls leaf(),
 * a loop of ITERS iterations of arithmetic, so most instructions execute
 * with DEPTH of our frames on the stack.
 *
 * CORRUPT=K (1 <= K <= DEPTH; 0, the default, means off): the descend
 * frame at level K - level 1 is the call from main, level K the K-th
 * descend frame, level DEPTH the bottom - records the address of its own
 * saved return address, (void **)__builtin_frame_address(0) + 1, which is
 * the slot above the saved frame pointer on x86-64 and in the AArch64 frame
 * record.  The bottom frame overwrites that slot with BOGUS_RA, runs the
 * leaf loop, and puts the original back before anything returns, so the
 * program still exits 0.  Meanwhile an unwinder that reads the slot must
 * get the caller of level K wrong (the truth, built from executed calls,
 * does not change), and a checker that caches what it read from the stack
 * must notice the store.  Meant for builds with -fno-omit-frame-pointer
 * on x86-64 and AArch64 (GCC gives descend a frame pointer even with
 * -fomit-frame-pointer, because it calls __builtin_frame_address(0));
 * refused (exit 2) on other architectures.  Level K first checks that the
 * slot holds __builtin_return_address(0) (skipped with AArch64 pac-ret,
 * where the saved copy is signed).
 *
 * Usage: deep [DEPTH [ITERS [CORRUPT]]]   (defaults 1000 2000 0).  Prints
 * a checksum; exit 0, 2 on bad arguments, 3 when the slot at level K does
 * not hold the return address. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))
#define BOGUS_RA ((void *)0x1234)

static unsigned depth = 1000, iters = 2000, corrupt_level;
static void **slot; /* level corrupt_level's saved return address */
volatile uint64_t sink;

/* Stores to sink, so the call cannot move across the volatile store of
 * BOGUS_RA or its undoing. */
NOINLINE static uint64_t leaf(unsigned n, uint64_t x) {
  for (unsigned i = 0; i < n; i++) {
    for (unsigned j = 0; j < 8; j++) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
    }
    x += i * 0x9e3779b9u;
  }
  sink = x;
  return x;
}

NOINLINE static uint64_t descend(unsigned level, uint64_t x) {
  volatile unsigned here = level;
  uint64_t r;
  if (level == corrupt_level) {
    slot = (void **)__builtin_frame_address(0) + 1;
#ifndef __ARM_FEATURE_PAC_DEFAULT /* with pac-ret the saved copy is signed */
    if (*(void *volatile *)slot != __builtin_return_address(0)) {
      fprintf(stderr, "deep: level %u: no return address above the frame pointer\n", level);
      exit(3);
    }
#endif
  }
  if (level >= depth) {
    void *saved = NULL;
    if (slot) {
      saved = *(void *volatile *)slot;
      *(void *volatile *)slot = BOGUS_RA;
    }
    r = leaf(iters, x);
    if (slot)
      *(void *volatile *)slot = saved;
  } else {
    r = descend(level + 1, x * 3 + level);
  }
  return r * 5 + here;
}

int main(int argc, char **argv) {
  if (argc > 1)
    depth = (unsigned)strtoul(argv[1], NULL, 0);
  if (argc > 2)
    iters = (unsigned)strtoul(argv[2], NULL, 0);
  if (argc > 3)
    corrupt_level = (unsigned)strtoul(argv[3], NULL, 0);
  if (depth < 1 || corrupt_level > depth) {
    fprintf(stderr, "usage: deep [DEPTH>=1 [ITERS [CORRUPT<=DEPTH]]]\n");
    return 2;
  }
#if !defined(__x86_64__) && !defined(__aarch64__)
  if (corrupt_level) {
    fprintf(stderr, "deep: CORRUPT is supported on x86-64 and AArch64 only\n");
    return 2;
  }
#endif
  uint64_t s = descend(1, 88172645463325252ull);
  printf("deep: depth %u, iters %u, corrupt %u, checksum %016llx\n", depth, iters, corrupt_level,
         (unsigned long long)(s ^ sink));
  return 0;
}
