/* SPDX-License-Identifier: MIT */
/* sfadapter-glibc-REL - glibc's SFrame reader (sysdeps/generic/sframe-read.c,
 * the code behind backtrace() on SFrame-enabled builds) behind the adapter
 * protocol (conformance/PROTOCOL.md, executable form).
 *
 *   sfadapter-glibc-REL capabilities
 *   sfadapter-glibc-REL decode SECTION VMA
 *   sfadapter-glibc-REL lookup SECTION VMA PC...
 *
 * glibc does not ship the reader as a library: conformance/adapters/glibc.mk
 * extracts sframe-read.c, sframe-read.h and sframe.h from the glibc-source
 * package's tarball into the build tree at build time, and this file
 * compiles sframe-read.c into itself (with the stubs of glibc-stubs.h, given
 * by -include), so that the reader's own static helpers are at hand for the
 * walks its API has no call for.  Nothing of glibc is in this repository.
 *
 * What the reader offers (sframe-read.h): __sframe_decode (no length: it
 * reads the header, checks it and points a context into the buffer),
 * __sframe_find_fre (int32 section-relative PC -> row), the row accessors
 * __sframe_fre_get_{base_reg_id,cfa_offset,ra_offset,fp_offset}, and the
 * context struct itself (the header as read, the FDE array pointer, the FRE
 * sub-section pointer), which is how glibc's own caller (sframe.c) sees it.
 * How each JSON field is obtained, what stays unknown and what was observed
 * on the corpus: conformance/adapters/glibc-notes.md. */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS, MAP_NORESERVE */

#ifndef SFA_GLIBC_STUBS_H
#error "compile with -include conformance/adapters/glibc-stubs.h (see glibc.mk)"
#endif

#include <inttypes.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "adapter_cli.h"
#include "sfa_serve.h"

#include "glibc-reader.h"

#ifndef SFA_GLIBC_VERSION
#define SFA_GLIBC_VERSION "unknown"
#endif

#define PROG "sfadapter-glibc"

/* The reader takes the section in the host's byte order only: its decode
 * compares the magic as a native u16 and never swaps.  On a little-endian
 * host that leaves the little-endian ABIs (amd64, aarch64-le); it reads
 * SFrame version 2 only (sframe_header_sanity_check_p). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST_ENDIAN "big"
#define HOST_ABIS "\"aarch64-be\",\"s390x\""
#else
#define HOST_ENDIAN "little"
#define HOST_ABIS "\"amd64\",\"aarch64-le\""
#endif

/* "ra": the reader has no notion of a row without data words (version 2
 * erratum 2: RA undefined); such a row prints "ra": null. */
static const char capabilities[] =
    "{\"name\":\"glibc\",\"version\":\"" SFA_GLIBC_VERSION "\","
    "\"commands\":[\"decode\",\"lookup\",\"serve\"],"
    "\"versions\":[2],"
    "\"abis\":[" HOST_ABIS "],"
    "\"endian\":[\"" HOST_ENDIAN "\"],"
    "\"unknown_fields\":[\"ra\"]}";

/* ---- the section, fenced ---- */

/* glibc's reader has no bound at all: __sframe_decode reads a 28-byte
 * header from wherever it is pointed, and the context it builds (the FDE
 * array right after the header and auxiliary header, the FRE sub-section
 * right after num_fdes FDEs, each function's rows at its FRE offset) may
 * describe memory far from the section: the FDE array size is computed in
 * an int (so the FRE sub-section may start up to 2 GiB before the section)
 * and a function's FRE offset is any u32; a binary search probes FDE
 * num_fdes/2 first (up to 40 GiB on).  So the section is copied, read-only
 * as in a loaded object, into the middle of an inaccessible reservation: 4
 * GiB before it, 96 GiB after (address space only, MAP_NORESERVE), ending
 * exactly where the section ends.  Every read outside the section then is
 * a SIGSEGV (the runner's "crash") instead of whatever lies there.  If the
 * reservation is refused, one guard page on each side. */
#define GIB ((size_t)1 << 30)

typedef struct {
  unsigned char *map;
  size_t map_len;
  const char *data;
  size_t len;
} fenced;

