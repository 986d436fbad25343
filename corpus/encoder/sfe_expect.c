/* SPDX-License-Identifier: MIT */
/* sfe_expect.c - what the oracle must print for a model, computed from the
 * model alone: the canonical JSON of `sfref dump --json` (decoder/JSON.md)
 * and the objects of `sfref lookup --json`.  Only meaningful for models
 * sfe_encode accepts. */
#include <inttypes.h>
#include <string.h>

#include "sfe_internal.h"

static void reg_rule_json(FILE *out, const sfr_reg_rule *r) {
  static const char *names[] = {"unchanged", "at-cfa", "fixed", "val-cfa",
                                "reg", "at-reg", "undefined"};
  int has_reg = r->kind == SFR_RULE_REG || r->kind == SFR_RULE_AT_REG;
  int64_t off = (r->kind == SFR_RULE_UNCHANGED || r->kind == SFR_RULE_UNDEFINED) ? 0 : r->offset;
  fprintf(out, "{\"rule\":\"%s\",\"reg\":%" PRIu32 ",\"offset\":%" PRId64 "}",
          r->kind <= SFR_RULE_UNDEFINED ? names[r->kind] : "unknown", has_reg ? r->reg : 0u, off);
}

static void row_rules_json(FILE *out, const sfe_model *m, const sfe_func *f, const sfe_row *row) {
  const sfr_rules *r = &row->rules;
  uint32_t reg;
  const char *base;
  if (r->outermost) {
    fprintf(out,
            "{\"cfa\":null,\"ra\":{\"rule\":\"undefined\",\"reg\":0,\"offset\":0},"
            "\"fp\":{\"rule\":\"unchanged\",\"reg\":0,\"offset\":0},\"ra_mangled\":%s}",
            r->ra_mangled ? "true" : "false");
    return;
  }
  reg = sfe_cfa_base_reg(m->abi, &r->cfa);
  /* A flexible CFA names a register; the ABI's SP and FP show as such. */
  base = reg == sfe_dwarf_sp(m->abi) ? "sp" : reg == sfe_dwarf_fp(m->abi) ? "fp" : "reg";
  (void)f;
  fprintf(out, "{\"cfa\":{\"base\":\"%s\",\"reg\":%" PRIu32 ",\"offset\":%" PRId64
               ",\"deref\":%s},\"ra\":",
          base, reg, r->cfa.offset, r->cfa.deref ? "true" : "false");
  reg_rule_json(out, &r->ra);
  fputs(",\"fp\":", out);
  reg_rule_json(out, &r->fp);
  fprintf(out, ",\"ra_mangled\":%s}", r->ra_mangled ? "true" : "false");
}

void sfe_expected_json(const sfe_model *m, FILE *out) {
  static const char *flag_names[3] = {"FDE_SORTED", "FRAME_POINTER", "FDE_FUNC_START_PCREL"};
  static const char *types[3] = {"addr1", "addr2", "addr4"};
  uint64_t num_fres = 0;
  uint32_t i, j;
  unsigned b;
  int first = 1;

  for (i = 0; i < m->nfuncs; i++)
    num_fres += m->funcs[i].nrows;
  fprintf(out,
          "{\"schema\":\"sframe-conformance/dump/1\",\"version\":%u,\"endian\":\"%s\","
          "\"abi\":\"%s\",\"flags\":[",
          m->version, m->big_endian ? "big" : "little", sfe_abi_name(m->abi));
  for (b = 0; b < 3; b++)
    if (m->flags & (1u << b)) {
      fprintf(out, "%s\"%s\"", first ? "" : ",", flag_names[b]);
      first = 0;
    }
  fprintf(out,
          "],\"flags_raw\":%u,\"fixed_fp_offset\":%d,\"fixed_ra_offset\":%d,"
          "\"auxhdr_len\":%u,\"num_fdes\":%" PRIu32 ",\"num_fres\":%" PRIu64 ",\"functions\":[",
          m->flags, m->fixed_fp_offset, m->fixed_ra_offset, m->auxhdr_len, m->nfuncs, num_fres);
  for (i = 0; i < m->nfuncs; i++) {
    const sfe_func *f = &m->funcs[i];
    uint8_t t = sfe_func_fre_type(f);
    fprintf(out,
            "%s{\"index\":%" PRIu32 ",\"start\":\"0x%" PRIx64 "\",\"size\":%" PRIu32
            ",\"pc_type\":\"%s\",\"rep_size\":%u,\"fde_type\":\"%s\",\"fre_type\":\"%s\","
            "\"pauth_key\":\"%s\",\"signal\":%s,\"num_fres\":%" PRIu32 ",\"fres\":[",
            i ? "," : "", i, f->start, f->size, f->pc_type == SFR_PCTYPE_MASK ? "mask" : "inc",
            sfr_has_rep_size(m->version) ? f->rep_size : 0u,
            f->fde_type == SFR_FDE_TYPE_FLEX ? "flex" : "default", t <= 2 ? types[t] : "unknown",
            f->pauth_key ? "B" : "A", (sfr_has_fde_attr(m->version) && f->signal) ? "true" : "false",
            f->nrows);
    for (j = 0; j < f->nrows; j++) {
      fprintf(out, "%s{\"start\":%" PRIu32 ",\"rules\":", j ? "," : "", f->rows[j].start);
      row_rules_json(out, m, f, &f->rows[j]);
      fputc('}', out);
    }
    fputs("]}", out);
  }
  fputs("]}\n", out);
}

