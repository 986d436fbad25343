/* SPDX-License-Identifier: MIT */
/* example-adapter.c - how to wrap an SFrame library for the conformance
 * runner (conformance/PROTOCOL.md).  "Your library" is played here by the
 * oracle's (sframe_ref.h); replace the calls marked LIBRARY with yours.
 *
 * The same file builds both forms:
 *   cc -Idecoder/include -Iconformance/include example-adapter.c \
 *      build/lib/libsframe_ref.a -o example-adapter            (executable)
 *   cc -DSFA_LIBRARY -shared -fPIC ... -o example-adapter.so   (library)
 * and either runs with: make conformance IMPL=./example-adapter[.so]
 *
 * It offers decode and lookup, for every version, ABI and byte order. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sframe_adapter.h"
#include "sframe_ref.h" /* LIBRARY */

const char *sfa_capabilities(void) {
  return "{\"name\":\"example\",\"version\":\"1\",\"commands\":[\"decode\",\"lookup\"],"
         "\"versions\":[1,2,3],\"abis\":[\"amd64\",\"aarch64-le\",\"aarch64-be\",\"s390x\"],"
         "\"endian\":[\"little\",\"big\"],\"unknown_fields\":[]}";
}

/* Decodes and validates; on rejection names the first rule that rejects. */
static int open_section(const uint8_t *sec, size_t len, uint64_t vma, sfr_section *s, FILE *err) {
  sfr_finding items[16];
  sfr_report rep = {0};
  size_t i = 0;
  size_t n = sfr_validate_scratch_size(len); /* LIBRARY */
  void *scratch = malloc(n);
  rep.items = items;
  rep.cap = 16;
  sfr_validate_ex(s, sec, len, vma, scratch, scratch ? n : 0, &rep); /* LIBRARY */
  free(scratch);
  if (!sfr_report_rejects(&rep))
    return 0;
  while (i + 1 < rep.count && i + 1 < 16 && sfr_finding_class(items[i].id) == SFR_CLASS_QUESTIONABLE)
    i++; /* name a rule that rejects, not a warning */
  fprintf(err, "finding: %s\n", sfr_finding_name(items[i].id));
  return 1;
}

static void print_rule(FILE *out, const char *name, const sfr_reg_rule *r) {
  static const char *kinds[] = {"unchanged", "at-cfa", "fixed", "val-cfa", "reg", "at-reg",
                                "undefined"};
  int has_reg = r->kind == SFR_RULE_REG || r->kind == SFR_RULE_AT_REG;
  fprintf(out, ",\"%s\":{\"rule\":\"%s\",\"reg\":%" PRIu32 ",\"offset\":%" PRId64 "}", name,
          kinds[r->kind], has_reg ? r->reg : 0, r->offset);
}

static void print_rules(FILE *out, const sfr_rules *r) {
  static const char *bases[] = {"sp", "fp", "reg"};
  if (r->outermost)
    fprintf(out, "{\"cfa\":null");
  else
    fprintf(out, "{\"cfa\":{\"base\":\"%s\",\"reg\":%" PRIu32 ",\"offset\":%" PRId64
                 ",\"deref\":%s}",
            bases[r->cfa.base], r->cfa.reg, r->cfa.offset, r->cfa.deref ? "true" : "false");
  print_rule(out, "ra", &r->ra);
  print_rule(out, "fp", &r->fp);
  fprintf(out, ",\"ra_mangled\":%s}", r->ra_mangled ? "true" : "false");
}

