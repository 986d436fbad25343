/* sfcfi.h - SFrame against DWARF CFI: the pieces of `sfcfi` (producers/).
 *
 * The CFI side is read by elfutils' libdw (dwarf_getcfi_elf, dwarf_getcfi,
 * dwarf_cfi_addrframe, dwarf_frame_cfa, dwarf_frame_register), an
 * interpreter nobody here wrote; the ELF side by libelf.  The SFrame side is
 * the oracle (sframe_ref.h), linked like any user links it; SFrame is
 * written by the corpus encoder (sframe_enc.h).  Prefix: sc_.
 *
 *   elfin.c    open an ELF file (relocatable objects: sections given
 *              addresses and the relocations of .eh_frame, .debug_frame and
 *              .sframe applied), find its CFI and its .sframe
 *   cfi.c      every FDE of the CFI and its rows, as libdw computes them
 *   express.c  a CFI row as SFrame rules (sfr_rules) for one version, or
 *              the reason SFrame cannot express it
 *   check.c    `sfcfi check`: the two tables compared at every address
 *   convert.c  `sfcfi convert`: CFI to SFrame through the encoder
 *   diff.c     `sfcfi diff`: two SFrame sections compared by meaning
 *   conserve.c `sfcfi conserve`: a linker's output against its inputs, by
 *              meaning, function by function
 *   elfout.c   a copy of an ELF file with a new .sframe section
 *   util.c     error text, growing arrays, JSON strings
 *   sfcfi.c    the command line */
#ifndef SFCFI_H
#define SFCFI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <gelf.h>

#include "sframe_ref.h"

/* ---- util.c ---- */
#if defined(__GNUC__)
#define SC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SC_PRINTF(f, a)
#endif
/* The message into err (errlen bytes); returns -1. */
int sc_fail(char *err, size_t errlen, const char *fmt, ...) SC_PRINTF(3, 4);
/* *p holds at least need elements of elem bytes (*cap of them), doubling;
 * 0, or -1 with *p untouched when memory runs out. */
int sc_grow(void **p, size_t *cap, size_t need, size_t elem);
/* The unsigned value of n bytes (1-8) at p, big- or little-endian. */
uint64_t sc_get(const uint8_t *p, unsigned n, int big);
/* s as a JSON string, quoted. */
void sc_json_str(FILE *out, const char *s);

/* ---- elfin.c: the input ELF ---- */
typedef struct sc_elf {
  const char *path;
  uint8_t *image;    /* the whole file (relocated in place for ET_REL) */
  size_t len;
  int mapped;        /* image is a private mapping (else malloc'd) */
  Elf *elf;          /* elf_memory over image */
  uint16_t machine;  /* EM_X86_64, EM_AARCH64, EM_S390 */
  uint16_t type;     /* ET_REL, ET_EXEC, ET_DYN */
  uint8_t elfclass;  /* ELFCLASS32 / 64 */
  uint8_t big_endian;
  uint8_t abi;       /* SFR_ABI_* for machine and byte order; 0 if none */
  /* .sframe, when present (bytes inside image) */
  const uint8_t *sframe;
  size_t sframe_len;
  uint64_t sframe_vma;
  int has_eh_frame, has_debug_frame;
  uint64_t text_lo, text_hi; /* the executable sections' extent */
  /* function symbols, sorted by address (sc_elf_symbol) */
  struct sc_sym { uint64_t addr, size; const char *name; } *syms;
  size_t nsyms;
} sc_elf;

/* Opens path.  0, or -1 with err set (not ELF, an unknown machine, an
 * unsupported relocation, ...). */
int sc_elf_open(sc_elf *e, const char *path, char *err, size_t errlen);
/* The same over bytes already in memory (copied; the fuzz target). */
int sc_elf_open_mem(sc_elf *e, const uint8_t *bytes, size_t len, const char *name, char *err,
                    size_t errlen);
void sc_elf_close(sc_elf *e);
/* The name of the function symbol holding addr ("" when none; the
 * nearest symbol at or below it within its size, .symtab then .dynsym). */
