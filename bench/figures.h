/* SPDX-License-Identifier: MIT */
/* figures.h - what bench.c and recorded.c share: the clock they time with,
 * and the figure line they print (tab-separated: figure, implementation,
 * median, min, max, unit; bench/README.md). */
#ifndef BENCH_FIGURES_H
#define BENCH_FIGURES_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static inline int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts the n samples v and prints their figure line, the numbers with six
 * significant digits, or with one decimal when one_decimal is set. */
static inline void report_figure(const char *figure, const char *impl, double *v, int n,
                                 const char *unit, int one_decimal) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  printf(one_decimal ? "%s\t%s\t%.1f\t%.1f\t%.1f\t%s\n" : "%s\t%s\t%.6g\t%.6g\t%.6g\t%s\n",
         figure, impl, v[n / 2], v[0], v[n - 1], unit);
}

#endif
