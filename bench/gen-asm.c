/* SPDX-License-Identifier: MIT */
/* gen-asm.c - an x86-64 assembly program of N functions with CFI, for the
 * benchmarks: gas turns the CFI into the .sframe section (--gsframe), so the
 * sections measured are written by the assembler people use, not by us.
 *
 * Usage: gen-asm N [--no-start] > prog.s
 *   --no-start   without _start: an object to link many times beside one
 *                that has it (the functions are local symbols), which makes
 *                a program of a million functions from ten assemblies' worth
 *                of object in one.
 *
 * The functions are a fixed pseudo-random mix (the same N always gives the
 * same program) of what compiled code has:
 *   leaf      a few instructions and ret                      1 row
 *   fp        push %rbp; mov %rsp,%rbp; ...; pop %rbp; ret    4 rows
 *   frame     sub $X,%rsp; ...; add $X,%rsp; ret, X from 8
 *             to 70,000 (1-, 2- and 4-byte data words)        3 rows
 *   saves     push %rbx; push %r12; sub; ...; pops; ret       7 rows
 * Bodies of 1 to 300 bytes of nops, so some functions need 2-byte FRE
 * start addresses.  _start (the entry ld wants) calls nothing: the program
 * is never run, only its .sframe read. */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sfc_tools.h"

static uint64_t state = 0x9e3779b97f4a7c15u;
static uint32_t next(void) { /* xorshift64* */
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return (uint32_t)((state * 0x2545f4914f6cdd1du) >> 32);
}

static void body(unsigned bytes) { printf("\t.nops %u\n", bytes); }

static int usage(void) {
  fprintf(stderr, "usage: gen-asm N [--no-start]   (N: 1 to 10000000 functions)\n");
  return 2;
}

int main(int argc, char **argv) {
  static const struct option options[] = {{"no-start", no_argument, NULL, 'n'},
                                          {NULL, 0, NULL, 0}};
  uint64_t count;
  unsigned long n, i;
  int start = 1, c;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
    if (c != 'n')
      return usage();
    start = 0;
  }
  if (optind != argc - 1 || !sfc_parse_u64_base(argv[optind], 10, &count) || count == 0 ||
      count > 10000000)
    return usage();
  n = (unsigned long)count;
  puts("\t.text");
  if (start)
    puts("\t.globl _start\n\t.type _start,@function\n_start:\n\t.cfi_startproc\n"
       "\tret\n\t.cfi_endproc\n\t.size _start,.-_start");
  for (i = 0; i < n; i++) {
    unsigned kind = next() % 8, len = 1 + next() % (next() % 8 == 0 ? 300 : 40);
    printf("\t.p2align 4\n\t.type f%lu,@function\nf%lu:\n\t.cfi_startproc\n", i, i);
    if (kind < 2) { /* leaf */
      body(len);
    } else if (kind < 5) { /* frame pointer */
      puts("\tpush %rbp\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbp, -16\n"
           "\tmov %rsp, %rbp\n\t.cfi_def_cfa_register %rbp");
      body(len);
      puts("\tpop %rbp\n\t.cfi_def_cfa %rsp, 8");
    } else if (kind < 7) { /* a frame of X bytes */
      static const unsigned sizes[] = {8, 24, 40, 120, 200, 1000, 4096, 70000};
      unsigned x = sizes[next() % 8];
      printf("\tsub $%u, %%rsp\n\t.cfi_def_cfa_offset %u\n", x, x + 8);
      body(len);
      printf("\tadd $%u, %%rsp\n\t.cfi_def_cfa_offset 8\n", x);
    } else { /* callee-saved registers and a frame */
      puts("\tpush %rbx\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbx, -16\n"
           "\tpush %r12\n\t.cfi_def_cfa_offset 24\n\t.cfi_offset %r12, -24\n"
           "\tsub $40, %rsp\n\t.cfi_def_cfa_offset 64");
      body(len);
      puts("\tadd $40, %rsp\n\t.cfi_def_cfa_offset 24\n\tpop %r12\n\t.cfi_def_cfa_offset 16\n"
           "\tpop %rbx\n\t.cfi_def_cfa_offset 8");
    }
    printf("\tret\n\t.cfi_endproc\n\t.size f%lu,.-f%lu\n", i, i);
  }
  return ferror(stdout) ? 1 : 0;
}
