/* SPDX-License-Identifier: MIT */
/* truth_elide.c - which instructions leave the registers an unwind reads
 * as they were: the basis on which an instruction's check may be the
 * check of the instruction before it (truth.h: elision).
 *
 * keeps_frame_regs(bytes, n) is nonzero only for instructions recognised,
 * from their encoding alone, as writing none of SP, FP and the link
 * register (x86-64: rsp, rbp; AArch64: sp, x29, x30; s390x: r15, r11,
 * r14) and as not moving control elsewhere (a branch ends its block, and
 * is never recognised).  Memory they write is not their concern: every
 * store is watched (on_store).  Anything not recognised is taken as
 * writing them, so a miss costs a check, never a wrong verdict.  Every
 * general register an instruction names as an operand counts as written
 * when it is SP or FP (a compare that only reads rbp is taken as writing
 * it), so the rule is wider than the instruction's meaning, never
 * narrower. */
#include "truth.h"

/* x86-64: register numbers 4 (rsp) and 5 (rbp), after REX extension. */
static int x86_frame_reg(unsigned r) { return r == 4 || r == 5; }

/* A ModRM operand pair: reg (unless it extends the opcode: ext), and rm
 * when it is a register (mod 3). */
static int x86_modrm(const uint8_t *b, size_t n, size_t at, unsigned rex, int ext) {
  if (at >= n)
    return 0;
  unsigned m = b[at];
  unsigned reg = ((m >> 3) & 7) | ((rex & 4) << 1), rm = (m & 7) | ((rex & 1) << 3);
  if (!ext && x86_frame_reg(reg))
    return 0;
  return (m >> 6) != 3 || !x86_frame_reg(rm);
}
static int x86_modrm_ok(const uint8_t *b, size_t n, size_t at, unsigned rex) {
  return x86_modrm(b, n, at, rex, 0);
}

static int x86_keeps(const uint8_t *b, size_t n) {
  size_t i = 0;
  unsigned rex = 0;
  /* legacy prefixes: operand and address size, rep, lock, segments */
  while (i < n && (b[i] == 0x66 || b[i] == 0x67 || b[i] == 0xf2 || b[i] == 0xf3 || b[i] == 0xf0 ||
                   b[i] == 0x2e || b[i] == 0x3e || b[i] == 0x26 || b[i] == 0x36 || b[i] == 0x64 ||
                   b[i] == 0x65))
    i++;
  if (i < n && b[i] >= 0x40 && b[i] <= 0x4f)
    rex = b[i++] & 0xf;
  if (i >= n)
    return 0;
  unsigned op = b[i++];
  if (op != 0x0f) {
    /* ALU r/m,r and r,r/m (add or adc sbb and sub xor cmp) */
    if (op < 0x40 && (op & 7) <= 3)
      return x86_modrm_ok(b, n, i, rex);
    /* ALU al/eax,imm: rax */
    if (op < 0x40 && ((op & 7) == 4 || (op & 7) == 5))
      return 1;
    switch (op) {
    case 0x63: case 0x69: case 0x6b: case 0x84: case 0x85: case 0x86: case 0x87: case 0x88:
    case 0x89: case 0x8a: case 0x8b: case 0x8d:
      return x86_modrm_ok(b, n, i, rex);
    /* groups: reg is the operation; rm the operand (F6, F7 /4-/7 write
     * rax and rdx too) */
    case 0x80: case 0x81: case 0x83: case 0xc0: case 0xc1: case 0xc6: case 0xc7: case 0xd0:
    case 0xd1: case 0xd2: case 0xd3: case 0xf6: case 0xf7:
      return x86_modrm(b, n, i, rex, 1);
    case 0xfe: case 0xff: /* inc, dec only (/0, /1): not call, jmp, push */
      return i < n && ((b[i] >> 3) & 7) <= 1 && x86_modrm(b, n, i, rex, 1);
    case 0x98: case 0x99: case 0xa8: case 0xa9: case 0x9e: case 0x9f: case 0xf5: case 0xf8:
    case 0xf9: case 0xfc: case 0xfd:
      return 1; /* rax, rdx, flags */
    default:
      break;
    }
    if (op >= 0x90 && op <= 0x97) /* xchg rax, r (nop) */
      return !x86_frame_reg((op & 7) | ((rex & 1) << 3));
    if (op >= 0xb0 && op <= 0xbf) /* mov r, imm */
      return !x86_frame_reg((op & 7) | ((rex & 1) << 3));
    return 0;
  }
  if (i >= n)
    return 0;
  op = b[i++];
  if (op == 0x38 || op == 0x3a) /* SSSE3, SSE4: ModRM after a third byte */
    return x86_modrm_ok(b, n, i + 1, rex);
  if (op >= 0xc8 && op <= 0xcf) /* bswap */
    return !x86_frame_reg((op & 7) | ((rex & 1) << 3));
  if ((op >= 0x18 && op <= 0x1f) || op == 0xba) /* hints (endbr64), bt group */
    return x86_modrm(b, n, i, rex, 1);
  if ((op >= 0x10 && op <= 0x17) || (op >= 0x28 && op <= 0x2f) || (op >= 0x40 && op <= 0x76) ||
      (op >= 0x78 && op <= 0x7f) || (op >= 0x90 && op <= 0x9f) || op == 0xa3 || op == 0xa4 ||
      op == 0xa5 || op == 0xab || op == 0xac || op == 0xad || op == 0xaf || op == 0xb0 ||
      op == 0xb1 || op == 0xb3 || (op >= 0xb6 && op <= 0xbf) || (op >= 0xc0 && op <= 0xc6) ||
      (op >= 0xd0 && op <= 0xfe))
    return x86_modrm_ok(b, n, i, rex);
  return 0;
}

