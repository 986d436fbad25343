/* sfadapter-libsframe-REL - one libsframe release (binutils) behind the
 * adapter protocol (conformance/PROTOCOL.md, executable form).
 *
 *   sfadapter-libsframe-REL capabilities
 *   sfadapter-libsframe-REL decode SECTION VMA
 *   sfadapter-libsframe-REL lookup SECTION VMA PC...
 *
 * Everything printed comes from libsframe's public API (sframe-api.h); the
 * section bytes are never parsed here.  What the API cannot give is printed
 * as null and listed in "unknown_fields".  One source builds against the
 * three APIs Debian ships (conformance/adapters/libsframe.mk):
 *   - 2.40 (bookworm): SFrame version 1 only; sframe_decoder_get_funcdesc,
 *     sframe_get_funcdesc_with_addr, 32-bit lookups;
 *   - 2.44 (trixie): versions 1 and 2 (sframe_decoder_get_funcdesc_v2);
 *   - 2.47.50 (sid): versions 2 and 3: sframe_decoder_get_funcdesc_v3 (64-bit
 *     starts, info2), offset accessors taking the FDE type, control words
 *     of flexible FDEs (sframe_get_fre_udata), RA-undefined rows, the flags
 *     byte, and no sframe_get_funcdesc_with_addr.
 * The API generation is told apart by the headers themselves: 2.47 renamed
 * the FRE's byte array (MAX_NUM_DATAWORDS / fre_datawords).  The field
 * mapping and every disagreement with the oracle are described in
 * conformance/adapters/libsframe-notes.md. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <sframe-api.h>

#include "adapter_cli.h"
#include "sfa_serve.h"

#define PROG "sfadapter-libsframe"

#ifdef MAX_NUM_DATAWORDS
#define SFA_API_247 1 /* 2.47: FDE-type-aware accessors, version 3 */
#define FRE_BYTES(fre) ((fre)->fre_datawords)
typedef int64_t sfa_pc;
#else
#define SFA_API_247 0
#define FRE_BYTES(fre) ((fre)->fre_offsets)
typedef int32_t sfa_pc;
#endif

/* ---- what the install we were compiled against knows ---- */

/* The release: given by the make fragment (LIBSFRAME_VERSION, from the
 * package that installed the headers), else deduced from the headers:
 * libsframe first shipped in binutils 2.40, and 2.41 added
 * SFRAME_VERSION_2, so headers that define only SFRAME_VERSION_1 are 2.40. */
#if defined(SFA_LIBSFRAME_VERSION)
#define SFA_VERSION_STRING SFA_LIBSFRAME_VERSION
#elif !defined(SFRAME_VERSION_2)
#define SFA_VERSION_STRING "2.40"
#else
#define SFA_VERSION_STRING "unknown"
#endif

/* The section versions this release reads (checked by running each on the
 * corpus): 2.40 reads 1; 2.44 reads 1 and 2; 2.47.50 reads 2 and 3 (its
 * sframe_decode refuses version 1). */
#if SFA_API_247
#define SFA_VERSIONS "2,3"
#elif defined(SFRAME_VERSION_2)
#define SFA_VERSIONS "1,2"
#else
#define SFA_VERSIONS "1"
#endif
#ifdef SFRAME_ABI_S390X_ENDIAN_BIG
#define SFA_S390X ",\"s390x\""
#else
#define SFA_S390X ""
#endif

/* Keys the API does not expose: the byte order of the input (sframe_decode
 * swaps a foreign-endian section silently) and the header's total FRE count
 * (no accessor).  Before 2.47 also the flags byte (no accessor), and the RA
 * rule of a row without data words (no sframe_fre_get_ra_undefined_p: such
 * a row prints "ra": null). */
#if SFA_API_247
#define SFA_UNKNOWN "[\"endian\",\"num_fres\"]"
#else
#define SFA_UNKNOWN "[\"endian\",\"flags\",\"flags_raw\",\"num_fres\",\"ra\"]"
#endif

static const char capabilities[] =
    "{\"name\":\"libsframe\",\"version\":\"" SFA_VERSION_STRING "\","
    "\"commands\":[\"decode\",\"lookup\",\"serve\"],"
    "\"versions\":[" SFA_VERSIONS "],"
    "\"abis\":[\"amd64\",\"aarch64-le\",\"aarch64-be\"" SFA_S390X "],"
    "\"endian\":[\"little\",\"big\"],"
    "\"unknown_fields\":" SFA_UNKNOWN "}";

