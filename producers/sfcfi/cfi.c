/* SPDX-License-Identifier: MIT */
/* cfi.c - every FDE of a file's CFI, and its rows, as libdw computes them.
 *
 * The FDEs are found by walking the section with dwarf_next_cfi (a CIE's
 * augmentation says how an FDE's initial location is encoded: DWARF 5
 * 6.4.1 and the LSB's .eh_frame pointer encodings).  The rows are libdw's:
 * dwarf_cfi_addrframe at the first address of the function gives the row
 * there and, with dwarf_frame_info, the address it ends at.  The rules are
 * what dwarf_frame_cfa and dwarf_frame_register say, turned from libdw's
 * location expressions back into CFI rules (sc_rule_kind).
 *
 * The rows after a function's first come from one pass over the FDE's
 * instructions (pass_exec below) instead of one dwarf_cfi_addrframe per
 * row, which ran the FDE's instructions from its start again for every
 * row and searched for the FDE every time.  libdw (0.188) has no call that
 * walks an FDE's rows: dwarf_cfi_addrframe computes the row at one
 * address, dwarf_frame_info gives one computed row's bounds, and
 * dwarf_next_cfi hands out CIEs and FDEs as bytes; the interpreter that
 * would walk them (execute_cfi, __libdw_frame_at_address) is internal.  So
 * the pass follows execute_cfi (libdw/cfi.c) instruction by instruction,
 * for the three registers a row keeps, and stops where it cannot give
 * exactly what libdw gives: an expression rule (libdw's own row is taken
 * there, its operations being libdw's), DW_CFA_set_loc, a LEB128 number of
 * more than 8 bytes, a remember_state stack deeper than PASS_DEPTH, an
 * error libdw reports (libdw then computes the function, and reports it),
 * an FDE whose range another overlaps (libdw's search may then give the
 * other's rows), a CIE augmentation other than "" or 'z' first.  The
 * first row of every function is libdw's and the pass must agree with it,
 * range and rules, or the whole function is libdw's: that row is where
 * libdw's FDE search and the CIE's initial state show. */
#include "sc_cfi.h"

#include <dwarf.h>
#include <elf.h>
#include <elfutils/libdw.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- the one pass: its state ----
 * libdw's rules (libdw/cfi.h: enum dwarf_frame_rule and the CFA's rule),
 * for the registers a row keeps: the RA column, the FP and the SP. */
enum { LR_UNSPECIFIED, LR_UNDEFINED, LR_SAME, LR_OFFSET, LR_VAL_OFFSET, LR_REGISTER, LR_EXPR,
       LR_VAL_EXPR };
enum { LC_UNDEFINED, LC_OFFSET, LC_EXPR, LC_INVALID };
#define PASS_REGS 3
#define PASS_DEPTH 16

typedef struct pass_state {
  uint8_t cfa;                /* LC_* */
  uint8_t rule[PASS_REGS];    /* LR_* */
  uint64_t cfa_reg, cfa_offset;
  uint64_t value[PASS_REGS];  /* as libdw keeps it: offsets already factored */
} pass_state;

/* ---- pointer encodings (DW_EH_PE_*) ---- */
typedef struct cie_info {
  uint64_t offset;   /* the CIE's offset in the section */
  uint8_t fde_enc;   /* 'R' (absptr when none) */
  uint8_t valid;     /* the augmentation was understood */
  uint8_t aug_z;     /* FDEs carry augmentation data ('z') */
  uint8_t bkey;      /* 'B': AArch64 return addresses signed with key B */
  uint64_t caf;      /* code alignment factor */
  const uint8_t *insns, *insns_end; /* the initial instructions */
  /* the one pass (cie_pass): whether it can follow this CIE's FDEs, and
   * what libdw derives from the CIE */
  uint8_t pass_ok, signal, default_same;
  uint64_t daf;      /* data alignment factor, as libdw multiplies by it */
  uint64_t ra_col;   /* the return address column */
  pass_state initial; /* the ABI's rules, then the CIE's initial instructions */
} cie_info;

static int read_uleb(const uint8_t **p, const uint8_t *end, uint64_t *v) {
  uint64_t r = 0;
  unsigned shift = 0;
  while (*p < end) {
    uint8_t b = *(*p)++;
    if (shift < 64)
      r |= (uint64_t)(b & 0x7f) << shift;
    shift += 7;
    if (!(b & 0x80)) {
      *v = r;
      return 0;
    }
  }
  return -1;
}
static int read_sleb(const uint8_t **p, const uint8_t *end, int64_t *v) {
  uint64_t r = 0;
  unsigned shift = 0;
  while (*p < end) {
    uint8_t b = *(*p)++;
    if (shift < 64)
      r |= (uint64_t)(b & 0x7f) << shift;
    shift += 7;
    if (!(b & 0x80)) {
      if (shift < 64 && (b & 0x40))
        r |= ~(uint64_t)0 << shift;
      *v = (int64_t)r;
      return 0;
    }
  }
  return -1;
}
/* Reads one encoded pointer at *p.  field_vma is the address of the field
 * (for pcrel).  apply: 0 for an address range (the low four bits only).
 * 0, or -1 for an encoding this reader does not take. */
static int read_encoded(const uint8_t **p, const uint8_t *end, uint8_t enc, int big,
                        unsigned addr_size, uint64_t field_vma, int apply, uint64_t *out) {
  if (enc == DW_EH_PE_omit)
    return -1;
  const uint8_t *q = *p;
  uint64_t v = 0;
  unsigned n = 0;
  switch (enc & 0x0f) {
  case DW_EH_PE_absptr: n = addr_size; break;
  case DW_EH_PE_udata2: case DW_EH_PE_sdata2: n = 2; break;
  case DW_EH_PE_udata4: case DW_EH_PE_sdata4: n = 4; break;
  case DW_EH_PE_udata8: case DW_EH_PE_sdata8: n = 8; break;
  case DW_EH_PE_uleb128:
    if (read_uleb(&q, end, &v) != 0)
      return -1;
    break;
  case DW_EH_PE_sleb128: {
    int64_t s;
    if (read_sleb(&q, end, &s) != 0)
      return -1;
    v = (uint64_t)s;
    break;
  }
  default:
    return -1;
  }
  if (n) {
    if ((size_t)(end - q) < n)
      return -1;
    v = sc_get(q, n, big);
    if ((enc & 0x0f) == DW_EH_PE_sdata2)
      v = (uint64_t)(int64_t)(int16_t)v;
    else if ((enc & 0x0f) == DW_EH_PE_sdata4)
      v = (uint64_t)(int64_t)(int32_t)v;
    q += n;
  }
  if (apply) {
    switch (enc & 0x70) {
    case DW_EH_PE_absptr: break;
    case DW_EH_PE_pcrel: v += field_vma; break;
    default: return -1; /* datarel, textrel, funcrel, aligned: not in FDE locations */
    }
    if (addr_size == 4)
      v &= 0xffffffffu;
  }
  *p = q;
  *out = v;
  return 0;
}

/* The FDE pointer encoding of a CIE, from its augmentation (".eh_frame":
 * 'z' then L, P, R, S, B in any order). */
