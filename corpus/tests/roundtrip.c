/* SPDX-License-Identifier: MIT */
/* roundtrip - the encoder against the oracle, for every version x ABI.
 *
 *   roundtrip [N] [--seed BASE]        N random models per combination
 *                                      (default 10000), and N/10 mutants
 *   roundtrip --one SEED VERSION ABI   one model, both JSONs printed
 *   --real DIR (repeatable; e.g. corpus/real/sections): also decode every
 *   real section of DIR (NAME.sframe with its address in NAME.vma; for a
 *   DIR holding gas/ and more/, such as ../shared/vectors, those two) with
 *   the oracle into a model, encode it, and compare with the section's own
 *   bytes (gas's choices are the encoder's)
 *
 * For each random model (sfe_random_model): encode it; the oracle must find
 * nothing at all in it (sfr_validate), its canonical JSON (dump_json) must
 * equal sfe_expected_json byte for byte, and lookups in both modes at every
 * row start, the byte after it, both ends of every function and the PCs
 * around them must equal sfe_expected_lookup (as text for one model in 8;
 * for the others by value, sfe_expected_find: the dump already compares
 * the rules of every row).  Besides, by value, every decoded FDE and FRE
 * against the model and where the encoder wrote it, and at every row start
 * the lookup finds that row: the checks the roundtrip fuzz target makes,
 * shared with it (fuzz/targets/rt_check.h).  For each mutant (sfe_gen_case
 * with mutant set): the oracle must report the fault's finding and no other
 * malformed or invalid one; a questionable mutant's dump and lookups must
 * match too.  TAP output; on failure the seed of the first failing model,
 * and exit status 1. */
#include <dirent.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "rt_check.h"
#include "sfc_tools.h"
#include "sframe_enc.h"
#include "sfr_fast.h"
#include "sfr_lookup.h"

#define MAX_FINDINGS 64

static const struct combo {
  uint8_t version, abi;
} combos[] = {
    {1, SFR_ABI_AMD64_LE}, {1, SFR_ABI_AARCH64_LE}, {1, SFR_ABI_AARCH64_BE},
    {2, SFR_ABI_AMD64_LE}, {2, SFR_ABI_AARCH64_LE}, {2, SFR_ABI_AARCH64_BE}, {2, SFR_ABI_S390X_BE},
    {3, SFR_ABI_AMD64_LE}, {3, SFR_ABI_AARCH64_LE}, {3, SFR_ABI_AARCH64_BE}, {3, SFR_ABI_S390X_BE},
};
#define NCOMBOS (sizeof combos / sizeof combos[0])

static int big_endian_abi(uint8_t abi) {
  return abi == SFR_ABI_AARCH64_BE || abi == SFR_ABI_S390X_BE;
}

/* A growing text buffer (open_memstream). */
typedef struct text {
  char *p;
  size_t n;
  FILE *f;
} text;

static FILE *text_open(text *t) {
  t->p = NULL;
  t->n = 0;
  t->f = open_memstream(&t->p, &t->n);
  if (!t->f) {
    perror("open_memstream");
    exit(2);
  }
  return t->f;
}

static void text_close(text *t) {
  fclose(t->f);
  t->f = NULL;
}

static void text_free(text *t) {
  free(t->p);
  t->p = NULL;
}

static char why[2048];

/* Say where two texts first differ. */
static void differ(const char *what, const char *want, const char *got) {
  size_t i = 0, from;
  while (want[i] && want[i] == got[i])
    i++;
  from = i > 60 ? i - 60 : 0;
  snprintf(why, sizeof why,
           "%s differs at byte %zu\n#   expected: ...%.160s\n#   oracle:   ...%.160s", what, i,
           want + from, got + from);
}

/* The lookup the shared checks (rt_check.h) make: both of the library's
 * paths, compared. */
static sfr_lookup_status checked_lookup(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                        sfr_lookup_result *res, const char **paths) {
  return sfr_lookup_checked(sec, pc, mode, res, paths);
}

/* Lookups at PCs that test every row and boundary of the model: as text
 * (sfe_expected_lookup against the oracle's JSON), or by value. */
