/* SPDX-License-Identifier: MIT */
void use(char *, char *);
void f(unsigned n) {
  char a[64] __attribute__((aligned(64)));
  char v[n];
  use(a, v);
}