static void cie_encoding(const Dwarf_CIE *cie, int big, unsigned addr_size, cie_info *ci) {
  memset(ci, 0, sizeof *ci);
  ci->fde_enc = DW_EH_PE_absptr;
  ci->valid = 1;
  ci->caf = cie->code_alignment_factor;
  ci->insns = cie->initial_instructions;
  ci->insns_end = cie->initial_instructions_end;
  const char *a = cie->augmentation ? cie->augmentation : "";
  ci->aug_z = a[0] == 'z';
  if (a[0] != 'z')
    return; /* "" (.debug_frame), or an augmentation without data */
  const uint8_t *p = cie->augmentation_data;
  const uint8_t *end = p ? p + cie->augmentation_data_size : NULL;
  for (const char *c = a + 1; *c; c++) {
    switch (*c) {
    case 'L':
      if (!p || p >= end) { ci->valid = 0; return; }
      p++;
      break;
    case 'R':
      if (!p || p >= end) { ci->valid = 0; return; }
      ci->fde_enc = *p++;
      break;
    case 'P': {
      if (!p || p >= end) { ci->valid = 0; return; }
      uint8_t enc = *p++;
      uint64_t ignore;
      if (read_encoded(&p, end, enc & 0x0f, big, addr_size, 0, 0, &ignore) != 0) {
        ci->valid = 0;
        return;
      }
      break;
    }
    case 'S': break;
    case 'B': ci->bkey = 1; break;
    default: ci->valid = 0; return;
    }
  }
}

/* ---- AArch64's RA_SIGN_STATE ----
 * libdw (0.188 and later) reads DW_CFA_AARCH64_negate_ra_state but does not
 * track the state it toggles (its cfi.c leaves it "not handled yet"), so
 * this one bit is followed here: the instructions are walked for their
 * locations, remember_state / restore_state save and restore the bit as
 * they do every rule (DWARF 5 6.4.2.4; the AArch64 DWARF ABI, aadwarf64,
 * 4.4 RA_SIGN_STATE).  Toggles are recorded as (address, state from there). */
typedef struct toggles {
  uint64_t at[64];
  uint8_t state[64];
  unsigned n;
  int overflow;
  uint64_t advances; /* the advance instructions met (a bound on the rows) */
} toggles;

static int skip_block(const uint8_t **p, const uint8_t *end) {
  uint64_t len;
  if (read_uleb(p, end, &len) != 0 || len > (uint64_t)(end - *p))
    return -1;
  *p += len;
  return 0;
}

/* The largest DWARF register number an instruction may name before libdw
 * runs it: libdw keeps an array up to the largest register a row names
 * (a 432-byte input naming register 2^28 took 784 MB and 6.8 s). */
#define SC_MAX_REG 1023

/* Walks insns from loc, stepping over every instruction: before libdw runs
 * them, and to follow AArch64's RA signing state (sign set; state and the
 * remember stack carry across the CIE and the FDE).  0; -1 for an
 * instruction whose operands run past the end (libdw 0.188 reads past the
 * FDE's end to decode them) or that it does not know; -2 for a register
 * above SC_MAX_REG. */
static int walk_insns(const uint8_t *p, const uint8_t *end, const cie_info *ci, int big, unsigned addr_size,
                      uint8_t fde_enc, int sign, uint64_t *loc, uint8_t *state, uint8_t *stack,
                      unsigned *depth, toggles *t) {
  uint64_t u;
  int64_t sv;
#define REG() do { if (read_uleb(&p, end, &u) != 0) return -1; if (u > SC_MAX_REG) return -2; } while (0)
  while (p < end) {
    uint8_t op = *p++;
    uint8_t hi = op & 0xc0;
    if (hi == DW_CFA_advance_loc) {
      *loc += (uint64_t)(op & 0x3f) * ci->caf;
      t->advances++;
      continue;
    }
    if (hi == DW_CFA_offset) {
      if (read_uleb(&p, end, &u) != 0) return -1;
      continue;
    }
    if (hi == DW_CFA_restore)
      continue;
    switch (op) {
    case DW_CFA_nop: break;
    case DW_CFA_set_loc:
      if (read_encoded(&p, end, fde_enc, big, addr_size, 0, 0, loc) != 0) return -1;
      t->advances++;
      break;
    case DW_CFA_advance_loc1:
      if (end - p < 1) return -1;
      *loc += (uint64_t)p[0] * ci->caf; p += 1; t->advances++; break;
    case DW_CFA_advance_loc2:
      if (end - p < 2) return -1;
      *loc += sc_get(p, 2, big) * ci->caf; p += 2; t->advances++; break;
    case DW_CFA_advance_loc4:
      if (end - p < 4) return -1;
      *loc += sc_get(p, 4, big) * ci->caf; p += 4; t->advances++; break;
    case DW_CFA_register:
      REG();
      REG();
      break;
    case DW_CFA_offset_extended: case DW_CFA_def_cfa: case DW_CFA_val_offset:
    case DW_CFA_GNU_negative_offset_extended:
      REG();
      if (read_uleb(&p, end, &u) != 0) return -1;
      break;
    case DW_CFA_restore_extended: case DW_CFA_undefined: case DW_CFA_same_value:
    case DW_CFA_def_cfa_register:
      REG();
      break;
    case DW_CFA_def_cfa_offset: case DW_CFA_GNU_args_size:
      if (read_uleb(&p, end, &u) != 0) return -1;
      break;
    case DW_CFA_offset_extended_sf: case DW_CFA_def_cfa_sf: case DW_CFA_val_offset_sf:
      REG();
      if (read_sleb(&p, end, &sv) != 0) return -1;
      break;
    case DW_CFA_def_cfa_offset_sf:
      if (read_sleb(&p, end, &sv) != 0) return -1;
      break;
    case DW_CFA_def_cfa_expression:
      if (skip_block(&p, end) != 0) return -1;
      break;
    case DW_CFA_expression: case DW_CFA_val_expression:
      REG();
      if (skip_block(&p, end) != 0) return -1;
      break;
    case DW_CFA_remember_state:
      if (*depth < 64) stack[*depth] = *state;
      (*depth)++;
      break;
    case DW_CFA_restore_state:
      if (*depth == 0) return -1;
      (*depth)--;
      if (sign && *depth < 64 && stack[*depth] != *state) {
        *state = stack[*depth];
        goto record;
      }
      break;
    case 0x2d: /* DW_CFA_AARCH64_negate_ra_state (DW_CFA_GNU_window_save) */
      if (!sign)
        break;
      *state ^= 1;
      goto record;
    default:
      return -1;
    }
    continue;
  record:
    if (t->n < 64) {
      if (t->n && t->at[t->n - 1] == *loc)
        t->n--; /* two toggles at one address: the last one holds */
      t->at[t->n] = *loc;
      t->state[t->n] = *state;
      t->n++;
    } else {
      t->overflow = 1;
    }
  }
  return 0;
}
#undef REG

/* ---- the one pass: libdw's execute_cfi for the registers a row keeps ---- */

/* A LEB128 number of at most 8 bytes, where libdw's reading (at most 10
 * bytes unsigned, 9 signed, then a saturated value) and this one agree;
 * 0, or -1 (the pass stops). */
