/* elf.c - a bounds-checked ELF section-header walk. */
#include "elf.h"

#include <string.h>

typedef struct rd {
  const uint8_t *buf;
  size_t len;
  int be;
} rd;

/* Read n bytes at off as an unsigned integer; 0 if out of bounds. */
static int get(const rd *r, uint64_t off, unsigned n, uint64_t *v) {
  unsigned i;
  uint64_t x = 0;
  if (off > r->len || n > r->len - off)
    return 0;
  for (i = 0; i < n; i++)
    x |= (uint64_t)r->buf[off + i] << (r->be ? 8u * (n - 1u - i) : 8u * i);
  *v = x;
  return 1;
}

elf_status elf_find_sframe(const uint8_t *buf, size_t len, elf_sframe *out,
                           const char **why) {
  rd r = {buf, len, 0};
  int is64;
  uint64_t shoff, shentsize, shnum, shstrndx, stroff = 0, strsize = 0, i;
  unsigned w;

  if (len < 16 || memcmp(buf, "\177ELF", 4) != 0)
    return ELF_NOT_ELF;
  if (buf[4] != 1 && buf[4] != 2) {
    *why = "unknown ELF class";
    return ELF_BAD;
  }
  if (buf[5] != 1 && buf[5] != 2) {
    *why = "unknown ELF data encoding";
    return ELF_BAD;
  }
  is64 = buf[4] == 2;
  r.be = buf[5] == 2;
  w = is64 ? 8 : 4;
  if (!get(&r, is64 ? 0x28 : 0x20, w, &shoff) ||
      !get(&r, is64 ? 0x3a : 0x2e, 2, &shentsize) ||
      !get(&r, is64 ? 0x3c : 0x30, 2, &shnum) ||
      !get(&r, is64 ? 0x3e : 0x32, 2, &shstrndx)) {
    *why = "truncated ELF header";
    return ELF_BAD;
  }
  if (shoff == 0 || shnum == 0) {
    *why = "no section headers";
    return ELF_NO_SFRAME;
  }
  if (shentsize < (is64 ? 64u : 40u)) {
    *why = "section header entries too small";
    return ELF_BAD;
  }
  if (shoff > len || shnum * shentsize > len - shoff) {
    *why = "section headers run past the end of the file";
    return ELF_BAD;
  }
  if (shstrndx < shnum) {
    uint64_t h = shoff + shstrndx * shentsize;
    if (!get(&r, h + (is64 ? 0x18 : 0x10), w, &stroff) ||
        !get(&r, h + (is64 ? 0x20 : 0x14), w, &strsize) || stroff > len ||
        strsize > len - stroff)
      stroff = strsize = 0;
  }
  for (i = 0; i < shnum; i++) {
    uint64_t h = shoff + i * shentsize, name, type, addr, off, size;
    int named = 0;
    if (!get(&r, h, 4, &name) || !get(&r, h + 4, 4, &type) ||
        !get(&r, h + (is64 ? 0x10 : 0x0c), w, &addr) ||
        !get(&r, h + (is64 ? 0x18 : 0x10), w, &off) ||
        !get(&r, h + (is64 ? 0x20 : 0x14), w, &size)) {
      *why = "truncated section header";
      return ELF_BAD;
    }
    if (strsize && name < strsize && strsize - name >= sizeof ".sframe")
      named = memcmp(buf + stroff + name, ".sframe", sizeof ".sframe") == 0;
    if (named || type == SHT_GNU_SFRAME) {
      if (type == 8 /* SHT_NOBITS */ || off > len || size > len - off) {
        *why = ".sframe section lies outside the file";
        return ELF_BAD;
      }
      uint64_t etype = 0;
      (void)get(&r, 0x10, 2, &etype);
      out->offset = off;
      out->size = size;
      out->addr = addr;
      out->index = (uint32_t)i;
      out->relocatable = etype == 1; /* ET_REL */
      return ELF_OK;
    }
  }
  *why = "no .sframe section";
  return ELF_NO_SFRAME;
}

/* Relocation types: width in bytes and whether PC-relative; 0 if unknown. */
static unsigned reloc_kind(uint64_t machine, uint64_t type, int *pcrel) {
  *pcrel = 0;
  switch (machine) {
  case 62: /* EM_X86_64 */
    if (type == 2 || type == 24) { *pcrel = 1; return type == 2 ? 4 : 8; }
    if (type == 10 || type == 11) return 4;
    if (type == 1) return 8;
    return 0;
  case 183: /* EM_AARCH64 */
    if (type == 261 || type == 260) { *pcrel = 1; return type == 261 ? 4 : 8; }
    if (type == 258) return 4;
    if (type == 257) return 8;
    return 0;
  case 22: /* EM_S390 */
    if (type == 5 || type == 23) { *pcrel = 1; return type == 5 ? 4 : 8; }
    if (type == 4) return 4;
    if (type == 22) return 8;
    return 0;
  }
  return 0;
}

/* A relocatable object's sections all sit at address 0.  To give every
 * function a distinct address, place the allocated sections one after
 * another (in header order, each aligned), as a linker would. */
