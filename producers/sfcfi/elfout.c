/* SPDX-License-Identifier: MIT */
/* elfout.c - a copy of an ELF file with a new .sframe section.
 *
 * Nothing of the input moves: the output is the input's bytes, every one
 * at its offset (the program headers, every section, and whatever lies
 * between or outside them), with three things appended after its end,
 * each aligned: the new .sframe's bytes (8), a new section name table (the
 * old one's bytes and the new names), and a new section header table
 * holding the old headers and one more.  The ELF header is rewritten in
 * place to name the new table; the old .shstrtab header points at the new
 * string table.  A .sframe the input had keeps its bytes, its address and
 * its place in any segment (PT_GNU_SFRAME still names it), renamed
 * .sframe.replaced and, when its type was SHT_GNU_SFRAME, typed
 * SHT_PROGBITS: a reader that finds SFrame by type rather than by name
 * (sfref takes the first section named .sframe or of that type) then
 * finds only the new section.  The new one takes the type the old one had.
 *
 * libelf reads the input's headers (extended section numbering included)
 * and translates the new headers to the file's class and byte order
 * (gelf_xlatetof).  The layout is ours rather than elf_update's, even with
 * ELF_F_LAYOUT: elf_update writes only what it knows as sections and fills
 * the rest with its fill byte, so bytes that belong to no section (a
 * stripped file's segments, padding a linker filled) would not survive.
 *
 * The output is written to a temporary file in its directory and renamed
 * into place, so it is whole or absent; the input is never overwritten.
 * Every error message starts with the name of the file it is about. */
#include "sc_elf.h"
#include "sc_elfout.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sfc_tools.h"

#ifndef SHT_GNU_SFRAME
#define SHT_GNU_SFRAME 0x6ffffff4
#endif

#define SFRAME_ALIGN 8

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

/* Writes len bytes at off; 0 or -1 (errno set). */
static int pwrite_all(int fd, const void *buf, size_t len, uint64_t off) {
  const uint8_t *p = buf;
  while (len) {
    ssize_t n = pwrite(fd, p, len, (off_t)off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      return -1;
    }
    p += n;
    len -= (size_t)n;
    off += (uint64_t)n;
  }
  return 0;
}

/* Reads len bytes at off; 0 or -1 (errno set; EIO at a short file). */
static int pread_all(int fd, void *buf, size_t len, uint64_t off) {
  uint8_t *p = buf;
  while (len) {
    ssize_t n = pread(fd, p, len, (off_t)off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      return -1;
    }
    p += n;
    len -= (size_t)n;
    off += (uint64_t)n;
  }
  return 0;
}

/* The input, as read. */
typedef struct input {
  int fd;
  Elf *elf;
  struct stat st;
  int cls;             /* ELFCLASS32 / 64 */
  GElf_Ehdr eh;
  size_t shnum;        /* sections, extended numbering resolved */
  size_t shstrndx;
  GElf_Shdr *sh;       /* shnum headers */
  uint8_t *strtab;     /* the old section name table's bytes */
  size_t strlen_;
} input;

static void input_close(input *in) {
  free(in->sh);
  free(in->strtab);
  if (in->elf)
    elf_end(in->elf);
  if (in->fd >= 0)
    close(in->fd);
}

