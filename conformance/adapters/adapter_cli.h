/* adapter_cli.h - what the executable adapters of this directory that
 * link a reader into themselves (libsframe.c, glibc.c) share: the command
 * line of the adapter protocol (conformance/PROTOCOL.md), running without
 * address randomisation, and the JSON array of a lookup.  Header-only;
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
static inline void sfa_fixed_layout(char **argv) {
  int pers = personality(0xffffffff);
  if (pers != -1 && !(pers & ADDR_NO_RANDOMIZE) &&
      personality((unsigned long)pers | ADDR_NO_RANDOMIZE) != -1)
    execv("/proc/self/exe", argv);
}

/* An adapter's command line has no options, only a command and its
 * operands (conformance/PROTOCOL.md); --help / -h and any other option are a
 * usage error.  Read with getopt_long up to the first operand.  Returns the
 * index of the first operand, or -1 when an option was given (the caller
 * prints its usage and exits 2). */
static inline int sfa_first_operand(int argc, char **argv) {
  static const struct option opts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
  opterr = 0;
  optind = 1;
  if (getopt_long(argc, argv, "+h", opts, NULL) != -1)
    return -1;
  return optind;
}

typedef enum { SFA_CMD_DECODE, SFA_CMD_LOOKUP } sfa_cmd;

typedef struct {
  sfa_cmd cmd;
  const char *section; /* the section file */
  uint64_t vma;
  uint64_t *pcs; /* lookup: npcs PCs (calloc'd; sfa_cli_free) */
  int npcs;
} sfa_cli;

static inline void sfa_cli_free(sfa_cli *c) {
  free(c->pcs);
  c->pcs = NULL;
}

/* Reads the command line.  Returns -1 when the caller goes on with the
 * command in *c, or the exit status when it is all done: 0 after printing
 * the capabilities, 2 after a usage message or a bad VMA or PC. */
static inline int sfa_cli_parse(const char *prog, const char *capabilities, int argc, char **argv,
                                sfa_cli *c) {
  int first = sfa_first_operand(argc, argv), i;
  const char *cmd;
  memset(c, 0, sizeof *c);
  if (first > 1) { /* the operands as argv[1]... */
    argc -= first - 1;
    argv += first - 1;
  }
  cmd = first > 0 && argc > 1 ? argv[1] : "";
  if (strcmp(cmd, "capabilities") == 0 && argc == 2) {
    puts(capabilities);
    return fflush(stdout) == 0 ? 0 : 2;
  }
  if (!((strcmp(cmd, "decode") == 0 && argc == 4) || (strcmp(cmd, "lookup") == 0 && argc >= 4))) {
    fprintf(stderr,
            "usage: %s capabilities\n"
            "       %s decode SECTION VMA\n"
            "       %s lookup SECTION VMA PC...\n",
            prog, prog, prog);
    return 2;
  }
  c->cmd = cmd[0] == 'd' ? SFA_CMD_DECODE : SFA_CMD_LOOKUP;
  c->section = argv[2];
  if (!sfc_parse_u64(argv[3], &c->vma)) {
    fprintf(stderr, "%s: bad VMA '%s'\n", prog, argv[3]);
    return 2;
  }
  if (c->cmd == SFA_CMD_LOOKUP) {
    c->npcs = argc - 4;
    c->pcs = calloc((size_t)c->npcs + 1, sizeof *c->pcs);
    if (!c->pcs) {
      fprintf(stderr, "%s: out of memory\n", prog);
      return 2;
    }
    for (i = 0; i < c->npcs; i++)
      if (!sfc_parse_u64(argv[4 + i], &c->pcs[i])) {
        fprintf(stderr, "%s: bad PC '%s'\n", prog, argv[4 + i]);
        sfa_cli_free(c);
        return 2;
      }
  }
  return -1;
}

/* The start of an adapter's main: addresses fixed (sfa_fixed_layout), the
 * command line read into *c, the section file read into *raw (*raw_len
 * bytes; free it).  Returns -1 when the caller goes on, or the exit status
 * when it is all done: 0 after the capabilities, 2 after a usage message,
 * a bad number or a section that cannot be read (each said on stderr). */
static inline int sfa_cli_start(const char *prog, const char *capabilities, int argc, char **argv,
                                sfa_cli *c, uint8_t **raw, size_t *raw_len) {
  int rc;
  sfa_fixed_layout(argv);
  rc = sfa_cli_parse(prog, capabilities, argc, argv, c);
  if (rc >= 0)
    return rc;
  if (sfc_read_file(c->section, raw, raw_len) != SFC_READ_OK) {
    fprintf(stderr, "%s: %s: cannot read\n", prog, c->section);
    sfa_cli_free(c);
    return 2;
  }
  return -1;
}

