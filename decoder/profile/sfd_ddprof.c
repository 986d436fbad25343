/* SPDX-License-Identifier: MIT */
/* sfd_ddprof.c - DataDog java-profiler's reading of a section
 * (sframe_ddprof.h; SPEC-NOTES.md N46 gives each rule with its file and
 * line in ddprof-lib/src/main/cpp, merge 93adc6bf).  Restated in the
 * oracle's terms; nothing is copied.  Every read is bounded by the section;
 * nothing is allocated. */
#include <string.h>

#include "sframe_ddprof.h"
#include "sfr_cursor.h"

static const sfd_gen_info gens[SFD_GEN_NUM] = {
    {"ddprof-2026-06", "2026-06-17",
     "DataDog java-profiler's SFrame parser: version 2, host ABI, no PCREL",
     "DataDog/java-profiler 93adc6bf (PR #471): ddprof-lib/src/main/cpp/sframe.{h,cpp}, "
     "codeCache.cpp findFrameDesc, symbols_linux.cpp"},
};

struct rule_row {
  const char *name, *cells, *message;
};

static const struct rule_row rows[SFD_NUM] = {
    {"ok", "-", "no finding"},
#define SFD_X_ROW(e, id, cells, msg) {id, cells, msg},
    SFD_RULES(SFD_X_ROW)
#undef SFD_X_ROW
};

const sfd_gen_info *sfd_gen_get(sfd_gen g) {
  return (unsigned)g < SFD_GEN_NUM ? &gens[g] : NULL;
}

int sfd_gen_by_name(const char *name) {
  int g;
  if (strcmp(name, "ddprof") == 0)
    return SFD_GEN_NEWEST;
  for (g = 0; g < SFD_GEN_NUM; g++)
    if (strcmp(gens[g].name, name) == 0)
      return g;
  return -1;
}

const char *sfd_rule_name(sfd_id k) {
  return (unsigned)k < SFD_NUM ? rows[k].name : "unknown";
}

const char *sfd_rule_message(sfd_id k) {
  return (unsigned)k < SFD_NUM ? rows[k].message : "unknown rule";
}

char sfd_rule_cell(sfd_id k, sfd_gen g) {
  if ((unsigned)k >= SFD_NUM || (unsigned)g >= SFD_GEN_NUM || k == SFD_OK)
    return '-';
  return rows[k].cells[g];
}

int sfd_rule_refuses(sfd_id k, sfd_gen g) {
  char c = sfd_rule_cell(k, g);
  return c == 'L' || c == 'A';
}

const char *sfd_outcome_name(sfd_outcome o) {
  static const char *const names[] = {"found", "default-frame", "not-used"};
  return (unsigned)o < sizeof names / sizeof *names ? names[o] : "unknown";
}

/* The profiler's DWARF numbers (dwarf.h): x86-64 rbp 6, rsp 7; AArch64
 * x29, sp 31. */
uint32_t sfd_reg_fp(uint8_t abi) { return abi == SFR_ABI_AMD64_LE ? 6u : 29u; }
uint32_t sfd_reg_sp(uint8_t abi) { return abi == SFR_ABI_AMD64_LE ? 7u : 31u; }

size_t sfd_rows_bound(size_t len) { return len / 3 + 1; }

static void note(sfd_table *t, sfd_id id, uint64_t off, int64_t fde, int64_t fre) {
  if (t->items && t->findings < t->items_cap) {
    sfd_finding *f = &t->items[t->findings];
    f->id = id;
    f->offset = (int64_t)off;
    f->fde = fde;
    f->fre = fre;
  }
  t->findings++;
  if (sfd_rule_refuses(id, SFD_GEN_NEWEST) && t->refused == SFD_OK)
    t->refused = id;
}

/* A little-endian field (the profiler reads host order on a little-endian
 * host), signed when n < 4 asks for it. */
static uint32_t le(const uint8_t *p, unsigned n) { return (uint32_t)sfr_load(p, n, 0); }

static int32_t sle(const uint8_t *p, unsigned n) {
  uint32_t v = le(p, n);
  if (n == 1)
    return (int8_t)(uint8_t)v;
  if (n == 2)
    return (int16_t)(uint16_t)v;
  return v <= INT32_MAX ? (int32_t)v : -(int32_t)(~v) - 1;
}

