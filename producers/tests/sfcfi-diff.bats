#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sfcfi diff (producers/sfcfi/diff.c): two SFrame sections compared by
# meaning, on the checked-in real sections (corpus/real/sections: the same
# sources through gas 2.40, 2.44 and 2.47, so versions 1, 2 and 3 of one
# program) and on programs built here; and the ELF writer
# (producers/sfcfi/elfout.c) through the test aid `sfcfi write-elf IN
# SECTION OUT`: readelf reads the copy without a warning, objcopy and sfref
# find the new .sframe byte for byte, nothing of the input moved, and the
# program still runs the same.
#
# Environment: BUILD (default build, relative to the checkout), TOOLCHAINS
# (default BUILD/toolchains: sid's binutils, `make toolchains`), SFCFI_WRAPPER
# (e.g. valgrind) to run sfcfi under.  setup_file builds a small C program
# with the system's gcc and gas 2.40 (SFrame version 1) and with sid's gas
# 2.47 (version 3): executable, shared object, relocatable object, and the
# cross compilers' objects when they are installed; a test whose input could
# not be built is skipped, saying why.

REPO=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

paths() {
  : "${BUILD:=build}"
  case $BUILD in /*) B=$BUILD ;; *) B=$REPO/$BUILD ;; esac
  : "${TOOLCHAINS:=$B/toolchains}"
  SID=$TOOLCHAINS/sid/bin
  SFCFI=$B/bin/sfcfi
  SFREF=$B/bin/sfref
  S=$REPO/corpus/real/sections
  H=$B/harness/bin
  D=$BATS_FILE_TMPDIR
}

# What setup_file builds: the program and how each build went (D/NAME.log).
setup_file() {
  paths
  cat > "$D/prog.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
static int __attribute__((noinline)) leaf(int x) { return x * 3 + 1; }
static int __attribute__((noinline)) rec(int n) {
  char buf[32];
  if (n <= 0)
    return leaf(n);
  snprintf(buf, sizeof buf, "%d", n);
  return rec(n - 1) + buf[0];
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  printf("rec %d = %d\n", n, rec(n));
  return rec(3) & 0x7f;
}
EOF
  printf 'int f(int x) { return x + 1; }\n' > "$D/small.c"
  local c="$D/prog.c"
  gcc -O2 -Wa,--gsframe -static -o "$D/p1" "$c" > "$D/p1.log" 2>&1 || rm -f "$D/p1"
  if [ -x "$SID/as" ] && [ -x "$SID/ld" ]; then
    gcc -B "$SID/" -O2 -Wa,--gsframe -static -o "$D/p3" "$c" > "$D/p3.log" 2>&1 || rm -f "$D/p3"
    gcc -B "$SID/" -O2 -Wa,--gsframe -c -o "$D/p3.o" "$c" > "$D/p3.o.log" 2>&1 || rm -f "$D/p3.o"
    gcc -B "$SID/" -O2 -fPIC -shared -Wa,--gsframe -o "$D/p3.so" "$c" > "$D/p3.so.log" 2>&1 || rm -f "$D/p3.so"
    if command -v s390x-linux-gnu-gcc > /dev/null && [ -x "$SID/s390x-linux-gnu-as" ]; then
      s390x-linux-gnu-gcc -B "$SID/s390x-linux-gnu-" -O2 -Wa,--gsframe -c -o "$D/ps.o" "$c" > "$D/ps.o.log" 2>&1 ||
        rm -f "$D/ps.o"
    fi
    if [ -x "$SID/objcopy" ] && [ -f "$D/p3" ]; then
      "$SID/objcopy" --strip-section-headers "$D/p3" "$D/p3.nosh" > "$D/p3.nosh.log" 2>&1 || rm -f "$D/p3.nosh"
    fi
  fi
  gcc -m32 -O2 -c -o "$D/p32.o" "$D/small.c" > "$D/p32.o.log" 2>&1 || rm -f "$D/p32.o"
  gcc -O2 -c -o "$D/plain.o" "$D/small.c" > "$D/plain.o.log" 2>&1 || rm -f "$D/plain.o"
  return 0
}

setup() {
  paths
  T=$BATS_TEST_TMPDIR
  [ -x "$SFCFI" ] || { echo "$SFCFI is not built (make sfcfi)"; return 1; }
}

sfcfi() { ${SFCFI_WRAPPER:-} "$SFCFI" "$@"; }

# need NAME: skip unless setup_file built D/NAME.
need() {
  [ -e "$D/$1" ] && return 0
  local why="not built"
  [ -s "$D/$1.log" ] && why=$(head -n 1 "$D/$1.log")
  case $1 in
    p3* | ps.o) [ -x "$SID/as" ] || why="sid's binutils are not fetched ($SID; make toolchains)" ;;
  esac
  skip "$1: $why"
}

need_python() { command -v python3 > /dev/null || skip "python3 is not installed"; }

# rdiff A B [OPTION...]: diff two checked-in sections, each at its address.
rdiff() {
  local a=$1 b=$2
  shift 2
  run sfcfi diff --vma-a "$(cat "$S/$a.vma")" --vma-b "$(cat "$S/$b.vma")" "$@" "$S/$a.sframe" "$S/$b.sframe"
}

# objcopy_for FILE: an objcopy that reads FILE's machine.
objcopy_for() {
  case $(readelf -h "$1" | sed -n 's/^ *Machine: *//p') in
    *S/390*) echo s390x-linux-gnu-objcopy ;;
    *AArch64*) echo aarch64-linux-gnu-objcopy ;;
    *) echo objcopy ;;
  esac
}

