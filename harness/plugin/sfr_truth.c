/* sfr_truth.c - a QEMU TCG plugin (QEMU >= 9.2, plugin API 4): execution
 * truth for every instruction of a user-mode program, and the oracle's
 * unwind of it, compared frame by frame.
 *
 * Truth comes from execution, never from CFI or SFrame:
 *  - a shadow stack of frames {return address, caller's SP at the call},
 *    pushed at every executed call instruction (recognised from the
 *    instruction's bytes at translation time);
 *  - a frame is popped by meaning, not by opcode: when a translation block
 *    starts at the top frame's return address with SP equal to its caller's
 *    SP (a return, whatever instruction made it), or when SP has moved
 *    above the caller's SP (longjmp and other non-local exits);
 *  - a signal handler entered without a call (the handler addresses come
 *    from the rt_sigaction system calls) pushes a frame whose return address
 *    is the restorer the handler returns to.
 *  - a translation block that starts at a return point seen earlier (the
 *    instruction after a call, with the SP it had then) of a frame below the
 *    top pops everything above that frame: longjmp ends in an indirect
 *    branch to setjmp's return point, with the SP setjmp's caller had;
 *    AArch64 and s390x callees may share their caller's SP, so SP alone
 *    cannot tell that the frames above are gone.
 * Tail calls are jumps and keep the frame, as they should.
 *
 * At every executed instruction that an FDE covers, the oracle unwinds the
 * whole stack from the live registers, reading guest memory through
 * qemu_plugin_read_memory_vaddr, and every caller frame's PC and SP must
 * equal the truth, down to the first frame SFrame does not cover (that
 * frame itself included: its PC and SP are what the covered frame above it
 * recovers).
 *
 * Arguments (-plugin libsfrtruth.so,arg=value,...):
 *   sframe=FILE   the program's .sframe section, extracted   (required)
 *   vma=ADDR      its address                                (required)
 *   out=FILE      the result, JSON (sframe-conformance/harness/1)
 *   snapdir=DIR   write snapshots (decoder/SNAPSHOT.md format) there
 *   snaps=N       at most N chosen snapshots (default 0), one every
 *   stride=N      N-th checked instruction (default 10007)
 *   wrongsnaps=N  at most N snapshots of wrong unwinds (default 50)
 *   pauth=MASK    bits a PAuth-signed RA carries (AArch64; default 0)
 *   check=0       keep the truth only, unwind nothing (the recorder's own
 *                 speed, which make bench compares with gdb's)
 */
#include <errno.h>
#include <glib.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "sframe_ref.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

enum arch { ARCH_X86_64, ARCH_AARCH64, ARCH_S390X };

typedef struct frame {
  uint64_t ra;  /* where the call returns */
  uint64_t csp; /* the caller's SP at the call (and after the return) */
} frame;

#define MAX_TRUTH 4096
#define RET_POINTS 4096 /* direct-mapped cache of return points, by PC */

typedef struct ret_point {
  uint64_t pc, sp;
  size_t level; /* the depth of the frame the return landed in */
} ret_point;
#define MAX_WRONG_KEPT 64

typedef struct wrong_rec {
  uint64_t pc;
  unsigned frame;
  char why[96];
  uint64_t count;
} wrong_rec;

static struct {
  enum arch arch;
  int big_endian;
  uint8_t *sec_bytes;
  size_t sec_len;
  sfr_section sec;
  uint64_t vma;
  char *out_path, *snapdir;
  uint64_t snaps_max, stride, wrongsnaps_max, pauth, check;
  /* registers */
  struct qemu_plugin_register *r_sp, *r_fp, *r_ra;
  struct qemu_plugin_register *r_dwarf[SFR_MAX_REGS];
  GByteArray *rbuf, *mbuf;
  /* the shadow stack */
  frame *stack;
  size_t depth, cap;
  int just_called;
  ret_point rets[RET_POINTS];
  uint64_t handlers[64];
  size_t n_handlers;
  /* counts */
  struct qemu_plugin_scoreboard *executed;
  uint64_t checked, correct, wrong, fp_unknown, frames_checked, max_depth, nonlocal_exits;
  int fill_unreadable;  /* read_mem: zero-fill what cannot be read, and count */
  uint64_t filled;
  uint64_t snaps_written, wrongsnaps_written, checks_since_snap;
  wrong_rec wrongs[MAX_WRONG_KEPT];
  size_t n_wrongs;
  uint64_t wrong_dropped;
  int vcpus;
  sfr_regs bt[MAX_TRUTH + 2];
} g;