static const char *volatile sec_begin, *volatile sec_end;

static int fence_place(fenced *f, const unsigned char *src, size_t len) {
  long ps = sysconf(_SC_PAGESIZE);
  size_t page = ps > 0 ? (size_t)ps : 4096;
  size_t body = (len + page - 1) / page * page;
  size_t before[2], after[2];
  int k;
  memset(f, 0, sizeof *f);
#ifdef SFA_GLIBC_NO_FENCE /* for measuring what the fence changes (notes) */
  {
    char *copy = malloc(len ? len : 1);
    (void)page, (void)body, (void)before, (void)after, (void)k;
    if (!copy)
      return -1;
    if (len)
      memcpy(copy, src, len);
    f->data = copy;
    f->len = len;
    return 0;
  }
#endif
  if (body == 0)
    body = page;
#if SIZE_MAX > 0xffffffffu
  before[0] = 4 * GIB, after[0] = 96 * GIB;
  k = 0;
#else
  before[0] = after[0] = 0, k = 1; /* no such address space */
#endif
  before[1] = page, after[1] = page;
  for (; k < 2; k++) {
    size_t total = before[k] + body + after[k];
    void *m = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    unsigned char *b;
    if (m == MAP_FAILED)
      continue;
    b = (unsigned char *)m + before[k];
    if (mprotect(b, body, PROT_READ | PROT_WRITE) != 0) {
      munmap(m, total);
      continue;
    }
    if (len)
      memcpy(b + body - len, src, len);
    if (mprotect(b, body, PROT_READ) != 0) {
      munmap(m, total);
      continue;
    }
    f->map = m;
    f->map_len = total;
    f->data = (const char *)b + body - len;
    f->len = len;
    sec_begin = f->data;
    sec_end = f->data + len;
    return 0;
  }
  return -1;
}

static void fence_free(fenced *f) {
  if (f->map)
    munmap(f->map, f->map_len);
  else
    free((void *)f->data);
  memset(f, 0, sizeof *f);
}

/* ---- what was being read when a fault came ---- */

/* The step under way, for the line a SIGSEGV/SIGBUS/SIGFPE prints before the
 * process dies of it (the runner keeps the head of stderr). */
static const char *volatile phase = "start";
static volatile long phase_fde = -1, phase_fre = -1;

/* The fence keeps the compiler from moving the reads that follow above the
 * store (the handler runs in this thread). */
static void set_phase(const char *what, long fde, long fre) {
  phase = what;
  phase_fde = fde;
  phase_fre = fre;
  atomic_signal_fence(memory_order_seq_cst);
}

static void set_step(const char *what) { set_phase(what, phase_fde, phase_fre); }

static size_t put_str(char *b, size_t at, size_t cap, const char *s) {
  while (*s && at < cap)
    b[at++] = *s++;
  return at;
}

static size_t put_num(char *b, size_t at, size_t cap, uint64_t v, int hex) {
  char tmp[24];
  int n = 0;
  do {
    unsigned d = (unsigned)(v % (hex ? 16 : 10));
    tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
    v /= hex ? 16 : 10;
  } while (v && n < (int)sizeof tmp);
  if (hex)
    at = put_str(b, at, cap, "0x");
  while (n > 0 && at < cap)
    b[at++] = tmp[--n];
  return at;
}

