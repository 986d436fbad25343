/* SPDX-License-Identifier: MIT */
/* diff_libsframe3.c - differential fuzz target: the oracle (sfr_) against
 * libsframe 2.47.50 (Debian sid's libsframe3: SFrame versions 2 and 3) on
 * the same bytes, through libsframe's public API.
 *
 * libsframe's answers are put in the oracle's neutral terms by the bundled
 * adapter's own code (conformance/adapters/libsframe.c, included below with
 * its main renamed): function addresses (func_addr: the PCREL flag and
 * sframe_decoder_get_offsetof_fde_start_addr), and each row's rules as the
 * adapter protocol's JSON (api_rules_json: default and flexible FDEs,
 * RA-undefined rows, s390x padding and register words).  The oracle's side
 * is the reference adapter's JSON (decoder/cli/dump.c, rules_json).  So this
 * target checks exactly what `make conformance` checks, on inputs nobody
 * wrote by hand.
 *
 * Input: the whole input is one SFrame section, at DIFF_VMA = 0x100000000
 * (libsframe's PCs are offsets from the section, int64_t in 2.47).  PCs
 * looked up: for every function start - 1, start, the start of each FRE
 * (the first 8 and the last), end - 1 and end (at most MAX_PCS); then two
 * from the input's last 8 bytes, read as little-endian int32 offsets from
 * DIFF_VMA.
 *
 * Flow, per input:
 *  1. sfr_validate.  libsframe is called only where the oracle accepts the
 *     section (no malformed or invalid finding) and it is version 2 or 3:
 *     2.47.50 aborts or reads out of bounds on many malformed sections
 *     (SPEC-NOTES N33 F47-11, conformance/findings/15-19), and refuses
 *     version 1 by design.
 *  2. The bytes are copied to the end of a page followed by an inaccessible
 *     one (the adapter's guard): libsframe is not instrumented, so a read
 *     past the section is a SIGSEGV here, not silence.
 *  3. Compare: acceptance; header (ABI, version, flags, fixed offsets,
 *     header size, FDE count); every function (address, size, FRE count,
 *     info, info2, repetition size); FREs (start, info, then the rules: CFA,
 *     RA, FP, mangled RA; the first FRES_HEAD and the last FRES_TAIL of each
 *     function); lookups through sframe_find_fre (found or not; the row's
 *     start, info, data bytes and rules).
 *  4. Every disagreement is checked against the allowlist (table `allows`),
 *     each entry naming the SPEC-NOTES entry (N33's F47 classes) that says
 *     who is right; one no entry covers aborts (FUZZ_CHECK).
 *
 * The allowlist, the report of a disagreement and the statistics are the
 * differential core's (diff_core.h, shared with diff_libsframe.c):
 * DIFF_LIBSFRAME_STATS=1 prints, at exit, how often each allowlist entry
 * fired; DIFF_LIBSFRAME_DENY=ID[,ID...] turns those entries off, so that
 * inputs showing that class abort (fuzz/regressions/diff_libsframe3-*:
 * each shows one libsframe bug when its entry is off).  Built only when make toolchains has fetched sid's libsframe
 * (fuzz/fuzz.mk).
 */
#include <stdarg.h>

#include "libsframe_map.h"

#include "diff_core.h"
#include "diff_pcs.h"
#include "dump.h"
#include "fuzz_check.h"
#include "sframe_ref.h"

#if !SFA_API_247
#error "diff_libsframe3 is built against libsframe 2.47.50's headers (make toolchains)"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define DIFF_VMA UINT64_C(0x100000000)
#define MAX_PCS 256
#define FRES_HEAD 48
#define FRES_TAIL 16
#define PC_FRES 8

struct diff_ctx {
  const sfr_section *sec;
  const sfr_fde *fde;       /* the function concerned, or NULL */
  const sfr_rules *rules;   /* the oracle's rules of the row concerned, or NULL */
  int is_lookup;
  uint64_t pc;
  sfr_lookup_status ost;
};

/* ---- allowlist predicates (on the oracle's reading of the input) ---- */