/* libsframe error codes by name, from the header's own X-macro. */
#define _SFRAME_FIRST(NAME, STR) #NAME
#define _SFRAME_ITEM(NAME, STR) , #NAME
static const char *const err_names[] = {_SFRAME_ERRORS};
#undef _SFRAME_ITEM
#undef _SFRAME_FIRST

static const char *err_name(int e) {
  if (e >= SFRAME_ERR_BASE && e - SFRAME_ERR_BASE < (int)(sizeof err_names / sizeof *err_names))
    return err_names[e - SFRAME_ERR_BASE];
  return "unknown error code";
}

static const char *err_msg(int e) {
  const char *m = NULL;
  if (e >= SFRAME_ERR_BASE && e - SFRAME_ERR_BASE < (int)(sizeof err_names / sizeof *err_names))
    m = sframe_errmsg(e);
  return m ? m : "";
}

/* ---- input ---- */

/* The section bytes, placed so that they end exactly at an inaccessible
 * page: libsframe 2.40 trusts the header's counts and copies or walks past
 * the end of its input, and with the guard page such a read is a SIGSEGV
 * (a crash the runner records) instead of silently decoding whatever
 * follows in memory.  The guard is best effort: if mprotect fails, the
 * buffer simply has no guard. */
typedef struct {
  unsigned char *block; /* posix_memalign'd: data pages, then the guard page */
  size_t block_len;
  size_t page;
  int guarded;
  const char *data;
  size_t len;
} section_buf;

/* N bytes at BYTES into a guarded buffer (also used by the differential
 * fuzz target, fuzz/targets/diff_libsframe3.c). */
static int section_from_bytes(const unsigned char *bytes, size_t n, section_buf *sb) {
  size_t pages;
  long ps = sysconf(_SC_PAGESIZE);
  void *blk = NULL;
  memset(sb, 0, sizeof *sb);
  sb->page = ps > 0 ? (size_t)ps : 4096;
  pages = (n + sb->page - 1) / sb->page;
  sb->block_len = (pages + 1) * sb->page;
  if (posix_memalign(&blk, sb->page, sb->block_len) != 0)
    return -1;
  sb->block = blk;
  memset(sb->block, 0, sb->block_len);
  sb->data = (const char *)sb->block + pages * sb->page - n;
  sb->len = n;
  if (n)
    memcpy(sb->block + pages * sb->page - n, bytes, n);
#ifndef SFA_NO_GUARD_PAGE /* for measuring what the guard changes (notes) */
  sb->guarded = mprotect(sb->block + pages * sb->page, sb->page, PROT_NONE) == 0;
#endif
  return 0;
}

static void free_section(section_buf *sb) {
  if (!sb->block)
    return;
  if (sb->guarded &&
      mprotect(sb->block + sb->block_len - sb->page, sb->page, PROT_READ | PROT_WRITE) != 0)
    return; /* cannot hand the page back to malloc: leak it */
  free(sb->block);
  sb->block = NULL;
}

/* ---- interpretation through the API ---- */

/* A function as the API gives it. */
typedef struct {
  uint32_t num_fres, size;
  int64_t start;  /* the stored start field, sign-extended */
  uint64_t addr;  /* its address: see func_addr */
  unsigned char info, info2;
  unsigned rep_size, fde_type; /* SFRAME_FDE_TYPE_DEFAULT before version 3 */
} func;

/* The section as the API describes it. */
typedef struct {
  sframe_decoder_ctx *ctx;
  uint64_t vma;
  unsigned version, abi;
  int flags; /* -1: no accessor (before 2.47) */
} sec_info;

#ifndef SFRAME_FDE_TYPE_DEFAULT
#define SFRAME_FDE_TYPE_DEFAULT 0
#endif
#ifndef SFRAME_F_FDE_FUNC_START_PCREL
#define SFRAME_F_FDE_FUNC_START_PCREL 0x4
#endif

/* Offset accessors: 2.47 takes the FDE type (flexible FDEs keep the offset
 * of each rule in the second word of its control/offset pair). */
#if SFA_API_247
#define GET_OFF(which, s, fre, type, err) sframe_fre_get_##which##_offset((s)->ctx, fre, type, err)
#else
#define GET_OFF(which, s, fre, type, err) ((void)(type), sframe_fre_get_##which##_offset((s)->ctx, fre, err))
#endif

