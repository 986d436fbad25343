/* SPDX-License-Identifier: MIT */
/* sframe_ref.h - the sframe-conformance reference decoder (the "oracle").
 *
 * A strict, bounds-checked reader for SFrame sections (versions 1, 2, 3;
 * AArch64 LE/BE, AMD64, s390x; either endianness).  Public API prefix: sfr_.
 *
 * Rules the library lives by:
 *  - input is (bytes, length, section address); nothing outside
 *    [bytes, bytes + length) is ever read;
 *  - multi-byte fields are assembled from bytes in the section's endianness;
 *  - no allocation, no globals, no I/O: every function is usable from a
 *    signal handler; the caller owns all memory;
 *  - offsets and counts are computed in 64 bits with explicit overflow checks.
 *
 * The functions are laid out like the spec (SFrame format, version 3):
 *   2.1   sfr_read_preamble        2.2   sfr_open (header, aux header)
 *   2.3.1, 2.3.2 sfr_get_fde (FDE index entry and attribute)
 *   2.3.3 sfr_decode_fde_info      2.4   sfr_fre_next, 2.4.1 sfr_decode_fre_info
 *   3.1   sfr_interp_default_*     3.2   sfr_interp_flex
 *   App A sfr_unwind_frame, sfr_backtrace
 *   validation: sfr_validate; lookup: sfr_find_fde, sfr_find_fre, sfr_lookup.
 * The reference path is decoder/src, a file per spec step; decoder/fast
 * holds the certificate of a clean section and the indexed lookup, which
 * answer exactly as the reference path does.
 *
 * The library exports exactly the functions declared here (SFR_API).
 */
#ifndef SFRAME_REF_H
#define SFRAME_REF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && !defined(SFR_STATIC_ONLY)
#define SFR_API __attribute__((visibility("default")))
#else
#define SFR_API
#endif

#define SFR_VERSION_STRING "1.0.0"

/* ---- Constants of the format (spec 2.1 - 2.4) ---- */
#define SFR_MAGIC 0xdee2u
#define SFR_VERSION_1 1
#define SFR_VERSION_2 2
#define SFR_VERSION_3 3

#define SFR_F_FDE_SORTED 0x1u
#define SFR_F_FRAME_POINTER 0x2u           /* versions 1-2 only */
#define SFR_F_FDE_FUNC_START_PCREL 0x4u    /* version 2 (erratum 1) and 3 */

#define SFR_ABI_AARCH64_BE 1
#define SFR_ABI_AARCH64_LE 2
#define SFR_ABI_AMD64_LE 3
#define SFR_ABI_S390X_BE 4

#define SFR_HEADER_SIZE 28u
#define SFR_V1_FDE_SIZE 17u
#define SFR_V2_FDE_SIZE 20u
#define SFR_V3_FDE_INDEX_SIZE 16u
#define SFR_V3_FDE_ATTR_SIZE 5u

/* Where each field lies (2.1 the preamble, 2.2 the header). */
#define SFR_HDR_MAGIC_AT 0u      /* u16 */
#define SFR_HDR_VERSION_AT 2u    /* u8 */
#define SFR_HDR_FLAGS_AT 3u      /* u8 */
#define SFR_HDR_ABI_AT 4u        /* u8 */
#define SFR_HDR_FIXED_FP_AT 5u   /* i8 */
#define SFR_HDR_FIXED_RA_AT 6u   /* i8 */
#define SFR_HDR_AUXHDR_LEN_AT 7u /* u8 */
#define SFR_HDR_NUM_FDES_AT 8u   /* u32 */
#define SFR_HDR_NUM_FRES_AT 12u  /* u32 */
#define SFR_HDR_FRE_LEN_AT 16u   /* u32 */
#define SFR_HDR_FDEOFF_AT 20u    /* u32 */
#define SFR_HDR_FREOFF_AT 24u    /* u32 */
/* An FDE record (2.3.1): the start at 0 (sfr_start_size bytes), then u32
 * size and u32 fre_off; versions 1-2 go on with these.  A version-3
 * function's attribute (2.3.2) opens its FRE data. */
#define SFR_V12_NUM_FRES_AT 12u /* u32 */
#define SFR_V12_INFO_AT 16u
#define SFR_V2_REP_SIZE_AT 17u  /* then 2 bytes of padding */
#define SFR_V3_ATTR_NUM_FRES_AT 0u /* u16 */
#define SFR_V3_ATTR_INFO_AT 2u
#define SFR_V3_ATTR_INFO2_AT 3u
#define SFR_V3_ATTR_REP_SIZE_AT 4u

#define SFR_FRE_TYPE_ADDR1 0
#define SFR_FRE_TYPE_ADDR2 1
#define SFR_FRE_TYPE_ADDR4 2

