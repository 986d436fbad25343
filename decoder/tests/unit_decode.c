/* SPDX-License-Identifier: MIT */
/* unit_decode.c - unit tests of decoding (spec 2): the cursor, the
 * findings table, the hand-built vectors and the real sections, whole,
 * truncated and corrupted, and the regressions the generator found. */
#define _DEFAULT_SOURCE 1
#include "unit.h"

/* ---- the cursor ---- */

void test_cursor(void) {
  static const uint8_t b[] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0xff};
  sfr_cursor c = sfr_cursor_at(b, 0, sizeof b, 0);
  uint16_t u16 = 0;
  uint32_t u32 = 0;
  int64_t i64 = 0;
  int8_t i8 = 0;
  CHECK(sfr_cur_u16(&c, &u16) && u16 == 0x3412, "LE u16 0x%x", u16);
  c = sfr_cursor_at(b, 0, sizeof b, 1);
  CHECK(sfr_cur_u16(&c, &u16) && u16 == 0x1234, "BE u16 0x%x", u16);
  CHECK(sfr_cur_u32(&c, &u32) && u32 == 0x56789abc, "BE u32 0x%x", u32);
  c = sfr_cursor_at(b, 1, sizeof b, 0);
  CHECK(sfr_cur_i64(&c, &i64) && (uint64_t)i64 == 0xfff0debc9a785634ull, "LE i64 unaligned");
  CHECK(!sfr_cur_u8(&c, (uint8_t *)&i8), "read past end must fail");
  CHECK(c.pos == sizeof b, "failed read must not move the cursor");
  c = sfr_cursor_at(b, 8, sizeof b, 0);
  CHECK(sfr_cur_i8(&c, &i8) && i8 == -1, "i8 sign extension");
  CHECK(sfr_sext(0x80, 1) == -128 && sfr_sext(0x7fff, 2) == 32767 &&
            sfr_sext(0xffffffff, 4) == -1 && sfr_sext(0x1ff, 1) == -1,
        "sign extension of 1, 2, 4 bytes");
  c = sfr_cursor_at(b, 10, sizeof b, 0); /* position beyond end */
  CHECK(!sfr_cur_has(&c, 0), "a cursor past its end has nothing");
  c = sfr_cursor_at(b, 0, 4, 0);
  CHECK(sfr_cur_u32(&c, &u32) && !sfr_cur_u8(&c, (uint8_t *)&i8),
        "a carved sub-range ends where it says");
}

/* ---- the findings table ---- */

void test_findings_table(void) {
  int i, j;
  for (i = 1; i < SFR_NUM_FINDINGS; i++) {
    const char *n = sfr_finding_name((sfr_status)i);
    sfr_class c = sfr_finding_class((sfr_status)i);
    CHECK(n && *n && strcmp(n, "unknown") != 0, "finding %d has no name", i);
    CHECK(strlen(sfr_finding_message((sfr_status)i)) > 10, "finding %s has no message", n);
    CHECK(c == SFR_CLASS_MALFORMED || c == SFR_CLASS_INVALID || c == SFR_CLASS_QUESTIONABLE,
          "finding %s has no class", n);
    CHECK(sfr_finding_by_name(n) == (sfr_status)i, "by_name(%s)", n);
    for (j = 1; j < i; j++)
      CHECK(strcmp(n, sfr_finding_name((sfr_status)j)) != 0, "duplicate name %s", n);
  }
  CHECK(sfr_finding_by_name("no-such-finding") == SFR_OK, "unknown names map to SFR_OK");
  CHECK(strcmp(sfr_finding_name(SFR_NUM_FINDINGS), "unknown") == 0, "out-of-range name");
  CHECK(strcmp(sfr_class_name(SFR_CLASS_INVALID), "invalid") == 0, "class name");
  CHECK(strcmp(sfr_class_name((sfr_class)0), "none") == 0, "class 0 name");
}

