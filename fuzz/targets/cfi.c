/* SPDX-License-Identifier: MIT */
/* cfi.c - fuzz target: any bytes as the .eh_frame section of an ELF file
 * given to `sfcfi` (producers/sfcfi): its CFI read by elfutils' libdw
 * (sc_cfi_read), converted to SFrame versions 1, 2 and 3 (sc_convert), and
 * the version 3 conversion held against the same CFI by `sfcfi check`
 * (sc_check).
 *
 * Input: byte 0 chooses the ABI (its value modulo 3: 0 x86-64, 1 AArch64,
 * both little-endian ELF64; 2 s390x, big-endian ELF64); the rest is the
 * .eh_frame section, as given (no byte swapping), at EH_VMA.  The ELF file
 * around it (ET_EXEC, no program headers) also has a .text section
 * (SHT_NOBITS, executable) over [TEXT_VMA, EH_VMA), where the pc-relative
 * FDE locations of an .eh_frame taken from a linked program land (its
 * .text lies below its .eh_frame).
 *
 * Invariants (a broken one aborts):
 *   - every FDE sc_cfi_read returns has start <= end and its rows tile it in
 *     order (each row inside the function, non-empty, after the one before);
 *   - every successful conversion is a section the oracle accepts
 *     (fuzz_validate: sfr_validate_ex with scratch, held to the reference
 *     validation; sfr_report_rejects 0), of the version asked for; a
 *     conversion that fails says why (version 1 on s390x; the encoder's
 *     refusals, e.g. a function out of reach of the 32-bit start field);
 *   - the functions converted and skipped add up to the CFI's functions;
 *   - `sfcfi check` of the ELF file with the version 3 conversion as its
 *     .sframe (at SF_VMA) reads the file (status 0 or 1, never 2) and, when
 *     no two CFI functions overlap (the converter leaves the second of two
 *     overlapping functions out, and check then compares it with the
 *     first's rows), finds no disagreement and no SFrame-only function:
 *     the converter writes exactly what the CFI says.
 * sc_check takes a path: the file is written to a memfd and named by
 * /proc/self/fd/N (Linux; elsewhere that part is left out).
 *
 * libdw grows a row's register array to the largest register number an
 * instruction names, up to 134 million registers (2 GiB), zero-filled, at
 * every row it computes: a fuzzed DW_CFA_offset_extended with a large
 * register would make every input an out-of-memory report.  Under ASan the
 * target caps one allocation at 32 MiB and lets malloc return NULL
 * (__asan_default_options below; ASAN_OPTIONS overrides it): libdw then
 * fails the row (sfcfi says cfi-error), and our own code's out-of-memory
 * paths are fuzzed too.
 *
 * A limit of the target's: conversion and check are skipped when a row
 * whose CFA is an expression spans more
 * than EXPR_SPAN_MAX bytes, since both walk such rows one address at a
 * time (a real PLT's rows are a few dozen bytes; a fuzzed FDE may claim
 * 4 GiB). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <elf.h>

#include "fuzz_check.h"
#include "sframe_enc.h"
#include "sframe_ref.h"
#include "sc_convert.h"
#include "sc_check.h"

#define TEXT_VMA 0x400000u
#define EH_VMA 0x600000u
#define SF_VMA 0x700000u
#define EXPR_SPAN_MAX 0x10000u
#define EH_PAD 16

/* Read by ASan at start-up (gcc's and clang's); ASAN_OPTIONS overrides. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) {
  return "allocator_may_return_null=1:max_allocation_size_mb=32";
}

static FILE *sink;
static int verbose; /* CFI_FUZZ_VERBOSE set: what failed, and check's report */

/* ---- a small ELF64 writer ---- */
typedef struct img {
  uint8_t *b;
  size_t len;
  int big;
} img;

static void put(img *m, size_t at, unsigned width, uint64_t v) {
  for (unsigned i = 0; i < width; i++)
    m->b[at + i] = (uint8_t)(v >> (m->big ? 8 * (width - 1 - i) : 8 * i));
}

static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }

/* The ELF image: header, .eh_frame, EH_PAD zero bytes, .sframe (when sf),
 * .shstrtab, section headers.  NULL when memory runs out.
 *
 * The zero bytes: libdw 0.188 reads an instruction's ULEB128 operand (SLEB128:
 * two bytes) past the end of an FDE whose last instruction lacks it (its
 * get_uleb128 reads the first byte before checking the end), so the row it
 * computes there depends on the bytes after the section.  Both images this
 * target builds have the same bytes there, so that `sfcfi check` reads the
 * CFI `sfcfi convert` read. */