static int pass_uleb(const uint8_t **p, const uint8_t *end, uint64_t *v) {
  uint64_t r = 0;
  for (unsigned i = 0; i < 8 && *p < end; i++) {
    uint8_t b = *(*p)++;
    r |= (uint64_t)(b & 0x7f) << (7 * i);
    if (!(b & 0x80)) {
      *v = r;
      return 0;
    }
  }
  return -1;
}
static int pass_sleb(const uint8_t **p, const uint8_t *end, uint64_t *v) {
  uint64_t r = 0;
  for (unsigned i = 0; i < 8 && *p < end; i++) {
    uint8_t b = *(*p)++;
    r |= (uint64_t)(b & 0x7f) << (7 * i);
    if (!(b & 0x80)) {
      if (b & 0x40)
        r |= ~(uint64_t)0 << (7 * (i + 1));
      *v = r; /* two's complement, as libdw's Dwarf_Word sf_offset holds it */
      return 0;
    }
  }
  return -1;
}

/* What a run of instructions needs besides the state. */
typedef struct pass_prog {
  uint64_t caf, daf;            /* the factors (daf: the signed factor's bits) */
  uint64_t reg[PASS_REGS];      /* the register of each kept rule */
  const pass_state *initial;    /* the CIE's initial state; NULL while the ABI's
                                 * or the CIE's own instructions run */
  int abi;                      /* the ABI's default instructions are running */
  int sparc;                    /* DW_CFA_GNU_window_save is SPARC's shorthand
                                 * (libdw: every machine but AArch64) */
  unsigned addr_size;
  int big;
} pass_prog;

static void pass_set(const pass_prog *pg, pass_state *st, uint64_t reg, uint8_t rule, uint64_t value) {
  for (unsigned i = 0; i < PASS_REGS; i++)
    if (pg->reg[i] == reg) {
      st->rule[i] = rule;
      st->value[i] = value;
    }
}

/* Runs the instructions from *pp as libdw's execute_cfi (libdw/cfi.c,
 * 0.188) does, in state st with the remember stack (*depth deep).  1: an
 * advance moved *loc past pc; the row holding pc is st, up to *loc, and
 * *pp is after the advance.  0: the instructions ended (st holds to the
 * function's end).  -1: the pass stops here (libdw reports an error, or
 * does what the pass does not follow). *default_same: the ABI's
 * shorthand for "registers default to same value" was seen. */
static int pass_exec(const pass_prog *pg, pass_state *st, pass_state *stack, unsigned *depth,
                     const uint8_t **pp, const uint8_t *end, uint64_t *loc, uint64_t pc,
                     int *default_same) {
  const uint8_t *p = *pp;
  uint64_t reg, v, adv;
#define ULEB(x) do { if (pass_uleb(&p, end, &(x)) != 0) return -1; } while (0)
#define SLEB(x) do { if (pass_sleb(&p, end, &(x)) != 0) return -1; } while (0)
#define MORE() do { if (p >= end) return -1; } while (0) /* libdw's cfi_assert (program < end) */
#define REQUIRE_CFA_OFFSET() do { if (st->cfa != LC_OFFSET) st->cfa = LC_INVALID; } while (0)
  while (p < end) {
    uint8_t op = *p++;
    switch (op & 0xc0) {
    case DW_CFA_advance_loc:
      adv = op & 0x3f;
      goto advance;
    case DW_CFA_offset:
      ULEB(v);
      pass_set(pg, st, op & 0x3f, LR_OFFSET, v * pg->daf);
      continue;
    case DW_CFA_restore:
      reg = op & 0x3f;
      goto restore;
    default:
      break;
    }
    switch (op) {
    case DW_CFA_nop:
      continue;
    case DW_CFA_advance_loc1:
      MORE();
      adv = *p++;
      goto advance;
    case DW_CFA_advance_loc2:
      if (end - p < 2)
        return -1;
      adv = sc_get(p, 2, pg->big);
      p += 2;
      goto advance;
    case DW_CFA_advance_loc4:
      if (end - p < 4)
        return -1;
      adv = sc_get(p, 4, pg->big);
      p += 4;
      goto advance;
    case DW_CFA_def_cfa:
      ULEB(reg);
      MORE();
      ULEB(v);
      st->cfa = LC_OFFSET;
      st->cfa_reg = reg;
      st->cfa_offset = v;
      continue;
    case DW_CFA_def_cfa_sf:
      ULEB(reg);
      MORE();
      SLEB(v);
      st->cfa = LC_OFFSET;
      st->cfa_reg = reg;
      st->cfa_offset = v * pg->daf;
      continue;
    case DW_CFA_def_cfa_register:
      ULEB(reg);
      REQUIRE_CFA_OFFSET();
      st->cfa_reg = reg;
      continue;
    case DW_CFA_def_cfa_offset:
      ULEB(v);
      REQUIRE_CFA_OFFSET();
      st->cfa_offset = v;
      continue;
    case DW_CFA_def_cfa_offset_sf:
      SLEB(v);
      REQUIRE_CFA_OFFSET();
      st->cfa_offset = v * pg->daf;
      continue;
    case DW_CFA_def_cfa_expression:
      ULEB(v);
      if (v > (uint64_t)(end - p))
        return -1;
      p += v;
      st->cfa = LC_EXPR;
      continue;
    case DW_CFA_undefined:
      ULEB(reg);
      pass_set(pg, st, reg, LR_UNDEFINED, 0);
      continue;
    case DW_CFA_same_value:
      ULEB(reg);
      pass_set(pg, st, reg, LR_SAME, 0);
      continue;
    case DW_CFA_offset_extended:
      ULEB(reg);
      MORE();
      ULEB(v);
      pass_set(pg, st, reg, LR_OFFSET, v * pg->daf);
      continue;
    case DW_CFA_offset_extended_sf:
      ULEB(reg);
      SLEB(v);
      pass_set(pg, st, reg, LR_OFFSET, v * pg->daf);
      continue;
    case DW_CFA_GNU_negative_offset_extended:
      ULEB(reg);
      MORE();
      ULEB(v);
      pass_set(pg, st, reg, LR_OFFSET, (0 - v) * pg->daf);
      continue;
    case DW_CFA_val_offset:
      ULEB(reg);
      MORE();
      ULEB(v);
      pass_set(pg, st, reg, LR_VAL_OFFSET, v * pg->daf);
      continue;
    case DW_CFA_val_offset_sf:
      ULEB(reg);
      MORE();
      SLEB(v);
      pass_set(pg, st, reg, LR_VAL_OFFSET, v * pg->daf);
      continue;
    case DW_CFA_register:
      ULEB(reg);
      MORE();
      ULEB(v);
      pass_set(pg, st, reg, LR_REGISTER, v);
      continue;
    case DW_CFA_expression:
    case DW_CFA_val_expression:
      if (pg->abi)
        return -1; /* libdw asserts */
      ULEB(reg);
      if (op == DW_CFA_expression)
        MORE();
      ULEB(v);
      if (v > (uint64_t)(end - p))
        return -1;
      p += v;
      /* the value (where the block is) is libdw's: such a row is libdw's */
      pass_set(pg, st, reg, op == DW_CFA_expression ? LR_EXPR : LR_VAL_EXPR, 0);
      continue;
    case DW_CFA_restore_extended:
      ULEB(reg);
      goto restore;
    case DW_CFA_remember_state:
      if (*depth >= PASS_DEPTH)
        return -1;
      stack[(*depth)++] = *st;
      continue;
    case DW_CFA_restore_state:
      if (*depth == 0)
        return -1;
      *st = stack[--(*depth)];
      continue;
    case DW_CFA_GNU_window_save: /* DW_CFA_AARCH64_negate_ra_state: libdw does nothing */
      if (pg->sparc) {
        for (reg = 8; reg < 16; reg++)
          pass_set(pg, st, reg, LR_REGISTER, reg + 16);
        for (; reg < 32; reg++)
          pass_set(pg, st, reg, LR_OFFSET, (reg - 16) * pg->addr_size);
      }
      continue;
    case DW_CFA_GNU_args_size:
      ULEB(v);
      continue;
    default: /* DW_CFA_set_loc, DW_CFA_MIPS_advance_loc8, what libdw rejects */
      return -1;
    }
  restore:
    if (pg->abi && op == DW_CFA_restore) {
      *default_same = 1; /* libdw's shorthand for the ABI's instructions */
      continue;
    }
    if (!pg->initial)
      return -1; /* libdw: not in a CIE's own instructions */
    for (unsigned i = 0; i < PASS_REGS; i++)
      if (pg->reg[i] == reg) {
        st->rule[i] = pg->initial->rule[i];
        st->value[i] = pg->initial->value[i];
      }
    continue;
  advance:
    if (!pg->initial)
      return -1; /* libdw: no advance in a CIE's own instructions */
    *loc += adv * pg->caf;
    if (pc < *loc) {
      *pp = p;
      return 1;
    }
  }
#undef ULEB
#undef SLEB
#undef MORE
#undef REQUIRE_CFA_OFFSET
  *pp = p;
  return 0;
}

