/* SPDX-License-Identifier: MIT */
/* diff_libsframe.c - differential fuzz target: the oracle (sfr_) against the
 * system's libsframe (binutils 2.40, SFrame version 1 only) on the same
 * bytes, through libsframe's public API (sframe-api.h).
 *
 * Input: the whole input is one SFrame section (the seeds are raw .sframe
 * files).  Its address is fixed, DIFF_VMA = 0x100000000: a version-1 start
 * field is a signed 32-bit offset from the section, so with this address no
 * start wraps below 0 and every function can be asked about.  PCs looked up
 * (instruction addresses; libsframe has no return-address mode): for every
 * function, start - 1, start, the start of each FRE (the first 8 and the
 * last), end - 1 and end (at most MAX_PCS in all); then two from the input:
 * its last 8 bytes read as two little-endian int32 offsets from DIFF_VMA
 * (a shorter input gives fewer).  Those bytes are also part of the section.
 *
 * Flow, per input:
 *  1. sfr_validate.  libsframe is called only where the oracle accepts the
 *     section (no malformed or invalid finding) and it is version 1:
 *     libsframe 2.40 crashes on many malformed inputs (N30 D10-D15), which
 *     are known and must not stop the fuzzer.
 *  2. Skip rules (table `skips`), decided from the oracle's decoded view,
 *     before libsframe sees the bytes: the classes of input on which
 *     libsframe 2.40 crashes, corrupts memory or leaks even though the
 *     oracle accepts them.  In host (little-endian) order libsframe ignores
 *     sfh_fdeoff/sfh_freoff (D2) and reads the FDEs right after the header,
 *     the FREs right after the FDEs; when the oracle's layout is not that,
 *     the same bytes with the two offsets rewritten to that layout are opened
 *     with the oracle ("libsframe's view") and the crash rules are applied to
 *     what libsframe will really read.  (Checked: libsframe's answers on such
 *     sections equal the oracle's on that view wherever the oracle accepts
 *     the view, up to the other allowlist entries.)  Big-endian sections
 *     (foreign on this little-endian host) are swapped in place by
 *     libsframe: for sections the oracle accepts this is memory-safe when
 *     the layout is adjacent; libsframe then accepts exactly those whose
 *     bytes after the header are all FDE or FRE bytes, and rejects (leaking)
 *     the others.  (FRE bytes shared by two functions would be swapped
 *     twice; the oracle rejects those sections, which is checked here.)
 *  3. Compare: acceptance, header (ABI, fixed offsets, header size, FDE
 *     count), every FDE (start field, size, FRE count, info byte), FREs
 *     (start, info, CFA/RA/FP rules, mangled RA; the first FRES_HEAD and the
 *     last FRES_TAIL of each function) and lookups.  libsframe's answers are
 *     mapped to the oracle's neutral terms as conformance/adapters/libsframe.c
 *     does: start = VMA + field, lookups with pc - VMA as int32, RA/FP
 *     "at-cfa" from an offset word, "fixed" from the header's non-zero fixed
 *     offset when the accessor says the word is not present, else
 *     "unchanged".
 *  4. Every disagreement is checked against the allowlist (table `allows`):
 *     an entry names the kinds of disagreement it covers and a predicate on
 *     the oracle's decoded view; every entry points at a SPEC-NOTES.md entry
 *     (the D-numbers are those of N30 / conformance/adapters/
 *     libsframe-notes.md).  A disagreement no entry covers aborts
 *     (FUZZ_CHECK).
 *
 * The allowlist, the report of a disagreement and the statistics are the
 * differential core's (diff_core.h, shared with diff_libsframe3.c).
 * DIFF_LIBSFRAME_STATS=1 in the environment prints, at exit, how often each
 * skip rule and allowlist entry fired (stderr, one line each);
 * DIFF_LIBSFRAME_DENY=ID[,ID...] turns those entries off.
 * DIFF_LIBSFRAME_STRICT=1 turns the allowlist entries named "NEW-..." (the
 * classes this target found; inputs in fuzz/regressions/diff_libsframe-*)
 * off, and calls libsframe past the skip rules that hide a NEW finding, so
 * that those inputs abort (or leak) again.
 *
 * Build (libFuzzer; replay with fuzz/standalone.c and gcc):
 *   clang -std=c11 ... -fsanitize=fuzzer,address,undefined -Idecoder/include
 *     -Ifuzz/targets fuzz/targets/diff_libsframe.c fuzz/targets/diff_core.c
 *     decoder/src/\*.c -lsframe
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sframe-api.h>

#include "diff_core.h"
#include "diff_pcs.h"
#include "fuzz_check.h"
#include "sframe_ref.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define DIFF_VMA UINT64_C(0x100000000)
#define MAX_PCS 256
#define FRES_HEAD 48 /* FREs compared per function: the first ... */
#define FRES_TAIL 16 /* ... and the last */
#define PC_FRES 8    /* FRE starts looked up per function (plus the last) */

