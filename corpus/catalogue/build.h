/* build.h - what cat_build (build.c) shares with its two stages:
 * build_model.c, the case's model lines applied to a working model and
 * turned into the encoder's sfe_model, and build_override.c, the raw
 * overrides applied to the encoded bytes.  Not used outside the builder. */
#ifndef CATALOGUE_BUILD_H
#define CATALOGUE_BUILD_H

#include "catalogue.h"

/* ---- the working model (build_model.c) ---- */

typedef struct wfunc {
  uint64_t start;
  int start_raw;
  int64_t raw;
  uint32_t size;
  uint8_t pc_type, rep_size, fde_type, pauth_key, signal, fre_type, word_size;
  uint32_t repeat;
  uint64_t stride;
  cat_row *rows;
  size_t nrows, caprows;
  int line;
} wfunc;

typedef struct wmodel {
  uint8_t flags;
  int8_t fixed_fp, fixed_ra;
  uint8_t auxhdr, fres_first;
  uint32_t gap, gap_between, trailing;
  uint64_t vma;
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
