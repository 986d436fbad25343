/* SPDX-License-Identifier: MIT */
/* audit_rules.c - what each linker makes of a link's .sframe sections, as
 * rules: the outcomes, the link modes, the kinds of input section, the
 * behaviours an outcome rests on (each a finding under producers/findings/
 * or a SPEC-NOTES entry), and the rules that map a linker, a mode and the
 * kinds of its inputs to an outcome and its basis.  links.tsv is the
 * measurement the rules are held to (au_links_check, sfaudit --check-links). */
#include <stdio.h>
#include <string.h>

#include "audit_rules.h"

/* ---- outcomes ---- */

static const struct {
  char letter;
  const char *name;
} outcomes[AU_OUTCOME_COUNT] = {
    [AU_OUTCOME_UNKNOWN] = {'?', "not measured"},
    [AU_OUTCOME_MERGED] = {'K', "merged"},
    [AU_OUTCOME_PARTIAL] = {'P', "merged, functions lost"},
    [AU_OUTCOME_CONCATENATED] = {'C', "concatenated"},
    [AU_OUTCOME_SPLIT] = {'S', "split in two sections"},
    [AU_OUTCOME_EMPTIED] = {'E', "emptied (0-byte .sframe)"},
    [AU_OUTCOME_DROPPED] = {'D', "dropped (no .sframe)"},
    [AU_OUTCOME_REFUSED] = {'R', "link refused"},
    [AU_OUTCOME_NO_INPUT] = {'N', "no .sframe input"},
};

const char *au_outcome_name(au_outcome o) {
  return (unsigned)o < AU_OUTCOME_COUNT ? outcomes[o].name : outcomes[AU_OUTCOME_UNKNOWN].name;
}

char au_outcome_letter(au_outcome o) {
  return (unsigned)o < AU_OUTCOME_COUNT ? outcomes[o].letter : '?';
}

int au_outcome_by_letter(char c) {
  for (int o = 0; o < AU_OUTCOME_COUNT; o++)
    if (outcomes[o].letter == c)
      return o;
  return -1;
}

/* ---- link modes ---- */

static const char *const modes[AU_MODE_COUNT] = {"static", "gc", "kernel"};

const char *au_mode_name(au_mode m) {
  return (unsigned)m < AU_MODE_COUNT ? modes[m] : "unknown";
}

int au_mode_by_name(const char *name) {
  for (int m = 0; m < AU_MODE_COUNT; m++)
    if (!strcmp(modes[m], name))
      return m;
  return -1;
}

/* ---- kinds of input section ---- */

unsigned au_kind_bit(unsigned version, int gnu_type) {
  return version >= 1 && version <= AU_KIND_MAX_VERSION ? 1u << ((version - 1) * 2 + (gnu_type ? 1 : 0)) : 0;
}

/* Bits in the order of their names ("1p" < "1s" < "2p"...): a set prints sorted. */
void au_kinds_str(au_kinds k, char *buf, size_t cap) {
  size_t used = 0;
  if (cap)
    buf[0] = 0;
  if (!k) {
    snprintf(buf, cap, "-");
    return;
  }
  for (unsigned b = 0; b < 2 * AU_KIND_MAX_VERSION; b++)
    if (k >> b & 1u) {
      int w = snprintf(buf + used, cap - used, "%s%u%c", used ? "+" : "", b / 2 + 1, b & 1u ? 's' : 'p');
      if (w < 0 || (size_t)w >= cap - used)
        return;
      used += (size_t)w;
    }
}

int au_kinds_parse(const char *s, au_kinds *out) {
  *out = 0;
  if (!strcmp(s, "-"))
    return 0;
  for (const char *p = s;; p += 3) {
    unsigned bit = p[0] >= '1' && p[0] <= '0' + AU_KIND_MAX_VERSION && (p[1] == 's' || p[1] == 'p')
                       ? au_kind_bit((unsigned)(p[0] - '0'), p[1] == 's')
                       : 0;
    if (!bit || (p[2] && p[2] != '+'))
      return -1;
    *out |= (au_kinds)bit;
    if (!p[2])
      return 0;
  }
}

/* The versions a set holds: bit v for version v. */
static unsigned versions_of(au_kinds k) {
  unsigned v = 0;
  for (unsigned b = 0; b < 2 * AU_KIND_MAX_VERSION; b++)
    if (k >> b & 1u)
      v |= 1u << (b / 2 + 1);
  return v;
}

/* Both section types among them (SHT_GNU_SFRAME and SHT_PROGBITS). */
static int mixed_types(au_kinds k) {
  return (k & 0x55u) && (k & 0xaau);
}

/* ---- what the outcomes rest on ---- */

typedef enum basis_id {
  B_NONE_CARRY, B_MOLD_NO_SCRIPT, B_KERNEL_ORPHAN, B_F19_GC, B_N44_GC, B_BFD244_V1, B_BFD_MERGED, B_F18_OWN,
  B_F18_COPIED, B_F15_EMPTY, B_BFD247_OLDER, B_BFD247_DROPS, B_F24_MOLD3, B_MOLD3_MERGES, B_SPLIT_BY_TYPE,
  B_PASSED, B_GOLD_CONCAT, B_F23_MOLD237, B_F22_LLD, B_F27_LLD_TYPES, B_COUNT
} basis_id;