static void set_rule(FILE *o, const char *name, const char *rule, unsigned reg, int64_t off) {
  fprintf(o, ",\"%s\":{\"rule\":\"%s\",\"reg\":%u,\"offset\":%" PRId64 "}", name, rule, reg, off);
}

/* Where no data word gives a rule: RA at the header's fixed offset when
 * the ABI has one (AMD64), FP likewise; otherwise still in its register. */
static void default_rule(FILE *o, const char *name, int fixed) {
  if (fixed != 0)
    set_rule(o, name, "fixed", 0, fixed);
  else
    set_rule(o, name, "unchanged", 0, 0);
}

/* A saved-register rule of a default FDE from an offset accessor's result.
 * IN_FRE: the row's data word count (its info byte, a field of the API's
 * row) reaches the entity's word (AMD64: FP is word 2; AArch64 and s390x:
 * RA word 2, FP word 3); when it does not and the accessor still answers
 * (2.47 does), the answer is the header's fixed offset.  (s390x: the RA word 0 is "not saved" padding, and in version 2 an odd word
 * is DWARF register word >> 1, as sframe-api.h documents).  Returns 0, or -1
 * when the accessor failed for another reason than "no such offset". */
static int print_saved(FILE *o, const sec_info *s, const char *name, int err, int32_t off,
                       int fixed, int in_fre) {
  if (err && err != SFRAME_ERR_FREOFFSET_NOPRESENT)
    return -1;
  if (err)
    default_rule(o, name, fixed);
  else if (!in_fre) /* 2.47 answers with the header's fixed offset itself */
    set_rule(o, name, "fixed", 0, off);
  else if (s->abi == 4 && !strcmp(name, "ra") && off == 0)
    set_rule(o, name, "unchanged", 0, 0);
  else if (s->abi == 4 && s->version == 2 && (off & 1))
    set_rule(o, name, "reg", (unsigned)(off >> 1) & 0x7fffffffu, 0);
  else
    set_rule(o, name, "at-cfa", 0, off);
  return 0;
}

#if SFA_API_247
/* A flexible FDE's rule from its control word (sframe_get_fre_udata) and
 * offset: reg_p bit 0, deref_p bit 1, register bits 3 and up (spec 3.2). */
static void flex_rule(FILE *o, const char *name, uint32_t ctl, int32_t off) {
  unsigned reg = ctl >> 3;
  if (ctl & 1)
    set_rule(o, name, (ctl & 2) ? "at-reg" : "reg", reg, off);
  else
    set_rule(o, name, (ctl & 2) ? "at-cfa" : "val-cfa", 0, off);
}
#endif

#if SFA_API_247
/* The rules of a flexible FDE's FRE (version 3, 2.47's API): control words
 * say each rule's register and whether it is dereferenced.  As
 * api_rules_json. */
static int flex_rules_json(FILE *o, const sec_info *s, unsigned fde_type,
                           const sframe_frame_row_entry *fre, sframe_frame_row_entry *copy,
                           int32_t cfa, bool mangled, const char **what, int *code) {
  int8_t fixed_fp = sframe_decoder_get_fixed_fp_offset(s->ctx);
  int8_t fixed_ra = sframe_decoder_get_fixed_ra_offset(s->ctx);
  unsigned sp = 0, fp = 0;
  int known = sfa_sp_fp_regs(s->abi, &sp, &fp), err = 0;
  int32_t ra, fpo;
  unsigned n = SFRAME_V3_FRE_DATAWORD_COUNT(fre->fre_info), fp_idx = 2;
  uint32_t ctl = sframe_get_fre_udata(fre, 0, &err), reg;
  if (err) {
    *what = "sframe_get_fre_udata(0)", *code = err;
    return -1;
  }
  reg = ctl >> 3;
  fprintf(o, "{\"cfa\":{\"base\":\"%s\",\"reg\":%" PRIu32 ",\"offset\":%" PRId32
             ",\"deref\":%s}",
          known && reg == sp ? "sp" : known && reg == fp ? "fp" : "reg", reg, cfa,
          (ctl & 2) ? "true" : "false");
  /* RA: a control/offset pair at words 2 and 3, or one padding word. */
  if (n > 2) {
    uint32_t rctl = sframe_get_fre_udata(fre, 2, &err);
    if (err) {
      *what = "sframe_get_fre_udata(2)", *code = err;
      return -1;
    }
    if (rctl == 0) {
      default_rule(o, "ra", s->abi == 3 ? fixed_ra : 0);
      fp_idx = 3;
    } else {
      ra = GET_OFF(ra, s, copy, fde_type, &err);
      if (err) {
        *what = "sframe_fre_get_ra_offset", *code = err;
        return -1;
      }
      flex_rule(o, "ra", rctl, ra);
      fp_idx = 4;
    }
  } else {
    default_rule(o, "ra", s->abi == 3 ? fixed_ra : 0);
  }
  if (n > fp_idx) {
    uint32_t fctl = sframe_get_fre_udata(fre, (int)fp_idx, &err);
    if (err) {
      *what = "sframe_get_fre_udata(FP)", *code = err;
      return -1;
    }
    if (fctl == 0) {
      default_rule(o, "fp", fixed_fp);
    } else {
      fpo = GET_OFF(fp, s, copy, fde_type, &err);
      if (err) {
        *what = "sframe_fre_get_fp_offset", *code = err;
        return -1;
      }
      flex_rule(o, "fp", fctl, fpo);
    }
  } else {
    default_rule(o, "fp", fixed_fp);
  }
  fprintf(o, ",\"ra_mangled\":%s}", mangled ? "true" : "false");
  return 0;
}
#endif

