/* SPDX-License-Identifier: MIT */
/* audit_readers.h - the readers the suite judges: the peers table's named
 * rows (common/sfc_peers.h) or a table of the user's (--readers FILE). */
#ifndef AUDIT_READERS_H
#define AUDIT_READERS_H

#include <stddef.h>

#define AU_MAX_READERS 16
typedef struct au_reader {
  char name[32];
  unsigned versions; /* bit v: reads version v */
  unsigned abis;     /* bit a: reads SFR_ABI_* a */
  char note[96];
  int model;         /* a reader modelled from its code (sframe_ddprof.h), which
                        judges each section itself: 1 + its generation; 0: the
                        versions and ABIs above decide */
} au_reader;
typedef struct au_readers {
  au_reader r[AU_MAX_READERS];
  size_t n;
} au_readers;
/* Reads the table at path, or with path NULL the peers table's named rows
 * (common/sfc_peers.h): 0, or -1 with err set. */
int au_readers_load(au_readers *t, const char *path, char *err, size_t errlen);

#endif