/* ---- printing ---- */

/* The ABI's name in the protocol, by the spec's numbers (1.3: 1
 * aarch64-be, 2 aarch64-le, 3 amd64, 4 s390x; s390x is SFRAME_ABI_* only
 * from binutils 2.41, and glibc's sframe.h never names it); NULL for any
 * other value. */
static inline const char *sfa_abi_name(unsigned abi) {
  static const char *const names[] = {NULL, "aarch64-be", "aarch64-le", "amd64", "s390x"};
  return abi < sizeof names / sizeof *names ? names[abi] : NULL;
}

/* A JSON string (s needs no escaping: a fixed name) or null. */
static inline void sfa_put_name(FILE *o, const char *s) {
  if (s)
    fprintf(o, "\"%s\"", s);
  else
    fputs("null", o);
}

/* The start of a row's object: its CFA rule, SP- or FP-based (reg is the
 * DWARF number when the ABI is known, else null), never dereferenced (no
 * reader before version 3 can say otherwise). */
static inline void sfa_put_cfa(FILE *o, int sp_based, int known, unsigned reg, int32_t offset) {
  fprintf(o, "{\"cfa\":{\"base\":\"%s\",\"reg\":", sp_based ? "sp" : "fp");
  if (known)
    fprintf(o, "%u", reg);
  else
    fputs("null", o);
  fprintf(o, ",\"offset\":%" PRId32 ",\"deref\":false}", offset);
}

/* Ends an answer written to an open_memstream (o over *text) and prints it
 * only when all of it was made (rc 0): a failed command prints nothing on
 * standard output.  text and text_len are the stream's own (fclose sets
 * them).  Returns rc, or 2 when memory ran out. */
static inline int sfa_finish(const char *prog, FILE *o, char *const *text,
                             const size_t *text_len, int rc) {
  if (fclose(o) != 0 && rc == 0) {
    fprintf(stderr, "%s: out of memory\n", prog);
    rc = 2;
  }
  if (rc == 0)
    fwrite(*text, 1, *text_len, stdout);
  return rc;
}

/* The start of one lookup answer (a leading comma unless first): its PC,
 * mode and "status": key.  The readers have no modes, so in RA mode the
 * adapter asks about PC - 1 (SPEC-NOTES.md N22); *at is the address to
 * ask about.  Returns 1 when the answer is already complete (a return
 * address of 0 belongs to no call: "no-fde"), else 0. */
static inline int sfa_lookup_begin(FILE *o, uint64_t pc, int ra_mode, int first, uint64_t *at) {
  fprintf(o, "%s{\"pc\":\"0x%" PRIx64 "\",\"mode\":\"%s\",\"status\":", first ? "" : ",", pc,
          ra_mode ? "ra" : "ip");
  *at = pc;
  if (ra_mode) {
    if (pc == 0) {
      fputs("\"no-fde\"}", o);
      return 1;
    }
    *at = pc - 1;
  }
  return 0;
}

/* One answer of a lookup: the JSON object for PC number i in RA mode
 * ra_mode (0: the CFA row, 1: return-address mode), written to o with a
 * leading comma unless first.  Returns 0, or -1 on the adapter's own
 * inconsistency (message printed). */
typedef int (*sfa_lookup_fn)(FILE *o, void *ctx, int i, int ra_mode, int first);

/* The lookup command's answer: a JSON array with both modes of every PC,
 * printed only when all of it could be made.  Returns 0, fail_rc when one
 * answer failed, 2 when memory ran out. */
static inline int sfa_lookup_all(const char *prog, int npcs, sfa_lookup_fn one, void *ctx,
                                 int fail_rc) {
  char *text = NULL;
  size_t text_len = 0;
  FILE *o = open_memstream(&text, &text_len);
  int i, rc = 0;
  if (!o) {
    fprintf(stderr, "%s: out of memory\n", prog);
    return 2;
  }
  fputc('[', o);
  for (i = 0; i < npcs && rc == 0; i++)
    if (one(o, ctx, i, 0, i == 0) != 0 || one(o, ctx, i, 1, 0) != 0)
      rc = fail_rc;
  fputs("]\n", o);
  rc = sfa_finish(prog, o, &text, &text_len, rc);
  free(text);
  return rc;
}

#endif
