/* SPDX-License-Identifier: MIT */
/* sfref - the command line on the reference decoder.
 *   sfref dump [--json | --format=text|json|objdump|objdump-REL] FILE...
 *   sfref dump --bytes [--json] FILE...
 *   sfref validate [--json] FILE...
 *   sfref lookup [--mode=ip|ra|both] [--json] FILE PC...
 *   sfref unwind [--json] FILE SNAPSHOT
 *   sfref findings [ID]
 * FILE is an ELF file (its .sframe section and address are used) or, with
 * --raw, the bytes of a section whose address is given by --vma.
 * Exit status: 0 success, 1 the input is not valid SFrame, 2 usage or I/O,
 * 3 an internal error (the library's fast and reference lookups disagree, or
 *   the lookup index of a section validated in order could not be built);
 *   for dump and validate over several files, the highest of the files'.
 * sfref links the oracle's library only: generating sections is the corpus
 * tool's (`sfcorpus gen`), for the tool that judges must not contain the
 * tool it judges (issue 13; decoder/tests/cli.bats checks that no encoder
 * symbol is linked in). */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "elf_sframe.h"
#include "ddprof.h"
#include "kernel.h"
#include "sfc_json.h"
#include "sfc_tools.h"
#include "sframe_ref.h"
#include "sfr_fast.h"
#include "unwind.h"

#define EXIT_INVALID 1
#define EXIT_USAGE 2
#define EXIT_INTERNAL 3 /* the oracle's own bug: its two lookup paths disagree */
#define MAX_FINDINGS 256

typedef struct opts {
  const char *cmd;
  const char *file;
  int raw;
  int have_vma;
  uint64_t vma;
  const char *format; /* text, json, objdump, objdump-REL */
  int objdump;        /* --format=objdump...: 1; its release (dump.h), 0 = per version */
  int objdump_rel;
  const char *mode;   /* ip, ra, both */
  char **pcs;
  int npcs;
  const char *profile; /* validate, lookup, findings: NULL (none), or a kernel
                          generation's name (sframe_kernel.h) */
  int kgen;            /* its sfk_gen */
  int ddprof;          /* the profile is DataDog java-profiler's (dgen) */
  int dgen;            /* its sfd_gen */
  int every_pc;        /* lookup --every-pc */
  int have_text;       /* --text START-END */
  int bytes;           /* dump --bytes */
  int validation;      /* --config validation: CONFIG_SFRAME_VALIDATION=y */
  int have_config;     /* --config given */
  uint64_t text_start, text_end;
  const char *files_from; /* --files-from LIST (dump, validate) */
  FILE *out;           /* where the command prints (stdout, or a file's buffer) */
  int complete;        /* the command printed its whole output for the file */
} opts;

typedef struct input {
  uint8_t *file;     /* whole file */
  size_t file_len;
  const uint8_t *sec;
  size_t len;
  uint64_t vma;
} input;

static const char *usage_text =
    "usage: sfref <command> [options] FILE [PC...]\n"
    "       sfref dump|validate [options] FILE... | --files-from LIST\n"
    "commands:\n"
    "  dump      print the decoded section (--json, --format=text|json|objdump[-REL]);\n"
    "            --bytes: every byte of it labelled once (header, FDE and FRE fields)\n"
    "  validate  report every finding; exit 0 when valid, 1 when not\n"
    "  lookup    find the FDE, FRE and rules for each PC (--mode=ip|ra|both)\n"
    "  unwind    unwind a register and memory snapshot (decoder/SNAPSHOT.md)\n"
    "  findings  list every finding identifier with its class and message\n"
    "input options (dump, validate, lookup, unwind):\n"
    "  --raw         FILE is a raw .sframe section, not an ELF file\n"
    "  --vma ADDR    the raw section's address (default 0)\n"
    "dump and validate take several files: see 'sfref dump --help'\n"
    "exit status: 0 success, 1 input is not valid SFrame, 2 usage or I/O error\n"
    "'sfref COMMAND --help' describes one command.\n";

/* dump and validate over several files (many_files below). */
#define MANY_FILES_HELP                                                                \
  "Several FILEs (--raw and --vma apply to each), or --files-from LIST (one\n"         \
  "file a line, 'PATH' or 'PATH<TAB>VMA' for a file's own address; '-' reads\n"       \
  "the list from stdin), are read in turn, as many runs would, each file's\n"         \
  "output whole:\n"                                                                  \
  "  text   a line '==> FILE <==' before each file's output, a blank line between\n" \
  "  --json one value per file, in order, each on lines of its own:\n"               \
  "         {\"file\":\"FILE\",\"status\":N,\"output\":VALUE}, N the exit status a\n"      \
  "         run on FILE alone gives and VALUE the JSON it prints (null when it\n"       \
  "         prints none or stops partway: an I/O error, a malformed section)\n"         \
  "A file that cannot be read is said and the rest are read.  The exit status\n"   \
  "is the highest of the files' (3 over 2 over 1 over 0).\n"

