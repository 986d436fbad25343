/* SPDX-License-Identifier: MIT */
/* sc_express.h - sfcfi's a CFI row as SFrame rules for one version, or why not (express.c).
 * The modules of sfcfi are described in sfcfi.c. */
#ifndef SC_EXPRESS_H
#define SC_EXPRESS_H

#include "sc_cfi.h"

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
/* 1 when an expression of row r reads the PC's register, so that
 * sc_express may say something else at each address of r; 0 when it says
 * the same at every one (a stack realignment's CFA expression). */
int sc_row_reads_pc(const sc_cfi *c, const sc_row *r);
/* Rules as the oracle decodes them, made comparable: FIXED becomes AT_CFA
 * at the header's offset, UNCHANGED's offset and the not-saved mark are
 * dropped, an outermost row keeps nothing else. */
void sc_resolve(const sfr_section *sec, sfr_rules *r);
/* 1 when two resolved rule sets mean the same. */
int sc_rules_equal(const sfr_rules *a, const sfr_rules *b);
/* Print resolved rules as text ("cfa=sp+16 ra=[cfa-8] fp=u"). */
void sc_rules_text(uint8_t abi, const sfr_rules *r, char *buf, size_t len);

#endif
