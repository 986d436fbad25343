/* SPDX-License-Identifier: MIT */
/* dump.c - text, canonical JSON and objdump renderings. */
#include "dump.h"

#include <inttypes.h>
#include <string.h>

#include "sfc_peers.h"
#include "sfr_fast.h"

static const char *flag_names[3] = {"FDE_SORTED", "FRAME_POINTER",
                                    "FDE_FUNC_START_PCREL"};
static const char *fre_type_names[3] = {"addr1", "addr2", "addr4"};

static const char *fre_type_name(uint8_t t) {
  return t <= SFR_FRE_TYPE_ADDR4 ? fre_type_names[t] : "unknown";
}

static const char *base_name(const sfr_section *sec, uint32_t reg, char *tmp,
                             size_t n) {
  if (reg == sfr_abi_sp_reg(sec->abi))
    return "sp";
  if (reg == sfr_abi_fp_reg(sec->abi))
    return "fp";
  snprintf(tmp, n, "r%" PRIu32, reg);
  return tmp;
}

/* ---- readable text ---- */

static void rule_text(char *buf, size_t n, const sfr_section *sec,
                      const sfr_reg_rule *r) {
  char tmp[16];
  switch ((sfr_rule_kind)r->kind) {
  case SFR_RULE_UNCHANGED:
    snprintf(buf, n, r->not_saved ? "unchanged (not saved)" : "unchanged");
    return;
  case SFR_RULE_AT_CFA:
    snprintf(buf, n, "[CFA%+" PRId64 "]", r->offset);
    return;
  case SFR_RULE_FIXED:
    snprintf(buf, n, "[CFA%+" PRId64 "] (header)", r->offset);
    return;
  case SFR_RULE_VAL_CFA:
    snprintf(buf, n, "CFA%+" PRId64, r->offset);
    return;
  case SFR_RULE_REG:
    snprintf(buf, n, "%s%+" PRId64, base_name(sec, r->reg, tmp, sizeof tmp), r->offset);
    return;
  case SFR_RULE_AT_REG:
    snprintf(buf, n, "[%s%+" PRId64 "]", base_name(sec, r->reg, tmp, sizeof tmp),
             r->offset);
    return;
  case SFR_RULE_UNDEFINED:
    snprintf(buf, n, "undefined");
    return;
  }
  snprintf(buf, n, "?");
}

void rules_text(char *buf, size_t n, const sfr_section *sec, const sfr_rules *r) {
  char tmp[16], ra[48], fp[48];
  if (r->outermost) {
    snprintf(buf, n, "RA undefined (outermost frame)");
    return;
  }
  rule_text(ra, sizeof ra, sec, &r->ra);
  rule_text(fp, sizeof fp, sec, &r->fp);
  snprintf(buf, n, "CFA = %s%s%+" PRId64 "%s; RA = %s%s; FP = %s",
           r->cfa.deref ? "[" : "", base_name(sec, r->cfa.reg, tmp, sizeof tmp),
           r->cfa.offset, r->cfa.deref ? "]" : "", ra,
           r->ra_mangled ? " (mangled)" : "", fp);
}

/* ---- the walk every rendering makes ---- */

/* One rendering's pieces, called in section order by walk_functions. */
typedef struct renderer {
  /* Function i's line(s) before its rows. */
  void (*function)(FILE *out, const sfr_section *sec, uint32_t i, const sfr_fde *fde,
                   const void *ctx);
  /* One row: st is SFR_OK with its rules, or the finding that kept them
   * from being interpreted. */
  void (*row)(FILE *out, const sfr_section *sec, const sfr_fde *fde, const sfr_fre *fre,
              sfr_status st, const sfr_rules *rules, const void *ctx);
  /* After the function's last row. */
  void (*function_end)(FILE *out, const void *ctx);
} renderer;

/* Every function and every row of it, through rd; SFR_OK, or the finding
 * that stopped the walk part-way (what is printed so far stays). */
