/* SPDX-License-Identifier: MIT */
/* audit_predict.c - the predictions of a run: the relocatable objects the
 * workers found (their records), one link per architecture, each linker of
 * links.tsv's prediction for it, confirmed by linking when asked, printed
 * as a table or as JSON lines. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit.h"
#include "sc_util.h"

/* A worker's record of one relocatable object. */
void au_rel_record(FILE *out, size_t index, const au_object *o) {
  char kind[4];
  /* a name with a tab or a line break cannot be a field of the record (nor,
   * portably, an argument a linker reads back from a response file): such
   * an object is left out of the link */
  if (!o->elf_ok || o->type != ET_REL || !au_arch_name(o->machine) || strpbrk(o->path, "\t\n") ||
      (o->member && strpbrk(o->member, "\t\n")))
    return;
  au_rel_kind(o, kind);
  fprintf(out, "%zu\t%u\t%s\t%" PRIu32 "\t%zu\t%s\t%s\n", index, o->machine, kind[0] ? kind : "-",
          o->has_sframe ? o->functions : 0, o->gsframe_done ? o->gs.converted + o->gs.skipped : 0, o->path,
          o->member ? o->member : "");
}

typedef struct rel_line {
  size_t index, seq;
  au_rel r;
} rel_line;

static int by_file(const void *a, const void *b) {
  const rel_line *x = a, *y = b;
  return x->index != y->index ? (x->index < y->index ? -1 : 1) : (x->seq > y->seq) - (x->seq < y->seq);
}

static void free_rels(rel_line *ls, size_t n) {
  for (size_t i = 0; i < n; i++)
    free(ls[i].r.path), free(ls[i].r.member);
  free(ls);
}

/* The workers' records (DIR/wK.rels), in the order of the files; NULL
 * with *count 0 when there are none, and NULL when out of memory (*oom). */
static rel_line *read_rels(const char *dir, int jobs, size_t *count, int *oom) {
  rel_line *ls = NULL;
  size_t n = 0, cap = 0, seq = 0, lc = 0;
  *count = 0;
  *oom = 0;
  char path[4200], *line = NULL, *f[7];
  for (int k = 0; k < jobs; k++) {
    snprintf(path, sizeof path, "%s/w%d.rels", dir, k);
    FILE *in = fopen(path, "r");
    while (in && getline(&line, &lc, in) > 0) {
      size_t nf = au_split_tabs(line, f, 7);
      if (nf != 7)
        continue;
      if (n == cap) {
        rel_line *more = realloc(ls, (cap ? 2 * cap : 64) * sizeof *ls);
        if (!more) {
          fclose(in);
          free(line);
          free_rels(ls, n);
          *oom = 1;
          return NULL;
        }
        ls = more;
        cap = cap ? 2 * cap : 64;
      }
      rel_line *r = &ls[n++];
      memset(r, 0, sizeof *r);
      r->index = strtoull(f[0], NULL, 10), r->seq = seq++;
      r->r.machine = (uint16_t)strtoul(f[1], NULL, 10);
      snprintf(r->r.kind, sizeof r->r.kind, "%s", strcmp(f[2], "-") ? f[2] : "");
      r->r.functions = (uint32_t)strtoul(f[3], NULL, 10);
      r->r.cfi_functions = strtoull(f[4], NULL, 10);
      r->r.path = strdup(f[5]);
      r->r.member = f[6][0] ? strdup(f[6]) : NULL;
    }
    if (in)
      fclose(in);
  }
  free(line);
  if (n)
    qsort(ls, n, sizeof *ls, by_file);
  *count = n;
  return ls;
}

/* Can the linker be given these objects: are they files here (not inside
 * a package unpacked for the audit and removed)? */
static int linkable(const au_rel *r, size_t n) {
  struct stat st;
  for (size_t i = 0; i < n; i++)
    if (stat(r[i].path, &st) != 0)
      return 0;
  return 1;
}

/* No input has .sframe: what the link gives once every object with CFI has
 * gas 2.47.50's version 3 section (--gsframe turned on). */
