/* SPDX-License-Identifier: MIT */
/* audit_readers.c - the readers table: which SFrame versions and ABIs each
 * reader the suite judges reads, as measured.  By default the named rows of
 * the peers table (common/sfc_peers.h); a user's own table from a file
 * (sfaudit --readers FILE, the format sfpeers --readers prints). */
#include <stdlib.h>
#include <string.h>

#include "audit_readers.h"
#include "sfc_peers.h"
#include "sframe_ddprof.h"
#include "sframe_ref.h"

/* The peers table's ABI numbers are the header's, as au_reader's bits are. */
_Static_assert(SFC_ABI_AARCH64_BE == SFR_ABI_AARCH64_BE && SFC_ABI_AARCH64_LE == SFR_ABI_AARCH64_LE &&
                   SFC_ABI_AMD64 == SFR_ABI_AMD64_LE && SFC_ABI_S390X == SFR_ABI_S390X_BE,
               "sfc_peers.h's ABI numbers are sframe_ref.h's");

static unsigned abi_bit(const char *s) {
  unsigned a = sfc_abi_by_name(s);
  return a ? 1u << a : 0u;
}

/* The peers table's named rows, in its order: 0, or -1 (a name too long, or
 * more rows than AU_MAX_READERS: a table and a struct out of step). */
static int load_builtin(au_readers *t, char *err, size_t errlen) {
  size_t n, i;
  const sfc_peer *p = sfc_peers(&n);
  for (i = 0; i < n; i++) {
    au_reader *r;
    if (!p[i].reader)
      continue;
    if (t->n == AU_MAX_READERS || strlen(p[i].reader) >= sizeof r->name) {
      snprintf(err, errlen, "the peers table's reader %s does not fit au_readers", p[i].reader);
      return -1;
    }
    r = &t->r[t->n++];
    strcpy(r->name, p[i].reader);
    r->versions = p[i].full;
    r->abis = p[i].abis;
    snprintf(r->note, sizeof r->note, "%s", p[i].note ? p[i].note : "");
    r->model = sfd_gen_by_name(r->name) + 1;
  }
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
  FILE *f;
  memset(t, 0, sizeof *t);
  if (!path)
    return load_builtin(t, err, errlen);
  f = fopen(path, "r");
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
