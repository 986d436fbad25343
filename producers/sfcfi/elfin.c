/* SPDX-License-Identifier: MIT */
/* elfin.c - the input ELF file, through libelf.
 *
 * Executables and shared objects are read as they are.  A relocatable
 * object (ET_REL) has no addresses yet: its allocated sections are laid out
 * one after the other from 0x1000 (each at its alignment, as sfref does:
 * SPEC-NOTES N27), and the
 * relocations of .eh_frame, .debug_frame and .sframe are applied to the
 * copy in memory, so that the CFI and the SFrame section name the same
 * addresses a final link would give them, up to where the sections land.
 * The relocation types applied are the ones assemblers write into those
 * sections (absolute and PC-relative, 32 and 64 bits) for the three ABIs;
 * any other is an error naming it, never silently skipped.  A .sframe
 * without the PCREL flag holds its start fields relative to the section,
 * so a PC-relative relocation into it is rebased to the section's start,
 * as ld does (N27). */
#include "sc_elf.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sfc_tools.h"

static const char *scn_name(Elf *elf, size_t shstrndx, const GElf_Shdr *sh) {
  const char *n = elf_strptr(elf, shstrndx, sh->sh_name);
  return n ? n : "";
}

/* Stores v (width bytes) at p in the file's byte order. */
static void put(uint8_t *p, unsigned width, uint64_t v, int big) {
  for (unsigned i = 0; i < width; i++) {
    unsigned shift = big ? 8 * (width - 1 - i) : 8 * i;
    p[i] = (uint8_t)(v >> shift);
  }
}
/* What a relocation type does: width in bytes, PC-relative or not; 0 width
 * for types not handled. */
typedef struct reloc_kind {
  unsigned width;
  int pcrel;
} reloc_kind;

static reloc_kind reloc_of(uint16_t machine, uint32_t type) {
  reloc_kind k = {0, 0};
  switch (machine) {
  case EM_X86_64:
    switch (type) {
    case R_X86_64_NONE: k.width = 0; break;
    case R_X86_64_64: k.width = 8; break;
    case R_X86_64_32: case R_X86_64_32S: k.width = 4; break;
    case R_X86_64_PC32: k.width = 4; k.pcrel = 1; break;
    case R_X86_64_PC64: k.width = 8; k.pcrel = 1; break;
    }
    break;
  case EM_AARCH64:
    switch (type) {
    case R_AARCH64_ABS64: k.width = 8; break;
    case R_AARCH64_ABS32: k.width = 4; break;
    case R_AARCH64_PREL32: k.width = 4; k.pcrel = 1; break;
    case R_AARCH64_PREL64: k.width = 8; k.pcrel = 1; break;
    }
    break;
  case EM_S390:
    switch (type) {
    case R_390_64: k.width = 8; break;
    case R_390_32: k.width = 4; break;
    case R_390_PC32: k.width = 4; k.pcrel = 1; break;
    case R_390_PC64: k.width = 8; k.pcrel = 1; break;
    }
    break;
  }
  return k;
}

static int is_none(uint16_t machine, uint32_t type) {
  return (machine == EM_X86_64 && type == R_X86_64_NONE) ||
         (machine == EM_AARCH64 && type == R_AARCH64_NONE) ||
         (machine == EM_S390 && type == R_390_NONE);
}

static int wanted_target(const char *name) {
  return strcmp(name, ".eh_frame") == 0 || strcmp(name, ".debug_frame") == 0 ||
         strcmp(name, ".sframe") == 0;
}

/* ET_REL: addresses for the allocated sections, then the relocations of the
 * unwind sections applied in place. */
