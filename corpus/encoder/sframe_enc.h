/* SPDX-License-Identifier: MIT */
/* sframe_enc.h - the corpus encoder: a model of an SFrame section turned
 * into bytes, for any version x ABI x endianness.
 *
 * It shares the oracle's constants and neutral rule types (sframe_ref.h) but
 * none of its reading code and none of its tables: the ABI names and DWARF
 * register numbers are the encoder's own (sfe_abi.c), for a decoder and an
 * encoder must not share a misreading.  What it does take
 * from the oracle's library is the finding table (sfr_finding_by_name,
 * sfr_finding_class, sfr_class_name): an expected result names a finding,
 * and the finding identifiers are the interface the two are compared
 * through.  Unlike the oracle, the encoder allocates (malloc), and it is
 * only used to build test material, by sfcorpus and the tests; sfref does
 * not link it.  Prefix: sfe_. */
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
  /* Fault injection only: nextra more data words (values extra[0..]) are
   * written after the words the rules give (e.g. a third AMD64 word for
   * dataword-count-bad, a leftover flexible word).  The expected JSON and
   * lookups do not predict what such a row decodes to. */
  uint8_t nextra;
  int32_t extra[4];
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
  uint8_t word_size;  /* SFE_AUTO (or 0), or 1, 2, 4 forced for every FRE */
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
  /* NULL: the functions' FRE data in model order.  Else a permutation of
   * 0..nfuncs-1: the order their FRE data is written in (linkers keep the
   * input order of the data while sorting the FDEs).  Freed by
   * sfe_model_free, like funcs and rows. */
  uint32_t *data_order;
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
  size_t fre_len;       /* length of the FRE sub-section as encoded */
} sfe_section;

typedef enum sfe_status {
  SFE_OK = 0,
  SFE_E_MODEL,        /* the model cannot be encoded: see sfe_error() text */
  SFE_E_NOMEM
} sfe_status;

/* How rules become data words (the inverse of spec section 3; SPEC-NOTES
 * N2, N15-N20, N23).  rules.outermost: no words (version 2+), other rules
 * ignored.  CFA base SP / FP use the ABI's DWARF SP / FP numbers (AMD64 7/6,
 * AArch64 31/29, s390x 15/11); cfa.reg is only read for SFR_BASE_REG.
 *   default FDEs: CFA base SP/FP, not dereferenced;
 *     AMD64   [CFA] or [CFA, FP]: RA must be SFR_RULE_FIXED at the header's
 *             fixed RA offset; FP AT_CFA (word) or its default;
 *     AArch64 [CFA], [CFA, RA], [CFA, RA, FP]: RA UNCHANGED or AT_CFA; FP
 *             AT_CFA (needs the RA saved) or its default;
 *     s390x   CFA offset 160 + 8k stored as k; RA AT_CFA (non-zero; even in
 *             V2), UNCHANGED (a 0 padding word when the FP follows or
 *             ra.not_saved is set), or in V2 REG with offset 0 (odd word
 *             reg << 1 | 1); FP likewise (AT_CFA or V2 REG).
 *   flexible FDEs (V3): CFA pair (reg << 3 | deref << 1 | 1, offset; s390x
 *     offset scaled as above); then RA: nothing when it has its default rule
 *     and FP has none, a single 0 word when the default applies but FP
 *     follows (or ra.not_saved), else a pair (AT_CFA: control 2; VAL_CFA:
 *     control 8, i.e. regnum 1, since 0 is padding; REG: reg << 3 | 1;
 *     AT_REG: reg << 3 | 3); then FP likewise (fp.not_saved: a trailing 0).
 *   "default rule": RA - AMD64 FIXED at the header's RA offset, others
 *     UNCHANGED; FP - FIXED at the header's FP offset if that is non-zero,
 *     else UNCHANGED.  UNCHANGED rules print offset 0 whatever the model says.
 * Version 1 has no rep_size (must be 0), no outermost rows, no signal bit,
 * no flexible FDEs.  Start fields: func.start - vma, or with
 * SFR_F_FDE_FUNC_START_PCREL (version 2+) func.start - (vma + offset of the
 * field); they must fit 32 bits (V1, V2) or 64 (V3).  The encoder checks
 * representability only: order, overlaps, row starts past the size,
 * rep_size 0 and the like are written as the model says. */

/* Encode.  Chooses, as gas does, the FRE type from the function size
 * (size <= 0xff ADDR1, <= 0xffff ADDR2, else ADDR4) and the narrowest data
 * word size that holds every word of an FRE, unless the model forces them.
 * The rules must be expressible for the ABI / FDE type (e.g. s390x CFA
 * offsets must be 160 + 8k; AArch64 default FDEs cannot save FP without RA);
 * otherwise SFE_E_MODEL with a message in err (if not NULL, size errlen). */
sfe_status sfe_encode(const sfe_model *m, sfe_section *out, char *err, size_t errlen);
void sfe_section_free(sfe_section *s);

/* The FRE type sfe_encode uses for a function: forced, or from the size as
 * gas does (widened if a row start does not fit). */
uint8_t sfe_func_fre_type(const sfe_func *f);

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
/* The same answer as values: the status, and the function and row index
 * (-1 where none). */
sfr_lookup_status sfe_expected_find(const sfe_model *m, uint64_t pc, sfr_pc_mode mode, long *fde,
                                    long *fre);

