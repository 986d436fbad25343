/* SPDX-License-Identifier: MIT */
/* sfcfi.c - the command line of sfcfi: SFrame against DWARF CFI.
 *
 *   sfcfi check [--json] [--summary] [--debug-frame] ELF
 *   sfcfi convert --version 1|2|3 [--elf] [--debug-frame] [--json] -o OUT ELF
 *   sfcfi diff [--raw] [--vma-a ADDR] [--vma-b ADDR] [--json] A B
 *   sfcfi conserve [--json] [--verbose] OUTPUT INPUT.o...
 *
 * Exit status: 0 the tables agree (check, diff) or the conversion
 * succeeded; 1 they disagree, nothing was compared or converted, or the
 * input's SFrame is not valid; 2 usage errors and unreadable input.
 *
 * The CFI side is read by elfutils' libdw (dwarf_getcfi_elf, dwarf_getcfi,
 * dwarf_cfi_addrframe, dwarf_frame_cfa, dwarf_frame_register), an
 * interpreter nobody here wrote: it gives each function's first row, and
 * cfi.c's one pass over the FDE, which follows libdw's interpreter rule for
 * rule, must agree with it there (cfi.c says why libdw alone is not asked
 * for every row, and where the pass leaves the rows to it); the ELF side
 * by libelf.  The SFrame side is
 * the oracle (sframe_ref.h), linked like any user links it; SFrame is
 * written by the corpus encoder (sframe_enc.h).  Prefix: sc_; each module has its header
 * (sc_util.h, sc_elf.h, sc_cfi.h, sc_express.h, sc_check.h, sc_convert.h,
 * sc_diff.h, sc_conserve.h, sc_elfout.h); none includes this file.
 *
 *   elfin.c    open an ELF file (relocatable objects: sections given
 *              addresses and the relocations of .eh_frame, .debug_frame and
 *              .sframe applied), find its CFI and its .sframe
 *   cfi.c      every FDE of the CFI and its rows, as libdw computes them
 *   express.c  a CFI row as SFrame rules (sfr_rules) for one version, or
 *              the reason SFrame cannot express it
 *   check.c    `sfcfi check`: the two tables compared at every address
 *   convert.c  `sfcfi convert`: CFI to SFrame through the encoder
 *   diff.c     `sfcfi diff`: two SFrame sections compared by meaning
 *   conserve.c `sfcfi conserve`: a linker's output against its inputs, by
 *              meaning, function by function (conserve_print.c its
 *              report; conserve_state.h what the two share)
 *   symtab.c   an ELF file's symbol table, by name and by place
 *   elfout.c   a copy of an ELF file with a new .sframe section
 *   util.c     error text, growing arrays, runs of addresses, JSON strings
 *   sfcfi.c    the command line (this file) */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE (Linux) */
#include "sc_check.h"
#include "sc_conserve.h"
#include "sc_convert.h"
#include "sc_diff.h"
#include "sc_elfout.h"

#include <elf.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__) && defined(__linux__)
#include <malloc.h>
#include <sys/mman.h>
#endif

#include "sfc_json.h"
#include "sfc_tools.h"

/* check and convert touch memory in proportion to the CFI, some 60 bytes
 * per byte of it (the rows, the model and the encoder's tables, the
 * oracle's index), nearly all of it once and fresh from the system.  On a
 * virtual machine a page fault can cost 10-30 microseconds: convert of
 * QEMU's qemu-aarch64 (600 KB of .eh_frame) took 10,000 faults, most of
 * its time.  So before the work the heap is grown at once by a reserve
 * scaled to the input and advised MADV_HUGEPAGE (one fault per 2 MiB
 * instead of per 4 KiB, where the kernel's transparent huge pages are
 * "madvise" or "always"); every allocation comes from the heap (no mmap
 * of its own, which would not be advised) and the heap is never trimmed.
 * Past the reserve the heap grows as usual.  glibc on Linux only; where
 * mallopt does not apply (another C library, a sanitizer's allocator)
 * nothing changes.  Only the process's speed depends on it. */
