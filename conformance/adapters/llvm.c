/* SPDX-License-Identifier: MIT */
/* llvm.c - the llvm-readobj-22 conformance adapter: `llvm-readobj --sframe`
 * on the wrapped section (text_driver.c does the wrapping and running), its
 * structured text parsed back into the canonical JSON (decoder/JSON.md).
 *
 * LLVM 22 reads version 2 only (1 and 3: "invalid/unsupported version
 * number").  Its exit status is 0 whatever the section holds; its verdict
 * is the `warning:` lines on stderr, each of which here is a reject.
 * What its text shows and what it does not: llvm-notes.md. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sfa_text.h"
#include "sfa_regs.h"
#include "sfc_peers.h"

/* Fields llvm-readobj never prints (the section's byte order: it reads the
 * section in the ELF file's, which the wrapper chose from the magic). */
static const char *const llvm_unknown[] = {"endian", NULL};

static int llvm_capabilities(const sfa_config *cfg) {
  /* what the release reads: its row of the peers table (common/sfc_peers.h) */
  const sfc_peer *p = sfc_peer_find("llvm-readobj", SFC_REL(cfg->major, cfg->minor));
  if (sfa_check_tool(cfg))
    return 1;
  /* s390x: LLVM 22 has no name for ABI 4 ("ABI: 0x4") and applies none of
   * its rules (CFA offsets unscaled, RA "not saved" unknown). */
  printf("{\"name\":\"%s\",\"version\":\"%s\",\"commands\":[\"decode\",\"serve\",\"batch\"],\"versions\":[",
         cfg->name, cfg->version);
  sfc_peer_print_versions(stdout, p ? p->full : 0u);
  printf("],\"abis\":[");
  sfc_peer_print_abis(stdout, p ? p->abis : 0u, 1);
  printf("],\"endian\":[\"little\",\"big\"],\"unknown_fields\":");
  sfa_print_keys(llvm_unknown);
  printf("}\n");
  return 0;
}

static uint32_t llvm_sh_type(const sfa_config *cfg) {
  (void)cfg;
  return SHT_GNU_SFRAME;
}

/* ------------------------------------------------------------------ */
/* the text: ScopedPrinter lines "Key: value", "Name {", "Name [", "}", "]" */

typedef struct {
  sfa_lexer lx;
  const char *s; /* the current line, indentation skipped */
} rd;

static int next(rd *r) {
  char *l = sfa_next_line(&r->lx);
  if (!l)
    return -1;
  r->s = sfa_skip_sp(l);
  return 0;
}

/* "KEY: " at the start of the line: *v is what follows. */
static int key(const rd *r, const char *k, const char **v) {
  size_t n = strlen(k);
  if (strncmp(r->s, k, n) || r->s[n] != ':' || r->s[n + 1] != ' ')
    return 0;
  *v = r->s + n + 2;
  return 1;
}

static int num_dec(const char *v, int64_t *out) {
  return sfa_parse_dec(&v, out) == 0 && sfa_blank(v) ? 0 : -1;
}

static int num_hex(const char *v, uint64_t *out) {
  if (sfa_expect(&v, "0x") || sfa_parse_hex(&v, out) || !sfa_blank(v))
    return -1;
  return 0;
}

/* "Name (0xN)" or "0xN": the number in parentheses, or the bare one. */
static int enum_val(const char *v, uint64_t *out) {
  const char *p = strrchr(v, '(');
  if (p) {
    p++;
    if (sfa_expect(&p, "0x") || sfa_parse_hex(&p, out) || *p != ')' || !sfa_blank(p + 1))
      return -1;
    return 0;
  }
  return num_hex(v, out);
}

#define LFAIL(...) SFA_FAIL(&r->lx, __VA_ARGS__)

/* The next line of a block: 1 with it in r->s, 0 at the line close that
 * ends the block, -1 (r's error set) when the text ends first. */