/* Print the "rules" object of one FRE from the API's accessors.  Returns 0,
 * or -1 with *what naming the accessor that failed with *code. */
static int api_rules_json(FILE *o, const sec_info *s, unsigned fde_type,
                      const sframe_frame_row_entry *fre, const char **what, int *code) {
  int8_t fixed_fp = sframe_decoder_get_fixed_fp_offset(s->ctx);
  int8_t fixed_ra = sframe_decoder_get_fixed_ra_offset(s->ctx);
  unsigned sp = 0, fp = 0;
  int known = sfa_sp_fp_regs(s->abi, &sp, &fp);
  int err = 0;
  unsigned base;
  int32_t cfa, ra, fpo;
  unsigned nwords;
  bool mangled;
  sframe_frame_row_entry copy = *fre; /* 2.40 and 2.44 take non-const rows */

  err = 0;
  mangled = sframe_fre_get_ra_mangled_p(s->ctx, &copy, &err);
  if (err) {
    *what = "sframe_fre_get_ra_mangled_p", *code = err;
    return -1;
  }
#if SFA_API_247
  err = 0;
  if (sframe_fre_get_ra_undefined_p(s->ctx, &copy, &err) && !err) {
    fputs("{\"cfa\":null", o);
    set_rule(o, "ra", "undefined", 0, 0);
    set_rule(o, "fp", "unchanged", 0, 0);
    fprintf(o, ",\"ra_mangled\":%s}", mangled ? "true" : "false");
    return 0;
  }
#endif
  err = 0;
  cfa = GET_OFF(cfa, s, &copy, fde_type, &err);
  if (err && err != SFRAME_ERR_FREOFFSET_NOPRESENT) {
    *what = "sframe_fre_get_cfa_offset", *code = err;
    return -1;
  }
  if (err) {
    /* No data words at all.  Before 2.47 the API cannot say what that
     * means for RA (version 2 erratum 2: undefined); see SFA_UNKNOWN. */
    fprintf(o, "{\"cfa\":null,\"ra\":null");
    set_rule(o, "fp", "unchanged", 0, 0);
    fprintf(o, ",\"ra_mangled\":%s}", mangled ? "true" : "false");
    return 0;
  }
#if SFA_API_247
  if (fde_type == SFRAME_FDE_TYPE_FLEX)
    return flex_rules_json(o, s, fde_type, fre, &copy, cfa, mangled, what, code);
#endif
  err = 0;
  base = sframe_fre_get_base_reg_id(&copy, &err);
  if (err) {
    *what = "sframe_fre_get_base_reg_id", *code = err;
    return -1;
  }
  sfa_put_cfa(o, base == SFRAME_BASE_REG_SP, known, base == SFRAME_BASE_REG_SP ? sp : fp, cfa);

  nwords = SFRAME_V1_FRE_OFFSET_COUNT(fre->fre_info);
  /* RA, then FP: an offset in the FRE, else (SFRAME_ERR_FREOFFSET_NOPRESENT)
   * the header's fixed offset when it has one, else still in its register. */
  err = 0;
  ra = GET_OFF(ra, s, &copy, fde_type, &err);
  if (print_saved(o, s, "ra", err, ra, fixed_ra, s->abi != 3 && nwords >= 2) != 0) {
    *what = "sframe_fre_get_ra_offset", *code = err;
    return -1;
  }
  err = 0;
  fpo = GET_OFF(fp, s, &copy, fde_type, &err);
  if (print_saved(o, s, "fp", err, fpo, fixed_fp, nwords >= (s->abi == 3 ? 2u : 3u)) != 0) {
    *what = "sframe_fre_get_fp_offset", *code = err;
    return -1;
  }
  fprintf(o, ",\"ra_mangled\":%s}", mangled ? "true" : "false");
  return 0;
}

