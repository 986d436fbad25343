/* SPDX-License-Identifier: MIT */
/* sframe_kernel.h - what each posted generation of the Linux kernel's SFrame
 * user-space unwinder does with a section: which rules refuse it, at which
 * stage, and what its lookup answers at a PC.
 *
 * Implemented in decoder/profile/ (sfk_gens.c: the generations and the one
 * table of rules with a column per generation; sfk_read.c: the kernel's
 * reading of the header, an FDE, an FRE and its data words, parameterised by
 * generation; sfk_check.c: registration and CONFIG_SFRAME_VALIDATION;
 * sfk_lookup.c: the lookup).  SPEC-NOTES.md N41 gives every rule in words
 * with its source (tree, commit, function).  None of the kernel's code is
 * copied; each rule is restated in the oracle's terms.  Like the rest of the
 * library, nothing here allocates or reads outside [buf, buf + len). */
#ifndef SFRAME_KERNEL_H
#define SFRAME_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "sframe_ref.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Generations ----
 * Series "unwind_deferred: Implement sframe handling" (not merged as of
 * 2026-11) and the architecture series posted on top of it.  The newest
 * (SFK_GEN_NEWEST) is what `--profile kernel` means. */
typedef enum sfk_gen {
  SFK_GEN_V12 = 0,   /* v12, 2025-11-19: SFrame version 2 */
  SFK_GEN_V13,       /* v13, 2026-01-27: version 3, flexible FDEs */
  SFK_GEN_V14,       /* v14, 2026-05: v13 with the text-range bound fixed */
  SFK_GEN_V16,       /* v15/v16 (linux-mm tree): stricter FDE/FRE bounds */
  SFK_GEN_ARM64_V1,  /* arm64 user-space series v1, 2026-04, on v13 */
  SFK_GEN_S390_V4,   /* s390 series v4, 2026-01, on v13 */
  SFK_GEN_S390_SIGNAL_RFC, /* s390 signal-frame RFC, 2026-01-27, on s390 v4 */
  SFK_GEN_TEXT_ARM64_V6_VMLINUX, /* arm64 kernel-text series v6, 2026-05-19: vmlinux */
  SFK_GEN_TEXT_ARM64_V6_MODULE,  /* the same series: a module's .sframe */
  SFK_GEN_NUM
} sfk_gen;
#define SFK_GEN_NEWEST SFK_GEN_V16

/* What a generation is that no rule of SFK_RULES says (everything else a
 * generation does is its column there, and the reading code asks the
 * cells: sfk_read.c's sfk_traits_of). */
typedef enum sfk_drop {
  SFK_DROP_NEVER = 0,   /* no lookup error removes the section (kernel text) */
  SFK_DROP_EFAULT,      /* -EFAULT removes it (v12-v14 and the series on them) */
  SFK_DROP_ANY          /* every error but "no FDE" removes it (v16) */
} sfk_drop;

typedef struct sfk_gen_info {
  const char *name;    /* "kernel-v16" */
  const char *date;    /* when it was posted */
  const char *based;   /* what it reads like, in a few words */
  const char *source;  /* where its rules were read (SPEC-NOTES N41) */
  uint8_t version;     /* the one SFrame version it reads */
  uint32_t abis;       /* bit a: it unwinds with SFrame on SFR_ABI_* a */
  uint8_t drop;        /* sfk_drop: which lookup errors remove the section */
  uint8_t fde_type_mask;     /* the bits of info2 its sframe.h reads as the FDE type */
  uint8_t lazy_words;        /* a lookup reads the data words of the row it lands on only */
  uint8_t start_at_text_end; /* a function may start at the text's end */
} sfk_gen_info;

SFR_API const sfk_gen_info *sfk_gen_get(sfk_gen g); /* NULL out of range */
/* "kernel" is the newest; "kernel-v13" etc.  Returns -1 when unknown. */
SFR_API int sfk_gen_by_name(const char *name);
/* Nonzero when the generation unwinds user space on the ABI. */
SFR_API int sfk_gen_abi_enabled(sfk_gen g, uint8_t abi);

