/* SPDX-License-Identifier: MIT */
/* answer.c - a reader's answer at a PC in words, beside the spec's
 * (answer.h). */
#include "answer.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* A register by DWARF number, named sp / fp where it is the ABI's. */
void answer_reg_name(char *b, size_t n, uint8_t abi, uint32_t reg) {
  if (reg == sfr_abi_sp_reg(abi))
    snprintf(b, n, "sp");
  else if (reg == sfr_abi_fp_reg(abi))
    snprintf(b, n, "fp");
  else
    snprintf(b, n, "r%" PRIu32, reg);
}

/* "base+off", dereferenced as "*(base+off)". */
void answer_place(char *b, size_t n, const char *base, int64_t off, int deref) {
  char s[48];
  snprintf(s, sizeof s, "%s%+" PRId64, base, off);
  if (deref)
    snprintf(b, n, "*(%s)", s);
  else
    snprintf(b, n, "%s", s);
}


static void spec_rule_text(char *b, size_t n, uint8_t abi, const sfr_reg_rule *r) {
  char reg[16];
  switch (r->kind) {
  case SFR_RULE_UNCHANGED:
    snprintf(b, n, "unchanged");
    return;
  case SFR_RULE_AT_CFA:
  case SFR_RULE_FIXED:
    answer_place(b, n, "CFA", r->offset, 1);
    return;
  case SFR_RULE_VAL_CFA:
    answer_place(b, n, "CFA", r->offset, 0);
    return;
  case SFR_RULE_REG:
  case SFR_RULE_AT_REG:
    answer_reg_name(reg, sizeof reg, abi, r->reg);
    answer_place(b, n, reg, r->offset, r->kind == SFR_RULE_AT_REG);
    return;
  default:
    snprintf(b, n, "undefined");
  }
}

void answer_spec(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode, answer_text *t,
                      int64_t *fde, int64_t *fre) {
  sfr_lookup_result res;
  sfr_lookup_status st;
  memset(t, 0, sizeof *t);
  *fde = *fre = -1;
  if (!sec) {
    snprintf(t->outcome, sizeof t->outcome, "malformed");
    return;
  }
  st = sfr_lookup(sec, pc, mode, &res);
  if (st == SFR_LOOKUP_NO_FDE || st == SFR_LOOKUP_NO_FRE) {
    snprintf(t->outcome, sizeof t->outcome, "%s", st == SFR_LOOKUP_NO_FDE ? "no-fde" : "no-fre");
    if (st == SFR_LOOKUP_NO_FRE)
      *fde = res.fde.index;
    return;
  }
  if (st != SFR_LOOKUP_FOUND) {
    snprintf(t->outcome, sizeof t->outcome, "%s", sfr_lookup_status_name(st));
    return;
  }
  *fde = res.fde.index;
  *fre = res.fre.index;
  if (res.rules.outermost) {
    snprintf(t->outcome, sizeof t->outcome, "outermost");
    return;
  }
  snprintf(t->outcome, sizeof t->outcome, "found");
  {
    char reg[16];
    answer_reg_name(reg, sizeof reg, sec->abi, res.rules.cfa.reg);
    answer_place(t->cfa, sizeof t->cfa, reg, res.rules.cfa.offset, res.rules.cfa.deref);
  }
  spec_rule_text(t->ra, sizeof t->ra, sec->abi, &res.rules.ra);
  spec_rule_text(t->fp, sizeof t->fp, sec->abi, &res.rules.fp);
}

void answer_print(const char *who, const answer_text *t, int64_t fde, int64_t fre) {
  printf("  %-6s %s", who, t->outcome);
  if (fde >= 0)
    printf(" FDE %" PRId64, fde);
  if (fre >= 0)
    printf(" FRE %" PRId64, fre);
  if (t->cfa[0])
    printf(": CFA=%s RA=%s FP=%s", t->cfa, t->ra, t->fp);
  printf("\n");
}

void answer_json(const char *key, const answer_text *t, int64_t fde, int64_t fre) {
  printf("\"%s\":{\"outcome\":\"%s\",\"fde\":%" PRId64 ",\"fre\":%" PRId64, key, t->outcome,
         fde, fre);
  if (t->cfa[0])
    printf(",\"cfa\":\"%s\",\"ra\":\"%s\",\"fp\":\"%s\"", t->cfa, t->ra, t->fp);
  printf("}");
}

/* The differences between the two answers, named: "outcome" alone when
 * the outcomes differ, else "function", "row", "cfa", "ra", "fp"
 * (comma-separated; empty when the same). */
void answer_differences(char *b, size_t n, const answer_text *k, const answer_text *s,
                        int64_t kfde, int64_t kfre, int64_t sfde, int64_t sfre) {
  b[0] = 0;
  if (strcmp(k->outcome, s->outcome) != 0) {
    snprintf(b, n, "outcome");
    return;
  }
  if (kfde != sfde && (kfde >= 0 || sfde >= 0))
    snprintf(b + strlen(b), n - strlen(b), "%sfunction", *b ? "," : "");
  else if (kfre != sfre && (kfre >= 0 || sfre >= 0))
    snprintf(b + strlen(b), n - strlen(b), "%srow", *b ? "," : "");
  if (strcmp(k->outcome, "found") == 0 && strcmp(s->outcome, "found") == 0) {
    if (strcmp(k->cfa, s->cfa) != 0)
      snprintf(b + strlen(b), n - strlen(b), "%scfa", *b ? "," : "");
    if (strcmp(k->ra, s->ra) != 0)
      snprintf(b + strlen(b), n - strlen(b), "%sra", *b ? "," : "");
    if (strcmp(k->fp, s->fp) != 0)
      snprintf(b + strlen(b), n - strlen(b), "%sfp", *b ? "," : "");
  }
}

/* The spec's walk beside it, and the first frame whose pc, sp or fp differ
 * (or where one walk has a frame the other has not); 1 when they differ. */
int answer_spec_walk(int json, const sfr_section *sec, const snapshot *snap, const sfr_regs *kf,
                     size_t nk, sfr_regs *sf) {
  sfr_stop sstop = SFR_STOP_FRAME_LIMIT;
  size_t ns = 0, i, d;
  if (sec)
    ns = snapshot_backtrace(sec, snap, sf, &sstop);
  for (d = 0; d < nk && d < ns; d++)
    if (kf[d].pc != sf[d].pc || kf[d].sp != sf[d].sp || kf[d].fp != sf[d].fp)
      break;
  fputs(json ? "\"spec\":{\"frames\":[" : "spec:\n", stdout);
  for (i = 0; i < ns; i++)
    if (json)
      printf("%s{\"pc\":\"0x%" PRIx64 "\",\"sp\":\"0x%" PRIx64 "\",\"fp\":\"0x%" PRIx64 "\"}",
             i ? "," : "", sf[i].pc, sf[i].sp, sf[i].fp);
    else
      printf("#%zu pc 0x%" PRIx64 " sp 0x%" PRIx64 " fp 0x%" PRIx64 "\n", i, sf[i].pc, sf[i].sp,
             sf[i].fp);
  if (json) {
    printf("],\"stop\":\"%s\"},\"first_difference\":", sec ? sfr_stop_name(sstop) : "malformed");
    if (d < nk || d < ns)
      printf("%zu}\n", d);
    else
      printf("null}\n");
  } else {
    printf("stop: %s\n", sec ? sfr_stop_name(sstop) : "malformed section");
    if (d < nk || d < ns)
      printf("differs from frame #%zu\n", d);
    else
      printf("same frames\n");
  }
  return d < nk || d < ns;
}