static const char *help_for(const char *cmd) {
  if (strcmp(cmd, "dump") == 0)
    return "usage: sfref dump [--raw --vma ADDR] [--json | --format=FMT] FILE...\n"
           "       sfref dump --bytes [--raw --vma ADDR] [--json] FILE...\n"
           "       sfref dump [options] --files-from LIST [FILE...]\n"
           "Print the decoded section.  FMT is text (default), json (the canonical\n"
           "JSON of decoder/JSON.md), or binutils' objdump --sframe text, byte for\n"
           "byte (SPEC-NOTES.md N26):\n"
           "  objdump-2.40  binutils 2.40's; it reads version 1 only\n"
           "  objdump-2.44  2.44's: version 2; for version 1 the header and 2.44's\n"
           "                'No further information can be displayed' line\n"
           "  objdump-2.46  2.46's: versions 2 and 3\n"
           "  objdump-2.47  2.47's (the current release): versions 2 and 3\n"
           "  objdump       the newest release that reads the section's version:\n"
           "                2.40 for version 1, 2.47 for versions 2 and 3\n"
           "A version the release does not read is an error (exit 2).  Findings\n"
           "go to stderr.  Exit 0 when valid, 1 when the section is invalid or\n"
           "malformed (a malformed section is not dumped), 2 on usage or I/O errors.\n"
           "--bytes labels every byte of the section once, in order, valid or not\n"
           "(a malformed section too): offset, size, the raw bytes, the field (each\n"
           "header field, the auxiliary header, each FDE field, each version-3 FDE\n"
           "attribute field, each FRE's start address, info byte and data words) and\n"
           "its value, with each bit field of the flags and info bytes below it\n"
           "(name, bits, value, meaning); a field cut short is 'truncated', bytes no\n"
           "structure reaches are 'unreferenced', and a function's record that would\n"
           "re-read bytes labelled already is listed apart (its walk stops there).\n"
           "--json prints {\"schema\":\"sframe-conformance/bytes/1\",\"size\":N,\"fields\":\n"
           "[{\"offset\",\"size\",\"name\",\"raw\",\"value\",\"bits\"...}],\"shared\":[...]}.\n"
           "Findings go to stderr; the exit status is dump's.\n"
           MANY_FILES_HELP;
  if (strcmp(cmd, "validate") == 0)
    return "usage: sfref validate [--raw --vma ADDR] [--json] FILE...\n"
           "       sfref validate [--raw --vma ADDR] [--json] --files-from LIST [FILE...]\n"
           "       sfref validate [--raw --vma ADDR] [--json] --profile NAME [--text START-END] FILE\n"
           "Report every finding: identifier, class, message and location.\n"
           "Questionable findings are warnings.  Exit 0 when valid, 1 when any\n"
           "malformed or invalid finding is present, 2 on usage or I/O errors.\n"
           MANY_FILES_HELP
           "--profile NAME judges the section as another reader would instead:\n"
           "  none        the spec's rules (the default; the output above)\n"
           "  kernel-...  what a generation of the Linux kernel's SFrame unwinder does\n"
           "              with it (kernel: the newest user-space one); see below\n"
           "  ddprof-...  what DataDog's java-profiler does with it (ddprof: the newest):\n"
           "              whether it uses the section, and every ddprof-* rule met\n"
           "              (exit 0 when it uses the section, 1 when it does not)\n"
           "  Each rule the section meets is a kernel-* identifier ('sfref findings\n"
           "  --profile GEN' lists a generation's; '--profile all-kernels' all of them)\n"
           "  with its stage: load (refused when registered), arch (the generation does\n"
           "  not unwind that ABI), validate (refused at registration with\n"
           "  CONFIG_SFRAME_VALIDATION; else the first lookup meeting it fails, and may\n"
           "  drop the section), lookup (only a lookup meets it: an error, a crash, or\n"
           "  an answer other than the spec's; printed as warnings).\n"
           "  --text START-END: the executable segment the section is registered with;\n"
           "  for an ELF file its first executable PT_LOAD segment by default.\n"
           "  Exit 0 when the generation (with CONFIG_SFRAME_VALIDATION=y) registers\n"
           "  the section, 1 when it refuses it.  SPEC-NOTES.md N41 gives each rule's\n"
           "  source.  The generations:\n";
  if (strcmp(cmd, "lookup") == 0)
    return "usage: sfref lookup [--raw --vma ADDR] [--mode=ip|ra|both] [--json]\n"
           "                   [--profile GEN [--text START-END] [--config validation|default]\n"
           "                   [--every-pc]] FILE PC...\n"
           "For each PC print the FDE, FRE and recovery rules.  Mode ip treats the\n"
           "PC as an instruction address (topmost frame); mode ra as a return\n"
           "address (caller frames: looked up at PC - 1).  Default: both.\n"
           "Exit 0 when the section is valid, 1 when it is not, 2 on usage errors.\n"
           "--profile GEN (a kernel generation or ddprof-..., as for validate): the answer that\n"
           "generation's lookup gives at each PC (found with its rules, outermost,\n"
           "no function: frame pointers, an error and whether the section is then\n"
           "dropped, a crash, or not registered), beside the spec's, with every\n"
           "difference named (outcome, function, row, cfa, ra, fp).  The kernel looks\n"
           "the PC up itself in both modes.  --every-pc (ddprof): every PC of every\n"
           "function as well (then no PC need be given), the first 20 differences\n"
           "shown and a count.  --config validation (kernel): the kernel built\n"
           "with CONFIG_SFRAME_VALIDATION=y, which refuses a section whose validation\n"
           "fails when it is registered, so every PC in it answers 'not registered'\n"
           "(the rule that refused it named); default: built without it, the section\n"
           "registered and each lookup meeting what it meets.  Exit 0 when every\n"
           "answer is the spec's, 1 when any differs, 2 on usage errors.\n";
  if (strcmp(cmd, "unwind") == 0)
    return "usage: sfref unwind [--raw --vma ADDR] [--json]\n"
           "                   [--profile GEN [--text START-END] [--config validation|default]]\n"
           "                   FILE SNAPSHOT\n"
           "Unwind the registers and memory of SNAPSHOT (decoder/SNAPSHOT.md) with the\n"
           "section: one line per frame (pc, sp, fp), then why the walk stopped.\n"
           "--json prints the canonical form of decoder/JSON.md.\n"
           "Exit 0 when the section is valid, 1 when it is not (a malformed section is\n"
           "not used), 2 on usage or I/O errors or a bad snapshot.\n"
           "--profile GEN (a kernel generation or ddprof-..., as for validate): the walk that\n"
           "generation's user-space unwinder makes (its lookup of each PC as it is, its\n"
           "rules, frame pointers where the lookup has no answer, a dropped section\n"
           "unused from then on), frame by frame with how each caller was found, beside\n"
           "the spec's walk, and the first frame where they differ (--config as for\n"
           "lookup: with validation a refused section is never used).  Exit 0 when the\n"
           "frames are the same, 1 when they differ.\n";
  if (strcmp(cmd, "findings") == 0)
    return "usage: sfref findings [--profile NAME] [ID]\n"
           "List every finding identifier with its class and one-line message, or\n"
           "only ID's (exit 2 when ID is not a finding).  With --profile GEN (a kernel\n"
           "generation or ddprof-...), its rules with their stage and effect; with\n"
           "--profile all-kernels or all-ddprof every rule with a column per generation.\n"
           "The generations:\n";
  return NULL;
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "sfref: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage_text);
  return EXIT_USAGE;
}

