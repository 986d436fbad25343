/* SPDX-License-Identifier: MIT */
/* audit_predict.h - the predictions of a run: one link per architecture, each
 * linker (audit_predict.c). */
#ifndef AUDIT_PREDICT_H
#define AUDIT_PREDICT_H

#include <stddef.h>
#include <stdio.h>

#include "audit_link.h"
#include "audit_readers.h"
#include "audit_rules.h"

typedef struct au_predict_opts {
  au_mode mode;
  const char *target;     /* the linker the exit status speaks for */
  int kgen;               /* the kernel generation whose refusal breaks (sfk_gen) */
  const char *toolchains; /* --confirm's linkers */
  int confirm;
} au_predict_opts;
typedef struct au_prediction {
  const char *arch;
  const char *linker;     /* au_links.linkers[] */
  au_situation s;
  au_outcome outcome;
  int valid;              /* AU_VALID_NONE, 0 valid, or an sfr_class */
  au_refusals kernel;
  int basis;              /* au_basis_text; -1: not measured (no rule, or no row) */
  int breaks, target;
  au_observed seen;       /* --confirm */
  int missed;             /* linked, and not as predicted */
  /* no input has .sframe: the same link once --gsframe is on (gas 2.47.50's
   * version 3 sections everywhere), when gs_asked */
  int gs_asked;
  au_outcome gs_outcome;
  int gs_breaks, gs_basis;
} au_prediction;
/* The predictions for the relocatable objects rels[0, n) (in the order of
 * the files): *out (calloc'd), their number; AU_PREDICT_FAILED (and *out
 * NULL) when out of memory. */
#define AU_PREDICT_FAILED ((size_t)-1)
size_t au_predict(const au_rel *rels, size_t n, const au_predict_opts *po, const au_links *t, const au_readers *rd,
                  au_prediction **out);
/* What a prediction rests on, in words (the situation's when not measured). */
void au_prediction_basis(const au_prediction *p, au_mode mode, char *buf, size_t cap);
void au_predictions_json(FILE *out, const au_prediction *p, size_t n, au_mode mode);
void au_predictions_table(FILE *out, const au_prediction *p, size_t n, au_mode mode);

#endif
