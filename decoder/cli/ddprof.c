/* SPDX-License-Identifier: MIT */
/* ddprof.c - sfref's profile of DataDog's java-profiler (sframe_ddprof.h):
 * the rules a section meets (validate), the rule table (findings), the
 * row its lookup answers beside the spec's (lookup), one PC or every PC of
 * every function.  The judging is the library's; this file prints. */
#include "ddprof.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "answer.h"
#include "dump.h"
#include "sfc_json.h"

#define DDPROF_MAX_FINDINGS 4096

void ddprof_list_generations(FILE *out, const char *indent) {
  int g;
  for (g = 0; g < SFD_GEN_NUM; g++) {
    const sfd_gen_info *gi = sfd_gen_get((sfd_gen)g);
    fprintf(out, "%s%-16s %-10s %s%s\n", indent, gi->name, gi->date, gi->based,
            g == SFD_GEN_NEWEST ? " (= ddprof)" : "");
  }
}

static const char *consequence(sfd_id id, sfd_gen g) {
  switch (sfd_rule_cell(id, g)) {
  case 'L':
    return "load: the section is not used (the library's .eh_frame instead)";
  case 'A':
    return "arch: not this profiler's ABI";
  case 'S':
    return "function skipped: its PCs get the rows before it";
  case 'F':
    return "function's rows discarded: its PCs get the rows before it";
  default:
    return "lookup: answers other than the spec";
  }
}

/* The profiler's table of the section: rows and findings in memory of our
 * own (the library allocates nothing).  0 when out of memory. */
static int table_of(const ddprof_input *in, sfd_table *t) {
  memset(t, 0, sizeof *t);
  t->cap = sfd_rows_bound(in->len);
  t->rows = calloc(t->cap, sizeof *t->rows);
  t->items_cap = DDPROF_MAX_FINDINGS;
  t->items = calloc(t->items_cap, sizeof *t->items);
  if (!t->rows || !t->items) {
    free(t->rows);
    free(t->items);
    fprintf(stderr, "sfref: error: out of memory\n");
    return 0;
  }
  sfd_parse(in->sec, in->len, in->vma, in->gen, t);
  return 1;
}

static void table_free(sfd_table *t) {
  free(t->rows);
  free(t->items);
}

int ddprof_validate(const ddprof_input *in) {
  const sfd_gen_info *gi = sfd_gen_get(in->gen);
  sfd_table t;
  size_t i, shown;
  if (!table_of(in, &t))
    return 2;
  shown = t.findings < t.items_cap ? t.findings : t.items_cap;
  if (in->json) {
    printf("{\"profile\":\"%s\",\"reader\":\"ddprof\",\"date\":\"%s\",\"from\":", gi->name, gi->date);
    sfc_json_str(stdout, in->from); /* a path of the user's */
    printf(",\"accepted\":%s,\"registered\":%s,\"rows\":%zu,\"findings\":[", t.accepted ? "true" : "false",
           t.accepted ? "true" : "false", t.count);
    for (i = 0; i < shown; i++) {
      const sfd_finding *f = &t.items[i];
      printf("%s{\"id\":\"%s\",\"stage\":\"%c\",\"refuses\":%s,\"offset\":%" PRId64
             ",\"fde\":%" PRId64 ",\"fre\":%" PRId64 "}",
             i ? "," : "", sfd_rule_name(f->id), sfd_rule_cell(f->id, in->gen),
             sfd_rule_refuses(f->id, in->gen) ? "true" : "false", f->offset, f->fde, f->fre);
    }
    printf("]}\n");
  } else {
    for (i = 0; i < shown; i++) {
      const sfd_finding *f = &t.items[i];
      sfr_finding loc;
      memset(&loc, 0, sizeof loc);
      loc.offset = f->offset;
      loc.fde = f->fde;
      loc.fre = f->fre;
      fprintf(stderr, "sfref: %s: %s: %s: %s ", in->file,
              sfd_rule_refuses(f->id, in->gen) ? "error" : "warning", sfd_rule_name(f->id),
              sfd_rule_message(f->id));
      print_location(stderr, &loc);
      fprintf(stderr, " [%s]\n", consequence(f->id, in->gen));
    }
    if (t.findings > shown)
      fprintf(stderr, "sfref: %s: ... %zu more findings not shown\n", in->file,
              t.findings - shown);
    if (in->sec)
      fprintf(stderr, "sfref: %s: note: read from %s (%zu bytes at 0x%" PRIx64 ")\n", in->file,
              in->from, in->len, in->vma);
    else
      fprintf(stderr, "sfref: %s: note: no PT_GNU_SFRAME segment: the profiler finds nothing to "
              "read\n", in->file);
    if (t.accepted)
      printf("%s: used by %s: %zu rows (%zu findings)\n", in->file, gi->name, t.count,
             t.findings);
    else
      printf("%s: REFUSED by %s (%s)\n", in->file, gi->name, sfd_rule_name(t.refused));
  }
  table_free(&t);
  return t.accepted ? 0 : 1;
}