static int relocate(sc_elf *e, char *err, size_t errlen) {
  size_t shstrndx, nscn;
  if (elf_getshdrstrndx(e->elf, &shstrndx) != 0 || elf_getshdrnum(e->elf, &nscn) != 0)
    return sc_fail(err, errlen, "cannot read the section headers: %s", elf_errmsg(-1));
  uint64_t *addr = calloc(nscn ? nscn : 1, sizeof *addr);
  if (!addr)
    return sc_fail(err, errlen, "out of memory");
  uint64_t next = 0x1000;
  for (size_t i = 1; i < nscn; i++) {
    Elf_Scn *scn = elf_getscn(e->elf, i);
    GElf_Shdr sh;
    if (!scn || !gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC))
      continue;
    uint64_t align = sh.sh_addralign > 1 ? sh.sh_addralign : 1;
    if (align & (align - 1)) {
      free(addr);
      return sc_fail(err, errlen, "section %zu has an alignment that is not a power of two", i);
    }
    next = (next + align - 1) & ~(align - 1);
    addr[i] = next;
    sh.sh_addr = next;
    if (!gelf_update_shdr(scn, &sh)) {
      free(addr);
      return sc_fail(err, errlen, "cannot place section %zu: %s", i, elf_errmsg(-1));
    }
    next += sh.sh_size;
  }
  int rc = 0;
  for (size_t i = 1; i < nscn && rc == 0; i++) {
    Elf_Scn *rscn = elf_getscn(e->elf, i);
    GElf_Shdr rsh;
    if (!rscn || !gelf_getshdr(rscn, &rsh) || (rsh.sh_type != SHT_RELA && rsh.sh_type != SHT_REL))
      continue;
    Elf_Scn *tscn = elf_getscn(e->elf, rsh.sh_info);
    GElf_Shdr tsh;
    if (!tscn || !gelf_getshdr(tscn, &tsh))
      continue;
    const char *tname = scn_name(e->elf, shstrndx, &tsh);
    if (!wanted_target(tname) || tsh.sh_type == SHT_NOBITS)
      continue;
    Elf_Scn *symscn = elf_getscn(e->elf, rsh.sh_link);
    Elf_Data *syms = symscn ? elf_getdata(symscn, NULL) : NULL;
    Elf_Data *rel = elf_getdata(rscn, NULL);
    Elf_Data *tgt = elf_getdata(tscn, NULL);
    if (!syms || !rel || !tgt || !tgt->d_buf) {
      rc = sc_fail(err, errlen, "%s: cannot read its relocations", tname);
      break;
    }
    size_t n = rsh.sh_entsize ? rsh.sh_size / rsh.sh_entsize : 0;
    int rebase = strcmp(tname, ".sframe") == 0 && tgt->d_size >= 4 &&
                 !(((const uint8_t *)tgt->d_buf)[3] & SFR_F_FDE_FUNC_START_PCREL);
    for (size_t j = 0; j < n; j++) {
      GElf_Rela r;
      if (rsh.sh_type == SHT_RELA) {
        if (!gelf_getrela(rel, (int)j, &r)) { rc = sc_fail(err, errlen, "%s: relocation %zu unreadable", tname, j); break; }
      } else {
        GElf_Rel rr;
        if (!gelf_getrel(rel, (int)j, &rr)) { rc = sc_fail(err, errlen, "%s: relocation %zu unreadable", tname, j); break; }
        r.r_offset = rr.r_offset;
        r.r_info = rr.r_info;
        r.r_addend = 0; /* REL: the addend is in place, read below */
      }
      uint32_t type = e->elfclass == ELFCLASS64 ? GELF_R_TYPE(r.r_info) : ELF32_R_TYPE(r.r_info);
      size_t symi = e->elfclass == ELFCLASS64 ? GELF_R_SYM(r.r_info) : ELF32_R_SYM(r.r_info);
      if (is_none(e->machine, type))
        continue;
      reloc_kind k = reloc_of(e->machine, type);
      if (k.width == 0) {
        rc = sc_fail(err, errlen, "%s: relocation type %u at offset 0x%llx is not one sfcfi applies", tname,
                  type, (unsigned long long)r.r_offset);
        break;
      }
      if (r.r_offset > tgt->d_size || tgt->d_size - r.r_offset < k.width) {
        rc = sc_fail(err, errlen, "%s: relocation %zu is outside the section", tname, j);
        break;
      }
      GElf_Sym s;
      if (!gelf_getsym(syms, (int)symi, &s)) {
        rc = sc_fail(err, errlen, "%s: relocation %zu names symbol %zu, which is not there", tname, j, symi);
        break;
      }
      uint64_t S = s.st_value;
      if (s.st_shndx != SHN_UNDEF && s.st_shndx < SHN_LORESERVE && s.st_shndx < nscn)
        S += addr[s.st_shndx];
      else if (s.st_shndx == SHN_UNDEF)
        S = 0; /* an undefined symbol (a personality routine): no address here */
      uint8_t *p = (uint8_t *)tgt->d_buf + r.r_offset;
      int64_t A = rsh.sh_type == SHT_RELA ? r.r_addend : (int64_t)sc_get(p, k.width, e->big_endian);
      uint64_t v = S + (uint64_t)A;
      if (k.pcrel)
        v -= addr[rsh.sh_info] + (rebase ? 0 : r.r_offset);
      put(p, k.width, v, e->big_endian);
    }
  }
  free(addr);
  return rc;
}

