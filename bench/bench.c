/* SPDX-License-Identifier: MIT */
/* bench.c - the oracle against one libsframe, on the same section, in the
 * same process, after the same one-time open.
 *
 * Built once per libsframe the project fetches (bench/bench.mk: 2.40, 2.44,
 * 2.47.50; they cannot share a process, their symbols have the same names)
 * and once with none (BENCH_NO_LIBSFRAME: the oracle alone).
 *
 * Usage: bench-X SECTION VMA TEXT_LO TEXT_HI [REPEATS]
 *   SECTION   the raw .sframe bytes of a linked program (objcopy -O binary)
 *   VMA       the section's address; TEXT_LO..TEXT_HI the program's .text
 *
 * Measures, each REPEATS times (default 7), the implementations taking
 * turns inside every repeat so that both see the same machine:
 *   lookup      ns per lookup of 200,000 PCs drawn once (fixed seed): 90%
 *               inside .text, 10% within 4 KiB outside it.  The oracle's
 *               sfr_lookup in both PC modes with its lookup index
 *               (sfr_index_build, in memory the caller lends), and in IP
 *               mode without it (the binary search over the FDE array);
 *               it returns the rules, libsframe the row.  libsframe's
 *               sframe_find_fre.  The index must not change one answer,
 *               or bench exits 1.
 *   lookup-ratio libsframe's ns per lookup over the oracle's (ip mode, with
 *               the index), paired: in every repeat the oracle's lookups
 *               are timed again right before libsframe's (even repeats)
 *               or right after (odd ones), so that the two figures of a
 *               pair see the same moment of a shared machine, whose
 *               memory latency moves by 1.5x from minute to minute; the
 *               median, min and max of the repeats' ratios
 *               (lookup-paired: the oracle's figures of the pairs).
 *   index       microseconds to build the index; its bytes.
 *   simple      ns per lookup of the oracle's reference lookup (sfr_ref_lookup:
 *               every FDE the search passes and every FRE before the
 *               chosen one decoded whole), which the fast path replaced.
 *   linear      ns per lookup of the oracle with the binary search turned
 *               off (sfr_forget_order): the floor every reader beats.
 *               Only up to 10,000 functions, on a tenth of the PCs.
 *   validate    MB/s of sfr_validate_ex (open plus every check: the
 *               certificate of a clean section where it applies) and of
 *               libsframe's sframe_decode (+ sframe_decoder_free);
 *               validate-full: MB/s of the full pass the certificate
 *               stands in for; certified: whether it took the section;
 *               certified-unsorted: whether it took both copies below as
 *               having no finding but their order;
 *               validate-unsorted / validate-shuffled: MB/s of the same
 *               section with its FDEs reversed / shuffled (one finding,
 *               the order: the certificate sorts them in scratch);
 *               validate-overlap / validate-shared: MB/s of the shuffled
 *               copy with one fault (a function grown one byte into the
 *               next; a function's FRE data made the next one's), which
 *               must be rejected for exactly that and the order.  The
 *               fast validation must report what the full pass reports,
 *               or bench exits 1.
 *   memory      bytes: the oracle's (what the caller provides: the section
 *               handle; it allocates nothing) and libsframe's heap in use
 *               after sframe_decode (glibc's mallinfo2).
 *   unwind      ns per frame of the oracle's sfr_backtrace over 1,000
 *               stacks of 16 frames, and of a plain frame-pointer walk of
 *               the same stacks (the floor), both reading the stack through
 *               the same bounds-checked callback, called the same way
 *               (through the unwind context's pointer, which the compiler
 *               cannot see through).  Each stack's frames are
 *               16 frame-pointer functions of the program drawn at random,
 *               each stopped at a PC where its row says CFA = FP + 16, FP at
 *               CFA - 16 and RA at CFA - 8 (gas wrote those rows from the
 *               program's CFI); the memory is laid out as those rows say.
 *               Both walks must give the same PCs, or bench exits 1.
 * Output: one line per figure, tab-separated:
 *   figure  implementation  median  min  max  unit
 * and "agree" lines: of the PCs, how many both found, how many only one did. */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sfr_certify.h"  /* the certificate, measured alone */
