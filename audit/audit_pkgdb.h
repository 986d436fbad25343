/* SPDX-License-Identifier: MIT */
/* audit_pkgdb.h - which package installed a file: dpkg's lists
 * (audit_pkgdb.c). */
#ifndef AUDIT_PKGDB_H
#define AUDIT_PKGDB_H

#include <stddef.h>

typedef struct au_pkgdb au_pkgdb;
/* Reads INFODIR's lists (none there: an empty database); NULL with err
 * set when out of memory. */
au_pkgdb *au_pkgdb_load(const char *infodir, char *err, size_t errlen);
const char *au_pkgdb_owner(const au_pkgdb *db, const char *path); /* NULL when none */
void au_pkgdb_free(au_pkgdb *db);

#endif
