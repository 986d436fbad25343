/* SPDX-License-Identifier: MIT */
/* rt_check.c - the round trip's checker (rt_check.h): the model against
 * what the oracle decodes and looks up in its encoding. */
#include "rt_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char rtc_buf[2048];

/* The message of a failed check, formatted into rtc_buf. */
static const char *rtc_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static const char *rtc_msg(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rtc_buf, sizeof rtc_buf, fmt, ap);
  va_end(ap);
  return rtc_buf;
}

/* The message (evaluated only then) when cond does not hold. */
#define RTC_REQUIRE(cond, msg)                                                                     \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      return (msg);                                                                                \
  } while (0)

uint32_t rtc_sp_reg(uint8_t abi) {
  return abi == SFR_ABI_AMD64_LE ? 7u : abi == SFR_ABI_S390X_BE ? 15u : 31u;
}
uint32_t rtc_fp_reg(uint8_t abi) {
  return abi == SFR_ABI_AMD64_LE ? 6u : abi == SFR_ABI_S390X_BE ? 11u : 29u;
}

const char *rtc_findings(const sfr_report *rep, char *buf, size_t n) {
  size_t i, used = 0;
  if (!n)
    return buf;
  buf[0] = 0;
  for (i = 0; i < rep->count && i < rep->cap && used + 1 < n; i++) {
    int k = snprintf(buf + used, n - used, "%s%s@%lld(fde %lld fre %lld)", i ? " " : "",
                     sfr_finding_name(rep->items[i].id), (long long)rep->items[i].offset,
                     (long long)rep->items[i].fde, (long long)rep->items[i].fre);
    if (k < 0)
      break;
    used += (size_t)k;
  }
  return buf;
}

static int add_pc(uint64_t **pcs, size_t *n, size_t *cap, uint64_t pc) {
  if (*n == *cap) {
    size_t want = *cap ? *cap * 2 : 64;
    uint64_t *p = realloc(*pcs, want * sizeof *p);
    if (!p)
      return -1;
    *pcs = p;
    *cap = want;
  }
  (*pcs)[(*n)++] = pc;
  return 0;
}

int rtc_model_pcs(const sfe_model *m, uint64_t **pcs, size_t *n, size_t *cap) {
  uint32_t fi, j;
  int bad = add_pc(pcs, n, cap, 0);
  for (fi = 0; fi < m->nfuncs; fi++) {
    const sfe_func *f = &m->funcs[fi];
    if (fi == 0 || f->start != m->funcs[fi - 1].start + m->funcs[fi - 1].size)
      bad |= add_pc(pcs, n, cap, f->start - 1);
    if (f->nrows == 0 || f->rows[0].start != 0)
      bad |= add_pc(pcs, n, cap, f->start);
    for (j = 0; j < f->nrows; j++) {
      bad |= add_pc(pcs, n, cap, f->start + f->rows[j].start);
      bad |= add_pc(pcs, n, cap, f->start + f->rows[j].start + 1);
      if (f->pc_type == SFR_PCTYPE_MASK && f->rep_size)
        bad |= add_pc(pcs, n, cap, f->start + f->rep_size + f->rows[j].start);
    }
    if (f->nrows == 0 || f->rows[f->nrows - 1].start + 2 < f->size)
      bad |= add_pc(pcs, n, cap, f->start + f->size - 1);
    bad |= add_pc(pcs, n, cap, f->start + f->size);
  }
  return bad ? -1 : 0;
}

/* One RA / FP rule as the canonical JSON compares it: the kind, the
 * register only for register rules, the offset except where the rule has
 * none (unchanged, undefined). */
static const char *reg_rule(const char *ctx, const char *what, uint32_t fi, uint32_t j,
                            const sfr_reg_rule *want, const sfr_reg_rule *got) {
  int want_reg = want->kind == SFR_RULE_REG || want->kind == SFR_RULE_AT_REG;
  int got_reg = got->kind == SFR_RULE_REG || got->kind == SFR_RULE_AT_REG;
  int64_t want_off =
      (want->kind == SFR_RULE_UNCHANGED || want->kind == SFR_RULE_UNDEFINED) ? 0 : want->offset;
  RTC_REQUIRE(got->kind == want->kind, rtc_msg("%s: function %u row %u: %s rule kind %u, model %u",
                                               ctx, fi, j, what, got->kind, want->kind));
  RTC_REQUIRE((got_reg ? got->reg : 0u) == (want_reg ? want->reg : 0u),
              rtc_msg("%s: function %u row %u: %s register %u, model %u", ctx, fi, j, what,
                      got_reg ? got->reg : 0u, want_reg ? want->reg : 0u));
  RTC_REQUIRE(got->offset == want_off,
              rtc_msg("%s: function %u row %u: %s offset %lld, model %lld", ctx, fi, j, what,
                      (long long)got->offset, (long long)want_off));
  return NULL;
}