static uint8_t abi_of(uint16_t machine, int big) {
  switch (machine) {
  case EM_X86_64: return big ? 0 : SFR_ABI_AMD64_LE;
  case EM_AARCH64: return big ? SFR_ABI_AARCH64_BE : SFR_ABI_AARCH64_LE;
  case EM_S390: return big ? SFR_ABI_S390X_BE : 0;
  }
  return 0;
}

static int open_image(sc_elf *e, char *err, size_t errlen) {
  e->elf = elf_memory((char *)e->image, e->len);
  if (!e->elf || elf_kind(e->elf) != ELF_K_ELF)
    return sc_fail(err, errlen, "not an ELF file");
  GElf_Ehdr eh;
  if (!gelf_getehdr(e->elf, &eh))
    return sc_fail(err, errlen, "cannot read the ELF header: %s", elf_errmsg(-1));
  e->machine = eh.e_machine;
  e->type = eh.e_type;
  e->elfclass = eh.e_ident[EI_CLASS];
  e->big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
  e->abi = abi_of(e->machine, e->big_endian);
  if (!e->abi)
    return sc_fail(err, errlen, "machine %u (%s-endian) has no SFrame ABI", e->machine,
                e->big_endian ? "big" : "little");
  if (e->type == ET_REL && relocate(e, err, errlen) != 0)
    return -1;
  size_t shstrndx;
  if (elf_getshdrstrndx(e->elf, &shstrndx) != 0)
    return sc_fail(err, errlen, "cannot read the section names: %s", elf_errmsg(-1));
  e->text_lo = UINT64_MAX;
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e->elf, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh))
      continue;
    const char *name = scn_name(e->elf, shstrndx, &sh);
    if (strcmp(name, ".eh_frame") == 0 && sh.sh_type != SHT_NOBITS)
      e->has_eh_frame = 1;
    else if (strcmp(name, ".debug_frame") == 0)
      e->has_debug_frame = 1;
    else if (strcmp(name, ".sframe") == 0 && sh.sh_type != SHT_NOBITS && !e->sframe) {
      /* the first .sframe, as sfref reads it (a linker that does not know
       * the section may keep one output section per input section type) */
      Elf_Data *d = elf_getdata(scn, NULL);
      if (!d || (d->d_size && !d->d_buf))
        return sc_fail(err, errlen, ".sframe: cannot read it: %s", elf_errmsg(-1));
      e->sframe = d->d_buf;
      e->sframe_len = d->d_size;
      e->sframe_vma = sh.sh_addr;
    }
    if ((sh.sh_flags & SHF_EXECINSTR) && sh.sh_size) {
      if (sh.sh_addr < e->text_lo)
        e->text_lo = sh.sh_addr;
      if (sh.sh_addr + sh.sh_size > e->text_hi)
        e->text_hi = sh.sh_addr + sh.sh_size;
    }
  }
  if (e->text_lo == UINT64_MAX)
    e->text_lo = 0;
  return 0;
}

