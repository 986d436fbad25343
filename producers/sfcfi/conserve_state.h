/* SPDX-License-Identifier: MIT */
/* conserve_state.h - what sfcfi conserve's files share (conserve.c, the
 * judging; conserve_print.c, the report): a run's inputs, output, items
 * and problems.  Private to them. */
#ifndef SC_CONSERVE_STATE_H
#define SC_CONSERVE_STATE_H

#include <stdio.h>

#include "sc_conserve.h"
#include "sc_diff.h"
#include "sc_elf.h"
#include "sc_symtab.h"

enum { K_KEPT, K_DIFFERS, K_MISSING, K_DROPPED, K_UNMAPPED, K_COUNT };
extern const char *const sc_conserve_class[K_COUNT]; /* the classes' names */

#define NO_SYM ((size_t)-1)

typedef struct subsec {
  sc_sframe sf;
  uint64_t off;               /* in the .sframe section */
} subsec;

typedef struct rel {
  uint64_t off;               /* in the .sframe section */
  size_t sym;
  int64_t addend;
} rel;

typedef struct input {
  const char *path;
  sc_elf e;
  symtab st;
  subsec *subs;
  size_t nsubs, subcap;
  rel *rels;
  size_t nrels, relcap;
  int rel_is_rel;             /* SHT_REL: the addends are gone (applied) */
  size_t nfuncs;
} input;

typedef struct output {
  const char *path;
  sc_elf e;
  symtab st;
  int usable;                 /* its .sframe opened */
  const char *why;            /* why not (static text or into whybuf) */
  char whybuf[320];
  sc_sframe sf;
  sc_ranges rs;
  uint8_t *matched;           /* per FDE index */
  struct ofunc { uint64_t addr; const char *name; } *funcs; /* function symbols, by address */
  size_t nfuncs;
} output;

typedef struct citem {
  int cls;
  size_t input, sub;
  uint32_t fde;
  const char *name;           /* "" when unmapped before a symbol */
  uint8_t bind;
  int group;                  /* its section is in a COMDAT group */
  const char *secname;
  uint64_t secoff;
  uint64_t in_start, size;    /* the input's address (laid out) and size */
  uint32_t rows;
  size_t out_sym;             /* NO_SYM, or the output symbol's index */
  uint64_t out_start;
  sc_span sp;
  char reason[320];
} citem;

typedef struct lmade {
  uint32_t fde;
  uint64_t start, size;
  uint32_t rows;
  const char *section, *kind, *func;
} lmade;

typedef struct problem {
  const char *flag;
  char detail[240];
} problem;

typedef struct state {
  const sc_conserve_opts *o;
  output out;
  input *in;
  size_t nin;
  citem *items;
  size_t nitems, icap;
  lmade *made;
  size_t nmade, mcap;
  problem probs[4];
  size_t nprobs;
  char notes[8][240];
  size_t nnotes;
  size_t count[K_COUNT];
  int oom;
} state;

/* The report of a run, as text or as one JSON object. */
void sc_conserve_print_text(const state *s, FILE *out);
void sc_conserve_print_json(const state *s, FILE *out);

#endif