static uint8_t *build_elf(uint16_t machine, int big, const uint8_t *eh, size_t eh_len, const uint8_t *sf,
                          size_t sf_len, size_t *out_len) {
  static const char names[] = "\0.text\0.eh_frame\0.sframe\0.shstrtab";
  enum { N_TEXT = 1, N_EH = 7, N_SF = 17, N_SHSTR = 25 };
  size_t eh_off = 64;
  size_t sf_off = align8(eh_off + eh_len + EH_PAD);
  size_t str_off = sf ? sf_off + sf_len : sf_off;
  size_t sh_off = align8(str_off + sizeof names);
  unsigned nsh = sf ? 5 : 4;
  img m;
  m.len = sh_off + 64 * (size_t)nsh;
  m.big = big;
  m.b = calloc(1, m.len);
  if (!m.b)
    return NULL;
  memcpy(m.b, ELFMAG, SELFMAG);
  m.b[EI_CLASS] = ELFCLASS64;
  m.b[EI_DATA] = big ? ELFDATA2MSB : ELFDATA2LSB;
  m.b[EI_VERSION] = EV_CURRENT;
  put(&m, 16, 2, ET_EXEC);
  put(&m, 18, 2, machine);
  put(&m, 20, 4, EV_CURRENT);
  put(&m, 24, 8, TEXT_VMA);       /* e_entry */
  put(&m, 40, 8, sh_off);         /* e_shoff */
  put(&m, 52, 2, 64);             /* e_ehsize */
  put(&m, 58, 2, 64);             /* e_shentsize */
  put(&m, 60, 2, nsh);            /* e_shnum */
  put(&m, 62, 2, nsh - 1);        /* e_shstrndx */
  if (eh_len)
    memcpy(m.b + eh_off, eh, eh_len);
  if (sf && sf_len)
    memcpy(m.b + sf_off, sf, sf_len);
  memcpy(m.b + str_off, names, sizeof names);
  /* name, type, flags, addr, offset, size, addralign */
  struct { uint32_t name, type; uint64_t flags, addr, off, size, align; } sh[5] = {
      {0, SHT_NULL, 0, 0, 0, 0, 0},
      {N_TEXT, SHT_NOBITS, SHF_ALLOC | SHF_EXECINSTR, TEXT_VMA, eh_off, EH_VMA - TEXT_VMA, 16},
      {N_EH, SHT_PROGBITS, SHF_ALLOC, EH_VMA, eh_off, eh_len, 8},
      {N_SF, SHT_PROGBITS, SHF_ALLOC, SF_VMA, sf_off, sf_len, 8},
      {N_SHSTR, SHT_STRTAB, 0, 0, str_off, sizeof names, 1},
  };
  for (unsigned i = 0, k = 0; i < 5; i++) {
    if (i == 3 && !sf)
      continue;
    size_t at = sh_off + 64 * (size_t)k++;
    put(&m, at + 0, 4, sh[i].name);
    put(&m, at + 4, 4, sh[i].type);
    put(&m, at + 8, 8, sh[i].flags);
    put(&m, at + 16, 8, sh[i].addr);
    put(&m, at + 24, 8, sh[i].off);
    put(&m, at + 32, 8, sh[i].size);
    put(&m, at + 48, 8, sh[i].align);
  }
  *out_len = m.len;
  return m.b;
}

/* ---- the checks ---- */
static void check_rows(const sc_cfi *c) {
  for (size_t i = 0; i < c->nfuncs; i++) {
    const sc_func *f = &c->funcs[i];
    FUZZ_CHECK(f->start <= f->end, "a function does not end before it starts");
    FUZZ_CHECK((size_t)f->first_row + f->nrows <= c->nrows, "a function's rows are in the table");
    uint64_t at = f->start;
    for (uint32_t k = 0; k < f->nrows; k++) {
      const sc_row *r = &c->rows[f->first_row + k];
      FUZZ_CHECK(r->start == at && r->end > r->start && r->end <= f->end,
                 "a function's rows tile it in order");
      FUZZ_CHECK(r->cfa_kind != SC_CFA_EXPR || r->cfa_expr < c->nexprs, "a CFA expression is in the table");
      at = r->end;
    }
    if (i)
      FUZZ_CHECK(c->funcs[i - 1].start <= f->start, "the functions are sorted by start");
  }
}

static int any_overlap(const sc_cfi *c) {
  uint64_t end = 0;
  for (size_t i = 0; i < c->nfuncs; i++) {
    if (i && c->funcs[i].start < end)
      return 1;
    if (c->funcs[i].end > end)
      end = c->funcs[i].end;
  }
  return 0;
}

static int long_expr_row(const sc_cfi *c) {
  for (size_t i = 0; i < c->nrows; i++)
    if (c->rows[i].cfa_kind == SC_CFA_EXPR && c->rows[i].end - c->rows[i].start > EXPR_SPAN_MAX)
      return 1;
  return 0;
}

/* n from `"key": n` in the JSON text, or -1. */
static long json_count(const char *text, const char *key) {
  const char *p = strstr(text, key);
  if (!p)
    return -1;
  p += strlen(key);
  return strtol(p, NULL, 10);
}

