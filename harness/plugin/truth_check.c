/* SPDX-License-Identifier: MIT */
/* truth_check.c - checking one instruction: the oracle unwinds from the
 * live registers (reading guest memory), and each caller frame's PC and SP
 * is held to the shadow stack's truth.  Incremental by default (each truth
 * frame remembers the step made from it and the verdict of the chain
 * below, chain); unwind=full walks the whole stack every time
 * (check_full).  on_check runs before every covered instruction. */
#include "truth.h"


static void read_all_regs(vstate *v, sfr_regs *r) {
  for (unsigned i = 0; i < SFR_MAX_REGS; i++) {
    if (!v->r_dwarf[i])
      continue;
    r->gpr[i] = reg_value(v, v->r_dwarf[i]);
    r->gpr_valid |= (uint64_t)1 << i;
  }
}

/* ---- sfr_unwind_frame after its lookup, with the row given ----
 * The rules come from the oracle's own lookup (interned: insn_desc_for at
 * translation, ra_row per return address), so that a step needs no lookup;
 * what follows is sfr_unwind_frame's arithmetic (decoder/src/sfr_unwind.c)
 * line for line, reading memory through the same callback. */
static sfr_stop row_read_u64(vstate *v, uint64_t addr, uint64_t *val) {
  uint8_t b[8];
  if (truth_read_mem(v, addr, b, sizeof b) != 0)
    return SFR_STOP_MEM_READ;
  *val = load_u64(b);
  return SFR_STOP_NONE;
}

static sfr_stop row_reg_value(const sfr_regs *cur, int topmost, uint32_t reg, uint64_t *val) {
  if (reg == sfr_abi_sp_reg(g.abi)) {
    *val = cur->sp;
    return SFR_STOP_NONE;
  }
  if (reg == sfr_abi_fp_reg(g.abi)) {
    *val = cur->fp;
    return SFR_STOP_NONE;
  }
  if (!topmost)
    return SFR_STOP_REG_RULE_BELOW_TOP;
  if (reg == sfr_abi_ra_reg(g.abi) && cur->ra_valid) {
    *val = cur->ra;
    return SFR_STOP_NONE;
  }
  if (reg < SFR_MAX_REGS && ((cur->gpr_valid >> reg) & 1u)) {
    *val = cur->gpr[reg];
    return SFR_STOP_NONE;
  }
  return SFR_STOP_REG_UNKNOWN;
}

static sfr_stop row_apply(vstate *v, const sfr_regs *cur, int topmost, const sfr_reg_rule *r,
                          uint64_t cfa, int have_prev, uint64_t prev, uint64_t *out) {
  uint64_t base;
  sfr_stop st;
  switch ((sfr_rule_kind)r->kind) {
  case SFR_RULE_UNCHANGED:
    if (!have_prev)
      return topmost ? SFR_STOP_REG_UNKNOWN : SFR_STOP_REG_RULE_BELOW_TOP;
    *out = prev;
    return SFR_STOP_NONE;
  case SFR_RULE_AT_CFA:
  case SFR_RULE_FIXED:
    return row_read_u64(v, cfa + (uint64_t)r->offset, out);
  case SFR_RULE_VAL_CFA:
    *out = cfa + (uint64_t)r->offset;
    return SFR_STOP_NONE;
  case SFR_RULE_REG:
  case SFR_RULE_AT_REG:
    st = row_reg_value(cur, topmost, r->reg, &base);
    if (st != SFR_STOP_NONE)
      return st;
    base += (uint64_t)r->offset;
    if (r->kind == SFR_RULE_AT_REG)
      return row_read_u64(v, base, out);
    *out = base;
    return SFR_STOP_NONE;
  default:
    return SFR_STOP_OUTERMOST;
  }
}

