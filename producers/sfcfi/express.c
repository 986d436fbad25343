/* SPDX-License-Identifier: MIT */
/* express.c - a CFI row as SFrame rules, or the reason SFrame cannot hold it.
 *
 * What each version and ABI can say (SFrame v2 section 2.4 and 3, v3
 * sections 2.4, 3.1 and 3.2; SPEC-NOTES "CFI against SFrame"):
 *   CFA   SP or FP plus an offset (default FDEs, every version); on s390x
 *         the offset is 160 + 8k.  Version 3's flexible FDEs also take any
 *         register and a dereferenced CFA (*(reg + offset)).
 *   RA    AMD64: at CFA + the header's fixed offset (-8); AArch64 and
 *         s390x: still in its register, or at CFA + offset; s390x version 2
 *         also in another register.  Flexible FDEs: at CFA + n, CFA + n
 *         itself, in a register (plus n), at register + n.  Undefined (the
 *         outermost frame): versions 2 and 3 only.
 *   FP    unchanged, or at CFA + offset (AArch64: only when RA is saved
 *         too); s390x version 2 also in a register; flexible FDEs as RA.
 *   A signal frame is a version 3 FDE bit; versions 1 and 2 cannot mark it.
 * An expression is evaluated where it is a sum of a register and constants
 * the PC decides (the x86-64 PLT's CFA: rsp + 8 + ((rip & 15) >= 11) << 3,
 * DWARF 5 6.4.2 via the LSB), so that it can be compared at each address. */
#include "sc_express.h"

#include <dwarf.h>
#include <string.h>

static const char *const reason_names[SC_REASON_COUNT] = {
    [SC_OK] = "ok",
    [SC_NO_CFA] = "cfa-undefined",
    [SC_R_CFA_EXPR] = "cfa-expression",
    [SC_R_CFA_REG] = "cfa-other-register",
    [SC_CFA_OFFSET] = "cfa-offset-range",
    [SC_RA_EXPR] = "ra-expression",
    [SC_RA_RULE] = "ra-rule",
    [SC_RA_UNDEF] = "ra-undefined",
    [SC_FP_EXPR] = "fp-expression",
    [SC_FP_RULE] = "fp-rule",
    [SC_SIGNAL] = "signal-frame",
    [SC_RA_SIGNED] = "ra-signed",
    [SC_OFFSET_RANGE] = "offset-range",
    [SC_CFI_ERROR] = "cfi-error",
    [SC_OVERLAP] = "overlap",
    [SC_SIZE] = "size-range",
    [SC_START_RANGE] = "start-range",
    [SC_SP_RULE] = "sp-rule",
};

const char *sc_reason_name(sc_reason r) {
  return (unsigned)r < SC_REASON_COUNT ? reason_names[r] : "?";
}

/* The check's class for an SFrame row where the CFI says what SFrame
 * cannot: "covers-" and the reason. */
static const char *const covers_names[SC_REASON_COUNT] = {
    [SC_OK] = "covers-ok",
    [SC_NO_CFA] = "covers-cfa-undefined",
    [SC_R_CFA_EXPR] = "covers-cfa-expression",
    [SC_R_CFA_REG] = "covers-cfa-other-register",
    [SC_CFA_OFFSET] = "covers-cfa-offset-range",
    [SC_RA_EXPR] = "covers-ra-expression",
    [SC_RA_RULE] = "covers-ra-rule",
    [SC_RA_UNDEF] = "covers-ra-undefined",
    [SC_FP_EXPR] = "covers-fp-expression",
    [SC_FP_RULE] = "covers-fp-rule",
    [SC_SIGNAL] = "covers-signal-frame",
    [SC_RA_SIGNED] = "covers-ra-signed",
    [SC_OFFSET_RANGE] = "covers-offset-range",
    [SC_CFI_ERROR] = "covers-cfi-error",
    [SC_OVERLAP] = "covers-overlap",
    [SC_SIZE] = "covers-size-range",
    [SC_START_RANGE] = "covers-start-range",
    [SC_SP_RULE] = "covers-sp-rule",
};

const char *sc_covers_name(sc_reason r) {
  return (unsigned)r < SC_REASON_COUNT ? covers_names[r] : "covers-?";
}

