/* SPDX-License-Identifier: MIT */
/* unit_fast.c - unit tests that hold the fast layer (decoder/fast) to the
 * reference path: validation exact at any size with and without scratch,
 * the certificate on real sections reordered, the lookup index, the
 * lookup comparison, and the sorts. */
#define _DEFAULT_SOURCE 1
#include "unit.h"

/* sfr_lookup_differs names each part of an answer that differs, so that
 * the checks built on it (this file's exercise, the round trip, the
 * corpus through the reference adapter, the lookup fuzz target) can fail. */
/* Validation of one section built by vector_functions, with scratch (of
 * scratch_len bytes at an offset of skew from an aligned block; SIZE_MAX:
 * the size sfr_validate_scratch_size gives) or without (scratch_len 0). */
static void validate_functions(const vector_functions_spec *spec, size_t scratch_len,
                               size_t skew, sfr_report *rep, sfr_finding *items, size_t cap) {
  size_t len = VECTOR_FUNCTIONS_LEN((size_t)spec->n), slen;
  uint8_t *bytes = malloc(len);
  unsigned char *block;
  sfr_section sec;
  const char *why = NULL;
  rep->items = items;
  rep->cap = cap;
  rep->count = 0;
  if (!bytes || vector_functions(bytes, len, spec) != len) {
    CHECK(0, "cannot build %u functions", spec->n);
    free(bytes);
    return;
  }
  slen = scratch_len == SIZE_MAX ? sfr_validate_scratch_size(len) : scratch_len;
  block = slen ? malloc(slen + skew) : NULL;
  if (slen && !block) {
    CHECK(0, "no memory for %zu bytes of scratch", slen);
  } else if (slen) {
    why = sfr_validate_checked(&sec, bytes, len, 0x1000, block + skew, slen, rep);
  } else {
    why = sfr_validate_checked(&sec, bytes, len, 0x1000, NULL, 0, rep);
  }
  CHECK(why == NULL, "%u functions: %s", spec->n, why);
  free(block);
  free(bytes);
}

/* What the certificate proves of a section built by vector_functions,
 * given only sfr_open: with keys (to sort FDEs out of order, and FRE data
 * out of the FDEs' order) or without; *first as sfr_certify sets it. */
static sfr_cert functions_cert(const vector_functions_spec *spec, int with_keys,
                               uint32_t *first) {
  size_t len = VECTOR_FUNCTIONS_LEN((size_t)spec->n), n = spec->n;
  uint8_t *bytes = malloc(len);
  sort_key *keys = with_keys ? malloc(3 * n * sizeof *keys) : NULL;
  sfr_section sec;
  sfr_cert c = SFR_CERT_NONE;
  *first = 0;
  if (bytes && (keys || !with_keys) && vector_functions(bytes, len, spec) == len &&
      sfr_open(&sec, bytes, len, 0x1000, NULL) == SFR_OK)
    c = sfr_certify(&sec, keys, keys ? keys + 2 * n : NULL, keys ? keys + n : NULL, first, NULL);
  free(bytes);
  free(keys);
  return c;
}

static int functions_certified(const vector_functions_spec *spec) {
  uint32_t first;
  return functions_cert(spec, 0, &first) == SFR_CERT_CLEAN;
}

/* Only questionable findings, one of them checks-skipped. */
static void check_skipped(const char *what, const sfr_report *rep) {
  CHECK(!sfr_report_rejects(rep), "%s: rejected without scratch", what);
  CHECK(report_has(rep, SFR_E_CHECKS_SKIPPED), "%s: no checks-skipped without scratch", what);
}

/* The rejection of a large section's one fault, whatever else is found:
 * the fault and nothing else that rejects. */
static void check_rejected_for(const char *what, const sfr_report *rep, sfr_status want) {
  size_t k, others = 0;
  CHECK(report_has(rep, want), "%s: %s not found (%zu findings, first %s)", what,
        sfr_finding_name(want), rep->count,
        rep->count ? sfr_finding_name(rep->items[0].id) : "none");
  for (k = 0; k < rep->count && k < rep->cap; k++)
    if (rep->items[k].id != want && sfr_finding_class(rep->items[k].id) != SFR_CLASS_QUESTIONABLE)
      others++;
  CHECK(others == 0, "%s: %zu other rejecting findings", what, others);
  CHECK(!report_has(rep, SFR_E_CHECKS_SKIPPED), "%s: checks-skipped with scratch", what);
}