#include "sfr_cursor.h"   /* sfr_le64: the library's own byte assembly */
#include "sfr_fast.h"     /* the fast layer held to the reference */
#include "sfr_lookup.h"   /* the reference lookup: the before of the fast one */
#include "sfr_validate.h" /* the reference validation: the before of the certificate */
#include "figures.h"
#include "sections.h"
#include "sfc_tools.h"
#include "sframe_ref.h"
#ifndef BENCH_NO_LIBSFRAME
#include <sframe-api.h>
#ifdef MAX_NUM_DATAWORDS
typedef int64_t lsf_pc; /* 2.47 */
#else
typedef int32_t lsf_pc;
#endif
#endif

#define NPCS 200000u
#define MAXREP 31

static void report(const char *figure, const char *impl, double *v, int n, const char *unit) {
  report_figure(figure, impl, v, n, unit, 0);
}

static uint64_t rng = 0x2545f4914f6cdd1du;
static uint64_t next_rand(void) {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 0x2545f4914f6cdd1du;
}

/* The whole of a non-empty file, or a named error and exit 2. */
static uint8_t *read_section(const char *path, size_t *len) {
  uint8_t *buf = NULL;
  sfc_read_status st = sfc_read_file(path, &buf, len);
  if (st != SFC_READ_OK || *len == 0) {
    fprintf(stderr, "bench: %s: cannot read (%s)\n", path,
            st == SFC_READ_OK ? "not a regular non-empty file" : strerror(errno));
    free(buf);
    exit(2);
  }
  return buf;
}

static uint64_t parse_u64(const char *s, const char *what) {
  uint64_t v;
  if (!sfc_parse_u64(s, &v)) {
    fprintf(stderr, "bench: %s: not a number: '%s'\n", what, s);
    exit(2);
  }
  return v;
}

/* ---- unwinding: synthetic frame-pointer stacks over the program's rows ---- */

/* Lays out stack s: frame k at FP = base + 32k (its locals below), its
 * saved FP (frame k+1's) at FP and its RA (frame k+1's PC + 1, so that the
 * lookup at RA - 1 is that row's start) at FP + 8; the last frame's RA is 0.
 * want[k] is frame k's PC as both walks must find it. */
static void lay_stack(stack_mem *m, unsigned s, const uint64_t *rows, unsigned nrows,
                      sfr_regs *top, uint64_t *want) {
  uint64_t base = UNW_BASE + (uint64_t)s * UNW_STRIDE + 16;
  unsigned k;
  for (k = 0; k < UNW_DEPTH; k++)
    want[k] = rows[next_rand() % nrows] + (k ? 1 : 0);
  for (k = 0; k < UNW_DEPTH; k++) {
    uint64_t fp = base + (uint64_t)k * UNW_FRAME, off = fp - UNW_BASE;
    put64(m->bytes + off, k + 1 < UNW_DEPTH ? fp + UNW_FRAME : 0);
    put64(m->bytes + off + 8, k + 1 < UNW_DEPTH ? want[k + 1] : 0);
  }
  memset(top, 0, sizeof *top);
  top->pc = want[0];
  top->fp = base;
  top->sp = base - 16;
}

typedef sfr_lookup_status (*lookup_fn)(const sfr_section *, uint64_t, sfr_pc_mode,
                                       sfr_lookup_result *);

/* The oracle's lookups of the first n PCs: the number found (which also
 * keeps the loop from being optimized away). */
static unsigned oracle_lookups(lookup_fn fn, const sfr_section *sec, const uint64_t *pcs,
                               unsigned n_pcs, sfr_pc_mode mode, uint8_t *found) {
  unsigned i, n = 0;
  for (i = 0; i < n_pcs; i++) {
    sfr_lookup_result r;
    int ok = fn(sec, pcs[i], mode, &r) == SFR_LOOKUP_FOUND;
    if (found)
      found[i] = (uint8_t)ok;
    n += (unsigned)ok;
  }
  return n;
}

/* ns per lookup of the oracle's sfr_lookup (ip mode, with the index) over
 * all the PCs, after an untimed quarter of them, as every reader is timed:
 * the validations timed between lookups push the section out of the
 * caches, and every reader is measured warm alike.  *n: the PCs found. */
static double timed_lookups(const sfr_section *sec, const uint64_t *pcs, uint8_t *found,
                            unsigned *n) {
  double t0, t1;
  (void)oracle_lookups(sfr_lookup, sec, pcs, NPCS / 4, SFR_PC_IP, NULL);
  t0 = now_ns();
  *n = oracle_lookups(sfr_lookup, sec, pcs, NPCS, SFR_PC_IP, found);
  t1 = now_ns();
  return (t1 - t0) / NPCS;
}