/* ---- a small evaluator: values are constants or register + constant ---- */
typedef struct val {
  uint8_t kind; /* 0 constant, 1 reg + k, 2 *(reg + k), 3 CFA + k */
  uint32_t reg;
  int64_t k;
} val;

static uint32_t pc_reg(uint8_t abi) {
  return abi == SFR_ABI_AMD64_LE ? 16 : abi == SFR_ABI_S390X_BE ? 65 /* none */ : 32;
}

/* DWARF arithmetic wraps (the stack holds address-sized values, DWARF 5
 * 2.5.1): computed on unsigned values, never a signed overflow. */
static int64_t wrap_add(int64_t a, int64_t b) {
  return (int64_t)((uint64_t)a + (uint64_t)b);
}
static int64_t wrap_sub(int64_t a, int64_t b) {
  return (int64_t)((uint64_t)a - (uint64_t)b);
}

/* A register's value plus off, at pc (the PC's own register is pc). */
static val reg_plus(const sc_cfi *c, uint32_t reg, uint64_t off, uint64_t pc) {
  val v = {0, 0, 0};
  if (reg == pc_reg(c->abi)) {
    v.k = (int64_t)(pc + off);
  } else {
    v.kind = 1;
    v.reg = reg;
    v.k = (int64_t)off;
  }
  return v;
}

/* A binary operation on two constants (DWARF 5 2.5.1.4). */
static int64_t const_op(uint8_t a, int64_t x, int64_t y) {
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
  switch (a) {
  case DW_OP_and: return (int64_t)(ux & uy);
  case DW_OP_or: return (int64_t)(ux | uy);
  case DW_OP_xor: return (int64_t)(ux ^ uy);
  case DW_OP_shl: return uy < 64 ? (int64_t)(ux << uy) : 0;
  case DW_OP_shr: return uy < 64 ? (int64_t)(ux >> uy) : 0;
  case DW_OP_shra: return uy < 64 ? (x < 0 ? (int64_t)~(~ux >> uy) : (int64_t)(ux >> uy)) : (x < 0 ? -1 : 0);
  case DW_OP_mul: return (int64_t)(ux * uy);
  case DW_OP_ge: return x >= y;
  case DW_OP_gt: return x > y;
  case DW_OP_le: return x <= y;
  case DW_OP_lt: return x < y;
  case DW_OP_eq: return x == y;
  default: return x != y;
  }
}

/* 0 and the top of the stack, or -1 when the expression is not of the
 * forms above. */
