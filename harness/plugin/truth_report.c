/* SPDX-License-Identifier: MIT */
/* truth_report.c - what an sfr_truth run found: wrong unwinds bucketed
 * (note_wrong, each bucket naming the failing frame's SFrame rule),
 * snapshots of chosen and of wrong stacks (decoder/SNAPSHOT.md), a
 * progress line, and at exit the result as JSON
 * (sframe-conformance/harness/2). */
#include "truth.h"

#include "sfc_json.h"

static void fmt_rule(char *buf, size_t n, uint64_t pc, int topmost) {
  sfr_lookup_result res;
  const sfr_section *sec = sec_of(pc, topmost ? SFR_PC_IP : SFR_PC_RA);
  if (!sec) {
    snprintf(buf, n, "lookup: in no module");
    return;
  }
  sfr_lookup_status ls = sfr_lookup(sec, pc, topmost ? SFR_PC_IP : SFR_PC_RA, &res);
  if (ls != SFR_LOOKUP_FOUND) {
    snprintf(buf, n, "lookup: %s", sfr_lookup_status_name(ls));
    return;
  }
  const sfr_rules *r = &res.rules;
  char cfa[32], ra[24], fp[24];
  const char *base = r->cfa.base == SFR_BASE_SP ? "SP" : r->cfa.base == SFR_BASE_FP ? "FP" : "r";
  snprintf(cfa, sizeof cfa, "%s%s%s%+" PRId64 "%s", r->cfa.deref ? "*(" : "", base,
           r->cfa.base != SFR_BASE_SP && r->cfa.base != SFR_BASE_FP ? "?" : "", r->cfa.offset,
           r->cfa.deref ? ")" : "");
  const sfr_reg_rule *rr[2] = {&r->ra, &r->fp};
  char *outs[2] = {ra, fp};
  for (int i = 0; i < 2; i++) {
    switch ((sfr_rule_kind)rr[i]->kind) {
    case SFR_RULE_UNCHANGED: snprintf(outs[i], 24, "same"); break;
    case SFR_RULE_AT_CFA:
    case SFR_RULE_FIXED: snprintf(outs[i], 24, "[CFA%+" PRId64 "]", rr[i]->offset); break;
    case SFR_RULE_VAL_CFA: snprintf(outs[i], 24, "CFA%+" PRId64, rr[i]->offset); break;
    case SFR_RULE_REG: snprintf(outs[i], 24, "r%u%+" PRId64, rr[i]->reg, rr[i]->offset); break;
    case SFR_RULE_AT_REG: snprintf(outs[i], 24, "[r%u%+" PRId64 "]", rr[i]->reg, rr[i]->offset); break;
    default: snprintf(outs[i], 24, "undefined"); break;
    }
  }
  snprintf(buf, n, "CFA=%s RA=%s FP=%s%s (function 0x%" PRIx64 ", row %u)", cfa, ra, fp,
           r->ra_mangled ? " RA signed" : "", res.fde.start, res.fre.index);
}

guint bucket_hash(gconstpointer p) {
  const bucket *b = p;
  return (guint)(land_hash(b->top_pc, b->step_pc) ^ g_str_hash(b->what));
}

gboolean bucket_eq(gconstpointer x, gconstpointer y) {
  const bucket *a = x, *b = y;
  return a->top_pc == b->top_pc && a->step_pc == b->step_pc && !strcmp(a->what, b->what);
}

void note_wrong(uint64_t top_pc, uint64_t step_pc, unsigned frame_no, const char *what) {
  bucket key;
  memset(&key, 0, sizeof key);
  key.top_pc = top_pc, key.step_pc = step_pc;
  snprintf(key.what, sizeof key.what, "%s", what);
  key.mod = mod_of_pc(top_pc, SFR_PC_IP);
  key.step_mod = mod_of_pc(step_pc, frame_no == 1 ? SFR_PC_IP : SFR_PC_RA);
  key.plt = plt_of(key.mod, top_pc);
  g_mutex_lock(&g.lock);
  bucket *b = g_hash_table_lookup(g.buckets, &key);
  if (!b) {
    b = g_new(bucket, 1);
    *b = key;
    fmt_rule(b->rule, sizeof b->rule, step_pc, frame_no == 1);
    b->frame_min = b->frame_max = frame_no;
    g_hash_table_add(g.buckets, b);
  }
  b->count++;
  if (frame_no < b->frame_min)
    b->frame_min = frame_no;
  if (frame_no > b->frame_max)
    b->frame_max = frame_no;
  g_mutex_unlock(&g.lock);
}