static sfr_status walk_functions(FILE *out, const sfr_section *sec, const renderer *rd,
                                 const void *ctx) {
  uint32_t i;
  for (i = 0; i < sec->num_fdes; i++) {
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    sfr_status st = sfr_get_fde(sec, i, &fde);
    if (st != SFR_OK)
      return st;
    rd->function(out, sec, i, &fde, ctx);
    sfr_fre_iter_init(sec, &fde, &it);
    for (;;) {
      sfr_rules rules;
      st = sfr_fre_next(sec, &it, &fre, &done);
      if (st != SFR_OK)
        return st;
      if (done)
        break;
      st = sfr_interpret(sec, &fde, &fre, &rules);
      rd->row(out, sec, &fde, &fre, st, &rules, ctx);
    }
    rd->function_end(out, ctx);
  }
  return SFR_OK;
}

/* ---- readable text, continued ---- */

static void text_function(FILE *out, const sfr_section *sec, uint32_t i, const sfr_fde *fde,
                          const void *ctx) {
  (void)sec;
  (void)ctx;
  fprintf(out, "\nfunction %" PRIu32 ": 0x%" PRIx64 " size %" PRIu32
               ", %s, %s FDE, FRE type %s, %" PRIu32 " FREs",
          i, fde->start, fde->size, fde->pc_type ? "pc-mask" : "pc-inc",
          fde->fde_type == SFR_FDE_TYPE_FLEX ? "flexible" : "default",
          fre_type_name(fde->fre_type), fde->num_fres);
  if (fde->pc_type)
    fprintf(out, ", rep_size %u", fde->rep_size);
  if (fde->pauth_key)
    fprintf(out, ", pauth key B");
  if (fde->signal)
    fprintf(out, ", signal frame");
  fputc('\n', out);
}

static void text_row(FILE *out, const sfr_section *sec, const sfr_fde *fde, const sfr_fre *fre,
                     sfr_status st, const sfr_rules *rules, const void *ctx) {
  char line[160];
  (void)fde;
  (void)ctx;
  if (st != SFR_OK)
    snprintf(line, sizeof line, "cannot interpret: %s", sfr_finding_name(st));
  else
    rules_text(line, sizeof line, sec, rules);
  fprintf(out, "  fre %" PRIu32 ": +0x%" PRIx32 ": %s\n", fre->index, fre->start, line);
}

static void text_function_end(FILE *out, const void *ctx) {
  (void)out;
  (void)ctx;
}

sfr_status dump_text(FILE *out, const sfr_section *sec) {
  static const renderer text = {text_function, text_row, text_function_end};
  unsigned b;
  fprintf(out, "SFrame version %u, %s-endian, ABI %s (%u)\n", sec->version,
          sec->big_endian ? "big" : "little", sfr_abi_name(sec->abi), sec->abi);
  fprintf(out, "  flags 0x%x", sec->flags);
  for (b = 0; b < 3; b++)
    if (sec->flags & (1u << b))
      fprintf(out, " %s", flag_names[b]);
  fprintf(out, "\n  fixed FP offset %d, fixed RA offset %d, aux header %u bytes\n",
          sec->fixed_fp_offset, sec->fixed_ra_offset, sec->auxhdr_len);
  fprintf(out, "  %" PRIu32 " FDEs at 0x%" PRIx64 ", %" PRIu32
               " FREs in %" PRIu32 " bytes at 0x%" PRIx64 "\n",
          sec->num_fdes, sec->fde_start, sec->num_fres, sec->fre_len, sec->fre_start);
  return walk_functions(out, sec, &text, NULL);
}

/* ---- canonical JSON (schema: decoder/JSON.md) ---- */

static const char *rule_kind_name(uint8_t k) {
  static const char *names[] = {"unchanged", "at-cfa", "fixed", "val-cfa",
                                "reg", "at-reg", "undefined"};
  return k <= SFR_RULE_UNDEFINED ? names[k] : "unknown";
}

static void rule_json(FILE *out, const sfr_reg_rule *r) {
  fprintf(out, "{\"rule\":\"%s\",\"reg\":%" PRIu32 ",\"offset\":%" PRId64 "}",
          rule_kind_name(r->kind),
          (r->kind == SFR_RULE_REG || r->kind == SFR_RULE_AT_REG) ? r->reg : 0,
          r->offset);
}

