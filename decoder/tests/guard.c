/* SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE 1
#include "guard.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

const uint8_t *guard_place(guarded *g, const uint8_t *src, size_t len) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t body = (len + page - 1) / page * page;
  uint8_t *m;
  memset(g, 0, sizeof *g);
  g->maplen = body + page;
  m = mmap(NULL, g->maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED)
    return NULL;
  if (mprotect(m + body, page, PROT_NONE) != 0) {
    munmap(m, g->maplen);
    return NULL;
  }
  g->map = m;
  g->data = m + body - len;
  if (len)
    memcpy(m + body - len, src, len);
  return g->data;
}

void guard_free(guarded *g) {
  if (g->map)
    munmap(g->map, g->maplen);
  memset(g, 0, sizeof *g);
}
