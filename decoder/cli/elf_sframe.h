/* SPDX-License-Identifier: MIT */
/* elf_sframe.h - find the .sframe section of an ELF file (32 or 64-bit,
 * either endianness), by name or by type SHT_GNU_SFRAME.  (Not named elf.h:
 * under -Idecoder/cli it would hide the system's <elf.h>, which elf.c uses.) */
#ifndef SFREF_ELF_SFRAME_H
#define SFREF_ELF_SFRAME_H
#include <stddef.h>
#include <stdint.h>

/* The section type of .sframe (binutils' include/elf/common.h); glibc's
 * <elf.h> does not name it yet. */
#ifndef SHT_GNU_SFRAME
#define SHT_GNU_SFRAME 0x6ffffff4u
#endif

typedef enum elf_status {
  ELF_OK = 0,
  ELF_NOT_ELF,     /* no ELF magic: the caller may treat it as raw */
  ELF_BAD,         /* ELF, but its headers are out of bounds */
  ELF_NO_SFRAME    /* ELF without an .sframe section */
} elf_status;

typedef struct elf_sframe {
  uint64_t offset; /* file offset of the section */
  uint64_t size;
  uint64_t addr;   /* sh_addr */
  uint32_t index;  /* section header index */
  int relocatable; /* ET_REL: start fields need their relocations */
} elf_sframe;

/* In a relocatable object, apply the RELA relocations that target the
 * .sframe section (PC-relative and absolute 32/64-bit, for x86-64,
 * AArch64 and s390x) to the in-memory copy buf, so that function starts
 * hold their linked values.  The object's allocated sections are first
 * given distinct addresses (es->addr is updated to the .sframe's).  Returns the number applied, or -1 with *why
 * set when a relocation is out of bounds or of an unknown type. */
int elf_relocate_sframe(uint8_t *buf, size_t len, elf_sframe *es, const char **why);

/* The first executable PT_LOAD segment, [*start, *end): the text range the
 * kernel registers the section with.  0 when there is none. */
int elf_text_segment(const uint8_t *buf, size_t len, uint64_t *start, uint64_t *end);

/* The PT_GNU_SFRAME segment: 1 with its file offset and size (within the
 * file) and its address; 0 when there is none. */
int elf_sframe_segment(const uint8_t *buf, size_t len, uint64_t *off, uint64_t *size,
                       uint64_t *vaddr);

elf_status elf_find_sframe(const uint8_t *buf, size_t len, elf_sframe *out,
                           const char **why);
#endif
