/* SPDX-License-Identifier: MIT */
/* audit.h - sfaudit's parts (audit/README.md): what one ELF object
 * carries and who can read it (audit_object.c), the inputs a path names
 * (audit_walk.c), the readers table (audit_readers.c) and the report
 * (audit_report.c); sfaudit.c is the command line. */
#ifndef AUDIT_H
#define AUDIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sc_check.h"
#include "sc_convert.h"
#include "sc_express.h"

/* binutils' ELF conventions for SFrame (SPEC-NOTES N42); Debian 12's
 * <elf.h> predates them. */
#ifndef SHT_GNU_SFRAME
#define SHT_GNU_SFRAME 0x6ffffff4u
#endif
#ifndef PT_GNU_SFRAME
#define PT_GNU_SFRAME 0x6474e554u
#endif

/* ---- audit_readers.c: the readers the suite judges ---- */
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
/* Reads the table at path: 0, or -1 with err set. */
int au_readers_load(au_readers *t, const char *path, char *err, size_t errlen);

/* ---- what was not audited, and why ---- */
/* Every path or member sfaudit could not read as an ELF object, an ar
 * archive or a Debian package is counted and listed under one of these. */
typedef enum au_skip {
  AU_SKIP_NONE,
  AU_SKIP_NOT_ELF,    /* not ELF, an ar archive or a package (an empty file, a script) */
  AU_SKIP_TRUNCATED,  /* ELF that ends before what its headers describe */
  AU_SKIP_FOREIGN,    /* ELF sfcfi does not read (a machine without an SFrame ABI) */
  AU_SKIP_UNREADABLE, /* cannot be opened, mapped or walked */
  AU_SKIP_SPECIAL,    /* a FIFO, a socket, a device */
  AU_SKIP_DANGLING,   /* a symbolic link to nothing */
  AU_SKIP_LINK,       /* a symbolic link below a directory: not followed */
  AU_SKIP_COUNT
} au_skip;
/* "not-elf", "truncated", ...: the names in --json and the report. */
const char *au_skip_name(au_skip s);

/* ---- audit_object.c: one ELF object ---- */
typedef struct au_sizes {
  uint64_t sframe, eh_frame, eh_frame_hdr, debug_frame;
  unsigned sframe_sections; /* sections named .sframe (a linker may write two) */
  uint32_t sframe_type;     /* the first one's sh_type (SHT_GNU_SFRAME or SHT_PROGBITS) */
  int sframe_phdr;          /* a PT_GNU_SFRAME program header */
} au_sizes;

typedef struct au_object {
  const char *path;   /* the file (a .deb's: its path in the package) */
  const char *member; /* an archive member's name, else NULL */
  const char *package;/* the package it belongs to, or NULL */
  int elf_ok;         /* opened as ELF of an architecture sfcfi knows */
  au_skip skipped;    /* when not: under what it is counted */
  char error[200];    /* why not, when not */
  uint16_t type, machine;
  uint8_t abi;
  au_sizes sizes;
  /* .sframe, when present */
  int has_sframe;
  uint8_t version, flags;
  uint32_t functions;
  unsigned headers;   /* SFrame headers found one after another (a concatenation: more than one) */
  int verdict;        /* 0 valid, else the worst sfr_class */
  char findings[240]; /* the findings' names, comma-separated (the first few) */
  size_t nfindings;
  unsigned kernels_ok, kernels;    /* generations that register it, of how many */
  unsigned kernel_refused;         /* bit g: generation g refuses it */
  char kernel_refusals[200];       /* "GEN: rule" of each refusing one */
  unsigned readers_ok;             /* bit i: readers.r[i] reads it */
  /* the .sframe against the object's own CFI (sfcfi check) */
  int checked;
  sc_check_summary check;
  char check_error[160];
  /* without .sframe: what --gsframe would give (sfcfi convert, version 3) */
  int gsframe_done;
  sc_convert_stats gs;
  uint64_t gs_bytes;
  char gs_error[160];
} au_object;

