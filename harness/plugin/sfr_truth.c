/* sfr_truth.c - a QEMU TCG plugin (QEMU >= 9.2, plugin API 4): execution
 * truth for every instruction of a user-mode program, and the oracle's
 * unwind of it, compared frame by frame.
 *
 * Truth comes from execution, never from CFI or SFrame.  Each thread
 * (vCPU) has a shadow stack of frames {return address, caller's SP at the
 * call}:
 *  - pushed at every executed call instruction (recognised from the
 *    instruction's bytes at translation time);
 *  - popped by meaning, not by opcode: when a translation block starts at
 *    the top frame's return address with SP equal to its caller's SP (a
 *    return, whatever instruction made it), or when SP has moved above the
 *    top frame's caller's SP;
 *  - non-local exits (longjmp, siglongjmp, a C++-style unwinder's jump):
 *    every return lands at a point (address, SP) of the frame it returns
 *    to, and each landing is remembered with that frame's identity.  A
 *    block that starts at a remembered landing of a live frame below the
 *    top pops every frame above it, at any depth of nesting through one
 *    setjmp site (each level has its own SP).  SP alone cannot tell:
 *    AArch64 and s390x callees may share their caller's SP;
 *  - a signal handler entered without a call (the handler addresses come
 *    from the rt_sigaction system calls, and the entry SP is not the one a
 *    call would give) pushes a frame whose return address is the restorer
 *    the handler returns to; sigreturn resumes where the signal came;
 *  - a stack switch (swapcontext, sigaltstack, coroutines): while SP is
 *    outside the thread's own stack (the stack size below the SP the
 *    thread started with), nothing is pushed or popped and the covered
 *    instructions executed there are counted as "truth unknown: other
 *    stack", never checked.  Back on its own stack the thread's frames are
 *    as they were when it left;
 *  - threads: each vCPU is one thread with its own shadow stack.
 * Tail calls are jumps and keep the frame, as they should.  A jump through
 * a register that leaves its function with the link register set by hand
 * to an address inside it is a call (on_jump).
 *
 * At every executed instruction an FDE covers, the oracle unwinds from the
 * live registers, reading guest memory through qemu_plugin_read_memory_vaddr,
 * and every caller frame's PC and SP must equal the truth, down to the
 * first frame SFrame does not cover (that frame included: its PC and SP are
 * what the covered frame above it recovers).
 *
 * Unwinding is incremental (unwind=incremental, the default): each truth
 * frame remembers the step the oracle made from it (its input FP, its
 * output, the memory it read) and the verdict of the whole chain below it.
 * At an instruction only the topmost frame is unwound afresh; the chain
 * below is reused from the first frame whose input FP equals the one it
 * was checked with.  A store into memory a remembered step read (every
 * store is watched) forgets that step and every verdict above it, so a
 * corrupted saved slot deep in the stack is still caught.  unwind=full
 * walks the whole stack with sfr_backtrace at every instruction (the
 * reference the incremental counts must equal).
 *
 * Wrong unwinds are bucketed by (instruction checked, instruction of the
 * frame whose step went wrong, what went wrong), counted, none dropped;
 * each bucket names the failing frame's SFrame rule.
 *
 * Arguments (-plugin libsfrtruth.so,arg=value,...):
 *   sframe=FILE   the program's .sframe section, extracted   (required)
 *   vma=ADDR      its address in the file                     (required)
 *   entry=ADDR    the file's entry point (e_entry): the load bias is
 *                 where QEMU put the entry minus this (static-pie, PIE);
 *                 absent: no bias (ET_EXEC)
 *   interp=1      the program has an interpreter (dynamically linked): its
 *                 entry is read from the auxiliary vector (AT_ENTRY) when
 *                 the first block runs, not from the first block translated
 *   out=FILE      the result, JSON (sframe-conformance/harness/2)
 *   snapdir=DIR   write snapshots (decoder/SNAPSHOT.md format) there
 *   snaps=N       at most N chosen snapshots (default 0), one every
 *   stride=N      N-th checked instruction (default 10007)
 *   wrongsnaps=N  at most N snapshots of wrong unwinds (default 50)
 *   pauth=MASK    bits a PAuth-signed RA carries (AArch64; default 0)
 *   check=0       keep the truth only, unwind nothing
 *   unwind=full   re-unwind the whole stack at every instruction
 *   stack=BYTES   a thread's stack size (default 8 MiB, QEMU's and glibc's)
 *   progress=S    a progress line on stderr every S seconds (default 3; 0 off)
 *   exec=VADDR:MEMSZ:OFFSET  an executable PT_LOAD of the module (repeatable;
 *                 the program's, or the last lib='s): the module's code is
 *                 there (absent for the program: every address is its)
 *   plt=NAME:ADDR:SIZE  a PLT section of the module (.plt, .plt.sec,
 *                 .plt.got, .iplt; file addresses): its executed and
 *                 checked instructions are counted apart
 *   root=DIR      QEMU's -L: a guest's absolute path is looked up under DIR
 *                 first (how lib= files opened by the guest are known)
 *   ldso=VADDR    after a lib=: that library is the program's interpreter,
 *                 which QEMU maps without a system call; its bias is AT_BASE
 *                 minus VADDR (its lowest PT_LOAD address)
 *   lib=PATH      a shared object with .sframe of its own, loaded by the
 *                 program; the sframe=, vma=, exec= and plt= after it are
 *                 its.  Its load bias is learnt from the guest's system
 *                 calls: openat of PATH (the same file: device and inode)
 *                 gives a descriptor, mmap of it with PROT_EXEC the address
 *                 of an executable PT_LOAD.  Each frame is unwound with the
 *                 section of the module its PC lies in.
 *
 * One file of about 1,300 lines on purpose: a plugin is one shared object
 * whose callbacks (translation, each block, each checked instruction,
 * stores, system calls, exit) all work on one state (g and each vCPU's
 * vstate) under one rule of who writes what when; split, each part would
 * need that state's whole layout and that rule.  Its parts are marked
 * ("---- ... ----") in the order a run meets them.
 */
#include <errno.h>
#include <glib.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <qemu-plugin.h>

#include "sfc_tools.h"
#include "sframe_ref.h"

/* A fatal error, from any callback: the message is out, and the process
 * ends without running the exit handlers (on_exit_cb takes g.lock, which
 * the failing callback may hold: exit() would wait on it forever). */
_Noreturn static void fatal_exit(void) {
  fflush(stderr);
  _exit(70);
}


QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

enum arch { ARCH_X86_64, ARCH_AARCH64, ARCH_S390X };

/* What a step (one frame's unwind) gave, against the truth. */
enum verdict { V_OK = 0, V_PC, V_SP, V_STOP };

typedef struct frame {
  uint64_t ra;  /* where the call returns */
  uint64_t csp; /* the caller's SP at the call (and after the return) */
  uint64_t serial;
  uint64_t entry; /* the callee's first instruction */
  uint8_t reloc;  /* the callee moved its frame above csp (see relocated) */
  uint8_t fn_known;        /* fn_lo/fn_hi hold the callee's extent */
  uint64_t fn_lo, fn_hi;   /* the callee's function (its FDE), 0: none */
  int64_t unc;  /* index of the nearest frame at or below this one whose RA
                   no FDE covers (-1: none) */
  /* The oracle's step from this frame (pc ra, sp csp, fp in_fp) to the
   * frame below, remembered while cached is set. */
  uint8_t cached, verdict, stop, filled;
  uint64_t in_fp, out_pc, out_sp, out_fp;
  uint64_t rd_lo, rd_hi; /* the memory the step read: [rd_lo, rd_hi) */
  uint64_t min_lo;       /* the lowest rd_lo of a cached step at or below */
  /* The chain from this frame's step down, valid while tail_ok is set. */
  uint8_t tail_ok, tail_filled;
  int64_t tail_bad;      /* index of the frame whose step went wrong, -1 */
  uint64_t tail_frames;  /* frames that equal the truth */
} frame;

typedef struct landing {
  uint64_t pc, sp;   /* pc 0: empty */
  uint64_t level;    /* the depth after the return */
  uint64_t serial;   /* the serial of the frame it returned to (0: none) */
} landing;

#define LANDING_BITS 16 /* the filter: a bit per hashed landing address */

typedef struct counts {
  uint64_t checked, correct, wrong, fp_unknown, reg_unknown, unknown_stack, frames_checked;
  uint64_t max_depth, nonlocal_exits, signal_frames, steps, reused, relocated, jump_calls;
} counts;

/* Modules: the program (0) and each lib= (1..). */
#define MAX_MODS 64 /* the program, ld.so, its libraries, what it dlopens */
#define MAX_XSEG 4
enum { PLT_PLT, PLT_SEC, PLT_GOT, PLT_IPLT, PLT_KINDS };
static const char *const plt_names[PLT_KINDS] = {".plt", ".plt.sec", ".plt.got", ".iplt"};

/* What one instruction's check gave (on_check), counted per module and
 * per PLT section. */
typedef struct mcounts {
  uint64_t checked, correct, fp_unknown, reg_unknown, wrong, unknown_stack;
} mcounts;

/* Per-vCPU inline counters (a scoreboard): executed instructions, in all,
 * per module, per module's PLT section. */
typedef struct sboard {
  uint64_t executed;
  uint64_t mod_exec[MAX_MODS];
  uint64_t plt_exec[MAX_MODS][PLT_KINDS];
} sboard;

typedef struct module {
  char *path;            /* lib=: the file; NULL for the program */
  dev_t dev;
  ino_t ino;
  char *sec_path;
  uint8_t *sec_bytes;
  size_t sec_len;
  uint64_t vma;
  int have_vma;
  sfr_section sec;
  uint64_t bias;
  gint opened;           /* set (atomically) once sec is open at bias */
  uint64_t lo, hi;       /* its code where loaded (hi 0: everywhere) */
  struct {
    uint64_t vaddr, memsz, off;
  } xseg[MAX_XSEG];
  unsigned n_xseg;
  uint64_t plt_lo[PLT_KINDS], plt_hi[PLT_KINDS]; /* file addresses; hi 0: none */
  uint64_t maps, remaps; /* executable mappings seen; at another bias */
  int ldso;              /* ldso=: the program's interpreter (bias from AT_BASE) */
  uint64_t ldso_vaddr;   /* its lowest PT_LOAD address */
} module;

#define MAX_FDS 4096 /* guest descriptors followed (the loader's are small) */