static uint64_t layout_addr(const rd *r, int is64, uint64_t shoff, uint64_t shentsize,
                            uint64_t shnum, uint64_t want) {
  uint64_t addr = 0x1000, j;
  unsigned w = is64 ? 8 : 4;
  for (j = 1; j < shnum && j <= want; j++) {
    uint64_t h = shoff + j * shentsize, flags = 0, size = 0, align = 1;
    if (!get(r, h + 8, w, &flags) || !get(r, h + (is64 ? 0x20 : 0x14), w, &size) ||
        !get(r, h + (is64 ? 0x30 : 0x20), w, &align))
      return 0;
    if (!(flags & 2)) /* SHF_ALLOC */
      continue;
    if (align > 1 && align <= 0x10000)
      addr = (addr + align - 1) / align * align;
    if (j == want)
      return addr;
    addr += size > 0x100000000ull ? 0x100000000ull : size;
  }
  return 0;
}

int elf_relocate_sframe(uint8_t *buf, size_t len, elf_sframe *es, const char **why) {
  rd r = {buf, len, buf[5] == 2};
  int is64 = buf[4] == 2, applied = 0, sec_pcrel;
  unsigned w = is64 ? 8 : 4;
  uint64_t shoff, shentsize, shnum, machine, i;
  if (!get(&r, is64 ? 0x28 : 0x20, w, &shoff) || !get(&r, is64 ? 0x3a : 0x2e, 2, &shentsize) ||
      !get(&r, is64 ? 0x3c : 0x30, 2, &shnum) || !get(&r, 0x12, 2, &machine))
    return 0;
  /* Without SFRAME_F_FDE_FUNC_START_PCREL a start field counts from the
   * section's start, but gas emits it as "func - ." (PC-relative): the
   * linker rebases it, and so do we, by taking P as the section address. */
  sec_pcrel = es->size >= 4 && buf[es->offset + 2] >= 2 && (buf[es->offset + 3] & 4);
  for (i = 0; i < shnum; i++) {
    uint64_t h = shoff + i * shentsize, type, info, link, off, size, entsize, k;
    uint64_t symoff, symsize, symh;
    if (!get(&r, h + 4, 4, &type) || type != 4 /* SHT_RELA */ ||
        !get(&r, h + (is64 ? 0x2c : 0x1c), 4, &info) || info != es->index ||
        !get(&r, h + (is64 ? 0x28 : 0x18), 4, &link) ||
        !get(&r, h + (is64 ? 0x18 : 0x10), w, &off) ||
        !get(&r, h + (is64 ? 0x20 : 0x14), w, &size) ||
        !get(&r, h + (is64 ? 0x38 : 0x24), w, &entsize))
      continue;
    if (!applied) /* relocations exist: give the sections their layout */
      es->addr = layout_addr(&r, is64, shoff, shentsize, shnum, es->index);
    symh = shoff + link * shentsize;
    if (link >= shnum || !get(&r, symh + (is64 ? 0x18 : 0x10), w, &symoff) ||
        !get(&r, symh + (is64 ? 0x20 : 0x14), w, &symsize) || entsize < (is64 ? 24u : 12u) ||
        off > len || size > len - off || symoff > len || symsize > len - symoff) {
      *why = "relocation section out of bounds";
      return -1;
    }
    for (k = 0; k + entsize <= size; k += entsize) {
      uint64_t e = off + k, roff, rinfo, addend, sym, rtype, sv = 0, shndx = 0, secaddr = 0, v;
      unsigned width;
      int pcrel, b;
      uint64_t se;
      if (!get(&r, e, w, &roff) || !get(&r, e + w, w, &rinfo) || !get(&r, e + 2 * w, w, &addend))
        return -1;
      sym = is64 ? rinfo >> 32 : rinfo >> 8;
      rtype = is64 ? (rinfo & 0xffffffffu) : (rinfo & 0xffu);
      width = reloc_kind(machine, rtype, &pcrel);
      se = symoff + sym * (is64 ? 24u : 16u);
      if (!width || roff > es->size || width > es->size - roff ||
          !get(&r, se + (is64 ? 8 : 4), w, &sv) || !get(&r, se + (is64 ? 6 : 14), 2, &shndx)) {
        *why = width ? "relocation out of bounds" : "unknown relocation type";
        return -1;
      }
      if (shndx > 0 && shndx < shnum)
        secaddr = layout_addr(&r, is64, shoff, shentsize, shnum, shndx);
      if (!is64 && (addend & 0x80000000u))
        addend |= 0xffffffff00000000ull; /* Elf32_Sword */
      v = secaddr + sv + addend - (pcrel ? es->addr + (sec_pcrel ? roff : 0) : 0);
      for (b = 0; b < (int)width; b++)
        buf[es->offset + roff + (uint64_t)b] =
            (uint8_t)(v >> (r.be ? 8 * (width - 1 - (unsigned)b) : 8 * (unsigned)b));
      applied++;
    }
  }
  return applied;
}
