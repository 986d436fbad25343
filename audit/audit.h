/* audit.h - sfaudit's parts (audit/README.md): what one ELF object
 * carries and who can read it (audit_object.c), the inputs a path names
 * (audit_walk.c), the readers table (audit_readers.c) and the report
 * (audit_report.c); sfaudit.c is the command line. */
#ifndef AUDIT_H
#define AUDIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sc_convert.h"
#include "sc_express.h"

/* ---- audit_readers.c: the readers the suite judges ---- */
#define AU_MAX_READERS 16
typedef struct au_reader {
  char name[32];
  unsigned versions; /* bit v: reads version v */
  unsigned abis;     /* bit a: reads SFR_ABI_* a */
  char note[96];
} au_reader;
typedef struct au_readers {
  au_reader r[AU_MAX_READERS];
  size_t n;
} au_readers;
/* Reads the table at path: 0, or -1 with err set. */
int au_readers_load(au_readers *t, const char *path, char *err, size_t errlen);

/* ---- audit_object.c: one ELF object ---- */
typedef struct au_sizes {
  uint64_t sframe, eh_frame, eh_frame_hdr, debug_frame;
} au_sizes;

typedef struct au_object {
  const char *path;   /* the file (a .deb's: its path in the package) */
  const char *member; /* an archive member's name, else NULL */
  const char *package;/* the package it belongs to, or NULL */
  int elf_ok;         /* opened as ELF of an architecture sfcfi knows */
  char error[200];    /* why not, when not */
  uint16_t type, machine;
  uint8_t abi;
  au_sizes sizes;
  /* .sframe, when present */
  int has_sframe;
  uint8_t version, flags;
  uint32_t functions;
  int verdict;        /* 0 valid, else the worst sfr_class */
  char findings[240]; /* the findings' names, comma-separated (the first few) */
  size_t nfindings;
  unsigned kernels_ok, kernels;    /* generations that register it, of how many */
  unsigned kernel_refused;         /* bit g: generation g refuses it */
  char kernel_refusals[200];       /* "GEN: rule" of each refusing one */
  unsigned readers_ok;             /* bit i: readers.r[i] reads it */
  /* without .sframe: what --gsframe would give (sfcfi convert, version 3) */
  int gsframe_done;
  sc_convert_stats gs;
  uint64_t gs_bytes;
  char gs_error[160];
} au_object;

/* Judges the ELF image bytes[0, len) (copied by sfcfi's reader). */
void au_object_judge(au_object *o, const uint8_t *bytes, size_t len, const au_readers *rd);

/* ---- audit_report.c: JSON lines, the summary, the exit status ---- */
typedef struct au_totals {
  size_t objects, not_elf, with_sframe, without_sframe, by_version[4];
  size_t invalid, malformed, questionable, kernel_refused;
  size_t gs_functions, gs_converted, gs_skipped, gs_by_reason[SC_REASON_COUNT];
  uint64_t gs_bytes, eh_frame_bytes, sframe_bytes;
} au_totals;
void au_object_json(FILE *out, const au_object *o, const au_readers *rd);
void au_totals_add(au_totals *t, const au_object *o);
void au_totals_merge(au_totals *t, const au_totals *u);
void au_summary(FILE *out, const au_totals *t, const au_readers *rd, const size_t *readable);

/* ---- audit_walk.c: the inputs a path names ---- */
/* Called for each ELF object: path as reported, member (an archive's) or
 * NULL, package or NULL, its bytes. */
typedef void (*au_visit_fn)(void *ctx, const char *path, const char *member, const char *package,
                            const uint8_t *bytes, size_t len);
/* The files a path names: itself, or every regular file below a directory
 * (symbolic links not followed).  Appended to *files (malloc'd strings). */
int au_list_files(const char *path, char ***files, size_t *n, size_t *cap, char *err, size_t errlen);
/* Visits the ELF objects of one file: an ELF file, each member of an ar
 * archive, each ELF object of a Debian package (unpacked privately with
 * dpkg-deb, removed after; shown as PACKAGE.deb:/PATH).  shown: the name to
 * report (NULL: file).  explicit: the user named it, so a file that is none
 * of those is visited as a failure.  0, or -1 with err set. */
/* The ELF objects of bytes[0, len): itself, or each member of an ar
 * archive (the fuzz target's entry). */
void au_visit_bytes(const uint8_t *bytes, size_t len, const char *shown, int explicit, const char *package,
                    au_visit_fn fn, void *ctx);
/* Removes a directory and everything below it. */
void au_remove_tree(const char *dir);
int au_visit_file(const char *file, const char *shown, int explicit, const char *package,
                  au_visit_fn fn, void *ctx, char *err, size_t errlen);

/* ---- audit_pkgdb.c: which package installed a file (dpkg's lists) ---- */
void au_pkgdb_load(const char *infodir);
const char *au_pkgdb_owner(const char *path); /* NULL when none */

#endif
