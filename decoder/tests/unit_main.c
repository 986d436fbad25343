/* SPDX-License-Identifier: MIT */
/* unit_main.c - the unit tests' main: the command line (unit.c's header
 * says what it takes) and every test in order. */
#include "unit.h"

int main(int argc, char **argv) {
  int k;
  const char *st = getenv("UNIT_STRIDE");
  if (st && atoi(st) > 1)
    stride = (size_t)atoi(st);
  for (k = 1; k < argc && n_real_dirs < MAX_DIRS; k++)
    real_dirs[n_real_dirs++] = argv[k];
  if (n_real_dirs == 0)
    real_dirs[n_real_dirs++] = "corpus/real/sections";
  test_vectors_build();
  run("cursor reads bytes in the section's endianness, never past its end", test_cursor);
  run("findings table: names, messages, classes", test_findings_table);
  run("hand-built vectors give exactly their finding (guard page)", test_vectors_expected);
  run("every finding identifier has a vector", test_every_finding_has_vector);
  run("vectors cover big-endian, s390x and every version", test_vector_axes);
  run("real sections validate and look up (guard page)", test_real_sections);
  run("a section's extent by its header (2.2), two end to end", test_section_extent);
  run("every prefix of a real section is rejected (guard page)", test_real_truncations);
  run("single-byte corruptions of real sections (guard page)", test_real_mutations);
  run("AMD64 interpretation matches objdump", test_interp_amd64);
  run("AArch64 and s390x interpretation matches objdump", test_interp_aarch64_s390x);
  run("unwind AMD64 frames, backtrace and stop reasons", test_unwind_amd64);
  run("unwind with flexible register rules", test_unwind_flex_rules);
  run("unwind AArch64 PAuth and s390x big-endian", test_unwind_aarch64_s390x);
  run("unwind through every flexible rule kind", test_unwind_flex_kinds);
  run("findings the generator and fuzzers exposed: truncation after a V3 attribute, shared "
      "empty offsets, FRE data shared past a gap",
      test_generator_regressions);
  run("stop and lookup status names", test_stop_names);
  run("the lookup paths' comparison names what differs", test_lookup_differs);
  run("two validation reports' comparison names what differs and tolerates what it should",
      test_reports_differ);
  run("the lookup index answers as the binary search, and a damaged one reads nothing outside",
      test_lookup_index);
  run("validation is exact at any size with scratch, and says what it skipped without",
      test_validate_scratch);
  run("sorted by start, equal starts put in (size, index) order as the full sort puts them",
      test_sort_ties);
  run("real sections reordered, overlapping and sharing FRE data: the fast validation is the "
      "reference's",
      test_real_shuffled);
  run("kernel profiles: the lookup's paths (text range, gaps, PCMASK, a PC before the rows)",
      test_kernel_lookup_paths);
  run("kernel profiles: lookup errors, and which drop the section", test_kernel_lookup_errors);
  run("kernel profiles: generations, rules, stages and names", test_kernel_names);
  run("kernel profiles: the unwinder's step, frame pointers, a dropped section, a crash",
      test_kernel_unwind_step);
  run("kernel profiles: flexible rules in the unwinder's step, s390x without a fall-back",
      test_kernel_unwind_rules);
  return unit_finish();
}