/* One thread. */
typedef struct vstate {
  struct qemu_plugin_register *r_sp, *r_fp, *r_ra;
  struct qemu_plugin_register *r_dwarf[SFR_MAX_REGS];
  GByteArray *rbuf, *mbuf;
  frame *stack;
  size_t depth, cap;
  uint64_t serial;
  uint64_t called_sp; /* SP a callee has at entry after the last call; 0 none */
  int started;
  uint64_t stack_lo, stack_hi; /* the thread's own stack */
  landing *land;
  size_t land_cap, land_n;
  uint8_t land_filter[1u << (LANDING_BITS - 3)];
  uint8_t ra_filter[1u << (LANDING_BITS - 3)]; /* return addresses pushed */
  struct {
    uint64_t ra;
    int known, covered, gen;
  } ra_cache[4096];
  struct {
    uint64_t pc, lo, hi; /* hi 0: no FDE */
    int gen;
  } jump_fn[64]; /* the function of each jump site seen (on_jump) */
  /* read_mem's record of the current step */
  int fill_unreadable;
  uint64_t filled, rd_lo, rd_hi;
  sfr_regs *bt;
  size_t bt_cap;
  counts c;
  mcounts mc[MAX_MODS], plt[MAX_MODS][PLT_KINDS];
  uint64_t checks_since_snap;
  /* a system call in flight: the module an openat names, an mmap's */
  int pend_open, pend_map;
  uint64_t pend_off, pend_len;
} vstate;

typedef struct bucket {
  uint64_t top_pc, step_pc;
  int mod, step_mod; /* the modules of the two (-1: none) */
  int plt;           /* the PLT section of top_pc (-1: none) */
  char what[48];
  char rule[160];
  uint64_t count, frame_min, frame_max;
} bucket;

#define MAX_VCPUS 512

static struct {
  enum arch arch;
  int big_endian;
  uint8_t abi;
  module mod[MAX_MODS];
  int n_mods;
  gint mod_gen; /* bumped when a module opens: ra_cache entries are stale */
  int8_t fd_mod[MAX_FDS]; /* guest descriptor -> module + 1 */
  uint64_t entry, interp;
  int have_entry;
  char *root; /* root=: QEMU's -L prefix, where guest paths are looked up first */
  char *out_path, *snapdir;
  uint64_t snaps_max, stride, wrongsnaps_max, pauth, check, full, stack_size, progress;
  struct qemu_plugin_scoreboard *score; /* sboard per vCPU */
  GMutex lock; /* buckets, snapshots, handlers, threads, progress */
  GHashTable *buckets;
  GHashTable *reg_at; /* truth unknown (register): step PC -> count */
  uint64_t snaps_written, wrongsnaps_written;
  uint64_t handlers[64];
  gint n_handlers;
  vstate *vs[MAX_VCPUS];
  unsigned threads;
  int64_t t0, last_progress;
  uint64_t progress_tick;
} g;

/* ---- registers and memory ---- */

static uint64_t reg_value(vstate *v, struct qemu_plugin_register *h) {
  g_byte_array_set_size(v->rbuf, 0);
  int n = qemu_plugin_read_register(h, v->rbuf);
  uint64_t x = 0;
  if (n <= 0)
    return 0;
  if (n > 8)
    n = 8; /* the low 64 bits (s390x FPRs are 8 bytes; AArch64 SP/PC 8) */
  for (int i = 0; i < n; i++) {
    int k = g.big_endian ? i : n - 1 - i;
    x = (x << 8) | v->rbuf->data[k];
  }
  return x;
}

/* The oracle's memory callback: ctx is the thread.  Records the range each
 * step reads; with fill_unreadable set, reads zeros where memory cannot be
 * read, and counts them. */
static int read_mem(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  vstate *v = ctx;
  if (addr < v->rd_lo)
    v->rd_lo = addr;
  if (addr + n > v->rd_hi)
    v->rd_hi = addr + n;
  g_byte_array_set_size(v->mbuf, 0);
  if (!qemu_plugin_read_memory_vaddr(addr, v->mbuf, n) || v->mbuf->len != n) {
    if (!v->fill_unreadable)
      return -1;
    v->filled++;
    memset(out, 0, n);
    return 0;
  }
  memcpy(out, v->mbuf->data, n);
  return 0;
}

