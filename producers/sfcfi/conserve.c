/* SPDX-License-Identifier: MIT */
/* conserve.c - `sfcfi conserve OUTPUT INPUT.o...`: a linker judged by what
 * it did with the SFrame of its inputs.
 *
 * Every function of every input object's .sframe must be in the linked
 * output's .sframe, moved to where its code went and equal by meaning,
 * unless the linker dropped the code.  For each FDE of an input (an ET_REL
 * object, the output of `ld -r` too, whose .sframe may be several sections
 * one after the other, as ld 2.40 -r writes it):
 *
 *   - where it starts: the relocation on its start field names a symbol
 *     and an addend, so an input section and an offset in it;
 *   - which function that is: the symbol of the input's .symtab defined
 *     there (STT_FUNC, else STT_NOTYPE; aliases tried in turn);
 *   - where that went: the output's .symtab, a global by its name (or as
 *     a local, for a hidden symbol the link made local), a local by its
 *     name among the locals following the same STT_FILE name, then by size;
 *   - whether it came through: the input's readings over the function's
 *     addresses against the output's at the same addresses moved to the
 *     symbol's new place, compared as `sfcfi diff` compares (diff.c's
 *     sc_compare_span), across versions.
 *
 * Classes: kept (equal everywhere), differs (the first different address
 * and both readings), missing (the symbol is in the output but no output
 * FDE covers the code: the linker lost the row), dropped-code (the symbol
 * is not in the output: --gc-sections, a discarded COMDAT copy; not an
 * error), unmapped (no symbol at the start, an ambiguous one, a weak
 * definition overridden: said why).  Output FDEs no input function claimed
 * are linker-made (a PLT, or functions of objects not named), listed with
 * the output section they start in.  The output's SORTED flag is held to
 * its FDE order, and its PCREL flag to the symbols: when the other reading
 * of the start fields lands on more function symbols than the flag's, the
 * flag is wrong (flag-pcrel-wrong).
 *
 * Exit 0 when nothing differs, is missing or unmapped, no flag is wrong
 * and the output's section is valid; 1 otherwise, and when there was no
 * input function at all; 2 for usage and input errors (an unreadable file,
 * an input that is not relocatable, an invalid input .sframe, an output
 * without a symbol table). */
#include "sc_conserve.h"
#include "sc_diff.h"
#include "sc_elf.h"
#include "sc_symtab.h"
#include "conserve_state.h"

#include <elf.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *const sc_conserve_class[K_COUNT] = {"kept", "differs", "missing", "dropped-code", "unmapped"};

static void note(state *s, const char *fmt, ...) SC_PRINTF(2, 3);
static void note(state *s, const char *fmt, ...) {
  if (s->nnotes >= sizeof s->notes / sizeof s->notes[0])
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->notes[s->nnotes++], sizeof s->notes[0], fmt, ap);
  va_end(ap);
}

static void problem_add(state *s, const char *flag, const char *fmt, ...) SC_PRINTF(3, 4);
static void problem_add(state *s, const char *flag, const char *fmt, ...) {
  if (s->nprobs >= sizeof s->probs / sizeof s->probs[0])
    return;
  problem *p = &s->probs[s->nprobs++];
  p->flag = flag;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->detail, sizeof p->detail, fmt, ap);
  va_end(ap);
}

static int rel_cmp(const void *a, const void *b) {
  const rel *x = a, *y = b;
  return x->off < y->off ? -1 : x->off > y->off;
}

/* The .sframe section of e (the one elfin took), or NULL. */
static Elf_Scn *sframe_scn(const sc_elf *e) {
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e->elf, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    if (d && d->d_buf == e->sframe && d->d_size == e->sframe_len)
      return scn;
  }
  return NULL;
}

