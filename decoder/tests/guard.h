/* SPDX-License-Identifier: MIT */
/* guard.h - place bytes so they end exactly at an unmapped page: any read
 * past the end of a section faults instead of passing silently. */
#ifndef SFR_TEST_GUARD_H
#define SFR_TEST_GUARD_H
#include <stddef.h>
#include <stdint.h>

typedef struct guarded {
  void *map;
  size_t maplen;
  const uint8_t *data; /* data[len - 1] is the last byte before the guard */
} guarded;

/* Returns NULL on failure (mmap / mprotect). */
const uint8_t *guard_place(guarded *g, const uint8_t *src, size_t len);
void guard_free(guarded *g);
#endif
