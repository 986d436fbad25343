/* SPDX-License-Identifier: MIT */
/* conserve_print.c - sfcfi conserve's report, as text or JSON
 * (conserve_state.h). */
#include "conserve_state.h"
#include "sfc_json.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

static const char *bind_name(uint8_t b) {
  return b == STB_LOCAL ? "local" : b == STB_WEAK ? "weak" : "global";
}

void sc_conserve_print_text(const state *s, FILE *out) {
  const output *o = &s->out;
  if (o->usable)
    fprintf(out, "sfcfi conserve: %s (SFrame version %u, %s, flags 0x%x, %u FDEs) from %zu inputs\n", o->path,
            o->sf.sec.version, sfr_abi_name(o->sf.sec.abi), o->sf.sec.flags, o->sf.sec.num_fdes, s->nin);
  else
    fprintf(out, "sfcfi conserve: %s (%s) from %zu inputs\n", o->path, o->why, s->nin);
  if (s->o->verbose)
    for (size_t n = 0; n < s->nin; n++) {
      const input *in = &s->in[n];
      if (!in->nsubs)
        fprintf(out, "input %s: no .sframe\n", in->path);
      else
        fprintf(out, "input %s: SFrame version %u%s, %zu functions\n", in->path, in->subs[0].sf.sec.version,
                in->nsubs > 1 ? " (and further sections)" : "", in->nfuncs);
    }
  for (size_t i = 0; i < s->nitems; i++) {
    const citem *it = &s->items[i];
    if ((it->cls == K_KEPT || it->cls == K_DROPPED) && !s->o->verbose)
      continue;
    const char *path = s->in[it->input].path;
    fprintf(out, "%s %s (%s %s+0x%llx) 0x%llx-0x%llx", sc_conserve_class[it->cls], it->name[0] ? it->name : "?", path,
            it->secname[0] ? it->secname : "?", (unsigned long long)it->secoff,
            (unsigned long long)it->in_start, (unsigned long long)(it->in_start + it->size));
    if (it->out_sym != NO_SYM && (it->cls == K_KEPT || it->cls == K_DIFFERS || it->cls == K_MISSING))
      fprintf(out, " -> 0x%llx", (unsigned long long)it->out_start);
    if (it->cls == K_DIFFERS && it->sp.have_first)
      fprintf(out, ": first at 0x%llx (input 0x%llx): input: %s output: %s", (unsigned long long)it->sp.first_b,
              (unsigned long long)it->sp.first_a, it->sp.text_a, it->sp.text_b);
    else if (it->reason[0])
      fprintf(out, ": %s", it->reason);
    fputc('\n', out);
  }
  for (size_t i = 0; i < s->nmade; i++) {
    const lmade *m = &s->made[i];
    fprintf(out, "linker-made %s 0x%llx-0x%llx: %u rows (%s)%s%s\n", m->section[0] ? m->section : "?",
            (unsigned long long)m->start, (unsigned long long)(m->start + m->size), m->rows, m->kind,
            m->func[0] ? " at " : "", m->func);
  }
  for (size_t i = 0; i < s->nprobs; i++)
    fprintf(out, "%s: %s\n", s->probs[i].flag, s->probs[i].detail);
  if (o->usable && o->sf.rejects)
    fprintf(out, "output-invalid: the output's .sframe is not valid (%s): run sfref validate\n",
            sc_sframe_rejection(&o->sf));
  for (size_t i = 0; i < s->nnotes; i++)
    fprintf(out, "note: %s\n", s->notes[i]);
  fprintf(out,
          "summary: %zu inputs, %zu functions: %zu kept, %zu differs, %zu missing, %zu dropped-code, %zu unmapped; "
          "%zu linker-made; %zu flag problems\n",
          s->nin, s->nitems, s->count[K_KEPT], s->count[K_DIFFERS], s->count[K_MISSING], s->count[K_DROPPED],
          s->count[K_UNMAPPED], s->nmade, s->nprobs);
}

static void json_hex(FILE *out, const char *key, uint64_t v) {
  fprintf(out, ", \"%s\": \"0x%llx\"", key, (unsigned long long)v);
}