static int block_line(rd *r, const char *what, const char *close) {
  if (next(r))
    LFAIL("%s does not end", what);
  return strcmp(r->s, close) ? 1 : 0;
}

typedef struct {
  int ra_fixed_used, fp_fixed_used; /* no "(unused)" on the header line */
  int abi;                          /* the ABI byte LLVM printed */
} hdr_info;

/* A header line "CFA fixed FP|RA offset[ (unused)]: N" (v: N): the offset,
 * and whether LLVM applies it (no "(unused)"). */
static int fixed_offset(rd *r, const char *v, const char *which, int *used, int64_t *off,
                        int *known) {
  int64_t n;
  *used = !strstr(r->s, "(unused)");
  if (num_dec(v, &n))
    LFAIL("line %d: bad fixed %s offset", r->lx.lineno, which);
  *off = n;
  *known = 1;
  return 0;
}

static int parse_header(rd *r, sfa_dump *d, hdr_info *h) {
  int more;
  const char *v;
  int64_t n;
  uint64_t x;
  int seen_ver = 0, seen_flags = 0, seen_abi = 0;
  h->abi = -1;
  while ((more = block_line(r, "the header", "}")) > 0) {
    if (key(r, "Magic", &v))
      continue;
    if (key(r, "Version", &v)) {
      if (enum_val(v, &x) || x > 255)
        LFAIL("line %d: bad Version", r->lx.lineno);
      d->version = (int)x;
      seen_ver = 1;
    } else if (sfa_starts_with(r->s, "Flags [")) {
      const char *p = r->s + strlen("Flags [");
      if (enum_val(p, &x) || x > 255)
        LFAIL("line %d: bad Flags", r->lx.lineno);
      d->flags_raw = (int)x;
      d->flags_known = 1;
      for (;;) { /* one named flag per line */
        if (next(r))
          LFAIL("the flags do not end");
        if (!strcmp(r->s, "]"))
          break;
        if (sfa_starts_with(r->s, "FDESorted ("))
          d->flags |= 1u;
        else if (sfa_starts_with(r->s, "FramePointer ("))
          d->flags |= 2u;
        else if (sfa_starts_with(r->s, "FDEFuncStartPCRel ("))
          d->flags |= 4u;
        else
          LFAIL("line %d: unknown flag '%.60s'", r->lx.lineno, r->s);
      }
      seen_flags = 1;
    } else if (key(r, "ABI", &v)) {
      if (enum_val(v, &x) || x > 255)
        LFAIL("line %d: bad ABI", r->lx.lineno);
      h->abi = (int)x;
      d->abi = x == 1 ? "aarch64-be" : x == 2 ? "aarch64-le" : x == 3 ? "amd64" : NULL;
      seen_abi = 1;
    } else if (key(r, "CFA fixed FP offset", &v) || key(r, "CFA fixed FP offset (unused)", &v)) {
      if (fixed_offset(r, v, "FP", &h->fp_fixed_used, &d->fixed_fp, &d->fixed_fp_known))
        return -1;
    } else if (key(r, "CFA fixed RA offset", &v) || key(r, "CFA fixed RA offset (unused)", &v)) {
      if (fixed_offset(r, v, "RA", &h->ra_fixed_used, &d->fixed_ra, &d->fixed_ra_known))
        return -1;
    } else if (key(r, "Auxiliary header length", &v)) {
      if (num_dec(v, &n) || n < 0 || n > 255)
        LFAIL("line %d: bad auxiliary header length", r->lx.lineno);
      d->auxhdr_len = (int)n;
    } else if (key(r, "Num FDEs", &v)) {
      if (num_dec(v, &n) || n < 0 || n > (int64_t)UINT32_MAX)
        LFAIL("line %d: bad Num FDEs", r->lx.lineno);
      d->num_fdes = (uint32_t)n;
    } else if (key(r, "Num FREs", &v)) {
      if (num_dec(v, &n) || n < 0 || n > (int64_t)UINT32_MAX)
        LFAIL("line %d: bad Num FREs", r->lx.lineno);
      d->num_fres = (uint32_t)n;
    } else if (key(r, "FRE subsection length", &v) || key(r, "FDE subsection offset", &v) ||
               key(r, "FRE subsection offset", &v) || key(r, "Auxiliary header", &v)) {
      continue; /* no field of the canonical form */
    } else
      LFAIL("line %d: unexpected header line '%.60s'", r->lx.lineno, r->s);
  }
  if (more < 0)
    return -1;
  if (!seen_ver || !seen_flags || !seen_abi || !d->fixed_fp_known || !d->fixed_ra_known ||
      d->auxhdr_len < 0)
    LFAIL("the header misses a field");
  return 0;
}

