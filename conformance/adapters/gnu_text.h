/* SPDX-License-Identifier: MIT */
/* gnu_text.h - the GNU objdump / readelf `--sframe` text parser of the
 * objdump-* and readelf-* adapters (gnu_tool.c).  How each field is read
 * and what each release's text cannot tell: binutils-notes.md. */
#ifndef SFA_GNU_TEXT_H
#define SFA_GNU_TEXT_H

#include "sfa_text.h"

/* 1 when cfg's release is MAJ.MIN or later. */
int sfa_ver_ge(const sfa_config *cfg, int maj, int min);

/* Reads the text of `objdump --sframe` or `readelf --sframe` of release
 * cfg->major.cfg->minor (modified in place: lines are cut) into d.
 * Returns 0, or -1 with the reason in lx->err.  d is initialised here and
 * freed by the caller (sfa_free_dump) either way. */
int sfa_gnu_read(const sfa_config *cfg, char *text, sfa_dump *d, sfa_lexer *lx);

#endif