const char *sc_elf_symbol(const sc_elf *e, uint64_t addr);

/* ---- an SFrame section, opened, validated and indexed by the oracle ---- */
typedef struct sc_sframe {
  sfr_section sec;
  sfr_finding items[8];
  sfr_report rep;     /* the validation's report (rep.count findings) */
  int rejects;        /* sfr_report_rejects */
  void *index;        /* the lookup index's memory (sfr_index_build) */
} sc_sframe;
/* 0 (s->rejects says whether it is valid), or -1 with err set when the
 * bytes are not an SFrame section at all or memory runs out. */
int sc_sframe_open(sc_sframe *s, const uint8_t *buf, size_t len, uint64_t vma, char *err, size_t errlen);
void sc_sframe_close(sc_sframe *s);
/* The first finding that rejects (its name), or NULL. */
const char *sc_sframe_rejection(const sc_sframe *s);

/* An SFrame section from a file: an ELF file's .sframe (relocated), or the
 * file itself as a raw section at vma when it does not start with the ELF
 * magic (or raw is set).  0, or -1 with err set. */
typedef struct sc_sframe_file {
  sc_elf elf;         /* when the file is ELF */
  uint8_t *raw;       /* when it is raw */
  const uint8_t *bytes;
  size_t len;
  uint64_t vma;
  uint8_t is_elf;
} sc_sframe_file;
int sc_sframe_file_load(sc_sframe_file *f, const char *path, int raw, uint64_t vma, char *err,
                        size_t errlen);
void sc_sframe_file_unload(sc_sframe_file *f);

/* ---- cfi.c: the CFI, as rows ---- */
typedef enum sc_cfa_kind {
  SC_CFA_REG = 0,  /* CFA = reg + offset */
  SC_CFA_EXPR,     /* DW_CFA_def_cfa_expression */
  SC_CFA_NONE      /* no CFA rule */
} sc_cfa_kind;

typedef enum sc_rule_kind {
  SC_R_SAME = 0,   /* same_value, or no rule where the ABI's default is that */
  SC_R_UNDEF,      /* undefined (or no rule where the default is that) */
  SC_R_OFFSET,     /* at CFA + offset */
  SC_R_VAL_OFFSET, /* = CFA + offset */
  SC_R_REGISTER,   /* in register reg */
  SC_R_EXPR,       /* at an expression's address */
  SC_R_VAL_EXPR    /* = an expression's value */
} sc_rule_kind;

typedef struct sc_reg {
  uint8_t kind;    /* sc_rule_kind */
  uint32_t reg;
  int64_t offset;
  uint32_t expr;   /* SC_R_EXPR / SC_R_VAL_EXPR: index into sc_cfi.exprs */
} sc_reg;

/* One row: the rules of [start, end) as libdw gives them. */
typedef struct sc_row {
  uint64_t start, end;
  uint8_t cfa_kind;      /* sc_cfa_kind */
  uint32_t cfa_reg;
  int64_t cfa_offset;
  uint32_t cfa_expr;     /* SC_CFA_EXPR: index into sc_cfi.exprs */
  sc_reg ra, fp;
  sc_reg sp;             /* the SP column: SFrame's caller SP is the CFA */
  uint8_t ra_signed;     /* AArch64: RA_SIGN_STATE set (negate_ra_state) */
  uint8_t signal;        /* the CIE says 'S' */
} sc_row;

/* A DWARF expression, as libdw's Dwarf_Op list. */
typedef struct sc_op {
  uint8_t atom;
  uint64_t number, number2;
} sc_op;
typedef struct sc_expr {
  uint32_t first, count; /* into sc_cfi.ops */
} sc_expr;

/* One FDE: [start, end) and its rows. */
typedef struct sc_func {
  uint64_t start, end;
  uint32_t first_row, nrows;
  uint8_t pauth_b;       /* AArch64: the CIE says 'B' (key B) */
  const char *error;     /* libdw could not compute a row (its message) */
} sc_func;