void sc_conserve_print_json(const state *s, FILE *out) {
  const output *o = &s->out;
  fprintf(out, "{\"output\": ");
  sfc_json_str(out, o->path);
  if (o->usable) {
    fprintf(out, ", \"output_sframe\": {\"version\": %u, \"abi\": \"%s\", \"flags\": %u, \"fdes\": %u, \"valid\": %s",
            o->sf.sec.version, sfr_abi_name(o->sf.sec.abi), o->sf.sec.flags, o->sf.sec.num_fdes,
            o->sf.rejects ? "false" : "true");
    if (o->sf.rejects) {
      fprintf(out, ", \"rejection\": ");
      sfc_json_str(out, sc_sframe_rejection(&o->sf));
    }
    fputc('}', out);
  } else {
    fprintf(out, ", \"output_sframe\": null, \"output_sframe_why\": ");
    sfc_json_str(out, o->why);
  }
  fprintf(out,
          ",\n \"inputs\": %zu, \"functions\": %zu, \"kept\": %zu, \"differs\": %zu, \"missing\": %zu, "
          "\"dropped_code\": %zu, \"unmapped\": %zu, \"linker_made\": %zu, \"flags\": %zu,\n",
          s->nin, s->nitems, s->count[K_KEPT], s->count[K_DIFFERS], s->count[K_MISSING], s->count[K_DROPPED],
          s->count[K_UNMAPPED], s->nmade, s->nprobs);
  fprintf(out, " \"input_files\": [");
  for (size_t n = 0; n < s->nin; n++) {
    const input *in = &s->in[n];
    fprintf(out, "%s\n  {\"path\": ", n ? "," : "");
    sfc_json_str(out, in->path);
    if (in->nsubs)
      fprintf(out, ", \"version\": %u, \"sections\": %zu", in->subs[0].sf.sec.version, in->nsubs);
    else
      fprintf(out, ", \"version\": null, \"sections\": 0");
    fprintf(out, ", \"functions\": %zu}", in->nfuncs);
  }
  fprintf(out, "%s],\n \"items\": [", s->nin ? "\n " : "");
  for (size_t i = 0; i < s->nitems; i++) {
    const citem *it = &s->items[i];
    fprintf(out, "%s\n  {\"class\": \"%s\", \"input\": ", i ? "," : "", sc_conserve_class[it->cls]);
    sfc_json_str(out, s->in[it->input].path);
    fprintf(out, ", \"function\": ");
    sfc_json_str(out, it->name);
    fprintf(out, ", \"binding\": \"%s\", \"section\": ", it->name[0] ? bind_name(it->bind) : "");
    sfc_json_str(out, it->secname);
    json_hex(out, "offset", it->secoff);
    json_hex(out, "input_start", it->in_start);
    fprintf(out, ", \"size\": %llu, \"rows\": %u", (unsigned long long)it->size, it->rows);
    if (it->out_sym != NO_SYM && (it->cls == K_KEPT || it->cls == K_DIFFERS || it->cls == K_MISSING))
      json_hex(out, "output_start", it->out_start);
    else
      fprintf(out, ", \"output_start\": null");
    fprintf(out, ", \"pieces\": %zu, \"pieces_different\": %zu", it->sp.pieces, it->sp.different);
    if (it->cls == K_DIFFERS && it->sp.have_first) {
      fprintf(out, ", \"first_difference\": {\"output\": \"0x%llx\", \"input\": \"0x%llx\", \"input_reading\": ",
              (unsigned long long)it->sp.first_b, (unsigned long long)it->sp.first_a);
      sfc_json_str(out, it->sp.text_a);
      fprintf(out, ", \"output_reading\": ");
      sfc_json_str(out, it->sp.text_b);
      fputc('}', out);
    }
    fprintf(out, ", \"reason\": ");
    sfc_json_str(out, it->reason);
    fputc('}', out);
  }
  fprintf(out, "%s],\n \"linker_made_fdes\": [", s->nitems ? "\n " : "");
  for (size_t i = 0; i < s->nmade; i++) {
    const lmade *m = &s->made[i];
    fprintf(out, "%s\n  {\"fde\": %u, \"section\": ", i ? "," : "", m->fde);
    sfc_json_str(out, m->section);
    fprintf(out, ", \"kind\": \"%s\"", m->kind);
    json_hex(out, "start", m->start);
    fprintf(out, ", \"size\": %llu, \"rows\": %u, \"function\": ", (unsigned long long)m->size, m->rows);
    sfc_json_str(out, m->func);
    fputc('}', out);
  }
  fprintf(out, "%s],\n \"flag_problems\": [", s->nmade ? "\n " : "");
  for (size_t i = 0; i < s->nprobs; i++) {
    fprintf(out, "%s{\"flag\": \"%s\", \"detail\": ", i ? ", " : "", s->probs[i].flag);
    sfc_json_str(out, s->probs[i].detail);
    fputc('}', out);
  }
  fprintf(out, "],\n \"notes\": [");
  for (size_t i = 0; i < s->nnotes; i++) {
    fprintf(out, "%s", i ? ", " : "");
    sfc_json_str(out, s->notes[i]);
  }
  fprintf(out, "]}\n");
}
