/* SPDX-License-Identifier: MIT */
/* sfa_elf.h - the minimal ELF64 file a text-tool adapter hands its tool:
 * a null section, .sframe at the case's VMA, .shstrtab. */
#ifndef SFA_ELF_H
#define SFA_ELF_H

#include <stddef.h>
#include <stdint.h>

/* Returns a malloc'd ELF image of *len bytes holding the n bytes of sec as
 * section .sframe of type sh_type (SHT_PROGBITS or SHT_GNU_SFRAME) at
 * address vma; NULL when memory runs out.  The byte order follows the
 * section's magic (bytes de e2: big-endian), e_machine its ABI byte
 * (offset 4): aarch64 for 1 and 2, s390 for 4, else x86-64.  Nothing else
 * of the section is read. */
uint8_t *sfa_make_elf(const uint8_t *sec, size_t n, uint64_t vma, uint32_t sh_type, size_t *len);

#endif
