/* SPDX-License-Identifier: MIT */
/* sfk_gens.c - the kernel's generations and the one table of its rules
 * (sframe_kernel.h; SPEC-NOTES.md N41).  A new generation is a row of
 * gens[] and a column in SFK_RULES; the reading code asks the cells
 * (sfk_read.c's sfk_traits_of), never a generation's identity. */
#include <string.h>

#include "sframe_kernel.h"

#define ABI(a) (1u << (a))
#define X86 ABI(SFR_ABI_AMD64_LE)
#define ARM64 (ABI(SFR_ABI_AARCH64_LE) | ABI(SFR_ABI_AARCH64_BE))

/* One row per generation: what no rule of SFK_RULES says (SPEC-NOTES N41
 * cites each).  Columns after the words: version, ABIs, which errors drop
 * the section, FDE type mask, lazy words, a start at the text end allowed. */
static const sfk_gen_info gens[SFK_GEN_NUM] = {
    {"kernel-v12", "2025-11-19", "SFrame version 2, x86-64",
     "posted patches 01, 04, 08/13 of v12 (LKML); no tree read", 2, X86, SFK_DROP_EFAULT, 0x00, 0,
     1},
    {"kernel-v13", "2026-01-27", "version 3, flexible FDEs, x86-64",
     "dylanbhatch/linux d56647db (Hatch's series on v13), kernel/unwind/sframe.c", 3, X86,
     SFK_DROP_EFAULT, 0x0f, 1, 1},
    {"kernel-v14", "2026-05", "v13 with a function start at the text end refused",
     "v13's code and the text-range fix agreed for v14 (Remus, Hatch; mails); no tree", 3, X86,
     SFK_DROP_EFAULT, 0x0f, 1, 0},
    {"kernel-v16", "2026-10", "v15/v16: stricter FDE and FRE bounds, outermost rows, "
     "drop on every error but no FDE",
     "linux-mm/linux-mm 5ce61387, kernel/unwind/sframe.c and sframe.h", 3, X86, SFK_DROP_ANY, 0x1f,
     0, 0},
    {"kernel-arm64-v1", "2026-04", "v13 with AArch64 user space, no pointer authentication",
     "arm64 series v1 (mails, on v13); no tree", 3, X86 | ARM64, SFK_DROP_EFAULT, 0x0f, 1, 1},
    {"kernel-s390-v4", "2026-01", "v13 with s390x user space (scaled CFA offsets)",
     "s390 series v4 (mails, on v13): arch/s390 unwind_user_sframe.h", 3,
     X86 | ABI(SFR_ABI_S390X_BE), SFK_DROP_EFAULT, 0x0f, 1, 1},
    {"kernel-s390-signal-rfc", "2026-01-27",
     "s390-v4 with signal frames handed to the s390 signal-frame unwinder",
     "Remus, RFC \"Signal frame user space unwinding\" (mails 20260127153331.2902504-1..6): "
     "__find_fre, unwind_user_next_common, arch/s390 unwind_user_signal_next", 3,
     X86 | ABI(SFR_ABI_S390X_BE), SFK_DROP_EFAULT, 0x0f, 1, 1},
    {"kernel-text-arm64-v6-vmlinux", "2026-05-19",
     "arm64 kernel text (vmlinux): v14's reader, SORTED optional, no ABI check, arm64 step",
     "dylanbhatch/linux 3231d5c5 kernel/unwind/sframe.c with v6 mails "
     "20260519064950.493949-2..-10 applied; arch/arm64/kernel/stacktrace.c (patch 9/9)", 3,
     ABI(SFR_ABI_AARCH64_LE), SFK_DROP_NEVER, 0x0f, 1, 0},
    {"kernel-text-arm64-v6-module", "2026-05-19",
     "arm64 kernel text (a module): as vmlinux, FDEs sorted at load when unsorted",
     "as kernel-text-arm64-v6-vmlinux; sframe_module_init, sframe_sort_fdes (patch 6/9)", 3,
     ABI(SFR_ABI_AARCH64_LE), SFK_DROP_NEVER, 0x0f, 1, 0},
};

const sfk_gen_info *sfk_gen_get(sfk_gen g) {
  return (unsigned)g < SFK_GEN_NUM ? &gens[g] : NULL;
}

