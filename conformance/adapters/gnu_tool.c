/* SPDX-License-Identifier: MIT */
/* gnu_tool.c - GNU objdump and readelf (`--sframe`) as the tool of a
 * text-tool adapter (text_driver.c): what each release reads, how it is
 * run, when its run is a rejection, and its text read by gnu_text.c.
 * Built once per tool and release (binutils.mk), with
 *   -DSFA_KIND='"objdump"' -DSFA_KIND_ENV='"OBJDUMP"'   (or readelf, READELF)
 * beside the driver's -DSFA_NAME, -DSFA_PATH, -DSFA_VERSION.
 * See binutils-notes.md. */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gnu_text.h"
#include "sfc_peers.h"
#include "sfa_text.h"

#if !defined(SFA_KIND) || !defined(SFA_KIND_ENV)
#error "gnu_tool.c: build with -DSFA_KIND and -DSFA_KIND_ENV (objdump and OBJDUMP, or readelf and READELF)"
#endif

/* What makes a GNU tool's run a rejection, each said on stderr: anything
 * on its stderr, whatever its exit status (2.47's objdump says "Error:
 * SFrame decode failure" and exits 0; its readelf exits 1), a non-zero
 * exit without a word, or more text than the adapter keeps.  1 then, else
 * 0.  The reason is the tool's own message when it has one, so that a run
 * in a batch (its exit status shared by many sections) says it alike.
 * (llvm-readobj's judge words its warnings its own way.) */
static int gnu_failed(const sfa_config *cfg, const proc_result *r) {
  char line[200];
  if (r->errlen) {
    sfa_first_line(r->err, line, sizeof line);
    fprintf(stderr, "%s reported: %s\n", cfg->kind, line);
    return 1;
  }
  if (sfa_exit_failed(cfg, r))
    return 1;
  if (r->out_truncated) {
    fprintf(stderr, "%s printed more than %u bytes\n", cfg->kind, SFA_MAX_STDOUT);
    return 1;
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* GNU objdump / readelf --sframe                                      */

#define ver_ge sfa_ver_ge

/* Keys printed as null where the text cannot tell (binutils-notes.md). */
static const char *const gnu_unknown_240[] = {
    "endian", "abi", "flags_raw", "fixed_fp_offset", "fixed_ra_offset", "auxhdr_len",
    "fre_type", "pauth_key", "reg", "rule", "offset", NULL};
static const char *const gnu_unknown_241[] = {
    "endian", "abi", "flags_raw", "auxhdr_len", "rep_size", "fre_type", "pauth_key",
    "reg", "rule", "ra_mangled", NULL};

/* What each release reads: its row of the peers table (common/sfc_peers.h,
 * measured by running the releases, binutils-notes.md).  The versions it
 * reads in full: 2.41-2.45 also print the header of version 1, which is no
 * dump.  A release before 2.40 has no --sframe: no row, nothing read. */
static int gnu_capabilities(const sfa_config *cfg) {
  const sfc_peer *p = sfc_peer_find("binutils", SFC_REL(cfg->major, cfg->minor));
  if (sfa_check_tool(cfg))
    return 1;
  printf("{\"name\":\"%s\",\"version\":\"%s\",\"commands\":[\"decode\",\"serve\",\"batch\"],\"versions\":[",
         cfg->name, cfg->version);
  sfc_peer_print_versions(stdout, p ? p->full : 0u);
  printf("],\"abis\":[");
  sfc_peer_print_abis(stdout, p ? p->abis : 0u, 1);
  printf("],\"endian\":[\"little\",\"big\"],\"unknown_fields\":");
  sfa_print_keys(ver_ge(cfg, 2, 41) ? gnu_unknown_241 : gnu_unknown_240);
  printf("}\n");
  return 0;
}

/* 2.45 and later know SHT_GNU_SFRAME (what their ld writes); older ones
 * find .sframe by name in a PROGBITS section. */
static uint32_t gnu_sh_type(const sfa_config *cfg) {
  return ver_ge(cfg, 2, 45) ? SHT_GNU_SFRAME : SHT_PROGBITS;
}

static int gnu_judge(const sfa_config *cfg, proc_result *r, sfa_dump *d) {
  sfa_lexer lx;
  if (gnu_failed(cfg, r))
    return 1;
  if (sfa_gnu_read(cfg, r->out, d, &lx)) {
    fprintf(stderr, "cannot parse %s output: %s\n", cfg->kind, lx.err);
    return 1;
  }
  return 0;
}

static const char *const gnu_args[] = {"--sframe=.sframe", NULL};

/* The tool's own text, for `objdump SECTION VMA` (not an adapter protocol
 * command, not in capabilities: conformance/objdump-text-check.sh diffs it
 * with `sfref dump --format=objdump-REL`).  objdump's first two lines
 * ("" and "FILE:     file format X", which names the temporary file) are
 * left out, so the text starts as sfref's does, at the blank line before
 * "Contents of the SFrame section".  Exit 0 only when the tool exited 0
 * with nothing on stderr. */
static int gnu_print_text(const sfa_config *cfg, const proc_result *r) {
  const char *p = r->out ? r->out : "";
  if (gnu_failed(cfg, r))
    return 1;
  if (p[0] == '\n') { /* objdump: skip "\nFILE:     file format X\n" */
    const char *nl = strchr(p + 1, '\n'), *ff = strstr(p + 1, ":     file format ");
    if (nl && ff && ff < nl)
      p = nl + 1;
  }
  fputs(p, stdout);
  return fflush(stdout) != 0 ? 2 : 0;
}

const sfa_tool sfa_the_tool = {
    .kind = SFA_KIND,
    .kind_env = SFA_KIND_ENV,
    .capabilities = gnu_capabilities,
    .sh_type = gnu_sh_type,
    .args = gnu_args,
    .judge = gnu_judge,
    .print_text = gnu_print_text,
};
