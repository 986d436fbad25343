/* SPDX-License-Identifier: MIT */
/* audit_predict.c - the predictions of a run: the relocatable objects the
 * workers found, one link per architecture, each linker's outcome by the
 * rules (audit_rules.c) with the output's verdict and kernel refusals as
 * links.tsv measured them, confirmed by linking when asked, printed as a
 * table or as JSON lines. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit_predict.h"
#include "sfc_json.h"

/* Can the linker be given these objects: are they files here (not inside
 * a package unpacked for the audit and removed)? */
static int linkable(const au_rel *r, size_t n) {
  struct stat st;
  for (size_t i = 0; i < n; i++)
    if (stat(r[i].path, &st) != 0)
      return 0;
  return 1;
}

/* The outcome of the link s by the rules, the output's verdict and kernel
 * refusals by the table's row for the architecture; AU_OUTCOME_UNKNOWN
 * when the table has no row there (a situation not measured). */
static au_outcome predict_link(const au_links *t, int linker, int arch, au_mode mode, const au_situation *s,
                               int *valid, au_refusals *kernel, int *basis) {
  const au_link_row *row = au_links_find(t, linker, mode, s);
  *valid = AU_VALID_NONE;
  memset(kernel, 0, sizeof *kernel);
  *basis = -1;
  if (!row || !row->arch[arch].measured)
    return AU_OUTCOME_UNKNOWN;
  *valid = row->arch[arch].valid;
  *kernel = t->refusals[row->arch[arch].refusals];
  return au_rule_predict(t->linkers[linker], mode, s->inputs, s->empty, basis);
}

/* No input has .sframe: what the link gives once every object with CFI has
 * gas 2.47.50's version 3 section (--gsframe turned on). */
static void predict_gsframe(au_prediction *p, int linker, int arch, const au_predict_opts *po, const au_links *t) {
  au_situation g;
  int valid;
  au_refusals kernel;
  memset(&g, 0, sizeof g);
  g.inputs = (au_kinds)au_kind_bit(SFR_VERSION_MAX, 1);
  p->gs_asked = 1;
  p->gs_outcome = predict_link(t, linker, arch, po->mode, &g, &valid, &kernel, &p->gs_basis);
  p->gs_breaks = au_outcome_breaks(p->gs_outcome, valid, &kernel, 0, po->kgen);
}

static void predict_one(au_prediction *p, int linker, int arch, const au_predict_opts *po, const au_links *t,
                        const au_rel *rels, size_t n, const au_readers *rd) {
  if (!p->s.inputs && !p->s.empty) {
    p->outcome = AU_OUTCOME_NO_INPUT;
    p->valid = AU_VALID_NONE;
    p->basis = au_basis_no_input();
    if (p->s.gap_objects)
      predict_gsframe(p, linker, arch, po, t);
  } else {
    p->outcome = predict_link(t, linker, arch, po->mode, &p->s, &p->valid, &p->kernel, &p->basis);
  }
  p->breaks = au_outcome_breaks(p->outcome, p->valid, &p->kernel, p->s.nosf, po->kgen);
  if (!po->confirm)
    return;
  if (!linkable(rels, n)) {
    snprintf(p->seen.detail, sizeof p->seen.detail, "not linked: the objects are not files here (a package's)");
    return;
  }
  au_link_observe(po->toolchains, p->arch, p->linker, po->mode, rels, n, &p->s, rd, &p->seen);
  p->missed = p->seen.ran && p->outcome != AU_OUTCOME_UNKNOWN && p->outcome != AU_OUTCOME_NO_INPUT &&
              p->seen.outcome != p->outcome;
}