#define SFR_PCTYPE_INC 0
#define SFR_PCTYPE_MASK 1

#define SFR_FDE_TYPE_DEFAULT 0
#define SFR_FDE_TYPE_FLEX 1

/* s390x: the CFA offset is stored as (offset + ADJUSTMENT) / ALIGNMENT and
 * decoded as stored * ALIGNMENT - ADJUSTMENT (spec 3.1.3; binutils sframe.h
 * SFRAME_S390X_CFA_OFFSET_ADJUSTMENT = SFRAME_S390X_SP_VAL_OFFSET = -160,
 * SFRAME_S390X_CFA_OFFSET_ALIGNMENT_FACTOR = 8). */
#define SFR_S390X_CFA_OFFSET_ADJUSTMENT (-160)
#define SFR_S390X_CFA_OFFSET_ALIGNMENT_FACTOR 8
#define SFR_S390X_SP_VAL_OFFSET (-160)

#define SFR_MAX_DATA_WORDS 15

/* ---- The version table (spec v3 2.1-2.4; v2 2.1-2.4 with errata 1-2; v1) ----
 * The one place a version number is compared.  The library, the fast
 * layer, the kernel profiles, the encoder, the fuzz targets, the adapters
 * and sfcfi ask these predicates; a new version is a new row (decoder/
 * README.md, "Adding a field or a version").  An unknown version reads as
 * the all-zero row. */
#define SFR_VERSION_MIN SFR_VERSION_1
#define SFR_VERSION_MAX SFR_VERSION_3

typedef struct sfr_version_layout {
  uint8_t fde_size;       /* bytes of one entry of the FDE array (2.3.1) */
  uint8_t fde_fields;     /* of which hold fields (v2: 2 bytes of padding) */
  uint8_t start_size;     /* bytes of the signed function-start field */
  uint8_t fde_attr;       /* FDE attribute ahead of each function's FREs
                           * (v3 2.3.2: u16 FRE count, info2, signal bit) */
  uint8_t flags;          /* the header flags the version defines (2.1.3) */
  uint8_t rep_size;       /* a repetition block size is stored (v2, v3) */
  uint8_t s390x;          /* ABI 4, s390x, is defined (2.2.1) */
  uint8_t outermost;      /* 0 data words mark the outermost frame
                           * (v2 erratum 2, v3 2.4.1) */
  uint8_t no_fres;        /* a function with no FREs is valid (v3) */
  uint8_t s390x_regnum;   /* an odd s390x RA/FP word names a register (v2) */
  uint8_t info_unused;    /* unused bits of the FDE info byte (2.3.3) */
} sfr_version_layout;

static inline const sfr_version_layout *sfr_layout(unsigned version) {
  static const sfr_version_layout rows[SFR_VERSION_MAX + 1] = {
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
      /* 1 */ {SFR_V1_FDE_SIZE, 17, 4, 0, 0x3, 0, 0, 0, 0, 0, 0xc0},
      /* 2 */ {SFR_V2_FDE_SIZE, 18, 4, 0, 0x7, 1, 1, 1, 0, 1, 0xc0},
      /* 3 */ {SFR_V3_FDE_INDEX_SIZE, 16, 8, 1, 0x5, 1, 1, 1, 1, 0, 0x40},
  };
  return &rows[version <= SFR_VERSION_MAX ? version : 0];
}
static inline int sfr_version_known(unsigned v) {
  return v >= SFR_VERSION_MIN && v <= SFR_VERSION_MAX;
}
static inline unsigned sfr_fde_size(unsigned v) { return sfr_layout(v)->fde_size; }
static inline unsigned sfr_fde_fields(unsigned v) { return sfr_layout(v)->fde_fields; }
static inline unsigned sfr_start_size(unsigned v) { return sfr_layout(v)->start_size; }
static inline int sfr_has_fde_attr(unsigned v) { return sfr_layout(v)->fde_attr; }
/* flexible FDEs (v3 2.3.3's FDE types) live in the attribute too */
static inline int sfr_has_flex_fde(unsigned v) { return sfr_layout(v)->fde_attr; }
static inline unsigned sfr_flags_defined(unsigned v) { return sfr_layout(v)->flags; }
static inline int sfr_has_pcrel_flag(unsigned v) {
  return (sfr_layout(v)->flags & SFR_F_FDE_FUNC_START_PCREL) != 0;
}
static inline int sfr_has_rep_size(unsigned v) { return sfr_layout(v)->rep_size; }
static inline int sfr_has_s390x(unsigned v) { return sfr_layout(v)->s390x; }
static inline int sfr_has_outermost(unsigned v) { return sfr_layout(v)->outermost; }
static inline int sfr_allows_no_fres(unsigned v) { return sfr_layout(v)->no_fres; }
static inline int sfr_s390x_regnum_words(unsigned v) { return sfr_layout(v)->s390x_regnum; }
static inline unsigned sfr_fde_info_unused(unsigned v) { return sfr_layout(v)->info_unused; }