static int load(const opts *o, input *in) {
  size_t n;
  elf_sframe es;
  const char *why = "";
  elf_status es_st;
  sfc_read_status rs;

  memset(in, 0, sizeof *in);
  if ((rs = sfc_read_file(o->file, &in->file, &in->file_len)) != SFC_READ_OK) {
    fprintf(stderr, "sfref: %s: error: %s: %s\n", o->file, sfc_read_status_text(rs),
            rs == SFC_READ_NOMEM ? "out of memory" : strerror(errno));
    return EXIT_USAGE;
  }
  n = in->file_len;
  if (o->raw) {
    in->sec = in->file;
    in->len = n;
    in->vma = o->vma;
    return 0;
  }
  es_st = elf_find_sframe(in->file, n, &es, &why);
  if (es_st == ELF_NOT_ELF) {
    fprintf(stderr, "sfref: %s: error: not an ELF file (for a raw section use --raw --vma ADDR)\n",
            o->file);
    return EXIT_USAGE;
  }
  if (es_st != ELF_OK) {
    fprintf(stderr, "sfref: %s: error: %s\n", o->file, why);
    return es_st == ELF_BAD ? EXIT_USAGE : EXIT_INVALID;
  }
  if (es.relocatable && elf_relocate_sframe(in->file, n, &es, &why) < 0) {
    fprintf(stderr, "sfref: %s: error: %s\n", o->file, why);
    return EXIT_USAGE;
  }
  in->sec = in->file + es.offset;
  in->len = (size_t)es.size;
  in->vma = o->have_vma ? o->vma : es.addr;
  return 0;
}

/* One line per finding: "sfref: FILE: error: ID: message at offset ...". */
static void print_findings(const opts *o, const sfr_report *rep) {
  size_t i, shown = rep->count < rep->cap ? rep->count : rep->cap;
  for (i = 0; i < shown; i++) {
    const sfr_finding *f = &rep->items[i];
    sfr_class c = sfr_finding_class(f->id);
    fprintf(stderr, "sfref: %s: %s: %s: %s ", o->file,
            c == SFR_CLASS_QUESTIONABLE ? "warning" : "error", sfr_finding_name(f->id),
            sfr_finding_message(f->id));
    print_location(stderr, f);
    fprintf(stderr, " [%s]\n", sfr_class_name(c));
  }
  if (rep->count > shown)
    fprintf(stderr, "sfref: %s: ... %zu more findings not shown\n", o->file,
            rep->count - shown);
}

static int cmd_validate(opts *o, sfr_section *sec, const sfr_report *rep) {
  (void)sec;
  if (strcmp(o->format, "json") == 0) {
    size_t i, shown = rep->count < rep->cap ? rep->count : rep->cap;
    fprintf(o->out, "{\"valid\":%s,\"findings\":[", sfr_report_rejects(rep) ? "false" : "true");
    for (i = 0; i < shown; i++) {
      const sfr_finding *f = &rep->items[i];
      fprintf(o->out, "%s{\"id\":\"%s\",\"class\":\"%s\",\"offset\":%" PRId64 ",\"fde\":%" PRId64
             ",\"fre\":%" PRId64 ",\"field\":\"%s\"}",
             i ? "," : "", sfr_finding_name(f->id), sfr_class_name(sfr_finding_class(f->id)),
             f->offset, f->fde, f->fre, f->field ? f->field : "");
    }
    fprintf(o->out, "]}\n");
  } else {
    print_findings(o, rep);
    fprintf(o->out, "%s: %s (%zu malformed, %zu invalid, %zu questionable)\n", o->file,
           sfr_report_rejects(rep) ? "INVALID" : "valid", rep->by_class[SFR_CLASS_MALFORMED],
           rep->by_class[SFR_CLASS_INVALID], rep->by_class[SFR_CLASS_QUESTIONABLE]);
  }
  o->complete = 1;
  return sfr_report_rejects(rep) ? EXIT_INVALID : 0;
}

/* dump --bytes: every byte labelled, whatever the findings (they go to
 * stderr first). */
static int cmd_dump_bytes(opts *o, const input *in, const sfr_report *rep) {
  int rc;
  print_findings(o, rep);
  rc = dump_bytes(o->out, in->sec, in->len, in->vma, strcmp(o->format, "json") == 0);
  fflush(o->out);
  if (rc == -1) {
    fprintf(stderr, "sfref: %s: error: out of memory\n", o->file);
    return EXIT_USAGE;
  }
  if (rc < 0) {
    fprintf(stderr, "sfref: internal error: %s: the labels do not cover the section once\n",
            o->file);
    return EXIT_INTERNAL;
  }
  o->complete = 1;
  return sfr_report_rejects(rep) ? EXIT_INVALID : 0;
}

static int cmd_dump(opts *o, sfr_section *sec, const sfr_report *rep) {
  sfr_status st;
  print_findings(o, rep);
  if (rep->by_class[SFR_CLASS_MALFORMED]) {
    fprintf(stderr, "sfref: %s: error: section is malformed; not dumped\n", o->file);
    return EXIT_INVALID;
  }
  int rel = o->objdump_rel ? o->objdump_rel : dump_objdump_default_release(sec->version);
  if (o->objdump) {
    if (!dump_objdump_reads(rel, sec->version)) {
      fprintf(stderr,
              "sfref: %s: error: --format=%s: objdump %d.%02d does not read SFrame version %u"
              " (it reads %s)\n",
              o->file, o->format, rel / 100, rel % 100, sec->version, dump_objdump_versions(rel));
      return EXIT_USAGE;
    }
  }
  if (strcmp(o->format, "json") == 0)
    st = dump_json(o->out, sec);
  else if (o->objdump)
    st = dump_objdump_as(o->out, sec, rel);
  else
    st = dump_text(o->out, sec);
  fflush(o->out);
  if (st != SFR_OK) {
    fprintf(stderr, "sfref: %s: error: %s: %s (dump stopped)\n", o->file, sfr_finding_name(st),
            sfr_finding_message(st));
    return EXIT_INVALID;
  }
  o->complete = 1;
  return sfr_report_rejects(rep) ? EXIT_INVALID : 0;
}