/* The relocations of in's .sframe, sorted by offset. */
static int load_rels(input *in, char *err, size_t errlen) {
  Elf_Scn *sf = sframe_scn(&in->e);
  if (!sf)
    return 0;
  size_t sfndx = elf_ndxscn(sf);
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(in->e.elf, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL) || sh.sh_info != sfndx ||
        !sh.sh_entsize)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    if (!d)
      return sc_fail(err, errlen, "the relocations of .sframe: cannot read them: %s", elf_errmsg(-1));
    size_t n = sh.sh_size / sh.sh_entsize;
    if (sh.sh_type == SHT_REL)
      in->rel_is_rel = 1;
    for (size_t j = 0; j < n; j++) {
      GElf_Rela r;
      if (sh.sh_type == SHT_RELA) {
        if (!gelf_getrela(d, (int)j, &r))
          continue;
      } else {
        GElf_Rel rr;
        if (!gelf_getrel(d, (int)j, &rr))
          continue;
        r.r_offset = rr.r_offset;
        r.r_info = rr.r_info;
        r.r_addend = 0;
      }
      if (sc_grow((void **)&in->rels, &in->relcap, in->nrels + 1, sizeof *in->rels) != 0)
        return sc_fail(err, errlen, "out of memory");
      rel *x = &in->rels[in->nrels++];
      x->off = r.r_offset;
      x->sym = in->e.elfclass == ELFCLASS64 ? GELF_R_SYM(r.r_info) : ELF32_R_SYM(r.r_info);
      x->addend = r.r_addend;
    }
  }
  qsort(in->rels, in->nrels, sizeof *in->rels, rel_cmp);
  return 0;
}

static const rel *find_rel(const input *in, uint64_t off) {
  size_t a = 0, b = in->nrels;
  while (a < b) {
    size_t m = a + (b - a) / 2;
    if (in->rels[m].off < off)
      a = m + 1;
    else
      b = m;
  }
  return a < in->nrels && in->rels[a].off == off ? &in->rels[a] : NULL;
}

/* The SFrame sections of in's .sframe: one, or several one after the other
 * (ld 2.40 -r concatenates its inputs' sections, each aligned, between them
 * zero bytes).  0, or -1 with err. */
static int load_subs(input *in, char *err, size_t errlen) {
  const uint8_t *b = in->e.sframe;
  size_t len = in->e.sframe_len, off = 0;
  while (off < len) {
    if (sc_grow((void **)&in->subs, &in->subcap, in->nsubs + 1, sizeof *in->subs) != 0)
      return sc_fail(err, errlen, "out of memory");
    subsec *sub = &in->subs[in->nsubs];
    char e2[200];
    if (sc_sframe_open(&sub->sf, b + off, len - off, in->e.sframe_vma + off, e2, sizeof e2) != 0)
      return sc_fail(err, errlen, ".sframe%s at offset 0x%zx: %s", in->nsubs ? " (a further section)" : "", off, e2);
    uint64_t end = sub->sf.sec.fre_end;
    if (end == 0 || end > len - off) {
      sc_sframe_close(&sub->sf);
      return sc_fail(err, errlen, ".sframe at offset 0x%zx: its sub-sections run past the section", off);
    }
    if (end < len - off) { /* another section follows: this one alone */
      sc_sframe_close(&sub->sf);
      if (sc_sframe_open(&sub->sf, b + off, (size_t)end, in->e.sframe_vma + off, e2, sizeof e2) != 0)
        return sc_fail(err, errlen, ".sframe at offset 0x%zx: %s", off, e2);
    }
    sub->off = off;
    in->nsubs++;
    if (sub->sf.rejects) {
      /* relocations off the start fields (ld 2.40 -r merges the sections
       * but leaves the relocations where concatenated sections would have
       * put them): applied, they overwrite other fields */
      size_t stray = 0;
      const sfr_section *h = &sub->sf.sec;
      for (size_t j = 0; j < in->nrels; j++) {
        uint64_t r = in->rels[j].off;
        if (r < off || r - off < h->fde_start || (r - off - h->fde_start) % h->fde_size ||
            (r - off - h->fde_start) / h->fde_size >= h->num_fdes)
          stray++;
      }
      char more[120] = "";
      if (stray && in->nsubs == 1)
        snprintf(more, sizeof more, "; %zu of its %zu relocations are not on an FDE's start field", stray,
                 in->nrels);
      return sc_fail(err, errlen, ".sframe%s at offset 0x%zx is not valid once relocated (%s)%s",
                     in->nsubs > 1 ? " (a further section)" : "", off, sc_sframe_rejection(&sub->sf), more);
    }
    off += (size_t)end;
    while (off < len && b[off] == 0)
      off++;
  }
  return 0;
}

static void input_free(input *in) {
  for (size_t i = 0; i < in->nsubs; i++)
    sc_sframe_close(&in->subs[i].sf);
  free(in->subs);
  free(in->rels);
  sc_symtab_free(&in->st);
  sc_elf_close(&in->e);
}

