/* SPDX-License-Identifier: CC0-1.0 */
/* Long functions: one of a few hundred bytes to a few kilobytes (its FREs
   need 16-bit start offsets, SFRAME_FRE_TYPE_ADDR2) and one well over
   64 KiB of code (32-bit start offsets, SFRAME_FRE_TYPE_ADDR4) at every
   optimisation level.  Each keeps a value live across calls so it saves a
   callee-saved register and restores it at its very end, putting FREs at
   large offsets.  Part of the real-section corpus
   (corpus/real/regen.sh). */

static volatile unsigned cell;

/* One statement the compiler must emit as written: a volatile load, an
   arithmetic step and a volatile store. */
#define STEP cell = cell * 3u + 1u;
#define X4(s) s s s s
#define X16(s) X4(X4(s))
#define X64(s) X4(X16(s))
#define X256(s) X4(X64(s))
#define X1024(s) X4(X256(s))
#define X8192(s) X4(X1024(s)) X4(X1024(s))

/* noipa: callers may not assume tick leaves any call-clobbered register
   alone (IPA-RA would let them keep values there without a frame). */
__attribute__((noipa)) static unsigned tick(unsigned x)
{
  return x * 2654435761u + cell;
}

/* ADDR1 would not fit: 32 steps are several hundred bytes. */
__attribute__((noinline)) static unsigned medium(unsigned x)
{
  unsigned a = tick(x);
  X16(STEP)
  a ^= tick(a);
  X16(STEP)
  return a + tick(a + 1);
}

/* 1024 steps: still ADDR2 (under 64 KiB) at every level. */
__attribute__((noinline)) static unsigned large(unsigned x)
{
  unsigned a = tick(x);
  X1024(STEP)
  return a + tick(a);
}

/* 8192 steps: over 64 KiB of code, so ADDR4. */
__attribute__((noinline)) static unsigned huge(unsigned x)
{
  unsigned a = tick(x);
  X8192(STEP)
  a += tick(a);
  X64(STEP)
  return a + tick(a ^ x);
}

int main(int argc, char **argv)
{
  (void)argv;
  cell = (unsigned)argc;
  unsigned r = medium((unsigned)argc) + large((unsigned)argc * 3u) + huge((unsigned)argc * 5u);
  return (int)(r & 0x7f);
}
