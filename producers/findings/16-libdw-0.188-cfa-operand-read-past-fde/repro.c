/* SPDX-License-Identifier: MIT */
/* libdw reads a DW_CFA operand past the end of the last FDE (and of the
 * .eh_frame section): the row it computes depends on the bytes after the
 * section.  Build: cc repro.c -ldw -lelf */
#include <dwarf.h>
#include <elf.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char eh[] = {
  /* CIE: zR, code 1, data -8, RA 16, pcrel sdata4; def_cfa rsp+8, offset r16 cfa-8 */
  0x14,0,0,0, 0,0,0,0, 1,'z','R',0, 1,0x78,0x10, 1,0x1b, 0x0c,7,8, 0x90,1, 0,0,
  /* FDE at 0x18: [0x1000 - ..., range 0xe): advance 4, def_cfa_offset 16, advance 9, def_cfa_offset 8,
   * then DW_CFA_same_value (0x08) WITHOUT its register operand: the FDE ends there */
  0x14,0,0,0, 0x1c,0,0,0, 0,0,0,0, 0x0e,0,0,0, 0, 0x44, 0x0e,0x10, 0x49, 0x0e,0x08, 0x08,
};

static int run(unsigned char after) {
  size_t ehlen = sizeof eh, eh_off = 64;
  size_t tail_off = eh_off + ehlen;          /* one byte right after .eh_frame */
  size_t str_off = tail_off + 8;
  static const char names[] = "\0.eh_frame\0.shstrtab";
  size_t sh_off = (str_off + sizeof names + 7) & ~7ul;
  size_t len = sh_off + 3 * 64;
  unsigned char *b = calloc(1, len);
  Elf64_Ehdr *h = (Elf64_Ehdr *)b;
  memcpy(h->e_ident, ELFMAG, SELFMAG);
  h->e_ident[EI_CLASS] = ELFCLASS64; h->e_ident[EI_DATA] = ELFDATA2LSB; h->e_ident[EI_VERSION] = EV_CURRENT;
  h->e_type = ET_EXEC; h->e_machine = EM_X86_64; h->e_version = EV_CURRENT;
  h->e_shoff = sh_off; h->e_ehsize = 64; h->e_shentsize = 64; h->e_shnum = 3; h->e_shstrndx = 2;
  memcpy(b + eh_off, eh, ehlen);
  memset(b + tail_off, after, 8);
  memcpy(b + str_off, names, sizeof names);
  Elf64_Shdr *sh = (Elf64_Shdr *)(b + sh_off);
  sh[1].sh_name = 1; sh[1].sh_type = SHT_PROGBITS; sh[1].sh_flags = SHF_ALLOC; sh[1].sh_addr = 0x600000;
  sh[1].sh_offset = eh_off; sh[1].sh_size = ehlen; sh[1].sh_addralign = 8;
  sh[2].sh_name = 11; sh[2].sh_type = SHT_STRTAB; sh[2].sh_offset = str_off; sh[2].sh_size = sizeof names;
  /* the FDE's pc_begin: pcrel to 0x500000 */
  int32_t rel = (int32_t)(0x500000 - (0x600000 + 0x20));
  memcpy(b + eh_off + 0x20, &rel, 4);
  elf_version(EV_CURRENT);
  Elf *elf = elf_memory((char *)b, len);
  Dwarf_CFI *cfi = dwarf_getcfi_elf(elf);
  Dwarf_Frame *fr = NULL;
  int rc = dwarf_cfi_addrframe(cfi, 0x500000 + 13, &fr);
  printf("byte after .eh_frame 0x%02x: dwarf_cfi_addrframe(+13) = %d%s%s\n", after, rc,
         rc ? ": " : "", rc ? dwarf_errmsg(-1) : "");
  if (fr) {
    Dwarf_Op *ops; size_t n;
    if (dwarf_frame_cfa(fr, &ops, &n) == 0 && n == 1)
      printf("  CFA = breg%u %+lld\n", ops[0].atom - DW_OP_breg0, (long long)ops[0].number);
    free(fr);
  }
  dwarf_cfi_end(cfi);
  elf_end(elf);
  free(b);
  return rc;
}

int main(void) {
  run(0x00);
  run(0x80);
  run(0xff);
  return 0;
}
