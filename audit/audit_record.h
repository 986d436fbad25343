/* SPDX-License-Identifier: MIT */
/* audit_record.h - the one record a worker sends the parent for each input
 * (audit_record.c). */
#ifndef AUDIT_RECORD_H
#define AUDIT_RECORD_H

#include <stdio.h>

#include "audit_object.h"
#include "audit_readers.h"

typedef struct au_record {
  au_object o;       /* what the parent counts (not the findings, the check's classes) */
  int bad;           /* it would break */
  const char *group; /* its package, or its directory */
  const char *json;  /* its JSON line (no line break), or NULL */
} au_record;
/* One record: o, its group and whether it would break; its JSON line too
 * when json (the readers it names) is given. */
void au_record_write(FILE *out, const au_object *o, const char *group, int bad, const au_readers *json);
/* Reads a record from line (one line, with its line break; changed in
 * place: r's strings point into it).  0, or -1 when it is not one. */
int au_record_read(char *line, au_record *r);

#endif