/* ---- Stages: when the kernel meets a rule ----
 * LOAD: sframe_add_section refuses the section when it is registered.
 * ARCH: the generation does not unwind that architecture at all.
 * VALIDATE: met reading an FDE or FRE: refused at registration with
 *   CONFIG_SFRAME_VALIDATION=y; otherwise the first lookup that reaches it
 *   fails (and may drop the section: sfk_rule_drops).
 * LOOKUP: only a lookup meets it (validation does not look): an error, a
 *   crash, or an answer that differs from the spec's. */
typedef enum sfk_stage {
  SFK_STAGE_NONE = 0,
  SFK_STAGE_LOAD,
  SFK_STAGE_ARCH,
  SFK_STAGE_VALIDATE,
  SFK_STAGE_LOOKUP
} sfk_stage;

/* What the lookup that meets a rule does. */
typedef enum sfk_effect {
  SFK_EFFECT_NONE = 0,
  SFK_EFFECT_REFUSED,   /* LOAD / ARCH: never registered */
  SFK_EFFECT_EINVAL,    /* the lookup fails with -EINVAL */
  SFK_EFFECT_EFAULT,    /* the lookup fails with -EFAULT */
  SFK_EFFECT_CRASH,     /* divides by zero in the kernel */
  SFK_EFFECT_DIFFERS,   /* no error: an answer other than the spec's */
  SFK_EFFECT_SIGNAL     /* the signal-frame unwinder takes the frame */
} sfk_effect;

/* The rules, one per identifier.  Columns, in the order of sfk_gen:
 * v12 v13 v14 v16 arm64-v1 s390-v4 s390-signal-rfc text-arm64-v6-vmlinux
 * text-arm64-v6-module.  A cell: '-' not a rule of that generation, 'L'
 * load, 'A' arch, 'F' validate (-EFAULT), 'I' validate (-EINVAL), 'f'
 * lookup only (-EFAULT), 'i' lookup only (-EINVAL), 'Z' lookup divides by
 * zero, 'w' lookup answer differs from the spec's, 's' the lookup hands
 * the frame to the architecture's signal-frame unwinder. */
