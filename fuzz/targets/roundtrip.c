/* roundtrip.c - structure-aware fuzz target: model -> encoder -> oracle.
 *
 * The input is a serialized model (sfe_model).  It is encoded with the
 * corpus encoder (sfe_encode); when the encoder accepts it, the oracle must
 * find nothing malformed or invalid in the bytes, must decode every FDE and
 * FRE back to the model, and lookups at every row start must find that row.
 * A custom mutator edits the model rather than the bytes, so most inputs
 * the fuzzer tries are sections the encoder can write.
 *
 * Input format (little-endian, fixed width; bytes missing at the end read
 * as 0, every value is clamped or skipped, so ANY input parses):
 *
 *   header, 19 bytes
 *     0  u8  version      1 + b % 3 (s390x in version 1 becomes version 2)
 *     1  u8  abi          1 + b % 4 (SFR_ABI_*)
 *     2  u8  layout       bit 0 big endian, bit 1 FRE sub-section first,
 *                         bit 2 FRE data in rank order (see rank below)
 *     3  u8  flags        masked to the flags the version defines
 *     4  i8  fixed FP offset      5  i8  fixed RA offset
 *     6  u8  aux header length    7  u8  gap after the header
 *     8  u8  gap between the sub-sections     9  u8  trailing bytes
 *     10 u64 vma
 *     18 u8  function count (at most RT_MAX_FUNCS)
 *   then per function, 18 bytes
 *     0  u64 start (resolved address)   8  u32 size
 *     12 u8  bit 0 PCMASK, bit 1 flexible FDE, bit 2 PAuth key B, bit 3 signal
 *     13 u8  rep_size     14 u8  FRE type (0-2 forced, else automatic)
 *     15 u8  data word size (b & 3: automatic, 1, 2, 4)
 *     16 u8  rank (order of the FRE data when layout bit 2; ties by index)
 *     17 u8  row count (at most RT_MAX_ROWS)
 *   then per row, 28 bytes
 *     0  u32 start
 *     4  u8  bits 0-1 CFA base (% 3: SP, FP, register), bit 2 CFA deref,
 *            bit 3 outermost, bit 4 mangled RA, bit 5 RA padding,
 *            bit 6 FP padding
 *     5  u8  RA rule kind (low nibble % 7), FP rule kind (high nibble % 7)
 *     6  u16 CFA register   8  u16 RA register   10 u16 FP register
 *     12 i64 CFA offset     20 i32 RA offset     24 i32 FP offset
 *
 * Parsing keeps the model within what the spec calls valid, so that the
 * only findings a correct oracle may report are questionable ones:
 * version-dependent fields are cleared (rep_size in V1, signal and FDE
 * type before V3), a PCMASK function with rep_size 0 becomes PCINC, a size
 * that would run past 2^64 is cut, rows whose start does not increase or
 * lies past the function (or past rep_size for PCMASK) are skipped, the
 * FRE sub-section goes first only in a section without functions, functions
 * overlapping (or duplicating) an earlier one are skipped, and with
 * SFRAME_F_FDE_SORTED the functions are sorted by start.  Whether the
 * rules can be expressed is the encoder's to decide: a model it refuses is
 * simply uninteresting.  The two problems it found are fixed and their
 * inputs replayed from fuzz/regressions/roundtrip-*: a false fde-overlap in
 * unsorted sections (sfr_validate) and a signed overflow on huge s390x CFA
 * offsets (sfe_encode).
 *
 * Build (libFuzzer): clang -fsanitize=fuzzer,address,undefined with the
 * oracle's (decoder/src) and the encoder's (corpus/encoder) sources.
 * Replay without libFuzzer: link with fuzz/standalone.c (gcc is enough).
 * Seeds: compile with -DROUNDTRIP_MAKE_SEEDS (without -fsanitize=fuzzer and
 * without fuzz/standalone.c): `roundtrip-seeds DIR [N]` writes N serialized
 * random models (sfe_random_model, every version x ABI) into DIR. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "sframe_enc.h"
#include "sframe_ref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed);
/* Provided by libFuzzer; absent (NULL) with the standalone driver. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));

#define RT_MAX_FUNCS 64u
#define RT_MAX_ROWS 64u
#define RT_HDR_SIZE 19u
#define RT_FUNC_SIZE 18u
#define RT_ROW_SIZE 28u
#define RT_MAX_FINDINGS 64

/* Under a fuzzing engine, models with more rows than this are skipped
 * (one execution stays fast).  The parse itself is the same in every
 * build, so an input that fails under the fuzzer fails on replay too. */
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
#define RT_ROW_BUDGET 1024u
#endif

/* A model as the input describes it: the sfe_model (data_order left NULL
 * until it is encoded) and the rank of each function's FRE data. */
typedef struct rt_model {
  sfe_model m;
  uint8_t has_order;
  uint8_t rank[RT_MAX_FUNCS];
} rt_model;

static const uint8_t rt_defined_flags[4] = {0, 0x3, 0x7, 0x5};

/* ---- messages for broken invariants ---- */

static char rt_msg[2048];

static const char *msgf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static const char *msgf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rt_msg, sizeof rt_msg, fmt, ap);
  va_end(ap);
  return rt_msg;
}

/* ---- small helpers ---- */

static int64_t rt_s64(uint64_t v) { return v > INT64_MAX ? -(int64_t)(~v) - 1 : (int64_t)v; }
static int32_t rt_s32(uint32_t v) { return v > INT32_MAX ? -(int32_t)(~v) - 1 : (int32_t)v; }
static int8_t rt_s8(uint8_t v) { return v > 127 ? (int8_t)(-(int)(uint8_t)~v - 1) : (int8_t)v; }

/* DWARF SP / FP numbers, written down here rather than taken from either
 * side under test. */
static uint32_t rt_sp(uint8_t abi) {
  return abi == SFR_ABI_AMD64_LE ? 7u : abi == SFR_ABI_S390X_BE ? 15u : 31u;
}
static uint32_t rt_fp(uint8_t abi) {
  return abi == SFR_ABI_AMD64_LE ? 6u : abi == SFR_ABI_S390X_BE ? 11u : 29u;
}

static uint8_t rt_word_size_from(uint8_t b) {
  static const uint8_t w[4] = {SFE_AUTO, 1, 2, 4};
  return w[b & 3];
}
static uint8_t rt_word_size_code(uint8_t ws) {
  return ws == 1 ? 1u : ws == 2 ? 2u : ws == 4 ? 3u : 0u;
}

/* Rows of a function may start at most here (inclusive: a row at the limit
 * is questionable, past it invalid, N3): the size, or for PCMASK the
 * smaller of size and rep_size; 0 when no limit applies (a version-1
 * PCMASK function has no rep_size). */
static int rt_row_limit(const sfe_model *m, const sfe_func *f, uint64_t *limit) {
  if (f->pc_type == SFR_PCTYPE_MASK && m->version == SFR_VERSION_1)
    return 0;
  *limit = f->pc_type == SFR_PCTYPE_MASK && f->rep_size < f->size ? f->rep_size : f->size;
  return 1;
}

/* Version-dependent function fields, and the end below 2^64. */
static void rt_norm_func(const sfe_model *m, sfe_func *f) {
  if (m->version == SFR_VERSION_1)
    f->rep_size = 0;
  if (m->version < SFR_VERSION_3) {
    f->signal = 0;
    f->fde_type = SFR_FDE_TYPE_DEFAULT;
  }
  if (f->pc_type == SFR_PCTYPE_MASK && m->version >= SFR_VERSION_2 && f->rep_size == 0)
    f->pc_type = SFR_PCTYPE_INC;
  if (f->size > UINT64_MAX - f->start)
    f->size = (uint32_t)(UINT64_MAX - f->start);
}

/* Whether two functions overlap (a zero-size function inside another, or
 * two zero-size functions at one address, count as overlapping). */
static int rt_conflict(const sfe_func *a, const sfe_func *b) {
  uint64_t ae = a->start + a->size, be = b->start + b->size;
  if (a->size == 0 && b->size == 0)
    return a->start == b->start;
  if (a->size == 0)
    return a->start >= b->start && a->start < be;
  if (b->size == 0)
    return b->start >= a->start && b->start < ae;
  return a->start < be && b->start < ae;
}

static void rt_free(rt_model *rm) { sfe_model_free(&rm->m); }

/* ---- parsing ---- */

