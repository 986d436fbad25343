/* SPDX-License-Identifier: MIT */
/* exitwith.c - the harness's arguments and exit status: prints each
 * argument after the first on a line of its own, in brackets (so that
 * blanks and shell characters show), runs a little recursion of its own
 * (so that instructions are checked), and exits with the first argument.
 *
 * Usage: exitwith STATUS [ARG...]   (exit 2 without STATUS) */
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

static NOINLINE unsigned fold(unsigned n, unsigned acc) {
  return n == 0 ? acc : fold(n - 1, acc * 31u + n) + 1;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: exitwith STATUS [ARG...]\n");
    return 2;
  }
  for (int i = 2; i < argc; i++)
    printf("[%s]\n", argv[i]);
  printf("fold %u\n", fold(50, 1));
  return atoi(argv[1]);
}