static void findings_table(sfd_gen g, const char *id, int *found) {
  int k;
  for (k = 1; k < SFD_NUM; k++) {
    if (id && strcmp(id, sfd_rule_name((sfd_id)k)) != 0)
      continue;
    printf("%-34s %c %s\n", sfd_rule_name((sfd_id)k), sfd_rule_cell((sfd_id)k, g),
           sfd_rule_message((sfd_id)k));
    *found = 1;
  }
}

int ddprof_findings(const char *profile, const char *id) {
  int g = strcmp(profile, "all-ddprof") == 0 ? SFD_GEN_NEWEST : sfd_gen_by_name(profile);
  int found = 0;
  if (g < 0)
    return 2;
  if (!id) {
    printf("# DataDog java-profiler's rules per generation (L load: the section not used,\n"
           "# A arch, S function skipped, F function's rows discarded, w rows read other\n"
           "# than the spec's)\n");
    for (int c = 0; c < SFD_GEN_NUM; c++)
      printf("# %c %s %s%s\n", 'a' + c, sfd_gen_get((sfd_gen)c)->name,
             sfd_gen_get((sfd_gen)c)->date, c == SFD_GEN_NEWEST ? " (= ddprof)" : "");
  }
  findings_table((sfd_gen)g, id, &found);
  if (id && !found) {
    fprintf(stderr, "sfref: findings: '%s' is not a rule of %s\n", id,
            sfd_gen_get((sfd_gen)g)->name);
    return 2;
  }
  return 0;
}

/* ---- lookup ---- */

/* The profiler's answer in words: the CFA as its unwinder computes it (the
 * packed offset shifted back without its sign), the FP and RA at CFA plus
 * their offsets, "unchanged" for no FP rule and for the link register. */
static void ddprof_text(const sfd_table *t, const sfd_answer *a, answer_text *txt) {
  char reg[16];
  uint32_t r = a->row.cfa & 0xffu;
  memset(txt, 0, sizeof *txt);
  if (a->outcome == SFD_LOOKUP_NOT_USED) {
    snprintf(txt->outcome, sizeof txt->outcome, "not-registered");
    return;
  }
  /* Below every row: frame pointers, as the spec's "no FDE" means. */
  snprintf(txt->outcome, sizeof txt->outcome, "%s",
           a->outcome == SFD_LOOKUP_ROW ? "found" : "no-fde");
  if (a->outcome != SFD_LOOKUP_ROW)
    return;
  snprintf(reg, sizeof reg, "%s", r == sfd_reg_sp(t->abi) ? "sp" : "fp");
  answer_place(txt->cfa, sizeof txt->cfa, reg, (int64_t)(a->row.cfa >> 8), 0);
  if (a->row.pc_off == SFD_LINK_REGISTER && t->abi != SFR_ABI_AMD64_LE)
    snprintf(txt->ra, sizeof txt->ra, "unchanged");
  else
    answer_place(txt->ra, sizeof txt->ra, "CFA", a->row.pc_off, 1);
  if (a->row.fp_off == SFD_SAME_FP)
    snprintf(txt->fp, sizeof txt->fp, "unchanged");
  else
    answer_place(txt->fp, sizeof txt->fp, "CFA", a->row.fp_off, 1);
}

static void frame_json(const sfd_answer *a) {
  printf(",\"frame\":{\"loc\":%" PRIu32 ",\"cfa\":%" PRIu32 ",\"fp_off\":%" PRId32
         ",\"pc_off\":%" PRId32 ",\"index\":%" PRId64 "}",
         a->row.loc, a->row.cfa, a->row.fp_off, a->row.pc_off, a->index);
}

