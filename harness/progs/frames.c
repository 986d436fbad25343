/* SPDX-License-Identifier: MIT */
/* frames.c - the shapes of frame an SFrame unwinder must get right, each
 * executed many times: leaf functions, frame-pointer and frameless bodies,
 * frames big enough for 2- and 4-byte data words, alloca and VLAs,
 * over-aligned locals (stack realignment; DRAP on x86-64), tail calls,
 * mutual recursion, a noreturn call as a function's last instruction, a
 * signal handler, varargs, hot/cold split functions, a qsort callback (a
 * libc frame between two of ours) and longjmp out of deep recursion.
 *
 * Usage: frames [ROUNDS]   (default 200).  Prints one checksum line; the
 * harness checks only that it exits 0.  Volatile sinks keep the compiler
 * from folding the work away at -O2. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

volatile uint64_t sink;
static jmp_buf escape;

NOINLINE static uint64_t leaf_add(uint64_t a, uint64_t b) { return a * 31 + b; }

NOINLINE static uint64_t leaf_loop(const uint8_t *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/* A frame of more than 255 bytes: a 2-byte data word. */
NOINLINE static uint64_t medium_frame(unsigned seed) {
  volatile uint8_t buf[600];
  for (unsigned i = 0; i < sizeof buf; i++)
    buf[i] = (uint8_t)(seed + i);
  return leaf_loop((const uint8_t *)buf, sizeof buf) + leaf_add(seed, buf[7]);
}

/* A frame of more than 65535 bytes: a 4-byte data word. */
NOINLINE static uint64_t big_frame(unsigned seed) {
  volatile uint8_t buf[70000];
  buf[0] = (uint8_t)seed;
  buf[sizeof buf - 1] = (uint8_t)(seed >> 3);
  for (unsigned i = 1; i < 256; i++)
    buf[i * 271] = (uint8_t)(buf[(i - 1) * 271] + i);
  return leaf_add(buf[0], buf[sizeof buf - 1]) + medium_frame(buf[255 * 271]);
}

NOINLINE static uint64_t with_alloca(unsigned n) {
  uint8_t *p = __builtin_alloca(n + 16);
  memset(p, (int)n, n + 16);
  return leaf_loop(p, n + 16);
}

NOINLINE static uint64_t with_vla(unsigned n) {
  uint8_t v[n + 1];
  for (unsigned i = 0; i <= n; i++)
    v[i] = (uint8_t)(i * 7);
  return leaf_loop(v, n + 1) + leaf_add(n, v[n / 2]);
}

/* Over-aligned locals: the stack is realigned (DRAP on x86-64 with a VLA). */
NOINLINE static uint64_t over_aligned(unsigned n) {
  uint8_t a[64] __attribute__((aligned(64)));
  uint8_t v[n + 1];
  for (unsigned i = 0; i < sizeof a; i++)
    a[i] = (uint8_t)(i ^ n);
  for (unsigned i = 0; i <= n; i++)
    v[i] = a[i % 64];
  return leaf_loop(a, sizeof a) + leaf_loop(v, n + 1);
}

/* Tail calls: at -O2 these are jumps, and the frame stays the caller's. */
NOINLINE static uint64_t tail_b(uint64_t x) { return leaf_add(x, 3) ^ medium_frame((unsigned)x); }
NOINLINE static uint64_t tail_a(uint64_t x) {
  if (x & 1)
    return tail_b(x + 1);
  return leaf_loop((const uint8_t *)&x, sizeof x) + tail_b(x);
}

/* Mutual recursion. */
NOINLINE static uint64_t odd_depth(unsigned n);
NOINLINE static uint64_t even_depth(unsigned n) {
  if (n == 0)
    return with_vla(9);
  return odd_depth(n - 1) + 1;
}
NOINLINE static uint64_t odd_depth(unsigned n) {
  if (n == 0)
    return with_alloca(5);
  return even_depth(n - 1) * 3;
}

/* A noreturn call as the function's last instruction: its return address
 * points past the function's end. */
NOINLINE __attribute__((noreturn)) static void bail(int v) {
  sink += (uint64_t)v;
  longjmp(escape, v);
}
NOINLINE static void dive(unsigned n) {
  if (n == 0)
    bail(7);
  sink += leaf_add(n, 1);
  dive(n - 1);
  sink += 1; /* keep the recursion from becoming a loop */
}

/* Varargs. */
NOINLINE static uint64_t sum_va(int n, ...) {
  va_list ap;
  uint64_t s = 0;
  va_start(ap, n);
  for (int i = 0; i < n; i++)
    s = leaf_add(s, va_arg(ap, unsigned));
  va_end(ap);
  return s;
}

/* Hot/cold split: the unlikely path goes to a .cold part at -O2. */
NOINLINE static uint64_t hot_cold(unsigned x) {
  if (__builtin_expect(x % 97 == 0, 0)) {
    char msg[64];
    snprintf(msg, sizeof msg, "rare %u", x);
    return leaf_loop((const uint8_t *)msg, strlen(msg)) + medium_frame(x);
  }
  return leaf_add(x, x >> 2);
}

/* A libc frame between two of ours. */
NOINLINE static int by_value(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  sink += leaf_add(x, y);
  return (x > y) - (x < y);
}

static volatile sig_atomic_t signals_seen;
NOINLINE static void on_signal(int sig) {
  signals_seen++;
  sink += leaf_add((uint64_t)sig, medium_frame((unsigned)sig));
}

NOINLINE static uint64_t round_of_everything(unsigned r) {
  uint64_t s = 0;
  s += medium_frame(r);
  if (r % 16 == 0)
    s += big_frame(r);
  s += with_alloca(r % 40);
  s += with_vla(r % 50);
  s += over_aligned(r % 30);
  s += tail_a(r);
  s += even_depth(r % 24);
  s += sum_va(5, r, r + 1, r + 2, r + 3, r + 4);
  s += hot_cold(r);
  if (r % 8 == 0) {
    unsigned v[64];
    for (unsigned i = 0; i < 64; i++)
      v[i] = (i * 2654435761u) ^ r;
    qsort(v, 64, sizeof *v, by_value);
    s += v[0];
  }
  if (r % 32 == 0 && setjmp(escape) == 0)
    dive(20 + r % 30);
  if (r % 50 == 0)
    raise(SIGUSR1);
  return s;
}

int main(int argc, char **argv) {
  unsigned rounds = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 200;
  signal(SIGUSR1, on_signal);
  uint64_t s = 0;
  for (unsigned r = 0; r < rounds; r++)
    s += round_of_everything(r);
  printf("frames: %u rounds, %d signals, checksum %016llx\n", rounds, (int)signals_seen,
         (unsigned long long)(s ^ sink));
  return 0;
}
