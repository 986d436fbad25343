/* elf.h - find the .sframe section of an ELF file (32 or 64-bit, either
 * endianness), by name or by type SHT_GNU_SFRAME. */
#ifndef SFREF_ELF_H
#define SFREF_ELF_H
#include <stddef.h>
#include <stdint.h>

#define SHT_GNU_SFRAME 0x6ffffff4u

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
} elf_sframe;

elf_status elf_find_sframe(const uint8_t *buf, size_t len, elf_sframe *out,
                           const char **why);
#endif