void rules_json(FILE *out, const sfr_section *sec, const sfr_rules *r) {
  static const char *bases[] = {"sp", "fp", "reg"};
  (void)sec;
  if (r->outermost) {
    fprintf(out, "{\"cfa\":null,\"ra\":{\"rule\":\"undefined\",\"reg\":0,\"offset\":0},"
                 "\"fp\":{\"rule\":\"unchanged\",\"reg\":0,\"offset\":0},\"ra_mangled\":%s}",
            r->ra_mangled ? "true" : "false");
    return;
  }
  fprintf(out, "{\"cfa\":{\"base\":\"%s\",\"reg\":%" PRIu32 ",\"offset\":%" PRId64
               ",\"deref\":%s},\"ra\":",
          bases[r->cfa.base <= SFR_BASE_REG ? r->cfa.base : SFR_BASE_REG], r->cfa.reg,
          r->cfa.offset, r->cfa.deref ? "true" : "false");
  rule_json(out, &r->ra);
  fputs(",\"fp\":", out);
  rule_json(out, &r->fp);
  fprintf(out, ",\"ra_mangled\":%s}", r->ra_mangled ? "true" : "false");
}

void fde_json(FILE *out, const sfr_fde *fde) {
  fprintf(out,
          "\"index\":%" PRIu32 ",\"start\":\"0x%" PRIx64 "\",\"size\":%" PRIu32
          ",\"pc_type\":\"%s\",\"rep_size\":%u,\"fde_type\":\"%s\",\"fre_type\":\"%s\","
          "\"pauth_key\":\"%s\",\"signal\":%s,\"num_fres\":%" PRIu32,
          fde->index, fde->start, fde->size, fde->pc_type ? "mask" : "inc",
          fde->rep_size, fde->fde_type == SFR_FDE_TYPE_FLEX ? "flex" : "default",
          fre_type_name(fde->fre_type), fde->pauth_key ? "B" : "A",
          fde->signal ? "true" : "false", fde->num_fres);
}

static void json_function(FILE *out, const sfr_section *sec, uint32_t i, const sfr_fde *fde,
                          const void *ctx) {
  (void)sec;
  (void)ctx;
  fprintf(out, "%s{", i ? "," : "");
  fde_json(out, fde);
  fputs(",\"fres\":[", out);
}

static void json_row(FILE *out, const sfr_section *sec, const sfr_fde *fde, const sfr_fre *fre,
                     sfr_status st, const sfr_rules *rules, const void *ctx) {
  (void)fde;
  (void)ctx;
  fprintf(out, "%s{\"start\":%" PRIu32 ",\"rules\":", fre->index ? "," : "", fre->start);
  if (st != SFR_OK)
    fprintf(out, "null,\"error\":\"%s\"", sfr_finding_name(st));
  else
    rules_json(out, sec, rules);
  fputc('}', out);
}

static void json_function_end(FILE *out, const void *ctx) {
  (void)ctx;
  fputs("]}", out);
}

sfr_status dump_json(FILE *out, const sfr_section *sec) {
  static const renderer json = {json_function, json_row, json_function_end};
  unsigned b;
  int first = 1;
  sfr_status st;
  fprintf(out, "{\"schema\":\"sframe-conformance/dump/1\",\"version\":%u,\"endian\":\"%s\","
               "\"abi\":\"%s\",\"flags\":[",
          sec->version, sec->big_endian ? "big" : "little", sfr_abi_name(sec->abi));
  for (b = 0; b < 3; b++)
    if (sec->flags & (1u << b)) {
      fprintf(out, "%s\"%s\"", first ? "" : ",", flag_names[b]);
      first = 0;
    }
  fprintf(out, "],\"flags_raw\":%u,\"fixed_fp_offset\":%d,\"fixed_ra_offset\":%d,"
               "\"auxhdr_len\":%u,\"num_fdes\":%" PRIu32 ",\"num_fres\":%" PRIu32
               ",\"functions\":[",
          sec->flags, sec->fixed_fp_offset, sec->fixed_ra_offset, sec->auxhdr_len,
          sec->num_fdes, sec->num_fres);
  if ((st = walk_functions(out, sec, &json, NULL)) != SFR_OK)
    return st;
  fputs("]}\n", out);
  return SFR_OK;
}

/* ---- objdump --sframe ----
 * Reproduces binutils' text, release by release (SPEC-NOTES.md N26): 2.40
 * (version 1), 2.44 (version 2; version 1: the header only), 2.46 and 2.47
 * (versions 2 and 3).  Written from the releases' observed output.  Quirks
 * kept on purpose: default-FDE CFA offsets print as "%s+%d" ("sp+-8"),
 * flexible ones as "%s%+d"; sizes and counts print as signed 32-bit. */