static const char *const basis_text[B_COUNT] = {
    [B_NONE_CARRY] = "no input carries .sframe",
    [B_MOLD_NO_SCRIPT] = "N44: mold reads no SECTIONS script, so it cannot make a kernel-style link at all",
    [B_KERNEL_ORPHAN] = "N44: .sframe is an orphan the kernel's script does not place; --orphan-handling=error "
                        "fails the link (Debian's 2025 --gsframe default broke the kernel's build so)",
    [B_F19_GC] = "finding 19, N42: --gc-sections collects every .sframe (no KEEP)",
    [B_N44_GC] = "N44: --gc-sections collects every .sframe (no KEEP in the linker's own layout)",
    [B_BFD244_V1] = "N42: ld 2.44 fails the link on version 1 input (\"input SFrame sections with different "
                    "format versions\")",
    [B_BFD_MERGED] = "N42: merged (one section, sorted, PT_GNU_SFRAME)",
    [B_F18_OWN] = "finding 18, N42: its own version merged, the other inputs vanish",
    [B_F18_COPIED] = "finding 18, N42: input of a version it does not merge, copied end to end",
    [B_F15_EMPTY] = "finding 15, N42: no input it takes has a function: a zero-byte .sframe",
    [B_BFD247_OLDER] = "N42: ld 2.47 takes version 3 only; older input ignored (an error message, exit 0)",
    [B_BFD247_DROPS] = "N42: ld 2.47 takes version 3 only (the others ignored with an error message)",
    [B_F24_MOLD3] = "finding 24, N43: mold 3.0 drops version 1 and 2 input silently",
    [B_MOLD3_MERGES] = "N43: mold 3.0 merges version 3",
    [B_SPLIT_BY_TYPE] = "N44: gold and mold 2.37 write one .sframe output section per input section type",
    [B_PASSED] = "N43: one input section with functions, passed through",
    [B_GOLD_CONCAT] = "N43: gold writes the inputs end to end (no SFrame support)",
    [B_F23_MOLD237] = "finding 23, N43: mold 2.37 writes the inputs end to end",
    [B_F22_LLD] = "finding 22, N43: lld writes the inputs end to end",
    [B_F27_LLD_TYPES] = "finding 27, N44: lld refuses .sframe inputs of two section types (SHT_GNU_SFRAME from "
                        "gas 2.45 on, SHT_PROGBITS from older gas)",
};

int au_basis_no_input(void) { return B_NONE_CARRY; }

const char *au_basis_text(int basis) {
  return basis >= 0 && basis < B_COUNT ? basis_text[basis] : "not measured";
}

/* ---- the rules ---- */

/* What a rule asks of the link's inputs: F the kinds of the sections with
 * functions, A those and the empty ones, v the rule's version. */
typedef enum when {
  ANY,         /* always */
  NONE,        /* A is empty: no .sframe input */
  MIXED,       /* A holds both section types */
  HAS,         /* A holds version v */
  LACKS,       /* A does not hold version v */
  FN_HAS,      /* F holds version v */
  FN_OTHER,    /* F holds version v and another */
  FN_NONE      /* F is empty: only empty sections */
} when;

#define ST (1u << AU_MODE_STATIC)
#define GC (1u << AU_MODE_GC)
#define KE (1u << AU_MODE_KERNEL)
#define ALL (ST | GC | KE)

typedef struct rule {
  const char *linker; /* a name of producers.tsv, or FAMILY-* */
  unsigned modes;
  when when;
  unsigned version;
  au_outcome out;
  basis_id basis;
} rule;

/* The first rule that matches decides.  The measured table (links.tsv)
 * holds them, row by row (au_links_check). */
