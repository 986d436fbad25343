/* SPDX-License-Identifier: MIT */
/* symtab.c - an ELF file's symbol table as sfcfi conserve reads it
 * (sc_symtab.h). */
#include "sc_symtab.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

int sc_sym_defined(const xsym *x) {
  return x->shndx != SHN_UNDEF && x->shndx < SHN_LORESERVE;
}
int sc_sym_is_code(uint8_t t) { return t == STT_FUNC || t == STT_GNU_IFUNC || t == STT_NOTYPE; }

/* qsort has no context argument: the table being sorted. */
static const symtab *sort_tab;
static int name_cmp(const void *a, const void *b) {
  const xsym *x = &sort_tab->s[*(const size_t *)a], *y = &sort_tab->s[*(const size_t *)b];
  int c = strcmp(x->name, y->name);
  if (c)
    return c;
  return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}
static int place_cmp(const void *a, const void *b) {
  const xsym *x = &sort_tab->s[*(const size_t *)a], *y = &sort_tab->s[*(const size_t *)b];
  if (x->shndx != y->shndx)
    return x->shndx < y->shndx ? -1 : 1;
  if (x->value != y->value)
    return x->value < y->value ? -1 : 1;
  return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static int str_cmp(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* 1 when t has an STT_FILE symbol named name. */
int sc_symtab_has_file(const symtab *t, const char *name) {
  return bsearch(&name, t->files, t->nfiles, sizeof *t->files, str_cmp) != NULL;
}

void sc_symtab_free(symtab *t) {
  free(t->s);
  free(t->by_name);
  free(t->by_place);
  free(t->files);
  memset(t, 0, sizeof *t);
}

/* Reads e's .symtab (t->present 0 when there is none).  0, or -1 with err. */
int sc_symtab_load(const sc_elf *e, symtab *t, char *err, size_t errlen) {
  memset(t, 0, sizeof *t);
  Elf_Scn *symscn = NULL;
  GElf_Shdr ssh;
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e->elf, scn));) {
    GElf_Shdr sh;
    if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB) {
      symscn = scn;
      ssh = sh;
      break;
    }
  }
  if (!symscn || !ssh.sh_entsize)
    return 0;
  size_t symndx = elf_ndxscn(symscn);
  Elf_Data *d = elf_getdata(symscn, NULL), *xd = NULL;
  if (!d)
    return sc_fail(err, errlen, ".symtab: cannot read it: %s", elf_errmsg(-1));
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e->elf, scn));) {
    GElf_Shdr sh;
    if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB_SHNDX && sh.sh_link == symndx)
      xd = elf_getdata(scn, NULL);
  }
  size_t n = ssh.sh_size / ssh.sh_entsize;
  t->present = 1;
  t->s = calloc(n ? n : 1, sizeof *t->s);
  t->by_name = malloc((n ? n : 1) * sizeof *t->by_name);
  t->by_place = malloc((n ? n : 1) * sizeof *t->by_place);
  t->files = malloc((n ? n : 1) * sizeof *t->files);
  if (!t->s || !t->by_name || !t->by_place || !t->files) {
    sc_symtab_free(t);
    return sc_fail(err, errlen, "out of memory");
  }
  t->n = n;
  const char *file = NULL;
  for (size_t i = 0; i < n; i++) {
    GElf_Sym s;
    Elf32_Word xndx = 0;
    if (!gelf_getsymshndx(d, xd, (int)i, &s, &xndx))
      continue;
    xsym *x = &t->s[i];
    const char *name = elf_strptr(e->elf, ssh.sh_link, s.st_name);
    x->name = name ? name : "";
    x->value = s.st_value;
    x->size = s.st_size;
    x->shndx = s.st_shndx == SHN_XINDEX ? xndx : s.st_shndx;
    x->bind = GELF_ST_BIND(s.st_info);
    x->type = GELF_ST_TYPE(s.st_info);
    x->addr = x->value;
    if (x->type == STT_FILE) {
      file = x->name;
      t->files[t->nfiles++] = x->name;
      continue;
    }
    if (x->bind == STB_LOCAL)
      x->file = file;
    if (e->type == ET_REL && sc_sym_defined(x)) {
      GElf_Shdr sh;
      Elf_Scn *in = elf_getscn(e->elf, x->shndx);
      if (in && gelf_getshdr(in, &sh))
        x->addr += sh.sh_addr;
    }
    if (i == 0 || x->shndx == SHN_UNDEF)
      continue;
    if (x->name[0] && x->type != STT_SECTION)
      t->by_name[t->nname++] = i;
    if (sc_sym_defined(x))
      t->by_place[t->nplace++] = i;
    if (x->bind == STB_LOCAL && (x->type == STT_FUNC || x->type == STT_GNU_IFUNC))
      t->local_funcs++;
  }
  sort_tab = t;
  qsort(t->by_name, t->nname, sizeof *t->by_name, name_cmp);
  qsort(t->by_place, t->nplace, sizeof *t->by_place, place_cmp);
  sort_tab = NULL;
  qsort(t->files, t->nfiles, sizeof *t->files, str_cmp);
  return 0;
}

/* [*lo, *hi) of t->by_name: the symbols named name. */
void sc_syms_by_name(const symtab *t, const char *name, size_t *lo, size_t *hi) {
  size_t a = 0, b = t->nname;
  while (a < b) {
    size_t m = a + (b - a) / 2;
    if (strcmp(t->s[t->by_name[m]].name, name) < 0)
      a = m + 1;
    else
      b = m;
  }
  *lo = a;
  b = t->nname;
  while (a < b) {
    size_t m = a + (b - a) / 2;
    if (strcmp(t->s[t->by_name[m]].name, name) <= 0)
      a = m + 1;
    else
      b = m;
  }
  *hi = a;
}

/* [*lo, *hi) of t->by_place: the symbols at (shndx, value). */
void sc_syms_by_place(const symtab *t, uint32_t shndx, uint64_t value, size_t *lo, size_t *hi) {
  size_t a = 0, b = t->nplace;
  while (a < b) {
    size_t m = a + (b - a) / 2;
    const xsym *x = &t->s[t->by_place[m]];
    if (x->shndx < shndx || (x->shndx == shndx && x->value < value))
      a = m + 1;
    else
      b = m;
  }
  *lo = a;
  while (a < t->nplace && t->s[t->by_place[a]].shndx == shndx && t->s[t->by_place[a]].value == value)
    a++;
  *hi = a;
}

const char *sc_section_name(Elf *elf, uint32_t ndx) {
  size_t shstrndx;
  GElf_Shdr sh;
  Elf_Scn *scn = elf_getscn(elf, ndx);
  if (!scn || !gelf_getshdr(scn, &sh) || elf_getshdrstrndx(elf, &shstrndx) != 0)
    return "?";
  const char *n = elf_strptr(elf, shstrndx, sh.sh_name);
  return n ? n : "?";
}