/* ---- registers and memory ---- */

static uint64_t reg_value(struct qemu_plugin_register *h) {
  g_byte_array_set_size(g.rbuf, 0);
  int n = qemu_plugin_read_register(h, g.rbuf);
  uint64_t v = 0;
  if (n <= 0)
    return 0;
  if (n > 8)
    n = 8; /* the low 64 bits (s390x FPRs are 8 bytes; AArch64 SP/PC 8) */
  for (int i = 0; i < n; i++) {
    int k = g.big_endian ? i : n - 1 - i;
    v = (v << 8) | g.rbuf->data[k];
  }
  return v;
}

static int read_mem(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  (void)ctx;
  g_byte_array_set_size(g.mbuf, 0);
  if (!qemu_plugin_read_memory_vaddr(addr, g.mbuf, n) || g.mbuf->len != n) {
    if (!g.fill_unreadable)
      return -1;
    g.filled++;
    memset(out, 0, n);
    return 0;
  }
  memcpy(out, g.mbuf->data, n);
  return 0;
}

static uint64_t load_u64(const uint8_t *b) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v = (v << 8) | b[g.big_endian ? i : 7 - i];
  return v;
}

/* ---- instruction classes (from the bytes QEMU translates) ---- */

static int is_call(const uint8_t *b, size_t n) {
  switch (g.arch) {
  case ARCH_X86_64: {
    size_t i = 0;
    /* prefixes: operand/address size, notrack (3e), rep, REX */
    while (i < n && (b[i] == 0x66 || b[i] == 0x67 || b[i] == 0x3e || b[i] == 0xf2 ||
                     b[i] == 0xf3 || (b[i] >= 0x40 && b[i] <= 0x4f)))
      i++;
    if (i < n && b[i] == 0xe8)
      return 1;
    if (i + 1 < n && b[i] == 0xff && ((b[i + 1] >> 3) & 7) == 2)
      return 1;
    return 0;
  }
  case ARCH_AARCH64: {
    if (n != 4)
      return 0;
    uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    if ((w & 0xfc000000u) == 0x94000000u) /* BL */
      return 1;
    if ((w & 0xfffffc1fu) == 0xd63f0000u) /* BLR */
      return 1;
    if ((w & 0xfefff800u) == 0xd63f0800u) /* BLRAA, BLRAAZ, BLRAB, BLRABZ */
      return 1;
    return 0;
  }
  case ARCH_S390X:
    if (n == 6 && b[0] == 0xc0 && (b[1] & 0x0f) == 5) /* BRASL */
      return 1;
    if (n == 4 && b[0] == 0xa7 && (b[1] & 0x0f) == 5) /* BRAS */
      return 1;
    if (n == 2 && b[0] == 0x0d && (b[1] & 0x0f) != 0) /* BASR, not BASR r,0 */
      return 1;
    if (n == 4 && b[0] == 0x4d) /* BAS */
      return 1;
    return 0;
  }
  return 0;
}

/* The CFA of a frame whose caller's SP at the call is csp (spec 3.1.3). */
static uint64_t cfa_of(uint64_t csp) { return g.arch == ARCH_S390X ? csp + 160 : csp; }

/* ---- the shadow stack ---- */

static void push(uint64_t ra, uint64_t csp) {
  if (g.depth == g.cap) {
    g.cap = g.cap ? g.cap * 2 : 256;
    g.stack = g_realloc(g.stack, g.cap * sizeof *g.stack);
  }
  g.stack[g.depth++] = (frame){ra, csp};
  if (g.depth > g.max_depth)
    g.max_depth = g.depth;
}

/* Frames whose caller's SP is below the current SP are gone (longjmp). */
static void drop_dead(uint64_t sp) {
  while (g.depth && sp > g.stack[g.depth - 1].csp)
    g.depth--;
}

