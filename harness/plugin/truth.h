/* SPDX-License-Identifier: MIT */
/* truth.h - the sfr_truth plugin's state and the functions its files
 * share: sfr_truth.c (the truth: each vCPU's shadow stack, kept by
 * on_tb, on_call and on_jump; guest registers and memory; which module
 * and section covers a PC), truth_args.c (the arguments:
 * qemu_plugin_install), truth_translate.c (the callbacks each translated
 * block gets), truth_check.c (one instruction's unwind held to the truth:
 * on_check, on_store), truth_modules.c (where each module is mapped, from
 * the guest's system calls; signal handlers), truth_report.c (buckets,
 * snapshots, progress, the JSON result).  One state (g, and each vCPU's
 * vstate) under one rule of who writes what when: g is written by
 * qemu_plugin_install before any callback runs, then its shared parts
 * (buckets, snapshots, handlers, progress) only under g.lock; a vstate
 * only by its own vCPU. */
#ifndef TRUTH_H
#define TRUTH_H

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
  uint64_t tops_reused; /* topmost steps taken from the memo (top_memo) */
} counts;

/* A covered instruction's check, prepared when its block is translated
 * (insn_desc_for): its module, its PLT section and the oracle's row for
 * it, interned so that the instructions of one row share one pointer.
 * Valid while g.mod_gen is gen (a module opened since: looked up again). */
typedef struct insn_desc {
  uint64_t pc;
  int mod, plt, gen;
  const sfr_rules *row;
  uint64_t id; /* its row, function, module and PLT section, interned; 0:
                * its check is never taken from another's (elision) */
} insn_desc;

/* Elision.  An instruction's check is a function of its row, its function
 * (drop_dead asks which one a PC is in), its module and PLT section (the
 * counts), SP, FP, the link register, the memory the steps read and the
 * truth.  After a check that came out right and depended on the PC only
 * through those, the next instruction with the same id (same row,
 * function, module and PLT section) gets the same check as long as no
 * instruction run since wrote SP, FP or the link register
 * (keeps_frame_regs, truth_elide.c), no store touched what a step read
 * (on_store), no system call ran and the truth did not change (on_tb,
 * on_call, on_jump).  Each of those sets the vCPU's sboard.ok_id to 0 (an
 * inline store at each instruction keeps_frame_regs does not recognise,
 * elide_stop elsewhere); a covered instruction's check runs when ok_id is
 * not its id (a conditional callback), and every covered instruction run
 * counts in sboard.covered, so that the instructions not checked again
 * are counted with the verdict they share (elide_flush): each is counted
 * as checked and right, as it is.  Off while chosen snapshots are left
 * (their instructions are every stride-th check), with unwind=full, and
 * with elide=0. */

/* The last topmost step of a thread, kept while nothing it depends on
 * changed: the row (rules) it applied, the registers it read, and the
 * memory it read, [rd_lo, rd_hi), which no store (on_store) and no system
 * call (on_syscall, on_syscall_ret) has touched since.  The step is a
 * function of exactly these (sfr_unwind_frame after its lookup), so an
 * instruction with the same row and registers gets the same step without
 * the oracle making it again.  row NULL: empty. */
typedef struct top_memo {
  const sfr_rules *row;
  uint64_t sp, fp, ra;
  uint8_t ra_valid, stop, filled;
  uint64_t out_pc, out_sp, out_fp;
  uint64_t rd_lo, rd_hi;
} top_memo;

/* Modules: the program (0) and each lib= (1..). */
#define MAX_MODS 64 /* the program, ld.so, its libraries, what it dlopens */
#define MAX_XSEG 4
enum { PLT_PLT, PLT_SEC, PLT_GOT, PLT_IPLT, PLT_KINDS };
extern const char *const plt_names[PLT_KINDS];

/* What one instruction's check gave (on_check), counted per module and
 * per PLT section. */
typedef struct mcounts {
  uint64_t checked, correct, fp_unknown, reg_unknown, wrong, unknown_stack;
} mcounts;

/* Per-vCPU inline counters (a scoreboard): executed instructions, in all,
 * per module, per module's PLT section. */
typedef struct sboard {
  uint64_t executed;
  /* elision (on_check): the id of the instructions whose check may be the
   * last one made (0: none may), and covered instructions run */
  uint64_t ok_id, covered;
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
    const sfr_rules *row; /* the oracle's row at the return address (interned) */
  } ra_cache[4096];
  struct {
    uint64_t pc, lo, hi; /* hi 0: no FDE */
    int gen;
  } jump_fn[64]; /* the function of each jump site seen (on_jump) */
  /* truth_read_mem's record of the current step */
  int fill_unreadable;
  uint64_t filled, rd_lo, rd_hi;
  sfr_regs *bt;
  size_t bt_cap;
  counts c;
  top_memo top;
  uint64_t accounted;  /* sboard.covered up to which the counts are made */
  struct {
    int m, k;
    uint64_t frames_ok;
  } last;              /* the last check, when ok_id is set */
  int pc_dep;          /* the current check's drop_dead depended on the PC */
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

