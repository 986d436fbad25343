/* SPDX-License-Identifier: MIT */
/* check.c - `sfcfi check`: a file's SFrame section against its CFI, at
 * every address.
 *
 * The addresses of each CFI function are cut where either table changes
 * (a CFI row ends, an SFrame row or function starts; at every address in a
 * row whose CFA is an expression, since its value follows the PC), and each
 * piece is compared once: the SFrame rules the oracle looks up there
 * (sfr_lookup), resolved (sc_resolve), against the CFI row as SFrame would
 * say it (sc_express).  Equal pieces agree; a piece that differs gets the
 * class of its first difference; neighbouring pieces of one class and the
 * same two readings are reported as one range.  Functions in one table only
 * are listed with a class: for the CFI, the reason SFrame cannot hold the
 * function or "expressible" (the producer left it out). */
#include "sc_check.h"
#include "sfc_json.h"

#include <stdlib.h>
#include <string.h>


typedef struct item {
  const char *kind;   /* "disagree", "cfi-only", "sframe-only" */
  const char *cls;
  uint64_t start, end;
  uint64_t func;      /* the function's start (for its name) */
  char sframe[96], cfi[96];
} item;

typedef struct state {
  const sc_elf *e;
  const sc_cfi *c;
  const sc_sframe *sf;
  item *items;
  size_t nitems, cap;
  size_t both, cfi_only, sframe_only;
  size_t compared, agree, disagree;
  int oom;
  /* the rows of the SFrame function looked at last (PCINC only) */
  sfr_fde cur;
  int have_cache;
  struct srow { uint64_t start; sfr_rules rules; } *srows;
  size_t nsrows, srows_cap;
  /* the SFrame functions' ranges, by start */
  uint64_t (*ranges)[2];
  size_t nranges;
} state;

/* Whether finding b continues a (same kind, class, function and readings,
 * starting where a ends): a is extended to cover it. */
static int extends(void *a, const void *b) {
  item *l = a;
  const item *it = b;
  if (l->end != it->start || strcmp(l->kind, it->kind) != 0 || strcmp(l->cls, it->cls) != 0 ||
      l->func != it->func || strcmp(l->sframe, it->sframe) != 0 || strcmp(l->cfi, it->cfi) != 0)
    return 0;
  l->end = it->end;
  return 1;
}

/* Records a finding, extending the last one when it continues it. */
static void add(state *s, const char *kind, const char *cls, uint64_t lo, uint64_t hi, uint64_t func,
                const char *stext, const char *ctext) {
  item it;
  memset(&it, 0, sizeof it);
  it.kind = kind;
  it.cls = cls;
  it.start = lo;
  it.end = hi;
  it.func = func;
  snprintf(it.sframe, sizeof it.sframe, "%s", stext);
  snprintf(it.cfi, sizeof it.cfi, "%s", ctext);
  if (sc_run_add((void **)&s->items, &s->nitems, &s->cap, sizeof it, &it, extends) != 0)
    s->oom = 1;
}

/* Version 3: "an SFrame FDE of type SFRAME_FDE_TYPE_DEFAULT with no FREs
 * is used to indicate an outermost frame" (v3 section 1, as the oracle's
 * unwinder reads it). */
static int empty_is_outermost(const sfr_section *sec, const sfr_fde *fde) {
  return sfr_allows_no_fres(sec->version) && fde->num_fres == 0 && fde->fde_type == SFR_FDE_TYPE_DEFAULT;
}

/* The SFrame reading at pc, as sfr_lookup gives it, and in *pend where it
 * stops being the same (exclusive; 0 when not known, for no function).  A
 * PCINC function's rows are read once with the oracle (sfr_fre_next,
 * sfr_interpret) and kept while the pieces walk through it: the last row
 * starting at or before pc applies (spec 2.4), as in sfr_find_fre, without
 * reading the rows again for each piece.  A PCMASK function is looked up
 * address by address. */