static uint64_t load_u64(const uint8_t *b) {
  uint64_t x = 0;
  for (int i = 0; i < 8; i++)
    x = (x << 8) | b[g.big_endian ? i : 7 - i];
  return x;
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
    /* A call links into r14, the ABI's return-address register; a branch
     * that links elsewhere is a jump (mold's PLT stubs end in BASR %r0,%r1:
     * r0 gets an address nobody returns to). */
    if (n >= 2 && (b[1] >> 4) != 14)
      return 0;
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

/* A jump through a register other than the link register: the register
 * (its DWARF number), or -1.  On AArch64 and s390x such a jump is a call
 * when the code set the link register by hand first (libffi's s390x
 * ffi_call_SYSV: LARL %r14,label; BR %r1); on_jump decides at execution.
 * x86-64 has no link register: -1. */
static int jump_reg(const uint8_t *b, size_t n) {
  switch (g.arch) {
  case ARCH_AARCH64: {
    if (n != 4)
      return -1;
    uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    unsigned r = (w >> 5) & 31;
    return (w & 0xfffffc1fu) == 0xd61f0000u && r != 30 ? (int)r : -1; /* BR */
  }
  case ARCH_S390X: {
    unsigned r = n == 2 ? b[1] & 0x0f : 0;
    return n == 2 && b[0] == 0x07 && (b[1] >> 4) == 15 && r != 0 && r != 14 ? (int)r : -1; /* BR */
  }
  default:
    return -1;
  }
}

/* The CFA of a frame whose caller's SP at the call is csp (spec 3.1.3). */
static uint64_t cfa_of(uint64_t csp) { return g.arch == ARCH_S390X ? csp + 160 : csp; }

/* The SP a callee has at its first instruction after a call made at sp. */
static uint64_t entry_sp(uint64_t sp) { return g.arch == ARCH_X86_64 ? sp - 8 : sp; }

/* ---- coverage ---- */

/* The code ranges of the opened modules, sorted by address, for mod_of:
 * rebuilt whole when a module opens (under g.lock, or before a second
 * thread exists) and published with one pointer; a reader may still be
 * searching an earlier table, so tables are kept. */
typedef struct {
  size_t n;
  int all; /* the module every other address belongs to (the program
            * without exec=), or -1 */
  struct {
    uint64_t lo, hi;
    int m;
  } r[MAX_MODS];
} modtab;
static modtab *mtab_pub;

static void publish_modtab(void) {
  modtab *t = g_new0(modtab, 1);
  t->all = -1;
  for (int m = 0; m < g.n_mods; m++) {
    const module *md = &g.mod[m];
    if (!g_atomic_int_get(&md->opened))
      continue;
    if (!md->hi) {
      t->all = m;
      continue;
    }
    size_t k = t->n++;
    for (; k > 0 && t->r[k - 1].lo > md->lo; k--)
      t->r[k] = t->r[k - 1];
    t->r[k].lo = md->lo, t->r[k].hi = md->hi, t->r[k].m = m;
  }
  __atomic_store_n(&mtab_pub, t, __ATOMIC_RELEASE);
}

/* The module whose code holds addr (-1: none): a library's executable
 * segments where it was loaded, else the program's (everywhere when its
 * segments were not given).  Two modules' code is never mapped at one
 * address at once, so the first range ending above addr is the only one
 * that can hold it. */
static int mod_of(uint64_t addr) {
  const modtab *t = __atomic_load_n(&mtab_pub, __ATOMIC_ACQUIRE);
  if (!t)
    return -1;
  size_t lo = 0, hi = t->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (t->r[mid].hi <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < t->n && addr >= t->r[lo].lo ? t->r[lo].m : t->all;
}

/* The module of a PC: an instruction's address, or a return address (its
 * call is the byte before: a call may be the last instruction). */
static int mod_of_pc(uint64_t pc, sfr_pc_mode mode) {
  return mod_of(mode == SFR_PC_RA ? pc - 1 : pc);
}

static const sfr_section *sec_of(uint64_t pc, sfr_pc_mode mode) {
  int m = mod_of_pc(pc, mode);
  return m < 0 ? NULL : &g.mod[m].sec;
}

/* Which PLT section of module m holds pc (-1: none). */
static int plt_of(int m, uint64_t pc) {
  if (m < 0)
    return -1;
  const module *md = &g.mod[m];
  uint64_t a = pc - md->bias;
  for (int k = 0; k < PLT_KINDS; k++)
    if (md->plt_hi[k] && a >= md->plt_lo[k] && a < md->plt_hi[k])
      return k;
  return -1;
}

static int covered(uint64_t pc, sfr_pc_mode mode) {
  sfr_lookup_result res;
  const sfr_section *sec = sec_of(pc, mode);
  return sec && sfr_lookup(sec, pc, mode, &res) == SFR_LOOKUP_FOUND;
}

/* covered(ra, SFR_PC_RA), remembered per thread: the same return addresses
 * recur in every call. */
static int ra_covered(vstate *v, uint64_t ra) {
  size_t i = (size_t)((ra ^ (ra >> 13)) % (sizeof v->ra_cache / sizeof *v->ra_cache));
  int gen = g_atomic_int_get(&g.mod_gen);
  if (!v->ra_cache[i].known || v->ra_cache[i].ra != ra || v->ra_cache[i].gen != gen) {
    v->ra_cache[i].ra = ra;
    v->ra_cache[i].known = 1;
    v->ra_cache[i].gen = gen;
    v->ra_cache[i].covered = covered(ra, SFR_PC_RA);
  }
  return v->ra_cache[i].covered;
}

/* ---- the shadow stack ---- */

static unsigned land_bit(uint64_t pc) {
  return (unsigned)((pc ^ (pc >> 16)) & ((1u << LANDING_BITS) - 1));
}

static int on_own_stack(const vstate *v, uint64_t sp) {
  return sp >= v->stack_lo && sp <= v->stack_hi;
}

static void push(vstate *v, uint64_t ra, uint64_t csp) {
  if (v->depth == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 256;
    v->stack = g_realloc(v->stack, v->cap * sizeof *v->stack);
  }
  frame *f = &v->stack[v->depth];
  memset(f, 0, sizeof *f);
  f->ra = ra;
  f->csp = csp;
  f->serial = ++v->serial;
  f->unc = ra_covered(v, ra) ? (v->depth ? v->stack[v->depth - 1].unc : -1) : (int64_t)v->depth;
  f->min_lo = v->depth ? v->stack[v->depth - 1].min_lo : UINT64_MAX;
  unsigned b = land_bit(ra);
  v->ra_filter[b >> 3] |= (uint8_t)(1u << (b & 7));
  v->depth++;
  if (v->depth > v->c.max_depth)
    v->c.max_depth = v->depth;
}

static const sfr_section *sec_of(uint64_t pc, sfr_pc_mode mode);

/* The extent [lo, hi) of the function (its FDE) holding pc; 0 if none. */
static int fn_extent(uint64_t pc, sfr_pc_mode mode, uint64_t *lo, uint64_t *hi) {
  const sfr_section *sec = sec_of(pc, mode);
  sfr_lookup_result res;
  if (!sec || sfr_lookup(sec, pc, mode, &res) == SFR_LOOKUP_NO_FDE)
    return 0;
  *lo = res.fde.start, *hi = res.fde.start + res.fde.size;
  return 1;
}

/* Is pc (looked up as mode says) in the function whose first instruction
 * is entry?  The function's extent is its FDE's. */
static int in_function(uint64_t pc, sfr_pc_mode mode, uint64_t entry) {
  const sfr_section *sec = entry ? sec_of(pc, mode) : NULL;
  sfr_lookup_result res;
  return sec && sfr_lookup(sec, pc, mode, &res) != SFR_LOOKUP_NO_FDE && res.fde.start == entry;
}


/* AArch64 and s390x: a C++ exception's landing pad runs in the catching
 * function at exactly the SP it had at its call into the callee the
 * exception left, which a live leaf callee also has.  Told apart by where
 * the code runs: outside the top frame's own function (its FDE, from its
 * entry) and inside its caller's function, not at the return address, the
 * top frame was left.  (Outside both is a tail call: alive.)  A function's
 * first instruction is never a landing pad: there the top frame has
 * tail-called that function, which becomes its own (CPython's _Py_Dealloc
 * jumps to the type's dealloc, which may be its caller's function). */
static void drop_landed(vstate *v, uint64_t sp, uint64_t pc) {
  while (v->depth >= 2) {
    frame *t = &v->stack[v->depth - 1];
    if (sp != t->csp || pc == t->ra || t->reloc || !t->entry)
      return;
    if (!t->fn_known) {
      t->fn_known = 1;
      if (!fn_extent(t->entry, SFR_PC_IP, &t->fn_lo, &t->fn_hi))
        t->fn_lo = t->fn_hi = 0;
    }
    if (pc >= t->fn_lo && pc < t->fn_hi)
      return; /* in its own function: alive */
    uint64_t lo, hi;
    if (fn_extent(pc, SFR_PC_IP, &lo, &hi) && lo == pc) {
      t->fn_lo = lo, t->fn_hi = hi; /* a tail call: alive, in its new function */
      return;
    }
    if (!in_function(pc, SFR_PC_IP, v->stack[v->depth - 2].entry))
      return; /* not in its caller's: a tail call */
    v->depth--;
    v->c.nonlocal_exits++;
  }
}

/* Is a frame whose caller's SP at the call was csp gone, the SP being sp?
 * On x86-64 the call pushed the return address, so a live frame's own code
 * runs at csp - 8 or below, and sp >= csp means it was left: a C++
 * exception's landing pad in the caller runs at exactly the caller's SP at
 * the call.  AArch64 and s390x push nothing: a leaf runs at csp. */
static int gone(uint64_t sp, uint64_t csp) {
  return g.arch == ARCH_X86_64 ? sp >= csp : sp > csp;
}

/* x86-64: does a general register hold ra?  A function that pops its own
 * return address into a register (glibc's __vfork: pop %rdi; syscall;
 * push %rdi; ret) runs at its call SP while alive. */
static int ra_in_register(vstate *v, uint64_t ra) {
  for (unsigned i = 0; i < 16; i++)
    if (i != 7 && v->r_dwarf[i] && reg_value(v, v->r_dwarf[i]) == ra)
      return 1;
  return 0;
}

/* Frames whose caller's SP is below the current SP are gone (longjmp,
 * exceptions)
 * unless the code running (pc, as mode says) is the top frame's own
 * function: that function moved its frame up the stack rather than leaving
 * it (libffi's ffi_call_unix64 puts its frame, return address relocated,
 * at the top of the area its caller allocated, and calls from there).  The
 * frame is alive: its csp becomes this SP (the order of csps holds), and
 * the SP its caller will have after the return is not known (judge). */
static void drop_dead(vstate *v, uint64_t sp, uint64_t pc, sfr_pc_mode mode) {
  if (v->depth && gone(sp, v->stack[v->depth - 1].csp)) {
    frame *t = &v->stack[v->depth - 1];
    if (g.arch == ARCH_X86_64 && sp == t->csp && mode == SFR_PC_IP && ra_in_register(v, t->ra))
      return; /* its return address popped into a register: alive */
    if (in_function(pc, mode, t->entry)) {
      t->csp = sp + (g.arch == ARCH_X86_64 ? 8 : 0); /* as if called from here */
      t->reloc = 1;
      t->cached = 0;
      t->tail_ok = 0;
      v->c.relocated++;
    }
  }
  while (v->depth && gone(sp, v->stack[v->depth - 1].csp))
    v->depth--;
  if (mode == SFR_PC_IP && g.arch != ARCH_X86_64)
    drop_landed(v, sp, pc);
}

static uint64_t land_hash(uint64_t pc, uint64_t sp) {
  uint64_t h = pc * 0x9e3779b97f4a7c15ull ^ sp * 0xc2b2ae3d27d4eb4full;
  return h ^ (h >> 29);
}

/* A landing is alive while the frame it returned to is. */
static int land_alive(const vstate *v, const landing *l) {
  if (l->level > v->depth)
    return 0;
  return l->level == 0 ? l->serial == 0 : v->stack[l->level - 1].serial == l->serial;
}

static void land_put(vstate *v, landing l);

/* Keep the live landings only, in a table at least twice their number. */
static void land_rehash(vstate *v) {
  landing *old = v->land;
  size_t old_cap = v->land_cap, live = 0;
  for (size_t i = 0; i < old_cap; i++)
    live += old[i].pc && land_alive(v, &old[i]);
  size_t cap = 1024;
  while (cap < 4 * (live + 1))
    cap *= 2;
  v->land = g_new0(landing, cap);
  v->land_cap = cap;
  v->land_n = 0;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].pc && land_alive(v, &old[i]))
      land_put(v, old[i]);
  g_free(old);
}

static void land_put(vstate *v, landing l) {
  if (2 * (v->land_n + 1) > v->land_cap)
    land_rehash(v);
  size_t mask = v->land_cap - 1, i = (size_t)land_hash(l.pc, l.sp) & mask;
  while (v->land[i].pc && !(v->land[i].pc == l.pc && v->land[i].sp == l.sp))
    i = (i + 1) & mask;
  if (!v->land[i].pc)
    v->land_n++;
  v->land[i] = l;
  unsigned b = land_bit(l.pc);
  v->land_filter[b >> 3] |= (uint8_t)(1u << (b & 7));
}

static const landing *land_get(const vstate *v, uint64_t pc, uint64_t sp) {
  if (!v->land_cap)
    return NULL;
  size_t mask = v->land_cap - 1, i = (size_t)land_hash(pc, sp) & mask;
  while (v->land[i].pc) {
    if (v->land[i].pc == pc && v->land[i].sp == sp)
      return &v->land[i];
    i = (i + 1) & mask;
  }
  return NULL;
}

static void open_section(uint64_t loaded_entry);
static void open_module(int m, uint64_t bias);

/* An entry of the auxiliary vector above argc, argv and the environment at
 * the process's first SP (AT_ENTRY: the program's entry as the loader was
 * told it; AT_BASE: where the interpreter was loaded). */
static uint64_t auxv_value(vstate *v, uint64_t sp, uint64_t want) {
  uint8_t w[8];
  uint64_t a = sp, argc;
  if (read_mem(v, a, w, 8) != 0)
    goto fail;
  argc = load_u64(w);
  a += 8 * (argc + 2); /* argc, argv[], NULL */
  for (unsigned i = 0; i < 100000; i++, a += 8) { /* the environment */
    if (read_mem(v, a, w, 8) != 0)
      goto fail;
    if (!load_u64(w))
      break;
  }
  for (a += 8;; a += 16) {
    uint8_t val[8];
    if (read_mem(v, a, w, 8) != 0 || read_mem(v, a + 8, val, 8) != 0)
      goto fail;
    uint64_t type = load_u64(w);
    if (type == want)
      return load_u64(val);
    if (type == 0 /* AT_NULL */)
      break;
  }
fail:
  fprintf(stderr, "sfr_truth: no entry %" PRIu64 " in the auxiliary vector at 0x%" PRIx64 "\n", want,
          sp);
  fatal_exit();
}

/* A return landed at (pc, sp) in the frame now on top: remembered, so that
 * a later longjmp to the same place is known as one. */
static void landed(vstate *v, uint64_t pc, uint64_t sp) {
  landing l = {pc, sp, v->depth, v->depth ? v->stack[v->depth - 1].serial : 0};
  land_put(v, l);
}

/* The process's first block, in its interpreter: the program's section
 * opens at AT_ENTRY's bias, and the interpreter's (ldso=), which QEMU maps
 * itself without a system call, at AT_BASE's. */
static void interp_started(vstate *v, uint64_t sp) {
  open_section(auxv_value(v, sp, 9 /* AT_ENTRY */));
  for (int m = 1; m < g.n_mods; m++)
    if (g.mod[m].ldso) {
      uint64_t base = auxv_value(v, sp, 7 /* AT_BASE */);
      g_mutex_lock(&g.lock);
      g.mod[m].maps++;
      open_module(m, base - g.mod[m].ldso_vaddr);
      g_mutex_unlock(&g.lock);
    }
}

static vstate *vcpu(unsigned int i) { return i < MAX_VCPUS ? g.vs[i] : NULL; }

