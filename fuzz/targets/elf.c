/* SPDX-License-Identifier: MIT */
/* elf.c - fuzz target: any bytes as the ELF file a user gives `sfref`.
 * The input goes through decoder/cli/elf.c exactly as sfref takes it:
 * elf_find_sframe finds the .sframe section (by name or type), and in a
 * relocatable object elf_relocate_sframe applies the relocations that
 * target it, writing into a copy of the file.  What it finds must lie inside
 * the file, and the section is then decoded and validated by the oracle at
 * the address the ELF reader gives it; a section the oracle accepts must
 * dump (every FDE and FRE read and interpreted).  A read out of bounds
 * (ASan), undefined behaviour (UBSan) or a broken invariant aborts. */
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "elf_sframe.h"
#include "fuzz_check.h"
#include "sframe_ref.h"

static FILE *sink;

/* The oracle on the section found, as sfref takes it: validation with
 * scratch, then (when accepted) the text and JSON dumps, which read and
 * interpret every FDE and FRE. */
static void decode_section(const uint8_t *sec_bytes, size_t len, uint64_t vma) {
  sfr_section sec;
  sfr_finding items[16];
  sfr_report rep;

  memset(&rep, 0, sizeof rep);
  rep.items = items;
  rep.cap = 16;
  fuzz_validate(&sec, sec_bytes, len, vma, &rep);
  if (sfr_report_rejects(&rep))
    return;
  if (!sink)
    sink = fopen("/dev/null", "w");
  if (!sink)
    return;
  FUZZ_CHECK(dump_text(sink, &sec) == SFR_OK, "a valid section dumps as text");
  FUZZ_CHECK(dump_json(sink, &sec) == SFR_OK, "a valid section dumps as JSON");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  elf_sframe es;
  const char *why = NULL;
  elf_status st;
  uint8_t *file;

  memset(&es, 0, sizeof es);
  st = elf_find_sframe(data, size, &es, &why);
  if (st == ELF_NOT_ELF)
    return 0;
  if (st != ELF_OK) {
    FUZZ_CHECK(why != NULL, "a rejected ELF file says why");
    return 0;
  }
  FUZZ_CHECK(es.offset <= size && es.size <= size - es.offset,
             "the .sframe section found lies inside the file");
  /* sfref relocates its own copy of the file in place. */
  file = malloc(size ? size : 1);
  if (!file)
    return 0;
  memcpy(file, data, size);
  if (es.relocatable) {
    why = NULL;
    if (elf_relocate_sframe(file, size, &es, &why) < 0) {
      FUZZ_CHECK(why != NULL, "a failed relocation says why");
      free(file);
      return 0;
    }
    FUZZ_CHECK(es.offset <= size && es.size <= size - es.offset,
               "relocation keeps the section inside the file");
  }
  decode_section(file + es.offset, (size_t)es.size, es.addr);
  free(file);
  return 0;
}