static void rt_parse_row(const uint8_t **p, size_t *n, sfe_row *row) {
  unsigned bits, kinds;
  sfr_rules *r = &row->rules;
  memset(row, 0, sizeof *row);
  row->start = (uint32_t)fuzz_take(p, n, 4);
  bits = (unsigned)fuzz_take(p, n, 1);
  kinds = (unsigned)fuzz_take(p, n, 1);
  r->cfa.base = (uint8_t)((bits & 3u) % 3u);
  r->cfa.deref = (uint8_t)((bits >> 2) & 1u);
  r->outermost = (uint8_t)((bits >> 3) & 1u);
  r->ra_mangled = (uint8_t)((bits >> 4) & 1u);
  r->ra.padding = (uint8_t)((bits >> 5) & 1u);
  r->fp.padding = (uint8_t)((bits >> 6) & 1u);
  r->ra.kind = (uint8_t)((kinds & 15u) % 7u);
  r->fp.kind = (uint8_t)((kinds >> 4) % 7u);
  r->cfa.reg = (uint32_t)fuzz_take(p, n, 2);
  r->ra.reg = (uint32_t)fuzz_take(p, n, 2);
  r->fp.reg = (uint32_t)fuzz_take(p, n, 2);
  r->cfa.offset = rt_s64(fuzz_take(p, n, 8));
  r->ra.offset = rt_s32((uint32_t)fuzz_take(p, n, 4));
  r->fp.offset = rt_s32((uint32_t)fuzz_take(p, n, 4));
}

/* Stable sort of the functions (and their ranks) by start. */
static void rt_sort(rt_model *rm) {
  uint32_t i, j;
  for (i = 1; i < rm->m.nfuncs; i++) {
    sfe_func f = rm->m.funcs[i];
    uint8_t rk = rm->rank[i];
    for (j = i; j > 0 && rm->m.funcs[j - 1].start > f.start; j--) {
      rm->m.funcs[j] = rm->m.funcs[j - 1];
      rm->rank[j] = rm->rank[j - 1];
    }
    rm->m.funcs[j] = f;
    rm->rank[j] = rk;
  }
}

/* Any bytes -> a model.  0, or -1 when out of memory. */
static int rt_parse(const uint8_t *data, size_t size, rt_model *rm) {
  const uint8_t *p = data;
  size_t n = size;
  sfe_model *m = &rm->m;
  unsigned layout, flags;
  uint32_t want, i, k;

  memset(rm, 0, sizeof *rm);
  m->version = (uint8_t)(1 + fuzz_take(&p, &n, 1) % 3);
  m->abi = (uint8_t)(1 + fuzz_take(&p, &n, 1) % 4);
  if (m->abi == SFR_ABI_S390X_BE && m->version == SFR_VERSION_1)
    m->version = SFR_VERSION_2; /* s390x is defined from version 2 on */
  layout = (unsigned)fuzz_take(&p, &n, 1);
  m->big_endian = (uint8_t)(layout & 1u);
  m->fres_first = (uint8_t)((layout >> 1) & 1u);
  rm->has_order = (uint8_t)((layout >> 2) & 1u);
  flags = (unsigned)fuzz_take(&p, &n, 1);
  m->flags = (uint8_t)(flags & rt_defined_flags[m->version]);
  m->fixed_fp_offset = rt_s8((uint8_t)fuzz_take(&p, &n, 1));
  m->fixed_ra_offset = rt_s8((uint8_t)fuzz_take(&p, &n, 1));
  m->auxhdr_len = (uint8_t)fuzz_take(&p, &n, 1);
  m->gap_after_header = (uint32_t)fuzz_take(&p, &n, 1);
  m->gap_between = (uint32_t)fuzz_take(&p, &n, 1);
  m->trailing = (uint32_t)fuzz_take(&p, &n, 1);
  m->vma = fuzz_take(&p, &n, 8);
  want = (uint32_t)fuzz_take(&p, &n, 1);
  if (want > RT_MAX_FUNCS)
    want = RT_MAX_FUNCS;
  m->funcs = calloc(want ? want : 1, sizeof *m->funcs);
  if (!m->funcs)
    return -1;
  for (i = 0; i < want && n > 0; i++) {
    sfe_func f;
    unsigned bits, ftype, wsize, rank, nr, j;
    uint64_t limit = 0;
    int has_limit;

    memset(&f, 0, sizeof f);
    f.start = fuzz_take(&p, &n, 8);
    f.size = (uint32_t)fuzz_take(&p, &n, 4);
    bits = (unsigned)fuzz_take(&p, &n, 1);
    f.rep_size = (uint8_t)fuzz_take(&p, &n, 1);
    ftype = (unsigned)fuzz_take(&p, &n, 1);
    wsize = (unsigned)fuzz_take(&p, &n, 1);
    rank = (unsigned)fuzz_take(&p, &n, 1);
    nr = (unsigned)fuzz_take(&p, &n, 1);
    if (nr > RT_MAX_ROWS)
      nr = RT_MAX_ROWS;
    f.pc_type = (uint8_t)(bits & 1u);
    f.fde_type = (uint8_t)((bits >> 1) & 1u);
    f.pauth_key = (uint8_t)((bits >> 2) & 1u);
    f.signal = (uint8_t)((bits >> 3) & 1u);
    f.fre_type = ftype <= SFR_FRE_TYPE_ADDR4 ? (uint8_t)ftype : SFE_AUTO;
    f.word_size = rt_word_size_from((uint8_t)wsize);
    rt_norm_func(m, &f);
    has_limit = rt_row_limit(m, &f, &limit);
    f.rows = calloc(nr ? nr : 1, sizeof *f.rows);
    if (!f.rows)
      return -1;
    for (j = 0; j < nr && n > 0; j++) {
      sfe_row row;
      rt_parse_row(&p, &n, &row);
      if (f.nrows > 0 && row.start <= f.rows[f.nrows - 1].start)
        continue;
      if (has_limit && row.start > limit)
        continue;
      f.rows[f.nrows++] = row;
    }
    for (k = 0; k < m->nfuncs; k++)
      if (rt_conflict(&f, &m->funcs[k]))
        break;
    if (k < m->nfuncs) {
      free(f.rows);
      continue;
    }
    rm->rank[m->nfuncs] = (uint8_t)rank;
    m->funcs[m->nfuncs++] = f;
  }
  /* The FRE sub-section before a non-empty FDE array is invalid (N9,
   * fres-before-fdes): kept only for a section without functions. */
  if (m->nfuncs)
    m->fres_first = 0;
  if (m->flags & SFR_F_FDE_SORTED)
    rt_sort(rm);
  return 0;
}

/* ---- serializing ---- */

static void rt_put(uint8_t **q, uint64_t v, unsigned n) {
  unsigned i;
  for (i = 0; i < n; i++)
    *(*q)++ = (uint8_t)(v >> (8 * i));
}

/* The model in the input format, at most max bytes: functions (and the
 * rows of the last one) that do not fit are left out.  Returns the size. */
static size_t rt_serialize(const rt_model *rm, uint8_t *out, size_t max) {
  const sfe_model *m = &rm->m;
  uint8_t hdr[RT_HDR_SIZE], *q;
  size_t room, len;
  uint32_t nf = 0, last_rows = 0, i, j;

  if (max < RT_HDR_SIZE) {
    /* no room for a header: a truncated one (parses with zeros) */
    memset(hdr, 0, sizeof hdr);
    q = hdr;
    rt_put(&q, (uint64_t)(m->version - 1), 1);
    rt_put(&q, (uint64_t)(m->abi - 1), 1);
    memcpy(out, hdr, max);
    return max;
  }
  room = max - RT_HDR_SIZE;
  for (i = 0; i < m->nfuncs && i < RT_MAX_FUNCS; i++) {
    uint32_t nr = m->funcs[i].nrows < RT_MAX_ROWS ? m->funcs[i].nrows : RT_MAX_ROWS;
    size_t need = RT_FUNC_SIZE + (size_t)nr * RT_ROW_SIZE;
    if (need <= room) {
      room -= need;
      nf++;
      last_rows = nr;
      continue;
    }
    if (room >= RT_FUNC_SIZE) {
      nf++;
      last_rows = (uint32_t)((room - RT_FUNC_SIZE) / RT_ROW_SIZE);
    }
    break;
  }
  q = out;
  rt_put(&q, (uint64_t)(m->version - 1), 1);
  rt_put(&q, (uint64_t)(m->abi - 1), 1);
  rt_put(&q, (uint64_t)((m->big_endian & 1u) | (m->fres_first & 1u) << 1 |
                        (rm->has_order & 1u) << 2),
         1);
  rt_put(&q, m->flags, 1);
  rt_put(&q, (uint8_t)m->fixed_fp_offset, 1);
  rt_put(&q, (uint8_t)m->fixed_ra_offset, 1);
  rt_put(&q, m->auxhdr_len, 1);
  rt_put(&q, m->gap_after_header > 255 ? 255 : m->gap_after_header, 1);
  rt_put(&q, m->gap_between > 255 ? 255 : m->gap_between, 1);
  rt_put(&q, m->trailing > 255 ? 255 : m->trailing, 1);
  rt_put(&q, m->vma, 8);
  rt_put(&q, nf, 1);
  for (i = 0; i < nf; i++) {
    const sfe_func *f = &m->funcs[i];
    uint32_t nr = i + 1 == nf ? last_rows : f->nrows;
    rt_put(&q, f->start, 8);
    rt_put(&q, f->size, 4);
    rt_put(&q, (uint64_t)((f->pc_type & 1u) | (f->fde_type & 1u) << 1 | (f->pauth_key & 1u) << 2 |
                          (f->signal & 1u) << 3),
           1);
    rt_put(&q, f->rep_size, 1);
    rt_put(&q, f->fre_type <= SFR_FRE_TYPE_ADDR4 ? f->fre_type : 0xffu, 1);
    rt_put(&q, rt_word_size_code(f->word_size), 1);
    rt_put(&q, rm->rank[i], 1);
    rt_put(&q, nr, 1);
    for (j = 0; j < nr; j++) {
      const sfe_row *row = &f->rows[j];
      const sfr_rules *r = &row->rules;
      rt_put(&q, row->start, 4);
      rt_put(&q, (uint64_t)((r->cfa.base % 3u) | (r->cfa.deref & 1u) << 2 |
                            (r->outermost & 1u) << 3 | (r->ra_mangled & 1u) << 4 |
                            (r->ra.padding & 1u) << 5 | (r->fp.padding & 1u) << 6),
             1);
      rt_put(&q, (uint64_t)((r->ra.kind % 7u) | (r->fp.kind % 7u) << 4), 1);
      rt_put(&q, r->cfa.reg & 0xffffu, 2);
      rt_put(&q, r->ra.reg & 0xffffu, 2);
      rt_put(&q, r->fp.reg & 0xffffu, 2);
      rt_put(&q, (uint64_t)r->cfa.offset, 8);
      rt_put(&q, (uint32_t)r->ra.offset, 4);
      rt_put(&q, (uint32_t)r->fp.offset, 4);
    }
  }
  len = (size_t)(q - out);
  return len;
}