static void heap_in_huge_pages(const char *input) {
#if defined(__GLIBC__) && defined(__linux__) && defined(MADV_HUGEPAGE)
  const uintptr_t huge = (uintptr_t)2 << 20;
  struct stat sb;
  if (stat(input, &sb) != 0 || sb.st_size <= 0)
    return;
  /* 16 times the file (at least 64 MiB, at most 1 GiB): untouched pages
   * of it cost nothing */
  size_t reserve = (size_t)sb.st_size > ((size_t)1 << 26) ? (size_t)1 << 30 : (size_t)sb.st_size * 16;
  if (reserve < ((size_t)64 << 20))
    reserve = (size_t)64 << 20;
  if (mallopt(M_MMAP_MAX, 0) != 1 || mallopt(M_TRIM_THRESHOLD, INT_MAX) != 1)
    return;
  char *p = malloc(reserve);
  if (!p) {
    (void)mallopt(M_MMAP_MAX, 65536); /* glibc's default: large blocks mapped again */
    return;
  }
  uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(huge - 1), hi = ((uintptr_t)p + reserve) & ~(huge - 1);
  if (hi > lo)
    (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
  free(p); /* back to the heap's top, where the next allocations come from */
#else
  (void)input;
#endif
}

static void usage(FILE *f) {
  fprintf(f,
          "usage: sfcfi check [--json] [--summary] [--debug-frame] [--sframe FILE [--vma ADDR]] ELF\n"
          "       sfcfi convert --version 1|2|3 -o OUT [--elf | --vma ADDR] [--debug-frame] [--json] [--verbose] ELF\n"
          "       sfcfi diff [--json] [--raw] [--vma-a ADDR] [--vma-b ADDR] A B\n"
          "       sfcfi conserve [--json] [--verbose] OUTPUT INPUT.o...\n"
          "commands:\n"
          "  check    compare the file's .sframe with its CFI (.eh_frame, or .debug_frame) at\n"
          "           every address; list functions in one table only, with a class\n"
          "           (--sframe: hold another section, raw at --vma or an ELF's, against ELF's CFI)\n"
          "  convert  write the CFI as an SFrame section of a version: the raw section, or with\n"
          "           --elf a copy of ELF with that .sframe (replacing any it had)\n"
          "  diff     compare two SFrame sections (raw, or ELF files' .sframe) by meaning\n"
          "           (--vma-a, --vma-b: the addresses of raw sections; ELF files give their own)\n"
          "  conserve judge a link: every function of the objects' .sframe in OUTPUT's, moved and\n"
          "           equal by meaning, unless its code was dropped (kept, differs, missing,\n"
          "           dropped-code, unmapped; linker-made FDEs; the SORTED and PCREL flags)\n"
          "  write-elf IN SECTION OUT  (a test aid) copy ELF file IN to OUT with the raw SECTION\n"
          "           as its .sframe\n"
          "exit status: 0 agree / converted, 1 disagree / nothing done, 2 usage or input error\n");
}

/* An address option's value into *v; 0 (with the message) when it is not
 * one. */
static int parse_address(const char *option, const char *arg, uint64_t *v) {
  if (sfc_parse_u64(arg, v))
    return 1;
  sfc_error("%s wants an address, not '%s'", option, arg);
  return 0;
}

static int cmd_check(int argc, char **argv) {
  static const struct option opts[] = {{"json", no_argument, NULL, 'j'},
                                       {"summary", no_argument, NULL, 's'},
                                       {"debug-frame", no_argument, NULL, 'd'},
                                       {"sframe", required_argument, NULL, 'S'},
                                       {"vma", required_argument, NULL, 'a'},
                                       {"help", no_argument, NULL, 'h'},
                                       {NULL, 0, NULL, 0}};
  sc_check_opts o;
  memset(&o, 0, sizeof o);
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    switch (c) {
    case 'j': o.json = 1; break;
    case 's': o.summary = 1; break;
    case 'd': o.debug_frame = 1; break;
    case 'S': o.sframe_path = optarg; break;
    case 'a':
      if (!parse_address("--vma", optarg, &o.sframe_vma))
        return 2;
      o.have_sframe_vma = 1;
      break;
    case 'h': usage(stdout); return 0;
    default: usage(stderr); return 2;
    }
  }
  if (argc - optind != 1) {
    sfc_error("check wants one ELF file");
    usage(stderr);
    return 2;
  }
  o.path = argv[optind];
  heap_in_huge_pages(o.path);
  return sc_check(&o, stdout, stderr);
}