/* ---- where a function went ---- */
enum { FOUND, NOT_FOUND, AMBIGUOUS };

/* The output's symbol for input symbol x: FOUND (*at), NOT_FOUND or
 * AMBIGUOUS (why). */
static int find_out(const state *s, const xsym *x, size_t *at, char *why, size_t wlen) {
  const symtab *ot = &s->out.st;
  size_t lo, hi;
  sc_syms_by_name(ot, x->name, &lo, &hi);
  size_t c[64], nc = 0;
  int pass_local = x->bind == STB_LOCAL;
  /* a global by its name among the globals; then (a hidden symbol the link
   * made local) among the locals */
  for (int pass = pass_local; pass < 2 && nc == 0; pass++) {
    for (size_t i = lo; i < hi && nc < 64; i++) {
      const xsym *y = &ot->s[ot->by_name[i]];
      if (!sc_sym_is_code(y->type) || !sc_sym_defined(y))
        continue;
      if ((pass == 0) != (y->bind != STB_LOCAL))
        continue;
      c[nc++] = ot->by_name[i];
    }
    if (pass == 1 && x->bind == STB_LOCAL && x->file && nc) {
      /* a local: among those following the same STT_FILE name */
      size_t k = 0;
      for (size_t i = 0; i < nc; i++)
        if (ot->s[c[i]].file && strcmp(ot->s[c[i]].file, x->file) == 0)
          c[k++] = c[i];
      if (k == 0) {
        snprintf(why, wlen, "the output has %zu local symbol%s %s, none after STT_FILE %s", nc,
                 nc == 1 ? "" : "s", x->name, x->file);
        return NOT_FOUND;
      }
      nc = k;
    }
  }
  if (nc == 0)
    return NOT_FOUND;
  if (nc > 1) { /* by size */
    size_t k = 0;
    for (size_t i = 0; i < nc; i++)
      if (ot->s[c[i]].size == x->size)
        c[k++] = c[i];
    if (k)
      nc = k;
  }
  for (size_t i = 1; i < nc; i++)
    if (ot->s[c[i]].addr != ot->s[c[0]].addr) {
      snprintf(why, wlen, "ambiguous: %zu%s output symbols %s%s%s of size %llu at different addresses", nc,
               nc == 64 ? "+" : "", x->name, x->file ? " after STT_FILE " : "", x->file ? x->file : "",
               (unsigned long long)x->size);
      return AMBIGUOUS;
    }
  *at = c[0];
  return FOUND;
}

/* The first output FDE starting exactly at addr, or -1. */
static long fde_at(const output *o, uint64_t addr) {
  size_t k = sc_ranges_below(&o->rs, addr);
  return k < o->rs.n && o->rs.r[k].start == addr ? (long)o->rs.r[k].index : -1;
}

/* Compares the item's function with the output at out_start. */
static void judge(state *s, citem *it) {
  const output *o = &s->out;
  if (!o->usable) {
    it->cls = K_MISSING;
    snprintf(it->reason, sizeof it->reason, "%s", o->why);
    return;
  }
  const sfr_section *a = &s->in[it->input].subs[it->sub].sf.sec;
  sfr_fde f;
  if (sfr_get_fde(a, it->fde, &f) != SFR_OK) { /* validated: not reached */
    it->cls = K_UNMAPPED;
    snprintf(it->reason, sizeof it->reason, "the input FDE cannot be read");
    return;
  }
  if (f.size == 0) {
    if (fde_at(o, it->out_start) >= 0) {
      it->cls = K_KEPT;
    } else {
      it->cls = K_MISSING;
      snprintf(it->reason, sizeof it->reason, "no output FDE starts at 0x%llx (a function of size 0)",
               (unsigned long long)it->out_start);
    }
    return;
  }
  uint64_t delta = it->out_start - f.start;
  if (sc_compare_span(a, it->fde, &o->sf.sec, &o->rs, delta, &it->sp) != 0) {
    s->oom = 1;
    return;
  }
  if (it->sp.pieces && it->sp.uncovered == it->sp.pieces) {
    it->cls = K_MISSING;
    snprintf(it->reason, sizeof it->reason, "no output FDE covers 0x%llx-0x%llx",
             (unsigned long long)it->out_start, (unsigned long long)(it->out_start + f.size));
  } else if (it->sp.different) {
    it->cls = K_DIFFERS;
    snprintf(it->reason, sizeof it->reason, "%zu of %zu pieces differ%s", it->sp.different, it->sp.pieces,
             it->sp.uncovered ? ", some in no output FDE" : "");
  } else {
    it->cls = K_KEPT;
  }
}

