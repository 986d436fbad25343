/* SPDX-License-Identifier: MIT */
/* audit_object.c - what one ELF object carries and who can read it: its
 * unwinding sections' sizes, its .sframe judged by the oracle and by each
 * generation of the kernel's reader, the readers the suite measured that
 * read its version and ABI, and, without .sframe, what --gsframe would give
 * (sfcfi's conversion of its CFI to version 3, whose rules leave out what
 * SFrame cannot say). */
#include <elf.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "audit_object.h"
#include "sc_cfi.h"
#include "sc_elf.h"
#include "sframe_enc.h"
#include "sframe_ddprof.h"
#include "sframe_kernel.h"
#include "sframe_ref.h"

/* The sizes of the unwinding sections, by name. */
static void section_sizes(Elf *elf, au_sizes *s) {
  size_t shstrndx;
  memset(s, 0, sizeof *s);
  if (elf_getshdrstrndx(elf, &shstrndx) != 0)
    return;
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn));) {
    GElf_Shdr sh;
    const char *n;
    if (!gelf_getshdr(scn, &sh) || !(n = elf_strptr(elf, shstrndx, sh.sh_name)))
      continue;
    if (!strcmp(n, ".sframe")) {
      s->sframe += sh.sh_size;
      if (s->sframe_sections++ == 0)
        s->sframe_type = sh.sh_type;
    }
    else if (!strcmp(n, ".eh_frame"))
      s->eh_frame += sh.sh_size;
    else if (!strcmp(n, ".eh_frame_hdr"))
      s->eh_frame_hdr += sh.sh_size;
    else if (!strcmp(n, ".debug_frame"))
      s->debug_frame += sh.sh_size;
  }
}

/* Is there a PT_GNU_SFRAME program header? */
static int sframe_segment_of(Elf *elf, GElf_Phdr *out) {
  size_t n;
  if (elf_getphdrnum(elf, &n) != 0)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (gelf_getphdr(elf, (int)i, out) && out->p_type == PT_GNU_SFRAME)
      return 1;
  return 0;
}

static int sframe_segment(Elf *elf) {
  GElf_Phdr ph;
  return sframe_segment_of(elf, &ph);
}

/* The SFrame headers found one after another in bytes[0, len): a section
 * (v3 section 3; v2 section 2.1) ends where its FRE sub-section does, so
 * a second header there is another input's section, written end to end by
 * a linker that does not merge (SPEC-NOTES N43).  The next one is looked
 * for at the end and at the next 8-byte boundary (the sections' alignment). */
static unsigned count_headers(const uint8_t *b, size_t len) {
  unsigned n = 0;
  size_t off = 0;
  while (off + SFR_HEADER_SIZE <= len) {
    uint64_t end;
    if (sfr_section_extent(b + off, len - off, &end) != SFR_OK) {
      size_t al = (off + 7u) & ~(size_t)7u;
      if (al == off || al + SFR_HEADER_SIZE > len)
        break;
      off = al;
      continue;
    }
    n++;
    if (end > len - off)
      break;
    off += (size_t)end;
  }
  return n;
}

/* The oracle's verdict: the worst class found, and the findings' names
 * (the first few); sfr_class. */
static void verdict_of(au_object *o, const sfr_report *rep, size_t kept) {
  size_t used = 0;
  o->nfindings = rep->count;
  o->verdict = rep->by_class[SFR_CLASS_MALFORMED]  ? SFR_CLASS_MALFORMED
               : rep->by_class[SFR_CLASS_INVALID] ? SFR_CLASS_INVALID
               : rep->count                       ? SFR_CLASS_QUESTIONABLE
                                                  : 0;
  for (size_t i = 0; i < rep->count && i < kept; i++) {
    int w = snprintf(o->findings + used, sizeof o->findings - used, "%s%s", i ? "," : "",
                     sfr_finding_name(rep->items[i].id));
    if (w < 0 || (size_t)w >= sizeof o->findings - used)
      break;
    used += (size_t)w;
  }
}

/* The .sframe validated once: its verdict and findings, then, when the
 * oracle does not reject it, the same opened section held against the
 * object's own CFI (sfcfi check).  A section whose header cannot even be
 * opened is validated for its findings alone. */
static void judge_sframe(au_object *o, const sc_elf *e) {
  sc_sframe sf;
  char err[160];
  o->has_sframe = 1;
  o->headers = count_headers(e->sframe, e->sframe_len);
  if (sc_sframe_open(&sf, e->sframe, e->sframe_len, e->sframe_vma, err, sizeof err) == 0) {
    o->version = sf.sec.version;
    o->flags = sf.sec.flags;
    o->functions = sf.sec.num_fdes;
    verdict_of(o, &sf.rep, sizeof sf.items / sizeof *sf.items);
    if (o->verdict != SFR_CLASS_MALFORMED && o->verdict != SFR_CLASS_INVALID)
      o->checked = sc_check_sframe(e, &sf, &o->check, o->check_error, sizeof o->check_error) == 0;
    sc_sframe_close(&sf);
    return;
  }
  enum { KEEP = 8 };
  sfr_section sec;
  sfr_finding items[KEEP];
  sfr_report rep = {items, KEEP, 0, {0, 0, 0, 0}};
  sfr_validate(&sec, e->sframe, e->sframe_len, e->sframe_vma, &rep);
  o->version = sec.version;
  o->flags = sec.flags;
  o->functions = sec.num_fdes;
  verdict_of(o, &rep, KEEP);
}

