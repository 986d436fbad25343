/* SPDX-License-Identifier: MIT */
/* sfr_section.c - spec 2 (SFrame section), 2.1 (preamble), 2.2 (header).
 *
 * sfr_open() establishes the bounds every later accessor relies on: the
 * header and aux header are inside the buffer, the FDE array is inside the
 * buffer, and the FRE sub-section [freoff, freoff + fre_len) is inside it. */
#include <string.h>

#include "sfr_cursor.h"
#include "sframe_ref.h"

static sfr_status fail(sfr_finding *where, sfr_status id, int64_t offset,
                       const char *field) {
  if (where) {
    where->id = id;
    where->offset = offset;
    where->fde = -1;
    where->fre = -1;
    where->field = field;
  }
  return id;
}

/* 2.1 The magic, read byte by byte: 0xe2 0xde is a little-endian
 * section, 0xde 0xe2 big. */
static sfr_status magic_order(const uint8_t *buf, size_t len, uint8_t *big_endian) {
  if (len == 0)
    return SFR_E_SECTION_EMPTY;
  if (len < 4)
    return SFR_E_TRUNCATED_PREAMBLE;
  if (buf[0] == 0xde && buf[1] == 0xe2)
    *big_endian = 1;
  else if (buf[0] == 0xe2 && buf[1] == 0xde)
    *big_endian = 0;
  else
    return SFR_E_BAD_MAGIC;
  return SFR_OK;
}

/* 2.1 The preamble: u16 magic, u8 version, u8 flags. */
sfr_status sfr_read_preamble(const uint8_t *buf, size_t len, uint8_t *big_endian,
                             uint8_t *version, uint8_t *flags) {
  sfr_status st = magic_order(buf, len, big_endian);
  if (st != SFR_OK)
    return st;
  *version = buf[2];
  *flags = buf[3];
  if (!sfr_version_known(*version))
    return SFR_E_VERSION_UNKNOWN;
  return SFR_OK;
}

/* 2.2: the FRE sub-section is the last thing a section's header places,
 * so the section ends at hdr_end + freoff + fre_len.  The 28-byte header
 * has one layout in every version, so a version this library does not know
 * is measured the same way (what follows a section, as a linker that does
 * not merge writes it, may be newer).  sfr_open bounds the FRE sub-section
 * by it. */
sfr_status sfr_section_extent(const uint8_t *buf, size_t len, uint64_t *extent) {
  uint8_t be = 0;
  sfr_status st = magic_order(buf, len, &be);
  st = st == SFR_OK && len < SFR_HEADER_SIZE ? SFR_E_TRUNCATED_HEADER : st;
  if (st == SFR_OK)
    *extent = SFR_HEADER_SIZE + (uint64_t)buf[SFR_HDR_AUXHDR_LEN_AT] + sfr_load(buf + SFR_HDR_FREOFF_AT, 4, be) +
              sfr_load(buf + SFR_HDR_FRE_LEN_AT, 4, be);
  return st;
}

