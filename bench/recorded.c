/* SPDX-License-Identifier: MIT */
/* recorded.c - unwinding on the stacks the harness recorded (make bench):
 * the oracle's sfr_backtrace against a plain frame-pointer walk of the same
 * stacks, per frame, on the snapshots committed under harness/snapshots/
 * (harness/README.md: each RUN directory holds section.sframe, section.vma
 * and NNN.snapshot files, taken from real programs run under QEMU at
 * instructions where the oracle's unwind equalled the execution's truth).
 *
 *   bench-recorded REPEATS RUN...
 *
 * Every RUN's snapshots are measured together: all of them are unwound,
 * REPEATS times, by the oracle (the section validated and its lookup index
 * built once, as sfref does) and by the frame-pointer walk (x86-64 and
 * AArch64, whose frame records are {saved FP, return address} at FP; none
 * for s390x, whose back chain is optional), each stack walked at most as
 * deep as the oracle's.  Both read memory through the same callback.
 * Before timing, every caller frame a snapshot's "# truth K PC SP" lines
 * record must equal the oracle's frame K, or bench-recorded exits 1.
 * Prints tab-separated lines (what, who, median, min, max, unit), as
 * bench.c does; exit 2 on usage errors and unreadable input. */
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "figures.h"
#include "sfc_tools.h"
#include "sframe_ref.h"
#include "unwind.h"

#define MAXREP 50
#define MAX_TRUTH 64

typedef struct run {
  uint8_t *buf;
  size_t len;
  sfr_section sec;
  void *index;
} run;

typedef struct stack {
  const run *r;
  snapshot snap;
  uint64_t truth_pc[MAX_TRUTH], truth_sp[MAX_TRUTH];
  uint8_t has_truth[MAX_TRUTH];
  size_t frames; /* what the oracle's backtrace gives */
} stack;

static void die(int code, const char *what, const char *why) {
  sfc_die(code, "%s: %s", what, why);
}

static uint8_t *read_all(const char *path, size_t *len) {
  uint8_t *buf;
  sfc_read_status st = sfc_read_file(path, &buf, len);
  if (st == SFC_READ_OPEN)
    die(2, path, strerror(errno));
  if (st != SFC_READ_OK)
    die(2, path, st == SFC_READ_NOMEM ? "out of memory" : "read error");
  return buf;
}

/* Target memory for both walks: the snapshot's range holding all n bytes,
 * copied at once (the CLI's reader goes byte by byte). */
static int read_mem(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  const snapshot *s = ctx;
  size_t i;
  for (i = 0; i < s->nmem; i++)
    if (addr >= s->mem[i].addr && addr - s->mem[i].addr <= s->mem[i].len &&
        s->mem[i].len - (addr - s->mem[i].addr) >= n) {
      memcpy(out, s->mem[i].bytes + (addr - s->mem[i].addr), n);
      return 0;
    }
  return -1;
}

static uint64_t le64(const uint8_t *p, int be) {
  uint64_t v = 0;
  int i;
  for (i = 0; i < 8; i++)
    v |= (uint64_t)p[be ? 7 - i : i] << (8 * i);
  return v;
}

/* Frames a frame-pointer walk finds from s, at most max: each frame record
 * is {the caller's FP, the return address} at FP, and FP must grow. */
static size_t fp_walk(const snapshot *s, int be, size_t max) {
  uint64_t fp = s->regs.fp;
  size_t n = 1;
  while (n < max) {
    uint8_t rec[16];
    uint64_t next, ra;
    if (read_mem((void *)s, fp, rec, sizeof rec) != 0)
      break;
    next = le64(rec, be);
    ra = le64(rec + 8, be);
    if (ra == 0)
      break;
    n++;
    if (next <= fp)
      break;
    fp = next;
  }
  return n;
}

