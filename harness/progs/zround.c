/* SPDX-License-Identifier: MIT */
/* zround.c - drive real code nobody here wrote: zlib (Debian's source
 * package, compiled by the harness with each producer) compresses a file at
 * three levels and with three strategies, inflates each result, and checks
 * that the bytes come back.
 *
 * Usage: zround FILE [PASSES [MAXBYTES]]   (default 1 pass, the whole file).  Exit 0 when every round trip
 * gave the input back, 1 otherwise, 2 on usage or I/O errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zlib.h"

static unsigned char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      unsigned char *nb = realloc(buf, cap *= 2);
      if (!nb) {
        free(buf);
        buf = NULL;
      }
      buf = nb;
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

/* deflate with the given level and strategy, then inflate in small steps
 * (so inflate's window and fast paths both run). */
static int round_trip(const unsigned char *in, size_t len, int level, int strategy,
                      unsigned long *total) {
  z_stream d;
  memset(&d, 0, sizeof d);
  if (deflateInit2(&d, level, Z_DEFLATED, 15, 8, strategy) != Z_OK)
    return -1;
  uLong bound = deflateBound(&d, (uLong)len);
  unsigned char *z = malloc(bound), *out = malloc(len + 1);
  if (!z || !out)
    return -1;
  d.next_in = (Bytef *)in;
  d.avail_in = (uInt)len;
  d.next_out = z;
  d.avail_out = (uInt)bound;
  if (deflate(&d, Z_FINISH) != Z_STREAM_END)
    return -1;
  size_t zlen = d.total_out;
  deflateEnd(&d);

  z_stream i;
  memset(&i, 0, sizeof i);
  if (inflateInit(&i) != Z_OK)
    return -1;
  i.next_in = z;
  i.next_out = out;
  int rc = Z_OK;
  while (rc == Z_OK) {
    size_t left_in = zlen - i.total_in, left_out = len + 1 - i.total_out;
    i.avail_in = (uInt)(left_in < 997 ? left_in : 997);
    i.avail_out = (uInt)(left_out < 4093 ? left_out : 4093);
    rc = inflate(&i, Z_NO_FLUSH);
  }
  int ok = rc == Z_STREAM_END && i.total_out == len && memcmp(in, out, len) == 0;
  inflateEnd(&i);
  *total += zlen + crc32(0L, out, (uInt)len) % 7;
  free(z);
  free(out);
  return ok ? 0 : -1;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 4) {
    fprintf(stderr, "usage: zround FILE [PASSES [MAXBYTES]]\n");
    return 2;
  }
  size_t len;
  unsigned char *in = slurp(argv[1], &len);
  if (!in) {
    fprintf(stderr, "zround: cannot read %s\n", argv[1]);
    return 2;
  }
  int passes = argc > 2 ? atoi(argv[2]) : 1;
  if (argc > 3 && (size_t)atol(argv[3]) < len)
    len = (size_t)atol(argv[3]);
  static const int levels[] = {1, 6, 9};
  static const int strategies[] = {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY};
  unsigned long total = 0;
  for (int p = 0; p < passes; p++)
    for (int l = 0; l < 3; l++)
      if (round_trip(in, len, levels[l], strategies[(l + p) % 3], &total) != 0) {
        fprintf(stderr, "zround: round trip failed (level %d)\n", levels[l]);
        return 1;
      }
  printf("zround: %zu bytes, %d passes, total %lu, adler %08lx\n", len, passes, total,
         adler32(1L, in, (uInt)len));
  free(in);
  return 0;
}