/* ---- kinds of disagreement ---- */
#define K_ALL_BUT_HEADER (K_ACCEPT | K_FDE | K_FRE | K_RULES | K_LOOKUP)

/* ---- what a predicate sees ---- */
struct diff_ctx {
  const sfr_section *sec;  /* the oracle's reading of the input */
  int adjacent;            /* FDEs right after the header, FREs right after the FDEs */
  int be_uncovered;        /* big-endian: some byte after the header is neither FDE
                              nor FRE (be_check) */
  const sfr_fde *fde;      /* the function concerned (decode: that function;
                              lookup: the oracle's, if it found one) or NULL */
  const sfr_fre *fre;      /* the FRE concerned, or NULL */
  int is_lookup;
  uint64_t pc;
  int pc_fits;             /* pc - VMA fits libsframe's int32_t pc argument */
  sfr_lookup_status ost;   /* the oracle's lookup status */
  int has_cand;            /* lookup: the function libsframe's search picks */
  sfr_fde cand;            /* (the last one starting at or before the PC) */
};

static int is_aarch64(const sfr_section *s) {
  return s->abi == SFR_ABI_AARCH64_BE || s->abi == SFR_ABI_AARCH64_LE;
}

/* libsframe's FRE lookup adds the FRE start (or the size) to the start field
 * as int32_t and compares the low 32 bits: wrong when the size or an FRE
 * start is >= 2^31, or when the function's section-relative range crosses a
 * multiple of 2^32 (e.g. a function ending exactly at the section address). */
static int fde_arith32_breaks(const sfr_section *sec, const sfr_fde *f) {
  sfr_fre_iter it;
  sfr_fre fre;
  int done = 0;
  if (f->size >= UINT32_C(0x80000000))
    return 1;
  if ((uint64_t)(uint32_t)f->raw_start + f->size > UINT32_MAX)
    return 1;
  sfr_fre_iter_init(sec, f, &it);
  while (sfr_fre_next(sec, &it, &fre, &done) == SFR_OK && !done)
    if (fre.start >= UINT32_C(0x80000000))
      return 1;
  return 0;
}

static int p_fres_first(const diff_ctx *d) { return d->sec->fdeoff > d->sec->freoff; }
static int p_be_uncovered(const diff_ctx *d) { return d->sec->big_endian && d->be_uncovered; }
static int p_not_adjacent(const diff_ctx *d) { return !d->adjacent; }
static int p_fixed_fp(const diff_ctx *d) { return d->sec->fixed_fp_offset != 0; }
static int p_aarch64_fixed_ra(const diff_ctx *d) {
  return is_aarch64(d->sec) && d->sec->fixed_ra_offset != 0;
}
static int p_amd64_zero_fixed_ra(const diff_ctx *d) {
  return d->sec->abi == SFR_ABI_AMD64_LE && d->sec->fixed_ra_offset == 0;
}
static int p_unsorted_flag(const diff_ctx *d) {
  return d->is_lookup && !(d->sec->flags & SFR_F_FDE_SORTED);
}
static int p_arith32(const diff_ctx *d) {
  return d->is_lookup && ((d->fde && fde_arith32_breaks(d->sec, d->fde)) ||
                          (d->has_cand && fde_arith32_breaks(d->sec, &d->cand)));
}
static int p_pc_beyond_int32(const diff_ctx *d) { return d->is_lookup && !d->pc_fits; }
static int p_gap_after_pcmask(const diff_ctx *d) {
  return d->is_lookup && d->ost == SFR_LOOKUP_NO_FDE && d->has_cand &&
         d->cand.pc_type == SFR_PCTYPE_MASK;
}
static int p_in_pcmask(const diff_ctx *d) {
  return d->is_lookup && ((d->fde && d->fde->pc_type == SFR_PCTYPE_MASK) ||
                          (d->has_cand && d->cand.pc_type == SFR_PCTYPE_MASK));
}
/* Another function starts where libsframe's candidate (or the oracle's
 * function) starts: a zero-size function followed by one at the same
 * address is accepted by the oracle (no overlap: it covers no byte), and
 * libsframe's binary search may stop at either. */
static int p_shared_start(const diff_ctx *d) {
  uint32_t i;
  int64_t start;
  if (!d->is_lookup || !(d->has_cand || d->fde))
    return 0;
  start = d->has_cand ? d->cand.raw_start : d->fde->raw_start;
  for (i = 0; i < d->sec->num_fdes; i++) {
    sfr_fde f;
    if (sfr_get_fde(d->sec, i, &f) == SFR_OK && f.raw_start == start && f.size == 0)
      return 1;
  }
  return 0;
}

