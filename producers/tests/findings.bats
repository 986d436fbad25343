#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The producers' bugs under producers/findings/, each still shown by the
# producer it names: these tests fail when the producer is fixed (then the
# finding moves to a "fixed in" note).  Needs build/bin/sfcfi (make sfcfi)
# and the peers' binutils under build/toolchains/ (ci/peers.sh); a producer
# that is not there is skipped with its reason.

setup() {
  ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
  BUILD=${BUILD:-build}
  case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
  SFCFI=$BUILD/bin/sfcfi
  [ -x "$SFCFI" ] || skip "no $SFCFI (make sfcfi)"
}

plt_got() { # SUITE: ld of the suite links main.c; check reports the .plt.got row
  local bin=$ROOT/build/toolchains/$1/bin
  [ -x "$bin/ld" ] || skip "no $bin/ld (ci/peers.sh fetches it)"
  gcc -B "$bin/" -Wa,--gsframe -o "$BATS_TEST_TMPDIR/m" "$ROOT/producers/findings/01-ld-plt-got-sframe-cfa/main.c"
  local got
  got=$("$bin/objdump" -h "$BATS_TEST_TMPDIR/m" | awk '$2 == ".plt.got" { print $4 }')
  [ -n "$got" ] || { echo "no .plt.got in the program"; return 1; }
  run "$SFCFI" check "$BATS_TEST_TMPDIR/m"
  echo "$output"
  [ "$status" -eq 1 ]
  local lo=$((16#$got))
  # exactly one disagreement: the whole .plt.got entry, CFA sp+16 against sp+8
  [ "$(grep -c '^disagree ' <<< "$output")" -eq 1 ]
  grep -qx "disagree cfa ? $(printf '0x%x-0x%x' $lo $((lo + 8))) sframe: cfa=sp+16 ra=\[cfa-8\] fp=u cfi: cfa=sp+8 ra=\[cfa-8\] fp=u" <<< "$output"
}

@test "finding 01: ld 2.44's SFrame for .plt.got says CFA = SP + 16 where its CFI says SP + 8" {
  plt_got trixie
}

@test "finding 01: ld 2.47.50's SFrame for .plt.got says CFA = SP + 16 where its CFI says SP + 8" {
  plt_got sid
}

sframe_size() { # ELF: the size field of its .sframe section header
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".sframe" { print $5 }'
}

empty_sframe() { # DIR: as and ld of DIR; the output's .sframe has no bytes
  local bin=$1
  [ -x "$bin/ld" ] || skip "no $bin/ld (ci/peers.sh fetches it)"
  "$bin/as" --gsframe -o "$BATS_TEST_TMPDIR/only.o" "$ROOT/producers/findings/15-ld-empty-sframe-section/only.s"
  # the input: a header (28 bytes) and no function
  [ "$(sframe_size "$BATS_TEST_TMPDIR/only.o")" = 00001c ]
  "$bin/ld" -static -e f -o "$BATS_TEST_TMPDIR/only" "$BATS_TEST_TMPDIR/only.o"
  [ "$(sframe_size "$BATS_TEST_TMPDIR/only")" = 000000 ]
  run "$BUILD/bin/sfref" validate "$BATS_TEST_TMPDIR/only"
  [ "$status" -eq 1 ]
}

@test "finding 15: ld 2.40 writes an empty .sframe when no input function has an FDE" {
  empty_sframe /usr/bin
}

@test "finding 15: ld 2.44 writes an empty .sframe when no input function has an FDE" {
  empty_sframe "$ROOT/build/toolchains/trixie/bin"
}

@test "finding 15: ld 2.47.50 writes an empty .sframe when no input function has an FDE" {
  empty_sframe "$ROOT/build/toolchains/sid/bin"
}

# Findings 18-21: ld's handling of .sframe input (SPEC-NOTES.md N42).

ld_suite() { # SUITE (host, trixie, sid) VERSION: BIN = the directory of its as and ld, or skip
  case $1 in host) BIN=/usr/bin ;; *) BIN=$ROOT/build/toolchains/$1/bin ;; esac
  [ -x "$BIN/ld" ] || skip "no $BIN/ld (ci/peers.sh fetches it)"
  "$BIN/ld" --version | head -1 | grep -q " $2" || skip "$BIN/ld is not $2"
}

