/* SPDX-License-Identifier: CC0-1.0 */
/* Recursion: plain, mutual and tail recursion, plus small leaf functions.
   Part of the real-section corpus (corpus/real/regen.sh): compiled at -O0,
   -O2 and -Os, assembled with --gsframe, and its .sframe compared with
   objdump --sframe.  Exit status depends on argc so nothing folds away.
   On AArch64 some functions sign their return address (PAuth pac-ret),
   which SFrame records as a mangled RA. */
#include <stdlib.h>

#if defined(__aarch64__)
#define SIGNED __attribute__((target("branch-protection=pac-ret")))
#define SIGNED_LEAF __attribute__((target("branch-protection=pac-ret+leaf")))
#else
#define SIGNED
#define SIGNED_LEAF
#endif

/* Leaf: no calls, no stack frame at -O2. */
SIGNED_LEAF __attribute__((noinline)) static unsigned leaf_mix(unsigned a, unsigned b)
{
  return (a * 2654435761u) ^ (b >> 3);
}

SIGNED __attribute__((noinline)) static long fib(int n)
{
  if (n < 2)
    return n;
  return fib(n - 1) + fib(n - 2);
}

__attribute__((noinline)) static unsigned long ackermann(unsigned long m, unsigned long n)
{
  while (m != 0) {
    if (n == 0) {
      n = 1;
    } else {
      n = ackermann(m, n - 1);
    }
    m--;
  }
  return n + 1;
}

static int is_odd(unsigned n);

SIGNED __attribute__((noinline)) static int is_even(unsigned n)
{
  return n == 0 ? 1 : is_odd(n - 1);
}

__attribute__((noinline)) static int is_odd(unsigned n)
{
  return n == 0 ? 0 : is_even(n - 1);
}

struct node {
  struct node *left, *right;
  int value;
};

/* Recursion over a tree that lives on the caller's stack. */
__attribute__((noinline)) static int tree_sum(const struct node *t, int depth)
{
  if (t == NULL)
    return 0;
  return t->value * depth + tree_sum(t->left, depth + 1) + tree_sum(t->right, depth + 1);
}

__attribute__((noinline)) static int build_and_sum(int levels, int seed)
{
  struct node n = { NULL, NULL, seed };
  struct node l = { NULL, NULL, seed + 1 };
  struct node r = { NULL, NULL, seed + 2 };
  if (levels > 0) {
    n.left = &l;
    n.right = &r;
    l.value += build_and_sum(levels - 1, seed * 3);
  }
  return tree_sum(&n, 1);
}

int main(int argc, char **argv)
{
  (void)argv;
  int n = argc + 9;
  long r = fib(n);
  r += (long)ackermann(2, (unsigned long)argc);
  r += is_even((unsigned)n * 7u);
  r += build_and_sum(argc + 3, argc);
  r ^= leaf_mix((unsigned)r, (unsigned)argc);
  return (int)(r & 0x7f);
}
