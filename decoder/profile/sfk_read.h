/* SPDX-License-Identifier: MIT */
/* sfk_read.h - the kernel's reading of a section, parameterised by
 * generation (sfk_read.c): what registration, CONFIG_SFRAME_VALIDATION and
 * the lookup share.  Each reader returns the first rule the entry breaks in
 * the kernel's order of checks (SFK_OK when none), never reading outside
 * the section. */
#ifndef SFK_READ_H
#define SFK_READ_H

#include "sframe_kernel.h"

/* What changes from one generation to the next (sfk_traits). */
typedef struct sfk_traits {
  uint8_t version;            /* the SFrame version it reads */
  uint8_t start_at_text_end;  /* a function may start at the text's end */
  uint8_t func_end_in_text;   /* start + size must lie within the text */
  uint8_t fre_at_size_ok;     /* a PCINC FRE may start at the function size */
  uint8_t fde_bounds;         /* PCMASK rep_size 0, fres_num and PCMASK
                                 starts checked at the FDE/FRE read */
  uint8_t ra_word_required;   /* no fixed RA offset: the RA word must be there */
  uint8_t fde_types;          /* the version 3 FDE-type switch, flexible FDEs */
  uint8_t outermost_error;    /* an outermost row fails at lookup */
  uint8_t reserved_bit;       /* control-word bit 2 refused at lookup */
  uint8_t s390_scaled;        /* s390x default CFA offsets decoded */
  uint8_t fde_type_mask;      /* the bits of info2 read as the FDE type */
  uint8_t lazy_words;         /* a lookup reads the words of the row it lands on only */
  uint8_t end_wraps;          /* start + size wraps; no separate start > end check */
  uint8_t kernel_text;        /* the kernel's own text (arm64 v6): a little-endian
                                 section, arm64 registers whatever the ABI byte,
                                 SORTED optional, no section dropped, the arm64 step */
  uint8_t sort_at_load;       /* an unsorted table is sorted when loaded (modules) */
  uint8_t signal;             /* version 3's signal bit hands the frame over (RFC) */
  uint8_t mangled_ra_kept;    /* a PAuth-signed RA is returned signed */
} sfk_traits;

/* The generation's switches, read off its row and its column of
 * SFK_RULES (never its identity). */
void sfk_traits_of(sfk_gen g, sfk_traits *t);

/* The section as the header read leaves it. */
typedef struct sfk_view {
  const uint8_t *buf;
  size_t len;
  uint64_t vma;
  sfk_gen gen;
  sfk_traits t;
  int be;
  uint8_t abi;
  int8_t fixed_fp, fixed_ra;
  uint32_t num_fdes;
  uint64_t fde_size; /* 20 (version 2) or 16 (version 3 index entry) */
  uint64_t fdes_start, fres_start, fres_end;
  uint8_t sorted;    /* SFRAME_F_FDE_SORTED */
} sfk_view;

/* Where a finding is reported (NULL report: only the first refusal and the
 * count are kept, as the lookup needs). */
typedef struct sfk_sink {
  sfk_report *rep;
  sfk_gen gen;
  sfk_id first; /* the first rule met that refuses the section */
} sfk_sink;

/* The SP and FP register numbers the generation uses for the section. */
uint32_t sfk_sp_reg(const sfk_view *v);
uint32_t sfk_fp_reg(const sfk_view *v);

void sfk_note(sfk_sink *s, sfk_id id, uint64_t offset, int64_t fde, int64_t fre,
              const char *field);

/* sframe_read_header (and the architecture): 1 when the layout is known
 * and the FDE and FRE reads that follow are in bounds. */
int sfk_read_header(sfk_view *v, const uint8_t *buf, size_t len, uint64_t vma, sfk_gen g,
                    sfk_sink *s);

/* One function as the kernel reads it (__read_fde). */
typedef struct sfk_fde {
  uint64_t start;
  uint32_t size, num_fres;
  uint8_t info, info2, rep_size;
  uint64_t at;      /* absolute offset of its FDE entry */
  uint64_t fres_at; /* absolute offset of its first FRE */
} sfk_fde;

/* The function start alone (what the lookup's binary search reads). */
uint64_t sfk_fde_start(const sfk_view *v, uint32_t i);
sfk_id sfk_read_fde(const sfk_view *v, const sfk_options *o, uint32_t i, sfk_fde *f,
                    uint64_t *at, const char **field);

/* One FRE (__read_fre) with its words read into the kernel's rule form. */
typedef struct sfk_fre {
  uint32_t start;
  uint8_t info, count, wsize;
  uint32_t size; /* bytes the FRE occupies */
  uint32_t cfa_ctl, ra_ctl, fp_ctl;
  int32_t cfa_off, ra_off, fp_off;
  uint8_t outermost;
} sfk_fre;

sfk_id sfk_read_fre(const sfk_view *v, const sfk_fde *f, uint64_t pos, sfk_fre *r,
                    uint64_t *at, const char **field);
/* The same without reading its words (a lazy lookup's rows before the
 * one it lands on: start, info byte, word size, bounds); then
 * sfk_read_fre_words for the row it lands on. */
sfk_id sfk_read_fre_head(const sfk_view *v, const sfk_fde *f, uint64_t pos, sfk_fre *r,
                         uint64_t *at, const char **field);
sfk_id sfk_read_fre_words(const sfk_view *v, const sfk_fde *f, uint64_t pos, sfk_fre *r);
/* The FDE type as the generation reads it from info2. */
unsigned sfk_fde_type(const sfk_view *v, const sfk_fde *f);

/* The lookup's reading of the found row's control words into an answer
 * (sframe_init_*_rule_data); SFK_OK or the rule the lookup fails on. */
sfk_id sfk_rules_of(const sfk_view *v, const sfk_fre *r, sfk_answer *ans);

/* The first rule that keeps the generation, built with
 * CONFIG_SFRAME_VALIDATION=y, from registering the section (SFK_OK: it
 * registers it); sfk_check's reading, without a report. */
sfk_id sfk_first_refusal(const uint8_t *buf, size_t len, uint64_t vma, const sfk_options *opt);

#endif
