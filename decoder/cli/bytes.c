/* SPDX-License-Identifier: MIT */
/* bytes.c - `sfref dump --bytes`: every byte of a section labelled once, in
 * order: the preamble and header fields (spec 2.1, 2.2), the auxiliary
 * header, each FDE record (2.3.1; versions 1-2: the whole FDE), each
 * version-3 FDE attribute (2.3.2), each FRE (2.4: start address, info byte
 * 2.4.1, data words), and what no structure reaches as `unreferenced`.
 *
 * It reads any bytes, valid or not: each structure is read as far as the
 * bytes go (a field cut short is labelled truncated) and nothing outside
 * [buf, buf + len) is read.  The layouts are the public header's
 * (SFR_HDR_*_AT, SFR_V12_*_AT, SFR_V3_ATTR_*_AT, sfr_layout and its
 * predicates) and sfr_fde_read.h's; the info bytes are split by the
 * library's sfr_decode_fde_info and sfr_decode_fre_info.
 *
 * Bytes are claimed in a fixed order: the header, the FDE array, then each
 * function's FRE data in FDE order.  A function whose data would re-read
 * bytes already labelled (its attribute or an FRE overlapping them: two
 * functions sharing FRE data, FRE data inside the FDE array) stops there;
 * the record is listed apart as shared (JSON "shared"), not labelled twice.
 * The library allocates nothing; this renderer does (a bitmap of claimed
 * bytes and one record per function). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "sfr_cursor.h"
#include "sfr_fde_read.h"
#include "sfc_json.h"

/* ---- one labelled field ---- */

enum { V_NONE, V_UNSIGNED, V_SIGNED, V_HEX };

typedef struct bitfield {
  const char *name;
  unsigned lo, hi, value;
  char meaning[64];
} bitfield;

typedef struct field {
  uint64_t off, size; /* bytes present in the section */
  uint64_t want;      /* the field's full size (> size: truncated) */
  char name[64];
  const char *spec;   /* the spec's name for it, or NULL */
  int kind;           /* V_*: how its value prints (V_NONE: no value) */
  uint64_t u;
  int64_t s;
  char note[96];
  int nbits;
  bitfield bits[8];
} field;

/* One function's FRE data: [start, end), nrec records (a version-3
 * attribute counts as one), and the record that was not labelled because
 * its bytes were (shared_size 0: none). */
typedef struct run {
  uint64_t start, end;
  uint32_t fde;
  uint64_t nrec;
  uint64_t shared_at, shared_size;
  int64_t shared_fre; /* -1: the attribute */
} run;

typedef struct segment {
  uint64_t start, end;
  int kind;     /* SEG_HEADER, SEG_FDES, SEG_RUN */
  size_t run;
} segment;
enum { SEG_HEADER, SEG_FDES, SEG_RUN };

typedef struct bctx {
  FILE *out;
  int json;
  const uint8_t *buf;
  size_t len;
  uint64_t vma;
  /* what the preamble and header say, as far as they are there */
  int magic_ok, be, have_header;
  unsigned version;
  uint8_t flags, auxhdr_len;
  uint32_t num_fdes, num_fres, fre_len, fdeoff, freoff;
  uint64_t hdr_end;      /* labelled end of the header and aux header */
  uint64_t fde_start, fde_end; /* labelled FDE array (fde_end <= len) */
  uint64_t fre_start, fre_end, limit; /* FRE sub-section; limit = min(fre_end, len) */
  const char *stop_note; /* why bytes from stop_at on are not read */
  uint64_t stop_at;
  uint8_t *claimed;      /* a bit per byte */
  run *runs;
  size_t nruns;
  /* output */
  uint64_t printed;      /* bytes labelled so far, in order */
  int first, bad;
  unsigned offw;         /* hex digits of an offset */
} bctx;

/* ---- output ---- */

static void put_raw(bctx *c, uint64_t off, uint64_t n, const char *sep) {
  uint64_t i;
  for (i = 0; i < n; i++)
    fprintf(c->out, "%s%02x", i && sep ? sep : "", c->buf[off + i]);
}

static void value_text(char *b, size_t n, const field *f) {
  if (f->size < f->want)
    snprintf(b, n, "truncated (%" PRIu64 " of %" PRIu64 " bytes)", f->size, f->want);
  else if (f->kind == V_UNSIGNED)
    snprintf(b, n, "%" PRIu64, f->u);
  else if (f->kind == V_SIGNED)
    snprintf(b, n, "%" PRId64, f->s);
  else if (f->kind == V_HEX)
    snprintf(b, n, "0x%" PRIx64, f->u);
  else
    snprintf(b, n, "-");
}