/* ---- lookups ---- */

static int covers(const sfe_func *f, uint64_t pc) {
  return pc >= f->start && pc - f->start < f->size;
}

/* Whether a lookup may binary-search: the sorted flag, and the FDEs in
 * order without duplicates or overlaps (SPEC-NOTES N12). */
static int order_verified(const sfe_model *m) {
  uint64_t max_end = 0;
  uint32_t i;
  if (!(m->flags & SFR_F_FDE_SORTED))
    return 0;
  for (i = 0; i < m->nfuncs; i++) {
    const sfe_func *f = &m->funcs[i];
    uint64_t end = f->size > UINT64_MAX - f->start ? UINT64_MAX : f->start + f->size;
    if (i > 0) {
      const sfe_func *p = &m->funcs[i - 1];
      if (f->start < p->start)
        return 0;
      if (f->start == p->start && f->size == p->size)
        return 0;
      if (f->start < max_end)
        return 0;
    }
    if (end > max_end)
      max_end = end;
  }
  return 1;
}

/* The function a PC falls in, or -1. */
static long find_func(const sfe_model *m, uint64_t pc) {
  uint32_t i;
  if (order_verified(m)) {
    /* the last function whose start <= pc, if it covers the pc */
    uint32_t lo = 0, hi = m->nfuncs;
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (m->funcs[mid].start <= pc)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo > 0 && covers(&m->funcs[lo - 1], pc) ? (long)(lo - 1) : -1;
  }
  for (i = 0; i < m->nfuncs; i++)
    if (covers(&m->funcs[i], pc))
      return (long)i;
  return -1;
}

sfr_lookup_status sfe_expected_find(const sfe_model *m, uint64_t pc, sfr_pc_mode mode, long *fde,
                                    long *fre) {
  uint64_t q = pc, off;
  const sfe_func *f;
  uint32_t j;

  *fde = *fre = -1;
  if (mode == SFR_PC_RA) {
    if (pc == 0)
      return SFR_LOOKUP_NO_FDE;
    q = pc - 1; /* a return address belongs to the call before it */
  }
  *fde = find_func(m, q);
  if (*fde < 0)
    return SFR_LOOKUP_NO_FDE;
  f = &m->funcs[*fde];
  off = q - f->start;
  if (f->pc_type == SFR_PCTYPE_MASK && sfr_has_rep_size(m->version)) {
    if (f->rep_size == 0)
      return SFR_LOOKUP_BAD_DATA;
    off %= f->rep_size;
  }
  /* the last row before the first row starting past the offset */
  for (j = 0; j < f->nrows && f->rows[j].start <= off; j++)
    *fre = (long)j;
  /* Version 1 records no repeat size: the row is the last one at or below
   * off % R for some unknown R >= 1 (SPEC-NOTES N14).  Certain only when no
   * row starts at or below off (then none at or below off % R either), or
   * when off is inside the first row and that row starts at 0 (then so is
   * off % R). */
  if (f->pc_type == SFR_PCTYPE_MASK && !sfr_has_rep_size(m->version) && *fre >= 0 &&
      !(*fre == 0 && f->rows[0].start == 0)) {
    *fre = -1;
    return SFR_LOOKUP_REP_SIZE_UNKNOWN;
  }
  return *fre < 0 ? SFR_LOOKUP_NO_FRE : SFR_LOOKUP_FOUND;
}

void sfe_expected_lookup(const sfe_model *m, uint64_t pc, sfr_pc_mode mode, FILE *out) {
  static const char *names[] = {"found", "no-fde", "no-fre", "bad-data", "rep-size-unknown"};
  long fi, fre;
  const sfe_func *f;
  sfr_lookup_status ls = sfe_expected_find(m, pc, mode, &fi, &fre);

  fprintf(out, "{\"pc\":\"0x%" PRIx64 "\",\"mode\":\"%s\",\"status\":\"%s\"", pc,
          mode == SFR_PC_RA ? "ra" : "ip", names[ls]);
  if (ls == SFR_LOOKUP_FOUND) {
    f = &m->funcs[fi];
    fprintf(out, ",\"fde\":%ld,\"fre\":%ld,\"fre_start\":%" PRIu32 ",\"rules\":", fi, fre,
            f->rows[fre].start);
    row_rules_json(out, m, f, &f->rows[fre]);
  }
  fputc('}', out);
}
