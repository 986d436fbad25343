#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sfref validate|lookup|unwind|findings --profile ddprof-2026-06: what DataDog's
# java-profiler (ddprof-lib's SFrame parser, SPEC-NOTES.md N46) does with a
# section.  The sections are the cases of profile-ddprof.cases, built by
# sfcorpus; each test pins rules of N46 with the verdict or row the
# profiler's code gives, worked out by hand in the comments; the findings of
# conformance/findings/ddprof are held to their expect.txt.
# Environment (set by ci/run-tests.sh): SFREF; SFCORPUS (default: sfcorpus
# beside SFREF); SFREF_WRAPPER.

load ../../ci/bats-helpers

setup_file() {
  profile_cases "$BATS_TEST_DIRNAME/profile-ddprof.cases" "$BATS_FILE_TMPDIR/pd"
}

setup() {
  sfref_setup
  P="$BATS_FILE_TMPDIR/pd"
}

# ids SECTION: the ddprof-* identifiers sfref gives SECTION (in $P, vma
# 0x1000), sorted and unique, then "used" or "refused"; fails when the exit
# status disagrees with the JSON verdict.
ids() {
  local out rc got
  out=$(sfref validate --profile ddprof-2026-06 --json --raw --vma 0x1000 "$P/$1.sframe" 2>&1) && rc=0 || rc=$?
  got=$(printf '%s\n' "$out" | grep -o '"id":"ddprof-[a-z0-9-]*"' | sed 's/"id":"//; s/"$//' | sort -u | tr '\n' ' ')
  case $rc in
    0) [[ "$out" == *'"accepted":true'* ]] && echo "${got}used" ;;
    1) [[ "$out" == *'"accepted":false'* ]] && echo "${got}refused" ;;
    *) echo "rc $rc: $out" >&2; return 1 ;;
  esac
}

expect_ids() {
  local got
  got=$(ids "$1") || return 1
  [ "$got" = "$2" ] || { echo "$1: got '$got', want '$2'"; return 1; }
}

# lookup_dd FILE VMA PC: "outcome CFA RA FP | differences" from lookup --json.
lookup_dd() {
  local out o c r f d
  out=$(sfref lookup --profile ddprof-2026-06 --mode=ip --json --raw --vma "$2" "$1" "$3" 2>/dev/null) || true
  o=$(printf '%s' "$out" | sed -n 's/.*"ddprof":{"outcome":"\([a-z-]*\)".*/\1/p')
  c=$(printf '%s' "$out" | sed -n 's/.*"ddprof":{[^}]*"cfa":"\([^"]*\)".*/\1/p')
  r=$(printf '%s' "$out" | sed -n 's/.*"ddprof":{[^}]*"ra":"\([^"]*\)".*/\1/p')
  f=$(printf '%s' "$out" | sed -n 's/.*"ddprof":{[^}]*"fp":"\([^"]*\)".*/\1/p')
  d=$(printf '%s' "$out" | sed -n 's/.*"differs":"\([a-z,]*\)".*/\1/p')
  echo "$o ${c:--} ${r:--} ${f:--} | $d"
}

@test "ddprof: the rule table, the generation in --help, usage errors" {
  run sfref findings --profile ddprof
  [ "$status" -eq 0 ]
  [[ "${lines[0]}" == "# DataDog java-profiler's rules per generation"* ]]
  [[ "$output" == *"# a ddprof-2026-06 2026-06-17 (= ddprof)"* ]]
  [[ "$output" == *"ddprof-pcrel-unsupported"*" L "* ]] && [[ "$output" == *"ddprof-fde-skipped-bit0"*" S "* ]]
  [[ "$output" == *"ddprof-fre-info-misread"*" w "* ]] && [[ "$output" == *"ddprof-cfa-offset-range"*" F "* ]]
  run sfref findings --profile ddprof-2026-06 ddprof-no-function-end
  [ "$status" -eq 0 ] && [ "${#lines[@]}" -eq 1 ]
  run sfref findings --profile ddprof kernel-fre-type
  [ "$status" -eq 2 ]
  run sfref validate --help
  [[ "$output" == *"ddprof-2026-06 "*"2026-06-17"* ]]
  run sfref lookup --every-pc --raw "$P/pd-ok-v2-amd64-le.sframe"
  [ "$status" -eq 2 ] && [[ "$output" == *"--every-pc applies to lookup --profile ddprof only"* ]]
  run sfref lookup --profile ddprof --text 0x1-0x2 --raw "$P/pd-ok-v2-amd64-le.sframe" 0x1
  [ "$status" -eq 2 ] && [[ "$output" == *"kernel's profiles only"* ]]
  run sfref lookup --profile ddprof --config validation --raw "$P/pd-ok-v2-amd64-le.sframe" 0x1
  [ "$status" -eq 2 ]
  run sfref lookup --profile ddprof --raw "$P/pd-ok-v2-amd64-le.sframe"
  [ "$status" -eq 2 ] && [[ "$output" == *"no PC given"* ]]
}