/* Where input function it's start field points: the section and offset
 * its relocation's symbol gives (1), or 0 with it->reason set. */
static int start_place(const input *in, size_t k, citem *it, uint32_t *shndx, uint64_t *off) {
  const sfr_section *sec = &in->subs[k].sf.sec;
  sfr_fde f;
  if (sfr_get_fde(sec, it->fde, &f) != SFR_OK) {
    snprintf(it->reason, sizeof it->reason, "FDE %u cannot be read", it->fde);
    return 0;
  }
  it->size = f.size;
  it->rows = f.num_fres;
  it->in_start = f.start;
  uint64_t field = in->subs[k].off + f.field_offset;
  if (in->rel_is_rel) {
    snprintf(it->reason, sizeof it->reason, "the .sframe's relocations are REL (addends not kept)");
    return 0;
  }
  const rel *r = find_rel(in, field);
  if (!r) {
    snprintf(it->reason, sizeof it->reason, "no relocation on the start field (.sframe offset 0x%llx)",
             (unsigned long long)field);
    return 0;
  }
  if (r->sym >= in->st.n) {
    snprintf(it->reason, sizeof it->reason, "the start field's relocation names symbol %zu, not in .symtab",
             r->sym);
    return 0;
  }
  const xsym *rs = &in->st.s[r->sym];
  if (!sc_sym_defined(rs)) {
    snprintf(it->reason, sizeof it->reason, "the start field is relocated against %s symbol %s",
             rs->shndx == SHN_UNDEF ? "undefined" : "absolute or common", rs->name[0] ? rs->name : "(unnamed)");
    return 0;
  }
  *shndx = rs->shndx;
  *off = rs->value + (uint64_t)r->addend;
  return 1;
}

/* The named symbols defined at off of section shndx, best first: STT_FUNC
 * then STT_NOTYPE; globals, weak ones, locals.  Their count (at most 16);
 * *any_sym says whether any symbol at all is there. */
static size_t candidates(const input *in, uint32_t shndx, uint64_t off, size_t cand[16], int *any_sym) {
  size_t lo, hi, nc = 0;
  sc_syms_by_place(&in->st, shndx, off, &lo, &hi);
  *any_sym = hi > lo;
  for (int pass = 0; pass < 6 && nc < 16; pass++) {
    int want_func = pass < 3;
    uint8_t want_bind = (uint8_t)(pass % 3 == 0 ? STB_GLOBAL : pass % 3 == 1 ? STB_WEAK : STB_LOCAL);
    for (size_t j = lo; j < hi && nc < 16; j++) {
      const xsym *x = &in->st.s[in->st.by_place[j]];
      int func = x->type == STT_FUNC || x->type == STT_GNU_IFUNC;
      if (!x->name[0] || (want_func ? !func : x->type != STT_NOTYPE))
        continue;
      uint8_t b = x->bind == STB_GNU_UNIQUE ? STB_GLOBAL : x->bind;
      if (b == want_bind)
        cand[nc++] = in->st.by_place[j];
    }
  }
  return nc;
}

/* The output's symbol for it: the first alias found there, judged; else
 * why none is, as the first candidate says. */
static void find_in_output(state *s, const input *in, citem *it, const size_t *cand, size_t nc) {
  int first_res = NOT_FOUND;
  char first_why[200] = "";
  for (size_t j = 0; j < nc; j++) {
    const xsym *x = &in->st.s[cand[j]];
    size_t at;
    char why[200] = "";
    int res = find_out(s, x, &at, why, sizeof why);
    if (res == FOUND) {
      it->name = x->name;
      it->bind = x->bind;
      it->out_sym = at;
      it->out_start = s->out.st.s[at].addr;
      judge(s, it);
      return;
    }
    if (j == 0) {
      first_res = res;
      snprintf(first_why, sizeof first_why, "%s", why);
    }
  }
  const xsym *x = &in->st.s[cand[0]];
  it->name = x->name;
  it->bind = x->bind;
  if (first_res == AMBIGUOUS) {
    snprintf(it->reason, sizeof it->reason, "%s", first_why);
  } else if (x->bind == STB_LOCAL && s->out.st.local_funcs == 0 &&
             !(x->file ? sc_symtab_has_file(&s->out.st, x->file) : s->out.st.nfiles > 0)) {
    /* the file's locals are not there at all: dropped, or discarded by -x */
    snprintf(it->reason, sizeof it->reason,
             "a local symbol, and the output keeps no local function symbol and no STT_FILE %s "
             "(linked with -x or --discard-all?)", x->file ? x->file : "at all");
  } else {
    it->cls = K_DROPPED;
    snprintf(it->reason, sizeof it->reason, "%s%snot in the output's symbol table%s", first_why,
             first_why[0] ? ": " : "", it->group ? " (a COMDAT group's section)" : "");
  }
}

