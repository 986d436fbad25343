/* SPDX-License-Identifier: MIT */
/* sfa_text.h - what the text-tool adapters share: the driver
 * (text_driver.c), the GNU tool (gnu_tool.c, gnu_text.c) and llvm-readobj
 * (llvm.c).
 *
 * A text-tool adapter wraps the raw section in a minimal ELF file, runs a
 * dumping tool on it (objdump, readelf, llvm-readobj) and parses the text
 * back into the canonical JSON of decoder/JSON.md.  text_driver.c runs
 * the tool (common/sfc_proc.c) on the file sfa_elf.c writes and
 * holds main; sfa_text.c the dump model, its JSON printer and the text
 * lexer; gnu_tool.c describes GNU objdump and readelf, whose text
 * gnu_text.c reads; llvm.c describes llvm-readobj and reads its text.
 * Each tool is an sfa_tool named sfa_the_tool; an adapter program links
 * the driver with one (binutils.mk, llvm.mk). */
#ifndef SFA_TEXT_H
#define SFA_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sfc_proc.h"

/* ------------------------------------------------------------------ */
/* what the adapter runs, fixed at build time                          */

typedef struct {
  const char *name;    /* adapter name, e.g. "objdump-2.47" */
  const char *kind;    /* "objdump", "readelf", "llvm-readobj" */
  const char *path;    /* the program run */
  const char *version; /* the exact version reported by capabilities */
  int major, minor;    /* the release, e.g. 2 47 */
  int baked;           /* path and version compiled in (else found at run time) */
} sfa_config;

/* ------------------------------------------------------------------ */
/* a tool's run (common/sfc_proc.h)                            */

/* The first line of s (at most n - 1 bytes). */
void sfa_first_line(const char *s, char *out, size_t n);
/* The name sfa_die_io's messages give ("sfadapter-NAME: "). */
extern const char *sfa_die_name;
/* Prints the message on stderr and exits with status 2. */
void sfa_die_io(const char *fmt, ...);

/* ------------------------------------------------------------------ */
/* the dump model: what the tool said, each field known or not         */

typedef struct {
  const char *rule; /* NULL: unknown */
  int reg_known;
  uint32_t reg;
  int off_known;
  int64_t offset;
} sfa_rule;

typedef struct {
  uint64_t start;
  int outermost; /* RA undefined: no CFA */
  const char *base; /* "sp", "fp", "reg"; NULL: no CFA rule shown */
  int cfa_reg_known;
  uint32_t cfa_reg;
  int cfa_off_known;
  int64_t cfa_offset;
  int cfa_deref; /* 0, 1; -1 unknown */
  sfa_rule ra, fp;
  int mangled; /* 0, 1; -1 unknown */
  /* GNU text: the raw FP / RA cells, classified after the whole dump */
  char ra_cell[48], fp_cell[48];
} sfa_fre;

typedef struct {
  uint32_t index;
  uint64_t pc;
  uint32_t size;
  int mask;
  int64_t rep_size; /* -1 unknown */
  int flex, signal;
  int fde_type_known, signal_known;
  int pauth; /* 'A', 'B'; 0 unknown */
  const char *fre_type; /* "addr1"...; NULL unknown */
  int gnu_pauth_b;      /* GNU text: ", pauth = B key" */
  sfa_fre *fres;
  size_t nfres, cap;
} sfa_fde;

typedef struct {
  int version;
  const char *endian, *abi; /* NULL unknown */
  int flags_known;
  unsigned flags; /* bits 0-2 */
  int flags_raw;  /* -1 unknown */
  int fixed_fp_known, fixed_ra_known;
  int64_t fixed_fp, fixed_ra;
  int auxhdr_len; /* -1 unknown */
  uint32_t num_fdes, num_fres;
  sfa_fde *fdes;
  size_t nfdes, cap;
} sfa_dump;

void sfa_dump_init(sfa_dump *d);
sfa_fde *sfa_add_fde(sfa_dump *d);
sfa_fre *sfa_add_fre(sfa_fde *f);
void sfa_free_dump(sfa_dump *d);

/* ------------------------------------------------------------------ */
/* reading text                                                        */

typedef struct {
  char *p;    /* current position in the text */
  int lineno; /* of the line at p */
  char *line; /* current line (NUL-terminated in place) */
  char err[256];
} sfa_lexer;

char *sfa_next_line(sfa_lexer *lx);
int sfa_blank(const char *s);
const char *sfa_skip_sp(const char *s);
int sfa_starts_with(const char *s, const char *p);
int sfa_expect(const char **s, const char *lit);
int sfa_parse_dec(const char **s, int64_t *v); /* optional sign, decimal */
int sfa_parse_hex(const char **s, uint64_t *v); /* hex digits, no 0x */

#define SFA_FAIL(lx, ...)                                                      \
  do {                                                                         \
    snprintf((lx)->err, sizeof (lx)->err, __VA_ARGS__);                        \
    return -1;                                                                 \
  } while (0)

/* ------------------------------------------------------------------ */
/* a tool                                                              */

/* Bytes of a tool's standard output an adapter keeps. */
#define SFA_MAX_STDOUT (512u * 1024u * 1024u)

/* A tool: what the driver (text_driver.c) needs to know of it.  Each
 * adapter links one, named sfa_the_tool (gnu_tool.c, llvm.c). */
typedef struct sfa_tool {
  const char *kind;     /* "objdump", "readelf", "llvm-readobj" */
  const char *kind_env; /* the variable naming the program when none is compiled in */
  /* capabilities: prints the JSON object; 0 or 1 (the tool cannot run) */
  int (*capabilities)(const sfa_config *cfg);
  /* the section type the wrapper gives .sframe */
  uint32_t (*sh_type)(const sfa_config *cfg);
  /* the arguments before the file name (NULL-terminated) */
  const char *const *args;
  /* the tool exited (not killed, no timeout): 0 accept with *d filled, or
   * 1 reject with the reason printed on stderr */
  int (*judge)(const sfa_config *cfg, proc_result *r, sfa_dump *d);
  /* the `objdump SECTION VMA` command (the tool's own text, for diffing
   * with sfref's): prints it, 0, or 1 when the run was a rejection; NULL
   * when the adapter does not offer it */
  int (*print_text)(const sfa_config *cfg, const proc_result *r);
} sfa_tool;

extern const sfa_tool sfa_the_tool;

/* Runs cfg->path with --version; 0 and the first line, or -1. */
int sfa_tool_version_line(const sfa_config *cfg, char *line, size_t n);
/* 0 when the tool runs and its --version names cfg's release; else -1 with
 * the reason on stderr. */
int sfa_check_tool(const sfa_config *cfg);
/* 1 when the tool exited with a non-zero status (said on stderr with its
 * first line of standard error: a rejection), else 0. */
int sfa_exit_failed(const sfa_config *cfg, const proc_result *r);
/* Prints the "unknown_fields" array. */
void sfa_print_keys(const char *const *keys);
/* Prints the dump as the canonical JSON of decoder/JSON.md, one line. */
void sfa_print_json(FILE *o, const sfa_dump *d);

/* The section type GNU ld gives .sframe (binutils 2.45 and later); the
 * <elf.h> of older C libraries does not name it. */
#ifndef SHT_GNU_SFRAME
#define SHT_GNU_SFRAME 0x6ffffff4u
#endif

#endif