static sfr_stop row_step(vstate *v, const sfr_rules *r, const sfr_regs *cur, int topmost,
                         sfr_regs *caller) {
  uint64_t cfa, ra, fp, caller_sp;
  sfr_stop st;
  if (r->outermost)
    return SFR_STOP_OUTERMOST;
  if (r->cfa.base == SFR_BASE_SP)
    cfa = cur->sp;
  else if (r->cfa.base == SFR_BASE_FP)
    cfa = cur->fp;
  else if ((st = row_reg_value(cur, topmost, r->cfa.reg, &cfa)) != SFR_STOP_NONE)
    return st;
  cfa += (uint64_t)r->cfa.offset;
  if (r->cfa.deref && (st = row_read_u64(v, cfa, &cfa)) != SFR_STOP_NONE)
    return st;
  caller_sp = cfa + (uint64_t)(g.abi == SFR_ABI_S390X_BE ? SFR_S390X_SP_VAL_OFFSET : 0);
  if (caller_sp < cur->sp)
    return SFR_STOP_SP_NOT_INCREASING;
  int ra_in_reg = topmost && cur->ra_valid;
  st = row_apply(v, cur, topmost, &r->ra, cfa, ra_in_reg, cur->ra, &ra);
  if (st != SFR_STOP_NONE)
    return st;
  st = row_apply(v, cur, topmost, &r->fp, cfa, 1, cur->fp, &fp);
  if (st != SFR_STOP_NONE)
    return st;
  if (r->ra_mangled)
    ra &= ~g.pauth;
  caller->ra = 0;
  caller->ra_valid = 0;
  caller->gpr_valid = 0;
  caller->pc = ra;
  caller->fp = fp;
  caller->sp = caller_sp;
  if (!topmost && caller_sp == cur->sp)
    return SFR_STOP_SP_NOT_INCREASING;
  return SFR_STOP_NONE;
}

/* One frame's step with the section of the module its PC lies in: by the
 * row when it is known (row_step), else by the oracle's sfr_unwind_frame. */
static sfr_stop unwind_frame_row(vstate *v, const sfr_rules *row, const sfr_regs *cur,
                                 int topmost, sfr_regs *out) {
  if (row && g.rowstep)
    return row_step(v, row, cur, topmost, out);
  const sfr_section *sec = sec_of(cur->pc, topmost ? SFR_PC_IP : SFR_PC_RA);
  if (!sec)
    return SFR_STOP_NO_FDE;
  sfr_unwind_ctx uc = {sec, truth_read_mem, v, g.pauth};
  return sfr_unwind_frame(&uc, cur, topmost, out);
}

static sfr_stop unwind_frame(vstate *v, const sfr_regs *cur, int topmost, sfr_regs *out) {
  return unwind_frame_row(v, NULL, cur, topmost, out);
}

/* sfr_backtrace across modules: each frame with its own module's section. */
static size_t backtrace(vstate *v, const sfr_regs *start, sfr_regs *frames, size_t max,
                        sfr_stop *why) {
  size_t n = 0;
  *why = SFR_STOP_FRAME_LIMIT;
  if (max > 0)
    frames[n++] = *start;
  while (n < max) {
    sfr_stop st = unwind_frame(v, &frames[n - 1], n == 1, &frames[n]);
    if (st != SFR_STOP_NONE) {
      *why = st;
      break;
    }
    n++;
  }
  return n;
}

static sfr_stop step(vstate *v, const sfr_rules *row, const sfr_regs *cur, int topmost,
                     sfr_regs *out, int *filled) {
  v->rd_lo = UINT64_MAX, v->rd_hi = 0;
  out->pc = out->sp = out->fp = 0; /* a step that stops writes nothing */
  sfr_stop st = unwind_frame_row(v, row, cur, topmost, out);
  *filled = 0;
  if (st == SFR_STOP_MEM_READ) {
    v->fill_unreadable = 1;
    v->filled = 0;
    st = unwind_frame_row(v, row, cur, topmost, out);
    v->fill_unreadable = 0;
    *filled = v->filled != 0;
  }
  v->c.steps++;
  return st;
}

static enum verdict judge(sfr_stop st, const sfr_regs *out, const frame *truth) {
  if (st != SFR_STOP_NONE)
    return V_STOP;
  if (out->pc != truth->ra)
    return V_PC;
  /* A relocated frame's caller has an SP after the return that the truth
   * does not know (not the one at the call): its PC is judged, not its SP. */
  return out->sp != truth->csp && !truth->reloc ? V_SP : V_OK;
}