static void emit(bctx *c, const field *f) {
  int i;
  if (f->size == 0)
    return;
  if (f->off != c->printed)
    c->bad = 1; /* a bug of ours: the caller says an internal error */
  c->printed = f->off + f->size;
  if (c->json) {
    fprintf(c->out, "%s\n{\"offset\":%" PRIu64 ",\"size\":%" PRIu64 ",\"name\":", c->first ? "" : ",",
            f->off, f->size);
    c->first = 0;
    sfc_json_str(c->out, f->name);
    if (f->spec) {
      fputs(",\"spec\":", c->out);
      sfc_json_str(c->out, f->spec);
    }
    fputs(",\"raw\":\"", c->out);
    put_raw(c, f->off, f->size, NULL);
    fputs("\",\"value\":", c->out);
    if (f->size < f->want || f->kind == V_NONE)
      fputs("null", c->out);
    else if (f->kind == V_SIGNED)
      fprintf(c->out, "%" PRId64, f->s);
    else
      fprintf(c->out, "%" PRIu64, f->u);
    if (f->size < f->want)
      fprintf(c->out, ",\"truncated\":true,\"want\":%" PRIu64, f->want);
    if (f->note[0]) {
      fputs(",\"note\":", c->out);
      sfc_json_str(c->out, f->note);
    }
    if (f->nbits) {
      fputs(",\"bits\":[", c->out);
      for (i = 0; i < f->nbits; i++) {
        const bitfield *b = &f->bits[i];
        fprintf(c->out, "%s{\"name\":", i ? "," : "");
        sfc_json_str(c->out, b->name);
        if (b->lo == b->hi)
          fprintf(c->out, ",\"bits\":\"%u\"", b->lo);
        else
          fprintf(c->out, ",\"bits\":\"%u-%u\"", b->lo, b->hi);
        fprintf(c->out, ",\"value\":%u,\"meaning\":", b->value);
        sfc_json_str(c->out, b->meaning);
        fputc('}', c->out);
      }
      fputc(']', c->out);
    }
    fputc('}', c->out);
    return;
  }
  {
    /* offset, size, up to 8 raw bytes, name, value, note; longer raw
     * bytes go on below, 8 a line */
    char val[64], raw[32];
    uint64_t shown = f->size < 8 ? f->size : 8, at;
    size_t k = 0;
    for (at = 0; at < shown; at++)
      k += (size_t)snprintf(raw + k, sizeof raw - k, "%s%02x", at ? " " : "", c->buf[f->off + at]);
    value_text(val, sizeof val, f);
    fprintf(c->out, "0x%0*" PRIx64 " %5" PRIu64 "  %-23s  %-26s %s%s%s\n", (int)c->offw, f->off,
            f->size, raw, f->name, val, f->note[0] ? "  " : "", f->note);
    for (at = 8; at < f->size; at += 8) {
      uint64_t n = f->size - at < 8 ? f->size - at : 8;
      fprintf(c->out, "%*s", (int)c->offw + 2 + 1 + 5 + 2, "");
      put_raw(c, f->off + at, n, " ");
      fputc('\n', c->out);
    }
    for (i = 0; i < f->nbits; i++) {
      const bitfield *b = &f->bits[i];
      char bits[8];
      if (b->lo == b->hi)
        snprintf(bits, sizeof bits, "%u", b->lo);
      else
        snprintf(bits, sizeof bits, "%u-%u", b->lo, b->hi);
      fprintf(c->out, "%*s%s %-4s %s=%u %s\n", (int)c->offw + 2 + 1 + 5 + 2 + 23 + 2 + 2, "",
              b->lo == b->hi ? "bit " : "bits", bits, b->name, b->value, b->meaning);
    }
  }
}

/* ---- building fields ---- */

/* A field of want bytes at off: as many as the section holds; its value
 * read in the section's byte order when all are there. */
static void field_at(const bctx *c, field *f, uint64_t off, uint64_t want, int kind,
                     const char *spec) {
  memset(f, 0, sizeof *f);
  f->off = off;
  f->want = want;
  f->size = off >= c->len ? 0 : (c->len - off < want ? c->len - off : want);
  f->kind = kind;
  f->spec = spec;
  if (f->size == want && want <= 8 && kind != V_NONE) {
    f->u = sfr_load(c->buf + off, (unsigned)want, c->be);
    f->s = sfr_sext(f->u, (unsigned)want);
  }
}

static void add_bits(field *f, const char *name, unsigned lo, unsigned hi, const char *fmt,
                     const char *arg) {
  bitfield *b;
  if (f->nbits >= (int)(sizeof f->bits / sizeof f->bits[0]) || f->size < f->want)
    return;
  b = &f->bits[f->nbits++];
  b->name = name;
  b->lo = lo;
  b->hi = hi;
  b->value = (unsigned)((f->u >> lo) & ((1u << (hi - lo + 1)) - 1u));
  snprintf(b->meaning, sizeof b->meaning, fmt, arg);
}

static const char *set_clear(unsigned v, const char *set, const char *clear) {
  return v ? set : clear;
}

/* 2.1.3 the flags, each bit named; a set bit the version does not define
 * says so. */