static void on_fault(int sig, siginfo_t *si, void *uc) {
  char b[400];
  size_t n = 0, cap = sizeof b - 1;
  uintptr_t a = (uintptr_t)si->si_addr;
  (void)uc;
  n = put_str(b, n, cap, PROG ": ");
  n = put_str(b, n, cap, sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : "SIGFPE");
  n = put_str(b, n, cap, sig == SIGFPE ? " (an integer division by zero)" : " reading ");
  if (sig == SIGFPE) {
    /* si_addr is the instruction's address: nothing to say about data */
  } else if (sec_end && a >= (uintptr_t)sec_end) {
    n = put_num(b, n, cap, (uint64_t)(a - (uintptr_t)sec_end), 0);
    n = put_str(b, n, cap, " bytes past the end of the section");
  } else if (sec_begin && a < (uintptr_t)sec_begin) {
    n = put_num(b, n, cap, (uint64_t)((uintptr_t)sec_begin - a), 0);
    n = put_str(b, n, cap, " bytes before the section");
  } else {
    n = put_num(b, n, cap, (uint64_t)a, 1);
  }
  n = put_str(b, n, cap, " in ");
  n = put_str(b, n, cap, phase);
  if (phase_fde >= 0) {
    n = put_str(b, n, cap, " (function ");
    n = put_num(b, n, cap, (uint64_t)phase_fde, 0);
    if (phase_fre >= 0) {
      n = put_str(b, n, cap, ", row ");
      n = put_num(b, n, cap, (uint64_t)phase_fre, 0);
    }
    n = put_str(b, n, cap, ")");
  }
  b[n++] = '\n';
  if (write(STDERR_FILENO, b, n) < 0) {
    /* nothing more can be said */
  }
  /* SA_RESETHAND: returning re-runs the faulting read, which now kills the
   * process with the signal, as without the handler. */
}

static void catch_faults(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO | SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, NULL);
  sigaction(SIGBUS, &sa, NULL);
  sigaction(SIGFPE, &sa, NULL);
}

/* ---- the section as the reader describes it ---- */

/* DWARF numbers of SP and FP (sfa_regs.h) for the ABIs glibc's sframe.h
 * names (not s390x): the reader only says SFRAME_BASE_REG_SP or _FP. */
static int abi_regs(unsigned abi, unsigned *sp, unsigned *fp) {
  return abi != SFA_ABI_S390X_BE && sfa_sp_fp_regs(abi, sp, fp);
}

static void set_rule(FILE *o, const char *name, const char *rule, int64_t off) {
  fprintf(o, ",\"%s\":{\"rule\":\"%s\",\"reg\":0,\"offset\":%" PRId64 "}", name, rule, off);
}

/* A saved register's rule as the reader's accessor gives it: not saved
 * (the accessor failed: still in its register), at the header's fixed
 * offset when the header has one, else at CFA + the row's offset. */
static void set_saved(FILE *o, const char *name, int not_saved, int header_fixed, int64_t off) {
  if (not_saved)
    set_rule(o, name, "unchanged", 0);
  else
    set_rule(o, name, header_fixed ? "fixed" : "at-cfa", off);
}

/* One row, as __sframe_find_fre fills it in: start, info, offsets. */
typedef struct {
  sframe_frame_row_entry fre;
  size_t size; /* sframe_fre_entry_size: where the next row starts */
} row;

/* A function's rows are walked exactly as __sframe_find_fre walks them,
 * with its own helpers: from sfd_fres + the FDE's FRE offset, each row's
 * start address (by the FDE's FRE type), its info byte, its size. */
typedef struct {
  sframe_func_desc_entry *fdep;
  uint32_t fre_type;
  size_t addr_size;
  const char *at;
  uint32_t next;
} row_walk;

static void walk_begin(row_walk *w, sframe_decoder_ctx *ctx, uint32_t func_idx) {
  w->fdep = &ctx->sfd_funcdesc[func_idx];
  w->fre_type = sframe_get_fre_type(w->fdep);
  w->addr_size = sframe_fre_start_addr_size(w->fre_type);
  w->at = ctx->sfd_fres + w->fdep->sfde_func_start_fre_off;
  w->next = 0;
}

/* Returns 1 and the next row, 0 at the end, -1 when the reader cannot go
 * on (FRE type 3-15: sframe_fre_start_addr_size is 0 and __sframe_find_fre
 * returns _URC_END_OF_STACK). */
static int walk_next(row_walk *w, row *r) {
  if (w->next >= w->fdep->sfde_func_num_fres)
    return 0;
  if (w->addr_size == 0)
    return -1;
  memset(r, 0, sizeof *r);
  sframe_decode_fre_start_address(w->at, &r->fre.fre_start_addr, w->fre_type);
  r->fre.fre_info = *(const uint8_t *)(w->at + w->addr_size);
  r->size = sframe_fre_entry_size(&r->fre, w->addr_size);
  r->fre.fre_offsets = w->at + w->addr_size + sizeof r->fre.fre_info;
  w->at += r->size;
  w->next++;
  return 1;
}

