/* SPDX-License-Identifier: MIT */
/* dump.h - the three renderings of a decoded section: readable text, the
 * canonical JSON (decoder/JSON.md), and binutils' objdump --sframe text. */
#ifndef SFREF_DUMP_H
#define SFREF_DUMP_H
#include <stdio.h>

#include "sframe_ref.h"

/* Each returns SFR_OK, or the finding that stopped it part-way. */
sfr_status dump_text(FILE *out, const sfr_section *sec);
sfr_status dump_json(FILE *out, const sfr_section *sec);
/* objdump's text for the section's version as `--format=objdump` means
 * it: dump_objdump_default_release() of the version. */
sfr_status dump_objdump(FILE *out, const sfr_section *sec);

/* binutils releases whose `objdump --sframe` text can be reproduced
 * (SPEC-NOTES.md N26), as 100 * major + minor: 240, 244, 246, 247. */
/* The release named by "2.40", "2.44", "2.46", "2.47"; 0 for anything else. */
int dump_objdump_release(const char *name);
/* Whether that release's objdump reads a version (prints its dump, or its
 * header only): the release's row of the peers table, common/sfc_peers.h. */
int dump_objdump_reads(int release, unsigned version);
/* The versions it reads, for messages, e.g. "versions 1 (the header only)
 * and 2"; valid until the next call. */
const char *dump_objdump_versions(int release);
/* The release `--format=objdump` imitates for a version (0: none). */
int dump_objdump_default_release(unsigned version);
/* That release's text; SFR_OK, or the finding that stopped it.  The caller
 * checks dump_objdump_reads() first. */
sfr_status dump_objdump_as(FILE *out, const sfr_section *sec, int release);

/* `sfref dump --bytes` (bytes.c): every byte of the section buf[0, len)
 * labelled once, in order: each header, FDE and FRE field with its raw
 * bytes, value and bit fields, and the bytes no structure reaches as
 * unreferenced; text, or with json the object of schema
 * sframe-conformance/bytes/1 (decoder/README.md).  Any bytes, valid or not:
 * what cannot be read is labelled so.  0, -1 out of memory, -2 an internal
 * error (the labels did not cover the section once: a bug). */
int dump_bytes(FILE *out, const uint8_t *buf, size_t len, uint64_t vma, int json);

/* Where a finding is: "at offset 0x..., FDE n, FRE n, field NAME". */
void print_location(FILE *out, const sfr_finding *f);
/* Shared pieces, also used by lookup. */
void rules_text(char *buf, size_t n, const sfr_section *sec, const sfr_rules *r);
void rules_json(FILE *out, const sfr_section *sec, const sfr_rules *r);
void fde_json(FILE *out, const sfr_fde *fde);
/* One lookup's answer (ls, res: what sfr_lookup_checked gave for pc in a
 * mode; the caller makes every lookup by both of the library's paths and
 * says a disagreement with lookup_disagree), printed: one object of
 * `sfref lookup --json` (decoder/JSON.md), or one line of its text. */
void lookup_json(FILE *out, const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                 sfr_lookup_status ls, const sfr_lookup_result *res);
void lookup_text(FILE *out, const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                 sfr_lookup_status ls, const sfr_lookup_result *res);
/* The internal error on stderr when the two lookup paths disagree. */
void lookup_disagree(const char *prog, uint64_t pc, sfr_pc_mode mode, const char *why);
#endif