static void predict_gsframe(au_prediction *p, const au_predict_opts *po, const au_links *t) {
  au_situation g;
  memset(&g, 0, sizeof g);
  snprintf(g.inputs, sizeof g.inputs, "%u%c", SFR_VERSION_MAX, 's');
  snprintf(g.empty, sizeof g.empty, "-");
  const au_link_row *row = au_links_find(t, p->arch, p->linker, po->mode, &g);
  p->gs_outcome = row ? row->col[AU_COL_OUTCOME][0] : '?';
  p->gs_breaks = row && au_outcome_breaks(p->gs_outcome, row->col[AU_COL_VALID], row->col[AU_COL_KERNEL], 0, po->kgen);
  snprintf(p->gs_basis, sizeof p->gs_basis, "%s", row ? row->col[AU_COL_BASIS] : "not measured");
}

static void predict_one(au_prediction *p, const au_predict_opts *po, const au_links *t, const au_rel *rels,
                        size_t n, const au_readers *rd) {
  const au_link_row *row = au_links_find(t, p->arch, p->linker, po->mode, &p->s);
  if (!strcmp(p->s.inputs, "-") && !strcmp(p->s.empty, "-")) {
    p->outcome = 'N';
    snprintf(p->valid, sizeof p->valid, "-");
    snprintf(p->kernel, sizeof p->kernel, "-");
    snprintf(p->basis, sizeof p->basis, "no input carries .sframe");
    if (p->s.gap_objects)
      predict_gsframe(p, po, t);
  } else if (row) {
    p->outcome = row->col[AU_COL_OUTCOME][0];
    snprintf(p->valid, sizeof p->valid, "%s", row->col[AU_COL_VALID]);
    snprintf(p->kernel, sizeof p->kernel, "%s", row->col[AU_COL_KERNEL]);
    snprintf(p->basis, sizeof p->basis, "%s", row->col[AU_COL_BASIS]);
  } else {
    p->outcome = '?';
    snprintf(p->basis, sizeof p->basis, "not measured: no row of links.tsv for %s, %s, inputs %s, empty %s, %s",
             p->arch, po->mode, p->s.inputs, p->s.empty, p->s.nosf ? "some without .sframe" : "all with .sframe");
  }
  p->breaks = au_outcome_breaks(p->outcome, p->valid, p->kernel, p->s.nosf, po->kgen);
  if (!po->confirm)
    return;
  if (!linkable(rels, n)) {
    snprintf(p->seen.detail, sizeof p->seen.detail, "not linked: the objects are not files here (a package's)");
    return;
  }
  au_link_observe(po->toolchains, p->arch, p->linker, po->mode, rels, n, &p->s, rd, &p->seen);
  p->missed = p->seen.ran && p->outcome != '?' && p->outcome != 'N' && p->seen.outcome != p->outcome;
}

size_t au_predict(const char *dir, int jobs, const au_predict_opts *po, const au_links *t, const au_readers *rd,
                  au_prediction **out) {
  size_t nl = 0, np = 0;
  int oom = 0;
  rel_line *ls = read_rels(dir, jobs, &nl, &oom);
  au_rel *rels = malloc((nl ? nl : 1) * sizeof *rels);
  au_prediction *ps = calloc(3 * t->nlinkers + 1, sizeof *ps);
  static const uint16_t machines[] = {EM_X86_64, EM_AARCH64, EM_S390};
  *out = NULL;
  if (oom || !rels || !ps) {
    free_rels(ls, nl);
    free(rels);
    free(ps);
    return AU_PREDICT_FAILED;
  }
  for (size_t m = 0; m < 3; m++) {
    size_t n = 0;
    au_situation s;
    memset(&s, 0, sizeof s);
    for (size_t i = 0; i < nl; i++)
      if (ls[i].r.machine == machines[m])
        rels[n++] = ls[i].r, au_situation_add(&s, &ls[i].r);
    if (n == 0)
      continue;
    for (size_t k = 0; k < t->nlinkers; k++) {
      au_prediction *p = &ps[np++];
      p->arch = au_arch_name(machines[m]);
      snprintf(p->linker, sizeof p->linker, "%s", t->linkers[k]);
      p->s = s;
      predict_one(p, po, t, rels, n, rd);
      p->target = !strcmp(p->linker, po->target);
    }
  }
  free_rels(ls, nl);
  free(rels);
  *out = ps;
  return np;
}