static int p_no_pcrel(const diff_ctx *d) {
  return !(d->sec->flags & SFR_F_FDE_FUNC_START_PCREL);
}
static int p_pcrel_gap(const diff_ctx *d) {
  return (d->sec->flags & SFR_F_FDE_FUNC_START_PCREL) && d->sec->fdeoff != 0;
}
/* Some function's section-relative range, or the PC's offset, leaves the
 * int32 range (version 3 starts are 64-bit). */
static int p_far(const diff_ctx *d) {
  uint32_t i;
  int64_t rel;
  if (!d->is_lookup)
    return 0;
  rel = (int64_t)(d->pc - d->sec->vma);
  if (rel < INT32_MIN || rel > INT32_MAX)
    return 1;
  for (i = 0; i < d->sec->num_fdes; i++) {
    sfr_fde f;
    int64_t s;
    if (sfr_get_fde(d->sec, i, &f) != SFR_OK)
      continue;
    s = (int64_t)(f.start - d->sec->vma);
    if (s < INT32_MIN || s + (int64_t)f.size > INT32_MAX)
      return 1;
  }
  return 0;
}
static int p_zero_size_shared_start(const diff_ctx *d) {
  uint32_t i, j;
  for (i = 0; i < d->sec->num_fdes; i++) {
    sfr_fde f, g;
    if (sfr_get_fde(d->sec, i, &f) != SFR_OK || f.size != 0)
      continue;
    for (j = 0; j < d->sec->num_fdes; j++)
      if (j != i && sfr_get_fde(d->sec, j, &g) == SFR_OK && g.start == f.start && g.size)
        return 1;
  }
  return 0;
}
static int p_fixed_fp(const diff_ctx *d) { return d->sec->fixed_fp_offset != 0; }
static int p_fixed_ra_not_amd64(const diff_ctx *d) {
  return d->sec->abi != SFR_ABI_AMD64_LE && d->sec->fixed_ra_offset != 0;
}
static int p_amd64_zero_fixed_ra(const diff_ctx *d) {
  return d->sec->abi == SFR_ABI_AMD64_LE && d->sec->fixed_ra_offset == 0;
}
static int p_s390x_cfa_wide(const diff_ctx *d) {
  return d->sec->abi == SFR_ABI_S390X_BE && d->rules && !d->rules->outermost &&
         (d->rules->cfa.offset < INT32_MIN || d->rules->cfa.offset > INT32_MAX);
}
/* libsframe swaps a big-endian section in place and then wants every byte
 * after the header to be an FDE or an FRE it walked: an auxiliary header or
 * any other byte makes it reject the section (F47-9). */
static int p_be_not_covered(const diff_ctx *d) {
  const sfr_section *s = d->sec;
  uint64_t walked = 0;
  uint32_t i;
  if (!s->big_endian)
    return 0;
  /* (and an empty FRE sub-section that starts inside the FDE array, which
   * the little-endian twin passes: fuzz/regressions/diff_libsframe3-be-
   * empty-fres-inside-fdes) */
  if (s->auxhdr_len || s->fre_start < s->fde_start + (uint64_t)s->num_fdes * s->fde_size)
    return 1;
  for (i = 0; i < s->num_fdes; i++) {
    sfr_fde f;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    if (sfr_get_fde(s, i, &f) != SFR_OK)
      return 1;
    sfr_fre_iter_init(s, &f, &it);
    while (sfr_fre_next(s, &it, &fre, &done) == SFR_OK && !done)
      walked += fre.length;
  }
  return s->hdr_end + (uint64_t)s->num_fdes * s->fde_size + walked != s->len;
}
/* Two functions' FRE data share bytes: the oracle rejects that
 * (fre-data-overrun) up to 512 functions and, out of index order, checks
 * only the byte budget beyond (N10); libsframe's in-place byte swap of a
 * big-endian section then flips the shared bytes twice. */
