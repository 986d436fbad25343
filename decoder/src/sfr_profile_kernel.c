/* sfr_profile_kernel.c - what the Linux kernel's SFrame user-space unwinder
 * refuses (sfref validate --profile kernel; SPEC-NOTES.md N41).
 *
 * The kernel's reader is kernel/unwind/sframe.c of the series
 * "unwind_deferred: Implement sframe handling" (Josh Poimboeuf, Steven
 * Rostedt, Jens Remus; v12 2025-11-19 reads SFrame version 2, v13
 * 2026-01-27 version 3; not merged).  This file restates its rules from
 * their description in N41, written here in the oracle's own terms: the
 * section is read as the kernel reads it (its bounds, its order of checks),
 * never past [buf, buf + len), and nothing is allocated.
 *
 * The stages (sfr_kernel_stage): sframe_read_header refuses a section when
 * it is registered (load); the FDE and FRE rules are met by a lookup, or at
 * registration with CONFIG_SFRAME_VALIDATION, which reads every FDE and FRE
 * in order and stops at the first refusal (validate).  Here every refusal
 * is reported; after one that makes a function's FREs unreadable (type,
 * bounds, word size, word count) the rest of that function is skipped, as
 * the kernel's reading of it stops there. */
#include <string.h>

#include "sfr_cursor.h"
#include "sframe_ref.h"

struct kernel_row {
  const char *name;
  const char *message;
  sfr_kernel_stage stage;
};

static const struct kernel_row krows[SFR_K_NUM] = {
    {"ok", "no finding", (sfr_kernel_stage)0},
#define SFR_X_KROW(e, id, stage, msg) {id, msg, SFR_KSTAGE_##stage},
    SFR_KERNEL_FINDINGS(SFR_X_KROW)
#undef SFR_X_KROW
};

const char *sfr_kernel_finding_name(sfr_kernel_id k) {
  return (unsigned)k < SFR_K_NUM ? krows[k].name : "unknown";
}

const char *sfr_kernel_finding_message(sfr_kernel_id k) {
  return (unsigned)k < SFR_K_NUM ? krows[k].message : "unknown finding";
}

sfr_kernel_stage sfr_kernel_finding_stage(sfr_kernel_id k) {
  return (unsigned)k < SFR_K_NUM ? krows[k].stage : SFR_KSTAGE_LOAD;
}

const char *sfr_kernel_stage_name(sfr_kernel_stage s) {
  static const char *const names[] = {"none", "load", "arch", "validate", "lookup"};
  return (unsigned)s < sizeof names / sizeof *names ? names[s] : "none";
}

sfr_kernel_id sfr_kernel_finding_by_name(const char *name) {
  unsigned i = 1;
  while (i < SFR_K_NUM && strcmp(krows[i].name, name) != 0)
    i++;
  return i < SFR_K_NUM ? (sfr_kernel_id)i : SFR_K_OK;
}

static void kadd(sfr_kernel_report *rep, sfr_kernel_id id, uint64_t offset, int64_t fde,
                 int64_t fre, const char *field) {
  if (rep->count < rep->cap) {
    sfr_kernel_finding *f = &rep->items[rep->count];
    f->id = id;
    f->offset = (int64_t)offset;
    f->fde = fde;
    f->fre = fre;
    f->field = field;
  }
  rep->count++;
}

/* The section as the kernel's header read leaves it. */
typedef struct kview {
  const uint8_t *buf;
  uint64_t vma;
  int be;
  int series;
  uint8_t version;
  int8_t fixed_fp, fixed_ra;
  uint32_t num_fdes;
  uint64_t fde_size; /* 20 (version 2) or 16 (version 3 index entry) */
  uint64_t fdes_start, fres_start, fres_end;
} kview;

/* An n-byte field at off; the caller has checked off + n against the bounds. */
static uint64_t kload(const kview *v, uint64_t off, unsigned n) {
  return sfr_load(v->buf + off, n, v->be);
}