static size_t ret_slot(uint64_t pc) { return (size_t)((pc ^ (pc >> 12)) % RET_POINTS); }

static void on_tb(unsigned int vcpu, void *udata) {
  (void)vcpu;
  uint64_t pc = (uintptr_t)udata;
  int just = g.just_called;
  g.just_called = 0;
  while (g.depth && g.stack[g.depth - 1].ra == pc) {
    uint64_t sp = reg_value(g.r_sp);
    if (sp != g.stack[g.depth - 1].csp)
      break;
    g.depth--; /* a return, by meaning */
    g.rets[ret_slot(pc)] = (ret_point){pc, sp, g.depth};
  }
  ret_point *rp = &g.rets[ret_slot(pc)];
  if (rp->pc == pc && rp->level < g.depth && reg_value(g.r_sp) == rp->sp) {
    /* A non-local exit (longjmp) to a return point of a frame below. */
    g.depth = rp->level;
    g.nonlocal_exits++;
  }
  if (!just) {
    for (size_t i = 0; i < g.n_handlers; i++) {
      if (g.handlers[i] != pc)
        continue;
      /* Entered by signal delivery: the handler returns to the restorer. */
      uint64_t sp = reg_value(g.r_sp), ra;
      if (g.arch == ARCH_X86_64) {
        uint8_t b[8];
        ra = read_mem(NULL, sp, b, 8) == 0 ? load_u64(b) : 0;
        push(ra, sp + 8);
      } else {
        ra = reg_value(g.r_ra);
        push(ra, sp);
      }
      break;
    }
  }
}

static void on_call(unsigned int vcpu, void *udata) {
  (void)vcpu;
  uint64_t sp = reg_value(g.r_sp);
  drop_dead(sp);
  push((uintptr_t)udata, sp);
  g.just_called = 1;
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1,
                       uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                       uint64_t a7, uint64_t a8) {
  (void)id, (void)vcpu, (void)a1, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7, (void)a8;
  int64_t sigaction_nr = g.arch == ARCH_X86_64 ? 13 : g.arch == ARCH_AARCH64 ? 134 : 174;
  if (num != sigaction_nr || a2 == 0)
    return;
  uint8_t b[8];
  if (read_mem(NULL, a2, b, 8) != 0)
    return;
  uint64_t h = load_u64(b);
  if (h <= 1) /* SIG_DFL, SIG_IGN */
    return;
  for (size_t i = 0; i < g.n_handlers; i++)
    if (g.handlers[i] == h)
      return;
  if (g.n_handlers < sizeof g.handlers / sizeof *g.handlers)
    g.handlers[g.n_handlers++] = h;
}

/* ---- checking one instruction ---- */

static int covered(uint64_t pc, sfr_pc_mode mode) {
  sfr_lookup_result res;
  return sfr_lookup(&g.sec, pc, mode, &res) == SFR_LOOKUP_FOUND;
}

/* covered(ra, SFR_PC_RA), remembered: the same return addresses recur at
 * every instruction of their callees. */
static int ra_covered(uint64_t ra) {
  static struct {
    uint64_t ra;
    int known, covered;
  } cache[8192];
  size_t i = (size_t)((ra ^ (ra >> 13)) % 8192);
  if (!cache[i].known || cache[i].ra != ra) {
    cache[i].ra = ra;
    cache[i].known = 1;
    cache[i].covered = covered(ra, SFR_PC_RA);
  }
  return cache[i].covered;
}

static void read_all_regs(sfr_regs *r) {
  for (unsigned i = 0; i < SFR_MAX_REGS; i++) {
    if (!g.r_dwarf[i])
      continue;
    r->gpr[i] = reg_value(g.r_dwarf[i]);
    r->gpr_valid |= (uint64_t)1 << i;
  }
}

