/* SPDX-License-Identifier: MIT */
/* pltmain.c - calls into another object through every kind of PLT entry a
 * linker makes (producers/matrix.sh): plt_leaf and plt_with_frame by plain
 * calls (.plt, or .plt.sec with IBT), plt_apply and plt_recurse whose
 * addresses are also taken (a GOT entry as well: x86-64 ld's .plt.got), and
 * callbacks from the library into the program.
 *
 * Usage: pltmain [ROUNDS]   (default 50).  Prints one checksum line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

uint64_t plt_leaf(uint64_t x);
uint64_t plt_with_frame(uint64_t x);
uint64_t plt_apply(uint64_t (*fn)(uint64_t), uint64_t x, unsigned n);
uint64_t plt_recurse(uint64_t (*fn)(uint64_t), unsigned depth, uint64_t x);

volatile uint64_t main_sink;

NOINLINE static uint64_t callback(uint64_t x) { return plt_leaf(x) + plt_with_frame(x >> 3); }

/* Addresses of library functions taken in code (a GOT load in position-
 * independent code), so that their calls go through the GOT too. */
uint64_t (*volatile apply_ptr)(uint64_t (*)(uint64_t), uint64_t, unsigned);
uint64_t (*volatile recurse_ptr)(uint64_t (*)(uint64_t), unsigned, uint64_t);

int main(int argc, char **argv) {
  unsigned rounds = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 50;
  uint64_t acc = 0;
  apply_ptr = plt_apply;
  recurse_ptr = plt_recurse;
  for (unsigned r = 0; r < rounds; r++) {
    acc += plt_leaf(r);
    acc ^= plt_with_frame(acc);
    acc += plt_apply(callback, acc, 3);
    acc += apply_ptr(callback, r, 2);
    acc += plt_recurse(callback, r % 7, acc);
    acc += recurse_ptr(callback, 2, r);
  }
  main_sink = acc;
  printf("pltmain: %u rounds, checksum %016llx\n", rounds, (unsigned long long)acc);
  return 0;
}