static int check_lookups(const sfe_model *m, const sfr_section *sec, const uint64_t *given,
                         size_t ngiven, int as_text) {
  uint64_t *pcs = NULL;
  size_t n = 0, cap = 0, i;
  text want, got;
  int ok, mode;
  const char *paths;

  if (given) {
    pcs = malloc((ngiven ? ngiven : 1) * sizeof *pcs);
    if (pcs && ngiven)
      memcpy(pcs, given, ngiven * sizeof *pcs);
    n = ngiven;
  } else {
    rtc_model_pcs(m, &pcs, &n, &cap);
  }
  if (!pcs) {
    perror("malloc");
    exit(2);
  }
  if (!as_text) {
    const char *w = NULL;
    for (i = 0; !w && i < n; i++)
      w = rtc_predicted(m, sec, checked_lookup, pcs[i]);
    if (w)
      snprintf(why, sizeof why, "%s", w);
    free(pcs);
    return w == NULL;
  }
  text_open(&want);
  text_open(&got);
  for (i = 0; i < n; i++) {
    sfe_expected_lookup(m, pcs[i], SFR_PC_IP, want.f);
    sfe_expected_lookup(m, pcs[i], SFR_PC_RA, want.f);
    fputc('\n', want.f);
    /* Every lookup by both paths: a disagreement is written into the
     * text, so that the comparison fails on it. */
    for (mode = SFR_PC_IP; mode <= SFR_PC_RA; mode++) {
      sfr_lookup_result res;
      sfr_lookup_status ls = sfr_lookup_checked(sec, pcs[i], (sfr_pc_mode)mode, &res, &paths);
      lookup_json(got.f, sec, pcs[i], (sfr_pc_mode)mode, ls, &res);
      if (paths)
        fprintf(got.f, "<the fast and the reference path differ in the %s>", paths);
    }
    fputc('\n', got.f);
  }
  text_close(&want);
  text_close(&got);
  ok = strcmp(want.p, got.p) == 0;
  if (!ok)
    differ("lookup", want.p, got.p);
  text_free(&want);
  text_free(&got);
  free(pcs);
  return ok;
}

static int check_dump(const sfe_model *m, const sfr_section *sec) {
  text want, got;
  sfr_status st;
  int ok;
  sfe_expected_json(m, text_open(&want));
  st = dump_json(text_open(&got), sec);
  text_close(&want);
  text_close(&got);
  ok = st == SFR_OK && strcmp(want.p, got.p) == 0;
  if (st != SFR_OK)
    snprintf(why, sizeof why, "dump_json stopped: %s", sfr_finding_name(st));
  else if (!ok)
    differ("dump JSON", want.p, got.p);
  text_free(&want);
  text_free(&got);
  return ok;
}

/* Model statistics, to show the generator's shapes are all exercised. */
static struct stats {
  unsigned long funcs, rows, mask, flex, outermost, addr2, addr4, words2, words4, signal, keyb,
      mangled, padding, regs, nofres, fres_first;
} st;

static void count(const sfe_model *m, const sfe_section *s) {
  uint32_t i, j;
  st.fres_first += m->fres_first;
  for (i = 0; i < m->nfuncs; i++) {
    const sfe_func *f = &m->funcs[i];
    uint8_t t = sfe_func_fre_type(f);
    st.funcs++;
    st.rows += f->nrows;
    st.mask += f->pc_type == SFR_PCTYPE_MASK;
    st.flex += f->fde_type == SFR_FDE_TYPE_FLEX;
    st.addr2 += t == SFR_FRE_TYPE_ADDR2;
    st.addr4 += t == SFR_FRE_TYPE_ADDR4;
    st.signal += f->signal;
    st.keyb += f->pauth_key;
    st.nofres += f->nrows == 0;
    for (j = 0; j < f->nrows; j++) {
      const sfr_rules *r = &f->rows[j].rules;
      unsigned asz = t == 0 ? 1 : t == 1 ? 2 : 4;
      uint8_t info = s->bytes[s->fre_at[i][j] + asz];
      st.words2 += ((info >> 5) & 3) == 1 && ((info >> 1) & 15);
      st.words4 += ((info >> 5) & 3) == 2 && ((info >> 1) & 15);
      st.outermost += r->outermost;
      st.mangled += r->ra_mangled;
      st.padding += r->ra.not_saved || r->fp.not_saved;
      st.regs += r->ra.kind == SFR_RULE_REG || r->fp.kind == SFR_RULE_REG ||
                 r->ra.kind == SFR_RULE_AT_REG || r->fp.kind == SFR_RULE_AT_REG;
    }
  }
}

