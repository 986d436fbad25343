/* SPDX-License-Identifier: MIT */
/* audit_html.c - sfaudit's report as one web page (--html FILE): the
 * figures at the top, the predictions where pieces meet coloured by
 * whether they break, the readers, and a row per package (or directory)
 * with its .sframe against its .eh_frame as a bar.  No script, no
 * external file: it opens from disk in any browser. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit_html.h"
#include "sfc_tools.h"

static void esc(FILE *f, const char *s) {
  for (; s && *s; s++)
    switch (*s) {
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '&': fputs("&amp;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
}

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.5em}"
    "h2{font-size:1.15em;margin-top:2em}table{border-collapse:collapse;margin:.5em 0}"
    "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}"
    "th{background:#f0f0f0}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".cards{display:flex;flex-wrap:wrap;gap:12px}.card{border:1px solid #ccc;border-radius:6px;padding:8px 14px}"
    ".card b{display:block;font-size:1.6em}.ok{background:#dff3df}.bad{background:#f8d7d7}"
    ".unk{background:#eee}.miss{outline:3px solid #c00}.bar{background:#e4e4e4;width:160px;height:10px;"
    "display:inline-block}.bar i{display:block;height:10px;background:#4a7fc1}small{color:#666}";

static void card(FILE *f, const char *label, const char *cls, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void card(FILE *f, const char *label, const char *cls, const char *fmt, ...) {
  va_list ap;
  fprintf(f, "<div class=\"card %s\"><b>", cls);
  va_start(ap, fmt);
  vfprintf(f, fmt, ap);
  va_end(ap);
  fputs("</b>", f);
  esc(f, label);
  fputs("</div>\n", f);
}

static void target_cards(FILE *f, const au_report *r);

static void cards(FILE *f, const au_totals *t, const au_report *r) {
  size_t elf = t->objects - t->not_elf, bad = t->invalid + t->malformed;
  fputs("<div class=\"cards\">\n", f);
  card(f, "ELF objects audited", "", "%zu", elf);
  if (r->nskips)
    card(f, "inputs not audited (listed below)", "unk", "%zu", r->nskips);
  card(f, "with .sframe (v1 / v2 / v3)", "", "%zu <small>%zu / %zu / %zu</small>", t->with_sframe,
       t->by_version[1], t->by_version[2], t->by_version[3]);
  card(f, ".sframe the oracle rejects", bad ? "bad" : "ok", "%zu", bad);
  card(f, "programs or libraries a kernel generation refuses", t->kernel_refused ? "bad" : "ok", "%zu",
       t->kernel_refused);
  if (t->gs_functions)
    card(f, "with --gsframe: functions written (left out)", "", "%zu <small>(%zu, %.1f%%)</small>",
         t->gs_converted, t->gs_skipped, 100.0 * (double)t->gs_skipped / (double)t->gs_functions);
  if (t->eh_frame_bytes && t->gs_bytes)
    card(f, "--gsframe's .sframe against .eh_frame", "", "%.2f&times;",
         (double)t->gs_bytes / (double)t->eh_frame_bytes);
  if (t->checked)
    card(f, ".sframe disagreeing with its own CFI (sfcfi check)", t->check_disagree ? "bad" : "ok", "%zu <small>of %zu</small>",
         t->check_disagree, t->checked);
  target_cards(f, r);
  fputs("</div>\n", f);
}

/* "kernel-v12: rule; kernel-v13: rule" as "v12, v13", the rules on hover. */
/* The generations that refuse, by their short names; the rules in the title. */
static void kernel_cell(FILE *f, const au_refusals *k) {
  char all[AU_REFUSALS_LEN];
  int first = 1;
  if (!k->gens) {
    fputs("<td>-</td>", f);
    return;
  }
  au_refusals_str(k, all, sizeof all);
  fputs("<td title=\"", f);
  esc(f, all);
  fputs("\">", f);
  for (int g = 0; g < SFK_GEN_NUM; g++)
    if (k->gens >> g & 1u) {
      const char *name = sfk_gen_get((sfk_gen)g)->name;
      fprintf(f, "%s", first ? "" : ", ");
      esc(f, !strncmp(name, "kernel-", 7) ? name + 7 : name);
      first = 0;
    }
  fputs("</td>", f);
}