# dump_sframe FILE OUT: FILE's .sframe bytes into OUT (objcopy rewrites its
# input when given no output file: /dev/null is the output here).
dump_sframe() { "$(objcopy_for "$1")" --dump-section ".sframe=$2" "$1" /dev/null; }

# sframe_addr FILE: the address of FILE's section named .sframe (0x...).
sframe_addr() { echo "0x$(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \.sframe  *[^ ]*  *\([0-9a-f]*\) .*/\1/p')"; }

# rebase IN FROM TO OUT: the section IN, written for address FROM, as the
# same section for address TO (each function's start field moved by
# FROM - TO; the fields are relative to the section or to themselves).
rebase() {
  python3 - "$@" <<'EOF'
import struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
frm, to = int(sys.argv[2], 0), int(sys.argv[3], 0)
e = '<' if b[0:2] == b'\xe2\xde' else '>'
version, aux = b[2], b[7]
nfdes, = struct.unpack_from(e + 'I', b, 8)
fdeoff, = struct.unpack_from(e + 'I', b, 20)
size = {1: 17, 2: 20, 3: 16}[version]
fmt = e + ('q' if version == 3 else 'i')
for i in range(nfdes):
    at = 28 + aux + fdeoff + i * size
    v, = struct.unpack_from(fmt, b, at)
    struct.pack_into(fmt, b, at, v + frm - to)
open(sys.argv[4], 'wb').write(b)
EOF
}

# patch_byte FILE OFFSET WANT NEW: set the byte at OFFSET (hex digits) to
# NEW after checking it is WANT.
patch_byte() {
  [ "$(xxd -s "$2" -l 1 -p "$1")" = "$3" ] || { echo "$1: byte $2 is not $3"; return 1; }
  printf '%b' "\\x$4" | dd of="$1" bs=1 seek=$(($2)) conv=notrunc status=none
}

# section_count FILE
section_count() { readelf -hW "$1" | sed -n 's/^ *Number of section headers: *\([0-9]*\).*/\1/p'; }

# written_ok IN SECTION OUT: what every copy write-elf makes must hold.
written_ok() {
  local in=$1 sec=$2 out=$3 f
  # readelf reads it without a word of complaint
  for f in -SW -lW; do
    readelf "$f" "$out" > "$T/readelf.out" 2> "$T/readelf.err" || { cat "$T/readelf.err"; return 1; }
    [ ! -s "$T/readelf.err" ] || { echo "readelf $f $out:"; cat "$T/readelf.err"; return 1; }
    ! grep -Ei 'warning|error' "$T/readelf.out" || return 1
  done
  # one section more (three when there were none: null, .sframe, .shstrtab)
  local n0 n1
  n0=$(section_count "$in")
  n1=$(section_count "$out")
  if [ "$n0" -eq 0 ]; then [ "$n1" -eq 3 ]; else [ "$n1" -eq $((n0 + 1)) ]; fi
  # the new .sframe holds the bytes given, not loaded, at address 0
  dump_sframe "$out" "$T/back.sframe"
  cmp "$T/back.sframe" "$sec"
  readelf -SW "$out" | grep -E '^ *\[ *[0-9]+\] \.sframe  +[^ ]+  +0+ [0-9a-f]+ [0-9a-f]+ 00  +0 +0 +8$'
  # sfref reads the new section
  "$SFREF" dump "$out" > "$T/dump.out" 2> /dev/null || true
  "$SFREF" dump --raw --vma 0 "$sec" > "$T/dump.want" 2> /dev/null || true
  [ -s "$T/dump.want" ]
  diff "$T/dump.want" "$T/dump.out"
  # nothing of the input moved: every byte after the ELF header is where it
  # was, and the program headers are the same
  local eh size
  eh=$(readelf -hW "$in" | sed -n 's/^ *Size of this header: *\([0-9]*\).*/\1/p')
  size=$(stat -c %s "$in")
  cmp <(tail -c +$((eh + 1)) "$in") <(head -c "$size" "$out" | tail -c +$((eh + 1)))
  diff <(readelf -lW "$in" 2>&1 | sed -n '/^Program Headers/,/^$/{/./p}') \
    <(readelf -lW "$out" 2>&1 | sed -n '/^Program Headers/,/^$/{/./p}')
  # a .sframe the input had is there as .sframe.replaced, where it was
  if readelf -SW "$in" | grep -q '\] \.sframe '; then
    local was now
    was=$(readelf -SW "$in" | sed -n 's/^ *\[ *[0-9]*\] \.sframe  *[^ ]*  *\([0-9a-f]* [0-9a-f]* [0-9a-f]*\) .*/\1/p')
    now=$(readelf -SW "$out" | sed -n 's/^ *\[ *[0-9]*\] \.sframe\.replaced  *[^ ]*  *\([0-9a-f]* [0-9a-f]* [0-9a-f]*\) .*/\1/p')
    if [ -z "$was" ] || [ "$was" != "$now" ]; then echo ".sframe.replaced: '$now', not '$was'"; return 1; fi
  fi
  # no temporary file was left beside the output
  [ -z "$(find "$(dirname "$out")" -maxdepth 1 -name ".$(basename "$out").*")" ]
}