/* What a wrong step gave, without absolute addresses (a bucket's key). */
void truth_describe(char *buf, size_t n, enum verdict vd, sfr_stop st, uint64_t got_sp,
                    uint64_t truth_sp) {
  if (vd == V_STOP)
    snprintf(buf, n, "stopped: %s", sfr_stop_name(st));
  else if (vd == V_PC)
    snprintf(buf, n, "pc wrong");
  else
    snprintf(buf, n, "sp off by %+" PRId64, (int64_t)(got_sp - truth_sp));
}

void write_snapshot(vstate *v, const char *kind, uint64_t n, const sfr_regs *top,
                           size_t k_end, const char *why) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s-%06" PRIu64 ".snapshot", g.snapdir, kind, n);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "sfr_truth: cannot write %s\n", path);
    return;
  }
  /* The window: from 128 bytes below SP (the x86-64 red zone, where an
   * epilogue's FP rule may still point) to 16 bytes above the CFA of the
   * last frame the unwind needs. */
  uint64_t lo = top->sp - 128;
  uint64_t hi = cfa_of(k_end ? v->stack[v->depth - k_end].csp : top->sp) + 16;
  if (hi - lo > (1u << 20))
    hi = lo + (1u << 20);
  fprintf(f, "# sfr_truth snapshot: %s\n", why ? why : "chosen");
  fprintf(f, "# truth %u frames to check: frame PC SP (the caller's SP at the call)\n",
          (unsigned)k_end + 1);
  fprintf(f, "# truth 0 0x%" PRIx64 " 0x%" PRIx64 "\n", top->pc, top->sp);
  for (size_t k = 1; k <= k_end; k++)
    fprintf(f, "# truth %u 0x%" PRIx64 " 0x%" PRIx64 "\n", (unsigned)k, v->stack[v->depth - k].ra,
            v->stack[v->depth - k].csp);
  fprintf(f, "pc 0x%" PRIx64 "\nsp 0x%" PRIx64 "\nfp 0x%" PRIx64 "\n", top->pc, top->sp, top->fp);
  if (top->ra_valid)
    fprintf(f, "ra 0x%" PRIx64 "\n", top->ra);
  uint32_t spn = sfr_abi_sp_reg(g.abi), fpn = sfr_abi_fp_reg(g.abi);
  for (unsigned i = 0; i < SFR_MAX_REGS; i++)
    if (((top->gpr_valid >> i) & 1) && i != spn && i != fpn)
      fprintf(f, "reg %u 0x%" PRIx64 "\n", i, top->gpr[i]);
  if (g.pauth)
    fprintf(f, "pauth-mask 0x%" PRIx64 "\n", g.pauth);
  fprintf(f, "max-frames %u\n", (unsigned)(k_end + 2 > 4096 ? 4096 : k_end + 2));
  for (uint64_t a = lo; a < hi; a += 32) {
    uint8_t b[32];
    size_t cnt = hi - a < 32 ? (size_t)(hi - a) : 32;
    if (truth_read_mem(v, a, b, cnt) != 0)
      continue;
    fprintf(f, "mem 0x%" PRIx64 " ", a);
    for (size_t i = 0; i < cnt; i++)
      fprintf(f, "%02x", b[i]);
    fputc('\n', f);
  }
  fclose(f);
}

/* A line on stderr every g.progress seconds: this thread's counts. */
void truth_progress(const vstate *v) {
  int64_t now = g_get_monotonic_time();
  g_mutex_lock(&g.lock);
  if (now - g.last_progress >= (int64_t)g.progress * 1000000) {
    double secs = (double)(now - g.t0) / 1e6;
    fprintf(stderr, "sfr_truth: %.0f s: %" PRIu64 " instructions checked (%.0f a second), %" PRIu64
            " wrong in %u buckets, %" PRIu64 " truth unknown, stack depth %zu\n", secs,
            v->c.checked, secs > 0 ? (double)v->c.checked / secs : 0.0, v->c.wrong,
            g_hash_table_size(g.buckets), v->c.unknown_stack, v->depth);
    g.last_progress = now;
  }
  g_mutex_unlock(&g.lock);
}


static int bucket_order(const void *x, const void *y) {
  const bucket *a = *(bucket *const *)x, *b = *(bucket *const *)y;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  if (a->top_pc != b->top_pc)
    return a->top_pc < b->top_pc ? -1 : 1;
  if (a->step_pc != b->step_pc)
    return a->step_pc < b->step_pc ? -1 : 1;
  return strcmp(a->what, b->what);
}

static uint64_t sb_sum(size_t offset) {
  return qemu_plugin_u64_sum((qemu_plugin_u64){g.score, offset});
}

static void mc_add(mcounts *t, const mcounts *c) {
  t->checked += c->checked, t->correct += c->correct, t->fp_unknown += c->fp_unknown;
  t->reg_unknown += c->reg_unknown;
  t->wrong += c->wrong, t->unknown_stack += c->unknown_stack;
}