#define SFK_RULES(X)                                                           \
  X(TOO_SMALL, "kernel-section-too-small", "LLLLLLLLL",                           \
    "section does not extend past its header (and aux header)")                \
  X(BAD_MAGIC, "kernel-bad-magic", "LLLLLLLLL",                                   \
    "magic is not 0xdee2 in either byte order")                                \
  X(BYTE_ORDER, "kernel-byte-order", "LLLLLLLLL",                                 \
    "section is not in its ABI's byte order: the kernel reads the magic "      \
    "natively")                                                                \
  X(ABI_UNSUPPORTED, "kernel-abi-unsupported", "AAAAAAA--",                       \
    "this generation does not unwind user space with SFrame on the ABI")      \
  X(VERSION_UNSUPPORTED, "kernel-version-unsupported", "LLLLLLLLL",               \
    "version is not the one this generation reads (v12: 2; later: 3)")        \
  X(SORTED_REQUIRED, "kernel-sorted-required", "LLLLLLL--",                       \
    "SFRAME_F_FDE_SORTED is not set")                                          \
  X(PCREL_REQUIRED, "kernel-pcrel-required", "LLLLLLLLL",                         \
    "SFRAME_F_FDE_FUNC_START_PCREL is not set")                                \
  X(AUXHDR_PRESENT, "kernel-auxhdr-present", "LLLLLLLLL",                         \
    "sfh_auxhdr_len is not 0")                                                 \
  X(NO_FDES, "kernel-no-fdes", "LLLLLLLLL", "sfh_num_fdes is 0")                  \
  X(NO_FRES, "kernel-no-fres", "LLLLLLLLL", "sfh_num_fres is 0")                  \
  X(SUBSECTIONS, "kernel-subsections-inconsistent", "LLLLLLLLL",                  \
    "FRE sub-section starts before the end of the FDE array or ends past "     \
    "the section")                                                             \
  X(FDE_OUTSIDE_TEXT, "kernel-fde-outside-text", "IIIFIIIII",                     \
    "function start outside the text range (v12, v13: start == end passes)")  \
  X(FDE_PAST_TEXT_END, "kernel-fde-past-text-end", "---F-----",                   \
    "function end (start + size) past the end of the text range")             \
  X(FDE_ATTR_OUT, "kernel-fde-attr-out-of-range", "-IIFIIIII",                    \
    "FDE attribute runs past the FRE sub-section")                             \
  X(PCMASK_REP_ZERO, "kernel-pcmask-rep-size-zero", "ZZZIZZZZZ",                  \
    "PCMASK function with rep_size 0 (before v16 a lookup in it divides by "  \
    "zero)")                                                                   \
  X(FRES_NUM_PAST_SIZE, "kernel-fres-num-past-size", "---I-----",                 \
    "a function has more FREs than bytes")                                     \
  X(FDE_NOT_INCREASING, "kernel-fde-not-increasing", "FFFIFFFFF",                 \
    "function start not above the previous function's (the first above 0)")   \
  X(FRE_TYPE, "kernel-fre-type", "FFFIFFFFF", "FRE type is not 0-2")              \
  X(FRE_TRUNCATED, "kernel-fre-truncated", "FFFFFFFFF",                           \
    "FRE runs past the FRE sub-section")                                       \
  X(FRE_START_PAST_SIZE, "kernel-fre-start-past-size", "FFFIFFFFF",               \
    "PCINC FRE start address greater than the function size")                 \
  X(FRE_START_AT_SIZE, "kernel-fre-start-at-size", "---I-----",                   \
    "PCINC FRE start address equal to the function size")                     \
  X(PCMASK_START_PAST_REP, "kernel-pcmask-start-past-rep", "---I-----",           \
    "PCMASK FRE start address at or past rep_size")                            \
  X(DATAWORD_SIZE, "kernel-dataword-size", "FFFIFFFFF",                           \
    "FRE data word size code is 3")                                            \
  X(RA_WORD_MISSING, "kernel-ra-word-missing", "F--------",                       \
    "FRE with a CFA word only where the header has no fixed RA offset")       \
  X(DATAWORDS_LEFTOVER, "kernel-datawords-leftover", "FFFIFFFFF",                 \
    "data words left after the CFA, RA and FP words of a default FRE")        \
  X(FDE_TYPE_UNKNOWN, "kernel-fde-type-unknown", "-FFIFFFFF",                     \
    "FRE with data words in a function whose FDE type is neither default "    \
    "nor flexible")                                                            \
  X(FLEX_TOO_FEW, "kernel-flex-too-few-words", "-FFIFFFFF",                       \
    "flexible FRE with one data word (the CFA needs two)")                     \
  X(FLEX_WORDS_LEFTOVER, "kernel-flex-words-leftover", "-FFIFFFFF",               \
    "flexible FRE words not consumed exactly (RA and FP are read only while " \
    "two words remain; a word left over is refused)")                          \
  X(FRE_NOT_INCREASING, "kernel-fre-not-increasing", "FFFIFFFFF",                 \
    "FRE start address not above the previous FRE's")                         \
  X(OUTERMOST_LOOKUP_ERROR, "kernel-outermost-lookup-error", "-ii-iiiii",         \
    "an outermost FRE (no data words) gets a zero CFA control word, which "   \
    "the lookup refuses: the SFrame unwind ends in an error")                  \
  X(CFA_NOT_REGISTER, "kernel-cfa-not-register", "-iiiiiiii",                     \
    "flexible CFA control word without reg_p: the lookup refuses it")         \
  X(CTL_RESERVED_BIT, "kernel-ctl-reserved-bit", "---i-----",                     \
    "flexible control word with bit 2 set (unused in the spec): the lookup "  \
    "refuses it")                                                              \
  X(FIXED_RA_ZERO, "kernel-fixed-ra-offset-zero", "wwwwwwwww",                    \
    "AMD64 header with fixed RA offset 0: the kernel takes the header, not "  \
    "the ABI's CFA-8, and reads the RA from a data word")                      \
  X(ZERO_WORD_NOT_SAVED, "kernel-zero-word-not-saved", "wwwwwwwww",               \
    "an RA or FP data word of 0 reads as 'not saved' in the kernel; the spec " \
    "reads it as saved at CFA+0")                                              \
  X(MANGLED_RA, "kernel-mangled-ra-unsigned", "----w----",                        \
    "AArch64 FRE with a PAuth-signed RA: the arm64 series (v1) has no "       \
    "pointer authentication and returns the signed value")                     \
  X(UNSORTED_NO_LOOKUP, "kernel-unsorted-no-lookup", "-------i-",                \
    "SFRAME_F_FDE_SORTED clear: vmlinux's section registers unsorted and "    \
    "every lookup in it fails (a module's is sorted when it is loaded)")      \
  X(STEP_RULE_REFUSED, "kernel-step-rule-refused", "-------ii",                  \
    "a row the arm64 kernel step does not follow (CFA other than SP or FP "   \
    "plus an offset, RA or FP other than unchanged or *(CFA+offset)): "       \
    "WARN_ON_ONCE, then frame pointers")                                       \
  X(SIGNAL_FRAME, "kernel-signal-frame", "------s--",                            \
    "version 3 signal-frame FDE: the lookup hands the frame to the "           \
    "architecture's signal-frame unwinder (s390x: the sigreturn frame at SP)") \
  X(SIGNAL_NO_UNWINDER, "kernel-signal-frame-no-unwinder", "------i--",          \
    "signal-frame FDE on an architecture without a signal-frame unwinder: "   \
    "WARN_ON_ONCE and -EINVAL, and the unwind ends (no frame pointers)")

