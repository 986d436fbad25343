/* SPDX-License-Identifier: MIT */
/* catalogue.h - the hand-written case catalogue (corpus/cases/NAME.cases) and
 * its builder, sfcorpus (corpus/CASES.md describes the source format).
 *
 *   parse.c          reads .cases files into named models and cases: lines
 *                    and entries, and the catalogue (find, check, free)
 *   parse_model.c    the model statements (header, vma, func, func[N], row)
 *   parse_case.c     a case's own statements and its raw overrides
 *   build.c          one concrete section: expansion into version x ABI x
 *                    endian, encoder, PCs to look up, unwind chains
 *   build_model.c    the model lines into the encoder's sfe_model
 *   build_override.c the raw overrides applied to the encoded bytes
 *   output.c         the files of corpus/FORMAT.md; SUMMARY.md (with SHA-256)
 *   util.c           allocation, errors, numbers, the names of the axes
 *   sfcorpus.c       the command line, and `sfcorpus gen` (the random
 *                    sections and mutants of corpus/encoder/sfe_gen.c)
 * parse.h and build.h hold what the parts of the parser and of the builder
 * share among themselves.
 *
 * Expected results come from the case (class, finding) and from the
 * encoder's model (sfe_expected_json / sfe_expected_lookup) only. */
#ifndef CATALOGUE_H
#define CATALOGUE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sfc_tools.h"
#include "sframe_enc.h"

/* ---- axes ---- */
enum { CAT_ABI_AMD64, CAT_ABI_AARCH64_LE, CAT_ABI_AARCH64_BE, CAT_ABI_S390X, CAT_NABI };
#define CAT_ABI_ALL 0xfu
#define CAT_VER_ALL 0xeu /* bits 1, 2, 3 */

enum { CAT_ENDIAN_NATIVE = 1, CAT_ENDIAN_SWAPPED = 2, CAT_ENDIAN_BOTH = 3 };

enum { CAT_VALID, CAT_MALFORMED, CAT_INVALID, CAT_QUESTIONABLE, CAT_IMPL };

const char *cat_abi_name(int abi);  /* "amd64", "aarch64-le", ... (FORMAT.md) */
const char *cat_abi_short(int abi); /* "amd64", "aarch64le", ... (ids) */
uint8_t cat_abi_id(int abi);        /* SFR_ABI_* */
int cat_abi_big_endian(int abi);    /* the ABI's own byte order */
const char *cat_class_name(int cls);

/* ---- neutral rules as written in a row ---- */
enum {
  RK_DEFAULT = 0, /* not written: the ABI's default for the entity */
  RK_UNCHANGED,   /* u */
  RK_FIXED,       /* f: the header's fixed offset */
  RK_PAD,         /* U / pad: an explicit "no rule" padding word */
  RK_AT_CFA,      /* c+N: saved at CFA + N */
  RK_VAL_CFA,     /* cfa+N: the value is CFA + N */
  RK_REG,         /* rK+N: the value is register K + N */
  RK_AT_REG,      /* *(rK+N): saved at register K + N */
  RK_UNDEFINED    /* undefined: RA undefined, the outermost frame */
};

enum { CB_SP, CB_FP, CB_REG };

typedef struct cat_cfa {
  uint8_t present;
  uint8_t base; /* CB_* */
  uint32_t reg; /* for CB_REG */
  int64_t off;
  uint8_t deref;
} cat_cfa;

typedef struct cat_rule {
  uint8_t kind; /* RK_* */
  uint8_t base; /* for RK_REG / RK_AT_REG: CB_SP, CB_FP or CB_REG */
  uint32_t reg;
  int64_t off;
} cat_rule;

typedef struct cat_row {
  uint32_t start;
  cat_cfa cfa;
  cat_rule ra, fp;
  uint8_t mangled;
  uint8_t outermost;
  uint8_t nextra;   /* extra=W,...: surplus data words after the rule's words */
  int32_t extra[4];
  int line;
  const char *file; /* set when the row joins a model (build_model.c) */
} cat_row;