static diff_allow allows[] = {
    {"D1-fres-first", "SPEC-NOTES N30 D1 (N9)",
     "sfh_fdeoff > sfh_freoff: libsframe rejects (SFRAME_ERR_NOMEM); the oracle rejects it too "
     "unless a sub-section is empty (fres-before-fdes), so only that case reaches here",
     K_ACCEPT, p_fres_first, 0, 0},
    {"D3-be-host-order", "SPEC-NOTES N30 D3 (N9)",
     "big-endian section with bytes after the header that are neither FDE nor FRE: libsframe "
     "rejects it (only reached under DIFF_LIBSFRAME_STRICT; see the skip rule)",
     K_ACCEPT, p_be_uncovered, 0, 0},
    {"D2-offsets-ignored", "SPEC-NOTES N30 D2 (N9)",
     "sub-sections not adjacent (FDEs not right after the header or FREs not right after "
     "the FDEs): libsframe reads other bytes",
     K_ALL_BUT_HEADER, p_not_adjacent, 0, 0},
    {"D4-fixed-fp", "SPEC-NOTES N30 D4 (N23)",
     "header has a non-zero fixed FP offset: libsframe ignores the FRE's FP word", K_FP,
     p_fixed_fp, 0, 0},
    {"D5-aarch64-fixed-ra", "SPEC-NOTES N30 D5 (N23)",
     "AArch64 with a non-zero fixed RA offset: libsframe uses it, and shifts the FP word",
     K_RA | K_FP, p_aarch64_fixed_ra, 0, 0},
    {"NEW-amd64-zero-fixed-ra", "SPEC-NOTES N23 (N30 D5, the mirror case)",
     "AMD64 with a zero fixed RA offset: libsframe takes word 2 as the RA (and looks for "
     "the FP in word 3), the oracle RA = fixed at CFA+0 and FP = word 2",
     K_RA | K_FP, p_amd64_zero_fixed_ra, 0, 0},
    {"D6-unsorted-flag", "SPEC-NOTES N30 D6 (N12)",
     "flags lack SFRAME_F_FDE_SORTED: libsframe does no lookup at all", K_MISSED,
     p_unsorted_flag, 0, 0},
    {"D7-int32-arith", "SPEC-NOTES N30 D7",
     "the function looked in has size or an FRE start >= 2^31, or its section-relative "
     "range crosses a multiple of 2^32",
     K_LOOKUP, p_arith32, 0, 0},
    {"D8-pc-int32", "SPEC-NOTES N30 D8",
     "PC more than 2^31 past (or at least 2^31 before) the section address: libsframe "
     "cannot be asked",
     K_MISSED, p_pc_beyond_int32, 0, 0},
    {"D9-gap-after-pcmask", "SPEC-NOTES N30 D9 (N22)",
     "PC in no function but after a PCMASK function (no range check, 8-bit row compare)",
     K_SPURIOUS, p_gap_after_pcmask, 0, 0},
    {"D9-in-pcmask", "SPEC-NOTES N30 D9 (N14)",
     "PC in (or after) a version-1 PCMASK function: libsframe compares the low 8 bits of "
     "section offsets, the oracle the plain offset",
     K_LOOKUP, p_in_pcmask, 0, 0},
    {"NEW-zero-size-shared-start", "SPEC-NOTES N12 (N30 D9)",
     "a zero-size function starts where the function looked in starts: libsframe's binary "
     "search may stop at it",
     K_MISSED | K_WRONG, p_shared_start, 0, 0},
};
#define NUM_ALLOWS (sizeof allows / sizeof *allows)

/* ---- skip rules: libsframe is not called (or not asked about one FRE) ---- */
enum {
  S_BE_NOT_ADJACENT,
  S_BE_REJECT_LEAK,
  S_BE_SHARED_FRES_LARGE,
  S_VIEW_UNREADABLE,
  S_VIEW_FRE_TYPE,
  S_VIEW_FRE_BAD,
  S_VIEW_WORDS_OVERFLOW,
  S_FRE_START_SIZE,
  NUM_SKIPS
};

typedef struct {
  const char *id;
  const char *note;
  const char *what;
  unsigned long hits;
  int strict_calls; /* DIFF_LIBSFRAME_STRICT: count, but call libsframe */
} skip_entry;