/* Judges the ELF image bytes[0, len) (copied by sfcfi's reader); an image
 * that ends before its headers' tables or sections is AU_SKIP_TRUNCATED,
 * with the byte where it ends and the one it would need. */
void au_object_judge(au_object *o, const uint8_t *bytes, size_t len, const au_readers *rd);

/* ---- audit_report.c: JSON lines, the summary, the exit status ---- */
typedef struct au_totals {
  size_t objects, not_elf, with_sframe, without_sframe, by_version[4];
  size_t by_skip[AU_SKIP_COUNT]; /* not_elf, by why */
  size_t invalid, malformed, questionable, kernel_refused;
  size_t checked, check_disagree, cfi_only_functions; /* sfcfi check: objects, those disagreeing, coverage */
  size_t gs_functions, gs_converted, gs_skipped, gs_by_reason[SC_REASON_COUNT];
  uint64_t gs_bytes, eh_frame_bytes, sframe_bytes;
} au_totals;
void au_object_json(FILE *out, const au_object *o, const au_readers *rd);
void au_totals_add(au_totals *t, const au_object *o);
void au_totals_merge(au_totals *t, const au_totals *u);
void au_summary(FILE *out, const au_totals *t, const au_readers *rd, const size_t *readable);

/* ---- audit_walk.c: the inputs a path names ---- */
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

/* ---- audit_link.c: predictions where pieces meet ---- */
/* Splits line (its line break dropped) at tabs into at most n fields; the
 * number found (the tables and the workers' records). */
size_t au_split_tabs(char *line, char **f, size_t n);
/* links.tsv's columns (its header says what each holds). */
enum {
  AU_COL_ARCH, AU_COL_LINKER, AU_COL_MODE, AU_COL_INPUTS, AU_COL_EMPTY, AU_COL_NOSF,
  AU_COL_OUTCOME, AU_COL_VALID, AU_COL_KERNEL, AU_COL_DETAIL, AU_COL_BASIS, AU_LINK_COLS
};
#define AU_MAX_LINKERS 16
typedef struct au_link_row {
  char *col[AU_LINK_COLS];
} au_link_row;
typedef struct au_links {
  au_link_row *rows;
  size_t n, cap;
  char linkers[AU_MAX_LINKERS][24]; /* in the table's order */
  size_t nlinkers;
} au_links;
/* The linkers (producers.tsv's rows of kind ld, the matrix's names), then
 * links.tsv's rows (t zeroed by the caller, au_links_free after).  0, or -1 with
 * err set. */
int au_links_linkers(au_links *t, const char *producers, char *err, size_t errlen);
int au_links_load(au_links *t, const char *path, char *err, size_t errlen);
void au_links_free(au_links *t);
void au_links_add_linker(au_links *t, const char *name);
int au_links_has_linker(const au_links *t, const char *name);

/* One relocatable object of a link. */
typedef struct au_rel {
  uint16_t machine;
  char kind[4];          /* "3s": version, section type (au_rel_kind); "" without .sframe */
  uint32_t functions;    /* its .sframe's */
  size_t cfi_functions;  /* without .sframe: the functions its CFI describes */
  char *path, *member;   /* the file, and the archive member or NULL */
} au_rel;
void au_rel_kind(const au_object *o, char kind[4]);
const char *au_arch_name(uint16_t machine); /* NULL for a machine the suite does not link */

/* What a link's inputs are, as links.tsv keys it. */
#define AU_SET_LEN 32
typedef struct au_situation {
  char inputs[AU_SET_LEN]; /* kinds of the .sframe sections with functions, "+"-joined; "-" */
  char empty[AU_SET_LEN];  /* kinds of those with none (an empty section, as Ubuntu 25.10's Scrt1.o) */
  int nosf;                /* objects with CFI and no .sframe are among them */
  size_t objects, functions, gap_objects, gap_functions;
} au_situation;
void au_situation_add(au_situation *s, const au_rel *r);
const au_link_row *au_links_find(const au_links *t, const char *arch, const char *linker, const char *mode,
                                 const au_situation *s);

