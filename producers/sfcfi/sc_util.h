/* SPDX-License-Identifier: MIT */
/* sc_util.h - sfcfi's error text, growing arrays, byte reading (util.c).
 * The modules of sfcfi are described in sfcfi.c. */
#ifndef SC_UTIL_H
#define SC_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- util.c ---- */
#if defined(__GNUC__)
#define SC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SC_PRINTF(f, a)
#endif
/* The message into err (errlen bytes); returns -1. */
int sc_fail(char *err, size_t errlen, const char *fmt, ...) SC_PRINTF(3, 4);
/* *p holds at least need elements of elem bytes (*cap of them), doubling;
 * 0, or -1 with *p untouched when memory runs out. */
int sc_grow(void **p, size_t *cap, size_t need, size_t elem);
/* Appends *item (elem bytes) to the array *items (*n of them, *cap
 * allocated) unless extend(last, item) extends the last one instead (it
 * does when item continues it: starts where it ends and reads the same),
 * so runs of addresses that read alike stay one.  0, or -1 with nothing
 * changed when memory runs out. */
int sc_run_add(void **items, size_t *n, size_t *cap, size_t elem, const void *item,
               int (*extend)(void *last, const void *item));
/* The unsigned value of n bytes (1-8) at p, big- or little-endian. */
uint64_t sc_get(const uint8_t *p, unsigned n, int big);

#endif