/* Writes len bytes to path through a temporary file beside it, renamed
 * into place: the output is whole or absent (a path that is not a regular
 * file, such as /dev/null, is written into).  0, or -1 with a message. */
static int write_whole(const char *path, const uint8_t *bytes, size_t len) {
  if (sfc_not_regular(path)) { /* /dev/null, a FIFO: written into, never replaced */
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(bytes, 1, len, f) == len;
    if (f)
      ok = (fclose(f) == 0) && ok;
    if (!ok)
      sfc_error("%s: cannot write: %s", path, strerror(errno));
    return ok ? 0 : -1;
  }
  size_t n = strlen(path) + 32;
  char *tmp = malloc(n);
  if (!tmp) {
    sfc_error("out of memory");
    return -1;
  }
  snprintf(tmp, n, "%s.tmp%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  if (!f) {
    sfc_error("%s: cannot write: %s", path, strerror(errno));
    free(tmp);
    return -1;
  }
  int ok = fwrite(bytes, 1, len, f) == len;
  ok = (fclose(f) == 0) && ok;
  if (!ok || rename(tmp, path) != 0) {
    sfc_error("%s: cannot write: %s", path, strerror(errno));
    remove(tmp);
    free(tmp);
    return -1;
  }
  free(tmp);
  return 0;
}

