/* SPDX-License-Identifier: MIT */
/* libsframe_map.h - libsframe's public API (sframe-api.h) read into the
 * suite's neutral terms: a section loaded behind a guard page, each
 * function and row through the API's accessors, each row's rules as the
 * adapter protocol's JSON.  Shared by the libsframe adapter (libsframe.c:
 * its command line) and the differential fuzz target diff_libsframe3.c.
 * One source builds against the three APIs Debian ships (see libsframe.c). */
#ifndef SFA_LIBSFRAME_MAP_H
#define SFA_LIBSFRAME_MAP_H

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <sframe-api.h>

#ifdef MAX_NUM_DATAWORDS
#define SFA_API_247 1 /* 2.47: FDE-type-aware accessors, version 3 */
#define FRE_BYTES(fre) ((fre)->fre_datawords)
typedef int64_t sfa_pc;
#else
#define SFA_API_247 0
#define FRE_BYTES(fre) ((fre)->fre_offsets)
typedef int32_t sfa_pc;
#endif

#ifndef SFRAME_FDE_TYPE_DEFAULT
#define SFRAME_FDE_TYPE_DEFAULT 0
#endif
#ifndef SFRAME_F_FDE_FUNC_START_PCREL
#define SFRAME_F_FDE_FUNC_START_PCREL 0x4
#endif
#if SFA_API_247
#define GET_OFF(which, s, fre, type, err) sframe_fre_get_##which##_offset((s)->ctx, fre, type, err)
#else
#define GET_OFF(which, s, fre, type, err) ((void)(type), sframe_fre_get_##which##_offset((s)->ctx, fre, err))
#endif

typedef struct {
  unsigned char *block; /* posix_memalign'd: data pages, then the guard page */
  size_t block_len;
  size_t page;
  int guarded;
  const char *data;
  size_t len;
} section_buf;

typedef struct {
  uint32_t num_fres, size;
  int64_t start;  /* the stored start field, sign-extended */
  uint64_t addr;  /* its address: see func_addr */
  unsigned char info, info2;
  unsigned rep_size, fde_type; /* SFRAME_FDE_TYPE_DEFAULT before version 3 */
} func;

typedef struct {
  sframe_decoder_ctx *ctx;
  uint64_t vma;
  unsigned version, abi;
  int flags; /* -1: no accessor (before 2.47) */
} sec_info;

const char *err_name(int e);
const char *err_msg(int e);
int section_from_bytes(const unsigned char *bytes, size_t n, section_buf *sb);
void free_section(section_buf *sb);
int api_rules_json(FILE *o, const sec_info *s, unsigned fde_type,
                      const sframe_frame_row_entry *fre, const char **what, int *code);
uint64_t func_addr(const sec_info *s, uint32_t i, int64_t start);
int get_func(const sec_info *s, uint32_t i, func *f);
unsigned get_version(sframe_decoder_ctx *ctx);
void sec_init(sec_info *s, sframe_decoder_ctx *ctx, uint64_t vma);
int same_fre(const sframe_frame_row_entry *a, const sframe_frame_row_entry *b);
void set_rule(FILE *o, const char *name, const char *rule, unsigned reg, int64_t off);

#endif
