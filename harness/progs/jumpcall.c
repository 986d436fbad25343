/* SPDX-License-Identifier: MIT */
/* jumpcall.c - truth case: calls that are not call instructions (AArch64
 * and s390x).
 *  - jump_call(fn, x) sets the link register by hand to a label inside
 *    itself and jumps to fn through another register (libffi's s390x
 *    ffi_call_SYSV calls its target so): fn returns to the label.  The
 *    harness must push a frame there, or every instruction of fn and its
 *    callees has a wrong caller below it.
 *  - release(o) jumps to o->release (a tail call, no frame of its own),
 *    which is often the function that called release: a nested object
 *    released by its parent's obj_release (CPython's _Py_Dealloc and a
 *    type's dealloc).  At the callee's first instruction the SP is the one
 *    release's frame was called with and the code is release's caller's
 *    function: the harness must not take that for a landing pad.
 *
 * Usage: jumpcall [REPS]  (default 20).  Prints the sum of the calls and
 * the objects released; exit 0 when both are what REPS gives. */
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

long jump_call(long (*fn)(long), long x);

#if defined(__s390x__)
__asm__(".text\n"
        ".globl jump_call\n"
        ".type jump_call,@function\n"
        "jump_call:\n"
        ".cfi_startproc\n"
        "  stmg %r14,%r15,112(%r15)\n"
        ".cfi_offset %r14,-48\n"
        ".cfi_offset %r15,-40\n"
        "  lay %r15,-160(%r15)\n"
        ".cfi_def_cfa_offset 320\n"
        "  lgr %r1,%r2\n"
        "  lgr %r2,%r3\n"
        "  larl %r14,1f\n"
        "  br %r1\n"
        "1:\n"
        "  lmg %r14,%r15,272(%r15)\n"
        ".cfi_restore %r14\n"
        ".cfi_restore %r15\n"
        ".cfi_def_cfa_offset 160\n"
        "  br %r14\n"
        ".cfi_endproc\n"
        ".size jump_call,.-jump_call\n");
#elif defined(__aarch64__)
__asm__(".text\n"
        ".globl jump_call\n"
        ".type jump_call,%function\n"
        "jump_call:\n"
        ".cfi_startproc\n"
        "  stp x29, x30, [sp, -16]!\n"
        ".cfi_def_cfa_offset 16\n"
        ".cfi_offset 29, -16\n"
        ".cfi_offset 30, -8\n"
        "  mov x29, sp\n"
        "  mov x9, x0\n"
        "  mov x0, x1\n"
        "  adr x30, 1f\n"
        "  br x9\n"
        "1:\n"
        "  ldp x29, x30, [sp], 16\n"
        ".cfi_restore 29\n"
        ".cfi_restore 30\n"
        ".cfi_def_cfa_offset 0\n"
        "  ret\n"
        ".cfi_endproc\n"
        ".size jump_call,.-jump_call\n");
#else
#error "jumpcall.c: AArch64 and s390x only (x86-64 has no link register)"
#endif

volatile long sink;

NOINLINE static long square(long x) {
  sink = x;
  return x * x;
}

/* The target: calls below it, so that frames under the jump are checked. */
NOINLINE static long work(long x) {
  long s = 0;
  for (long i = 0; i < 4; i++)
    s += square(x + i);
  return s;
}

typedef struct obj {
  struct obj *child;
  void (*release)(struct obj *);
} obj;

static long released;

/* A tail call through the object's own function (no frame here). */
NOINLINE void release(obj *o) { o->release(o); }

NOINLINE static void obj_release(obj *o) {
  if (o->child)
    release(o->child);
  sink = (long)o;
  released++;
  free(o);
}

static obj *chain(int n) {
  obj *top = NULL;
  for (int i = 0; i < n; i++) {
    obj *o = malloc(sizeof *o);
    if (!o)
      exit(2);
    o->child = top;
    o->release = obj_release;
    top = o;
  }
  return top;
}

int main(int argc, char **argv) {
  long reps = argc > 1 ? strtol(argv[1], NULL, 10) : 20, sum = 0, want = 0;
  for (long r = 0; r < reps; r++) {
    sum += jump_call(work, r);
    for (long i = 0; i < 4; i++)
      want += (r + i) * (r + i);
    obj_release(chain(30)); /* called: its frame's function is obj_release */
  }
  printf("%ld calls summed %ld, %ld objects released\n", reps, sum, released);
  return sum == want && released == reps * 30 ? 0 : 1;
}