static skip_entry skips[NUM_SKIPS] = {
    [S_BE_NOT_ADJACENT] = {"D2-D14-be-layout", "SPEC-NOTES N30 D2, D14",
                           "big-endian section whose sub-sections are not adjacent: the swap "
                           "pass uses the offsets, the decode ignores them",
                           0, 0},
    [S_BE_REJECT_LEAK] = {"D3-be-reject-leaks", "SPEC-NOTES N30 D3 (NEW: leak)",
                          "big-endian section with a byte after the header that is neither FDE nor "
                          "some function's FRE (trailing, unused FRE bytes): rejected, and the "
                          "rejection leaks the 64-byte decoder context "
                          "(fuzz/regressions/diff_libsframe-be-reject-leak)",
                          0, 1},
    [S_BE_SHARED_FRES_LARGE] = {"N10-be-shared-fres-large", "SPEC-NOTES N10, N30 D14",
                                "big-endian section of more than 512 functions whose FRE data, "
                                "out of order, share bytes (the oracle checks only the byte "
                                "budget there): libsframe's in-place swap flips them twice",
                                0, 0},
    [S_VIEW_UNREADABLE] = {"D2-D12-view-unreadable", "SPEC-NOTES N30 D2, D12, D13",
                           "libsframe's layout (FDEs after the header, FREs after the FDEs) "
                           "puts an FDE array, FRE sub-section or function's FRE data outside "
                           "the section",
                           0, 0},
    [S_VIEW_FRE_TYPE] = {"D11-fre-type", "SPEC-NOTES N30 D11 (N25)",
                         "a function libsframe reads has FRE type 3-15 and FREs: assertion", 0, 0},
    [S_VIEW_FRE_BAD] = {"D13-fre-unreadable", "SPEC-NOTES N30 D13 (N25)",
                        "an FRE libsframe reads runs past its FRE copy or has data word size 3",
                        0, 0},
    [S_VIEW_WORDS_OVERFLOW] = {"D15-words-overflow", "SPEC-NOTES N30 D15",
                               "an FRE libsframe reads has more than 12 bytes of data words: "
                               "stack overflow in sframe_decode_fre",
                               0, 0},
    [S_FRE_START_SIZE] = {"D10-fre-start-size", "SPEC-NOTES N30 D10 (N3, N14)",
                          "FRE start >= function size (size 0: start != 0): "
                          "sframe_decoder_get_fre asserts; that FRE is not read (per FRE)",
                          0, 0},
};

static struct {
  unsigned long inputs, oracle_rejects, not_v1, compared, lib_fres, lookups, lookups_asked;
} counts;

static void print_counts(void) {
  size_t i;
  fprintf(stderr,
          "diff_libsframe: inputs %lu, oracle rejects %lu, accepted v2/v3 %lu, compared %lu "
          "(FREs %lu, lookups %lu, asked of libsframe %lu)\n",
          counts.inputs, counts.oracle_rejects, counts.not_v1, counts.compared, counts.lib_fres,
          counts.lookups, counts.lookups_asked);
  for (i = 0; i < NUM_SKIPS; i++)
    fprintf(stderr, "diff_libsframe: skip  %-28s %10lu  [%s] %s\n", skips[i].id, skips[i].hits,
            skips[i].note, skips[i].what);
}

static diff_target target = {"diff_libsframe", "libsframe 2.40", allows, NUM_ALLOWS,
                             print_counts};
#define disagree(kind, d, ...) DIFF_DISAGREE(&target, kind, d, __VA_ARGS__)

/* DIFF_LIBSFRAME_STRICT: the "NEW-" entries (classes this target found,
 * not yet in libsframe-notes.md) are off, so their saved inputs abort; and
 * the skip rules marked so call libsframe anyway. */
static int strict;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  strict = diff_strict();
  diff_init(&target);
  return 0;
}

/* ---- libsframe's answers in neutral terms ---- */
enum { LK_AT_CFA = SFR_RULE_AT_CFA, LK_FIXED = SFR_RULE_FIXED, LK_UNCHANGED = SFR_RULE_UNCHANGED,
       LK_ERROR = 200 };

typedef struct {
  int base_err, cfa_err, mangled_err;
  unsigned base;   /* SFRAME_BASE_REG_SP / _FP */
  int has_cfa;
  int32_t cfa;
  int ra_kind, fp_kind;
  int64_t ra, fp;
  int mangled;
} lib_rules;

static void lib_saved(int err, int32_t off, int8_t fixed, int *kind, int64_t *out) {
  if (!err) {
    *kind = LK_AT_CFA, *out = off;
  } else if (err != SFRAME_ERR_FREOFFSET_NOPRESENT) {
    *kind = LK_ERROR, *out = err;
  } else if (fixed != 0) {
    *kind = LK_FIXED, *out = fixed;
  } else {
    *kind = LK_UNCHANGED, *out = 0;
  }
}