# ---- the command line ----

@test "diff: usage errors exit 2; --help exits 0 and names diff" {
  run sfcfi diff;                          [ "$status" -eq 2 ]; [[ "$output" == *"two SFrame sections"* ]]
  run sfcfi diff "$S/gas247-x86_64-frames-O2.sframe"; [ "$status" -eq 2 ]
  run sfcfi diff a b c;                    [ "$status" -eq 2 ]
  run sfcfi diff --vma-a zz a b;           [ "$status" -eq 2 ]; [[ "$output" == *"--vma-a wants an address"* ]]
  run sfcfi diff --vma-b -1 a b;           [ "$status" -eq 2 ]; [[ "$output" == *"--vma-b wants an address"* ]]
  run sfcfi diff --bogus a b;              [ "$status" -eq 2 ]
  run sfcfi diff --help;                   [ "$status" -eq 0 ]; [[ "$output" == *"sfcfi diff"* ]]
  run sfcfi write-elf a b;                 [ "$status" -eq 2 ]; [[ "$output" == *"write-elf wants IN SECTION OUT"* ]]
}

@test "diff: an unreadable input exits 2 naming it; an ELF file without .sframe too" {
  run sfcfi diff "$T/missing" "$S/gas247-x86_64-frames-O2.sframe"
  [ "$status" -eq 2 ]
  [[ "$output" == *"$T/missing: cannot open"* ]]
  need plain.o
  run sfcfi diff "$D/plain.o" "$S/gas247-x86_64-frames-O2.sframe"
  [ "$status" -eq 2 ]
  [[ "$output" == *"$D/plain.o: no .sframe section"* ]]
  # an ELF file of a machine SFrame has no ABI for
  need p32.o
  run sfcfi diff --vma-a 0x4021a0 "$S/gas247-x86_64-frames-O2.sframe" "$D/p32.o"
  [ "$status" -eq 2 ]
  [[ "$output" == *"$D/p32.o: machine 3 (little-endian) has no SFrame ABI"* ]]
}

# ---- by meaning, on the real sections ----

@test "diff: a section against itself is equal everywhere (exit 0)" {
  rdiff gas247-x86_64-frames-O2 gas247-x86_64-frames-O2
  [ "$status" -eq 0 ]
  [[ "$output" == *"(SFrame version 3) against "*"(SFrame version 3), amd64"* ]]
  grep -qx 'functions: 13 in both, 0 only in A, 0 only in B' <<< "$output"
  grep -qx 'addresses compared in 45 pieces: 45 equal, 0 different' <<< "$output"
  grep -qx 'addresses in one section only: 0 pieces in A only, 0 in B only' <<< "$output"
  [ "$(wc -l <<< "$output")" -eq 4 ]
}

@test "diff: version 2 against version 3 of the same code: different bytes, equal by meaning (PCMASK, PAuth; x86-64 and AArch64: gas 2.44 writes no s390x)" {
  local n
  for n in x86_64-frames-O2 x86_64-cfi-plt x86_64-dispatch-O0 aarch64-cfi-pac aarch64-frames-O2 aarch64-recurse-Os; do
    if cmp -s "$S/gas244-$n.sframe" "$S/gas247-$n.sframe"; then echo "$n: the same bytes"; return 1; fi
    rdiff "gas244-$n" "gas247-$n"
    [ "$status" -eq 0 ] || { echo "$n: $output"; return 1; }
    [[ "$output" == *"(SFrame version 2) against "*"(SFrame version 3)"* ]]
  done
}