/* The header (SFrameParser::parse, checks 1-8): SFD_OK, or the refusal. */
typedef struct hdr_view {
  uint64_t data, fdes, fres, fres_end;
  uint32_t num_fdes;
  uint8_t flags;
  int8_t fixed_fp, fixed_ra;
} hdr_view;

static sfd_id read_header(const uint8_t *b, size_t len, uint64_t vma, hdr_view *h) {
  uint64_t data_len, fdeoff, freoff, fre_len, fdes_end;
  if (vma > UINT32_MAX)
    return SFD_SECTION_OFFSET_LARGE;
  if (len < SFR_HEADER_SIZE)
    return SFD_TOO_SMALL;
  if (le(b, 2) != SFR_MAGIC)
    return SFD_BAD_MAGIC;
  if (b[2] != SFR_VERSION_2)
    return SFD_VERSION_UNSUPPORTED;
  if (b[4] != SFR_ABI_AMD64_LE && b[4] != SFR_ABI_AARCH64_LE)
    return SFD_ABI_UNSUPPORTED;
  if (SFR_HEADER_SIZE + (uint64_t)b[7] > len)
    return SFD_AUXHDR_PAST_END;
  h->flags = b[3];
  if (h->flags & SFR_F_FDE_FUNC_START_PCREL)
    return SFD_PCREL_UNSUPPORTED;
  h->fixed_fp = (int8_t)b[5];
  h->fixed_ra = (int8_t)b[6];
  h->num_fdes = le(b + 8, 4);
  fre_len = le(b + 16, 4);
  fdeoff = le(b + 20, 4);
  freoff = le(b + 24, 4);
  h->data = SFR_HEADER_SIZE + (uint64_t)b[7];
  data_len = len - h->data;
  if (fdeoff > data_len || freoff > data_len || fre_len > data_len - freoff)
    return SFD_OFFSETS_OUT;
  h->fdes = h->data + fdeoff;
  h->fres = h->data + freoff;
  h->fres_end = h->fres + fre_len;
  fdes_end = h->fdes + (uint64_t)h->num_fdes * SFR_V2_FDE_SIZE;
  if (fdes_end > len)
    return SFD_OFFSETS_OUT;
  if (h->num_fdes > 0 && fre_len > 0 && fdes_end > h->fres && h->fdes < h->fres_end)
    return SFD_SUBSECTIONS_OVERLAP;
  return SFD_OK;
}

/* What the spec reads in the same func_info byte differs from the
 * profiler's reading (the start address size or the FDE type). */
static int fde_info_differs(uint8_t info) {
  return (info & 0x0fu) != ((info >> 1) & 0x3u) || ((info >> 4) & 1u) != (info & 1u);
}

/* One FDE (parseFDE): its rows appended to t, or the rule that fails it
 * (the caller rolls the rows back). */