/* ---- Status codes and findings ----
 * Every check is a finding with a stable identifier (sfr_finding_id), a
 * one-line message and a class.  Functions that can fail return an
 * sfr_status: SFR_OK (0) or a finding code.  The full table is in
 * sfr_findings.c; sfr_finding_name() gives the identifier string. */
typedef enum sfr_class {
  SFR_CLASS_MALFORMED = 1,   /* cannot be decoded safely */
  SFR_CLASS_INVALID = 2,     /* decodes, but breaks a rule the spec states */
  SFR_CLASS_QUESTIONABLE = 3 /* allowed, but worth a warning */
} sfr_class;

#define SFR_FINDINGS(X)                                                        \
  /* section as a whole, preamble and header (spec 2, 2.1, 2.2) */             \
  X(SECTION_EMPTY, "section-empty", MALFORMED, "section is zero bytes long")   \
  X(TRUNCATED_PREAMBLE, "truncated-preamble", MALFORMED,                       \
    "section ends inside the 4-byte preamble")                                 \
  X(BAD_MAGIC, "bad-magic", MALFORMED,                                         \
    "magic is neither 0xdee2 nor its byte swap")                               \
  X(VERSION_UNKNOWN, "version-unknown", MALFORMED,                             \
    "version is not 1, 2 or 3")                                                \
  X(TRUNCATED_HEADER, "truncated-header", MALFORMED,                           \
    "section ends inside the 28-byte header")                                  \
  X(TRUNCATED_AUXHDR, "truncated-auxhdr", MALFORMED,                           \
    "section ends inside the auxiliary header")                                \
  X(FLAGS_UNKNOWN, "flags-unknown", INVALID,                                   \
    "flag bits set that no version defines")                                   \
  X(FLAG_NOT_IN_VERSION, "flag-not-in-version", INVALID,                       \
    "flag set that this version does not define")                              \
  X(ABI_UNKNOWN, "abi-unknown", MALFORMED, "ABI/arch identifier is not 1-4")   \
  X(ABI_NOT_IN_VERSION, "abi-not-in-version", INVALID,                         \
    "ABI/arch identifier not defined for this version")                        \
  X(AUXHDR_PRESENT, "auxhdr-present", QUESTIONABLE,                            \
    "auxiliary header present; no contents are defined for it")                \
  X(FDEOFF_OUT_OF_RANGE, "fdeoff-out-of-range", MALFORMED,                     \
    "FDE sub-section offset lies outside the section")                         \
  X(FREOFF_OUT_OF_RANGE, "freoff-out-of-range", MALFORMED,                     \
    "FRE sub-section offset lies outside the section")                         \
  X(TRUNCATED_FDE_ARRAY, "truncated-fde-array", MALFORMED,                     \
    "FDE array runs past the end of the section")                              \
  X(FDE_ARRAY_OVERLAPS_FRES, "fde-array-overlaps-fres", INVALID,               \
    "FDE array overlaps the FRE sub-section")                                  \
  X(FRES_BEFORE_FDES, "fres-before-fdes", INVALID,                             \
    "FRE sub-section placed before the FDE sub-section (it is the last)")      \
  X(FRE_SUBSECTION_TRUNCATED, "fre-subsection-truncated", MALFORMED,           \
    "freoff + fre_len runs past the end of the section")                       \
  X(SUBSECTION_GAP, "subsection-gap", QUESTIONABLE,                            \
    "unused bytes between the header, FDE and FRE sub-sections")               \
  X(TRAILING_BYTES, "trailing-bytes", QUESTIONABLE,                            \
    "bytes left after the FRE sub-section")                                    \
  X(NUM_FRES_MISMATCH, "num-fres-mismatch", INVALID,                           \
    "sum of per-function FRE counts differs from the header's num_fres")       \
  X(FRE_SUBSECTION_UNUSED, "fre-subsection-unused", QUESTIONABLE,              \
    "bytes at the end of the FRE sub-section belong to no function")           \
  /* FDEs (spec 2.3) */                                                        \
  X(FDE_FRES_OUT_OF_RANGE, "fde-fres-out-of-range", MALFORMED,                 \
    "function's FRE data offset lies outside the FRE sub-section")             \
  X(TRUNCATED_FDE_ATTR, "truncated-fde-attr", MALFORMED,                       \
    "FDE attribute runs past the end of the FRE sub-section")                  \
  X(FRE_TYPE_UNKNOWN, "fre-type-unknown", MALFORMED,                           \
    "FRE type in the FDE info byte is not 0-2")                                \
  X(FDE_TYPE_UNKNOWN, "fde-type-unknown", MALFORMED,                           \
    "FDE type in info2 is not 0 (default) or 1 (flexible)")                    \
  X(FDE_INFO_UNUSED_BITS, "fde-info-unused-bits", QUESTIONABLE,                \
    "unused bits set in an FDE info byte")                                     \
  X(PAUTH_KEY_NOT_AARCH64, "pauth-key-not-aarch64", QUESTIONABLE,              \
    "PAuth key B set in a function of a non-AArch64 section")                  \
  X(PCMASK_REP_SIZE_ZERO, "pcmask-rep-size-zero", INVALID,                     \
    "PCMASK function with rep_size 0")                                         \
  X(FDE_START_WRAPS, "fde-start-wraps", INVALID,                               \
    "function start address wraps around the 64-bit address space")           \
  X(FDE_END_OVERFLOW, "fde-end-overflow", INVALID,                             \
    "function start + size overflows 64 bits")                                 \
  X(FDE_UNSORTED, "fde-unsorted", INVALID,                                     \
    "FDEs out of order although SFRAME_F_FDE_SORTED is set")                   \
  X(FDE_UNSORTED_UNFLAGGED, "fde-unsorted-unflagged", QUESTIONABLE,            \
    "FDEs out of order (sorted flag not set, so lookups are linear)")          \
  X(FDE_DUPLICATE, "fde-duplicate", INVALID,                                   \
    "two functions have the same start address and size")                     \
  X(FDE_OVERLAP, "fde-overlap", INVALID, "function address ranges overlap")    \
  X(FRE_DATA_OVERRUN, "fre-data-overrun", INVALID,                             \
    "FRE bytes read as two functions' data")                                   \
  X(CHECKS_SKIPPED, "checks-skipped", QUESTIONABLE,                           \
    "out-of-order section of over 512 functions validated without scratch: "   \
    "overlaps and shared FRE data not checked")                                \
  /* FREs (spec 2.4) */                                                        \
  X(TRUNCATED_FRE, "truncated-fre", MALFORMED,                                 \
    "FRE start address or info byte runs past the FRE sub-section")            \
  X(TRUNCATED_DATA_WORDS, "truncated-data-words", MALFORMED,                   \
    "FRE data words run past the FRE sub-section")                             \
  X(DATAWORD_SIZE_UNKNOWN, "dataword-size-unknown", MALFORMED,                 \
    "FRE data word size is 3 (undefined)")                                     \
  X(FRE_START_NOT_INCREASING, "fre-start-not-increasing", INVALID,             \
    "FRE start address not greater than the previous FRE's")                  \
  X(FRE_START_PAST_SIZE, "fre-start-past-size", INVALID,                       \
    "FRE start address lies beyond the end of the function")                  \
  X(FRE_START_AT_SIZE, "fre-start-at-size", QUESTIONABLE,                      \
    "FRE start address equals the function size (matches no PC)")             \
  X(DATAWORD_COUNT_BAD, "dataword-count-bad", INVALID,                         \
    "data word count the ABI and FDE type cannot have")                        \
  X(DATAWORDS_LEFTOVER, "datawords-leftover", INVALID,                         \
    "data words left over after the last rule of a flexible FRE")              \
  X(FLEX_CFA_NOT_REG, "flex-cfa-not-reg", INVALID,                             \
    "flexible CFA control word without reg_p")                                 \
  X(FLEX_RULE_TRUNCATED, "flex-rule-truncated", INVALID,                       \
    "flexible control word without its offset word")                          \
  X(MANGLED_RA_NOT_AARCH64, "mangled-ra-not-aarch64", QUESTIONABLE,            \
    "mangled-RA bit set in an FRE of a non-AArch64 section")

