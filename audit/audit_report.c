/* SPDX-License-Identifier: MIT */
/* audit_report.c - sfaudit's output: one JSON object per ELF object or
 * archive member (--json, the unit that merges across machines), and the
 * summary table of a run. */
#include <elf.h>
#include <inttypes.h>
#include <string.h>

#include "audit_report.h"
#include "sfc_json.h"
#include "sframe_ref.h"

/* A string in JSON (sfcfi's writer), "" for NULL. */
static void json_str(FILE *out, const char *s) { sfc_json_str(out, s ? s : ""); }

const char *au_skip_name(au_skip s) {
  static const char *const names[AU_SKIP_COUNT] = {"audited", "not-elf", "truncated", "foreign-elf",
                                                   "unreadable", "special-file", "dangling-link",
                                                   "link-not-followed"};
  return (unsigned)s < AU_SKIP_COUNT ? names[s] : "unknown";
}

static const char *type_name(uint16_t t) {
  return t == ET_REL ? "relocatable" : t == ET_EXEC ? "executable" : t == ET_DYN ? "shared" : "other";
}

static void sframe_json(FILE *out, const au_object *o, const au_readers *rd) {
  fprintf(out, ",\"sframe\":{\"version\":%u,\"abi\":", o->version);
  json_str(out, sfr_abi_name(o->abi));
  fprintf(out, ",\"flags\":%u,\"functions\":%" PRIu32 ",\"bytes\":%" PRIu64 ",\"verdict\":", o->flags,
          o->functions, o->sizes.sframe);
  json_str(out, o->verdict ? sfr_class_name((sfr_class)o->verdict) : "valid");
  fprintf(out, ",\"findings\":%zu,\"finding_names\":", o->nfindings);
  json_str(out, o->findings);
  if (o->type != ET_REL) {
    fprintf(out, ",\"kernel_generations\":%u,\"kernel_registered\":%u,\"kernel_refusals\":", o->kernels,
            o->kernels_ok);
    char refusals[AU_REFUSALS_LEN] = "";
    if (o->kernel.gens)
      au_refusals_str(&o->kernel, refusals, sizeof refusals);
    json_str(out, refusals);
  }
  if (o->checked) {
    fprintf(out, ",\"cfi_check\":{\"functions_both\":%zu,\"cfi_only\":%zu,\"sframe_only\":%zu,\"rows\":%zu,"
                 "\"agree\":%zu,\"disagree\":%zu,\"disagreement_classes\":",
            o->check.both, o->check.cfi_only, o->check.sframe_only, o->check.compared, o->check.agree,
            o->check.disagree);
    json_str(out, o->check.disagreement_classes);
    fputs(",\"cfi_only_classes\":", out);
    json_str(out, o->check.cfi_only_classes);
    fputc('}', out);
  } else if (o->check_error[0]) {
    fputs(",\"cfi_check_error\":", out);
    json_str(out, o->check_error);
  }
  fputs(",\"readers\":{", out);
  for (size_t i = 0; i < rd->n; i++) {
    fprintf(out, "%s", i ? "," : "");
    json_str(out, rd->r[i].name);
    fprintf(out, ":%s", (o->readers_ok >> i & 1u) ? "true" : "false");
  }
  fputs("}}", out);
}

static void gsframe_json(FILE *out, const au_object *o) {
  fprintf(out, ",\"gsframe\":{\"version\":%u,\"converted\":%zu,\"skipped\":%zu,\"bytes\":%" PRIu64 ",\"by_reason\":{",
          SFR_VERSION_MAX, o->gs.converted, o->gs.skipped, o->gs_bytes);
  for (int r = 1, first = 1; r < SC_REASON_COUNT; r++)
    if (o->gs.by_reason[r]) {
      fprintf(out, "%s", first ? "" : ",");
      json_str(out, sc_reason_name((sc_reason)r));
      fprintf(out, ":%zu", o->gs.by_reason[r]);
      first = 0;
    }
  fputs("}}", out);
}

void au_object_json(FILE *out, const au_object *o, const au_readers *rd) {
  fputs("{\"path\":", out);
  json_str(out, o->path);
  if (o->member) {
    fputs(",\"member\":", out);
    json_str(out, o->member);
  }
  if (o->package) {
    fputs(",\"package\":", out);
    json_str(out, o->package);
  }
  if (!o->elf_ok) {
    fputs(",\"skipped\":", out);
    json_str(out, au_skip_name(o->skipped ? o->skipped : AU_SKIP_NOT_ELF));
    fputs(",\"error\":", out);
    json_str(out, o->error);
    fputs("}\n", out);
    return;
  }
  fprintf(out, ",\"type\":\"%s\",\"abi\":", type_name(o->type));
  json_str(out, o->abi ? sfr_abi_name(o->abi) : "unknown");
  fprintf(out, ",\"eh_frame\":%" PRIu64 ",\"eh_frame_hdr\":%" PRIu64 ",\"debug_frame\":%" PRIu64,
          o->sizes.eh_frame, o->sizes.eh_frame_hdr, o->sizes.debug_frame);
  if (o->has_sframe)
    sframe_json(out, o, rd);
  else if (o->gsframe_done)
    gsframe_json(out, o);
  else if (o->gs_error[0]) {
    fputs(",\"gsframe_error\":", out);
    json_str(out, o->gs_error);
  }
  fputs("}\n", out);
}