static sfr_lookup_status sframe_at(state *s, uint64_t pc, sfr_lookup_result *res, uint64_t *pend) {
  const sfr_section *sec = &s->sf->sec;
  *pend = 0;
  if (!(s->have_cache && pc >= s->cur.start && pc - s->cur.start < s->cur.size)) {
    s->have_cache = 0;
    if (sfr_find_fde(sec, pc, &s->cur) != SFR_LOOKUP_FOUND)
      return sfr_lookup(sec, pc, SFR_PC_IP, res);
    int ok = s->cur.pc_type == SFR_PCTYPE_INC;
    sfr_fre_iter it;
    sfr_fre_iter_init(sec, &s->cur, &it);
    s->nsrows = 0;
    while (ok) {
      sfr_fre fre;
      int done = 0;
      if (sfr_fre_next(sec, &it, &fre, &done) != SFR_OK) {
        ok = 0;
        break;
      }
      if (done)
        break;
      if (sc_grow((void **)&s->srows, &s->srows_cap, s->nsrows + 1, sizeof *s->srows) != 0) {
        s->oom = 1;
        ok = 0;
        break;
      }
      struct srow *r = &s->srows[s->nsrows];
      r->start = s->cur.start + fre.start;
      if (sfr_interpret(sec, &s->cur, &fre, &r->rules) != SFR_OK) {
        ok = 0;
        break;
      }
      s->nsrows++;
    }
    if (!ok) { /* PCMASK, or rows the cache cannot hold: ask the oracle */
      sfr_lookup_status st = sfr_lookup(sec, pc, SFR_PC_IP, res);
      *pend = pc + 1;
      return st;
    }
    s->have_cache = 1;
  }
  uint64_t fend = s->cur.start + s->cur.size;
  size_t lo = 0, hi = s->nsrows;
  while (lo < hi) { /* the first row starting above pc */
    size_t mid = lo + (hi - lo) / 2;
    if (s->srows[mid].start <= pc)
      lo = mid + 1;
    else
      hi = mid;
  }
  res->fde = s->cur;
  res->pc = pc;
  *pend = lo < s->nsrows && s->srows[lo].start < fend ? s->srows[lo].start : fend;
  if (lo == 0 && empty_is_outermost(sec, &s->cur)) {
    memset(&res->rules, 0, sizeof res->rules);
    res->rules.outermost = 1;
    res->rules.ra.kind = SFR_RULE_UNDEFINED;
    return SFR_LOOKUP_FOUND;
  }
  if (lo == 0)
    return SFR_LOOKUP_NO_FRE;
  res->rules = s->srows[lo - 1].rules;
  return SFR_LOOKUP_FOUND;
}

/* The start of the first SFrame function above pc (or limit). */
static uint64_t next_sframe_start(const state *s, uint64_t pc, uint64_t limit) {
  size_t a = 0, b = s->nranges;
  while (a < b) {
    size_t m = a + (b - a) / 2;
    if (s->ranges[m][0] <= pc)
      a = m + 1;
    else
      b = m;
  }
  return a < s->nranges && s->ranges[a][0] < limit ? s->ranges[a][0] : limit;
}

static int range_cmp(const void *x, const void *y) {
  const uint64_t *a = x, *b = y;
  return a[0] < b[0] ? -1 : a[0] > b[0];
}

static int load_ranges(state *s) {
  const sfr_section *sec = &s->sf->sec;
  s->ranges = malloc((sec->num_fdes ? sec->num_fdes : 1) * sizeof *s->ranges);
  if (!s->ranges)
    return -1;
  for (uint32_t i = 0; i < sec->num_fdes; i++) {
    sfr_fde f;
    if (sfr_get_fde(sec, i, &f) != SFR_OK)
      continue;
    s->ranges[s->nranges][0] = f.start;
    s->ranges[s->nranges][1] = f.start + f.size;
    s->nranges++;
  }
  qsort(s->ranges, s->nranges, sizeof *s->ranges, range_cmp);
  return 0;
}

static const char *first_difference(const sfr_rules *a, const sfr_rules *b) {
  if (a->outermost != b->outermost)
    return "outermost";
  if (a->cfa.reg != b->cfa.reg || a->cfa.offset != b->cfa.offset || a->cfa.deref != b->cfa.deref)
    return "cfa";
  if (a->ra.kind != b->ra.kind || a->ra.reg != b->ra.reg || a->ra.offset != b->ra.offset)
    return "ra";
  if (a->fp.kind != b->fp.kind || a->fp.reg != b->fp.reg || a->fp.offset != b->fp.offset)
    return "fp";
  return "ra-signed";
}

/* The class of a CFI-only function: the first reason SFrame cannot hold one
 * of its rows, or "expressible". */