/* Function start addresses.  The stored field is an offset from the start
 * of the section, or, with SFRAME_F_FDE_FUNC_START_PCREL (2.47's flags
 * accessor), from the field itself, whose place the API gives
 * (sframe_decoder_get_offsetof_fde_start_addr).  libsframe's own lookups
 * take the PC as an offset from the start of the section, so the address is
 * VMA + that offset, modulo 2^64.  2.40 and 2.44 have neither accessor: 2.44
 * refuses sections with the PCREL flag. */
static uint64_t func_addr(const sec_info *s, uint32_t i, int64_t start) {
  uint64_t rel = (uint64_t)start;
#if SFA_API_247
  if (s->flags >= 0 && (s->flags & SFRAME_F_FDE_FUNC_START_PCREL)) {
    int err = 0;
    rel += sframe_decoder_get_offsetof_fde_start_addr(s->ctx, i, &err);
  }
#else
  (void)i;
#endif
  return s->vma + rel;
}

static int get_func(const sec_info *s, uint32_t i, func *f) {
  memset(f, 0, sizeof *f);
#if SFA_API_247
  if (s->version >= 3) {
    uint8_t rep = 0;
    if (sframe_decoder_get_funcdesc_v3(s->ctx, i, &f->num_fres, &f->size, &f->start, &f->info,
                                       &f->info2, &rep) != 0)
      return -1;
    f->rep_size = rep;
    f->fde_type = SFRAME_V3_FDE_TYPE(f->info2);
    f->addr = func_addr(s, i, f->start);
    return 0;
  }
#endif
#ifdef SFRAME_VERSION_2
  if (s->version >= 2) {
    uint8_t rep = 0;
    int32_t start = 0;
    if (sframe_decoder_get_funcdesc_v2(s->ctx, i, &f->num_fres, &f->size, &start, &f->info,
                                       &rep) != 0)
      return -1;
    f->rep_size = rep;
    f->start = start;
    f->addr = func_addr(s, i, f->start);
    return 0;
  }
#endif
#if !SFA_API_247
  {
    int32_t start = 0;
    if (sframe_decoder_get_funcdesc(s->ctx, i, &f->num_fres, &f->size, &start, &f->info) != 0)
      return -1;
    f->start = start;
    f->addr = func_addr(s, i, f->start);
    return 0;
  }
#else
  return -1;
#endif
}

static unsigned get_version(sframe_decoder_ctx *ctx) {
#ifdef SFRAME_VERSION_2
  return sframe_decoder_get_version(ctx);
#else
  /* 2.40 has no accessor, but sframe_decode refuses any version other than
   * SFRAME_VERSION (= SFRAME_VERSION_1): an accepted section is version 1. */
  (void)ctx;
  return SFRAME_VERSION_1;
#endif
}

static void sec_init(sec_info *s, sframe_decoder_ctx *ctx, uint64_t vma) {
  s->ctx = ctx;
  s->vma = vma;
  s->version = get_version(ctx);
  s->abi = sframe_decoder_get_abi_arch(ctx);
#if SFA_API_247
  s->flags = sframe_decoder_get_flags(ctx);
#else
  s->flags = -1;
#endif
}

static sframe_decoder_ctx *decode_or_report(const section_buf *sb, const char *path) {
  int err = 0;
  sframe_decoder_ctx *ctx = sframe_decode(sb->data, sb->len, &err);
  if (!ctx)
    fprintf(stderr, "libsframe: sframe_decode: %s (%d: %s) [%s]\n", err_name(err), err,
            err_msg(err), path);
  return ctx;
}

/* ---- decode ---- */

