/* SPDX-License-Identifier: MIT */
/* sc_elf.h - sfcfi's the input ELF and its SFrame section, opened (elfin.c).
 * The modules of sfcfi are described in sfcfi.c. */
#ifndef SC_ELF_H
#define SC_ELF_H

#include <gelf.h>
#include "sframe_ref.h"
#include "sc_util.h"

/* ---- elfin.c: the input ELF ---- */
typedef struct sc_elf {
  const char *path;
  uint8_t *image;    /* the whole file (relocated in place for ET_REL) */
  size_t len;
  int mapped;        /* image is a private mapping (else malloc'd) */
  Elf *elf;          /* elf_memory over image */
  uint16_t machine;  /* EM_X86_64, EM_AARCH64, EM_S390 */
  uint16_t type;     /* ET_REL, ET_EXEC, ET_DYN */
  uint8_t elfclass;  /* ELFCLASS32 / 64 */
  uint8_t big_endian;
  uint8_t abi;       /* SFR_ABI_* for machine and byte order; 0 if none */
  /* .sframe, when present (bytes inside image) */
  const uint8_t *sframe;
  size_t sframe_len;
  uint64_t sframe_vma;
  int has_eh_frame, has_debug_frame;
  uint64_t text_lo, text_hi; /* the executable sections' extent */
  /* function symbols, sorted by address (sc_elf_symbol) */
  struct sc_sym { uint64_t addr, size; const char *name; } *syms;
  size_t nsyms;
} sc_elf;

/* Opens path.  0, or -1 with err set (not ELF, an unknown machine, an
 * unsupported relocation, ...). */
int sc_elf_open(sc_elf *e, const char *path, char *err, size_t errlen);
/* The same over bytes already in memory (copied; the fuzz target). */
int sc_elf_open_mem(sc_elf *e, const uint8_t *bytes, size_t len, const char *name, char *err,
                    size_t errlen);
void sc_elf_close(sc_elf *e);
/* The name of the function symbol holding addr ("" when none; the
 * nearest symbol at or below it within its size, .symtab then .dynsym). */
const char *sc_elf_symbol(const sc_elf *e, uint64_t addr);

/* ---- an SFrame section, opened, validated and indexed by the oracle ---- */
typedef struct sc_sframe {
  sfr_section sec;
  sfr_finding items[8];
  sfr_report rep;     /* the validation's report (rep.count findings) */
  int rejects;        /* sfr_report_rejects */
  void *index;        /* the lookup index's memory (sfr_index_build) */
} sc_sframe;
/* 0 (s->rejects says whether it is valid), or -1 with err set when the
 * bytes are not an SFrame section at all or memory runs out. */
int sc_sframe_open(sc_sframe *s, const uint8_t *buf, size_t len, uint64_t vma, char *err, size_t errlen);
void sc_sframe_close(sc_sframe *s);
/* The first finding that rejects (its name), or NULL. */
const char *sc_sframe_rejection(const sc_sframe *s);

/* An SFrame section from a file: an ELF file's .sframe (relocated), or the
 * file itself as a raw section at vma when it does not start with the ELF
 * magic (or raw is set).  0, or -1 with err set. */
typedef struct sc_sframe_file {
  sc_elf elf;         /* when the file is ELF */
  uint8_t *raw;       /* when it is raw */
  const uint8_t *bytes;
  size_t len;
  uint64_t vma;
  uint8_t is_elf;
} sc_sframe_file;
int sc_sframe_file_load(sc_sframe_file *f, const char *path, int raw, uint64_t vma, char *err,
                        size_t errlen);
void sc_sframe_file_unload(sc_sframe_file *f);

#endif
