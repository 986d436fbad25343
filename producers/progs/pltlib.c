/* SPDX-License-Identifier: MIT */
/* pltlib.c - the library half of pltmain (producers/matrix.sh): functions
 * the program reaches through its PLT (lazily bound, or bound at load with
 * -z now), one that calls back into the program, and one that recurses so
 * that a library frame sits between frames of the program.  Linked into the
 * program itself in the static ways of linking, into libplt.so otherwise. */
#include <stdint.h>

#define NOINLINE __attribute__((noinline))

volatile uint64_t plt_sink;

NOINLINE uint64_t plt_leaf(uint64_t x) { return x * 2654435761u + 7; }

NOINLINE uint64_t plt_with_frame(uint64_t x) {
  volatile uint64_t buf[40];
  for (unsigned i = 0; i < 40; i++)
    buf[i] = x + i;
  return plt_leaf(buf[x % 40]) ^ buf[3];
}

/* Calls back into the program: an unwind from the callback crosses the
 * library's frame into the program's. */
NOINLINE uint64_t plt_apply(uint64_t (*fn)(uint64_t), uint64_t x, unsigned n) {
  uint64_t acc = 0;
  for (unsigned i = 0; i < n; i++)
    acc += fn(x + i);
  plt_sink = acc;
  return acc;
}

NOINLINE uint64_t plt_recurse(uint64_t (*fn)(uint64_t), unsigned depth, uint64_t x) {
  if (depth == 0)
    return fn(x);
  return plt_recurse(fn, depth - 1, x * 3 + 1) + 1;
}