/* "executed":..,"checked":..,"right":..,"fp_unknown":..,"reg_unknown":..,"wrong":..,
 * "other_stack":..,"uncovered":.. (an object's fields): right is fully correct; checked is
 * right + fp_unknown + reg_unknown + wrong; uncovered is executed - checked - other_stack. */
static void json_plt_counts(FILE *f, uint64_t executed, const mcounts *c) {
  fprintf(f,
          "\"executed\":%" PRIu64 ",\"checked\":%" PRIu64 ",\"right\":%" PRIu64
          ",\"fp_unknown\":%" PRIu64 ",\"reg_unknown\":%" PRIu64 ",\"wrong\":%" PRIu64
          ",\"other_stack\":%" PRIu64 ",\"uncovered\":%" PRIu64,
          executed, c->checked, c->correct, c->fp_unknown, c->reg_unknown, c->wrong, c->unknown_stack,
          executed - c->checked - c->unknown_stack);
}

/* The PLT counts of module m (-1: every module): in all and per section
 * (the sections some module has). */
static void json_plt(FILE *f, int m) {
  uint64_t ex[PLT_KINDS] = {0}, ex_all = 0;
  mcounts c[PLT_KINDS], all;
  int present[PLT_KINDS] = {0};
  memset(c, 0, sizeof c), memset(&all, 0, sizeof all);
  for (int i = 0; i < g.n_mods; i++) {
    if (m >= 0 && i != m)
      continue;
    for (int k = 0; k < PLT_KINDS; k++) {
      present[k] |= g.mod[i].plt_hi[k] != 0;
      uint64_t e = sb_sum(offsetof(sboard, plt_exec) +
                          ((size_t)i * PLT_KINDS + (size_t)k) * sizeof(uint64_t));
      ex[k] += e, ex_all += e;
      for (unsigned vi = 0; vi < MAX_VCPUS; vi++)
        if (g.vs[vi])
          mc_add(&c[k], &g.vs[vi]->plt[i][k]);
    }
  }
  for (int k = 0; k < PLT_KINDS; k++)
    mc_add(&all, &c[k]);
  fputc('{', f);
  json_plt_counts(f, ex_all, &all);
  fprintf(f, ",\"sections\":{");
  int first = 1;
  for (int k = 0; k < PLT_KINDS; k++) {
    if (!present[k])
      continue;
    fprintf(f, "%s\"%s\":{", first ? "" : ",", plt_names[k]);
    json_plt_counts(f, ex[k], &c[k]);
    fputc('}', f);
    first = 0;
  }
  fprintf(f, "}}");
}

static void json_modules(FILE *f) {
  fprintf(f, "\"modules\":[");
  for (int m = 0; m < g.n_mods; m++) {
    const module *md = &g.mod[m];
    mcounts c;
    memset(&c, 0, sizeof c);
    for (unsigned vi = 0; vi < MAX_VCPUS; vi++)
      if (g.vs[vi])
        mc_add(&c, &g.vs[vi]->mc[m]);
    uint64_t ex = sb_sum(offsetof(sboard, mod_exec) + (size_t)m * sizeof(uint64_t));
    fprintf(f, "%s{\"module\":%d,\"path\":", m ? "," : "", m);
    if (md->path)
      sfc_json_str(f, md->path);
    else
      fprintf(f, "null");
    fprintf(f, ",\"sframe\":");
    sfc_json_str(f, md->sec_path);
    fprintf(f,
            ",\"loaded\":%s,\"bias\":\"0x%" PRIx64 "\",\"maps\":%" PRIu64 ",\"remaps\":%" PRIu64
            ",\"executed\":%" PRIu64 ",\"checked\":%" PRIu64 ",\"correct\":%" PRIu64
            ",\"fp_unknown\":%" PRIu64 ",\"reg_unknown\":%" PRIu64 ",\"wrong\":%" PRIu64
            ",\"other_stack\":%" PRIu64 ",\"not_covered\":%" PRIu64 ",\"plt\":",
            g_atomic_int_get(&md->opened) ? "true" : "false", md->bias, md->maps, md->remaps, ex,
            c.checked, c.correct, c.fp_unknown, c.reg_unknown, c.wrong, c.unknown_stack,
            ex - c.checked - c.unknown_stack);
    json_plt(f, m);
    fputc('}', f);
  }
  fprintf(f, "],");
}