typedef enum sfk_id {
  SFK_OK = 0,
#define SFK_X_ENUM(e, id, cells, msg) SFK_##e,
  SFK_RULES(SFK_X_ENUM)
#undef SFK_X_ENUM
  SFK_NUM
} sfk_id;

SFR_API const char *sfk_rule_name(sfk_id k);    /* "kernel-..." */
SFR_API const char *sfk_rule_message(sfk_id k);
/* By name; SFK_OK when unknown. */
SFR_API sfk_id sfk_rule_by_name(const char *name);
/* The rule's stage and effect in generation g (SFK_STAGE_NONE: not a rule
 * of g). */
SFR_API sfk_stage sfk_rule_stage(sfk_id k, sfk_gen g);
/* The rule's cell in SFK_RULES for g ('-' out of range). */
SFR_API char sfk_rule_cell(sfk_id k, sfk_gen g);
SFR_API sfk_effect sfk_rule_effect(sfk_id k, sfk_gen g);
/* Nonzero when a lookup that meets the rule in g removes the section from
 * the process (v12-v14: on -EFAULT; v16: on every error but "no FDE"). */
SFR_API int sfk_rule_drops(sfk_id k, sfk_gen g);
/* Nonzero when the rule keeps g from registering the section under
 * CONFIG_SFRAME_VALIDATION=y (stages LOAD, ARCH, VALIDATE). */
SFR_API int sfk_rule_refuses(sfk_id k, sfk_gen g);
SFR_API const char *sfk_stage_name(sfk_stage s);   /* "load" ... */
SFR_API const char *sfk_effect_name(sfk_effect e); /* "EINVAL" ... */

/* ---- Registration (sfk_check) ---- */
typedef struct sfk_options {
  sfk_gen gen;
  int have_text;       /* the text range is known */
  uint64_t text_start; /* the executable segment the section describes */
  uint64_t text_end;   /* one past its last byte */
  /* CONFIG_SFRAME_VALIDATION=y: the section is validated when registered,
   * so a lookup in a section the generation refuses answers "not
   * registered" (sfk_lookup; sfk_unwind_frame then walks by frame pointers
   * alone).  0, the default: registered unvalidated, so a lookup meets
   * what validation would have refused. */
  int validation;
} sfk_options;