@test "diff: one row changed is reported with its range and both readings (exit 1)" {
  cp "$S/gas247-x86_64-frames-O2.sframe" "$T/changed.sframe"
  # function 0 (0x401000), row 1 (+0x6): CFA = sp+24 becomes sp+32
  patch_byte "$T/changed.sframe" 0x1c2 18 20
  run sfcfi diff --vma-a 0x4021a0 --vma-b 0x4021a0 "$S/gas247-x86_64-frames-O2.sframe" "$T/changed.sframe"
  [ "$status" -eq 1 ]
  grep -qx 'functions: 13 in both, 0 only in A, 0 only in B' <<< "$output"
  grep -qx 'addresses compared in 45 pieces: 44 equal, 1 different' <<< "$output"
  grep -qx 'differ ? 0x401006-0x401010 a: cfa=sp+24 ra=\[cfa-8\] fp=u b: cfa=sp+32 ra=\[cfa-8\] fp=u' <<< "$output"
  [ "$(grep -c '^differ\|^only' <<< "$output")" -eq 1 ]
}

@test "diff: --json gives the counts and the list" {
  need_python
  cp "$S/gas247-x86_64-frames-O2.sframe" "$T/changed.sframe"
  patch_byte "$T/changed.sframe" 0x1c2 18 20
  run sfcfi diff --json --vma-a 0x4021a0 --vma-b 0x4021a0 "$S/gas247-x86_64-frames-O2.sframe" "$T/changed.sframe"
  [ "$status" -eq 1 ]
  python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
assert d["abi"] == "amd64" and d["version_a"] == 3 and d["version_b"] == 3, d
assert d["functions"] == {"both": 13, "only_a": 0, "only_b": 0}, d["functions"]
assert d["pieces"] == {"compared": 45, "equal": 44, "different": 1, "only_a": 0, "only_b": 0}, d["pieces"]
assert d["items"] == [{"kind": "differ", "function": "?", "start": "0x401006", "end": "0x401010",
                       "a": "cfa=sp+24 ra=[cfa-8] fp=u", "b": "cfa=sp+32 ra=[cfa-8] fp=u"}], d["items"]
' <<< "$output"
  rdiff gas247-x86_64-frames-O2 gas247-x86_64-frames-O2 --json
  [ "$status" -eq 0 ]
  python3 -c 'import json, sys; d = json.loads(sys.stdin.read()); assert d["items"] == [] and d["pieces"]["equal"] == 45' <<< "$output"
}

@test "diff: what only version 3 says is a difference: the signal bit, flexible rules, outermost rows" {
  rdiff gas244-x86_64-cfi-signal gas247-x86_64-cfi-signal
  [ "$status" -eq 1 ]
  grep -qx 'differ ? 0x401000-0x401001 a: cfa=sp+8 ra=\[cfa-8\] fp=u b: cfa=sp+8 ra=\[cfa-8\] fp=u signal' <<< "$output"
  rdiff gas244-aarch64-cfi-signal gas247-aarch64-cfi-signal
  [ "$status" -eq 1 ]
  grep -q '^differ ? 0x40025c-0x400264 a: cfa=sp+0 ra=u fp=u b: cfa=sp+0 ra=u fp=u signal$' <<< "$output"
  # gas 2.44 leaves out a function 2.47 writes with a flexible FDE
  rdiff gas244-x86_64-cfi-flex gas247-x86_64-cfi-flex
  [ "$status" -eq 1 ]
  grep -qx 'functions: 3 in both, 0 only in A, 1 only in B' <<< "$output"
  grep -qx 'only-b ? 0x401001-0x40100e' <<< "$output"
  grep -qx 'differ ? 0x401011-0x401019 a: cfa=sp+8 ra=\[cfa-8\] fp=u b: outermost' <<< "$output"
}