typedef struct samples {
  double look_ip[MAXREP], look_ra[MAXREP], simple[MAXREP], linear[MAXREP], val[MAXREP];
  double unw[MAXREP], unw_fp[MAXREP], val_unsorted[MAXREP], val_shuffled[MAXREP];
  double val_full[MAXREP], val_fault[2][MAXREP];
  double bsearch_ip[MAXREP], ix_us[MAXREP];
#ifndef BENCH_NO_LIBSFRAME
  double look_lsf[MAXREP], dec[MAXREP], heap[1], pair_ip[MAXREP], pair_ratio[MAXREP];
#endif
} samples;

typedef struct bench {
  const char *path; /* SECTION */
  uint8_t *buf;
  size_t len;
  uint64_t vma, lo, hi;
  int reps;
  uint64_t pcs[NPCS];
  uint8_t oracle_found[NPCS];
  unsigned n_ip;
  /* Scratch, as every tool validates: lent once, reused for each run. */
  void *scratch;
  size_t scratch_len;
  sfr_finding items[64];
  sfr_section sec, plain; /* plain: sec without the index */
  /* One block: the reversed copy, the shuffled, and the shuffled with one
   * overlap, then with FRE data shared (faulty[0], faulty[1]). */
  uint8_t *reversed, *shuffled, *faulty[2];
  int do_linear;
  void *ix;
  size_t ix_len;
  /* The stacks to unwind. */
  uint64_t unw_rows[4096], want[UNW_STACKS][UNW_DEPTH], fp_pcs[UNW_DEPTH + 1];
  sfr_regs tops[UNW_STACKS], frames[UNW_DEPTH + 1];
  stack_mem mem;
  sfr_unwind_ctx uc;
#ifndef BENCH_NO_LIBSFRAME
  uint8_t lsf_found[NPCS];
  sframe_decoder_ctx *ctx;
#endif
  samples t;
} bench;

/* What every timed loop adds its results to, so that none is optimized away. */
static volatile unsigned sink = 0;

/* A report over the bench's findings array. */
static sfr_report new_report(bench *b) {
  sfr_report rep;
  memset(&rep, 0, sizeof rep);
  rep.items = b->items;
  rep.cap = sizeof b->items / sizeof *b->items;
  return rep;
}

static void bench_free(bench *b) {
#ifndef BENCH_NO_LIBSFRAME
  if (b->ctx)
    sframe_decoder_free(&b->ctx);
#endif
  free(b->ix);
  free(b->reversed);
  free(b->scratch);
  free(b->mem.bytes);
  free(b->buf);
}

/* SECTION VMA TEXT_LO TEXT_HI [REPEATS]: 0, or 2 after a usage error. */
static int parse_args(bench *b, int argc, char **argv) {
  if (argc < 5 || argc > 6) {
    fprintf(stderr, "usage: %s SECTION VMA TEXT_LO TEXT_HI [REPEATS]\n", argv[0]);
    return 2;
  }
  b->path = argv[1];
  b->vma = parse_u64(argv[2], "VMA");
  b->lo = parse_u64(argv[3], "TEXT_LO");
  b->hi = parse_u64(argv[4], "TEXT_HI");
  b->reps = 7;
  if (argc == 6)
    b->reps = (int)parse_u64(argv[5], "REPEATS");
  if (b->reps < 1 || b->reps > MAXREP || b->hi <= b->lo || b->lo < 4096) {
    fprintf(stderr, "bench: REPEATS 1 to %d, and TEXT_LO (at least 4096) below TEXT_HI\n", MAXREP);
    return 2;
  }
  return 0;
}

/* The PCs every lookup figure uses, drawn once: 90% inside .text, 10%
 * within 4 KiB outside it. */
static void draw_pcs(bench *b) {
  uint64_t lo = b->lo, hi = b->hi;
  unsigned i;
  for (i = 0; i < NPCS; i++) {
    uint64_t x = next_rand();
    if (x % 10 == 0) /* outside: the 4 KiB before or after .text */
      b->pcs[i] = (x >> 8) & 1 ? lo - 1 - (x >> 9) % 4096 : hi + (x >> 9) % 4096;
    else
      b->pcs[i] = lo + (x >> 8) % (hi - lo);
  }
}

/* The section opened as sec, clean and in order; 0, or 1 said on stderr.
 * The fast validation (the certificate of a clean section, and the FREs
 * walked on the raw bytes) must report what the full pass reports. */