/* The FRE data order from the ranks (ties by index); 0, or -1. */
static int rt_build_order(rt_model *rm) {
  sfe_model *m = &rm->m;
  uint32_t i, j;
  if (!rm->has_order || m->nfuncs < 2)
    return 0;
  m->data_order = malloc(m->nfuncs * sizeof *m->data_order);
  if (!m->data_order)
    return -1;
  for (i = 0; i < m->nfuncs; i++) {
    uint32_t v = i;
    for (j = i; j > 0 && rm->rank[m->data_order[j - 1]] > rm->rank[v]; j--)
      m->data_order[j] = m->data_order[j - 1];
    m->data_order[j] = v;
  }
  return 0;
}

/* ---- the checks ---- */

static const char *rt_findings(const sfr_report *rep) {
  static char buf[1024];
  size_t i, used = 0;
  buf[0] = 0;
  for (i = 0; i < rep->count && i < rep->cap && used + 1 < sizeof buf; i++) {
    int k = snprintf(buf + used, sizeof buf - used, "%s%s@%lld(fde %lld fre %lld)",
                     i ? " " : "", sfr_finding_name(rep->items[i].id),
                     (long long)rep->items[i].offset, (long long)rep->items[i].fde,
                     (long long)rep->items[i].fre);
    if (k < 0)
      break;
    used += (size_t)k;
  }
  return buf;
}

/* One RA / FP rule as the canonical JSON compares it: the kind, the
 * register only for register rules, the offset except where the rule has
 * none (unchanged, undefined). */
static void rt_check_reg_rule(const char *ctx, const char *what, uint32_t fi, uint32_t j,
                              const sfr_reg_rule *want, const sfr_reg_rule *got) {
  int want_reg = want->kind == SFR_RULE_REG || want->kind == SFR_RULE_AT_REG;
  int got_reg = got->kind == SFR_RULE_REG || got->kind == SFR_RULE_AT_REG;
  int64_t want_off =
      (want->kind == SFR_RULE_UNCHANGED || want->kind == SFR_RULE_UNDEFINED) ? 0 : want->offset;
  FUZZ_CHECK(got->kind == want->kind,
             msgf("%s: function %u row %u: %s rule kind %u, model %u", ctx, fi, j, what,
                  got->kind, want->kind));
  FUZZ_CHECK((got_reg ? got->reg : 0u) == (want_reg ? want->reg : 0u),
             msgf("%s: function %u row %u: %s register %u, model %u", ctx, fi, j, what,
                  got_reg ? got->reg : 0u, want_reg ? want->reg : 0u));
  FUZZ_CHECK(got->offset == want_off,
             msgf("%s: function %u row %u: %s offset %lld, model %lld", ctx, fi, j, what,
                  (long long)got->offset, (long long)want_off));
}

/* The oracle's rules of a row against the model's (as the canonical JSON
 * compares them: the CFA register the base names, the ABI defaults). */
static void rt_check_rules(const char *ctx, const sfe_model *m, uint32_t fi, uint32_t j,
                           const sfr_rules *want, const sfr_rules *got) {
  uint32_t wreg;
  unsigned wbase, gbase;
  FUZZ_CHECK(got->outermost == want->outermost,
             msgf("%s: function %u row %u: outermost %u, model %u", ctx, fi, j, got->outermost,
                  want->outermost));
  FUZZ_CHECK(got->ra_mangled == want->ra_mangled,
             msgf("%s: function %u row %u: ra_mangled %u, model %u", ctx, fi, j, got->ra_mangled,
                  want->ra_mangled));
  if (want->outermost) {
    FUZZ_CHECK(got->ra.kind == SFR_RULE_UNDEFINED,
               msgf("%s: function %u row %u: outermost row with RA rule %u", ctx, fi, j,
                    got->ra.kind));
    return;
  }
  wreg = want->cfa.base == SFR_BASE_SP   ? rt_sp(m->abi)
         : want->cfa.base == SFR_BASE_FP ? rt_fp(m->abi)
                                         : want->cfa.reg;
  wbase = wreg == rt_sp(m->abi) ? SFR_BASE_SP : wreg == rt_fp(m->abi) ? SFR_BASE_FP : SFR_BASE_REG;
  gbase = got->cfa.base <= SFR_BASE_REG ? got->cfa.base : SFR_BASE_REG;
  FUZZ_CHECK(gbase == wbase && got->cfa.reg == wreg,
             msgf("%s: function %u row %u: CFA base %u r%u, model %u r%u", ctx, fi, j, gbase,
                  got->cfa.reg, wbase, wreg));
  FUZZ_CHECK(got->cfa.offset == want->cfa.offset,
             msgf("%s: function %u row %u: CFA offset %lld, model %lld", ctx, fi, j,
                  (long long)got->cfa.offset, (long long)want->cfa.offset));
  FUZZ_CHECK(!got->cfa.deref == !want->cfa.deref,
             msgf("%s: function %u row %u: CFA deref %u, model %u", ctx, fi, j, got->cfa.deref,
                  want->cfa.deref));
  rt_check_reg_rule(ctx, "RA", fi, j, &want->ra, &got->ra);
  rt_check_reg_rule(ctx, "FP", fi, j, &want->fp, &got->fp);
}

/* The oracle's lookup against the encoder's prediction (sfe_expected_find)
 * at one PC in both modes. */
static void rt_check_predicted(const sfe_model *m, const sfr_section *sec, uint64_t pc) {
  int mode;
  for (mode = SFR_PC_IP; mode <= SFR_PC_RA; mode++) {
    sfr_lookup_result res;
    long fde = -1, fre = -1;
    sfr_lookup_status got = sfr_lookup(sec, pc, (sfr_pc_mode)mode, &res);
    sfr_lookup_status want = sfe_expected_find(m, pc, (sfr_pc_mode)mode, &fde, &fre);
    FUZZ_CHECK(got == want && (got != SFR_LOOKUP_FOUND ||
                               ((long)res.fde.index == fde && (long)res.fre.index == fre)),
               msgf("lookup 0x%llx %s: oracle %s fde %ld fre %ld, encoder predicts %s fde %ld "
                    "fre %ld",
                    (unsigned long long)pc, mode == SFR_PC_IP ? "ip" : "ra",
                    sfr_lookup_status_name(got),
                    got == SFR_LOOKUP_FOUND ? (long)res.fde.index : -1L,
                    got == SFR_LOOKUP_FOUND ? (long)res.fre.index : -1L,
                    sfr_lookup_status_name(want), fde, fre));
    if (got == SFR_LOOKUP_FOUND)
      rt_check_rules("predicted lookup", m, (uint32_t)fde, (uint32_t)fre,
                     &m->funcs[fde].rows[fre].rules, &res.rules);
  }
}

