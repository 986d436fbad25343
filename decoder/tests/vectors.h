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
#endif
