/* SPDX-License-Identifier: CC0-1.0 */
/* A switch with many cases (a jump table), a table of handlers called
   through pointers, and noreturn paths (abort, exit, a noreturn helper the
   compiler may reach by a jump).  Part of the real-section corpus
   (corpus/real/regen.sh). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noreturn, noinline)) static void fail(const char *what, int code)
{
  fprintf(stderr, "dispatch: %s (%d)\n", what, code);
  exit(3);
}

__attribute__((noinline)) static int step(int op, int acc)
{
  switch (op) {
  case 0: return acc + 1;
  case 1: return acc - 7;
  case 2: return acc * 3;
  case 3: return acc / 5;
  case 4: return acc ^ 0x55;
  case 5: return acc << 2;
  case 6: return acc >> 1;
  case 7: return acc | 0x100;
  case 8: return acc & 0xffff;
  case 9: return acc % 97;
  case 10: return -acc;
  case 11: return ~acc;
  case 12: return acc + 1000;
  case 13: return acc * acc;
  case 14: return acc - 12345;
  case 15: return acc + op * op;
  case 16: return acc ^ (acc >> 7);
  case 17: return acc * 17 + 3;
  case 18: return acc / 3 + 1;
  case 19: return acc + 19;
  case 20: return acc * 5 - 1;
  case 21: return acc ^ 0x21212121;
  case 22: return (acc << 3) | (acc >> 29);
  case 23: return acc + 23 * 23;
  default: fail("bad opcode", op);
  }
}

__attribute__((noinline)) static int checked_div(int a, int b)
{
  if (b == 0)
    abort();
  return a / b;
}

struct handler {
  const char *name;
  int (*fn)(int, int);
};

__attribute__((noinline)) static int h_add(int a, int b) { return a + b; }
__attribute__((noinline)) static int h_sub(int a, int b) { return a - b; }
__attribute__((noinline)) static int h_div(int a, int b) { return checked_div(a, b | 1); }

static const struct handler handlers[] = {
  { "add", h_add }, { "sub", h_sub }, { "div", h_div },
};

__attribute__((noinline)) static int run(const unsigned char *prog, int n, int acc)
{
  for (int i = 0; i < n; i++) {
    unsigned op = prog[i];
    if (op < 24)
      acc = step((int)op, acc);
    else if (op - 24 < sizeof handlers / sizeof handlers[0])
      acc = handlers[op - 24].fn(acc, i + 1);
    else
      fail("opcode out of range", (int)op);
  }
  return acc;
}

int main(int argc, char **argv)
{
  static const unsigned char prog[] = { 0, 2, 5, 9, 24, 13, 3, 25, 17, 21, 26, 22, 8, 23, 11, 6 };
  (void)argv;
  if (argc > 100)
    fail("too many arguments", argc);
  return run(prog, (int)sizeof prog, argc) & 0x7f;
}