typedef enum sfr_status {
  SFR_OK = 0,
#define SFR_X_ENUM(e, id, cls, msg) SFR_E_##e,
  SFR_FINDINGS(SFR_X_ENUM)
#undef SFR_X_ENUM
  SFR_NUM_FINDINGS
} sfr_status;

SFR_API const char *sfr_finding_name(sfr_status s);    /* "truncated-header" */
SFR_API const char *sfr_finding_message(sfr_status s); /* one line */
SFR_API sfr_class sfr_finding_class(sfr_status s);
SFR_API const char *sfr_class_name(sfr_class c); /* "malformed" ... */
/* Look an identifier up by name; SFR_OK if unknown. */
SFR_API sfr_status sfr_finding_by_name(const char *name);

/* ---- The section (spec 2, 2.1, 2.2) ---- */
typedef struct sfr_section {
  const uint8_t *buf;
  size_t len;
  uint64_t vma;        /* address of the section's first byte */
  uint8_t big_endian;  /* from the magic */
  uint8_t version;
  uint8_t flags;
  uint8_t abi;
  int8_t fixed_fp_offset;
  int8_t fixed_ra_offset;
  uint8_t auxhdr_len;
  uint32_t num_fdes;
  uint32_t num_fres;
  uint32_t fre_len;
  uint32_t fdeoff;
  uint32_t freoff;
  /* derived, absolute byte offsets into buf */
  uint64_t hdr_end;    /* 28 + auxhdr_len */
  uint64_t fde_start;  /* hdr_end + fdeoff */
  uint64_t fde_size;   /* 17, 20 or 16 */
  uint64_t fre_start;  /* hdr_end + freoff */
  uint64_t fre_end;    /* fre_start + fre_len */
  /* The library's own state: cleared by sfr_open, set by sfr_validate and
   * sfr_index_build.  Not part of the API: read it through
   * sfr_order_verified, drop it with sfr_forget_order; never write it. */
  struct sfr_section_internal {
    /* FDEs are strictly ordered and do not overlap, so a lookup may
     * binary-search (only used when SFR_F_FDE_SORTED is also set). */
    uint8_t order_verified;
    /* the lookup index, in memory the caller lent (else NULL and 0) */
    const uint32_t *index;
    uint64_t index_base;    /* the lowest function start */
    uint64_t index_buckets; /* buckets of 2^index_shift bytes from there */
    uint8_t index_shift;
  } internal;
} sfr_section;

