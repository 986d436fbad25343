/* SPDX-License-Identifier: MIT */
/* rt_mutate.h - the roundtrip target's structured mutator: edits of an
 * rt_model (rt_model.h) rather than of its bytes. */
#ifndef RT_MUTATE_H
#define RT_MUTATE_H

#include "rt_model.h"

/* One structured mutation, drawn from r. */
void rt_mutate(rt_model *rm, sfe_rng *r);
/* Make a row's rules expressible for the model's ABI, version, header and
 * the function's FDE type (as the encoder says), keeping what can be
 * kept; rt_fix_all for every row of the model. */
void rt_fix_rules(const sfe_model *m, const sfe_func *f, sfr_rules *r);
void rt_fix_all(rt_model *rm);
/* Insert a new (zeroed) function at index pos, ranks moving along; NULL
 * when full or out of memory.  Delete function pos. */
sfe_func *rt_insert_func(rt_model *rm, uint32_t pos);
void rt_delete_func(rt_model *rm, uint32_t pos);

#endif