/* The oracle's rules of a row against the model's (as the canonical JSON
 * compares them: the CFA register the base names, the ABI defaults). */
static const char *rules(const char *ctx, const sfe_model *m, uint32_t fi, uint32_t j,
                         const sfr_rules *want, const sfr_rules *got) {
  uint32_t wreg;
  unsigned wbase, gbase;
  const char *why;
  RTC_REQUIRE(got->outermost == want->outermost,
              rtc_msg("%s: function %u row %u: outermost %u, model %u", ctx, fi, j, got->outermost,
                      want->outermost));
  RTC_REQUIRE(got->ra_mangled == want->ra_mangled,
              rtc_msg("%s: function %u row %u: ra_mangled %u, model %u", ctx, fi, j,
                      got->ra_mangled, want->ra_mangled));
  if (want->outermost) {
    RTC_REQUIRE(
        got->ra.kind == SFR_RULE_UNDEFINED,
        rtc_msg("%s: function %u row %u: outermost row with RA rule %u", ctx, fi, j, got->ra.kind));
    return NULL;
  }
  wreg = want->cfa.base == SFR_BASE_SP   ? rtc_sp_reg(m->abi)
         : want->cfa.base == SFR_BASE_FP ? rtc_fp_reg(m->abi)
                                         : want->cfa.reg;
  wbase = wreg == rtc_sp_reg(m->abi)   ? SFR_BASE_SP
          : wreg == rtc_fp_reg(m->abi) ? SFR_BASE_FP
                                       : SFR_BASE_REG;
  gbase = got->cfa.base <= SFR_BASE_REG ? got->cfa.base : SFR_BASE_REG;
  RTC_REQUIRE(gbase == wbase && got->cfa.reg == wreg,
              rtc_msg("%s: function %u row %u: CFA base %u r%u, model %u r%u", ctx, fi, j, gbase,
                      got->cfa.reg, wbase, wreg));
  RTC_REQUIRE(got->cfa.offset == want->cfa.offset,
              rtc_msg("%s: function %u row %u: CFA offset %lld, model %lld", ctx, fi, j,
                      (long long)got->cfa.offset, (long long)want->cfa.offset));
  RTC_REQUIRE(!got->cfa.deref == !want->cfa.deref,
              rtc_msg("%s: function %u row %u: CFA deref %u, model %u", ctx, fi, j, got->cfa.deref,
                      want->cfa.deref));
  if ((why = reg_rule(ctx, "RA", fi, j, &want->ra, &got->ra)))
    return why;
  return reg_rule(ctx, "FP", fi, j, &want->fp, &got->fp);
}