/* The DWARF number of the SP / FP base on the ABI LLVM printed (one of the
 * three LLVM 22 knows: sfa_regs.h). */
static int base_reg(int abi, int sp, uint32_t *reg) {
  unsigned s, f;
  if (abi < 0 || abi == (int)SFA_ABI_S390X_BE || !sfa_sp_fp_regs((unsigned)abi, &s, &f))
    return -1;
  *reg = sp ? s : f;
  return 0;
}

/* The data words a row shows, by the keys LLVM prints them with. */
enum { W_CFA, W_RA, W_FP, W_COUNT };
static const char *const word_keys[W_COUNT] = {"CFA Offset", "RA Offset", "FP Offset"};

/* Which data word the row line is (*v: its value), or -1. */
static int word_key(const rd *r, const char **v) {
  int k;
  for (k = 0; k < W_COUNT; k++)
    if (key(r, word_keys[k], v))
      return k;
  return -1;
}

/* RA or FP: at CFA + the row's word, or at the header's fixed offset when
 * LLVM applies it; unchanged when the row has no such word. */
static void saved_rule(sfa_rule *rule, int shown, int fixed_used, int64_t offset) {
  rule->reg_known = rule->off_known = 1;
  if (shown) {
    rule->rule = fixed_used ? "fixed" : "at-cfa";
    rule->offset = offset;
  } else
    rule->rule = "unchanged";
}

static int parse_fre(rd *r, const hdr_info *h, sfa_fde *fde) {
  int more;
  const char *v;
  uint64_t x;
  int have_start = 0, have_base = 0, sp = 0, k;
  int shown[W_COUNT] = {0, 0, 0};
  int64_t word[W_COUNT] = {0, 0, 0};
  sfa_fre *f = sfa_add_fre(fde);
  f->mangled = -1;
  while ((more = block_line(r, "a row", "}")) > 0) {
    if (key(r, "Start Address", &v)) {
      if (num_hex(v, &x))
        LFAIL("line %d: bad Start Address", r->lx.lineno);
      f->start = fde->mask ? x : x - fde->pc;
      have_start = 1;
    } else if (key(r, "Return Address Signed", &v)) {
      if (!strcmp(v, "Yes"))
        f->mangled = 1;
      else if (!strcmp(v, "No"))
        f->mangled = 0;
      else
        LFAIL("line %d: bad Return Address Signed", r->lx.lineno);
    } else if (key(r, "Offset Size", &v)) {
      continue;
    } else if (key(r, "Base Register", &v)) {
      if (enum_val(v, &x) || x > 1)
        LFAIL("line %d: bad Base Register", r->lx.lineno);
      sp = x == 1;
      have_base = 1;
    } else if ((k = word_key(r, &v)) >= 0) {
      if (num_dec(v, &word[k]))
        LFAIL("line %d: bad %s", r->lx.lineno, word_keys[k]);
      shown[k] = 1;
    } else if (key(r, "Extra Offsets", &v)) {
      continue; /* data words LLVM gives no meaning */
    } else
      LFAIL("line %d: unexpected row line '%.60s'", r->lx.lineno, r->s);
  }
  if (more < 0)
    return -1;
  if (!have_start || !have_base || f->mangled < 0)
    LFAIL("line %d: a row misses a field", r->lx.lineno);
  f->base = sp ? "sp" : "fp";
  f->cfa_reg_known = base_reg(h->abi, sp, &f->cfa_reg) == 0;
  f->cfa_off_known = 1;
  f->cfa_offset = word[W_CFA];
  f->cfa_deref = 0;
  saved_rule(&f->ra, shown[W_RA], h->ra_fixed_used, word[W_RA]);
  saved_rule(&f->fp, shown[W_FP], h->fp_fixed_used, word[W_FP]);
  /* No CFA offset (a row without data words): LLVM shows no CFA rule, and
   * the RA and FP rules it shows are kept as they are. */
  if (!shown[W_CFA])
    f->base = NULL; /* printed as "cfa": null */
  return 0;
}