static int eval(const sc_cfi *c, uint32_t expr, uint64_t pc, int in_rule, val *out) {
  val st[16];
  int sp = 0;
  const sc_op *ops = c->ops + c->exprs[expr].first;
  uint32_t n = c->exprs[expr].count;
  if (n && ops[n - 1].atom == DW_OP_stack_value)
    n--;
#define PUSH(v) do { val t_ = (v); if (sp >= 16) return -1; st[sp] = t_; sp++; } while (0)
#define NEED(m) do { if (sp < (m)) return -1; } while (0)
  for (uint32_t i = 0; i < n; i++) {
    uint8_t a = ops[i].atom;
    val v = {0, 0, 0};
    if (a >= DW_OP_lit0 && a <= DW_OP_lit31) {
      v.k = a - DW_OP_lit0;
      PUSH(v);
    } else if (a >= DW_OP_breg0 && a <= DW_OP_breg31) {
      PUSH(reg_plus(c, (uint32_t)(a - DW_OP_breg0), ops[i].number, pc));
    } else if (a == DW_OP_bregx) {
      PUSH(reg_plus(c, (uint32_t)ops[i].number, ops[i].number2, pc));
    } else if (a == DW_OP_const1u || a == DW_OP_const2u || a == DW_OP_const4u || a == DW_OP_const8u ||
               a == DW_OP_constu || a == DW_OP_const1s || a == DW_OP_const2s || a == DW_OP_const4s ||
               a == DW_OP_const8s || a == DW_OP_consts) {
      v.k = (int64_t)ops[i].number;
      PUSH(v);
    } else if (a == DW_OP_call_frame_cfa) {
      if (!in_rule)
        return -1; /* a CFA defined through itself */
      v.kind = 3;
      PUSH(v);
    } else if (a == DW_OP_plus_uconst) {
      NEED(1);
      st[sp - 1].k = wrap_add(st[sp - 1].k, (int64_t)ops[i].number);
      if (st[sp - 1].kind == 2)
        return -1;
    } else if (a == DW_OP_dup) {
      NEED(1);
      PUSH(st[sp - 1]);
    } else if (a == DW_OP_drop) {
      NEED(1);
      sp--;
    } else if (a == DW_OP_swap) {
      NEED(2);
      val t = st[sp - 1];
      st[sp - 1] = st[sp - 2];
      st[sp - 2] = t;
    } else if (a == DW_OP_over) {
      NEED(2);
      PUSH(st[sp - 2]);
    } else if (a == DW_OP_deref) {
      NEED(1);
      if (st[sp - 1].kind != 1)
        return -1;
      st[sp - 1].kind = 2;
    } else if (a == DW_OP_plus || a == DW_OP_minus) {
      NEED(2);
      val y = st[--sp], *x = &st[sp - 1];
      if (y.kind == 0 && (x->kind == 1 || x->kind == 3))
        x->k = a == DW_OP_plus ? wrap_add(x->k, y.k) : wrap_sub(x->k, y.k);
      else if (a == DW_OP_plus && x->kind == 0 && (y.kind == 1 || y.kind == 3)) {
        y.k = wrap_add(y.k, x->k);
        *x = y;
      } else if (x->kind == 0 && y.kind == 0)
        x->k = a == DW_OP_plus ? wrap_add(x->k, y.k) : wrap_sub(x->k, y.k);
      else
        return -1;
    } else if (a == DW_OP_and || a == DW_OP_or || a == DW_OP_xor || a == DW_OP_shl || a == DW_OP_shr ||
               a == DW_OP_shra || a == DW_OP_mul || a == DW_OP_ge || a == DW_OP_gt || a == DW_OP_le ||
               a == DW_OP_lt || a == DW_OP_eq || a == DW_OP_ne) {
      NEED(2);
      val y = st[--sp], *x = &st[sp - 1];
      if (x->kind || y.kind)
        return -1;
      x->k = const_op(a, x->k, y.k);
    } else {
      return -1;
    }
  }
#undef PUSH
#undef NEED
  /* A register rule's expression starts with the CFA pushed; what is left
   * beneath its result is not read. */
  if (sp < 1 || (!in_rule && sp != 1))
    return -1;
  *out = st[sp - 1];
  return 0;
}

static int is_aarch64(uint8_t abi) {
  return abi == SFR_ABI_AARCH64_LE || abi == SFR_ABI_AARCH64_BE;
}
static int fits32(int64_t v) {
  return v >= INT32_MIN && v <= INT32_MAX;
}

/* One saved register (RA or FP) as an SFrame rule.  is_ra picks the
 * reasons.  *flex set when only a flexible FDE holds it. */