/* One lookup, printed; 0, or -1 when the library's two lookup paths
 * disagree (said on stderr). */
static int lookup_one(const opts *o, const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                      int *first) {
  sfr_lookup_result res;
  const char *why;
  sfr_lookup_status ls = sfr_lookup_checked(sec, pc, mode, &res, &why);
  if (strcmp(o->format, "json") == 0) {
    if (!*first)
      putchar(',');
    lookup_json(stdout, sec, pc, mode, ls, &res);
    *first = 0;
  } else {
    lookup_text(stdout, sec, pc, mode, ls, &res);
  }
  if (why)
    lookup_disagree("sfref", pc, mode, why);
  return why ? -1 : 0;
}

/* The PCs of `lookup` into *pcs (freed by the caller); 0, or the usage
 * error's exit status. */
static int parse_pcs(const opts *o, uint64_t **pcs) {
  int i;
  *pcs = calloc((size_t)o->npcs + 1, sizeof **pcs);
  if (!*pcs)
    return EXIT_USAGE;
  for (i = 0; i < o->npcs; i++)
    if (!sfc_parse_u64(o->pcs[i], &(*pcs)[i])) {
      free(*pcs);
      *pcs = NULL;
      return usage_error("lookup: bad PC '%s'", o->pcs[i]);
    }
  return 0;
}

static int cmd_lookup(const opts *o, sfr_section *sec, const sfr_report *rep) {
  int i, rc, first = 1, bad = 0;
  uint64_t *pcs;
  print_findings(o, rep);
  if (rep->by_class[SFR_CLASS_MALFORMED]) {
    fprintf(stderr, "sfref: %s: error: section is malformed; no lookups\n", o->file);
    return EXIT_INVALID;
  }
  if ((rc = parse_pcs(o, &pcs)) != 0)
    return rc;
  if (strcmp(o->format, "json") == 0)
    printf("[");
  for (i = 0; i < o->npcs; i++) {
    if (strcmp(o->mode, "ra") != 0 && lookup_one(o, sec, pcs[i], SFR_PC_IP, &first))
      bad = 1;
    if (strcmp(o->mode, "ip") != 0 && lookup_one(o, sec, pcs[i], SFR_PC_RA, &first))
      bad = 1;
  }
  if (strcmp(o->format, "json") == 0)
    printf("]\n");
  free(pcs);
  if (bad)
    return EXIT_INTERNAL;
  return sfr_report_rejects(rep) ? EXIT_INVALID : 0;
}

/* The kernel profile's input: the section, the generation, the text range
 * (--text, else an ELF file's executable segment). */
static kernel_input kernel_input_of(const opts *o, const input *in) {
  kernel_input k;
  memset(&k, 0, sizeof k);
  k.file = o->file;
  k.sec = in->sec;
  k.len = in->len;
  k.vma = in->vma;
  k.json = strcmp(o->format, "json") == 0;
  k.ko.gen = (sfk_gen)o->kgen;
  k.ko.validation = o->validation;
  if (o->have_text) {
    k.ko.have_text = 1;
    k.ko.text_start = o->text_start;
    k.ko.text_end = o->text_end;
    k.text_from = "--text";
  } else if (!o->raw && in->file &&
             elf_text_segment(in->file, in->file_len, &k.ko.text_start, &k.ko.text_end)) {
    k.ko.have_text = 1;
    k.text_from = "the ELF file's executable segment";
  }
  return k;
}

/* The ddprof profile's input: what the profiler reads, an ELF's
 * PT_GNU_SFRAME segment (none: nothing), or the raw section; its address
 * with the image base taken as 0 (a shared object's own addresses). */
static ddprof_input ddprof_input_of(const opts *o, const input *in) {
  ddprof_input d;
  uint64_t off, size, vaddr;
  memset(&d, 0, sizeof d);
  d.file = o->file;
  d.sec = in->sec;
  d.len = in->len;
  d.vma = in->vma;
  d.from = "the raw section";
  if (!o->raw && in->file) {
    d.from = "PT_GNU_SFRAME";
    d.sec = NULL;
    d.len = 0;
    if (elf_sframe_segment(in->file, in->file_len, &off, &size, &vaddr)) {
      d.sec = in->file + off;
      d.len = size;
      d.vma = vaddr;
    }
  }
  d.gen = (sfd_gen)o->dgen;
  d.json = strcmp(o->format, "json") == 0;
  return d;
}

/* A profile's exit status from its reader's result: 2 (an error, said),
 * 1 (an answer differs from the spec's), 0. */
static int profile_status(int rc) { return rc == 2 ? EXIT_USAGE : rc ? EXIT_INVALID : 0; }

/* sfref lookup --profile: the reader's answers beside the spec's (a
 * section the spec finds malformed has no spec answers). */
static int cmd_lookup_profile(const opts *o, const input *in, sfr_section *sec,
                              const sfr_report *rep) {
  const sfr_section *spec = rep->by_class[SFR_CLASS_MALFORMED] ? NULL : sec;
  uint64_t *pcs;
  int rc;
  if (strcmp(o->format, "json") != 0)
    print_findings(o, rep);
  if ((rc = parse_pcs(o, &pcs)) != 0)
    return rc;
  if (o->ddprof) {
    ddprof_input d = ddprof_input_of(o, in);
    rc = ddprof_lookup(&d, spec, pcs, o->npcs, o->mode, o->every_pc);
  } else {
    kernel_input k = kernel_input_of(o, in);
    rc = kernel_lookup(&k, spec, pcs, o->npcs, o->mode);
  }
  free(pcs);
  return profile_status(rc);
}

