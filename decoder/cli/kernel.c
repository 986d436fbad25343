/* SPDX-License-Identifier: MIT */
/* kernel.c - sfref's kernel profiles: the generation's rules met by a
 * section (validate), its rule table (findings), its lookup beside the
 * spec's (lookup).  The judging is the library's (decoder/profile); this
 * file prints. */
#include "kernel.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "answer.h"
#include "dump.h"
#include "sframe_ref.h"

#define KERNEL_MAX_FINDINGS 256

void kernel_list_generations(FILE *out, const char *indent) {
  int g;
  for (g = 0; g < SFK_GEN_NUM; g++) {
    const sfk_gen_info *gi = sfk_gen_get((sfk_gen)g);
    fprintf(out, "%s%-16s %-10s %s%s\n", indent, gi->name, gi->date, gi->based,
            g == SFK_GEN_NEWEST ? " (= kernel)" : "");
  }
}

static void finding_json(const sfk_finding *f, sfk_gen g, int first) {
  printf("%s{\"id\":\"%s\",\"stage\":\"%s\",\"effect\":\"%s\",\"refuses\":%s,\"drops\":%s,"
         "\"offset\":%" PRId64 ",\"fde\":%" PRId64 ",\"fre\":%" PRId64 ",\"field\":\"%s\"}",
         first ? "" : ",", sfk_rule_name(f->id), sfk_stage_name(f->stage),
         sfk_effect_name(sfk_rule_effect(f->id, g)), sfk_rule_refuses(f->id, g) ? "true" : "false",
         sfk_rule_drops(f->id, g) ? "true" : "false", f->offset, f->fde, f->fre,
         f->field ? f->field : "");
}

/* What happens when the rule is met, in words. */
static const char *consequence(sfk_id id, sfk_gen g) {
  sfk_stage s = sfk_rule_stage(id, g);
  sfk_effect e = sfk_rule_effect(id, g);
  if (s == SFK_STAGE_LOAD)
    return "load: not registered";
  if (s == SFK_STAGE_ARCH)
    return "arch: not unwound with SFrame";
  if (s == SFK_STAGE_VALIDATE)
    return sfk_rule_drops(id, g)
               ? "validate: refused with CONFIG_SFRAME_VALIDATION; else the first lookup "
                 "meeting it fails and drops the section"
               : "validate: refused with CONFIG_SFRAME_VALIDATION; else the first lookup "
                 "meeting it fails (frame pointers)";
  if (e == SFK_EFFECT_CRASH)
    return "lookup: the kernel divides by zero";
  if (e == SFK_EFFECT_DIFFERS)
    return "lookup: answers other than the spec";
  return sfk_rule_drops(id, g) ? "lookup: fails and drops the section"
                               : "lookup: fails (frame pointers)";
}

static void finding_text(const kernel_input *in, const sfk_finding *f) {
  sfk_gen g = in->ko.gen;
  sfr_finding loc;
  memset(&loc, 0, sizeof loc);
  loc.offset = f->offset;
  loc.fde = f->fde;
  loc.fre = f->fre;
  loc.field = f->field;
  fprintf(stderr, "sfref: %s: %s: %s: %s ", in->file,
          sfk_rule_refuses(f->id, g) ? "error" : "warning", sfk_rule_name(f->id),
          sfk_rule_message(f->id));
  print_location(stderr, &loc);
  fprintf(stderr, " [%s]\n", consequence(f->id, g));
}