unknown_version() { # LD-SUITE LD-VERSION GAS-SUITE GAS-VERSION SIZE CONSERVE-SUMMARY
  local ld gas d=$ROOT/producers/findings/18-ld-2.40-2.44-unknown-version-sframe-concatenated
  ld_suite "$3" "$4"; gas=$BIN
  ld_suite "$1" "$2"; ld=$BIN
  cd "$BATS_TEST_TMPDIR"
  "$gas/as" --gsframe -o a.o "$d/a.s"
  "$gas/as" --gsframe -o b.o "$d/b.s"
  run "$ld/ld" -o ab a.o b.o
  echo "$output"
  [ "$status" -eq 0 ]
  grep -q 'error in a.o(.sframe); no .sframe will be created$' <<< "$output"
  grep -q 'error in b.o(.sframe); no .sframe will be created$' <<< "$output"
  # and yet a .sframe: the two inputs one after the other
  [ "$(sframe_size ab)" = "$5" ]
  run "$SFCFI" conserve ab a.o b.o
  echo "$output"
  [ "$status" -eq 1 ]
  grep -q '^missing b (b.o .text+0x0) ' <<< "$output"
  grep -qx "summary: 2 inputs, 2 functions: $6" <<< "$output"
}

@test "finding 18: ld 2.40 says no .sframe will be created for version 2 input, and writes the inputs concatenated" {
  unknown_version host 2.40 trixie 2.44 000079 \
    "0 kept, 0 differs, 2 missing, 0 dropped-code, 0 unmapped; 1 linker-made; 1 flag problems"
}

@test "finding 18: ld 2.40 says no .sframe will be created for version 3 input, and writes the inputs concatenated" {
  unknown_version host 2.40 sid 2.47 00007a \
    "1 kept, 0 differs, 1 missing, 0 dropped-code, 0 unmapped; 0 linker-made; 0 flag problems"
}

@test "finding 18: ld 2.44 says no .sframe will be created for version 3 input, and writes the inputs concatenated" {
  unknown_version trixie 2.44 sid 2.47 00007a \
    "1 kept, 0 differs, 1 missing, 0 dropped-code, 0 unmapped; 0 linker-made; 0 flag problems"
}

gc_sections() { # SUITE VERSION: --gc-sections collects the .sframe of a kept function
  local bin
  ld_suite "$1" "$2"; bin=$BIN
  cd "$BATS_TEST_TMPDIR"
  "$bin/as" --gsframe -o gc.o "$ROOT/producers/findings/19-ld-2.40-2.44-gc-sections-drops-sframe/gc.s"
  "$bin/ld" -o nogc gc.o
  [ -n "$(sframe_size nogc)" ]
  run "$bin/ld" --gc-sections --print-gc-sections -o gc gc.o
  echo "$output"
  [ "$status" -eq 0 ]
  grep -q "removing unused section '.sframe' in file 'gc.o'" <<< "$output"
  [ -z "$(sframe_size gc)" ]
  run "$SFCFI" conserve gc gc.o
  echo "$output"
  grep -q '^missing _start (gc.o .text._start+0x0) .*: the output has no .sframe$' <<< "$output"
}

@test "finding 19: ld 2.40 --gc-sections drops the .sframe of the functions it keeps" {
  gc_sections host 2.40
}

@test "finding 19: ld 2.44 --gc-sections drops the .sframe of the functions it keeps" {
  gc_sections trixie 2.44
}

