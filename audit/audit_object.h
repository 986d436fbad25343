/* SPDX-License-Identifier: MIT */
/* audit_object.h - what one ELF object carries and who can read it
 * (audit_object.c): its unwinding sections, the oracle's verdict, sfcfi
 * check, the kernel generations that refuse it, the readers, --gsframe; and
 * why an input was not audited. */
#ifndef AUDIT_OBJECT_H
#define AUDIT_OBJECT_H

#include <stddef.h>
#include <stdint.h>

#include "audit_readers.h"
#include "sc_check.h"
#include "sc_convert.h"
#include "sframe_kernel.h"

/* binutils' ELF conventions for SFrame (SPEC-NOTES N42); Debian 12's
 * <elf.h> predates them. */
#ifndef SHT_GNU_SFRAME
#define SHT_GNU_SFRAME 0x6ffffff4u
#endif
#ifndef PT_GNU_SFRAME
#define PT_GNU_SFRAME 0x6474e554u
#endif

/* ---- what was not audited, and why ---- */
/* Every path or member sfaudit could not read as an ELF object, an ar
 * archive or a Debian package is counted and listed under one of these. */
typedef enum au_skip {
  AU_SKIP_NONE,
  AU_SKIP_NOT_ELF,    /* not ELF, an ar archive or a package (an empty file, a script) */
  AU_SKIP_TRUNCATED,  /* ELF that ends before what its headers describe */
  AU_SKIP_FOREIGN,    /* ELF sfcfi does not read (a machine without an SFrame ABI) */
  AU_SKIP_UNREADABLE, /* cannot be opened, mapped or walked */
  AU_SKIP_SPECIAL,    /* a FIFO, a socket, a device */
  AU_SKIP_DANGLING,   /* a symbolic link to nothing */
  AU_SKIP_LINK,       /* a symbolic link below a directory: not followed */
  AU_SKIP_COUNT
} au_skip;
/* "not-elf", "truncated", ...: the names in --json and the report. */
const char *au_skip_name(au_skip s);

/* The kernel generations that refuse a section, each with its first
 * refusing rule (sframe_kernel.h). */
typedef struct au_refusals {
  uint32_t gens;                /* bit g: generation g refuses */
  uint16_t rule[SFK_GEN_NUM];   /* sfk_id, for each refusing generation */
} au_refusals;
/* "kernel-v12: kernel-version-unsupported; ..." ("-" for none) into buf. */
void au_refusals_str(const au_refusals *r, char *buf, size_t cap);
/* Parses that form; 0, or -1 naming what it does not know in err. */
int au_refusals_parse(const char *s, au_refusals *r, char *err, size_t errlen);
#define AU_REFUSALS_LEN 640
typedef struct au_sizes {
  uint64_t sframe, eh_frame, eh_frame_hdr, debug_frame;
  unsigned sframe_sections; /* sections named .sframe (a linker may write two) */
  uint32_t sframe_type;     /* the first one's sh_type (SHT_GNU_SFRAME or SHT_PROGBITS) */
  int sframe_phdr;          /* a PT_GNU_SFRAME program header */
} au_sizes;

typedef struct au_object {
  const char *path;   /* the file (a .deb's: its path in the package) */
  const char *member; /* an archive member's name, else NULL */
  const char *package;/* the package it belongs to, or NULL */
  int elf_ok;         /* opened as ELF of an architecture sfcfi knows */
  au_skip skipped;    /* when not: under what it is counted */
  char error[200];    /* why not, when not */
  uint16_t type, machine;
  uint8_t abi;
  au_sizes sizes;
  /* .sframe, when present */
  int has_sframe;
  uint8_t version, flags;
  uint32_t functions;
  unsigned headers;   /* SFrame headers found one after another (a concatenation: more than one) */
  int verdict;        /* 0 valid, else the worst sfr_class */
  char findings[240]; /* the findings' names, comma-separated (the first few) */
  size_t nfindings;
  unsigned kernels_ok, kernels;    /* generations that register it, of how many */
  au_refusals kernel;              /* the generations that refuse it */
  unsigned readers_ok;             /* bit i: readers.r[i] reads it */
  /* the .sframe against the object's own CFI (sfcfi check) */
  int checked;
  sc_check_summary check;
  char check_error[160];
  /* without .sframe: what --gsframe would give (sfcfi convert, version 3) */
  int gsframe_done;
  sc_convert_stats gs;
  uint64_t gs_bytes;
  char gs_error[160];
} au_object;

/* Judges the ELF image bytes[0, len) (copied by sfcfi's reader); an image
 * that ends before its headers' tables or sections is AU_SKIP_TRUNCATED,
 * with the byte where it ends and the one it would need. */
void au_object_judge(au_object *o, const uint8_t *bytes, size_t len, const au_readers *rd);

#endif