static int open_section(bench *b) {
  const uint8_t *buf = b->buf;
  size_t len = b->len, scratch_len;
  uint64_t vma = b->vma;
  sfr_finding *items = b->items;
  sfr_report rep = new_report(b);
  sfr_section sec;
  const char *why;
  void *scratch;
  const char *path = b->path;
  scratch_len = b->scratch_len = sfr_validate_scratch_size(len);
  if (!(scratch = b->scratch = malloc(scratch_len))) {
    fprintf(stderr, "bench: %s: out of memory\n", path);
    return 1;
  }
  if ((why = sfr_validate_checked(&sec, buf, len, vma, scratch, scratch_len, &rep)) != NULL) {
    fprintf(stderr, "bench: %s: %s\n", path, why);
    return 1;
  }
  b->sec = sec;
  if (sfr_report_rejects(&rep) || !sfr_order_verified(&sec)) {
    fprintf(stderr, "bench: %s: the oracle rejects the section (%zu findings, first %s)\n",
            path, rep.count, rep.count ? sfr_finding_name(items[0].id) : "-");
    return 1;
  }
  return 0;
}

/* Faulty copy i (0: an overlap, 1: FRE data shared) in its place of the
 * block, when a function will do; it must be rejected for exactly that and
 * the order.  0, or 1 said on stderr. */
static int make_faulty_copy(bench *b, unsigned i) {
  static const sfr_status want[2] = {SFR_E_FDE_OVERLAP, SFR_E_FRE_DATA_OVERRUN};
  const uint8_t *buf = b->buf;
  uint8_t *reversed = b->reversed, *f = reversed + (2 + i) * b->len;
  size_t len = b->len, scratch_len = b->scratch_len;
  uint64_t vma = b->vma;
  void *scratch = b->scratch;
  sfr_finding *items = b->items;
  sfr_report rep = new_report(b);
  sfr_section s3;
  size_t k, other = 0;
  const char *why;
  const char *path = b->path;
  if (!faulted_copy(&b->sec, buf, len, (int)i, reversed + 4 * len) ||
      !permuted_copy(&b->sec, reversed + 4 * len, len, vma, 1, f))
    return 0;
  why = sfr_validate_checked(&s3, f, len, vma, scratch, scratch_len, &rep);
  for (k = 0; k < rep.count && k < rep.cap; k++)
    other += items[k].id != want[i] && items[k].id != SFR_E_FDE_UNSORTED_UNFLAGGED;
  if (why || rep.count != 2 || other || rep.count > rep.cap) {
    fprintf(stderr, "bench: %s: the shuffled copy with %s gives %zu findings (first %s), not "
            "fde-unsorted-unflagged and %s%s%s\n", path, i ? "FRE data shared" : "an overlap",
            rep.count, rep.count ? sfr_finding_name(items[0].id) : "-",
            sfr_finding_name(want[i]), why ? "; " : "", why ? why : "");
    return 1;
  }
  b->faulty[i] = f;
  return 0;
}

/* The reversed and the shuffled copies, which must be accepted as unsorted
 * (unflagged), with nothing skipped, the fast validation reporting what the
 * full pass reports; then the faulty copies: the fault made in the sorted
 * section (in the last of the five), then shuffled as the shuffled copy
 * is.  No copies (reversed NULL) without memory.  0, or 1 said on stderr. */
static int make_copies(bench *b) {
  const uint8_t *buf = b->buf;
  size_t len = b->len, scratch_len = b->scratch_len;
  uint64_t vma = b->vma;
  void *scratch = b->scratch;
  uint8_t *reversed;
  sfr_finding *items = b->items;
  sfr_report rep = new_report(b);
  const sfr_section sec = b->sec;
  const char *path = b->path;
  unsigned i;
  if ((reversed = malloc(5 * len)) != NULL &&
      (!permuted_copy(&sec, buf, len, vma, 0, reversed) ||
       !permuted_copy(&sec, buf, len, vma, 1, reversed + len))) {
    free(reversed);
    reversed = NULL;
  }
  b->reversed = reversed;
  b->shuffled = reversed ? reversed + len : NULL;
  for (i = 0; reversed && i < 2; i++)
    if (make_faulty_copy(b, i))
      return 1;
  for (i = 0; reversed && i < 2; i++) {
    sfr_section s3;
    const char *why;
    why = sfr_validate_checked(&s3, reversed + i * len, len, vma, scratch, scratch_len, &rep);
    if (why || (sec.num_fdes > 1 && (sfr_report_rejects(&rep) || rep.count != 1 ||
                                     items[0].id != SFR_E_FDE_UNSORTED_UNFLAGGED))) {
      fprintf(stderr, "bench: %s: the %s copy gives %zu findings (first %s), not just "
              "fde-unsorted-unflagged%s%s\n", path, i ? "shuffled" : "reversed", rep.count,
              rep.count ? sfr_finding_name(items[0].id) : "-", why ? "; " : "", why ? why : "");
      return 1;
    }
  }
  return 0;
}