@test "diff: the PAuth key counts where the RA is signed, and only there" {
  local v
  v=$(cat "$S/gas247-aarch64-cfi-pac.vma")
  cp "$S/gas247-aarch64-cfi-pac.sframe" "$T/keya.sframe"
  # function 1 (0x400274): its attribute's info byte, key B (bit 5) cleared
  patch_byte "$T/keya.sframe" 0x54 20 00
  run sfcfi diff --vma-a "$v" --vma-b "$v" "$S/gas247-aarch64-cfi-pac.sframe" "$T/keya.sframe"
  [ "$status" -eq 1 ]
  grep -qx 'addresses compared in 10 pieces: 7 equal, 3 different' <<< "$output"
  grep -qx 'differ ? 0x400278-0x40027c a: cfa=sp+0 ra=u fp=u ra-signed key-b b: cfa=sp+0 ra=u fp=u ra-signed' <<< "$output"
  grep -qx 'differ ? 0x40027c-0x400284 a: cfa=sp+16 ra=\[cfa-8\] fp=\[cfa-16\] ra-signed key-b b: cfa=sp+16 ra=\[cfa-8\] fp=\[cfa-16\] ra-signed' <<< "$output"
  # rows 0 and 4 (+0x0, +0x14) do not sign the RA: no difference there
  [ "$(grep -c '^differ' <<< "$output")" -eq 3 ]
}

@test "diff: a version 1 PCMASK function reads rep-size-unknown past its first row (SPEC-NOTES N14)" {
  rdiff gas240-x86_64-frames-O2 gas247-x86_64-frames-O2
  [ "$status" -eq 1 ]
  grep -qx 'addresses compared in 45 pieces: 44 equal, 1 different' <<< "$output"
  grep -qx 'differ ? 0x40101b-0x401020 a: rep-size-unknown b: cfa=sp+16 ra=\[cfa-8\] fp=u' <<< "$output"
  # where the PLT is not involved, version 1 says the same as version 3
  rdiff gas240-x86_64-recurse-O2 gas247-x86_64-recurse-O2
  [ "$status" -eq 0 ]
}

@test "diff: functions at other addresses are only-a and only-b ranges" {
  rdiff gas240-aarch64-cfi-empty gas247-aarch64-cfi-empty
  [ "$status" -eq 1 ]
  grep -qx 'functions: 0 in both, 2 only in A, 2 only in B' <<< "$output"
  grep -qx 'only-b ? 0x40025c-0x400264' <<< "$output"
  grep -qx 'only-a ? 0x40026c-0x400274' <<< "$output"
  [[ "$output" == *"nothing compared"* ]]
}

@test "diff: an invalid section exits 1 naming its first finding" {
  # cut short: not a section at all
  head -c 40 "$S/gas247-x86_64-frames-O2.sframe" > "$T/short.sframe"
  run sfcfi diff "$T/short.sframe" "$S/gas247-x86_64-frames-O2.sframe"
  [ "$status" -eq 1 ]
  [[ "$output" == *"$T/short.sframe: not an SFrame section"*"(truncated-fde-array)"* ]]
  # read at the wrong address (0): its PC-relative starts wrap
  run sfcfi diff "$S/gas247-x86_64-frames-O2.sframe" "$S/gas247-x86_64-frames-O2.sframe"
  [ "$status" -eq 1 ]
  [[ "$output" == *"not valid (fde-start-wraps)"* ]]
  # B invalid, A fine
  run sfcfi diff --vma-a 0x4021a0 "$S/gas247-x86_64-frames-O2.sframe" "$T/short.sframe"
  [ "$status" -eq 1 ]
  [[ "$output" == *"$T/short.sframe"*"truncated-fde-array"* ]]
}

@test "diff: sections of different ABIs are an error (exit 1)" {
  rdiff gas247-x86_64-frames-O2 gas247-aarch64-frames-O2
  [ "$status" -eq 1 ]
  [[ "$output" == *"is for amd64"*"for aarch64-le: sections of different ABIs cannot be compared"* ]]
}

@test "diff: nothing compared exits 1 saying so" {
  # a valid version 2 section of no function
  { printf '\xe2\xde\x02\x01\x03\x00\xf8\x00'; head -c 20 /dev/zero; } > "$T/none.sframe"
  [ "$(stat -c %s "$T/none.sframe")" -eq 28 ]
  "$SFREF" validate --raw --vma 0 "$T/none.sframe"
  run sfcfi diff "$T/none.sframe" "$T/none.sframe"
  [ "$status" -eq 1 ]
  [[ "$output" == *"nothing compared"* ]]
  grep -qx 'functions: 0 in both, 0 only in A, 0 only in B' <<< "$output"
  # functions that do not meet
  run sfcfi diff --vma-a 0x4021a0 --vma-b 0x5021a0 "$S/gas247-x86_64-frames-O2.sframe" "$S/gas247-x86_64-frames-O2.sframe"
  [ "$status" -eq 1 ]
  [[ "$output" == *"no address is in a function of both sections: nothing compared"* ]]
}

# ---- raw and ELF input ----