static int cmd_unwind(const opts *o, const input *in, sfr_section *sec, const sfr_report *rep) {
  snapshot snap;
  char err[200];
  FILE *f;
  int rc;
  if (!(f = fopen(o->pcs[0], "r"))) {
    fprintf(stderr, "sfref: %s: error: cannot open: %s\n", o->pcs[0], strerror(errno));
    return EXIT_USAGE;
  }
  rc = snapshot_read(f, &snap, err, sizeof err);
  fclose(f);
  if (rc < 0) {
    fprintf(stderr, "sfref: %s:%s\n", o->pcs[0], err);
    return EXIT_USAGE;
  }
  if (o->profile) {
    const sfr_section *spec = rep->by_class[SFR_CLASS_MALFORMED] ? NULL : sec;
    if (strcmp(o->format, "json") != 0)
      print_findings(o, rep);
    if (o->ddprof) {
      ddprof_input d = ddprof_input_of(o, in);
      rc = ddprof_unwind(&d, spec, &snap);
    } else {
      kernel_input k = kernel_input_of(o, in);
      rc = kernel_unwind(&k, spec, &snap);
    }
    snapshot_free(&snap);
    return profile_status(rc);
  }
  print_findings(o, rep);
  if (rep->by_class[SFR_CLASS_MALFORMED]) {
    fprintf(stderr, "sfref: %s: error: section is malformed; not unwound\n", o->file);
    snapshot_free(&snap);
    return EXIT_INVALID;
  }
  unwind_print(stdout, sec, &snap, strcmp(o->format, "json") == 0);
  snapshot_free(&snap);
  return sfr_report_rejects(rep) ? EXIT_INVALID : 0;
}

static int cmd_findings(const char *id) {
  int i;
  if (id) {
    sfr_status st = sfr_finding_by_name(id);
    if (st == SFR_OK)
      return usage_error("findings: unknown finding '%s'", id);
    printf("%-28s %-13s %s\n", sfr_finding_name(st), sfr_class_name(sfr_finding_class(st)),
           sfr_finding_message(st));
    return 0;
  }
  for (i = 1; i < SFR_NUM_FINDINGS; i++)
    printf("%-28s %-13s %s\n", sfr_finding_name((sfr_status)i),
           sfr_class_name(sfr_finding_class((sfr_status)i)),
           sfr_finding_message((sfr_status)i));
  return 0;
}

/* The options of a command, in getopt_long's order-preserving mode (a
 * leading '-': each operand comes back as option 1, so FILE and the PCs
 * keep their places among the options).  A long option must be spelt in
 * full (getopt_long would take an unambiguous prefix), and --format and
 * --mode take their value after '=' only.  Returns -1 to go on, or the
 * exit status (help printed, or a usage error). */
enum { OPT_OPERAND = 1, OPT_RAW = 256, OPT_VMA, OPT_JSON, OPT_FORMAT, OPT_MODE, OPT_PROFILE,
       OPT_TEXT, OPT_BYTES, OPT_CONFIG, OPT_EVERY_PC, OPT_FILES_FROM };
static const struct option long_options[] = {
    {"help", no_argument, NULL, 'h'},          {"raw", no_argument, NULL, OPT_RAW},
    {"vma", required_argument, NULL, OPT_VMA}, {"json", no_argument, NULL, OPT_JSON},
    {"format", optional_argument, NULL, OPT_FORMAT},
    {"mode", optional_argument, NULL, OPT_MODE},
    {"profile", required_argument, NULL, OPT_PROFILE},
    {"text", required_argument, NULL, OPT_TEXT}, {"bytes", no_argument, NULL, OPT_BYTES},
    {"config", required_argument, NULL, OPT_CONFIG},
    {"every-pc", no_argument, NULL, OPT_EVERY_PC},
    {"files-from", required_argument, NULL, OPT_FILES_FROM},
    {NULL, 0, NULL, 0}};

/* Whether arg is "--NAME" or "--NAME=...". */
static int spelt_in_full(const char *arg, const char *name) {
  size_t n = strlen(name);
  return strncmp(arg, "--", 2) == 0 && strncmp(arg + 2, name, n) == 0 &&
         (arg[2 + n] == 0 || arg[2 + n] == '=');
}

/* The values of --profile, --text and --format: -1 when good, else the
 * usage error's exit status (said). */
static int opt_profile(opts *o, const char *v) {
  if (strcmp(v, "none") == 0)
    o->profile = NULL;
  else if (strcmp(v, "all-kernels") == 0 && strcmp(o->cmd, "findings") == 0)
    o->profile = "all-kernels";
  else if (strcmp(v, "all-ddprof") == 0 && strcmp(o->cmd, "findings") == 0) {
    o->profile = "all-ddprof";
    o->ddprof = 1;
  } else if ((o->kgen = sfk_gen_by_name(v)) >= 0) {
    o->profile = sfk_gen_get((sfk_gen)o->kgen)->name;
    o->ddprof = 0;
  } else if ((o->dgen = sfd_gen_by_name(v)) >= 0) {
    o->profile = sfd_gen_get((sfd_gen)o->dgen)->name;
    o->ddprof = 1;
  } else
    return usage_error("unknown profile '%s' (profiles: none, kernel, ddprof, and the "
                       "generations 'sfref validate --help' lists)", v);
  return -1;
}

static int opt_text(opts *o, const char *v) {
  char buf[64];
  const char *dash = strchr(v, '-');
  size_t n = dash ? (size_t)(dash - v) : 0;
  if (!dash || n == 0 || n >= sizeof buf)
    return usage_error("bad --text value '%s' (want START-END)", v);
  memcpy(buf, v, n);
  buf[n] = 0;
  if (!sfc_parse_u64(buf, &o->text_start) || !sfc_parse_u64(dash + 1, &o->text_end) ||
      o->text_end < o->text_start)
    return usage_error("bad --text value '%s' (want START-END)", v);
  o->have_text = 1;
  return -1;
}

