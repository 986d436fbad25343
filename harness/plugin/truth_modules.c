/* SPDX-License-Identifier: MIT */
/* truth_modules.c - the modules: where the loader maps each lib= (learnt
 * from the guest's openat and mmap system calls), signal handlers (from
 * rt_sigaction), and each module's section opened at its load bias. */
#include "truth.h"


/* System call numbers (each architecture's own table; AArch64 has no open). */
enum { SYS_OPEN, SYS_OPENAT, SYS_CLOSE, SYS_MMAP, SYS_SIGACTION, SYS_KINDS };
static const int64_t sysnr[3][SYS_KINDS] = {
    [ARCH_X86_64] = {2, 257, 3, 9, 13},
    [ARCH_AARCH64] = {-1, 56, 57, 222, 134},
    [ARCH_S390X] = {5, 288, 6, 90, 174},
};
#define GUEST_PROT_EXEC 4 /* the same on the three */


/* The lib= module a guest path names (the same file), or -1.  Read a page
 * at a time: the string may end just before unmapped memory. */
static int path_module(vstate *v, uint64_t addr) {
  char path[4096];
  size_t n = 0;
  while (n < sizeof path - 1) {
    size_t chunk = 4096 - (size_t)((addr + n) & 4095);
    if (chunk > sizeof path - 1 - n)
      chunk = sizeof path - 1 - n;
    g_byte_array_set_size(v->mbuf, 0);
    if (!qemu_plugin_read_memory_vaddr(addr + n, v->mbuf, chunk) || v->mbuf->len != chunk)
      return -1;
    void *nul = memchr(v->mbuf->data, 0, chunk);
    size_t take = nul ? (size_t)((uint8_t *)nul - v->mbuf->data) : chunk;
    memcpy(path + n, v->mbuf->data, take);
    n += take;
    if (nul)
      break;
  }
  path[n] = 0;
  struct stat st;
  if (!n)
    return -1;
  /* As QEMU opens it: under the root first, for an absolute path. */
  char *rooted = g.root && path[0] == '/' ? g_strconcat(g.root, path, NULL) : NULL;
  int found = (rooted && stat(rooted, &st) == 0) || stat(path, &st) == 0;
  g_free(rooted);
  if (!found)
    return -1;
  for (int m = 1; m < g.n_mods; m++)
    if (g.mod[m].dev == st.st_dev && g.mod[m].ino == st.st_ino)
      return m;
  return -1;
}

/* Module m's file, from offset off, was mapped executable at addr: the
 * executable PT_LOAD whose file start that mapping holds (the loader maps
 * each at its page-aligned offset) gives the load bias. */
static void module_mapped(int m, uint64_t addr, uint64_t len, uint64_t off) {
  module *md = &g.mod[m];
  int best = -1;
  for (unsigned i = 0; i < md->n_xseg; i++) {
    uint64_t o = md->xseg[i].off;
    if (o >= off && o - off < len && o - off < 0x10000 && (best < 0 || o < md->xseg[best].off))
      best = (int)i;
  }
  if (best < 0)
    return;
  uint64_t bias = addr + (md->xseg[best].off - off) - md->xseg[best].vaddr;
  g_mutex_lock(&g.lock);
  md->maps++;
  if (!g_atomic_int_get(&md->opened))
    open_module(m, bias);
  else if (bias != md->bias) {
    /* Loaded again elsewhere (dlclose, dlopen): checked at the first. */
    if (!md->remaps++)
      fprintf(stderr, "sfr_truth: %s mapped again at bias 0x%" PRIx64 " (first 0x%" PRIx64
              "): checked at the first only\n", md->path, bias, md->bias);
  }
  g_mutex_unlock(&g.lock);
}

void on_syscall_ret(qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num,
                           int64_t ret) {
  (void)id;
  vstate *v = truth_vcpu(vcpu_index);
  const int64_t *nr = sysnr[g.arch];
  if (!v)
    return;
  v->top.row = NULL; /* the kernel may have written what the memo's step read */
  elide_stop(vcpu_index);
  if (v->pend_open >= 0 && (num == nr[SYS_OPENAT] || num == nr[SYS_OPEN])) {
    if (ret >= 0 && ret < MAX_FDS)
      g.fd_mod[ret] = (int8_t)(v->pend_open + 1);
  } else if (v->pend_map >= 0 && num == nr[SYS_MMAP]) {
    if (ret < -4096 || ret > 0) /* not an error */
      module_mapped(v->pend_map, (uint64_t)ret, v->pend_len, v->pend_off);
  }
  v->pend_open = v->pend_map = -1;
}

void on_syscall(qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num, uint64_t a1,
                       uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                       uint64_t a7, uint64_t a8) {
  (void)id, (void)a4, (void)a7, (void)a8;
  const int64_t *nr = sysnr[g.arch];
  vstate *v = truth_vcpu(vcpu_index);
  if (v) {
    v->top.row = NULL; /* (as at the call's return: on_syscall_ret) */
    elide_stop(vcpu_index);
  }
  if (g.n_mods > 1 && v) {
    v->pend_open = v->pend_map = -1;
    if (num == nr[SYS_OPENAT] || num == nr[SYS_OPEN]) {
      v->pend_open = path_module(v, num == nr[SYS_OPEN] ? a1 : a2);
    } else if (num == nr[SYS_CLOSE]) {
      if (a1 < MAX_FDS)
        g.fd_mod[a1] = 0;
    } else if (num == nr[SYS_MMAP]) {
      uint64_t len = a2, prot = a3, fd = a5, off = a6;
      if (g.arch == ARCH_S390X) {
        /* s390x's mmap (old_mmap) takes the address of its six arguments
         * (glibc's MMAP_CALL): addr, len, prot, flags, fd, offset. */
        uint8_t b[48];
        if (truth_read_mem(v, a1, b, 48) != 0)
          return;
        len = load_u64(b + 8), prot = load_u64(b + 16), fd = load_u64(b + 32);
        off = load_u64(b + 40);
      }
      int32_t fd32 = (int32_t)(uint32_t)fd;
      if ((prot & GUEST_PROT_EXEC) && fd32 >= 0 && fd32 < MAX_FDS && g.fd_mod[fd32]) {
        v->pend_map = g.fd_mod[fd32] - 1;
        v->pend_off = off, v->pend_len = len;
      }
    }
  }
  if (num != nr[SYS_SIGACTION] || a2 == 0)
    return;
  uint8_t b[8];
  if (truth_read_mem(truth_vcpu(vcpu_index), a2, b, 8) != 0)
    return;
  uint64_t h = load_u64(b);
  if (h <= 1) /* SIG_DFL, SIG_IGN */
    return;
  g_mutex_lock(&g.lock);
  gint n = g.n_handlers, known = 0;
  for (gint i = 0; i < n; i++)
    known |= g.handlers[i] == h;
  if (!known && n < (gint)(sizeof g.handlers / sizeof *g.handlers)) {
    g.handlers[n] = h;
    g_atomic_int_set(&g.n_handlers, n + 1); /* published after the entry */
  }
  g_mutex_unlock(&g.lock);
}