relocatable() { # SUITE VERSION RELOC-OFFSETS UNSORTED-FDE-OFFSET: ld -r's .rela.sframe and flags
  local bin d=$ROOT/producers/findings/20-ld-2.40-2.44-relocatable-sframe
  ld_suite "$1" "$2"; bin=$BIN
  cd "$BATS_TEST_TMPDIR"
  "$bin/as" --gsframe -o one.o "$d/one.s"
  "$bin/as" --gsframe -o u.o "$d/u.s"
  "$bin/ld" -r -o r.o one.o u.o
  local offs
  offs=$(readelf -rW r.o | awk '/^Relocation section/ { s = ($3 == "'"'"'.rela.sframe'"'"'") } s && /R_X86_64/ { printf "%s ", $1 }')
  echo "relocations: $offs"
  [ "$offs" = "$3" ]
  run "$BUILD/bin/sfref" validate r.o
  echo "$output"
  [ "$status" -eq 1 ]
  grep -q 'error: dataword-size-unknown' <<< "$output"
  # u.o alone: FDEs late, early; ld -r sets SORTED without sorting them
  "$bin/ld" -r -o r1.o u.o
  "$BUILD/bin/sfref" dump r1.o | grep -qx '  flags 0x1 FDE_SORTED'
  run "$BUILD/bin/sfref" validate r1.o
  echo "$output"
  [ "$status" -eq 1 ]
  grep -q "error: fde-unsorted: .* at offset $4, FDE 1, field func_start" <<< "$output"
}

@test "finding 20: ld 2.40 -r puts the merged .sframe's relocations in FRE data and sets SORTED on unsorted FDEs" {
  relocatable host 2.40 "000000000000001c 0000000000000054 0000000000000065 " 0x2d
}

@test "finding 20: ld 2.44 -r puts the merged .sframe's relocations in FRE data and sets SORTED on unsorted FDEs" {
  relocatable trixie 2.44 "000000000000001c 000000000000005c 0000000000000070 " 0x30
}

segment_size() { # SUITE VERSION SECTION-SIZE SEGMENT-SIZE: PT_GNU_SFRAME against .sframe
  local bin d=$ROOT/producers/findings/21-ld-gnu-sframe-segment-unmerged-size
  ld_suite "$1" "$2"; bin=$BIN
  cd "$BATS_TEST_TMPDIR"
  "$bin/as" --gsframe -o a.o "$d/a.s"
  "$bin/as" --gsframe -o b.o "$d/b.s"
  "$bin/ld" -o ab a.o b.o
  [ "$(sframe_size ab)" = "$3" ]
  local seg
  seg=$(readelf -lW ab | awk '$1 == "GNU_SFRAME" { print $5, $6 }')
  echo "GNU_SFRAME filesz memsz: $seg"
  [ "$seg" = "0x$4 0x$4" ]
}

@test "finding 21: ld 2.40's PT_GNU_SFRAME has the unmerged inputs' size, not the .sframe's" {
  segment_size host 2.40 000052 00006e
}

@test "finding 21: ld 2.44's PT_GNU_SFRAME has the unmerged inputs' size, not the .sframe's" {
  segment_size trixie 2.44 000058 000079
}

@test "finding 21: ld 2.47.50's PT_GNU_SFRAME has the unmerged inputs' size, not the .sframe's" {
  segment_size sid 2.47 00005a 00007a
}

# Findings 22-26: lld, mold and llvm-mc (SPEC-NOTES.md N43); the tools are
# those of producers/toolchains.sh under build/producers/tc.

tc_tool() { # PATH under build/producers/tc: TOOL = it, or skip
  TOOL=$ROOT/build/producers/tc/$1
  [ -x "$TOOL" ] || skip "no $TOOL (producers/toolchains.sh makes it)"
}

two_inputs() { # GAS (gas-2.44, gas-2.47) DIR: a.o and b.o of DIR's a.s and b.s, x86-64
  tc_tool "as/$1-x86_64/as"
  cd "$BATS_TEST_TMPDIR"
  "$TOOL" --gsframe -o a.o "$ROOT/producers/findings/$2/a.s"
  "$TOOL" --gsframe -o b.o "$ROOT/producers/findings/$2/b.s"
}