void test_vectors_expected(void) {
  size_t i;
  CHECK(test_vector_count > 0, "no vectors");
  for (i = 0; i < test_vector_count; i++) {
    const test_vector *v = &test_vectors[i];
    checked c;
    size_t k, rejects = 0;
    sfr_status want = v->finding ? sfr_finding_by_name(v->finding) : SFR_OK;
    const sfr_report *rep;
    if (!validate_guarded(&c, v->bytes, v->len, v->vma)) {
      CHECK(0, "%s: guard page setup failed", v->name);
      continue;
    }
    /* checks-skipped is what validation without scratch says. */
    rep = want == SFR_E_CHECKS_SKIPPED ? &c.plain : &c.rep;
    for (k = 0; k < rep->count && k < rep->cap; k++)
      if (sfr_finding_class(rep->items[k].id) != SFR_CLASS_QUESTIONABLE)
        rejects++;
    if (!v->finding) {
      CHECK(rep->count == 0, "%s: valid vector has %zu findings (first %s)", v->name,
            rep->count, rep->count ? sfr_finding_name(rep->items[0].id) : "");
    } else {
      CHECK(want != SFR_OK, "%s: unknown finding name %s", v->name, v->finding);
      CHECK(report_has(rep, want), "%s: expected %s, got %zu findings (first %s)", v->name,
            v->finding, rep->count, rep->count ? sfr_finding_name(rep->items[0].id) : "none");
      if (sfr_finding_class(want) == SFR_CLASS_QUESTIONABLE) {
        CHECK(rejects == 0, "%s: questionable vector is rejected", v->name);
        CHECK(!sfr_report_rejects(rep), "%s: must be accepted", v->name);
      } else {
        CHECK(rejects == 1, "%s: one fault per vector, found %zu", v->name, rejects);
        CHECK(sfr_report_rejects(rep), "%s: must be rejected", v->name);
      }
    }
    if (sfr_finding_class(want) != SFR_CLASS_MALFORMED || !v->finding)
      exercise(&c.sec);
    guard_free(&c.g);
  }
}

void test_every_finding_has_vector(void) {
  int i;
  size_t k;
  for (i = 1; i < SFR_NUM_FINDINGS; i++) {
    int found = 0;
    for (k = 0; k < test_vector_count; k++)
      if (test_vectors[k].finding &&
          strcmp(test_vectors[k].finding, sfr_finding_name((sfr_status)i)) == 0)
        found = 1;
    CHECK(found, "finding %s has no vector", sfr_finding_name((sfr_status)i));
  }
}

/* Big-endian and s390x vectors exist, so those paths are pinned too. */
void test_vector_axes(void) {
  size_t k, be = 0, s390 = 0, v[4] = {0};
  for (k = 0; k < test_vector_count; k++) {
    const test_vector *t = &test_vectors[k];
    if (t->len >= 5 && t->bytes[0] == 0xde && t->bytes[1] == 0xe2) {
      be++;
      if (t->bytes[4] == SFR_ABI_S390X_BE)
        s390++;
    }
    if (t->len >= 3 && t->bytes[2] >= 1 && t->bytes[2] <= 3)
      v[t->bytes[2]]++;
  }
  CHECK(be >= 5, "only %zu big-endian vectors", be);
  CHECK(s390 >= 3, "only %zu s390x vectors", s390);
  CHECK(v[1] > 0 && v[2] > 0 && v[3] > 0, "vectors in every version");
}

/* ---- real sections ---- */