static int input_open(input *in, const char *path, char *err, size_t errlen) {
  memset(in, 0, sizeof *in);
  in->fd = open(path, O_RDONLY);
  if (in->fd < 0)
    return sc_fail(err, errlen, "%s: cannot open: %s", path, strerror(errno));
  if (fstat(in->fd, &in->st) != 0)
    return sc_fail(err, errlen, "%s: cannot read: %s", path, strerror(errno));
  if (!S_ISREG(in->st.st_mode))
    return sc_fail(err, errlen, "%s: not a regular file", path);
  elf_version(EV_CURRENT);
  in->elf = elf_begin(in->fd, ELF_C_READ, NULL);
  if (!in->elf || elf_kind(in->elf) != ELF_K_ELF)
    return sc_fail(err, errlen, "%s: not an ELF file", path);
  in->cls = gelf_getclass(in->elf);
  if (in->cls != ELFCLASS32 && in->cls != ELFCLASS64)
    return sc_fail(err, errlen, "%s: unknown ELF class", path);
  if (!gelf_getehdr(in->elf, &in->eh))
    return sc_fail(err, errlen, "%s: cannot read the ELF header: %s", path, elf_errmsg(-1));
  if (in->eh.e_ident[EI_DATA] != ELFDATA2LSB && in->eh.e_ident[EI_DATA] != ELFDATA2MSB)
    return sc_fail(err, errlen, "%s: unknown ELF byte order", path);
  if (elf_getshdrnum(in->elf, &in->shnum) != 0)
    return sc_fail(err, errlen, "%s: cannot read the section headers: %s", path, elf_errmsg(-1));
  if (in->shnum == 0)
    return 0; /* no sections at all: a table is made */
  size_t want = in->cls == ELFCLASS64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
  if (in->eh.e_shentsize != want)
    return sc_fail(err, errlen, "%s: section headers of %u bytes, not %zu", path, in->eh.e_shentsize, want);
  if (elf_getshdrstrndx(in->elf, &in->shstrndx) != 0 || in->shstrndx == SHN_UNDEF ||
      in->shstrndx >= in->shnum)
    return sc_fail(err, errlen, "%s: has sections but no section name table", path);
  in->sh = calloc(in->shnum, sizeof *in->sh);
  if (!in->sh)
    return sc_fail(err, errlen, "%s: out of memory", path);
  for (size_t i = 0; i < in->shnum; i++) {
    Elf_Scn *scn = elf_getscn(in->elf, i);
    if (!scn || !gelf_getshdr(scn, &in->sh[i]))
      return sc_fail(err, errlen, "%s: cannot read section header %zu: %s", path, i, elf_errmsg(-1));
  }
  const GElf_Shdr *ss = &in->sh[in->shstrndx];
  if (ss->sh_type == SHT_NOBITS || ss->sh_offset > (uint64_t)in->st.st_size ||
      ss->sh_size > (uint64_t)in->st.st_size - ss->sh_offset)
    return sc_fail(err, errlen, "%s: the section name table lies outside the file", path);
  in->strlen_ = (size_t)ss->sh_size;
  in->strtab = malloc(in->strlen_ ? in->strlen_ : 1);
  if (!in->strtab)
    return sc_fail(err, errlen, "%s: out of memory", path);
  if (pread_all(in->fd, in->strtab, in->strlen_, ss->sh_offset) != 0)
    return sc_fail(err, errlen, "%s: cannot read the section name table: %s", path, strerror(errno));
  return 0;
}

/* The name of section i ("" when it points outside the table). */
static const char *name_of(const input *in, size_t i) {
  uint64_t n = in->sh[i].sh_name;
  if (n >= in->strlen_ || !memchr(in->strtab + n, 0, in->strlen_ - n))
    return "";
  return (const char *)in->strtab + n;
}

/* Appends s (with its NUL) to the growing table; its offset. */
static size_t add_name(uint8_t *tab, size_t *len, const char *s) {
  size_t at = *len, n = strlen(s) + 1;
  memcpy(tab + at, s, n);
  *len += n;
  return at;
}

/* The new headers and ELF header, translated to the file's form. */
static int translate(Elf *elf, Elf_Type type, void *mem, size_t memsize, void *file, size_t filesize,
                     unsigned encoding) {
  Elf_Data src, dst;
  memset(&src, 0, sizeof src);
  memset(&dst, 0, sizeof dst);
  src.d_buf = mem;
  src.d_size = memsize;
  src.d_type = type;
  src.d_version = EV_CURRENT;
  dst.d_buf = file;
  dst.d_size = filesize;
  dst.d_type = type;
  dst.d_version = EV_CURRENT;
  return gelf_xlatetof(elf, &dst, &src, encoding) ? 0 : -1;
}

/* Copies the input's bytes to fd from offset 0. */
static int copy_bytes(int from, int to, uint64_t len) {
  static uint8_t buf[1 << 16];
  uint64_t off = 0;
  while (off < len) {
    size_t n = len - off < sizeof buf ? (size_t)(len - off) : sizeof buf;
    if (pread_all(from, buf, n, off) != 0 || pwrite_all(to, buf, n, off) != 0)
      return -1;
    off += n;
  }
  return 0;
}