static void get_lib_rules(sframe_decoder_ctx *ctx, sframe_frame_row_entry *fre, lib_rules *r) {
  int err = 0;
  int32_t v;
  memset(r, 0, sizeof *r);
  r->base = sframe_fre_get_base_reg_id(fre, &err);
  r->base_err = err;
  err = 0;
  r->cfa = sframe_fre_get_cfa_offset(ctx, fre, &err);
  r->has_cfa = err == 0;
  r->cfa_err = err;
  err = 0;
  v = sframe_fre_get_ra_offset(ctx, fre, &err);
  lib_saved(err, v, sframe_decoder_get_fixed_ra_offset(ctx), &r->ra_kind, &r->ra);
  err = 0;
  v = sframe_fre_get_fp_offset(ctx, fre, &err);
  lib_saved(err, v, sframe_decoder_get_fixed_fp_offset(ctx), &r->fp_kind, &r->fp);
  err = 0;
  r->mangled = sframe_fre_get_ra_mangled_p(ctx, fre, &err) ? 1 : 0;
  r->mangled_err = err;
}

static const char *rule_name(int k) {
  switch (k) {
  case LK_AT_CFA: return "at-cfa";
  case LK_FIXED: return "fixed";
  case LK_UNCHANGED: return "unchanged";
  case LK_ERROR: return "accessor-error";
  default: return "other";
  }
}

static int same_saved(int lkind, int64_t loff, const sfr_reg_rule *o) {
  if (lkind != o->kind)
    return 0;
  return lkind == LK_UNCHANGED || loff == o->offset;
}

/* Compare one FRE's rules part by part; each differing part is its own
 * disagreement. */
static void compare_rules(sframe_decoder_ctx *ctx, sframe_frame_row_entry *lf,
                          const sfr_rules *o, const diff_ctx *d, const char *where) {
  lib_rules l;
  int o_sp = o->cfa.base == SFR_BASE_SP;
  get_lib_rules(ctx, lf, &l);
  if (l.base_err || !l.has_cfa || (l.base == SFRAME_BASE_REG_SP) != o_sp || l.cfa != o->cfa.offset)
    disagree(K_CFA, d,
             "%s: CFA oracle %s%+" PRId64 ", libsframe %s%+" PRId32 " (errors %d/%d)", where,
             o_sp ? "sp" : "fp", o->cfa.offset, l.base == SFRAME_BASE_REG_SP ? "sp" : "fp",
             l.cfa, l.base_err, l.cfa_err);
  if (!same_saved(l.ra_kind, l.ra, &o->ra))
    disagree(K_RA, d, "%s: RA oracle %s %" PRId64 ", libsframe %s %" PRId64, where,
             rule_name(o->ra.kind), o->ra.offset, rule_name(l.ra_kind), l.ra);
  if (!same_saved(l.fp_kind, l.fp, &o->fp))
    disagree(K_FP, d, "%s: FP oracle %s %" PRId64 ", libsframe %s %" PRId64, where,
             rule_name(o->fp.kind), o->fp.offset, rule_name(l.fp_kind), l.fp);
  if (l.mangled_err || l.mangled != o->ra_mangled)
    disagree(K_MANGLED, d, "%s: mangled RA oracle %u, libsframe %d (error %d)", where,
             o->ra_mangled, l.mangled, l.mangled_err);
}

/* ---- the oracle's view, as libsframe will read it ---- */

/* libsframe's crash classes, checked on the section it will read (`view`:
 * the input itself when the layout is adjacent).  Returns a skip index, or
 * -1 when libsframe can be called. */
static int scan_view(const sfr_section *view) {
  uint32_t i;
  for (i = 0; i < view->num_fdes; i++) {
    sfr_fde f;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    if (sfr_get_fde(view, i, &f) != SFR_OK) {
      /* fre_off past the FRE sub-section: harmless only without FREs */
      if (f.num_fres == 0)
        continue;
      return S_VIEW_UNREADABLE;
    }
    if (f.num_fres == 0)
      continue;
    if (f.fre_type > SFR_FRE_TYPE_ADDR4)
      return S_VIEW_FRE_TYPE;
    sfr_fre_iter_init(view, &f, &it);
    for (;;) {
      if (sfr_fre_next(view, &it, &fre, &done) != SFR_OK)
        return S_VIEW_FRE_BAD;
      if (done)
        break;
      if ((unsigned)fre.count * fre.word_size > 12u)
        return S_VIEW_WORDS_OVERFLOW;
    }
  }
  return -1;
}

/* The end of function f's FRE data (absolute offset), walking its FREs. */
static uint64_t fre_data_end(const sfr_section *sec, const sfr_fde *f) {
  sfr_fre_iter it;
  sfr_fre fre;
  int done = 0;
  sfr_fre_iter_init(sec, f, &it);
  while (sfr_fre_next(sec, &it, &fre, &done) == SFR_OK && !done)
    ;
  return it.pos;
}

