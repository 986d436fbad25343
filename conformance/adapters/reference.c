/* SPDX-License-Identifier: MIT */
/* sfadapter-reference - the oracle itself behind the adapter protocol
 * (conformance/PROTOCOL.md): the same library and renderings as `sfref`.
 * A rejected section names every malformed or invalid finding on stderr,
 * one `finding: ID` line each; an accepted one names its questionable
 * findings the same way.  Like `sfref`, `lookup` and `unwind` still answer
 * for an invalid (not malformed) section, with exit 1.  The optional
 * command `objdump` prints `sfref dump --format=objdump` (the runner's
 * --strict mode compares it with a real section's objdump text).  `serve`
 * answers many commands in one process (sfa_serve.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter_cli.h"
#include "sfa_serve.h"
#include "dump.h"
#include "sfc_tools.h"
#include "sfr_fast.h"
#include "sframe_ref.h"
#include "unwind.h"

#define MAX_FINDINGS 256

/* One finding as a stderr line the runner reads: `finding: ID`, then its
 * class, message and location for a person (the runner reads the ID only). */
static void print_finding(const sfr_finding *f) {
  const char *sep = " (";
  fprintf(stderr, "finding: %s [%s] %s", sfr_finding_name(f->id),
          sfr_class_name(sfr_finding_class(f->id)), sfr_finding_message(f->id));
  if (f->offset >= 0)
    fprintf(stderr, "%soffset 0x%" PRIx64, sep, (uint64_t)f->offset), sep = ", ";
  if (f->fde >= 0)
    fprintf(stderr, "%sFDE %" PRId64, sep, f->fde), sep = ", ";
  if (f->fre >= 0)
    fprintf(stderr, "%sFRE %" PRId64, sep, f->fre), sep = ", ";
  if (f->field)
    fprintf(stderr, "%sfield %s", sep, f->field), sep = ", ";
  fputs(sep[0] == ',' ? ")\n" : "\n", stderr);
}

/* The lookup index (sfr_index_build) of the command being run. */
static void *lookup_index;

static int answer(int argc, char **argv);

/* One command; its lookup index freed after it (a serving process runs many). */
static int command(int argc, char **argv) {
  int rc = answer(argc, argv);
  free(lookup_index);
  lookup_index = NULL;
  return rc;
}

int main(int argc, char **argv) {
  return sfa_main("sfadapter-reference", argc, argv, command, NULL, 0);
}

/* Opens and validates the section as sfref does, holding each method to
 * the others: exact at any size with scratch (sfr_validate_ex), and also
 * without scratch (pairs compared up to 512 functions); each held to the
 * full pass that the certificate of a clean section and the raw FRE walk
 * shorten (sfr_validate_checked).  Then the lookup index.  0, or 3 when
 * two methods differ (an internal error, said on stderr: the runner
 * reports it as a crash of the oracle, so the corpus holds each method to
 * the others). */
static int open_checked(sfr_section *sec, const uint8_t *bytes, size_t len, uint64_t vma,
                        sfr_report *rep) {
  size_t n = sfr_validate_scratch_size(len);
  void *scratch = malloc(n);
  sfr_finding plain_items[MAX_FINDINGS];
  sfr_report plain;
  const char *why;
  plain.items = plain_items;
  plain.cap = MAX_FINDINGS;
  int lent = scratch != NULL;
  if ((why = sfr_validate_checked(sec, bytes, len, vma, NULL, 0, &plain)) != NULL ||
      (why = sfr_validate_checked(sec, bytes, len, vma, scratch, lent ? n : 0, rep)) != NULL) {
    fprintf(stderr, "sfadapter-reference: internal error: %s\n", why);
    free(scratch);
    return 3;
  }
  free(scratch);
  if (lent && (why = sfr_reports_differ(rep, &plain)) != NULL) {
    fprintf(stderr, "sfadapter-reference: internal error: validation with and without "
            "scratch differ (%s)\n", why);
    return 3;
  }
  /* As sfref: lookups and unwinds go through the lookup index, and each
   * lookup is checked against the reference path, which has none. */
  if ((n = sfr_index_size(sec)) != 0 && (lookup_index = malloc(n)) != NULL) {
    if (!sfr_index_build(sec, lookup_index, n)) {
      fprintf(stderr, "sfadapter-reference: internal error: the index of a section "
              "validated in order was not built\n");
      return 3;
    }
  }
  return 0;
}

/* `lookup`: each PC (argv[4]...) in both modes, as a JSON array; 0, 2 on
 * a bad PC, 3 when the library's two lookup paths disagree. */