/* The output's layout: its section headers (the input's, one .sframe
 * added), its name table and where each new part lies. */
typedef struct plan {
  int is64, fresh; /* fresh: no sections; null, .sframe, .shstrtab are made */
  size_t total, sframe_ndx, strndx, shentsize;
  GElf_Shdr *sh;
  uint8_t *tab; /* the new name table: the old bytes, then the new names */
  size_t slen, strtab_name, sframe_name;
  uint32_t type; /* the new section's type: an old .sframe's, else SHT_GNU_SFRAME */
  uint64_t in_size, sframe_off, str_off, shoff;
} plan;

static void plan_free(plan *pl) {
  free(pl->tab);
  free(pl->sh);
}

/* The name table and the old headers, an old .sframe renamed
 * .sframe.replaced (and no longer SHT_GNU_SFRAME). */
static int plan_names(const input *in, plan *pl) {
  size_t old = in->shnum, replaced_name = 0;
  int any_replaced = 0;
  pl->tab = malloc(in->strlen_ + 64);
  pl->sh = calloc(pl->total, sizeof *pl->sh);
  if (!pl->tab || !pl->sh)
    return -1;
  if (in->strlen_)
    memcpy(pl->tab, in->strtab, in->strlen_);
  pl->slen = in->strlen_;
  if (pl->slen == 0 || pl->tab[pl->slen - 1] != 0)
    pl->tab[pl->slen++] = 0; /* the table must start with, and its last name end in, a NUL */
  if (!pl->fresh)
    memcpy(pl->sh, in->sh, old * sizeof *pl->sh);
  for (size_t i = 1; i < old; i++) {
    if (strcmp(name_of(in, i), ".sframe") != 0)
      continue;
    if (!any_replaced) {
      pl->type = in->sh[i].sh_type;
      replaced_name = add_name(pl->tab, &pl->slen, ".sframe.replaced");
      any_replaced = 1;
    }
    pl->sh[i].sh_name = (GElf_Word)replaced_name;
    if (pl->sh[i].sh_type == SHT_GNU_SFRAME)
      pl->sh[i].sh_type = SHT_PROGBITS; /* one SFrame section by type too */
  }
  pl->strtab_name = pl->fresh ? add_name(pl->tab, &pl->slen, ".shstrtab") : in->sh[in->shstrndx].sh_name;
  pl->sframe_name = add_name(pl->tab, &pl->slen, ".sframe");
  return 0;
}

/* The new .sframe's and the name table's headers, and the ELF header. */
static void plan_headers(const input *in, plan *pl, size_t len, GElf_Ehdr *eh) {
  GElf_Shdr *ns = &pl->sh[pl->sframe_ndx], *st = &pl->sh[pl->strndx];
  memset(ns, 0, sizeof *ns);
  ns->sh_name = (GElf_Word)pl->sframe_name;
  ns->sh_type = pl->type;
  ns->sh_addr = SC_ELFOUT_VMA;
  ns->sh_offset = pl->sframe_off;
  ns->sh_size = len;
  ns->sh_addralign = SFRAME_ALIGN;
  if (pl->fresh) {
    memset(st, 0, sizeof *st);
    st->sh_type = SHT_STRTAB;
    st->sh_addralign = 1;
  }
  st->sh_name = (GElf_Word)pl->strtab_name;
  st->sh_offset = pl->str_off;
  st->sh_size = pl->slen;
  *eh = in->eh;
  eh->e_shoff = pl->shoff;
  eh->e_shentsize = (GElf_Half)pl->shentsize;
  if (pl->total >= SHN_LORESERVE) {
    eh->e_shnum = 0;
    pl->sh[0].sh_size = pl->total;
  } else {
    eh->e_shnum = (GElf_Half)pl->total;
  }
  if (pl->strndx >= SHN_LORESERVE) {
    eh->e_shstrndx = SHN_XINDEX;
    pl->sh[0].sh_link = (GElf_Word)pl->strndx;
  } else {
    eh->e_shstrndx = (GElf_Half)pl->strndx;
  }
}