static const char *urc_name(_Unwind_Reason_Code c) {
  switch (c) {
  case _URC_NO_REASON:
    return "_URC_NO_REASON";
  case _URC_END_OF_STACK:
    return "_URC_END_OF_STACK";
  default:
    return "another _Unwind_Reason_Code";
  }
}

/* The "rules" object of one row from the reader's accessors.  Returns 0; or
 * -1 when the row fails the reader's sanity check (data word size 3, or
 * more than 3 words: every offset accessor then returns
 * _URC_END_OF_STACK), with a message in why. */
static int rules_json(FILE *o, sframe_decoder_ctx *ctx, sframe_frame_row_entry *fre, char *why,
                      size_t whylen) {
  sframe_header *h = &ctx->sfd_header;
  _Unwind_Reason_Code err = _URC_NO_REASON;
  unsigned sp = 0, fp = 0, base;
  int known = abi_regs(h->sfh_abi_arch, &sp, &fp);
  int32_t cfa, ra, fpo;
  int mangled = sframe_get_fre_ra_mangled_p(fre->fre_info);

  set_step("__sframe_fre_get_cfa_offset");
  cfa = __sframe_fre_get_cfa_offset(ctx, fre, &err);
  if (err != _URC_NO_REASON) {
    if (!sframe_fre_sanity_check_p(fre)) {
      snprintf(why, whylen,
               "__sframe_fre_get_cfa_offset: %s (the row fails sframe_fre_sanity_check_p: "
               "data word size code %u, %u data words)",
               urc_name(err), (unsigned)sframe_fre_get_offset_size(fre->fre_info),
               (unsigned)sframe_fre_get_offset_count(fre->fre_info));
      return -1;
    }
    /* No data words: the reader has no CFA for the row, and nothing to
     * say about RA (see capabilities). */
    fputs("{\"cfa\":null,\"ra\":null", o);
  } else {
    base = __sframe_fre_get_base_reg_id(fre);
    sfa_put_cfa(o, base == SFRAME_BASE_REG_SP, known, base == SFRAME_BASE_REG_SP ? sp : fp, cfa);
    /* RA: the header's fixed offset when it has one (the accessor then
     * returns it without looking at the row), else word 1, else not saved:
     * still in its register. */
    set_step("__sframe_fre_get_ra_offset");
    ra = __sframe_fre_get_ra_offset(ctx, fre, &err);
    set_saved(o, "ra", err != _URC_NO_REASON,
              h->sfh_cfa_fixed_ra_offset != SFRAME_CFA_FIXED_RA_INVALID, ra);
  }
  /* FP likewise: the header's fixed FP offset when non-zero, else word 1
   * (fixed RA) or 2, else not saved. */
  set_step("__sframe_fre_get_fp_offset");
  fpo = __sframe_fre_get_fp_offset(ctx, fre, &err);
  set_saved(o, "fp", err != _URC_NO_REASON,
            h->sfh_cfa_fixed_fp_offset != SFRAME_CFA_FIXED_FP_INVALID, fpo);
  fprintf(o, ",\"ra_mangled\":%s}", mangled ? "true" : "false");
  return 0;
}

/* A function's start address: VMA + the reader's section-relative start
 * (sframe_decoder_get_secrel_func_start_addr: the stored int32, plus the
 * field's own offset with SFRAME_F_FDE_FUNC_START_PCREL), modulo 2^64. */
static uint64_t func_addr(sframe_decoder_ctx *ctx, uint64_t vma, uint32_t i) {
  return vma + (uint64_t)(int64_t)sframe_decoder_get_secrel_func_start_addr(ctx, i);
}

/* ---- decode ---- */