void au_totals_add(au_totals *t, const au_object *o) {
  t->objects++;
  if (!o->elf_ok) {
    t->not_elf++;
    t->by_skip[o->skipped ? o->skipped : AU_SKIP_NOT_ELF]++;
    return;
  }
  t->eh_frame_bytes += o->sizes.eh_frame;
  if (o->has_sframe) {
    t->with_sframe++;
    t->sframe_bytes += o->sizes.sframe;
    if (o->version < 4)
      t->by_version[o->version]++;
    t->malformed += o->verdict == SFR_CLASS_MALFORMED;
    t->invalid += o->verdict == SFR_CLASS_INVALID;
    t->questionable += o->verdict == SFR_CLASS_QUESTIONABLE;
    t->kernel_refused += o->kernels_ok < o->kernels;
    t->checked += (size_t)o->checked;
    t->check_disagree += o->checked && (o->check.disagree || o->check.sframe_only);
    t->cfi_only_functions += o->check.cfi_only;
    return;
  }
  t->without_sframe++;
  if (!o->gsframe_done)
    return;
  t->gs_functions += o->gs.converted + o->gs.skipped;
  t->gs_converted += o->gs.converted;
  t->gs_skipped += o->gs.skipped;
  for (int r = 0; r < SC_REASON_COUNT; r++)
    t->gs_by_reason[r] += o->gs.by_reason[r];
  t->gs_bytes += o->gs_bytes;
}

void au_summary(FILE *out, const au_totals *t, const au_readers *rd, const size_t *readable) {
  fprintf(out, "| what | objects |\n|---|--:|\n");
  static const char *const what[AU_SKIP_COUNT] = {
      "", "not audited: not ELF, an ar archive or a Debian package",
      "not audited: truncated (ELF that ends before its headers say)",
      "not audited: ELF sfcfi does not read (no SFrame ABI)", "not audited: unreadable",
      "not audited: a FIFO, socket or device (never opened)", "not audited: a dangling symbolic link",
      "symbolic links below a directory, not followed"};
  fprintf(out, "| ELF objects (archive members one each) | %zu |\n", t->objects - t->not_elf);
  for (int s = 1; s < AU_SKIP_COUNT; s++)
    if (t->by_skip[s])
      fprintf(out, "| %s | %zu |\n", what[s], t->by_skip[s]);
  fprintf(out, "| with .sframe: version 1 / 2 / 3 | %zu: %zu / %zu / %zu |\n", t->with_sframe,
          t->by_version[1], t->by_version[2], t->by_version[3]);
  fprintf(out, "| .sframe the oracle rejects (malformed / invalid) | %zu / %zu |\n", t->malformed, t->invalid);
  fprintf(out, "| .sframe with questionable findings only | %zu |\n", t->questionable);
  fprintf(out, "| programs and libraries some kernel generation refuses | %zu |\n", t->kernel_refused);
  fprintf(out, "| .sframe held against the object's own CFI (sfcfi check) / disagreeing | %zu / %zu |\n", t->checked,
          t->check_disagree);
  fprintf(out, "| functions with CFI and no SFrame (in objects with .sframe) | %zu |\n", t->cfi_only_functions);
  for (size_t i = 0; i < rd->n; i++)
    fprintf(out, "| .sframe %s reads | %zu |\n", rd->r[i].name, readable[i]);
  fprintf(out, "| without .sframe | %zu |\n", t->without_sframe);
  if (t->gs_functions) {
    fprintf(out, "\nWith --gsframe (version %u, from their CFI): %zu functions, %zu written, %zu left out "
            "(%.1f%%); %" PRIu64 " bytes of .sframe against %" PRIu64 " of .eh_frame (%.2f).\n",
            SFR_VERSION_MAX, t->gs_functions, t->gs_converted, t->gs_skipped,
            100.0 * (double)t->gs_skipped / (double)t->gs_functions, t->gs_bytes, t->eh_frame_bytes,
            t->eh_frame_bytes ? (double)t->gs_bytes / (double)t->eh_frame_bytes : 0.0);
    for (int r = 1; r < SC_REASON_COUNT; r++)
      if (t->gs_by_reason[r])
        fprintf(out, "  left out, %s: %zu\n", sc_reason_name((sc_reason)r), t->gs_by_reason[r]);
  }
}