@test "diff: an ELF file against its own .sframe as a raw section at --vma-a; --raw reads ELF as raw" {
  need p3
  dump_sframe "$D/p3" "$T/p3.sframe"
  local at
  at=$(sframe_addr "$D/p3")
  run sfcfi diff --vma-a "$at" "$T/p3.sframe" "$D/p3"
  [ "$status" -eq 0 ]
  grep -qx 'functions: 3 in both, 0 only in A, 0 only in B' <<< "$output"
  run sfcfi diff "$D/p3" --vma-b "$at" "$T/p3.sframe"
  [ "$status" -eq 0 ]
  # at another address every function moves
  run sfcfi diff --vma-a $((at + 0x100000)) "$T/p3.sframe" "$D/p3"
  [ "$status" -eq 1 ]
  grep -qx 'functions: 0 in both, 3 only in A, 3 only in B' <<< "$output"
  grep -q '^only-b main 0x' <<< "$output"
  grep -q '^only-a ? 0x' <<< "$output" # no symbol of B's is there
  # --raw: the ELF file itself is no SFrame section
  run sfcfi diff --raw --vma-a "$at" "$T/p3.sframe" "$D/p3"
  [ "$status" -eq 1 ]
  [[ "$output" == *"$D/p3: not an SFrame section"*"(bad-magic)"* ]]
}

@test "diff: gas's section against a copy written for address 0 by write-elf is equal; a changed copy names the functions" {
  need p3
  need_python
  dump_sframe "$D/p3" "$T/p3.sframe"
  rebase "$T/p3.sframe" "$(sframe_addr "$D/p3")" 0 "$T/at0.sframe"
  sfcfi write-elf "$D/p3" "$T/at0.sframe" "$T/p3.copy"
  written_ok "$D/p3" "$T/at0.sframe" "$T/p3.copy"
  run sfcfi diff "$D/p3" "$T/p3.copy"
  [ "$status" -eq 0 ]
  grep -qx 'functions: 3 in both, 0 only in A, 0 only in B' <<< "$output"
  # the header's fixed RA offset -8 made -16: every row of every function
  cp "$T/at0.sframe" "$T/ra16.sframe"
  patch_byte "$T/ra16.sframe" 6 f8 f0
  sfcfi write-elf "$D/p3" "$T/ra16.sframe" "$T/p3.ra16"
  run sfcfi diff "$D/p3" "$T/p3.ra16"
  [ "$status" -eq 1 ]
  grep -qx 'addresses compared in 12 pieces: 0 equal, 12 different' <<< "$output"
  grep -Eq '^differ main 0x[0-9a-f]+-0x[0-9a-f]+ a: cfa=sp\+8 ra=\[cfa-8\] fp=u b: cfa=sp\+8 ra=\[cfa-16\] fp=u$' <<< "$output"
  grep -Eq '^differ leaf 0x' <<< "$output"
  grep -Eq '^differ rec 0x' <<< "$output"
  # names in JSON too
  run sfcfi diff --json "$D/p3" "$T/p3.ra16"
  [ "$status" -eq 1 ]
  [[ "$output" == *'"function": "main"'* ]]
}

