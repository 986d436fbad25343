/* SPDX-License-Identifier: MIT */
/* audit_link.h - a link's situation, links.tsv (the measured table), whether
 * a link breaks, and linking for --confirm (audit_link.c). */
#ifndef AUDIT_LINK_H
#define AUDIT_LINK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "audit_object.h"
#include "audit_readers.h"
#include "audit_rules.h"

/* Splits line (its line break dropped) at tabs into at most n fields; the
 * number found (the tables and the workers' records). */
size_t au_split_tabs(char *line, char **f, size_t n);

/* The architectures the suite links for: index of au_arch_name. */
#define AU_ARCHES 3
const char *au_arch_name(uint16_t machine); /* NULL for a machine the suite does not link */
int au_arch_index(uint16_t machine);       /* 0 .. AU_ARCHES - 1, or -1 */

/* A .sframe's verdict in the tables: none, valid, or the worst sfr_class. */
#define AU_VALID_NONE (-1)   /* "-": no .sframe */
const char *au_valid_name(int valid); /* "-", "valid", "questionable", ... */

#define AU_MAX_LINKERS 16
/* links.tsv: the measured outcome of each situation, the output's verdict
 * and its kernel refusals on each architecture, one row per key, sorted by
 * key (au_links_find's binary search). */
typedef struct au_link_row {
  uint32_t key;            /* link_key(): linker, mode, inputs, empty, nosf */
  au_outcome outcome;
  struct {
    uint8_t measured;      /* on that architecture */
    int8_t valid;
    uint16_t refusals;     /* index into au_links.refusals; 0: none */
  } arch[AU_ARCHES];
} au_link_row;
typedef struct au_links {
  au_link_row *rows;
  size_t n, cap;
  au_refusals *refusals;   /* [0]: none; then the table's refusals records */
  size_t nrefusals;
  char linkers[AU_MAX_LINKERS][24]; /* producers.tsv's, then the table's, in order */
  size_t nlinkers;
} au_links;
/* The linkers (producers.tsv's rows of kind ld, the matrix's names), then
 * links.tsv's rows (t zeroed by the caller, au_links_free after).  0, or -1 with
 * err set. */
int au_links_linkers(au_links *t, const char *producers, char *err, size_t errlen);
int au_links_load(au_links *t, const char *path, char *err, size_t errlen);
void au_links_free(au_links *t);
int au_links_add_linker(au_links *t, const char *name); /* its index, -1 when full */
int au_links_linker(const au_links *t, const char *name); /* its index, -1 when none */
/* Holds the rules to the table: each row's outcome against au_rule_predict's;
 * the disagreements printed to out, their number returned. */
size_t au_links_check(const au_links *t, FILE *out);

/* One relocatable object of a link. */
typedef struct au_rel {
  uint16_t machine;
  au_kinds kind;         /* one bit: its .sframe's version and type; 0 without .sframe */
  uint32_t functions;    /* its .sframe's */
  size_t cfi_functions;  /* without .sframe: the functions its CFI describes */
  char *path, *member;   /* the file, and the archive member or NULL */
} au_rel;
au_kinds au_rel_kind(const au_object *o);

/* What a link's inputs are, as links.tsv keys it. */
typedef struct au_situation {
  au_kinds inputs;         /* kinds of the .sframe sections with functions */
  au_kinds empty;          /* kinds of those with none (an empty section, as Ubuntu 25.10's Scrt1.o) */
  int nosf;                /* objects with CFI and no .sframe are among them */
  size_t objects, functions, gap_objects, gap_functions;
} au_situation;
void au_situation_add(au_situation *s, const au_rel *r);
const au_link_row *au_links_find(const au_links *t, int linker, au_mode mode, const au_situation *s);

/* Would a program linked so be broken: the link fails, its .sframe is not
 * one valid section with every input function, the kernel generation
 * kgen refuses it, or objects without SFrame leave functions uncovered. */
int au_outcome_breaks(au_outcome c, int valid, const au_refusals *kernel, int gap, int kgen);

/* A link made (--confirm): its outcome and what the output is. */
typedef struct au_observed {
  int ran;      /* the linker was there and run */
  au_outcome outcome;
  int valid;
  au_refusals kernel;
  char detail[320];
} au_observed;
/* Links rels[0, n) with toolchains/ld/LINKER-ARCH/ld (producers/toolchains.sh)
 * in mode and says what came out. */
void au_link_observe(const char *toolchains, const char *arch, const char *linker, au_mode mode,
                     const au_rel *rels, size_t n, const au_situation *s, const au_readers *rd, au_observed *ob);

#endif