typedef struct sc_cfi {
  uint8_t abi;
  const char *section;   /* ".eh_frame" or ".debug_frame" */
  sc_func *funcs;
  size_t nfuncs;
  sc_row *rows;
  size_t nrows;
  sc_expr *exprs;
  size_t nexprs;
  sc_op *ops;
  size_t nops;
} sc_cfi;

/* Reads every FDE of the file's .eh_frame (or, with debug_frame set or when
 * there is no .eh_frame, .debug_frame), sorted by start.  0, or -1 with err
 * set.  A file with neither is an error. */
int sc_cfi_read(const sc_elf *e, int debug_frame, sc_cfi *out, char *err, size_t errlen);
void sc_cfi_free(sc_cfi *c);
/* The row of f covering pc, or NULL. */
const sc_row *sc_cfi_row_at(const sc_cfi *c, const sc_func *f, uint64_t pc);

/* ---- express.c: a CFI row as SFrame rules ---- */
/* Why SFrame (of a version, for an ABI) cannot express a row.  The names
 * (sc_reason_name) are what the tools print and the tests match. */
typedef enum sc_reason {
  SC_OK = 0,
  SC_NO_CFA,          /* "cfa-undefined": no CFA rule */
  SC_R_CFA_EXPR,      /* "cfa-expression": the CFA is a DWARF expression */
  SC_R_CFA_REG,       /* "cfa-other-register": on a register other than SP/FP */
  SC_CFA_OFFSET,      /* "cfa-offset-range": does not fit (s390x: not 160+8k) */
  SC_RA_EXPR,         /* "ra-expression" */
  SC_RA_RULE,         /* "ra-rule": a rule the version has no words for */
  SC_RA_UNDEF,        /* "ra-undefined": outermost frame, version 1 */
  SC_FP_EXPR,         /* "fp-expression" */
  SC_FP_RULE,         /* "fp-rule" */
  SC_SIGNAL,          /* "signal-frame": versions 1-2 have no signal bit */
  SC_RA_SIGNED,       /* "ra-signed": not AArch64, or version 1 mangling */
  SC_OFFSET_RANGE,    /* "offset-range": an RA/FP offset does not fit */
  SC_CFI_ERROR,       /* "cfi-error": libdw could not compute the row */
  SC_OVERLAP,         /* "overlap": the function overlaps one before it */
  SC_SIZE,            /* "size-range": the function is 4 GiB or more, or a
                         CFA expression's row spans more than 1 MiB */
  SC_START_RANGE,     /* "start-range": the start field cannot reach it */
  SC_SP_RULE,         /* "sp-rule": the caller's SP is not the CFA (the SP
                         column has a rule of its own: __longjmp's "SP in
                         r8"); no version can say it */
  SC_REASON_COUNT
} sc_reason;
const char *sc_reason_name(sc_reason r);
/* "covers-" and the reason's name: the check's class for an SFrame row
 * where the CFI says something SFrame cannot. */
const char *sc_covers_name(sc_reason r);

/* The longest row whose CFA is an expression that sfcfi evaluates address
 * by address (a PLT is far shorter); a longer one is not followed. */
#define SC_EXPR_SPAN_MAX ((uint64_t)1 << 20)

/* The SFrame reading of one address: rules, or why there are none. */
typedef struct sc_want {
  sc_reason reason;
  sfr_rules rules;  /* resolved: no FIXED rules (sc_resolve) */
  uint8_t flex;     /* version 3: only a flexible FDE holds it */
  uint8_t signal;
} sc_want;

/* The rules of row r at pc, for version (1-3) and abi.  pc matters only
 * for expressions (an x86-64 PLT's CFA depends on the PC). */
void sc_express(const sc_cfi *c, const sc_func *f, const sc_row *r, uint64_t pc,
                uint8_t version, sc_want *out);
/* Rules as the oracle decodes them, made comparable: FIXED becomes AT_CFA
 * at the header's offset, UNCHANGED's offset and the not-saved mark are
 * dropped, an outermost row keeps nothing else. */