static void write_snapshot(const char *kind, uint64_t n, const sfr_regs *top, size_t k_end,
                           const char *why) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s-%06" PRIu64 ".snapshot", g.snapdir, kind, n);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "sfr_truth: cannot write %s\n", path);
    return;
  }
  /* The window: from 128 bytes below SP (the x86-64 red zone, where an
   * epilogue's FP rule may still point) to 16 bytes above the CFA of the
   * last frame the unwind needs. */
  uint64_t lo = top->sp - 128;
  uint64_t hi = cfa_of(k_end ? g.stack[g.depth - k_end].csp : top->sp) + 16;
  if (hi - lo > (1u << 20))
    hi = lo + (1u << 20);
  fprintf(f, "# sfr_truth snapshot: %s\n", why ? why : "chosen");
  fprintf(f, "# truth %u frames to check: frame PC SP (the caller's SP at the call)\n",
          (unsigned)k_end + 1);
  fprintf(f, "# truth 0 0x%" PRIx64 " 0x%" PRIx64 "\n", top->pc, top->sp);
  for (size_t k = 1; k <= k_end; k++)
    fprintf(f, "# truth %u 0x%" PRIx64 " 0x%" PRIx64 "\n", (unsigned)k, g.stack[g.depth - k].ra,
            g.stack[g.depth - k].csp);
  fprintf(f, "pc 0x%" PRIx64 "\nsp 0x%" PRIx64 "\nfp 0x%" PRIx64 "\n", top->pc, top->sp, top->fp);
  if (top->ra_valid)
    fprintf(f, "ra 0x%" PRIx64 "\n", top->ra);
  uint32_t spn = sfr_abi_sp_reg(g.sec.abi), fpn = sfr_abi_fp_reg(g.sec.abi);
  for (unsigned i = 0; i < SFR_MAX_REGS; i++)
    if (((top->gpr_valid >> i) & 1) && i != spn && i != fpn)
      fprintf(f, "reg %u 0x%" PRIx64 "\n", i, top->gpr[i]);
  if (g.pauth)
    fprintf(f, "pauth-mask 0x%" PRIx64 "\n", g.pauth);
  fprintf(f, "max-frames %u\n", (unsigned)(k_end + 2 > 4096 ? 4096 : k_end + 2));
  for (uint64_t a = lo; a < hi; a += 32) {
    uint8_t b[32];
    size_t n = hi - a < 32 ? (size_t)(hi - a) : 32;
    if (read_mem(NULL, a, b, n) != 0)
      continue;
    fprintf(f, "mem 0x%" PRIx64 " ", a);
    for (size_t i = 0; i < n; i++)
      fprintf(f, "%02x", b[i]);
    fputc('\n', f);
  }
  fclose(f);
}

static void note_wrong(uint64_t pc, unsigned frame_no, const char *why) {
  for (size_t i = 0; i < g.n_wrongs; i++)
    if (g.wrongs[i].pc == pc && g.wrongs[i].frame == frame_no && !strcmp(g.wrongs[i].why, why)) {
      g.wrongs[i].count++;
      return;
    }
  if (g.n_wrongs == MAX_WRONG_KEPT) {
    g.wrong_dropped++;
    return;
  }
  wrong_rec *w = &g.wrongs[g.n_wrongs++];
  w->pc = pc;
  w->frame = frame_no;
  snprintf(w->why, sizeof w->why, "%s", why);
  w->count = 1;
}