static void flag_bits(const bctx *c, field *f) {
  static const struct {
    uint8_t mask;
    const char *name, *set, *clear;
    unsigned bit;
  } fl[] = {{SFR_F_FDE_SORTED, "fde_sorted", "FDEs sorted", "not sorted", 0},
            {SFR_F_FRAME_POINTER, "frame_pointer", "all functions keep the frame pointer",
             "clear", 1},
            {SFR_F_FDE_FUNC_START_PCREL, "fde_func_start_pcrel",
             "function starts from the start field", "function starts from the section", 2}};
  unsigned i, defined = sfr_flags_defined(c->version), known = 0;
  char m[64];
  for (i = 0; i < sizeof fl / sizeof fl[0]; i++) {
    unsigned v = (f->u & fl[i].mask) != 0;
    known |= fl[i].mask;
    if (v && !(defined & fl[i].mask))
      snprintf(m, sizeof m, "set, not defined in version %u", c->version);
    else if (!v && !(defined & fl[i].mask))
      snprintf(m, sizeof m, "clear (not in version %u)", c->version);
    else
      snprintf(m, sizeof m, "%s", set_clear(v, fl[i].set, fl[i].clear));
    add_bits(f, fl[i].name, fl[i].bit, fl[i].bit, "%s", m);
  }
  add_bits(f, "unused", 3, 7, "%s", (f->u & ~(uint64_t)known & 0xffu) ? "set: undefined flags" : "clear");
}

/* 2.3.3 the FDE info byte (sfr_decode_fde_info) and, in version 3, info2. */
static void fde_info_bits(const bctx *c, field *f) {
  static const char *fre_types[3] = {"addr1", "addr2", "addr4"};
  sfr_fde d;
  unsigned unused = sfr_fde_info_unused(c->version);
  if (f->size < f->want)
    return;
  memset(&d, 0, sizeof d);
  sfr_decode_fde_info((uint8_t)c->version, (uint8_t)f->u, 0, &d);
  add_bits(f, "fre_type", 0, 3, "%s", d.fre_type <= SFR_FRE_TYPE_ADDR4 ? fre_types[d.fre_type] : "undefined");
  add_bits(f, "pc_type", 4, 4, "%s", d.pc_type == SFR_PCTYPE_MASK ? "pcmask" : "pcinc");
  add_bits(f, "pauth_key", 5, 5, "%s", d.pauth_key ? "key B (AArch64)" : "key A (AArch64)");
  /* the unused bits: 6-7 (versions 1-2) or 6, then the signal bit (v3) */
  if (unused == 0xc0u)
    add_bits(f, "unused", 6, 7, "%s", (f->u & unused) ? "set: should be 0" : "clear");
  else {
    add_bits(f, "unused", 6, 6, "%s", (f->u & unused) ? "set: should be 0" : "clear");
    add_bits(f, "signal", 7, 7, "%s", d.signal ? "signal frame" : "not a signal frame");
  }
}

static void fde_info2_bits(const bctx *c, field *f) {
  sfr_fde d;
  if (f->size < f->want)
    return;
  memset(&d, 0, sizeof d);
  sfr_decode_fde_info((uint8_t)c->version, 0, (uint8_t)f->u, &d);
  add_bits(f, "fde_type", 0, 4, "%s",
           d.fde_type == SFR_FDE_TYPE_DEFAULT ? "default"
           : d.fde_type == SFR_FDE_TYPE_FLEX  ? "flex"
                                              : "undefined");
  add_bits(f, "unused", 5, 7, "%s", (f->u & 0xe0u) ? "set: should be 0" : "clear");
}

/* 2.4.1 the FRE info byte (sfr_decode_fre_info); versions 1-2 call the
 * data words offsets. */
static void fre_info_bits(const bctx *c, field *f, int flex) {
  sfr_fre d;
  char m[64];
  int v3 = sfr_has_fde_attr(c->version);
  if (f->size < f->want)
    return;
  sfr_decode_fre_info((uint8_t)f->u, &d);
  add_bits(f, "cfa_base", 0, 0, "%s",
           flex ? (d.cfa_base_sp ? "sp (flexible FDE: the words give the CFA)"
                                 : "fp (flexible FDE: the words give the CFA)")
                : (d.cfa_base_sp ? "sp" : "fp"));
  if (d.count == 0 && sfr_has_outermost(c->version))
    snprintf(m, sizeof m, "0 words: RA undefined (outermost frame)");
  else
    snprintf(m, sizeof m, "%u %s%s", d.count, v3 ? "word" : "offset", d.count == 1 ? "" : "s");
  add_bits(f, v3 ? "dataword_count" : "offset_count", 1, 4, "%s", m);
  if (d.word_size)
    snprintf(m, sizeof m, "%u byte%s", d.word_size, d.word_size > 1 ? "s" : "");
  else
    snprintf(m, sizeof m, "undefined");
  add_bits(f, v3 ? "dataword_size" : "offset_size", 5, 6, "%s", m);
  add_bits(f, "mangled_ra", 7, 7, "%s", d.mangled_ra ? "RA mangled (signed)" : "RA not mangled");
}

