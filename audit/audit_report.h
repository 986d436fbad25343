/* SPDX-License-Identifier: MIT */
/* audit_report.h - an object's JSON line, the totals and the summary
 * (audit_report.c). */
#ifndef AUDIT_REPORT_H
#define AUDIT_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "audit_object.h"
#include "audit_readers.h"
#include "sc_convert.h"

typedef struct au_totals {
  size_t objects, not_elf, with_sframe, without_sframe, by_version[4];
  size_t by_skip[AU_SKIP_COUNT]; /* not_elf, by why */
  size_t invalid, malformed, questionable, kernel_refused;
  size_t checked, check_disagree, cfi_only_functions; /* sfcfi check: objects, those disagreeing, coverage */
  size_t gs_functions, gs_converted, gs_skipped, gs_by_reason[SC_REASON_COUNT];
  uint64_t gs_bytes, eh_frame_bytes, sframe_bytes;
} au_totals;
void au_object_json(FILE *out, const au_object *o, const au_readers *rd);
void au_totals_add(au_totals *t, const au_object *o);
void au_summary(FILE *out, const au_totals *t, const au_readers *rd, const size_t *readable);

#endif