static int cmp_range(const void *a, const void *b) {
  const uint64_t *x = a, *y = b;
  return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0;
}

/* Big-endian input (foreign on this host): libsframe 2.40 copies the section
 * and swaps it in place, walking the FDEs and each function's FREs by the
 * offsets, and then requires that the bytes it swapped (FDE array plus every
 * function's FREs) cover everything after the header: a trailing byte, an
 * unused FRE byte (at the end or between two functions' data) makes it
 * return BUF_INVAL - and that rejection leaks its 64-byte decoder context.
 * Measured on this host (fuzz/regressions/diff_libsframe-be-reject-leak and
 * hand-built sections: FRE data out of index order is accepted, an aux header
 * counts as header).  Returns a skip index or -1. */
static int be_check(const sfr_section *sec, int *uncovered) {
  uint64_t *r, walked = 0;
  uint32_t i, n = 0;
  int shared = 0;
  r = malloc(((size_t)sec->num_fdes + 1) * 2 * sizeof *r);
  FUZZ_CHECK(r != NULL, "malloc");
  for (i = 0; i < sec->num_fdes; i++) {
    sfr_fde f;
    FUZZ_CHECK(sfr_get_fde(sec, i, &f) == SFR_OK, "every function of an accepted section reads");
    if (f.num_fres == 0)
      continue;
    r[2 * n] = f.fres_at;
    r[2 * n + 1] = fre_data_end(sec, &f);
    walked += r[2 * n + 1] - r[2 * n];
    n++;
  }
  qsort(r, n, 2 * sizeof *r, cmp_range);
  for (i = 1; i < n; i++)
    if (r[2 * i] < r[2 * i - 1])
      shared = 1;
  free(r);
  /* libsframe's in-place swap would flip shared bytes twice (N30 D14); the
   * oracle rejects such sections (fre-data-overrun, N10), so an accepted
   * one never has them (it did, before the oracle compared non-neighbour
   * functions: fuzz/regressions/diff_libsframe-oracle-shared-fre-data) -
   * unless its FRE data are out of order in an array of more than 512
   * functions, where the oracle checks only the byte budget (N10). */
  if (shared) {
    FUZZ_CHECK(sec->num_fdes > 512,
               "an accepted section of at most 512 functions has no FRE byte shared by two");
    return S_BE_SHARED_FRES_LARGE;
  }
  *uncovered = sec->hdr_end + (uint64_t)sec->num_fdes * SFR_V1_FDE_SIZE + walked != sec->len;
  return *uncovered ? S_BE_REJECT_LEAK : -1;
}

static void put_le32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/* ---- comparisons ---- */

static void compare_header(sframe_decoder_ctx *ctx, const diff_ctx *d) {
  const sfr_section *s = d->sec;
  unsigned abi = sframe_decoder_get_abi_arch(ctx);
  int fp = sframe_decoder_get_fixed_fp_offset(ctx), ra = sframe_decoder_get_fixed_ra_offset(ctx);
  unsigned hdr = sframe_decoder_get_hdr_size(ctx), n = sframe_decoder_get_num_fidx(ctx);
  if (abi != s->abi || fp != s->fixed_fp_offset || ra != s->fixed_ra_offset ||
      hdr != s->hdr_end || n != s->num_fdes)
    disagree(K_HEADER, d,
             "oracle abi %u fp %d ra %d hdr %" PRIu64 " fdes %" PRIu32
             "; libsframe abi %u fp %d ra %d hdr %u fdes %u",
             s->abi, s->fixed_fp_offset, s->fixed_ra_offset, s->hdr_end, s->num_fdes, abi, fp,
             ra, hdr, n);
}