/* The ABI's default rules, libdw's backends (0.188: backends/x86_64_cfi.c,
 * aarch64_cfi.c, s390_cfi.c), run before every CIE's own instructions. */
static const uint8_t abi_x86_64[] = {
    DW_CFA_same_value, 0, DW_CFA_same_value, 6, DW_CFA_same_value, 12, DW_CFA_same_value, 13,
    DW_CFA_same_value, 14, DW_CFA_same_value, 15, DW_CFA_same_value, 16,
    DW_CFA_val_offset, 7, 0};
static const uint8_t abi_aarch64[] = {
    DW_CFA_def_cfa, 30, 0,
    DW_CFA_same_value, 19, DW_CFA_same_value, 20, DW_CFA_same_value, 21, DW_CFA_same_value, 22,
    DW_CFA_same_value, 23, DW_CFA_same_value, 24, DW_CFA_same_value, 25, DW_CFA_same_value, 26,
    DW_CFA_same_value, 27, DW_CFA_same_value, 28, DW_CFA_same_value, 29, DW_CFA_same_value, 30,
    DW_CFA_val_offset, 31, 0,
    DW_CFA_same_value, 72, DW_CFA_same_value, 73, DW_CFA_same_value, 74, DW_CFA_same_value, 75,
    DW_CFA_same_value, 76, DW_CFA_same_value, 77, DW_CFA_same_value, 78, DW_CFA_same_value, 79};
static const uint8_t abi_s390[] = {
    DW_CFA_same_value, 14, DW_CFA_same_value, 6, DW_CFA_same_value, 7, DW_CFA_same_value, 8,
    DW_CFA_same_value, 9, DW_CFA_same_value, 10, DW_CFA_same_value, 11, DW_CFA_same_value, 12,
    DW_CFA_same_value, 13, DW_CFA_same_value, 15, DW_CFA_same_value, 24, DW_CFA_same_value, 25,
    DW_CFA_same_value, 26, DW_CFA_same_value, 27, DW_CFA_same_value, 28, DW_CFA_same_value, 29,
    DW_CFA_same_value, 30, DW_CFA_same_value, 31};

/* The registers a row keeps (add_row): RA column, FP, SP. */
static void pass_regs(const sc_elf *e, uint64_t ra_col, pass_prog *pg) {
  pg->reg[0] = ra_col;
  pg->reg[1] = sfr_abi_fp_reg(e->abi);
  pg->reg[2] = sfr_abi_sp_reg(e->abi);
  pg->sparc = e->machine != EM_AARCH64;
  pg->addr_size = e->elfclass == ELFCLASS32 ? 4 : 8;
  pg->big = e->big_endian;
}

/* Whether the pass can follow the FDEs of this CIE, and its initial state
 * as libdw computes it (cie_cache_initial_state): the ABI's instructions,
 * then the CIE's, each with a stack of its own. */
static void cie_pass(const sc_elf *e, const Dwarf_CIE *cie, cie_info *ci) {
  const uint8_t *abi, *abi_end, *p;
  uint64_t abi_daf, loc = 0;
  pass_prog pg;
  pass_state st, stack[PASS_DEPTH];
  unsigned depth = 0;
  int default_same = 0;
  const char *a = cie->augmentation ? cie->augmentation : "";
  ci->pass_ok = 0;
  switch (e->machine) {
  case EM_X86_64: abi = abi_x86_64; abi_end = abi + sizeof abi_x86_64; abi_daf = 8; break;
  case EM_AARCH64: abi = abi_aarch64; abi_end = abi + sizeof abi_aarch64; abi_daf = (uint64_t)-4; break;
  case EM_S390:
    abi = abi_s390;
    abi_end = abi + sizeof abi_s390;
    abi_daf = e->elfclass == ELFCLASS64 ? 8 : 4;
    break;
  default: return;
  }
  /* libdw's reading of the augmentation (cie.c): 'z' first lets it skip
   * what it does not know; 'S' anywhere is a signal frame */
  if ((a[0] && a[0] != 'z') || cie->return_address_register > SC_MAX_REG || !e->abi)
    return;
  memset(&pg, 0, sizeof pg);
  memset(&st, 0, sizeof st);
  pass_regs(e, cie->return_address_register, &pg);
  pg.caf = 1;
  pg.daf = abi_daf;
  pg.abi = 1;
  p = abi;
  if (pass_exec(&pg, &st, stack, &depth, &p, abi_end, &loc, UINT64_MAX, &default_same) != 0)
    return;
  pg.caf = cie->code_alignment_factor;
  pg.daf = (uint64_t)cie->data_alignment_factor;
  pg.abi = 0;
  depth = 0;
  p = cie->initial_instructions;
  if (p && pass_exec(&pg, &st, stack, &depth, &p, cie->initial_instructions_end, &loc, UINT64_MAX,
                     &default_same) != 0)
    return;
  ci->initial = st;
  ci->daf = pg.daf;
  ci->ra_col = cie->return_address_register;
  ci->signal = strchr(a, 'S') != NULL;
  ci->default_same = (uint8_t)default_same;
  ci->pass_ok = 1;
}