/* "# truth K PC SP" lines (K > 0: the caller frames to check). */
static void read_truth(const char *path, stack *st) {
  FILE *f = fopen(path, "r");
  char line[256];
  if (!f)
    die(2, path, strerror(errno));
  while (fgets(line, sizeof line, f)) {
    unsigned k;
    uint64_t pc, sp;
    if (sscanf(line, "# truth %u 0x%" SCNx64 " 0x%" SCNx64, &k, &pc, &sp) == 3 && k > 0 &&
        k < MAX_TRUTH) {
      st->truth_pc[k] = pc;
      st->truth_sp[k] = sp;
      st->has_truth[k] = 1;
    }
  }
  fclose(f);
}

static void open_run(const char *dir, run *r) {
  char path[4096], *vma_text;
  size_t n, vlen;
  uint64_t vma;
  sfr_finding items[16];
  sfr_report rep = {items, 16, 0, {0}};
  snprintf(path, sizeof path, "%s/section.vma", dir);
  vma_text = (char *)read_all(path, &vlen);
  while (vlen && isspace((unsigned char)vma_text[vlen - 1]))
    vma_text[--vlen] = 0; /* the line's end */
  if (!sfc_parse_u64(vma_text, &vma))
    die(2, path, "not an address");
  free(vma_text);
  snprintf(path, sizeof path, "%s/section.sframe", dir);
  r->buf = read_all(path, &r->len);
  if (sfr_open(&r->sec, r->buf, r->len, vma, NULL) != SFR_OK)
    die(2, path, "the oracle cannot open the section");
  sfr_validate(&r->sec, r->buf, r->len, vma, &rep);
  n = sfr_index_size(&r->sec);
  if (n && (r->index = malloc(n)) != NULL && !sfr_index_build(&r->sec, r->index, n))
    die(2, path, "the lookup index was not built");
}

static void report(const char *what, const char *who, double *v, int n, const char *unit) {
  report_figure(what, who, v, n, unit, 1);
}

/* The snapshots of one recorded run, appended to the stack list. */
typedef struct stack_list {
  stack *s;
  size_t n, cap, max_frames;
} stack_list;

static void load_snapshots(const char *dir, run *rn, stack_list *l) {
  char pattern[4096];
  glob_t g;
  snprintf(pattern, sizeof pattern, "%s/*.snapshot", dir);
  if (glob(pattern, 0, NULL, &g) != 0)
    die(2, dir, "no snapshots");
  for (size_t k = 0; k < g.gl_pathc; k++) {
    const char *path = g.gl_pathv[k];
    char err[256];
    FILE *f = fopen(path, "r");
    if (!f)
      die(2, path, strerror(errno));
    if (l->n == l->cap) {
      stack *s2 = realloc(l->s, (l->cap = l->cap ? 2 * l->cap : 256) * sizeof *l->s);
      if (!s2)
        die(2, path, "out of memory");
      l->s = s2;
    }
    stack *st = &l->s[l->n];
    memset(st, 0, sizeof *st);
    if (snapshot_read(f, &st->snap, err, sizeof err) != 0)
      die(2, path, err);
    fclose(f);
    read_truth(path, st);
    st->r = rn;
    if (st->snap.max_frames > l->max_frames)
      l->max_frames = st->snap.max_frames;
    l->n++;
  }
  globfree(&g);
}

/* The oracle's frames against the truth, before any timing: 0, or 1 when
 * a frame is not the truth (said).  *frames_out the frames in all,
 * *checked those the truth names. */
