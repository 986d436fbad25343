/* SPDX-License-Identifier: MIT */
/* sfe_abi.c - the encoder's one table of the ABIs, by sfh_abi_arch (SFrame
 * spec version 3, section 2.2.1: 1 AArch64 big-endian, 2 AArch64
 * little-endian, 3 AMD64 little-endian, 4 s390x big-endian): the name the
 * corpus files and the canonical JSON (decoder/JSON.md) give it, and the
 * DWARF numbers of its SP, FP and RA registers (each psABI's DWARF register
 * number mapping: the System V AMD64 psABI, DWARF for the Arm 64-bit
 * Architecture, the s390x ELF ABI supplement).
 *
 * The encoder's own table, not the oracle's sfr_abi_name() and
 * sfr_abi_sp_reg() and their kin: expected results computed with the
 * oracle's names or numbers would agree with the oracle whatever those
 * were.  The catalogue builder (corpus/catalogue) uses it too.  A value that
 * names no ABI is "unknown" and gets AArch64's numbers (a case with such an
 * ABI patches it in after encoding). */
#include <string.h>

#include "sfe_internal.h"

typedef struct abi_entry {
  const char *name;
  uint32_t sp, fp, ra;
} abi_entry;

static const abi_entry abis[] = {
    {"unknown", 31, 29, 30},    /* 0: no ABI */
    {"aarch64-be", 31, 29, 30}, /* 1 SFRAME_ABI_AARCH64_ENDIAN_BIG: sp, x29, x30 (LR) */
    {"aarch64-le", 31, 29, 30}, /* 2 SFRAME_ABI_AARCH64_ENDIAN_LITTLE: the same */
    {"amd64", 7, 6, 16},        /* 3 SFRAME_ABI_AMD64_ENDIAN_LITTLE: rsp, rbp, the RA column */
    {"s390x", 15, 11, 14},      /* 4 SFRAME_ABI_S390X_ENDIAN_BIG: r15, r11, r14 */
};

static const abi_entry *abi_of(uint8_t abi) {
  return &abis[abi < sizeof abis / sizeof *abis ? abi : 0];
}

const char *sfe_abi_name(uint8_t abi) { return abi_of(abi)->name; }

uint8_t sfe_abi_by_name(const char *name) {
  uint8_t a;
  for (a = SFR_ABI_AARCH64_BE; name && a <= SFR_ABI_S390X_BE; a++)
    if (strcmp(name, sfe_abi_name(a)) == 0)
      return a;
  return 0;
}

uint32_t sfe_dwarf_sp(uint8_t abi) { return abi_of(abi)->sp; }
uint32_t sfe_dwarf_fp(uint8_t abi) { return abi_of(abi)->fp; }
uint32_t sfe_dwarf_ra(uint8_t abi) { return abi_of(abi)->ra; }

uint32_t sfe_cfa_base_reg(uint8_t abi, const sfr_cfa_rule *cfa) {
  return cfa->base == SFR_BASE_SP   ? sfe_dwarf_sp(abi)
         : cfa->base == SFR_BASE_FP ? sfe_dwarf_fp(abi)
                                    : cfa->reg;
}

uint8_t sfe_cfa_base_of(uint8_t abi, uint32_t reg) {
  return reg == sfe_dwarf_sp(abi)   ? SFR_BASE_SP
         : reg == sfe_dwarf_fp(abi) ? SFR_BASE_FP
                                    : SFR_BASE_REG;
}

int sfe_is_aarch64(uint8_t abi) {
  return abi == SFR_ABI_AARCH64_BE || abi == SFR_ABI_AARCH64_LE;
}