/* Function i: its descriptor, and the FREs selected for comparison. */
static void compare_function(sframe_decoder_ctx *ctx, const sfr_section *view, uint32_t i,
                             diff_ctx *d) {
  const sfr_section *sec = d->sec;
  sfr_fde of, vf;
  uint32_t nf = 0, size = 0, j;
  int32_t start = 0;
  unsigned char info = 0;
  sfr_fre_iter io, iv;
  int rc;

  FUZZ_CHECK(sfr_get_fde(sec, i, &of) == SFR_OK, "every function of an accepted section reads");
  d->fde = &of;
  d->fre = NULL;
  rc = sframe_decoder_get_funcdesc(ctx, i, &nf, &size, &start, &info);
  if (rc != 0 || start != (int32_t)of.raw_start || size != of.size || nf != of.num_fres ||
      info != of.info) {
    disagree(K_FDE, d,
             "function %" PRIu32 ": oracle start %+" PRId64 " size %" PRIu32 " fres %" PRIu32
             " info 0x%02x; libsframe rc %d start %+" PRId32 " size %" PRIu32 " fres %" PRIu32
             " info 0x%02x",
             i, of.raw_start, of.size, of.num_fres, of.info, rc, start, size, nf, info);
    return; /* its FREs are not comparable */
  }
  /* libsframe holds the same descriptor as its view (same bytes when the
   * layouts differ only in where the FREs are). */
  if (sfr_get_fde(view, i, &vf) != SFR_OK)
    return; /* no FREs (scan_view); nothing to read */
  sfr_fre_iter_init(sec, &of, &io);
  sfr_fre_iter_init(view, &vf, &iv);
  for (j = 0; j < of.num_fres; j++) {
    sfr_fre ofre, vfre;
    sframe_frame_row_entry lf;
    sfr_rules orules;
    int done = 0, vdone = 0, lib_ok;
    char where[64];
    FUZZ_CHECK(sfr_fre_next(sec, &io, &ofre, &done) == SFR_OK && !done,
               "every FRE of an accepted section reads");
    FUZZ_CHECK(sfr_fre_next(view, &iv, &vfre, &vdone) == SFR_OK && !vdone,
               "every FRE of libsframe's view reads (scan_view)");
    if (j >= FRES_HEAD && of.num_fres - j > FRES_TAIL)
      continue;
    /* D10: sframe_decoder_get_fre asserts start < size (size 0: start == 0) */
    if (vf.size ? vfre.start >= vf.size : vfre.start != 0) {
      skips[S_FRE_START_SIZE].hits++;
      continue;
    }
    d->fre = &ofre;
    snprintf(where, sizeof where, "function %" PRIu32 " FRE %" PRIu32, i, j);
    memset(&lf, 0, sizeof lf);
    counts.lib_fres++;
    lib_ok = sframe_decoder_get_fre(ctx, i, j, &lf) == 0;
    if (!diff_fre_agrees(&target, d, DIFF_WHERE(d), where, lib_ok, lf.fre_start_addr, lf.fre_info,
                         &ofre))
      continue;
    FUZZ_CHECK(sfr_interpret(sec, &of, &ofre, &orules) == SFR_OK,
               "every FRE of an accepted section interprets");
    compare_rules(ctx, &lf, &orules, d, where);
  }
  d->fde = NULL;
  d->fre = NULL;
}

/* libsframe's int32_t pc argument for an address; 0 if it cannot say it. */
static int rel_pc(uint64_t pc, int32_t *rel) {
  uint64_t delta = pc - DIFF_VMA;
  if (delta <= (uint64_t)INT32_MAX) {
    *rel = (int32_t)delta;
    return 1;
  }
  if (delta >= (uint64_t)0 - UINT64_C(0x80000000)) {
    *rel = (int32_t)-(int64_t)((uint64_t)0 - delta);
    return 1;
  }
  return 0;
}