/* A finding with its location.  Fields that do not apply are -1. */
typedef struct sfr_finding {
  sfr_status id;
  int64_t offset;    /* byte offset in the section */
  int64_t fde;       /* FDE index */
  int64_t fre;       /* FRE index within the FDE */
  const char *field; /* field name, e.g. "sfh_fdeoff" */
} sfr_finding;

/* 2.1: read the 4-byte preamble: magic (and from it the endianness),
 * version and flags. */
SFR_API sfr_status sfr_read_preamble(const uint8_t *buf, size_t len, uint8_t *big_endian,
                             uint8_t *version, uint8_t *flags);

/* 2.2: open a section: preamble, header, aux header, sub-section bounds.
 * Succeeds when the FDE array and the FRE sub-section lie inside the buffer,
 * so every later accessor can bound its reads.  On failure, *where (if not
 * NULL) receives the location. */
SFR_API sfr_status sfr_open(sfr_section *sec, const uint8_t *buf, size_t len,
                    uint64_t vma, sfr_finding *where);

/* 2.2: where the section that starts at buf ends, by its header alone:
 * *extent = header + aux header + sfh_freoff + sfh_fre_len bytes (the FRE
 * sub-section is last), which may lie beyond len.  Only the magic (either
 * byte order) and the header's bounds are checked, not the version: the
 * header's layout is one in every version.  For a reader of several
 * sections written end to end (a linker that does not merge them). */
SFR_API sfr_status sfr_section_extent(const uint8_t *buf, size_t len, uint64_t *extent);

/* ---- FDEs (spec 2.3) ---- */
typedef struct sfr_fde {
  uint32_t index;
  uint64_t field_offset; /* byte offset of the start field in the section */
  int64_t raw_start;     /* the start field as stored (sign-extended) */
  uint64_t start;        /* resolved start address */
  uint32_t size;
  uint32_t fre_off;      /* offset of the function's data in the FRE sub-section */
  uint32_t num_fres;
  uint8_t info;
  uint8_t info2;         /* version 3 only, else 0 */
  uint8_t rep_size;      /* versions 2 and 3, else 0 */
  /* decoded from info / info2 (2.3.3) */
  uint8_t fre_type;      /* 0-2 valid */
  uint8_t pc_type;       /* SFR_PCTYPE_* */
  uint8_t pauth_key;     /* 0 key A, 1 key B */
  uint8_t signal;        /* version 3 */
  uint8_t fde_type;      /* SFR_FDE_TYPE_* (version 3; else default) */
  uint64_t fres_at;      /* absolute offset of the first FRE */
  uint8_t start_wraps;   /* start resolution wrapped (finding fde-start-wraps) */
} sfr_fde;

/* 2.3.1 (and the V1/V2 FDE): read FDE number i, and for version 3 its
 * attribute (2.3.2).  Checks only what is needed to read it safely. */
SFR_API sfr_status sfr_get_fde(const sfr_section *sec, uint32_t i, sfr_fde *fde);
/* 2.3.3: split the info bytes into their fields. */
SFR_API void sfr_decode_fde_info(uint8_t version, uint8_t info, uint8_t info2,
                         sfr_fde *fde);