/* The index (in memory lent, as scratch is), on sec; plain has none.
 * Every PC must get the same answer from both, in both modes.  0, or 1
 * said on stderr. */
static int build_index(bench *b) {
  sfr_section sec = b->sec, plain;
  size_t ix_len;
  void *ix = NULL;
  const uint64_t *pcs = b->pcs;
  const char *path = b->path;
  unsigned i;
  plain = sec;
  ix_len = sfr_index_size(&sec);
  if (ix_len == 0 || !(ix = malloc(ix_len)) || !sfr_index_build(&sec, ix, ix_len)) {
    fprintf(stderr, "bench: %s: %s\n", path,
            ix_len ? "out of memory, or the index was not built" : "the section can have no index");
    free(ix);
    return 1;
  }
  b->sec = sec;
  b->plain = plain;
  b->ix = ix;
  b->ix_len = ix_len;
  for (i = 0; i < NPCS; i++) {
    sfr_lookup_result a, c;
    int m;
    for (m = 0; m < 2; m++) {
      sfr_lookup_status sa = sfr_lookup(&sec, pcs[i], (sfr_pc_mode)m, &a);
      sfr_lookup_status sb = sfr_lookup(&plain, pcs[i], (sfr_pc_mode)m, &c);
      const char *why = sfr_lookup_differs(sa, &a, sb, &c);
      if (why) {
        fprintf(stderr, "bench: %s: with the index, the lookup of 0x%" PRIx64 " (%s mode) differs "
                "in its %s\n", path, pcs[i], m ? "ra" : "ip", why);
        return 1;
      }
    }
  }
  return 0;
}

/* The stacks to unwind, checked once: the oracle and the frame-pointer
 * walk must both find every frame's PC.  0, or 1 said on stderr. */
static int lay_stacks(bench *b) {
  const char *path = b->path;
  unsigned nrows, s;
  b->mem.n = (size_t)UNW_STACKS * UNW_STRIDE;
  nrows = fp_rows(&b->sec, b->unw_rows, sizeof b->unw_rows / sizeof *b->unw_rows);
  if (nrows == 0 || !(b->mem.bytes = calloc(1, b->mem.n))) {
    fprintf(stderr, "bench: %s: %s\n", path,
            nrows ? "out of memory" : "no frame-pointer row (CFA = FP + 16) to build stacks from");
    return 1;
  }
  b->uc.sec = &b->sec;
  b->uc.read_mem = read_stack;
  b->uc.mem_ctx = &b->mem;
  b->uc.pauth_mask = 0;
  for (s = 0; s < UNW_STACKS; s++) {
    sfr_stop why;
    size_t nf;
    unsigned k, nfp;
    /* Read through a volatile pointer: the walks cannot know the callback. */
    const sfr_unwind_ctx *volatile ucp = &b->uc;
    lay_stack(&b->mem, s, b->unw_rows, nrows, &b->tops[s], b->want[s]);
    nf = sfr_backtrace(&b->uc, &b->tops[s], b->frames, UNW_DEPTH + 1, &why);
    nfp = fp_walk(ucp, b->tops[s].pc, b->tops[s].fp, b->fp_pcs, UNW_DEPTH + 1);
    for (k = 0; k < UNW_DEPTH; k++)
      if (nf < UNW_DEPTH || nfp != UNW_DEPTH || b->frames[k].pc != b->want[s][k] ||
          b->fp_pcs[k] != b->want[s][k]) {
        fprintf(stderr,
                "bench: %s: stack %u: the oracle (%zu frames, stop %s) and the frame-pointer walk "
                "(%u frames) do not both find the %u frames laid out (frame %u: 0x%" PRIx64 ")\n",
                path, s, nf, sfr_stop_name(why), nfp, UNW_DEPTH, k, b->want[s][k]);
        return 1;
      }
  }
  return 0;
}

#ifndef BENCH_NO_LIBSFRAME
/* libsframe's one-time open, and the heap it keeps (glibc's mallinfo2).
 * 0, or 1 said on stderr. */
