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
      out->offset = off;
      out->size = size;
      out->addr = addr;
      return ELF_OK;
    }
  }
  *why = "no .sframe section";
  return ELF_NO_SFRAME;
}