int kernel_validate(const kernel_input *in) {
  sfk_finding items[KERNEL_MAX_FINDINGS];
  sfk_report rep;
  const sfk_gen_info *gi = sfk_gen_get(in->ko.gen);
  size_t i, shown;
  rep.items = items;
  rep.cap = KERNEL_MAX_FINDINGS;
  sfk_check(in->sec, in->len, in->vma, &in->ko, &rep);
  shown = rep.count < rep.cap ? rep.count : rep.cap;
  if (in->json) {
    printf("{\"profile\":\"%s\",\"date\":\"%s\",\"accepted\":%s,\"registered\":%s,"
           "\"text_checked\":%s",
           gi->name, gi->date, rep.refusals ? "false" : "true", rep.refusals ? "false" : "true",
           in->ko.have_text ? "true" : "false");
    if (in->ko.have_text)
      printf(",\"text\":{\"start\":%" PRIu64 ",\"end\":%" PRIu64 ",\"from\":\"%s\"}",
             in->ko.text_start, in->ko.text_end, in->text_from);
    printf(",\"findings\":[");
    for (i = 0; i < shown; i++)
      finding_json(&rep.items[i], in->ko.gen, i == 0);
    printf("]}\n");
    return rep.refusals ? 1 : 0;
  }
  for (i = 0; i < shown; i++)
    finding_text(in, &rep.items[i]);
  if (rep.count > shown)
    fprintf(stderr, "sfref: %s: ... %zu more findings not shown\n", in->file, rep.count - shown);
  if (in->ko.have_text)
    fprintf(stderr, "sfref: %s: note: text range 0x%" PRIx64 "-0x%" PRIx64 " (%s)\n", in->file,
            in->ko.text_start, in->ko.text_end, in->text_from);
  else
    fprintf(stderr, "sfref: %s: note: function starts not checked against a text range (no "
            "--text; the checks of a start below the text, at or past its end%s are not made)\n",
            in->file,
            sfk_rule_cell(SFK_FDE_PAST_TEXT_END, in->ko.gen) != '-' ? " and of a function end past it"
                                                                     : "");
  if (rep.refusals)
    printf("%s: REFUSED by %s (%zu refusals, %zu met only by lookups)\n", in->file, gi->name,
           rep.refusals, rep.count - rep.refusals);
  else
    printf("%s: registered by %s (%zu met only by lookups)\n", in->file, gi->name, rep.count);
  return rep.refusals ? 1 : 0;
}

/* All generations: one row per rule, its cell in each generation. */
static void findings_matrix(void) {
  int g, k;
  printf("# the kernel's rules per generation (L load, A arch, F/I validate: -EFAULT/-EINVAL,\n"
         "# f/i lookup only, Z lookup divides by zero, w lookup answers differently, - none)\n");
  for (g = 0; g < SFK_GEN_NUM; g++)
    printf("# %c %s %s%s\n", 'a' + g, sfk_gen_get((sfk_gen)g)->name, sfk_gen_get((sfk_gen)g)->date,
           g == SFK_GEN_NEWEST ? " (= kernel)" : "");
  for (k = 1; k < SFK_NUM; k++) {
    printf("%-34s ", sfk_rule_name((sfk_id)k));
    for (g = 0; g < SFK_GEN_NUM; g++)
      putchar(sfk_rule_cell((sfk_id)k, (sfk_gen)g));
    printf(" %s\n", sfk_rule_message((sfk_id)k));
  }
}

int kernel_findings(const char *profile, const char *id) {
  int gi, k, found = 0;
  if (strcmp(profile, "all-kernels") == 0) {
    findings_matrix();
    return 0;
  }
  gi = sfk_gen_by_name(profile);
  if (gi < 0)
    return 2;
  if (!id)
    printf("# %s, posted %s: %s\n", sfk_gen_get((sfk_gen)gi)->name,
           sfk_gen_get((sfk_gen)gi)->date, sfk_gen_get((sfk_gen)gi)->based);
  for (k = 1; k < SFK_NUM; k++) {
    sfk_stage s = sfk_rule_stage((sfk_id)k, (sfk_gen)gi);
    if (s == SFK_STAGE_NONE || (id && strcmp(id, sfk_rule_name((sfk_id)k)) != 0))
      continue;
    printf("%-34s %-9s %-8s %s\n", sfk_rule_name((sfk_id)k), sfk_stage_name(s),
           sfk_effect_name(sfk_rule_effect((sfk_id)k, (sfk_gen)gi)), sfk_rule_message((sfk_id)k));
    found = 1;
  }
  if (id && !found) {
    fprintf(stderr, "sfref: findings: '%s' is not a rule of %s\n", id,
            sfk_gen_get((sfk_gen)gi)->name);
    return 2;
  }
  return 0;
}

/* ---- lookup: the kernel's answer beside the spec's ---- */




static void kernel_rule_text(char *b, size_t n, uint8_t abi, const sfk_rule *r) {
  char reg[16];
  if (r->kind == SFK_RULE_RETAIN) {
    snprintf(b, n, "unchanged");
    return;
  }
  if (r->kind == SFK_RULE_REG_OFF)
    answer_reg_name(reg, sizeof reg, abi, r->reg);
  else
    snprintf(reg, sizeof reg, "CFA");
  answer_place(b, n, reg, r->offset, r->deref);
}