/* One PC; 1 when the answers differ.  quiet: print nothing (counted only). */
static int lookup_one(const ddprof_input *in, const sfd_table *t, const sfr_section *sec,
                      uint64_t pc, sfr_pc_mode mode, int quiet, int *first) {
  sfd_answer a;
  answer_text dt, st;
  int64_t sfde, sfre, dfde = -1, dfre = -1;
  char diff[96];
  sfd_lookup(t, pc, &a);
  ddprof_text(t, &a, &dt);
  answer_spec(sec, pc, mode, &st, &sfde, &sfre);
  if (a.outcome == SFD_LOOKUP_ROW) {
    dfde = a.row.fde;
    dfre = a.row.fre;
  }
  answer_differences(diff, sizeof diff, &dt, &st, dfde, dfre, sfde, sfre);
  if (quiet)
    return diff[0] != 0;
  if (in->json) {
    printf("%s{\"pc\":%" PRIu64 ",\"mode\":\"%s\",", *first ? "" : ",", pc,
           mode == SFR_PC_IP ? "ip" : "ra");
    answer_json("ddprof", &dt, dfde, dfre);
    if (a.outcome != SFD_LOOKUP_NOT_USED)
      frame_json(&a);
    else
      printf(",\"why\":\"%s\"", sfd_rule_name(t->refused));
    printf(",");
    answer_json("spec", &st, sfde, sfre);
    printf(",\"differs\":\"%s\"}", diff);
  } else {
    printf("0x%" PRIx64 " (%s):\n", pc, mode == SFR_PC_IP ? "ip" : "ra");
    answer_print("ddprof", &dt, dfde, dfre);
    if (a.outcome == SFD_LOOKUP_NOT_USED)
      printf("         %s: the library's .eh_frame is read instead\n",
             sfd_rule_name(t->refused));
    else if (a.outcome == SFD_LOOKUP_DEFAULT)
      printf("         below every row: the default frame (frame pointers)\n");
    else
      printf("         row %" PRId64 " of %zu, from 0x%" PRIx32 "\n", a.index, t->count,
             a.row.loc);
    answer_print("spec", &st, sfde, sfre);
    printf("  %s%s\n", diff[0] ? "differs: " : "same", diff);
  }
  *first = 0;
  return diff[0] != 0;
}

/* Every PC of every function the spec reads (the section must be valid
 * enough to have functions): the count of PCs whose answers differ. */
static int every_pc(const ddprof_input *in, const sfd_table *t, const sfr_section *sec,
                    int *first, size_t *pcs, size_t *differ) {
  uint32_t i;
  *pcs = *differ = 0;
  if (!sec)
    return 0;
  for (i = 0; i < sec->num_fdes; i++) {
    sfr_fde f;
    uint64_t pc;
    if (sfr_get_fde(sec, i, &f) != SFR_OK)
      continue;
    for (pc = f.start; pc < f.start + f.size; pc++) {
      int d = lookup_one(in, t, sec, pc, SFR_PC_IP, !in->json && !in->verbose, first);
      if (d && !in->json && !in->verbose && *differ < 20)
        lookup_one(in, t, sec, pc, SFR_PC_IP, 0, first);
      (*pcs)++;
      *differ += (size_t)d;
    }
  }
  return 1;
}