static int64_t ksigned(uint64_t raw, unsigned n) {
  uint64_t sign = (uint64_t)1 << (8 * n - 1);
  if (n >= 8)
    return raw <= (uint64_t)INT64_MAX ? (int64_t)raw : -(int64_t)(~raw) - 1;
  return (int64_t)(raw & (sign - 1)) - (int64_t)(raw & sign);
}

/* The native byte order of an ABI: 1 big, 0 little, -1 unknown ABI. */
static int abi_big_endian(uint8_t abi) {
  switch (abi) {
  case SFR_ABI_AARCH64_BE:
  case SFR_ABI_S390X_BE:
    return 1;
  case SFR_ABI_AARCH64_LE:
  case SFR_ABI_AMD64_LE:
    return 0;
  default:
    return -1;
  }
}

/* sframe_read_header: 1 when the layout is known (the FDE and FRE reads
 * that follow are in bounds), 0 when the check must end. */
static int check_header(kview *v, size_t len, sfr_kernel_report *rep) {
  const uint8_t *b = v->buf;
  uint8_t flags, abi, aux;
  uint32_t num_fres, fre_len, fdeoff, freoff;
  uint64_t hdr_end, fdes_end;
  int native;
  unsigned want = v->series == SFR_KERNEL_V12 ? SFR_VERSION_2 : SFR_VERSION_3;

  if (len < SFR_HEADER_SIZE) {
    kadd(rep, SFR_K_TOO_SMALL, 0, -1, -1, NULL);
    return 0;
  }
  if (sfr_le16(b) == SFR_MAGIC)
    v->be = 0;
  else if (sfr_be16(b) == SFR_MAGIC)
    v->be = 1;
  else {
    kadd(rep, SFR_K_BAD_MAGIC, 0, -1, -1, "sfp_magic");
    return 0;
  }
  abi = b[4];
  native = abi_big_endian(abi);
  if (native >= 0 && native != v->be) {
    kadd(rep, SFR_K_BYTE_ORDER, 0, -1, -1, "sfp_magic");
    return 0;
  }
  if (abi != SFR_ABI_AMD64_LE && abi != SFR_ABI_S390X_BE)
    kadd(rep, SFR_K_ABI_UNSUPPORTED, 4, -1, -1, "sfh_abi_arch");
  v->version = b[2];
  if (v->version != want) {
    kadd(rep, SFR_K_VERSION_UNSUPPORTED, 2, -1, -1, "sfp_version");
    return 0;
  }
  flags = b[3];
  if (!(flags & SFR_F_FDE_SORTED))
    kadd(rep, SFR_K_SORTED_REQUIRED, 3, -1, -1, "sfp_flags");
  if (!(flags & SFR_F_FDE_FUNC_START_PCREL))
    kadd(rep, SFR_K_PCREL_REQUIRED, 3, -1, -1, "sfp_flags");
  aux = b[7];
  if (aux)
    kadd(rep, SFR_K_AUXHDR_PRESENT, 7, -1, -1, "sfh_auxhdr_len");
  v->fixed_fp = (int8_t)ksigned(b[5], 1);
  v->fixed_ra = (int8_t)ksigned(b[6], 1);
  v->num_fdes = (uint32_t)kload(v, 8, 4);
  num_fres = (uint32_t)kload(v, 12, 4);
  fre_len = (uint32_t)kload(v, 16, 4);
  fdeoff = (uint32_t)kload(v, 20, 4);
  freoff = (uint32_t)kload(v, 24, 4);
  if (!v->num_fdes)
    kadd(rep, SFR_K_NO_FDES, 8, -1, -1, "sfh_num_fdes");
  if (!num_fres)
    kadd(rep, SFR_K_NO_FRES, 12, -1, -1, "sfh_num_fres");
  hdr_end = SFR_HEADER_SIZE + (uint64_t)aux;
  if (hdr_end >= len) {
    kadd(rep, SFR_K_TOO_SMALL, 7, -1, -1, "sfh_auxhdr_len");
    return 0;
  }
  v->fde_size = v->version == SFR_VERSION_2 ? SFR_V2_FDE_SIZE : SFR_V3_FDE_INDEX_SIZE;
  v->fdes_start = hdr_end + fdeoff;
  fdes_end = v->fdes_start + (uint64_t)v->num_fdes * v->fde_size;
  v->fres_start = hdr_end + freoff;
  v->fres_end = v->fres_start + fre_len;
  if (v->fres_start < fdes_end || v->fres_end > len) {
    kadd(rep, SFR_K_SUBSECTIONS, 24, -1, -1, "sfh_freoff");
    return 0;
  }
  return 1;
}