/* ---- FREs (spec 2.4) ---- */
typedef struct sfr_fre {
  uint32_t index;
  uint64_t offset;       /* absolute byte offset of the FRE in the section */
  uint32_t start;        /* start address offset from the function start */
  uint8_t info;
  uint8_t cfa_base_sp;   /* info bit 0: 1 SP, 0 FP */
  uint8_t count;         /* data word count, 0-15 */
  uint8_t word_size;     /* bytes: 1, 2 or 4 */
  uint8_t mangled_ra;    /* info bit 7 */
  int32_t words[SFR_MAX_DATA_WORDS];   /* signed values */
  uint32_t uwords[SFR_MAX_DATA_WORDS]; /* the same words, unsigned */
  uint32_t length;       /* bytes the FRE occupies */
} sfr_fre;

/* Walks one function's FREs in order. */
typedef struct sfr_fre_iter {
  uint64_t pos;    /* absolute offset of the next FRE */
  uint64_t limit;  /* absolute end of readable FRE data (fre_end) */
  uint32_t next;   /* index of the next FRE */
  uint32_t total;
  uint8_t fre_type;
} sfr_fre_iter;

SFR_API void sfr_fre_iter_init(const sfr_section *sec, const sfr_fde *fde,
                       sfr_fre_iter *it);
/* 2.4: read the next FRE; returns SFR_OK, or a finding.  *done set at end. */
SFR_API sfr_status sfr_fre_next(const sfr_section *sec, sfr_fre_iter *it, sfr_fre *fre,
                        int *done);
/* 2.4.1: split the FRE info byte. */
SFR_API void sfr_decode_fre_info(uint8_t info, sfr_fre *fre);

/* ---- Interpretation into neutral rules (spec 3) ---- */
typedef enum sfr_base {
  SFR_BASE_SP = 0,
  SFR_BASE_FP = 1,
  SFR_BASE_REG = 2 /* a DWARF register other than the ABI's SP and FP */
} sfr_base;

typedef struct sfr_cfa_rule {
  uint8_t base;     /* sfr_base */
  uint32_t reg;     /* DWARF register number of the base */
  int64_t offset;   /* decoded (s390x scaling already applied) */
  uint8_t deref;    /* CFA = *(base + offset) */
} sfr_cfa_rule;

typedef enum sfr_rule_kind {
  SFR_RULE_UNCHANGED = 0, /* value is still in its register */
  SFR_RULE_AT_CFA,        /* value = *(CFA + offset) */
  SFR_RULE_FIXED,         /* value = *(CFA + header's fixed offset) */
  SFR_RULE_VAL_CFA,       /* value = CFA + offset */
  SFR_RULE_REG,           /* value = reg + offset */
  SFR_RULE_AT_REG,        /* value = *(reg + offset) */
  SFR_RULE_UNDEFINED      /* RA undefined: outermost frame */
} sfr_rule_kind;

typedef struct sfr_reg_rule {
  uint8_t kind;     /* sfr_rule_kind */
  uint8_t not_saved; /* UNCHANGED because of an explicit "not saved" word */
  uint32_t reg;     /* for REG / AT_REG */
  int64_t offset;
} sfr_reg_rule;

typedef struct sfr_rules {
  sfr_cfa_rule cfa;
  sfr_reg_rule ra;
  sfr_reg_rule fp;
  uint8_t ra_mangled;  /* AArch64 PAuth-signed RA */
  uint8_t outermost;   /* data word count 0: RA undefined */
} sfr_rules;

/* 3: interpret one FRE of a function into rules.  Dispatches to
 * sfr_interp_default_amd64 / _aarch64 / _s390x (3.1.x) or sfr_interp_flex
 * (3.2).  Returns a finding when the words cannot be interpreted. */
SFR_API sfr_status sfr_interpret(const sfr_section *sec, const sfr_fde *fde,
                         const sfr_fre *fre, sfr_rules *rules);
SFR_API sfr_status sfr_interp_default_amd64(const sfr_section *sec, const sfr_fre *fre,
                                    sfr_rules *r);
SFR_API sfr_status sfr_interp_default_aarch64(const sfr_section *sec,
                                      const sfr_fre *fre, sfr_rules *r);
SFR_API sfr_status sfr_interp_default_s390x(const sfr_section *sec, const sfr_fre *fre,
                                    sfr_rules *r);
SFR_API sfr_status sfr_interp_flex(const sfr_section *sec, const sfr_fre *fre,
                           sfr_rules *r);

/* The ABI's name as the canonical JSON spells it: "amd64", "aarch64-le",
 * "aarch64-be", "s390x" ("unknown" otherwise). */
SFR_API const char *sfr_abi_name(uint8_t abi);

/* DWARF numbers of the ABI's stack pointer, frame pointer and RA register. */
SFR_API uint32_t sfr_abi_sp_reg(uint8_t abi);
SFR_API uint32_t sfr_abi_fp_reg(uint8_t abi);
SFR_API uint32_t sfr_abi_ra_reg(uint8_t abi);