int dump_objdump_release(const char *name) {
  static const struct { const char *name; int rel; } rels[] = {
      {"2.40", 240}, {"2.44", 244}, {"2.46", 246}, {"2.47", 247}};
  size_t i;
  for (i = 0; i < sizeof rels / sizeof rels[0]; i++)
    if (strcmp(name, rels[i].name) == 0)
      return rels[i].rel;
  return 0;
}

/* Which versions each objdump release reads: a fact about a peer, measured,
 * not the format's layout, so the version table does not decide it: the
 * release's row of the peers table (common/sfc_peers.h), the versions it
 * dumps and those whose header only it prints. */
int dump_objdump_reads(int rel, unsigned version) {
  return sfc_peer_shows(sfc_peer_find("binutils", rel), version);
}

/* Valid until the next call (sfref prints it in one message). */
const char *dump_objdump_versions(int rel) {
  static char text[80];
  return sfc_peer_versions_text(sfc_peer_find("binutils", rel), text, sizeof text);
}

int dump_objdump_default_release(unsigned version) {
  return version == SFR_VERSION_1 ? 240 : dump_objdump_reads(247, version) ? 247 : 0;
}

static void objdump_flags(FILE *out, const sfr_section *sec, int rel) {
  uint8_t f = sec->flags;
  const char *prefix = "Flags: ";
  if (rel <= 244) {
    /* 2.40 and 2.44 build the string with strcpy: FRAME_POINTER overwrites
     * SORTED (2.44 refuses every other flag). */
    const char *s = !f ? "NONE"
                    : (f & SFR_F_FRAME_POINTER) ? "SFRAME_F_FRAME_POINTER"
                    : (f & SFR_F_FDE_SORTED)    ? "SFRAME_F_FDE_SORTED"
                                                : "";
    fprintf(out, "    Flags: %s\n", s);
    return;
  }
  if (!f) {
    fprintf(out, "%11sNONE\n", prefix);
    return;
  }
#define OBJDUMP_FLAG(bit, name)                                                \
  if (f & (bit)) {                                                             \
    f = (uint8_t)(f & ~(bit));                                                 \
    fprintf(out, "%11s%s%s\n", prefix, name, f ? "," : "");                    \
    prefix = " ";                                                              \
  }
  OBJDUMP_FLAG(SFR_F_FDE_SORTED, "SFRAME_F_FDE_SORTED")
  if (sec->version == SFR_VERSION_2) /* objdump names this flag for version 2 only */
    OBJDUMP_FLAG(SFR_F_FRAME_POINTER, "SFRAME_F_FRAME_POINTER")
  OBJDUMP_FLAG(SFR_F_FDE_FUNC_START_PCREL, "SFRAME_F_FDE_FUNC_START_PCREL")
#undef OBJDUMP_FLAG
  if (f)
    fprintf(out, "%11s%d\n", prefix, f);
}

/* "reg+off" / "(reg+off)" for flexible rules; "c" is the CFA. */
static void flex_disp(char *buf, size_t n, const sfr_section *sec, int reg_p,
                      uint32_t reg, int64_t off, int deref) {
  char tmp[16];
  const char *name = reg_p ? base_name(sec, reg, tmp, sizeof tmp) : "c";
  snprintf(buf, n, deref ? "(%s%+" PRId64 ")" : "%s%+" PRId64, name, off);
}

static void objdump_rule(char *buf, size_t n, const sfr_section *sec, int rel, int flex,
                         const sfr_reg_rule *r, int is_ra) {
  if (is_ra && r->not_saved) {
    snprintf(buf, n, "U"); /* RA-not-saved padding word */
    return;
  }
  switch ((sfr_rule_kind)r->kind) {
  case SFR_RULE_FIXED:
    if (rel == 240) /* 2.40 (version 1) prints no fixed offset: 'u' */
      snprintf(buf, n, "u");
    else if (is_ra)
      snprintf(buf, n, "f");
    else if (flex && rel >= 247) /* 2.47: a flexible FDE's FP without a rule */
      snprintf(buf, n, "u");
    else
      snprintf(buf, n, "c%+" PRId64, r->offset);
    return;
  case SFR_RULE_AT_CFA:
    if (flex) /* 2.47 drops 2.46's parentheses: "c-8" */
      flex_disp(buf, n, sec, 0, 0, r->offset, rel < 247);
    else
      snprintf(buf, n, "c%+" PRId64, r->offset);
    return;
  case SFR_RULE_VAL_CFA:
    flex_disp(buf, n, sec, 0, 0, r->offset, 0);
    return;
  case SFR_RULE_REG:
    if (!flex) /* s390x version 2: register-encoded slot */
      snprintf(buf, n, "r%" PRIu32, r->reg);
    else
      flex_disp(buf, n, sec, 1, r->reg, r->offset, 0);
    return;
  case SFR_RULE_AT_REG:
    flex_disp(buf, n, sec, 1, r->reg, r->offset, 1);
    return;
  case SFR_RULE_UNCHANGED:
  case SFR_RULE_UNDEFINED:
    break;
  }
  snprintf(buf, n, "u");
}