/* One input function: FDE i of sub-section k of input n. */
static void map_fde(state *s, size_t n, size_t k, uint32_t i) {
  input *in = &s->in[n];
  uint32_t shndx;
  uint64_t off;
  size_t cand[16], nc;
  int any_sym;
  if (sc_grow((void **)&s->items, &s->icap, s->nitems + 1, sizeof *s->items) != 0) {
    s->oom = 1;
    return;
  }
  citem *it = &s->items[s->nitems++];
  memset(it, 0, sizeof *it);
  it->input = n;
  it->sub = k;
  it->fde = i;
  it->name = "";
  it->secname = "";
  it->out_sym = NO_SYM;
  it->cls = K_UNMAPPED;
  if (!start_place(in, k, it, &shndx, &off))
    return;
  it->secname = sc_section_name(in->e.elf, shndx);
  it->secoff = off;
  GElf_Shdr sh;
  Elf_Scn *scn = elf_getscn(in->e.elf, shndx);
  if (scn && gelf_getshdr(scn, &sh)) {
    it->in_start = sh.sh_addr + off;
    it->group = (sh.sh_flags & SHF_GROUP) != 0;
  }
  nc = candidates(in, shndx, off, cand, &any_sym);
  if (nc == 0) {
    snprintf(it->reason, sizeof it->reason, "no function symbol at %s+0x%llx%s", it->secname,
             (unsigned long long)off, any_sym ? " (only a section or object symbol)" : "");
    return;
  }
  find_in_output(s, in, it, cand, nc);
}

/* Several input functions found at one output symbol: one of them is it. */
static int claim_cmp(const void *a, const void *b, const citem *items) {
  const citem *x = &items[*(const size_t *)a], *y = &items[*(const size_t *)b];
  if (x->out_sym != y->out_sym)
    return x->out_sym < y->out_sym ? -1 : 1;
  return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}
static const citem *claim_items;
static int claim_cmp_q(const void *a, const void *b) { return claim_cmp(a, b, claim_items); }

static void settle_claims(state *s) {
  size_t *ix = malloc((s->nitems ? s->nitems : 1) * sizeof *ix), n = 0;
  if (!ix) {
    s->oom = 1;
    return;
  }
  for (size_t i = 0; i < s->nitems; i++)
    if (s->items[i].out_sym != NO_SYM)
      ix[n++] = i;
  claim_items = s->items;
  qsort(ix, n, sizeof *ix, claim_cmp_q);
  claim_items = NULL;
  for (size_t a = 0; a < n;) {
    size_t b = a + 1;
    while (b < n && s->items[ix[b]].out_sym == s->items[ix[a]].out_sym)
      b++;
    if (b - a > 1) {
      /* the winner: the one strong global; else the first (ld keeps the
       * first of COMDAT copies and of weak definitions) */
      size_t win = ix[a], strong = 0;
      int all_group = 1, all_local = 1;
      for (size_t j = a; j < b; j++) {
        const citem *c = &s->items[ix[j]];
        if (c->bind == STB_GLOBAL || c->bind == STB_GNU_UNIQUE) {
          if (!strong++)
            win = ix[j];
        }
        all_group &= c->group;
        all_local &= c->bind == STB_LOCAL;
      }
      const citem *w = &s->items[win];
      for (size_t j = a; j < b; j++) {
        citem *c = &s->items[ix[j]];
        if (all_local) {
          c->cls = K_UNMAPPED;
          snprintf(c->reason, sizeof c->reason,
                   "ambiguous: the output's one local %s (0x%llx) is found for %zu input functions", c->name,
                   (unsigned long long)c->out_start, b - a);
          continue;
        }
        if (ix[j] == win)
          continue;
        const char *wpath = s->in[w->input].path;
        if (all_group) {
          c->cls = K_DROPPED;
          snprintf(c->reason, sizeof c->reason, "a COMDAT copy: the output's %s is %s's", c->name, wpath);
        } else if (c->bind == STB_WEAK) {
          c->cls = K_UNMAPPED;
          snprintf(c->reason, sizeof c->reason,
                   "a weak definition the link did not choose (the output's %s is %s's): its code has no "
                   "symbol in the output",
                   c->name, wpath);
        } else {
          c->cls = K_UNMAPPED;
          snprintf(c->reason, sizeof c->reason, "the output's %s is also found for %s's", c->name, wpath);
        }
        memset(&c->sp, 0, sizeof c->sp);
      }
    }
    a = b;
  }
  free(ix);
}