/* SPEC-NOTES N10 and N12 at every size: with scratch, an out-of-order
 * section of 100,000 functions has its one overlap or its one pair of
 * functions sharing FRE bytes found; without scratch the same section is
 * accepted with checks-skipped.  Around the pairwise limit (512) both
 * methods agree below it, and only scratch finds the fault above it. */
void test_validate_scratch(void) {
  enum { CAP = 64 };
  sfr_finding items[CAP];
  sfr_report rep;
  uint32_t none = UINT32_MAX;
  vector_functions_spec overlap = {100000, 0, 1, 50000, none, 0, 0};
  vector_functions_spec shared = {100000, 0, 1, none, 70000, 20000, 0};
  vector_functions_spec sorted_shared = {100000, 1, 0, none, 70000, 20000, 0};
  vector_functions_spec sorted_ok = {100000, 1, 0, none, none, 0, 0};
  vector_functions_spec unsorted_ok = {100000, 0, 1, none, none, 0, 0};
  vector_functions_spec at512 = {512, 0, 1, 100, none, 0, 0};
  vector_functions_spec at513 = {513, 0, 1, 100, none, 0, 0};
  /* Addresses and FRE offsets in no simple order (function k at slot
   * k * 7919 mod n): what the radix sort is for (a merge is chosen only
   * for keys nearly in order or against it). */
  vector_functions_spec mixed_ok = {100000, 0, 0, none, none, 0, 7919};
  vector_functions_spec mixed_overlap = {100000, 0, 0, 50000, none, 0, 7919};
  vector_functions_spec mixed_shared = {100000, 0, 0, none, 70000, 20000, 7919};
  vector_functions_spec mixed400_overlap = {400, 0, 0, 100, none, 0, 7919};
  vector_functions_spec mixed400_shared = {400, 0, 0, none, 70, 20, 7919};
  size_t need = sfr_validate_scratch_size(VECTOR_FUNCTIONS_LEN((size_t)100000));

  CHECK(need >= 100000 * 48u, "scratch size %zu is below three 16-byte keys per function", need);
  validate_functions(&overlap, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 unsorted, one overlap", &rep, SFR_E_FDE_OVERLAP);
  CHECK(rep.count >= 1 && rep.count <= CAP, "findings %zu", rep.count);
  validate_functions(&overlap, 0, 0, &rep, items, CAP);
  check_skipped("100,000 unsorted, one overlap", &rep);

  validate_functions(&shared, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 unsorted, shared FRE bytes", &rep, SFR_E_FRE_DATA_OVERRUN);
  validate_functions(&shared, 0, 0, &rep, items, CAP);
  check_skipped("100,000 unsorted, shared FRE bytes", &rep);
  validate_functions(&sorted_shared, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 sorted, shared FRE bytes", &rep, SFR_E_FRE_DATA_OVERRUN);
  validate_functions(&sorted_shared, 0, 0, &rep, items, CAP);
  check_skipped("100,000 sorted, shared FRE bytes", &rep);

  /* Nothing to skip: sorted and disjoint, with or without scratch. */
  validate_functions(&sorted_ok, 0, 0, &rep, items, CAP);
  CHECK(rep.count == 0, "100,000 sorted: %zu findings without scratch", rep.count);
  validate_functions(&sorted_ok, SIZE_MAX, 0, &rep, items, CAP);
  CHECK(rep.count == 0, "100,000 sorted: %zu findings with scratch", rep.count);
  /* The certificate: sorted and disjoint is proven clean; FDEs out of
   * order, or FRE data shared, are left to the reference validation. */
  CHECK(functions_certified(&sorted_ok), "100,000 sorted and disjoint: not certified");
  CHECK(!functions_certified(&unsorted_ok), "100,000 unsorted: certified");
  CHECK(!functions_certified(&sorted_shared), "100,000 sorted, shared FRE bytes: certified");
  CHECK(!functions_certified(&overlap), "100,000 unsorted, one overlap: certified");
  /* With keys to sort them (and FRE data out of order), FDEs out of
   * order are proven to have only that finding, at the first FDE below the
   * one before: reversed, FDE 1; at k * 7919 mod 100,000, FDE 13 (12 *
   * 7919 is 95,028, 13 * 7919 wraps to 2,947); mod 400 (7919 is 319 mod
   * 400), FDE 2 (638 wraps to 238).  Two functions sharing bytes, in
   * order or not, leave everything proven but the overlap checks, which
   * are then made alone; so do FRE data out of the FDEs' order sharing
   * bytes; data in order sharing bytes are left to the reference validation. */
  {
    vector_functions_spec reversed_flagged = {100000, 1, 1, none, none, 0, 0};
    vector_functions_spec sorted_overlap = {100000, 1, 0, 50000, none, 0, 0};
    vector_functions_spec shared_in_order = {100000, 1, 0, none, 50001, 50000, 0};
    vector_functions_spec mixed400_ok = {400, 0, 0, none, none, 0, 7919};
    const struct {
      const vector_functions_spec *spec;
      const char *what;
      sfr_cert want;
      uint32_t first;
    } cert[] = {
        {&unsorted_ok, "100,000 reversed", SFR_CERT_UNSORTED, 1},
        {&reversed_flagged, "100,000 reversed, flagged sorted", SFR_CERT_UNSORTED, 1},
        {&mixed_ok, "100,000 in no order", SFR_CERT_UNSORTED, 13},
        {&mixed400_ok, "400 in no order", SFR_CERT_UNSORTED, 2},
        {&sorted_ok, "100,000 sorted", SFR_CERT_CLEAN, none},
        {&overlap, "100,000 reversed, one overlap", SFR_CERT_OVERLAPS, 0},
        {&sorted_overlap, "100,000 sorted, one overlap", SFR_CERT_OVERLAPS, 0},
        {&shared, "100,000 reversed, shared FRE bytes", SFR_CERT_OVERLAPS, 0},
        {&sorted_shared, "100,000 sorted, FDE 70,000's FRE data at FDE 20,000's",
         SFR_CERT_OVERLAPS, 0},
        {&shared_in_order, "100,000 sorted, FDE 50,001's FRE data at FDE 50,000's",
         SFR_CERT_NONE, 0},
        {&mixed_overlap, "100,000 in no order, one overlap", SFR_CERT_OVERLAPS, 0},
        {&mixed_shared, "100,000 in no order, shared FRE bytes", SFR_CERT_OVERLAPS, 0},
        {&mixed400_overlap, "400 in no order, one overlap", SFR_CERT_OVERLAPS, 0},
    };
    size_t c;
    uint32_t first;
    for (c = 0; c < sizeof cert / sizeof *cert; c++) {
      sfr_cert got = functions_cert(cert[c].spec, 1, &first);
      CHECK(got == cert[c].want &&
                (got == SFR_CERT_NONE || got == SFR_CERT_OVERLAPS || first == cert[c].first),
            "%s: certificate %d (first %u), not %d (first %u)", cert[c].what, (int)got, first,
            (int)cert[c].want, cert[c].first);
    }
    /* Without keys, nothing out of order is proven. */
    CHECK(functions_cert(&unsorted_ok, 0, &first) == SFR_CERT_NONE,
          "100,000 reversed: certified without keys");
    CHECK(functions_cert(&mixed_ok, 0, &first) == SFR_CERT_NONE,
          "100,000 in no order: certified without keys");
    /* The sorted section's overlap and shared data are what its
     * validation reports. */
    validate_functions(&sorted_overlap, SIZE_MAX, 0, &rep, items, CAP);
    check_rejected_for("100,000 sorted, one overlap", &rep, SFR_E_FDE_OVERLAP);
    validate_functions(&shared_in_order, SIZE_MAX, 0, &rep, items, CAP);
    check_rejected_for("100,000 sorted, data shared in order", &rep, SFR_E_FRE_DATA_OVERRUN);
    /* And validation with scratch reports that finding alone. */
    validate_functions(&reversed_flagged, SIZE_MAX, 0, &rep, items, CAP);
    CHECK(rep.count == 1 && items[0].id == SFR_E_FDE_UNSORTED && items[0].fde == 1,
          "100,000 reversed, flagged sorted: %zu findings (first %s)", rep.count,
          rep.count ? sfr_finding_name(items[0].id) : "none");
  }
  /* Unsorted without a fault: only the questionable unflagged order. */
  validate_functions(&unsorted_ok, SIZE_MAX, 3, &rep, items, CAP);
  CHECK(rep.count == 1 && items[0].id == SFR_E_FDE_UNSORTED_UNFLAGGED,
        "100,000 unsorted, misaligned scratch: %zu findings (first %s)", rep.count,
        rep.count ? sfr_finding_name(items[0].id) : "none");
  /* Too little scratch is no scratch. */
  validate_functions(&overlap, need / 2, 0, &rep, items, CAP);
  check_skipped("100,000 unsorted, half the scratch", &rep);

  validate_functions(&mixed_ok, SIZE_MAX, 0, &rep, items, CAP);
  CHECK(rep.count == 1 && items[0].id == SFR_E_FDE_UNSORTED_UNFLAGGED,
        "100,000 in no order, disjoint: %zu findings (first %s)", rep.count,
        rep.count ? sfr_finding_name(items[0].id) : "none");
  validate_functions(&mixed_overlap, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 in no order, one overlap", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&mixed_shared, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("100,000 in no order, shared FRE bytes", &rep, SFR_E_FRE_DATA_OVERRUN);
  /* 400 in no order: the radix sort's answer against the pairs compared
   * without scratch. */
  validate_functions(&mixed400_overlap, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("400 in no order, one overlap, with scratch", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&mixed400_overlap, 0, 0, &rep, items, CAP);
  check_rejected_for("400 in no order, one overlap, without scratch", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&mixed400_shared, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("400 in no order, shared FRE bytes, with scratch", &rep,
                     SFR_E_FRE_DATA_OVERRUN);
  validate_functions(&mixed400_shared, 0, 0, &rep, items, CAP);
  check_rejected_for("400 in no order, shared FRE bytes, without scratch", &rep,
                     SFR_E_FRE_DATA_OVERRUN);

  validate_functions(&at512, 0, 0, &rep, items, CAP);
  check_rejected_for("512 unsorted, without scratch", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&at512, SIZE_MAX, 1, &rep, items, CAP);
  check_rejected_for("512 unsorted, with scratch", &rep, SFR_E_FDE_OVERLAP);
  validate_functions(&at513, 0, 0, &rep, items, CAP);
  check_skipped("513 unsorted", &rep);
  validate_functions(&at513, SIZE_MAX, 0, &rep, items, CAP);
  check_rejected_for("513 unsorted, with scratch", &rep, SFR_E_FDE_OVERLAP);
  /* Exactly two findings: the order, and the overlap at FDE 100 (or its
   * neighbour 99, which it overlaps). */
  CHECK(rep.count == 2 && items[1].id == SFR_E_FDE_OVERLAP &&
            (items[1].fde == 100 || items[1].fde == 99),
        "513 unsorted: %zu findings, the last %s at FDE %lld, not one overlap at 100 or 99",
        rep.count, rep.count == 2 ? sfr_finding_name(items[1].id) : "-",
        rep.count == 2 ? (long long)items[1].fde : -1LL);
}

/* The lookup index: only for a section validated in order; the same
 * answer as the binary search at every PC of 100,000 functions (starts,
 * ends, below and above them all); no index with too little memory; a
 * damaged index reads nothing outside the section and itself (ASan and
 * valgrind watch the two blocks); validation detaches it. */
void test_lookup_index(void) {
  vector_functions_spec sorted = {100000, 1, 0, UINT32_MAX, UINT32_MAX, 0, 0};
  vector_functions_spec unsorted = {1000, 0, 1, UINT32_MAX, UINT32_MAX, 0, 0};
  size_t len = VECTOR_FUNCTIONS_LEN((size_t)100000), n, k;
  uint8_t *bytes = malloc(len), *mem = NULL;
  sfr_section sec, indexed;
  sfr_finding items[8];
  sfr_report rep = {items, 8, 0, {0}};
  uint64_t pc, differ = 0;
  int m;
  if (!bytes || vector_functions(bytes, len, &unsorted) == 0) {
    CHECK(0, "cannot build the sections");
    free(bytes);
    return;
  }
  CHECK(sfr_open(&sec, bytes, VECTOR_FUNCTIONS_LEN((size_t)1000), 0x1000, NULL) == SFR_OK &&
            sfr_index_size(&sec) == 0,
        "a section opened but not validated has an index size");
  sfr_validate(&sec, bytes, VECTOR_FUNCTIONS_LEN((size_t)1000), 0x1000, &rep);
  CHECK(sfr_index_size(&sec) == 0 && sfr_index_build(&sec, bytes, len) == 0 && !sfr_index_attached(&sec),
        "an unsorted section gets an index");
  (void)vector_functions(bytes, len, &sorted);
  sfr_validate(&sec, bytes, len, 0x1000, &rep);
  n = sfr_index_size(&sec);
  CHECK(rep.count == 0 && sfr_order_verified(&sec), "100,000 sorted functions: %zu findings", rep.count);
  CHECK(n > 0 && n <= 16u * 100000 + 16, "index of %zu bytes for 100,000 functions", n);
  /* One bucket a function would take 100,000 buckets of 64 bytes (800,000
   * bytes): the index stays within 512 KiB by taking two functions a
   * bucket, so the lookups below search inside buckets. */
  CHECK(n <= ((size_t)512 << 10) + 3, "index of %zu bytes, over 512 KiB", n);
  if (n == 0 || !(mem = malloc(n + 3))) {
    free(bytes);
    return;
  }
  indexed = sec;
  CHECK(sfr_index_build(&indexed, mem + 3, n - 1) == 0 && !sfr_index_attached(&indexed),
        "an index built in too little memory");
  CHECK(sfr_index_build(&indexed, mem + 3, n) == 1 && sfr_index_attached(&indexed), "the index is not built");
  /* The functions: 0x40 bytes each from 0x100000; every 8th PC across
   * them and 0x100 bytes on either side. */
  for (pc = 0x100000 - 0x100; pc < 0x100000 + 0x40 * 100000 + 0x100; pc += 8)
    for (m = 0; m < 2; m++) {
      sfr_lookup_result a, b;
      sfr_lookup_status sa = sfr_lookup(&indexed, pc, (sfr_pc_mode)m, &a);
      sfr_lookup_status sb = sfr_lookup(&sec, pc, (sfr_pc_mode)m, &b);
      differ += sfr_lookup_differs(sa, &a, sb, &b) != NULL;
    }
  CHECK(differ == 0, "%" PRIu64 " lookups differ with the index", differ);
  CHECK(sfr_lookup(&indexed, 0x100000 + 0x40 * 70000 + 3, SFR_PC_IP, &(sfr_lookup_result){0}) ==
            SFR_LOOKUP_FOUND,
        "a PC inside function 70,000 not found with the index");
  /* Damaged: every byte 0xff, then bytes of a pattern. */
  for (m = 0; m < 2; m++) {
    for (k = 0; k < n; k++)
      mem[3 + k] = m ? (uint8_t)(k * 37 + 11) : 0xff;
    for (pc = 0x100000 - 0x100; pc < 0x100000 + 0x40 * 100000 + 0x100; pc += 0x1000 + 8) {
      sfr_lookup_result r;
      (void)sfr_lookup(&indexed, pc, SFR_PC_IP, &r);
    }
  }
  sfr_validate(&indexed, bytes, len, 0x1000, &rep);
  CHECK(!sfr_index_attached(&indexed), "validation keeps an index");
  free(mem);
  free(bytes);
}

void test_lookup_differs(void) {
  real_section rs;
  checked c;
  sfr_lookup_result a, b;
  const char *w;
  if (!open_real("gas247-x86_64-cfi-frame", &rs, &c, 1))
    return;
  memset(&a, 0, sizeof a);
  CHECK(sfr_lookup(&c.sec, fde_start(&c, rs.name, 0), SFR_PC_IP, &a) == SFR_LOOKUP_FOUND,
        "lookup at the first function's start");
  b = a;
  CHECK(sfr_lookup_differs(SFR_LOOKUP_FOUND, &a, SFR_LOOKUP_FOUND, &b) == NULL, "same answer");
#define DIFFERS(field, st_b, name)                                                      \
  do {                                                                                   \
    b = a;                                                                               \
    field;                                                                               \
    w = sfr_lookup_differs(SFR_LOOKUP_FOUND, &a, st_b, &b);                              \
    CHECK(w && strcmp(w, name) == 0, "%s: said %s", #field, w ? w : "nothing");          \
  } while (0)
  DIFFERS((void)0, SFR_LOOKUP_NO_FRE, "status");
  DIFFERS(b.pc++, SFR_LOOKUP_FOUND, "address");
  DIFFERS(b.fde.fres_at++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.start_wraps ^= 1, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fre.length++, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.uwords[SFR_MAX_DATA_WORDS - 1]++, SFR_LOOKUP_FOUND, "row data words");
  DIFFERS(b.rules.fp.offset++, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.outermost ^= 1, SFR_LOOKUP_FOUND, "rules");
  /* Every field the comparison reads, each on its own: none is left out. */
  DIFFERS(b.fde.index++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.field_offset++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.raw_start++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.start++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.size++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.fre_off++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.num_fres++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.info ^= 1, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.info2 ^= 1, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.rep_size++, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.fre_type ^= 1, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.pc_type ^= 1, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.pauth_key ^= 1, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.signal ^= 1, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fde.fde_type ^= 1, SFR_LOOKUP_FOUND, "function");
  DIFFERS(b.fre.index++, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.offset++, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.start++, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.info ^= 1, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.cfa_base_sp ^= 1, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.count++, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.word_size++, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.mangled_ra ^= 1, SFR_LOOKUP_FOUND, "row");
  DIFFERS(b.fre.words[0]++, SFR_LOOKUP_FOUND, "row data words");
  DIFFERS(b.rules.cfa.base ^= 1, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.cfa.reg++, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.cfa.offset++, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.cfa.deref ^= 1, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.ra.kind ^= 1, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.ra.not_saved ^= 1, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.ra.reg++, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.ra.offset++, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.fp.kind ^= 1, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.fp.not_saved ^= 1, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.fp.reg++, SFR_LOOKUP_FOUND, "rules");
  DIFFERS(b.rules.ra_mangled ^= 1, SFR_LOOKUP_FOUND, "rules");
#undef DIFFERS
  /* What the status says was not filled is not compared. */
  b = a;
  b.fre.length++;
  CHECK(sfr_lookup_differs(SFR_LOOKUP_NO_FRE, &a, SFR_LOOKUP_NO_FRE, &b) == NULL,
        "no row compared without one");
  b.fde.size++;
  CHECK(sfr_lookup_differs(SFR_LOOKUP_NO_FDE, &a, SFR_LOOKUP_NO_FDE, &b) == NULL,
        "no function compared without one");
  close_real(&rs, &c);
}

/* Real sections reordered and damaged: the validation with scratch (the
 * certificate where it applies) must report what the reference validation does, and
 * agree with the one without (validate_guarded), however the FDEs are
 * ordered and whichever functions overlap, share a start or share FRE
 * data.  Each clean real section gets shuffled_trials copies, from a
 * fixed xorshift: up to three faults, each a function grown past its
 * successor's start, given another function's FRE data (its offset, and
 * before version 3 its count, info byte and repetition size), moved to
 * its successor's start, or emptied; then the FDEs kept, reversed,
 * shuffled, or five pairs swapped (the start fields rewritten for their
 * new place).  The certificate's outcomes are counted: each must occur. */
static int shuffled_certs[4];
static uint64_t shuffled_seed = 0x2545f4914f6cdd1du;
enum { shuffled_trials = 12 };

static uint64_t shuffled_rand(void) {
  shuffled_seed ^= shuffled_seed << 13;
  shuffled_seed ^= shuffled_seed >> 7;
  shuffled_seed ^= shuffled_seed << 17;
  return shuffled_seed;
}

static void put_field(uint8_t *p, uint64_t v, unsigned n, int be) {
  unsigned b;
  for (b = 0; b < n; b++)
    p[be ? n - 1 - b : b] = (uint8_t)(v >> (8 * b));
}

/* The start field of FDE record at for a function at start. */
static uint64_t start_field(const sfr_section *sec, uint64_t at, uint64_t start) {
  int pcrel = sfr_has_pcrel_flag(sec->version) && (sec->flags & SFR_F_FDE_FUNC_START_PCREL);
  return start - (pcrel ? sec->vma + at : sec->vma);
}

static void real_shuffled(real_section *rs) {
  sfr_section sec;
  sfr_finding items[4];
  sfr_report rep = {items, 4, 0, {0}};
  sfr_fde *fdes;
  uint32_t n, i, *to;
  unsigned w, t;
  uint8_t *faulty, *out;
  sort_key *keys;
  sfr_validate(&sec, rs->bytes, rs->len, rs->vma, &rep);
  if (rep.count != 0 || sec.num_fdes < 3)
    return;
  n = sec.num_fdes;
  w = sfr_start_size(sec.version);
  fdes = malloc(n * sizeof *fdes);
  to = malloc(n * sizeof *to);
  faulty = malloc(rs->len);
  out = malloc(rs->len);
  keys = malloc(3 * (size_t)n * sizeof *keys);
  CHECK(fdes && to && faulty && out && keys, "%s: out of memory", rs->name);
  for (i = 0; fdes && i < n; i++)
    CHECK(sfr_get_fde(&sec, i, &fdes[i]) == SFR_OK, "%s: FDE %u does not read", rs->name, i);
  /* A third of the copies where the tests stride (valgrind). */
  for (t = 0; fdes && to && faulty && out && keys && t < shuffled_trials / (stride > 1 ? 3 : 1);
       t++) {
    unsigned faults = (unsigned)(shuffled_rand() % 4), q, how = (unsigned)(shuffled_rand() % 4);
    checked c;
    sfr_section s5;
    uint32_t first;
    memcpy(faulty, rs->bytes, rs->len);
    for (q = 0; q < faults; q++) {
      uint32_t j = (uint32_t)(shuffled_rand() % (n - 1)), other = (uint32_t)(shuffled_rand() % n);
      uint64_t at = fdes[j].field_offset;
      switch (shuffled_rand() % 4) {
      case 0: /* past the successor's start (if it starts after) */
        put_field(faulty + at + w,
                  fdes[j].size + 1 + shuffled_rand() % (fdes[j + 1].start - fdes[j].start + 64), 4,
                  sec.big_endian);
        break;
      case 1: /* another function's FRE data */
        /* fre_off, and before version 3 the count, info and rep_size */
        memcpy(faulty + at + w + 4, rs->bytes + fdes[other].field_offset + w + 4,
               sfr_fde_fields(sec.version) - w - 4);
        break;
      case 2: /* the successor's start */
        put_field(faulty + at, start_field(&sec, at, fdes[j + 1].start), w, sec.big_endian);
        break;
      default:
        put_field(faulty + at + w, 0, 4, sec.big_endian);
      }
    }
    for (i = 0; i < n; i++)
      to[i] = how == 1 ? n - 1 - i : i;
    for (i = n; how == 2 && i > 1; i--) {
      uint32_t j = (uint32_t)(shuffled_rand() % i), x = to[i - 1];
      to[i - 1] = to[j];
      to[j] = x;
    }
    for (q = 0; how == 3 && q < 5; q++) {
      uint32_t a = (uint32_t)(shuffled_rand() % n), b = (uint32_t)(shuffled_rand() % n), x = to[a];
      to[a] = to[b];
      to[b] = x;
    }
    memcpy(out, faulty, rs->len);
    if (how != 0)
      out[3] = (uint8_t)(out[3] & ~SFR_F_FDE_SORTED);
    for (i = 0; i < n; i++) {
      uint64_t from = fdes[i].field_offset, at = sec.fde_start + (uint64_t)to[i] * sec.fde_size;
      uint64_t raw = sfr_load(faulty + from, w, sec.big_endian);
      /* the field plus its base (start_field of address 0 is minus it) */
      uint64_t start = (w == 4 ? (uint64_t)sfr_sext(raw, 4) : raw) - start_field(&sec, from, 0);
      memcpy(out + at, faulty + from, sec.fde_size);
      put_field(out + at, start_field(&sec, at, start), w, sec.big_endian);
    }
    if (sfr_open(&s5, out, rs->len, rs->vma, NULL) == SFR_OK)
      shuffled_certs[sfr_certify(&s5, keys, keys + 2 * (size_t)n, keys + n, &first, NULL)]++;
    if (validate_guarded(&c, out, rs->len, rs->vma))
      guard_free(&c.g);
  }
  free(keys);
  free(out);
  free(faulty);
  free(to);
  free(fdes);
}

void test_real_shuffled(void) {
  (void)for_each_real(real_shuffled);
  CHECK(shuffled_certs[SFR_CERT_NONE] && shuffled_certs[SFR_CERT_CLEAN] &&
            shuffled_certs[SFR_CERT_UNSORTED] && shuffled_certs[SFR_CERT_OVERLAPS],
        "the certificate's outcomes: none %d, clean %d, unsorted %d, overlaps %d (each must occur)",
        shuffled_certs[SFR_CERT_NONE], shuffled_certs[SFR_CERT_CLEAN],
        shuffled_certs[SFR_CERT_UNSORTED], shuffled_certs[SFR_CERT_OVERLAPS]);
  printf("# certificate: none %d, clean %d, unsorted %d, overlaps %d\n",
         shuffled_certs[SFR_CERT_NONE], shuffled_certs[SFR_CERT_CLEAN],
         shuffled_certs[SFR_CERT_UNSORTED], shuffled_certs[SFR_CERT_OVERLAPS]);
}

/* The sort's tie order: keys sorted by a alone, then each run of equal
 * a put in (b, index) order, equal the keys sorted by (a, b, index); a
 * run longer than SFR_TIES_MAX is refused.  Keys: a = i / 3 (runs of 3),
 * b from a fixed xorshift, placed by a stride that mixes them. */
void test_sort_ties(void) {
  enum { N = 3000 };
  static sort_key k[N], tmp[N], want[N], wtmp[N], ref[N], rtmp[N];
  const sort_key *got, *w, *r;
  uint64_t x = 0x2545f4914f6cdd1du;
  uint32_t i;
  for (i = 0; i < N; i++) {
    uint32_t at = (uint32_t)(((uint64_t)i * 1009u) % N);
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    k[at].a = i / 3;
    k[at].b = (uint32_t)(x % 5u);
    k[at].index = at;
  }
  memcpy(want, k, sizeof k);
  memcpy(ref, k, sizeof k);
  w = sfr_order_keys(want, wtmp, N, 0);
  /* The fast layer's radix sort gives the reference merge sort's order. */
  r = sfr_sort_keys(ref, rtmp, N);
  CHECK(memcmp(r, w, sizeof k) == 0, "the radix sort and the reference sort differ");
  got = sfr_order_keys(k, tmp, N, 1);
  CHECK(sfr_order_ties_by_b(got == k ? k : tmp, N) == 1, "runs of 3 refused");
  CHECK(memcmp(got, w, sizeof k) == 0, "runs of 3 put in order differ from the full sort");
  for (i = 0; i < SFR_TIES_MAX + 1; i++) {
    k[i].a = 7;
    k[i].b = SFR_TIES_MAX - i;
    k[i].index = i;
  }
  CHECK(sfr_order_ties_by_b(k, SFR_TIES_MAX) == 1 && k[0].b == 1,
        "a run of SFR_TIES_MAX equal keys not put in order");
  CHECK(sfr_order_ties_by_b(k, SFR_TIES_MAX + 1) == 0,
        "a run of SFR_TIES_MAX + 1 equal keys not refused");
}

/* sfr_reports_differ, the rule that holds validation with scratch and
 * without to each other, on reports made by hand: each way two reports
 * can differ is named, and what it tolerates (a skipped check without
 * scratch, findings not kept, which of overlap and duplicate) is not. */
void test_reports_differ(void) {
  sfr_finding ia[8], ib[8];
  sfr_report a, b;
  const char *w;
#define REPORTS(fill_a, fill_b)                                                          \
  do {                                                                                   \
    memset(&a, 0, sizeof a);                                                             \
    memset(&b, 0, sizeof b);                                                             \
    a.items = ia;                                                                        \
    b.items = ib;                                                                        \
    a.cap = b.cap = 8;                                                                   \
    fill_a;                                                                              \
    fill_b;                                                                              \
    w = sfr_reports_differ(&a, &b);                                                      \
  } while (0)
#define ADD(r, id) sfr_report_add(&(r), (id), 0, -1, -1, NULL)
  REPORTS((void)0, (void)0);
  CHECK(w == NULL, "two empty reports: %s", w);
  REPORTS(ADD(a, SFR_E_CHECKS_SKIPPED), (void)0);
  CHECK(w && strstr(w, "scratch"), "checks skipped with scratch: %s", w ? w : "nothing");
  REPORTS((void)0, (ADD(b, SFR_E_CHECKS_SKIPPED), ADD(b, SFR_E_FDE_OVERLAP)));
  CHECK(w == NULL, "checks skipped without scratch is no difference: %s", w);
  REPORTS(ADD(a, SFR_E_FDE_OVERLAP), (void)0);
  CHECK(w && !strcmp(w, "verdict"), "a rejection against none: %s", w ? w : "nothing");
  REPORTS(ADD(a, SFR_E_AUXHDR_PRESENT), (void)0);
  CHECK(w && !strcmp(w, "auxhdr-present"), "a questionable finding in one: %s", w ? w : "nothing");
  REPORTS((ADD(a, SFR_E_FDE_UNSORTED), ADD(a, SFR_E_FDE_OVERLAP)), ADD(b, SFR_E_FDE_UNSORTED));
  CHECK(w && strstr(w, "fde-overlap"), "an overlap in one: %s", w ? w : "nothing");
  REPORTS(ADD(a, SFR_E_FDE_OVERLAP), ADD(b, SFR_E_FDE_DUPLICATE));
  CHECK(w == NULL, "overlap against duplicate is tolerated: %s", w);
  REPORTS((a.cap = 0, ADD(a, SFR_E_FDE_OVERLAP)), ADD(b, SFR_E_FDE_UNSORTED));
  CHECK(w == NULL, "findings not kept: only the verdict compared: %s", w);
  CHECK(sfr_report_rejects(&a) && a.count == 1 && a.by_class[SFR_CLASS_INVALID] == 1,
        "a finding past the cap is counted, not kept");
#undef ADD
#undef REPORTS
}