/* As every tool validates: with scratch (sfr_validate_ex), exact at any
 * size; held to the full pass it shortens (sfr_validate_checked), so that
 * every model and mutant checks the certificate and the raw FRE walk. */
static void validate(sfr_section *sec, const uint8_t *buf, size_t len, uint64_t vma,
                     sfr_report *rep) {
  size_t n = sfr_validate_scratch_size(len);
  void *scratch = malloc(n);
  const char *why = sfr_validate_checked(sec, buf, len, vma, scratch, scratch ? n : 0, rep);
  free(scratch);
  if (why) {
    fprintf(stderr, "roundtrip: internal error: %s\n", why);
    exit(3);
  }
}

/* One random model; 1 when it round-trips, else 0 with why[] set.
 * Lookups are compared as text when as_text, else by value. */

static int one_model(uint64_t seed, uint8_t version, uint8_t abi, int verbose, int as_text) {
  sfe_rng r;
  sfe_model m;
  sfe_section s;
  sfr_section sec;
  sfr_finding items[MAX_FINDINGS];
  sfr_report rep;
  char err[256];
  const char *w;
  int ok = 0;

  sfe_rng_seed(&r, seed);
  if (sfe_random_model(&r, version, abi, (uint8_t)big_endian_abi(abi), &m) != 0) {
    snprintf(why, sizeof why, "sfe_random_model failed");
    return 0;
  }
  if (sfe_encode(&m, &s, err, sizeof err) != SFE_OK) {
    snprintf(why, sizeof why, "sfe_encode: %s", err);
    sfe_model_free(&m);
    return 0;
  }
  if (verbose) {
    printf("expected: ");
    sfe_expected_json(&m, stdout);
  }
  count(&m, &s);
  rep.items = items;
  rep.cap = MAX_FINDINGS;
  validate(&sec, s.bytes, s.len, m.vma, &rep);
  if (verbose && !rep.count) {
    printf("oracle:   ");
    dump_json(stdout, &sec);
  }
  if (rep.count) {
    char f[512];
    rtc_findings(&rep, f, sizeof f);
    snprintf(why, sizeof why, "the oracle finds: %s", f);
  } else if ((w = rtc_decoded(&m, &s, &sec)) || (w = rtc_row_lookups(&m, &sec, checked_lookup))) {
    snprintf(why, sizeof why, "%s", w);
  } else if (check_dump(&m, &sec) && check_lookups(&m, &sec, NULL, 0, as_text)) {
    ok = 1;
  }
  sfe_section_free(&s);
  sfe_model_free(&m);
  return ok;
}

/* One mutant; 1 when the oracle reports exactly its finding. */
static unsigned long kinds_seen[64];

static int one_mutant(uint64_t seed, uint8_t version, uint8_t abi, uint32_t index) {
  sfe_case c;
  sfr_section sec;
  sfr_finding items[MAX_FINDINGS];
  sfr_report rep;
  char err[256], f[512];
  size_t i;
  int found = 0, other = 0, ok;
  unsigned k;

  if (sfe_gen_case(seed, version, abi, (uint8_t)big_endian_abi(abi), index, 1, &c, err,
                   sizeof err) != 0) {
    snprintf(why, sizeof why, "sfe_gen_case: %s", err);
    return 0;
  }
  for (k = 0; k < sfe_fault_count() && k < 64; k++)
    if (strcmp(sfe_fault_name(k), c.kind) == 0)
      kinds_seen[k]++;
  rep.items = items;
  rep.cap = MAX_FINDINGS;
  validate(&sec, c.sec.bytes, c.sec.len, c.model.vma, &rep);
  for (i = 0; i < rep.count && i < rep.cap; i++) {
    if (strcmp(sfr_finding_name(items[i].id), c.finding) == 0)
      found = 1;
    else if (sfr_finding_class(items[i].id) != SFR_CLASS_QUESTIONABLE)
      other = 1;
  }
  ok = found && !other;
  if (!ok) {
    rtc_findings(&rep, f, sizeof f);
    snprintf(why, sizeof why, "mutant %s (%s): expected %s, the oracle finds: %s", c.id, c.title,
             c.finding, f);
  } else if (c.dump) {
    ok = check_dump(&c.model, &sec) && check_lookups(&c.model, &sec, c.pcs, c.npcs, 1);
    if (!ok) {
      char w[sizeof why];
      memcpy(w, why, sizeof w);
      snprintf(why, sizeof why, "mutant %.90s: %.1900s", c.id, w);
    }
  }
  sfe_case_free(&c);
  return ok;
}