/* A 32-bit file's headers from their GElf (64-bit) form. */
static void to_elf32(const GElf_Shdr *sh, size_t n, const GElf_Ehdr *eh, Elf32_Shdr *m, Elf32_Ehdr *e32) {
  for (size_t i = 0; i < n; i++) {
    m[i].sh_name = sh[i].sh_name;
    m[i].sh_type = sh[i].sh_type;
    m[i].sh_flags = (Elf32_Word)sh[i].sh_flags;
    m[i].sh_addr = (Elf32_Addr)sh[i].sh_addr;
    m[i].sh_offset = (Elf32_Off)sh[i].sh_offset;
    m[i].sh_size = (Elf32_Word)sh[i].sh_size;
    m[i].sh_link = sh[i].sh_link;
    m[i].sh_info = sh[i].sh_info;
    m[i].sh_addralign = (Elf32_Word)sh[i].sh_addralign;
    m[i].sh_entsize = (Elf32_Word)sh[i].sh_entsize;
  }
  memcpy(e32->e_ident, eh->e_ident, EI_NIDENT);
  e32->e_type = eh->e_type;
  e32->e_machine = eh->e_machine;
  e32->e_version = eh->e_version;
  e32->e_entry = (Elf32_Addr)eh->e_entry;
  e32->e_phoff = (Elf32_Off)eh->e_phoff;
  e32->e_shoff = (Elf32_Off)eh->e_shoff;
  e32->e_flags = eh->e_flags;
  e32->e_ehsize = eh->e_ehsize;
  e32->e_phentsize = eh->e_phentsize;
  e32->e_phnum = eh->e_phnum;
  e32->e_shentsize = eh->e_shentsize;
  e32->e_shnum = eh->e_shnum;
  e32->e_shstrndx = eh->e_shstrndx;
}

/* The headers in the file's class and byte order: shfile (shbytes) and
 * ehfile (*ehsize bytes). */
static int to_file_form(const input *in, const plan *pl, const GElf_Ehdr *eh, uint8_t *shfile,
                        size_t shbytes, uint8_t *ehfile, size_t *ehsize) {
  void *mem = malloc(shbytes);
  Elf64_Ehdr e64;
  Elf32_Ehdr e32;
  unsigned enc = in->eh.e_ident[EI_DATA];
  int rc;
  if (!mem)
    return -1;
  if (pl->is64) {
    Elf64_Shdr *m = mem;
    for (size_t i = 0; i < pl->total; i++)
      m[i] = pl->sh[i]; /* GElf_Shdr is Elf64_Shdr */
    e64 = *eh;
  } else {
    to_elf32(pl->sh, pl->total, eh, mem, &e32);
  }
  *ehsize = pl->is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
  rc = translate(in->elf, ELF_T_SHDR, mem, shbytes, shfile, shbytes, enc) != 0 ||
               translate(in->elf, ELF_T_EHDR, pl->is64 ? (void *)&e64 : (void *)&e32, *ehsize,
                         ehfile, *ehsize, enc) != 0
           ? -1
           : 0;
  free(mem);
  return rc;
}

/* Writes the output into fd: the input, the new section, the names, the
 * headers.  0, or -1 with err set. */