static void rt_check_section(const sfe_model *m, const sfe_section *s) {
  sfr_finding items[RT_MAX_FINDINGS];
  sfr_report rep;
  sfr_section sec;
  uint64_t num_fres = 0;
  uint32_t i, j;

  memset(&rep, 0, sizeof rep);
  rep.items = items;
  rep.cap = RT_MAX_FINDINGS;
  fuzz_validate(&sec, s->bytes, s->len, m->vma, &rep);
  FUZZ_CHECK(!sfr_report_rejects(&rep),
             msgf("the oracle rejects an encoded valid model (v%u %s, %u functions): %s",
                  m->version, sfr_abi_name(m->abi), m->nfuncs, rt_findings(&rep)));

  /* the header */
  for (i = 0; i < m->nfuncs; i++)
    num_fres += m->funcs[i].nrows;
  FUZZ_CHECK(sec.version == m->version && sec.abi == m->abi && sec.big_endian == m->big_endian &&
                 sec.flags == m->flags,
             msgf("header: version %u abi %u big_endian %u flags 0x%x, model %u %u %u 0x%x",
                  sec.version, sec.abi, sec.big_endian, sec.flags, m->version, m->abi,
                  m->big_endian, m->flags));
  FUZZ_CHECK(sec.fixed_fp_offset == m->fixed_fp_offset &&
                 sec.fixed_ra_offset == m->fixed_ra_offset && sec.auxhdr_len == m->auxhdr_len,
             msgf("header: fixed FP %d RA %d auxhdr %u, model %d %d %u", sec.fixed_fp_offset,
                  sec.fixed_ra_offset, sec.auxhdr_len, m->fixed_fp_offset, m->fixed_ra_offset,
                  m->auxhdr_len));
  FUZZ_CHECK(sec.num_fdes == m->nfuncs && sec.num_fres == num_fres,
             msgf("header: %u FDEs %u FREs, model %u %llu", sec.num_fdes, sec.num_fres, m->nfuncs,
                  (unsigned long long)num_fres));

  /* every FDE and FRE */
  for (i = 0; i < m->nfuncs; i++) {
    const sfe_func *f = &m->funcs[i];
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    sfr_status st = sfr_get_fde(&sec, i, &fde);
    uint8_t want_rep = m->version == SFR_VERSION_1 ? 0 : f->rep_size;
    uint8_t want_sig = m->version == SFR_VERSION_3 && f->signal;

    FUZZ_CHECK(st == SFR_OK, msgf("sfr_get_fde(%u): %s", i, sfr_finding_name(st)));
    FUZZ_CHECK(fde.field_offset == s->fde_at[i],
               msgf("FDE %u at offset %llu, encoder wrote it at %zu", i,
                    (unsigned long long)fde.field_offset, s->fde_at[i]));
    FUZZ_CHECK(fde.start == f->start && fde.size == f->size,
               msgf("FDE %u: start 0x%llx size %u, model 0x%llx %u", i,
                    (unsigned long long)fde.start, fde.size, (unsigned long long)f->start,
                    f->size));
    FUZZ_CHECK(fde.pc_type == f->pc_type && fde.rep_size == want_rep &&
                   fde.fde_type == f->fde_type && fde.pauth_key == f->pauth_key &&
                   fde.signal == want_sig,
               msgf("FDE %u: pc_type %u rep_size %u fde_type %u key %u signal %u, model %u %u %u "
                    "%u %u",
                    i, fde.pc_type, fde.rep_size, fde.fde_type, fde.pauth_key, fde.signal,
                    f->pc_type, want_rep, f->fde_type, f->pauth_key, want_sig));
    FUZZ_CHECK(fde.fre_type == sfe_func_fre_type(f) && fde.num_fres == f->nrows,
               msgf("FDE %u: FRE type %u, %u FREs, model %u %u", i, fde.fre_type, fde.num_fres,
                    sfe_func_fre_type(f), f->nrows));
    sfr_fre_iter_init(&sec, &fde, &it);
    for (j = 0; j < f->nrows; j++) {
      sfr_rules rules;
      st = sfr_fre_next(&sec, &it, &fre, &done);
      FUZZ_CHECK(st == SFR_OK && !done,
                 msgf("FDE %u FRE %u: %s%s", i, j, sfr_finding_name(st), done ? " (done)" : ""));
      FUZZ_CHECK(fre.index == j && fre.offset == s->fre_at[i][j],
                 msgf("FDE %u FRE %u: index %u at offset %llu, encoder wrote it at %zu", i, j,
                      fre.index, (unsigned long long)fre.offset, s->fre_at[i][j]));
      FUZZ_CHECK(fre.start == f->rows[j].start,
                 msgf("FDE %u FRE %u: start %u, model %u", i, j, fre.start, f->rows[j].start));
      st = sfr_interpret(&sec, &fde, &fre, &rules);
      FUZZ_CHECK(st == SFR_OK,
                 msgf("FDE %u FRE %u: sfr_interpret: %s", i, j, sfr_finding_name(st)));
      rt_check_rules("decode", m, i, j, &f->rows[j].rules, &rules);
    }
    st = sfr_fre_next(&sec, &it, &fre, &done);
    FUZZ_CHECK(st == SFR_OK && done, msgf("FDE %u: more than %u FREs", i, f->nrows));
  }

  /* lookups: each row start finds its row (and a return address just
   * after it too), and the oracle agrees with the encoder's prediction
   * there and at the edges of every function */
  for (i = 0; i < m->nfuncs; i++) {
    const sfe_func *f = &m->funcs[i];
    int masked = f->pc_type == SFR_PCTYPE_MASK && m->version >= SFR_VERSION_2;
    int masked_v1 = f->pc_type == SFR_PCTYPE_MASK && m->version == SFR_VERSION_1;
    for (j = 0; j < f->nrows; j++) {
      uint32_t rs = f->rows[j].start;
      uint64_t pc = f->start + rs;
      int mode;
      if (rs >= f->size || (masked && rs >= f->rep_size))
        continue; /* the row start is no PC of the function, or maps elsewhere */
      for (mode = SFR_PC_IP; mode <= SFR_PC_RA; mode++) {
        sfr_lookup_result res;
        uint64_t q = mode == SFR_PC_IP ? pc : pc + 1;
        sfr_lookup_status ls = sfr_lookup(&sec, q, (sfr_pc_mode)mode, &res);
        if (masked_v1 && (j > 0 || rs != 0)) {
          /* version 1 records no repeat size: past a first row at 0 the
           * row cannot be told (N14) */
          FUZZ_CHECK(ls == SFR_LOOKUP_REP_SIZE_UNKNOWN && res.fde.index == i,
                     msgf("lookup 0x%llx (v1 PCMASK function %u row %u): %s, want "
                          "rep-size-unknown",
                          (unsigned long long)q, i, j, sfr_lookup_status_name(ls)));
          continue;
        }
        FUZZ_CHECK(ls == SFR_LOOKUP_FOUND && res.fde.index == i && res.fre.index == j &&
                       res.fre.start == rs,
                   msgf("lookup 0x%llx %s (function %u row %u): %s fde %u fre %u",
                        (unsigned long long)q, mode == SFR_PC_IP ? "ip" : "ra", i, j,
                        sfr_lookup_status_name(ls), res.fde.index, res.fre.index));
        rt_check_rules("lookup", m, i, j, &f->rows[j].rules, &res.rules);
      }
      rt_check_predicted(m, &sec, pc + 1);
    }
    rt_check_predicted(m, &sec, f->start - 1);
    rt_check_predicted(m, &sec, f->start);
    if (f->size) {
      rt_check_predicted(m, &sec, f->start + f->size - 1);
      rt_check_predicted(m, &sec, f->start + f->size);
    }
  }
}


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  rt_model rm;
  sfe_section s;
  char err[256];
#ifdef RT_ROW_BUDGET
  uint64_t rows = 0;
  uint32_t i;
#endif

  if (rt_parse(data, size, &rm) != 0) {
    rt_free(&rm);
    return 0;
  }
#ifdef RT_ROW_BUDGET
  for (i = 0; i < rm.m.nfuncs; i++)
    rows += rm.m.funcs[i].nrows;
  if (rows > RT_ROW_BUDGET) {
    rt_free(&rm);
    return 0;
  }
#endif
  if (rt_build_order(&rm) != 0) {
    rt_free(&rm);
    return 0;
  }
  if (sfe_encode(&rm.m, &s, err, sizeof err) != SFE_OK) {
    rt_free(&rm); /* not a section the encoder can write: uninteresting */
    return 0;
  }
  rt_check_section(&rm.m, &s);
  sfe_section_free(&s);
  rt_free(&rm);
  return 0;
}

/* ---- the structured mutator ---- */

static uint32_t rt_below(sfe_rng *r, uint32_t n) { return sfe_rng_below(r, n); }
static int rt_one_in(sfe_rng *r, uint32_t n) { return sfe_rng_below(r, n) == 0; }

static int rt_is_aarch64(uint8_t abi) {
  return abi == SFR_ABI_AARCH64_BE || abi == SFR_ABI_AARCH64_LE;
}

static void rt_set_rule(sfr_reg_rule *x, uint8_t kind, uint32_t reg, int64_t off) {
  x->kind = kind;
  x->reg = reg;
  x->offset = off;
  x->padding = 0;
}

