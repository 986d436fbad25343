/* sfr_cursor.h - the one bounds-checked reader every decode goes through.
 *
 * A cursor is (buffer, position, end).  Every read asks for N bytes and fails
 * without touching memory when fewer than N remain; multi-byte values are
 * assembled from bytes in the section's endianness, so no read is ever
 * misaligned or depends on the host's byte order. */
#ifndef SFR_CURSOR_H
#define SFR_CURSOR_H

#include <stdint.h>

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

/* Read an unsigned n-byte (1..8) field. */
static inline int sfr_cur_uint(sfr_cursor *c, unsigned n, uint64_t *out) {
  uint64_t v = 0;
  unsigned i;
  if (!sfr_cur_has(c, n))
    return 0;
  for (i = 0; i < n; i++) {
    unsigned shift = c->be ? 8u * (n - 1u - i) : 8u * i;
    v |= (uint64_t)c->buf[c->pos + i] << shift;
  }
  c->pos += n;
  *out = v;
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