void on_exit_cb(qemu_plugin_id_t id, void *p) {
  (void)id, (void)p;
  uint64_t executed = sb_sum(offsetof(sboard, executed));
  counts t;
  memset(&t, 0, sizeof t);
  g_mutex_lock(&g.lock);
  elide_flush_all();
  for (unsigned i = 0; i < MAX_VCPUS; i++) {
    const vstate *v = g.vs[i];
    if (!v)
      continue;
    t.checked += v->c.checked, t.correct += v->c.correct, t.wrong += v->c.wrong;
    t.fp_unknown += v->c.fp_unknown, t.unknown_stack += v->c.unknown_stack;
    t.reg_unknown += v->c.reg_unknown;
    t.frames_checked += v->c.frames_checked, t.nonlocal_exits += v->c.nonlocal_exits;
    t.signal_frames += v->c.signal_frames, t.steps += v->c.steps, t.reused += v->c.reused;
    t.tops_reused += v->c.tops_reused;
    t.relocated += v->c.relocated, t.jump_calls += v->c.jump_calls;
    if (v->c.max_depth > t.max_depth)
      t.max_depth = v->c.max_depth;
  }
  FILE *f = g.out_path ? fopen(g.out_path, "w") : stderr;
  if (!f) {
    fprintf(stderr, "sfr_truth: cannot write %s\n", g.out_path);
    fatal_exit();
  }
  double secs = (double)(g_get_monotonic_time() - g.t0) / 1e6;
  fprintf(f,
          "{\"schema\":\"sframe-conformance/harness/2\",\"unwind\":\"%s\",\"bias\":\"0x%" PRIx64
          "\",\"executed\":%" PRIu64 ",\"checked\":%" PRIu64 ",\"correct\":%" PRIu64
          ",\"fp_unknown\":%" PRIu64 ",\"wrong\":%" PRIu64 ",\"truth_unknown\":{\"other_stack\":%" PRIu64
          ",\"register\":%" PRIu64 "},\"not_covered\":%" PRIu64 ",\"frames_checked\":%" PRIu64 ",\"max_depth\":%" PRIu64
          ",\"nonlocal_exits\":%" PRIu64 ",\"signal_handlers\":%d,\"signal_frames\":%" PRIu64
          ",\"threads\":%u,\"steps\":%" PRIu64 ",\"chains_reused\":%" PRIu64 ",\"tops_reused\":%" PRIu64
          ",\"relocated_frames\":%" PRIu64 ",\"jump_calls\":%" PRIu64
          ",\"plugin_seconds\":%.3f,\"snapshots\":%" PRIu64 ",\"wrong_snapshots\":%" PRIu64
          ",\"wrong_buckets\":%u,",
          g.full ? "full" : "incremental", g.mod[0].bias, executed, t.checked, t.correct, t.fp_unknown,
          t.wrong, t.unknown_stack, t.reg_unknown, executed - t.checked - t.unknown_stack, t.frames_checked,
          t.max_depth, t.nonlocal_exits, g_atomic_int_get(&g.n_handlers), t.signal_frames,
          g.threads, t.steps, t.reused, t.tops_reused, t.relocated, t.jump_calls, secs, g.snaps_written, g.wrongsnaps_written,
          g_hash_table_size(g.buckets));
  json_modules(f);
  fprintf(f, "\"plt\":");
  json_plt(f, -1);
  /* "register_unknown": each step PC whose frame needed a register */
  fprintf(f, ",\"register_unknown\":[");
  GHashTableIter it;
  gpointer rk, rv;
  int first = 1;
  g_hash_table_iter_init(&it, g.reg_at);
  while (g_hash_table_iter_next(&it, &rk, &rv)) {
    uint64_t spc = *(uint64_t *)rk;
    fprintf(f, "%s{\"step_pc\":\"0x%" PRIx64 "\",\"step_module\":%d,\"count\":%" PRIu64 "}",
            first ? "" : ",", spc, mod_of(spc), *(uint64_t *)rv);
    first = 0;
  }
  fprintf(f, "]");
  fprintf(f, ",\"wrongs\":[");
  guint nb;
  gpointer *all = g_hash_table_get_keys_as_array(g.buckets, &nb);
  qsort(all, nb, sizeof *all, bucket_order);
  for (guint i = 0; i < nb; i++) {
    const bucket *b = all[i];
    fprintf(f,
            "%s{\"pc\":\"0x%" PRIx64 "\",\"step_pc\":\"0x%" PRIx64 "\",\"frame\":%" PRIu64
            ",\"frame_max\":%" PRIu64 ",\"count\":%" PRIu64 ",\"module\":%d,\"step_module\":%d"
            ",\"why\":",
            i ? "," : "", b->top_pc, b->step_pc, b->frame_min, b->frame_max, b->count, b->mod,
            b->step_mod);
    sfc_json_str(f, b->what);
    fprintf(f, ",\"plt\":");
    if (b->plt >= 0)
      sfc_json_str(f, plt_names[b->plt]);
    else
      fprintf(f, "null");
    fprintf(f, ",\"rule\":");
    sfc_json_str(f, b->rule);
    fputc('}', f);
  }
  g_free(all);
  fprintf(f, "]}\n");
  if (f != stderr)
    fclose(f);
  g_mutex_unlock(&g.lock);
}