static int build(const input *in, const char *out_path, int fd, const uint8_t *sec, size_t len, char *err,
                 size_t errlen) {
  static const uint8_t zeros[16];
  plan pl;
  GElf_Ehdr eh;
  uint8_t ehfile[sizeof(Elf64_Ehdr)], *shfile = NULL;
  size_t shbytes, ehsize = 0;
  int rc = 0;
  memset(&pl, 0, sizeof pl);
  pl.is64 = in->cls == ELFCLASS64;
  pl.fresh = in->shnum == 0;
  pl.total = pl.fresh ? 3 : in->shnum + 1;
  pl.sframe_ndx = pl.fresh ? 1 : in->shnum;
  pl.strndx = pl.fresh ? 2 : in->shstrndx;
  pl.type = SHT_GNU_SFRAME;
  pl.shentsize = pl.is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
  if (plan_names(in, &pl) != 0) {
    plan_free(&pl);
    return sc_fail(err, errlen, "%s: out of memory", out_path);
  }
  pl.in_size = (uint64_t)in->st.st_size;
  pl.sframe_off = align_up(pl.in_size, SFRAME_ALIGN);
  pl.str_off = pl.sframe_off + len;
  pl.shoff = align_up(pl.str_off + pl.slen, pl.is64 ? 8 : 4);
  shbytes = pl.total * pl.shentsize;
  if (!pl.is64 && pl.shoff + (uint64_t)shbytes > UINT32_MAX) {
    plan_free(&pl);
    return sc_fail(err, errlen, "%s: would be too large for a 32-bit ELF file", out_path);
  }
  plan_headers(in, &pl, len, &eh);
  shfile = malloc(shbytes);
  if (!shfile)
    rc = sc_fail(err, errlen, "%s: out of memory", out_path);
  else if (to_file_form(in, &pl, &eh, shfile, shbytes, ehfile, &ehsize) != 0)
    rc = sc_fail(err, errlen, "%s: cannot translate the headers: %s", out_path, elf_errmsg(-1));
  else if (copy_bytes(in->fd, fd, pl.in_size) != 0 ||
           pwrite_all(fd, zeros, (size_t)(pl.sframe_off - pl.in_size), pl.in_size) != 0 ||
           pwrite_all(fd, sec, len, pl.sframe_off) != 0 ||
           pwrite_all(fd, pl.tab, pl.slen, pl.str_off) != 0 ||
           pwrite_all(fd, zeros, (size_t)(pl.shoff - pl.str_off - pl.slen), pl.str_off + pl.slen) != 0 ||
           pwrite_all(fd, shfile, shbytes, pl.shoff) != 0 || pwrite_all(fd, ehfile, ehsize, 0) != 0)
    rc = sc_fail(err, errlen, "%s: cannot write: %s", out_path, strerror(errno));
  free(shfile);
  plan_free(&pl);
  return rc;
}

int sc_elf_write_with_sframe(const char *in_path, const char *out_path, const uint8_t *sec, size_t len,
                             char *err, size_t errlen) {
  input in;
  if (input_open(&in, in_path, err, errlen) != 0) {
    input_close(&in);
    return -1;
  }
  struct stat ost;
  if (stat(out_path, &ost) == 0 && ost.st_dev == in.st.st_dev && ost.st_ino == in.st.st_ino) {
    input_close(&in);
    return sc_fail(err, errlen, "%s is the input file: it is never overwritten", out_path);
  }
  if (sfc_not_regular(out_path)) { /* /dev/null: written into, never replaced */
    int fd = open(out_path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    int rc = fd < 0 ? sc_fail(err, errlen, "%s: cannot write: %s", out_path, strerror(errno))
                    : build(&in, out_path, fd, sec, len, err, errlen);
    if (fd >= 0 && close(fd) != 0 && rc == 0)
      rc = sc_fail(err, errlen, "%s: cannot write: %s", out_path, strerror(errno));
    input_close(&in);
    return rc;
  }
  /* a temporary file beside the output */
  const char *slash = strrchr(out_path, '/');
  size_t dirlen = slash ? (size_t)(slash - out_path) + 1 : 0;
  size_t n = strlen(out_path) + 16;
  char *tmp = malloc(n);
  if (!tmp) {
    input_close(&in);
    return sc_fail(err, errlen, "%s: out of memory", out_path);
  }
  snprintf(tmp, n, "%.*s.%s.XXXXXX", (int)dirlen, out_path, out_path + dirlen);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    int e = errno;
    free(tmp);
    input_close(&in);
    return sc_fail(err, errlen, "%s: cannot create a file beside it: %s", out_path, strerror(e));
  }
  mode_t mask = umask(0);
  umask(mask);
  int rc = build(&in, out_path, fd, sec, len, err, errlen);
  if (rc == 0 && fchmod(fd, (in.st.st_mode & 0777) & ~mask) != 0)
    rc = sc_fail(err, errlen, "%s: cannot set its mode: %s", out_path, strerror(errno));
  if (rc == 0 && fsync(fd) != 0)
    rc = sc_fail(err, errlen, "%s: cannot write: %s", out_path, strerror(errno));
  if (close(fd) != 0 && rc == 0)
    rc = sc_fail(err, errlen, "%s: cannot write: %s", out_path, strerror(errno));
  if (rc == 0 && rename(tmp, out_path) != 0)
    rc = sc_fail(err, errlen, "%s: cannot write: %s", out_path, strerror(errno));
  if (rc != 0)
    unlink(tmp);
  free(tmp);
  input_close(&in);
  return rc;
}