/* Is the step from frame a to be made (frame a covered, a frame below)? */
static int steps_from(const vstate *v, size_t a) {
  return a >= 1 && v->stack[a].unc != (int64_t)a;
}

/* The chain from frame a down, given the FP the step above recovered for
 * it: reuses remembered steps and verdicts, computes the rest, and leaves
 * every frame from a down to the chain's end with a valid verdict. */
static void chain(vstate *v, size_t a, uint64_t fp) {
  size_t end = a;
  for (;;) {
    frame *f = &v->stack[end];
    if (!steps_from(v, end))
      break;
    if (f->cached && f->in_fp == fp && f->tail_ok && !g.full) {
      v->c.reused++;
      break;
    }
    if (!f->cached || f->in_fp != fp || g.full) {
      sfr_regs cur, out;
      cur.pc = f->ra, cur.sp = f->csp, cur.fp = fp, cur.ra = 0, cur.ra_valid = 0;
      cur.gpr_valid = 0;
      int filled;
      sfr_stop st = step(v, ra_row(v, f->ra), &cur, 0, &out, &filled);
      f->cached = 1;
      f->in_fp = fp;
      f->stop = (uint8_t)st;
      f->filled = (uint8_t)filled;
      f->out_pc = out.pc, f->out_sp = out.sp, f->out_fp = out.fp;
      f->rd_lo = v->rd_lo, f->rd_hi = v->rd_hi;
      f->verdict = (uint8_t)judge(st, &out, &v->stack[end - 1]);
    }
    f->tail_ok = 0;
    if (f->verdict != V_OK)
      break;
    fp = f->out_fp;
    end--;
  }
  /* Back up: each frame's verdict from its step and the one below. */
  for (size_t b = end;; b++) {
    frame *f = &v->stack[b];
    uint64_t below_min = b ? v->stack[b - 1].min_lo : UINT64_MAX;
    if (!steps_from(v, b)) {
      f->tail_ok = 1, f->tail_bad = -1, f->tail_frames = 0, f->tail_filled = 0;
    } else if (!f->tail_ok) {
      f->tail_ok = 1;
      if (f->verdict != V_OK) {
        f->tail_bad = (int64_t)b, f->tail_frames = 0, f->tail_filled = f->filled;
      } else {
        const frame *n = &v->stack[b - 1];
        f->tail_bad = n->tail_bad;
        f->tail_frames = 1 + n->tail_frames;
        f->tail_filled = f->filled | n->tail_filled;
      }
    }
    f->min_lo = f->cached && f->rd_lo < below_min ? f->rd_lo : below_min;
    if (b == a)
      break;
  }
}

/* unwind=full: the whole walk with sfr_backtrace, as a profiler would. */
static void check_full(vstate *v, sfr_regs *top, size_t k_end, unsigned *bad, uint64_t *step_pc,
                       char *what, size_t what_n, int *fp_unknown, uint64_t *frames_ok,
                       sfr_stop *bad_stop) {
  if (v->bt_cap < k_end + 1) {
    v->bt_cap = 2 * (k_end + 1);
    v->bt = g_realloc(v->bt, v->bt_cap * sizeof *v->bt);
  }
  sfr_stop why;
  size_t n = backtrace(v, top, v->bt, k_end + 1, &why);
  if (n <= k_end && why == SFR_STOP_REG_UNKNOWN) {
    /* A flexible rule names another register: read them all, try again. */
    read_all_regs(v, top);
    n = backtrace(v, top, v->bt, k_end + 1, &why);
  }
  v->c.steps += n;
  for (size_t k = 1; k <= k_end; k++) {
    const frame *t = &v->stack[v->depth - k];
    enum verdict vd = k >= n ? V_STOP : judge(SFR_STOP_NONE, &v->bt[k], t);
    if (vd == V_OK) {
      ++*frames_ok;
      continue;
    }
    *bad = (unsigned)k;
    *step_pc = v->bt[k - 1].pc;
    *bad_stop = vd == V_STOP ? why : SFR_STOP_NONE;
    truth_describe(what, what_n, vd, why, k < n ? v->bt[k].sp : 0, t->csp);
    break;
  }
  if (*bad && k_end >= n && why == SFR_STOP_MEM_READ) {
    /* Did the walk stop only because a saved FP could not be read?  Walk
     * again reading zeros where memory cannot be read: if every frame's PC
     * and SP then equal the truth, the unreadable word was an FP, whose
     * value the truth does not judge (an x86-64 DRAP epilogue's FP rule
     * still names the FP after `leave`, GCC emitting no .cfi_restore). */
    v->fill_unreadable = 1;
    v->filled = 0;
    size_t n2 = backtrace(v, top, v->bt, k_end + 1, &why);
    v->fill_unreadable = 0;
    size_t k = 1;
    while (k <= k_end && k < n2 && judge(SFR_STOP_NONE, &v->bt[k], &v->stack[v->depth - k]) == V_OK)
      k++;
    if (k > k_end && v->filled) {
      *fp_unknown = 1;
      *bad = 0;
      *frames_ok = k_end;
    }
  }
}