/* One function as the kernel reads it (__read_fde). */
typedef struct kfde {
  uint64_t start;
  uint32_t size, num_fres;
  uint8_t info, info2, rep_size;
  uint64_t fres_at; /* absolute offset of its first FRE */
} kfde;

/* 1 when the function's FREs can be read, 0 when __read_fde refuses it. */
static int read_fde(const kview *v, const sfr_kernel_options *o, uint32_t i, kfde *f,
                    sfr_kernel_report *rep) {
  uint64_t off = v->fdes_start + (uint64_t)i * v->fde_size, fre_off;
  memset(f, 0, sizeof *f);
  if (v->version == SFR_VERSION_2) {
    f->start = v->vma + off + (uint64_t)ksigned(kload(v, off, 4), 4);
    f->size = (uint32_t)kload(v, off + 4, 4);
    fre_off = kload(v, off + 8, 4);
    f->num_fres = (uint32_t)kload(v, off + 12, 4);
    f->info = v->buf[off + 16];
    f->info2 = 0;
    f->rep_size = v->buf[off + 17];
    f->fres_at = v->fres_start + fre_off;
  } else {
    f->start = v->vma + off + (uint64_t)ksigned(kload(v, off, 8), 8);
    f->size = (uint32_t)kload(v, off + 8, 4);
    fre_off = kload(v, off + 12, 4);
  }
  /* v12 lets a function start at the text's end; v13 does not. */
  if (o->have_text && (f->start < o->text_start ||
                       (v->series == SFR_KERNEL_V12 ? f->start > o->text_end
                                                    : f->start >= o->text_end))) {
    kadd(rep, SFR_K_FDE_OUTSIDE_TEXT, off, i, -1, "func_start");
    return 0;
  }
  if (v->version == SFR_VERSION_3) {
    uint64_t at = v->fres_start + fre_off;
    if (at + SFR_V3_FDE_ATTR_SIZE > v->fres_end) {
      kadd(rep, SFR_K_FDE_ATTR_OUT, off + 12, i, -1, "fre_off");
      return 0;
    }
    f->num_fres = (uint32_t)kload(v, at, 2);
    f->info = v->buf[at + 2];
    f->info2 = v->buf[at + 3];
    f->rep_size = v->buf[at + 4];
    f->fres_at = at + SFR_V3_FDE_ATTR_SIZE;
  }
  return 1;
}

/* The data words of one FRE past its start address and info byte, by the
 * kernel's rules for the FDE type: 1 when it accepts them. */
static int check_words(const kview *v, const kfde *f, unsigned count, uint64_t at, uint32_t i,
                       uint32_t j, sfr_kernel_report *rep) {
  unsigned fde_type = v->version == SFR_VERSION_3 ? (f->info2 & 0x0fu) : SFR_FDE_TYPE_DEFAULT;
  unsigned left;
  if (fde_type == SFR_FDE_TYPE_FLEX) {
    /* Zero words: not established (N41); one cannot hold the CFA rule. */
    if (count == 1) {
      kadd(rep, SFR_K_FLEX_TOO_FEW, at, i, j, "sfre_info");
      return 0;
    }
    return 1;
  }
  if (fde_type != SFR_FDE_TYPE_DEFAULT || count == 0) /* 0: outermost frame */
    return 1;
  left = count - 1; /* the CFA word */
  if (v->fixed_ra == 0) {
    if (left)
      left--;
    else if (v->series == SFR_KERNEL_V12) {
      kadd(rep, SFR_K_RA_WORD_MISSING, at, i, j, "sfre_info");
      return 0;
    }
  }
  if (v->fixed_fp == 0 && left)
    left--;
  if (left) {
    kadd(rep, SFR_K_DATAWORDS_LEFTOVER, at, i, j, "sfre_info");
    return 0;
  }
  return 1;
}

