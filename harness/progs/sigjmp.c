/* SPDX-License-Identifier: MIT */
/* sigjmp.c - truth case: signal handlers, entered without a call and left
 * by the restorer or by siglongjmp.  Three handlers, all installed with
 * sigaction and all triggered synchronously with raise(), so every run is
 * the same (no timers, no faults):
 *
 *   SIGUSR1  on_usr1 returns normally; raised from call depths 1, 3 and 6;
 *   SIGUSR2  on_usr2 leaves with siglongjmp to a sigsetjmp five frames above
 *            the raise (the handler's frame and the restorer's are dropped);
 *   SIGHUP   on_hup calls our functions, recursing 3 deep inside the
 *            handler, and the deepest of them raises SIGUSR1: a handler
 *            running on top of a handler.
 *
 * Usage: sigjmp [ROUNDS]   (default 50).  Prints the counts and a checksum;
 * exit 0 when each handler ran as often as expected, 1 otherwise. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

volatile uint64_t sink;
static volatile sig_atomic_t usr1_seen, usr2_seen, hup_seen, jumps_landed;
static sigjmp_buf escape;

NOINLINE static uint64_t mix(uint64_t a, uint64_t b) {
  for (int i = 0; i < 8; i++)
    a = (a ^ b) * 0x9e3779b97f4a7c15ull + (uint64_t)i;
  return a;
}

/* Raises SIG after descending N frames; a volatile local and the use of
 * the result after the call keep each level a real frame. */
NOINLINE static uint64_t raise_at(int sig, int n) {
  volatile uint64_t here = (uint64_t)n;
  uint64_t r;
  if (n == 0) {
    raise(sig);
    r = 1;
  } else {
    r = raise_at(sig, n - 1);
  }
  return mix(r, here);
}

NOINLINE static void on_usr1(int sig) {
  usr1_seen++;
  sink += mix((uint64_t)sig, (uint64_t)usr1_seen);
}

NOINLINE static void on_usr2(int sig) {
  usr2_seen++;
  sink += mix((uint64_t)sig, 2);
  siglongjmp(escape, 1);
}

/* Recursion inside a handler. */
NOINLINE static uint64_t in_handler(int n) {
  volatile uint64_t here = (uint64_t)n * 7;
  uint64_t r;
  if (n == 0) {
    raise(SIGUSR1); /* delivered on top of on_hup's frame */
    r = mix(here, 5);
  } else {
    r = in_handler(n - 1);
  }
  return mix(r, here);
}

NOINLINE static void on_hup(int sig) {
  hup_seen++;
  sink += in_handler(3) + (uint64_t)sig;
}

NOINLINE static void install(int sig, void (*fn)(int)) {
  struct sigaction sa = {0};
  sa.sa_handler = fn;
  sigemptyset(&sa.sa_mask);
  if (sigaction(sig, &sa, NULL) != 0) {
    perror("sigaction");
    exit(2);
  }
}

/* The sigsetjmp five frames above the raise of SIGUSR2. */
NOINLINE static void jump_round(unsigned r) {
  if (sigsetjmp(escape, 1) == 0) {
    sink += raise_at(SIGUSR2, 5); /* does not come back */
    sink += 1000000;              /* never reached */
  } else {
    jumps_landed++;
    sink += mix(r, 3);
  }
}

NOINLINE static void round_of_signals(unsigned r) {
  sink += raise_at(SIGUSR1, 1);
  sink += raise_at(SIGUSR1, 3);
  sink += raise_at(SIGUSR1, 6);
  jump_round(r);
  sink += raise_at(SIGHUP, 2);
}

int main(int argc, char **argv) {
  unsigned rounds = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 50;
  install(SIGUSR1, on_usr1);
  install(SIGUSR2, on_usr2);
  install(SIGHUP, on_hup);
  for (unsigned r = 0; r < rounds; r++)
    round_of_signals(r);
  printf("sigjmp: %u rounds, usr1 %d, usr2 %d, jumps %d, hup %d, checksum %016llx\n", rounds,
         (int)usr1_seen, (int)usr2_seen, (int)jumps_landed, (int)hup_seen,
         (unsigned long long)sink);
  int ok = (unsigned)usr1_seen == 4 * rounds && (unsigned)usr2_seen == rounds &&
           (unsigned)jumps_landed == rounds && (unsigned)hup_seen == rounds;
  return ok ? 0 : 1;
}
