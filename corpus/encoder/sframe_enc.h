/* sframe_enc.h - the corpus encoder: a model of an SFrame section turned
 * into bytes, for any version x ABI x endianness.
 *
 * It shares the oracle's constants and neutral rule types (sframe_ref.h) but
 * none of its reading code: a decoder and an encoder must not share a
 * misreading.  Unlike the oracle, the encoder allocates (malloc), and it is
 * only used to build test material.  Prefix: sfe_. */
#ifndef SFRAME_ENC_H
#define SFRAME_ENC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sframe_ref.h"

#define SFE_AUTO 0xffu /* let the encoder choose (as gas does) */

/* One FRE: where it starts, and the neutral rules it encodes. */
typedef struct sfe_row {
  uint32_t start;  /* offset from the function start (or in the block, PCMASK) */
  sfr_rules rules; /* CFA / RA / FP rules, ra_mangled, outermost */
} sfe_row;

/* One function: its FDE and its rows. */
typedef struct sfe_func {
  uint64_t start;     /* resolved start address */
  uint32_t size;
  uint8_t pc_type;    /* SFR_PCTYPE_INC / _MASK */
  uint8_t rep_size;   /* versions 2-3 */
  uint8_t fde_type;   /* SFR_FDE_TYPE_DEFAULT / _FLEX (version 3) */
  uint8_t pauth_key;  /* 0 A, 1 B */
  uint8_t signal;     /* version 3 */
  uint8_t fre_type;   /* SFE_AUTO, or 0-2 (ADDR1/2/4) forced */
  uint8_t word_size;  /* SFE_AUTO, or 1, 2, 4 forced for every FRE */
  uint32_t nrows;
  sfe_row *rows;
} sfe_func;

/* The whole section. */
typedef struct sfe_model {
  uint8_t version;         /* 1, 2, 3 */
  uint8_t abi;             /* SFR_ABI_* */
  uint8_t big_endian;      /* byte order of every multi-byte field */
  uint8_t flags;           /* sfp_flags as written */
  int8_t fixed_fp_offset;
  int8_t fixed_ra_offset;
  uint8_t auxhdr_len;      /* aux header bytes (zero-filled) */
  uint64_t vma;            /* section address */
  uint32_t gap_after_header; /* unused bytes before the first sub-section */
  uint32_t gap_between;      /* unused bytes between the sub-sections */
  uint32_t trailing;         /* unused bytes after the last sub-section */
  uint8_t fres_first;        /* place the FRE sub-section before the FDE array */
  uint32_t nfuncs;
  sfe_func *funcs;
} sfe_model;

/* An encoded section and where each structure landed (byte offsets). */
typedef struct sfe_section {
  uint8_t *bytes;
  size_t len;
  size_t fde_array;     /* start of the FDE array / FDE index */
  size_t fre_sub;       /* start of the FRE sub-section */
  size_t *fde_at;       /* [nfuncs] offset of FDE i (index entry in V3) */
  size_t *data_at;      /* [nfuncs] offset of function i's FRE data (V3: its attribute) */
  size_t **fre_at;      /* [nfuncs][nrows] offset of FRE j of function i */
  uint32_t nfuncs;
} sfe_section;

typedef enum sfe_status {
  SFE_OK = 0,
  SFE_E_MODEL,        /* the model cannot be encoded: see sfe_error() text */
  SFE_E_NOMEM
} sfe_status;

/* Encode.  Chooses, as gas does, the FRE type from the function size
 * (size <= 0xff ADDR1, <= 0xffff ADDR2, else ADDR4) and the narrowest data
 * word size that holds every word of an FRE, unless the model forces them.
 * The rules must be expressible for the ABI / FDE type (e.g. s390x CFA
 * offsets must be 160 + 8k; AArch64 default FDEs cannot save FP without RA);
 * otherwise SFE_E_MODEL with a message in err (if not NULL, size errlen). */
sfe_status sfe_encode(const sfe_model *m, sfe_section *out, char *err, size_t errlen);
void sfe_section_free(sfe_section *s);

/* Overwrite a raw field after encoding: width 1, 2, 4 or 8 bytes at offset,
 * in the section's byte order.  Returns 0, or -1 if out of bounds. */
int sfe_patch(sfe_section *s, int big_endian, size_t offset, unsigned width, uint64_t value);

/* Offsets of named fields, for patches.  Header fields: "sfp_magic",
 * "sfp_version", "sfp_flags", "sfh_abi_arch", "sfh_cfa_fixed_fp_offset",
 * "sfh_cfa_fixed_ra_offset", "sfh_auxhdr_len", "sfh_num_fdes", "sfh_num_fres",
 * "sfh_fre_len", "sfh_fdeoff", "sfh_freoff".  FDE fields (relative to the
 * FDE, per version): "start", "size", "fre_off", "num_fres", "info",
 * "info2", "rep_size" (V3 num_fres / info / info2 / rep_size are in the
 * attribute at data_at).  Returns the absolute offset and width, or -1. */
long sfe_header_field(const char *name, unsigned *width);
long sfe_fde_field(const sfe_model *m, const sfe_section *s, uint32_t fde, const char *name,
                   unsigned *width);

/* The canonical JSON (decoder/JSON.md) the oracle must print for the model,
 * computed from the model alone. */
void sfe_expected_json(const sfe_model *m, FILE *out);

/* The lookup answer the model implies for pc in a mode, in the JSON form of
 * `sfref lookup --json` (one object, no surrounding array). */
void sfe_expected_lookup(const sfe_model *m, uint64_t pc, sfr_pc_mode mode, FILE *out);

/* Random valid models with realistic shapes (prologue/epilogue rows,
 * FP-based bodies, PLT blocks, flexible rows in V3), from a seed: the same
 * seed gives the same model on any host.  Free with sfe_model_free. */
typedef struct sfe_rng { uint64_t s[2]; } sfe_rng;
void sfe_rng_seed(sfe_rng *r, uint64_t seed);
uint64_t sfe_rng_next(sfe_rng *r);
int sfe_random_model(sfe_rng *r, uint8_t version, uint8_t abi, uint8_t big_endian,
                     sfe_model *out);
void sfe_model_free(sfe_model *m);

#endif