static int claimed_any(const bctx *c, uint64_t off, uint64_t n) {
  uint64_t i;
  for (i = off; i < off + n; i++)
    if (c->claimed[i >> 3] & (1u << (i & 7)))
      return 1;
  return 0;
}

static void claim(bctx *c, uint64_t off, uint64_t n) {
  uint64_t i;
  for (i = off; i < off + n; i++)
    c->claimed[i >> 3] |= (uint8_t)(1u << (i & 7));
}

/* ---- 2.1, 2.2: the preamble, the header, the auxiliary header ---- */

static const struct hdr_field {
  unsigned at, size;
  const char *name, *spec;
  int kind;
} hdr_fields[] = {
    {SFR_HDR_MAGIC_AT, 2, "magic", "sfp_magic", V_HEX},
    {SFR_HDR_VERSION_AT, 1, "version", "sfp_version", V_UNSIGNED},
    {SFR_HDR_FLAGS_AT, 1, "flags", "sfp_flags", V_HEX},
    {SFR_HDR_ABI_AT, 1, "abi", "sfh_abi_arch", V_UNSIGNED},
    {SFR_HDR_FIXED_FP_AT, 1, "cfa_fixed_fp_offset", "sfh_cfa_fixed_fp_offset", V_SIGNED},
    {SFR_HDR_FIXED_RA_AT, 1, "cfa_fixed_ra_offset", "sfh_cfa_fixed_ra_offset", V_SIGNED},
    {SFR_HDR_AUXHDR_LEN_AT, 1, "auxhdr_len", "sfh_auxhdr_len", V_UNSIGNED},
    {SFR_HDR_NUM_FDES_AT, 4, "num_fdes", "sfh_num_fdes", V_UNSIGNED},
    {SFR_HDR_NUM_FRES_AT, 4, "num_fres", "sfh_num_fres", V_UNSIGNED},
    {SFR_HDR_FRE_LEN_AT, 4, "fre_len", "sfh_fre_len", V_UNSIGNED},
    {SFR_HDR_FDEOFF_AT, 4, "fdeoff", "sfh_fdeoff", V_UNSIGNED},
    {SFR_HDR_FREOFF_AT, 4, "freoff", "sfh_freoff", V_UNSIGNED},
};
#define N_HDR_FIELDS (sizeof hdr_fields / sizeof hdr_fields[0])
#define N_PREAMBLE_FIELDS 3 /* magic, version, flags: the same in every version */

/* The preamble and header as far as they can be read: fills c, and when
 * print, prints them. */
static void header(bctx *c, int print) {
  size_t i, n = N_HDR_FIELDS;
  field f;
  if (!c->magic_ok)
    n = 1; /* not SFrame: only the two bytes that say so */
  else if (!sfr_version_known(c->version))
    n = N_PREAMBLE_FIELDS; /* the rest of the header differs by version */
  for (i = 0; i < n; i++) {
    const struct hdr_field *h = &hdr_fields[i];
    field_at(c, &f, h->at, h->size, h->kind, h->spec);
    snprintf(f.name, sizeof f.name, "%s", h->name);
    if (f.size == 0)
      break;
    if (f.size == f.want) {
      switch (h->at) {
      case SFR_HDR_MAGIC_AT:
        if (c->magic_ok)
          snprintf(f.note, sizeof f.note, "%s-endian", c->be ? "big" : "little");
        else
          snprintf(f.note, sizeof f.note, "bad magic: neither 0x%x nor its byte swap",
                   SFR_MAGIC);
        break;
      case SFR_HDR_VERSION_AT:
        if (sfr_version_known(c->version))
          snprintf(f.note, sizeof f.note, "SFRAME_VERSION_%u", c->version);
        else
          snprintf(f.note, sizeof f.note, "unknown version: the rest is not read");
        break;
      case SFR_HDR_FLAGS_AT:
        flag_bits(c, &f);
        break;
      case SFR_HDR_ABI_AT:
        snprintf(f.note, sizeof f.note, "%s", sfr_abi_name((uint8_t)f.u));
        break;
      case SFR_HDR_FDEOFF_AT:
        snprintf(f.note, sizeof f.note, "FDE sub-section at 0x%" PRIx64 "%s", c->fde_start,
                 c->fde_start > c->len ? " (past the end)" : "");
        break;
      case SFR_HDR_FREOFF_AT:
        snprintf(f.note, sizeof f.note, "FRE sub-section at 0x%" PRIx64 "%s", c->fre_start,
                 c->fre_start > c->len ? " (past the end)" : "");
        break;
      case SFR_HDR_FRE_LEN_AT:
        if (c->have_header && c->fre_end > c->len)
          snprintf(f.note, sizeof f.note, "runs past the end of the section");
        break;
      default:
        break;
      }
    }
    if (print)
      emit(c, &f);
    if (f.size < f.want)
      break;
  }
  if (c->have_header && c->auxhdr_len) {
    field_at(c, &f, SFR_HEADER_SIZE, c->auxhdr_len, V_NONE, NULL);
    snprintf(f.name, sizeof f.name, "auxhdr");
    snprintf(f.note, sizeof f.note, "auxiliary header: no contents defined");
    if (print)
      emit(c, &f);
  }
}