/* ---- libdw's location expressions back into rules ---- */
static int save_ops(sc_cfi *c, size_t *cap_ops, size_t *cap_exprs, const Dwarf_Op *ops, size_t n,
                    uint32_t *index) {
  if (sc_grow((void **)&c->ops, cap_ops, c->nops + n, sizeof *c->ops) != 0 ||
      sc_grow((void **)&c->exprs, cap_exprs, c->nexprs + 1, sizeof *c->exprs) != 0)
    return -1;
  c->exprs[c->nexprs].first = (uint32_t)c->nops;
  c->exprs[c->nexprs].count = (uint32_t)n;
  for (size_t i = 0; i < n; i++) {
    c->ops[c->nops].atom = ops[i].atom;
    c->ops[c->nops].number = ops[i].number;
    c->ops[c->nops].number2 = ops[i].number2;
    c->nops++;
  }
  *index = (uint32_t)c->nexprs++;
  return 0;
}

static int reg_rule(sc_cfi *c, size_t *cap_ops, size_t *cap_exprs, Dwarf_Frame *fr, int regno, sc_reg *out) {
  Dwarf_Op mem[3];
  Dwarf_Op *ops = NULL;
  size_t n = 0;
  memset(out, 0, sizeof *out);
  if (dwarf_frame_register(fr, regno, mem, &ops, &n) != 0) {
    out->kind = SC_R_UNDEF;
    return 0;
  }
  if (n == 0) {
    out->kind = ops == NULL ? SC_R_SAME : SC_R_UNDEF;
    return 0;
  }
  int value = ops[n - 1].atom == DW_OP_stack_value;
  size_t m = value ? n - 1 : n;
  if (m >= 1 && m <= 2 && ops[0].atom == DW_OP_call_frame_cfa &&
      (m == 1 || ops[1].atom == DW_OP_plus_uconst || ops[1].atom == DW_OP_consts)) {
    out->kind = value ? SC_R_VAL_OFFSET : SC_R_OFFSET;
    out->offset = m == 2 ? (int64_t)ops[1].number : 0;
    return 0;
  }
  if (m == 1 && !value && ops[0].atom == DW_OP_regx) {
    out->kind = SC_R_REGISTER;
    out->reg = (uint32_t)ops[0].number;
    return 0;
  }
  if (m == 1 && !value && ops[0].atom >= DW_OP_reg0 && ops[0].atom <= DW_OP_reg31) {
    out->kind = SC_R_REGISTER;
    out->reg = ops[0].atom - DW_OP_reg0;
    return 0;
  }
  if (m == 1 && value && ops[0].atom == DW_OP_bregx && ops[0].number2 == 0) {
    out->kind = SC_R_REGISTER;
    out->reg = (uint32_t)ops[0].number;
    return 0;
  }
  /* An expression (libdw puts DW_OP_call_frame_cfa first: the CFA is on
   * the stack when it starts, DWARF 5 6.4.2.3). */
  out->kind = value ? SC_R_VAL_EXPR : SC_R_EXPR;
  return save_ops(c, cap_ops, cap_exprs, ops, n, &out->expr);
}

static int add_row(sc_cfi *c, size_t *cap_rows, size_t *cap_ops, size_t *cap_exprs, Dwarf_Frame *fr,
                   uint64_t lo, uint64_t hi, int ra_col, bool signal, uint8_t ra_signed) {
  if (sc_grow((void **)&c->rows, cap_rows, c->nrows + 1, sizeof *c->rows) != 0)
    return -1;
  sc_row *r = &c->rows[c->nrows];
  memset(r, 0, sizeof *r);
  r->start = lo;
  r->end = hi;
  r->signal = signal;
  Dwarf_Op *ops = NULL;
  size_t n = 0;
  if (dwarf_frame_cfa(fr, &ops, &n) != 0 || n == 0) {
    r->cfa_kind = SC_CFA_NONE;
  } else if (n == 1 && ops[0].atom == DW_OP_bregx) {
    r->cfa_kind = SC_CFA_REG;
    r->cfa_reg = (uint32_t)ops[0].number;
    r->cfa_offset = (int64_t)ops[0].number2;
  } else if (n == 1 && ops[0].atom >= DW_OP_breg0 && ops[0].atom <= DW_OP_breg31) {
    r->cfa_kind = SC_CFA_REG;
    r->cfa_reg = ops[0].atom - DW_OP_breg0;
    r->cfa_offset = (int64_t)ops[0].number;
  } else {
    r->cfa_kind = SC_CFA_EXPR;
    if (save_ops(c, cap_ops, cap_exprs, ops, n, &r->cfa_expr) != 0)
      return -1;
  }
  if (reg_rule(c, cap_ops, cap_exprs, fr, ra_col, &r->ra) != 0 ||
      reg_rule(c, cap_ops, cap_exprs, fr, (int)sfr_abi_fp_reg(c->abi), &r->fp) != 0 ||
      reg_rule(c, cap_ops, cap_exprs, fr, (int)sfr_abi_sp_reg(c->abi), &r->sp) != 0)
    return -1;
  r->ra_signed = ra_signed;
  c->nrows++;
  return 0;
}

static int by_start(const void *a, const void *b) {
  const sc_func *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start ? 1 : (x->end < y->end ? -1 : x->end > y->end);
}

/* ---- the rows ----
 * A worker holds a libdw handle and the rows, expressions and operations of
 * the functions [lo, hi) it was given.  (Two workers on two threads, each
 * with its own handle, were tried, 2026-11-26: with Debian's libdw 0.188
 * they ran one after the other, 0.98 processors used, no faster than one.) */
/* One function's instructions for the one pass (ok: the pass may try it). */
typedef struct pass_fde {
  const uint8_t *insns, *end;
  uint32_t cie;              /* index into the CIEs */
  uint8_t ok;
} pass_fde;

typedef struct sign_point {
  uint64_t at;
  uint8_t state;
} sign_point;

typedef struct worker {
  const sc_elf *e;
  int use_debug;
  Dwarf *dw;
  Dwarf_CFI *cfi;
  sc_func *funcs;            /* the shared array; this worker's [lo, hi) */
  size_t lo, hi;
  const uint32_t *sign_first, *sign_count; /* AArch64: each function's points */
  const sign_point *signs;
  const cie_info *cies;      /* the one pass: the CIEs, and each function's */
  const pass_fde *fdes;      /* instructions (NULL: every row from libdw) */
  sc_cfi part;               /* rows, exprs, ops of these functions */
  size_t cap_rows, cap_ops, cap_exprs;
  int oom;
} worker;

static uint8_t sign_state(const worker *w, size_t fi, uint64_t pc) {
  uint8_t s = 0;
  if (!w->signs)
    return 0;
  for (uint32_t i = 0; i < w->sign_count[fi] && w->signs[w->sign_first[fi] + i].at <= pc; i++)
    s = w->signs[w->sign_first[fi] + i].state;
  return s;
}

/* The row of function fi at pc, by libdw, appended: 0 with *rhi where it
 * ends (inside the function); 1 when libdw gives none (f->error says why);
 * -1 when memory ran out (w->oom). */