static void on_check(unsigned int vcpu, void *udata) {
  (void)vcpu;
  sfr_regs top;
  memset(&top, 0, sizeof top);
  top.pc = (uintptr_t)udata;
  top.sp = reg_value(g.r_sp);
  top.fp = reg_value(g.r_fp);
  if (g.r_ra) {
    top.ra = reg_value(g.r_ra);
    top.ra_valid = 1;
  }
  drop_dead(top.sp);

  /* The frames to check: 1..k_end, where k_end is the first truth frame
   * (counting the topmost as 0) that SFrame does not cover, or the last. */
  size_t k_end = 0;
  while (k_end < g.depth && k_end < MAX_TRUTH && (k_end ? ra_covered(g.stack[g.depth - k_end].ra) : 1))
    k_end++;

  sfr_unwind_ctx uc = {&g.sec, read_mem, NULL, g.pauth};
  sfr_stop why;
  size_t n = sfr_backtrace(&uc, &top, g.bt, k_end + 1, &why);
  if (n <= k_end && why == SFR_STOP_REG_UNKNOWN) {
    /* A flexible rule names another register: read them all, try again. */
    read_all_regs(&top);
    n = sfr_backtrace(&uc, &top, g.bt, k_end + 1, &why);
  }
  g.checked++;
  char msg[96] = "";
  unsigned bad = 0;
  for (size_t k = 1; k <= k_end; k++) {
    const frame *t = &g.stack[g.depth - k];
    if (k >= n) {
      snprintf(msg, sizeof msg, "stopped early: %s", sfr_stop_name(why));
    } else if (g.bt[k].pc != t->ra) {
      snprintf(msg, sizeof msg, "pc 0x%" PRIx64 ", truth 0x%" PRIx64, g.bt[k].pc, t->ra);
    } else if (g.bt[k].sp != t->csp) {
      snprintf(msg, sizeof msg, "sp 0x%" PRIx64 ", truth 0x%" PRIx64, g.bt[k].sp, t->csp);
    } else {
      g.frames_checked++;
      continue;
    }
    bad = (unsigned)k;
    break;
  }
  if (bad && k_end >= n && why == SFR_STOP_MEM_READ) {
    /* Did the walk stop only because a saved FP could not be read?  Walk
     * again reading zeros where memory cannot be read: if every frame's PC
     * and SP then equal the truth, the unreadable word was an FP, whose
     * value the truth does not judge (an x86-64 DRAP epilogue's FP rule
     * still names the FP after `leave`, GCC emitting no .cfi_restore). */
    g.fill_unreadable = 1;
    g.filled = 0;
    size_t n2 = sfr_backtrace(&uc, &top, g.bt, k_end + 1, &why);
    g.fill_unreadable = 0;
    size_t k = 1;
    while (k <= k_end && k < n2 && g.bt[k].pc == g.stack[g.depth - k].ra &&
           g.bt[k].sp == g.stack[g.depth - k].csp)
      k++;
    if (k > k_end && g.filled) {
      g.fp_unknown++;
      g.frames_checked += k_end - (bad - 1);
      return;
    }
  }
  if (!bad) {
    g.correct++;
  } else {
    g.wrong++;
    note_wrong(top.pc, bad, msg);
    if (g.snapdir && g.wrongsnaps_written < g.wrongsnaps_max) {
      read_all_regs(&top);
      write_snapshot("wrong", g.wrongsnaps_written++, &top, k_end, msg);
    }
  }
  if (g.snapdir && g.snaps_written < g.snaps_max && ++g.checks_since_snap >= g.stride &&
      k_end > 0 && !bad) {
    g.checks_since_snap = 0;
    read_all_regs(&top);
    write_snapshot("chosen", g.snaps_written++, &top, k_end, NULL);
  }
}

/* ---- translation ---- */

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  size_t n = qemu_plugin_tb_n_insns(tb);
  qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb, QEMU_PLUGIN_CB_R_REGS,
                                       (void *)(uintptr_t)qemu_plugin_tb_vaddr(tb));
  qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
      tb, QEMU_PLUGIN_INLINE_ADD_U64, qemu_plugin_scoreboard_u64(g.executed), n);
  for (size_t i = 0; i < n; i++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    uint64_t va = qemu_plugin_insn_vaddr(insn);
    uint8_t bytes[16];
    size_t len = qemu_plugin_insn_data(insn, bytes, sizeof bytes);
    if (g.check && covered(va, SFR_PC_IP))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_check, QEMU_PLUGIN_CB_R_REGS,
                                             (void *)(uintptr_t)va);
    if (is_call(bytes, len))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_call, QEMU_PLUGIN_CB_R_REGS,
                                             (void *)(uintptr_t)(va + len));
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

