/* SPDX-License-Identifier: MIT */
/* rt_model.h - the roundtrip fuzz target's model: an sfe_model (the corpus
 * encoder's, corpus/encoder/sframe_enc.h) as the target reads it from any
 * bytes and writes it back (the input format is described in
 * fuzz/targets/roundtrip.c), kept within what the spec calls valid. */
#ifndef RT_MODEL_H
#define RT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "sframe_enc.h"
#include "sframe_ref.h"

#define RT_MAX_FUNCS 64u
#define RT_MAX_ROWS 64u
#define RT_HDR_SIZE 19u
#define RT_FUNC_SIZE 18u
#define RT_ROW_SIZE 28u
#define RT_MAX_FINDINGS 64

/* A model as the input describes it: the sfe_model (data_order left NULL
 * until it is encoded) and the rank of each function's FRE data. */
typedef struct rt_model {
  sfe_model m;
  uint8_t has_order;
  uint8_t rank[RT_MAX_FUNCS];
} rt_model;


/* Two's complement reinterpretations of input fields. */
static inline int64_t rt_s64(uint64_t v) { return v > INT64_MAX ? -(int64_t)(~v) - 1 : (int64_t)v; }
static inline int32_t rt_s32(uint32_t v) { return v > INT32_MAX ? -(int32_t)(~v) - 1 : (int32_t)v; }
static inline int8_t rt_s8(uint8_t v) {
  return v > 127 ? (int8_t)(-(int)(uint8_t)~v - 1) : (int8_t)v;
}

/* Rows of a function may start at most *limit (inclusive: a row at the
 * limit is questionable, past it invalid, N3): the size, or for PCMASK the
 * smaller of size and rep_size; 0 when no limit applies (a version-1
 * PCMASK function has no rep_size). */
int rt_row_limit(const sfe_model *m, const sfe_func *f, uint64_t *limit);
/* Version-dependent function fields, and the end below 2^64. */
void rt_norm_func(const sfe_model *m, sfe_func *f);
void rt_free(rt_model *rm);
/* Any bytes -> a model.  0, or -1 when out of memory (rt_free it either
 * way). */
int rt_parse(const uint8_t *data, size_t size, rt_model *rm);
/* The model in the input format, at most max bytes: functions (and the
 * rows of the last one) that do not fit are left out.  Returns the size. */
size_t rt_serialize(const rt_model *rm, uint8_t *out, size_t max);
/* The FRE data order from the ranks (ties by index); 0, or -1. */
int rt_build_order(rt_model *rm);

/* The version x ABI combinations the encoder writes. */
typedef struct rt_combo {
  uint8_t version, abi;
} rt_combo;
extern const rt_combo rt_combos[];
extern const uint32_t rt_ncombos;
/* A random valid model (sfe_random_model) of combination c % rt_ncombos,
 * in either byte order; 0, or -1. */
int rt_random_combo(sfe_rng *r, uint32_t c, rt_model *rm);
/* Whether the encoder writes the model. */
int rt_encodable(const rt_model *rm);

#endif
