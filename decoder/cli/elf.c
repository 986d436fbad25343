/* elf.c - a bounds-checked walk of ELF section headers (32 or 64-bit, either
 * endianness), and the relocations a relocatable object applies to .sframe.
 * Reads go through one reader with a sticky error flag: a read out of bounds
 * returns 0 and marks the reader bad, and each block checks the flag once. */
#include "elf.h"

#include <string.h>

typedef struct rd {
  const uint8_t *buf;
  size_t len;
  int be;
  int is64;
  int bad;
} rd;

/* n-byte unsigned field at off, or 0 with r->bad set when out of bounds. */
static uint64_t get(rd *r, uint64_t off, unsigned n) {
  uint64_t x = 0;
  unsigned i;
  if (off > r->len || n > r->len - off) {
    r->bad = 1;
    return 0;
  }
  for (i = 0; i < n; i++)
    x |= (uint64_t)r->buf[off + i] << (r->be ? 8u * (n - 1u - i) : 8u * i);
  return x;
}
/* An address-sized field (Elf32_Addr / Elf64_Addr, _Off, _Xword). */
static uint64_t word(rd *r, uint64_t off) { return get(r, off, r->is64 ? 8 : 4); }

/* The file header fields we use. */
typedef struct ehdr {
  uint64_t shoff, shentsize, shnum, shstrndx, type, machine;
} ehdr;

/* One section header. */
typedef struct shdr {
  uint64_t name, type, flags, addr, offset, size, link, info, align, entsize;
} shdr;

static ehdr read_ehdr(rd *r) {
  ehdr e;
  e.type = get(r, 0x10, 2);
  e.machine = get(r, 0x12, 2);
  e.shoff = word(r, r->is64 ? 0x28 : 0x20);
  e.shentsize = get(r, r->is64 ? 0x3a : 0x2e, 2);
  e.shnum = get(r, r->is64 ? 0x3c : 0x30, 2);
  e.shstrndx = get(r, r->is64 ? 0x3e : 0x32, 2);
  return e;
}

static shdr read_shdr(rd *r, const ehdr *e, uint64_t i) {
  shdr s;
  uint64_t h = e->shoff + i * e->shentsize;
  int w = r->is64 ? 8 : 4;
  s.name = get(r, h, 4);
  s.type = get(r, h + 4, 4);
  s.flags = word(r, h + 8);
  s.addr = word(r, h + 8 + (uint64_t)w);
  s.offset = word(r, h + 8 + 2 * (uint64_t)w);
  s.size = word(r, h + 8 + 3 * (uint64_t)w);
  s.link = get(r, h + 8 + 4 * (uint64_t)w, 4);
  s.info = get(r, h + 12 + 4 * (uint64_t)w, 4);
  s.align = word(r, h + 16 + 4 * (uint64_t)w);
  s.entsize = word(r, h + 16 + 5 * (uint64_t)w);
  return s;
}

/* Open the reader and read the file header; ELF_OK or why not. */
static elf_status open_elf(const uint8_t *buf, size_t len, rd *r, ehdr *e, const char **why) {
  if (len < 16 || memcmp(buf, "\177ELF", 4) != 0)
    return ELF_NOT_ELF;
  r->buf = buf;
  r->len = len;
  r->bad = 0;
  r->is64 = buf[4] == 2;
  r->be = buf[5] == 2;
  if ((buf[4] != 1 && buf[4] != 2) || (buf[5] != 1 && buf[5] != 2)) {
    *why = "unknown ELF class or data encoding";
    return ELF_BAD;
  }
  *e = read_ehdr(r);
  if (r->bad) {
    *why = "truncated ELF header";
    return ELF_BAD;
  }
  if (e->shoff == 0 || e->shnum == 0) {
    *why = "no section headers";
    return ELF_NO_SFRAME;
  }
  if (e->shentsize < (r->is64 ? 64u : 40u) || e->shoff > len ||
      e->shnum * e->shentsize > len - e->shoff) {
    *why = "section headers out of bounds";
    return ELF_BAD;
  }
  return ELF_OK;
}

elf_status elf_find_sframe(const uint8_t *buf, size_t len, elf_sframe *out,
                           const char **why) {
  rd r;
  ehdr e;
  shdr strs = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  uint64_t i;
  elf_status st = open_elf(buf, len, &r, &e, why);
  if (st != ELF_OK)
    return st;
  if (e.shstrndx < e.shnum) {
    strs = read_shdr(&r, &e, e.shstrndx);
    if (strs.offset > len || strs.size > len - strs.offset)
      strs.size = 0; /* names unreadable: find by type only */
  }
  for (i = 0; i < e.shnum; i++) {
    shdr s = read_shdr(&r, &e, i);
    int named = strs.size && s.name < strs.size && strs.size - s.name >= sizeof ".sframe" &&
                memcmp(buf + strs.offset + s.name, ".sframe", sizeof ".sframe") == 0;
    if (!named && s.type != SHT_GNU_SFRAME)
      continue;
    if (s.type == 8 /* SHT_NOBITS */ || s.offset > len || s.size > len - s.offset) {
      *why = ".sframe section lies outside the file";
      return ELF_BAD;
    }
    out->offset = s.offset;
    out->size = s.size;
    out->addr = s.addr;
    out->index = (uint32_t)i;
    out->relocatable = e.type == 1; /* ET_REL */
    return ELF_OK;
  }
  *why = "no .sframe section";
  return ELF_NO_SFRAME;
}