static int same_file(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* What convert did, as text or one JSON object (rc 1: nothing was
 * written, as no function could be converted). */
static void convert_report(const sc_elf *e, const sc_cfi *cfi, unsigned version, uint64_t vma,
                           const sfe_section *sec, const sc_convert_stats *st, const char *in,
                           const char *out_path, int json, int rc) {
  const char *abi = sfr_abi_name(e->abi);
  if (json) {
    printf("{\"file\": ");
    sfc_json_str(stdout, in); /* a path: any byte but NUL */
    printf(", \"abi\": \"%s\", \"cfi_section\": \"%s\", \"version\": %u, "
           "\"vma\": \"0x%llx\", \"bytes\": %zu,\n \"converted\": %zu, \"skipped\": %zu, "
           "\"flexible\": %zu, \"pcmask\": %zu, \"rows\": %zu,\n \"skipped_by_reason\": {",
           abi, cfi->section, version, (unsigned long long)vma, sec->len, st->converted,
           st->skipped, st->flex, st->pcmask, st->rows);
    int first = 1;
    for (int r = 1; r < SC_REASON_COUNT; r++)
      if (st->by_reason[r]) {
        printf("%s\"%s\": %zu", first ? "" : ", ", sc_reason_name((sc_reason)r), st->by_reason[r]);
        first = 0;
      }
    printf("}}\n");
  } else {
    printf("sfcfi convert: %s: %s, %s to SFrame version %u at 0x%llx: %zu bytes%s%s\n", in, abi,
           cfi->section, version, (unsigned long long)vma, sec->len, rc ? "" : " in ",
           rc ? "" : out_path);
    printf("functions: %zu converted, %zu skipped (%zu flexible FDEs, %zu PCMASK FDEs, %zu rows)\n",
           st->converted, st->skipped, st->flex, st->pcmask, st->rows);
    for (int r = 1; r < SC_REASON_COUNT; r++)
      if (st->by_reason[r])
        printf("skipped %s %zu\n", sc_reason_name((sc_reason)r), st->by_reason[r]);
  }
}

/* sfcfi convert's options. */
typedef struct convert_opts {
  uint64_t version, vma;
  int elf_out, have_vma, debug_frame, verbose, json;
  const char *in, *out_path;
} convert_opts;

/* -1 when the options are good; else the exit status (0 for --help). */
static int convert_options(int argc, char **argv, convert_opts *o) {
  static const struct option opts[] = {{"version", required_argument, NULL, 'V'},
                                       {"output", required_argument, NULL, 'o'},
                                       {"elf", no_argument, NULL, 'e'},
                                       {"vma", required_argument, NULL, 'a'},
                                       {"debug-frame", no_argument, NULL, 'd'},
                                       {"verbose", no_argument, NULL, 'v'},
                                       {"json", no_argument, NULL, 'j'},
                                       {"help", no_argument, NULL, 'h'},
                                       {NULL, 0, NULL, 0}};
  int c;
  memset(o, 0, sizeof *o);
  optind = 1;
  while ((c = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
    switch (c) {
    case 'V':
      if (!sfc_parse_u64(optarg, &o->version) || o->version > SFR_VERSION_MAX ||
          !sfr_version_known((unsigned)o->version)) {
        sfc_error("--version wants 1, 2 or 3, not '%s'", optarg);
        return 2;
      }
      break;
    case 'o': o->out_path = optarg; break;
    case 'e': o->elf_out = 1; break;
    case 'a':
      if (!parse_address("--vma", optarg, &o->vma))
        return 2;
      o->have_vma = 1;
      break;
    case 'd': o->debug_frame = 1; break;
    case 'v': o->verbose = 1; break;
    case 'j': o->json = 1; break;
    case 'h': usage(stdout); return 0;
    default: usage(stderr); return 2;
    }
  }
  if (argc - optind != 1 || !o->version || !o->out_path) {
    sfc_error("convert wants --version N, -o OUT and one ELF file");
    usage(stderr);
    return 2;
  }
  if (o->elf_out && o->have_vma) {
    sfc_error("--vma is for a raw section: with --elf the section is written for address 0");
    return 2;
  }
  o->in = argv[optind];
  if (same_file(o->in, o->out_path)) {
    sfc_error("%s: the output would overwrite the input", o->out_path);
    return 2;
  }
  return -1;
}

/* The file's CFI converted and written as o asks: 0, 1 when no function
 * could be converted, 2 on an error. */
static int convert_file(const convert_opts *o, const sc_elf *e, const sc_cfi *cfi, uint64_t vma) {
  sfe_section sec;
  sc_convert_stats st;
  char err[256];
  int rc = 0;
  if (sc_convert(e, cfi, (uint8_t)o->version, vma, &sec, &st, err, sizeof err) != 0) {
    sfc_error("%s: %s", o->in, err);
    return 2;
  }
  if (st.converted == 0) {
    sfc_error("%s: no function could be converted (%zu skipped)", o->in, st.skipped);
    rc = 1;
  } else if (o->elf_out) {
    if (sc_elf_write_with_sframe(o->in, o->out_path, sec.bytes, sec.len, err, sizeof err) != 0) {
      sfc_error("%s", err); /* the writer names the file */
      rc = 2;
    }
  } else if (write_whole(o->out_path, sec.bytes, sec.len) != 0) {
    rc = 2;
  }
  if (rc == 0 || rc == 1) {
    convert_report(e, cfi, (unsigned)o->version, vma, &sec, &st, o->in, o->out_path, o->json, rc);
    if (o->verbose)
      sc_convert_list_skipped(e, cfi, (uint8_t)o->version, vma, stdout);
  }
  sfe_section_free(&sec);
  return rc;
}

static int cmd_convert(int argc, char **argv) {
  convert_opts o;
  char err[256];
  sc_elf e;
  sc_cfi cfi;
  int rc = convert_options(argc, argv, &o);
  if (rc >= 0)
    return rc;
  heap_in_huge_pages(o.in);
  if (sc_elf_open(&e, o.in, err, sizeof err) != 0) {
    sfc_error("%s: %s", o.in, err);
    return 2;
  }
  if (o.elf_out && e.type == ET_REL) {
    sfc_error("%s: a relocatable object has no addresses until it is linked: write the raw section "
              "(without --elf)", o.in);
    rc = 2;
  } else if (!sfr_has_s390x((unsigned)o.version) && e.abi == SFR_ABI_S390X_BE) {
    sfc_error("%s: SFrame version 1 has no s390x ABI (it came with version 2)", o.in);
    rc = 2;
  } else if (sc_cfi_read(&e, o.debug_frame, &cfi, err, sizeof err) != 0) {
    sfc_error("%s: %s", o.in, err);
    rc = 2;
  } else {
    rc = convert_file(&o, &e, &cfi, o.have_vma ? o.vma : o.elf_out ? SC_ELFOUT_VMA : e.sframe ? e.sframe_vma : 0);
    sc_cfi_free(&cfi);
  }
  sc_elf_close(&e);
  return rc;
}

static int cmd_diff(int argc, char **argv) {
  static const struct option opts[] = {{"json", no_argument, NULL, 'j'},
                                       {"raw", no_argument, NULL, 'r'},
                                       {"vma-a", required_argument, NULL, 'a'},
                                       {"vma-b", required_argument, NULL, 'b'},
                                       {"help", no_argument, NULL, 'h'},
                                       {NULL, 0, NULL, 0}};
  sc_diff_opts o;
  memset(&o, 0, sizeof o);
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    switch (c) {
    case 'j': o.json = 1; break;
    case 'r': o.raw = 1; break;
    case 'a':
    case 'b':
      if (!parse_address(c == 'a' ? "--vma-a" : "--vma-b", optarg, c == 'a' ? &o.vma_a : &o.vma_b)) {
        return 2;
      }
      break;
    case 'h': usage(stdout); return 0;
    default: usage(stderr); return 2;
    }
  }
  if (argc - optind != 2) {
    sfc_error("diff wants two SFrame sections (raw, or ELF files)");
    usage(stderr);
    return 2;
  }
  o.a = argv[optind];
  o.b = argv[optind + 1];
  return sc_diff(&o, stdout, stderr);
}

static int cmd_conserve(int argc, char **argv) {
  static const struct option opts[] = {{"json", no_argument, NULL, 'j'},
                                       {"verbose", no_argument, NULL, 'v'},
                                       {"help", no_argument, NULL, 'h'},
                                       {NULL, 0, NULL, 0}};
  sc_conserve_opts o;
  memset(&o, 0, sizeof o);
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    switch (c) {
    case 'j': o.json = 1; break;
    case 'v': o.verbose = 1; break;
    case 'h': usage(stdout); return 0;
    default: usage(stderr); return 2;
    }
  }
  if (argc - optind < 2) {
    sfc_error("conserve wants the linked OUTPUT and at least one INPUT object");
    usage(stderr);
    return 2;
  }
  o.output = argv[optind];
  o.inputs = (const char *const *)(argv + optind + 1);
  o.ninputs = (size_t)(argc - optind - 1);
  return sc_conserve(&o, stdout, stderr);
}