static const char *cfi_only_class(const state *s, const sc_func *f) {
  if (f->error)
    return sc_reason_name(SC_CFI_ERROR);
  uint8_t version = s->sf->sec.version;
  for (uint32_t i = 0; i < f->nrows; i++) {
    const sc_row *r = &s->c->rows[f->first_row + i];
    if (r->cfa_kind == SC_CFA_EXPR && r->end - r->start > SC_EXPR_SPAN_MAX)
      return sc_reason_name(SC_SIZE);
    uint64_t step = r->cfa_kind == SC_CFA_EXPR && sc_row_reads_pc(s->c, r) ? 1 : r->end - r->start;
    uint64_t limit = r->end;
    for (uint64_t pc = r->start; pc < limit; pc += step) {
      sc_want w;
      sc_express(s->c, f, r, pc, version, &w);
      if (w.reason != SC_OK)
        return sc_reason_name(w.reason);
    }
  }
  return "expressible";
}

static void compare_function(state *s, const sc_func *f) {
  const sfr_section *sec = &s->sf->sec;
  int signal_checked = 0;
  const sc_row *known = NULL; /* a row whose reading is the same at every address */
  sc_want known_w;
  for (uint64_t pc = f->start; pc < f->end && !s->oom;) {
    const sc_row *r = sc_cfi_row_at(s->c, f, pc);
    uint64_t end = r ? r->end : f->end;
    /* An expression is followed address by address (its value follows the
     * PC), up to SC_EXPR_SPAN_MAX bytes of a row; a longer row is read at
     * its first address. */
    if (r && r->cfa_kind == SC_CFA_EXPR && r->end - r->start <= SC_EXPR_SPAN_MAX)
      end = pc + 1;
    sfr_lookup_result res;
    uint64_t pend;
    sfr_lookup_status st = sframe_at(s, pc, &res, &pend);
    const char *cls = NULL;
    char stext[96] = "", ctext[96] = "";
    if (st == SFR_LOOKUP_NO_FDE) {
      uint64_t n = next_sframe_start(s, pc, f->end);
      if (n < end)
        end = n;
      cls = "sframe-short";
      snprintf(stext, sizeof stext, "no function");
    } else {
      if (pend && pend < end)
        end = pend;
      if (!pend)
        end = pc + 1;
      if (st != SFR_LOOKUP_FOUND) {
        cls = st == SFR_LOOKUP_NO_FRE ? "no-row"
              : st == SFR_LOOKUP_REP_SIZE_UNKNOWN ? "rep-size-unknown" : "bad-data";
        snprintf(stext, sizeof stext, "%s", sfr_lookup_status_name(st));
      }
    }
    if (end <= pc)
      end = pc + 1;
    sc_want w;
    memset(&w, 0, sizeof w);
    if (!r) {
      w.reason = SC_CFI_ERROR;
    } else if (r == known) {
      w = known_w;
    } else {
      sc_express(s->c, f, r, pc, sec->version, &w);
      if (!sc_row_reads_pc(s->c, r)) { /* the expression rows' addresses need it once */
        known = r;
        known_w = w;
      }
    }
    /* No SFrame row where the CFI says what SFrame cannot: both are silent
     * (a function's first bytes before `.cfi_def_cfa`, N37). */
    if (st == SFR_LOOKUP_NO_FRE && w.reason != SC_OK) {
      cls = NULL;
      stext[0] = 0;
    }
    sfr_rules got;
    memset(&got, 0, sizeof got);
    if (!cls && st == SFR_LOOKUP_FOUND) {
      got = res.rules;
      sc_resolve(sec, &got);
      if (w.reason != SC_OK) {
        cls = sc_covers_name(w.reason);
      } else if (!sc_rules_equal(&got, &w.rules)) {
        cls = first_difference(&got, &w.rules);
      } else if (sfr_has_fde_attr(sec->version) && !signal_checked && res.fde.signal != w.signal) {
        cls = "signal";
      }
      signal_checked = 1;
    }
    /* The two readings as text, for a disagreement only. */
    if (cls) {
      if (stext[0] == 0) {
        sc_rules_text(sec->abi, &got, stext, sizeof stext);
        if (strcmp(cls, "signal") == 0)
          snprintf(stext + strlen(stext), sizeof stext - strlen(stext), " signal=%u", res.fde.signal);
      }
      if (!r)
        snprintf(ctext, sizeof ctext, "no row (%s)", f->error ? f->error : "libdw");
      else if (w.reason != SC_OK)
        snprintf(ctext, sizeof ctext, "%s", sc_reason_name(w.reason));
      else
        sc_rules_text(sec->abi, &w.rules, ctext, sizeof ctext);
      if (strcmp(cls, "signal") == 0)
        snprintf(ctext + strlen(ctext), sizeof ctext - strlen(ctext), " signal=%u", w.signal);
    }
    s->compared++;
    if (cls) {
      s->disagree++;
      add(s, "disagree", cls, pc, end, f->start, stext, ctext);
    } else {
      s->agree++;
    }
    pc = end;
  }
}