static int libdw_row(worker *w, size_t fi, uint64_t pc, uint64_t *rhi) {
  sc_func *f = &w->funcs[fi];
  Dwarf_Frame *fr = NULL;
  if (dwarf_cfi_addrframe(w->cfi, pc, &fr) != 0) {
    f->error = "libdw found no row";
    return 1;
  }
  Dwarf_Addr lo, hi;
  bool sig = false;
  int ra = dwarf_frame_info(fr, &lo, &hi, &sig);
  if (ra < 0) {
    free(fr);
    f->error = "libdw gave no frame information";
    return 1;
  }
  *rhi = hi > f->end || hi <= pc ? f->end : hi;
  if (add_row(&w->part, &w->cap_rows, &w->cap_ops, &w->cap_exprs, fr, pc, *rhi, ra, sig,
              sign_state(w, fi, pc)) != 0) {
    free(fr);
    w->oom = 1;
    return -1;
  }
  free(fr);
  return 0;
}

/* Function fi's rows, each by libdw. */
static void libdw_function(worker *w, size_t fi) {
  sc_func *f = &w->funcs[fi];
  uint64_t rhi;
  for (uint64_t pc = f->start; pc < f->end && !f->error; pc = rhi)
    if (libdw_row(w, fi, pc, &rhi) != 0)
      break;
}

/* A row of the pass as add_row makes libdw's (reg_rule: libdw's location
 * expressions for each rule, dwarf_frame_register 0.188). */
static void pass_reg(const pass_state *st, unsigned i, int default_same, sc_reg *out) {
  memset(out, 0, sizeof *out);
  switch (st->rule[i]) {
  case LR_UNSPECIFIED: out->kind = default_same ? SC_R_SAME : SC_R_UNDEF; break;
  case LR_SAME: out->kind = SC_R_SAME; break;
  case LR_OFFSET: out->kind = SC_R_OFFSET; out->offset = (int64_t)st->value[i]; break;
  case LR_VAL_OFFSET: out->kind = SC_R_VAL_OFFSET; out->offset = (int64_t)st->value[i]; break;
  case LR_REGISTER: out->kind = SC_R_REGISTER; out->reg = (uint32_t)st->value[i]; break;
  default: out->kind = SC_R_UNDEF; break; /* LR_UNDEFINED (expressions never come here) */
  }
}

static void pass_row(const pass_state *st, const cie_info *ci, uint64_t lo, uint64_t hi, uint8_t ra_signed,
                     sc_row *r) {
  memset(r, 0, sizeof *r);
  r->start = lo;
  r->end = hi;
  r->signal = ci->signal;
  if (st->cfa == LC_OFFSET) {
    r->cfa_kind = SC_CFA_REG;
    r->cfa_reg = (uint32_t)st->cfa_reg;
    r->cfa_offset = (int64_t)st->cfa_offset;
  } else {
    r->cfa_kind = SC_CFA_NONE; /* undefined, or made invalid (libdw: no CFA) */
  }
  pass_reg(st, 0, ci->default_same, &r->ra);
  pass_reg(st, 1, ci->default_same, &r->fp);
  pass_reg(st, 2, ci->default_same, &r->sp);
  r->ra_signed = ra_signed;
}

/* Whether a state's row has an expression (its row is then libdw's). */
static int pass_has_expr(const pass_state *st) {
  if (st->cfa == LC_EXPR)
    return 1;
  for (unsigned i = 0; i < PASS_REGS; i++)
    if (st->rule[i] == LR_EXPR || st->rule[i] == LR_VAL_EXPR)
      return 1;
  return 0;
}

static int same_reg(const sc_reg *a, const sc_reg *b) {
  return a->kind == b->kind && a->reg == b->reg && a->offset == b->offset;
}
static int same_row(const sc_row *a, const sc_row *b) {
  return a->start == b->start && a->end == b->end && a->cfa_kind == b->cfa_kind &&
         a->cfa_reg == b->cfa_reg && a->cfa_offset == b->cfa_offset && same_reg(&a->ra, &b->ra) &&
         same_reg(&a->fp, &b->fp) && same_reg(&a->sp, &b->sp) && a->ra_signed == b->ra_signed &&
         a->signal == b->signal;
}

/* Function fi's rows by the one pass (its first, and any with an
 * expression, libdw's): 0, or -1 when the pass cannot give exactly
 * libdw's rows (what it added is then the caller's to drop; w->oom when
 * memory ran out).  When libdw gives no row where it is asked, that is
 * the function's end (0, f->error set), as when every row was asked of
 * it: asking again would not give the same answer, as libdw's search for
 * an FDE moves on past a bad entry each time it meets one.  Asking again
 * after an answer is harmless: the FDE found is then in libdw's tree. */
static int pass_function(worker *w, size_t fi) {
  sc_func *f = &w->funcs[fi];
  const pass_fde *pf = &w->fdes[fi];
  const cie_info *ci = &w->cies[pf->cie];
  pass_prog pg;
  pass_state st = ci->initial, stack[PASS_DEPTH];
  unsigned depth = 0;
  int default_same = 0;
  const uint8_t *p = pf->insns;
  uint64_t loc = f->start, pc = f->start;
  memset(&pg, 0, sizeof pg);
  pass_regs(w->e, ci->ra_col, &pg);
  pg.caf = ci->caf;
  pg.daf = ci->daf;
  pg.initial = &ci->initial;
  while (pc < f->end) {
    int r = pass_exec(&pg, &st, stack, &depth, &p, pf->end, &loc, pc, &default_same);
    if (r < 0)
      return -1;
    uint64_t rhi = !r || loc > f->end ? f->end : loc;
    if (pc == f->start || pass_has_expr(&st)) {
      uint64_t lrhi;
      size_t at = w->part.nrows;
      int lr = libdw_row(w, fi, pc, &lrhi);
      if (lr == 1)
        return 0;
      if (lr != 0 || lrhi != rhi)
        return -1;
      if (!pass_has_expr(&st)) { /* the first row: libdw's and the pass's agree */
        sc_row mine;
        pass_row(&st, ci, pc, rhi, sign_state(w, fi, pc), &mine);
        if (!same_row(&mine, &w->part.rows[at]))
          return -1;
      }
    } else {
      if (sc_grow((void **)&w->part.rows, &w->cap_rows, w->part.nrows + 1, sizeof *w->part.rows) != 0) {
        w->oom = 1;
        return -1;
      }
      pass_row(&st, ci, pc, rhi, sign_state(w, fi, pc), &w->part.rows[w->part.nrows++]);
    }
    pc = rhi;
  }
  return 0;
}

static void work(worker *w) {
  w->part.abi = w->e->abi;
  for (size_t fi = w->lo; fi < w->hi && !w->oom; fi++) {
    sc_func *f = &w->funcs[fi];
    f->first_row = (uint32_t)w->part.nrows;
    if (w->fdes && w->fdes[fi].ok && !f->error) {
      size_t nexprs = w->part.nexprs, nops = w->part.nops;
      if (pass_function(w, fi) == 0) {
        f->nrows = (uint32_t)(w->part.nrows - f->first_row);
        continue;
      }
      if (w->oom)
        break;
      /* libdw computes the function instead: what the pass added goes */
      w->part.nrows = f->first_row;
      w->part.nexprs = nexprs;
      w->part.nops = nops;
      f->error = NULL;
    }
    libdw_function(w, fi);
    f->nrows = (uint32_t)(w->part.nrows - f->first_row);
  }
}