/* AArch64: 29 (FP), 30 (LR), 31 (SP, or the zero register). */
static int a64_frame_reg(uint32_t r) { return r >= 29; }

static int a64_keeps(const uint8_t *b, size_t n) {
  if (n != 4)
    return 0;
  uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
  uint32_t rd = w & 31, rt2 = (w >> 10) & 31;
  if (w == 0xd503201fu) /* nop */
    return 1;
  switch ((w >> 25) & 15) {
  case 8: case 9:               /* data processing, immediate */
  case 5: case 13:              /* data processing, register */
  case 7: case 15:              /* SIMD and floating point */
    return !a64_frame_reg(rd);
  default:
    break;
  }
  /* Loads and stores with no base write-back: a store writes no
   * register, a load writes Rt (and Rt2 for a pair). */
  int load;
  if ((w & 0x3b000000u) == 0x39000000u ||             /* unsigned offset */
      (w & 0x3b200c00u) == 0x38000000u ||             /* unscaled (LDUR, STUR) */
      (w & 0x3b200c00u) == 0x38200800u) {             /* register offset */
    load = ((w >> 22) & 3) != 0;
    return !load || !a64_frame_reg(rd);
  }
  if ((w & 0x3b800000u) == 0x29000000u) {             /* pair, signed offset */
    load = (w >> 22) & 1;
    return !load || (!a64_frame_reg(rd) && !a64_frame_reg(rt2));
  }
  return 0;
}

/* s390x: r11 (FP), r14 (RA), r15 (SP); an even-odd pair's first register
 * 10 or 14 names 11 or 15 too, and 13 names 14 (M, D, DLGR, MLGR write
 * R1 and R1 + 1). */
static int s390_frame_reg(unsigned r) { return r == 10 || r == 11 || r >= 13; }