/* ---- real sections: decode with the oracle into a model, encode, and the
 * bytes must be gas's own (the encoder's narrowest choices are gas's). ---- */

static int read_file(const char *path, uint8_t **buf, size_t *len) {
  FILE *f = fopen(path, "rb");
  size_t cap = 4096, n = 0;
  uint8_t *p = malloc(cap);
  if (!f || !p) {
    if (f)
      fclose(f);
    free(p);
    return -1;
  }
  for (;;) {
    size_t got = fread(p + n, 1, cap - n, f);
    n += got;
    if (n < cap)
      break;
    cap *= 2;
    p = realloc(p, cap);
    if (!p) {
      fclose(f);
      return -1;
    }
  }
  fclose(f);
  *buf = p;
  *len = n;
  return 0;
}

/* 1 when re-encoding reproduces the bytes, 0 (why set) when not, -1 when
 * the oracle rejects the section (nothing to compare). */
static int reencode(const uint8_t *buf, size_t len, uint64_t vma) {
  sfr_section sec;
  sfr_finding items[MAX_FINDINGS];
  sfr_report rep;
  sfe_model m;
  sfe_section s;
  char err[256];
  uint32_t i;
  int ok;

  rep.items = items;
  rep.cap = MAX_FINDINGS;
  validate(&sec, buf, len, vma, &rep);
  if (sfr_report_rejects(&rep))
    return -1;
  memset(&m, 0, sizeof m);
  m.version = sec.version;
  m.abi = sec.abi;
  m.big_endian = sec.big_endian;
  m.flags = sec.flags;
  m.fixed_fp_offset = sec.fixed_fp_offset;
  m.fixed_ra_offset = sec.fixed_ra_offset;
  m.auxhdr_len = sec.auxhdr_len;
  m.vma = vma;
  if (sec.fde_start <= sec.fre_start) {
    m.gap_after_header = (uint32_t)(sec.fde_start - sec.hdr_end);
    m.gap_between = (uint32_t)(sec.fre_start - (sec.fde_start + sec.num_fdes * sec.fde_size));
    m.trailing = (uint32_t)(len - sec.fre_end);
  } else {
    m.fres_first = 1;
    m.gap_after_header = (uint32_t)(sec.fre_start - sec.hdr_end);
    m.gap_between = (uint32_t)(sec.fde_start - sec.fre_end);
    m.trailing = (uint32_t)(len - (sec.fde_start + sec.num_fdes * sec.fde_size));
  }
  m.nfuncs = sec.num_fdes;
  m.funcs = calloc(m.nfuncs ? m.nfuncs : 1, sizeof *m.funcs);
  for (i = 0; m.funcs && i < m.nfuncs; i++) {
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    sfe_func *f = &m.funcs[i];
    sfr_get_fde(&sec, i, &fde);
    f->start = fde.start;
    f->size = fde.size;
    f->pc_type = fde.pc_type;
    f->rep_size = fde.rep_size;
    f->fde_type = fde.fde_type;
    f->pauth_key = fde.pauth_key;
    f->signal = fde.signal;
    f->fre_type = SFE_AUTO;
    f->word_size = SFE_AUTO;
    f->rows = calloc(fde.num_fres ? fde.num_fres : 1, sizeof *f->rows);
    sfr_fre_iter_init(&sec, &fde, &it);
    while (f->rows && sfr_fre_next(&sec, &it, &fre, &done) == SFR_OK && !done) {
      f->rows[f->nrows].start = fre.start;
      sfr_interpret(&sec, &fde, &fre, &f->rows[f->nrows].rules);
      f->nrows++;
    }
  }
  /* the functions' FRE data in the order of their offsets */
  m.data_order = calloc(m.nfuncs ? m.nfuncs : 1, sizeof *m.data_order);
  for (i = 0; m.data_order && i < m.nfuncs; i++) {
    uint32_t j, pos = 0;
    sfr_fde a, b;
    sfr_get_fde(&sec, i, &a);
    for (j = 0; j < m.nfuncs; j++) {
      sfr_get_fde(&sec, j, &b);
      pos += b.fre_off < a.fre_off || (b.fre_off == a.fre_off && j < i);
    }
    m.data_order[pos] = i;
  }
  if (sfe_encode(&m, &s, err, sizeof err) != SFE_OK) {
    snprintf(why, sizeof why, "sfe_encode: %s", err);
    ok = 0;
  } else {
    size_t k = 0;
    while (k < len && k < s.len && buf[k] == s.bytes[k])
      k++;
    ok = s.len == len && k == len;
    if (!ok)
      snprintf(why, sizeof why,
               "first difference at byte 0x%zx (gas 0x%02x, encoder 0x%02x; %zu vs %zu bytes)", k,
               k < len ? buf[k] : 0, k < s.len ? s.bytes[k] : 0, len, s.len);
    sfe_section_free(&s);
  }
  sfe_model_free(&m);
  return ok;
}