@test "ddprof: load: version 2 only, no PCREL, little-endian magic, the host's ABI, bounds" {
  expect_ids pd-pcrel-v1-amd64-le "ddprof-version-unsupported refused"
  expect_ids pd-pcrel-v3-amd64-le "ddprof-version-unsupported refused"
  expect_ids pd-pcrel-v2-amd64-le "ddprof-pcrel-unsupported refused"
  # Big-endian sections fail the magic read little-endian.
  expect_ids pd-ok-v2-aarch64be-be "ddprof-bad-magic refused"
  expect_ids pd-ok-v2-s390x-be "ddprof-bad-magic refused"
  expect_ids pd-fre-len-past-end-v2-amd64-le "ddprof-offsets-out-of-bounds refused"
  # s390x written little-endian has the magic right and is refused by ABI.
  printf '\xe2\xde\x02\x01\x04\x00\x00\x00' | cat - <(tail -c +9 "$P/pd-ok-v2-amd64-le.sframe") > "$BATS_TEST_TMPDIR/abi4.sframe"
  run sfref validate --profile ddprof --raw --vma 0x1000 "$BATS_TEST_TMPDIR/abi4.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"ddprof-abi-unsupported"* ]]
  # A section 4 GiB above the image base is not read.
  run sfref validate --profile ddprof --raw --vma 0x100000000 "$P/pd-ok-v2-amd64-le.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"ddprof-section-offset-too-large"* ]]
  # Too short for the header.
  head -c 20 "$P/pd-ok-v2-amd64-le.sframe" > "$BATS_TEST_TMPDIR/short.sframe"
  run sfref validate --profile ddprof --raw "$BATS_TEST_TMPDIR/short.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"ddprof-section-too-small"* ]]
  # The auxiliary header is skipped, not refused.
  expect_ids pd-auxhdr-v2-amd64-le "ddprof-fre-info-misread ddprof-fre-truncated ddprof-no-function-end ddprof-sorted-flag-trusted used"
}

@test "ddprof: functions: ADDR2 skipped as PCMASK, PCMASK read as PCINC, rows read out of step" {
  # func_info 0x01 (the spec's ADDR2): skipped; no other function: no row.
  expect_ids pd-addr2-v2-amd64-le "ddprof-fde-skipped-bit0 ddprof-no-rows refused"
  # func_info 0x10: read as PCINC with 1-byte starts; its second row, read
  # out of step, runs past the sub-section and the function is discarded.
  expect_ids pd-pcmask-v2-amd64-le "ddprof-fde-info-misread ddprof-fre-info-misread ddprof-fre-truncated ddprof-no-rows ddprof-pcmask-read-as-pcinc refused"
  # pd-ok: function 0's rows read as 0x2000 fp+264, 0x2005 sp-16 (FP word 4),
  # 0x2004 sp-16 (FP word 63), 0x2003 sp+0; function 1's second row runs
  # off the end and the function is discarded.  The flag says sorted, so
  # the out-of-order rows are searched as they are.
  expect_ids pd-ok-v2-amd64-le "ddprof-fre-info-misread ddprof-fre-truncated ddprof-no-function-end ddprof-sorted-flag-trusted used"
  run sfref validate --profile ddprof --json --raw --vma 0x1000 "$P/pd-ok-v2-amd64-le.sframe"
  [[ "$output" == *'"rows":4,'* ]]
  # Unsorted with the flag clear: the profiler sorts its rows; with the
  # flag set it trusts it.
  [[ "$(ids pd-unsorted-v2-amd64-le)" != *ddprof-sorted-flag-trusted* ]]
  [[ "$(ids pd-unsorted-flagged-v2-amd64-le)" == *ddprof-sorted-flag-trusted* ]]
}

# patched SECTION OFFSET HEXBYTES: a copy of $P/SECTION.sframe with the bytes at OFFSET replaced.
patched() {
  local out="$BATS_TEST_TMPDIR/$1-$2.sframe"
  cp "$P/$1.sframe" "$out"
  printf "$(printf '%s' "$3" | sed 's/../\\x&/g')" | dd of="$out" bs=1 seek="$2" conv=notrunc 2>/dev/null
  echo "$out"
}