/* 1 when some SFrame function overlaps [lo, hi) (a valid section's
 * functions do not overlap one another). */
static int sframe_overlaps(const state *s, uint64_t lo, uint64_t hi) {
  size_t a = 0, b = s->nranges;
  while (a < b) { /* the first function starting at or above hi */
    size_t m = a + (b - a) / 2;
    if (s->ranges[m][0] < hi)
      a = m + 1;
    else
      b = m;
  }
  return a > 0 && s->ranges[a - 1][1] > lo;
}

static int cfi_overlaps(const sc_cfi *c, uint64_t lo, uint64_t hi) {
  size_t a = 0, b = c->nfuncs;
  while (a < b) { /* first function starting at or above hi */
    size_t m = a + (b - a) / 2;
    if (c->funcs[m].start < hi)
      a = m + 1;
    else
      b = m;
  }
  for (size_t i = a; i-- > 0;) {
    if (c->funcs[i].end > lo)
      return 1;
    if (a - i > 64)
      break; /* functions do not nest that deep */
  }
  return 0;
}

/* Class counts of one kind, in first-seen order. */
static void class_counts(const state *s, const char *kind, FILE *out, int json) {
  const char *seen[64];
  size_t counts[64], n = 0;
  for (size_t i = 0; i < s->nitems; i++) {
    const item *it = &s->items[i];
    if (strcmp(it->kind, kind) != 0)
      continue;
    size_t j = 0;
    while (j < n && strcmp(seen[j], it->cls) != 0)
      j++;
    if (j == n) {
      if (n == 64)
        continue;
      seen[n] = it->cls;
      counts[n++] = 0;
    }
    counts[j]++;
  }
  for (size_t j = 0; j < n; j++) {
    if (json) {
      fprintf(out, "%s", j ? ", " : "");
      sfc_json_str(out, seen[j]);
      fprintf(out, ": %zu", counts[j]);
    } else {
      fprintf(out, "%s%s %zu", j ? ", " : " ", seen[j], counts[j]);
    }
  }
}

/* Every function of either table: compared where both have it, else
 * classed (cfi-only by the reason SFrame cannot hold it; sframe-only). */
static void compare_tables(state *s) {
  const sc_cfi *c = s->c;
  for (size_t i = 0; i < c->nfuncs && !s->oom; i++) {
    const sc_func *f = &c->funcs[i];
    if (sframe_overlaps(s, f->start, f->end)) {
      s->both++;
      compare_function(s, f);
    } else {
      s->cfi_only++;
      add(s, "cfi-only", cfi_only_class(s, f), f->start, f->end, f->start, "", "");
    }
  }
  for (uint32_t i = 0; i < s->sf->sec.num_fdes && !s->oom; i++) {
    sfr_fde fde;
    if (sfr_get_fde(&s->sf->sec, i, &fde) != SFR_OK)
      continue;
    uint64_t end = fde.start + fde.size;
    if (!cfi_overlaps(c, fde.start, end)) {
      s->sframe_only++;
      add(s, "sframe-only", fde.pc_type == SFR_PCTYPE_INC ? "no-cfi" : "no-cfi-pcmask", fde.start, end, fde.start,
          "", "");
    }
  }
}

