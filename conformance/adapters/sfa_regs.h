/* SPDX-License-Identifier: MIT */
/* sfa_regs.h - the DWARF register numbers of the stack pointer and frame
 * pointer per SFrame ABI identifier: the one table of the adapters side
 * (the oracle has its own, decoder/src/sfr_interp.c).  The readers the
 * adapters wrap only say "SP" or "FP" (SFRAME_BASE_REG_SP / _FP); the
 * canonical JSON (decoder/JSON.md) wants the DWARF number.
 *
 * ABI identifiers: SFrame spec version 3, section 1.3 (1 aarch64 big-endian,
 * 2 aarch64 little-endian, 3 amd64, 4 s390x; SPEC-NOTES.md N6).  DWARF
 * numbers: the psABIs (AArch64: sp 31, x29 29; x86-64: rsp 7, rbp 6;
 * s390x: r15 15, r11 11; SPEC-NOTES.md N17).  Header-only: the glibc
 * adapter is built without the project's libraries (glibc.mk). */
#ifndef SFA_REGS_H
#define SFA_REGS_H

#define SFA_ABI_AARCH64_BE 1u
#define SFA_ABI_AARCH64_LE 2u
#define SFA_ABI_AMD64_LE 3u
#define SFA_ABI_S390X_BE 4u

/* 1 and the numbers for a known ABI, else 0 (*sp, *fp untouched). */
static inline int sfa_sp_fp_regs(unsigned abi, unsigned *sp, unsigned *fp) {
  switch (abi) {
  case SFA_ABI_AARCH64_BE:
  case SFA_ABI_AARCH64_LE:
    *sp = 31, *fp = 29;
    return 1;
  case SFA_ABI_AMD64_LE:
    *sp = 7, *fp = 6;
    return 1;
  case SFA_ABI_S390X_BE:
    *sp = 15, *fp = 11;
    return 1;
  default:
    return 0;
  }
}

#endif
