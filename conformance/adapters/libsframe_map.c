/* SPDX-License-Identifier: MIT */
/* libsframe_map.c - libsframe's API read into the suite's neutral terms
 * (libsframe_map.h). */
#include "libsframe_map.h"

#include "adapter_cli.h"

/* libsframe error codes by name, from the header's own X-macro. */
#define _SFRAME_FIRST(NAME, STR) #NAME
#define _SFRAME_ITEM(NAME, STR) , #NAME
static const char *const err_names[] = {_SFRAME_ERRORS};
#undef _SFRAME_ITEM
#undef _SFRAME_FIRST

const char *err_name(int e) {
  if (e >= SFRAME_ERR_BASE && e - SFRAME_ERR_BASE < (int)(sizeof err_names / sizeof *err_names))
    return err_names[e - SFRAME_ERR_BASE];
  return "unknown error code";
}

const char *err_msg(int e) {
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

/* N bytes at BYTES into a guarded buffer (also used by the differential
 * fuzz target, fuzz/targets/diff_libsframe3.c). */
int section_from_bytes(const unsigned char *bytes, size_t n, section_buf *sb) {
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

void free_section(section_buf *sb) {
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

/* The section as the API describes it. */


/* Offset accessors: 2.47 takes the FDE type (flexible FDEs keep the offset
 * of each rule in the second word of its control/offset pair). */

void set_rule(FILE *o, const char *name, const char *rule, unsigned reg, int64_t off) {
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
int api_rules_json(FILE *o, const sec_info *s, unsigned fde_type,
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
uint64_t func_addr(const sec_info *s, uint32_t i, int64_t start) {
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

int get_func(const sec_info *s, uint32_t i, func *f) {
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

unsigned get_version(sframe_decoder_ctx *ctx) {
#ifdef SFRAME_VERSION_2
  return sframe_decoder_get_version(ctx);
#else
  /* 2.40 has no accessor, but sframe_decode refuses any version other than
   * SFRAME_VERSION (= SFRAME_VERSION_1): an accepted section is version 1. */
  (void)ctx;
  return SFRAME_VERSION_1;
#endif
}

void sec_init(sec_info *s, sframe_decoder_ctx *ctx, uint64_t vma) {
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


int same_fre(const sframe_frame_row_entry *a, const sframe_frame_row_entry *b) {
  return a->fre_start_addr == b->fre_start_addr && a->fre_info == b->fre_info &&
         memcmp(FRE_BYTES(a), FRE_BYTES(b), sizeof FRE_BYTES(a)) == 0;
}
