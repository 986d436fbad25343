/* SPDX-License-Identifier: MIT */
/* sc_symtab.h - an ELF file's symbol table as sfcfi conserve reads it
 * (symtab.c): every symbol with its section resolved, the defined ones by
 * name and by place, the STT_FILE names.  The modules of sfcfi are
 * described in sfcfi.c. */
#ifndef SC_SYMTAB_H
#define SC_SYMTAB_H

#include <stddef.h>
#include <stdint.h>

#include "sc_elf.h"

typedef struct xsym {
  const char *name;
  uint64_t value, addr, size; /* addr: the address (ET_REL: laid out) */
  uint32_t shndx;             /* resolved through SHT_SYMTAB_SHNDX */
  uint8_t bind, type;
  const char *file;           /* locals: the STT_FILE they follow, or NULL */
} xsym;

typedef struct symtab {
  int present;
  xsym *s;                    /* in table order: index = symbol index */
  size_t n;
  size_t *by_name;            /* defined, named symbols, by name */
  size_t nname;
  size_t *by_place;           /* defined in a section, by (shndx, value) */
  size_t nplace;
  size_t local_funcs;         /* defined local STT_FUNC symbols */
  const char **files;         /* the STT_FILE names, sorted */
  size_t nfiles;
} symtab;

/* Reads e's .symtab into t (t->present 0 when there is none); 0, or -1
 * with the reason in err. */
int sc_symtab_load(const sc_elf *e, symtab *t, char *err, size_t errlen);
void sc_symtab_free(symtab *t);
/* Whether t has an STT_FILE symbol named name. */
int sc_symtab_has_file(const symtab *t, const char *name);
/* The defined symbols named name: t->by_name[*lo .. *hi). */
void sc_syms_by_name(const symtab *t, const char *name, size_t *lo, size_t *hi);
/* The symbols defined at value in section shndx: t->by_place[*lo .. *hi). */
void sc_syms_by_place(const symtab *t, uint32_t shndx, uint64_t value, size_t *lo, size_t *hi);
/* Whether x is defined in a section (not undefined, absolute or common). */
int sc_sym_defined(const xsym *x);
/* Whether a symbol of type t may name code (FUNC, GNU_IFUNC, NOTYPE). */
int sc_sym_is_code(uint8_t t);
/* The name of section ndx of elf, or "". */
const char *sc_section_name(Elf *elf, uint32_t ndx);

#endif
