/* SPDX-License-Identifier: MIT */
/* sfk_lookup.c - what a generation's lookup (sframe_find) answers at a PC
 * (sframe_kernel.h; SPEC-NOTES.md N41): the section as registered without
 * CONFIG_SFRAME_VALIDATION (the default), so that a lookup meets what
 * validation would have refused, or with it (sfk_options.validation), so
 * that a refused section is never looked up. */
#include <string.h>

#include "sfk_read.h"

static void fail(const sfk_view *v, sfk_id why, sfk_answer *ans) {
  ans->outcome = SFK_LOOKUP_ERROR;
  ans->why = why;
  ans->fre = -1; /* the row read last is not an answer */
  ans->effect = sfk_rule_effect(why, v->gen);
  if (ans->effect == SFK_EFFECT_CRASH)
    ans->outcome = SFK_LOOKUP_CRASH;
  ans->dropped = sfk_rule_drops(why, v->gen);
}

/* A module's table sorted when it was loaded (sframe_sort_fdes): the
 * function with the greatest start at or below pc, as a binary search of
 * the sorted table finds it; of equal starts the last in the section (the
 * kernel's heapsort leaves equal starts in an order not modelled).  -1:
 * none. */
static int64_t search_sorted_at_load(const sfk_view *v, uint64_t pc) {
  int64_t found = -1;
  uint64_t best = 0;
  uint32_t i;
  for (i = 0; i < v->num_fdes; i++) {
    uint64_t a = sfk_fde_start(v, i);
    if (a <= pc && (found < 0 || a >= best)) {
      best = a;
      found = i;
    }
  }
  return found;
}

/* __find_fde: the last function starting at or below pc, by a binary
 * search that checks the order of the starts it passes.  -1: none. */
static int64_t search(const sfk_view *v, uint64_t pc, sfk_answer *ans) {
  uint64_t low_addr = 0, high_addr = UINT64_MAX;
  int64_t low = 0, high = (int64_t)v->num_fdes - 1, found = -1;
  while (low <= high) {
    int64_t mid = low + (high - low) / 2;
    uint64_t a = sfk_fde_start(v, (uint32_t)mid);
    if (pc >= a) {
      if (a < low_addr)
        {
        fail(v, SFK_FDE_NOT_INCREASING, ans);
        return -2;
      }
      low_addr = a;
      found = mid;
      low = mid + 1;
    } else {
      if (a > high_addr)
        {
        fail(v, SFK_FDE_NOT_INCREASING, ans);
        return -2;
      }
      high_addr = a;
      high = mid - 1;
    }
  }
  return found;
}

/* The signal-frame RFC: the frame goes to the architecture's signal-frame
 * unwinder (s390x), or to a stub that warns and fails (the others). */
static void signal_frame(const sfk_view *v, sfk_answer *ans) {
  if (v->abi == SFR_ABI_S390X_BE) {
    ans->outcome = SFK_LOOKUP_SIGNAL;
    ans->why = SFK_SIGNAL_FRAME;
    ans->effect = SFK_EFFECT_SIGNAL;
    return;
  }
  fail(v, SFK_SIGNAL_NO_UNWINDER, ans);
}

/* __find_fre: the last row starting at or below the PC's offset, reading
 * every row up to it (v16 with its words; v13 and the series on it read
 * the words of the row it lands on only, after the loop). */