static int cmp_u64(const void *a, const void *b) {
  const uint64_t *x = a, *y = b;
  return x[0] < y[0] ? -1 : x[0] > y[0];
}
static int p_be_shared_fres_large(const diff_ctx *d) {
  const sfr_section *s = d->sec;
  uint64_t *r;
  uint32_t i, n = 0;
  int shared = 0;
  if (!s->big_endian || s->num_fdes <= 512)
    return 0;
  r = malloc((size_t)s->num_fdes * 2 * sizeof *r);
  FUZZ_CHECK(r != NULL, "malloc");
  for (i = 0; i < s->num_fdes; i++) {
    sfr_fde f;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    if (sfr_get_fde(s, i, &f) != SFR_OK || f.num_fres == 0)
      continue;
    sfr_fre_iter_init(s, &f, &it);
    while (sfr_fre_next(s, &it, &fre, &done) == SFR_OK && !done)
      ;
    r[2 * n] = f.fres_at, r[2 * n + 1] = it.pos, n++;
  }
  qsort(r, n, 2 * sizeof *r, cmp_u64);
  for (i = 1; i < n && !shared; i++)
    shared = r[2 * i] < r[2 * i - 1];
  free(r);
  return shared;
}
static int p_fres_first(const diff_ctx *d) { return d->sec->fdeoff > d->sec->freoff; }
static int p_unsorted_flag(const diff_ctx *d) {
  return d->is_lookup && !(d->sec->flags & SFR_F_FDE_SORTED);
}

static diff_allow allows[] = {
    {"F47-1-find-fre-pcrel", "SPEC-NOTES N33 F47-1",
     "no PCREL flag: sframe_find_fre treats the start fields as PC-relative anyway", K_LOOKUP,
     p_no_pcrel, 0, 0},
    {"F47-2-pcrel-gap", "SPEC-NOTES N33 F47-2",
     "PCREL starts with a gap before the FDE array (sfh_fdeoff != 0): the field's place is "
     "computed without the gap",
     K_ADDR | K_LOOKUP, p_pcrel_gap, 0, 0},
    {"F47-3-far-start", "SPEC-NOTES N33 F47-3",
     "a function's range or the PC leaves int32 from the section: compared in 32 bits",
     K_LOOKUP, p_far, 0, 0},
    {"F47-4-zero-size-hides-next", "SPEC-NOTES N33 F47-4 (N12)",
     "a zero-size function starts where another starts: the binary search stops at it",
     K_MISSED | K_WRONG, p_zero_size_shared_start, 0, 0},
    {"F47-5-fixed-fp", "SPEC-NOTES N33 F47-5 (N23)",
     "header with a non-zero fixed FP offset (any ABI; on AMD64 found by this target, "
     "fuzz/regressions/diff_libsframe3-amd64-fixed-fp): it replaces the row's FP word",
     K_FP, p_fixed_fp, 0, 0},
    {"F47-5-fixed-ra", "SPEC-NOTES N33 F47-5 (N23)",
     "AArch64 or s390x header with a non-zero fixed RA offset: it replaces the row's RA word "
     "(and shifts the FP word)",
     K_RA | K_FP, p_fixed_ra_not_amd64, 0, 0},
    {"F47-6-amd64-fixed-ra-zero", "SPEC-NOTES N33 F47-6 (N23)",
     "AMD64 with fixed RA offset 0: taken as 'no fixed offset'", K_RA | K_FP,
     p_amd64_zero_fixed_ra, 0, 0},
    {"F47-8-s390x-cfa-wraps", "SPEC-NOTES N33 F47-8",
     "s390x CFA offset outside int32 after scaling: computed in 32 bits", K_CFA,
     p_s390x_cfa_wide, 0, 0},
    {"F47-9-be-not-covered", "SPEC-NOTES N33 F47-9 (N8, N9)",
     "big-endian section with an auxiliary header, a byte that is neither FDE nor FRE, or "
     "an (empty) FRE sub-section starting inside the FDE array: rejected",
     K_ACCEPT, p_be_not_covered, 0, 0},
    {"N9-fres-before-fdes-empty", "SPEC-NOTES N9, N33 (sub-section order)",
     "FRE sub-section before the FDE sub-section, one of them empty (valid for the oracle): "
     "rejected",
     K_ACCEPT, p_fres_first, 0, 0},
    {"N10-be-shared-fres-large", "SPEC-NOTES N10, N33 F47-9",
     "big-endian section of more than 512 functions whose FRE data, out of order, share "
     "bytes (the oracle checks only the byte budget there, N10): libsframe's in-place swap "
     "flips them twice (fuzz/regressions/diff_libsframe3-be-shared-fres-large)",
     K_FRE | K_CFA | K_RA | K_FP | K_MANGLED | K_LOOKUP, p_be_shared_fres_large, 0, 0},
    {"F47-13-unsorted-flag", "SPEC-NOTES N33 F47-13",
     "no SFRAME_F_FDE_SORTED: sframe_find_fre does no lookup", K_MISSED, p_unsorted_flag, 0, 0},
};
#define NUM_ALLOWS (sizeof allows / sizeof *allows)