typedef struct sfk_finding {
  sfk_id id;
  sfk_stage stage;
  int64_t offset;    /* byte offset in the section */
  int64_t fde;       /* FDE index, or -1 */
  int64_t fre;       /* FRE index within the FDE, or -1 */
  const char *field; /* field name, or NULL */
} sfk_finding;

typedef struct sfk_report {
  sfk_finding *items;
  size_t cap;
  size_t count;    /* total found (may exceed cap) */
  size_t refusals; /* of them, those that keep the section from registering */
} sfk_report;

/* Every rule of the generation the section meets, read as the kernel reads
 * it: the header at registration, then every FDE and FRE in order (what
 * CONFIG_SFRAME_VALIDATION reads), then what only a lookup meets.  Where a
 * refusal makes a function's rows unreadable the rest of that function is
 * skipped, as the kernel's reading of it stops there.  refusals == 0: the
 * generation registers the section. */
SFR_API void sfk_check(const uint8_t *buf, size_t len, uint64_t vma, const sfk_options *opt,
                       sfk_report *rep);

/* ---- Lookup (sfk_lookup) ---- */
typedef enum sfk_outcome {
  SFK_LOOKUP_FOUND = 0,     /* rules for the PC */
  SFK_LOOKUP_OUTERMOST,     /* the outermost frame: the unwind stops there */
  SFK_LOOKUP_NO_FDE,        /* no function holds the PC: frame pointers */
  SFK_LOOKUP_ERROR,         /* an error: frame pointers, maybe the section dropped */
  SFK_LOOKUP_CRASH,         /* the kernel divides by zero */
  SFK_LOOKUP_NOT_REGISTERED, /* the section was refused when registered */
  SFK_LOOKUP_SIGNAL         /* a signal frame: the signal-frame unwinder takes it */
} sfk_outcome;

/* A recovery rule as the kernel holds it. */
typedef enum sfk_rule_kind {
  SFK_RULE_RETAIN = 0, /* unchanged (the register keeps its value) */
  SFK_RULE_CFA_OFF,    /* CFA + offset, dereferenced when deref */
  SFK_RULE_REG_OFF,    /* register + offset, dereferenced when deref */
  SFK_RULE_RA_REG      /* no RA rule: the RA register (topmost frame only) */
} sfk_rule_kind;

typedef struct sfk_rule {
  uint8_t kind;  /* sfk_rule_kind */
  uint8_t deref;
  uint32_t reg;  /* DWARF number, for SFK_RULE_REG_OFF */
  int64_t offset;
} sfk_rule;

typedef struct sfk_answer {
  sfk_outcome outcome;
  sfk_id why;          /* the rule met (ERROR, CRASH, NOT_REGISTERED) */
  sfk_effect effect;   /* EINVAL / EFAULT for ERROR */
  int dropped;         /* the section is removed from the process */
  int64_t fde, fre;    /* indices found, or -1 */
  uint32_t cfa_reg;    /* DWARF number of the CFA's base register */
  int64_t cfa_offset;
  uint8_t cfa_deref;
  sfk_rule ra, fp;
} sfk_answer;

SFR_API const char *sfk_outcome_name(sfk_outcome o);
/* What the generation's lookup (sframe_find) answers at pc, the section
 * being registered with opt's text range (the whole address space when
 * none is given) and opt's configuration (validation: a section the
 * generation refuses is NOT_REGISTERED, why = its first refusal).  Reads as the kernel reads: the header, a binary search
 * of the function starts, the function's FREs up to the PC, the row's
 * words. */
SFR_API void sfk_lookup(const uint8_t *buf, size_t len, uint64_t vma, const sfk_options *opt,
                        uint64_t pc, sfk_answer *ans);