int sc_elf_open_mem(sc_elf *e, const uint8_t *bytes, size_t len, const char *name, char *err,
                    size_t errlen) {
  memset(e, 0, sizeof *e);
  e->path = name;
  e->image = malloc(len ? len : 1);
  if (!e->image)
    return sc_fail(err, errlen, "out of memory");
  memcpy(e->image, bytes, len);
  e->len = len;
  elf_version(EV_CURRENT);
  if (open_image(e, err, errlen) != 0) {
    sc_elf_close(e);
    return -1;
  }
  return 0;
}

int sc_elf_open(sc_elf *e, const char *path, char *err, size_t errlen) {
  memset(e, 0, sizeof *e);
  e->path = path;
  /* A private mapping: pages are read as libdw touches them, and the
   * relocations of an object change this copy only.  What cannot be mapped
   * (a pipe, an empty file) is read whole. */
  int fd = open(path, O_RDONLY);
  struct stat sb;
  if (fd >= 0 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0) {
    void *m = mmap(NULL, (size_t)sb.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    if (m != MAP_FAILED) {
      e->image = m;
      e->len = (size_t)sb.st_size;
      e->mapped = 1;
    }
  }
  if (fd >= 0)
    close(fd);
  if (!e->mapped) {
    sfc_read_status st = sfc_read_file(path, &e->image, &e->len);
    if (st != SFC_READ_OK)
      return sc_fail(err, errlen, "%s: %s", sfc_read_status_text(st), strerror(errno));
  }
  elf_version(EV_CURRENT);
  if (open_image(e, err, errlen) != 0) {
    sc_elf_close(e);
    return -1;
  }
  return 0;
}

void sc_elf_close(sc_elf *e) {
  if (e->elf)
    elf_end(e->elf);
  free(e->syms);
  if (e->mapped)
    munmap(e->image, e->len);
  else
    free(e->image);
  memset(e, 0, sizeof *e);
}

/* ---- function symbols ---- */
static int sym_cmp(const void *a, const void *b) {
  const struct sc_sym *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void load_symbols(sc_elf *e) {
  size_t cap = 0;
  for (int pass = 0; pass < 2 && e->nsyms == 0; pass++) {
    uint32_t want = pass == 0 ? SHT_SYMTAB : SHT_DYNSYM;
    for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e->elf, scn));) {
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh) || sh.sh_type != want || !sh.sh_entsize)
        continue;
      Elf_Data *d = elf_getdata(scn, NULL);
      if (!d)
        continue;
      size_t n = sh.sh_size / sh.sh_entsize;
      for (size_t i = 1; i < n; i++) {
        GElf_Sym s;
        if (!gelf_getsym(d, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_FUNC || s.st_shndx == SHN_UNDEF)
          continue;
        uint64_t addr = s.st_value;
        if (e->type == ET_REL) {
          Elf_Scn *in = elf_getscn(e->elf, s.st_shndx);
          GElf_Shdr ish;
          if (!in || !gelf_getshdr(in, &ish))
            continue;
          addr += ish.sh_addr;
        }
        if (e->nsyms == cap) {
          size_t nc = cap ? cap * 2 : 256;
          struct sc_sym *q = realloc(e->syms, nc * sizeof *q);
          if (!q)
            return;
          e->syms = q;
          cap = nc;
        }
        const char *name = elf_strptr(e->elf, sh.sh_link, s.st_name);
        e->syms[e->nsyms].addr = addr;
        e->syms[e->nsyms].size = s.st_size;
        e->syms[e->nsyms].name = name ? name : "";
        e->nsyms++;
      }
    }
  }
  if (e->nsyms)
    qsort(e->syms, e->nsyms, sizeof *e->syms, sym_cmp);
}