static struct {
  unsigned long inputs, oracle_rejects, v1, compared, fres, lookups;
} counts;

static void print_counts(void) {
  fprintf(stderr,
          "diff_libsframe3: inputs %lu, oracle rejects %lu, version 1 %lu, compared %lu "
          "(FREs %lu, lookups %lu)\n",
          counts.inputs, counts.oracle_rejects, counts.v1, counts.compared, counts.fres,
          counts.lookups);
}

static diff_target target = {"diff_libsframe3", "libsframe 2.47.50", allows, NUM_ALLOWS,
                             print_counts};
#define disagree(kind, d, ...) DIFF_DISAGREE(&target, kind, d, __VA_ARGS__)

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  diff_init(&target);
  return 0;
}

/* ---- rules, as the adapter protocol's JSON on both sides ---- */

static char *oracle_rules_text(const sfr_section *sec, const sfr_rules *r) {
  char *t = NULL;
  size_t n = 0;
  FILE *o = open_memstream(&t, &n);
  FUZZ_CHECK(o != NULL, "open_memstream");
  rules_json(o, sec, r);
  FUZZ_CHECK(fclose(o) == 0, "memory for the oracle's rules");
  return t;
}

/* NULL when an accessor fails (*what names it). */
static char *api_rules_text(const sec_info *si, unsigned fde_type,
                            const sframe_frame_row_entry *fre, const char **what, int *code) {
  char *t = NULL;
  size_t n = 0;
  int rc;
  FILE *o = open_memstream(&t, &n);
  FUZZ_CHECK(o != NULL, "open_memstream");
  rc = api_rules_json(o, si, fde_type, fre, what, code);
  FUZZ_CHECK(fclose(o) == 0, "memory for libsframe's rules");
  if (rc != 0) {
    free(t);
    return NULL;
  }
  return t;
}

/* The part of a rules object that starts at key KEY and ends before the next
 * top-level key (the objects are written by the two printers above, whose
 * key order is cfa, ra, fp, ra_mangled). */
static size_t part(const char *t, const char *key, const char **at) {
  static const char *const keys[] = {"{\"cfa\":", ",\"ra\":", ",\"fp\":", ",\"ra_mangled\":"};
  size_t k;
  const char *p = strstr(t, key), *end = NULL;
  *at = p;
  if (!p)
    return 0;
  for (k = 0; k < 4; k++) {
    const char *q = strstr(p + 1, keys[k]);
    if (q && (!end || q < end))
      end = q;
  }
  return end ? (size_t)(end - p) : strlen(p);
}

static void compare_rule_texts(const char *o, const char *l, const diff_ctx *d,
                               const char *where) {
  static const struct { const char *key; unsigned kind; } parts[] = {
      {"{\"cfa\":", K_CFA}, {",\"ra\":", K_RA}, {",\"fp\":", K_FP},
      {",\"ra_mangled\":", K_MANGLED}};
  size_t k;
  for (k = 0; k < 4; k++) {
    const char *po, *pl;
    size_t no = part(o, parts[k].key, &po), nl = part(l, parts[k].key, &pl);
    if (!po || !pl || no != nl || memcmp(po, pl, no) != 0)
      disagree(parts[k].kind, d, "%s: oracle %s\n  libsframe %s", where, o, l);
  }
}

/* The oracle's rules of a row against libsframe's reading of its copy of
 * that row (FDE type fde_type). */