size_t au_predict(const au_rel *all, size_t nl, const au_predict_opts *po, const au_links *t, const au_readers *rd,
                  au_prediction **out) {
  size_t np = 0;
  au_rel *rels = malloc((nl ? nl : 1) * sizeof *rels);
  au_prediction *ps = calloc(AU_ARCHES * t->nlinkers + 1, sizeof *ps);
  static const uint16_t machines[AU_ARCHES] = {EM_X86_64, EM_AARCH64, EM_S390};
  *out = NULL;
  if (!rels || !ps) {
    free(rels);
    free(ps);
    return AU_PREDICT_FAILED;
  }
  for (int m = 0; m < AU_ARCHES; m++) {
    size_t n = 0;
    au_situation s;
    memset(&s, 0, sizeof s);
    for (size_t i = 0; i < nl; i++)
      if (all[i].machine == machines[m])
        rels[n++] = all[i], au_situation_add(&s, &all[i]);
    if (n == 0)
      continue;
    for (size_t k = 0; k < t->nlinkers; k++) {
      au_prediction *p = &ps[np++];
      p->arch = au_arch_name(machines[m]);
      p->linker = t->linkers[k];
      p->s = s;
      predict_one(p, (int)k, m, po, t, rels, n, rd);
      p->target = !strcmp(p->linker, po->target);
    }
  }
  free(rels);
  *out = ps;
  return np;
}

void au_prediction_basis(const au_prediction *p, au_mode mode, char *buf, size_t cap) {
  char in[32], em[32];
  if (p->basis >= 0) {
    snprintf(buf, cap, "%s", au_basis_text(p->basis));
    return;
  }
  au_kinds_str(p->s.inputs, in, sizeof in);
  au_kinds_str(p->s.empty, em, sizeof em);
  snprintf(buf, cap, "not measured: no row of links.tsv for %s, %s, inputs %s, empty %s, %s", p->arch,
           au_mode_name(mode), in, em, p->s.nosf ? "some without .sframe" : "all with .sframe");
}

void au_predictions_json(FILE *out, const au_prediction *p, size_t n, au_mode mode) {
  char buf[AU_REFUSALS_LEN];
  for (size_t i = 0; i < n; i++, p++) {
    fputs("{\"prediction\":{\"arch\":", out);
    sfc_json_str(out, p->arch);
    fputs(",\"mode\":", out);
    sfc_json_str(out, au_mode_name(mode));
    fprintf(out, ",\"objects\":%zu,\"inputs\":", p->s.objects);
    au_kinds_str(p->s.inputs, buf, sizeof buf);
    sfc_json_str(out, buf);
    fputs(",\"empty\":", out);
    au_kinds_str(p->s.empty, buf, sizeof buf);
    sfc_json_str(out, buf);
    fprintf(out, ",\"without_sframe\":%zu,\"uncovered_functions\":%zu,\"linker\":", p->s.gap_objects,
            p->s.gap_functions);
    sfc_json_str(out, p->linker);
    fprintf(out, ",\"outcome\":\"%c\",\"outcome_name\":", au_outcome_letter(p->outcome));
    sfc_json_str(out, au_outcome_name(p->outcome));
    fputs(",\"valid\":", out);
    sfc_json_str(out, p->outcome == AU_OUTCOME_UNKNOWN ? "" : au_valid_name(p->valid));
    fputs(",\"kernel_refusals\":", out);
    if (p->outcome == AU_OUTCOME_UNKNOWN)
      buf[0] = 0;
    else
      au_refusals_str(&p->kernel, buf, sizeof buf);
    sfc_json_str(out, buf);
    fputs(",\"rests_on\":", out);
    au_prediction_basis(p, mode, buf, sizeof buf);
    sfc_json_str(out, buf);
    fprintf(out, ",\"breaks\":%s,\"target\":%s", p->breaks ? "true" : "false", p->target ? "true" : "false");
    if (p->gs_asked) {
      fprintf(out, ",\"with_gsframe\":{\"outcome\":\"%c\",\"breaks\":%s,\"rests_on\":", au_outcome_letter(p->gs_outcome),
              p->gs_breaks ? "true" : "false");
      sfc_json_str(out, au_basis_text(p->gs_basis));
      fputc('}', out);
    }
    if (p->seen.ran || p->seen.detail[0]) {
      fprintf(out, ",\"confirmed\":%s,\"linked\":{\"outcome\":\"%c\",\"valid\":", p->seen.ran && !p->missed ? "true" : "false",
              au_outcome_letter(p->seen.outcome));
      sfc_json_str(out, p->seen.ran && p->seen.outcome != AU_OUTCOME_UNKNOWN ? au_valid_name(p->seen.valid) : "");
      fputs(",\"kernel_refusals\":", out);
      if (p->seen.ran && p->seen.outcome != AU_OUTCOME_UNKNOWN)
        au_refusals_str(&p->seen.kernel, buf, sizeof buf);
      else
        buf[0] = 0;
      sfc_json_str(out, buf);
      fputs(",\"detail\":", out);
      sfc_json_str(out, p->seen.detail);
      fputc('}', out);
    }
    fputs("}}\n", out);
  }
}