/* Each kernel generation that unwinds the ABI: does it register the
 * section of this program or shared object (text: its executable part)? */
static void judge_kernels(au_object *o, const sc_elf *e) {
  for (int g = 0; g < SFK_GEN_NUM; g++) {
    sfk_finding items[4];
    sfk_report rep = {items, 4, 0, 0};
    sfk_options opt = {(sfk_gen)g, e->text_hi > e->text_lo, e->text_lo, e->text_hi, 0};
    if (!sfk_gen_abi_enabled((sfk_gen)g, e->abi))
      continue;
    o->kernels++;
    sfk_check(e->sframe, e->sframe_len, e->sframe_vma, &opt, &rep);
    if (rep.refusals == 0) {
      o->kernels_ok++;
      continue;
    }
    o->kernel.gens |= 1u << g;
    for (size_t i = 0; i < rep.count && i < 4; i++)
      if (sfk_rule_refuses(items[i].id, (sfk_gen)g)) {
        o->kernel.rule[g] = (uint16_t)items[i].id;
        break;
      }
  }
}

void au_refusals_str(const au_refusals *r, char *buf, size_t cap) {
  size_t used = 0;
  snprintf(buf, cap, "-");
  for (int g = 0; g < SFK_GEN_NUM; g++)
    if (r->gens >> g & 1u) {
      int w = snprintf(buf + used, cap - used, "%s%s: %s", used ? "; " : "", sfk_gen_get((sfk_gen)g)->name,
                       r->rule[g] ? sfk_rule_name((sfk_id)r->rule[g]) : "-");
      if (w < 0 || (size_t)w >= cap - used)
        return;
      used += (size_t)w;
    }
}

int au_refusals_parse(const char *s, au_refusals *r, char *err, size_t errlen) {
  memset(r, 0, sizeof *r);
  if (!strcmp(s, "-"))
    return 0;
  for (const char *p = s; *p;) {
    char gen[48], rule[64];
    size_t n = strcspn(p, ";"), c = strcspn(p, ":");
    int g;
    sfk_id k;
    if (c >= n || c >= sizeof gen || n - c - 2 >= sizeof rule || p[c + 1] != ' ') {
      snprintf(err, errlen, "'%.*s': wants GENERATION: RULE", (int)n, p);
      return -1;
    }
    snprintf(gen, sizeof gen, "%.*s", (int)c, p);
    snprintf(rule, sizeof rule, "%.*s", (int)(n - c - 2), p + c + 2);
    if ((g = sfk_gen_by_name(gen)) < 0 || (k = sfk_rule_by_name(rule)) == SFK_OK) {
      snprintf(err, errlen, "'%s: %s': no such kernel generation or rule", gen, rule);
      return -1;
    }
    r->gens |= 1u << g;
    r->rule[g] = (uint16_t)k;
    p += n;
    if (*p == ';' && p[1] == ' ')
      p += 2;
    else if (*p) {
      snprintf(err, errlen, "'%s': refusals are separated by '; '", s);
      return -1;
    }
  }
  return 0;
}

/* Without .sframe: the CFI converted to version 3 as gas's --gsframe
 * would write it (sfcfi convert's rules), counted by what is left out. */
static void judge_gsframe(au_object *o, const sc_elf *e) {
  sc_cfi cfi;
  sfe_section sec;
  if (!e->has_eh_frame && !e->has_debug_frame)
    return;
  if (sc_cfi_read(e, 0, &cfi, o->gs_error, sizeof o->gs_error) != 0)
    return;
  if (sc_convert(e, &cfi, SFR_VERSION_MAX, e->sframe_vma, &sec, &o->gs, o->gs_error,
                 sizeof o->gs_error) == 0) {
    o->gsframe_done = 1;
    o->gs_bytes = sec.len;
    sfe_section_free(&sec);
  }
  sc_cfi_free(&cfi);
}

/* Where an ELF image ends too soon: 0 when its header, its program and
 * section header tables and its sections' bytes (but SHT_NOBITS) lie
 * inside bytes[0, len); else 1, with why.  An image libelf cannot read at
 * all is left to sfcfi's reader to name. */