static void flags_json(FILE *o, int flags) {
  static const char *const names[] = {"FDE_SORTED", "FRAME_POINTER", "FDE_FUNC_START_PCREL"};
  unsigned b;
  int first = 1;
  if (flags < 0) {
    fputs(",\"flags\":null,\"flags_raw\":null", o);
    return;
  }
  fputs(",\"flags\":[", o);
  for (b = 0; b < 3; b++)
    if (flags & (1 << b)) {
      fprintf(o, "%s\"%s\"", first ? "" : ",", names[b]);
      first = 0;
    }
  fprintf(o, "],\"flags_raw\":%d", flags);
}

static int cmd_decode(const sec_info *s, const char *path) {
  char *text = NULL;
  size_t text_len = 0;
  FILE *o = open_memstream(&text, &text_len);
  unsigned hdr = sframe_decoder_get_hdr_size(s->ctx);
  uint32_t n = sframe_decoder_get_num_fidx(s->ctx), i, j;
  int rc = 0;

  if (!o) {
    fprintf(stderr, PROG ": out of memory\n");
    return 2;
  }
  fprintf(o, "{\"schema\":\"sframe-conformance/dump/1\",\"version\":%u,\"endian\":null,\"abi\":",
          s->version);
  sfa_put_name(o, sfa_abi_name(s->abi));
  flags_json(o, s->flags);
  fprintf(o,
          ",\"fixed_fp_offset\":%d,\"fixed_ra_offset\":%d,"
          "\"auxhdr_len\":%u,\"num_fdes\":%" PRIu32 ",\"num_fres\":null,\"functions\":[",
          sframe_decoder_get_fixed_fp_offset(s->ctx), sframe_decoder_get_fixed_ra_offset(s->ctx),
          hdr >= sizeof(sframe_header) ? hdr - (unsigned)sizeof(sframe_header) : 0u, n);
  for (i = 0; i < n && rc == 0; i++) {
    func f;
    unsigned fre_type, pc_type;
    static const char *const fre_types[] = {"addr1", "addr2", "addr4"};
    if (get_func(s, i, &f) != 0) {
      fprintf(stderr, "libsframe: sframe_decoder_get_funcdesc(%" PRIu32 ") failed [%s]\n", i,
              path);
      rc = 1;
      break;
    }
    fre_type = SFRAME_V1_FUNC_FRE_TYPE(f.info);
    pc_type = SFRAME_V1_FUNC_FDE_TYPE(f.info);
    fprintf(o,
            "%s{\"index\":%" PRIu32 ",\"start\":\"0x%" PRIx64 "\",\"size\":%" PRIu32
            ",\"pc_type\":\"%s\",\"rep_size\":%u,\"fde_type\":",
            i ? "," : "", i, f.addr, f.size, pc_type == SFRAME_FDE_TYPE_PCMASK ? "mask" : "inc",
            f.rep_size);
    sfa_put_name(o, f.fde_type == SFRAME_FDE_TYPE_DEFAULT ? "default" : f.fde_type == 1 ? "flex" : NULL);
    fputs(",\"fre_type\":", o);
    sfa_put_name(o, fre_type < 3 ? fre_types[fre_type] : NULL);
    fprintf(o, ",\"pauth_key\":\"%s\",\"signal\":%s,\"num_fres\":%" PRIu32 ",\"fres\":[",
            SFRAME_V1_FUNC_PAUTH_KEY(f.info) == SFRAME_AARCH64_PAUTH_KEY_B ? "B" : "A",
            s->version >= 3 && (f.info & 0x80) ? "true" : "false", f.num_fres);
    for (j = 0; j < f.num_fres; j++) {
      sframe_frame_row_entry fre;
      const char *what = NULL;
      int code = 0;
      memset(&fre, 0, sizeof fre);
      if (sframe_decoder_get_fre(s->ctx, i, j, &fre) != 0) {
        /* The API returns SFRAME_ERR without saying which error; for an
         * existing index the cause is its FRE sanity check. */
        fprintf(stderr,
                "libsframe: sframe_decoder_get_fre(function %" PRIu32 ", row %" PRIu32
                ") returned SFRAME_ERR (FRE failed libsframe's sanity check) [%s]\n",
                i, j, path);
        rc = 1;
        break;
      }
      fprintf(o, "%s{\"start\":%" PRIu32 ",\"rules\":", j ? "," : "", fre.fre_start_addr);
      if (api_rules_json(o, s, f.fde_type, &fre, &what, &code) != 0) {
        fprintf(stderr,
                "libsframe: %s(function %" PRIu32 ", row %" PRIu32 "): %s (%d: %s) [%s]\n", what,
                i, j, err_name(code), code, err_msg(code), path);
        rc = 1;
        break;
      }
      fputc('}', o);
    }
    fputs("]}", o);
  }
  fputs("]}\n", o);
  rc = sfa_finish(PROG, o, &text, &text_len, rc);
  free(text);
  return rc;
}

