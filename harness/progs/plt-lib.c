/* SPDX-License-Identifier: MIT */
/* plt-lib.c - the shared object of harness/tests/qemu/shared.bats: its own
 * .sframe, called by plt-main through the program's PLT, calling its own
 * exported function through its own PLT (interposable), and calling back
 * into the program. */
typedef int (*cb_t)(int);

__attribute__((noinline)) int lib_leaf(int x) { return x * 3 + 1; }

__attribute__((noinline)) int lib_work(int n, cb_t cb) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += cb(i) + lib_leaf(i); /* back into the program; our PLT */
  return s;
}
