/* SPDX-License-Identifier: MIT */
/* sframe_adapter.h - the library form of the adapter protocol
 * (conformance/PROTOCOL.md).  A shared library under test exports these
 * functions; the bundled driver (build/bin/sfadapter-dl) loads it with
 * dlopen and speaks the executable form of the protocol for it.
 *
 * Each command returns 0 (accept: the section is valid, and out holds the
 * canonical JSON of decoder/JSON.md) or 1 (reject: err may start with a
 * line "finding: ID").  Commands the library does not offer may be left
 * out.  Functions must not write to stdout or stderr themselves. */
#ifndef SFRAME_ADAPTER_H
#define SFRAME_ADAPTER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SFA_ABI_VERSION 1

/* The capabilities object of PROTOCOL.md, as a JSON string. */
const char *sfa_capabilities(void);

/* Decode and validate the section: out gets `sfref dump --json`. */
int sfa_decode(const uint8_t *sec, size_t len, uint64_t vma, FILE *out, FILE *err);

/* Look up each PC in both modes: out gets the array of `sfref lookup --json`. */
int sfa_lookup(const uint8_t *sec, size_t len, uint64_t vma, const uint64_t *pcs, size_t npcs,
               FILE *out, FILE *err);

/* Unwind the snapshot (decoder/SNAPSHOT.md): out gets `sfref unwind --json`. */
int sfa_unwind(const uint8_t *sec, size_t len, uint64_t vma, const char *snapshot_path, FILE *out,
               FILE *err);

#ifdef __cplusplus
}
#endif
#endif