static int open_libsframe(bench *b) {
  struct mallinfo2 m0, m1;
  int err = 0;
  m0 = mallinfo2();
  b->ctx = sframe_decode((const char *)b->buf, b->len, &err);
  m1 = mallinfo2();
  if (!b->ctx) {
    fprintf(stderr, "bench: %s: sframe_decode failed (%d)\n", b->path, err);
    return 1;
  }
  b->t.heap[0] = (double)((m1.uordblks + m1.hblkhd) - (m0.uordblks + m0.hblkhd));
  return 0;
}
#endif

/* Repeat r of the oracle's lookups: ip with the index (the PCs found
 * recorded in the first repeat), ra, ip by binary search, the simple
 * path, and the linear search. */
static void time_oracle_lookups(bench *b, int r) {
  samples *t = &b->t;
  const uint64_t *pcs = b->pcs;
  sfr_section sec = b->sec, plain = b->plain, s2;
  double t0, t1;
  t->look_ip[r] = timed_lookups(&b->sec, pcs, r == 0 ? b->oracle_found : NULL, &b->n_ip);
  t0 = now_ns();
  sink += oracle_lookups(sfr_lookup, &sec, pcs, NPCS, SFR_PC_RA, NULL);
  t1 = now_ns();
  t->look_ra[r] = (t1 - t0) / NPCS;
  t0 = now_ns();
  sink += oracle_lookups(sfr_lookup, &plain, pcs, NPCS, SFR_PC_IP, NULL);
  t1 = now_ns();
  t->bsearch_ip[r] = (t1 - t0) / NPCS;
  t0 = now_ns();
  sink += oracle_lookups(sfr_ref_lookup, &sec, pcs, NPCS, SFR_PC_IP, NULL);
  t1 = now_ns();
  t->simple[r] = (t1 - t0) / NPCS;
  if (b->do_linear) {
    s2 = plain;
    sfr_forget_order(&s2);
    t0 = now_ns();
    sink += oracle_lookups(sfr_lookup, &s2, pcs, NPCS / 10, SFR_PC_IP, NULL);
    t1 = now_ns();
    t->linear[r] = (t1 - t0) / (NPCS / 10);
  }
}

/* Repeat r of the unwinding: the oracle's backtraces, then the
 * frame-pointer walks, of every stack. */
static void time_unwind(bench *b, int r) {
  /* Read through a volatile pointer: the walks cannot know the callback. */
  const sfr_unwind_ctx *volatile ucp = &b->uc;
  double t0, t1;
  unsigned s;
  sfr_stop why;
  t0 = now_ns();
  for (s = 0; s < UNW_STACKS; s++)
    sink += (unsigned)sfr_backtrace(ucp, &b->tops[s], b->frames, UNW_DEPTH + 1, &why);
  t1 = now_ns();
  b->t.unw[r] = (t1 - t0) / (UNW_STACKS * UNW_DEPTH);
  t0 = now_ns();
  for (s = 0; s < UNW_STACKS; s++)
    sink += fp_walk(ucp, b->tops[s].pc, b->tops[s].fp, NULL, UNW_DEPTH + 1);
  t1 = now_ns();
  b->t.unw_fp[r] = (t1 - t0) / (UNW_STACKS * UNW_DEPTH);
}

/* MB/s of one validation of a section of len bytes that took t1 - t0 ns. */
static double mb_per_s(size_t len, double t0, double t1) {
  return (double)len / ((t1 - t0) / 1e9) / 1e6;
}

/* Repeat r of the validations: the section (fast, then the full pass), the
 * index build, then the reversed, shuffled and faulty copies. */