static int parse_fde(rd *r, const hdr_info *h, sfa_fde *fde) {
  int more;
  const char *v;
  int64_t n;
  uint64_t x;
  int have_pc = 0, have_size = 0, have_num = 0, have_type = 0, have_raw = 0, key_printed = 0;
  uint64_t raw = 0;
  fde->signal = 0; /* version 2 has no signal bit */
  fde->flex = 0;   /* nor FDE types */
  while ((more = block_line(r, "a function", "}")) > 0) {
    if (key(r, "PC", &v)) {
      if (num_hex(v, &fde->pc))
        LFAIL("line %d: bad PC", r->lx.lineno);
      have_pc = 1;
    } else if (key(r, "Size", &v)) {
      if (num_hex(v, &x) || x > UINT32_MAX)
        LFAIL("line %d: bad Size", r->lx.lineno);
      fde->size = (uint32_t)x;
      have_size = 1;
    } else if (key(r, "Start FRE Offset", &v) || key(r, "Padding2", &v)) {
      continue;
    } else if (key(r, "Num FREs", &v)) {
      if (num_dec(v, &n) || n < 0)
        LFAIL("line %d: bad Num FREs", r->lx.lineno);
      have_num = 1;
    } else if (!strcmp(r->s, "Info {")) {
      while ((more = block_line(r, "Info", "}")) > 0) {
        if (key(r, "FRE Type", &v)) {
          if (enum_val(v, &x))
            LFAIL("line %d: bad FRE Type", r->lx.lineno);
          fde->fre_type = x == 0 ? "addr1" : x == 1 ? "addr2" : x == 2 ? "addr4" : NULL;
        } else if (key(r, "FDE Type", &v)) {
          if (enum_val(v, &x) || x > 1)
            LFAIL("line %d: bad FDE Type", r->lx.lineno);
          fde->mask = x == 1;
          have_type = 1;
        } else if (key(r, "PAuth Key", &v)) {
          if (enum_val(v, &x) || x > 1)
            LFAIL("line %d: bad PAuth Key", r->lx.lineno);
          fde->pauth = x ? 'B' : 'A';
          key_printed = 1;
        } else if (key(r, "Raw", &v)) {
          if (num_hex(v, &raw) || raw > 255)
            LFAIL("line %d: bad Raw", r->lx.lineno);
          have_raw = 1;
        } else
          LFAIL("line %d: unexpected Info line '%.60s'", r->lx.lineno, r->s);
      }
      if (more < 0)
        return -1;
    } else if (key(r, "Repetitive block size", &v) ||
               key(r, "Repetitive block size (unused)", &v)) {
      if (num_hex(v, &x) || x > 255)
        LFAIL("line %d: bad Repetitive block size", r->lx.lineno);
      fde->rep_size = (int64_t)x;
    } else if (!strcmp(r->s, "FREs [")) {
      if (!have_type || !have_pc)
        LFAIL("line %d: rows before the function's type and PC", r->lx.lineno);
      for (;;) {
        if (next(r))
          LFAIL("FREs do not end");
        if (!strcmp(r->s, "]"))
          break;
        if (strcmp(r->s, "Frame Row Entry {"))
          LFAIL("line %d: unexpected line in FREs '%.60s'", r->lx.lineno, r->s);
        if (parse_fre(r, h, fde))
          return -1;
      }
    } else
      LFAIL("line %d: unexpected function line '%.60s'", r->lx.lineno, r->s);
  }
  if (more < 0)
    return -1;
  if (!have_pc || !have_size || !have_num || !have_type || !have_raw)
    LFAIL("line %d: a function misses a field", r->lx.lineno);
  /* "PAuth Key" is printed for AArch64 only; the key is info bit 5 */
  if (!key_printed)
    fde->pauth = (raw & 0x20) ? 'B' : 'A';
  return 0;
}