static void real_valid(real_section *rs) {
  checked c;
  uint32_t i;
  if (!validate_guarded(&c, rs->bytes, rs->len, rs->vma)) {
    CHECK(0, "%s: guard", rs->name);
    return;
  }
  CHECK(!sfr_report_rejects(&c.rep), "%s: real section rejected (%s)", rs->name,
        c.rep.count ? sfr_finding_name(c.rep.items[0].id) : "");
  /* Toolchains write FDEs in order (ld its FRE data in input order): a
   * real section the reference validation finds clean and in order is one the
   * certificate proves clean with its keys (else the fast validation
   * misses the sections it is for). */
  if (c.rep.count == 0 && sfr_order_verified(&c.sec)) {
    sfr_section opened;
    uint32_t n = c.sec.num_fdes, first;
    sort_key *keys = malloc(3 * (size_t)(n ? n : 1) * sizeof *keys);
    CHECK(keys && sfr_open(&opened, c.sec.buf, c.sec.len, c.sec.vma, NULL) == SFR_OK &&
              sfr_certify(&opened, keys, keys + 2 * (size_t)n, keys + n, &first, NULL) ==
                  SFR_CERT_CLEAN,
          "%s: clean and in order, but not certified", rs->name);
    free(keys);
  }
  for (i = 0; i < c.sec.num_fdes; i++) {
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    CHECK(sfr_get_fde(&c.sec, i, &fde) == SFR_OK, "%s: FDE %u", rs->name, i);
    sfr_fre_iter_init(&c.sec, &fde, &it);
    while (sfr_fre_next(&c.sec, &it, &fre, &done) == SFR_OK && !done) {
      sfr_lookup_result res;
      uint64_t pc = fde.start + fre.start;
      if (fde.pc_type != SFR_PCTYPE_INC || fre.start >= fde.size)
        continue;
      CHECK(sfr_lookup(&c.sec, pc, SFR_PC_IP, &res) == SFR_LOOKUP_FOUND &&
                res.fde.index == i && res.fre.index == fre.index,
            "%s: IP lookup at FRE %u of FDE %u", rs->name, fre.index, i);
      CHECK(sfr_lookup(&c.sec, pc + 1, SFR_PC_RA, &res) == SFR_LOOKUP_FOUND &&
                res.fde.index == i && res.fre.index == fre.index && res.pc == pc,
            "%s: RA lookup at FRE %u of FDE %u", rs->name, fre.index, i);
    }
    CHECK(done, "%s: FDE %u FREs do not all decode", rs->name, i);
  }
  {
    sfr_lookup_result res;
    CHECK(rs->vma == 0 || sfr_lookup(&c.sec, 0, SFR_PC_IP, &res) == SFR_LOOKUP_NO_FDE,
          "%s: PC 0", rs->name);
    CHECK(sfr_lookup(&c.sec, 0, SFR_PC_RA, &res) == SFR_LOOKUP_NO_FDE, "%s: RA 0", rs->name);
    CHECK(sfr_lookup(&c.sec, UINT64_MAX, SFR_PC_IP, &res) == SFR_LOOKUP_NO_FDE,
          "%s: PC max", rs->name);
  }
  guard_free(&c.g);
}

void test_real_sections(void) {
  int expect = index_count(), n0 = for_each_real_in(0, real_valid), n = n0, k;
  for (k = 1; k < n_real_dirs; k++)
    n += for_each_real_in(k, real_valid);
  CHECK(expect >= 100, "%s/INDEX lists %d sections", real_dirs[0], expect);
  CHECK(n0 == expect, "found %d real sections under %s, its INDEX lists %d", n0, real_dirs[0],
        expect);
  printf("# %d real sections\n", n);
}

/* Every prefix of a real section is rejected, and decoding it never reads
 * past its end (the guard page would fault). */
static void real_truncations(real_section *rs) {
  size_t l;
  for (l = 0; l < rs->len; l += stride) {
    checked c;
    if (!validate_guarded(&c, rs->bytes, l, rs->vma))
      return;
    CHECK(sfr_report_rejects(&c.rep), "%s: prefix of %zu bytes accepted", rs->name, l);
    exercise(&c.sec);
    guard_free(&c.g);
  }
}

void test_real_truncations(void) { (void)for_each_real(real_truncations); }

/* Every single-byte corruption of a real section decodes without a fault. */
static void real_mutations(real_section *rs) {
  size_t at;
  static const uint8_t xors[] = {0xff, 0x80, 0x01, 0x1e};
  unsigned x;
  for (at = 0; at < rs->len; at += stride)
    for (x = 0; x < sizeof xors; x++) {
      checked c;
      uint8_t saved = rs->bytes[at];
      rs->bytes[at] ^= xors[x];
      if (validate_guarded(&c, rs->bytes, rs->len, rs->vma)) {
        exercise(&c.sec);
        guard_free(&c.g);
      }
      rs->bytes[at] = saved;
    }
}