/* ---- functions: field assignments from a `func` line ---- */
enum {
  FF_START = 1u << 0, FF_SIZE = 1u << 1, FF_PC = 1u << 2, FF_REP = 1u << 3,
  FF_TYPE = 1u << 4, FF_KEY = 1u << 5, FF_SIGNAL = 1u << 6, FF_FRETYPE = 1u << 7,
  FF_WSIZE = 1u << 8, FF_REPEAT = 1u << 9, FF_STRIDE = 1u << 10, FF_CLEAR = 1u << 11
};

typedef struct cat_funcspec {
  unsigned set;        /* FF_* present */
  uint64_t start;
  int start_raw;       /* start=raw:N: N is the stored field value */
  int64_t raw;
  uint32_t size;
  uint8_t pc_type, rep_size, fde_type, pauth_key, signal, fre_type, word_size;
  uint32_t repeat;
  uint64_t stride;
} cat_funcspec;

/* ---- header assignments from a `header` line ---- */
enum {
  HF_FLAGS_ABS = 1u << 0, HF_FLAGS_REL = 1u << 1, HF_FIXED_FP = 1u << 2,
  HF_FIXED_RA = 1u << 3, HF_AUXHDR = 1u << 4, HF_GAP = 1u << 5,
  HF_GAP_BETWEEN = 1u << 6, HF_TRAILING = 1u << 7, HF_FRES_FIRST = 1u << 8,
  HF_VMA = 1u << 9
};

typedef struct cat_headerspec {
  unsigned set;
  uint8_t flags, flags_add, flags_del;
  int8_t fixed_fp, fixed_ra;
  uint8_t auxhdr;
  uint32_t gap, gap_between, trailing;
  uint8_t fres_first;
  uint64_t vma;
} cat_headerspec;

/* ---- model operations (a named model or the model part of a case) ---- */
enum { MO_HEADER, MO_FUNC, MO_FUNC_EDIT, MO_ROW };

typedef struct cat_mop {
  int kind;
  int line;
  long index; /* MO_FUNC_EDIT: function index (negative: from the end) */
  cat_headerspec hdr;
  cat_funcspec func;
  cat_row row;
} cat_mop;

typedef struct cat_model {
  char *name;
  unsigned abis; /* ABIs this variant is for (CAT_ABI_ALL: any) */
  const char *file;
  int line;
  cat_mop *ops;
  size_t nops, capops;
} cat_model;

/* ---- raw overrides ---- */
enum { OV_SET, OV_INSERT, OV_DELETE, OV_TRUNCATE, OV_CUT, OV_APPEND };
enum { OP_ASSIGN, OP_ADD, OP_SUB, OP_OR, OP_AND, OP_XOR };

typedef struct cat_override {
  int kind;
  int line;
  char *target; /* OV_SET: a field; OV_INSERT / OV_DELETE / OV_CUT: a location expression */
  int op;       /* OV_SET */
  char *expr;   /* OV_SET value; OV_DELETE count; OV_TRUNCATE "at" expression */
  long drop;    /* OV_TRUNCATE -N: drop N bytes (expr NULL) */
  uint8_t *bytes; /* OV_INSERT / OV_APPEND */
  size_t nbytes;
} cat_override;

enum { PCS_AUTO, PCS_NONE, PCS_FEW, PCS_LIST };

/* `unwind ...`: a snapshot and the frames it must unwind to (CASES.md). */
typedef struct cat_unwind {
  int line;
  char **chain; /* PCs as written: an address, or fN[+-OFF] */
  size_t nchain;
  char *beyond; /* `beyond=PC`, as written */
  /* The rest as the encoder takes it: sp, fp and have_fp, pauth_mask,
   * max_frames, omit_regs and stop (a stop reason of decoder/SNAPSHOT.md);
   * its chain and beyond are the PCs above, resolved (cat_built). */
  sfe_unwind_spec spec;
} cat_unwind;