/* Snapshot slots: whether any is left (read without the lock, so that
 * the check costs nothing once they are taken), and taking one (its
 * number, or UINT64_MAX when none is left). */
static int slots_left(uint64_t *written, uint64_t max) {
  return __atomic_load_n(written, __ATOMIC_RELAXED) < max;
}
static uint64_t take_slot(uint64_t *written, uint64_t max) {
  g_mutex_lock(&g.lock);
  uint64_t n = __atomic_load_n(written, __ATOMIC_RELAXED);
  if (n < max)
    __atomic_store_n(written, n + 1, __ATOMIC_RELAXED);
  g_mutex_unlock(&g.lock);
  return n < max ? n : UINT64_MAX;
}

/* A snapshot holds one section: with libraries, only stacks whose frames
 * to check all lie in the program (the last may lie in no module). */
static int snap_ok(const vstate *v, uint64_t pc, size_t k_end) {
  if (g.n_mods == 1)
    return 1;
  if (mod_of_pc(pc, SFR_PC_IP) != 0)
    return 0;
  for (size_t k = 1; k <= k_end; k++) {
    int m = mod_of_pc(v->stack[v->depth - k].ra, SFR_PC_RA);
    if (m != 0 && !(k == k_end && m < 0))
      return 0;
  }
  return 1;
}

enum result { R_OTHER_STACK, R_WRONG, R_FP_UNKNOWN, R_REG_UNKNOWN, R_CORRECT };

/* A step that stopped because a register's value cannot be had: a rule
 * naming a register other than SP/FP/RA below the topmost frame (SFrame
 * recovers only those three for the caller), or one QEMU does not expose.
 * The truth is known there but SFrame cannot be judged: "truth unknown:
 * register", never wrong. */
static int reg_unknowable(sfr_stop st) {
  return st == SFR_STOP_REG_RULE_BELOW_TOP || st == SFR_STOP_REG_UNKNOWN;
}

/* A step that needed a register it could not have, counted by the
 * instruction of the frame that stepped (the report names its function). */
static void note_reg_unknown(uint64_t step_pc) {
  g_mutex_lock(&g.lock);
  uint64_t *n = g_hash_table_lookup(g.reg_at, &step_pc);
  if (!n) {
    uint64_t *k = g_new(uint64_t, 1);
    *k = step_pc;
    n = g_new0(uint64_t, 1);
    g_hash_table_insert(g.reg_at, k, n);
  }
  ++*n;
  g_mutex_unlock(&g.lock);
}

/* unwind=incremental: the topmost frame's step afresh, the chain below
 * reused (chain).  The outcome as check_full gives it. */
