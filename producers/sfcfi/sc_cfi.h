/* SPDX-License-Identifier: MIT */
/* sc_cfi.h - sfcfi's the CFI as rows, read by libdw (cfi.c).
 * The modules of sfcfi are described in sfcfi.c. */
#ifndef SC_CFI_H
#define SC_CFI_H

#include "sc_elf.h"

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

#endif