static void on_vcpu_init(qemu_plugin_id_t id, unsigned int vcpu) {
  (void)id;
  if (++g.vcpus > 1) {
    fprintf(stderr, "sfr_truth: vCPU %u: only single-threaded programs are supported\n", vcpu);
    exit(70);
  }
  GArray *regs = qemu_plugin_get_registers();
  /* Every DWARF register by its QEMU name; SP, FP and RA are among them. */
  switch (g.arch) {
  case ARCH_X86_64: {
    static const char *const dw[16] = {"rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp",
                                       "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};
    for (unsigned i = 0; i < 16; i++)
      g.r_dwarf[i] = find_reg(regs, dw[i]);
    g.r_sp = g.r_dwarf[7], g.r_fp = g.r_dwarf[6];
    break;
  }
  case ARCH_AARCH64:
    for (unsigned i = 0; i < 31; i++)
      g.r_dwarf[i] = find_regf(regs, "x%u", i);
    g.r_dwarf[31] = find_reg(regs, "sp");
    g.r_sp = g.r_dwarf[31], g.r_fp = g.r_dwarf[29], g.r_ra = g.r_dwarf[30];
    break;
  case ARCH_S390X: {
    /* DWARF 16-31 are f0 f2 f4 f6 f1 f3 f5 f7 f8 f10 f12 f14 f9 f11 f13 f15 */
    static const unsigned fdw[16] = {0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15};
    for (unsigned i = 0; i < 16; i++) {
      g.r_dwarf[i] = find_regf(regs, "r%u", i);
      g.r_dwarf[16 + i] = find_regf(regs, "f%u", fdw[i]);
    }
    g.r_sp = g.r_dwarf[15], g.r_fp = g.r_dwarf[11], g.r_ra = g.r_dwarf[14];
    break;
  }
  }
  g_array_free(regs, TRUE);
  if (!g.r_sp || !g.r_fp || (g.arch != ARCH_X86_64 && !g.r_ra)) {
    fprintf(stderr, "sfr_truth: this QEMU does not expose the SP/FP/RA registers by name\n");
    exit(70);
  }
}

static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static void on_exit_cb(qemu_plugin_id_t id, void *p) {
  (void)id, (void)p;
  uint64_t executed = qemu_plugin_u64_sum(qemu_plugin_scoreboard_u64(g.executed));
  FILE *f = g.out_path ? fopen(g.out_path, "w") : stderr;
  if (!f) {
    fprintf(stderr, "sfr_truth: cannot write %s\n", g.out_path);
    exit(70);
  }
  fprintf(f,
          "{\"schema\":\"sframe-conformance/harness/1\",\"executed\":%" PRIu64
          ",\"checked\":%" PRIu64 ",\"correct\":%" PRIu64 ",\"fp_unknown\":%" PRIu64 ",\"wrong\":%" PRIu64
          ",\"not_covered\":%" PRIu64 ",\"frames_checked\":%" PRIu64 ",\"max_depth\":%" PRIu64 ",\"nonlocal_exits\":%" PRIu64
          ",\"signal_handlers\":%zu,\"snapshots\":%" PRIu64 ",\"wrong_snapshots\":%" PRIu64
          ",\"wrong_kinds_dropped\":%" PRIu64 ",\"wrongs\":[",
          executed, g.checked, g.correct, g.fp_unknown, g.wrong, executed - g.checked,
          g.frames_checked, g.max_depth, g.nonlocal_exits, g.n_handlers, g.snaps_written, g.wrongsnaps_written, g.wrong_dropped);
  for (size_t i = 0; i < g.n_wrongs; i++) {
    fprintf(f, "%s{\"pc\":\"0x%" PRIx64 "\",\"frame\":%u,\"count\":%" PRIu64 ",\"why\":",
            i ? "," : "", g.wrongs[i].pc, g.wrongs[i].frame, g.wrongs[i].count);
    json_str(f, g.wrongs[i].why);
    fputc('}', f);
  }
  fprintf(f, "]}\n");
  if (f != stderr)
    fclose(f);
}

static int parse_u64(const char *s, uint64_t *v) {
  char *end;
  errno = 0;
  *v = strtoull(s, &end, 0);
  return *s && !*end;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv) {
  const char *sframe = NULL;
  int have_vma = 0;
  g.stride = 10007;
  g.wrongsnaps_max = 50;
  g.check = 1;
  if (!strcmp(info->target_name, "x86_64"))
    g.arch = ARCH_X86_64;
  else if (!strcmp(info->target_name, "aarch64"))
    g.arch = ARCH_AARCH64;
  else if (!strcmp(info->target_name, "s390x"))
    g.arch = ARCH_S390X, g.big_endian = 1;
  else {
    fprintf(stderr, "sfr_truth: unsupported target %s\n", info->target_name);
    return -1;
  }
  for (int i = 0; i < argc; i++) {
    char *eq = strchr(argv[i], '=');
    if (!eq) {
      fprintf(stderr, "sfr_truth: bad argument '%s' (want key=value)\n", argv[i]);
      return -1;
    }
    *eq = 0;
    const char *k = argv[i], *v = eq + 1;
    int ok = 1;
    if (!strcmp(k, "sframe"))
      sframe = v;
    else if (!strcmp(k, "vma"))
      ok = parse_u64(v, &g.vma), have_vma = 1;
    else if (!strcmp(k, "out"))
      g.out_path = g_strdup(v);
    else if (!strcmp(k, "snapdir"))
      g.snapdir = g_strdup(v);
    else if (!strcmp(k, "snaps"))
      ok = parse_u64(v, &g.snaps_max);
    else if (!strcmp(k, "stride"))
      ok = parse_u64(v, &g.stride);
    else if (!strcmp(k, "wrongsnaps"))
      ok = parse_u64(v, &g.wrongsnaps_max);
    else if (!strcmp(k, "pauth"))
      ok = parse_u64(v, &g.pauth);
    else if (!strcmp(k, "check"))
      ok = parse_u64(v, &g.check);
    else {
      fprintf(stderr, "sfr_truth: unknown argument '%s'\n", k);
      return -1;
    }
    if (!ok) {
      fprintf(stderr, "sfr_truth: bad number for %s: '%s'\n", k, v);
      return -1;
    }
  }
  if (!sframe || !have_vma) {
    fprintf(stderr, "sfr_truth: sframe=FILE and vma=ADDR are required\n");
    return -1;
  }
  gchar *bytes;
  gsize len;
  GError *err = NULL;
  if (!g_file_get_contents(sframe, &bytes, &len, &err)) {
    fprintf(stderr, "sfr_truth: %s\n", err->message);
    return -1;
  }
  g.sec_bytes = (uint8_t *)bytes;
  g.sec_len = len;
  sfr_finding where;
  sfr_status st = sfr_open(&g.sec, g.sec_bytes, g.sec_len, g.vma, &where);
  if (st != SFR_OK) {
    fprintf(stderr, "sfr_truth: %s: %s\n", sframe, sfr_finding_message(st));
    return -1;
  }
  /* Validation verifies the order, so lookups may binary-search. */
  size_t scratch_len = sfr_validate_scratch_size(g.sec_len);
  void *scratch = g_malloc(scratch_len ? scratch_len : 1);
  sfr_finding items[16];
  sfr_report rep = {items, 16, 0, {0}};
  sfr_validate_ex(&g.sec, g.sec_bytes, g.sec_len, g.vma, scratch, scratch_len, &rep);
  g_free(scratch);
  if (sfr_report_rejects(&rep)) {
    const char *first = "";
    for (size_t i = 0; i < rep.count && i < 16; i++)
      if (sfr_finding_class(items[i].id) != SFR_CLASS_QUESTIONABLE) {
        first = sfr_finding_name(items[i].id);
        break;
      }
    fprintf(stderr, "sfr_truth: %s: the section is not valid (%s); run sfref validate\n", sframe,
            first);
    return -1;
  }
  if ((g.sec.abi == SFR_ABI_AMD64_LE) != (g.arch == ARCH_X86_64) ||
      (g.sec.abi == SFR_ABI_S390X_BE) != (g.arch == ARCH_S390X)) {
    fprintf(stderr, "sfr_truth: the section's ABI (%s) is not this emulator's (%s)\n",
            sfr_abi_name(g.sec.abi), info->target_name);
    return -1;
  }
  g.rbuf = g_byte_array_new();
  g.mbuf = g_byte_array_new();
  g.executed = qemu_plugin_scoreboard_new(sizeof(uint64_t));
  qemu_plugin_register_vcpu_init_cb(id, on_vcpu_init);
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
  qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
  qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
  return 0;
}