@test "diff: the harness's programs (gas 2.40, 2.44, 2.47) against copies written for address 0" {
  [ -d "$H" ] || skip "the harness's programs are not built ($H; make harness)"
  need_python
  local d p n=0
  for d in "$H"/*-O2; do
    p=$d/frames
    [ -f "$p" ] || continue
    dump_sframe "$p" "$T/s" 2> /dev/null || continue # no objcopy for the machine
    rebase "$T/s" "$(sframe_addr "$p")" 0 "$T/s0"
    sfcfi write-elf "$p" "$T/s0" "$T/copy"
    written_ok "$p" "$T/s0" "$T/copy"
    run sfcfi diff "$p" "$T/copy"
    [ "$status" -eq 0 ] || { echo "$p: $output"; return 1; }
    n=$((n + 1))
  done
  echo "compared $n programs"
  [ "$n" -gt 0 ]
}

@test "diff: 100,001 functions, version 1 against version 3, equal, in well under a minute (no quadratic step)" {
  [ -x "$SID/as" ] && [ -x "$SID/ld" ] || skip "sid's binutils are not fetched ($SID; make toolchains)"
  awk -v n=100000 'BEGIN {
    print ".text\n.globl _start\n.type _start,@function\n_start:\n.cfi_startproc\ncall f0\nmov $60,%eax\nxor %edi,%edi\nsyscall\n.cfi_endproc\n.size _start,.-_start"
    for (i = 0; i < n; i++)
      printf ".type f%d,@function\nf%d:\n.cfi_startproc\npush %%rbp\n.cfi_def_cfa_offset 16\n.cfi_offset %%rbp, -16\nmov %%rsp,%%rbp\n.cfi_def_cfa_register %%rbp\nnop\npop %%rbp\n.cfi_def_cfa %%rsp, 8\nret\n.cfi_endproc\n.size f%d,.-f%d\n", i, i, i, i
  }' > "$T/big.s"
  as --gsframe -o "$T/b1.o" "$T/big.s"
  ld -e _start -o "$T/b1" "$T/b1.o"
  "$SID/as" --gsframe -o "$T/b3.o" "$T/big.s"
  "$SID/ld" -e _start -o "$T/b3" "$T/b3.o"
  local t0=$SECONDS
  run timeout 60 "$SFCFI" diff "$T/b1" "$T/b3"
  echo "took $((SECONDS - t0)) s"
  [ "$status" -eq 0 ]
  grep -qx 'functions: 100001 in both, 0 only in A, 0 only in B' <<< "$output"
  grep -qx 'addresses compared in 400001 pieces: 400001 equal, 0 different' <<< "$output"
}

@test "diff and write-elf: no memory error under valgrind" {
  command -v valgrind > /dev/null || skip "valgrind is not installed"
  need p3
  need_python
  cp "$S/gas247-x86_64-frames-O2.sframe" "$T/changed.sframe"
  patch_byte "$T/changed.sframe" 0x1c2 18 20
  run valgrind -q --error-exitcode=9 --leak-check=full "$SFCFI" diff --json --vma-a 0x4021a0 --vma-b 0x4021a0 \
    "$S/gas247-x86_64-frames-O2.sframe" "$T/changed.sframe"
  [ "$status" -eq 1 ]
  dump_sframe "$D/p3" "$T/p3.sframe"
  rebase "$T/p3.sframe" "$(sframe_addr "$D/p3")" 0 "$T/at0.sframe"
  run valgrind -q --error-exitcode=9 --leak-check=full "$SFCFI" write-elf "$D/p3" "$T/at0.sframe" "$T/copy"
  [ "$status" -eq 0 ]
  run valgrind -q --error-exitcode=9 --leak-check=full "$SFCFI" diff "$D/p3" "$T/copy"
  [ "$status" -eq 0 ]
}

# ---- the ELF writer ----

@test "write-elf: a static executable (gas 2.47, SHT_GNU_SFRAME): readelf clean, same bytes, runs the same" {
  need p3
  need_python
  dump_sframe "$D/p3" "$T/p3.sframe"
  rebase "$T/p3.sframe" "$(sframe_addr "$D/p3")" 0 "$T/at0.sframe"
  sfcfi write-elf "$D/p3" "$T/at0.sframe" "$T/out"
  written_ok "$D/p3" "$T/at0.sframe" "$T/out"
  "$SFREF" validate "$T/out"
  # the new section has the old one's type; the old one is PROGBITS now
  readelf -SW "$T/out" | grep -Eq '\] \.sframe  +LOOS\+0xffffff4 '
  readelf -SW "$T/out" | grep -Eq '\] \.sframe\.replaced  +PROGBITS '
  [ -x "$T/out" ]
  run "$D/p3" 7; local want=$output st=$status
  run "$T/out" 7
  [ "$status" -eq "$st" ]
  [ "$output" = "$want" ]
  [ "$output" = "rec 7 = 365" ]
}

@test "write-elf: a static executable whose .sframe is PROGBITS (gas 2.40): the new one is PROGBITS too; runs the same" {
  need p1
  need_python
  dump_sframe "$D/p1" "$T/p1.sframe"
  rebase "$T/p1.sframe" "$(sframe_addr "$D/p1")" 0 "$T/at0.sframe"
  sfcfi write-elf "$D/p1" "$T/at0.sframe" "$T/out"
  written_ok "$D/p1" "$T/at0.sframe" "$T/out"
  readelf -SW "$T/out" | grep -Eq '\] \.sframe  +PROGBITS '
  run sfcfi diff "$D/p1" "$T/out"
  [ "$status" -eq 0 ]
  run "$D/p1" 4; local want=$output st=$status
  run "$T/out" 4
  [ "$status" -eq "$st" ]
  [ "$output" = "$want" ]
}

@test "write-elf: a shared object, a relocatable object (its .rela.sframe stays with the old section), a 32-bit object without .sframe" {
  need p3.so
  need p3.o
  need p32.o
  need_python
  rebase "$S/gas247-x86_64-frames-O2.sframe" "$(cat "$S/gas247-x86_64-frames-O2.vma")" 0 "$T/sec"
  sfcfi write-elf "$D/p3.so" "$T/sec" "$T/so"
  written_ok "$D/p3.so" "$T/sec" "$T/so"
  sfcfi write-elf "$D/p3.o" "$T/sec" "$T/o"
  written_ok "$D/p3.o" "$T/sec" "$T/o"
  # .rela.sframe still applies to section .sframe.replaced (its sh_info)
  local old rela
  old=$(readelf -SW "$T/o" | sed -n 's/^ *\[ *\([0-9]*\)\] \.sframe\.replaced .*/\1/p')
  rela=$(readelf -SW "$T/o" | awk '/\] \.rela\.sframe / { print $(NF - 1) }')
  [ -n "$old" ] && [ "$rela" = "$old" ]
  sfcfi write-elf "$D/p32.o" "$T/sec" "$T/o32"
  written_ok "$D/p32.o" "$T/sec" "$T/o32"
  readelf -hW "$T/o32" | grep -q 'ELF32'
  if readelf -SW "$T/o32" | grep -q 'sframe.replaced'; then return 1; fi
  readelf -SW "$T/o32" | grep -Eq '\] \.sframe  +LOOS\+0xffffff4 '
}