static sc_reason reg_express(const sc_cfi *c, const sc_reg *g, uint64_t pc, int is_ra, uint8_t version,
                             sfr_reg_rule *out, uint8_t *flex, uint8_t *outermost) {
  uint8_t abi = c->abi;
  sc_reason rule_reason = is_ra ? SC_RA_RULE : SC_FP_RULE;
  sc_reason expr_reason = is_ra ? SC_RA_EXPR : SC_FP_EXPR;
  memset(out, 0, sizeof *out);
  switch (g->kind) {
  case SC_R_SAME:
    if (is_ra && abi == SFR_ABI_AMD64_LE)
      return SC_RA_RULE; /* AMD64's RA is never in a register */
    out->kind = SFR_RULE_UNCHANGED;
    return SC_OK;
  case SC_R_UNDEF:
    if (!is_ra)
      return SC_FP_RULE;
    if (!sfr_has_outermost(version))
      return SC_RA_UNDEF;
    *outermost = 1;
    return SC_OK;
  case SC_R_OFFSET:
    if (!fits32(g->offset))
      return SC_OFFSET_RANGE;
    out->kind = SFR_RULE_AT_CFA;
    out->offset = g->offset;
    if (is_ra && abi == SFR_ABI_AMD64_LE && g->offset != -8) {
      if (!sfr_has_flex_fde(version))
        return SC_RA_RULE;
      *flex = 1;
    }
    if (abi == SFR_ABI_S390X_BE && (g->offset & 1))
      return SC_OFFSET_RANGE; /* an odd word names a register (v2 section 3.1.3) */
    return SC_OK;
  case SC_R_VAL_OFFSET:
    if (!sfr_has_flex_fde(version))
      return rule_reason;
    if (!fits32(g->offset))
      return SC_OFFSET_RANGE;
    out->kind = SFR_RULE_VAL_CFA;
    out->offset = g->offset;
    *flex = 1;
    return SC_OK;
  case SC_R_REGISTER:
    out->kind = SFR_RULE_REG;
    out->reg = g->reg;
    if (abi == SFR_ABI_S390X_BE && sfr_s390x_regnum_words(version))
      return SC_OK;
    if (!sfr_has_flex_fde(version))
      return rule_reason;
    *flex = 1;
    return SC_OK;
  case SC_R_EXPR:
  case SC_R_VAL_EXPR: {
    /* register + k or CFA + k: flexible FDEs say it (at / in a register,
     * at / at an offset from the CFA); anything else SFrame cannot. */
    val v;
    if (eval(c, g->expr, pc, 1, &v) != 0 || v.kind == 0 || v.kind == 2 || !fits32(v.k))
      return expr_reason;
    int value = g->kind == SC_R_VAL_EXPR;
    if (v.kind == 3) {
      sc_reg plain = {value ? SC_R_VAL_OFFSET : SC_R_OFFSET, 0, v.k, 0};
      return reg_express(c, &plain, pc, is_ra, version, out, flex, outermost);
    }
    if (!sfr_has_flex_fde(version))
      return expr_reason;
    out->kind = value ? SFR_RULE_REG : SFR_RULE_AT_REG;
    out->reg = v.reg;
    out->offset = v.k;
    *flex = 1;
    return SC_OK;
  }
  }
  return rule_reason;
}

/* Whether the row's SP column says what SFrame assumes: the caller's SP is
 * the CFA (s390x: the CFA - 160, v3 3.1.3 SFRAME_S390X_SP_VAL_OFFSET). */
static int sp_is_cfa(uint8_t abi, const sc_row *r, uint32_t sp_reg) {
  int64_t want = abi == SFR_ABI_S390X_BE ? SFR_S390X_SP_VAL_OFFSET : 0;
  switch (r->sp.kind) {
  case SC_R_VAL_OFFSET:
    return r->sp.offset == want;
  case SC_R_UNDEF:
    return 1; /* no rule: the convention */
  case SC_R_SAME:
    /* libdw's initial rule for s390x's r15 (the ABI's convention); an
     * explicit same_value elsewhere says it only where the CFA is SP + 0 */
    return abi == SFR_ABI_S390X_BE ||
           (r->cfa_kind == SC_CFA_REG && r->cfa_reg == sp_reg && r->cfa_offset == 0);
  case SC_R_OFFSET:
  case SC_R_REGISTER:
    /* s390x's prologue saves r15 with r6-r14 in the register save area
     * (stmg %r6,%r15,48(%r15): r15 at CFA - 40), or a leaf keeps it in a
     * floating-point register: the value kept is the caller's SP, which
     * is the CFA - 160 by the ABI, as SFrame computes it.  Elsewhere an SP
     * saved or held in another register is a stack switch (glibc's
     * __longjmp: SP in r8) SFrame cannot follow. */
    return abi == SFR_ABI_S390X_BE;
  default:
    return 0;
  }
}

/* Whether expression expr reads the PC's register (reg_plus: the only
 * place eval uses pc). */
static int expr_reads_pc(const sc_cfi *c, uint32_t expr) {
  const sc_op *ops = c->ops + c->exprs[expr].first;
  uint32_t pcr = pc_reg(c->abi);
  for (uint32_t i = 0; i < c->exprs[expr].count; i++) {
    uint8_t a = ops[i].atom;
    if ((a >= DW_OP_breg0 && a <= DW_OP_breg31 && (uint32_t)(a - DW_OP_breg0) == pcr) ||
        (a == DW_OP_bregx && ops[i].number == pcr))
      return 1;
  }
  return 0;
}

