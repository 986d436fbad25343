/* SPDX-License-Identifier: MIT */
/* sfa_elf.c - see sfa_elf.h.  The layout and constants are <elf.h>'s. */
#include "sfa_elf.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "sframe_ref.h"

/* Values in the file's byte order (big-endian when be). */
static void put(uint8_t *p, int be, uint64_t v, size_t size) {
  size_t i;
  for (i = 0; i < size; i++)
    p[be ? size - 1 - i : i] = (uint8_t)(v >> (8 * i));
}
#define PUT(base, type, field, be, v)                                                      \
  put((base) + offsetof(type, field), (be), (uint64_t)(v), sizeof(((type *)0)->field))

static void put_shdr(uint8_t *p, int be, uint32_t name, uint32_t type, uint64_t flags,
                     uint64_t addr, uint64_t off, uint64_t size, uint64_t align) {
  PUT(p, Elf64_Shdr, sh_name, be, name);
  PUT(p, Elf64_Shdr, sh_type, be, type);
  PUT(p, Elf64_Shdr, sh_flags, be, flags);
  PUT(p, Elf64_Shdr, sh_addr, be, addr);
  PUT(p, Elf64_Shdr, sh_offset, be, off);
  PUT(p, Elf64_Shdr, sh_size, be, size);
  PUT(p, Elf64_Shdr, sh_addralign, be, align);
}

static uint16_t machine_of(const uint8_t *sec, size_t n) {
  if (n < 5)
    return EM_X86_64;
  switch (sec[4]) {
  case SFR_ABI_AARCH64_BE:
  case SFR_ABI_AARCH64_LE:
    return EM_AARCH64;
  case SFR_ABI_S390X_BE:
    return EM_S390;
  default:
    return EM_X86_64;
  }
}

uint8_t *sfa_make_elf(const uint8_t *sec, size_t n, uint64_t vma, uint32_t sh_type, size_t *len) {
  static const char shstr[] = "\0.sframe\0.shstrtab"; /* names at 1 and 9 */
  const size_t shstr_len = sizeof shstr; /* includes the final NUL */
  /* the SFrame magic 0xdee2 stored big-endian (SFrame spec version 3, section 2.1) */
  int be = n >= 2 && sec[0] == 0xde && sec[1] == 0xe2;
  size_t off_sec = sizeof(Elf64_Ehdr), off_str = off_sec + n;
  size_t off_sh = (off_str + shstr_len + 7) & ~(size_t)7;
  size_t total = off_sh + 3 * sizeof(Elf64_Shdr);
  uint8_t *e = calloc(1, total);
  if (!e)
    return NULL;
  memcpy(e, ELFMAG, SELFMAG);
  e[EI_CLASS] = ELFCLASS64;
  e[EI_DATA] = be ? ELFDATA2MSB : ELFDATA2LSB;
  e[EI_VERSION] = EV_CURRENT;
  PUT(e, Elf64_Ehdr, e_type, be, ET_EXEC);
  PUT(e, Elf64_Ehdr, e_machine, be, machine_of(sec, n));
  PUT(e, Elf64_Ehdr, e_version, be, EV_CURRENT);
  PUT(e, Elf64_Ehdr, e_shoff, be, off_sh);
  PUT(e, Elf64_Ehdr, e_ehsize, be, sizeof(Elf64_Ehdr));
  PUT(e, Elf64_Ehdr, e_phentsize, be, sizeof(Elf64_Phdr));
  PUT(e, Elf64_Ehdr, e_shentsize, be, sizeof(Elf64_Shdr));
  PUT(e, Elf64_Ehdr, e_shnum, be, 3);
  PUT(e, Elf64_Ehdr, e_shstrndx, be, 2);
  if (n)
    memcpy(e + off_sec, sec, n);
  memcpy(e + off_str, shstr, shstr_len);
  /* [0] null; [1] .sframe; [2] .shstrtab */
  put_shdr(e + off_sh + sizeof(Elf64_Shdr), be, 1, sh_type, SHF_ALLOC, vma, off_sec, n, 8);
  put_shdr(e + off_sh + 2 * sizeof(Elf64_Shdr), be, 9, SHT_STRTAB, 0, 0, off_str, shstr_len, 1);
  *len = total;
  return e;
}