static sfd_id read_fde(const uint8_t *b, uint64_t vma, const hdr_view *h, uint32_t i,
                       sfd_table *t) {
  uint64_t fde = h->fdes + (uint64_t)i * SFR_V2_FDE_SIZE;
  uint32_t start = le(b + fde, 4), fre_off = le(b + fde + 8, 4), fre_num = le(b + fde + 12, 4);
  uint8_t info = b[fde + 16];
  unsigned code = (info >> 1) & 0x3u, asz, j;
  uint64_t p;
  int misread = 0;
  if (code == 3)
    return SFD_FRE_TYPE_RESERVED;
  asz = 1u << code;
  if (fre_off >= h->fres_end - h->fres)
    return SFD_FRE_OFF_OUT;
  p = h->fres + fre_off;
  for (j = 0; j < fre_num; j++) {
    uint32_t fre_start, reg;
    uint8_t fi;
    unsigned wcode, ws, n;
    int32_t cfa_off, ra_off = 0, fp_off = 0;
    sfd_row *r;
    if (p >= h->fres_end || p + asz > h->fres_end)
      return SFD_FRE_TRUNCATED;
    fre_start = le(b + p, asz);
    p += asz;
    if (p + 1 > h->fres_end)
      return SFD_FRE_TRUNCATED;
    fi = b[p++];
    wcode = (fi >> 1) & 0x3u;
    if (wcode == 3)
      return SFD_OFFSET_SIZE_RESERVED;
    ws = 1u << wcode;
    n = 1u + ((fi >> 4) & 1u) + ((fi >> 3) & 1u);
    if (p + (uint64_t)n * ws > h->fres_end)
      return SFD_FRE_TRUNCATED;
    if (!misread) {
      /* The spec reads this byte's base, word count and word size
       * otherwise (its base bit alone always differs). */
      note(t, SFD_FRE_INFO_MISREAD, p - 1, i, j);
      misread = 1;
    }
    cfa_off = sle(b + p, ws);
    p += ws;
    if (cfa_off < -8388608 || cfa_off > 8388607)
      return SFD_CFA_OFFSET_RANGE;
    if ((fi >> 3) & 1u) {
      ra_off = sle(b + p, ws);
      p += ws;
    }
    if ((fi >> 4) & 1u) {
      fp_off = sle(b + p, ws);
      p += ws;
    }
    reg = (fi & 1u) ? sfd_reg_fp(t->abi) : sfd_reg_sp(t->abi);
    if (t->linked_frame_size < 0 && reg == sfd_reg_fp(t->abi) && cfa_off > 0)
      t->linked_frame_size = cfa_off;
    if (t->count >= t->cap)
      return SFD_FRE_TRUNCATED; /* not reached: sfd_rows_bound holds every row */
    r = &t->rows[t->count++];
    r->loc = (uint32_t)vma + start + fre_start;
    r->cfa = ((uint32_t)cfa_off << 8) | reg;
    r->fp_off = ((fi >> 4) & 1u) ? fp_off : h->fixed_fp ? h->fixed_fp : SFD_SAME_FP;
    r->pc_off = h->fixed_ra ? h->fixed_ra : ((fi >> 3) & 1u) ? ra_off : SFD_LINK_REGISTER;
    r->fde = i;
    r->fre = j;
  }
  return SFD_OK;
}

/* qsort with the profiler's comparator (by loc), made deterministic: a
 * heap sort on (loc, place read), which orders rows of equal loc as read. */
static int row_before(const sfd_row *a, const sfd_row *b) {
  if (a->loc != b->loc)
    return a->loc < b->loc;
  return a->fde != b->fde ? a->fde < b->fde : a->fre < b->fre;
}

static void sift(sfd_row *r, size_t at, size_t n) {
  for (;;) {
    size_t c = 2 * at + 1, big = at;
    sfd_row tmp;
    if (c < n && row_before(&r[big], &r[c]))
      big = c;
    if (c + 1 < n && row_before(&r[big], &r[c + 1]))
      big = c + 1;
    if (big == at)
      return;
    tmp = r[at];
    r[at] = r[big];
    r[big] = tmp;
    at = big;
  }
}

static void sort_rows(sfd_row *r, size_t n) {
  size_t i;
  for (i = n / 2; i-- > 0;)
    sift(r, i, n);
  for (i = n; i-- > 1;) {
    sfd_row tmp = r[0];
    r[0] = r[i];
    r[i] = tmp;
    sift(r, 0, i);
  }
}

/* The lookup rules found on the table: the flag trusted over an order the
 * rows do not have, and functions whose end the lookup runs past. */
static void table_rules(const uint8_t *b, uint64_t vma, const hdr_view *h, sfd_table *t) {
  size_t k;
  uint32_t i;
  for (k = 1; k < t->count; k++)
    if (t->rows[k].loc < t->rows[k - 1].loc) {
      note(t, SFD_SORTED_TRUSTED, 3, t->rows[k].fde, t->rows[k].fre);
      break;
    }
  for (i = 0; i < h->num_fdes; i++) {
    uint64_t fde = h->fdes + (uint64_t)i * SFR_V2_FDE_SIZE;
    uint32_t end = (uint32_t)vma + le(b + fde, 4) + le(b + fde + 4, 4);
    sfd_answer a;
    sfd_lookup(t, end, &a);
    if (a.outcome == SFD_LOOKUP_ROW && a.row.fde == i && a.row.loc != end)
      note(t, SFD_NO_FUNCTION_END, fde + 4, i, -1);
  }
}

