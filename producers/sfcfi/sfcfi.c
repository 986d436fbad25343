/* sfcfi.c - the command line of sfcfi: SFrame against DWARF CFI.
 *
 *   sfcfi check [--json] [--summary] [--debug-frame] ELF
 *   sfcfi convert --version 1|2|3 [--elf] [--debug-frame] [--json] -o OUT ELF
 *   sfcfi diff [--raw] [--vma-a ADDR] [--vma-b ADDR] [--json] A B
 *
 * Exit status: 0 the tables agree (check, diff) or the conversion
 * succeeded; 1 they disagree, nothing was compared or converted, or the
 * input's SFrame is not valid; 2 usage errors and unreadable input. */
#include "sfcfi.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "sfc_tools.h"

static void usage(FILE *f) {
  fprintf(f,
          "usage: sfcfi check [--json] [--summary] [--debug-frame] ELF\n"
          "       sfcfi convert --version 1|2|3 -o OUT [--elf] [--debug-frame] [--json] ELF\n"
          "       sfcfi diff [--json] [--raw] [--vma-a ADDR] [--vma-b ADDR] A B\n"
          "commands:\n"
          "  check    compare the file's .sframe with its CFI (.eh_frame, or .debug_frame) at\n"
          "           every address; list functions in one table only, with a class\n"
          "  convert  write the CFI as an SFrame section of a version: the raw section, or with\n"
          "           --elf a copy of ELF with that .sframe (replacing any it had)\n"
          "  diff     compare two SFrame sections (raw, or ELF files' .sframe) by meaning\n"
          "exit status: 0 agree / converted, 1 disagree / nothing done, 2 usage or input error\n");
}

static int cmd_check(int argc, char **argv) {
  static const struct option opts[] = {{"json", no_argument, NULL, 'j'},
                                       {"summary", no_argument, NULL, 's'},
                                       {"debug-frame", no_argument, NULL, 'd'},
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
  return sc_check(&o, stdout, stderr);
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
  if (strcmp(cmd, "check") == 0)
    return cmd_check(argc - 1, argv + 1);
  sfc_error("unknown command '%s'", cmd);
  usage(stderr);
  return 2;
}