static void time_validation(bench *b, int r) {
  samples *t = &b->t;
  const uint8_t *buf = b->buf;
  size_t len = b->len, scratch_len = b->scratch_len, ix_len = b->ix_len;
  uint64_t vma = b->vma;
  void *scratch = b->scratch, *ix = b->ix;
  sfr_report rep = new_report(b);
  sfr_section s2;
  double t0, t1;
  unsigned i;
  t0 = now_ns();
  sfr_validate_ex(&s2, buf, len, vma, scratch, scratch_len, &rep);
  t1 = now_ns();
  t->val[r] = mb_per_s(len, t0, t1);
  sink += (unsigned)rep.count;
  t0 = now_ns();
  sfr_ref_validate(&s2, buf, len, vma, scratch, scratch_len, &rep);
  t1 = now_ns();
  t->val_full[r] = mb_per_s(len, t0, t1);
  sink += (unsigned)rep.count;
  t0 = now_ns();
  sink += (unsigned)sfr_index_build(&s2, ix, ix_len);
  t1 = now_ns();
  t->ix_us[r] = (t1 - t0) / 1e3;
  if (!b->reversed)
    return;
  t0 = now_ns();
  sfr_validate_ex(&s2, b->reversed, len, vma, scratch, scratch_len, &rep);
  t1 = now_ns();
  t->val_unsorted[r] = mb_per_s(len, t0, t1);
  sink += (unsigned)rep.count;
  t0 = now_ns();
  sfr_validate_ex(&s2, b->shuffled, len, vma, scratch, scratch_len, &rep);
  t1 = now_ns();
  t->val_shuffled[r] = mb_per_s(len, t0, t1);
  sink += (unsigned)rep.count;
  for (i = 0; i < 2; i++) {
    if (!b->faulty[i])
      continue;
    t0 = now_ns();
    sfr_validate_ex(&s2, b->faulty[i], len, vma, scratch, scratch_len, &rep);
    t1 = now_ns();
    t->val_fault[i][r] = mb_per_s(len, t0, t1);
    sink += (unsigned)rep.count;
  }
}

#ifndef BENCH_NO_LIBSFRAME
/* Repeat r of libsframe: its lookups (warmed as the oracle's), paired with
 * the oracle's (see lookup-ratio), then its decode. */
static void time_libsframe(bench *b, int r) {
  samples *t = &b->t;
  const uint64_t *pcs = b->pcs;
  uint64_t vma = b->vma;
  sframe_decoder_ctx *c2;
  double t0, t1;
  unsigned i, n = 0;
  int err = 0;
  for (i = 0; i < NPCS / 4; i++) { /* warm, as the oracle's */
    sframe_frame_row_entry fre;
    n += sframe_find_fre(b->ctx, (lsf_pc)(int64_t)(pcs[i] - vma), &fre) == 0;
  }
  sink += n;
  /* The pair: the oracle's lookups timed next to libsframe's, first
   * in even repeats and second in odd ones, so that both see the same
   * moment of a shared machine (see lookup-ratio). */
  if (r % 2 == 0)
    t->pair_ip[r] = timed_lookups(&b->sec, pcs, NULL, &n);
  n = 0;
  t0 = now_ns();
  for (i = 0; i < NPCS; i++) {
    sframe_frame_row_entry fre;
    int ok = sframe_find_fre(b->ctx, (lsf_pc)(int64_t)(pcs[i] - vma), &fre) == 0;
    if (r == 0)
      b->lsf_found[i] = (uint8_t)ok;
    n += (unsigned)ok;
  }
  t1 = now_ns();
  t->look_lsf[r] = (t1 - t0) / NPCS;
  sink += n;
  if (r % 2 == 1)
    t->pair_ip[r] = timed_lookups(&b->sec, pcs, NULL, &n);
  t->pair_ratio[r] = t->look_lsf[r] / t->pair_ip[r];
  t0 = now_ns();
  c2 = sframe_decode((const char *)b->buf, b->len, &err);
  sframe_decoder_free(&c2);
  t1 = now_ns();
  t->dec[r] = mb_per_s(b->len, t0, t1);
}
#endif

/* Whether the certificate took the section (else the fast figure is the
 * full pass's FREs walked on the raw bytes), and whether it took both
 * copies out of order as having no other finding (keys and their sort's
 * room in the scratch). */
static void print_certified(const bench *b) {
  const uint8_t *buf = b->buf, *reversed = b->reversed;
  size_t len = b->len;
  uint64_t vma = b->vma;
  const sfr_section sec = b->sec;
  sfr_section s4;
  unsigned i;
  sort_key *keys = malloc(3 * (size_t)(sec.num_fdes ? sec.num_fdes : 1) * sizeof *keys);
  uint32_t first;
  int yes = keys && sfr_open(&s4, buf, len, vma, NULL) == SFR_OK &&
            sfr_certify(&s4, keys, keys + 2 * (size_t)sec.num_fdes, keys + sec.num_fdes,
                        &first, NULL) == SFR_CERT_CLEAN;
  printf("certified\toracle\t%d\t%d\t%d\tyes\n", yes, yes, yes);
  if (reversed && keys && sec.num_fdes > 1) {
    int both = 1;
    for (i = 0; both && i < 2; i++)
      both = sfr_open(&s4, reversed + i * len, len, vma, NULL) == SFR_OK &&
             sfr_certify(&s4, keys, keys + 2 * (size_t)sec.num_fdes, keys + sec.num_fdes,
                         &first, NULL) == SFR_CERT_UNSORTED;
    printf("certified-unsorted\toracle\t%d\t%d\t%d\tyes\n", both, both, both);
  }
  free(keys);
}