static void compare_rules(const sec_info *si, const sfr_rules *orules, unsigned fde_type,
                          const sframe_frame_row_entry *fre, const diff_ctx *d,
                          const char *where) {
  const char *what = NULL;
  int code = 0;
  char *ot = oracle_rules_text(d->sec, orules);
  char *lt = api_rules_text(si, fde_type, fre, &what, &code);
  if (!lt)
    disagree(K_CFA, d, "%s: %s failed (%d: %s)", where, what, code, err_name(code));
  else
    compare_rule_texts(ot, lt, d, where);
  free(ot);
  free(lt);
}

/* ---- comparisons ---- */

static void compare_header(const sec_info *si, const diff_ctx *d) {
  const sfr_section *s = d->sec;
  unsigned hdr = sframe_decoder_get_hdr_size(si->ctx), n = sframe_decoder_get_num_fidx(si->ctx);
  int fp = sframe_decoder_get_fixed_fp_offset(si->ctx), ra = sframe_decoder_get_fixed_ra_offset(si->ctx);
  if (si->abi != s->abi || si->version != s->version || si->flags != s->flags ||
      fp != s->fixed_fp_offset || ra != s->fixed_ra_offset || hdr != s->hdr_end ||
      n != s->num_fdes)
    disagree(K_HEADER, d,
             "oracle version %u abi %u flags 0x%x fp %d ra %d hdr %" PRIu64 " fdes %" PRIu32
             "; libsframe version %u abi %u flags 0x%x fp %d ra %d hdr %u fdes %u",
             s->version, s->abi, s->flags, s->fixed_fp_offset, s->fixed_ra_offset, s->hdr_end,
             s->num_fdes, si->version, si->abi, (unsigned)si->flags, fp, ra, hdr, n);
}

static void compare_function(const sec_info *si, uint32_t i, diff_ctx *d) {
  const sfr_section *sec = d->sec;
  sfr_fde of;
  func lf;
  sfr_fre_iter it;
  uint32_t j;

  FUZZ_CHECK(sfr_get_fde(sec, i, &of) == SFR_OK, "every function of an accepted section reads");
  d->fde = &of;
  d->rules = NULL;
  if (get_func(si, i, &lf) != 0 || lf.size != of.size || lf.num_fres != of.num_fres ||
      lf.info != of.info || lf.info2 != of.info2 || lf.rep_size != of.rep_size) {
    disagree(K_FDE, d,
             "function %" PRIu32 ": oracle size %" PRIu32 " fres %" PRIu32
             " info 0x%02x info2 0x%02x rep %u; libsframe size %" PRIu32 " fres %" PRIu32
             " info 0x%02x info2 0x%02x rep %u",
             i, of.size, of.num_fres, of.info, of.info2, of.rep_size, lf.size, lf.num_fres,
             lf.info, lf.info2, lf.rep_size);
    d->fde = NULL;
    return;
  }
  if (lf.addr != of.start)
    disagree(K_ADDR, d, "function %" PRIu32 ": oracle 0x%" PRIx64 ", libsframe 0x%" PRIx64, i,
             of.start, lf.addr);
  sfr_fre_iter_init(sec, &of, &it);
  for (j = 0; j < of.num_fres; j++) {
    sfr_fre ofre;
    sfr_rules orules;
    sframe_frame_row_entry fre;
    int done = 0, lib_ok;
    char where[64];
    FUZZ_CHECK(sfr_fre_next(sec, &it, &ofre, &done) == SFR_OK && !done,
               "every FRE of an accepted section reads");
    if (j >= FRES_HEAD && of.num_fres - j > FRES_TAIL)
      continue;
    snprintf(where, sizeof where, "function %" PRIu32 " FRE %" PRIu32, i, j);
    counts.fres++;
    memset(&fre, 0, sizeof fre);
    lib_ok = sframe_decoder_get_fre(si->ctx, i, j, &fre) == 0;
    if (!diff_fre_agrees(&target, d, DIFF_WHERE(d), where, lib_ok, fre.fre_start_addr,
                         fre.fre_info, &ofre))
      continue;
    FUZZ_CHECK(sfr_interpret(sec, &of, &ofre, &orules) == SFR_OK,
               "every FRE of an accepted section interprets");
    d->rules = &orules;
    compare_rules(si, &orules, lf.fde_type, &fre, d, where);
    d->rules = NULL;
  }
  d->fde = NULL;
}