static void on_tb(unsigned int vcpu_index, void *udata) {
  vstate *v = vcpu(vcpu_index);
  uint64_t pc = (uintptr_t)udata, sp = 0, called_sp = v->called_sp;
  int have_sp = 0, returned = 0;
  v->called_sp = 0;
  if (called_sp && v->depth)
    v->stack[v->depth - 1].entry = pc; /* the callee's first block */
  if (!v->started) {
    /* The thread's first block: its own stack is the stack size below. */
    sp = reg_value(v, v->r_sp);
    if (!g_atomic_int_get(&g.mod[0].opened))
      interp_started(v, sp); /* the interpreter's first block */
    v->started = 1;
    v->stack_hi = sp + (1u << 20); /* arguments and environment above */
    v->stack_lo = sp > g.stack_size ? sp - g.stack_size : 0;
  }
  while (v->depth && v->stack[v->depth - 1].ra == pc) {
    if (!have_sp)
      sp = reg_value(v, v->r_sp), have_sp = 1;
    if (sp != v->stack[v->depth - 1].csp && !v->stack[v->depth - 1].reloc)
      break; /* (a relocated frame returns with the SP it chose) */
    v->depth--; /* a return, by meaning */
    returned = 1;
    landed(v, pc, sp);
  }
  unsigned b = land_bit(pc);
  if (!returned && v->depth >= 2 && ((v->ra_filter[b >> 3] >> (b & 7)) & 1)) {
    /* A return to a frame below the top: the frames above it were left
     * without returning (AArch64's swapcontext calls setcontext, which
     * never returns).  The callers' SPs do not increase from the top
     * down, so the frames with this SP are found by bisection. */
    if (!have_sp)
      sp = reg_value(v, v->r_sp), have_sp = 1;
    size_t lo = 0, hi = v->depth - 1; /* the first index whose csp <= sp */
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (v->stack[mid].csp > sp)
        lo = mid + 1;
      else
        hi = mid;
    }
    for (size_t i = lo; i < v->depth - 1 && v->stack[i].csp == sp; i++) {
      if (v->stack[i].ra != pc)
        continue;
      v->depth = i;
      landed(v, pc, sp);
      v->c.nonlocal_exits++;
      break;
    }
  }
  if ((v->land_filter[b >> 3] >> (b & 7)) & 1) {
    if (!have_sp)
      sp = reg_value(v, v->r_sp), have_sp = 1;
    const landing *l = land_get(v, pc, sp);
    if (l && l->level < v->depth && land_alive(v, l) && on_own_stack(v, sp)) {
      /* A non-local exit (longjmp) to a landing of a frame below. */
      v->depth = (size_t)l->level;
      v->c.nonlocal_exits++;
    }
  }
  gint nh = g_atomic_int_get(&g.n_handlers);
  for (gint i = 0; i < nh; i++) {
    if (g.handlers[i] != pc)
      continue;
    if (!have_sp)
      sp = reg_value(v, v->r_sp), have_sp = 1;
    if (called_sp && sp == called_sp)
      break; /* called directly */
    if (!on_own_stack(v, sp))
      break; /* on an alternate signal stack: truth unknown there */
    /* Entered by signal delivery: the handler returns to the restorer. */
    uint64_t ra;
    if (g.arch == ARCH_X86_64) {
      uint8_t w[8];
      ra = read_mem(v, sp, w, 8) == 0 ? load_u64(w) : 0;
      push(v, ra, sp + 8);
    } else {
      ra = reg_value(v, v->r_ra);
      push(v, ra, sp);
    }
    v->c.signal_frames++;
    break;
  }
}

static void on_call(unsigned int vcpu_index, void *udata) {
  vstate *v = vcpu(vcpu_index);
  uint64_t sp = reg_value(v, v->r_sp);
  if (!on_own_stack(v, sp))
    return;
  drop_dead(v, sp, (uintptr_t)udata, SFR_PC_RA);
  push(v, (uintptr_t)udata, sp);
  v->called_sp = entry_sp(sp);
}

/* Does the instruction before addr call (a return address left in the
 * link register by an earlier call, not one set by hand)?  ld.so's
 * _dl_start_user jumps to the program's entry with x30 still holding the
 * return address of its call to _dl_init. */
static int follows_call(vstate *v, uint64_t addr) {
  static const unsigned lens[] = {2, 4, 6}; /* s390x: BASR, BRAS/BAS, BRASL */
  for (unsigned i = 0; i < 3; i++) {
    unsigned n = g.arch == ARCH_AARCH64 ? 4 : lens[i];
    if (addr < n)
      continue;
    g_byte_array_set_size(v->mbuf, 0);
    if (qemu_plugin_read_memory_vaddr(addr - n, v->mbuf, n) && v->mbuf->len == n &&
        is_call(v->mbuf->data, n))
      return 1;
    if (g.arch == ARCH_AARCH64)
      break;
  }
  return 0;
}

/* A jump through a register (jump_reg) that leaves its function with the
 * link register set by hand to an address inside it is a call: the
 * jumped-to code returns there.  A tail call's link register holds its
 * caller's return address (the top frame's, or one in another function); a
 * jump inside the function (a switch) stays in it; a link register left by
 * a call this function made points just after that call (follows_call).
 * udata: the jump's address shifted left by 5 over its register (user-mode
 * addresses are below 2^59). */
static void on_jump(unsigned int vcpu_index, void *udata) {
  vstate *v = vcpu(vcpu_index);
  uint64_t pc = (uintptr_t)udata >> 5;
  int reg = (int)((uintptr_t)udata & 31);
  uint64_t link = reg_value(v, v->r_ra), lo, hi;
  if (v->depth && v->stack[v->depth - 1].ra == link)
    return; /* the top frame's own return address: a tail call */
  /* An interpreter's dispatch jumps at every bytecode: its function's
   * extent is looked up once per site. */
  size_t c = (size_t)(pc ^ (pc >> 7)) % (sizeof v->jump_fn / sizeof *v->jump_fn);
  int gen = g_atomic_int_get(&g.mod_gen);
  if (v->jump_fn[c].pc != pc || v->jump_fn[c].gen != gen) {
    v->jump_fn[c].pc = pc, v->jump_fn[c].gen = gen;
    if (!fn_extent(pc, SFR_PC_IP, &v->jump_fn[c].lo, &v->jump_fn[c].hi))
      v->jump_fn[c].lo = v->jump_fn[c].hi = 0;
  }
  lo = v->jump_fn[c].lo, hi = v->jump_fn[c].hi;
  if (link < lo || link >= hi)
    return;
  uint64_t target = reg_value(v, v->r_dwarf[reg]);
  if ((target >= lo && target < hi) || follows_call(v, link))
    return;
  uint64_t sp = reg_value(v, v->r_sp);
  if (!on_own_stack(v, sp))
    return;
  drop_dead(v, sp, pc, SFR_PC_IP);
  push(v, link, sp);
  v->called_sp = entry_sp(sp);
  v->c.jump_calls++;
}

/* ---- shared objects: where the loader maps each lib= ---- */

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