static void kernel_text(const sfk_answer *a, uint8_t abi, answer_text *t) {
  char reg[16];
  memset(t, 0, sizeof *t);
  switch (a->outcome) {
  case SFK_LOOKUP_FOUND:
  case SFK_LOOKUP_OUTERMOST:
    snprintf(t->outcome, sizeof t->outcome, "%s",
             a->outcome == SFK_LOOKUP_FOUND ? "found" : "outermost");
    if (a->outcome == SFK_LOOKUP_OUTERMOST)
      return;
    answer_reg_name(reg, sizeof reg, abi, a->cfa_reg);
    answer_place(t->cfa, sizeof t->cfa, reg, a->cfa_offset, a->cfa_deref);
    kernel_rule_text(t->ra, sizeof t->ra, abi, &a->ra);
    kernel_rule_text(t->fp, sizeof t->fp, abi, &a->fp);
    return;
  case SFK_LOOKUP_NO_FDE:
    snprintf(t->outcome, sizeof t->outcome, "no-fde");
    return;
  case SFK_LOOKUP_SIGNAL:
    snprintf(t->outcome, sizeof t->outcome, "signal");
    return;
  default:
    snprintf(t->outcome, sizeof t->outcome, "%s", sfk_outcome_name(a->outcome));
    return;
  }
}






/* One PC in one mode; 1 when the answers differ. */
static int lookup_one(const kernel_input *in, const sfr_section *sec, uint64_t pc,
                      sfr_pc_mode mode, int *first) {
  sfk_answer ka;
  answer_text kt, st;
  int64_t sfde, sfre;
  char diff[96];
  uint8_t abi = in->len > 4 ? in->sec[4] : 0;
  sfk_lookup(in->sec, in->len, in->vma, &in->ko, pc, &ka);
  kernel_text(&ka, abi, &kt);
  answer_spec(sec, pc, mode, &st, &sfde, &sfre);
  answer_differences(diff, sizeof diff, &kt, &st, ka.fde, ka.fre, sfde, sfre);
  if (in->json) {
    printf("%s{\"pc\":%" PRIu64 ",\"mode\":\"%s\",", *first ? "" : ",", pc,
           mode == SFR_PC_IP ? "ip" : "ra");
    answer_json("kernel", &kt, ka.fde, ka.fre);
    if (ka.outcome >= SFK_LOOKUP_ERROR)
      printf(",\"why\":\"%s\",\"effect\":\"%s\",\"dropped\":%s",
             ka.why ? sfk_rule_name(ka.why) : "no-row-covers-pc", sfk_effect_name(ka.effect),
             ka.dropped ? "true" : "false");
    printf(",");
    answer_json("spec", &st, sfde, sfre);
    printf(",\"differs\":\"%s\"}", diff);
  } else {
    printf("0x%" PRIx64 " (%s):\n", pc, mode == SFR_PC_IP ? "ip" : "ra");
    answer_print("kernel", &kt, ka.fde, ka.fre);
    const char *fallback = abi == SFR_ABI_S390X_BE ? "the back chain" : "frame pointers";
    if (ka.outcome == SFK_LOOKUP_NOT_REGISTERED)
      printf("         %s (%s%s)\n", ka.why ? sfk_rule_name(ka.why) : "no section",
             sfk_effect_name(ka.effect),
             in->ko.validation && sfk_rule_stage(ka.why, in->ko.gen) == SFK_STAGE_VALIDATE
                 ? " by CONFIG_SFRAME_VALIDATION" : "");
    else if (ka.outcome == SFK_LOOKUP_CRASH)
      printf("         %s (%s): the kernel divides by zero\n", sfk_rule_name(ka.why),
             sfk_effect_name(ka.effect));
    else if (ka.outcome == SFK_LOOKUP_ERROR)
      printf("         %s (%s): %s; the section %s\n",
             ka.why ? sfk_rule_name(ka.why) : "no row covers the PC", sfk_effect_name(ka.effect),
             fallback, ka.dropped ? "is dropped" : "stays");
    else if (ka.outcome == SFK_LOOKUP_NO_FDE)
      printf("         no function: %s\n", fallback);
    else if (ka.outcome == SFK_LOOKUP_SIGNAL)
      printf("         %s: the signal-frame unwinder reads the sigreturn frame at SP\n",
             sfk_rule_name(ka.why));
    answer_print("spec", &st, sfde, sfre);
    printf("  %s%s\n", diff[0] ? "differs: " : "same", diff);
  }
  *first = 0;
  return diff[0] != 0;
}

int kernel_lookup(const kernel_input *in, const sfr_section *sec, const uint64_t *pcs, int npcs,
                  const char *mode) {
  int i, first = 1, differ = 0;
  if (in->json)
    printf("{\"profile\":\"%s\",\"config_sframe_validation\":%s,\"lookups\":[",
           sfk_gen_get(in->ko.gen)->name, in->ko.validation ? "true" : "false");
  else
    printf("# %s (%s CONFIG_SFRAME_VALIDATION); the kernel looks up the PC itself in "
           "both modes\n", sfk_gen_get(in->ko.gen)->name, in->ko.validation ? "with" : "without");
  for (i = 0; i < npcs; i++) {
    if (strcmp(mode, "ra") != 0)
      differ |= lookup_one(in, sec, pcs[i], SFR_PC_IP, &first);
    if (strcmp(mode, "ip") != 0)
      differ |= lookup_one(in, sec, pcs[i], SFR_PC_RA, &first);
  }
  if (in->json)
    printf("]}\n");
  return differ;
}