static int truncated(const uint8_t *b, size_t len, char *why, size_t n) {
  size_t ehsize = len > EI_CLASS && b[EI_CLASS] == ELFCLASS32 ? sizeof(Elf32_Ehdr) : sizeof(Elf64_Ehdr);
  GElf_Ehdr eh;
  Elf *elf;
  uint64_t need = 0;
  char what[120] = "";
  if (len < ehsize) {
    snprintf(why, n, "truncated: the file ends at byte %zu, inside the ELF header (%zu bytes)", len, ehsize);
    return 1;
  }
  if (!(elf = elf_memory((char *)b, len))) /* read only: libelf does not write it */
    return 0;
  if (!gelf_getehdr(elf, &eh)) {
    elf_end(elf);
    return 0;
  }
  if (eh.e_phnum && (eh.e_phoff > len || (uint64_t)eh.e_phnum * eh.e_phentsize > len - eh.e_phoff)) {
    need = eh.e_phoff > len ? eh.e_phoff : eh.e_phoff + (uint64_t)eh.e_phnum * eh.e_phentsize;
    snprintf(what, sizeof what, "its program headers reach");
  } else if (eh.e_shoff && (eh.e_shoff > len || (uint64_t)(eh.e_shnum ? eh.e_shnum : 1) * eh.e_shentsize >
                                                     len - eh.e_shoff)) {
    need = eh.e_shoff > len ? eh.e_shoff : eh.e_shoff + (uint64_t)(eh.e_shnum ? eh.e_shnum : 1) * eh.e_shentsize;
    snprintf(what, sizeof what, "its section headers reach");
  } else {
    size_t shstrndx = 0;
    (void)elf_getshdrstrndx(elf, &shstrndx);
    for (Elf_Scn *scn = NULL; !need && (scn = elf_nextscn(elf, scn));) {
      GElf_Shdr sh;
      const char *name;
      if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS || !sh.sh_size ||
          (sh.sh_offset <= len && sh.sh_size <= len - sh.sh_offset))
        continue;
      need = sh.sh_offset > len ? sh.sh_offset : sh.sh_offset + sh.sh_size;
      name = shstrndx ? elf_strptr(elf, shstrndx, sh.sh_name) : NULL;
      snprintf(what, sizeof what, "section %zu (%.60s) reaches", elf_ndxscn(scn), name ? name : "no name");
    }
  }
  elf_end(elf);
  if (!need)
    return 0;
  /* (the result is looked at so that gcc's -Wformat-truncation, which the
   * fuzz replay's build raises, knows a cut message is meant: the reason
   * still starts with "truncated" and the end of the file) */
  if (snprintf(why, n, "truncated: the file ends at byte %zu, %s byte %llu", len, what,
               (unsigned long long)need) < 0 && n)
    why[0] = '\0';
  return 1;
}

/* Whether DataDog's profiler, as modelled, uses the program's SFrame: it
 * reads the PT_GNU_SFRAME segment of a loaded image (an object, or a
 * program without that segment, never reaches it). */
static int ddprof_uses(const uint8_t *bytes, size_t len, const sc_elf *e, sfd_gen g) {
  GElf_Phdr ph;
  sfd_table t;
  uint64_t off, size;
  memset(&t, 0, sizeof t);
  if (e->type == ET_REL || !sframe_segment_of(e->elf, &ph))
    return 0;
  off = ph.p_offset < len ? ph.p_offset : len;
  size = ph.p_filesz <= len - off ? ph.p_filesz : len - off;
  t.cap = sfd_rows_bound(size);
  if (!(t.rows = malloc(t.cap * sizeof *t.rows)))
    return 0;
  sfd_parse(bytes + off, size, ph.p_vaddr, g, &t);
  free(t.rows);
  return t.accepted;
}

void au_object_judge(au_object *o, const uint8_t *bytes, size_t len, const au_readers *rd) {
  sc_elf e;
  int elf_magic = len >= SELFMAG && !memcmp(bytes, ELFMAG, SELFMAG);
  if (elf_magic && truncated(bytes, len, o->error, sizeof o->error)) {
    o->skipped = AU_SKIP_TRUNCATED;
    return;
  }
  if (sc_elf_open_mem(&e, bytes, len, o->path, o->error, sizeof o->error) != 0) {
    o->skipped = elf_magic ? AU_SKIP_FOREIGN : AU_SKIP_NOT_ELF;
    return;
  }
  o->elf_ok = 1;
  o->type = e.type;
  o->machine = e.machine;
  o->abi = e.abi;
  section_sizes(e.elf, &o->sizes);
  o->sizes.sframe_phdr = sframe_segment(e.elf);
  if (e.sframe) {
    judge_sframe(o, &e);
    if (e.type != ET_REL)
      judge_kernels(o, &e);
    /* a reader reads a version and ABI it knows (a malformed header may
     * name any byte); a reader modelled from its code says itself */
    for (size_t i = 0; i < rd->n && sfr_version_known(o->version) && o->abi < 32; i++)
      if (rd->r[i].model ? ddprof_uses(bytes, len, &e, (sfd_gen)(rd->r[i].model - 1))
                               : (rd->r[i].versions >> o->version & 1u) && (rd->r[i].abis >> o->abi & 1u))
        o->readers_ok |= 1u << i;
  } else {
    judge_gsframe(o, &e);
  }
  sc_elf_close(&e);
}
