/* SPDX-License-Identifier: MIT */
/* truth_translate.c - translation: each block QEMU translates gets the
 * callbacks its instructions need (on_tb at its start; on_call, on_jump at
 * calls and jumps; on_check before each covered instruction; on_store at
 * stores), and each vCPU its registers by name (on_vcpu_init). */
#include "truth.h"

void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  if (!g_atomic_int_get(&g.mod[0].opened) && !g.interp)
    open_section(qemu_plugin_tb_vaddr(tb)); /* the first block is the entry */
  size_t n = qemu_plugin_tb_n_insns(tb);
  uint64_t tb_va = qemu_plugin_tb_vaddr(tb);
  qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb, QEMU_PLUGIN_CB_R_REGS,
                                       (void *)(uintptr_t)tb_va);
  qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
      tb, QEMU_PLUGIN_INLINE_ADD_U64, qemu_plugin_scoreboard_u64_in_struct(g.score, sboard, executed),
      n);
  int m = mod_of(tb_va); /* a block lies in one module */
  /* (elision: on from translation on, once no chosen snapshot is left;
   * blocks translated before count and check every instruction, but
   * their instructions that may write SP, FP or the LR are not marked,
   * so that elision waits for them: the first check of each block, made
   * in full, sets ok_id only when eliding() says so) */
  int elide = g.elide != 0;
  qemu_plugin_u64 covered = {g.score, offsetof(sboard, covered)};
  qemu_plugin_u64 ok_id = {g.score, offsetof(sboard, ok_id)};
  if (m >= 0)
    qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
        tb, QEMU_PLUGIN_INLINE_ADD_U64,
        (qemu_plugin_u64){g.score, offsetof(sboard, mod_exec) + (size_t)m * sizeof(uint64_t)}, n);
  for (size_t i = 0; i < n; i++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    uint64_t va = qemu_plugin_insn_vaddr(insn);
    uint8_t bytes[16];
    size_t len = qemu_plugin_insn_data(insn, bytes, sizeof bytes);
    int k = plt_of(m, va);
    if (k >= 0)
      qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(
          insn, QEMU_PLUGIN_INLINE_ADD_U64,
          (qemu_plugin_u64){g.score, offsetof(sboard, plt_exec) +
                                         ((size_t)m * PLT_KINDS + (size_t)k) * sizeof(uint64_t)},
          1);
    const insn_desc *d = g.check ? insn_desc_for(va) : NULL;
    if (d && elide) {
      /* (in this order: counted, checked unless elided, then elision
       * stopped by an instruction that may write SP, FP or the LR) */
      qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(insn, QEMU_PLUGIN_INLINE_ADD_U64, covered, 1);
      if (d->id && g.elide == 1)
        qemu_plugin_register_vcpu_insn_exec_cond_cb(insn, on_check, QEMU_PLUGIN_CB_R_REGS,
                                                    QEMU_PLUGIN_COND_NE, ok_id, d->id, (void *)d);
      else
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_check, QEMU_PLUGIN_CB_R_REGS, (void *)d);
    } else if (d) {
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_check, QEMU_PLUGIN_CB_R_REGS, (void *)d);
    }
    if (elide && !keeps_frame_regs(bytes, len))
      qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(insn, QEMU_PLUGIN_INLINE_STORE_U64, ok_id, 0);
    if (g.check && !g.full)
      qemu_plugin_register_vcpu_mem_cb(insn, on_store, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_W,
                                       NULL);
    if (is_call(bytes, len))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_call, QEMU_PLUGIN_CB_R_REGS,
                                             (void *)(uintptr_t)(va + len));
    int jr = jump_reg(bytes, len);
    if (jr >= 0 && truth_covered(va, SFR_PC_IP) && va < (UINT64_C(1) << 59))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_jump, QEMU_PLUGIN_CB_R_REGS,
                                             (void *)(uintptr_t)(va << 5 | (uint64_t)jr));
  }
}

static struct qemu_plugin_register *find_reg(GArray *regs, const char *name) {
  for (guint i = 0; i < regs->len; i++) {
    qemu_plugin_reg_descriptor *d = &g_array_index(regs, qemu_plugin_reg_descriptor, i);
    if (!strcmp(d->name, name))
      return d->handle;
  }
  return NULL;
}

/* find_reg of a numbered name: fmt holds one %u. */
static struct qemu_plugin_register *find_regf(GArray *regs, const char *fmt, unsigned n) {
  char name[16];
  snprintf(name, sizeof name, fmt, n);
  return find_reg(regs, name);
}

void on_vcpu_init(qemu_plugin_id_t id, unsigned int vcpu_index) {
  (void)id;
  if (vcpu_index >= MAX_VCPUS) {
    fprintf(stderr, "sfr_truth: vCPU %u: more than %d threads at once are not supported\n",
            vcpu_index, MAX_VCPUS);
    fatal_exit();
  }
  g_mutex_lock(&g.lock);
  vstate *v = g.vs[vcpu_index];
  if (!v) {
    v = g_new0(vstate, 1);
    v->rbuf = g_byte_array_new();
    v->mbuf = g_byte_array_new();
    g.vs[vcpu_index] = v;
  }
  g.threads++;
  g_mutex_unlock(&g.lock);
  /* A thread that reuses a vCPU index starts a stack of its own; its
   * counts add to those of the index's earlier threads. */
  elide_flush_vcpu(vcpu_index); /* (an earlier thread's, with its last check) */
  elide_stop(vcpu_index);
  v->depth = 0;
  v->top.row = NULL;
  v->started = 0;
  v->called_sp = 0;
  v->pend_open = v->pend_map = -1;
  g_free(v->land);
  v->land = NULL, v->land_cap = 0, v->land_n = 0;
  memset(v->land_filter, 0, sizeof v->land_filter);
  memset(v->ra_filter, 0, sizeof v->ra_filter);
  GArray *regs = qemu_plugin_get_registers();
  /* Every DWARF register by its QEMU name; SP, FP and RA are among them. */
  switch (g.arch) {
  case ARCH_X86_64: {
    static const char *const dw[16] = {"rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp",
                                       "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};
    for (unsigned i = 0; i < 16; i++)
      v->r_dwarf[i] = find_reg(regs, dw[i]);
    v->r_sp = v->r_dwarf[7], v->r_fp = v->r_dwarf[6];
    break;
  }
  case ARCH_AARCH64:
    for (unsigned i = 0; i < 31; i++)
      v->r_dwarf[i] = find_regf(regs, "x%u", i);
    v->r_dwarf[31] = find_reg(regs, "sp");
    v->r_sp = v->r_dwarf[31], v->r_fp = v->r_dwarf[29], v->r_ra = v->r_dwarf[30];
    break;
  case ARCH_S390X: {
    /* DWARF 16-31 are f0 f2 f4 f6 f1 f3 f5 f7 f8 f10 f12 f14 f9 f11 f13 f15 */
    static const unsigned fdw[16] = {0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15};
    for (unsigned i = 0; i < 16; i++) {
      v->r_dwarf[i] = find_regf(regs, "r%u", i);
      v->r_dwarf[16 + i] = find_regf(regs, "f%u", fdw[i]);
    }
    v->r_sp = v->r_dwarf[15], v->r_fp = v->r_dwarf[11], v->r_ra = v->r_dwarf[14];
    break;
  }
  }
  g_array_free(regs, TRUE);
  if (!v->r_sp || !v->r_fp || (g.arch != ARCH_X86_64 && !v->r_ra)) {
    fprintf(stderr, "sfr_truth: this QEMU does not expose the SP/FP/RA registers by name\n");
    fatal_exit();
  }
}