/* Re-encodes every section of one flat directory; counts into the totals. */
static void real_dir(const char *dir, unsigned *n, unsigned *same, unsigned *skipped,
                     unsigned *bad) {
  char path[4096];
  DIR *dd = opendir(dir);
  struct dirent *de;
  while (dd && (de = readdir(dd)) != NULL) {
    const char *name = de->d_name;
    size_t l = strlen(name);
    uint8_t *buf = NULL, *vbuf = NULL;
    size_t len, vlen;
    uint64_t vma;
    int rc;
    if (l < 7 || strcmp(name + l - 7, ".sframe") != 0)
      continue;
    snprintf(path, sizeof path, "%s/%.*s.vma", dir, (int)(l - 7), name);
    if (read_file(path, &vbuf, &vlen) != 0)
      continue;
    vbuf = realloc(vbuf, vlen + 1);
    if (!vbuf)
      continue;
    vbuf[vlen] = 0;
    vma = strtoull((char *)vbuf, NULL, 16);
    free(vbuf);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (read_file(path, &buf, &len) != 0)
      continue;
    (*n)++;
    rc = reencode(buf, len, vma);
    if (rc < 0)
      (*skipped)++;
    else if (rc)
      (*same)++;
    else {
      (*bad)++;
      printf("# %s: %s\n", path, why);
    }
    free(buf);
  }
  if (dd)
    closedir(dd);
}

static int is_dir(const char *path) {
  DIR *d = opendir(path);
  if (d)
    closedir(d);
  return d != NULL;
}

/* Every real section of the --real directories, each flat or holding gas/
 * and more/; fails when one does not re-encode, or a directory has none. */
static int run_real(const char **dirs, unsigned ndirs, unsigned *test) {
  unsigned d, n = 0, same = 0, skipped = 0, bad = 0, empty = 0;
  char path[4096];
  for (d = 0; d < ndirs; d++) {
    unsigned before = n;
    char gas[4096], more[4096];
    snprintf(gas, sizeof gas, "%s/gas", dirs[d]);
    snprintf(more, sizeof more, "%s/more", dirs[d]);
    if (is_dir(gas) || is_dir(more)) {
      real_dir(gas, &n, &same, &skipped, &bad);
      real_dir(more, &n, &same, &skipped, &bad);
    } else {
      snprintf(path, sizeof path, "%s", dirs[d]);
      real_dir(path, &n, &same, &skipped, &bad);
    }
    if (n == before) {
      printf("# %s: no real sections\n", dirs[d]);
      empty++;
    }
  }
  printf("%s %u - real sections: %u of %u re-encode to gas's bytes (%u rejected by the oracle)\n",
         bad || empty || !n ? "not ok" : "ok", ++*test, same, n, skipped);
  return bad || empty || !n;
}

static int usage(void) {
  fprintf(stderr, "usage: roundtrip [N] [--seed BASE] [--real DIR]...\n"
                  "       roundtrip --one SEED VERSION ABI\n");
  return 2;
}