static int open_handle(worker *w) {
  if (w->use_debug) {
    w->dw = dwarf_begin_elf(w->e->elf, DWARF_C_READ, NULL);
    w->cfi = w->dw ? dwarf_getcfi(w->dw) : NULL;
  } else {
    w->cfi = dwarf_getcfi_elf(w->e->elf);
  }
  return w->cfi ? 0 : -1;
}

static void close_handle(worker *w) {
  if (w->dw)
    dwarf_end(w->dw);
  else if (w->cfi)
    dwarf_cfi_end(w->cfi);
  w->dw = NULL;
  w->cfi = NULL;
}

/* ---- sc_cfi_read: the section, its FDEs, then their rows ---- */

/* What the FDE pass keeps beside the functions: the section, the CIEs seen
 * so far, and (AArch64) each function's RA signing-state changes. */
typedef struct fde_pass {
  const sc_elf *e;
  const char *want; /* ".eh_frame" or ".debug_frame" */
  int use_debug, aarch64;
  unsigned addr_size;
  Elf_Data *data;
  uint64_t sec_vma;
  GElf_Ehdr eh;
  cie_info *cies;
  size_t ncies, cap_cies, cap_funcs;
  sign_point *signs;
  size_t nsigns, cap_signs;
  uint32_t *sign_first, *sign_count;
  size_t cap_first, cap_count;
  pass_fde *fdes;   /* the one pass: each function's instructions */
  size_t cap_fdes;
  uint64_t advances; /* every function's advance instructions */
} fde_pass;

/* The section named fp->want, its bytes and address. */
static int find_section(fde_pass *fp, char *err, size_t errlen) {
  size_t shstrndx;
  if (elf_getshdrstrndx(fp->e->elf, &shstrndx) != 0)
    return sc_fail(err, errlen, "cannot read the section names: %s", elf_errmsg(-1));
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(fp->e->elf, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh))
      continue;
    const char *n = elf_strptr(fp->e->elf, shstrndx, sh.sh_name);
    if (n && strcmp(n, fp->want) == 0) {
      fp->data = elf_getdata(scn, NULL);
      fp->sec_vma = sh.sh_addr;
      break;
    }
  }
  if (!fp->data || (fp->data->d_size && !fp->data->d_buf))
    return sc_fail(err, errlen, "%s: cannot read it: %s", fp->want, elf_errmsg(-1));
  gelf_getehdr(fp->e->elf, &fp->eh);
  return 0;
}

/* Steps over function f's instructions (the CIE's initial ones, then its
 * own from p, past the augmentation data) before libdw runs them, setting
 * f->error for one libdw must not see; tg gets the RA signing toggles. */
static void step_function(const fde_pass *fp, const cie_info *ci, const uint8_t *p,
                          const uint8_t *end, sc_func *f, toggles *tg) {
  uint64_t auglen = 0, loc = f->start;
  uint8_t st = 0, stack[64];
  unsigned depth = 0;
  int bad = 0, big = fp->e->big_endian;
  memset(tg, 0, sizeof *tg);
  if (ci->aug_z && (read_uleb(&p, end, &auglen) != 0 || auglen > (uint64_t)(end - p)))
    bad = -1;
  else
    p += auglen;
  if (!bad)
    bad = walk_insns(ci->insns, ci->insns_end, ci, big, fp->addr_size, ci->fde_enc, fp->aarch64,
                     &loc, &st, stack, &depth, tg);
  if (!bad)
    bad = walk_insns(p, end, ci, big, fp->addr_size, ci->fde_enc, fp->aarch64, &loc, &st, stack,
                     &depth, tg);
  if (bad == -2)
    f->error = "a register number above 1023 (libdw would keep every register up to it at every row)";
  else if (bad)
    f->error = "an instruction sfcfi cannot step over, or one whose operands run past the FDE's end";
  else if (tg->overflow)
    f->error = "the RA signing state could not be followed";
}

/* AArch64: function fi's signing toggles appended to the pass's. */
static int keep_signs(fde_pass *fp, size_t fi, const toggles *tg) {
  if (sc_grow((void **)&fp->signs, &fp->cap_signs, fp->nsigns + tg->n, sizeof *fp->signs) != 0 ||
      sc_grow((void **)&fp->sign_first, &fp->cap_first, fi + 1, sizeof *fp->sign_first) != 0 ||
      sc_grow((void **)&fp->sign_count, &fp->cap_count, fi + 1, sizeof *fp->sign_count) != 0)
    return -1;
  fp->sign_first[fi] = (uint32_t)fp->nsigns;
  fp->sign_count[fi] = tg->n;
  for (unsigned i = 0; i < tg->n; i++) {
    fp->signs[fp->nsigns].at = tg->at[i];
    fp->signs[fp->nsigns].state = tg->state[i];
    fp->nsigns++;
  }
  return 0;
}

/* The CIE an FDE points to, among those seen (NULL when none). */
static const cie_info *cie_of(const fde_pass *fp, Dwarf_Off pointer) {
  for (size_t i = fp->ncies; i-- > 0;)
    if (fp->cies[i].offset == pointer)
      return &fp->cies[i];
  return NULL;
}

/* One FDE at off: its function appended to out (none for an empty range). */
static int read_fde(fde_pass *fp, const Dwarf_CFI_Entry *ent, Dwarf_Off off, sc_cfi *out,
                    char *err, size_t errlen) {
  const cie_info *ci = cie_of(fp, ent->fde.CIE_pointer);
  const uint8_t *p = ent->fde.start, *end = ent->fde.end;
  uint64_t field = fp->sec_vma + (uint64_t)(p - (const uint8_t *)fp->data->d_buf), start, range;
  int big = fp->e->big_endian;
  toggles tg;
  if (!ci || !ci->valid)
    return sc_fail(err, errlen, "%s: the FDE at offset 0x%llx has %s CIE", fp->want,
                   (unsigned long long)off, ci ? "an augmentation sfcfi does not know in its" : "no");
  if (read_encoded(&p, end, ci->fde_enc, big, fp->addr_size, field, 1, &start) != 0 ||
      read_encoded(&p, end, ci->fde_enc & 0x0f, big, fp->addr_size, 0, 0, &range) != 0)
    return sc_fail(err, errlen, "%s: the FDE at offset 0x%llx has a location sfcfi cannot read (encoding 0x%02x)",
                   fp->want, (unsigned long long)off, ci->fde_enc);
  if (range == 0)
    return 0;
  if (sc_grow((void **)&out->funcs, &fp->cap_funcs, out->nfuncs + 1, sizeof *out->funcs) != 0)
    return sc_fail(err, errlen, "out of memory");
  sc_func *f = &out->funcs[out->nfuncs];
  memset(f, 0, sizeof *f);
  f->start = start;
  f->end = start + range < start ? UINT64_MAX : start + range;
  f->pauth_b = ci->bkey;
  step_function(fp, ci, p, end, f, &tg);
  fp->advances += tg.advances;
  if (fp->aarch64 && keep_signs(fp, out->nfuncs, &tg) != 0)
    return sc_fail(err, errlen, "out of memory");
  if (sc_grow((void **)&fp->fdes, &fp->cap_fdes, out->nfuncs + 1, sizeof *fp->fdes) != 0)
    return sc_fail(err, errlen, "out of memory");
  /* the instructions where libdw (fde.c) starts them: after the
   * augmentation data's length and bytes ('z'); none without 'z', as the
   * pass takes only augmentations that are empty or start with 'z' */
  pass_fde *pf = &fp->fdes[out->nfuncs];
  uint64_t auglen = 0;
  pf->cie = (uint32_t)(ci - fp->cies);
  pf->end = end;
  pf->ok = ci->pass_ok && start + range > start &&
           (!ci->aug_z || (pass_uleb(&p, end, &auglen) == 0 && auglen <= (uint64_t)(end - p)));
  pf->insns = pf->ok ? p + auglen : end;
  out->nfuncs++;
  return 0;
}