/* The result as one JSON object. */
static void print_json(const state *s, const sc_check_opts *o, FILE *out) {
  const char *abi = sfr_abi_name(s->e->abi);
  fprintf(out, "{\"file\": ");
  sfc_json_str(out, o->path);
  fprintf(out, ", \"abi\": \"%s\", \"cfi_section\": \"%s\", \"sframe_version\": %u,\n", abi, s->c->section,
          s->sf->sec.version);
  fprintf(out, " \"functions\": {\"both\": %zu, \"cfi_only\": %zu, \"sframe_only\": %zu},\n", s->both,
          s->cfi_only, s->sframe_only);
  fprintf(out, " \"rows\": {\"compared\": %zu, \"agree\": %zu, \"disagree\": %zu},\n", s->compared, s->agree,
          s->disagree);
  fprintf(out, " \"disagreement_classes\": {");
  class_counts(s, "disagree", out, 1);
  fprintf(out, "},\n \"cfi_only_classes\": {");
  class_counts(s, "cfi-only", out, 1);
  fprintf(out, "},\n \"items\": [");
  for (size_t i = 0; i < s->nitems; i++) {
    const item *it = &s->items[i];
    fprintf(out, "%s\n  {\"kind\": \"%s\", \"class\": ", i ? "," : "", it->kind);
    sfc_json_str(out, it->cls);
    fprintf(out, ", \"function\": ");
    sfc_json_str(out, sc_elf_symbol(s->e, it->func));
    fprintf(out, ", \"start\": \"0x%llx\", \"end\": \"0x%llx\"", (unsigned long long)it->start,
            (unsigned long long)it->end);
    if (strcmp(it->kind, "disagree") == 0) {
      fprintf(out, ", \"sframe\": ");
      sfc_json_str(out, it->sframe);
      fprintf(out, ", \"cfi\": ");
      sfc_json_str(out, it->cfi);
    }
    fprintf(out, "}");
  }
  fprintf(out, "\n ]}\n");
}

/* The result as text: counts, classes and (without --summary) each item. */
static void print_text(const state *s, const sc_check_opts *o, FILE *out) {
  const char *abi = sfr_abi_name(s->e->abi);
  fprintf(out, "sfcfi check: %s: %s, %s against SFrame version %u\n", o->path, abi, s->c->section,
          s->sf->sec.version);
  fprintf(out, "functions: %zu in both, %zu in the CFI only, %zu in SFrame only\n", s->both, s->cfi_only,
          s->sframe_only);
  fprintf(out, "rows compared: %zu, agreeing %zu, disagreeing %zu\n", s->compared, s->agree, s->disagree);
  if (s->disagree) {
    fprintf(out, "disagreeing by class:");
    class_counts(s, "disagree", out, 0);
    fprintf(out, "\n");
  }
  if (s->cfi_only) {
    fprintf(out, "CFI only by reason:");
    class_counts(s, "cfi-only", out, 0);
    fprintf(out, "\n");
  }
  if (!o->summary)
    for (size_t i = 0; i < s->nitems; i++) {
      const item *it = &s->items[i];
      const char *name = sc_elf_symbol(s->e, it->func);
      fprintf(out, "%s %s %s 0x%llx-0x%llx", it->kind, it->cls, name[0] ? name : "?",
              (unsigned long long)it->start, (unsigned long long)it->end);
      if (strcmp(it->kind, "disagree") == 0)
        fprintf(out, " sframe: %s cfi: %s", it->sframe, it->cfi);
      fprintf(out, "\n");
    }
}

/* The counts of one kind's classes as "class n, class n" into buf. */
static void class_line(const state *s, const char *kind, char *buf, size_t len) {
  FILE *m = fmemopen(buf, len, "w");
  buf[0] = 0;
  if (!m)
    return;
  class_counts(s, kind, m, 0);
  fclose(m);
  buf[len - 1] = 0;
  if (buf[0] == ' ')
    memmove(buf, buf + 1, strlen(buf));
}

int sc_check_sframe(const sc_elf *e, const sc_sframe *sf, sc_check_summary *sum, char *err, size_t errlen) {
  sc_cfi c;
  state s;
  memset(sum, 0, sizeof *sum);
  if (sf->rejects) {
    snprintf(err, errlen, "the SFrame section is not valid (%s)", sc_sframe_rejection(sf));
    return -1;
  }
  if (sc_cfi_read(e, 0, &c, err, errlen) != 0)
    return -1;
  memset(&s, 0, sizeof s);
  s.e = e, s.c = &c, s.sf = sf;
  if (load_ranges(&s) != 0)
    s.oom = 1;
  compare_tables(&s);
  if (s.oom)
    snprintf(err, errlen, "out of memory");
  sum->both = s.both, sum->cfi_only = s.cfi_only, sum->sframe_only = s.sframe_only;
  sum->compared = s.compared, sum->agree = s.agree, sum->disagree = s.disagree;
  class_line(&s, "disagree", sum->disagreement_classes, sizeof sum->disagreement_classes);
  class_line(&s, "cfi-only", sum->cfi_only_classes, sizeof sum->cfi_only_classes);
  free(s.items);
  free(s.srows);
  free(s.ranges);
  sc_cfi_free(&c);
  return s.oom ? -1 : 0;
}

