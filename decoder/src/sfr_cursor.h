/* SPDX-License-Identifier: MIT */
/* sfr_cursor.h - the one bounds-checked reader every decode goes through.
 *
 * A cursor is (buffer, position, end).  Every read asks for N bytes and fails
 * without touching memory when fewer than N remain; multi-byte values are
 * assembled from bytes in the section's endianness, so no read is ever
 * misaligned or depends on the host's byte order. */
#ifndef SFR_CURSOR_H
#define SFR_CURSOR_H

#include <stdint.h>

/* Inlined wherever it is called, so that a caller's constant arguments
 * (a record layout, a byte order) fold into its copy. */
#if defined(__GNUC__)
#define SFR_ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define SFR_ALWAYS_INLINE inline
#endif

typedef struct sfr_cursor {
  const uint8_t *buf; /* start of the whole section */
  uint64_t pos;       /* absolute offset of the next byte */
  uint64_t end;       /* absolute offset one past the last readable byte */
  uint8_t be;         /* multi-byte fields are big-endian */
} sfr_cursor;

static inline sfr_cursor sfr_cursor_at(const uint8_t *buf, uint64_t pos,
                                       uint64_t end, uint8_t be) {
  sfr_cursor c;
  c.buf = buf;
  c.pos = pos;
  c.end = end;
  c.be = be;
  return c;
}

/* Nonzero when n more bytes can be read. */
static inline int sfr_cur_has(const sfr_cursor *c, uint64_t n) {
  return c->pos <= c->end && n <= c->end - c->pos;
}

/* Fixed-size fields, written out so that compilers recognise each as one
 * load (and a byte swap for the other byte order) even at -O2, while C
 * still sees byte loads: never a misaligned access. */
static inline uint32_t sfr_le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static inline uint32_t sfr_be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | (uint32_t)p[1]; }
static inline uint32_t sfr_le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint32_t sfr_be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}
static inline uint64_t sfr_le64(const uint8_t *p) {
  return (uint64_t)sfr_le32(p) | (uint64_t)sfr_le32(p + 4) << 32;
}
static inline uint64_t sfr_be64(const uint8_t *p) {
  return (uint64_t)sfr_be32(p) << 32 | (uint64_t)sfr_be32(p + 4);
}

/* An n-byte (1..8) field at p, for a caller that has checked the bounds
 * of a whole record at once.  Where n is a constant the switch goes away. */
static inline uint64_t sfr_load(const uint8_t *p, unsigned n, int be) {
  uint64_t v = 0;
  unsigned i;
  switch (n) {
  case 1:
    return p[0];
  case 2:
    return be ? sfr_be16(p) : sfr_le16(p);
  case 4:
    return be ? sfr_be32(p) : sfr_le32(p);
  case 8:
    return be ? sfr_be64(p) : sfr_le64(p);
  default:
    for (i = 0; i < n; i++)
      v |= (uint64_t)p[i] << (be ? 8u * (n - 1u - i) : 8u * i);
    return v;
  }
}

/* sfr_load of a 1-, 2- or 4-byte field (any other n reads 4), with each
 * size a load of its own. */
static inline uint64_t sfr_load124(const uint8_t *p, unsigned n, int be) {
  return n == 1 ? p[0] : n == 2 ? sfr_load(p, 2, be) : sfr_load(p, 4, be);
}

/* Read an unsigned n-byte (1..8) field. */
static inline int sfr_cur_uint(sfr_cursor *c, unsigned n, uint64_t *out) {
  if (!sfr_cur_has(c, n))
    return 0;
  *out = sfr_load(c->buf + c->pos, n, c->be);
  c->pos += n;
  return 1;
}

/* Sign-extend the low n bytes of v. */
static inline int64_t sfr_sext(uint64_t v, unsigned n) {
  if (n >= 8)
    return (int64_t)v;
  {
    uint64_t sign = (uint64_t)1 << (8u * n - 1u);
    v &= (sign << 1) - 1u;
    return (int64_t)(v ^ sign) - (int64_t)sign;
  }
}

static inline int sfr_cur_u8(sfr_cursor *c, uint8_t *out) {
  uint64_t v;
  if (!sfr_cur_uint(c, 1, &v))
    return 0;
  *out = (uint8_t)v;
  return 1;
}
static inline int sfr_cur_u16(sfr_cursor *c, uint16_t *out) {
  uint64_t v;
  if (!sfr_cur_uint(c, 2, &v))
    return 0;
  *out = (uint16_t)v;
  return 1;
}
static inline int sfr_cur_u32(sfr_cursor *c, uint32_t *out) {
  uint64_t v;
  if (!sfr_cur_uint(c, 4, &v))
    return 0;
  *out = (uint32_t)v;
  return 1;
}
static inline int sfr_cur_i8(sfr_cursor *c, int8_t *out) {
  uint64_t v;
  if (!sfr_cur_uint(c, 1, &v))
    return 0;
  *out = (int8_t)sfr_sext(v, 1);
  return 1;
}
static inline int sfr_cur_i32(sfr_cursor *c, int32_t *out) {
  uint64_t v;
  if (!sfr_cur_uint(c, 4, &v))
    return 0;
  *out = (int32_t)sfr_sext(v, 4);
  return 1;
}
static inline int sfr_cur_i64(sfr_cursor *c, int64_t *out) {
  uint64_t v;
  if (!sfr_cur_uint(c, 8, &v))
    return 0;
  *out = (int64_t)v;
  return 1;
}

#endif