void sc_resolve(const sfr_section *sec, sfr_rules *r);
/* 1 when two resolved rule sets mean the same. */
int sc_rules_equal(const sfr_rules *a, const sfr_rules *b);
/* Print resolved rules as text ("cfa=sp+16 ra=[cfa-8] fp=u"). */
void sc_rules_text(uint8_t abi, const sfr_rules *r, char *buf, size_t len);

/* ---- check.c ---- */
typedef struct sc_check_opts {
  const char *path;
  int json;         /* one JSON object instead of text */
  int debug_frame;  /* .debug_frame even when there is .eh_frame */
  int summary;      /* the summary without the list */
  const char *sframe_path; /* another SFrame section (raw, or an ELF's) to
                            * hold against the file's CFI instead of its own */
  uint64_t sframe_vma;     /* that raw section's address, when */
  int have_sframe_vma;     /* given (else the file's own .sframe's, or 0) */
} sc_check_opts;
/* Runs `sfcfi check`; returns the exit status (0 all agree, 1 a
 * disagreement or nothing compared, 2 the file cannot be read). */
int sc_check(const sc_check_opts *o, FILE *out, FILE *errf);

/* ---- convert.c: CFI to SFrame through the corpus encoder ---- */
#include "sframe_enc.h"
typedef struct sc_convert_stats {
  size_t converted;                      /* functions written */
  size_t skipped;                        /* functions left out */
  size_t by_reason[SC_REASON_COUNT];     /* skipped, by the first reason */
  size_t pcmask;                         /* written as PCMASK FDEs (PLTs) */
  size_t flex;                           /* written as flexible FDEs (v3) */
  size_t rows;                           /* FREs written */
} sc_convert_stats;
/* The CFI of e as an SFrame section of version (1-3) at address vma:
 * default FDEs where they hold a function, flexible ones (version 3) where
 * only they do, a PCMASK FDE for a PLT whose CFA follows the PC in blocks,
 * outermost rows for an undefined RA (versions 2-3).  A function with a
 * row the version cannot express is left out, counted by its reason.
 * 0 and *out (free with sfe_section_free), or -1 with err set (version 1
 * on s390x, an encoder error, no memory). */
int sc_convert(const sc_elf *e, const sc_cfi *c, uint8_t version, uint64_t vma, sfe_section *out,
               sc_convert_stats *st, char *err, size_t errlen);

/* One line per function sc_convert leaves out: "skipped REASON FUNC
 * 0xLO-0xHI". */
void sc_convert_list_skipped(const sc_elf *e, const sc_cfi *c, uint8_t version, uint64_t vma, FILE *out);

/* ---- elfout.c: a copy of an ELF file with a new .sframe ---- */
/* The address the added section is written for (sfcfi convert --elf
 * encodes at it): 0, for the section is not loaded (SHF_ALLOC clear). */
#define SC_ELFOUT_VMA 0
/* Writes out_path: a copy of the ELF file in_path whose .sframe is sec
 * (len bytes, not loaded, sh_addr SC_ELFOUT_VMA).  A .sframe the input had
 * is renamed .sframe.replaced and becomes SHT_PROGBITS (so that readers
 * finding the section by its type do not take it; its bytes, address and
 * place in the program headers stay).  Never overwrites in_path; out_path is written whole or
 * not at all (a temporary file renamed).  0, or -1 with err set. */
int sc_elf_write_with_sframe(const char *in_path, const char *out_path, const uint8_t *sec, size_t len,
                             char *err, size_t errlen);

/* ---- diff.c: two SFrame sections by meaning ---- */
typedef struct sc_diff_opts {
  const char *a, *b;     /* paths */
  int raw;               /* both are raw sections (else ELF is detected) */
  uint64_t vma_a, vma_b; /* raw sections' addresses */
  int json;
} sc_diff_opts;
/* Runs `sfcfi diff`; returns the exit status (0 equal by meaning, 1
 * different or an invalid section, 2 unreadable input). */
int sc_diff(const sc_diff_opts *o, FILE *out, FILE *errf);

/* The pieces of the comparison `sfcfi diff` makes, shared with `sfcfi
 * conserve`.  A reading is what an unwinder gets at an address: the rules
 * (resolved, sc_resolve), the function's signal bit and, on AArch64 where
 * the RA is signed, its PAuth key; or the lookup's status when it finds no
 * row (a version 3 default FDE without rows reads as the outermost frame). */