/* ---- Validation ----
 * Reports every finding (up to cap stored in out; the return value is the
 * total number found, which may exceed cap).  Linear in the section size.
 * Records whether the FDEs were verified in order (sfr_order_verified). */
typedef struct sfr_report {
  sfr_finding *items;
  size_t cap;
  size_t count;       /* total found (may exceed cap) */
  size_t by_class[4]; /* indexed by sfr_class */
} sfr_report;

SFR_API void sfr_validate(sfr_section *sec, const uint8_t *buf, size_t len,
                  uint64_t vma, sfr_report *rep);

/* Validation that is exact at every size.  A section whose FDEs (or whose
 * functions' FRE data) are out of order needs its function ranges (and data
 * ranges) sorted to find overlaps (SPEC-NOTES N10, N12).  The library
 * allocates nothing, so the caller lends the memory: scratch of at least
 * sfr_validate_scratch_size(len) bytes, any alignment, contents ignored and
 * overwritten.  With it the ranges are merge-sorted as 16-byte keys (three
 * per function: 48 bytes), O(n log n) on any input.  Without scratch (or
 * with too little) sfr_validate_ex is sfr_validate: the keys of arrays of
 * at most 512 functions are sorted the same way on the stack (24 KiB), and
 * a larger out-of-order array gets the questionable finding checks-skipped
 * instead of the checks. */
SFR_API size_t sfr_validate_scratch_size(size_t len);
SFR_API void sfr_validate_ex(sfr_section *sec, const uint8_t *buf, size_t len,
                     uint64_t vma, void *scratch, size_t scratch_len,
                     sfr_report *rep);
/* Two reports held to each other: NULL when a report made with
 * scratch and one made without agree, else what differs.  They agree when
 * the one with scratch skipped nothing and, unless the one without says
 * checks-skipped, both give the same verdict and the same findings (which
 * of fde-overlap and fde-duplicate names a tangle of functions is not
 * compared, only whether there is one).
 * Only the verdict is compared when a report kept fewer findings than it
 * found. */
SFR_API const char *sfr_reports_differ(const sfr_report *with_scratch, const sfr_report *without);
/* Nonzero when the report holds a malformed or invalid finding. */
SFR_API int sfr_report_rejects(const sfr_report *rep);

/* The kernel profiles (what each generation of the Linux kernel's SFrame
 * unwinder does with a section) have their own header: sframe_kernel.h. */

/* ---- Lookup ---- */
typedef enum sfr_pc_mode {
  SFR_PC_IP = 0, /* the PC is an instruction address (topmost frame) */
  SFR_PC_RA = 1  /* the PC is a return address: look up at PC - 1 */
} sfr_pc_mode;

typedef struct sfr_lookup_result {
  sfr_fde fde;
  sfr_fre fre;
  sfr_rules rules;
  uint64_t pc;        /* the address actually looked up */
} sfr_lookup_result;

typedef enum sfr_lookup_status {
  SFR_LOOKUP_FOUND = 0,
  SFR_LOOKUP_NO_FDE,      /* PC in no function */
  SFR_LOOKUP_NO_FRE,      /* function found, but no FRE covers the PC */
  SFR_LOOKUP_BAD_DATA,    /* the section's data for this PC is broken */
  SFR_LOOKUP_REP_SIZE_UNKNOWN /* a version-1 PCMASK function: which row
                                 applies depends on the repeat size, which
                                 version 1 does not record (SPEC-NOTES N14) */
} sfr_lookup_status;

/* 2.3.1: the function holding pc: a binary search over the start fields
 * when the section is flagged sorted and sfr_validate verified the order
 * (sfr_order_verified), else the first FDE in index order that holds it.
 * *fde is that function for SFR_LOOKUP_FOUND, unspecified otherwise. */
SFR_API sfr_lookup_status sfr_find_fde(const sfr_section *sec, uint64_t pc,
                               sfr_fde *fde);
/* 2.4: the row of fde that applies at pc (PCINC: the last FRE starting at
 * or before the offset; PCMASK: the offset modulo rep_size).  *fre is
 * written for SFR_LOOKUP_FOUND only. */
SFR_API sfr_lookup_status sfr_find_fre(const sfr_section *sec, const sfr_fde *fde,
                               uint64_t pc, sfr_fre *fre);
/* PC to function to row to rules.  res->pc is the address looked up;
 * res->fde is the function for every status but SFR_LOOKUP_NO_FDE;
 * res->fre and res->rules are meaningful for SFR_LOOKUP_FOUND only.
 * Allocates nothing; each read is bounded by the section. */
SFR_API sfr_lookup_status sfr_lookup(const sfr_section *sec, uint64_t pc,
                             sfr_pc_mode mode, sfr_lookup_result *res);