static void find_row(const sfk_view *v, const sfk_fde *f, uint64_t pc, sfk_answer *ans) {
  uint32_t ip_off = (uint32_t)(pc - f->start), j;
  uint64_t pos = f->fres_at, at, prev_pos = 0;
  const char *field;
  sfk_fre r, prev;
  int have = 0;
  sfk_id id;
  if (((f->info >> 4) & 1u) == SFR_PCTYPE_MASK) {
    if (f->rep_size == 0) {
      fail(v, SFK_PCMASK_REP_ZERO, ans);
      return;
    }
    ip_off %= f->rep_size;
  }
  for (j = 0; j < f->num_fres; j++) {
    id = v->t.lazy_words ? sfk_read_fre_head(v, f, pos, &r, &at, &field)
                          : sfk_read_fre(v, f, pos, &r, &at, &field);
    if (id != SFK_OK) {
      fail(v, id, ans);
      return;
    }
    if (have && r.start <= prev.start) {
      fail(v, SFK_FRE_NOT_INCREASING, ans);
      return;
    }
    if (r.start > ip_off)
      break;
    prev = r;
    prev_pos = pos;
    have = 1;
    ans->fre = j;
    pos += r.size;
  }
  if (!have && v->t.signal && ((f->info >> 7) & 1u)) {
    signal_frame(v, ans); /* the RFC jumps to its signal label: no row needed */
    return;
  }
  if (!have) { /* no row covers the PC: -EINVAL in every generation */
    ans->outcome = SFK_LOOKUP_ERROR;
    ans->effect = SFK_EFFECT_EINVAL;
    ans->dropped = sfk_gen_get(v->gen)->drop == SFK_DROP_ANY;
    ans->fre = -1;
    return;
  }
  if ((v->t.lazy_words && (id = sfk_read_fre_words(v, f, prev_pos, &prev)) != SFK_OK) ||
      (id = sfk_rules_of(v, &prev, ans)) != SFK_OK) {
    fail(v, id, ans);
    return;
  }
  ans->outcome = prev.outermost ? SFK_LOOKUP_OUTERMOST : SFK_LOOKUP_FOUND;
  if (v->t.signal && ((f->info >> 7) & 1u))
    signal_frame(v, ans); /* rows read and checked, then set aside */
}

void sfk_lookup(const uint8_t *buf, size_t len, uint64_t vma, const sfk_options *opt,
                uint64_t pc, sfk_answer *ans) {
  sfk_sink s;
  sfk_view v;
  sfk_fde f;
  uint64_t at;
  const char *field;
  int64_t i;
  sfk_id id;
  memset(ans, 0, sizeof *ans);
  ans->fde = ans->fre = -1;
  s.rep = NULL;
  s.gen = opt->gen;
  s.first = SFK_OK;
  if (!buf || !sfk_read_header(&v, buf, len, vma, opt->gen, &s) || s.first != SFK_OK ||
      (opt->validation && (s.first = sfk_first_refusal(buf, len, vma, opt)) != SFK_OK)) {
    /* Refused at load (every configuration) or, with validation, by any
     * rule of its load, arch or validate stage. */
    ans->outcome = SFK_LOOKUP_NOT_REGISTERED;
    ans->why = s.first;
    ans->effect = SFK_EFFECT_REFUSED;
    return;
  }
  ans->outcome = SFK_LOOKUP_NO_FDE;
  /* The section is registered for [text_start, text_end] before v16 (the
   * maple tree range includes the end), [text_start, text_end) from v16;
   * the kernel's own text is found by [_stext, _etext) or the module's
   * text. */
  if (opt->have_text && (pc < opt->text_start || pc > opt->text_end ||
                         (pc == opt->text_end && (v.t.func_end_in_text || v.t.kernel_text))))
    return; /* no section registered for the PC */
  if (v.t.kernel_text && !v.sorted && !v.t.sort_at_load) {
    fail(&v, SFK_UNSORTED_NO_LOOKUP, ans); /* __find_fde: !sec->fdes_sorted */
    return;
  }
  i = v.t.sort_at_load && !v.sorted ? search_sorted_at_load(&v, pc) : search(&v, pc, ans);
  if (i < 0)
    return;
  if ((id = sfk_read_fde(&v, opt, (uint32_t)i, &f, &at, &field)) != SFK_OK)
    {
      fail(&v, id, ans);
      return;
    }
  if (pc < f.start || pc >= f.start + f.size)
    return; /* in a gap: no FDE (the end computed as the kernel does, wrapping) */
  ans->fde = i;
  find_row(&v, &f, pc, ans);
}