/* An outcome: K merged, P merged with functions lost, C concatenated, S
 * split in two sections, E emptied, D dropped, R refused, N no input
 * .sframe, ? not measured. */
const char *au_outcome_name(char c);
int au_outcome_breaks(char c, const char *valid, const char *kernel, int gap, const char *kgen);

/* A link made (--confirm): its outcome and what the output is. */
typedef struct au_observed {
  int ran;      /* the linker was there and run */
  char outcome; /* as links.tsv's */
  char valid[24], kernel[200], detail[320];
} au_observed;
/* Links rels[0, n) with toolchains/ld/LINKER-ARCH/ld (producers/toolchains.sh)
 * in mode (static, gc, kernel) and says what came out. */
void au_link_observe(const char *toolchains, const char *arch, const char *linker, const char *mode,
                     const au_rel *rels, size_t n, const au_situation *s, const au_readers *rd, au_observed *ob);

/* ---- audit_predict.c: the predictions of a run ---- */
typedef struct au_predict_opts {
  const char *mode;       /* static, gc, kernel */
  const char *target;     /* the linker the exit status speaks for */
  const char *kgen;       /* the kernel generation whose refusal breaks */
  const char *toolchains; /* --confirm's linkers */
  int confirm;
} au_predict_opts;
typedef struct au_prediction {
  const char *arch;
  char linker[24];
  au_situation s;
  char outcome;
  char valid[24], kernel[200], basis[240];
  int breaks, target;
  au_observed seen; /* --confirm */
  int missed;       /* linked, and not as predicted */
  /* no input has .sframe: the same link once --gsframe is on (gas 2.47.50's
   * version 3 sections everywhere); outcome 0 when not asked */
  char gs_outcome;
  int gs_breaks;
  char gs_basis[240];
} au_prediction;
/* A worker's record of an object that a link would take (relocatable). */
void au_rel_record(FILE *out, size_t index, const au_object *o);
/* The predictions for the records DIR/wK.rels: *out (calloc'd), their
 * number; AU_PREDICT_FAILED (and *out NULL) when out of memory. */
#define AU_PREDICT_FAILED ((size_t)-1)
size_t au_predict(const char *dir, int jobs, const au_predict_opts *po, const au_links *t, const au_readers *rd,
                  au_prediction **out);
void au_predictions_json(FILE *out, const au_prediction *p, size_t n, const char *mode);
void au_predictions_table(FILE *out, const au_prediction *p, size_t n, const char *mode);

/* ---- audit_html.c: the report as a web page ---- */
typedef struct au_group { /* a package's objects (or a directory's) */
  char name[128];
  size_t objects, with_sframe, converted, skipped, bad;
  unsigned long long gs_bytes, eh_bytes;
} au_group;
/* An input not audited (but a symbolic link not followed): its name (an
 * archive member's as ARCHIVE(MEMBER)) and why, in the order of the files. */
typedef struct au_skipped {
  size_t index, seq;
  au_skip kind;
  char *name, *why;
} au_skipped;
typedef struct au_report {
  const au_skipped *skips;
  size_t nskips;
  const au_totals *t;
  const au_readers *rd;
  const size_t *readable;
  const au_prediction *ps;
  size_t np;
  const au_group *groups;
  size_t ngroups;
  const char *mode;
  int by_package;
} au_report;
/* Writes the page to path (through a temporary file renamed over it). 0, or -1. */
int au_html(const char *path, const au_report *r);

/* ---- audit_pkgdb.c: which package installed a file (dpkg's lists) ---- */
void au_pkgdb_load(const char *infodir);
const char *au_pkgdb_owner(const char *path); /* NULL when none */

#endif