int ddprof_lookup(const ddprof_input *in, const sfr_section *sec, const uint64_t *pcs, int npcs,
                  const char *mode, int all) {
  sfd_table t;
  int i, first = 1, differ = 0;
  size_t n = 0, nd = 0;
  if (!table_of(in, &t))
    return 2;
  if (in->json)
    printf("{\"profile\":\"%s\",\"reader\":\"ddprof\",\"used\":%s,\"rows\":%zu,\"lookups\":[",
           sfd_gen_get(in->gen)->name, t.accepted ? "true" : "false", t.count);
  else
    printf("# %s (%s; %zu rows); the profiler looks up the PC itself in both modes\n",
           sfd_gen_get(in->gen)->name, t.accepted ? "section used" : "section not used",
           t.count);
  if (all) {
    if (!every_pc(in, &t, sec, &first, &n, &nd)) {
      if (in->json)
        printf("]}\n");
      fprintf(stderr, "sfref: %s: error: --every-pc: the spec finds the section malformed, "
              "so it has no functions to take PCs from\n", in->file);
      table_free(&t);
      return 2;
    }
    differ = nd > 0;
  }
  for (i = 0; i < npcs; i++) {
    if (strcmp(mode, "ra") != 0)
      differ |= lookup_one(in, &t, sec, pcs[i], SFR_PC_IP, 0, &first);
    if (strcmp(mode, "ip") != 0)
      differ |= lookup_one(in, &t, sec, pcs[i], SFR_PC_RA, 0, &first);
  }
  if (in->json)
    printf("]%s", all ? "" : "}\n");
  if (all && in->json)
    printf(",\"every_pc\":{\"pcs\":%zu,\"differ\":%zu}}\n", n, nd);
  else if (all)
    printf("every PC: %zu looked up, %zu answered as the spec does, %zu differ%s\n", n,
           n - nd, nd, nd > 20 && !in->verbose ? " (the first 20 shown)" : "");
  table_free(&t);
  if (all && n == 0) {
    fprintf(stderr, "sfref: %s: error: --every-pc: the section has no function with a byte "
            "in it: nothing was looked up\n", in->file);
    return 2;
  }
  return differ;
}

/* ---- unwind: the profiler's walk beside the spec's ---- */

int ddprof_unwind(const ddprof_input *in, const sfr_section *sec, const snapshot *snap) {
  sfr_regs *df = calloc(snap->max_frames, sizeof *df), *sf = calloc(snap->max_frames, sizeof *sf);
  sfd_unwind_stop stop = SFD_UNWIND_NEXT;
  sfd_table t;
  size_t n = 1;
  int differ;
  /* The walker's bottom is its own stack slot plus 1 MiB; a snapshot has
   * the interrupted SP, which stands for it. */
  uint64_t bottom = snap->regs.sp + 0x100000;
  if (!df || !sf || !table_of(in, &t)) {
    free(df);
    free(sf);
    if (!df || !sf)
      fprintf(stderr, "sfref: error: out of memory\n");
    return 2;
  }
  df[0] = snap->regs;
  if (in->json)
    printf("{\"profile\":\"%s\",\"reader\":\"ddprof\",\"ddprof\":{\"frames\":[",
           sfd_gen_get(in->gen)->name);
  else
    printf("# %s (%s)\nddprof:\n", sfd_gen_get(in->gen)->name,
           t.accepted ? "section used" : "section not used: the library's .eh_frame instead");
  while (n < snap->max_frames) {
    sfd_answer a;
    const sfr_regs *cur = &df[n - 1];
    stop = sfd_unwind_frame(&t, snapshot_read_mem, (void *)snap, cur, (int)n, bottom, &df[n], &a);
    if (in->json)
      printf("%s{\"pc\":\"0x%" PRIx64 "\",\"sp\":\"0x%" PRIx64 "\",\"fp\":\"0x%" PRIx64
             "\",\"lookup\":\"%s\",\"row\":%" PRId64 "}",
             n > 1 ? "," : "", cur->pc, cur->sp, cur->fp, sfd_outcome_name(a.outcome), a.index);
    else
      printf("#%zu pc 0x%" PRIx64 " sp 0x%" PRIx64 " fp 0x%" PRIx64 "  %s", n - 1, cur->pc,
             cur->sp, cur->fp, sfd_outcome_name(a.outcome));
    if (!in->json && a.outcome == SFD_LOOKUP_ROW)
      printf(" row %" PRId64 " (FDE %" PRIu32 " FRE %" PRIu32 ")", a.index, a.row.fde, a.row.fre);
    if (!in->json)
      printf("\n");
    if (stop != SFD_UNWIND_NEXT)
      break;
    n++;
  }
  if (in->json)
    printf("],\"stop\":\"%s\"},", stop == SFD_UNWIND_NEXT ? "frame-limit" : sfd_unwind_stop_name(stop));
  else
    printf("stop: %s\n", stop == SFD_UNWIND_NEXT ? "frame-limit" : sfd_unwind_stop_name(stop));
  differ = answer_spec_walk(in->json, sec, snap, df, n < snap->max_frames ? n : snap->max_frames,
                            sf);
  table_free(&t);
  free(df);
  free(sf);
  return differ;
}
