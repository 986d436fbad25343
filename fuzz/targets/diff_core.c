/* SPDX-License-Identifier: MIT */
/* diff_core.c - the differential targets' shared allowlist, report and
 * statistics (diff_core.h). */
#include "diff_core.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"

static const char *kind_name(unsigned k) {
  switch (k) {
  case K_ACCEPT: return "libsframe rejects the section";
  case K_HEADER: return "header";
  case K_FDE: return "function descriptor";
  case K_ADDR: return "function address";
  case K_FRE: return "FRE start/info";
  case K_CFA: return "CFA rule";
  case K_RA: return "RA rule";
  case K_FP: return "FP rule";
  case K_MANGLED: return "mangled-RA flag";
  case K_MISSED: return "lookup: oracle found, libsframe not";
  case K_SPURIOUS: return "lookup: libsframe found, oracle not";
  case K_WRONG: return "lookup: a different function or row";
  default: return "?";
  }
}

static diff_target *stats_target; /* the one atexit prints */

static void print_stats(void) {
  const diff_target *t = stats_target;
  size_t i;
  if (t->print_counts)
    t->print_counts();
  for (i = 0; i < t->nallows; i++)
    fprintf(stderr, "%s: allow %-28s %10lu  [%s] %s\n", t->name, t->allows[i].id, t->allows[i].hits,
            t->allows[i].note, t->allows[i].what);
}

/* Whether ID is one of the comma-separated list. */
static int listed(const char *list, const char *id) {
  size_t n = strlen(id);
  const char *p = list;
  while (list && (p = strstr(p, id)) != NULL) {
    if ((p == list || p[-1] == ',') && (p[n] == 0 || p[n] == ','))
      return 1;
    p += n;
  }
  return 0;
}

int diff_strict(void) { return getenv("DIFF_LIBSFRAME_STRICT") != NULL; }

void diff_init(diff_target *t) {
  const char *deny = getenv("DIFF_LIBSFRAME_DENY");
  int strict = diff_strict();
  size_t i;
  for (i = 0; i < t->nallows; i++)
    t->allows[i].denied =
        listed(deny, t->allows[i].id) || (strict && strncmp(t->allows[i].id, "NEW-", 4) == 0);
  if (getenv("DIFF_LIBSFRAME_STATS") && !stats_target) {
    stats_target = t;
    atexit(print_stats);
  }
}

void diff_disagree(diff_target *t, unsigned kind, const diff_ctx *d, const diff_where *w,
                   const char *fmt, ...) {
  const sfr_section *s = w->sec;
  size_t i;
  va_list ap;
  for (i = 0; i < t->nallows; i++)
    if ((t->allows[i].kinds & kind) && !t->allows[i].denied && t->allows[i].pred(d)) {
      t->allows[i].hits++;
      return;
    }
  fprintf(stderr, "%s: oracle and %s disagree: %s\n  ", t->name, t->peer, kind_name(kind));
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr,
          "\n  section: version %u abi %u flags 0x%x fixed fp %d ra %d auxhdr %u num_fdes %" PRIu32
          " fdeoff %" PRIu32 " freoff %" PRIu32 " fre_len %" PRIu32 " %s-endian\n",
          s->version, s->abi, s->flags, s->fixed_fp_offset, s->fixed_ra_offset, s->auxhdr_len,
          s->num_fdes, s->fdeoff, s->freoff, s->fre_len, s->big_endian ? "big" : "little");
  if (w->fde)
    fprintf(stderr, "  function %" PRIu32 ": start 0x%" PRIx64 " size %" PRIu32 " pc_type %u\n",
            w->fde->index, w->fde->start, w->fde->size, w->fde->pc_type);
  if (w->is_lookup)
    fprintf(stderr, "  pc 0x%" PRIx64 " (oracle: %s)\n", w->pc, sfr_lookup_status_name(w->ost));
  FUZZ_CHECK(0, "oracle and libsframe agree, or the disagreement is on the allowlist");
}

int diff_fre_agrees(diff_target *t, const diff_ctx *d, const diff_where *w, const char *where,
                    int lib_ok, uint32_t lib_start, uint8_t lib_info, const sfr_fre *o) {
  if (!lib_ok) {
    diff_disagree(t, K_FRE, d, w, "%s: libsframe cannot read it (start %" PRIu32 " info 0x%02x)",
                  where, o->start, o->info);
    return 0;
  }
  if (lib_start != o->start || lib_info != o->info) {
    diff_disagree(t, K_FRE, d, w,
                  "%s: oracle start %" PRIu32 " info 0x%02x, libsframe %" PRIu32 " 0x%02x", where,
                  o->start, o->info, lib_start, lib_info);
    return 0;
  }
  return 1;
}

int diff_both_found(diff_target *t, const diff_ctx *d, const diff_where *w, const char *where,
                    const sfr_lookup_result *res, int lfound, uint32_t lib_start,
                    uint8_t lib_info) {
  if (lfound && w->ost != SFR_LOOKUP_FOUND)
    diff_disagree(t, K_SPURIOUS, d, w, "%s: libsframe found row start %" PRIu32 " info 0x%02x",
                  where, lib_start, lib_info);
  else if (!lfound && w->ost == SFR_LOOKUP_FOUND)
    diff_disagree(t, K_MISSED, d, w, "%s: oracle found function %" PRIu32 " FRE %" PRIu32, where,
                  res->fde.index, res->fre.index);
  return lfound && w->ost == SFR_LOOKUP_FOUND;
}
