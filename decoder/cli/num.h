/* num.h - the one number syntax of sfref's, the reference adapter's and
 * `sfcorpus gen`'s arguments and of snapshot files: an unsigned 64-bit
 * value in C syntax (decimal, 0x hex, 0 octal), nothing after it, no sign. */
#ifndef SFREF_NUM_H
#define SFREF_NUM_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

/* Returns 1 and sets *v, or 0 (v untouched) when s is not such a number or
 * does not fit. */
static inline int parse_u64(const char *s, uint64_t *v) {
  char *end;
  unsigned long long x;
  if (!s || !*s || *s == '-' || *s == '+')
    return 0;
  errno = 0;
  x = strtoull(s, &end, 0);
  if (errno || *end)
    return 0;
  *v = (uint64_t)x;
  return 1;
}

#endif
