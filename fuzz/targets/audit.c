/* SPDX-License-Identifier: MIT */
/* audit.c - fuzz target: any bytes as a file sfaudit is given (audit/):
 * an ar archive's members found by libelf, each ELF object opened by
 * sfcfi's reader, its .sframe judged by the oracle and by every kernel
 * generation, the readers it has, or without .sframe its CFI read by
 * libdw and converted (what --gsframe would give).  Whatever the bytes,
 * nothing reads out of bounds (ASan), nothing is undefined (UBSan), and
 * every object visited is judged to an end: opened, or with the reason it
 * is not; and the record a worker sends for it (audit_record.c) reads back
 * as what was counted. */
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit_link.h"
#include "audit_object.h"
#include "audit_record.h"
#include "audit_report.h"
#include "audit_walk.h"
#include "fuzz_check.h"
#include "sframe_ref.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static au_readers readers;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  /* the readers table's shape (common/sfc_peers.h's rows), without the table */
  readers.n = 2;
  strcpy(readers.r[0].name, "reads-1-2");
  readers.r[0].versions = 1u << 1 | 1u << 2;
  readers.r[0].abis = 0x1e;
  strcpy(readers.r[1].name, "reads-3");
  readers.r[1].versions = 1u << 3;
  readers.r[1].abis = 0x1e;
  elf_version(EV_CURRENT);
  return 0;
}

/* The worker's record of o reads back as o, for everything the parent
 * counts. */
static void record_round_trip(const au_object *o) {
  char *buf = NULL;
  size_t len = 0;
  au_record r;
  FILE *m = open_memstream(&buf, &len);
  FUZZ_CHECK(m != NULL, "a memory stream opens");
  au_record_write(m, o, "group\tof it", 1, &readers);
  FUZZ_CHECK(fclose(m) == 0, "the record is written");
  FUZZ_CHECK(au_record_read(buf, &r) == 0, "a record reads back");
  au_totals a, b;
  memset(&a, 0, sizeof a), memset(&b, 0, sizeof b);
  au_totals_add(&a, o), au_totals_add(&b, &r.o);
  FUZZ_CHECK(!memcmp(&a, &b, sizeof a), "the record counts as the object does");
  FUZZ_CHECK(!strcmp(r.o.path, o->path) && !strcmp(r.group, "group\tof it") && r.bad == 1 &&
                 (!o->member) == (!r.o.member) && (!o->member || !strcmp(r.o.member, o->member)),
             "the names travel whole");
  FUZZ_CHECK(r.o.readers_ok == o->readers_ok && r.o.type == o->type && r.o.machine == o->machine &&
                 au_rel_kind(&r.o) == au_rel_kind(o) && r.json && r.json[0] == '{',
             "what a link and the readers count travels, and the JSON line");
  free(buf);
}

static void judge(void *ctx, const char *path, const char *member, const char *package,
                  const uint8_t *bytes, size_t len, au_skip skip, const char *why) {
  au_object o;
  au_totals *t = ctx;
  (void)package;
  memset(&o, 0, sizeof o);
  o.path = path, o.member = member;
  FUZZ_CHECK(!bytes == (skip != AU_SKIP_NONE), "an input comes with its bytes or with why not");
  FUZZ_CHECK(bytes || (why && why[0]), "an input not audited says why");
  if (bytes)
    au_object_judge(&o, bytes, len, &readers);
  else
    o.skipped = skip;
  FUZZ_CHECK(o.elf_ok || o.error[0] || !bytes, "an object that does not open says why");
  FUZZ_CHECK(o.elf_ok || o.skipped != AU_SKIP_NONE, "an object that does not open is counted under a reason");
  FUZZ_CHECK(!o.has_sframe || o.kernels_ok <= o.kernels, "no more generations register it than read it");
  FUZZ_CHECK(!o.gsframe_done || o.gs.converted + o.gs.skipped > 0 || o.gs_bytes > 0,
             "a conversion that ran counted its functions or wrote a header");
  au_totals_add(t, &o);
  record_round_trip(&o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  au_totals t;
  memset(&t, 0, sizeof t);
  au_visit_bytes(data, size, "input", NULL, judge, &t);
  FUZZ_CHECK(t.objects >= 1 || (size >= 8 && !memcmp(data, "!<arch>\n", 8)),
             "a file that is not an archive is one input");
  return 0;
}