/* ---- unwind: the kernel's walk beside the spec's ---- */

/* One frame of the kernel's walk and how its caller was (or was not) found. */
static void kframe_print(const kernel_input *in, size_t i, const sfr_regs *cur,
                         const sfk_step *st, int dropped) {
  const char *lookup = !st->looked_up ? "none"
                       : dropped && st->ans.outcome == SFK_LOOKUP_NOT_REGISTERED
                           ? "section-dropped"
                           : sfk_outcome_name(st->ans.outcome);
  static const char *const by_json[] = {"none", "sframe", "fp", "signal", "frame-record"};
  static const char *const by_text[] = {"none", "sframe", "frame pointers",
                                        "the signal frame", "the frame record"};
  unsigned m = (unsigned)st->method < 5 ? (unsigned)st->method : 0;
  if (in->json) {
    printf("%s{\"pc\":\"0x%" PRIx64 "\",\"sp\":\"0x%" PRIx64 "\",\"fp\":\"0x%" PRIx64
           "\",\"lookup\":\"%s\",\"by\":\"%s\"",
           i ? "," : "", cur->pc, cur->sp, cur->fp, lookup, by_json[m]);
    if (st->step_why)
      printf(",\"step_failed\":\"%s\"", st->step_why);
    printf("}");
    return;
  }
  printf("#%zu pc 0x%" PRIx64 " sp 0x%" PRIx64 " fp 0x%" PRIx64 "  lookup %s%s%s, caller by %s", i,
         cur->pc, cur->sp, cur->fp, lookup, st->ans.why ? " " : "",
         st->ans.why ? sfk_rule_name(st->ans.why) : "", by_text[m]);
  if (st->step_why)
    printf(" (the arm64 step failed: %s; the trace is unreliable)", st->step_why);
  printf("\n");
}

/* The kernel's walk from the snapshot into kf[]: the number of frames;
 * *stop why it ended (SFK_UNWIND_NEXT: the frame limit). */
static size_t kernel_walk(const kernel_input *in, const snapshot *snap, sfr_regs *kf,
                          sfk_unwind_stop *stop) {
  size_t nk = 1;
  int dropped = 0;
  kf[0] = snap->regs;
  *stop = SFK_UNWIND_NEXT;
  while (nk < snap->max_frames) {
    sfk_step st;
    *stop = sfk_unwind_frame(in->sec, in->len, in->vma, &in->ko, snapshot_read_mem, (void *)snap,
                             &kf[nk - 1], nk == 1, &dropped, &kf[nk], &st);
    kframe_print(in, nk - 1, &kf[nk - 1], &st, dropped);
    if (*stop != SFK_UNWIND_NEXT)
      break;
    nk++;
  }
  return nk;
}


int kernel_unwind(const kernel_input *in, const sfr_section *sec, const snapshot *snap) {
  sfr_regs *kf = calloc(snap->max_frames, sizeof *kf), *sf = calloc(snap->max_frames, sizeof *sf);
  sfk_unwind_stop kstop;
  size_t nk;
  int differ;
  if (!kf || !sf) {
    free(kf);
    free(sf);
    fprintf(stderr, "sfref: error: out of memory\n");
    return 2;
  }
  if (in->json)
    printf("{\"profile\":\"%s\",\"config_sframe_validation\":%s,\"kernel\":{\"frames\":[",
           sfk_gen_get(in->ko.gen)->name, in->ko.validation ? "true" : "false");
  else
    printf("# %s (%s CONFIG_SFRAME_VALIDATION)\nkernel:\n", sfk_gen_get(in->ko.gen)->name,
           in->ko.validation ? "with" : "without");
  nk = kernel_walk(in, snap, kf, &kstop);
  if (in->json)
    printf("],\"stop\":\"%s\"},", kstop == SFK_UNWIND_NEXT ? "frame-limit" : sfk_unwind_stop_name(kstop));
  else
    printf("stop: %s\n", kstop == SFK_UNWIND_NEXT ? "frame-limit" : sfk_unwind_stop_name(kstop));
  differ = answer_spec_walk(in->json, sec, snap, kf, nk, sf);
  free(kf);
  free(sf);
  return differ;
}