static void rt_ra_default(const sfe_model *m, sfr_reg_rule *x) {
  if (m->abi == SFR_ABI_AMD64_LE)
    rt_set_rule(x, SFR_RULE_FIXED, 0, m->fixed_ra_offset);
  else
    rt_set_rule(x, SFR_RULE_UNCHANGED, 0, 0);
}

static void rt_fp_default(const sfe_model *m, sfr_reg_rule *x) {
  if (m->fixed_fp_offset)
    rt_set_rule(x, SFR_RULE_FIXED, 0, m->fixed_fp_offset);
  else
    rt_set_rule(x, SFR_RULE_UNCHANGED, 0, 0);
}

static int rt_ra_is_default(const sfe_model *m, const sfr_reg_rule *x) {
  if (m->abi == SFR_ABI_AMD64_LE)
    return x->kind == SFR_RULE_FIXED && x->offset == m->fixed_ra_offset;
  return x->kind == SFR_RULE_UNCHANGED;
}

static int rt_fp_is_default(const sfe_model *m, const sfr_reg_rule *x) {
  if (m->fixed_fp_offset)
    return x->kind == SFR_RULE_FIXED && x->offset == m->fixed_fp_offset;
  return x->kind == SFR_RULE_UNCHANGED;
}

static int rt_flex_kind(uint8_t k) {
  return k == SFR_RULE_AT_CFA || k == SFR_RULE_VAL_CFA || k == SFR_RULE_REG ||
         k == SFR_RULE_AT_REG;
}

/* Whether the encoder can express the RA / FP rule (sframe_enc.h's table;
 * a heuristic for the mutator, the encoder has the last word). */
static int rt_ra_ok(const sfe_model *m, const sfe_func *f, const sfr_rules *r) {
  const sfr_reg_rule *x = &r->ra;
  if (rt_ra_is_default(m, x))
    return 1;
  if (x->padding)
    return 0;
  if (f->fde_type == SFR_FDE_TYPE_FLEX)
    return rt_flex_kind(x->kind);
  switch (m->abi) {
  case SFR_ABI_AMD64_LE:
    return 0;
  case SFR_ABI_S390X_BE:
    if (x->kind == SFR_RULE_AT_CFA)
      return x->offset != 0 && !(m->version == SFR_VERSION_2 && (x->offset & 1));
    return x->kind == SFR_RULE_REG && m->version == SFR_VERSION_2 && x->offset == 0;
  default:
    return x->kind == SFR_RULE_AT_CFA;
  }
}

static int rt_fp_ok(const sfe_model *m, const sfe_func *f, const sfr_rules *r) {
  const sfr_reg_rule *x = &r->fp;
  if (rt_fp_is_default(m, x))
    return 1;
  if (x->padding)
    return 0;
  if (f->fde_type == SFR_FDE_TYPE_FLEX)
    return rt_flex_kind(x->kind);
  switch (m->abi) {
  case SFR_ABI_AMD64_LE:
    return x->kind == SFR_RULE_AT_CFA;
  case SFR_ABI_S390X_BE:
    if (x->kind == SFR_RULE_AT_CFA)
      return !(m->version == SFR_VERSION_2 && (x->offset & 1));
    return x->kind == SFR_RULE_REG && m->version == SFR_VERSION_2 && x->offset == 0;
  default:
    return x->kind == SFR_RULE_AT_CFA && r->ra.kind == SFR_RULE_AT_CFA;
  }
}

/* Make a row's rules expressible for the model's ABI, version, header and
 * the function's FDE type, keeping what can be kept. */
static void rt_fix_rules(const sfe_model *m, const sfe_func *f, sfr_rules *r) {
  int64_t off = r->cfa.offset;
  if (r->outermost) {
    if (m->version >= SFR_VERSION_2)
      return;
    r->outermost = 0;
  }
  if (f->fde_type != SFR_FDE_TYPE_FLEX) {
    r->cfa.deref = 0;
    if (r->cfa.base != SFR_BASE_SP && r->cfa.base != SFR_BASE_FP)
      r->cfa.base = SFR_BASE_SP;
  } else if (r->cfa.base > SFR_BASE_REG) {
    r->cfa.base = SFR_BASE_SP;
  }
  if (m->abi == SFR_ABI_S390X_BE) {
    const int64_t lo = 160 + 8 * (int64_t)INT32_MIN, hi = 160 + 8 * (int64_t)INT32_MAX;
    int64_t d;
    off = off < lo ? lo : off > hi ? hi : off;
    d = off - 160;
    off = 160 + (d - d % 8);
  } else {
    off = off < INT32_MIN ? INT32_MIN : off > INT32_MAX ? INT32_MAX : off;
  }
  r->cfa.offset = off;
  if (!rt_ra_ok(m, f, r)) {
    uint8_t pad = r->ra.padding && r->ra.kind == SFR_RULE_UNCHANGED;
    rt_ra_default(m, &r->ra);
    r->ra.padding = pad;
  }
  if (!rt_fp_ok(m, f, r))
    rt_fp_default(m, &r->fp);
}

static int64_t rt_rand_off(sfe_rng *r) {
  static const int64_t interesting[] = {0,      1,      -1,     8,      -8,        16,
                                        -16,    127,    128,    -128,   -129,      255,
                                        256,    32767,  32768,  -32768, -32769,    65535,
                                        65536,  -65536, 0x7fffff, INT32_MAX, INT32_MIN, -24};
  switch (rt_below(r, 5)) {
  case 0:
    return interesting[rt_below(r, sizeof interesting / sizeof interesting[0])];
  case 1:
    return rt_s32((uint32_t)sfe_rng_next(r));
  case 2:
    return (int64_t)rt_below(r, 64) * 8 - 256;
  default:
    return (int64_t)rt_below(r, 64) * 8 - 256 + (rt_one_in(r, 4) ? (int64_t)rt_below(r, 8) : 0);
  }
}

static uint32_t rt_rand_reg(const sfe_model *m, sfe_rng *r) {
  switch (rt_below(r, 6)) {
  case 0:
    return rt_sp(m->abi);
  case 1:
    return rt_fp(m->abi);
  case 2:
    return (uint32_t)sfe_rng_next(r) & 0xffffu;
  default:
    return rt_below(r, 33);
  }
}

static void rt_rand_cfa(const sfe_model *m, const sfe_func *f, sfe_rng *r, sfr_rules *x) {
  uint32_t b = rt_below(r, f->fde_type == SFR_FDE_TYPE_FLEX ? 6 : 4);
  x->cfa.base = b < 3 ? SFR_BASE_SP : b == 3 ? SFR_BASE_FP : SFR_BASE_REG;
  x->cfa.reg = x->cfa.base == SFR_BASE_REG ? rt_rand_reg(m, r) : 0;
  x->cfa.deref = (uint8_t)(f->fde_type == SFR_FDE_TYPE_FLEX && rt_one_in(r, 6));
  if (m->abi == SFR_ABI_S390X_BE)
    x->cfa.offset = 160 + 8 * (rt_one_in(r, 3) ? rt_rand_off(r) : (int64_t)rt_below(r, 40));
  else if (rt_one_in(r, 3))
    x->cfa.offset = rt_rand_off(r);
  else
    x->cfa.offset = (int64_t)rt_below(r, 32) * 8 + (m->abi == SFR_ABI_AMD64_LE ? 8 : 0);
}

static void rt_rand_reg_rule(const sfe_model *m, const sfe_func *f, sfe_rng *r, sfr_rules *x,
                             int is_ra) {
  sfr_reg_rule *y = is_ra ? &x->ra : &x->fp;
  uint8_t kind;
  if (rt_one_in(r, 3)) {
    if (is_ra)
      rt_ra_default(m, y);
    else
      rt_fp_default(m, y);
    y->padding = (uint8_t)rt_one_in(r, 6);
    return;
  }
  if (f->fde_type == SFR_FDE_TYPE_FLEX) {
    static const uint8_t kinds[4] = {SFR_RULE_AT_CFA, SFR_RULE_VAL_CFA, SFR_RULE_REG,
                                     SFR_RULE_AT_REG};
    kind = kinds[rt_below(r, 4)];
  } else if (m->abi == SFR_ABI_S390X_BE && m->version == SFR_VERSION_2 && rt_one_in(r, 3)) {
    kind = SFR_RULE_REG;
  } else {
    kind = SFR_RULE_AT_CFA;
  }
  if (rt_one_in(r, 16))
    kind = (uint8_t)rt_below(r, 7); /* anything, the encoder may refuse */
  rt_set_rule(y, kind, kind == SFR_RULE_REG || kind == SFR_RULE_AT_REG ? rt_rand_reg(m, r) : 0,
              rt_one_in(r, 2) ? -(int64_t)(8 * (1 + rt_below(r, 8))) : rt_rand_off(r));
  if (m->abi == SFR_ABI_S390X_BE && f->fde_type != SFR_FDE_TYPE_FLEX && kind == SFR_RULE_REG)
    y->offset = 0;
  if (!is_ra && rt_is_aarch64(m->abi) && f->fde_type != SFR_FDE_TYPE_FLEX &&
      x->ra.kind != SFR_RULE_AT_CFA)
    rt_set_rule(&x->ra, SFR_RULE_AT_CFA, 0, y->offset + 8);
}

