/* SPDX-License-Identifier: CC0-1.0 */
/* Frames the compiler cannot describe with SP alone: alloca and a
   variable-length array (both force a frame pointer), varargs (a register
   save area), and a call through a function pointer.  Part of the
   real-section corpus (corpus/real/regen.sh). */
#include <alloca.h>
#include <stdarg.h>
#include <string.h>

__attribute__((noinline)) static int consume(const char *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s = s * 31 + p[i];
  return s;
}

/* alloca: the frame size is only known at run time. */
__attribute__((noinline)) static int with_alloca(int n)
{
  char *buf = alloca((unsigned)n + 1);
  memset(buf, 'a' + (n & 7), (unsigned)n);
  buf[n] = 0;
  return consume(buf, n);
}

/* A VLA whose size depends on the argument. */
__attribute__((noinline)) static int with_vla(int n)
{
  int v[n + 1];
  for (int i = 0; i <= n; i++)
    v[i] = i * n;
  return consume((const char *)v, (int)sizeof v);
}

/* Varargs: the prologue spills the argument registers. */
__attribute__((noinline)) static long sum_args(int count, ...)
{
  va_list ap;
  long s = 0;
  va_start(ap, count);
  for (int i = 0; i < count; i++)
    s += va_arg(ap, long);
  va_end(ap);
  return s;
}

__attribute__((noinline)) static long vsum(int count, va_list ap)
{
  long s = 0;
  for (int i = 0; i < count; i++)
    s += (long)va_arg(ap, double);
  return s;
}

__attribute__((noinline)) static long sum_doubles(int count, ...)
{
  va_list ap;
  va_start(ap, count);
  long s = vsum(count, ap);
  va_end(ap);
  return s;
}

typedef int (*op_fn)(int);

__attribute__((noinline)) static int twice(int x) { return 2 * x; }
__attribute__((noinline)) static int square(int x) { return x * x; }
__attribute__((noinline)) static int negate(int x) { return -x; }

/* Calls through a pointer it cannot see through. */
__attribute__((noinline)) static int apply_all(op_fn const *ops, int n, int x)
{
  for (int i = 0; i < n; i++)
    x = ops[i](x) + with_alloca(i + 1);
  return x;
}

int main(int argc, char **argv)
{
  static op_fn const ops[] = { twice, square, negate, twice };
  (void)argv;
  int r = with_alloca(argc + 10) + with_vla(argc + 20);
  r += (int)sum_args(argc + 2, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
  r += (int)sum_doubles(3, 1.5, 2.5, 3.5);
  r += apply_all(ops, argc + 2, r);
  return r & 0x7f;
}