static int opt_format(opts *o, const char *v) {
  o->format = v;
  o->objdump = strncmp(v, "objdump", 7) == 0;
  o->objdump_rel = 0;
  if (strncmp(v, "objdump-", 8) == 0 && (o->objdump_rel = dump_objdump_release(v + 8)) == 0)
    return usage_error("unknown format '%s' (objdump releases: objdump-2.40, objdump-2.44,"
                       " objdump-2.46, objdump-2.47)", v);
  if (strcmp(v, "text") && strcmp(v, "json") && strcmp(v, "objdump") && !o->objdump_rel)
    return usage_error("unknown format '%s'", v);
  return -1;
}

static int parse_options(int argc, char **argv, opts *o) {
  int c, li;
  /* argv[1] is the command: options start after it. */
  optind = 1;
  opterr = 0;
  for (;;) {
    const char *arg;
    li = -1;
    c = getopt_long(argc - 1, argv + 1, "-:h", long_options, &li);
    if (c == -1)
      break;
    /* The element just read: a separate --vma value is one further on. */
    arg = argv[1 + optind - ((c == OPT_VMA || c == OPT_PROFILE || c == OPT_TEXT ||
                              c == OPT_CONFIG || c == OPT_FILES_FROM) &&
                                     optarg == argv[optind] ? 2 : 1)];
    if (li >= 0 && !spelt_in_full(arg, long_options[li].name))
      return usage_error("unknown option '%s'", arg);
    switch (c) {
    case 'h':
      fputs(help_for(o->cmd), stdout);
      if (strcmp(o->cmd, "validate") == 0 || strcmp(o->cmd, "findings") == 0) {
        kernel_list_generations(stdout, "  ");
        ddprof_list_generations(stdout, "  ");
      }
      return 0;
    case OPT_RAW:
      o->raw = 1;
      break;
    case OPT_VMA:
      if (!sfc_parse_u64(optarg, &o->vma))
        return usage_error("bad --vma value '%s'", optarg);
      o->have_vma = 1;
      break;
    case ':': /* --vma, --profile or --text with nothing after it */
      if (optopt == OPT_PROFILE || optopt == OPT_TEXT || optopt == OPT_CONFIG ||
          optopt == OPT_FILES_FROM)
        return usage_error("no value after '%s'", optopt == OPT_PROFILE   ? "--profile"
                                                  : optopt == OPT_TEXT    ? "--text"
                                                  : optopt == OPT_CONFIG  ? "--config"
                                                                          : "--files-from");
      return usage_error("bad --vma value '%s'", "");
    case OPT_PROFILE:
      if (opt_profile(o, optarg) >= 0)
        return EXIT_USAGE;
      break;
    case OPT_TEXT:
      if (opt_text(o, optarg) >= 0)
        return EXIT_USAGE;
      break;
    case OPT_EVERY_PC:
      o->every_pc = 1;
      break;
    case OPT_CONFIG:
      if (strcmp(optarg, "validation") == 0)
        o->validation = 1;
      else if (strcmp(optarg, "default") == 0)
        o->validation = 0;
      else
        return usage_error("unknown --config '%s' (validation: built with "
                           "CONFIG_SFRAME_VALIDATION=y; default: without it)", optarg);
      o->have_config = 1;
      break;
    case OPT_JSON:
      o->format = "json";
      break;
    case OPT_BYTES:
      o->bytes = 1;
      break;
    case OPT_FILES_FROM:
      o->files_from = optarg;
      break;
    case OPT_FORMAT:
      if (!optarg)
        return usage_error("unknown option '%s'", arg);
      if (opt_format(o, optarg) >= 0)
        return EXIT_USAGE;
      break;
    case OPT_MODE:
      if (!optarg)
        return usage_error("unknown option '%s'", arg);
      o->mode = optarg;
      if (strcmp(o->mode, "ip") && strcmp(o->mode, "ra") && strcmp(o->mode, "both"))
        return usage_error("unknown lookup mode '%s'", o->mode);
      break;
    case OPT_OPERAND:
      if (!o->file)
        o->file = optarg;
      else
        o->pcs[o->npcs++] = optarg;
      break;
    default: /* '?': an unknown option, or a value after one that takes none */
      if (optopt && optopt < 256 && !(optopt == 'h' && spelt_in_full(arg, "help"))) {
        char opt[3] = {'-', (char)optopt, 0};
        return usage_error("unknown option '%s'", opt);
      }
      return usage_error("unknown option '%s'", arg);
    }
  }
  /* After "--", the rest are operands. */
  for (c = 1 + optind; c < argc; c++) {
    if (!o->file)
      o->file = argv[c];
    else
      o->pcs[o->npcs++] = argv[c];
  }
  return -1;
}

/* --profile and --text with a command that takes them; -1 when they go
 * together, else the usage error's exit status (said). */
static int check_options(const opts *o) {
  if ((o->profile || o->have_text) && strcmp(o->cmd, "validate") != 0 &&
      strcmp(o->cmd, "lookup") != 0 && strcmp(o->cmd, "unwind") != 0 &&
      (strcmp(o->cmd, "findings") != 0 || o->have_text))
    return usage_error("%s", o->have_text
                                 ? "--text applies to validate, lookup and unwind --profile only"
                                 : "--profile applies to validate, lookup, unwind and findings only");
  if (o->have_text && !o->profile)
    return usage_error("%s", "--text applies to validate, lookup and unwind --profile only");
  if (o->have_config && (!o->profile || (strcmp(o->cmd, "lookup") != 0 &&
                                         strcmp(o->cmd, "unwind") != 0)))
    return usage_error("%s", "--config applies to lookup and unwind --profile only (validate "
                             "reports both configurations)");
  if (o->every_pc && (strcmp(o->cmd, "lookup") != 0 || !o->ddprof))
    return usage_error("%s", "--every-pc applies to lookup --profile ddprof only");
  if (o->ddprof && (o->have_text || o->have_config))
    return usage_error("%s", "--text and --config apply to the kernel's profiles only");
  if (o->bytes && strcmp(o->cmd, "dump") != 0)
    return usage_error("%s", "--bytes applies to dump only");
  if (o->bytes && o->objdump)
    return usage_error("%s", "dump --bytes: text or --json only, not --format=objdump");
  if (o->files_from && ((strcmp(o->cmd, "dump") != 0 && strcmp(o->cmd, "validate") != 0) ||
                        o->profile))
    return usage_error("%s", "--files-from applies to dump and validate (without --profile) only");
  return -1;
}

