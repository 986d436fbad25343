/* SPDX-License-Identifier: MIT */
/* audit_walk.h - the inputs a path names: files, directories, archive
 * members, Debian packages (audit_walk.c). */
#ifndef AUDIT_WALK_H
#define AUDIT_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "audit_object.h"

/* Called for each input: path as reported, member (an archive's) or NULL,
 * package or NULL; its bytes (an ELF object to judge), or, when skip is
 * not AU_SKIP_NONE, NULL and why it is not audited. */
typedef void (*au_visit_fn)(void *ctx, const char *path, const char *member, const char *package,
                            const uint8_t *bytes, size_t len, au_skip skip, const char *why);
/* The files a path names: itself, or every entry below a directory but
 * the directories (symbolic links, FIFOs and the like included, to be
 * reported; links not followed), sorted by name.  Appended to *files
 * (malloc'd strings). */
int au_list_files(const char *path, char ***files, size_t *n, size_t *cap, char *err, size_t errlen);
/* The inputs of bytes[0, len): itself, or each member of an ar archive
 * (the fuzz target's entry); what is neither is visited as AU_SKIP_NOT_ELF. */
void au_visit_bytes(const uint8_t *bytes, size_t len, const char *shown, const char *package,
                    au_visit_fn fn, void *ctx);
/* Removes a directory and everything below it. */
void au_remove_tree(const char *dir);
/* Visits the inputs of one file: an ELF file, each member of an ar
 * archive, each file of a Debian package (unpacked privately with
 * dpkg-deb, removed after; shown as PACKAGE.deb:/PATH); anything else, and
 * what cannot be read, visited with its reason.  A FIFO or a device is
 * never opened.  shown: the name to report (NULL: file).  named: the user
 * named it, so a symbolic link is followed (below a directory it is not). */
void au_visit_file(const char *file, const char *shown, int named, const char *package,
                   au_visit_fn fn, void *ctx);

#endif
