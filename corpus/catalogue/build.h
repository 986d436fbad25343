/* SPDX-License-Identifier: MIT */
/* build.h - what cat_build (build.c) shares with its two stages:
 * build_model.c, the case's model lines applied to a working model and
 * turned into the encoder's sfe_model, and build_override.c, the raw
 * overrides applied to the encoded bytes.  Not used outside the builder. */
#ifndef CATALOGUE_BUILD_H
#define CATALOGUE_BUILD_H

#include "catalogue.h"

/* ---- the working model (build_model.c) ---- */

/* A function as its lines set it: the encoder's fields (fn; its rows are
 * given by rows, translated when the ABI is known), and how it repeats. */
typedef struct wfunc {
  sfe_func fn;
  int start_raw; /* start=raw:N: N (raw) is the stored field value */
  int64_t raw;
  uint32_t repeat;
  uint64_t stride;
  cat_row *rows;
  size_t nrows, caprows;
  int line;
} wfunc;

/* The model as its lines set it: the encoder's header fields (hdr; its
 * version, ABI, byte order and functions are set by cat_wmodel_to_sfe),
 * and the functions. */
typedef struct wmodel {
  sfe_model hdr;
  wfunc *funcs;
  size_t nfuncs, capfuncs;
} wmodel;

/* Apply n model operations (from file) to w; *cur is the function that
 * rows attach to.  Returns 0, or -1 after cat_berr. */
int cat_wmodel_apply(wmodel *w, const cat_mop *ops, size_t n, const char *file,
                     const cat_concrete *cc, wfunc **cur);
void cat_wmodel_free(wmodel *w);
/* The encoder's model for the concrete section (repeats expanded, neutral
 * rules translated for the ABI).  Returns 0, or -1 after cat_berr. */
int cat_wmodel_to_sfe(const wmodel *w, const cat_concrete *cc, sfe_model *m);

/* ---- raw overrides (build_override.c) ---- */

/* Apply the n overrides (written in file) to the section s that the
 * encoder made from m, in order; on success *bytes (malloc'd) and *len are
 * the result.  Returns 0, or -1 after cat_berr. */
int cat_apply_overrides(const cat_concrete *cc, const sfe_model *m, const sfe_section *s,
                        const cat_override *ovs, size_t n, const char *file, uint8_t **bytes,
                        size_t *len);

#endif