static void compare_lookup(const sec_info *si, uint64_t pc, diff_ctx *d) {
  const sfr_section *sec = d->sec;
  sfr_lookup_result res;
  sframe_frame_row_entry lf, want;
  int lfound;
  char where[64];

  counts.lookups++;
  d->is_lookup = 1;
  d->pc = pc;
  d->fde = NULL;
  d->rules = NULL;
  d->ost = sfr_lookup(sec, pc, SFR_PC_IP, &res);
  FUZZ_CHECK(d->ost != SFR_LOOKUP_BAD_DATA, "an accepted section never gives bad-data");
  FUZZ_CHECK(d->ost != SFR_LOOKUP_REP_SIZE_UNKNOWN, "versions 2 and 3 record the repeat size");
  if (d->ost == SFR_LOOKUP_FOUND || d->ost == SFR_LOOKUP_NO_FRE)
    d->fde = &res.fde;
  if (d->ost == SFR_LOOKUP_FOUND)
    d->rules = &res.rules;
  snprintf(where, sizeof where, "pc 0x%" PRIx64, pc);
  memset(&lf, 0, sizeof lf);
  lfound = sframe_find_fre(si->ctx, (int64_t)(pc - DIFF_VMA), &lf) == 0;
  if (diff_both_found(&target, d, DIFF_WHERE(d), where, &res, lfound, lf.fre_start_addr,
                      lf.fre_info)) {
    /* The oracle's row as libsframe holds it: the same bytes? */
    memset(&want, 0, sizeof want);
    if (sframe_decoder_get_fre(si->ctx, res.fde.index, res.fre.index, &want) != 0 ||
        !same_fre(&want, &lf)) {
      disagree(K_WRONG, d,
               "%s: oracle function %" PRIu32 " FRE %" PRIu32 " (start %" PRIu32
               "); libsframe row start %" PRIu32 " info 0x%02x",
               where, res.fde.index, res.fre.index, res.fre.start, lf.fre_start_addr,
               lf.fre_info);
    } else {
      compare_rules(si, &res.rules, res.fde.fde_type, &lf, d, where);
    }
  }
  d->is_lookup = 0;
  d->fde = NULL;
  d->rules = NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sfr_section sec;
  sfr_report rep;
  section_buf sb;
  sframe_decoder_ctx *ctx;
  sec_info si;
  uint64_t pcs[MAX_PCS];
  diff_ctx d;
  int err = 0;
  size_t npcs, k;
  uint32_t i;

  counts.inputs++;
  memset(&rep, 0, sizeof rep);
  fuzz_validate(&sec, data, size, DIFF_VMA, &rep);
  if (sfr_report_rejects(&rep)) {
    counts.oracle_rejects++;
    return 0;
  }
  if (sec.version == SFR_VERSION_1) {
    counts.v1++;
    return 0;
  }
  memset(&d, 0, sizeof d);
  d.sec = &sec;
  counts.compared++;
  FUZZ_CHECK(section_from_bytes(data, size, &sb) == 0, "memory for the guarded copy");
  ctx = sframe_decode(sb.data, sb.len, &err);
  if (!ctx) {
    disagree(K_ACCEPT, &d, "sframe_decode failed with %d (%s: %s)", err, err_name(err),
             err_msg(err));
    free_section(&sb);
    return 0;
  }
  sec_init(&si, ctx, DIFF_VMA);
  compare_header(&si, &d);
  for (i = 0; i < sec.num_fdes; i++)
    compare_function(&si, i, &d);
  npcs = collect_pcs(&sec, data, size, DIFF_VMA, PC_FRES, MAX_PCS, pcs);
  for (k = 0; k < npcs; k++)
    compare_lookup(&si, pcs[k], &d);
  sframe_decoder_free(&ctx);
  FUZZ_CHECK(ctx == NULL, "sframe_decoder_free clears the context");
  free_section(&sb);
  return 0;
}
