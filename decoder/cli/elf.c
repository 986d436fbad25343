/* SPDX-License-Identifier: MIT */
/* elf.c - a bounds-checked walk of ELF section headers (32 or 64-bit, either
 * endianness), and the relocations a relocatable object applies to .sframe.
 * Reads go through one reader with a sticky error flag: a read out of bounds
 * returns 0 and marks the reader bad, and each block checks the flag once.
 * Field offsets and widths are those of <elf.h>'s structures for the file's
 * class, read byte by byte in the file's byte order (no aligned loads of
 * the structures themselves: the file may be of either class and order). */
#include "elf_sframe.h"

#include <elf.h>
#include <stddef.h>
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

/* Field f of the structure Elf32_T or Elf64_T (by the file's class) that
 * starts at file offset base. */
#define FIELD_OFF(r, T, f) ((r)->is64 ? offsetof(Elf64_##T, f) : offsetof(Elf32_##T, f))
#define FIELD_LEN(r, T, f) \
  ((unsigned)((r)->is64 ? sizeof(((Elf64_##T *)0)->f) : sizeof(((Elf32_##T *)0)->f)))
#define FIELD(r, base, T, f) get((r), (base) + FIELD_OFF(r, T, f), FIELD_LEN(r, T, f))
/* The size of structure T in the file's class. */
#define STRUCT_LEN(r, T) ((uint64_t)((r)->is64 ? sizeof(Elf64_##T) : sizeof(Elf32_##T)))

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
  e.type = FIELD(r, 0, Ehdr, e_type);
  e.machine = FIELD(r, 0, Ehdr, e_machine);
  e.shoff = FIELD(r, 0, Ehdr, e_shoff);
  e.shentsize = FIELD(r, 0, Ehdr, e_shentsize);
  e.shnum = FIELD(r, 0, Ehdr, e_shnum);
  e.shstrndx = FIELD(r, 0, Ehdr, e_shstrndx);
  return e;
}

static shdr read_shdr(rd *r, const ehdr *e, uint64_t i) {
  shdr s;
  uint64_t h = e->shoff + i * e->shentsize;
  s.name = FIELD(r, h, Shdr, sh_name);
  s.type = FIELD(r, h, Shdr, sh_type);
  s.flags = FIELD(r, h, Shdr, sh_flags);
  s.addr = FIELD(r, h, Shdr, sh_addr);
  s.offset = FIELD(r, h, Shdr, sh_offset);
  s.size = FIELD(r, h, Shdr, sh_size);
  s.link = FIELD(r, h, Shdr, sh_link);
  s.info = FIELD(r, h, Shdr, sh_info);
  s.align = FIELD(r, h, Shdr, sh_addralign);
  s.entsize = FIELD(r, h, Shdr, sh_entsize);
  return s;
}

/* The reader over an ELF file's bytes; 0 when they are not ELF. */
static int reader_of(const uint8_t *buf, size_t len, rd *r) {
  if (len < EI_NIDENT || memcmp(buf, ELFMAG, SELFMAG) != 0)
    return 0;
  r->buf = buf;
  r->len = len;
  r->bad = 0;
  r->is64 = buf[EI_CLASS] == ELFCLASS64;
  r->be = buf[EI_DATA] == ELFDATA2MSB;
  return 1;
}

/* Open the reader and read the file header; ELF_OK or why not. */
static elf_status open_elf(const uint8_t *buf, size_t len, rd *r, ehdr *e, const char **why) {
  if (!reader_of(buf, len, r))
    return ELF_NOT_ELF;
  if ((buf[EI_CLASS] != ELFCLASS32 && buf[EI_CLASS] != ELFCLASS64) ||
      (buf[EI_DATA] != ELFDATA2LSB && buf[EI_DATA] != ELFDATA2MSB)) {
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
  if (e->shentsize < STRUCT_LEN(r, Shdr) || e->shoff > len ||
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
    if (s.type == SHT_NOBITS || s.offset > len || s.size > len - s.offset) {
      *why = ".sframe section lies outside the file";
      return ELF_BAD;
    }
    out->offset = s.offset;
    out->size = s.size;
    out->addr = s.addr;
    out->index = (uint32_t)i;
    out->relocatable = e.type == ET_REL;
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
      {EM_X86_64, R_X86_64_PC32, 4, 1},    {EM_X86_64, R_X86_64_PC64, 8, 1},
      {EM_X86_64, R_X86_64_32, 4, 0},      {EM_X86_64, R_X86_64_32S, 4, 0},
      {EM_X86_64, R_X86_64_64, 8, 0},      {EM_AARCH64, R_AARCH64_PREL32, 4, 1},
      {EM_AARCH64, R_AARCH64_PREL64, 8, 1}, {EM_AARCH64, R_AARCH64_ABS32, 4, 0},
      {EM_AARCH64, R_AARCH64_ABS64, 8, 0}, {EM_S390, R_390_PC32, 4, 1},
      {EM_S390, R_390_PC64, 8, 1},         {EM_S390, R_390_32, 4, 0},
      {EM_S390, R_390_64, 8, 0},
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
    if (!(s.flags & SHF_ALLOC))
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
  uint64_t k, esz = STRUCT_LEN(r, Rela), symsz = STRUCT_LEN(r, Sym);
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
    uint64_t roff = FIELD(r, at, Rela, r_offset), rinfo = FIELD(r, at, Rela, r_info);
    uint64_t addend = FIELD(r, at, Rela, r_addend);
    uint64_t symi = r->is64 ? ELF64_R_SYM(rinfo) : ELF32_R_SYM(rinfo);
    uint64_t rtype = r->is64 ? ELF64_R_TYPE(rinfo) : ELF32_R_TYPE(rinfo);
    uint64_t se = sym.offset + symi * symsz, sv, shndx, v, p;
    int pcrel;
    unsigned width = reloc_kind(e->machine, rtype, &pcrel), b;
    sv = FIELD(r, se, Sym, st_value);
    shndx = FIELD(r, se, Sym, st_shndx);
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
    if (s.type != SHT_RELA || s.info != es->index)
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

#ifndef PT_GNU_SFRAME
#define PT_GNU_SFRAME 0x6474e554 /* binutils' "Segment contains the SFrame section" */
#endif

/* The program header of the first segment that want() takes: 1 with its
 * type, flags, offset, file size, address and memory size; 0 when none. */
typedef struct phdr_view {
  uint64_t type, flags, offset, filesz, vaddr, memsz;
} phdr_view;

static int find_segment(const uint8_t *buf, size_t len, int (*want)(const phdr_view *),
                        phdr_view *out) {
  rd r;
  uint64_t phoff, phentsize, phnum, i;
  if (!reader_of(buf, len, &r))
    return 0;
  phoff = FIELD(&r, 0, Ehdr, e_phoff);
  phentsize = FIELD(&r, 0, Ehdr, e_phentsize);
  phnum = FIELD(&r, 0, Ehdr, e_phnum);
  if (r.bad || phoff == 0 || phentsize < STRUCT_LEN(&r, Phdr))
    return 0;
  for (i = 0; i < phnum; i++) {
    uint64_t h = phoff + i * phentsize;
    out->type = FIELD(&r, h, Phdr, p_type);
    out->flags = FIELD(&r, h, Phdr, p_flags);
    out->offset = FIELD(&r, h, Phdr, p_offset);
    out->filesz = FIELD(&r, h, Phdr, p_filesz);
    out->vaddr = FIELD(&r, h, Phdr, p_vaddr);
    out->memsz = FIELD(&r, h, Phdr, p_memsz);
    if (r.bad)
      return 0;
    if (want(out))
      return 1;
  }
  return 0;
}

static int is_text(const phdr_view *p) {
  return p->type == PT_LOAD && (p->flags & PF_X) && p->memsz && p->vaddr + p->memsz > p->vaddr;
}

static int is_sframe(const phdr_view *p) { return p->type == PT_GNU_SFRAME; }

/* The executable segment the kernel registers a program's .sframe with:
 * the first PT_LOAD with PF_X (its [p_vaddr, p_vaddr + p_memsz)).  Returns
 * 1 and fills *start and *end, or 0 when there is none (a relocatable
 * object has no program headers). */
int elf_text_segment(const uint8_t *buf, size_t len, uint64_t *start, uint64_t *end) {
  phdr_view p;
  if (!find_segment(buf, len, is_text, &p))
    return 0;
  *start = p.vaddr;
  *end = p.vaddr + p.memsz;
  return 1;
}

/* The PT_GNU_SFRAME segment (what a reader of the loaded image finds):
 * 1 with its file offset, file size and address, clamped to the file's
 * bytes; 0 when there is none. */
int elf_sframe_segment(const uint8_t *buf, size_t len, uint64_t *off, uint64_t *size,
                       uint64_t *vaddr) {
  phdr_view p;
  if (!find_segment(buf, len, is_sframe, &p))
    return 0;
  *vaddr = p.vaddr;
  *off = p.offset < len ? p.offset : len;
  *size = p.filesz <= len - *off ? p.filesz : len - *off;
  return 1;
}