/* Fresh rules for a row (expressible, unless raw). */
static void rt_rand_rules(const sfe_model *m, const sfe_func *f, sfe_rng *r, sfr_rules *x,
                          int raw) {
  memset(x, 0, sizeof *x);
  if (m->version >= SFR_VERSION_2 && rt_one_in(r, 16)) {
    x->outermost = 1;
    x->ra.kind = SFR_RULE_UNDEFINED;
  } else {
    rt_rand_cfa(m, f, r, x);
    rt_rand_reg_rule(m, f, r, x, 1);
    rt_rand_reg_rule(m, f, r, x, 0);
  }
  x->ra_mangled = (uint8_t)(rt_is_aarch64(m->abi) ? rt_one_in(r, 4) : rt_one_in(r, 32));
  if (!raw)
    rt_fix_rules(m, f, x);
}

static void rt_fix_all(rt_model *rm) {
  sfe_model *m = &rm->m;
  uint32_t i, j;
  for (i = 0; i < m->nfuncs; i++)
    for (j = 0; j < m->funcs[i].nrows; j++)
      rt_fix_rules(m, &m->funcs[i], &m->funcs[i].rows[j].rules);
}

static uint64_t rt_func_end(const sfe_func *f) { return f->start + f->size; }

/* The end of the highest function. */
static uint64_t rt_max_end(const sfe_model *m) {
  uint64_t e = 0;
  uint32_t i;
  for (i = 0; i < m->nfuncs; i++)
    if (rt_func_end(&m->funcs[i]) > e)
      e = rt_func_end(&m->funcs[i]);
  return e;
}

static uint32_t rt_rand_size(sfe_rng *r) {
  static const uint32_t interesting[] = {0, 1, 2, 255, 256, 257, 65535, 65536, 65537, 0x100000};
  if (rt_one_in(r, 6))
    return interesting[rt_below(r, sizeof interesting / sizeof interesting[0])];
  return 1 + rt_below(r, rt_one_in(r, 4) ? 4096 : 200);
}

static int rt_grow_rows(sfe_func *f) {
  sfe_row *p = realloc(f->rows, (f->nrows + 1) * sizeof *p);
  if (!p)
    return -1;
  f->rows = p;
  return 0;
}

/* Insert a new function at index pos (ranks move along). */
static sfe_func *rt_insert_func(rt_model *rm, uint32_t pos) {
  sfe_model *m = &rm->m;
  sfe_func *p;
  if (m->nfuncs >= RT_MAX_FUNCS || pos > m->nfuncs)
    return NULL;
  p = realloc(m->funcs, (m->nfuncs + 1) * sizeof *p);
  if (!p)
    return NULL;
  m->funcs = p;
  memmove(&m->funcs[pos + 1], &m->funcs[pos], (m->nfuncs - pos) * sizeof *p);
  memmove(&rm->rank[pos + 1], &rm->rank[pos], m->nfuncs - pos);
  memset(&m->funcs[pos], 0, sizeof *p);
  rm->rank[pos] = 0;
  m->nfuncs++;
  return &m->funcs[pos];
}

static void rt_delete_func(rt_model *rm, uint32_t pos) {
  sfe_model *m = &rm->m;
  if (pos >= m->nfuncs)
    return;
  free(m->funcs[pos].rows);
  memmove(&m->funcs[pos], &m->funcs[pos + 1], (m->nfuncs - pos - 1) * sizeof *m->funcs);
  memmove(&rm->rank[pos], &rm->rank[pos + 1], m->nfuncs - pos - 1);
  m->nfuncs--;
}

/* A new function with a few rows, in free address space. */
static void rt_mut_insert_func(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  uint32_t pos = m->nfuncs, nr, j, size, at;
  uint64_t start;
  sfe_func *f;

  if (m->nfuncs > 0 && rt_one_in(r, 3)) {
    /* a copy of another function, after the highest one */
    const sfe_func *src = &m->funcs[rt_below(r, m->nfuncs)];
    sfe_func copy = *src;
    copy.rows = malloc((src->nrows ? src->nrows : 1) * sizeof *copy.rows);
    if (!copy.rows)
      return;
    if (src->nrows) /* a function without rows may have no array */
      memcpy(copy.rows, src->rows, src->nrows * sizeof *copy.rows);
    copy.start = (rt_max_end(m) + 15) / 16 * 16 + 16 * rt_below(r, 3);
    f = rt_insert_func(rm, pos);
    if (!f) {
      free(copy.rows);
      return;
    }
    *f = copy;
    rm->rank[pos] = (uint8_t)rt_below(r, 256);
    return;
  }
  size = rt_rand_size(r);
  if (m->nfuncs == 0)
    start = m->vma + 0x1000 * (uint64_t)rt_below(r, 16) + 16 * (uint64_t)rt_below(r, 8);
  else if (rt_one_in(r, 4) && m->funcs[0].start >= (uint64_t)size + 64) {
    start = (m->funcs[0].start - size) / 16 * 16 - 16 * (uint64_t)rt_below(r, 3);
    pos = 0;
  } else {
    start = (rt_max_end(m) + 15) / 16 * 16 + 16 * (uint64_t)rt_below(r, 3);
  }
  if (rt_one_in(r, 16))
    start = sfe_rng_next(r);
  f = rt_insert_func(rm, pos);
  if (!f)
    return;
  rm->rank[pos] = (uint8_t)rt_below(r, 256);
  f->start = start;
  f->size = size;
  f->fre_type = SFE_AUTO;
  f->word_size = SFE_AUTO;
  f->fde_type = (uint8_t)(m->version == SFR_VERSION_3 && rt_one_in(r, 3));
  f->signal = (uint8_t)(m->version == SFR_VERSION_3 && rt_one_in(r, 16));
  f->pauth_key = (uint8_t)(rt_is_aarch64(m->abi) && rt_one_in(r, 4));
  if (m->version >= SFR_VERSION_2 && rt_one_in(r, 8)) {
    f->pc_type = SFR_PCTYPE_MASK;
    f->rep_size = (uint8_t)(rt_one_in(r, 2) ? 16 : 1 + rt_below(r, 255));
  }
  nr = rt_below(r, 9);
  f->rows = calloc(nr ? nr : 1, sizeof *f->rows);
  if (!f->rows) {
    rt_delete_func(rm, pos);
    return;
  }
  for (j = 0, at = 0; j < nr; j++) {
    uint64_t limit = 0;
    if (rt_row_limit(m, f, &limit) && at > limit)
      break;
    f->rows[j].start = at;
    rt_rand_rules(m, f, r, &f->rows[j].rules, rt_one_in(r, 32));
    f->nrows++;
    at += 1 + rt_below(r, rt_one_in(r, 4) ? 64 : 8);
  }
}

static void rt_mut_header(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  int fix = 0;
  static const int8_t offs[] = {0, -8, -16, 8, 16, -24, -32, 127, -128, 1, -1};
  switch (rt_below(r, 13)) {
  case 0:
    m->version = (uint8_t)(1 + rt_below(r, 3));
    fix = 1;
    break;
  case 1:
    m->abi = (uint8_t)(1 + rt_below(r, 4));
    m->big_endian = (uint8_t)(m->abi == SFR_ABI_AARCH64_BE || m->abi == SFR_ABI_S390X_BE);
    fix = 1;
    break;
  case 2:
    m->big_endian ^= 1u;
    break;
  case 3:
    m->flags ^= (uint8_t)(1u << rt_below(r, 3));
    break;
  case 4:
    m->fixed_fp_offset = rt_one_in(r, 4) ? rt_s8((uint8_t)rt_below(r, 256))
                                         : offs[rt_below(r, sizeof offs)];
    fix = 1;
    break;
  case 5:
    m->fixed_ra_offset = rt_one_in(r, 4) ? rt_s8((uint8_t)rt_below(r, 256))
                                         : offs[rt_below(r, sizeof offs)];
    fix = 1;
    break;
  case 6:
    m->auxhdr_len = (uint8_t)(rt_one_in(r, 2) ? 0 : rt_below(r, 256));
    break;
  case 7: {
    uint32_t v = rt_one_in(r, 2) ? 0 : rt_below(r, 256);
    switch (rt_below(r, 3)) {
    case 0:
      m->gap_after_header = v;
      break;
    case 1:
      m->gap_between = v;
      break;
    default:
      m->trailing = v;
      break;
    }
    break;
  }
  case 8:
    m->fres_first ^= 1u;
    break;
  case 9:
    switch (rt_below(r, 6)) {
    case 0:
      m->vma = sfe_rng_next(r);
      break;
    case 1:
      m->vma = rt_one_in(r, 2) ? 0 : UINT64_MAX - rt_below(r, 0x10000);
      break;
    case 2:
      if (m->nfuncs)
        m->vma = m->funcs[0].start - 0x1000 * (uint64_t)rt_below(r, 16);
      break;
    case 3:
      m->vma = (rt_max_end(m) + 0xfff) / 0x1000 * 0x1000 + 0x1000 * (uint64_t)rt_below(r, 16);
      break;
    default:
      m->vma += (uint64_t)(int64_t)rt_rand_off(r);
      break;
    }
    break;
  case 10:
    if (rt_one_in(r, 3)) {
      rm->has_order ^= 1u;
    } else {
      uint32_t i;
      rm->has_order = 1;
      for (i = 0; i < m->nfuncs; i++)
        rm->rank[i] = (uint8_t)rt_below(r, 256);
    }
    break;
  case 11:
    m->flags = (uint8_t)(SFR_F_FDE_SORTED |
                         (m->version >= SFR_VERSION_2 && rt_one_in(r, 2) ? SFR_F_FDE_FUNC_START_PCREL
                                                                         : 0));
    break;
  default:
    m->flags = 0;
    break;
  }
  if (fix && !rt_one_in(r, 8)) {
    uint32_t i;
    for (i = 0; i < m->nfuncs; i++)
      rt_norm_func(m, &m->funcs[i]);
    rt_fix_all(rm);
  }
}