static int reject_decode(sframe_decoder_ctx *ctx, const char *sec, const char *path,
                         _Unwind_Reason_Code rc) {
  const sframe_preamble *p = (const sframe_preamble *)sec;
  /* The reader says only _URC_END_OF_STACK; which of its two checks
   * failed is told from the same fields. */
  if (p->sfp_magic != SFRAME_MAGIC)
    fprintf(stderr,
            "glibc: __sframe_decode: %s (magic 0x%04x read in host order is not SFRAME_MAGIC) "
            "[%s]\n",
            urc_name(rc), (unsigned)p->sfp_magic, path);
  else {
    const sframe_header *h = &ctx->sfd_header;
    char what[96];
    if (h->sfh_preamble.sfp_version != SFRAME_VERSION_2)
      snprintf(what, sizeof what, "version %u is not SFRAME_VERSION_2",
               (unsigned)h->sfh_preamble.sfp_version);
    else if (h->sfh_preamble.sfp_flags & ~SFRAME_V2_F_ALL_FLAGS)
      snprintf(what, sizeof what, "flags 0x%02x outside SFRAME_V2_F_ALL_FLAGS",
               (unsigned)h->sfh_preamble.sfp_flags);
    else
      snprintf(what, sizeof what, "sfh_fdeoff %" PRIu32 " > sfh_freoff %" PRIu32,
               h->sfh_fdeoff, h->sfh_freoff);
    fprintf(stderr, "glibc: __sframe_decode: %s (sframe_header_sanity_check_p: %s) [%s]\n",
            urc_name(rc), what, path);
  }
  return 1;
}

static int cmd_decode(sframe_decoder_ctx *ctx, uint64_t vma, const char *path) {
  static const char *const flag_names[] = {"FDE_SORTED", "FRAME_POINTER",
                                           "FDE_FUNC_START_PCREL"};
  static const char *const fre_types[] = {"addr1", "addr2", "addr4"};
  sframe_header *h = &ctx->sfd_header;
  char *text = NULL, why[256];
  size_t text_len = 0;
  FILE *o = open_memstream(&text, &text_len);
  unsigned flags = h->sfh_preamble.sfp_flags, b;
  int first = 1, rc = 0;
  uint32_t i;

  if (!o) {
    fprintf(stderr, PROG ": out of memory\n");
    return 2;
  }
  fprintf(o,
          "{\"schema\":\"sframe-conformance/dump/1\",\"version\":%u,\"endian\":\"" HOST_ENDIAN
          "\",\"abi\":",
          (unsigned)h->sfh_preamble.sfp_version);
  sfa_put_name(o, sfa_abi_name(h->sfh_abi_arch));
  fputs(",\"flags\":[", o);
  for (b = 0; b < 3; b++)
    if (flags & (1u << b)) {
      fprintf(o, "%s\"%s\"", first ? "" : ",", flag_names[b]);
      first = 0;
    }
  fprintf(o,
          "],\"flags_raw\":%u,\"fixed_fp_offset\":%d,\"fixed_ra_offset\":%d,\"auxhdr_len\":%u,"
          "\"num_fdes\":%" PRIu32 ",\"num_fres\":%" PRIu32 ",\"functions\":[",
          flags, (int)h->sfh_cfa_fixed_fp_offset, (int)h->sfh_cfa_fixed_ra_offset,
          (unsigned)h->sfh_auxhdr_len, h->sfh_num_fdes, h->sfh_num_fres);
  for (i = 0; i < h->sfh_num_fdes && rc == 0; i++) {
    sframe_func_desc_entry *fdep;
    row_walk w;
    row r;
    uint32_t j = 0, fre_type;
    int more;

    set_phase("reading the FDE array (ctx->sfd_funcdesc)", (long)i, -1);
    fdep = &ctx->sfd_funcdesc[i];
    fre_type = sframe_get_fre_type(fdep);
    fprintf(o,
            "%s{\"index\":%" PRIu32 ",\"start\":\"0x%" PRIx64 "\",\"size\":%" PRIu32
            ",\"pc_type\":\"%s\",\"rep_size\":%u,\"fde_type\":\"default\",\"fre_type\":",
            i ? "," : "", i, func_addr(ctx, vma, i), fdep->sfde_func_size,
            sframe_get_fde_type(fdep) == SFRAME_FDE_TYPE_PCMASK ? "mask" : "inc",
            (unsigned)fdep->sfde_func_rep_size);
    sfa_put_name(o, fre_type < 3 ? fre_types[fre_type] : NULL);
    fprintf(o, ",\"pauth_key\":\"%s\",\"signal\":false,\"num_fres\":%" PRIu32 ",\"fres\":[",
            SFRAME_V1_FUNC_PAUTH_KEY(fdep->sfde_func_info) == SFRAME_AARCH64_PAUTH_KEY_B ? "B"
                                                                                         : "A",
            fdep->sfde_func_num_fres);
    walk_begin(&w, ctx, i);
    set_phase("walking the function's rows as __sframe_find_fre does", (long)i, 0);
    while ((more = walk_next(&w, &r)) > 0) {
      fprintf(o, "%s{\"start\":%" PRIu32 ",\"rules\":", j ? "," : "", r.fre.fre_start_addr);
      if (rules_json(o, ctx, &r.fre, why, sizeof why) != 0) {
        fprintf(stderr, "glibc: function %" PRIu32 ", row %" PRIu32 ": %s [%s]\n", i, j, why,
                path);
        rc = 1;
        break;
      }
      fputc('}', o);
      j++;
      set_phase("walking the function's rows as __sframe_find_fre does", (long)i, (long)j);
    }
    if (more < 0) {
      fprintf(stderr,
              "glibc: function %" PRIu32 ": FRE type %" PRIu32
              ": sframe_fre_start_addr_size is 0, __sframe_find_fre returns "
              "_URC_END_OF_STACK for every PC in it [%s]\n",
              i, fre_type, path);
      rc = 1;
    }
    fputs("]}", o);
  }
  set_phase("printing", -1, -1);
  fputs("]}\n", o);
  rc = sfa_finish(PROG, o, &text, &text_len, rc);
  free(text);
  return rc;
}

