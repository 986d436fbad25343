/* sfr_lookup_simple.h - inside the library: the simple lookup path, which
 * decodes every FDE and FRE it passes (sfr_lookup_simple.c), and what the
 * two paths share.  The fuzz target lookup_paths checks that sfr_lookup
 * (the fast path, sfr_lookup.c) answers exactly as this one does. */
#ifndef SFR_LOOKUP_SIMPLE_H
#define SFR_LOOKUP_SIMPLE_H

#include "sframe_ref.h"

typedef sfr_lookup_status (*sfr_find_fde_fn)(const sfr_section *, uint64_t, sfr_fde *);
typedef sfr_lookup_status (*sfr_find_fre_fn)(const sfr_section *, const sfr_fde *, uint64_t,
                                             sfr_fre *);

sfr_lookup_status sfr_find_fde_simple(const sfr_section *sec, uint64_t pc, sfr_fde *fde);
sfr_lookup_status sfr_find_fre_simple(const sfr_section *sec, const sfr_fde *fde, uint64_t pc,
                                      sfr_fre *fre);
sfr_lookup_status sfr_lookup_simple(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                    sfr_lookup_result *res);

/* Shared by both paths. */
sfr_lookup_status sfr_lookup_via(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                 sfr_lookup_result *res, sfr_find_fde_fn find_fde,
                                 sfr_find_fre_fn find_fre);
sfr_lookup_status sfr_pcmask_v1(sfr_lookup_status plain, const sfr_fre *row);
sfr_lookup_status sfr_row_offset(const sfr_section *sec, const sfr_fde *fde, uint64_t pc,
                                 uint64_t *off);

#endif
