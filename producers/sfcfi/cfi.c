/* SPDX-License-Identifier: MIT */
/* cfi.c - every FDE of a file's CFI, and its rows, as libdw computes them.
 *
 * The FDEs are found by walking the section with dwarf_next_cfi (a CIE's
 * augmentation says how an FDE's initial location is encoded: DWARF 5
 * 6.4.1 and the LSB's .eh_frame pointer encodings).  The rows are libdw's:
 * dwarf_cfi_addrframe at the first address of the function gives the row
 * there and, with dwarf_frame_info, the address it ends at; the next row is
 * asked for at that address, until the function ends.  The rules are what
 * dwarf_frame_cfa and dwarf_frame_register say, turned from libdw's
 * location expressions back into CFI rules (sc_rule_kind). */
#include "sc_cfi.h"

#include <dwarf.h>
#include <elf.h>
#include <elfutils/libdw.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- pointer encodings (DW_EH_PE_*) ---- */
typedef struct cie_info {
  uint64_t offset;   /* the CIE's offset in the section */
  uint8_t fde_enc;   /* 'R' (absptr when none) */
  uint8_t valid;     /* the augmentation was understood */
  uint8_t aug_z;     /* FDEs carry augmentation data ('z') */
  uint8_t bkey;      /* 'B': AArch64 return addresses signed with key B */
  uint64_t caf;      /* code alignment factor */
  const uint8_t *insns, *insns_end; /* the initial instructions */
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
      break;
    case DW_CFA_advance_loc1:
      if (end - p < 1) return -1;
      *loc += (uint64_t)p[0] * ci->caf; p += 1; break;
    case DW_CFA_advance_loc2:
      if (end - p < 2) return -1;
      *loc += sc_get(p, 2, big) * ci->caf; p += 2; break;
    case DW_CFA_advance_loc4:
      if (end - p < 4) return -1;
      *loc += sc_get(p, 4, big) * ci->caf; p += 4; break;
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

static void work(worker *w) {
  w->part.abi = w->e->abi;
  for (size_t fi = w->lo; fi < w->hi && !w->oom; fi++) {
    sc_func *f = &w->funcs[fi];
    f->first_row = (uint32_t)w->part.nrows;
    for (uint64_t pc = f->start; pc < f->end && !f->error;) {
      Dwarf_Frame *fr = NULL;
      if (dwarf_cfi_addrframe(w->cfi, pc, &fr) != 0) {
        f->error = "libdw found no row";
        break;
      }
      Dwarf_Addr lo, hi;
      bool sig = false;
      int ra = dwarf_frame_info(fr, &lo, &hi, &sig);
      if (ra < 0) {
        free(fr);
        f->error = "libdw gave no frame information";
        break;
      }
      uint64_t rhi = hi > f->end || hi <= pc ? f->end : hi;
      if (add_row(&w->part, &w->cap_rows, &w->cap_ops, &w->cap_exprs, fr, pc, rhi, ra, sig,
                  sign_state(w, fi, pc)) != 0) {
        free(fr);
        w->oom = 1;
        break;
      }
      free(fr);
      pc = rhi;
    }
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
  if (fp->aarch64 && keep_signs(fp, out->nfuncs, &tg) != 0)
    return sc_fail(err, errlen, "out of memory");
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
    fp->cies[fp->ncies++].offset = off;
  }
}

/* 2. Their rows, by libdw, into out. */
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
  /* Every row but a function's first starts at an advance instruction
   * (at least a byte), so functions + section bytes bound the rows: room
   * for them at once (untouched pages cost nothing) spares the copies of
   * a growing array, unless the bound is very large. */
  size_t bound = out->nfuncs + fp->data->d_size;
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
  free(fp.cies);
  if (rc == 0)
    rc = read_rows(&fp, out, err, errlen);
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