/* ---- lookup ---- */

/* The section-relative int32 __sframe_find_fre takes (glibc's own caller
 * passes PC - section address); 0 when the distance does not fit. */
static int rel_pc(uint64_t at, uint64_t vma, int32_t *rel) {
  uint64_t d = at - vma; /* modulo 2^64 */
  if (d <= (uint64_t)INT32_MAX) {
    *rel = (int32_t)d;
    return 1;
  }
  if (d >= (uint64_t)0 - ((uint64_t)INT32_MAX + 1)) {
    *rel = (int32_t)(-(int64_t)((uint64_t)0 - d - 1) - 1); /* in [INT32_MIN, -1] */
    return 1;
  }
  return 0;
}

/* Returns 0, -1 on an internal inconsistency (message printed). */
static int lookup_one(FILE *o, sframe_decoder_ctx *ctx, uint64_t vma, uint64_t pc, int ra_mode,
                      int first, const char *path) {
  sframe_frame_row_entry fre;
  sframe_func_desc_entry *fdep;
  uint64_t at;
  int32_t rel = 0;
  uint32_t func_idx = 0, j;
  int err = 0, more;
  row_walk w;
  row r;
  char why[256];

  if (sfa_lookup_begin(o, pc, ra_mode, first, &at))
    return 0;
  if (!rel_pc(at, vma, &rel)) { /* the int32 argument cannot say it */
    fputs("\"no-fde\"}", o);
    return 0;
  }
  set_phase("__sframe_find_fre", -1, -1);
  memset(&fre, 0, sizeof fre);
  if (__sframe_find_fre(ctx, rel, &fre) != _URC_NO_REASON) {
    /* The reader keeps its reason: its FDE search, asked the same
     * question, tells "no function" (also: no sorted flag, no FDEs) from
     * "no row"; a function whose FRE type it cannot read is bad data. */
    set_phase("sframe_get_funcdesc_with_addr_internal (after a miss)", -1, -1);
    fdep = sframe_get_funcdesc_with_addr_internal(ctx, rel, &err, &func_idx);
    if (!fdep) {
      fputs("\"no-fde\"}", o);
      return 0;
    }
    fprintf(o, "\"%s\"}",
            fdep->sfde_func_num_fres > 0 &&
                    sframe_fre_start_addr_size(sframe_get_fre_type(fdep)) == 0
                ? "bad-data"
                : "no-fre");
    return 0;
  }
  /* Found: the function is the one the reader's FDE search picked (the
   * same call __sframe_find_fre starts with), the row the one of its rows
   * whose offsets the returned row points at. */
  set_phase("sframe_get_funcdesc_with_addr_internal (after a hit)", -1, -1);
  fdep = sframe_get_funcdesc_with_addr_internal(ctx, rel, &err, &func_idx);
  if (!fdep) {
    fprintf(stderr, PROG ": __sframe_find_fre(%" PRId32 ") found a row, its FDE search no "
                         "function [%s]\n", rel, path);
    return -1;
  }
  set_phase("walking the function's rows as __sframe_find_fre does", (long)func_idx, -1);
  walk_begin(&w, ctx, func_idx);
  for (j = 0; (more = walk_next(&w, &r)) > 0; j++)
    if (r.fre.fre_offsets == fre.fre_offsets)
      break;
  if (more <= 0) {
    fprintf(stderr,
            PROG ": __sframe_find_fre(%" PRId32 ") returned a row that is not among the rows "
                 "of function %" PRIu32 " [%s]\n",
            rel, func_idx, path);
    return -1;
  }
  if (!sframe_fre_sanity_check_p(&fre)) { /* found, but no accessor reads it */
    fputs("\"bad-data\"}", o);
    return 0;
  }
  fprintf(o, "\"found\",\"fde\":%" PRIu32 ",\"fre\":%" PRIu32 ",\"fre_start\":%" PRIu32
             ",\"rules\":",
          func_idx, j, fre.fre_start_addr);
  if (rules_json(o, ctx, &fre, why, sizeof why) != 0) {
    fprintf(stderr, PROG ": %s [%s]\n", why, path);
    return -1;
  }
  fputc('}', o);
  return 0;
}

