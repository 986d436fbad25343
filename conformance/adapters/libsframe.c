/* SPDX-License-Identifier: MIT */
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
#include "libsframe_map.h"

#include "adapter_cli.h"
#include "sfa_serve.h"

#define PROG "sfadapter-libsframe"

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
int main(int argc, char **argv) { return sfa_main(PROG, argc, argv, command, sfa_fixed_layout, 1); }
