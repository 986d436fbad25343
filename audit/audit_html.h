/* SPDX-License-Identifier: MIT */
/* audit_html.h - the report as a web page (audit_html.c). */
#ifndef AUDIT_HTML_H
#define AUDIT_HTML_H

#include <stddef.h>

#include "audit_object.h"
#include "audit_predict.h"
#include "audit_readers.h"
#include "audit_report.h"
#include "audit_rules.h"

typedef struct au_group { /* a package's objects (or a directory's) */
  char name[128];
  size_t objects, with_sframe, converted, skipped, bad;
  unsigned long long gs_bytes, eh_bytes;
} au_group;
/* An input not audited (but a symbolic link not followed): its name (an
 * archive member's as ARCHIVE(MEMBER)) and why, in the order of the files. */
typedef struct au_skipped {
  size_t index, seq;
  au_skip kind;
  char *name, *why;
} au_skipped;
typedef struct au_report {
  const au_skipped *skips;
  size_t nskips;
  const au_totals *t;
  const au_readers *rd;
  const size_t *readable;
  const au_prediction *ps;
  size_t np;
  const au_group *groups;
  size_t ngroups;
  au_mode mode;
  int by_package;
} au_report;
/* Writes the page to path (through a temporary file renamed over it). 0, or -1. */
int au_html(const char *path, const au_report *r);

#endif