/* The operands of a command that reads a file: the file, a snapshot for
 * unwind, PCs for lookup, more files for dump and validate (one file with
 * --profile); -1 when they are right, else the usage error's exit status
 * (said). */
static int check_operands(const opts *o) {
  if (!o->file && !o->files_from)
    return usage_error("%s: no input file", o->cmd);
  if (strcmp(o->cmd, "unwind") == 0 && o->npcs != 1)
    return usage_error("%s", o->npcs ? "unwind: one snapshot only" : "unwind: no snapshot given");
  if (o->npcs && strcmp(o->cmd, "validate") == 0 && o->profile)
    return usage_error("validate --profile: one file only (an unexpected argument '%s')",
                       o->pcs[0]);
  if (strcmp(o->cmd, "lookup") == 0 && o->npcs == 0 && !o->every_pc)
    return usage_error("%s", "lookup: no PC given");
  if (strcmp(o->cmd, "validate") == 0 && o->objdump)
    return usage_error("%s", "validate: --format=objdump applies to dump only");
  return -1;
}

/* Opens and validates the section (held to the full pass: the corpus holds
 * the two to each other), with its lookup index in *index (the caller
 * frees it); 0, or 3 on an internal error (said). */
static int open_section(const input *in, sfr_section *sec, sfr_report *rep, void **index) {
  /* Scratch makes validation exact at any size (sfr_validate_ex); if
   * there is no memory for it, a large out-of-order section says
   * checks-skipped rather than failing. */
  size_t n = sfr_validate_scratch_size(in->len);
  void *scratch = malloc(n);
  /* A section the certificate proves clean is validated by the full
   * pass as well, so the corpus holds the two to each other. */
  const char *why = sfr_validate_checked(sec, in->sec, in->len, in->vma, scratch,
                                         scratch ? n : 0, rep);
  free(scratch);
  if (why) {
    fprintf(stderr, "sfref: internal error: %s\n", why);
    return 3;
  }
  /* The lookup index (sfr_index_build) on a section validated in order:
   * every lookup sfref answers is checked against the reference path, which
   * has no index, so the corpus holds the two to each other.  Without
   * memory for it, lookups binary-search. */
  if ((n = sfr_index_size(sec)) != 0 && (*index = malloc(n)) != NULL &&
      !sfr_index_build(sec, *index, n)) {
    fprintf(stderr, "sfref: internal error: the index of a section validated in order "
            "was not built\n");
    return 3;
  }
  return 0;
}

/* One file of dump, validate, lookup or unwind (o->file), printed to
 * o->out; its exit status. */
static int run_file(opts *o) {
  input in;
  sfr_section sec;
  sfr_finding items[MAX_FINDINGS];
  sfr_report rep;
  void *index = NULL;
  int rc;

  o->complete = 0;
  rc = load(o, &in);
  if (rc)
    goto out;
  if (o->profile && o->ddprof && strcmp(o->cmd, "validate") == 0) {
    ddprof_input d = ddprof_input_of(o, &in);
    rc = ddprof_validate(&d);
    goto out;
  }
  if (o->profile && strcmp(o->cmd, "validate") == 0) {
    kernel_input k = kernel_input_of(o, &in);
    rc = kernel_validate(&k);
    goto out;
  }
  rep.items = items;
  rep.cap = MAX_FINDINGS;
  if ((rc = open_section(&in, &sec, &rep, &index)) != 0)
    goto out;
  if (strcmp(o->cmd, "validate") == 0)
    rc = cmd_validate(o, &sec, &rep);
  else if (strcmp(o->cmd, "dump") == 0 && o->bytes)
    rc = cmd_dump_bytes(o, &in, &rep);
  else if (strcmp(o->cmd, "dump") == 0)
    rc = cmd_dump(o, &sec, &rep);
  else if (strcmp(o->cmd, "unwind") == 0)
    rc = cmd_unwind(o, &in, &sec, &rep);
  else if (o->profile)
    rc = cmd_lookup_profile(o, &in, &sec, &rep);
  else
    rc = cmd_lookup(o, &sec, &rep);
out:
  free(index);
  free(in.file);
  return rc;
}

/* One file of a run over several: its path and, from --files-from, its
 * own address. */
typedef struct entry {
  const char *path;
  int have_vma;
  uint64_t vma;
} entry;

/* The files of a run over several: the operands (o->file, o->pcs), then
 * --files-from's lines ("PATH" or "PATH<TAB>VMA"), in *ents (*lines holds
 * the list's text; the caller frees both); the count, or -1 after a usage
 * or I/O error (said). */