SFR_API const char *sfr_lookup_status_name(sfr_lookup_status s);

/* ---- The lookup index (optional) ----
 * On a validated sorted section sfr_find_fde binary-searches the whole FDE
 * array.  With an index it searches only the functions that start in the
 * PC's bucket: the address range from the first function's start is cut
 * into buckets of a power of two bytes (about one function per bucket, or
 * as few as keep the index within 512 KiB, so that it stays in the
 * caches), and the index holds, for each bucket, how many functions start
 * below it and where the last of them keeps its FRE data (the bucket's
 * FDEs and FRE data are fetched at once while the search runs).  The
 * library allocates nothing, so the caller lends the memory:
 * sfr_index_size(sec) bytes (8 per bucket and 8 more: at most 16 per
 * function, and at most 512 KiB and 3; 0 when the section can have no
 * index: not validated in order (sfr_order_verified and the sorted
 * flag), no functions, or functions spread over 4 GiB or more),
 * any alignment, contents ignored.  sfr_index_build fills it and attaches
 * it to sec, returning 1, or returns 0 and leaves sec as it was.  The memory must stay untouched while sec uses it; sfr_open and
 * sfr_validate detach it.  Lookups answer exactly as without the index;
 * a damaged index gives wrong answers but never a read outside the
 * section or the index. */
SFR_API size_t sfr_index_size(const sfr_section *sec);
SFR_API int sfr_index_build(sfr_section *sec, void *mem, size_t len);
/* Nonzero when sfr_index_build attached an index to sec. */
SFR_API int sfr_index_attached(const sfr_section *sec);

/* Nonzero when validation verified that sec's FDEs are strictly ordered
 * and apart, so that lookups binary-search (with SFR_F_FDE_SORTED). */
SFR_API int sfr_order_verified(const sfr_section *sec);
/* Lookups on sec made as on a section never validated: linear, without
 * the index (the floor benchmarks and tests compare against). */
SFR_API void sfr_forget_order(sfr_section *sec);

/* ---- Unwinding (spec appendix A) ---- */
#define SFR_MAX_REGS 64
typedef struct sfr_regs {
  uint64_t pc, sp, fp, ra; /* ra: link register (AArch64 x30, s390x r14) */
  uint8_t ra_valid;        /* the link register holds this frame's RA */
  uint64_t gpr[SFR_MAX_REGS]; /* other DWARF registers, by number */
  uint64_t gpr_valid;         /* bit n: gpr[n] is known; where it is clear,
                                 gpr[n] means nothing (a caller frame the
                                 library writes has every bit clear and its
                                 gpr[] left as it was) */
} sfr_regs;

/* Reads n (8) bytes of target memory at addr into out; returns 0 on success.
 * The library assembles them in the section's endianness. */
typedef int (*sfr_read_mem_fn)(void *ctx, uint64_t addr, uint8_t *out,
                               size_t n);

typedef enum sfr_stop {
  SFR_STOP_NONE = 0,       /* a caller frame was produced */
  SFR_STOP_OUTERMOST,      /* RA undefined, or an FDE with no FREs (V3) */
  SFR_STOP_NO_FDE,         /* no FDE / FRE covers the PC */
  SFR_STOP_BAD_DATA,       /* the section's data for the PC is broken */
  SFR_STOP_MEM_READ,       /* the memory callback failed */
  SFR_STOP_REG_RULE_BELOW_TOP, /* rule needs a register below the top frame */
  SFR_STOP_REG_UNKNOWN,    /* a rule names a register the caller did not give */
  SFR_STOP_SP_NOT_INCREASING,
  SFR_STOP_FRAME_LIMIT,
  SFR_STOP_REP_SIZE_UNKNOWN /* the PC's row cannot be told (a version-1
                               PCMASK function, SFR_LOOKUP_REP_SIZE_UNKNOWN) */
} sfr_stop;

SFR_API const char *sfr_stop_name(sfr_stop s);

typedef struct sfr_unwind_ctx {
  const sfr_section *sec;
  sfr_read_mem_fn read_mem;
  void *mem_ctx;
  uint64_t pauth_mask; /* bits to clear from a mangled RA (0: none) */
} sfr_unwind_ctx;

/* Unwind one frame: from the registers of frame N produce frame N+1. */
SFR_API sfr_stop sfr_unwind_frame(const sfr_unwind_ctx *uc, const sfr_regs *cur,
                          int topmost, sfr_regs *caller);

/* Whole backtrace: frames[0] = *start, then callers, up to max frames.
 * Returns the number of frames written; *why gets the stop reason. */
SFR_API size_t sfr_backtrace(const sfr_unwind_ctx *uc, const sfr_regs *start,
                     sfr_regs *frames, size_t max, sfr_stop *why);

#ifdef __cplusplus
}
#endif
#endif