int sc_check_elf(const sc_elf *e, sc_check_summary *sum, char *err, size_t errlen) {
  sc_sframe sf;
  int rc;
  memset(sum, 0, sizeof *sum);
  if (!e->sframe) {
    snprintf(err, errlen, "no .sframe section: nothing to check");
    return -1;
  }
  if (sc_sframe_open(&sf, e->sframe, e->sframe_len, e->sframe_vma, err, errlen) != 0)
    return -1;
  rc = sc_check_sframe(e, &sf, sum, err, errlen);
  sc_sframe_close(&sf);
  return rc;
}

int sc_check(const sc_check_opts *o, FILE *out, FILE *errf) {
  char err[256];
  sc_elf e;
  if (sc_elf_open(&e, o->path, err, sizeof err) != 0) {
    fprintf(errf, "sfcfi: %s: %s\n", o->path, err);
    return 2;
  }
  sc_sframe_file other;
  memset(&other, 0, sizeof other);
  const uint8_t *sbytes = e.sframe;
  size_t slen = e.sframe_len;
  uint64_t svma = e.sframe_vma;
  if (o->sframe_path) {
    /* A raw section without --vma is taken to sit where the file's own
     * .sframe does (its replacement). */
    uint64_t raw_vma = o->have_sframe_vma ? o->sframe_vma : e.sframe ? e.sframe_vma : 0;
    if (sc_sframe_file_load(&other, o->sframe_path, 0, raw_vma, err, sizeof err) != 0) {
      fprintf(errf, "sfcfi: %s\n", err);
      sc_elf_close(&e);
      return 2;
    }
    sbytes = other.bytes;
    slen = other.len;
    svma = other.vma;
  } else if (!e.sframe) {
    fprintf(errf, "sfcfi: %s: no .sframe section: nothing to check\n", o->path);
    sc_elf_close(&e);
    return 1;
  }
  sc_cfi c;
  const char *spath = o->sframe_path ? o->sframe_path : o->path;
  if (sc_cfi_read(&e, o->debug_frame, &c, err, sizeof err) != 0) {
    fprintf(errf, "sfcfi: %s: %s\n", o->path, err);
    sc_sframe_file_unload(&other);
    sc_elf_close(&e);
    return 2;
  }
  sc_sframe sf;
  if (sc_sframe_open(&sf, sbytes, slen, svma, err, sizeof err) != 0) {
    fprintf(errf, "sfcfi: %s: .sframe: %s\n", spath, err);
    sc_cfi_free(&c);
    sc_sframe_file_unload(&other);
    sc_elf_close(&e);
    return 1;
  }
  if (sf.rejects) {
    fprintf(errf, "sfcfi: %s: the SFrame section is not valid (%s): run sfref validate\n", spath,
            sc_sframe_rejection(&sf));
    sc_sframe_close(&sf);
    sc_cfi_free(&c);
    sc_sframe_file_unload(&other);
    sc_elf_close(&e);
    return 1;
  }
  state s;
  memset(&s, 0, sizeof s);
  s.e = &e;
  s.c = &c;
  s.sf = &sf;
  if (load_ranges(&s) != 0)
    s.oom = 1;
  compare_tables(&s);
  int rc;
  if (s.oom) {
    fprintf(errf, "sfcfi: out of memory\n");
    rc = 2;
  } else {
    if (o->json)
      print_json(&s, o, out);
    else
      print_text(&s, o, out);
    if (s.both == 0) {
      fprintf(errf, "sfcfi: %s: no function is in both tables: nothing compared\n", o->path);
      rc = 1;
    } else {
      rc = s.disagree || s.sframe_only ? 1 : 0;
    }
  }
  free(s.items);
  free(s.srows);
  free(s.ranges);
  sc_sframe_close(&sf);
  sc_cfi_free(&c);
  sc_sframe_file_unload(&other);
  sc_elf_close(&e);
  return rc;
}