static void check_incremental(vstate *v, const sfr_rules *row, sfr_regs *top, unsigned *bad,
                              uint64_t *step_pc, char *what, size_t what_n, int *fp_unknown,
                              uint64_t *frames_ok, sfr_stop *bad_stop) {
  size_t depth = v->depth;
  sfr_regs out;
  int filled;
  sfr_stop st;
  top_memo *m = &v->top;
  if (row && m->row == row && m->sp == top->sp && m->fp == top->fp && m->ra == top->ra &&
      m->ra_valid == top->ra_valid) {
    /* The row, the registers and the memory the last topmost step read
     * are as they were: its step, not made again. */
    st = (sfr_stop)m->stop, filled = m->filled;
    out.pc = m->out_pc, out.sp = m->out_sp, out.fp = m->out_fp;
    v->c.tops_reused++;
  } else {
    m->row = NULL;
    st = step(v, row, top, 1, &out, &filled);
    if (st == SFR_STOP_REG_UNKNOWN) {
      read_all_regs(v, top); /* (a step on other registers: not kept) */
      st = step(v, row, top, 1, &out, &filled);
    } else if (row) {
      m->row = row, m->sp = top->sp, m->fp = top->fp, m->ra = top->ra;
      m->ra_valid = top->ra_valid, m->stop = (uint8_t)st, m->filled = (uint8_t)filled;
      m->out_pc = out.pc, m->out_sp = out.sp, m->out_fp = out.fp;
      m->rd_lo = v->rd_lo, m->rd_hi = v->rd_hi;
    }
  }
  const frame *t = &v->stack[depth - 1];
  enum verdict vd = judge(st, &out, t);
  if (vd != V_OK) {
    *bad = 1, *step_pc = top->pc, *bad_stop = vd == V_STOP ? st : SFR_STOP_NONE;
    truth_describe(what, what_n, vd, st, out.sp, t->csp);
    return;
  }
  chain(v, depth - 1, out.fp);
  const frame *f = &v->stack[depth - 1];
  *frames_ok = 1 + f->tail_frames;
  *fp_unknown = filled | f->tail_filled;
  if (f->tail_bad >= 0) {
    const frame *s = &v->stack[f->tail_bad];
    *bad = (unsigned)(depth - (size_t)f->tail_bad + 1);
    *step_pc = s->ra;
    *bad_stop = s->verdict == V_STOP ? (sfr_stop)s->stop : SFR_STOP_NONE;
    truth_describe(what, what_n, (enum verdict)s->verdict, (sfr_stop)s->stop, s->out_sp,
                   v->stack[f->tail_bad - 1].csp);
    *frames_ok = depth - (size_t)f->tail_bad; /* frames 1..bad-1 */
  }
}

/* Does a step with rules r read the link register?  (Its value is then
 * part of the step's input; else the step is the same without it.) */
static int uses_reg(const sfr_reg_rule *r, uint32_t reg) {
  return (r->kind == SFR_RULE_REG || r->kind == SFR_RULE_AT_REG) && r->reg == reg;
}
static int row_needs_ra(const sfr_rules *r) {
  uint32_t ra = sfr_abi_ra_reg(g.abi);
  return r->ra.kind == SFR_RULE_UNCHANGED || uses_reg(&r->ra, ra) || uses_reg(&r->fp, ra) ||
         (r->cfa.base != SFR_BASE_SP && r->cfa.base != SFR_BASE_FP && r->cfa.reg == ra);
}

/* The link register, when the check did not need it (a snapshot has it). */
static void read_ra(vstate *v, sfr_regs *top) {
  if (v->r_ra && !top->ra_valid) {
    top->ra = reg_value(v, v->r_ra);
    top->ra_valid = 1;
  }
}

/* A snapshot of a wrong unwind, while slots are left. */
static void snap_wrong(vstate *v, sfr_regs *top, size_t k_end, unsigned bad, const char *what) {
  if (!g.snapdir || !slots_left(&g.wrongsnaps_written, g.wrongsnaps_max) ||
      !snap_ok(v, top->pc, k_end))
    return;
  uint64_t n = take_slot(&g.wrongsnaps_written, g.wrongsnaps_max);
  if (n != UINT64_MAX) {
    read_ra(v, top);
    read_all_regs(v, top);
    char why[128];
    snprintf(why, sizeof why, "frame %u: %s", bad, what);
    write_snapshot(v, "wrong", n, top, k_end, why);
  }
}

