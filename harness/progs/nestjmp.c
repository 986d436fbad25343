/* SPDX-License-Identifier: MIT */
/* nestjmp.c - truth case: non-local exits, nested setjmp.  Every longjmp
 * lands on ONE setjmp call site (in protect) but at many different depths:
 * the return point's address is always the same, only its SP tells the
 * frames apart.  protect(f, n) runs f(n) under its own jmp_buf, linked to
 * the enclosing one through the global cur; level(n) throws at n == 0 and
 * otherwise runs level(n - 1) under protect and rethrows when that threw,
 * so one throw climbs all the way up, one protect frame at a time.
 *
 * Usage: nestjmp [REPS]   (default 10; each rep is protect(level, 10)).
 * Prints the number of throws that arrived at the top; exit 0 when it is
 * REPS, 1 otherwise. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

static jmp_buf *cur;
volatile unsigned sink;

/* noclone: no protect.constprop copy calling level directly. */
__attribute__((noinline, noclone)) static int protect(void (*f)(int), int n) {
  jmp_buf here;
  jmp_buf *volatile saved = cur;
  cur = &here;
  if (setjmp(here)) {
    cur = saved;
    return 1;
  }
  f(n);
  cur = saved;
  return 0;
}

NOINLINE static void level(int n) {
  sink += (unsigned)n;
  if (n == 0)
    longjmp(*cur, 1);
  if (protect(level, n - 1))
    longjmp(*cur, 1); /* rethrow to the next protect up */
  sink += 1;
}

int main(int argc, char **argv) {
  unsigned reps = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 10;
  unsigned throws = 0;
  for (unsigned i = 0; i < reps; i++)
    throws += (unsigned)protect(level, 10);
  printf("nestjmp: %u reps, %u throws arrived, sink %u\n", reps, throws, sink);
  return throws == reps ? 0 : 1;
}