/* ---- lookup ---- */

static int same_fre(const sframe_frame_row_entry *a, const sframe_frame_row_entry *b) {
  return a->fre_start_addr == b->fre_start_addr && a->fre_info == b->fre_info &&
         memcmp(FRE_BYTES(a), FRE_BYTES(b), sizeof FRE_BYTES(a)) == 0;
}

/* The section-relative offset libsframe takes as `pc` (int32_t before
 * 2.47, int64_t since); 0 if the address is not expressible. */
static int rel_pc(uint64_t pc, uint64_t vma, sfa_pc *rel) {
  uint64_t d = pc - vma; /* modulo 2^64 */
  uint64_t max = sizeof(sfa_pc) == 4 ? (uint64_t)INT32_MAX : (uint64_t)INT64_MAX;
  if (d <= max) {
    *rel = (sfa_pc)d;
    return 1;
  }
  if (d >= (uint64_t)0 - (max + 1)) {
    *rel = (sfa_pc)(-(int64_t)((uint64_t)0 - d - 1) - 1); /* in [min, -1] */
    return 1;
  }
  return 0;
}

/* The function and row a successful sframe_find_fre answered with.  The
 * API returns a copy of the row only, so the row is located among the rows
 * of the functions whose range (as the API describes them) holds the PC:
 * the first such function with a byte-identical row; failing that, among
 * the rows of every function (libsframe 2.47.50 answers some PCs with a row
 * of a function that does not hold them, N33 F47-1 and F47-3: that is its
 * answer, and the runner calls it wrong-output).  Returns 0 and the indices,
 * or -1 when no function has that row. */
static int locate_row(const sec_info *s, uint64_t at, const sframe_frame_row_entry *fre,
                      long *fidx, long *ridx) {
  uint32_t n = sframe_decoder_get_num_fidx(s->ctx), i, j;
  int any;
  for (any = 0; any < 2; any++)
    for (i = 0; i < n; i++) {
      func f;
      if (get_func(s, i, &f) != 0 || (!any && at - f.addr >= f.size))
        continue;
      for (j = 0; j < f.num_fres; j++) {
        sframe_frame_row_entry cand;
        memset(&cand, 0, sizeof cand);
        if (sframe_decoder_get_fre(s->ctx, i, j, &cand) != 0)
          break;
        if (same_fre(&cand, fre)) {
          *fidx = (long)i, *ridx = (long)j;
          return 0;
        }
      }
    }
  return -1;
}

/* After sframe_find_fre failed (the API keeps its reason to itself), the
 * status is reconstructed from the FDE search it starts with:
 *  - before 2.47, sframe_get_funcdesc_with_addr (same argument) is that
 *    search: no FDE (SFRAME_ERR_FDE_NOTFOUND, _DCTX_INVAL for no FDEs,
 *    _FDE_NOTSORTED without the sorted flag) is "no-fde", and so is an FDE
 *    that does not cover the PC (it returns the last FDE starting at or
 *    before it, without a range check);
 *  - 2.47 has no such call: its search needs the sorted flag (libsframe-notes.md D6), so
 *    without it "no-fde"; with it, the functions as the API describes them.
 * The PC inside the function found: "bad-data" if one of its rows fails
 * sframe_decoder_get_fre, else "no-fre". */
static const char *miss_status(const sec_info *s, sfa_pc rel, uint64_t at) {
  uint32_t n = sframe_decoder_get_num_fidx(s->ctx), i, j;
  long fidx = -1;
  func f;
#if SFA_API_247
  if (!(s->flags & SFRAME_F_FDE_SORTED))
    return "no-fde";
  for (i = 0; i < n && fidx < 0; i++)
    if (get_func(s, i, &f) == 0 && at - f.addr < f.size)
      fidx = (long)i;
  (void)rel;
#else
  int err = 0;
  const sframe_func_desc_entry *p = sframe_get_funcdesc_with_addr(s->ctx, rel, &err);
  (void)at;
  if (p) {
    int64_t off = (int64_t)rel - (int64_t)p->sfde_func_start_address;
    if (off >= 0 && (uint64_t)off < p->sfde_func_size)
      for (i = 0; i < n && fidx < 0; i++)
        if (get_func(s, i, &f) == 0 && f.start == p->sfde_func_start_address &&
            f.size == p->sfde_func_size && f.num_fres == p->sfde_func_num_fres &&
            f.info == p->sfde_func_info)
          fidx = (long)i;
  }
#endif
  if (fidx < 0 || get_func(s, (uint32_t)fidx, &f) != 0)
    return "no-fde";
  for (j = 0; j < f.num_fres; j++) {
    sframe_frame_row_entry cand;
    memset(&cand, 0, sizeof cand);
    if (sframe_decoder_get_fre(s->ctx, (uint32_t)fidx, j, &cand) != 0)
      return "bad-data";
  }
  return "no-fre";
}