const char *sc_elf_symbol(const sc_elf *e, uint64_t addr) {
  if (!e || !e->elf)
    return "";
  if (!e->syms)
    load_symbols((sc_elf *)e);
  size_t lo = 0, hi = e->nsyms;
  while (lo < hi) { /* the first symbol above addr */
    size_t mid = lo + (hi - lo) / 2;
    if (e->syms[mid].addr <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  /* Among the symbols at the same address, any holding addr will do. */
  for (size_t i = lo; i-- > 0 && e->syms[i].addr <= addr;) {
    if (addr - e->syms[i].addr < (e->syms[i].size ? e->syms[i].size : 1))
      return e->syms[i].name;
    if (i + 1 < lo && e->syms[i].addr != e->syms[i + 1].addr)
      break;
    if (lo - i > 16)
      break;
  }
  return "";
}

/* ---- the SFrame side ---- */
int sc_sframe_open(sc_sframe *s, const uint8_t *buf, size_t len, uint64_t vma, char *err, size_t errlen) {
  memset(s, 0, sizeof *s);
  sfr_finding where;
  sfr_status st = sfr_open(&s->sec, buf, len, vma, &where);
  if (st != SFR_OK)
    return sc_fail(err, errlen, "not an SFrame section: %s (%s)", sfr_finding_message(st), sfr_finding_name(st));
  size_t slen = sfr_validate_scratch_size(len);
  void *scratch = malloc(slen ? slen : 1);
  if (!scratch)
    return sc_fail(err, errlen, "out of memory");
  s->rep.items = s->items;
  s->rep.cap = sizeof s->items / sizeof s->items[0];
  sfr_validate_ex(&s->sec, buf, len, vma, scratch, slen, &s->rep);
  free(scratch);
  s->rejects = sfr_report_rejects(&s->rep);
  size_t ilen = s->rejects ? 0 : sfr_index_size(&s->sec);
  if (ilen) {
    s->index = malloc(ilen);
    if (s->index && !sfr_index_build(&s->sec, s->index, ilen)) {
      free(s->index);
      s->index = NULL;
    }
  }
  return 0;
}

void sc_sframe_close(sc_sframe *s) {
  free(s->index);
  memset(s, 0, sizeof *s);
}

const char *sc_sframe_rejection(const sc_sframe *s) {
  if (!s->rejects)
    return NULL;
  size_t n = s->rep.count < s->rep.cap ? s->rep.count : s->rep.cap;
  for (size_t i = 0; i < n; i++)
    if (sfr_finding_class(s->items[i].id) != SFR_CLASS_QUESTIONABLE)
      return sfr_finding_name(s->items[i].id);
  return "invalid";
}

int sc_sframe_file_load(sc_sframe_file *f, const char *path, int raw, uint64_t vma, char *err,
                        size_t errlen) {
  memset(f, 0, sizeof *f);
  size_t len;
  uint8_t *buf;
  sfc_read_status st = sfc_read_file(path, &buf, &len);
  if (st != SFC_READ_OK)
    return sc_fail(err, errlen, "%s: %s: %s", path, sfc_read_status_text(st), strerror(errno));
  if (!raw && len >= 4 && memcmp(buf, ELFMAG, SELFMAG) == 0) {
    free(buf);
    if (sc_elf_open(&f->elf, path, err, errlen) != 0)
      return -1;
    if (!f->elf.sframe) {
      sc_elf_close(&f->elf);
      return sc_fail(err, errlen, "%s: no .sframe section", path);
    }
    f->is_elf = 1;
    f->bytes = f->elf.sframe;
    f->len = f->elf.sframe_len;
    f->vma = f->elf.sframe_vma;
    return 0;
  }
  f->raw = buf;
  f->bytes = buf;
  f->len = len;
  f->vma = vma;
  return 0;
}

void sc_sframe_file_unload(sc_sframe_file *f) {
  if (f->is_elf)
    sc_elf_close(&f->elf);
  free(f->raw);
  memset(f, 0, sizeof *f);
}
