/* SPDX-License-Identifier: MIT */
/* vectors.h - hand-built byte vectors, each commented field by field.
 * Every finding identifier of the oracle has at least one vector (the unit
 * test enumerates the identifiers and fails if one has none). */
#ifndef SFR_TEST_VECTORS_H
#define SFR_TEST_VECTORS_H
#include <stddef.h>
#include <stdint.h>

typedef struct test_vector {
  const char *name;    /* unique: "<version>-<abi/endian>-<what>" */
  const char *finding; /* the one finding the vector exhibits; NULL: valid */
  const uint8_t *bytes;
  size_t len;
  uint64_t vma;        /* section address */
} test_vector;

extern const test_vector test_vectors[];
extern const size_t test_vector_count;

/* Vectors too large to write out byte by byte are built by a loop (each
 * documented like the others); call this before reading test_vectors. */
void test_vectors_build(void);

/* A version-2 AMD64 little-endian section at 0x1000 (flags
 * FDE_FUNC_START_PCREL, plus FDE_SORTED when sorted is set) of n functions
 * of 0x40 bytes, each with one ADDR1 FRE "CFA = SP + 8" (3 bytes:
 * start 0, info 0x03, word 8) at FRE offset 3 * k.  Function k starts at
 * 0x100000 + 0x40 * k, or with reverse set at 0x100000 + 0x40 * (n-1-k).
 * wide < n: function wide is 0x80 long, so it overlaps its successor in
 * address (fde-overlap).  share_from < n: that function's FRE offset is
 * share_to's (fre-data-overrun; its own three bytes are left unused).
 * stride (coprime with n; 0 for none): function k takes place
 * k * stride mod n instead, both its address slot and its FRE slot, so
 * addresses and FRE offsets are in no simple order.
 * Returns the length written (28 + 23 n), or 0 when cap is too small. */
typedef struct vector_functions_spec {
  uint32_t n;
  int sorted, reverse;
  uint32_t wide, share_from, share_to;
  uint32_t stride;
} vector_functions_spec;
size_t vector_functions(uint8_t *out, size_t cap, const vector_functions_spec *spec);
#define VECTOR_FUNCTIONS_LEN(n) (28u + 23u * (n))
#endif