/* __read_fre over every FRE of function i, and their order (__find_fre,
 * sframe_validate_section). */
static void check_fres(const kview *v, const kfde *f, uint32_t i, sfr_kernel_report *rep) {
  unsigned fre_type = f->info & 0x0fu, pctype = (f->info >> 4) & 1u;
  uint64_t pos = f->fres_at;
  uint32_t j, prev = 0;
  if (pctype == SFR_PCTYPE_MASK && f->rep_size == 0)
    kadd(rep, SFR_K_PCMASK_REP_ZERO, pos, i, -1, "rep_size");
  if (f->num_fres && fre_type > SFR_FRE_TYPE_ADDR4) {
    kadd(rep, SFR_K_FRE_TYPE, pos, i, 0, "fre_type");
    return;
  }
  for (j = 0; j < f->num_fres; j++) {
    unsigned asz = 1u << fre_type, count, wcode, wsz;
    uint32_t ip_off;
    uint8_t info;
    if (pos + asz + 1 > v->fres_end) {
      kadd(rep, SFR_K_FRE_TRUNCATED, pos, i, j, "sfre_start_address");
      return;
    }
    ip_off = (uint32_t)kload(v, pos, asz);
    if (pctype == SFR_PCTYPE_INC && ip_off > f->size) {
      kadd(rep, SFR_K_FRE_START_PAST_SIZE, pos, i, j, "sfre_start_address");
      return;
    }
    info = v->buf[pos + asz];
    count = (info >> 1) & 0x0fu;
    wcode = (info >> 5) & 0x3u;
    if (wcode > 2) {
      kadd(rep, SFR_K_DATAWORD_SIZE, pos + asz, i, j, "sfre_info");
      return;
    }
    wsz = 1u << wcode;
    if (pos + asz + 1 + (uint64_t)count * wsz > v->fres_end) {
      kadd(rep, SFR_K_FRE_TRUNCATED, pos + asz, i, j, "sfre_info");
      return;
    }
    if (!check_words(v, f, count, pos + asz, i, j, rep))
      return;
    if (j > 0 && ip_off <= prev)
      kadd(rep, SFR_K_FRE_NOT_INCREASING, pos, i, j, "sfre_start_address");
    prev = ip_off;
    pos += asz + 1 + (uint64_t)count * wsz;
  }
}

void sfr_kernel_check(const uint8_t *buf, size_t len, uint64_t vma, const sfr_kernel_options *opt,
                      sfr_kernel_report *rep) {
  kview v;
  uint64_t prev = 0;
  uint32_t i;
  rep->count = 0;
  memset(&v, 0, sizeof v);
  v.buf = buf;
  v.vma = vma;
  v.series = opt->series == SFR_KERNEL_V12 ? SFR_KERNEL_V12 : SFR_KERNEL_V13;
  if (!buf || !check_header(&v, len, rep))
    return;
  for (i = 0; i < v.num_fdes; i++) {
    kfde f;
    if (!read_fde(&v, opt, i, &f, rep))
      continue;
    /* sframe_validate_section: strictly increasing starts, from above 0. */
    if (f.start <= prev)
      kadd(rep, SFR_K_FDE_NOT_INCREASING, v.fdes_start + (uint64_t)i * v.fde_size, i, -1,
           "func_start");
    prev = f.start;
    check_fres(&v, &f, i, rep);
  }
}