void test_real_mutations(void) { (void)for_each_real(real_mutations); }
/* Two sections the generator's author found misjudged (now pinned). */
static const uint8_t v2_shared_empty_offset[] = {
    0xe2, 0xde, 0x02, 0x01, /* magic, version 2, flags FDE_SORTED */
    0x03, 0x00, 0xf8, 0x00, /* AMD64, fixed FP 0, fixed RA -8, no aux header */
    0x02, 0x00, 0x00, 0x00, /* num_fdes 2 */
    0x01, 0x00, 0x00, 0x00, /* num_fres 1 */
    0x03, 0x00, 0x00, 0x00, /* fre_len 3 */
    0x00, 0x00, 0x00, 0x00, /* fdeoff 0 */
    0x28, 0x00, 0x00, 0x00, /* freoff 40 */
    /* FDE 0: start 0 (vma + 0), size 16, FRE data at 0, 1 FRE, info 0 */
    0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    /* FDE 1: start 16, size 16, FRE data offset also 0, but no FREs */
    0x10, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x03, 0x08, /* FRE: start 0, SP base, 1 one-byte word: CFA sp+8 */
};
static const uint8_t v3_fres_cut_after_attr[] = {
    0xe2, 0xde, 0x03, 0x01, /* magic, version 3, flags FDE_SORTED */
    0x03, 0x00, 0xf8, 0x00, /* AMD64, fixed FP 0, fixed RA -8, no aux header */
    0x01, 0x00, 0x00, 0x00, /* num_fdes 1 */
    0x01, 0x00, 0x00, 0x00, /* num_fres 1 */
    0x05, 0x00, 0x00, 0x00, /* fre_len 5: the attribute only */
    0x00, 0x00, 0x00, 0x00, /* fdeoff 0 */
    0x10, 0x00, 0x00, 0x00, /* freoff 16 */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* start 0 */
    0x10, 0x00, 0x00, 0x00,                         /* size 16 */
    0x00, 0x00, 0x00, 0x00,                         /* data offset 0 */
    0x01, 0x00, 0x00, 0x00, 0x00, /* attribute: 1 FRE, ADDR1, default, rep 0 */
};

/* Found by the diff_libsframe fuzz target: function 2's FRE offset is
 * function 0's, and function 2's own 3 bytes are left unused, so the FREs
 * walked (9 bytes) still fit fre_len.  Not neighbours in index order: only
 * comparing the data ranges sees the shared bytes. */
static const uint8_t v1_shared_fre_data_past_gap[] = {
    0xe2, 0xde, 0x01, 0x01, /* magic, version 1, flags: FDE_SORTED */
    0x03, 0x00, 0xf8, 0x00, /* AMD64 LE, fixed FP 0, fixed RA -8, no aux header */
    0x03, 0x00, 0x00, 0x00, /* 3 FDEs */
    0x03, 0x00, 0x00, 0x00, /* 3 FREs */
    0x09, 0x00, 0x00, 0x00, /* fre_len 9 */
    0x00, 0x00, 0x00, 0x00, /* fdeoff 0 */
    0x33, 0x00, 0x00, 0x00, /* freoff 51 = 3 FDEs of 17 bytes */
    /* FDE 0: start 0x1000, size 16, FRE data at 0, 1 FRE, ADDR1 */
    0x00, 0x10, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00,
    /* FDE 1: start 0x1010, size 16, FRE data at 3 */
    0x10, 0x10, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00,
    /* FDE 2: start 0x1020, size 16, FRE data at 0: function 0's */
    0x20, 0x10, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x03, 0x08, /* FRE at 0: start 0, CFA = SP + 8 */
    0x00, 0x03, 0x08, /* FRE at 3 */
    0x00, 0x03, 0x08, /* at 6: function 2's own copy, now unused */
};