static enum result check_insn(vstate *v, uint64_t pc, const sfr_rules *row) {
  sfr_regs top;
  top.pc = pc;
  top.sp = reg_value(v, v->r_sp);
  if (!on_own_stack(v, top.sp)) {
    v->c.unknown_stack++;
    return R_OTHER_STACK;
  }
  top.fp = reg_value(v, v->r_fp);
  top.ra = 0, top.ra_valid = 0, top.gpr_valid = 0;
  if (v->r_ra && (!row || row_needs_ra(row))) {
    top.ra = reg_value(v, v->r_ra);
    top.ra_valid = 1;
  }
  drop_dead(v, top.sp, pc, SFR_PC_IP);
  if ((++v->c.checked & 0xfff) == 0 && g.progress)
    truth_progress(v);

  /* The frames to check: 1..k_end, where k_end is the first truth frame
   * (counting the topmost as 0) that SFrame does not cover, or the last. */
  size_t depth = v->depth;
  size_t k_end = depth;
  if (depth && v->stack[depth - 1].unc >= 0)
    k_end = depth - (size_t)v->stack[depth - 1].unc;

  unsigned bad = 0;
  uint64_t step_pc = 0, frames_ok = 0;
  char what[48] = "";
  int fp_unknown = 0;
  sfr_stop bad_stop = SFR_STOP_NONE;
  if (g.full) {
    check_full(v, &top, k_end, &bad, &step_pc, what, sizeof what, &fp_unknown, &frames_ok,
               &bad_stop);
  } else if (k_end) {
    check_incremental(v, row, &top, &bad, &step_pc, what, sizeof what, &fp_unknown, &frames_ok,
                      &bad_stop);
  }
  if (bad && reg_unknowable(bad_stop)) {
    v->c.reg_unknown++;
    note_reg_unknown(step_pc);
    v->c.frames_checked += bad - 1;
    return R_REG_UNKNOWN;
  }
  if (bad) {
    v->c.wrong++;
    v->c.frames_checked += bad - 1;
    note_wrong(top.pc, step_pc, bad, what);
    snap_wrong(v, &top, k_end, bad, what);
    return R_WRONG;
  }
  v->c.frames_checked += frames_ok;
  v->last.frames_ok = frames_ok;
  if (fp_unknown)
    v->c.fp_unknown++;
  else
    v->c.correct++;
  /* One try every stride-th check (a try that fails waits for the next). */
  int snap = 0;
  if (g.snapdir && slots_left(&g.snaps_written, g.snaps_max) &&
      ++v->checks_since_snap >= g.stride) {
    v->checks_since_snap = 0;
    snap = k_end > 0 && !fp_unknown && snap_ok(v, top.pc, k_end);
  }
  if (snap) {
    uint64_t n = take_slot(&g.snaps_written, g.snaps_max);
    if (n != UINT64_MAX) {
      read_ra(v, &top);
      read_all_regs(v, &top);
      write_snapshot(v, "chosen", n, &top, k_end, NULL);
    }
  }
  return fp_unknown ? R_FP_UNKNOWN : R_CORRECT;
}

static void count(mcounts *c, enum result r) {
  switch (r) {
  case R_OTHER_STACK: c->unknown_stack++; return;
  case R_WRONG: c->wrong++; break;
  case R_FP_UNKNOWN: c->fp_unknown++; break;
  case R_REG_UNKNOWN: c->reg_unknown++; break;
  case R_CORRECT: c->correct++; break;
  }
  c->checked++;
}

/* Is elision on (truth.h)?  Not while chosen snapshots are left. */
int eliding(void) {
  return g.elide && !(g.snapdir && slots_left(&g.snaps_written, g.snaps_max));
}

void elide_stop(unsigned int vcpu_index) {
  if (g.elide)
    qemu_plugin_u64_set((qemu_plugin_u64){g.score, offsetof(sboard, ok_id)}, vcpu_index, 0);
}

/* The covered instructions run up to upto that were not checked again:
 * each shares the last check's verdict (right) and is counted with it. */