/* 2.2 The header (28 bytes), the aux header, and the sub-section bounds. */
static sfr_status open_checked(sfr_section *sec, const uint8_t *buf, size_t len,
                               uint64_t vma, sfr_finding *where) {
  sfr_status st;
  sfr_cursor c;
  uint64_t fde_bytes;

  memset(sec, 0, sizeof *sec);
  sec->buf = buf;
  sec->len = len;
  sec->vma = vma;
  st = sfr_read_preamble(buf, len, &sec->big_endian, &sec->version,
                         &sec->flags);
  if (st != SFR_OK)
    return fail(where, st, st == SFR_E_VERSION_UNKNOWN ? SFR_HDR_VERSION_AT : SFR_HDR_MAGIC_AT,
                st == SFR_E_VERSION_UNKNOWN ? "sfp_version"
                : st == SFR_E_BAD_MAGIC     ? "sfp_magic"
                                            : "sframe_preamble");
  if (len < SFR_HEADER_SIZE)
    return fail(where, SFR_E_TRUNCATED_HEADER, (int64_t)len, "sframe_header");

  c = sfr_cursor_at(buf, 4, len, sec->big_endian);
  /* The header is known to be in bounds; each read still goes through the
   * cursor, and a failure here would be a bug, reported as truncation. */
  if (!sfr_cur_u8(&c, &sec->abi) || !sfr_cur_i8(&c, &sec->fixed_fp_offset) ||
      !sfr_cur_i8(&c, &sec->fixed_ra_offset) ||
      !sfr_cur_u8(&c, &sec->auxhdr_len) || !sfr_cur_u32(&c, &sec->num_fdes) ||
      !sfr_cur_u32(&c, &sec->num_fres) || !sfr_cur_u32(&c, &sec->fre_len) ||
      !sfr_cur_u32(&c, &sec->fdeoff) || !sfr_cur_u32(&c, &sec->freoff))
    return fail(where, SFR_E_TRUNCATED_HEADER, (int64_t)c.pos, "sframe_header");

  sec->hdr_end = SFR_HEADER_SIZE + (uint64_t)sec->auxhdr_len;
  if (sec->hdr_end > len)
    return fail(where, SFR_E_TRUNCATED_AUXHDR, (int64_t)len, "sfh_auxhdr_len");
  if (sec->abi < SFR_ABI_AARCH64_BE || sec->abi > SFR_ABI_S390X_BE)
    return fail(where, SFR_E_ABI_UNKNOWN, SFR_HDR_ABI_AT, "sfh_abi_arch");

  sec->fde_size = sfr_fde_size(sec->version);
  /* All in 64 bits: hdr_end <= 283, offsets < 2^32, num_fdes * 20 < 2^37. */
  sec->fde_start = sec->hdr_end + sec->fdeoff;
  sec->fre_start = sec->hdr_end + sec->freoff;
  /* = fre_start + fre_len: where the section ends by its header, one
   * definition (the preamble and the header's length are checked above) */
  (void)sfr_section_extent(buf, len, &sec->fre_end);
  fde_bytes = (uint64_t)sec->num_fdes * sec->fde_size;

  if (sec->fde_start > len)
    return fail(where, SFR_E_FDEOFF_OUT_OF_RANGE, SFR_HDR_FDEOFF_AT, "sfh_fdeoff");
  if (fde_bytes > len - sec->fde_start)
    return fail(where, SFR_E_TRUNCATED_FDE_ARRAY, (int64_t)sec->fde_start,
                "sfh_num_fdes");
  if (sec->fre_start > len)
    return fail(where, SFR_E_FREOFF_OUT_OF_RANGE, SFR_HDR_FREOFF_AT, "sfh_freoff");
  if (sec->fre_end > len)
    return fail(where, SFR_E_FRE_SUBSECTION_TRUNCATED, SFR_HDR_FRE_LEN_AT, "sfh_fre_len");
  return SFR_OK;
}

/* On failure the section is left empty (no FDEs, no FRE bytes), so that an
 * accessor called on it anyway reads nothing. */
sfr_status sfr_open(sfr_section *sec, const uint8_t *buf, size_t len,
                    uint64_t vma, sfr_finding *where) {
  sfr_status st = open_checked(sec, buf, len, vma, where);
  if (st != SFR_OK) {
    uint8_t version = sec->version, abi = sec->abi, be = sec->big_endian;
    memset(sec, 0, sizeof *sec);
    sec->buf = buf;
    sec->len = len;
    sec->vma = vma;
    sec->version = version;
    sec->abi = abi;
    sec->big_endian = be;
  }
  return st;
}

int sfr_order_verified(const sfr_section *sec) { return sec->internal.order_verified; }

void sfr_forget_order(sfr_section *sec) { memset(&sec->internal, 0, sizeof sec->internal); }
