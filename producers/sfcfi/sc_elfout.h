/* SPDX-License-Identifier: MIT */
/* sc_elfout.h - sfcfi's a copy of an ELF file with a new .sframe (elfout.c).
 * The modules of sfcfi are described in sfcfi.c. */
#ifndef SC_ELFOUT_H
#define SC_ELFOUT_H

#include <stddef.h>
#include <stdint.h>

/* ---- elfout.c: a copy of an ELF file with a new .sframe ---- */
/* The address the added section is written for (sfcfi convert --elf
 * encodes at it): 0, for the section is not loaded (SHF_ALLOC clear). */
#define SC_ELFOUT_VMA 0
/* Writes out_path: a copy of the ELF file in_path whose .sframe is sec
 * (len bytes, not loaded, sh_addr SC_ELFOUT_VMA).  A .sframe the input had
 * is renamed .sframe.replaced and becomes SHT_PROGBITS (so that readers
 * finding the section by its type do not take it; its bytes, address and
 * place in the program headers stay).  Never overwrites in_path; out_path is written whole or
 * not at all (a temporary file renamed).  0, or -1 with err set. */
int sc_elf_write_with_sframe(const char *in_path, const char *out_path, const uint8_t *sec, size_t len,
                             char *err, size_t errlen);

#endif
