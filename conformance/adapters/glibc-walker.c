/* SPDX-License-Identifier: MIT */
/* glibc-walker.c - the unwind adapter (conformance/PROTOCOL.md, command
 * `unwind` only) for glibc 2.43's SFrame stack walker, __stacktrace_sframe
 * (sysdeps/generic/sframe.c with sframe-read.c, from sid's glibc-source,
 * extracted at build time by glibc.mk and included here; nothing of glibc
 * is kept in the repository).
 *
 * The walker reads memory directly and takes the section's address to be
 * where its bytes are (dl_find_object's dlfo_sframe).  So the adapter maps
 * the section at its VMA and every `mem` range of the snapshot at its
 * recorded address in its own process (MAP_FIXED_NOREPLACE: an address the
 * adapter itself uses is an error, exit 2), then walks one frame per call
 * from the snapshot's PC, SP and FP, as backtrace() would.  A read outside
 * the mapped memory (SIGSEGV) ends the walk with `mem-read-failed`; a call
 * that returns no frame ends it with `no-fde` (glibc would fall back to its
 * DWARF unwinder there).  Version 2, host byte order only.
 *
 * Usage: sfadapter-glibc-2.43-walker capabilities
 *        sfadapter-glibc-2.43-walker unwind SECTION VMA SNAPSHOT */
#define _GNU_SOURCE 1 /* MAP_FIXED_NOREPLACE */
#include <dlfcn.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <unwind.h>

/* What sframe.c takes from glibc's dynamic linker: glibc 2.43's struct
 * dl_find_object with its dlfo_sframe (Debian 12's <dlfcn.h> predates it),
 * reached through GLRO (dl_find_object). */
#define dl_find_object sfa_dl_find_object
struct sfa_dl_find_object {
  unsigned long long dlfo_flags;
  void *dlfo_map_start, *dlfo_map_end, *dlfo_link_map, *dlfo_eh_frame, *dlfo_sframe;
};
#define DLFO_FLAG_SFRAME 1ull
#define GLRO(name) sfa_glro_##name
#define libc_hidden_def(name) _Static_assert(1, #name)
static int sfa_glro_dl_find_object(void *pc, struct sfa_dl_find_object *r);

#include "glibc-reader.h"
#include <sframe.c>

#ifndef SFA_GLIBC_VERSION
#define SFA_GLIBC_VERSION "unknown"
#endif
#define PROG "sfadapter-glibc-2.43-walker"

#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST "\"abis\":[\"aarch64-be\",\"s390x\"],\"endian\":[\"big\"]"
#else
#define HOST "\"abis\":[\"amd64\",\"aarch64-le\"],\"endian\":[\"little\"]"
#endif
static const char capabilities[] =
    "{\"name\":\"glibc-walker\",\"version\":\"" SFA_GLIBC_VERSION "\","
    "\"commands\":[\"unwind\"],\"versions\":[2]," HOST ",\"unknown_fields\":[]}";

static uint64_t section_vma;

/* Every PC is in the one object the snapshot comes from. */
static int sfa_glro_dl_find_object(void *pc, struct sfa_dl_find_object *r) {
  (void)pc;
  memset(r, 0, sizeof *r);
  r->dlfo_flags = DLFO_FLAG_SFRAME;
  r->dlfo_sframe = (void *)(uintptr_t)section_vma;
  return 0;
}

/* ---- mapping memory at the snapshot's addresses ---- */

static long page;
static uint64_t ours[8192]; /* the pages this adapter mapped for the snapshot */
static size_t n_ours;

static int is_ours(uint64_t p) {
  for (size_t i = 0; i < n_ours; i++)
    if (ours[i] == p)
      return 1;
  return 0;
}

/* Map [addr, addr + len) at its own address and copy bytes there.  A page
 * already mapped is only reused if this adapter mapped it (adjacent
 * ranges); anything else there is the adapter's own memory: an error. */
