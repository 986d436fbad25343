/* SPDX-License-Identifier: MIT */
/* audit_readers.c - the readers table (audit/readers.tsv): which SFrame
 * versions and ABIs each reader the suite judges reads, as measured. */
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "sframe_ddprof.h"
#include "sframe_ref.h"

static unsigned abi_bit(const char *s) {
  static const struct { const char *name; uint8_t abi; } abis[] = {
      {"amd64", SFR_ABI_AMD64_LE}, {"aarch64-le", SFR_ABI_AARCH64_LE},
      {"aarch64-be", SFR_ABI_AARCH64_BE}, {"s390x", SFR_ABI_S390X_BE}};
  for (size_t i = 0; i < sizeof abis / sizeof abis[0]; i++)
    if (!strcmp(s, abis[i].name))
      return 1u << abis[i].abi;
  return 0;
}

/* One row "reader versions abis note" into r: 0, or -1. */
static int parse_row(char *line, au_reader *r) {
  char *f[4], *save = NULL, *tok;
  int n = 0;
  for (tok = strtok_r(line, "\t\n", &save); tok && n < 4; tok = strtok_r(NULL, "\t\n", &save))
    f[n++] = tok;
  if (n < 3 || strlen(f[0]) >= sizeof r->name)
    return -1;
  memset(r, 0, sizeof *r);
  strcpy(r->name, f[0]);
  for (tok = strtok_r(f[1], ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    int v = atoi(tok);
    if (!sfr_version_known((unsigned)v))
      return -1;
    r->versions |= 1u << v;
  }
  for (tok = strtok_r(f[2], ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    unsigned b = abi_bit(tok);
    if (!b)
      return -1;
    r->abis |= b;
  }
  if (n == 4 && strcmp(f[3], "-"))
    snprintf(r->note, sizeof r->note, "%s", f[3]);
  r->model = sfd_gen_by_name(r->name) + 1;
  return 0;
}

int au_readers_load(au_readers *t, const char *path, char *err, size_t errlen) {
  char line[512];
  int lineno = 0;
  FILE *f = fopen(path, "r");
  memset(t, 0, sizeof *t);
  if (!f) {
    snprintf(err, errlen, "%s: cannot open the readers table", path);
    return -1;
  }
  while (fgets(line, sizeof line, f)) {
    lineno++;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    if (t->n == AU_MAX_READERS || parse_row(line, &t->r[t->n]) != 0) {
      snprintf(err, errlen, "%s:%d: not a reader row (reader versions abis note)", path, lineno);
      fclose(f);
      return -1;
    }
    t->n++;
  }
  fclose(f);
  if (t->n == 0) {
    snprintf(err, errlen, "%s: no reader in the table", path);
    return -1;
  }
  return 0;
}