@test "write-elf: a big-endian (s390x) object" {
  need ps.o
  command -v s390x-linux-gnu-objcopy > /dev/null || skip "s390x-linux-gnu-objcopy is not installed"
  need_python
  rebase "$S/gas247-s390x-frames-O2.sframe" "$(cat "$S/gas247-s390x-frames-O2.vma")" 0 "$T/sec"
  sfcfi write-elf "$D/ps.o" "$T/sec" "$T/o"
  written_ok "$D/ps.o" "$T/sec" "$T/o"
  readelf -hW "$T/o" | grep -q 'big endian'
  run sfcfi diff --vma-a "$(cat "$S/gas247-s390x-frames-O2.vma")" "$S/gas247-s390x-frames-O2.sframe" "$T/o"
  [ "$status" -eq 0 ]
}

@test "write-elf: a file without section headers gets a table of its own and still runs" {
  need p3.nosh
  need_python
  dump_sframe "$D/p3" "$T/p3.sframe"
  rebase "$T/p3.sframe" "$(sframe_addr "$D/p3")" 0 "$T/at0.sframe"
  [ "$(section_count "$D/p3.nosh")" -eq 0 ]
  sfcfi write-elf "$D/p3.nosh" "$T/at0.sframe" "$T/out"
  written_ok "$D/p3.nosh" "$T/at0.sframe" "$T/out"
  run sfcfi diff "$D/p3" "$T/out"
  [ "$status" -eq 0 ]
  run "$D/p3" 3; local want=$output st=$status
  run "$T/out" 3
  [ "$status" -eq "$st" ]
  [ "$output" = "$want" ]
  [ "$output" = "rec 3 = 151" ]
}

@test "write-elf: never overwrites its input, leaves no partial output, says why" {
  need p3
  cp "$D/p3" "$T/in"
  local sum
  sum=$(cksum < "$T/in")
  cp "$S/gas247-x86_64-frames-O2.sframe" "$T/sec"
  run sfcfi write-elf "$T/in" "$T/sec" "$T/in"
  [ "$status" -eq 2 ]
  [[ "$output" == *"is the input file"* ]]
  ln "$T/in" "$T/hardlink"
  ln -s "$T/in" "$T/symlink"
  run sfcfi write-elf "$T/in" "$T/sec" "$T/hardlink"
  [ "$status" -eq 2 ]
  run sfcfi write-elf "$T/symlink" "$T/sec" "$T/in"
  [ "$status" -eq 2 ]
  [ "$(cksum < "$T/in")" = "$sum" ]
  # not ELF: no output
  run sfcfi write-elf "$T/sec" "$T/sec" "$T/none"
  [ "$status" -eq 2 ]
  [[ "$output" == *"not an ELF file"* ]]
  [ ! -e "$T/none" ]
  # a directory that is not there
  run sfcfi write-elf "$T/in" "$T/sec" "$T/no/such/dir/out"
  [ "$status" -eq 2 ]
  [[ "$output" == *"cannot create"* ]]
  # a missing input or section
  run sfcfi write-elf "$T/missing" "$T/sec" "$T/out"
  [ "$status" -eq 2 ]
  [[ "$output" == *"$T/missing: cannot open"* ]]
  run sfcfi write-elf "$T/in" "$T/missing" "$T/out"
  [ "$status" -eq 2 ]
  [ ! -e "$T/out" ]
  # nothing left behind but what the test made
  [ "$(ls -A "$T" | sort | tr '\n' ' ')" = "hardlink in sec symlink " ]
  # an existing output is replaced whole
  echo old > "$T/out"
  sfcfi write-elf "$T/in" "$T/sec" "$T/out"
  readelf -hW "$T/out" > /dev/null
  [ "$(ls -A "$T" | sort | tr '\n' ' ')" = "hardlink in out sec symlink " ]
}