/* Reads what header() prints, before anything is printed. */
static void read_header(bctx *c) {
  const uint8_t *b = c->buf;
  c->hdr_end = 0;
  if (c->len >= 2) {
    if (sfr_load(b, 2, 0) == SFR_MAGIC)
      c->magic_ok = 1, c->be = 0;
    else if (sfr_load(b, 2, 1) == SFR_MAGIC)
      c->magic_ok = 1, c->be = 1;
  }
  c->stop_at = c->len;
  if (!c->magic_ok) {
    c->hdr_end = c->len < 2 ? c->len : 2;
    c->stop_at = c->hdr_end;
    c->stop_note = c->len < 2 ? NULL : "not read: not an SFrame section (bad magic)";
    return;
  }
  if (c->len > SFR_HDR_VERSION_AT)
    c->version = b[SFR_HDR_VERSION_AT];
  if (c->len > SFR_HDR_FLAGS_AT)
    c->flags = b[SFR_HDR_FLAGS_AT];
  if (c->len < 4 || !sfr_version_known(c->version)) {
    c->hdr_end = c->len < 4 ? c->len : 4;
    c->stop_at = c->hdr_end;
    c->stop_note = "not read: unknown version, unknown layout";
    return;
  }
  if (c->len < SFR_HEADER_SIZE) {
    c->hdr_end = c->len;
    return;
  }
  c->have_header = 1;
  c->auxhdr_len = b[SFR_HDR_AUXHDR_LEN_AT];
  c->num_fdes = (uint32_t)sfr_load(b + SFR_HDR_NUM_FDES_AT, 4, c->be);
  c->num_fres = (uint32_t)sfr_load(b + SFR_HDR_NUM_FRES_AT, 4, c->be);
  c->fre_len = (uint32_t)sfr_load(b + SFR_HDR_FRE_LEN_AT, 4, c->be);
  c->fdeoff = (uint32_t)sfr_load(b + SFR_HDR_FDEOFF_AT, 4, c->be);
  c->freoff = (uint32_t)sfr_load(b + SFR_HDR_FREOFF_AT, 4, c->be);
  c->hdr_end = SFR_HEADER_SIZE + (uint64_t)c->auxhdr_len;
  c->fde_start = c->hdr_end + c->fdeoff;
  c->fre_start = c->hdr_end + c->freoff;
  c->fre_end = c->fre_start + c->fre_len;
  c->limit = c->fre_end < c->len ? c->fre_end : c->len;
  if (c->hdr_end > c->len) { /* the aux header is cut short: nothing follows */
    c->hdr_end = c->len;
    return;
  }
  if (c->fde_start <= c->len) {
    uint64_t bytes = (uint64_t)c->num_fdes * sfr_fde_size(c->version);
    c->fde_end = c->len - c->fde_start < bytes ? c->len : c->fde_start + bytes;
  }
}

/* ---- 2.3.1 (and the V1/V2 FDE): the FDE array ---- */

/* The fields of the record of FDE i at at, in order; what is there of
 * them.  Returns the number of fields. */