/* The target linker's prediction per architecture, as cards. */
static void target_cards(FILE *f, const au_report *r) {
  for (size_t i = 0; i < r->np; i++) {
    const au_prediction *p = &r->ps[i];
    if (!p->target)
      continue;
    char label[160];
    snprintf(label, sizeof label, "%s, %s link, by %s: %s", p->arch, au_mode_name(r->mode), p->linker,
             p->breaks ? "would break" : "nothing breaks");
    card(f, label, p->outcome == AU_OUTCOME_UNKNOWN ? "unk" : p->breaks ? "bad" : "ok", "%c <small>%s</small>",
         au_outcome_letter(p->outcome), au_outcome_name(p->outcome));
  }
}

static void predictions(FILE *f, const au_report *r) {
  const char *arch = "";
  char buf[AU_REFUSALS_LEN];
  if (r->np == 0)
    return;
  for (size_t i = 0; i < r->np; i++) {
    const au_prediction *p = &r->ps[i];
    if (strcmp(arch, p->arch)) {
      if (arch[0])
        fputs("</table>\n", f);
      arch = p->arch;
      fprintf(f, "<h2>Predictions where pieces meet: %s, %s link</h2>\n<p>%zu relocatable objects linked together; "
                 ".sframe with functions: <code>", arch, au_mode_name(r->mode), p->s.objects);
      au_kinds_str(p->s.inputs, buf, sizeof buf);
      esc(f, buf);
      fputs("</code>, empty .sframe: <code>", f);
      au_kinds_str(p->s.empty, buf, sizeof buf);
      esc(f, buf);
      fprintf(f, "</code>; without .sframe: %zu objects (%zu functions uncovered).</p>\n", p->s.gap_objects,
              p->s.gap_functions);
      fputs("<table><tr><th>linker</th><th>prediction</th><th>output valid</th><th>kernel refuses</th>"
            "<th>rests on</th><th>linked (--confirm)</th></tr>\n", f);
    }
    int unknown = p->outcome == AU_OUTCOME_UNKNOWN;
    fprintf(f, "<tr class=\"%s%s\"><td>", unknown ? "unk" : p->breaks ? "bad" : "ok", p->missed ? " miss" : "");
    esc(f, p->linker);
    fprintf(f, "%s</td><td>%c ", p->target ? " <b>(target)</b>" : "", au_outcome_letter(p->outcome));
    esc(f, au_outcome_name(p->outcome));
    fputs("</td><td>", f);
    esc(f, unknown ? "" : au_valid_name(p->valid));
    fputs("</td>", f);
    kernel_cell(f, &p->kernel);
    fputs("<td>", f);
    au_prediction_basis(p, r->mode, buf, sizeof buf);
    esc(f, buf);
    if (p->gs_asked) {
      fprintf(f, "<br><span class=\"%s\">with --gsframe everywhere: %c ", p->gs_breaks ? "bad" : "ok",
              au_outcome_letter(p->gs_outcome));
      esc(f, au_outcome_name(p->gs_outcome));
      fputs("</span> <small>", f);
      esc(f, au_basis_text(p->gs_basis));
      fputs("</small>", f);
    }
    fputs("</td><td>", f);
    if (p->seen.ran)
      fprintf(f, "%s: %c ", p->missed ? "<b>did not come true</b>" : p->outcome == p->seen.outcome ? "as predicted" : "linked",
              au_outcome_letter(p->seen.outcome));
    esc(f, p->seen.ran ? au_outcome_name(p->seen.outcome) : p->seen.detail[0] ? p->seen.detail : "-");
    fputs("</td></tr>\n", f);
  }
  fputs("</table>\n", f);
}

