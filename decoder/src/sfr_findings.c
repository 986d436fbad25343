/* SPDX-License-Identifier: MIT */
/* sfr_findings.c - the table of finding identifiers, messages and classes.
 * The identifiers are stable strings: tools and the corpus match on them. */
#include <string.h>

#include "sframe_ref.h"

struct finding_row {
  const char *name;
  const char *message;
  sfr_class cls;
};

static const struct finding_row rows[SFR_NUM_FINDINGS] = {
    {"ok", "no finding", (sfr_class)0},
#define SFR_X_ROW(e, id, cls, msg) {id, msg, SFR_CLASS_##cls},
    SFR_FINDINGS(SFR_X_ROW)
#undef SFR_X_ROW
};

const char *sfr_finding_name(sfr_status s) {
  return (unsigned)s < SFR_NUM_FINDINGS ? rows[s].name : "unknown";
}

const char *sfr_finding_message(sfr_status s) {
  return (unsigned)s < SFR_NUM_FINDINGS ? rows[s].message : "unknown finding";
}

sfr_class sfr_finding_class(sfr_status s) {
  return (unsigned)s < SFR_NUM_FINDINGS ? rows[s].cls : SFR_CLASS_MALFORMED;
}

const char *sfr_class_name(sfr_class c) {
  static const char *const names[] = {"none", "malformed", "invalid", "questionable"};
  return (unsigned)c < sizeof names / sizeof *names ? names[c] : "none";
}

sfr_status sfr_finding_by_name(const char *name) {
  unsigned i = 1;
  while (i < SFR_NUM_FINDINGS && strcmp(rows[i].name, name) != 0)
    i++;
  return i < SFR_NUM_FINDINGS ? (sfr_status)i : SFR_OK;
}
