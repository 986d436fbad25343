#!/usr/bin/env bats
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