static int answer_lookup(const sfr_section *sec, int argc, char **argv, int rc) {
  unsigned m;
  size_t i;
  putchar('[');
  for (i = 4; i < (size_t)argc; i++) {
    uint64_t pc;
    if (!sfc_parse_u64(argv[i], &pc)) {
      fprintf(stderr, "sfadapter-reference: bad PC '%s'\n", argv[i]);
      rc = 2;
      break;
    }
    /* Both of the library's lookup paths answer every lookup (dump.h):
     * if they disagree, exit 3, which the runner reports as a crash of
     * the oracle, so the corpus holds the fast path to the reference one. */
    for (m = 0; m < 2; m++) {
      sfr_pc_mode mode = m ? SFR_PC_RA : SFR_PC_IP;
      sfr_lookup_result res;
      const char *why;
      sfr_lookup_status ls = sfr_lookup_checked(sec, pc, mode, &res, &why);
      lookup_json(stdout, sec, pc, mode, ls, &res);
      if (why) {
        lookup_disagree("sfadapter-reference", pc, mode, why);
        rc = 3;
      }
      if (!m)
        putchar(',');
    }
    if (i + 1 < (size_t)argc)
      putchar(',');
  }
  printf("]\n");
  return rc;
}

/* `unwind`: the walk from the snapshot at path; rc, or 2 when the
 * snapshot cannot be read. */
static int answer_unwind(const sfr_section *sec, const char *path, int rc) {
  snapshot snap;
  char err[200];
  FILE *f = fopen(path, "r");
  if (!f || snapshot_read(f, &snap, err, sizeof err) != 0) {
    fprintf(stderr, "sfadapter-reference: %s: %s\n", path, f ? err : "cannot open");
    rc = 2;
  } else {
    unwind_print(stdout, sec, &snap, 1);
    snapshot_free(&snap);
  }
  if (f)
    fclose(f);
  return rc;
}

static int answer(int argc, char **argv) {
  sfr_section sec;
  sfr_finding items[MAX_FINDINGS];
  sfr_report rep;
  uint8_t *bytes;
  size_t len = 0, i;
  uint64_t vma;
  const char *cmd;
  int rc = 0, first = sfa_first_operand(argc, argv);

  if (first > 1) { /* the operands as argv[1]... */
    argc -= first - 1;
    argv += first - 1;
  }
  cmd = first > 0 && argc > 1 ? argv[1] : "";
  if (!strcmp(cmd, "capabilities")) {
    printf("{\"name\":\"sframe-conformance oracle\",\"version\":\"%s\","
           "\"commands\":[\"decode\",\"lookup\",\"unwind\",\"objdump\",\"serve\"],\"versions\":[1,2,3],"
           "\"abis\":[\"amd64\",\"aarch64-le\",\"aarch64-be\",\"s390x\"],"
           "\"endian\":[\"little\",\"big\"],\"unknown_fields\":[]}\n",
           SFR_VERSION_STRING);
    return 0;
  }
  if (argc < 4 ||
      (strcmp(cmd, "decode") && strcmp(cmd, "lookup") && strcmp(cmd, "unwind") &&
       strcmp(cmd, "objdump")) ||
      !sfc_parse_u64(argv[3], &vma) || (!strcmp(cmd, "unwind") && argc != 5) ||
      ((!strcmp(cmd, "decode") || !strcmp(cmd, "objdump")) && argc != 4)) {
    fprintf(stderr, "usage: sfadapter-reference capabilities | decode SECTION VMA |\n"
                    "       lookup SECTION VMA PC... | unwind SECTION VMA SNAPSHOT |\n"
                    "       objdump SECTION VMA\n");
    return 2;
  }
  if (sfc_read_file(argv[2], &bytes, &len) != SFC_READ_OK) {
    fprintf(stderr, "sfadapter-reference: %s: cannot read\n", argv[2]);
    return 2;
  }
  rep.items = items;
  rep.cap = MAX_FINDINGS;
  rc = open_checked(&sec, bytes, len, vma, &rep);
  if (rc != 0) {
    free(bytes);
    return rc;
  }
  if (sfr_report_rejects(&rep)) {
    for (i = 0; i < rep.count && i < rep.cap; i++)
      if (sfr_finding_class(items[i].id) != SFR_CLASS_QUESTIONABLE)
        print_finding(&items[i]);
    /* Decoding stops here; lookups and unwinds answer unless malformed. */
    if (!strcmp(cmd, "decode") || !strcmp(cmd, "objdump") ||
        rep.by_class[SFR_CLASS_MALFORMED]) {
      free(bytes);
      return 1;
    }
    rc = 1;
  } else {
    for (i = 0; i < rep.count && i < rep.cap; i++)
      print_finding(&items[i]);
  }
  if (!strcmp(cmd, "decode")) {
    rc = dump_json(stdout, &sec) == SFR_OK ? 0 : 1;
  } else if (!strcmp(cmd, "objdump")) {
    rc = dump_objdump(stdout, &sec) == SFR_OK ? 0 : 1;
  } else if (!strcmp(cmd, "lookup")) {
    rc = answer_lookup(&sec, argc, argv, rc);
  } else {
    rc = answer_unwind(&sec, argv[4], rc);
  }
  free(bytes);
  return rc;
}