static void objdump_header(FILE *out, const sfr_section *sec, int rel) {
  fprintf(out, "\nContents of the SFrame section .sframe:\n  Header :\n\n");
  fprintf(out, "    Version: SFRAME_VERSION_%u\n", sec->version);
  objdump_flags(out, sec, rel);
  if (rel != 240 && sec->fixed_fp_offset != 0)
    fprintf(out, "    CFA fixed FP offset: %d\n", sec->fixed_fp_offset);
  if (rel != 240 && sec->fixed_ra_offset != 0)
    fprintf(out, "    CFA fixed RA offset: %d\n", sec->fixed_ra_offset);
  fprintf(out, "    Num FDEs: %d\n", (int32_t)sec->num_fdes);
  fprintf(out, "    Num FREs: %d\n", (int32_t)sec->num_fres);
}

/* What the objdump rows depend on beyond the section. */
typedef struct objdump_ctx {
  int rel;     /* the release imitated */
  int aarch64; /* the ABI has a pauth key to print */
} objdump_ctx;

static void objdump_function(FILE *out, const sfr_section *sec, uint32_t i, const sfr_fde *fde,
                             const void *ctx) {
  const objdump_ctx *c = ctx;
  int flex = fde->fde_type == SFR_FDE_TYPE_FLEX, mask = fde->pc_type == SFR_PCTYPE_MASK;
  (void)sec;
  fprintf(out, "\n    func idx [%" PRIu32 "]: pc = 0x%" PRIx64 ", size = %d bytes", i,
          fde->start, (int32_t)fde->size);
  if (fde->signal || flex)
    fprintf(out, ", attr = \"%s%s\"", fde->signal ? "S" : "", flex ? "F" : "");
  if (c->aarch64 && fde->pauth_key)
    fprintf(out, ", pauth = B key");
  fprintf(out, "\n    %-7s%-8s %-10s%-10s%-13s", "STARTPC", mask ? "[m]" : "   ", "CFA",
          "FP", "RA");
}

static void objdump_row(FILE *out, const sfr_section *sec, const sfr_fde *fde,
                        const sfr_fre *fre, sfr_status st, const sfr_rules *r,
                        const void *ctx) {
  const objdump_ctx *c = ctx;
  int rel = c->rel, flex = fde->fde_type == SFR_FDE_TYPE_FLEX;
  int mask = fde->pc_type == SFR_PCTYPE_MASK;
  char cfa[48], fp[48], ra[52], tmp[16];
  fprintf(out, "\n    %016" PRIx64, mask ? (uint64_t)fre->start : fde->start + fre->start);
  if (st != SFR_OK) { /* objdump has no text for this; ours names the finding */
    fprintf(out, "  (%s)", sfr_finding_name(st));
    return;
  }
  if (r->outermost) {
    fprintf(out, "  RA undefined");
    return;
  }
  if (flex)
    flex_disp(cfa, sizeof cfa, sec, 1, r->cfa.reg, r->cfa.offset, r->cfa.deref);
  else
    snprintf(cfa, sizeof cfa, "%s+%" PRId64, base_name(sec, r->cfa.reg, tmp, sizeof tmp),
             r->cfa.offset);
  objdump_rule(fp, sizeof fp, sec, rel, flex, &r->fp, 0);
  if (rel != 240 && !flex && sec->fixed_ra_offset != 0)
    snprintf(ra, sizeof ra, "f"); /* binutils prints 'f' whenever the header has one */
  else
    objdump_rule(ra, sizeof ra, sec, rel, flex, &r->ra, 1);
  strcat(ra, r->ra_mangled ? "[s]" : "   ");
  fprintf(out, "  %-10s%-10s%-13s", cfa, fp, ra);
}