void sfd_parse(const uint8_t *buf, size_t len, uint64_t vma, sfd_gen g, sfd_table *t) {
  hdr_view h;
  sfd_id id;
  uint32_t i;
  (void)g; /* one generation so far: its rules are the cells' */
  t->count = 0;
  t->accepted = 0;
  t->refused = SFD_OK;
  t->findings = 0;
  t->linked_frame_size = -1;
  t->abi = buf && len > 4 ? buf[4] : 0;
  memset(&h, 0, sizeof h);
  if (!buf || (id = read_header(buf, len, vma, &h)) != SFD_OK) {
    note(t, buf ? id : SFD_NO_SEGMENT, 0, -1, -1);
    return;
  }
  for (i = 0; i < h.num_fdes; i++) {
    uint64_t fde = h.fdes + (uint64_t)i * SFR_V2_FDE_SIZE;
    uint8_t info = buf[fde + 16];
    size_t saved = t->count;
    int32_t saved_lfs = t->linked_frame_size;
    if (info & 1u) {
      note(t, SFD_FDE_TYPE_BIT0, fde + 16, i, -1);
      continue;
    }
    if (le(buf + fde + 12, 4) == 0) {
      note(t, SFD_FDE_NO_FRES, fde + 12, i, -1);
      continue;
    }
    if (fde_info_differs(info))
      note(t, SFD_FDE_INFO_MISREAD, fde + 16, i, -1);
    if ((info >> 4) & 1u)
      note(t, SFD_PCMASK_AS_PCINC, fde + 16, i, -1);
    if ((id = read_fde(buf, vma, &h, i, t)) != SFD_OK) {
      note(t, id, fde + 8, i, -1);
      t->count = saved;
      t->linked_frame_size = saved_lfs;
    }
  }
  if (t->count > 0 && !(h.flags & SFR_F_FDE_SORTED))
    sort_rows(t->rows, t->count);
  if (t->count == 0) {
    note(t, SFD_NO_ROWS, 8, -1, -1);
    return;
  }
  t->accepted = 1;
  table_rules(buf, vma, &h, t);
}

/* CodeCache::findFrameDesc, with no PLT known (a PC below the first row
 * gets the default frame; the profiler's PLT rule needs the ELF's .plt). */
void sfd_lookup(const sfd_table *t, uint64_t pc, sfd_answer *a) {
  uint32_t target = (uint32_t)pc;
  int64_t low = 0, high = (int64_t)t->count - 1;
  memset(a, 0, sizeof *a);
  a->index = -1;
  if (!t->accepted) {
    a->outcome = SFD_LOOKUP_NOT_USED;
    return;
  }
  while (low <= high) {
    int64_t mid = (low + high) / 2;
    if (t->rows[mid].loc < target)
      low = mid + 1;
    else if (t->rows[mid].loc > target)
      high = mid - 1;
    else {
      a->outcome = SFD_LOOKUP_ROW;
      a->row = t->rows[mid];
      a->index = mid;
      return;
    }
  }
  if (low > 0) {
    a->outcome = SFD_LOOKUP_ROW;
    a->row = t->rows[low - 1];
    a->index = low - 1;
    return;
  }
  /* The default frame (dwarf.cpp): x86-64 CFA = FP+16, FP at CFA-16, RA at
   * CFA-8; AArch64 CFA = FP+0 (GCC) or FP+16 (clang's layout, when the
   * first FP-based row had offset 16), FP at CFA-size, RA at CFA-size+8. */
  {
    int32_t size = t->abi == SFR_ABI_AMD64_LE ? 16 : t->linked_frame_size == 16 ? 16 : 0;
    a->outcome = SFD_LOOKUP_DEFAULT;
    a->row.cfa = ((uint32_t)size << 8) | sfd_reg_fp(t->abi);
    a->row.fp_off = -size;
    a->row.pc_off = -size + 8;
    a->row.fde = a->row.fre = UINT32_MAX;
  }
}