int main(int argc, char **argv) {
  static const struct option opts[] = {{"one", required_argument, NULL, 'o'},
                                       {"seed", required_argument, NULL, 's'},
                                       {"real", required_argument, NULL, 'r'},
                                       {NULL, 0, NULL, 0}};
  unsigned long n = 10000, k;
  uint64_t base = 1, one_seed = 0, v;
  unsigned c, test = 0, failed = 0;
  const char *real[16];
  unsigned nreal = 0;
  int opt, one = 0;

  opterr = 0;
  while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (opt == 'o' && sfc_parse_u64(optarg, &one_seed))
      one = 1;
    else if (opt == 's' && sfc_parse_u64(optarg, &base))
      continue;
    else if (opt == 'r' && nreal < sizeof real / sizeof real[0])
      real[nreal++] = optarg;
    else
      return usage();
  }
  if (one) { /* --one SEED VERSION ABI: one model, its failure said */
    int ok;
    if (argc - optind != 2)
      return usage();
    ok = one_model(one_seed, (uint8_t)atoi(argv[optind]), (uint8_t)atoi(argv[optind + 1]), 1, 1);
    printf("%s%s\n", ok ? "ok" : "FAIL: ", ok ? "" : why);
    return ok ? 0 : 1;
  }
  if (argc - optind > 1 || (optind < argc && !sfc_parse_u64(argv[optind], &v)))
    return usage();
  if (optind < argc)
    n = (unsigned long)v;

  printf("1..%u\n", (unsigned)(2 * NCOMBOS + 1 + (nreal > 0)));
  if (nreal)
    failed += (unsigned)run_real(real, nreal, &test);
  for (c = 0; c < NCOMBOS; c++) {
    const struct combo *cb = &combos[c];
    int ok = 1;
    for (k = 0; k < n && ok; k++) {
      uint64_t seed = base * 0x100000000ull + ((uint64_t)c << 24) + k;
      /* lookups as text for one model in 8, by value for the others */
      if (!one_model(seed, cb->version, cb->abi, 0, k % 8 == 0)) {
        printf("# first failure: roundtrip --one 0x%" PRIx64 " %u %u\n# %s\n", seed, cb->version,
               cb->abi, why);
        ok = 0;
      }
    }
    printf("%s %u - v%u %s: %lu models round-trip\n", ok ? "ok" : "not ok", ++test, cb->version,
           sfe_abi_name(cb->abi), n);
    failed += !ok;
  }
  for (c = 0; c < NCOMBOS; c++) {
    const struct combo *cb = &combos[c];
    unsigned long nm = n / 10 ? n / 10 : 1;
    int ok = 1;
    for (k = 0; k < nm && ok; k++) {
      if (!one_mutant(base, cb->version, cb->abi, (uint32_t)k)) {
        printf("# first failure: sfcorpus gen --seed %" PRIu64 " --version %u --abi %s --mutants"
               " (index %lu)\n# %s\n",
               base, cb->version, sfe_abi_name(cb->abi), k, why);
        ok = 0;
      }
    }
    printf("%s %u - v%u %s: %lu mutants give exactly their finding\n", ok ? "ok" : "not ok",
           ++test, cb->version, sfe_abi_name(cb->abi), nm);
    failed += !ok;
  }
  {
    unsigned missing = 0;
    for (k = 0; k < sfe_fault_count(); k++)
      if (!kinds_seen[k]) {
        printf("# fault kind never drawn: %s\n", sfe_fault_name((unsigned)k));
        missing++;
      }
    /* with few mutants some kinds may not come up; only a real run counts */
    printf("%s %u - every fault kind was drawn%s\n", (missing && n >= 1000) ? "not ok" : "ok",
           ++test, (missing && n < 1000) ? " # SKIP too few mutants" : "");
    failed += missing && n >= 1000;
  }
  printf("# models: %lu functions, %lu rows; %lu PCMASK, %lu flexible, %lu without FREs, %lu "
         "signal, %lu key B; rows: %lu outermost, %lu mangled RA, %lu padding, %lu register "
         "rules; %lu ADDR2 / %lu ADDR4 functions, %lu rows with 2-byte / %lu with 4-byte words, "
         "%lu sections with FREs first\n",
         st.funcs, st.rows, st.mask, st.flex, st.nofres, st.signal, st.keyb, st.outermost,
         st.mangled, st.padding, st.regs, st.addr2, st.addr4, st.words2, st.words4,
         st.fres_first);
  return failed ? 1 : 0;
}