int sfk_gen_by_name(const char *name) {
  int g;
  if (strcmp(name, "kernel") == 0)
    return SFK_GEN_NEWEST;
  for (g = 0; g < SFK_GEN_NUM; g++)
    if (strcmp(gens[g].name, name) == 0)
      return g;
  return -1;
}

int sfk_gen_abi_enabled(sfk_gen g, uint8_t abi) {
  return (unsigned)g < SFK_GEN_NUM && abi < 32 && ((gens[g].abis >> abi) & 1u);
}

struct rule_row {
  const char *name, *cells, *message;
};

static const struct rule_row rows[SFK_NUM] = {
    {"ok", "------", "no finding"},
#define SFK_X_ROW(e, id, cells, msg) {id, cells, msg},
    SFK_RULES(SFK_X_ROW)
#undef SFK_X_ROW
};

const char *sfk_rule_name(sfk_id k) {
  return (unsigned)k < SFK_NUM ? rows[k].name : "unknown";
}

const char *sfk_rule_message(sfk_id k) {
  return (unsigned)k < SFK_NUM ? rows[k].message : "unknown rule";
}

sfk_id sfk_rule_by_name(const char *name) {
  unsigned i = 1;
  while (i < SFK_NUM && strcmp(rows[i].name, name) != 0)
    i++;
  return i < SFK_NUM ? (sfk_id)i : SFK_OK;
}

char sfk_rule_cell(sfk_id k, sfk_gen g) {
  if ((unsigned)k >= SFK_NUM || (unsigned)g >= SFK_GEN_NUM || k == SFK_OK)
    return '-';
  return rows[k].cells[g];
}

sfk_stage sfk_rule_stage(sfk_id k, sfk_gen g) {
  switch (sfk_rule_cell(k, g)) {
  case 'L':
    return SFK_STAGE_LOAD;
  case 'A':
    return SFK_STAGE_ARCH;
  case 'F':
  case 'I':
    return SFK_STAGE_VALIDATE;
  case 'f':
  case 'i':
  case 'Z':
  case 'w':
  case 's':
    return SFK_STAGE_LOOKUP;
  default:
    return SFK_STAGE_NONE;
  }
}

sfk_effect sfk_rule_effect(sfk_id k, sfk_gen g) {
  switch (sfk_rule_cell(k, g)) {
  case 'L':
  case 'A':
    return SFK_EFFECT_REFUSED;
  case 'F':
  case 'f':
    return SFK_EFFECT_EFAULT;
  case 'I':
  case 'i':
    return SFK_EFFECT_EINVAL;
  case 'Z':
    return SFK_EFFECT_CRASH;
  case 'w':
    return SFK_EFFECT_DIFFERS;
  case 's':
    return SFK_EFFECT_SIGNAL;
  default:
    return SFK_EFFECT_NONE;
  }
}

int sfk_rule_drops(sfk_id k, sfk_gen g) {
  sfk_effect e = sfk_rule_effect(k, g);
  if ((unsigned)g >= SFK_GEN_NUM || gens[g].drop == SFK_DROP_NEVER)
    return 0;
  return e == SFK_EFFECT_EFAULT || (e == SFK_EFFECT_EINVAL && gens[g].drop == SFK_DROP_ANY);
}

int sfk_rule_refuses(sfk_id k, sfk_gen g) {
  sfk_stage s = sfk_rule_stage(k, g);
  return s == SFK_STAGE_LOAD || s == SFK_STAGE_ARCH || s == SFK_STAGE_VALIDATE;
}

const char *sfk_stage_name(sfk_stage s) {
  static const char *const names[] = {"none", "load", "arch", "validate", "lookup"};
  return (unsigned)s < sizeof names / sizeof *names ? names[s] : "none";
}

const char *sfk_effect_name(sfk_effect e) {
  static const char *const names[] = {"none",  "refused", "EINVAL", "EFAULT",
                                      "crash", "differs", "signal"};
  return (unsigned)e < sizeof names / sizeof *names ? names[e] : "none";
}

const char *sfk_outcome_name(sfk_outcome o) {
  static const char *const names[] = {"found", "outermost", "no-fde",        "error",
                                      "crash", "not-registered", "signal"};
  return (unsigned)o < sizeof names / sizeof *names ? names[o] : "unknown";
}