/* The oracle's figures, in the order bench/run.sh and RESULTS.md have them. */
static void print_oracle(bench *b) {
  samples *t = &b->t;
  int reps = b->reps;
  size_t ix_len = b->ix_len;
  const sfr_section sec = b->sec;
  report("lookup-ip", "oracle", t->look_ip, reps, "ns");
  report("lookup-ra", "oracle", t->look_ra, reps, "ns");
  report("lookup-bsearch", "oracle", t->bsearch_ip, reps, "ns");
  report("lookup-simple", "oracle", t->simple, reps, "ns");
  report("index-build", "oracle", t->ix_us, reps, "us");
  printf("index\toracle\t%zu\t%zu\t%zu\tbytes\n", ix_len, ix_len, ix_len);
  if (b->do_linear)
    report("lookup-linear", "oracle", t->linear, reps, "ns");
  report("validate", "oracle", t->val, reps, "MB/s");
  report("validate-full", "oracle", t->val_full, reps, "MB/s");
  print_certified(b);
  if (b->reversed) {
    report("validate-unsorted", "oracle", t->val_unsorted, reps, "MB/s");
    report("validate-shuffled", "oracle", t->val_shuffled, reps, "MB/s");
    if (b->faulty[0])
      report("validate-overlap", "oracle", t->val_fault[0], reps, "MB/s");
    if (b->faulty[1])
      report("validate-shared", "oracle", t->val_fault[1], reps, "MB/s");
  }
  printf("memory\toracle\t%zu\t%zu\t%zu\tbytes\n", sizeof sec, sizeof sec, sizeof sec);
  printf("scratch\toracle\t%zu\t%zu\t%zu\tbytes\n", b->scratch_len, b->scratch_len,
         b->scratch_len);
  printf("found\toracle\t%u\t%u\t%u\tPCs\n", b->n_ip, b->n_ip, b->n_ip);
  report("unwind", "oracle", t->unw, reps, "ns/frame");
  report("unwind", "fp-walk", t->unw_fp, reps, "ns/frame");
}

#ifndef BENCH_NO_LIBSFRAME
/* libsframe's figures, and which PCs each found. */
static void print_libsframe(bench *b) {
  samples *t = &b->t;
  int reps = b->reps;
  unsigned i, both = 0, only_o = 0, only_l = 0;
  report("lookup", "libsframe", t->look_lsf, reps, "ns");
  report("lookup-paired", "oracle", t->pair_ip, reps, "ns");
  report("lookup-ratio", "libsframe/oracle", t->pair_ratio, reps, "x");
  report("validate", "libsframe", t->dec, reps, "MB/s");
  report("memory", "libsframe", t->heap, 1, "bytes");
  for (i = 0; i < NPCS; i++) {
    both += b->oracle_found[i] && b->lsf_found[i];
    only_o += b->oracle_found[i] && !b->lsf_found[i];
    only_l += !b->oracle_found[i] && b->lsf_found[i];
  }
  printf("agree\tboth-found %u\toracle-only %u\tlibsframe-only %u\tof %u\tPCs\n", both, only_o,
         only_l, NPCS);
}
#endif

/* The checks first (each exits 1 on a failure), then the repeats, each
 * timing the parts in turn, then the figures. */
static int run(bench *b) {
  int r;
  draw_pcs(b);
  if (open_section(b) || make_copies(b))
    return 1;
  b->do_linear = b->sec.num_fdes <= 10000;
  if (build_index(b) || lay_stacks(b))
    return 1;
#ifndef BENCH_NO_LIBSFRAME
  if (open_libsframe(b))
    return 1;
#endif
  for (r = 0; r < b->reps; r++) {
    time_oracle_lookups(b, r);
    time_unwind(b, r);
    time_validation(b, r);
#ifndef BENCH_NO_LIBSFRAME
    time_libsframe(b, r);
#endif
  }
  print_oracle(b);
#ifndef BENCH_NO_LIBSFRAME
  print_libsframe(b);
#endif
  return 0;
}

int main(int argc, char **argv) {
  static bench b;
  int rc = parse_args(&b, argc, argv);
  if (rc)
    return rc;
  errno = 0;
  b.buf = read_section(b.path, &b.len);
  rc = run(&b);
  bench_free(&b);
  return rc;
}