static int gather_files(const opts *o, entry **ents, char ***lines, int *nlines) {
  int n = 0, cap = o->npcs + 1, i;
  char *line = NULL;
  size_t len = 0;
  ssize_t got;
  FILE *f = NULL;
  long lineno = 0;

  *lines = NULL;
  *nlines = 0;
  if (!(*ents = malloc((size_t)cap * sizeof **ents)))
    goto nomem;
  for (i = -1; i < o->npcs; i++) {
    if (i < 0 && !o->file)
      continue;
    (*ents)[n].path = i < 0 ? o->file : o->pcs[i];
    (*ents)[n].have_vma = o->have_vma;
    (*ents)[n++].vma = o->vma;
  }
  if (!o->files_from)
    return n;
  f = strcmp(o->files_from, "-") == 0 ? stdin : fopen(o->files_from, "r");
  if (!f) {
    fprintf(stderr, "sfref: %s: error: cannot open: %s\n", o->files_from, strerror(errno));
    return -1;
  }
  while ((got = getline(&line, &len, f)) >= 0) {
    char *tab, **grown;
    entry *more;
    lineno++;
    if (got > 0 && line[got - 1] == '\n')
      line[--got] = 0;
    if ((size_t)got != strlen(line)) {
      fprintf(stderr, "sfref: %s:%ld: error: a NUL byte in the line\n", o->files_from, lineno);
      goto fail;
    }
    if (n == cap) {
      cap = cap * 2 + 16;
      if (!(more = realloc(*ents, (size_t)cap * sizeof **ents)))
        goto nomem;
      *ents = more;
    }
    if (!(grown = realloc(*lines, (size_t)(*nlines + 1) * sizeof **lines)))
      goto nomem;
    *lines = grown;
    (*lines)[(*nlines)++] = line;
    (*ents)[n].have_vma = o->have_vma;
    (*ents)[n].vma = o->vma;
    if ((tab = strchr(line, '\t')) != NULL) {
      *tab = 0;
      if (!sfc_parse_u64(tab + 1, &(*ents)[n].vma)) {
        fprintf(stderr, "sfref: %s:%ld: error: bad address '%s' after the tab (want PATH or "
                "PATH<TAB>VMA)\n", o->files_from, lineno, tab + 1);
        line = NULL;
        goto fail;
      }
      (*ents)[n].have_vma = 1;
    }
    if (!*line) {
      fprintf(stderr, "sfref: %s:%ld: error: no file name\n", o->files_from, lineno);
      line = NULL;
      goto fail;
    }
    (*ents)[n++].path = line;
    line = NULL;
    len = 0;
  }
  if (ferror(f)) {
    fprintf(stderr, "sfref: %s: error: cannot read: %s\n", o->files_from, strerror(errno));
    goto fail;
  }
  free(line);
  if (f != stdin)
    fclose(f);
  if (n == 0) {
    fprintf(stderr, "sfref: %s: error: no file named (%s reads nothing)\n", o->files_from,
            o->cmd);
    return -1;
  }
  return n;
nomem:
  fprintf(stderr, "sfref: error: out of memory\n");
fail:
  free(line);
  if (f && f != stdin)
    fclose(f);
  return -1;
}

/* dump and validate over several files (the operands, then --files-from's):
 * each run as alone, its output whole.  Text: a "==> FILE <==" line
 * before each (a blank line between).  JSON: one value per file,
 * {"file","status","output"}, the output the file's own JSON (its
 * trailing newline dropped) or null when it printed none or stopped
 * partway.  The highest of the exit statuses. */
static int many_files(opts *o) {
  int i, n, nlines, rc, worst = 0, json = strcmp(o->format, "json") == 0;
  entry *ents = NULL;
  char **lines = NULL;
  if ((n = gather_files(o, &ents, &lines, &nlines)) < 0) {
    worst = EXIT_USAGE;
    goto out;
  }
  for (i = 0; i < n; i++) {
    char *buf = NULL;
    size_t len = 0;
    o->file = ents[i].path;
    o->have_vma = ents[i].have_vma;
    o->vma = ents[i].vma;
    if (json) {
      if (!(o->out = open_memstream(&buf, &len))) {
        fprintf(stderr, "sfref: %s: error: out of memory\n", o->file);
        worst = EXIT_USAGE > worst ? EXIT_USAGE : worst;
        break;
      }
    } else {
      o->out = stdout;
      printf("%s==> %s <==\n", i ? "\n" : "", o->file);
    }
    rc = run_file(o);
    if (json) {
      /* (a failed buffer is an incomplete output: out of memory) */
      if (fclose(o->out) != 0 || !buf) {
        o->complete = 0;
        if (rc < EXIT_USAGE) {
          fprintf(stderr, "sfref: %s: error: out of memory\n", o->file);
          rc = EXIT_USAGE;
        }
      }
      fputs("{\"file\":", stdout);
      sfc_json_str(stdout, o->file);
      printf(",\"status\":%d,\"output\":", rc);
      if (o->complete && len && buf[len - 1] == '\n')
        len--;
      if (o->complete && len)
        fwrite(buf, 1, len, stdout);
      else
        fputs("null", stdout);
      fputs("}\n", stdout);
      free(buf);
    }
    fflush(stdout);
    if (rc > worst)
      worst = rc;
  }
out:
  o->out = stdout;
  for (i = 0; i < nlines; i++)
    free(lines[i]);
  free(lines);
  free(ents);
  return worst;
}

int main(int argc, char **argv) {
  opts o;
  int rc;

  memset(&o, 0, sizeof o);
  o.format = "text";
  o.mode = "both";
  o.out = stdout;
  if (argc < 2)
    return usage_error("%s", "no command given");
  o.cmd = argv[1];
  if (strcmp(o.cmd, "--help") == 0 || strcmp(o.cmd, "-h") == 0 || strcmp(o.cmd, "help") == 0) {
    fputs(usage_text, stdout);
    return 0;
  }
  if (strcmp(o.cmd, "--version") == 0) {
    sfc_set_progname("sfref");
    sfc_print_version();
    return 0;
  }
  if (!help_for(o.cmd))
    return usage_error("unknown command '%s'", o.cmd);
  o.pcs = calloc((size_t)argc, sizeof *o.pcs);
  if (!o.pcs)
    return EXIT_USAGE;
  rc = parse_options(argc, argv, &o);
  if (rc >= 0)
    goto out;
  if ((rc = check_options(&o)) >= 0)
    goto out;
  if (strcmp(o.cmd, "findings") == 0) {
    if (o.npcs)
      rc = usage_error("unexpected argument '%s'", o.pcs[0]);
    else if (o.profile && o.ddprof && (rc = ddprof_findings(o.profile, o.file)) == EXIT_USAGE)
      fprintf(stderr, "%s", usage_text);
    else if (o.profile && !o.ddprof && (rc = kernel_findings(o.profile, o.file)) == EXIT_USAGE)
      fprintf(stderr, "%s", usage_text);
    else if (!o.profile)
      rc = cmd_findings(o.file);
    goto out;
  }
  if ((rc = check_operands(&o)) >= 0)
    goto out;
  if ((o.npcs || o.files_from) && (strcmp(o.cmd, "dump") == 0 || strcmp(o.cmd, "validate") == 0))
    rc = many_files(&o);
  else
    rc = run_file(&o);
out:
  free(o.pcs);
  return rc;
}