/* The plugin's one state (sfr_truth.c defines it). */
struct truth_globals {
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
  uint64_t elide;       /* elide=0: every covered instruction checked afresh */
  uint64_t rowstep;     /* rowstep=0: every step by sfr_unwind_frame, lookup included */
  GHashTable *ids;      /* insn_desc ids: (row, function, module, PLT) -> id */
  struct qemu_plugin_scoreboard *score; /* sboard per vCPU */
  GMutex lock; /* buckets, snapshots, handlers, threads, progress */
  GHashTable *buckets;
  GHashTable *reg_at; /* truth unknown (register): step PC -> count */
  GHashTable *rows;   /* interned rows (insn_desc_for): packed rules -> sfr_rules */
  GHashTable *descs;  /* PC -> insn_desc, the newest (kept for the process) */
  uint64_t snaps_written, wrongsnaps_written;
  uint64_t handlers[64];
  gint n_handlers;
  vstate *vs[MAX_VCPUS];
  unsigned threads;
  int64_t t0, last_progress;
  uint64_t progress_tick;
};
extern struct truth_globals g;

/* ---- across the plugin's files ----
 * Calls go one way: truth_args.c (install) -> truth_translate.c (which
 * callbacks each instruction gets) -> truth_check.c and truth_modules.c ->
 * truth_report.c -> sfr_truth.c.
 *
 * sfr_truth.c: registers and memory, instruction classes, coverage, the
 * shadow stack and its callbacks, each module's section opened */
_Noreturn void fatal_exit(void);
int truth_read_mem(void *ctx, uint64_t addr, uint8_t *out, size_t n);
uint64_t reg_value(vstate *v, struct qemu_plugin_register *h);
uint64_t load_u64(const uint8_t *b);
int is_call(const uint8_t *b, size_t n);
int jump_reg(const uint8_t *b, size_t n);
uint64_t cfa_of(uint64_t csp);
uint64_t land_hash(uint64_t pc, uint64_t sp);
void publish_modtab(void);
int mod_of(uint64_t addr);
int mod_of_pc(uint64_t pc, sfr_pc_mode mode);
const sfr_section *sec_of(uint64_t pc, sfr_pc_mode mode);
int plt_of(int m, uint64_t pc);
int truth_covered(uint64_t pc, sfr_pc_mode mode);
const insn_desc *insn_desc_for(uint64_t pc);
const sfr_rules *ra_row(vstate *v, uint64_t ra);
vstate *truth_vcpu(unsigned int i);
int on_own_stack(const vstate *v, uint64_t sp);
void drop_dead(vstate *v, uint64_t sp, uint64_t pc, sfr_pc_mode mode);
void on_tb(unsigned int vcpu_index, void *udata);
void on_call(unsigned int vcpu_index, void *udata);
void on_jump(unsigned int vcpu_index, void *udata);
void open_module(int m, uint64_t bias);
void open_section(uint64_t loaded_entry);

/* truth_report.c: what a run found, as it goes and at its end */
guint bucket_hash(gconstpointer p);
gboolean bucket_eq(gconstpointer x, gconstpointer y);
void note_wrong(uint64_t top_pc, uint64_t step_pc, unsigned frame_no, const char *what);
void truth_describe(char *buf, size_t n, enum verdict vd, sfr_stop st, uint64_t got_sp,
                    uint64_t truth_sp);
void write_snapshot(vstate *v, const char *kind, uint64_t n, const sfr_regs *top, size_t k_end,
                    const char *why);
void truth_progress(const vstate *v);
void on_exit_cb(qemu_plugin_id_t id, void *p);

/* truth_modules.c: where the loader maps each lib=, signal handlers */
void on_syscall(qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num, uint64_t a1,
                uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7,
                uint64_t a8);
void on_syscall_ret(qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num, int64_t ret);

/* truth_check.c: checking one instruction (before each covered one) */
void on_check(unsigned int vcpu_index, void *udata);
int eliding(void);
void elide_stop(unsigned int vcpu_index);
void elide_flush_vcpu(unsigned int vcpu_index);
void elide_flush_all(void);
void on_store(unsigned int vcpu_index, qemu_plugin_meminfo_t info, uint64_t addr, void *udata);

/* truth_elide.c: instructions that leave SP, FP and the link register */
int keeps_frame_regs(const uint8_t *b, size_t n);

/* truth_translate.c: translation */
void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
void on_vcpu_init(qemu_plugin_id_t id, unsigned int vcpu_index);

#endif