const char *rtc_decoded(const sfe_model *m, const sfe_section *s, const sfr_section *sec) {
  uint64_t num_fres = 0;
  uint32_t i, j;
  const char *why;

  /* the header */
  for (i = 0; i < m->nfuncs; i++)
    num_fres += m->funcs[i].nrows;
  RTC_REQUIRE(sec->version == m->version && sec->abi == m->abi &&
                  sec->big_endian == m->big_endian && sec->flags == m->flags,
              rtc_msg("header: version %u abi %u big_endian %u flags 0x%x, model %u %u %u 0x%x",
                      sec->version, sec->abi, sec->big_endian, sec->flags, m->version, m->abi,
                      m->big_endian, m->flags));
  RTC_REQUIRE(sec->fixed_fp_offset == m->fixed_fp_offset &&
                  sec->fixed_ra_offset == m->fixed_ra_offset && sec->auxhdr_len == m->auxhdr_len,
              rtc_msg("header: fixed FP %d RA %d auxhdr %u, model %d %d %u", sec->fixed_fp_offset,
                      sec->fixed_ra_offset, sec->auxhdr_len, m->fixed_fp_offset, m->fixed_ra_offset,
                      m->auxhdr_len));
  RTC_REQUIRE(sec->num_fdes == m->nfuncs && sec->num_fres == num_fres,
              rtc_msg("header: %u FDEs %u FREs, model %u %llu", sec->num_fdes, sec->num_fres,
                      m->nfuncs, (unsigned long long)num_fres));

  /* every FDE and FRE */
  for (i = 0; i < m->nfuncs; i++) {
    const sfe_func *f = &m->funcs[i];
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    sfr_status st = sfr_get_fde(sec, i, &fde);
    uint8_t want_rep = sfr_has_rep_size(m->version) ? f->rep_size : 0;
    uint8_t want_sig = sfr_has_fde_attr(m->version) && f->signal;

    RTC_REQUIRE(st == SFR_OK, rtc_msg("sfr_get_fde(%u): %s", i, sfr_finding_name(st)));
    RTC_REQUIRE(fde.field_offset == s->fde_at[i],
                rtc_msg("FDE %u at offset %llu, encoder wrote it at %zu", i,
                        (unsigned long long)fde.field_offset, s->fde_at[i]));
    RTC_REQUIRE(fde.start == f->start && fde.size == f->size,
                rtc_msg("FDE %u: start 0x%llx size %u, model 0x%llx %u", i,
                        (unsigned long long)fde.start, fde.size, (unsigned long long)f->start,
                        f->size));
    RTC_REQUIRE(
        fde.pc_type == f->pc_type && fde.rep_size == want_rep && fde.fde_type == f->fde_type &&
            fde.pauth_key == f->pauth_key && fde.signal == want_sig,
        rtc_msg("FDE %u: pc_type %u rep_size %u fde_type %u key %u signal %u, model %u %u %u "
                "%u %u",
                i, fde.pc_type, fde.rep_size, fde.fde_type, fde.pauth_key, fde.signal, f->pc_type,
                want_rep, f->fde_type, f->pauth_key, want_sig));
    RTC_REQUIRE(fde.fre_type == sfe_func_fre_type(f) && fde.num_fres == f->nrows,
                rtc_msg("FDE %u: FRE type %u, %u FREs, model %u %u", i, fde.fre_type, fde.num_fres,
                        sfe_func_fre_type(f), f->nrows));
    sfr_fre_iter_init(sec, &fde, &it);
    for (j = 0; j < f->nrows; j++) {
      sfr_rules got;
      st = sfr_fre_next(sec, &it, &fre, &done);
      RTC_REQUIRE(st == SFR_OK && !done, rtc_msg("FDE %u FRE %u: %s%s", i, j, sfr_finding_name(st),
                                                 done ? " (done)" : ""));
      RTC_REQUIRE(fre.index == j && fre.offset == s->fre_at[i][j],
                  rtc_msg("FDE %u FRE %u: index %u at offset %llu, encoder wrote it at %zu", i, j,
                          fre.index, (unsigned long long)fre.offset, s->fre_at[i][j]));
      RTC_REQUIRE(fre.start == f->rows[j].start,
                  rtc_msg("FDE %u FRE %u: start %u, model %u", i, j, fre.start, f->rows[j].start));
      st = sfr_interpret(sec, &fde, &fre, &got);
      RTC_REQUIRE(st == SFR_OK,
                  rtc_msg("FDE %u FRE %u: sfr_interpret: %s", i, j, sfr_finding_name(st)));
      if ((why = rules("decode", m, i, j, &f->rows[j].rules, &got)))
        return why;
    }
    st = sfr_fre_next(sec, &it, &fre, &done);
    RTC_REQUIRE(st == SFR_OK && done, rtc_msg("FDE %u: more than %u FREs", i, f->nrows));
  }
  return NULL;
}