/* A test aid (producers/tests/sfcfi-diff.bats): sc_elf_write_with_sframe
 * with the bytes of a file. */
static int cmd_write_elf(int argc, char **argv) {
  if (argc != 4) {
    sfc_error("write-elf wants IN SECTION OUT");
    return 2;
  }
  size_t len;
  uint8_t *sec = sfc_read_file_or_warn(argv[2], &len);
  if (!sec)
    return 2;
  char err[256];
  int rc = sc_elf_write_with_sframe(argv[1], argv[3], sec, len, err, sizeof err) == 0 ? 0 : 2;
  if (rc)
    sfc_error("%s", err);
  free(sec);
  return rc;
}

int main(int argc, char **argv) {
  sfc_set_progname("sfcfi");
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    usage(stdout);
    return 0;
  }
  if (strcmp(cmd, "--version") == 0) {
    sfc_print_version();
    return 0;
  }
  if (strcmp(cmd, "check") == 0)
    return cmd_check(argc - 1, argv + 1);
  if (strcmp(cmd, "convert") == 0)
    return cmd_convert(argc - 1, argv + 1);
  if (strcmp(cmd, "diff") == 0)
    return cmd_diff(argc - 1, argv + 1);
  if (strcmp(cmd, "conserve") == 0)
    return cmd_conserve(argc - 1, argv + 1);
  if (strcmp(cmd, "write-elf") == 0)
    return cmd_write_elf(argc - 1, argv + 1);
  sfc_error("unknown command '%s'", cmd);
  usage(stderr);
  return 2;
}
