/* SPDX-License-Identifier: MIT */
/* sc_conserve.h - sfcfi's `sfcfi conserve`: a linker's output against its inputs (conserve.c).
 * The modules of sfcfi are described in sfcfi.c. */
#ifndef SC_CONSERVE_H
#define SC_CONSERVE_H

#include <stdio.h>
#include <stdint.h>

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
