/* elf.c - fuzz target: any bytes as the ELF file a user gives `sfref`.
 * The input goes through decoder/cli/elf.c exactly as sfref takes it:
 * elf_find_sframe finds the .sframe section (by name or type), and in a
 * relocatable object elf_relocate_sframe applies the relocations that
 * target it, writing into a copy of the file.  What it finds must lie inside
 * the file, and the section is then decoded and validated by the oracle at
 * the address the ELF reader gives it; on a section the oracle accepts every
 * FDE and FRE must read.  A read out of bounds (ASan), undefined behaviour
 * (UBSan) or a broken invariant aborts. */
#include <stdlib.h>
#include <string.h>

#include "elf.h"
#include "fuzz_check.h"
#include "sframe_ref.h"

/* The oracle on the section found: validation, then (when accepted) every
 * FDE's FREs read and interpret. */
static void decode_section(const uint8_t *sec_bytes, size_t len, uint64_t vma) {
  sfr_section sec;
  sfr_finding items[16];
  sfr_report rep;
  size_t need = sfr_validate_scratch_size(len);
  void *scratch = malloc(need ? need : 1);
  uint32_t i, total = 0;

  memset(&rep, 0, sizeof rep);
  rep.items = items;
  rep.cap = 16;
  sfr_validate_ex(&sec, sec_bytes, len, vma, scratch, scratch ? need : 0, &rep);
  free(scratch);
  if (sfr_report_rejects(&rep))
    return;
  for (i = 0; i < sec.num_fdes; i++) {
    sfr_fde fde;
    sfr_fre_iter it;
    sfr_fre fre;
    int done = 0;
    FUZZ_CHECK(sfr_get_fde(&sec, i, &fde) == SFR_OK, "every FDE of a valid section reads");
    sfr_fre_iter_init(&sec, &fde, &it);
    for (;;) {
      sfr_rules rules;
      FUZZ_CHECK(sfr_fre_next(&sec, &it, &fre, &done) == SFR_OK, "every FRE reads");
      if (done)
        break;
      FUZZ_CHECK(sfr_interpret(&sec, &fde, &fre, &rules) == SFR_OK, "every FRE interprets");
      total++;
    }
  }
  FUZZ_CHECK(total == sec.num_fres, "the FREs add up to the header's num_fres");
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