static int fde_fields(const bctx *c, uint32_t i, uint64_t at, field *fs) {
  unsigned v = c->version, fsize = sfr_fde_size(v), nf = sfr_fde_fields(v);
  int n = 0, v3 = sfr_has_fde_attr(v);
  struct {
    unsigned at, size;
    const char *name, *spec;
    int kind;
  } t[7];
  int k;
  t[n].at = 0, t[n].size = sfr_start_size(v), t[n].name = "start", t[n].kind = V_SIGNED;
  t[n++].spec = v3 ? "sfdi_func_start_offset" : "sfde_func_start_address";
  t[n].at = sfr_size_field((uint8_t)v), t[n].size = 4, t[n].name = "size", t[n].kind = V_UNSIGNED;
  t[n++].spec = v3 ? "sfdi_func_size" : "sfde_func_size";
  t[n].at = sfr_fre_off_field((uint8_t)v), t[n].size = 4, t[n].name = "fre_off";
  t[n].kind = V_UNSIGNED, t[n++].spec = v3 ? "sfdi_func_start_fre_off" : "sfde_func_start_fre_off";
  if (!v3) {
    t[n].at = SFR_V12_NUM_FRES_AT, t[n].size = 4, t[n].name = "num_fres", t[n].kind = V_UNSIGNED;
    t[n++].spec = "sfde_func_num_fres";
    t[n].at = SFR_V12_INFO_AT, t[n].size = 1, t[n].name = "info", t[n].kind = V_HEX;
    t[n++].spec = "sfde_func_info";
    if (sfr_has_rep_size(v)) {
      t[n].at = SFR_V2_REP_SIZE_AT, t[n].size = 1, t[n].name = "rep_size", t[n].kind = V_UNSIGNED;
      t[n++].spec = "sfde_func_rep_size";
    }
  }
  if (nf < fsize) {
    t[n].at = nf, t[n].size = fsize - nf, t[n].name = "padding", t[n].kind = V_UNSIGNED;
    t[n++].spec = "sfde_func_padding2";
  }
  for (k = 0; k < n; k++) {
    field *f = &fs[k];
    field_at(c, f, at + t[k].at, t[k].size, t[k].kind, t[k].spec);
    snprintf(f->name, sizeof f->name, "fde[%" PRIu32 "].%s", i, t[k].name);
    if (f->size < f->want)
      continue;
    if (k == 0) {
      uint64_t start;
      int wraps;
      sfr_section s;
      memset(&s, 0, sizeof s);
      s.vma = c->vma;
      s.version = (uint8_t)c->version;
      s.flags = c->flags;
      wraps = sfr_resolve_start(&s, at, f->s, &start);
      snprintf(f->note, sizeof f->note, "function at 0x%" PRIx64 "%s", start,
               wraps ? " (wraps)" : "");
    } else if (strcmp(t[k].name, "fre_off") == 0) {
      int out = v3 ? f->u >= c->fre_len : f->u > c->fre_len;
      snprintf(f->note, sizeof f->note, "FRE data at 0x%" PRIx64 "%s", c->fre_start + f->u,
               out ? " (outside the FRE sub-section)" : "");
    } else if (strcmp(t[k].name, "info") == 0) {
      fde_info_bits(c, f);
    }
  }
  return n;
}

static void fde_array(bctx *c) {
  uint64_t at;
  uint32_t i;
  field fs[7];
  if (c->fde_end <= c->fde_start)
    return;
  for (i = 0, at = c->fde_start; at < c->fde_end; i++, at += sfr_fde_size(c->version)) {
    int k, n = fde_fields(c, i, at, fs);
    for (k = 0; k < n; k++) {
      if (fs[k].off + fs[k].size > c->fde_end) /* cannot happen: fde_end <= len */
        fs[k].size = fs[k].off < c->fde_end ? c->fde_end - fs[k].off : 0;
      emit(c, &fs[k]);
    }
  }
}

/* ---- 2.3.2 and 2.4: a function's FRE data ---- */

/* Walks function i's FRE data: when claiming (print 0), from the first
 * record on while its bytes are unclaimed, recording the run in r; when
 * printing, the r->nrec records found then. */
