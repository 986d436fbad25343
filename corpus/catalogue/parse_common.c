/* SPDX-License-Identifier: MIT */
/* parse_common.c - what the reader of .cases files (parse.c) and its
 * statement parsers (parse_model.c, parse_case.c) all use: an error named
 * by file:line, and the ABI axis. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"

void cat_perr(pstate *p, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%d: error: ", p->file, p->line);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  p->errors++;
}

/* ---- axes and names ---- */

int cat_parse_abis(pstate *p, char **tok, int n, unsigned *mask) {
  int i, a;
  *mask = 0;
  for (i = 0; i < n; i++) {
    if (strcmp(tok[i], "all") == 0) {
      *mask |= CAT_ABI_ALL;
      continue;
    }
    if (strcmp(tok[i], "aarch64") == 0) {
      *mask |= 1u << CAT_ABI_AARCH64_LE | 1u << CAT_ABI_AARCH64_BE;
      continue;
    }
    for (a = 0; a < CAT_NABI; a++)
      if (strcmp(tok[i], cat_abi_name(a)) == 0 || strcmp(tok[i], cat_abi_short(a)) == 0)
        break;
    if (a == CAT_NABI) {
      cat_perr(p, "unknown ABI '%s' (amd64, aarch64-le, aarch64-be, aarch64, s390x, all)",
               tok[i]);
      return -1;
    }
    *mask |= 1u << a;
  }
  if (!*mask) {
    cat_perr(p, "no ABI given");
    return -1;
  }
  return 0;
}