#define SC_READING_TEXT 112
typedef struct sc_reading {
  int found;           /* rules hold; else status */
  sfr_lookup_status status;
  sfr_rules rules;     /* resolved */
  uint8_t signal;
  uint8_t key_b;       /* AArch64, RA signed: key B */
  uint64_t func;       /* the function's start (not for SFR_LOOKUP_NO_FDE) */
  uint32_t fde_index;  /* its index (likewise) */
} sc_reading;
void sc_read_at(const sfr_section *sec, uint64_t pc, sc_reading *out);
int sc_readings_equal(const sc_reading *a, const sc_reading *b);
void sc_reading_text(uint8_t abi, const sc_reading *r, char *buf, size_t len);

/* A section's functions sorted by start ([start, end), FDE index), with
 * maxend[i] the largest end of r[0..i] (a size-0 function counts one byte). */
typedef struct sc_range {
  uint64_t start, end;
  uint32_t index;
} sc_range;
typedef struct sc_ranges {
  sc_range *r;
  uint64_t *maxend;
  size_t n;
} sc_ranges;
int sc_ranges_load(sc_ranges *rs, const sfr_section *sec); /* 0, or -1 out of memory */
void sc_ranges_free(sc_ranges *rs);
/* The number of functions starting below addr (the index of the first
 * starting at or above it). */
size_t sc_ranges_below(const sc_ranges *rs, uint64_t addr);
/* 1 when a function overlaps [lo, hi). */
int sc_ranges_overlap(const sc_ranges *rs, uint64_t lo, uint64_t hi);

/* One function's row starts, to cut its addresses where its reading may
 * change (PCINC: each row's start; PCMASK of versions 2-3: where the PC's
 * offset modulo rep_size reaches a row's start or wraps). */
typedef struct sc_fn_rows {
  int have_fde;
  sfr_fde fde;
  uint64_t *starts;
  size_t nstarts, cap;
  int bad;             /* its rows could not be read */
} sc_fn_rows;
/* Makes FDE i the current function (0, or -1 out of memory). */
int sc_fn_rows_enter(sc_fn_rows *f, const sfr_section *sec, uint32_t i);
/* Where the reading of the function [start, end) at pc may change next
 * (exclusive; at most end). */
uint64_t sc_fn_rows_piece_end(const sc_fn_rows *f, uint8_t version, uint64_t start, uint64_t end,
                              uint64_t pc);
void sc_fn_rows_free(sc_fn_rows *f);

/* Function fde_a of section a, against section b at the same addresses
 * moved by delta (b's address = a's + delta, modulo 2^64): the function's
 * addresses cut where either reading may change (and where a function of
 * b starts, when rb, b's sorted functions, is given), each piece compared
 * once. */
typedef struct sc_span {
  size_t pieces, equal, different;
  size_t uncovered;    /* pieces in no function of b */
  int have_first;      /* the first different piece: */
  uint64_t first_a, first_b;
  char text_a[SC_READING_TEXT], text_b[SC_READING_TEXT];
} sc_span;
/* 0, or -1 out of memory. */
int sc_compare_span(const sfr_section *a, uint32_t fde_a, const sfr_section *b, const sc_ranges *rb,
                    uint64_t delta, sc_span *out);

/* ---- conserve.c: a linker's output against its inputs ---- */
typedef struct sc_conserve_opts {
  const char *output;    /* the linked file */
  const char *const *inputs; /* the relocatable objects */
  size_t ninputs;
  int json;
  int verbose;           /* also list the kept and dropped-code functions */
} sc_conserve_opts;
/* Runs `sfcfi conserve`; returns the exit status (0 every input function
 * kept or its code dropped and no flag problem; 1 a function differs, is
 * missing or unmapped, a flag problem, the output's section is invalid, or
 * no input function at all; 2 unreadable input, a stripped output). */
int sc_conserve(const sc_conserve_opts *o, FILE *out, FILE *errf);

#endif