static void walk_function(bctx *c, uint32_t i, run *r, int print) {
  static const uint8_t addr_sizes[3] = {1, 2, 4};
  unsigned v = c->version;
  int v3 = sfr_has_fde_attr(v);
  uint64_t at = c->fde_start + (uint64_t)i * sfr_fde_size(v), pos, j, num_fres, nrec = 0;
  const uint8_t *p;
  uint32_t fre_off;
  sfr_fde d;
  uint8_t info, info2 = 0;
  field f;

  if (!print) {
    memset(r, 0, sizeof *r);
    r->fde = i;
    r->shared_fre = -1;
  }
  /* the record must hold its fields (as sfr_get_fde asks) */
  if (at > c->len || c->len - at < sfr_fde_fields(v) || c->fre_start > c->len)
    return;
  p = c->buf + at;
  fre_off = (uint32_t)sfr_load(p + sfr_fre_off_field((uint8_t)v), 4, c->be);
  if (v3) {
    uint64_t avail;
    if (fre_off >= c->fre_len)
      return;
    pos = c->fre_start + fre_off;
    if (pos >= c->limit)
      return;
    avail = c->limit - pos < SFR_V3_FDE_ATTR_SIZE ? c->limit - pos : SFR_V3_FDE_ATTR_SIZE;
    if (!print) {
      r->start = r->end = pos;
      if (claimed_any(c, pos, avail)) {
        r->shared_at = pos;
        r->shared_size = avail;
        return;
      }
      claim(c, pos, avail);
      r->end = pos + avail;
      r->nrec = 1;
    } else {
      static const struct {
        unsigned at, size;
        const char *name, *spec;
        int kind;
      } t[4] = {{SFR_V3_ATTR_NUM_FRES_AT, 2, "num_fres", "sfda_func_num_fres", V_UNSIGNED},
                {SFR_V3_ATTR_INFO_AT, 1, "info", "sfda_func_info", V_HEX},
                {SFR_V3_ATTR_INFO2_AT, 1, "info2", "sfda_func_info2", V_HEX},
                {SFR_V3_ATTR_REP_SIZE_AT, 1, "rep_size", "sfda_func_rep_size", V_UNSIGNED}};
      unsigned k;
      if (r->nrec == 0)
        return;
      for (k = 0; k < 4; k++) {
        uint64_t o = pos + t[k].at;
        if (o >= c->limit)
          break;
        field_at(c, &f, o, t[k].size, t[k].kind, t[k].spec);
        if (o + f.size > c->limit)
          f.size = c->limit - o;
        snprintf(f.name, sizeof f.name, "fde[%" PRIu32 "].%s", i, t[k].name);
        if (k == 1)
          fde_info_bits(c, &f);
        else if (k == 2)
          fde_info2_bits(c, &f);
        emit(c, &f);
      }
    }
    if (avail < SFR_V3_FDE_ATTR_SIZE)
      return;
    num_fres = sfr_load(c->buf + pos + SFR_V3_ATTR_NUM_FRES_AT, 2, c->be);
    info = c->buf[pos + SFR_V3_ATTR_INFO_AT];
    info2 = c->buf[pos + SFR_V3_ATTR_INFO2_AT];
    pos += SFR_V3_FDE_ATTR_SIZE;
    nrec = 1;
  } else {
    if (fre_off > c->fre_len)
      return;
    pos = c->fre_start + fre_off;
    num_fres = sfr_load(p + SFR_V12_NUM_FRES_AT, 4, c->be);
    info = p[SFR_V12_INFO_AT];
    if (!print)
      r->start = r->end = pos;
  }
  memset(&d, 0, sizeof d);
  sfr_decode_fde_info((uint8_t)v, info, info2, &d);
  if (d.fre_type > SFR_FRE_TYPE_ADDR4)
    return;
  for (j = 0; j < num_fres && pos < c->limit; j++) {
    unsigned asz = addr_sizes[d.fre_type], k;
    uint64_t room = c->limit - pos, full, extent;
    sfr_fre fr;
    memset(&fr, 0, sizeof fr);
    if (room > asz) {
      sfr_decode_fre_info(c->buf[pos + asz], &fr);
      full = asz + 1u + (uint64_t)fr.count * fr.word_size;
    } else {
      full = asz + 1u;
    }
    extent = full < room ? full : room;
    if (print) {
      if (nrec >= r->nrec)
        return;
    } else {
      if (claimed_any(c, pos, extent)) {
        r->shared_at = pos;
        r->shared_size = extent;
        r->shared_fre = (int64_t)j;
        return;
      }
      claim(c, pos, extent);
      r->end = pos + extent;
      r->nrec++;
    }
    nrec++;
    if (print) {
      field_at(c, &f, pos, asz, V_UNSIGNED, "sfre_start_address");
      if (f.size > extent)
        f.size = extent;
      snprintf(f.name, sizeof f.name, "fde[%" PRIu32 "].fre[%" PRIu64 "].start", i, j);
      emit(c, &f);
      if (extent > asz) {
        field_at(c, &f, pos + asz, 1, V_HEX, "sfre_info");
        snprintf(f.name, sizeof f.name, "fde[%" PRIu32 "].fre[%" PRIu64 "].info", i, j);
        fre_info_bits(c, &f, d.fde_type == SFR_FDE_TYPE_FLEX);
        if (fr.word_size == 0)
          snprintf(f.note, sizeof f.note, "data word size undefined: the words are not read");
        emit(c, &f);
        for (k = 0; k < fr.count && fr.word_size; k++) {
          uint64_t o = pos + asz + 1u + (uint64_t)k * fr.word_size;
          if (o >= pos + extent)
            break;
          field_at(c, &f, o, fr.word_size, V_SIGNED, NULL);
          if (o + f.size > pos + extent)
            f.size = pos + extent - o;
          snprintf(f.name, sizeof f.name, "fde[%" PRIu32 "].fre[%" PRIu64 "].%s[%u]", i, j,
                   v3 ? "word" : "offset", k);
          emit(c, &f);
        }
      }
    }
    if (extent < full || fr.word_size == 0)
      return; /* cut short by the end of the FRE sub-section, or unreadable */
    pos += extent;
  }
}

/* ---- unreferenced bytes ---- */

static void unreferenced(bctx *c, uint64_t from, uint64_t to) {
  while (from < to) {
    uint64_t end = to;
    field f;
    const char *note;
    if (c->stop_note && from >= c->stop_at) {
      note = c->stop_note;
    } else if (!c->have_header) {
      note = "not read";
    } else if (from < c->fre_start) {
      if (c->fre_start < end)
        end = c->fre_start;
      note = "gap: in no sub-section";
    } else if (from < c->limit) {
      if (c->limit < end)
        end = c->limit;
      note = "in the FRE sub-section, read by no function";
    } else {
      note = "after the FRE sub-section";
    }
    memset(&f, 0, sizeof f);
    f.off = from;
    f.size = f.want = end - from;
    f.kind = V_NONE;
    snprintf(f.name, sizeof f.name, "unreferenced");
    snprintf(f.note, sizeof f.note, "%s", note);
    emit(c, &f);
    from = end;
  }
}

