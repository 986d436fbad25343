/* SPDX-License-Identifier: MIT */
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
 * The roles are split: rt_model.c (this format, parsing and writing it),
 * rt_mutate.c (the structured mutator), rt_check.c (the checks, shared
 * with the round-trip test corpus/tests/roundtrip.c); this file holds the
 * libFuzzer entry points and the seed generator.
 *
 * Build (libFuzzer): clang -fsanitize=fuzzer,address,undefined with
 * fuzz/targets/rt_*.c, the oracle's (decoder/src) and the encoder's
 * (corpus/encoder) sources.
 * Replay without libFuzzer: link with fuzz/standalone.c (gcc is enough).
 * Seeds: compile with -DROUNDTRIP_MAKE_SEEDS (without -fsanitize=fuzzer and
 * without fuzz/standalone.c): `roundtrip-seeds DIR [N]` writes N serialized
 * random models (sfe_random_model, every version x ABI) into DIR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "rt_check.h"
#include "rt_model.h"
#include "rt_mutate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed);
/* Provided by libFuzzer; absent (NULL) with the standalone driver. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));

/* Under a fuzzing engine, models with more rows than this are skipped
 * (one execution stays fast).  The parse itself is the same in every
 * build, so an input that fails under the fuzzer fails on replay too. */
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
#define RT_ROW_BUDGET 1024u
#endif

/* The lookup the checks make: the library's. */
static sfr_lookup_status lookup(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                sfr_lookup_result *res, const char **paths) {
  *paths = NULL;
  return sfr_lookup(sec, pc, mode, res);
}

/* The oracle must accept the encoded model and give it back (rt_check.h). */
static void check_section(const sfe_model *m, const sfe_section *s) {
  sfr_finding items[RT_MAX_FINDINGS];
  sfr_report rep;
  sfr_section sec;
  char found[1024];
  const char *why;

  memset(&rep, 0, sizeof rep);
  rep.items = items;
  rep.cap = RT_MAX_FINDINGS;
  fuzz_validate(&sec, s->bytes, s->len, m->vma, &rep);
  if (sfr_report_rejects(&rep))
    fprintf(stderr, "the oracle rejects an encoded valid model (v%u %s, %u functions): %s\n",
            m->version, sfr_abi_name(m->abi), m->nfuncs,
            rtc_findings(&rep, found, sizeof found));
  FUZZ_CHECK(!sfr_report_rejects(&rep), "the oracle accepts an encoded valid model");
  why = rtc_check(m, s, &sec, lookup);
  FUZZ_CHECK(why == NULL, why);
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
  check_section(&rm.m, &s);
  sfe_section_free(&s);
  rt_free(&rm);
  return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  sfe_rng r;
  rt_model rm;
  size_t out;

  sfe_rng_seed(&r, (uint64_t)seed);
  if (LLVMFuzzerMutate && sfe_rng_below(&r, 8) == 0)
    return LLVMFuzzerMutate(data, size, max_size);
  if (size < RT_HDR_SIZE || sfe_rng_below(&r, 256) == 0) {
    if (rt_random_combo(&r, sfe_rng_below(&r, rt_ncombos), &rm) != 0)
      return size;
  } else if (rt_parse(data, size, &rm) != 0) {
    rt_free(&rm);
    return size;
  } else if (!rt_encodable(&rm) && sfe_rng_below(&r, 2) == 0) {
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
  ka = sfe_rng_below(&r, a.m.nfuncs + 1);
  kb = sfe_rng_below(&r, b.m.nfuncs + 1);
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
    const rt_combo *cb = &rt_combos[k % rt_ncombos];

    sfe_rng_seed(&r, 0x5eed000000ull + k);
    if (rt_random_combo(&r, (uint32_t)(k % rt_ncombos), &rm) != 0) {
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
