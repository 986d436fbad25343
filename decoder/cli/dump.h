/* dump.h - the three renderings of a decoded section: readable text, the
 * canonical JSON (decoder/JSON.md), and binutils' objdump --sframe text. */
#ifndef SFREF_DUMP_H
#define SFREF_DUMP_H
#include <stdio.h>

#include "sframe_ref.h"

/* Each returns SFR_OK, or the finding that stopped it part-way. */
sfr_status dump_text(FILE *out, const sfr_section *sec);
sfr_status dump_json(FILE *out, const sfr_section *sec);
sfr_status dump_objdump(FILE *out, const sfr_section *sec);

/* Shared pieces, also used by lookup. */
void rules_text(char *buf, size_t n, const sfr_section *sec, const sfr_rules *r);
void rules_json(FILE *out, const sfr_section *sec, const sfr_rules *r);
void fde_json(FILE *out, const sfr_fde *fde);
/* One object of `sfref lookup --json` (decoder/JSON.md): pc looked up in a
 * mode. */
void lookup_json(FILE *out, const sfr_section *sec, uint64_t pc, sfr_pc_mode mode);
#endif