@test "ddprof: the header's bounds and each function's failures, byte by byte" {
  local s=pd-ok-v2-amd64-le f
  # pd-ok: 89 bytes; the header's aux length 255 runs past them.
  f=$(patched $s 7 ff)
  run sfref validate --profile ddprof --raw --vma 0x1000 "$f"
  [ "$status" -eq 1 ] && [[ "$output" == *"ddprof-auxhdr-past-end"* ]]
  # sfh_freoff 0: the FRE sub-section starts on the FDE array.
  f=$(patched $s 24 00)
  run sfref validate --profile ddprof --raw --vma 0x1000 "$f"
  [ "$status" -eq 1 ] && [[ "$output" == *"ddprof-subsections-overlap"* ]]
  # Function 0 (FDE at 28): its FRE offset 0xff past sfh_fre_len (21).
  f=$(patched $s 36 ff)
  run sfref validate --profile ddprof --json --raw --vma 0x1000 "$f"
  [[ "$output" == *'"id":"ddprof-fre-off-out","stage":"F","refuses":false,"offset":36,"fde":0'* ]]
  # func_info 0x06: bits 1-2 are 3, no start size the profiler knows.
  f=$(patched $s 44 06)
  run sfref validate --profile ddprof --json --raw --vma 0x1000 "$f"
  [[ "$output" == *'"id":"ddprof-fre-type-reserved"'* ]]
  # No rows in function 0: skipped.
  f=$(patched $s 40 00)
  run sfref validate --profile ddprof --json --raw --vma 0x1000 "$f"
  [[ "$output" == *'"id":"ddprof-fde-no-fres"'* ]]
  # AArch64: a row read in step with fre_info 0x07 (CFA, RA, FP: count 3)
  # has bits 1-2 = 3, the reserved word size: the function fails.
  run sfref validate --profile ddprof --json --raw --vma 0x1000 "$P/pd-ok-v2-aarch64le-le.sframe"
  [[ "$output" == *'"id":"ddprof-offset-size-reserved"'* ]]
  # GNU as 2.44's cfi/x86_64-many.s: a CFA read as a 4-byte word past 24 bits.
  local r="$REPO/corpus/real/sections/gas244-x86_64-cfi-many"
  run sfref validate --profile ddprof --raw --vma "$(cat "$r.vma")" "$r.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"ddprof-cfa-offset-range"* ]] && [[ "$output" == *"ddprof-no-rows"* ]]
}

@test "ddprof: lookup: the last row at or below the PC, no function end, beside the spec" {
  # 0x2001: the binary search over the four rows of pd-ok lands on row 0.
  [ "$(lookup_dd "$P/pd-ok-v2-amd64-le.sframe" 0x1000 0x2001)" = "found fp+264 *(CFA-8) unchanged | row,cfa,fp" ]
  # 0x2040 (function 1, discarded): the last row, 0x2003 sp+0.
  [ "$(lookup_dd "$P/pd-ok-v2-amd64-le.sframe" 0x1000 0x2040)" = "found sp+0 *(CFA-8) unchanged | function,cfa" ]
  # Below every row: the default frame (frame pointers), as the spec's no FDE.
  [ "$(lookup_dd "$P/pd-ok-v2-amd64-le.sframe" 0x1000 0x1000)" = "no-fde - - - | " ]
  # Refused: the library's .eh_frame instead.
  [ "$(lookup_dd "$P/pd-pcrel-v2-amd64-le.sframe" 0x1000 0x2001)" = "not-registered - - - | outcome" ]
  run sfref lookup --profile ddprof --mode=ip --json --raw --vma 0x1000 "$P/pd-ok-v2-amd64-le.sframe" 0x2001
  [ "$status" -eq 1 ]
  # The row as the profiler packs it: loc 0x2000, cfa (264 << 8) | 6 = 67590.
  [[ "$output" == *'"frame":{"loc":8192,"cfa":67590,"fp_off":-2147483648,"pc_off":-8,"index":0}'* ]]
  # Every PC of every function: 96 looked up.
  run sfref lookup --profile ddprof --every-pc --raw --vma 0x1000 "$P/pd-ok-v2-amd64-le.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"every PC: 96 looked up, 0 answered as the spec does, 96 differ (the first 20 shown)"* ]]
  run sfref lookup --profile ddprof --every-pc --json --raw --vma 0x1000 "$P/pd-ok-v2-amd64-le.sframe"
  [[ "$output" == *'"every_pc":{"pcs":96,"differ":96}}' ]]
  # A section the spec finds malformed has no functions to take PCs from.
  run sfref lookup --profile ddprof --every-pc --raw --vma 0x1000 "$P/pd-fre-len-past-end-v2-amd64-le.sframe"
  [ "$status" -eq 2 ] && [[ "$output" == *"--every-pc: the spec finds the section malformed"* ]]
}