static int s390_keeps(const uint8_t *b, size_t n) {
  if (n < 2)
    return 0;
  unsigned op = b[0], r1 = b[1] >> 4, op2 = b[1] & 15;
  switch (n) {
  case 2: /* RR: LR AR SR NR OR XR CR CLR ALR SLR LTR LCR LPR LNR */
    switch (op) {
    case 0x10: case 0x11: case 0x12: case 0x13: case 0x14: case 0x15: case 0x16: case 0x17:
    case 0x18: case 0x19: case 0x1a: case 0x1b: case 0x1e: case 0x1f:
      return !s390_frame_reg(r1);
    default:
      return 0;
    }
  case 4:
    switch (op) {
    case 0xb9: /* RRE, RRF: R1 in the fourth byte */
      switch (b[1]) {
      case 0x00: case 0x01: case 0x02: case 0x03: case 0x04: case 0x06: case 0x07: case 0x08:
      case 0x09: case 0x0a: case 0x0b: case 0x0c: case 0x14: case 0x16: case 0x17: case 0x18:
      case 0x19: case 0x1a: case 0x1b: case 0x20: case 0x21: case 0x26: case 0x27: case 0x30:
      case 0x31: case 0x80: case 0x81: case 0x82: case 0x84: case 0x85: case 0x94: case 0x95:
      case 0xe2: case 0xe8: case 0xe9: case 0xea: case 0xeb: case 0xe4: case 0xe6: case 0xe7:
      case 0xf2: case 0xf8: case 0xf9: case 0xfa: case 0xfb: case 0xf4: case 0xf6: case 0xf7:
        return !s390_frame_reg(b[3] >> 4);
      default:
        return 0;
      }
    case 0xa7: /* RI: TMxx, LHI, LGHI, AHI, AGHI, MHI, MGHI, CHI, CGHI (not the branches) */
      return (op2 <= 3 || op2 >= 8) && !s390_frame_reg(r1);
    /* RX: LA ST STH STC IC LH AH SH MH CH N CL O X L C A S AL SL */
    case 0x41: case 0x50: case 0x40: case 0x42: case 0x43: case 0x48: case 0x49: case 0x4a:
    case 0x4b: case 0x4c: case 0x54: case 0x55: case 0x56: case 0x57: case 0x58: case 0x59:
    case 0x5a: case 0x5b: case 0x5e: case 0x5f:
      return !s390_frame_reg(r1);
    /* SI: TM MVI NI CLI OI XI (memory and the condition code only) */
    case 0x91: case 0x92: case 0x94: case 0x95: case 0x96: case 0x97:
      return 1;
    default:
      return 0;
    }
  case 6:
    switch (op) {
    case 0xe3: /* RXY: loads, stores, arithmetic on memory (the last byte names it) */
      switch (b[5]) {
      case 0x02: case 0x04: case 0x08: case 0x09: case 0x0a: case 0x0b: case 0x0c: case 0x12:
      case 0x14: case 0x15: case 0x16: case 0x17: case 0x18: case 0x19: case 0x1a: case 0x1b:
      case 0x20: case 0x21: case 0x24: case 0x30: case 0x31: case 0x50: case 0x51: case 0x54:
      case 0x55: case 0x56: case 0x57: case 0x58: case 0x59: case 0x5a: case 0x5b: case 0x5e:
      case 0x5f: case 0x70: case 0x71: case 0x72: case 0x73: case 0x76: case 0x77: case 0x78:
      case 0x7a: case 0x7b: case 0x80: case 0x81: case 0x82: case 0x90: case 0x91: case 0x94:
      case 0x95:
        return !s390_frame_reg(r1);
      default:
        return 0;
      }
    case 0xc0: /* RIL: LARL, LGFI, the immediates (not BRCL, BRASL) */
      return op2 != 4 && op2 != 5 && !s390_frame_reg(r1);
    case 0xc2: case 0xc4: /* RIL arithmetic, relative loads and stores */
      return !s390_frame_reg(r1);
    case 0xc6: /* RIL compares (not EXRL, which runs another instruction) */
      return op2 != 0 && !s390_frame_reg(r1);
    case 0xeb: /* RSY: shifts (R1 from R3), STMG, STMY */
      switch (b[5]) {
      case 0x0a: case 0x0b: case 0x0c: case 0x0d: case 0xdc: case 0xdd: case 0xde: case 0xdf:
        return !s390_frame_reg(r1);
      case 0x24: case 0x90:
        return 1;
      default:
        return 0;
      }
    case 0xec: /* RIE: RISBG family, the three-operand immediates (not the
                * compare-and-branch ones) */
      switch (b[5]) {
      case 0x51: case 0x54: case 0x55: case 0x56: case 0x57: case 0x59: case 0x5d: case 0xd8:
      case 0xd9: case 0xda: case 0xdb:
        return !s390_frame_reg(r1);
      default:
        return 0;
      }
    /* SS: MVC NC CLC OC XC (memory and the condition code only) */
    case 0xd2: case 0xd4: case 0xd5: case 0xd6: case 0xd7:
      return 1;
    default:
      return 0;
    }
  default:
    return 0;
  }
}

int keeps_frame_regs(const uint8_t *b, size_t n) {
  switch (g.arch) {
  case ARCH_X86_64:
    return x86_keeps(b, n);
  case ARCH_AARCH64:
    return a64_keeps(b, n);
  case ARCH_S390X:
    return s390_keeps(b, n);
  }
  return 0;
}