concatenated() { # LINKER GAS SIZE CONSERVE-SUMMARY: the inputs copied one after the other
  two_inputs "$2" 22-lld-sframe-concatenated
  tc_tool "ld/$1-x86_64/ld"
  run "$TOOL" -o ab a.o b.o
  echo "$output"
  [ "$status" -eq 0 ]
  [ -z "$output" ]
  [ "$(sframe_size ab)" = "$3" ]
  # no PT_GNU_SFRAME
  ! readelf -lW ab | grep -q GNU_SFRAME
  run "$SFCFI" conserve ab a.o b.o
  echo "$output"
  [ "$status" -eq 1 ]
  grep -q '^missing b (b.o .text+0x0) ' <<< "$output"
  grep -qx "summary: 2 inputs, 2 functions: $4" <<< "$output"
}

@test "finding 22: lld 22 concatenates version 3 .sframe inputs: one header, the second input's functions lost" {
  concatenated lld-22 gas-2.47 00007a \
    "1 kept, 0 differs, 1 missing, 0 dropped-code, 0 unmapped; 0 linker-made; 0 flag problems"
}

@test "finding 22: lld 22 concatenates version 2 .sframe inputs: every function lost" {
  concatenated lld-22 gas-2.44 000079 \
    "0 kept, 0 differs, 2 missing, 0 dropped-code, 0 unmapped; 1 linker-made; 1 flag problems"
}

@test "finding 23: mold 2.37 concatenates version 3 .sframe inputs: one header, the second input's functions lost" {
  concatenated mold-2.37 gas-2.47 00007a \
    "1 kept, 0 differs, 1 missing, 0 dropped-code, 0 unmapped; 0 linker-made; 0 flag problems"
}

@test "finding 23: mold 2.37 concatenates version 2 .sframe inputs: every function lost" {
  concatenated mold-2.37 gas-2.44 000079 \
    "0 kept, 0 differs, 2 missing, 0 dropped-code, 0 unmapped; 1 linker-made; 1 flag problems"
}

@test "finding 24: mold 3.0 drops version 2 .sframe input without a word" {
  local d=24-mold-3.0-drops-version-1-2-sframe-silently v3
  tc_tool as/gas-2.47-x86_64/as; v3=$TOOL
  two_inputs gas-2.44 "$d"
  "$v3" --gsframe -o a3.o "$ROOT/producers/findings/$d/a.s"
  tc_tool ld/mold-3.0-x86_64/ld
  # every input version 2: no .sframe, no message, exit 0
  run "$TOOL" -o ab a.o b.o
  echo "$output"
  [ "$status" -eq 0 ]
  [ -z "$output" ]
  [ -z "$(sframe_size ab)" ]
  # version 3 a3.o with version 2 b.o: a3.o's FDE only, no message
  run "$TOOL" --fatal-warnings -o a3b a3.o b.o
  echo "$output"
  [ "$status" -eq 0 ]
  [ -z "$output" ]
  [ "$(sframe_size a3b)" = 00003c ]
  run "$SFCFI" conserve a3b a3.o b.o
  echo "$output"
  [ "$status" -eq 1 ]
  grep -q '^missing b (b.o .text+0x0) .*: no output FDE covers ' <<< "$output"
}

@test "finding 27: lld 19 and 22 refuse to link gas 2.47.50's SHT_GNU_SFRAME .sframe with gas 2.44's SHT_PROGBITS one" {
  local v3 ld
  tc_tool as/gas-2.47-x86_64/as; v3=$TOOL
  two_inputs gas-2.44 22-lld-sframe-concatenated
  "$v3" --gsframe -o a3.o "$ROOT/producers/findings/22-lld-sframe-concatenated/a.s"
  # lld-19 is fetched by full runs only (producers.tsv): when it is there
  for ld in lld-22 lld-19; do
    [ "$ld" = lld-22 ] || [ -x "$ROOT/build/producers/tc/ld/$ld-x86_64/ld" ] || continue
    tc_tool "ld/$ld-x86_64/ld"
    run "$TOOL" -o ab a3.o b.o
    echo "$output"
    [ "$status" -eq 1 ]
    grep -q 'error: section type mismatch for .sframe' <<< "$output"
    grep -qx '>>> b.o:(.sframe): SHT_PROGBITS' <<< "$output"
    # one type alone links (and concatenates, finding 22)
    run "$TOOL" -o ab a.o b.o
    [ "$status" -eq 0 ]
  done
}