/* ---- the output ---- */
static int ofunc_cmp(const void *a, const void *b) {
  const struct ofunc *x = a, *y = b;
  if (x->addr != y->addr)
    return x->addr < y->addr ? -1 : 1;
  return strcmp(x->name, y->name);
}

/* The output's function symbol starting at addr, or NULL. */
static const char *func_at(const output *o, uint64_t addr) {
  size_t a = 0, b = o->nfuncs;
  while (a < b) {
    size_t m = a + (b - a) / 2;
    if (o->funcs[m].addr < addr)
      a = m + 1;
    else
      b = m;
  }
  return a < o->nfuncs && o->funcs[a].addr == addr ? o->funcs[a].name : NULL;
}
static int is_func_addr(const output *o, uint64_t addr) { return func_at(o, addr) != NULL; }

/* The output section holding addr (allocated, not empty; code first). */
static const char *out_section(const output *o, uint64_t addr) {
  const char *best = "";
  int best_x = -1;
  size_t shstrndx;
  if (elf_getshdrstrndx(o->e.elf, &shstrndx) != 0)
    return "";
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(o->e.elf, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC) || addr < sh.sh_addr ||
        addr - sh.sh_addr >= sh.sh_size)
      continue;
    int x = (sh.sh_flags & SHF_EXECINSTR) != 0;
    if (x > best_x) {
      const char *n = elf_strptr(o->e.elf, shstrndx, sh.sh_name);
      best = n ? n : "";
      best_x = x;
    }
  }
  return best;
}

static const char *plt_kind(const char *sec) {
  if (strcmp(sec, ".plt") == 0)
    return "plt";
  if (strcmp(sec, ".plt.sec") == 0)
    return "plt.sec";
  if (strcmp(sec, ".plt.got") == 0)
    return "plt.got";
  if (strcmp(sec, ".iplt") == 0)
    return "iplt";
  return "other";
}

/* The flags, true of the bytes?  The SORTED flag is held to the order of
 * the starts as the PCREL flag reads them, or as the other reading does
 * when that is the one the symbols bear out. */
static void check_flags(state *s) {
  output *o = &s->out;
  const sfr_section *sec = &o->sf.sec;
  size_t n_flag = 0, n_other = 0, unsorted_at[2] = {0, 0};
  int sorted[2] = {1, 1}, have_prev = 0;
  uint64_t prev[2] = {0, 0};
  int pcrel = sfr_has_pcrel_flag(sec->version) && (sec->flags & SFR_F_FDE_FUNC_START_PCREL);
  for (uint32_t i = 0; i < sec->num_fdes; i++) {
    sfr_fde f;
    if (sfr_get_fde(sec, i, &f) != SFR_OK)
      continue;
    uint64_t field = sec->vma + f.field_offset;
    uint64_t start[2] = {f.start, pcrel ? sec->vma + (uint64_t)f.raw_start : field + (uint64_t)f.raw_start};
    n_flag += is_func_addr(o, start[0]);
    n_other += is_func_addr(o, start[1]);
    for (int k = 0; k < 2; k++) {
      if (have_prev && start[k] < prev[k] && sorted[k]) {
        sorted[k] = 0;
        unsorted_at[k] = i;
      }
      prev[k] = start[k];
    }
    have_prev = 1;
  }
  int k = 0;
  if (n_other > n_flag) {
    problem_add(s, "flag-pcrel-wrong",
                "the start fields read %s (the flag %s) land on %zu function symbols, read %s on %zu",
                pcrel ? "from the section" : "from the fields themselves",
                !sfr_has_pcrel_flag(sec->version) ? "does not exist in version 1" : pcrel ? "set" : "clear", n_other,
                pcrel ? "from the fields themselves" : "from the section", n_flag);
    k = 1;
  }
  if ((sec->flags & SFR_F_FDE_SORTED) && !sorted[k])
    problem_add(s, "flag-sorted-wrong", "the SORTED flag is set, but FDE %zu starts below FDE %zu%s",
                unsorted_at[k], unsorted_at[k] - 1, k ? " (the starts read as the symbols say)" : "");
  else if (!(sec->flags & SFR_F_FDE_SORTED) && sorted[k] && sec->num_fdes > 1)
    note(s, "flag-sorted-clear: the FDEs are sorted by start but the SORTED flag is clear");
}