static int seg_cmp(const void *a, const void *b) {
  const segment *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

int dump_bytes(FILE *out, const uint8_t *buf, size_t len, uint64_t vma, int json) {
  bctx c;
  segment *segs = NULL;
  size_t nsegs = 0, k;
  uint64_t nfdes = 0, l;
  int rc = 0;

  memset(&c, 0, sizeof c);
  c.out = out;
  c.json = json;
  c.buf = buf;
  c.len = len;
  c.vma = vma;
  c.first = 1;
  for (c.offw = 4, l = len; l >> (4 * c.offw); c.offw++)
    ;
  read_header(&c);
  c.claimed = calloc(len / 8 + 1, 1);
  if (!c.claimed)
    return -1;
  claim(&c, 0, c.hdr_end);
  if (c.fde_end > c.fde_start) {
    claim(&c, c.fde_start, c.fde_end - c.fde_start);
    nfdes = (c.fde_end - c.fde_start + sfr_fde_size(c.version) - 1) / sfr_fde_size(c.version);
  }
  c.runs = calloc(nfdes + 1, sizeof *c.runs);
  segs = calloc(nfdes + 2, sizeof *segs);
  if (!c.runs || !segs) {
    rc = -1;
    goto out;
  }
  for (l = 0; l < nfdes; l++) {
    run *r = &c.runs[c.nruns++];
    walk_function(&c, (uint32_t)l, r, 0);
  }
  if (c.hdr_end)
    segs[nsegs].start = 0, segs[nsegs].end = c.hdr_end, segs[nsegs++].kind = SEG_HEADER;
  if (c.fde_end > c.fde_start)
    segs[nsegs].start = c.fde_start, segs[nsegs].end = c.fde_end, segs[nsegs++].kind = SEG_FDES;
  for (k = 0; k < c.nruns; k++)
    if (c.runs[k].nrec && c.runs[k].end > c.runs[k].start) {
      segs[nsegs].start = c.runs[k].start;
      segs[nsegs].end = c.runs[k].end;
      segs[nsegs].kind = SEG_RUN;
      segs[nsegs++].run = k;
    }
  qsort(segs, nsegs, sizeof *segs, seg_cmp);

  if (json)
    fprintf(out, "{\"schema\":\"sframe-conformance/bytes/1\",\"size\":%zu,\"fields\":[", len);
  else
    fprintf(out, "%-*s %5s  %-23s  %-26s %s\n", (int)c.offw + 2, "offset", "size", "raw bytes",
            "field", "value");
  for (k = 0; k < nsegs; k++) {
    const segment *s = &segs[k];
    if (s->start < c.printed) { /* overlapping segments: a bug of ours */
      c.bad = 1;
      break;
    }
    unreferenced(&c, c.printed, s->start);
    if (s->kind == SEG_HEADER)
      header(&c, 1);
    else if (s->kind == SEG_FDES)
      fde_array(&c);
    else
      walk_function(&c, c.runs[s->run].fde, &c.runs[s->run], 1);
    if (c.printed != s->end)
      c.bad = 1;
  }
  if (!c.bad)
    unreferenced(&c, c.printed, len);
  if (c.printed != len)
    c.bad = 1;
  /* the records not labelled because their bytes are */
  if (json)
    fputs("\n],\"shared\":[", out);
  {
    int first = 1;
    for (k = 0; k < c.nruns; k++) {
      const run *r = &c.runs[k];
      char name[64];
      if (!r->shared_size)
        continue;
      if (r->shared_fre < 0)
        snprintf(name, sizeof name, "fde[%" PRIu32 "].attr", r->fde);
      else
        snprintf(name, sizeof name, "fde[%" PRIu32 "].fre[%" PRId64 "]", r->fde, r->shared_fre);
      if (json) {
        fprintf(out, "%s\n{\"offset\":%" PRIu64 ",\"size\":%" PRIu64 ",\"name\":\"%s\"}",
                first ? "" : ",", r->shared_at, r->shared_size, name);
      } else {
        if (first)
          fprintf(out, "\nread again by another function (labelled above once; the walk of "
                       "that function stops there):\n");
        fprintf(out, "0x%0*" PRIx64 " %5" PRIu64 "  %s\n", (int)c.offw, r->shared_at,
                r->shared_size, name);
      }
      first = 0;
    }
  }
  if (json)
    fputs("\n]}\n", out);
  if (c.bad)
    rc = -2;
out:
  free(segs);
  free(c.runs);
  free(c.claimed);
  return rc;
}