/* 1. The FDEs: where each function is, and (AArch64) where its RA signing
 * state changes. */
static int read_fdes(fde_pass *fp, sc_cfi *out, char *err, size_t errlen) {
  for (Dwarf_Off off = 0, next;; off = next) {
    Dwarf_CFI_Entry ent;
    int r = dwarf_next_cfi(fp->eh.e_ident, fp->data, !fp->use_debug, off, &next, &ent);
    if (r > 0)
      return 0;
    if (r < 0)
      return sc_fail(err, errlen, "%s: entry at offset 0x%llx: %s", fp->want, (unsigned long long)off,
                     dwarf_errmsg(-1));
    if (!dwarf_cfi_cie_p(&ent)) {
      if (read_fde(fp, &ent, off, out, err, errlen) != 0)
        return -1;
      continue;
    }
    if (sc_grow((void **)&fp->cies, &fp->cap_cies, fp->ncies + 1, sizeof *fp->cies) != 0)
      return sc_fail(err, errlen, "out of memory");
    cie_encoding(&ent.cie, fp->e->big_endian, fp->addr_size, &fp->cies[fp->ncies]);
    cie_pass(fp->e, &ent.cie, &fp->cies[fp->ncies]);
    fp->cies[fp->ncies++].offset = off;
  }
}

/* 1b. The functions whose range another FDE's overlaps are left to libdw:
 * which FDE its search finds there depends on the order of the questions. */
typedef struct span {
  uint64_t start, end;
  size_t i;
} span;
static int span_by_start(const void *a, const void *b) {
  const span *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}
static int mark_overlaps(fde_pass *fp, const sc_cfi *out) {
  size_t n = out->nfuncs;
  span *s = n ? malloc(n * sizeof *s) : NULL;
  if (n && !s)
    return -1;
  for (size_t i = 0; i < n; i++) {
    s[i].start = out->funcs[i].start;
    s[i].end = out->funcs[i].end;
    s[i].i = i;
  }
  if (n)
    qsort(s, n, sizeof *s, span_by_start);
  uint64_t reach = 0; /* the furthest end before s[k] */
  for (size_t k = 0; k < n; k++) {
    if ((k > 0 && s[k].start < reach) || (k + 1 < n && s[k].end > s[k + 1].start))
      fp->fdes[s[k].i].ok = 0;
    if (s[k].end > reach)
      reach = s[k].end;
  }
  free(s);
  return 0;
}

/* 2. Their rows, by libdw and the one pass, into out. */
static int read_rows(const fde_pass *fp, sc_cfi *out, char *err, size_t errlen) {
  worker w;
  int rc = 0;
  memset(&w, 0, sizeof w);
  w.e = fp->e;
  w.use_debug = fp->use_debug;
  w.funcs = out->funcs;
  w.hi = out->nfuncs;
  w.signs = fp->aarch64 ? fp->signs : NULL;
  w.sign_first = fp->sign_first;
  w.sign_count = fp->sign_count;
  w.cies = fp->cies;
  w.fdes = fp->fdes;
  /* Every row but a function's first starts where an advance instruction
   * of its FDE moves to, so functions + advances bound the rows (unless
   * libdw gives a function another FDE's rows: the array then grows):
   * room for them at once spares the copies of a growing array, unless
   * the bound is very large. */
  size_t bound = out->nfuncs + (size_t)fp->advances;
  if (bound < ((size_t)256 << 20) / sizeof *w.part.rows)
    (void)sc_grow((void **)&w.part.rows, &w.cap_rows, bound, sizeof *w.part.rows);
  if (open_handle(&w) != 0)
    rc = sc_fail(err, errlen, "%s: libdw cannot read it: %s", fp->want, dwarf_errmsg(-1));
  else
    work(&w);
  close_handle(&w);
  if (w.oom && rc == 0)
    rc = sc_fail(err, errlen, "out of memory");
  out->rows = w.part.rows;
  out->nrows = w.part.nrows;
  out->exprs = w.part.exprs;
  out->nexprs = w.part.nexprs;
  out->ops = w.part.ops;
  out->nops = w.part.nops;
  return rc;
}

int sc_cfi_read(const sc_elf *e, int debug_frame, sc_cfi *out, char *err, size_t errlen) {
  fde_pass fp;
  int rc;
  memset(out, 0, sizeof *out);
  memset(&fp, 0, sizeof fp);
  out->abi = e->abi;
  fp.e = e;
  fp.use_debug = debug_frame || !e->has_eh_frame;
  fp.aarch64 = e->machine == EM_AARCH64;
  fp.addr_size = e->elfclass == ELFCLASS64 ? 8 : 4;
  if (fp.use_debug && !e->has_debug_frame)
    return sc_fail(err, errlen, debug_frame ? "no .debug_frame section" : "no CFI: neither .eh_frame nor .debug_frame");
  out->section = fp.want = fp.use_debug ? ".debug_frame" : ".eh_frame";
  if (find_section(&fp, err, errlen) != 0)
    return -1;
  rc = read_fdes(&fp, out, err, errlen);
  if (rc == 0 && mark_overlaps(&fp, out) != 0)
    rc = sc_fail(err, errlen, "out of memory");
  if (rc == 0)
    rc = read_rows(&fp, out, err, errlen);
  free(fp.cies);
  free(fp.fdes);
  free(fp.signs);
  free(fp.sign_first);
  free(fp.sign_count);
  if (rc) {
    sc_cfi_free(out);
    return -1;
  }
  if (out->nfuncs)
    qsort(out->funcs, out->nfuncs, sizeof *out->funcs, by_start);
  return 0;
}

void sc_cfi_free(sc_cfi *c) {
  free(c->funcs);
  free(c->rows);
  free(c->exprs);
  free(c->ops);
  memset(c, 0, sizeof *c);
}

const sc_row *sc_cfi_row_at(const sc_cfi *c, const sc_func *f, uint64_t pc) {
  size_t lo = 0, hi = f->nrows;
  const sc_row *rows = c->rows + f->first_row;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (rows[mid].end <= pc)
      lo = mid + 1;
    else if (rows[mid].start > pc)
      hi = mid;
    else
      return &rows[mid];
  }
  return NULL;
}