int sc_row_reads_pc(const sc_cfi *c, const sc_row *r) {
  return (r->cfa_kind == SC_CFA_EXPR && expr_reads_pc(c, r->cfa_expr)) ||
         ((r->ra.kind == SC_R_EXPR || r->ra.kind == SC_R_VAL_EXPR) && expr_reads_pc(c, r->ra.expr)) ||
         ((r->fp.kind == SC_R_EXPR || r->fp.kind == SC_R_VAL_EXPR) && expr_reads_pc(c, r->fp.expr));
}

void sc_express(const sc_cfi *c, const sc_func *f, const sc_row *r, uint64_t pc, uint8_t version,
                sc_want *out) {
  (void)f;
  memset(out, 0, sizeof *out);
  uint8_t abi = c->abi;
  uint32_t sp_reg = sfr_abi_sp_reg(abi), fp_reg = sfr_abi_fp_reg(abi);
  sfr_rules *ru = &out->rules;
  out->signal = r->signal;
  /* CFA */
  uint32_t reg = r->cfa_reg;
  int64_t off = r->cfa_offset;
  uint8_t deref = 0;
  if (r->cfa_kind == SC_CFA_NONE) {
    out->reason = SC_NO_CFA;
    return;
  }
  if (r->cfa_kind == SC_CFA_EXPR) {
    val v;
    if (eval(c, r->cfa_expr, pc, 0, &v) != 0 || v.kind == 0 || v.kind == 3) {
      out->reason = SC_R_CFA_EXPR;
      return;
    }
    reg = v.reg;
    off = v.k;
    deref = v.kind == 2;
  }
  ru->cfa.reg = reg;
  ru->cfa.offset = off;
  ru->cfa.deref = deref;
  ru->cfa.base = reg == sp_reg ? SFR_BASE_SP : reg == fp_reg ? SFR_BASE_FP : SFR_BASE_REG;
  if (!fits32(off)) {
    out->reason = SC_CFA_OFFSET;
    return;
  }
  if (abi == SFR_ABI_S390X_BE && ((off - 160) % 8) != 0) {
    out->reason = SC_CFA_OFFSET;
    return;
  }
  if (ru->cfa.base == SFR_BASE_REG || deref) {
    if (!sfr_has_flex_fde(version)) {
      out->reason = deref ? SC_R_CFA_EXPR : SC_R_CFA_REG;
      return;
    }
    out->flex = 1;
  }
  /* The caller's SP: SFrame has no word for it, it is the CFA (v3
   * appendix A; s390x the CFA - 160).  The ABI's own rule (libdw's initial
   * rules: val_offset(SP, 0); s390x same_value) and no rule say that.
   * Anything else (SP in another register, saved on the stack, an
   * expression) no version can express. */
  if (!sp_is_cfa(abi, r, sp_reg)) {
    out->reason = SC_SP_RULE;
    return;
  }
  /* RA, then FP */
  sc_reason why = reg_express(c, &r->ra, pc, 1, version, &ru->ra, &out->flex, &ru->outermost);
  if (why != SC_OK) {
    out->reason = why;
    return;
  }
  if (ru->outermost) {
    /* An outermost row says nothing else (v2 section 2.4.2, v3 3.3). */
    memset(ru, 0, sizeof *ru);
    ru->outermost = 1;
    ru->ra.kind = SFR_RULE_UNDEFINED;
  } else {
    why = reg_express(c, &r->fp, pc, 0, version, &ru->fp, &out->flex, &ru->outermost);
    if (why != SC_OK) {
      out->reason = why;
      return;
    }
    /* AArch64 default FDEs keep FP only after RA ([CFA, RA, FP]). */
    if (is_aarch64(abi) && ru->fp.kind != SFR_RULE_UNCHANGED && ru->ra.kind == SFR_RULE_UNCHANGED) {
      if (!sfr_has_flex_fde(version)) {
        out->reason = SC_FP_RULE;
        return;
      }
      out->flex = 1;
    }
  }
  if (r->ra_signed) {
    if (!is_aarch64(abi)) {
      out->reason = SC_RA_SIGNED;
      return;
    }
    ru->ra_mangled = 1;
  }
  if (r->signal && !sfr_has_fde_attr(version)) {
    out->reason = SC_SIGNAL;
    return;
  }
}