#ifdef __linux__
/* `sfcfi check` of the ELF file with the section as its .sframe. */
static void check_section(uint16_t machine, int big, const uint8_t *eh, size_t eh_len, const sfe_section *sec,
                          int overlap) {
  size_t len;
  uint8_t *file = build_elf(machine, big, eh, eh_len, sec->bytes, sec->len, &len);
  if (!file)
    return;
  int fd = memfd_create("sfcfi-fuzz", MFD_CLOEXEC);
  if (fd < 0) {
    free(file);
    return;
  }
  size_t done = 0;
  while (done < len) {
    ssize_t w = write(fd, file + done, len - done);
    if (w <= 0)
      break;
    done += (size_t)w;
  }
  free(file);
  if (done != len) {
    close(fd);
    return;
  }
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  char *text = NULL;
  size_t text_len = 0;
  FILE *out = open_memstream(&text, &text_len);
  if (!out) {
    close(fd);
    return;
  }
  sc_check_opts o;
  memset(&o, 0, sizeof o);
  o.path = path;
  o.json = 1;
  int rc = sc_check(&o, out, sink);
  fclose(out);
  close(fd);
  FUZZ_CHECK(rc == 0 || rc == 1, "sfcfi check reads the file it was given");
  if (rc == 1 && !strstr(text, "\"rows\"")) {
    /* No report: the section was refused, which fuzz_validate has ruled
     * out, or memory ran out. */
    free(text);
    return;
  }
  if (verbose)
    fprintf(stderr, "cfi: check: %.400s\n", text);
  long disagree = json_count(text, "\"disagree\": ");
  long sframe_only = json_count(text, "\"sframe_only\": ");
  FUZZ_CHECK(disagree >= 0 && sframe_only >= 0, "sfcfi check --json says its counts");
  if (!overlap && (disagree || sframe_only))
    fprintf(stderr, "%s", text);
  FUZZ_CHECK(overlap || disagree == 0, "sfcfi check agrees with every row sfcfi convert wrote");
  FUZZ_CHECK(overlap || sframe_only == 0, "sfcfi convert writes no function the CFI does not have");
  free(text);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const struct { uint16_t machine; int big; } abis[3] = {
      {EM_X86_64, 0}, {EM_AARCH64, 0}, {EM_S390, 1}};
  if (size < 1)
    return 0;
  if (!sink) {
    sink = fopen("/dev/null", "w");
    verbose = getenv("CFI_FUZZ_VERBOSE") != NULL;
  }
  if (!sink)
    return 0;
  uint16_t machine = abis[data[0] % 3].machine;
  int big = abis[data[0] % 3].big;
  const uint8_t *eh = data + 1;
  size_t eh_len = size - 1;

  size_t len;
  uint8_t *file = build_elf(machine, big, eh, eh_len, NULL, 0, &len);
  if (!file)
    return 0;
  char err[256];
  sc_elf e;
  int rc = sc_elf_open_mem(&e, file, len, "fuzz.elf", err, sizeof err);
  free(file);
  FUZZ_CHECK(rc == 0, "the wrapping ELF file opens");
  FUZZ_CHECK(e.has_eh_frame && !e.sframe, "the wrapping ELF file has .eh_frame and no .sframe");
  sc_cfi c;
  err[0] = 0;
  if (sc_cfi_read(&e, 0, &c, err, sizeof err) != 0) {
    if (verbose)
      fprintf(stderr, "cfi: sc_cfi_read: %s\n", err);
    FUZZ_CHECK(err[0] != 0, "a CFI read that fails says why");
    sc_elf_close(&e);
    return 0;
  }
  check_rows(&c);
  int skip_expr = long_expr_row(&c);
  int overlap = any_overlap(&c);
  for (uint8_t version = SFR_VERSION_MIN; version <= SFR_VERSION_MAX && !skip_expr; version++) {
    sfe_section sec;
    sc_convert_stats st;
    err[0] = 0;
    if (sc_convert(&e, &c, version, SF_VMA, &sec, &st, err, sizeof err) != 0) {
      if (verbose)
        fprintf(stderr, "cfi: sc_convert v%u: %s\n", version, err);
      FUZZ_CHECK(err[0] != 0, "a conversion that fails says why");
      continue;
    }
    FUZZ_CHECK(st.converted + st.skipped == c.nfuncs, "every function is converted or skipped");
    sfr_section s;
    sfr_finding items[16];
    sfr_report rep;
    memset(&rep, 0, sizeof rep);
    rep.items = items;
    rep.cap = 16;
    fuzz_validate(&s, sec.bytes, sec.len, SF_VMA, &rep);
    if (sfr_report_rejects(&rep))
      for (size_t i = 0; i < rep.count && i < rep.cap; i++)
        fprintf(stderr, "sc_convert v%u: the oracle rejects: %s\n", version, sfr_finding_name(rep.items[i].id));
    FUZZ_CHECK(sfr_report_rejects(&rep) == 0, "every section sfcfi convert writes is valid");
    FUZZ_CHECK(s.version == version, "sfcfi convert writes the version asked for");
#ifdef __linux__
    if (version == SFR_VERSION_MAX) /* sfcfi check judges the newest version */
      check_section(machine, big, eh, eh_len, &sec, overlap);
#endif
    sfe_section_free(&sec);
  }
  (void)overlap;
  sc_cfi_free(&c);
  sc_elf_close(&e);
  return 0;
}