typedef struct cat_case {
  char *id, *title, *clause, *finding, *base;
  int cls;
  const char *file;
  int line;
  unsigned versions, abis;
  int endian;
  int v1_s390x; /* `with v1-s390x`: keep version 1 x s390x in the expansion */
  cat_mop *ops; /* model operations after the base */
  size_t nops, capops;
  cat_override *ovs;
  size_t novs, capovs;
  int pcs_mode;
  uint64_t *pcs;
  size_t npcs;
  cat_unwind *unwinds;
  size_t nunwinds;
} cat_case;

typedef struct cat_catalogue {
  cat_model *models;
  size_t nmodels, capmodels;
  cat_case *cases;
  size_t ncases, capcases;
  char **files; /* file names, owned */
  size_t nfiles;
} cat_catalogue;

/* parse.c: read every *.cases file of dir (sorted by name).  Returns 0, or
 * -1 after printing "file:line: error: ..." to stderr. */
int cat_load_dir(cat_catalogue *cat, const char *dir);
int cat_load_file(cat_catalogue *cat, const char *path);
int cat_check(const cat_catalogue *cat); /* cross-entry checks (bases, ids) */
void cat_free(cat_catalogue *cat);
const cat_model *cat_find_model(const cat_catalogue *cat, const char *name, int abi);

/* build.c: one concrete section. */
typedef struct cat_concrete {
  const cat_case *c;
  int version, abi, big_endian;
  char id[256];
} cat_concrete;

typedef struct cat_built {
  sfe_model model;   /* the model the expected results come from */
  uint8_t *bytes;    /* the section after overrides */
  size_t len;
  uint8_t *twin;     /* an invalid or malformed case's valid twin: its base
                        model alone, encoded for the same version, ABI and
                        byte order (NULL: the case has no base) */
  size_t twin_len;
  /* Version 2 with FDE_FUNC_START_PCREL where the encoding is incidental
   * (the default flags, no raw starts, no byte overrides): the same model
   * with starts counted from the section (flag clear), and its twin's.  A
   * reader without PCREL is judged on these (conformance/PROTOCOL.md,
   * features).  NULL otherwise. */
  uint8_t *abs, *abs_twin;
  size_t abs_len, abs_twin_len;
  uint64_t *pcs;
  size_t npcs;
  uint64_t **chains; /* [nchains] each unwind's chain, resolved */
  size_t nchains;    /* the case's nunwinds */
} cat_built;

/* The concrete sections of a case, in a fixed order (version, ABI, endian).
 * Returns the count written to out (at most max). */
size_t cat_expand(const cat_case *c, cat_concrete *out, size_t max);
/* Build one concrete section.  Returns 0, or -1 after printing
 * "file:line: error: ..." to stderr. */
int cat_build(const cat_catalogue *cat, const cat_concrete *cc, cat_built *out);
void cat_built_free(cat_built *b);

/* output.c */
int cat_write(const cat_concrete *cc, const cat_built *b, const char *outdir);
int cat_summary(const char *corpus_dir, FILE *out);

/* util.c: allocation (out of memory: message, exit 2), the error message
 * of a concrete section ("file:line: error: ID: ...", returns -1), and
 * signed numbers as .cases files write them (0 on success; unsigned ones
 * are read by sfc_parse_u64 of common/sfc_tools.h, which returns 1). */
void *cat_xcalloc(size_t n, size_t size);
void *cat_xrealloc(void *p, size_t size);
char *cat_xstrdup(const char *s);
/* p grown (doubling, from 8) so that it holds more than n elements. */
void *cat_grow(void *p, size_t *cap, size_t n, size_t elem);
int cat_berr(const char *file, int line, const cat_concrete *cc, const char *fmt, ...);
int cat_parse_int(const char *s, int64_t *v);

#endif