void sc_resolve(const sfr_section *sec, sfr_rules *r) {
  uint8_t abi = sec->abi;
  if (r->outermost) {
    memset(r, 0, sizeof *r);
    r->outermost = 1;
    r->ra.kind = SFR_RULE_UNDEFINED;
    return;
  }
  if (r->cfa.base == SFR_BASE_SP)
    r->cfa.reg = sfr_abi_sp_reg(abi);
  else if (r->cfa.base == SFR_BASE_FP)
    r->cfa.reg = sfr_abi_fp_reg(abi);
  sfr_reg_rule *g[2] = {&r->ra, &r->fp};
  int fixed[2] = {sec->fixed_ra_offset, sec->fixed_fp_offset};
  for (int i = 0; i < 2; i++) {
    if (g[i]->kind == SFR_RULE_FIXED) {
      g[i]->kind = SFR_RULE_AT_CFA;
      g[i]->offset = fixed[i];
    }
    if (g[i]->kind == SFR_RULE_UNCHANGED || g[i]->kind == SFR_RULE_UNDEFINED) {
      g[i]->offset = 0;
      g[i]->reg = 0;
    }
    if (g[i]->kind != SFR_RULE_REG && g[i]->kind != SFR_RULE_AT_REG)
      g[i]->reg = 0;
    g[i]->not_saved = 0;
  }
  if (abi != SFR_ABI_AARCH64_LE && abi != SFR_ABI_AARCH64_BE)
    r->ra_mangled = 0;
}

static int reg_equal(const sfr_reg_rule *a, const sfr_reg_rule *b) {
  return a->kind == b->kind && a->reg == b->reg && a->offset == b->offset;
}

int sc_rules_equal(const sfr_rules *a, const sfr_rules *b) {
  if (a->outermost || b->outermost)
    return a->outermost == b->outermost;
  return a->cfa.reg == b->cfa.reg && a->cfa.offset == b->cfa.offset && a->cfa.deref == b->cfa.deref &&
         reg_equal(&a->ra, &b->ra) && reg_equal(&a->fp, &b->fp) && a->ra_mangled == b->ra_mangled;
}

static int reg_text(char *buf, size_t len, const sfr_reg_rule *g) {
  switch (g->kind) {
  case SFR_RULE_UNCHANGED: return snprintf(buf, len, "u");
  case SFR_RULE_AT_CFA: return snprintf(buf, len, "[cfa%+lld]", (long long)g->offset);
  case SFR_RULE_VAL_CFA: return snprintf(buf, len, "cfa%+lld", (long long)g->offset);
  case SFR_RULE_REG: return snprintf(buf, len, "r%u%+lld", g->reg, (long long)g->offset);
  case SFR_RULE_AT_REG: return snprintf(buf, len, "[r%u%+lld]", g->reg, (long long)g->offset);
  case SFR_RULE_UNDEFINED: return snprintf(buf, len, "undefined");
  default: return snprintf(buf, len, "fixed%+lld", (long long)g->offset);
  }
}

void sc_rules_text(uint8_t abi, const sfr_rules *r, char *buf, size_t len) {
  if (r->outermost) {
    snprintf(buf, len, "outermost");
    return;
  }
  char cfa[48], ra[48], fp[48];
  const char *base = r->cfa.reg == sfr_abi_sp_reg(abi) ? "sp" : r->cfa.reg == sfr_abi_fp_reg(abi) ? "fp" : NULL;
  if (base)
    snprintf(cfa, sizeof cfa, "%s%s%+lld%s", r->cfa.deref ? "[" : "", base, (long long)r->cfa.offset,
             r->cfa.deref ? "]" : "");
  else
    snprintf(cfa, sizeof cfa, "%sr%u%+lld%s", r->cfa.deref ? "[" : "", r->cfa.reg, (long long)r->cfa.offset,
             r->cfa.deref ? "]" : "");
  reg_text(ra, sizeof ra, &r->ra);
  reg_text(fp, sizeof fp, &r->fp);
  snprintf(buf, len, "cfa=%s ra=%s fp=%s%s", cfa, ra, fp, r->ra_mangled ? " ra-signed" : "");
}