static void on_syscall_ret(qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num,
                           int64_t ret) {
  (void)id;
  vstate *v = vcpu(vcpu_index);
  const int64_t *nr = sysnr[g.arch];
  if (!v)
    return;
  if (v->pend_open >= 0 && (num == nr[SYS_OPENAT] || num == nr[SYS_OPEN])) {
    if (ret >= 0 && ret < MAX_FDS)
      g.fd_mod[ret] = (int8_t)(v->pend_open + 1);
  } else if (v->pend_map >= 0 && num == nr[SYS_MMAP]) {
    if (ret < -4096 || ret > 0) /* not an error */
      module_mapped(v->pend_map, (uint64_t)ret, v->pend_len, v->pend_off);
  }
  v->pend_open = v->pend_map = -1;
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num, uint64_t a1,
                       uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                       uint64_t a7, uint64_t a8) {
  (void)id, (void)a4, (void)a7, (void)a8;
  const int64_t *nr = sysnr[g.arch];
  vstate *v = vcpu(vcpu_index);
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
        if (read_mem(v, a1, b, 48) != 0)
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
  if (read_mem(vcpu(vcpu_index), a2, b, 8) != 0)
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

/* A store: forget every remembered step that read the bytes it writes, and
 * every chain verdict above it. */
static void on_store(unsigned int vcpu_index, qemu_plugin_meminfo_t info, uint64_t addr,
                     void *udata) {
  (void)udata;
  vstate *v = vcpu(vcpu_index);
  if (!v->depth)
    return;
  uint64_t end = addr + (1u << qemu_plugin_mem_size_shift(info));
  if (end <= v->stack[v->depth - 1].min_lo)
    return;
  for (size_t a = v->depth; a-- > 0;) {
    frame *f = &v->stack[a];
    if (f->min_lo >= end)
      break;
    if (f->cached && addr < f->rd_hi && f->rd_lo < end) {
      f->cached = 0;
      for (size_t b = a; b < v->depth; b++)
        v->stack[b].tail_ok = 0;
    }
  }
}

/* ---- checking one instruction ---- */

static void read_all_regs(vstate *v, sfr_regs *r) {
  for (unsigned i = 0; i < SFR_MAX_REGS; i++) {
    if (!v->r_dwarf[i])
      continue;
    r->gpr[i] = reg_value(v, v->r_dwarf[i]);
    r->gpr_valid |= (uint64_t)1 << i;
  }
}

/* One frame's unwind, as the full walk does it: a read that fails is read
 * again as zeros (the FP-unknown rule below), and *filled says so. */
/* One frame's step with the section of the module its PC lies in. */
static sfr_stop unwind_frame(vstate *v, const sfr_regs *cur, int topmost, sfr_regs *out) {
  const sfr_section *sec = sec_of(cur->pc, topmost ? SFR_PC_IP : SFR_PC_RA);
  if (!sec)
    return SFR_STOP_NO_FDE;
  sfr_unwind_ctx uc = {sec, read_mem, v, g.pauth};
  return sfr_unwind_frame(&uc, cur, topmost, out);
}

/* sfr_backtrace across modules: each frame with its own module's section. */
static size_t backtrace(vstate *v, const sfr_regs *start, sfr_regs *frames, size_t max,
                        sfr_stop *why) {
  size_t n = 0;
  *why = SFR_STOP_FRAME_LIMIT;
  if (max > 0)
    frames[n++] = *start;
  while (n < max) {
    sfr_stop st = unwind_frame(v, &frames[n - 1], n == 1, &frames[n]);
    if (st != SFR_STOP_NONE) {
      *why = st;
      break;
    }
    n++;
  }
  return n;
}

static sfr_stop step(vstate *v, const sfr_regs *cur, int topmost, sfr_regs *out, int *filled) {
  v->rd_lo = UINT64_MAX, v->rd_hi = 0;
  out->pc = out->sp = out->fp = 0; /* a step that stops writes nothing */
  sfr_stop st = unwind_frame(v, cur, topmost, out);
  *filled = 0;
  if (st == SFR_STOP_MEM_READ) {
    v->fill_unreadable = 1;
    v->filled = 0;
    st = unwind_frame(v, cur, topmost, out);
    v->fill_unreadable = 0;
    *filled = v->filled != 0;
  }
  v->c.steps++;
  return st;
}

static enum verdict judge(sfr_stop st, const sfr_regs *out, const frame *truth) {
  if (st != SFR_STOP_NONE)
    return V_STOP;
  if (out->pc != truth->ra)
    return V_PC;
  /* A relocated frame's caller has an SP after the return that the truth
   * does not know (not the one at the call): its PC is judged, not its SP. */
  return out->sp != truth->csp && !truth->reloc ? V_SP : V_OK;
}

/* Is the step from frame a to be made (frame a covered, a frame below)? */
static int steps_from(const vstate *v, size_t a) {
  return a >= 1 && v->stack[a].unc != (int64_t)a;
}

/* The chain from frame a down, given the FP the step above recovered for
 * it: reuses remembered steps and verdicts, computes the rest, and leaves
 * every frame from a down to the chain's end with a valid verdict. */
static void chain(vstate *v, size_t a, uint64_t fp) {
  size_t end = a;
  for (;;) {
    frame *f = &v->stack[end];
    if (!steps_from(v, end))
      break;
    if (f->cached && f->in_fp == fp && f->tail_ok && !g.full) {
      v->c.reused++;
      break;
    }
    if (!f->cached || f->in_fp != fp || g.full) {
      sfr_regs cur, out;
      cur.pc = f->ra, cur.sp = f->csp, cur.fp = fp, cur.ra = 0, cur.ra_valid = 0;
      cur.gpr_valid = 0;
      int filled;
      sfr_stop st = step(v, &cur, 0, &out, &filled);
      f->cached = 1;
      f->in_fp = fp;
      f->stop = (uint8_t)st;
      f->filled = (uint8_t)filled;
      f->out_pc = out.pc, f->out_sp = out.sp, f->out_fp = out.fp;
      f->rd_lo = v->rd_lo, f->rd_hi = v->rd_hi;
      f->verdict = (uint8_t)judge(st, &out, &v->stack[end - 1]);
    }
    f->tail_ok = 0;
    if (f->verdict != V_OK)
      break;
    fp = f->out_fp;
    end--;
  }
  /* Back up: each frame's verdict from its step and the one below. */
  for (size_t b = end;; b++) {
    frame *f = &v->stack[b];
    uint64_t below_min = b ? v->stack[b - 1].min_lo : UINT64_MAX;
    if (!steps_from(v, b)) {
      f->tail_ok = 1, f->tail_bad = -1, f->tail_frames = 0, f->tail_filled = 0;
    } else if (!f->tail_ok) {
      f->tail_ok = 1;
      if (f->verdict != V_OK) {
        f->tail_bad = (int64_t)b, f->tail_frames = 0, f->tail_filled = f->filled;
      } else {
        const frame *n = &v->stack[b - 1];
        f->tail_bad = n->tail_bad;
        f->tail_frames = 1 + n->tail_frames;
        f->tail_filled = f->filled | n->tail_filled;
      }
    }
    f->min_lo = f->cached && f->rd_lo < below_min ? f->rd_lo : below_min;
    if (b == a)
      break;
  }
}

static void fmt_rule(char *buf, size_t n, uint64_t pc, int topmost) {
  sfr_lookup_result res;
  const sfr_section *sec = sec_of(pc, topmost ? SFR_PC_IP : SFR_PC_RA);
  if (!sec) {
    snprintf(buf, n, "lookup: in no module");
    return;
  }
  sfr_lookup_status ls = sfr_lookup(sec, pc, topmost ? SFR_PC_IP : SFR_PC_RA, &res);
  if (ls != SFR_LOOKUP_FOUND) {
    snprintf(buf, n, "lookup: %s", sfr_lookup_status_name(ls));
    return;
  }
  const sfr_rules *r = &res.rules;
  char cfa[32], ra[24], fp[24];
  const char *base = r->cfa.base == SFR_BASE_SP ? "SP" : r->cfa.base == SFR_BASE_FP ? "FP" : "r";
  snprintf(cfa, sizeof cfa, "%s%s%s%+" PRId64 "%s", r->cfa.deref ? "*(" : "", base,
           r->cfa.base != SFR_BASE_SP && r->cfa.base != SFR_BASE_FP ? "?" : "", r->cfa.offset,
           r->cfa.deref ? ")" : "");
  const sfr_reg_rule *rr[2] = {&r->ra, &r->fp};
  char *outs[2] = {ra, fp};
  for (int i = 0; i < 2; i++) {
    switch ((sfr_rule_kind)rr[i]->kind) {
    case SFR_RULE_UNCHANGED: snprintf(outs[i], 24, "same"); break;
    case SFR_RULE_AT_CFA:
    case SFR_RULE_FIXED: snprintf(outs[i], 24, "[CFA%+" PRId64 "]", rr[i]->offset); break;
    case SFR_RULE_VAL_CFA: snprintf(outs[i], 24, "CFA%+" PRId64, rr[i]->offset); break;
    case SFR_RULE_REG: snprintf(outs[i], 24, "r%u%+" PRId64, rr[i]->reg, rr[i]->offset); break;
    case SFR_RULE_AT_REG: snprintf(outs[i], 24, "[r%u%+" PRId64 "]", rr[i]->reg, rr[i]->offset); break;
    default: snprintf(outs[i], 24, "undefined"); break;
    }
  }
  snprintf(buf, n, "CFA=%s RA=%s FP=%s%s (function 0x%" PRIx64 ", row %u)", cfa, ra, fp,
           r->ra_mangled ? " RA signed" : "", res.fde.start, res.fre.index);
}

static guint bucket_hash(gconstpointer p) {
  const bucket *b = p;
  return (guint)(land_hash(b->top_pc, b->step_pc) ^ g_str_hash(b->what));
}

static gboolean bucket_eq(gconstpointer x, gconstpointer y) {
  const bucket *a = x, *b = y;
  return a->top_pc == b->top_pc && a->step_pc == b->step_pc && !strcmp(a->what, b->what);
}

static void note_wrong(uint64_t top_pc, uint64_t step_pc, unsigned frame_no, const char *what) {
  bucket key;
  memset(&key, 0, sizeof key);
  key.top_pc = top_pc, key.step_pc = step_pc;
  snprintf(key.what, sizeof key.what, "%s", what);
  key.mod = mod_of_pc(top_pc, SFR_PC_IP);
  key.step_mod = mod_of_pc(step_pc, frame_no == 1 ? SFR_PC_IP : SFR_PC_RA);
  key.plt = plt_of(key.mod, top_pc);
  g_mutex_lock(&g.lock);
  bucket *b = g_hash_table_lookup(g.buckets, &key);
  if (!b) {
    b = g_new(bucket, 1);
    *b = key;
    fmt_rule(b->rule, sizeof b->rule, step_pc, frame_no == 1);
    b->frame_min = b->frame_max = frame_no;
    g_hash_table_add(g.buckets, b);
  }
  b->count++;
  if (frame_no < b->frame_min)
    b->frame_min = frame_no;
  if (frame_no > b->frame_max)
    b->frame_max = frame_no;
  g_mutex_unlock(&g.lock);
}

/* What a wrong step gave, without absolute addresses (a bucket's key). */
static void describe(char *buf, size_t n, enum verdict vd, sfr_stop st, uint64_t got_sp,
                     uint64_t truth_sp) {
  if (vd == V_STOP)
    snprintf(buf, n, "stopped: %s", sfr_stop_name(st));
  else if (vd == V_PC)
    snprintf(buf, n, "pc wrong");
  else
    snprintf(buf, n, "sp off by %+" PRId64, (int64_t)(got_sp - truth_sp));
}

static void write_snapshot(vstate *v, const char *kind, uint64_t n, const sfr_regs *top,
                           size_t k_end, const char *why) {
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
  uint64_t hi = cfa_of(k_end ? v->stack[v->depth - k_end].csp : top->sp) + 16;
  if (hi - lo > (1u << 20))
    hi = lo + (1u << 20);
  fprintf(f, "# sfr_truth snapshot: %s\n", why ? why : "chosen");
  fprintf(f, "# truth %u frames to check: frame PC SP (the caller's SP at the call)\n",
          (unsigned)k_end + 1);
  fprintf(f, "# truth 0 0x%" PRIx64 " 0x%" PRIx64 "\n", top->pc, top->sp);
  for (size_t k = 1; k <= k_end; k++)
    fprintf(f, "# truth %u 0x%" PRIx64 " 0x%" PRIx64 "\n", (unsigned)k, v->stack[v->depth - k].ra,
            v->stack[v->depth - k].csp);
  fprintf(f, "pc 0x%" PRIx64 "\nsp 0x%" PRIx64 "\nfp 0x%" PRIx64 "\n", top->pc, top->sp, top->fp);
  if (top->ra_valid)
    fprintf(f, "ra 0x%" PRIx64 "\n", top->ra);
  uint32_t spn = sfr_abi_sp_reg(g.abi), fpn = sfr_abi_fp_reg(g.abi);
  for (unsigned i = 0; i < SFR_MAX_REGS; i++)
    if (((top->gpr_valid >> i) & 1) && i != spn && i != fpn)
      fprintf(f, "reg %u 0x%" PRIx64 "\n", i, top->gpr[i]);
  if (g.pauth)
    fprintf(f, "pauth-mask 0x%" PRIx64 "\n", g.pauth);
  fprintf(f, "max-frames %u\n", (unsigned)(k_end + 2 > 4096 ? 4096 : k_end + 2));
  for (uint64_t a = lo; a < hi; a += 32) {
    uint8_t b[32];
    size_t cnt = hi - a < 32 ? (size_t)(hi - a) : 32;
    if (read_mem(v, a, b, cnt) != 0)
      continue;
    fprintf(f, "mem 0x%" PRIx64 " ", a);
    for (size_t i = 0; i < cnt; i++)
      fprintf(f, "%02x", b[i]);
    fputc('\n', f);
  }
  fclose(f);
}

/* unwind=full: the whole walk with sfr_backtrace, as a profiler would. */
static void check_full(vstate *v, sfr_regs *top, size_t k_end, unsigned *bad, uint64_t *step_pc,
                       char *what, size_t what_n, int *fp_unknown, uint64_t *frames_ok,
                       sfr_stop *bad_stop) {
  if (v->bt_cap < k_end + 1) {
    v->bt_cap = 2 * (k_end + 1);
    v->bt = g_realloc(v->bt, v->bt_cap * sizeof *v->bt);
  }
  sfr_stop why;
  size_t n = backtrace(v, top, v->bt, k_end + 1, &why);
  if (n <= k_end && why == SFR_STOP_REG_UNKNOWN) {
    /* A flexible rule names another register: read them all, try again. */
    read_all_regs(v, top);
    n = backtrace(v, top, v->bt, k_end + 1, &why);
  }
  v->c.steps += n;
  for (size_t k = 1; k <= k_end; k++) {
    const frame *t = &v->stack[v->depth - k];
    enum verdict vd = k >= n ? V_STOP : judge(SFR_STOP_NONE, &v->bt[k], t);
    if (vd == V_OK) {
      ++*frames_ok;
      continue;
    }
    *bad = (unsigned)k;
    *step_pc = v->bt[k - 1].pc;
    *bad_stop = vd == V_STOP ? why : SFR_STOP_NONE;
    describe(what, what_n, vd, why, k < n ? v->bt[k].sp : 0, t->csp);
    break;
  }
  if (*bad && k_end >= n && why == SFR_STOP_MEM_READ) {
    /* Did the walk stop only because a saved FP could not be read?  Walk
     * again reading zeros where memory cannot be read: if every frame's PC
     * and SP then equal the truth, the unreadable word was an FP, whose
     * value the truth does not judge (an x86-64 DRAP epilogue's FP rule
     * still names the FP after `leave`, GCC emitting no .cfi_restore). */
    v->fill_unreadable = 1;
    v->filled = 0;
    size_t n2 = backtrace(v, top, v->bt, k_end + 1, &why);
    v->fill_unreadable = 0;
    size_t k = 1;
    while (k <= k_end && k < n2 && judge(SFR_STOP_NONE, &v->bt[k], &v->stack[v->depth - k]) == V_OK)
      k++;
    if (k > k_end && v->filled) {
      *fp_unknown = 1;
      *bad = 0;
      *frames_ok = k_end;
    }
  }
}

/* A line on stderr every g.progress seconds: this thread's counts. */
static void progress(const vstate *v) {
  int64_t now = g_get_monotonic_time();
  g_mutex_lock(&g.lock);
  if (now - g.last_progress >= (int64_t)g.progress * 1000000) {
    double secs = (double)(now - g.t0) / 1e6;
    fprintf(stderr, "sfr_truth: %.0f s: %" PRIu64 " instructions checked (%.0f a second), %" PRIu64
            " wrong in %u buckets, %" PRIu64 " truth unknown, stack depth %zu\n", secs,
            v->c.checked, secs > 0 ? (double)v->c.checked / secs : 0.0, v->c.wrong,
            g_hash_table_size(g.buckets), v->c.unknown_stack, v->depth);
    g.last_progress = now;
  }
  g_mutex_unlock(&g.lock);
}

/* Snapshot slots: whether any is left (read without the lock, so that
 * the check costs nothing once they are taken), and taking one (its
 * number, or UINT64_MAX when none is left). */
static int slots_left(uint64_t *written, uint64_t max) {
  return __atomic_load_n(written, __ATOMIC_RELAXED) < max;
}
static uint64_t take_slot(uint64_t *written, uint64_t max) {
  g_mutex_lock(&g.lock);
  uint64_t n = __atomic_load_n(written, __ATOMIC_RELAXED);
  if (n < max)
    __atomic_store_n(written, n + 1, __ATOMIC_RELAXED);
  g_mutex_unlock(&g.lock);
  return n < max ? n : UINT64_MAX;
}

/* A snapshot holds one section: with libraries, only stacks whose frames
 * to check all lie in the program (the last may lie in no module). */
static int snap_ok(const vstate *v, uint64_t pc, size_t k_end) {
  if (g.n_mods == 1)
    return 1;
  if (mod_of_pc(pc, SFR_PC_IP) != 0)
    return 0;
  for (size_t k = 1; k <= k_end; k++) {
    int m = mod_of_pc(v->stack[v->depth - k].ra, SFR_PC_RA);
    if (m != 0 && !(k == k_end && m < 0))
      return 0;
  }
  return 1;
}

enum result { R_OTHER_STACK, R_WRONG, R_FP_UNKNOWN, R_REG_UNKNOWN, R_CORRECT };

/* A step that stopped because a register's value cannot be had: a rule
 * naming a register other than SP/FP/RA below the topmost frame (SFrame
 * recovers only those three for the caller), or one QEMU does not expose.
 * The truth is known there but SFrame cannot be judged: "truth unknown:
 * register", never wrong. */
static int reg_unknowable(sfr_stop st) {
  return st == SFR_STOP_REG_RULE_BELOW_TOP || st == SFR_STOP_REG_UNKNOWN;
}

/* A step that needed a register it could not have, counted by the
 * instruction of the frame that stepped (the report names its function). */
static void note_reg_unknown(uint64_t step_pc) {
  g_mutex_lock(&g.lock);
  uint64_t *n = g_hash_table_lookup(g.reg_at, &step_pc);
  if (!n) {
    uint64_t *k = g_new(uint64_t, 1);
    *k = step_pc;
    n = g_new0(uint64_t, 1);
    g_hash_table_insert(g.reg_at, k, n);
  }
  ++*n;
  g_mutex_unlock(&g.lock);
}

static enum result check_insn(vstate *v, uint64_t pc) {
  sfr_regs top;
  top.pc = pc;
  top.sp = reg_value(v, v->r_sp);
  if (!on_own_stack(v, top.sp)) {
    v->c.unknown_stack++;
    return R_OTHER_STACK;
  }
  top.fp = reg_value(v, v->r_fp);
  top.ra = 0, top.ra_valid = 0, top.gpr_valid = 0;
  if (v->r_ra) {
    top.ra = reg_value(v, v->r_ra);
    top.ra_valid = 1;
  }
  drop_dead(v, top.sp, pc, SFR_PC_IP);
  if ((++v->c.checked & 0xfff) == 0 && g.progress)
    progress(v);

  /* The frames to check: 1..k_end, where k_end is the first truth frame
   * (counting the topmost as 0) that SFrame does not cover, or the last. */
  size_t depth = v->depth;
  size_t k_end = depth;
  if (depth && v->stack[depth - 1].unc >= 0)
    k_end = depth - (size_t)v->stack[depth - 1].unc;

  unsigned bad = 0;
  uint64_t step_pc = 0, frames_ok = 0;
  char what[48] = "";
  int fp_unknown = 0;
  sfr_stop bad_stop = SFR_STOP_NONE;
  if (g.full) {
    check_full(v, &top, k_end, &bad, &step_pc, what, sizeof what, &fp_unknown, &frames_ok,
               &bad_stop);
  } else if (k_end) {
    sfr_regs out;
    int filled;
    sfr_stop st = step(v, &top, 1, &out, &filled);
    if (st == SFR_STOP_REG_UNKNOWN) {
      read_all_regs(v, &top);
      st = step(v, &top, 1, &out, &filled);
    }
    const frame *t = &v->stack[depth - 1];
    enum verdict vd = judge(st, &out, t);
    if (vd != V_OK) {
      bad = 1, step_pc = top.pc, bad_stop = vd == V_STOP ? st : SFR_STOP_NONE;
      describe(what, sizeof what, vd, st, out.sp, t->csp);
    } else {
      chain(v, depth - 1, out.fp);
      const frame *f = &v->stack[depth - 1];
      frames_ok = 1 + f->tail_frames;
      fp_unknown = filled | f->tail_filled;
      if (f->tail_bad >= 0) {
        const frame *s = &v->stack[f->tail_bad];
        bad = (unsigned)(depth - (size_t)f->tail_bad + 1);
        step_pc = s->ra;
        bad_stop = s->verdict == V_STOP ? (sfr_stop)s->stop : SFR_STOP_NONE;
        describe(what, sizeof what, (enum verdict)s->verdict, (sfr_stop)s->stop, s->out_sp,
                 v->stack[f->tail_bad - 1].csp);
        frames_ok = depth - (size_t)f->tail_bad; /* frames 1..bad-1 */
      }
    }
  }
  if (bad && reg_unknowable(bad_stop)) {
    v->c.reg_unknown++;
    note_reg_unknown(step_pc);
    v->c.frames_checked += bad - 1;
    return R_REG_UNKNOWN;
  }
  if (bad) {
    v->c.wrong++;
    v->c.frames_checked += bad - 1;
    note_wrong(top.pc, step_pc, bad, what);
    if (g.snapdir && slots_left(&g.wrongsnaps_written, g.wrongsnaps_max) &&
        snap_ok(v, top.pc, k_end)) {
      uint64_t n = take_slot(&g.wrongsnaps_written, g.wrongsnaps_max);
      if (n != UINT64_MAX) {
        read_all_regs(v, &top);
        char why[128];
        snprintf(why, sizeof why, "frame %u: %s", bad, what);
        write_snapshot(v, "wrong", n, &top, k_end, why);
      }
    }
    return R_WRONG;
  }
  v->c.frames_checked += frames_ok;
  if (fp_unknown)
    v->c.fp_unknown++;
  else
    v->c.correct++;
  /* One try every stride-th check (a try that fails waits for the next). */
  int snap = 0;
  if (g.snapdir && slots_left(&g.snaps_written, g.snaps_max) &&
      ++v->checks_since_snap >= g.stride) {
    v->checks_since_snap = 0;
    snap = k_end > 0 && !fp_unknown && snap_ok(v, top.pc, k_end);
  }
  if (snap) {
    uint64_t n = take_slot(&g.snaps_written, g.snaps_max);
    if (n != UINT64_MAX) {
      read_all_regs(v, &top);
      write_snapshot(v, "chosen", n, &top, k_end, NULL);
    }
  }
  return fp_unknown ? R_FP_UNKNOWN : R_CORRECT;
}

static void count(mcounts *c, enum result r) {
  switch (r) {
  case R_OTHER_STACK: c->unknown_stack++; return;
  case R_WRONG: c->wrong++; break;
  case R_FP_UNKNOWN: c->fp_unknown++; break;
  case R_REG_UNKNOWN: c->reg_unknown++; break;
  case R_CORRECT: c->correct++; break;
  }
  c->checked++;
}

static void on_check(unsigned int vcpu_index, void *udata) {
  vstate *v = vcpu(vcpu_index);
  uint64_t pc = (uintptr_t)udata;
  enum result r = check_insn(v, pc);
  int m = mod_of(pc);
  if (m < 0)
    return;
  count(&v->mc[m], r);
  int k = plt_of(m, pc);
  if (k >= 0)
    count(&v->plt[m][k], r);
}

/* ---- translation ---- */

/* Module m's section, opened where the module was loaded (bias): the
 * program's when its first block runs, a library's when the loader maps
 * its code.  Its code's range is then known, and published last. */
static void open_module(int m, uint64_t bias) {
  module *md = &g.mod[m];
  md->bias = bias;
  sfr_finding where;
  sfr_status st = sfr_open(&md->sec, md->sec_bytes, md->sec_len, md->vma + bias, &where);
  if (st != SFR_OK) {
    fprintf(stderr, "sfr_truth: %s: %s\n", md->sec_path, sfr_finding_message(st));
    fatal_exit();
  }
  /* Validation verifies the order, so lookups may binary-search. */
  size_t scratch_len = sfr_validate_scratch_size(md->sec_len);
  void *scratch = g_malloc(scratch_len ? scratch_len : 1);
  sfr_finding items[16];
  sfr_report rep = {items, 16, 0, {0}};
  sfr_validate_ex(&md->sec, md->sec_bytes, md->sec_len, md->vma + bias, scratch, scratch_len,
                  &rep);
  g_free(scratch);
  /* The lookup index (kept for the process: a thread may still be using
   * the one of an earlier opening). */
  size_t index_len = sfr_index_size(&md->sec);
  if (index_len && !sfr_report_rejects(&rep))
    sfr_index_build(&md->sec, g_malloc(index_len), index_len);
  if (sfr_report_rejects(&rep)) {
    const char *first = "";
    for (size_t i = 0; i < rep.count && i < 16; i++)
      if (sfr_finding_class(items[i].id) != SFR_CLASS_QUESTIONABLE) {
        first = sfr_finding_name(items[i].id);
        break;
      }
    fprintf(stderr, "sfr_truth: %s: the section is not valid (%s); run sfref validate\n",
            md->sec_path, first);
    fatal_exit();
  }
  md->lo = UINT64_MAX, md->hi = 0;
  for (unsigned i = 0; i < md->n_xseg; i++) {
    if (md->xseg[i].vaddr + bias < md->lo)
      md->lo = md->xseg[i].vaddr + bias;
    if (md->xseg[i].vaddr + md->xseg[i].memsz + bias > md->hi)
      md->hi = md->xseg[i].vaddr + md->xseg[i].memsz + bias;
  }
  if (!md->n_xseg)
    md->lo = 0; /* hi 0: the program's code is everywhere */
  g_atomic_int_set(&md->opened, 1);
  publish_modtab();
  g_atomic_int_inc(&g.mod_gen);
}

/* The program's section, at the address QEMU loaded it (the first block
 * is translated after the program and its interpreter are mapped). */
static void open_section(uint64_t loaded_entry) {
  open_module(0, g.have_entry ? loaded_entry - g.entry : 0);
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
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
    if (g.check && covered(va, SFR_PC_IP))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_check, QEMU_PLUGIN_CB_R_REGS,
                                             (void *)(uintptr_t)va);
    if (g.check && !g.full)
      qemu_plugin_register_vcpu_mem_cb(insn, on_store, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_W,
                                       NULL);
    if (is_call(bytes, len))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_call, QEMU_PLUGIN_CB_R_REGS,
                                             (void *)(uintptr_t)(va + len));
    int jr = jump_reg(bytes, len);
    if (jr >= 0 && covered(va, SFR_PC_IP) && va < (UINT64_C(1) << 59))
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