/* Relocation types: width in bytes (0 if unknown) and whether PC-relative. */
static unsigned reloc_kind(uint64_t machine, uint64_t type, int *pcrel) {
  static const struct {
    uint16_t machine;
    uint16_t type;
    uint8_t width, pcrel;
  } kinds[] = {
      {62, 2, 4, 1},    {62, 24, 8, 1},   {62, 10, 4, 0},   {62, 11, 4, 0},  {62, 1, 8, 0},
      {183, 261, 4, 1}, {183, 260, 8, 1}, {183, 258, 4, 0}, {183, 257, 8, 0}, /* AArch64 */
      {22, 5, 4, 1},    {22, 23, 8, 1},   {22, 4, 4, 0},    {22, 22, 8, 0},   /* s390x */
  };
  size_t k;
  for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
    if (kinds[k].machine == machine && kinds[k].type == type) {
      *pcrel = kinds[k].pcrel;
      return kinds[k].width;
    }
  *pcrel = 0;
  return 0;
}

/* A relocatable object's sections all sit at address 0.  To give every
 * function a distinct address, place the allocated sections one after
 * another (in header order, each aligned), as a linker would. */
static uint64_t layout_addr(rd *r, const ehdr *e, uint64_t want) {
  uint64_t addr = 0x1000, j;
  for (j = 1; j < e->shnum && j <= want; j++) {
    shdr s = read_shdr(r, e, j);
    if (!(s.flags & 2)) /* SHF_ALLOC */
      continue;
    if (s.align > 1 && s.align <= 0x10000)
      addr = (addr + s.align - 1) / s.align * s.align;
    if (j == want)
      return addr;
    addr += s.size > 0x100000000ull ? 0x100000000ull : s.size;
  }
  return 0;
}

/* Apply one RELA section's entries that target .sframe. */
static int apply_rela(rd *r, const ehdr *e, const shdr *rel, uint8_t *buf, elf_sframe *es,
                      int sec_pcrel, const char **why) {
  unsigned w = r->is64 ? 8 : 4;
  uint64_t k, esz = r->is64 ? 24u : 12u, symsz = r->is64 ? 24u : 16u;
  int applied = 0;
  shdr sym;
  if (rel->link >= e->shnum || rel->entsize < esz || rel->offset > r->len ||
      rel->size > r->len - rel->offset) {
    *why = "relocation section out of bounds";
    return -1;
  }
  sym = read_shdr(r, e, rel->link);
  for (k = 0; k + rel->entsize <= rel->size; k += rel->entsize) {
    uint64_t at = rel->offset + k;
    uint64_t roff = word(r, at), rinfo = word(r, at + w), addend = word(r, at + 2 * w);
    uint64_t symi = r->is64 ? rinfo >> 32 : rinfo >> 8;
    uint64_t rtype = r->is64 ? (rinfo & 0xffffffffu) : (rinfo & 0xffu);
    uint64_t se = sym.offset + symi * symsz, sv, shndx, v, p;
    int pcrel;
    unsigned width = reloc_kind(e->machine, rtype, &pcrel), b;
    sv = word(r, se + (r->is64 ? 8 : 4));
    shndx = get(r, se + (r->is64 ? 6 : 14), 2);
    if (r->bad || symi * symsz >= sym.size) {
      *why = "relocation or symbol out of bounds";
      return -1;
    }
    if (!width) {
      *why = "unknown relocation type in .rela.sframe";
      return -1;
    }
    if (roff > es->size || width > es->size - roff) {
      *why = "relocation outside .sframe";
      return -1;
    }
    if (!r->is64 && (addend & 0x80000000u))
      addend |= 0xffffffff00000000ull; /* Elf32_Sword */
    /* Without SFRAME_F_FDE_FUNC_START_PCREL a start field counts from the
     * section's start, but gas emits it as "func - ." (PC-relative): the
     * linker rebases it, and so do we, by taking P as the section address. */
    p = es->addr + (sec_pcrel ? roff : 0);
    v = (shndx > 0 && shndx < e->shnum ? layout_addr(r, e, shndx) : 0) + sv + addend -
        (pcrel ? p : 0);
    for (b = 0; b < width; b++)
      buf[es->offset + roff + b] = (uint8_t)(v >> (r->be ? 8 * (width - 1 - b) : 8 * b));
    applied++;
  }
  return applied;
}

int elf_relocate_sframe(uint8_t *buf, size_t len, elf_sframe *es, const char **why) {
  rd r;
  ehdr e;
  uint64_t i;
  int applied = 0, sec_pcrel;
  if (open_elf(buf, len, &r, &e, why) != ELF_OK)
    return 0;
  sec_pcrel = es->size >= 4 && buf[es->offset + 2] >= 2 && (buf[es->offset + 3] & 4);
  for (i = 0; i < e.shnum; i++) {
    shdr s = read_shdr(&r, &e, i);
    int n;
    if (s.type != 4 /* SHT_RELA */ || s.info != es->index)
      continue;
    if (!applied) /* relocations exist: give the sections their layout */
      es->addr = layout_addr(&r, &e, es->index);
    n = apply_rela(&r, &e, &s, buf, es, sec_pcrel, why);
    if (n < 0)
      return -1;
    applied += n;
  }
  return applied;
}