static void compare_lookup(sframe_decoder_ctx *ctx, uint64_t pc, diff_ctx *d) {
  const sfr_section *sec = d->sec;
  sfr_lookup_result res;
  sframe_frame_row_entry lf;
  int32_t rel = 0;
  uint32_t i;
  int lfound;
  char where[64];

  counts.lookups++;
  d->is_lookup = 1;
  d->pc = pc;
  d->fde = NULL;
  d->fre = NULL;
  d->has_cand = 0;
  d->ost = sfr_lookup(sec, pc, SFR_PC_IP, &res);
  FUZZ_CHECK(d->ost != SFR_LOOKUP_BAD_DATA, "an accepted section never gives bad-data");
  if (d->ost == SFR_LOOKUP_REP_SIZE_UNKNOWN) {
    /* A version-1 PCMASK row that depends on the unrecorded repeat size
     * (N14): the oracle declines, so there is nothing to compare. */
    d->is_lookup = 0;
    return;
  }
  if (d->ost == SFR_LOOKUP_FOUND || d->ost == SFR_LOOKUP_NO_FRE)
    d->fde = &res.fde;
  if (d->ost == SFR_LOOKUP_FOUND)
    d->fre = &res.fre;
  d->pc_fits = rel_pc(pc, &rel);
  snprintf(where, sizeof where, "pc 0x%" PRIx64, pc);
  if (!d->pc_fits) {
    if (d->ost == SFR_LOOKUP_FOUND)
      disagree(K_MISSED, d, "%s: cannot be asked (pc - VMA outside int32)", where);
    d->is_lookup = 0;
    return;
  }
  /* The function libsframe's binary search stops at: the last one whose
   * start field is <= rel (sorted sections; index order). */
  for (i = 0; i < sec->num_fdes; i++) {
    sfr_fde f;
    if (sfr_get_fde(sec, i, &f) == SFR_OK && f.raw_start <= rel) {
      d->cand = f;
      d->has_cand = 1;
    }
  }
  counts.lookups_asked++;
  memset(&lf, 0, sizeof lf);
  lfound = sframe_find_fre(ctx, rel, &lf) == 0;
  if (diff_both_found(&target, d, DIFF_WHERE(d), where, &res, lfound, lf.fre_start_addr,
                      lf.fre_info)) {
    int err = 0;
    const sframe_func_desc_entry *fp = sframe_get_funcdesc_with_addr(ctx, rel, &err);
    if (!fp || fp->sfde_func_start_address != (int32_t)res.fde.raw_start ||
        fp->sfde_func_size != res.fde.size || lf.fre_start_addr != res.fre.start ||
        lf.fre_info != res.fre.info)
      disagree(K_WRONG, d,
               "%s: oracle function %" PRIu32 " (start %+" PRId64 ") row start %" PRIu32
               "; libsframe function start %+" PRId32 " row start %" PRIu32,
               where, res.fde.index, res.fde.raw_start, res.fre.start,
               fp ? fp->sfde_func_start_address : 0, lf.fre_start_addr);
    else
      compare_rules(ctx, &lf, &res.rules, d, where);
  }
  d->is_lookup = 0;
  d->fde = NULL;
  d->fre = NULL;
  d->has_cand = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sfr_section sec, vsec;
  const sfr_section *view = &sec;
  sfr_report rep;
  sframe_decoder_ctx *ctx;
  uint8_t *vbuf = NULL;
  uint64_t pcs[MAX_PCS];
  diff_ctx d;
  int err = 0, skip = -1;
  size_t npcs, k;
  uint32_t i;

  counts.inputs++;
  memset(&rep, 0, sizeof rep); /* counts only: no items stored */
  fuzz_validate(&sec, data, size, DIFF_VMA, &rep);
  if (sfr_report_rejects(&rep)) {
    counts.oracle_rejects++;
    return 0;
  }
  if (sec.version != SFR_VERSION_1) {
    counts.not_v1++;
    return 0;
  }

  memset(&d, 0, sizeof d);
  d.sec = &sec;
  d.adjacent = sec.fde_start == sec.hdr_end &&
               sec.fre_start == sec.fde_start + (uint64_t)sec.num_fdes * SFR_V1_FDE_SIZE;

  /* Skip rules, from the oracle's view. */
  if (sec.big_endian) {
    skip = !d.adjacent ? S_BE_NOT_ADJACENT : be_check(&sec, &d.be_uncovered);
    /* Strict: the rules that hide a NEW finding call libsframe anyway, so
     * that their saved inputs show it (a leak report; a disagreement). */
    if (skip >= 0 && strict && skips[skip].strict_calls) {
      skips[skip].hits++;
      skip = -1;
    }
  } else if (!d.adjacent && sec.fdeoff <= sec.freoff) {
    /* libsframe reads the FDEs right after the header and the FREs right
     * after the FDEs: open the same bytes with those offsets.  (With
     * fdeoff > freoff it rejects the header before reading anything: D1.) */
    vbuf = malloc(size);
    FUZZ_CHECK(vbuf != NULL, "malloc");
    memcpy(vbuf, data, size);
    put_le32(vbuf + 20, 0);                                        /* sfh_fdeoff */
    put_le32(vbuf + 24, (uint32_t)(sec.num_fdes * SFR_V1_FDE_SIZE)); /* sfh_freoff */
    if (sfr_open(&vsec, vbuf, size, DIFF_VMA, NULL) != SFR_OK)
      skip = S_VIEW_UNREADABLE;
    else
      view = &vsec;
  }
  if (skip < 0 && sec.fdeoff <= sec.freoff)
    skip = scan_view(view);
  if (skip >= 0) {
    skips[skip].hits++;
    free(vbuf);
    return 0;
  }

  counts.compared++;
  ctx = sframe_decode((const char *)data, size, &err);
  if (!ctx) {
    disagree(K_ACCEPT, &d, "sframe_decode failed with %d (%s)", err,
             sframe_errmsg(err) ? sframe_errmsg(err) : "?");
    free(vbuf);
    return 0;
  }
  compare_header(ctx, &d);
  for (i = 0; i < sec.num_fdes; i++)
    compare_function(ctx, view, i, &d);
  npcs = collect_pcs(&sec, data, size, DIFF_VMA, PC_FRES, MAX_PCS, pcs);
  for (k = 0; k < npcs; k++)
    compare_lookup(ctx, pcs[k], &d);
  sframe_decoder_free(&ctx);
  FUZZ_CHECK(ctx == NULL, "sframe_decoder_free clears the context");
  free(vbuf);
  return 0;
}
