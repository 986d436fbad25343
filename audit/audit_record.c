/* SPDX-License-Identifier: MIT */
/* audit_record.c - the one record a worker sends the parent for each input
 * it visited (sfaudit.c's channel, over common/sfc_pool): one line of
 * tab-separated fields, what the parent counts (totals, readers, packages,
 * the inputs not audited, the link's objects), then the input's JSON line
 * when --json asked for it.  Strings are escaped (\t, \n, \\), so a name
 * with a tab or a line break travels whole. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "audit_record.h"
#include "audit_report.h"

/* A string field: tab, line break and backslash escaped. */
static void put_str(FILE *out, const char *s) {
  for (; s && *s; s++)
    if (*s == '\t')
      fputs("\\t", out);
    else if (*s == '\n')
      fputs("\\n", out);
    else if (*s == '\\')
      fputs("\\\\", out);
    else
      fputc(*s, out);
}

/* Undoes put_str in place. */
static char *unescape(char *s) {
  char *w = s;
  for (const char *r = s; *r; r++)
    if (*r == '\\' && (r[1] == 't' || r[1] == 'n' || r[1] == '\\'))
      r++, *w++ = *r == 't' ? '\t' : *r == 'n' ? '\n' : '\\';
    else
      *w++ = *r;
  *w = 0;
  return s;
}

/* The numbers of a record, in order. */
enum {
  F_FLAGS, F_SKIPPED, F_TYPE, F_MACHINE, F_VERSION, F_SFRAME_TYPE, F_VERDICT, F_FUNCTIONS, F_KERNELS, F_KERNELS_OK,
  F_KERNEL_GENS, F_READERS_OK, F_EH_FRAME, F_SFRAME_BYTES, F_DISAGREE, F_SFRAME_ONLY, F_CFI_ONLY, F_GS_CONVERTED,
  F_GS_SKIPPED, F_GS_BYTES, F_NUMBERS
};
/* then the reasons (SC_REASON_COUNT numbers), then the strings: */
enum { S_GROUP, S_PATH, S_MEMBER, S_ERROR, S_JSON, S_STRINGS };
#define F_FIELDS (F_NUMBERS + SC_REASON_COUNT + S_STRINGS)

enum { FL_ELF = 1, FL_SFRAME = 2, FL_CHECKED = 4, FL_GSFRAME = 8, FL_MEMBER = 16, FL_BAD = 32 };

void au_record_write(FILE *out, const au_object *o, const char *group, int bad, const au_readers *json) {
  uint64_t n[F_NUMBERS] = {
      [F_FLAGS] = (o->elf_ok ? FL_ELF : 0u) | (o->has_sframe ? FL_SFRAME : 0u) | (o->checked ? FL_CHECKED : 0u) |
                  (o->gsframe_done ? FL_GSFRAME : 0u) | (o->member ? FL_MEMBER : 0u) | (bad ? FL_BAD : 0u),
      [F_SKIPPED] = o->skipped, [F_TYPE] = o->type, [F_MACHINE] = o->machine, [F_VERSION] = o->version,
      [F_SFRAME_TYPE] = o->sizes.sframe_type, [F_VERDICT] = (uint64_t)o->verdict, [F_FUNCTIONS] = o->functions,
      [F_KERNELS] = o->kernels, [F_KERNELS_OK] = o->kernels_ok, [F_KERNEL_GENS] = o->kernel.gens,
      [F_READERS_OK] = o->readers_ok, [F_EH_FRAME] = o->sizes.eh_frame, [F_SFRAME_BYTES] = o->sizes.sframe,
      [F_DISAGREE] = o->check.disagree, [F_SFRAME_ONLY] = o->check.sframe_only, [F_CFI_ONLY] = o->check.cfi_only,
      [F_GS_CONVERTED] = o->gs.converted, [F_GS_SKIPPED] = o->gs.skipped, [F_GS_BYTES] = o->gs_bytes};
  for (int i = 0; i < F_NUMBERS; i++)
    fprintf(out, "%" PRIu64 "\t", n[i]);
  for (int r = 0; r < SC_REASON_COUNT; r++)
    fprintf(out, "%zu\t", o->gs.by_reason[r]);
  put_str(out, group);
  fputc('\t', out);
  put_str(out, o->path);
  fputc('\t', out);
  put_str(out, o->member);
  fputc('\t', out);
  put_str(out, o->error);
  fputc('\t', out);
  if (json)
    au_object_json(out, o, json); /* one line, ended by its line break */
  else
    fputc('\n', out);
}

int au_record_read(char *line, au_record *r) {
  char *f[F_FIELDS + 1];
  uint64_t n[F_NUMBERS];
  size_t len = strlen(line);
  if (!len || line[len - 1] != '\n')
    return -1;
  line[len - 1] = 0;
  /* the JSON, last, is the rest of the line, whatever it holds */
  char *p = line;
  for (int i = 0; i < F_FIELDS - 1; i++) {
    f[i] = p;
    if (!(p = strchr(p, '\t')))
      return -1;
    *p++ = 0;
  }
  f[F_FIELDS - 1] = p;
  for (int i = 0; i < F_NUMBERS; i++) {
    char *end;
    n[i] = strtoull(f[i], &end, 10);
    if (end == f[i] || *end)
      return -1;
  }
  memset(r, 0, sizeof *r);
  au_object *o = &r->o;
  o->elf_ok = !!(n[F_FLAGS] & FL_ELF), o->has_sframe = !!(n[F_FLAGS] & FL_SFRAME);
  o->checked = !!(n[F_FLAGS] & FL_CHECKED), o->gsframe_done = !!(n[F_FLAGS] & FL_GSFRAME);
  r->bad = !!(n[F_FLAGS] & FL_BAD);
  o->skipped = n[F_SKIPPED] < AU_SKIP_COUNT ? (au_skip)n[F_SKIPPED] : AU_SKIP_UNREADABLE;
  o->type = (uint16_t)n[F_TYPE], o->machine = (uint16_t)n[F_MACHINE], o->version = (uint8_t)n[F_VERSION];
  o->sizes.sframe_type = (uint32_t)n[F_SFRAME_TYPE], o->verdict = (int)n[F_VERDICT];
  o->functions = (uint32_t)n[F_FUNCTIONS], o->kernels = (unsigned)n[F_KERNELS];
  o->kernels_ok = (unsigned)n[F_KERNELS_OK], o->kernel.gens = (uint32_t)n[F_KERNEL_GENS];
  o->readers_ok = (unsigned)n[F_READERS_OK], o->sizes.eh_frame = n[F_EH_FRAME], o->sizes.sframe = n[F_SFRAME_BYTES];
  o->check.disagree = n[F_DISAGREE], o->check.sframe_only = n[F_SFRAME_ONLY], o->check.cfi_only = n[F_CFI_ONLY];
  o->gs.converted = n[F_GS_CONVERTED], o->gs.skipped = n[F_GS_SKIPPED], o->gs_bytes = n[F_GS_BYTES];
  for (int k = 0; k < SC_REASON_COUNT; k++)
    o->gs.by_reason[k] = strtoull(f[F_NUMBERS + k], NULL, 10);
  char **s = f + F_NUMBERS + SC_REASON_COUNT;
  r->group = unescape(s[S_GROUP]);
  o->path = unescape(s[S_PATH]);
  o->member = n[F_FLAGS] & FL_MEMBER ? unescape(s[S_MEMBER]) : NULL;
  snprintf(o->error, sizeof o->error, "%s", unescape(s[S_ERROR]));
  r->json = s[S_JSON][0] ? s[S_JSON] : NULL;
  return 0;
}