static void readers(FILE *f, const au_report *r) {
  if (!r->t->with_sframe)
    return;
  fputs("<h2>Who can read it</h2>\n<table><tr><th>reader</th><th>.sframe it reads</th><th>of</th></tr>\n", f);
  for (size_t i = 0; i < r->rd->n; i++) {
    fputs("<tr><td>", f);
    esc(f, r->rd->r[i].name);
    fprintf(f, "</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td></tr>\n", r->readable[i], r->t->with_sframe);
  }
  fputs("</table>\n", f);
}

static void groups(FILE *f, const au_report *r) {
  unsigned long long most = 1;
  for (size_t i = 0; i < r->ngroups; i++) {
    unsigned long long b = r->groups[i].eh_bytes > r->groups[i].gs_bytes ? r->groups[i].eh_bytes : r->groups[i].gs_bytes;
    most = b > most ? b : most;
  }
  fprintf(f, "<h2>By %s</h2>\n<table><tr><th>%s</th><th>ELF objects</th><th>with .sframe</th><th>would break</th>"
             "<th>--gsframe: written</th><th>left out</th><th>.sframe bytes (--gsframe) / .eh_frame bytes</th></tr>\n",
          r->by_package ? "package" : "directory", r->by_package ? "package" : "directory");
  for (size_t i = 0; i < r->ngroups; i++) {
    const au_group *g = &r->groups[i];
    fprintf(f, "<tr class=\"%s\"><td>", g->bad ? "bad" : "");
    esc(f, g->name);
    fprintf(f, "</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td>"
               "<td class=\"n\">%zu</td><td><span class=\"bar\"><i style=\"width:%.0f%%\"></i></span> "
               "<span class=\"bar\"><i style=\"width:%.0f%%;background:#999\"></i></span> <small>%llu / %llu</small></td></tr>\n",
            g->objects, g->with_sframe, g->bad, g->converted, g->skipped, 100.0 * (double)g->gs_bytes / (double)most,
            100.0 * (double)g->eh_bytes / (double)most, g->gs_bytes, g->eh_bytes);
  }
  fputs("</table>\n", f);
}

/* The inputs not audited, each with its reason (the first 2,000). */
static void not_audited(FILE *f, const au_report *r) {
  enum { MAX_ROWS = 2000 };
  if (!r->nskips)
    return;
  fprintf(f, "<h2>Not audited: %zu inputs</h2>\n<table><tr><th>why</th><th>path</th><th>reason</th></tr>\n",
          r->nskips);
  for (size_t i = 0; i < r->nskips && i < MAX_ROWS; i++) {
    fputs("<tr><td>", f);
    esc(f, au_skip_name(r->skips[i].kind));
    fputs("</td><td>", f);
    esc(f, r->skips[i].name);
    fputs("</td><td>", f);
    esc(f, r->skips[i].why);
    fputs("</td></tr>\n", f);
  }
  fputs("</table>\n", f);
  if (r->nskips > MAX_ROWS)
    fprintf(f, "<p>... and %zu more (sfaudit --json lists every one).</p>\n", r->nskips - MAX_ROWS);
}

int au_html(const char *path, const au_report *r) {
  char tmp[4200];
  FILE *f;
  /* /dev/null or a FIFO is written into, never replaced */
  int direct = sfc_not_regular(path);
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
  if (!(f = fopen(direct ? path : tmp, "w")))
    return -1;
  fprintf(f, "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>sfaudit report</title><style>%s</style>"
             "</head><body>\n<h1>sfaudit: what SFrame is here, is it right, who can read it, what will break</h1>\n",
          style);
  cards(f, r->t, r);
  predictions(f, r);
  readers(f, r);
  groups(f, r);
  not_audited(f, r);
  fputs("<p><small>Outcomes: K merged, P merged with functions lost, C concatenated, S split in two sections, "
        "E emptied, D dropped, R link refused, N no .sframe input, ? not measured. Red: would break (the "
        "link fails, the .sframe is not one valid section with every input function, the kernel refuses it, "
        "or objects without .sframe leave functions uncovered). audit/README.md says more.</small></p>\n"
        "</body></html>\n", f);
  if (direct)
    return fclose(f) == 0 ? 0 : -1;
  if (fclose(f) != 0 || rename(tmp, path) != 0) {
    unlink(tmp);
    return -1;
  }
  return 0;
}