static void objdump_function_end(FILE *out, const void *ctx) {
  (void)ctx;
  fputc('\n', out);
}

sfr_status dump_objdump_as(FILE *out, const sfr_section *sec, int rel) {
  static const renderer objdump = {objdump_function, objdump_row, objdump_function_end};
  objdump_ctx c;
  c.rel = rel;
  c.aarch64 = sec->abi == SFR_ABI_AARCH64_BE || sec->abi == SFR_ABI_AARCH64_LE;
  objdump_header(out, sec, rel);
  if (sfc_peer_header_only(sfc_peer_find("binutils", rel), sec->version)) {
    /* 2.44 decodes version 1 but dumps the functions of version 2 only. */
    fprintf(out, "\n No further information can be displayed.  SFrame version not supported\n");
    return SFR_OK;
  }
  fprintf(out, "\n  Function Index :\n");
  return walk_functions(out, sec, &objdump, &c);
}

sfr_status dump_objdump(FILE *out, const sfr_section *sec) {
  int rel = dump_objdump_default_release(sec->version);
  return dump_objdump_as(out, sec, rel ? rel : 247);
}

void lookup_disagree(const char *prog, uint64_t pc, sfr_pc_mode mode, const char *why) {
  fprintf(stderr,
          "%s: internal error: lookup of 0x%" PRIx64 " (%s): the fast and the reference lookup "
          "paths disagree on the %s; please report it with the section\n",
          prog, pc, mode == SFR_PC_IP ? "ip" : "ra", why);
}

void lookup_json(FILE *out, const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                 sfr_lookup_status ls, const sfr_lookup_result *res) {
  fprintf(out, "{\"pc\":\"0x%" PRIx64 "\",\"mode\":\"%s\",\"status\":\"%s\"", pc,
          mode == SFR_PC_IP ? "ip" : "ra", sfr_lookup_status_name(ls));
  if (ls == SFR_LOOKUP_FOUND) {
    fprintf(out, ",\"fde\":%" PRIu32 ",\"fre\":%" PRIu32 ",\"fre_start\":%" PRIu32 ",\"rules\":",
            res->fde.index, res->fre.index, res->fre.start);
    rules_json(out, sec, &res->rules);
  }
  fputc('}', out);
}

void lookup_text(FILE *out, const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                 sfr_lookup_status ls, const sfr_lookup_result *res) {
  fprintf(out, "0x%" PRIx64 " %s: ", pc, mode == SFR_PC_IP ? "ip" : "ra");
  if (mode == SFR_PC_RA)
    fprintf(out, "(at 0x%" PRIx64 ") ", res->pc);
  if (ls == SFR_LOOKUP_FOUND) {
    char line[200];
    rules_text(line, sizeof line, sec, &res->rules);
    fprintf(out,
            "function %" PRIu32 " [0x%" PRIx64 ", +%" PRIu32 "), FRE %" PRIu32 " (+0x%" PRIx32
            "): %s\n",
            res->fde.index, res->fde.start, res->fde.size, res->fre.index, res->fre.start, line);
  } else if (ls == SFR_LOOKUP_REP_SIZE_UNKNOWN) {
    fprintf(out,
            "%s: function %" PRIu32 " [0x%" PRIx64 ", +%" PRIu32
            ") is a version-1 PCMASK function; its row at offset 0x%" PRIx64
            " depends on the repeat size, which version 1 does not record\n",
            sfr_lookup_status_name(ls), res->fde.index, res->fde.start, res->fde.size,
            res->pc - res->fde.start);
  } else {
    fprintf(out, "%s\n", sfr_lookup_status_name(ls));
  }
}

void print_location(FILE *out, const sfr_finding *f) {
  fprintf(out, "at offset 0x%" PRIx64, (uint64_t)f->offset);
  if (f->fde >= 0)
    fprintf(out, ", FDE %" PRId64, f->fde);
  if (f->fre >= 0)
    fprintf(out, ", FRE %" PRId64, f->fre);
  if (f->field)
    fprintf(out, ", field %s", f->field);
}