static void rt_mut_func(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  uint32_t i = rt_below(r, m->nfuncs), j;
  sfe_func *f = &m->funcs[i];
  switch (rt_below(r, 11)) {
  case 0:
    switch (rt_below(r, 4)) {
    case 0:
      if (i > 0)
        f->start = (rt_func_end(&m->funcs[i - 1]) + 15) / 16 * 16 + 16 * rt_below(r, 2);
      else
        f->start -= 16 * (uint64_t)(1 + rt_below(r, 16));
      break;
    case 1:
      f->start += (uint64_t)(int64_t)rt_rand_off(r);
      break;
    case 2:
      f->start = m->vma + (uint64_t)(int64_t)rt_rand_off(r);
      break;
    default:
      f->start = sfe_rng_next(r);
      break;
    }
    break;
  case 1:
    switch (rt_below(r, 3)) {
    case 0:
      f->size = (f->nrows ? f->rows[f->nrows - 1].start : 0) + rt_below(r, 32);
      break;
    case 1:
      f->size += (uint32_t)rt_s32((uint32_t)rt_rand_off(r));
      break;
    default:
      f->size = rt_rand_size(r);
      break;
    }
    break;
  case 2:
    f->pc_type ^= 1u;
    if (f->pc_type == SFR_PCTYPE_MASK && f->rep_size == 0)
      f->rep_size = (uint8_t)(f->nrows ? (f->rows[f->nrows - 1].start & 0xff) + 1 + rt_below(r, 8)
                                       : 1 + rt_below(r, 255));
    break;
  case 3:
    f->rep_size = (uint8_t)rt_below(r, 256);
    break;
  case 4:
    if (m->version < SFR_VERSION_3 && rt_one_in(r, 2)) {
      m->version = SFR_VERSION_3;
      m->flags &= rt_defined_flags[SFR_VERSION_3];
    }
    f->fde_type ^= 1u;
    for (j = 0; j < f->nrows; j++)
      rt_fix_rules(m, f, &f->rows[j].rules);
    break;
  case 5:
    f->pauth_key ^= 1u;
    break;
  case 6:
    f->signal ^= 1u;
    break;
  case 7: {
    static const uint8_t t[4] = {SFE_AUTO, 0, 1, 2};
    f->fre_type = t[rt_below(r, 4)];
    break;
  }
  case 8: {
    static const uint8_t w[4] = {SFE_AUTO, 1, 2, 4};
    f->word_size = w[rt_below(r, 4)];
    break;
  }
  case 9:
    rm->rank[i] = (uint8_t)rt_below(r, 256);
    rm->has_order = 1;
    break;
  default:
    /* swap with another function (an unsorted order without the flag) */
    if (m->nfuncs > 1) {
      uint32_t k = rt_below(r, m->nfuncs);
      sfe_func t = m->funcs[i];
      uint8_t rk = rm->rank[i];
      m->funcs[i] = m->funcs[k];
      m->funcs[k] = t;
      rm->rank[i] = rm->rank[k];
      rm->rank[k] = rk;
      if (rt_one_in(r, 2))
        m->flags &= (uint8_t)~SFR_F_FDE_SORTED;
    }
    break;
  }
}

/* Pick a function that has rows; NULL if none does. */
static sfe_func *rt_pick_rows(sfe_model *m, sfe_rng *r) {
  uint32_t i, k = rt_below(r, m->nfuncs ? m->nfuncs : 1);
  for (i = 0; i < m->nfuncs; i++) {
    sfe_func *f = &m->funcs[(k + i) % m->nfuncs];
    if (f->nrows)
      return f;
  }
  return NULL;
}

static void rt_mut_insert_row(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  sfe_func *f;
  uint32_t j, lo, hi, start;
  uint64_t limit = UINT32_MAX;
  if (!m->nfuncs)
    return;
  f = &m->funcs[rt_below(r, m->nfuncs)];
  if (f->nrows >= RT_MAX_ROWS || rt_grow_rows(f) != 0)
    return;
  rt_row_limit(m, f, &limit);
  j = rt_below(r, f->nrows + 1);
  lo = j == 0 ? 0 : f->rows[j - 1].start + 1;
  hi = j == f->nrows ? (uint32_t)(limit < UINT32_MAX ? limit : UINT32_MAX) : f->rows[j].start - 1;
  if ((j > 0 && f->rows[j - 1].start == UINT32_MAX) || (j < f->nrows && f->rows[j].start == 0))
    return;
  if (lo > hi) {
    if (j != f->nrows || f->pc_type == SFR_PCTYPE_MASK)
      return;
    hi = lo + rt_below(r, 16); /* past the end: grow the function */
    if (hi < lo)
      return;
  }
  start = lo + rt_below(r, hi - lo + 1 > 64 && !rt_one_in(r, 8) ? 64 : hi - lo + 1);
  if (f->pc_type == SFR_PCTYPE_INC && start >= f->size)
    f->size = start + 1;
  memmove(&f->rows[j + 1], &f->rows[j], (f->nrows - j) * sizeof *f->rows);
  memset(&f->rows[j], 0, sizeof *f->rows);
  f->rows[j].start = start;
  if (f->nrows && rt_one_in(r, 2))
    f->rows[j].rules = f->rows[j > 0 ? j - 1 : 1].rules;
  else
    rt_rand_rules(m, f, r, &f->rows[j].rules, rt_one_in(r, 32));
  f->nrows++;
}

static void rt_mut_row_start(rt_model *rm, sfe_rng *r) {
  static const uint32_t interesting[] = {0, 1, 0xff, 0x100, 0xffff, 0x10000, 0x7fffffff,
                                         0xfffffffe};
  sfe_func *f = rt_pick_rows(&rm->m, r);
  uint32_t j, lo, hi;
  if (!f)
    return;
  j = rt_below(r, f->nrows);
  if (rt_one_in(r, 4)) {
    uint32_t v = interesting[rt_below(r, sizeof interesting / sizeof interesting[0])];
    f->rows[j].start = v;
    if (f->pc_type == SFR_PCTYPE_INC && v >= f->size && v < UINT32_MAX)
      f->size = v + 1;
    return; /* rows no longer in order are skipped by the parse */
  }
  lo = j == 0 ? 0 : f->rows[j - 1].start + 1;
  hi = j + 1 == f->nrows ? f->rows[j].start + 64 : f->rows[j + 1].start - 1;
  if (hi < lo)
    return;
  f->rows[j].start = lo + rt_below(r, hi - lo + 1);
  if (f->pc_type == SFR_PCTYPE_INC && f->rows[j].start >= f->size && rt_one_in(r, 2))
    f->size = f->rows[j].start + 1;
}

static void rt_mut_rule(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  sfe_func *f = rt_pick_rows(m, r);
  sfr_rules *x;
  if (!f)
    return;
  x = &f->rows[rt_below(r, f->nrows)].rules;
  switch (rt_below(r, 9)) {
  case 0:
    rt_rand_cfa(m, f, r, x);
    break;
  case 1:
    if (m->abi == SFR_ABI_S390X_BE)
      x->cfa.offset = rt_s64((uint64_t)x->cfa.offset + (uint64_t)(8 * rt_rand_off(r)));
    else
      x->cfa.offset = rt_one_in(r, 2) ? rt_rand_off(r)
                                      : rt_s64((uint64_t)x->cfa.offset +
                                               (uint64_t)(8 * ((int64_t)rt_below(r, 5) - 2)));
    break;
  case 2:
    x->cfa.deref ^= 1u;
    break;
  case 3:
    rt_rand_reg_rule(m, f, r, x, 1);
    break;
  case 4:
    rt_rand_reg_rule(m, f, r, x, 0);
    break;
  case 5:
    x->ra_mangled ^= 1u;
    break;
  case 6:
    x->outermost ^= 1u;
    if (!x->outermost && rt_one_in(r, 2))
      rt_rand_rules(m, f, r, x, 0);
    break;
  case 7:
    if (rt_one_in(r, 2))
      x->ra.padding ^= 1u;
    else
      x->fp.padding ^= 1u;
    break;
  default:
    rt_rand_rules(m, f, r, x, rt_one_in(r, 8));
    return;
  }
  if (!rt_one_in(r, 8))
    rt_fix_rules(m, f, x);
}