/* ---- Unwinding (sfk_unwind) ----
 * The kernel's own text (kernel-text-arm64-v6-*): the SFrame step is made
 * for the interrupted frame only (kunwind_next_regs_sframe, out of a
 * pt_regs): x29 8-byte aligned, the lookup, not outermost, the CFA from SP
 * or FP (FP not below SP) plus the offset, the CFA tested with the
 * series' mask (cfa & 0x15, kernel finding K7), the RA unchanged (the link
 * register) or at CFA plus an offset, the FP likewise; any failure falls
 * back to the frame record at x29, and every frame below uses frame
 * records.  The signal-frame RFC: a signal frame on s390x is read from the
 * sigreturn frame at SP (the svc at the PC names the kind: rt_sigreturn's
 * ucontext at SP+336, sigreturn's _sigregs through the pointer at SP+168;
 * the PC from psw.addr, SP from r15, FP from r11); elsewhere it ends the
 * unwind.
 * One step of the kernel's user-space unwinder (kernel/unwind/user.c as
 * Hatch's tree on v13 has it; SPEC-NOTES N41): the frame's PC is looked up
 * as it is (a caller's return address too, not RA-1); an SFrame answer is
 * followed (CFA from SP, FP -- which must not be below SP -- or, in the
 * topmost frame only, another register; dereferenced when the rule says so;
 * the CFA must be above SP, or equal to it in the topmost frame, and
 * 8-byte aligned; an RA "unchanged" only in the topmost frame, from the
 * link register; "CFA + offset" without a dereference is refused for the RA
 * and FP); a lookup that fails falls back to frame pointers (x86-64 and
 * AArch64: CFA = FP + 16, RA at CFA - 8, FP at CFA - 16; not modelled for
 * s390x's back chain), and rules that fail end the unwind. */
typedef enum sfk_method {
  SFK_BY_NONE = 0,
  SFK_BY_SFRAME,      /* the SFrame answer gave the caller */
  SFK_BY_FP,          /* the lookup failed; frame pointers gave the caller */
  SFK_BY_SIGNAL,      /* the signal-frame unwinder read the sigreturn frame */
  SFK_BY_FRAME_RECORD /* kernel text below the interrupted frame: frame records, no lookup */
} sfk_method;

typedef enum sfk_unwind_stop {
  SFK_UNWIND_NEXT = 0,   /* a caller frame was produced */
  SFK_UNWIND_OUTERMOST,  /* the row says outermost: the unwind ends, complete */
  SFK_UNWIND_RULE_FAILED,/* the SFrame rules could not be followed: the unwind ends */
  SFK_UNWIND_FP_FAILED,  /* no SFrame answer and the frame-pointer step failed */
  SFK_UNWIND_CRASH,      /* the lookup divides by zero */
  SFK_UNWIND_NO_FALLBACK /* no SFrame answer; the fall-back is not modelled (s390x) */
} sfk_unwind_stop;

typedef struct sfk_step {
  sfk_method method;
  sfk_answer ans;      /* the lookup's answer at the frame's PC */
  int looked_up;       /* a lookup was made (kernel text: the interrupted frame only) */
  sfk_id step_fault;   /* kernel text: why the arm64 step fell back (SFK_OK: it did not) */
  const char *step_why;/* kernel text: the step's own check that failed, or NULL */
} sfk_step;

SFR_API const char *sfk_unwind_stop_name(sfk_unwind_stop s);
/* One step from cur (topmost: the interrupted frame) to *caller.  *dropped
 * is the section's state in the process: set when a lookup drops it, and
 * then no lookup is made (frame pointers only). */
SFR_API sfk_unwind_stop sfk_unwind_frame(const uint8_t *buf, size_t len, uint64_t vma,
                                         const sfk_options *opt, sfr_read_mem_fn read_mem,
                                         void *mem_ctx, const sfr_regs *cur, int topmost,
                                         int *dropped, sfr_regs *caller, sfk_step *step);

#ifdef __cplusplus
}
#endif
#endif