/* One prediction's row of the table. */
static void table_row(FILE *out, const au_prediction *p, au_mode mode) {
  char kernel[AU_REFUSALS_LEN], basis[AU_REFUSALS_LEN];
  au_refusals_str(&p->kernel, kernel, sizeof kernel);
  au_prediction_basis(p, mode, basis, sizeof basis);
  fprintf(out, "| %s%s | %c %s | %s | %s | %s | %s | ", p->linker, p->target ? " (target)" : "",
          au_outcome_letter(p->outcome), au_outcome_name(p->outcome),
          p->outcome == AU_OUTCOME_UNKNOWN ? "-" : au_valid_name(p->valid), p->outcome == AU_OUTCOME_UNKNOWN ? "-" : kernel,
          p->breaks ? "**yes**" : "no", basis);
  if (p->gs_asked)
    fprintf(out, "%c %s%s (%s) | ", au_outcome_letter(p->gs_outcome), au_outcome_name(p->gs_outcome),
            p->gs_breaks ? ", **would break**" : "", au_basis_text(p->gs_basis));
  else
    fputs("- | ", out);
  if (p->seen.ran) {
    au_refusals_str(&p->seen.kernel, kernel, sizeof kernel);
    fprintf(out, "%s: %c %s (%s; kernel refuses: %s) |\n",
            p->missed ? "**did not come true**" : p->outcome == p->seen.outcome ? "as predicted" : "linked",
            au_outcome_letter(p->seen.outcome), au_outcome_name(p->seen.outcome), p->seen.detail,
            p->seen.outcome == AU_OUTCOME_UNKNOWN ? "" : kernel);
  } else {
    fprintf(out, "%s |\n", p->seen.detail[0] ? p->seen.detail : "-");
  }
}

void au_predictions_table(FILE *out, const au_prediction *p, size_t n, au_mode mode) {
  const char *arch = "";
  char in[32], em[32];
  for (size_t i = 0; i < n; i++, p++) {
    if (strcmp(arch, p->arch)) {
      arch = p->arch;
      au_kinds_str(p->s.inputs, in, sizeof in);
      au_kinds_str(p->s.empty, em, sizeof em);
      fprintf(out, "\nPredictions where pieces meet: the %zu relocatable %s objects linked together (%s link); "
                   ".sframe with functions: %s; empty .sframe: %s",
              p->s.objects, arch, au_mode_name(mode), in, em);
      if (p->s.gap_objects)
        fprintf(out, "; %zu object(s) without .sframe, %zu functions uncovered", p->s.gap_objects,
                p->s.gap_functions);
      fputs(".\n\n| linker | prediction | output valid | kernel refuses | would break | rests on | "
            "with --gsframe everywhere | linked |\n|---|---|---|---|---|---|---|---|\n",
            out);
    }
    table_row(out, p, mode);
  }
}
