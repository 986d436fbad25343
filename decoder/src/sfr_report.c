/* SPDX-License-Identifier: MIT */
/* sfr_report.c - the validation report: findings recorded with their
 * location (the first cap kept, all counted by class), the verdict, and
 * two reports of one section held to each other. */
#include "sfr_validate.h"

void sfr_report_add(sfr_report *rep, sfr_status id, int64_t offset, int64_t fde, int64_t fre,
                    const char *field) {
  sfr_class c = sfr_finding_class(id);
  if (rep->count < rep->cap) {
    sfr_finding *f = &rep->items[rep->count];
    f->id = id;
    f->offset = offset;
    f->fde = fde;
    f->fre = fre;
    f->field = field;
  }
  rep->count++;
  if ((unsigned)c < 4)
    rep->by_class[c]++;
}

int sfr_report_rejects(const sfr_report *rep) {
  return rep->by_class[SFR_CLASS_MALFORMED] + rep->by_class[SFR_CLASS_INVALID] > 0;
}

static int report_has(const sfr_report *rep, sfr_status id) {
  size_t k;
  for (k = 0; k < rep->count && k < rep->cap; k++)
    if (rep->items[k].id == id)
      return 1;
  return 0;
}

static int report_has_overlap(const sfr_report *rep) {
  return report_has(rep, SFR_E_FDE_OVERLAP) || report_has(rep, SFR_E_FDE_DUPLICATE);
}

const char *sfr_reports_differ(const sfr_report *a, const sfr_report *b) {
  int i;
  if (report_has(a, SFR_E_CHECKS_SKIPPED))
    return "checks skipped although scratch was given";
  if (report_has(b, SFR_E_CHECKS_SKIPPED))
    return NULL; /* past 512 functions: what was skipped may be what rejects */
  if (b->count > b->cap && sfr_report_rejects(a) && !sfr_report_rejects(b))
    return NULL; /* b's checks-skipped may lie past the findings it kept */
  if (sfr_report_rejects(a) != sfr_report_rejects(b))
    return "verdict";
  if (a->count > a->cap || b->count > b->cap)
    return NULL; /* not all findings kept */
  for (i = 1; i < SFR_NUM_FINDINGS; i++)
    if (i != SFR_E_FDE_OVERLAP && i != SFR_E_FDE_DUPLICATE &&
        report_has(a, (sfr_status)i) != report_has(b, (sfr_status)i))
      return sfr_finding_name((sfr_status)i);
  if (report_has_overlap(a) != report_has_overlap(b))
    return "fde-overlap or fde-duplicate";
  return NULL;
}