static const rule rules[] = {
    {"mold-*", KE, ANY, 0, AU_OUTCOME_REFUSED, B_MOLD_NO_SCRIPT},
    {"*", ALL, NONE, 0, AU_OUTCOME_NO_INPUT, B_NONE_CARRY},
    {"*", KE, ANY, 0, AU_OUTCOME_REFUSED, B_KERNEL_ORPHAN},
    /* ld.bfd 2.40 and 2.44 merge their own version; without it in the
     * link they copy the others end to end; 2.44 refuses version 1 */
    {"bfd-2.40", GC, ANY, 0, AU_OUTCOME_DROPPED, B_F19_GC},
    {"bfd-2.44", GC, ANY, 0, AU_OUTCOME_DROPPED, B_F19_GC},
    {"bfd-2.44", ST, HAS, 1, AU_OUTCOME_REFUSED, B_BFD244_V1},
    {"bfd-2.40", ST, FN_OTHER, 1, AU_OUTCOME_PARTIAL, B_F18_OWN},
    {"bfd-2.40", ST, FN_HAS, 1, AU_OUTCOME_MERGED, B_BFD_MERGED},
    {"bfd-2.40", ST, HAS, 1, AU_OUTCOME_EMPTIED, B_F15_EMPTY},
    {"bfd-2.44", ST, FN_OTHER, 2, AU_OUTCOME_PARTIAL, B_F18_OWN},
    {"bfd-2.44", ST, FN_HAS, 2, AU_OUTCOME_MERGED, B_BFD_MERGED},
    {"bfd-2.44", ST, HAS, 2, AU_OUTCOME_EMPTIED, B_F15_EMPTY},
    {"bfd-2.40", ST, FN_NONE, 0, AU_OUTCOME_MERGED, B_BFD_MERGED},
    {"bfd-2.44", ST, FN_NONE, 0, AU_OUTCOME_MERGED, B_BFD_MERGED},
    {"bfd-2.40", ST, ANY, 0, AU_OUTCOME_CONCATENATED, B_F18_COPIED},
    {"bfd-2.44", ST, ANY, 0, AU_OUTCOME_CONCATENATED, B_F18_COPIED},
    /* ld.bfd 2.47 takes version 3 alone; --gc-sections keeps only it */
    {"bfd-2.47", GC, LACKS, 3, AU_OUTCOME_DROPPED, B_BFD247_DROPS},
    {"bfd-2.47", ST | GC, FN_OTHER, 3, AU_OUTCOME_PARTIAL, B_BFD247_OLDER},
    {"bfd-2.47", ST | GC, FN_HAS, 3, AU_OUTCOME_MERGED, B_BFD_MERGED},
    {"bfd-2.47", ST | GC, ANY, 0, AU_OUTCOME_EMPTIED, B_F15_EMPTY},
    /* mold 3.0 merges version 3 and drops the others */
    {"mold-3.0", ST | GC, FN_OTHER, 3, AU_OUTCOME_PARTIAL, B_F24_MOLD3},
    {"mold-3.0", ST | GC, FN_HAS, 3, AU_OUTCOME_MERGED, B_MOLD3_MERGES},
    {"mold-3.0", ST | GC, ANY, 0, AU_OUTCOME_DROPPED, B_F24_MOLD3},
    /* the linkers without SFrame support: sections by type, end to end */
    {"gold-*", GC, ANY, 0, AU_OUTCOME_DROPPED, B_N44_GC},
    {"mold-*", GC, ANY, 0, AU_OUTCOME_DROPPED, B_N44_GC},
    {"lld-*", GC, ANY, 0, AU_OUTCOME_DROPPED, B_N44_GC},
    {"gold-*", ST, MIXED, 0, AU_OUTCOME_SPLIT, B_SPLIT_BY_TYPE},
    {"mold-*", ST, MIXED, 0, AU_OUTCOME_SPLIT, B_SPLIT_BY_TYPE},
    {"lld-*", ST, MIXED, 0, AU_OUTCOME_REFUSED, B_F27_LLD_TYPES},
    {"gold-*", ST, FN_NONE, 0, AU_OUTCOME_MERGED, B_PASSED},
    {"mold-*", ST, FN_NONE, 0, AU_OUTCOME_MERGED, B_PASSED},
    {"lld-*", ST, FN_NONE, 0, AU_OUTCOME_MERGED, B_PASSED},
    {"gold-*", ST, ANY, 0, AU_OUTCOME_CONCATENATED, B_GOLD_CONCAT},
    {"mold-*", ST, ANY, 0, AU_OUTCOME_CONCATENATED, B_F23_MOLD237},
    {"lld-*", ST, ANY, 0, AU_OUTCOME_CONCATENATED, B_F22_LLD},
};

/* "gold-*" names the family: gold-2.40, gold-2.44... */
static int linker_matches(const char *pattern, const char *linker) {
  size_t n = strlen(pattern);
  if (n && pattern[n - 1] == '*')
    return !strncmp(pattern, linker, n - 1);
  return !strcmp(pattern, linker);
}

static int holds(const rule *r, au_kinds fn, au_kinds all) {
  unsigned v = 1u << r->version, fv = versions_of(fn), av = versions_of(all);
  switch (r->when) {
  case ANY: return 1;
  case NONE: return all == 0;
  case MIXED: return mixed_types(all);
  case HAS: return (av & v) != 0;
  case LACKS: return (av & v) == 0;
  case FN_HAS: return (fv & v) != 0;
  case FN_OTHER: return (fv & v) && (fv & ~v);
  case FN_NONE: return fn == 0;
  }
  return 0;
}

au_outcome au_rule_predict(const char *linker, au_mode mode, au_kinds fn, au_kinds empty, int *basis) {
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
    const rule *r = &rules[i];
    if (linker_matches(r->linker, linker) && (r->modes >> mode & 1u) && holds(r, fn, fn | empty)) {
      *basis = (int)r->basis;
      return r->out;
    }
  }
  *basis = -1;
  return AU_OUTCOME_UNKNOWN;
}