static int llvm_parse(char *text, sfa_dump *d, rd *r) {
  int more;
  hdr_info h;
  memset(r, 0, sizeof *r);
  memset(&h, 0, sizeof h);
  r->lx.p = text;
  sfa_dump_init(d);
  for (;;) {
    if (next(r))
      LFAIL("no SFrame section in the output");
    if (!strcmp(r->s, "SFrame section '.sframe' {"))
      break;
  }
  if (next(r) || strcmp(r->s, "Header {"))
    LFAIL("line %d: no Header", r->lx.lineno);
  if (parse_header(r, d, &h))
    return -1;
  if (next(r))
    LFAIL("no Function Index");
  if (!strcmp(r->s, "}"))
    LFAIL("no Function Index");
  if (strcmp(r->s, "Function Index ["))
    LFAIL("line %d: no Function Index", r->lx.lineno);
  while ((more = block_line(r, "the Function Index", "]")) > 0) {
    sfa_fde *fde;
    const char *p;
    int64_t idx;
    p = r->s;
    if (sfa_expect(&p, "FuncDescEntry [") || sfa_parse_dec(&p, &idx) || strcmp(p, "] {") ||
        idx < 0 || idx > (int64_t)UINT32_MAX)
      LFAIL("line %d: unexpected line '%.60s'", r->lx.lineno, r->s);
    fde = sfa_add_fde(d);
    fde->index = (uint32_t)idx;
    if (parse_fde(r, &h, fde))
      return -1;
  }
  if (more < 0)
    return -1;
  if (next(r) || strcmp(r->s, "}"))
    LFAIL("line %d: the section does not end", r->lx.lineno);
  return 0;
}

/* The first warning, without llvm-readobj's "PATH: warning: 'FILE': "
 * prefixes (the file is a temporary one). */
static void print_warning(const char *err) {
  char line[300];
  const char *p, *q;
  sfa_first_line(err, line, sizeof line);
  p = strstr(line, "warning: ");
  p = p ? p : line;
  q = strstr(p, "': ");
  if (q && p[0] == 'w' && strchr(p, '\'') < q) /* warning: 'FILE': MESSAGE */
    fprintf(stderr, "llvm-readobj warned: %s\n", q + 3);
  else
    fprintf(stderr, "llvm-readobj warned: %s\n", p);
}

static int llvm_judge(const sfa_config *cfg, proc_result *r, sfa_dump *d) {
  rd rr;
  if (r->errlen) { /* its verdict: a warning about the section (whatever
                     * the exit status, as gnu_failed) */
    print_warning(r->err);
    return 1;
  }
  if (sfa_exit_failed(cfg, r))
    return 1;
  if (r->out_truncated) {
    fprintf(stderr, "%s printed too much\n", cfg->kind);
    return 1;
  }
  if (llvm_parse(r->out, d, &rr)) {
    fprintf(stderr, "cannot parse %s output: %s\n", cfg->kind, rr.lx.err);
    return 1;
  }
  return 0;
}

static const char *const llvm_args[] = {"--sframe", NULL};

const sfa_tool sfa_the_tool = {
    .kind = "llvm-readobj",
    .kind_env = "LLVM_READOBJ",
    .capabilities = llvm_capabilities,
    .sh_type = llvm_sh_type,
    .args = llvm_args,
    .judge = llvm_judge,
    .print_text = NULL, /* its text is not objdump's */
};
