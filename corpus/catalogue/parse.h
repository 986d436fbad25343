/* SPDX-License-Identifier: MIT */
/* parse.h - what the reader of .cases files (parse.c) shares with its
 * statement parsers: parse_model.c (the model lines: header, vma, func,
 * func[N], row) and parse_case.c (a case's own lines: title, clause,
 * expect, axes, pcs, unwind, and the raw overrides), and parse_common.c
 * (errors, the ABI axis).  Not used outside the
 * parser. */
#ifndef CATALOGUE_PARSE_H
#define CATALOGUE_PARSE_H

#include "catalogue.h"

typedef struct pstate {
  cat_catalogue *cat;
  const char *file;
  int line;
  cat_model *model; /* current entry: a model ... */
  cat_case *kase;   /* ... or a case */
  int have_func;    /* a func line seen in the current entry (rows attach) */
  int errors;
} pstate;

/* Print "file:line: error: ..." for the current line and count it. */
void cat_perr(pstate *p, const char *fmt, ...);

/* parse.c: `abis` items (names, "aarch64", "all") into a CAT_ABI_* mask. */
int cat_parse_abis(pstate *p, char **tok, int n, unsigned *mask);

/* parse_model.c: a model statement, shared by models and cases.  Returns 1
 * if the keyword is one (errors are reported and counted), else 0. */
int cat_model_statement(pstate *p, char **tok, int n);

/* parse_case.c: one line of a case entry (rest: the line after its
 * keyword, for title and clause). */
void cat_case_statement(pstate *p, char **tok, int n, const char *rest);

#endif