@test "ddprof: unwind: the profiler's walk over its rows beside the spec's" {
  # 0x2001 gets row 0 (CFA = FP + 264 = 0x7118, RA at CFA-8 = 0x7110: 0x2041);
  # 0x2041 gets row 3 (CFA = SP + 0 = 0x7118, RA again 0x2041): the PC and
  # SP do not move, so the walk ends.
  printf 'pc 0x2001\nsp 0x7000\nfp 0x7010\nmem 0x7110 4120000000000000\n' > "$BATS_TEST_TMPDIR/snap"
  run sfref unwind --profile ddprof --raw --vma 0x1000 "$P/pd-ok-v2-amd64-le.sframe" "$BATS_TEST_TMPDIR/snap"
  [ "$status" -eq 1 ]
  [[ "$output" == *"#0 pc 0x2001 sp 0x7000 fp 0x7010  found row 0 (FDE 0 FRE 0)"* ]]
  [[ "$output" == *"#1 pc 0x2041 sp 0x7118 fp 0x7010  found row 3 (FDE 0 FRE 3)"*"stop: stuck"* ]]
  [[ "$output" == *"spec:"*"differs from frame #1"* ]]
}

@test "ddprof: an ELF program is read through PT_GNU_SFRAME, as the profiler finds it; without it, nothing" {
  command -v as >/dev/null && command -v ld >/dev/null || skip "no assembler and linker"
  local T=$BATS_TEST_TMPDIR d="$REPO/conformance/findings/ddprof"
  printf '\t.text\n\t.globl _start\n_start:\n\t.cfi_startproc\n\tpushq %%rbp\n\t.cfi_def_cfa_offset 16\n\tpopq %%rbp\n\t.cfi_def_cfa_offset 8\n\tud2\n\t.cfi_endproc\n' > "$T/s.s"
  as --gsframe "$T/s.s" -o "$T/s.o" && ld -o "$T/prog" "$T/s.o"
  as "$T/s.s" -o "$T/n.o" && ld -o "$T/plain" "$T/n.o"
  # ld 2.40 writes PT_GNU_SFRAME over .sframe; DD1's bytes put in its place.
  objcopy --update-section .sframe="$d/DD1-fre-info-layout-amd64/section.sframe" "$T/prog" "$T/v2"
  run sfref validate --profile ddprof --json "$T/v2"
  [ "$status" -eq 0 ] && [[ "$output" == *'"from":"PT_GNU_SFRAME","accepted":true'* ]]
  # The same bytes as a section of a program without the segment: not found.
  objcopy --add-section .sframe="$d/DD1-fre-info-layout-amd64/section.sframe" --set-section-flags .sframe=alloc,readonly,data "$T/plain" "$T/noseg" 2>/dev/null
  run sfref validate --profile ddprof --json "$T/noseg"
  [ "$status" -eq 1 ] && [[ "$output" == *'"id":"ddprof-no-sframe-segment"'* ]]
  run sfref lookup --profile ddprof --mode=ip --json "$T/noseg" 0x401000
  [[ "$output" == *'"ddprof":{"outcome":"not-registered"'*'"why":"ddprof-no-sframe-segment"'* ]]
}

@test "ddprof: the findings (conformance/findings/ddprof): each answer as its expect.txt says" {
  local d g pc want got n=0
  for d in "$BATS_TEST_DIRNAME"/../../conformance/findings/ddprof/DD*/; do
    for f in README.md section.sframe dump.txt expect.txt vma; do [ -s "$d/$f" ] || { echo "$d: no $f"; return 1; }; done
    while IFS=$'\t' read -r g pc want; do
      case $g in '#'*|'') continue ;; esac
      got=$(lookup_dd "$d/section.sframe" "$(cat "$d/vma")" "$pc")
      [ "$got" = "$want" ] || { echo "$d $pc: got '$got', want '$want'"; return 1; }
      n=$((n + 1))
    done < "$d/expect.txt"
  done
  [ "$n" -ge 15 ]
}

@test "ddprof: every identifier is pinned by a test of this file" {
  local id
  for id in $(sfref findings --profile ddprof | awk '!/^#/ {print $1}'); do
    grep -qE -- "[ \"]$id([ \",]|$)" "$BATS_TEST_FILENAME" || { echo "no test for $id"; return 1; }
  done
}
