/* SPDX-License-Identifier: MIT */
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
 * The plugin's files, by role: this one (registers, instruction classes,
 * coverage, the shadow stack and its callbacks; its parts marked
 * "---- ... ----" in the order a run meets them), truth_modules.c (where
 * the loader maps each lib=, signal handlers), truth_check.c (checking
 * one instruction), truth_report.c (buckets, snapshots, progress, the
 * result), truth_translate.c (which callbacks each instruction gets) and
 * truth_args.c (the arguments above).  truth.h holds the state they share,
 * the rule of who writes it when, and the one direction calls go in.
 */
#include "truth.h"

struct truth_globals g;
const char *const plt_names[PLT_KINDS] = {".plt", ".plt.sec", ".plt.got", ".iplt"};

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* A fatal error, from any callback: the message is out, and the process
 * ends without running the exit handlers (on_exit_cb takes g.lock, which
 * the failing callback may hold: exit() would wait on it forever). */
_Noreturn void fatal_exit(void) {
  fflush(stderr);
  _exit(70);
}

/* ---- registers and memory ---- */

uint64_t reg_value(vstate *v, struct qemu_plugin_register *h) {
  v->rbuf->len = 0; /* (GByteArray's own field: g_byte_array_set_size(b, 0) moved
                     * nothing either, through two calls, at every register) */
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
int truth_read_mem(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  vstate *v = ctx;
  if (addr < v->rd_lo)
    v->rd_lo = addr;
  if (addr + n > v->rd_hi)
    v->rd_hi = addr + n;
  v->mbuf->len = 0;
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

uint64_t load_u64(const uint8_t *b) {
  uint64_t x = 0;
  for (int i = 0; i < 8; i++)
    x = (x << 8) | b[g.big_endian ? i : 7 - i];
  return x;
}

/* ---- instruction classes (from the bytes QEMU translates) ---- */

int is_call(const uint8_t *b, size_t n) {
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
int jump_reg(const uint8_t *b, size_t n) {
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
uint64_t cfa_of(uint64_t csp) { return g.arch == ARCH_S390X ? csp + 160 : csp; }

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

void publish_modtab(void) {
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
int mod_of(uint64_t addr) {
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
int mod_of_pc(uint64_t pc, sfr_pc_mode mode) {
  return mod_of(mode == SFR_PC_RA ? pc - 1 : pc);
}

const sfr_section *sec_of(uint64_t pc, sfr_pc_mode mode) {
  int m = mod_of_pc(pc, mode);
  return m < 0 ? NULL : &g.mod[m].sec;
}

/* Which PLT section of module m holds pc (-1: none). */
int plt_of(int m, uint64_t pc) {
  if (m < 0)
    return -1;
  const module *md = &g.mod[m];
  uint64_t a = pc - md->bias;
  for (int k = 0; k < PLT_KINDS; k++)
    if (md->plt_hi[k] && a >= md->plt_lo[k] && a < md->plt_hi[k])
      return k;
  return -1;
}

int truth_covered(uint64_t pc, sfr_pc_mode mode) {
  sfr_lookup_result res;
  const sfr_section *sec = sec_of(pc, mode);
  return sec && sfr_lookup(sec, pc, mode, &res) == SFR_LOOKUP_FOUND;
}

/* Rows interned by their rules, packed into words (no padding to compare). */
typedef struct rowkey {
  int64_t w[13];
} rowkey;

static guint rowkey_hash(gconstpointer p) {
  const rowkey *k = p;
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < 13; i++)
    h = (h ^ (uint64_t)k->w[i]) * 1099511628211u;
  return (guint)(h ^ (h >> 32));
}

static gboolean rowkey_eq(gconstpointer a, gconstpointer b) {
  return !memcmp(a, b, sizeof(rowkey));
}

static guint idkey_hash(gconstpointer p) {
  const uint64_t *k = p;
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < 4; i++)
    h = (h ^ k[i]) * 1099511628211u;
  return (guint)(h ^ (h >> 32));
}

static gboolean idkey_eq(gconstpointer a, gconstpointer b) {
  return !memcmp(a, b, 4 * sizeof(uint64_t));
}

static const sfr_rules *intern_row(const sfr_rules *r) {
  rowkey k = {{r->cfa.base, r->cfa.reg, r->cfa.offset, r->cfa.deref, r->ra.kind, r->ra.not_saved,
               r->ra.reg, r->ra.offset, r->fp.kind, r->fp.not_saved, r->fp.reg, r->fp.offset,
               (int64_t)r->ra_mangled << 8 | r->outermost}};
  if (!g.rows)
    g.rows = g_hash_table_new_full(rowkey_hash, rowkey_eq, g_free, g_free);
  sfr_rules *row = g_hash_table_lookup(g.rows, &k);
  if (!row) {
    row = g_new0(sfr_rules, 1);
    row->cfa.base = r->cfa.base, row->cfa.reg = r->cfa.reg, row->cfa.offset = r->cfa.offset;
    row->cfa.deref = r->cfa.deref;
    row->ra = r->ra, row->fp = r->fp;
    row->ra_mangled = r->ra_mangled, row->outermost = r->outermost;
    g_hash_table_insert(g.rows, g_memdup2(&k, sizeof k), row);
  }
  return row;
}

/* The elision id of a row in a function of module m, PLT section k (truth.h):
 * 0 for a row whose step reads a register other than SP, FP or the link
 * register (keeps_frame_regs knows only those). */
static uint64_t elision_id(const sfr_rules *row, uint64_t fn, int m, int k) {
  if ((row->cfa.base != SFR_BASE_SP && row->cfa.base != SFR_BASE_FP) ||
      row->ra.kind == SFR_RULE_REG || row->ra.kind == SFR_RULE_AT_REG ||
      row->fp.kind == SFR_RULE_REG || row->fp.kind == SFR_RULE_AT_REG)
    return 0;
  uint64_t key[4] = {(uint64_t)(uintptr_t)row, fn, (uint64_t)m, (uint64_t)(int64_t)k};
  if (!g.ids)
    g.ids = g_hash_table_new_full(idkey_hash, idkey_eq, g_free, g_free);
  uint64_t *id = g_hash_table_lookup(g.ids, key);
  if (!id) {
    id = g_new(uint64_t, 1);
    *id = g_hash_table_size(g.ids) + 1;
    g_hash_table_insert(g.ids, g_memdup2(key, sizeof key), id);
  }
  return *id;
}

/* The check of the instruction at pc, prepared at translation: NULL when
 * no FDE covers it (truth_covered).  Kept per PC for the process (a
 * thread may be running a block translated with an earlier one), made
 * again when a module opened since. */
const insn_desc *insn_desc_for(uint64_t pc) {
  int gen = g_atomic_int_get(&g.mod_gen);
  int m = mod_of_pc(pc, SFR_PC_IP);
  sfr_lookup_result res;
  if (m < 0 || sfr_lookup(&g.mod[m].sec, pc, SFR_PC_IP, &res) != SFR_LOOKUP_FOUND)
    return NULL;
  g_mutex_lock(&g.lock);
  if (!g.descs)
    g.descs = g_hash_table_new(g_int64_hash, g_int64_equal);
  insn_desc *d = g_hash_table_lookup(g.descs, &pc);
  if (!d || d->gen != gen) {
    d = g_new0(insn_desc, 1); /* (an older one may be in use: kept) */
    d->pc = pc, d->mod = m, d->plt = plt_of(m, pc), d->gen = gen;
    d->row = intern_row(&res.rules);
    d->id = elision_id(d->row, res.fde.start, m, d->plt);
    g_hash_table_insert(g.descs, &d->pc, d);
  }
  g_mutex_unlock(&g.lock);
  return d;
}

/* truth_covered(ra, SFR_PC_RA), and the row found there, remembered per
 * thread: the same return addresses recur in every call. */
static size_t ra_slot(vstate *v, uint64_t ra) {
  size_t i = (size_t)((ra ^ (ra >> 13)) % (sizeof v->ra_cache / sizeof *v->ra_cache));
  int gen = g_atomic_int_get(&g.mod_gen);
  if (!v->ra_cache[i].known || v->ra_cache[i].ra != ra || v->ra_cache[i].gen != gen) {
    v->ra_cache[i].ra = ra;
    v->ra_cache[i].known = 1;
    v->ra_cache[i].gen = gen;
    const sfr_section *sec = sec_of(ra, SFR_PC_RA);
    sfr_lookup_result res;
    v->ra_cache[i].covered = sec && sfr_lookup(sec, ra, SFR_PC_RA, &res) == SFR_LOOKUP_FOUND;
    v->ra_cache[i].row = NULL;
    if (v->ra_cache[i].covered) {
      g_mutex_lock(&g.lock);
      v->ra_cache[i].row = intern_row(&res.rules);
      g_mutex_unlock(&g.lock);
    }
  }
  return i;
}

static int ra_covered(vstate *v, uint64_t ra) { return v->ra_cache[ra_slot(v, ra)].covered; }

/* The oracle's row at a return address (NULL: none found). */
const sfr_rules *ra_row(vstate *v, uint64_t ra) { return v->ra_cache[ra_slot(v, ra)].row; }

/* ---- the shadow stack ---- */

static unsigned land_bit(uint64_t pc) {
  return (unsigned)((pc ^ (pc >> 16)) & ((1u << LANDING_BITS) - 1));
}

int on_own_stack(const vstate *v, uint64_t sp) {
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
    if (sp != t->csp || t->reloc || !t->entry)
      return;
    v->pc_dep = 1; /* (what follows asks where pc is) */
    if (pc == t->ra)
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
void drop_dead(vstate *v, uint64_t sp, uint64_t pc, sfr_pc_mode mode) {
  if (v->depth && gone(sp, v->stack[v->depth - 1].csp)) {
    frame *t = &v->stack[v->depth - 1];
    if (g.arch == ARCH_X86_64 && sp == t->csp && mode == SFR_PC_IP && ra_in_register(v, t->ra)) {
      v->pc_dep = 1; /* (on the other registers) */
      return; /* its return address popped into a register: alive */
    }
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

uint64_t land_hash(uint64_t pc, uint64_t sp) {
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


/* An entry of the auxiliary vector above argc, argv and the environment at
 * the process's first SP (AT_ENTRY: the program's entry as the loader was
 * told it; AT_BASE: where the interpreter was loaded). */
static uint64_t auxv_value(vstate *v, uint64_t sp, uint64_t want) {
  uint8_t w[8];
  uint64_t a = sp, argc;
  if (truth_read_mem(v, a, w, 8) != 0)
    goto fail;
  argc = load_u64(w);
  a += 8 * (argc + 2); /* argc, argv[], NULL */
  for (unsigned i = 0; i < 100000; i++, a += 8) { /* the environment */
    if (truth_read_mem(v, a, w, 8) != 0)
      goto fail;
    if (!load_u64(w))
      break;
  }
  for (a += 8;; a += 16) {
    uint8_t val[8];
    if (truth_read_mem(v, a, w, 8) != 0 || truth_read_mem(v, a + 8, val, 8) != 0)
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

vstate *truth_vcpu(unsigned int i) { return i < MAX_VCPUS ? g.vs[i] : NULL; }

void on_tb(unsigned int vcpu_index, void *udata) {
  vstate *v = truth_vcpu(vcpu_index);
  uint64_t pc = (uintptr_t)udata, sp = 0, called_sp = v->called_sp;
  size_t depth0 = v->depth;
  uint64_t serial0 = v->serial;
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
      ra = truth_read_mem(v, sp, w, 8) == 0 ? load_u64(w) : 0;
      push(v, ra, sp + 8);
    } else {
      ra = reg_value(v, v->r_ra);
      push(v, ra, sp);
    }
    v->c.signal_frames++;
    break;
  }
  if (called_sp || v->depth != depth0 || v->serial != serial0)
    elide_stop(vcpu_index); /* the truth changed */
}

void on_call(unsigned int vcpu_index, void *udata) {
  vstate *v = truth_vcpu(vcpu_index);
  uint64_t sp = reg_value(v, v->r_sp);
  if (!on_own_stack(v, sp))
    return;
  drop_dead(v, sp, (uintptr_t)udata, SFR_PC_RA);
  push(v, (uintptr_t)udata, sp);
  v->called_sp = entry_sp(sp);
  elide_stop(vcpu_index);
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
void on_jump(unsigned int vcpu_index, void *udata) {
  vstate *v = truth_vcpu(vcpu_index);
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
  elide_stop(vcpu_index);
}

/* ---- a module's section, opened at its load bias ---- */

/* Module m's section, opened where the module was loaded (bias): the
 * program's when its first block runs, a library's when the loader maps
 * its code.  Its code's range is then known, and published last. */
void open_module(int m, uint64_t bias) {
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
  for (unsigned i = 0; i < MAX_VCPUS; i++)
    if (g.vs[i])
      elide_stop(i);
}

/* The program's section, at the address QEMU loaded it (the first block
 * is translated after the program and its interpreter are mapped). */
void open_section(uint64_t loaded_entry) {
  open_module(0, g.have_entry ? loaded_entry - g.entry : 0);
}