mc_aarch64() { # FILE of finding 25: llvm-mc 22 --gsframe for AArch64, into $BATS_TEST_TMPDIR/FILE.o
  tc_tool bin/llvm-mc-22
  cd "$BATS_TEST_TMPDIR"
  run "$TOOL" -triple aarch64-linux-gnu -filetype=obj --gsframe -o "$1.o" \
    "$ROOT/producers/findings/25-llvm-mc-aarch64-sframe-every-function-omitted/$1.s"
  echo "$output"
  [ "$status" -eq 0 ]
}

@test "finding 25: llvm-mc 22 omits every AArch64 function from .sframe (return column read as 2147483647)" {
  mc_aarch64 f
  grep -qx '<unknown>:0: warning: non-default RA register in .cfi_return_column 2147483647. Omitting SFrame unwind info for this function' <<< "$output"
  # a header and no FDE
  [ "$(sframe_size f.o)" = 00001c ]
  "$BUILD/bin/sfref" dump f.o | grep -qx '  0 FDEs at 0x1c, 0 FREs in 0 bytes at 0x1c'
  run "$SFCFI" check f.o
  echo "$output"
  grep -q '^cfi-only expressible f ' <<< "$output"
}

@test "finding 25: llvm-mc 22 takes AArch64's x30 for the frame pointer and x29 for the return address" {
  mc_aarch64 cfa-x29
  grep -q 'warning: canonical Frame Address not in stack- or frame-pointer. Omitting SFrame unwind info for this function' <<< "$output"
  "$BUILD/bin/sfref" dump cfa-x29.o | grep -qx '  0 FDEs at 0x1c, 0 FREs in 0 bytes at 0x1c'
  mc_aarch64 cfa-x30
  [ -z "$output" ]
  "$BUILD/bin/sfref" dump cfa-x30.o | grep -qx '  fre 2: +0x8: CFA = fp+16; RA = \[CFA-8\]; FP = \[CFA-16\]'
  run "$SFCFI" check cfa-x30.o
  echo "$output"
  [ "$status" -eq 1 ]
  grep -qx 'disagree covers-cfa-other-register f 0x1008-0x100c sframe: cfa=fp+16 ra=\[cfa-8\] fp=\[cfa-16\] cfi: cfa-other-register' <<< "$output"
}

@test "finding 26: llvm-mc 22's x86-64 SFrame disagrees with its CFI (.cfi_rel_offset, startproc simple, return column 16)" {
  tc_tool bin/llvm-mc-22
  cd "$BATS_TEST_TMPDIR"
  run "$TOOL" -triple x86_64-linux-gnu -filetype=obj --gsframe -o mc.o \
    "$ROOT/producers/findings/26-llvm-mc-x86-64-sframe-against-cfi/mc.s"
  echo "$output"
  [ "$status" -eq 0 ]
  grep -qx '<unknown>:0: warning: non-default RA register in .cfi_return_column 16. Omitting SFrame unwind info for this function' <<< "$output"
  run "$SFCFI" check mc.o
  echo "$output"
  [ "$status" -eq 1 ]
  grep -qx 'disagree fp rel_sp 0x1009-0x100e sframe: cfa=sp+32 ra=\[cfa-8\] fp=\[cfa+8\] cfi: cfa=sp+32 ra=\[cfa-8\] fp=\[cfa-24\]' <<< "$output"
  grep -qx 'disagree covers-cfa-undefined late 0x1013-0x1017 sframe: cfa=fp+0 ra=\[cfa-8\] fp=u cfi: cfa-undefined' <<< "$output"
  grep -q '^cfi-only expressible rc ' <<< "$output"
}