const char *sfd_unwind_stop_name(sfd_unwind_stop s) {
  static const char *const names[] = {"next",         "not-used",      "cfa-register",
                                      "sp-range",     "sp-unaligned",  "fp-slot-unaligned",
                                      "ra-slot-unaligned", "no-link-register", "sender-sp",
                                      "dead-zone",    "stuck"};
  return (unsigned)s < sizeof names / sizeof *names ? names[s] : "unknown";
}

#define SFD_MAX_FRAME_SIZE 0x40000
#define SFD_DEAD_ZONE 0x1000u

/* An 8-byte little-endian load; 0 where the memory cannot be read. */
static uint64_t load8(sfr_read_mem_fn read_mem, void *ctx, uint64_t addr) {
  uint8_t b[8];
  return read_mem(ctx, addr, b, 8) == 0 ? sfr_load(b, 8, 0) : 0;
}

sfd_unwind_stop sfd_unwind_frame(const sfd_table *t, sfr_read_mem_fn read_mem, void *mem_ctx,
                                 const sfr_regs *cur, int depth, uint64_t bottom,
                                 sfr_regs *caller, sfd_answer *a) {
  int amd64 = t->abi == SFR_ABI_AMD64_LE;
  uint64_t sp, fp = cur->fp, pc = cur->pc;
  uint32_t reg;
  int32_t cfa_off;
  memset(caller, 0, sizeof *caller);
  sfd_lookup(t, cur->pc, a);
  if (a->outcome == SFD_LOOKUP_NOT_USED)
    return SFD_UNWIND_NOT_USED;
  reg = a->row.cfa & 0xffu;
  cfa_off = (int32_t)(a->row.cfa >> 8);
  if (reg == sfd_reg_sp(t->abi))
    sp = cur->sp + (uint64_t)(int64_t)cfa_off;
  else if (reg == sfd_reg_fp(t->abi))
    sp = cur->fp + (uint64_t)(int64_t)cfa_off;
  else
    return SFD_UNWIND_CFA_REG;
  if (sp < cur->sp || sp >= cur->sp + SFD_MAX_FRAME_SIZE || sp >= bottom)
    return SFD_UNWIND_SP_RANGE;
  if (sp & 7u)
    return SFD_UNWIND_SP_UNALIGNED;
  if (a->row.fp_off & 1) {
    pc += (uint64_t)(int64_t)(a->row.fp_off >> 1);
  } else {
    if (a->row.fp_off != SFD_SAME_FP && a->row.fp_off < SFD_MAX_FRAME_SIZE &&
        a->row.fp_off > -SFD_MAX_FRAME_SIZE) {
      uint64_t at = sp + (uint64_t)(int64_t)a->row.fp_off;
      if (at & 7u)
        return SFD_UNWIND_FP_UNALIGNED;
      fp = load8(read_mem, mem_ctx, at);
    }
    if (amd64 || a->row.pc_off != SFD_LINK_REGISTER) {
      uint64_t at = sp + (uint64_t)(int64_t)a->row.pc_off;
      if (at & 7u)
        return SFD_UNWIND_PC_UNALIGNED;
      pc = load8(read_mem, mem_ctx, at);
    } else if (depth == 1 && cur->ra_valid) {
      pc = cur->ra;
    } else {
      return SFD_UNWIND_NO_LINK;
    }
    if (!amd64)
      pc &= 0xffffffffffffull; /* stripPointer: 48-bit addresses */
    if (!amd64 && cfa_off == 0 && a->row.fp_off != SFD_SAME_FP) {
      uint64_t prev = cur->sp;
      sp = fp; /* defaultSenderSP on Linux */
      if (sp < prev || sp >= bottom || (sp & 7u))
        return SFD_UNWIND_SENDER_SP;
    }
  }
  caller->pc = pc;
  caller->sp = sp;
  caller->fp = fp;
  if (pc < SFD_DEAD_ZONE || pc > (uint64_t)0 - SFD_DEAD_ZONE)
    return SFD_UNWIND_DEAD_ZONE;
  if (pc == cur->pc && sp == cur->sp)
    return SFD_UNWIND_STUCK;
  return SFD_UNWIND_NEXT;
}