void au_predictions_json(FILE *out, const au_prediction *p, size_t n, const char *mode) {
  for (size_t i = 0; i < n; i++, p++) {
    fputs("{\"prediction\":{\"arch\":", out);
    sc_json_str(out, p->arch);
    fputs(",\"mode\":", out);
    sc_json_str(out, mode);
    fprintf(out, ",\"objects\":%zu,\"inputs\":", p->s.objects);
    sc_json_str(out, p->s.inputs);
    fputs(",\"empty\":", out);
    sc_json_str(out, p->s.empty);
    fprintf(out, ",\"without_sframe\":%zu,\"uncovered_functions\":%zu,\"linker\":", p->s.gap_objects,
            p->s.gap_functions);
    sc_json_str(out, p->linker);
    fprintf(out, ",\"outcome\":\"%c\",\"outcome_name\":", p->outcome);
    sc_json_str(out, au_outcome_name(p->outcome));
    fputs(",\"valid\":", out);
    sc_json_str(out, p->valid);
    fputs(",\"kernel_refusals\":", out);
    sc_json_str(out, p->kernel);
    fputs(",\"rests_on\":", out);
    sc_json_str(out, p->basis);
    fprintf(out, ",\"breaks\":%s,\"target\":%s", p->breaks ? "true" : "false", p->target ? "true" : "false");
    if (p->gs_outcome) {
      fprintf(out, ",\"with_gsframe\":{\"outcome\":\"%c\",\"breaks\":%s,\"rests_on\":", p->gs_outcome,
              p->gs_breaks ? "true" : "false");
      sc_json_str(out, p->gs_basis);
      fputc('}', out);
    }
    if (p->seen.ran || p->seen.detail[0]) {
      fprintf(out, ",\"confirmed\":%s,\"linked\":{\"outcome\":\"%c\",\"valid\":", p->seen.ran && !p->missed ? "true" : "false",
              p->seen.outcome ? p->seen.outcome : '?');
      sc_json_str(out, p->seen.valid);
      fputs(",\"kernel_refusals\":", out);
      sc_json_str(out, p->seen.kernel);
      fputs(",\"detail\":", out);
      sc_json_str(out, p->seen.detail);
      fputc('}', out);
    }
    fputs("}}\n", out);
  }
}

void au_predictions_table(FILE *out, const au_prediction *p, size_t n, const char *mode) {
  const char *arch = "";
  for (size_t i = 0; i < n; i++, p++) {
    if (strcmp(arch, p->arch)) {
      arch = p->arch;
      fprintf(out, "\nPredictions where pieces meet: the %zu relocatable %s objects linked together (%s link); "
                   ".sframe with functions: %s; empty .sframe: %s",
              p->s.objects, arch, mode, p->s.inputs, p->s.empty);
      if (p->s.gap_objects)
        fprintf(out, "; %zu object(s) without .sframe, %zu functions uncovered", p->s.gap_objects,
                p->s.gap_functions);
      fputs(".\n\n| linker | prediction | output valid | kernel refuses | would break | rests on | "
            "with --gsframe everywhere | linked |\n|---|---|---|---|---|---|---|---|\n",
            out);
    }
    fprintf(out, "| %s%s | %c %s | %s | %s | %s | %s | ", p->linker, p->target ? " (target)" : "", p->outcome,
            au_outcome_name(p->outcome), p->valid[0] ? p->valid : "-", p->kernel[0] ? p->kernel : "-",
            p->breaks ? "**yes**" : "no", p->basis);
    if (p->gs_outcome)
      fprintf(out, "%c %s%s (%s) | ", p->gs_outcome, au_outcome_name(p->gs_outcome),
              p->gs_breaks ? ", **would break**" : "", p->gs_basis);
    else
      fputs("- | ", out);
    if (p->seen.ran)
      fprintf(out, "%s: %c %s (%s; kernel refuses: %s) |\n",
              p->missed ? "**did not come true**" : p->outcome == p->seen.outcome ? "as predicted" : "linked", p->seen.outcome,
              au_outcome_name(p->seen.outcome), p->seen.detail, p->seen.kernel);
    else
      fprintf(out, "%s |\n", p->seen.detail[0] ? p->seen.detail : "-");
  }
}
