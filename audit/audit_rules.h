/* SPDX-License-Identifier: MIT */
/* audit_rules.h - what linkers make of .sframe sections, as rules
 * (audit_rules.c): outcomes, link modes, input kinds. */
#ifndef AUDIT_RULES_H
#define AUDIT_RULES_H

#include <stddef.h>
#include <stdint.h>

/* What a link makes of its inputs' .sframe sections. */
typedef enum au_outcome {
  AU_OUTCOME_UNKNOWN,      /* ? not measured */
  AU_OUTCOME_MERGED,       /* K one section with every input function */
  AU_OUTCOME_PARTIAL,      /* P merged, functions lost */
  AU_OUTCOME_CONCATENATED, /* C the inputs end to end */
  AU_OUTCOME_SPLIT,        /* S two output sections */
  AU_OUTCOME_EMPTIED,      /* E a 0-byte .sframe */
  AU_OUTCOME_DROPPED,      /* D no .sframe */
  AU_OUTCOME_REFUSED,      /* R the link fails */
  AU_OUTCOME_NO_INPUT,     /* N no input has .sframe */
  AU_OUTCOME_COUNT
} au_outcome;
const char *au_outcome_name(au_outcome o); /* "merged", ... */
char au_outcome_letter(au_outcome o);      /* 'K', ... (links.tsv, --json) */
int au_outcome_by_letter(char c);          /* -1 when none */

typedef enum au_mode { AU_MODE_STATIC, AU_MODE_GC, AU_MODE_KERNEL, AU_MODE_COUNT } au_mode;
const char *au_mode_name(au_mode m);
int au_mode_by_name(const char *name); /* -1 when none */

/* Kinds of input .sframe section, as a set: a version (1 ..
 * AU_KIND_MAX_VERSION) and whether the section is typed SHT_GNU_SFRAME (s)
 * or SHT_PROGBITS (p); lld and gold tell inputs apart by type (SPEC-NOTES
 * N44).  Printed "1p+3s" (sorted), the empty set "-". */
#define AU_KIND_MAX_VERSION 4
typedef uint8_t au_kinds;
unsigned au_kind_bit(unsigned version, int gnu_type); /* 0 for a version out of range */
void au_kinds_str(au_kinds k, char *buf, size_t cap);
int au_kinds_parse(const char *s, au_kinds *out); /* 0, or -1 */

/* The first rule of the linker's for mode and inputs (fn: kinds with
 * functions; empty: kinds of sections without) decides: its outcome, and
 * *basis the behaviour it rests on (au_basis_text); AU_OUTCOME_UNKNOWN and
 * -1 when no rule speaks for the linker. */
au_outcome au_rule_predict(const char *linker, au_mode mode, au_kinds fn, au_kinds empty, int *basis);
const char *au_basis_text(int basis);
/* The basis of a link none of whose inputs has .sframe (any linker, any mode). */
int au_basis_no_input(void);

#endif