/* An unwind snapshot (decoder/SNAPSHOT.md) for the model: registers and
 * memory chosen so that, by the model's rules, frame i's caller is at
 * chain[i + 1] (frame 0 looked up as an instruction address, the others as
 * return addresses).  Written to snapshot; the expected output of
 * `sfref unwind --json` (the chain's frames, then `stop`, which the case
 * states) to expected.  The last PC's own row is not used: where the walk
 * stops, and why, is the case's to say.  Returns 0, or -1 with err set when
 * no registers and memory give that chain (the chain crosses an outermost
 * row, an SP would not grow, two saved values would share memory, a rule
 * below the topmost frame needs a register other than SP and FP, ...). */
typedef struct sfe_unwind_spec {
  const uint64_t *chain; /* the frames' PCs, frame 0 first */
  size_t nchain;
  uint64_t sp;           /* frame 0's SP */
  int have_fp;
  uint64_t fp;           /* frame 0's FP (default SP + 0x100) */
  uint64_t pauth_mask;   /* written, and set in each mangled saved RA */
  unsigned max_frames;   /* written when not 0 */
  int omit_regs;         /* leave out the `ra` and `reg` lines */
  int have_beyond;       /* also prepare the last frame's caller at beyond, */
  uint64_t beyond;       /* which the walk must not reach (stop says why) */
  const char *stop;      /* the expected stop reason */
} sfe_unwind_spec;
int sfe_build_unwind(const sfe_model *m, const sfe_unwind_spec *spec, FILE *snapshot,
                     FILE *expected, char *err, size_t errlen);

/* Random valid models with realistic shapes (prologue/epilogue rows,
 * FP-based bodies, PLT blocks, flexible rows in V3), from a seed: the same
 * seed gives the same model on any host.  A correct reader finds nothing
 * at all in them, not even a questionable finding.  Returns 0, or -1 (bad
 * arguments, no memory).  Free with sfe_model_free. */
typedef struct sfe_rng { uint64_t s[2]; } sfe_rng;
void sfe_rng_seed(sfe_rng *r, uint64_t seed);
uint64_t sfe_rng_next(sfe_rng *r);
uint32_t sfe_rng_below(sfe_rng *r, uint32_t n); /* [0, n), 0 when n is 0 */
int sfe_random_model(sfe_rng *r, uint8_t version, uint8_t abi, uint8_t big_endian,
                     sfe_model *out);
void sfe_model_free(sfe_model *m);

/* ---- The generator behind `sfcorpus gen` (sfe_gen.c; sfe_faults.c) ----
 * One case of corpus/FORMAT.md: a random valid model (class valid, no
 * finding) or, with mutant set, a random model with exactly one fault whose
 * expected finding (and class, from the finding table) is known from the
 * fault kind.  Same arguments, same bytes. */
typedef struct sfe_case {
  char id[96];          /* gen-v3-amd64-le-s1-0007, mut-...-KIND */
  char kind[40];        /* "random" or the fault kind */
  char title[160];
  const char *clause;   /* spec section */
  const char *cls;      /* valid | malformed | invalid | questionable */
  const char *finding;  /* identifier, or "-" */
  const char *source;   /* generated | mutants */
  sfe_model model;      /* what the expected results come from */
  sfe_section sec;      /* the bytes, fault applied (sec.bytes, sec.len) */
  sfe_section twin;     /* mutants: the valid section the fault was applied to */
  uint64_t *pcs;        /* PCs for NAME.lookup.json (none for rejected cases) */
  size_t npcs;
  int dump;             /* NAME.dump.json is written (valid, questionable) */
} sfe_case;

/* Case number index of (seed, version, abi, byte order, mutant): 0, or -1
 * with err set.  Free with sfe_case_free. */
int sfe_gen_case(uint64_t seed, uint8_t version, uint8_t abi, uint8_t big_endian,
                 uint32_t index, int mutant, sfe_case *c, char *err, size_t errlen);
/* Write NAME.sframe, NAME.expect and, as they apply, NAME.dump.json and
 * NAME.lookup.json into dir (which must exist).  0, or -1 with err set. */
int sfe_gen_write(const sfe_case *c, const char *dir, char *err, size_t errlen);
void sfe_case_free(sfe_case *c);
/* The fault kinds (sfe_faults.c; for documentation and tests): count, and
 * name i. */
unsigned sfe_fault_count(void);
const char *sfe_fault_name(unsigned i);
/* mkdir -p; 0, or -1 with err set. */
int sfe_mkdir_p(const char *dir, char *err, size_t errlen);

/* ---- The ABIs (sfe_abi.c: the encoder's one table, by SFR_ABI_*) ---- */
const char *sfe_abi_name(uint8_t abi); /* "amd64", "aarch64-le", ... */
uint8_t sfe_abi_by_name(const char *name); /* SFR_ABI_*, or 0 */
/* DWARF numbers of the ABI's SP, FP and RA register (AMD64 7/6/16, AArch64
 * 31/29/30, s390x 15/11/14). */
uint32_t sfe_dwarf_sp(uint8_t abi);
uint32_t sfe_dwarf_fp(uint8_t abi);
uint32_t sfe_dwarf_ra(uint8_t abi);
/* The DWARF register a CFA rule's base names (the ABI's SP or FP for
 * SFR_BASE_SP / SFR_BASE_FP, else cfa->reg), and the other way: the base
 * of DWARF register reg (SFR_BASE_REG when it is neither SP nor FP). */
uint32_t sfe_cfa_base_reg(uint8_t abi, const sfr_cfa_rule *cfa);
uint8_t sfe_cfa_base_of(uint8_t abi, uint32_t reg);

#endif