typedef struct {
  sframe_decoder_ctx *ctx;
  uint64_t vma;
  const uint64_t *pcs;
  const char *path;
} lookup_job;

static int lookup_job_one(FILE *o, void *job, int i, int ra_mode, int first) {
  const lookup_job *j = job;
  return lookup_one(o, j->ctx, j->vma, j->pcs[i], ra_mode, first, j->path);
}

/* ---- main ---- */

static int command(int argc, char **argv) {
  uint8_t *raw = NULL;
  size_t raw_len = 0;
  fenced sec;
  sframe_decoder_ctx ctx;
  _Unwind_Reason_Code drc;
  sfa_cli cli;
  int rc;

  /* Where the reservation lands, and so what an unbounded read that
   * escapes it would meet, should not change from run to run
   * (sfa_fixed_layout). */
  rc = sfa_cli_start(PROG, capabilities, argc, argv, &cli, &raw, &raw_len);
  if (rc >= 0)
    return rc;
  if (fence_place(&sec, raw, raw_len) != 0) {
    fprintf(stderr, PROG ": cannot map %zu bytes\n", raw_len);
    free(raw);
    sfa_cli_free(&cli);
    return 2;
  }
  free(raw);
  catch_faults();

  /* As glibc's own caller does: a zeroed context, then decode. */
  memset(&ctx, 0, sizeof ctx);
  set_phase("__sframe_decode", -1, -1);
  drc = __sframe_decode(&ctx, sec.data);
  if (drc != _URC_NO_REASON) {
    rc = reject_decode(&ctx, sec.data, cli.section, drc);
  } else if (cli.cmd == SFA_CMD_DECODE) {
    rc = cmd_decode(&ctx, cli.vma, cli.section);
  } else {
    lookup_job job = {&ctx, cli.vma, cli.pcs, cli.section};
    /* A failed answer is the adapter's own inconsistency, not a verdict
     * on the section: status 2. */
    rc = sfa_lookup_all(PROG, cli.npcs, lookup_job_one, &job, 2);
  }
  fflush(stdout);
  fence_free(&sec);
  sfa_cli_free(&cli);
  return rc;
}

/* `serve` answers many commands in one process (sfa_serve.h), its
 * addresses fixed once as a single command's are. */
int main(int argc, char **argv) { return sfa_main(PROG, argc, argv, command, sfa_fixed_layout, 1); }