const char *rtc_row_lookups(const sfe_model *m, const sfr_section *sec, rtc_lookup_fn lookup) {
  uint32_t i, j;
  const char *why;
  for (i = 0; i < m->nfuncs; i++) {
    const sfe_func *f = &m->funcs[i];
    int masked = f->pc_type == SFR_PCTYPE_MASK && sfr_has_rep_size(m->version);
    int masked_v1 = f->pc_type == SFR_PCTYPE_MASK && !sfr_has_rep_size(m->version);
    for (j = 0; j < f->nrows; j++) {
      uint32_t rs = f->rows[j].start;
      uint64_t pc = f->start + rs;
      int mode;
      if (rs >= f->size || (masked && rs >= f->rep_size))
        continue; /* the row start is no PC of the function, or maps elsewhere */
      for (mode = SFR_PC_IP; mode <= SFR_PC_RA; mode++) {
        sfr_lookup_result res;
        const char *paths = NULL;
        uint64_t q = mode == SFR_PC_IP ? pc : pc + 1;
        sfr_lookup_status ls = lookup(sec, q, (sfr_pc_mode)mode, &res, &paths);
        RTC_REQUIRE(!paths, rtc_msg("lookup 0x%llx %s: the two lookup paths differ in the %s",
                                    (unsigned long long)q, mode == SFR_PC_IP ? "ip" : "ra", paths));
        if (masked_v1 && (j > 0 || rs != 0)) {
          /* version 1 records no repeat size: past a first row at 0 the
           * row cannot be told (N14) */
          RTC_REQUIRE(ls == SFR_LOOKUP_REP_SIZE_UNKNOWN && res.fde.index == i,
                      rtc_msg("lookup 0x%llx (v1 PCMASK function %u row %u): %s, want "
                              "rep-size-unknown",
                              (unsigned long long)q, i, j, sfr_lookup_status_name(ls)));
          continue;
        }
        RTC_REQUIRE(ls == SFR_LOOKUP_FOUND && res.fde.index == i && res.fre.index == j &&
                        res.fre.start == rs,
                    rtc_msg("lookup 0x%llx %s (function %u row %u): %s fde %u fre %u",
                            (unsigned long long)q, mode == SFR_PC_IP ? "ip" : "ra", i, j,
                            sfr_lookup_status_name(ls), res.fde.index, res.fre.index));
        if ((why = rules("lookup", m, i, j, &f->rows[j].rules, &res.rules)))
          return why;
      }
    }
  }
  return NULL;
}

const char *rtc_predicted(const sfe_model *m, const sfr_section *sec, rtc_lookup_fn lookup,
                          uint64_t pc) {
  int mode;
  for (mode = SFR_PC_IP; mode <= SFR_PC_RA; mode++) {
    sfr_lookup_result res;
    long fde = -1, fre = -1;
    const char *paths = NULL;
    sfr_lookup_status got = lookup(sec, pc, (sfr_pc_mode)mode, &res, &paths);
    sfr_lookup_status want = sfe_expected_find(m, pc, (sfr_pc_mode)mode, &fde, &fre);
    RTC_REQUIRE(!paths, rtc_msg("lookup 0x%llx %s: the two lookup paths differ in the %s",
                                (unsigned long long)pc, mode == SFR_PC_IP ? "ip" : "ra", paths));
    RTC_REQUIRE(
        got == want &&
            (got != SFR_LOOKUP_FOUND || ((long)res.fde.index == fde && (long)res.fre.index == fre &&
                                         res.fre.start == m->funcs[fde].rows[fre].start)),
        rtc_msg("lookup 0x%llx %s: oracle %s fde %ld fre %ld, encoder predicts %s fde %ld "
                "fre %ld",
                (unsigned long long)pc, mode == SFR_PC_IP ? "ip" : "ra",
                sfr_lookup_status_name(got), got == SFR_LOOKUP_FOUND ? (long)res.fde.index : -1L,
                got == SFR_LOOKUP_FOUND ? (long)res.fre.index : -1L, sfr_lookup_status_name(want),
                fde, fre));
    if (got == SFR_LOOKUP_FOUND) {
      const char *why = rules("predicted lookup", m, (uint32_t)fde, (uint32_t)fre,
                              &m->funcs[fde].rows[fre].rules, &res.rules);
      if (why)
        return why;
    }
  }
  return NULL;
}

const char *rtc_check(const sfe_model *m, const sfe_section *s, const sfr_section *sec,
                      rtc_lookup_fn lookup) {
  uint64_t *pcs = NULL;
  size_t n = 0, cap = 0, i;
  const char *why = rtc_decoded(m, s, sec);
  if (!why)
    why = rtc_row_lookups(m, sec, lookup);
  if (!why && rtc_model_pcs(m, &pcs, &n, &cap) != 0)
    why = "out of memory for the lookup PCs";
  for (i = 0; !why && i < n; i++)
    why = rtc_predicted(m, sec, lookup, pcs[i]);
  free(pcs);
  return why;
}
