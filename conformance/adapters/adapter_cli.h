/* SPDX-License-Identifier: MIT */
/* adapter_cli.h - what the executable adapters of this directory that
 * link a reader into themselves (libsframe.c, glibc.c) share: the command
 * line of the adapter protocol (conformance/PROTOCOL.md), running without
 * address randomisation, and the JSON array of a lookup.  Compiled once (sfa_kit.c, $(SFA_KIT_LIB));
 * VMAs and PCs are read as sfref reads them and the section file with
 * the tools library (sfc_parse_u64, sfc_read_file: common/sfc_tools.h).
 *
 *   PROG capabilities
 *   PROG decode SECTION VMA
 *   PROG lookup SECTION VMA PC...
 */
#ifndef SFA_ADAPTER_CLI_H
#define SFA_ADAPTER_CLI_H

#include <getopt.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

#include "../../common/sfc_tools.h" /* no -I needed by who includes this */
#include "sfa_regs.h"

/* A reader with memory errors does what the bytes beyond its buffers
 * make it do, and those depend on where the heap and the mappings lie.
 * Without address randomisation the outcome is the same on every run, so
 * an expected-results file can hold it: the adapter re-executes itself
 * once with randomisation off (the personality is inherited by the new
 * image, so the second start goes on). */
void sfa_fixed_layout(char **argv);

/* An adapter's command line has no options, only a command and its
 * operands (conformance/PROTOCOL.md); --help / -h and any other option are a
 * usage error.  Read with getopt_long up to the first operand.  Returns the
 * index of the first operand, or -1 when an option was given (the caller
 * prints its usage and exits 2). */
int sfa_first_operand(int argc, char **argv);

typedef enum { SFA_CMD_DECODE, SFA_CMD_LOOKUP } sfa_cmd;

typedef struct {
  sfa_cmd cmd;
  const char *section; /* the section file */
  uint64_t vma;
  uint64_t *pcs; /* lookup: npcs PCs (calloc'd; sfa_cli_free) */
  int npcs;
} sfa_cli;

void sfa_cli_free(sfa_cli *c);

/* Reads the command line.  Returns -1 when the caller goes on with the
 * command in *c, or the exit status when it is all done: 0 after printing
 * the capabilities, 2 after a usage message or a bad VMA or PC. */
int sfa_cli_parse(const char *prog, const char *capabilities, int argc, char **argv,
                                sfa_cli *c);

/* The start of an adapter's main: addresses fixed (sfa_fixed_layout), the
 * command line read into *c, the section file read into *raw (*raw_len
 * bytes; free it).  Returns -1 when the caller goes on, or the exit status
 * when it is all done: 0 after the capabilities, 2 after a usage message,
 * a bad number or a section that cannot be read (each said on stderr). */
int sfa_cli_start(const char *prog, const char *capabilities, int argc, char **argv,
                                sfa_cli *c, uint8_t **raw, size_t *raw_len);

/* ---- printing ---- */

/* The ABI's name in the protocol, by the spec's numbers (1.3: 1
 * aarch64-be, 2 aarch64-le, 3 amd64, 4 s390x; s390x is SFRAME_ABI_* only
 * from binutils 2.41, and glibc's sframe.h never names it); NULL for any
 * other value. */
const char *sfa_abi_name(unsigned abi);

/* A JSON string (s needs no escaping: a fixed name) or null. */
void sfa_put_name(FILE *o, const char *s);

/* The start of a row's object: its CFA rule, SP- or FP-based (reg is the
 * DWARF number when the ABI is known, else null), never dereferenced (no
 * reader before version 3 can say otherwise). */
void sfa_put_cfa(FILE *o, int sp_based, int known, unsigned reg, int32_t offset);

/* Ends an answer written to an open_memstream (o over *text) and prints it
 * only when all of it was made (rc 0): a failed command prints nothing on
 * standard output.  text and text_len are the stream's own (fclose sets
 * them).  Returns rc, or 2 when memory ran out. */
int sfa_finish(const char *prog, FILE *o, char *const *text,
                             const size_t *text_len, int rc);

/* The start of one lookup answer (a leading comma unless first): its PC,
 * mode and "status": key.  The readers have no modes, so in RA mode the
 * adapter asks about PC - 1 (SPEC-NOTES.md N22); *at is the address to
 * ask about.  Returns 1 when the answer is already complete (a return
 * address of 0 belongs to no call: "no-fde"), else 0. */
int sfa_lookup_begin(FILE *o, uint64_t pc, int ra_mode, int first, uint64_t *at);

/* One answer of a lookup: the JSON object for PC number i in RA mode
 * ra_mode (0: the CFA row, 1: return-address mode), written to o with a
 * leading comma unless first.  Returns 0, or -1 on the adapter's own
 * inconsistency (message printed). */
typedef int (*sfa_lookup_fn)(FILE *o, void *ctx, int i, int ra_mode, int first);

/* The lookup command's answer: a JSON array with both modes of every PC,
 * printed only when all of it could be made.  Returns 0, fail_rc when one
 * answer failed, 2 when memory ran out. */
int sfa_lookup_all(const char *prog, int npcs, sfa_lookup_fn one, void *ctx,
                                 int fail_rc);

#endif