void test_generator_regressions(void) {
  checked c;
  if (validate_guarded(&c, v2_shared_empty_offset, sizeof v2_shared_empty_offset, 0x1000)) {
    CHECK(c.rep.count == 0, "a V2 function without FREs shares an offset: %zu findings (%s)",
          c.rep.count, c.rep.count ? sfr_finding_name(c.items[0].id) : "");
    guard_free(&c.g);
  }
  if (validate_guarded(&c, v3_fres_cut_after_attr, sizeof v3_fres_cut_after_attr, 0x1000)) {
    CHECK(c.rep.count == 1 && c.items[0].id == SFR_E_TRUNCATED_FRE,
          "V3 FREs cut after the attribute are truncated-fre (%zu findings, first %s)",
          c.rep.count, c.rep.count ? sfr_finding_name(c.items[0].id) : "");
    guard_free(&c.g);
  }
  if (validate_guarded(&c, v1_shared_fre_data_past_gap, sizeof v1_shared_fre_data_past_gap,
                       0x1000)) {
    CHECK(c.rep.by_class[SFR_CLASS_INVALID] == 1 && c.rep.by_class[SFR_CLASS_MALFORMED] == 0 &&
              c.rep.count >= 1 && c.items[0].id == SFR_E_FRE_DATA_OVERRUN && c.items[0].fde == 2,
          "FRE data shared by functions 0 and 2 is one fre-data-overrun at FDE 2 "
          "(%zu findings, first %s)",
          c.rep.count, c.rep.count ? sfr_finding_name(c.items[0].id) : "");
    guard_free(&c.g);
  }
}

void test_stop_names(void) {
  int s;
  for (s = SFR_STOP_NONE; s <= SFR_STOP_REP_SIZE_UNKNOWN; s++)
    CHECK(strcmp(sfr_stop_name((sfr_stop)s), "unknown") != 0, "stop %d has a name", s);
  CHECK(strcmp(sfr_stop_name((sfr_stop)99), "unknown") == 0, "unknown stop");
  for (s = SFR_LOOKUP_FOUND; s <= SFR_LOOKUP_REP_SIZE_UNKNOWN; s++)
    CHECK(strcmp(sfr_lookup_status_name((sfr_lookup_status)s), "unknown") != 0,
          "lookup status %d", s);
  CHECK(strcmp(sfr_lookup_status_name((sfr_lookup_status)99), "unknown") == 0, "unknown status");
}

/* 2.2: sfr_section_extent measures a real section as sfr_open bounds it,
 * finds the second of two copies written end to end (as a linker that
 * does not merge writes them), and never reads past a prefix too short
 * for the header (guard page). */
static void real_extent(real_section *rs) {
  sfr_section sec;
  uint64_t ext = 0, ext2 = 0;
  guarded g;
  if (sfr_open(&sec, rs->bytes, rs->len, rs->vma, NULL) != SFR_OK)
    return; /* a real section the corpus keeps malformed on purpose */
  CHECK(sfr_section_extent(rs->bytes, rs->len, &ext) == SFR_OK && ext == sec.fre_end,
        "%s: extent %" PRIu64 ", the FRE sub-section ends at %" PRIu64, rs->name, ext, sec.fre_end);
  uint8_t *two = malloc(2 * rs->len);
  if (!two)
    return;
  memcpy(two, rs->bytes, rs->len);
  memcpy(two + ext, rs->bytes, rs->len);
  CHECK(sfr_section_extent(two + ext, 2 * rs->len - ext, &ext2) == SFR_OK && ext2 == ext,
        "%s: the second copy measures %" PRIu64, rs->name, ext2);
  free(two);
  for (size_t l = 0; l < SFR_HEADER_SIZE && l <= rs->len; l++) {
    const uint8_t *p = guard_place(&g, rs->bytes, l);
    CHECK(p && sfr_section_extent(p, l, &ext2) != SFR_OK, "%s: a %zu-byte prefix measured", rs->name, l);
    guard_free(&g);
  }
}

void test_section_extent(void) {
  static const uint8_t be[SFR_HEADER_SIZE] = {0xde, 0xe2, 9, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0,
                                              0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x20};
  static const uint8_t bad[SFR_HEADER_SIZE] = {0xde, 0xde};
  uint64_t ext = 0;
  /* big-endian, a version no reader knows: header 28 + aux 4 + freoff 0x20 + fre_len 0x10 */
  CHECK(sfr_section_extent(be, sizeof be, &ext) == SFR_OK && ext == 28 + 4 + 0x20 + 0x10,
        "a big-endian header of version 9 measures %" PRIu64, ext);
  CHECK(sfr_section_extent(bad, sizeof bad, &ext) == SFR_E_BAD_MAGIC, "no magic, no extent");
  CHECK(for_each_real(real_extent) > 0, "no real section measured");
}