static int check_truth(stack_list *l, sfr_regs *frames, size_t *frames_out, size_t *checked) {
  for (size_t i = 0; i < l->n; i++) {
    stack *st = &l->s[i];
    sfr_unwind_ctx uc = {&st->r->sec, read_mem, &st->snap, st->snap.pauth_mask};
    sfr_stop why;
    st->frames = sfr_backtrace(&uc, &st->snap.regs, frames, st->snap.max_frames, &why);
    for (unsigned k = 1; k < MAX_TRUTH; k++) {
      if (!st->has_truth[k])
        continue;
      if (k >= st->frames || frames[k].pc != st->truth_pc[k] || frames[k].sp != st->truth_sp[k]) {
        fprintf(stderr,
                "bench-recorded: snapshot %zu (pc 0x%" PRIx64 "): frame %u is not the truth "
                "(pc 0x%" PRIx64 ", sp 0x%" PRIx64 "; the oracle gave %zu frames, %s)\n",
                i, st->snap.regs.pc, k, st->truth_pc[k], st->truth_sp[k], st->frames,
                sfr_stop_name(why));
        return 1;
      }
      ++*checked;
    }
    *frames_out += st->frames;
  }
  return 0;
}

int main(int argc, char **argv) {
  int reps, r, a;
  size_t i, oracle_frames = 0, fp_frames = 0, checked = 0;
  stack_list l = {NULL, 0, 0, 1};
  run *runs;
  sfr_regs *frames;
  double t_or[MAXREP], t_fp[MAXREP];
  int walkable = 1;
  uint64_t nreps;
  sfc_set_progname("bench-recorded");
  if (argc < 3 || !sfc_parse_u64_base(argv[1], 10, &nreps) || nreps < 1 || nreps > MAXREP) {
    fprintf(stderr, "usage: %s REPEATS(1-%d) RUN...\n", argv[0], MAXREP);
    return 2;
  }
  reps = (int)nreps;
  if (!(runs = calloc((size_t)argc, sizeof *runs)))
    die(2, "memory", "out of memory");
  for (a = 2; a < argc; a++) {
    open_run(argv[a], &runs[a]);
    if (runs[a].sec.abi == SFR_ABI_S390X_BE)
      walkable = 0;
    load_snapshots(argv[a], &runs[a], &l);
  }
  if (l.n == 0)
    die(2, argv[2], "no snapshots");
  if (!(frames = calloc(l.max_frames, sizeof *frames)))
    die(2, "memory", "out of memory");
  if (check_truth(&l, frames, &oracle_frames, &checked) != 0)
    return 1;
  for (r = 0; r < reps; r++) {
    double t0, t1;
    size_t sink = 0;
    t0 = now_ns();
    for (i = 0; i < l.n; i++) {
      const stack *st = &l.s[i];
      sfr_unwind_ctx uc = {&st->r->sec, read_mem, (void *)&st->snap, st->snap.pauth_mask};
      sfr_stop why;
      sink += sfr_backtrace(&uc, &st->snap.regs, frames, st->snap.max_frames, &why);
    }
    t1 = now_ns();
    if (sink != oracle_frames)
      die(1, "sfr_backtrace", "a second unwind of the same snapshots gave other frames");
    t_or[r] = (t1 - t0) / (double)oracle_frames;
    if (walkable) {
      fp_frames = 0;
      t0 = now_ns();
      for (i = 0; i < l.n; i++)
        fp_frames += fp_walk(&l.s[i].snap, l.s[i].r->sec.big_endian, l.s[i].frames);
      t1 = now_ns();
      t_fp[r] = (t1 - t0) / (double)fp_frames;
    }
  }
  printf("snapshots\toracle\t%zu\t%zu\t%zu\tstacks\n", l.n, l.n, l.n);
  printf("frames\toracle\t%zu\t%zu\t%zu\tframes (%zu checked against the truth)\n", oracle_frames,
         oracle_frames, oracle_frames, checked);
  report("unwind-recorded", "oracle", t_or, reps, "ns/frame");
  if (walkable) {
    printf("frames\tfp-walk\t%zu\t%zu\t%zu\tframes\n", fp_frames, fp_frames, fp_frames);
    report("unwind-recorded", "fp-walk", t_fp, reps, "ns/frame");
  }
  for (i = 0; i < l.n; i++)
    snapshot_free(&l.s[i].snap);
  for (a = 2; a < argc; a++) {
    free(runs[a].buf);
    free(runs[a].index);
  }
  free(l.s);
  free(runs);
  free(frames);
  return 0;
}