static int open_output(state *s, FILE *errf) {
  output *o = &s->out;
  char err[256];
  o->path = s->o->output;
  if (sc_elf_open(&o->e, o->path, err, sizeof err) != 0) {
    fprintf(errf, "sfcfi: %s: %s\n", o->path, err);
    return 2;
  }
  if (sc_symtab_load(&o->e, &o->st, err, sizeof err) != 0) {
    fprintf(errf, "sfcfi: %s: %s\n", o->path, err);
    return 2;
  }
  if (!o->st.present) {
    fprintf(errf, "sfcfi: %s: no symbol table (.symtab; stripped?): conserve finds each input function "
                  "in the output by its symbol\n", o->path);
    return 2;
  }
  size_t cap = 0;
  for (size_t i = 1; i < o->st.n; i++) {
    const xsym *x = &o->st.s[i];
    if ((x->type != STT_FUNC && x->type != STT_GNU_IFUNC) || !sc_sym_defined(x))
      continue;
    if (sc_grow((void **)&o->funcs, &cap, o->nfuncs + 1, sizeof *o->funcs) != 0) {
      fprintf(errf, "sfcfi: out of memory\n");
      return 2;
    }
    o->funcs[o->nfuncs].addr = x->addr;
    o->funcs[o->nfuncs++].name = x->name;
  }
  qsort(o->funcs, o->nfuncs, sizeof *o->funcs, ofunc_cmp);
  if (!o->e.sframe) {
    o->why = "the output has no .sframe";
    return 0;
  }
  if (sc_sframe_open(&o->sf, o->e.sframe, o->e.sframe_len, o->e.sframe_vma, err, sizeof err) != 0) {
    snprintf(o->whybuf, sizeof o->whybuf, "the output's .sframe cannot be read: %s", err);
    o->why = o->whybuf;
    return 0;
  }
  o->usable = 1;
  if (sc_ranges_load(&o->rs, &o->sf.sec) != 0 ||
      !(o->matched = calloc(o->sf.sec.num_fdes ? o->sf.sec.num_fdes : 1, 1))) {
    fprintf(errf, "sfcfi: out of memory\n");
    return 2;
  }
  return 0;
}

static int open_inputs(state *s, FILE *errf) {
  char err[256];
  s->in = calloc(s->o->ninputs ? s->o->ninputs : 1, sizeof *s->in);
  if (!s->in) {
    fprintf(errf, "sfcfi: out of memory\n");
    return 2;
  }
  for (size_t n = 0; n < s->o->ninputs; n++) {
    input *in = &s->in[n];
    in->path = s->o->inputs[n];
    s->nin = n + 1;
    if (sc_elf_open(&in->e, in->path, err, sizeof err) != 0) {
      fprintf(errf, "sfcfi: %s: %s\n", in->path, err);
      return 2;
    }
    if (in->e.type != ET_REL) {
      fprintf(errf, "sfcfi: %s: not a relocatable object (ET_REL): conserve's inputs are what the linker "
                    "read\n", in->path);
      return 2;
    }
    if (in->e.machine != s->out.e.machine || in->e.big_endian != s->out.e.big_endian) {
      fprintf(errf, "sfcfi: %s is for %s, %s for %s\n", in->path, sfr_abi_name(in->e.abi), s->out.path,
              sfr_abi_name(s->out.e.abi));
      return 2;
    }
    if (!in->e.sframe || in->e.sframe_len == 0)
      continue;
    if (sc_symtab_load(&in->e, &in->st, err, sizeof err) != 0 || load_rels(in, err, sizeof err) != 0 ||
        load_subs(in, err, sizeof err) != 0) {
      fprintf(errf, "sfcfi: %s: %s\n", in->path, err);
      return 2;
    }
    if (in->nsubs > 1)
      note(s, "%s: its .sframe holds %zu SFrame sections one after the other (ld -r concatenated them)",
           in->path, in->nsubs);
  }
  return 0;
}