int sfa_decode(const uint8_t *bytes, size_t len, uint64_t vma, FILE *out, FILE *err) {
  static const char *flags[] = {"FDE_SORTED", "FRAME_POINTER", "FDE_FUNC_START_PCREL"};
  static const char *fre_types[] = {"addr1", "addr2", "addr4"};
  sfr_section s;
  uint32_t i;
  int b, first = 1;
  if (open_section(bytes, len, vma, &s, err))
    return 1;
  fprintf(out, "{\"schema\":\"sframe-conformance/dump/1\",\"version\":%u,\"endian\":\"%s\","
               "\"abi\":\"%s\",\"flags\":[",
          s.version, s.big_endian ? "big" : "little", sfr_abi_name(s.abi));
  for (b = 0; b < 3; b++)
    if (s.flags & (1u << b))
      fprintf(out, "%s\"%s\"", first ? "" : ",", flags[b]), first = 0;
  fprintf(out, "],\"flags_raw\":%u,\"fixed_fp_offset\":%d,\"fixed_ra_offset\":%d,"
               "\"auxhdr_len\":%u,\"num_fdes\":%" PRIu32 ",\"num_fres\":%" PRIu32 ",\"functions\":[",
          s.flags, s.fixed_fp_offset, s.fixed_ra_offset, s.auxhdr_len, s.num_fdes, s.num_fres);
  for (i = 0; i < s.num_fdes; i++) {
    sfr_fde f;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0, n = 0;
    if (sfr_get_fde(&s, i, &f) != SFR_OK) /* LIBRARY */
      return fprintf(err, "cannot read function %" PRIu32 "\n", i), 1;
    fprintf(out, "%s{\"index\":%" PRIu32 ",\"start\":\"0x%" PRIx64 "\",\"size\":%" PRIu32
                 ",\"pc_type\":\"%s\",\"rep_size\":%u,\"fde_type\":\"%s\",\"fre_type\":\"%s\","
                 "\"pauth_key\":\"%s\",\"signal\":%s,\"num_fres\":%" PRIu32 ",\"fres\":[",
            i ? "," : "", i, f.start, f.size, f.pc_type ? "mask" : "inc", f.rep_size,
            f.fde_type ? "flex" : "default", fre_types[f.fre_type], f.pauth_key ? "B" : "A",
            f.signal ? "true" : "false", f.num_fres);
    sfr_fre_iter_init(&s, &f, &it); /* LIBRARY */
    while (sfr_fre_next(&s, &it, &fre, &done) == SFR_OK && !done) {
      sfr_rules r;
      fprintf(out, "%s{\"start\":%" PRIu32 ",\"rules\":", n++ ? "," : "", fre.start);
      if (sfr_interpret(&s, &f, &fre, &r) == SFR_OK) /* LIBRARY */
        print_rules(out, &r);
      else
        fprintf(out, "null");
      fputc('}', out);
    }
    fprintf(out, "]}");
  }
  fprintf(out, "]}\n");
  return 0;
}

int sfa_lookup(const uint8_t *bytes, size_t len, uint64_t vma, const uint64_t *pcs, size_t npcs,
               FILE *out, FILE *err) {
  static const char *status[] = {"found", "no-fde", "no-fre", "bad-data"};
  sfr_section s;
  size_t i;
  int m;
  if (open_section(bytes, len, vma, &s, err))
    return 1;
  fputc('[', out);
  for (i = 0; i < npcs; i++)
    for (m = 0; m < 2; m++) {
      sfr_lookup_result res;
      sfr_lookup_status ls = sfr_lookup(&s, pcs[i], m ? SFR_PC_RA : SFR_PC_IP, &res); /* LIBRARY */
      fprintf(out, "%s{\"pc\":\"0x%" PRIx64 "\",\"mode\":\"%s\",\"status\":\"%s\"",
              i || m ? "," : "", pcs[i], m ? "ra" : "ip", status[ls]);
      if (ls == SFR_LOOKUP_FOUND) {
        fprintf(out, ",\"fde\":%" PRIu32 ",\"fre\":%" PRIu32 ",\"fre_start\":%" PRIu32 ",\"rules\":",
                res.fde.index, res.fre.index, res.fre.start);
        print_rules(out, &res.rules);
      }
      fputc('}', out);
    }
  fprintf(out, "]\n");
  return 0;
}

#ifndef SFA_LIBRARY
/* The executable form: the same functions behind a command line. */
int main(int argc, char **argv) {
  FILE *f;
  uint8_t *buf = NULL;
  uint64_t vma, *pcs;
  long n;
  int i, rc = 2;
  if (argc == 2 && !strcmp(argv[1], "capabilities"))
    return puts(sfa_capabilities()) < 0 ? 2 : 0;
  if (argc < 4 || !(f = fopen(argv[2], "rb")))
    return fprintf(stderr, "usage: example-adapter decode|lookup SECTION VMA [PC...]\n"), 2;
  if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
      !(buf = malloc((size_t)n + 1)) || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    fclose(f);
    free(buf);
    return fprintf(stderr, "cannot read %s\n", argv[2]), 2;
  }
  fclose(f);
  vma = strtoull(argv[3], NULL, 0);
  if ((pcs = calloc((size_t)argc, sizeof *pcs))) {
    for (i = 4; i < argc; i++)
      pcs[i - 4] = strtoull(argv[i], NULL, 0);
    if (!strcmp(argv[1], "decode"))
      rc = sfa_decode(buf, (size_t)n, vma, stdout, stderr);
    else if (!strcmp(argv[1], "lookup"))
      rc = sfa_lookup(buf, (size_t)n, vma, pcs, (size_t)(argc - 4), stdout, stderr);
    else
      fprintf(stderr, "unknown command %s\n", argv[1]);
  }
  free(pcs);
  free(buf);
  return rc;
}
#endif