static int lookup_one(FILE *o, const sec_info *s, uint64_t pc, int ra_mode, int first,
                      const char *path) {
  sframe_frame_row_entry fre;
  uint64_t at;
  sfa_pc rel = 0;
  long fidx = -1, ridx = -1;
  func f;

  if (sfa_lookup_begin(o, pc, ra_mode, first, &at))
    return 0;
  if (!rel_pc(at, s->vma, &rel)) { /* libsframe's pc argument cannot say it */
    fputs("\"no-fde\"}", o);
    return 0;
  }
  memset(&fre, 0, sizeof fre);
  if (sframe_find_fre(s->ctx, rel, &fre) != 0) {
    fprintf(o, "\"%s\"}", miss_status(s, rel, at));
    return 0;
  }
  if (locate_row(s, at, &fre, &fidx, &ridx) != 0 || get_func(s, (uint32_t)fidx, &f) != 0) {
    fprintf(stderr,
            PROG ": sframe_find_fre(0x%" PRIx64 ") returned a row that is not "
            "among the rows of any function [%s]\n",
            at, path);
    return -1;
  }
  fprintf(o, "\"found\",\"fde\":%ld,\"fre\":%ld,\"fre_start\":%" PRIu32 ",\"rules\":", fidx,
          ridx, fre.fre_start_addr);
  {
    const char *what = NULL;
    int code = 0;
    if (api_rules_json(o, s, f.fde_type, &fre, &what, &code) != 0) {
      fprintf(stderr, "libsframe: %s(0x%" PRIx64 "): %s (%d: %s) [%s]\n", what, at,
              err_name(code), code, err_msg(code), path);
      return -1;
    }
  }
  fputc('}', o);
  return 0;
}

typedef struct {
  const sec_info *s;
  const uint64_t *pcs;
  const char *path;
} lookup_job;

static int lookup_job_one(FILE *o, void *job, int i, int ra_mode, int first) {
  const lookup_job *j = job;
  return lookup_one(o, j->s, j->pcs[i], ra_mode, first, j->path);
}

/* ---- main ---- */

static int command(int argc, char **argv) {
  section_buf sb;
  sframe_decoder_ctx *ctx;
  sfa_cli cli;
  uint8_t *raw = NULL;
  size_t raw_len = 0;
  int rc;

  /* libsframe 2.40 reads and writes past its buffers on some inputs (see
   * libsframe-notes.md): fixed addresses make its outcome repeat
   * (sfa_fixed_layout). */
  rc = sfa_cli_start(PROG, capabilities, argc, argv, &cli, &raw, &raw_len);
  if (rc >= 0)
    return rc;
  memset(&sb, 0, sizeof sb);
  rc = section_from_bytes(raw, raw_len, &sb);
  free(raw);
  if (rc != 0) {
    fprintf(stderr, PROG ": %s: cannot read\n", cli.section);
    sfa_cli_free(&cli);
    return 2;
  }
  ctx = decode_or_report(&sb, cli.section);
  if (!ctx) {
    rc = 1;
  } else {
    sec_info si;
    sec_init(&si, ctx, cli.vma);
    if (cli.cmd == SFA_CMD_DECODE) {
      rc = cmd_decode(&si, cli.section);
    } else {
      lookup_job job = {&si, cli.pcs, cli.section};
      rc = sfa_lookup_all(PROG, cli.npcs, lookup_job_one, &job, 1);
    }
    sframe_decoder_free(&ctx);
  }
  fflush(stdout);
  free_section(&sb);
  sfa_cli_free(&cli);
  return rc;
}

/* `serve` answers many commands in one process (sfa_serve.h), its
 * addresses fixed once as a single command's are. */
int main(int argc, char **argv) { return sfa_main(PROG, argc, argv, command, sfa_fixed_layout); }