/* One structured mutation. */
static void rt_mutate(rt_model *rm, sfe_rng *r) {
  sfe_model *m = &rm->m;
  uint32_t what = rt_below(r, 20);
  if (m->nfuncs == 0 && what >= 3)
    what = 6; /* nothing to edit: add a function */
  switch (what) {
  case 0:
  case 1:
  case 2:
    rt_mut_header(rm, r);
    break;
  case 3:
  case 4:
  case 5:
    rt_mut_func(rm, r);
    break;
  case 6:
    rt_mut_insert_func(rm, r);
    break;
  case 7:
    rt_delete_func(rm, rt_below(r, m->nfuncs));
    break;
  case 8:
  case 9:
    rt_mut_insert_row(rm, r);
    break;
  case 10: {
    sfe_func *f = rt_pick_rows(m, r);
    if (f) {
      uint32_t j = rt_below(r, f->nrows);
      memmove(&f->rows[j], &f->rows[j + 1], (f->nrows - j - 1) * sizeof *f->rows);
      f->nrows--;
    }
    break;
  }
  case 11:
  case 12:
    rt_mut_row_start(rm, r);
    break;
  case 18: {
    /* repair: every rule expressible, the functions within reach of vma */
    uint32_t i;
    for (i = 0; i < m->nfuncs; i++)
      rt_norm_func(m, &m->funcs[i]);
    rt_fix_all(rm);
    if (m->nfuncs && rt_one_in(r, 2))
      m->vma = (m->funcs[0].start & ~(uint64_t)0xfff) - 0x1000 * (uint64_t)rt_below(r, 4);
    break;
  }
  default:
    rt_mut_rule(rm, r);
    break;
  }
}

/* A random valid model (sfe_random_model) as an rt_model. */
static int rt_random(sfe_rng *r, uint8_t version, uint8_t abi, uint8_t big_endian,
                     rt_model *rm) {
  sfe_model *m = &rm->m;
  uint32_t i;
  memset(rm, 0, sizeof *rm);
  if (sfe_random_model(r, version, abi, big_endian, m) != 0)
    return -1;
  while (m->nfuncs > RT_MAX_FUNCS)
    free(m->funcs[--m->nfuncs].rows);
  for (i = 0; i < m->nfuncs; i++) {
    if (m->funcs[i].nrows > RT_MAX_ROWS)
      m->funcs[i].nrows = RT_MAX_ROWS;
    rm->rank[i] = (uint8_t)i;
  }
  if (m->data_order) {
    rm->has_order = 1;
    for (i = 0; i < m->nfuncs; i++)
      rm->rank[m->data_order[i]] = (uint8_t)i;
    free(m->data_order);
    m->data_order = NULL;
  }
  return 0;
}

static const struct rt_combo {
  uint8_t version, abi;
} rt_combos[] = {
    {1, SFR_ABI_AMD64_LE}, {1, SFR_ABI_AARCH64_LE}, {1, SFR_ABI_AARCH64_BE},
    {2, SFR_ABI_AMD64_LE}, {2, SFR_ABI_AARCH64_LE}, {2, SFR_ABI_AARCH64_BE},
    {2, SFR_ABI_S390X_BE}, {3, SFR_ABI_AMD64_LE},   {3, SFR_ABI_AARCH64_LE},
    {3, SFR_ABI_AARCH64_BE}, {3, SFR_ABI_S390X_BE},
};
#define RT_NCOMBOS (sizeof rt_combos / sizeof rt_combos[0])

static int rt_random_combo(sfe_rng *r, uint32_t c, rt_model *rm) {
  const struct rt_combo *cb = &rt_combos[c % RT_NCOMBOS];
  uint8_t be = (uint8_t)(cb->abi == SFR_ABI_AARCH64_BE || cb->abi == SFR_ABI_S390X_BE);
  if (rt_one_in(r, 4))
    be ^= 1u; /* either byte order is a valid section */
  return rt_random(r, cb->version, cb->abi, be, rm);
}

static int rt_encodable(const rt_model *rm) {
  sfe_section s;
  if (sfe_encode(&rm->m, &s, NULL, 0) != SFE_OK)
    return 0;
  sfe_section_free(&s);
  return 1;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  sfe_rng r;
  rt_model rm;
  size_t out;

  sfe_rng_seed(&r, (uint64_t)seed);
  if (LLVMFuzzerMutate && rt_one_in(&r, 8))
    return LLVMFuzzerMutate(data, size, max_size);
  if (size < RT_HDR_SIZE || rt_one_in(&r, 256)) {
    if (rt_random_combo(&r, rt_below(&r, RT_NCOMBOS), &rm) != 0)
      return size;
  } else if (rt_parse(data, size, &rm) != 0) {
    rt_free(&rm);
    return size;
  } else if (!rt_encodable(&rm) && rt_one_in(&r, 2)) {
    uint32_t i;
    for (i = 0; i < rm.m.nfuncs; i++)
      rt_norm_func(&rm.m, &rm.m.funcs[i]);
    rt_fix_all(&rm); /* garbage in: make the rules expressible first */
  }
  rt_mutate(&rm, &r);
  out = rt_serialize(&rm, data, max_size);
  rt_free(&rm);
  return out;
}

/* Crossover: the header and first functions of one model, the last
 * functions of the other. */
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed) {
  sfe_rng r;
  rt_model a, b;
  uint32_t ka, kb, i;
  size_t n = 0;

  sfe_rng_seed(&r, (uint64_t)seed ^ 0x63726f73736f7672ull);
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  if (rt_parse(data1, size1, &a) != 0 || rt_parse(data2, size2, &b) != 0) {
    rt_free(&a);
    rt_free(&b);
    return 0;
  }
  ka = rt_below(&r, a.m.nfuncs + 1);
  kb = rt_below(&r, b.m.nfuncs + 1);
  while (a.m.nfuncs > ka)
    rt_delete_func(&a, a.m.nfuncs - 1);
  for (i = kb; i < b.m.nfuncs && a.m.nfuncs < RT_MAX_FUNCS; i++) {
    sfe_func *f = rt_insert_func(&a, a.m.nfuncs);
    if (!f)
      break;
    *f = b.m.funcs[i];
    a.rank[a.m.nfuncs - 1] = b.rank[i];
    b.m.funcs[i].rows = NULL; /* moved */
    for (n = 0; n < f->nrows; n++)
      rt_fix_rules(&a.m, f, &f->rows[n].rules);
  }
  n = rt_serialize(&a, out, max_out_size);
  rt_free(&a);
  rt_free(&b);
  return n;
}

/* ---- seed generator ---- */
#ifdef ROUNDTRIP_MAKE_SEEDS
int main(int argc, char **argv) {
  const size_t cap = 1u << 20;
  unsigned long n = 200, k;
  uint8_t *buf;
  char err[256];

  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: roundtrip-seeds DIR [N]\n");
    return 2;
  }
  if (argc == 3)
    n = strtoul(argv[2], NULL, 0);
  if (sfe_mkdir_p(argv[1], err, sizeof err) != 0) {
    fprintf(stderr, "roundtrip-seeds: %s\n", err);
    return 1;
  }
  buf = malloc(cap);
  if (!buf)
    return 1;
  for (k = 0; k < n; k++) {
    sfe_rng r;
    rt_model rm;
    size_t len;
    char path[4096];
    FILE *f;
    const struct rt_combo *cb = &rt_combos[k % RT_NCOMBOS];

    sfe_rng_seed(&r, 0x5eed000000ull + k);
    if (rt_random_combo(&r, (uint32_t)(k % RT_NCOMBOS), &rm) != 0) {
      fprintf(stderr, "roundtrip-seeds: sfe_random_model failed\n");
      free(buf);
      return 1;
    }
    len = rt_serialize(&rm, buf, cap);
    rt_free(&rm);
    LLVMFuzzerTestOneInput(buf, len); /* every seed must pass */
    snprintf(path, sizeof path, "%s/seed-v%u-%s-%04lu", argv[1], cb->version,
             sfe_abi_name(cb->abi), k);
    f = fopen(path, "wb");
    if (!f || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
      fprintf(stderr, "roundtrip-seeds: cannot write %s\n", path);
      free(buf);
      return 1;
    }
  }
  free(buf);
  printf("%lu seeds written to %s\n", n, argv[1]);
  return 0;
}
#endif