static void on_vcpu_init(qemu_plugin_id_t id, unsigned int vcpu_index) {
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
  v->depth = 0;
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

static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static int bucket_order(const void *x, const void *y) {
  const bucket *a = *(bucket *const *)x, *b = *(bucket *const *)y;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  if (a->top_pc != b->top_pc)
    return a->top_pc < b->top_pc ? -1 : 1;
  if (a->step_pc != b->step_pc)
    return a->step_pc < b->step_pc ? -1 : 1;
  return strcmp(a->what, b->what);
}

static uint64_t sb_sum(size_t offset) {
  return qemu_plugin_u64_sum((qemu_plugin_u64){g.score, offset});
}

static void mc_add(mcounts *t, const mcounts *c) {
  t->checked += c->checked, t->correct += c->correct, t->fp_unknown += c->fp_unknown;
  t->reg_unknown += c->reg_unknown;
  t->wrong += c->wrong, t->unknown_stack += c->unknown_stack;
}

/* "executed":..,"checked":..,"right":..,"fp_unknown":..,"reg_unknown":..,"wrong":..,
 * "other_stack":..,"uncovered":.. (an object's fields): right is fully correct; checked is
 * right + fp_unknown + reg_unknown + wrong; uncovered is executed - checked - other_stack. */
static void json_plt_counts(FILE *f, uint64_t executed, const mcounts *c) {
  fprintf(f,
          "\"executed\":%" PRIu64 ",\"checked\":%" PRIu64 ",\"right\":%" PRIu64
          ",\"fp_unknown\":%" PRIu64 ",\"reg_unknown\":%" PRIu64 ",\"wrong\":%" PRIu64
          ",\"other_stack\":%" PRIu64 ",\"uncovered\":%" PRIu64,
          executed, c->checked, c->correct, c->fp_unknown, c->reg_unknown, c->wrong, c->unknown_stack,
          executed - c->checked - c->unknown_stack);
}

/* The PLT counts of module m (-1: every module): in all and per section
 * (the sections some module has). */
static void json_plt(FILE *f, int m) {
  uint64_t ex[PLT_KINDS] = {0}, ex_all = 0;
  mcounts c[PLT_KINDS], all;
  int present[PLT_KINDS] = {0};
  memset(c, 0, sizeof c), memset(&all, 0, sizeof all);
  for (int i = 0; i < g.n_mods; i++) {
    if (m >= 0 && i != m)
      continue;
    for (int k = 0; k < PLT_KINDS; k++) {
      present[k] |= g.mod[i].plt_hi[k] != 0;
      uint64_t e = sb_sum(offsetof(sboard, plt_exec) +
                          ((size_t)i * PLT_KINDS + (size_t)k) * sizeof(uint64_t));
      ex[k] += e, ex_all += e;
      for (unsigned vi = 0; vi < MAX_VCPUS; vi++)
        if (g.vs[vi])
          mc_add(&c[k], &g.vs[vi]->plt[i][k]);
    }
  }
  for (int k = 0; k < PLT_KINDS; k++)
    mc_add(&all, &c[k]);
  fputc('{', f);
  json_plt_counts(f, ex_all, &all);
  fprintf(f, ",\"sections\":{");
  int first = 1;
  for (int k = 0; k < PLT_KINDS; k++) {
    if (!present[k])
      continue;
    fprintf(f, "%s\"%s\":{", first ? "" : ",", plt_names[k]);
    json_plt_counts(f, ex[k], &c[k]);
    fputc('}', f);
    first = 0;
  }
  fprintf(f, "}}");
}

static void json_modules(FILE *f) {
  fprintf(f, "\"modules\":[");
  for (int m = 0; m < g.n_mods; m++) {
    const module *md = &g.mod[m];
    mcounts c;
    memset(&c, 0, sizeof c);
    for (unsigned vi = 0; vi < MAX_VCPUS; vi++)
      if (g.vs[vi])
        mc_add(&c, &g.vs[vi]->mc[m]);
    uint64_t ex = sb_sum(offsetof(sboard, mod_exec) + (size_t)m * sizeof(uint64_t));
    fprintf(f, "%s{\"module\":%d,\"path\":", m ? "," : "", m);
    if (md->path)
      json_str(f, md->path);
    else
      fprintf(f, "null");
    fprintf(f, ",\"sframe\":");
    json_str(f, md->sec_path);
    fprintf(f,
            ",\"loaded\":%s,\"bias\":\"0x%" PRIx64 "\",\"maps\":%" PRIu64 ",\"remaps\":%" PRIu64
            ",\"executed\":%" PRIu64 ",\"checked\":%" PRIu64 ",\"correct\":%" PRIu64
            ",\"fp_unknown\":%" PRIu64 ",\"reg_unknown\":%" PRIu64 ",\"wrong\":%" PRIu64
            ",\"other_stack\":%" PRIu64 ",\"not_covered\":%" PRIu64 ",\"plt\":",
            g_atomic_int_get(&md->opened) ? "true" : "false", md->bias, md->maps, md->remaps, ex,
            c.checked, c.correct, c.fp_unknown, c.reg_unknown, c.wrong, c.unknown_stack,
            ex - c.checked - c.unknown_stack);
    json_plt(f, m);
    fputc('}', f);
  }
  fprintf(f, "],");
}

static void on_exit_cb(qemu_plugin_id_t id, void *p) {
  (void)id, (void)p;
  uint64_t executed = sb_sum(offsetof(sboard, executed));
  counts t;
  memset(&t, 0, sizeof t);
  g_mutex_lock(&g.lock);
  for (unsigned i = 0; i < MAX_VCPUS; i++) {
    const vstate *v = g.vs[i];
    if (!v)
      continue;
    t.checked += v->c.checked, t.correct += v->c.correct, t.wrong += v->c.wrong;
    t.fp_unknown += v->c.fp_unknown, t.unknown_stack += v->c.unknown_stack;
    t.reg_unknown += v->c.reg_unknown;
    t.frames_checked += v->c.frames_checked, t.nonlocal_exits += v->c.nonlocal_exits;
    t.signal_frames += v->c.signal_frames, t.steps += v->c.steps, t.reused += v->c.reused;
    t.relocated += v->c.relocated, t.jump_calls += v->c.jump_calls;
    if (v->c.max_depth > t.max_depth)
      t.max_depth = v->c.max_depth;
  }
  FILE *f = g.out_path ? fopen(g.out_path, "w") : stderr;
  if (!f) {
    fprintf(stderr, "sfr_truth: cannot write %s\n", g.out_path);
    fatal_exit();
  }
  double secs = (double)(g_get_monotonic_time() - g.t0) / 1e6;
  fprintf(f,
          "{\"schema\":\"sframe-conformance/harness/2\",\"unwind\":\"%s\",\"bias\":\"0x%" PRIx64
          "\",\"executed\":%" PRIu64 ",\"checked\":%" PRIu64 ",\"correct\":%" PRIu64
          ",\"fp_unknown\":%" PRIu64 ",\"wrong\":%" PRIu64 ",\"truth_unknown\":{\"other_stack\":%" PRIu64
          ",\"register\":%" PRIu64 "},\"not_covered\":%" PRIu64 ",\"frames_checked\":%" PRIu64 ",\"max_depth\":%" PRIu64
          ",\"nonlocal_exits\":%" PRIu64 ",\"signal_handlers\":%d,\"signal_frames\":%" PRIu64
          ",\"threads\":%u,\"steps\":%" PRIu64 ",\"chains_reused\":%" PRIu64
          ",\"relocated_frames\":%" PRIu64 ",\"jump_calls\":%" PRIu64
          ",\"plugin_seconds\":%.3f,\"snapshots\":%" PRIu64 ",\"wrong_snapshots\":%" PRIu64
          ",\"wrong_buckets\":%u,",
          g.full ? "full" : "incremental", g.mod[0].bias, executed, t.checked, t.correct, t.fp_unknown,
          t.wrong, t.unknown_stack, t.reg_unknown, executed - t.checked - t.unknown_stack, t.frames_checked,
          t.max_depth, t.nonlocal_exits, g_atomic_int_get(&g.n_handlers), t.signal_frames,
          g.threads, t.steps, t.reused, t.relocated, t.jump_calls, secs, g.snaps_written, g.wrongsnaps_written,
          g_hash_table_size(g.buckets));
  json_modules(f);
  fprintf(f, "\"plt\":");
  json_plt(f, -1);
  /* "register_unknown": each step PC whose frame needed a register */
  fprintf(f, ",\"register_unknown\":[");
  GHashTableIter it;
  gpointer rk, rv;
  int first = 1;
  g_hash_table_iter_init(&it, g.reg_at);
  while (g_hash_table_iter_next(&it, &rk, &rv)) {
    uint64_t spc = *(uint64_t *)rk;
    fprintf(f, "%s{\"step_pc\":\"0x%" PRIx64 "\",\"step_module\":%d,\"count\":%" PRIu64 "}",
            first ? "" : ",", spc, mod_of(spc), *(uint64_t *)rv);
    first = 0;
  }
  fprintf(f, "]");
  fprintf(f, ",\"wrongs\":[");
  guint nb;
  gpointer *all = g_hash_table_get_keys_as_array(g.buckets, &nb);
  qsort(all, nb, sizeof *all, bucket_order);
  for (guint i = 0; i < nb; i++) {
    const bucket *b = all[i];
    fprintf(f,
            "%s{\"pc\":\"0x%" PRIx64 "\",\"step_pc\":\"0x%" PRIx64 "\",\"frame\":%" PRIu64
            ",\"frame_max\":%" PRIu64 ",\"count\":%" PRIu64 ",\"module\":%d,\"step_module\":%d"
            ",\"why\":",
            i ? "," : "", b->top_pc, b->step_pc, b->frame_min, b->frame_max, b->count, b->mod,
            b->step_mod);
    json_str(f, b->what);
    fprintf(f, ",\"plt\":");
    if (b->plt >= 0)
      json_str(f, plt_names[b->plt]);
    else
      fprintf(f, "null");
    fprintf(f, ",\"rule\":");
    json_str(f, b->rule);
    fputc('}', f);
  }
  g_free(all);
  fprintf(f, "]}\n");
  if (f != stderr)
    fclose(f);
  g_mutex_unlock(&g.lock);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv) {
  g.n_mods = 1;
  g.stride = 10007;
  g.wrongsnaps_max = 50;
  g.check = 1;
  g.stack_size = 8u << 20;
  g.progress = 3;
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
    module *cur = &g.mod[g.n_mods - 1];
    if (!strcmp(k, "sframe"))
      cur->sec_path = g_strdup(v);
    else if (!strcmp(k, "vma"))
      ok = sfc_parse_u64(v, &cur->vma), cur->have_vma = 1;
    else if (!strcmp(k, "lib")) {
      struct stat st;
      if (g.n_mods == MAX_MODS) {
        fprintf(stderr, "sfr_truth: more than %d lib= are not supported\n", MAX_MODS - 1);
        return -1;
      }
      if (stat(v, &st) != 0) {
        fprintf(stderr, "sfr_truth: lib=%s: %s\n", v, strerror(errno));
        return -1;
      }
      cur = &g.mod[g.n_mods++];
      cur->path = g_strdup(v);
      cur->dev = st.st_dev, cur->ino = st.st_ino;
    } else if (!strcmp(k, "exec")) {
      /* VADDR:MEMSZ:OFFSET */
      char *a = g_strdup(v), *c1 = strchr(a, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
      ok = c1 && c2 && cur->n_xseg < MAX_XSEG;
      if (ok) {
        *c1 = *c2 = 0;
        unsigned i = cur->n_xseg++;
        ok = sfc_parse_u64(a, &cur->xseg[i].vaddr) && sfc_parse_u64(c1 + 1, &cur->xseg[i].memsz) &&
             sfc_parse_u64(c2 + 1, &cur->xseg[i].off);
      }
      g_free(a);
    } else if (!strcmp(k, "plt")) {
      /* NAME:ADDR:SIZE */
      char *a = g_strdup(v), *c1 = strchr(a, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
      uint64_t addr = 0, size = 0;
      int kind = -1;
      ok = c1 && c2;
      if (ok) {
        *c1 = *c2 = 0;
        for (int i = 0; i < PLT_KINDS; i++)
          if (!strcmp(a, plt_names[i]))
            kind = i;
        ok = kind >= 0 && sfc_parse_u64(c1 + 1, &addr) && sfc_parse_u64(c2 + 1, &size);
      }
      if (ok && size) {
        cur->plt_lo[kind] = addr;
        cur->plt_hi[kind] = addr + size;
      }
      g_free(a);
    } else if (!strcmp(k, "entry"))
      ok = sfc_parse_u64(v, &g.entry), g.have_entry = 1;
    else if (!strcmp(k, "interp"))
      ok = sfc_parse_u64(v, &g.interp);
    else if (!strcmp(k, "ldso"))
      ok = cur->path && sfc_parse_u64(v, &cur->ldso_vaddr), cur->ldso = 1;
    else if (!strcmp(k, "root"))
      g.root = g_strdup(v);
    else if (!strcmp(k, "out"))
      g.out_path = g_strdup(v);
    else if (!strcmp(k, "snapdir"))
      g.snapdir = g_strdup(v);
    else if (!strcmp(k, "snaps"))
      ok = sfc_parse_u64(v, &g.snaps_max);
    else if (!strcmp(k, "stride"))
      ok = sfc_parse_u64(v, &g.stride);
    else if (!strcmp(k, "wrongsnaps"))
      ok = sfc_parse_u64(v, &g.wrongsnaps_max);
    else if (!strcmp(k, "pauth"))
      ok = sfc_parse_u64(v, &g.pauth);
    else if (!strcmp(k, "check"))
      ok = sfc_parse_u64(v, &g.check);
    else if (!strcmp(k, "stack"))
      ok = sfc_parse_u64(v, &g.stack_size) && g.stack_size > 0;
    else if (!strcmp(k, "progress"))
      ok = sfc_parse_u64(v, &g.progress);
    else if (!strcmp(k, "unwind")) {
      if (!strcmp(v, "full"))
        g.full = 1;
      else
        ok = !strcmp(v, "incremental");
    } else {
      fprintf(stderr, "sfr_truth: unknown argument '%s'\n", k);
      return -1;
    }
    if (!ok) {
      fprintf(stderr, "sfr_truth: bad value for %s: '%s'\n", k, v);
      return -1;
    }
  }
  for (int m = 0; m < g.n_mods; m++) {
    module *md = &g.mod[m];
    const char *who = md->path ? md->path : "the program";
    if (!md->sec_path || !md->have_vma) {
      fprintf(stderr, "sfr_truth: %s: sframe=FILE and vma=ADDR are required\n", who);
      return -1;
    }
    if (md->path && !md->n_xseg) {
      fprintf(stderr, "sfr_truth: %s: exec=VADDR:MEMSZ:OFFSET is required\n", who);
      return -1;
    }
    gchar *bytes;
    gsize len;
    GError *err = NULL;
    if (!g_file_get_contents(md->sec_path, &bytes, &len, &err)) {
      fprintf(stderr, "sfr_truth: %s\n", err->message);
      return -1;
    }
    md->sec_bytes = (uint8_t *)bytes;
    md->sec_len = len;
    /* The header is checked now, the whole section where it was loaded. */
    sfr_section probe;
    sfr_finding where;
    sfr_status st = sfr_open(&probe, md->sec_bytes, md->sec_len, md->vma, &where);
    if (st != SFR_OK) {
      fprintf(stderr, "sfr_truth: %s: %s\n", md->sec_path, sfr_finding_message(st));
      return -1;
    }
    if ((probe.abi == SFR_ABI_AMD64_LE) != (g.arch == ARCH_X86_64) ||
        (probe.abi == SFR_ABI_S390X_BE) != (g.arch == ARCH_S390X)) {
      fprintf(stderr, "sfr_truth: %s: the section's ABI (%s) is not this emulator's (%s)\n",
              md->sec_path, sfr_abi_name(probe.abi), info->target_name);
      return -1;
    }
    md->sec.abi = probe.abi;
    if (!m)
      g.abi = probe.abi;
  }
  g_mutex_init(&g.lock);
  g.buckets = g_hash_table_new(bucket_hash, bucket_eq);
  g.reg_at = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
  g.t0 = g.last_progress = g_get_monotonic_time();
  g.score = qemu_plugin_scoreboard_new(sizeof(sboard));
  qemu_plugin_register_vcpu_init_cb(id, on_vcpu_init);
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
  qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
  qemu_plugin_register_vcpu_syscall_ret_cb(id, on_syscall_ret);
  qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
  return 0;
}