static int map_at(uint64_t addr, const uint8_t *bytes, size_t len) {
  uint64_t lo = addr & ~(uint64_t)(page - 1);
  uint64_t hi = (addr + len + (uint64_t)page - 1) & ~(uint64_t)(page - 1);
  for (uint64_t p = lo; p < hi; p += (uint64_t)page) {
    if (is_ours(p))
      continue;
    if (n_ours == sizeof ours / sizeof *ours)
      return -1;
    void *m = mmap((void *)(uintptr_t)p, (size_t)page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (m == MAP_FAILED)
      return -1; /* EEXIST: the adapter's own memory is there */
    if (m != (void *)(uintptr_t)p) {
      munmap(m, (size_t)page); /* a kernel without MAP_FIXED_NOREPLACE */
      return -1;
    }
    ours[n_ours++] = p;
  }
  memcpy((void *)(uintptr_t)addr, bytes, len);
  return 0;
}

static int hexval(int c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The snapshot: pc, sp, fp, max-frames and mem (decoder/SNAPSHOT.md); the
 * walker has no use for ra, reg and pauth-mask. */
static int read_snapshot(const char *path, frame *f, unsigned *max) {
  FILE *in = fopen(path, "r");
  if (!in)
    return -1;
  char *line = NULL;
  size_t cap = 0;
  int have_pc = 0, have_sp = 0, rc = 0;
  static uint8_t buf[1 << 20];
  while (getline(&line, &cap, in) > 0) {
    char key[32];
    long long sv;
    int used = 0;
    if (line[0] == '#' || sscanf(line, "%31s %lli%n", key, &sv, &used) < 2)
      continue;
    unsigned long long v = (unsigned long long)sv;
    if (!strcmp(key, "pc"))
      f->pc = (_Unwind_Ptr)v, have_pc = 1;
    else if (!strcmp(key, "sp"))
      f->sp = (_Unwind_Ptr)v, have_sp = 1;
    else if (!strcmp(key, "fp"))
      f->fp = (_Unwind_Ptr)v;
    else if (!strcmp(key, "max-frames"))
      *max = (unsigned)v;
    else if (!strcmp(key, "mem")) {
      size_t n = 0;
      int hi = -1;
      for (const char *p = line + used; *p && n < sizeof buf; p++) {
        int h = hexval((unsigned char)*p);
        if (h < 0)
          continue;
        if (hi < 0)
          hi = h;
        else
          buf[n++] = (uint8_t)(hi << 4 | h), hi = -1;
      }
      if (map_at(v, buf, n) != 0) {
        fprintf(stderr, PROG ": %s: cannot map the snapshot's memory at 0x%llx in this process\n", path, v);
        rc = -2;
        break;
      }
    }
  }
  free(line);
  fclose(in);
  if (rc == 0 && !(have_pc && have_sp))
    rc = -1;
  return rc;
}

static sigjmp_buf on_fault;
static void fault(int sig) {
  (void)sig;
  siglongjmp(on_fault, 1);
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "capabilities")) {
    puts(capabilities);
    return 0;
  }
  if (argc != 5 || strcmp(argv[1], "unwind") != 0) {
    fprintf(stderr, "usage: " PROG " capabilities | unwind SECTION VMA SNAPSHOT\n");
    return 2;
  }
  page = sysconf(_SC_PAGESIZE);
  char *end;
  section_vma = strtoull(argv[3], &end, 0);
  if (*end || !*argv[3]) {
    fprintf(stderr, PROG ": bad VMA '%s'\n", argv[3]);
    return 2;
  }
  FILE *sf = fopen(argv[2], "rb");
  static uint8_t sec[1 << 24];
  size_t len = sf ? fread(sec, 1, sizeof sec, sf) : 0;
  if (!sf || len == 0) {
    fprintf(stderr, PROG ": %s: cannot read\n", argv[2]);
    return 2;
  }
  fclose(sf);
  if (map_at(section_vma, sec, len) != 0) {
    fprintf(stderr, PROG ": cannot map the section at 0x%" PRIx64 " in this process\n", section_vma);
    return 2;
  }
  sframe_decoder_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  if (__sframe_decode(&ctx, (const char *)(uintptr_t)section_vma) != _URC_NO_REASON) {
    fprintf(stderr, PROG ": __sframe_decode refused the section\n");
    return 1;
  }
  frame f = {0, 0, 0};
  unsigned max = 64;
  int rc = read_snapshot(argv[4], &f, &max);
  if (rc != 0) {
    if (rc == -1)
      fprintf(stderr, PROG ": %s: not a snapshot with pc and sp\n", argv[4]);
    return 2;
  }
  signal(SIGSEGV, fault);
  signal(SIGBUS, fault);
  printf("{\"schema\":\"sframe-conformance/unwind/1\",\"frames\":[");
  printf("{\"pc\":\"0x%llx\",\"sp\":\"0x%llx\",\"fp\":\"0x%llx\"}", (unsigned long long)f.pc,
         (unsigned long long)f.sp, (unsigned long long)f.fp);
  const char *stop = "frame-limit";
  volatile unsigned n = 1;
  if (sigsetjmp(on_fault, 1) != 0) {
    stop = "mem-read-failed";
  } else {
    for (; n < max; n++) {
      void *ra;
      if (__stacktrace_sframe(&ra, 1, &f) != 1) {
        stop = "no-fde";
        break;
      }
      printf(",{\"pc\":\"0x%llx\",\"sp\":\"0x%llx\",\"fp\":\"0x%llx\"}", (unsigned long long)f.pc,
             (unsigned long long)f.sp, (unsigned long long)f.fp);
    }
  }
  printf("],\"stop\":\"%s\"}\n", stop);
  return 0;
}
