/* SPDX-License-Identifier: MIT */
/* plt-main.c - the program of harness/tests/qemu/shared.bats (PIE): calls
 * plt-lib's functions through its PLT (lazily bound, or with -z now), is
 * called back from the library (the unwind from the library into the
 * program needs both sections), and takes lib_leaf's address and calls it
 * directly too (on x86-64 ld then calls it through .plt.got).
 * Usage: plt-main [ROUNDS] */
#include <stdio.h>
#include <stdlib.h>

extern int lib_work(int, int (*)(int));
extern int lib_leaf(int);

static volatile int sink;

__attribute__((noinline)) static int callback(int i) {
  sink = i;
  return lib_leaf(i) ^ 5; /* from the library's frame, back into it */
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100, s = 0;
  int (*volatile fp)(int) = lib_leaf; /* its address taken: a GOT slot */
  for (int r = 0; r < n; r++)
    s += lib_work(10, callback) + fp(r) + lib_leaf(r);
  printf("sum %d\n", s);
  return 0;
}
