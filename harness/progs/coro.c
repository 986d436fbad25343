/* SPDX-License-Identifier: MIT */
/* coro.c - truth case: stack switches.  Two coroutines made with
 * getcontext/makecontext run on 64 KiB stacks from malloc; swapcontext
 * moves between them and main, always from the bottom of a 5-deep
 * recursion, so each switch leaves a stack of our frames suspended and
 * resumes another one (SP jumps between unrelated regions; the frame
 * below a coroutine's body is glibc's __start_context, reached through
 * uc_link when the body returns).  One round: main works, switches to A;
 * A works, switches to B (a direct coroutine-to-coroutine switch); B
 * works, switches back to main.  After the last round main resumes A and
 * then B once more so that both bodies return.
 *
 * Usage: coro [ROUNDS]   (default 200).  Prints the counters and a
 * checksum; exit 0 when every party did ROUNDS rounds and both coroutines
 * returned, 1 otherwise, 2 when out of memory or getcontext fails. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

#define NOINLINE __attribute__((noinline))
#define STACK_SIZE (64 * 1024)

static ucontext_t main_ctx, co_ctx[2];
static unsigned rounds = 200;
static unsigned co_rounds[2], co_done[2], main_rounds;
volatile uint64_t sink;

NOINLINE static uint64_t mix(uint64_t a, uint64_t b) {
  for (int i = 0; i < 6; i++)
    a = (a ^ (b + (uint64_t)i)) * 0x100000001b3ull;
  return a;
}

/* Coroutine WHO hands over to the next party: A to B, B to main. */
NOINLINE static void yield(int who) {
  swapcontext(&co_ctx[who], who == 0 ? &co_ctx[1] : &main_ctx);
}

/* Recurses N deep and switches away at the bottom. */
NOINLINE static uint64_t dig(int who, int n) {
  volatile uint64_t here = (uint64_t)(n * 16 + who);
  uint64_t r;
  if (n == 0) {
    r = mix(here, 1);
    yield(who);
  } else {
    r = dig(who, n - 1);
  }
  return mix(r, here);
}

NOINLINE static void body(int who) {
  for (unsigned i = 0; i < rounds; i++) {
    sink += mix(i, (uint64_t)who);
    sink += dig(who, 5);
    co_rounds[who]++;
  }
  co_done[who] = 1;
  /* returning resumes uc_link, which is main_ctx */
}

NOINLINE static uint64_t main_work(unsigned r) {
  volatile uint64_t here = r;
  return mix(mix(here, 7), 9);
}

/* In a function of its own: getcontext is declared returns_twice, and GCC
 * would warn that main's loop counter might be clobbered. */
NOINLINE static int setup(int who) {
  void *stack = malloc(STACK_SIZE);
  if (!stack || getcontext(&co_ctx[who]) != 0)
    return -1;
  co_ctx[who].uc_stack.ss_sp = stack;
  co_ctx[who].uc_stack.ss_size = STACK_SIZE;
  co_ctx[who].uc_link = &main_ctx;
  makecontext(&co_ctx[who], (void (*)(void))body, 1, who);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1)
    rounds = (unsigned)strtoul(argv[1], NULL, 0);
  for (int i = 0; i < 2; i++) {
    if (setup(i) != 0) {
      fprintf(stderr, "coro: cannot set up coroutine %d\n", i);
      return 2;
    }
  }
  for (unsigned r = 0; r < rounds; r++) {
    sink += main_work(r);
    main_rounds++;
    swapcontext(&main_ctx, &co_ctx[0]);
  }
  /* Both bodies are suspended at their last switch: let them return. */
  swapcontext(&main_ctx, &co_ctx[0]);
  swapcontext(&main_ctx, &co_ctx[1]);
  printf("coro: %u rounds, main %u, A %u%s, B %u%s, checksum %016llx\n", rounds, main_rounds,
         co_rounds[0], co_done[0] ? " done" : "", co_rounds[1], co_done[1] ? " done" : "",
         (unsigned long long)sink);
  int ok = main_rounds == rounds && co_rounds[0] == rounds && co_rounds[1] == rounds &&
           co_done[0] && co_done[1];
  return ok ? 0 : 1;
}