static void find_linker_made(state *s) {
  output *o = &s->out;
  for (size_t i = 0; i < s->nitems; i++) {
    const citem *it = &s->items[i];
    if (it->cls != K_KEPT && it->cls != K_DIFFERS)
      continue;
    uint64_t lo = it->out_start, hi = it->out_start + (it->size ? it->size : 1);
    size_t k = sc_ranges_below(&o->rs, hi);
    while (k-- > 0 && o->rs.maxend[k] > lo) {
      const sc_range *r = &o->rs.r[k];
      uint64_t e = r->end > r->start ? r->end : r->start + 1;
      if (e > lo && (it->size || r->start == lo))
        o->matched[r->index] = 1;
    }
  }
  for (uint32_t i = 0; i < o->sf.sec.num_fdes; i++) {
    sfr_fde f;
    if (o->matched[i] || sfr_get_fde(&o->sf.sec, i, &f) != SFR_OK)
      continue;
    if (sc_grow((void **)&s->made, &s->mcap, s->nmade + 1, sizeof *s->made) != 0) {
      s->oom = 1;
      return;
    }
    lmade *m = &s->made[s->nmade++];
    m->fde = i;
    m->start = f.start;
    m->size = f.size;
    m->rows = f.num_fres;
    m->section = out_section(o, f.start);
    m->kind = plt_kind(m->section);
    m->func = func_at(o, f.start);
    if (!m->func)
      m->func = "";
  }
}

int sc_conserve(const sc_conserve_opts *o, FILE *out, FILE *errf) {
  state s;
  memset(&s, 0, sizeof s);
  s.o = o;
  int rc = open_output(&s, errf);
  if (rc == 0)
    rc = open_inputs(&s, errf);
  if (rc == 0 && s.out.usable) {
    for (size_t n = 0; n < s.nin && rc == 0; n++)
      for (size_t k = 0; k < s.in[n].nsubs; k++)
        if (s.in[n].subs[k].sf.sec.abi != s.out.sf.sec.abi) {
          fprintf(errf, "sfcfi: %s: its SFrame is for %s, %s's for %s\n", s.in[n].path,
                  sfr_abi_name(s.in[n].subs[k].sf.sec.abi), s.out.path, sfr_abi_name(s.out.sf.sec.abi));
          rc = 2;
          break;
        }
  }
  if (rc == 0) {
    for (size_t n = 0; n < s.nin && !s.oom; n++)
      for (size_t k = 0; k < s.in[n].nsubs && !s.oom; k++)
        for (uint32_t i = 0; i < s.in[n].subs[k].sf.sec.num_fdes && !s.oom; i++) {
          map_fde(&s, n, k, i);
          s.in[n].nfuncs++;
        }
    if (!s.oom)
      settle_claims(&s);
    if (!s.oom && s.out.usable) {
      find_linker_made(&s);
      check_flags(&s);
    }
    if (s.oom) {
      fprintf(errf, "sfcfi: out of memory\n");
      rc = 2;
    }
  }
  if (rc == 0) {
    for (size_t i = 0; i < s.nitems; i++)
      s.count[s.items[i].cls]++;
    if (o->json)
      sc_conserve_print_json(&s, out);
    else
      sc_conserve_print_text(&s, out);
    if (s.nitems == 0) {
      fprintf(errf, "sfcfi: no input has a function in .sframe: nothing to conserve\n");
      rc = 1;
    } else {
      rc = s.count[K_DIFFERS] || s.count[K_MISSING] || s.count[K_UNMAPPED] || s.nprobs ||
                   (s.out.usable && s.out.sf.rejects)
               ? 1
               : 0;
    }
  }
  for (size_t n = 0; n < s.nin; n++)
    input_free(&s.in[n]);
  free(s.in);
  free(s.items);
  free(s.made);
  sc_ranges_free(&s.out.rs);
  free(s.out.matched);
  free(s.out.funcs);
  sc_sframe_close(&s.out.sf);
  sc_symtab_free(&s.out.st);
  sc_elf_close(&s.out.e);
  return rc;
}
