/* SPDX-License-Identifier: MIT */
/* threads.c - truth case: several threads, each with its own stack and its
 * own shadow stack (one vCPU per thread under QEMU user mode), plus the
 * frames of thread start-up (clone, start_thread) under the first frame of
 * ours.  Three pthreads and main run the same recursive computation:
 * chain() recurses 20 deep with a small loop at every level; the threads
 * work on seeds 1..3, then main computes the same three values itself and
 * compares the checksums.
 *
 * Usage: threads [ROUNDS]   (default 40 chains per thread).  Prints the
 * checksum; exit 0 when the threads' checksum equals main's, 1 otherwise,
 * 2 when a thread cannot be created. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))
#define NTHREADS 3
#define DEPTH 20

static unsigned rounds = 40;

NOINLINE static uint64_t stir(uint64_t x, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    x = (x ^ (x >> 29)) * 0xbf58476d1ce4e5b9ull + i;
  return x;
}

/* Linear recursion with a loop at every level; the result is used after
 * the call, so it stays a recursion at -O2. */
NOINLINE static uint64_t chain(unsigned depth, uint64_t x) {
  volatile uint64_t here = x;
  uint64_t s = stir(x, 4 + depth % 5);
  if (depth > 0)
    s ^= chain(depth - 1, s + depth);
  return stir(s + here, 3);
}

NOINLINE static uint64_t compute(uint64_t seed) {
  uint64_t s = seed;
  for (unsigned r = 0; r < rounds; r++)
    s += chain(DEPTH, s ^ ((uint64_t)r << 32));
  return s;
}

static void *worker(void *arg) {
  uint64_t *slot = arg;
  *slot = compute(*slot);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1)
    rounds = (unsigned)strtoul(argv[1], NULL, 0);
  pthread_t tid[NTHREADS];
  uint64_t result[NTHREADS];
  for (unsigned i = 0; i < NTHREADS; i++) {
    result[i] = i + 1;
    int e = pthread_create(&tid[i], NULL, worker, &result[i]);
    if (e != 0) {
      fprintf(stderr, "threads: pthread_create: error %d\n", e);
      return 2;
    }
  }
  for (unsigned i = 0; i < NTHREADS; i++)
    pthread_join(tid[i], NULL);
  uint64_t theirs = 0, ours = 0;
  for (unsigned i = 0; i < NTHREADS; i++) {
    theirs = theirs * 31 + result[i];
    ours = ours * 31 + compute(i + 1);
  }
  printf("threads: %d threads, %u rounds, checksum %016llx %s\n", NTHREADS, rounds,
         (unsigned long long)ours, theirs == ours ? "ok" : "MISMATCH");
  return theirs == ours ? 0 : 1;
}