static void elide_flush(vstate *v, uint64_t upto) {
  if (upto <= v->accounted)
    return;
  uint64_t n = upto - v->accounted;
  v->accounted = upto;
  v->c.checked += n, v->c.correct += n, v->c.frames_checked += n * v->last.frames_ok;
  v->mc[v->last.m].checked += n, v->mc[v->last.m].correct += n;
  if (v->last.k >= 0)
    v->plt[v->last.m][v->last.k].checked += n, v->plt[v->last.m][v->last.k].correct += n;
}

/* A vCPU's instructions not checked again, counted: when a thread takes
 * it over (by that vCPU), and for all at the end. */
void elide_flush_vcpu(unsigned int i) {
  if (g.elide && i < MAX_VCPUS && g.vs[i]) {
    const sboard *sb = qemu_plugin_scoreboard_find(g.score, i);
    elide_flush(g.vs[i], sb->covered);
  }
}

void elide_flush_all(void) {
  for (unsigned i = 0; i < MAX_VCPUS; i++)
    elide_flush_vcpu(i);
}

/* udata: the instruction's insn_desc.  Its module, PLT section and row
 * are the translation's while no module has opened since; else they are
 * found again and the step is the oracle's alone (no memo).  With
 * elision, it runs only when the vCPU's ok_id is not the instruction's id
 * (truth.h). */
void on_check(unsigned int vcpu_index, void *udata) {
  vstate *v = truth_vcpu(vcpu_index);
  const insn_desc *d = udata;
  uint64_t pc = d->pc;
  sboard *sb = g.elide ? qemu_plugin_scoreboard_find(g.score, vcpu_index) : NULL;
  if (sb)
    elide_flush(v, sb->covered - 1); /* those before this one */
  /* elide=2: every check made, and each that would have been elided held
   * to the one it would have shared */
  int would = sb && g.elide == 2 && d->id && sb->ok_id == d->id;
  uint64_t frames_before = v->c.frames_checked;
  int fresh = d->gen == g_atomic_int_get(&g.mod_gen);
  v->pc_dep = 0;
  enum result r = check_insn(v, pc, fresh ? d->row : NULL);
  int m = fresh ? d->mod : mod_of(pc);
  int k = m < 0 ? -1 : fresh ? d->plt : plt_of(m, pc);
  if (would && (r != R_CORRECT || m != v->last.m || k != v->last.k ||
                v->c.frames_checked - frames_before != v->last.frames_ok)) {
    fprintf(stderr, "sfr_truth: elide=2: the check at 0x%" PRIx64 " differs from the one it would share (result %d, %" PRIu64 " frames, not %" PRIu64 ")\n",
            pc, (int)r, v->c.frames_checked - frames_before, v->last.frames_ok);
    fatal_exit();
  }
  if (sb) {
    v->accounted = sb->covered;
    int same = fresh && d->id && r == R_CORRECT && !v->pc_dep && m >= 0 && eliding();
    if (same)
      v->last.m = m, v->last.k = k;
    sb->ok_id = same ? d->id : 0;
  }
  if (m < 0)
    return;
  count(&v->mc[m], r);
  if (k >= 0)
    count(&v->plt[m][k], r);
}

/* A store: forget every remembered step that read the bytes it writes, and
 * every chain verdict above it. */
void on_store(unsigned int vcpu_index, qemu_plugin_meminfo_t info, uint64_t addr,
                     void *udata) {
  (void)udata;
  vstate *v = truth_vcpu(vcpu_index);
  uint64_t end = addr + (1u << qemu_plugin_mem_size_shift(info));
  if (v->top.row && addr < v->top.rd_hi && v->top.rd_lo < end) {
    v->top.row = NULL; /* the memo's step read these bytes */
    elide_stop(vcpu_index);
  }
  if (!v->depth)
    return;
  if (end <= v->stack[v->depth - 1].min_lo)
    return;
  for (size_t a = v->depth; a-- > 0;) {
    frame *f = &v->stack[a];
    if (f->min_lo >= end)
      break;
    if (f->cached && addr < f->rd_hi && f->rd_lo < end) {
      f->cached = 0;
      elide_stop(vcpu_index);
      for (size_t b = a; b < v->depth; b++)
        v->stack[b].tail_ok = 0;
    }
  }
}

