#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# make bench's programs (bench/): gen-asm's programs assemble, and each
# bench binary reads the section they get with the oracle and with its
# libsframe, the two agreeing on which PCs have a row.  Timings are printed,
# never asserted (benchmarks are not timed tests).  Environment: BUILD
# (default build); the system's as/ld (binutils 2.40) write version 1, sid's
# (make toolchains) version 3.

setup() {
  : "${BUILD:=build}"
  B=$BUILD/bench
  T=$(mktemp -d)
  [ -x "$B/gen-asm" ] && [ -x "$B/bench-oracle" ] || { echo "bench programs not built ($B; make bench-build)"; return 1; }
}

teardown() { rm -rf "$T"; }

# Assemble and link N functions with binutils prefix P into $T/p, cut out
# .sframe into $T/s, and set ADDRS to "VMA TEXT_LO TEXT_HI".
build_section() { # N PREFIX
  "$B/gen-asm" "$1" > "$T/p.s"
  "${2}as" --gsframe -o "$T/p.o" "$T/p.s"
  "${2}ld" -e _start -o "$T/p" "$T/p.o"
  "${2}objcopy" -O binary --only-section=.sframe "$T/p" "$T/s"
  local sec text size
  sec=$("${2}readelf" -SW "$T/p" | sed -n 's/^ *\[ *[0-9]*\] *\.sframe *[^ ]* *\([0-9a-f]*\) .*/\1/p')
  read -r text size < <("${2}readelf" -SW "$T/p" | sed -n 's/^ *\[ *[0-9]*\] *\.text *[^ ]* *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p')
  ADDRS="0x$sec 0x$text $((0x$text + 0x$size))"
}

# The agree line's counts: both-found, oracle-only, libsframe-only.
agree_counts() { sed -n 's/^agree\tboth-found \([0-9]*\)\toracle-only \([0-9]*\)\tlibsframe-only \([0-9]*\).*/\1 \2 \3/p' <<< "$1"; }

@test "gen-asm: usage errors exit 2; the same N writes the same program" {
  run "$B/gen-asm";              [ "$status" -eq 2 ]; [[ "$output" == usage:* ]]
  run "$B/gen-asm" 0;            [ "$status" -eq 2 ]
  run "$B/gen-asm" 5 --bogus;    [ "$status" -eq 2 ]
  "$B/gen-asm" 40 > "$T/a.s"; "$B/gen-asm" 40 > "$T/b.s"
  cmp "$T/a.s" "$T/b.s"
  [ "$(grep -c '\.cfi_startproc' "$T/a.s")" -eq 41 ]     # 40 functions and _start
  "$B/gen-asm" 40 --no-start > "$T/c.s"
  [ "$(grep -c '^_start:' "$T/c.s")" -eq 0 ]
  grep -q "^_start:" "$T/a.s"
}

@test "bench-libsframe-2.40: gas 2.40's version 1 section of 300 functions; the oracle and libsframe find rows at the same PCs" {
  [ -x "$B/bench-libsframe-2.40" ] || skip "libsframe 2.40 (binutils-dev) not installed"
  build_section 300 ""
  # shellcheck disable=SC2086
  run "$B/bench-libsframe-2.40" "$T/s" $ADDRS 1
  [ "$status" -eq 0 ]
  grep -q '^lookup-ip	oracle	[0-9.]*	' <<< "$output"
  grep -q '^lookup	libsframe	[0-9.]*	' <<< "$output"
  # One repeat: its paired ratio is libsframe's figure over the oracle's
  # figure of the pair.
  awk -F '\t' '$1 == "lookup" && $2 == "libsframe" { l = $3 } $1 == "lookup-paired" { p = $3 }
    $1 == "lookup-ratio" { q = $3 }
    END { exit !(l > 0 && p > 0 && q > 0 && (q - l / p) ^ 2 < 1e-6 * q * q) }' <<< "$output"
  # Both walks found the 16,000 frames laid out (bench exits 1 otherwise),
  # and each has its figure.
  grep -q '^unwind	oracle	[0-9.]*	' <<< "$output"
  grep -q '^unwind	fp-walk	[0-9.]*	' <<< "$output"
  # The reversed and shuffled copies were accepted as unsorted, nothing else (bench exits 1
  # otherwise), and its validation measured; the scratch is three 16-byte
  # keys per function at least.
  grep -q '^validate-unsorted	oracle	[0-9.]*	' <<< "$output"
  grep -q '^validate-shuffled	oracle	[0-9.]*	' <<< "$output"
  # The shuffled copy with one overlap, and with two functions sharing FRE
  # data, were rejected for exactly that and the order (bench exits 1
  # otherwise), and measured.
  grep -q '^validate-overlap	oracle	[0-9.]*	' <<< "$output"
  grep -q '^validate-shared	oracle	[0-9.]*	' <<< "$output"
  # gas and ld wrote the section: clean and in order, so the certificate
  # takes it (bench exits 1 if the fast validation and the full pass
  # disagree), and the full pass is measured beside it.
  grep -q '^certified	oracle	1	' <<< "$output"
  # Its reversed and shuffled copies have the order as their one finding,
  # which the certificate proves too (sorting them in the scratch).
  grep -q '^certified-unsorted	oracle	1	' <<< "$output"
  grep -q '^validate-full	oracle	[0-9.]*	' <<< "$output"
  scratch=$(awk -F '\t' '$1 == "scratch" { print $3 }' <<< "$output")
  [ "$scratch" -ge $((300 * 48)) ]
  # The lookup index was built and gave every PC the binary search's
  # answer (bench exits 1 otherwise); at most 16 bytes per function and
  # 11 more (300 functions and _start).
  grep -q '^lookup-bsearch	oracle	[0-9.]*	' <<< "$output"
  index=$(awk -F '\t' '$1 == "index" { print $3 }' <<< "$output")
  [ "$index" -gt 0 ] && [ "$index" -le $((301 * 16 + 11)) ]
  read -r both only_o only_l < <(agree_counts "$output")
  [ "$both" -gt 100000 ]            # of 200,000 PCs, 90% inside .text
  [ "$only_o" -eq 0 ]
  [ "$only_l" -eq 0 ]
}

@test "bench-libsframe-2.47: gas 2.47.50's version 3 section; the same agreement (skipped without make toolchains)" {
  S=build/toolchains/sid/bin/
  [ -x "$B/bench-libsframe-2.47" ] && [ -x "${S}as" ] || skip "sid's binutils and libsframe not fetched (make toolchains)"
  build_section 300 "$S"
  # shellcheck disable=SC2086
  run "$B/bench-libsframe-2.47" "$T/s" $ADDRS 1
  [ "$status" -eq 0 ]
  read -r both only_o only_l < <(agree_counts "$output")
  [ "$both" -gt 100000 ]
  [ "$only_o" -eq 0 ]
  [ "$only_l" -eq 0 ]
}

@test "bench: a section the oracle rejects, a missing file and bad numbers are named errors" {
  build_section 20 ""
  head -c 40 "$T/s" > "$T/short"
  # shellcheck disable=SC2086
  run "$B/bench-oracle" "$T/short" $ADDRS 1
  [ "$status" -eq 1 ]; [[ "$output" == *"rejects the section"*"truncated-fde-array"* ]]
  run "$B/bench-oracle" "$T/none" 0x1000 0x2000 0x3000
  [ "$status" -eq 2 ]; [[ "$output" == *"$T/none: cannot read"* ]]
  run "$B/bench-oracle" "$T/s" 0x1000 zz 0x3000
  [ "$status" -eq 2 ]; [[ "$output" == *"not a number"* ]]
  run "$B/bench-oracle" "$T/s" 0x1000 0x3000 0x2000
  [ "$status" -eq 2 ]
}

@test "bench: a program without a frame-pointer function has no stacks to unwind: a named error, exit 1" {
  printf '\t.text\n\t.globl _start\n_start:\n\t.cfi_startproc\n\tnop\n\tret\n\t.cfi_endproc\n' > "$T/leaf.s"
  as --gsframe -o "$T/leaf.o" "$T/leaf.s"
  ld -e _start -o "$T/leaf" "$T/leaf.o"
  objcopy -O binary --only-section=.sframe "$T/leaf" "$T/leaf.sframe"
  sec=$(readelf -SW "$T/leaf" | sed -n 's/^ *\[ *[0-9]*\] *\.sframe *[^ ]* *\([0-9a-f]*\) .*/\1/p')
  text=$(readelf -SW "$T/leaf" | sed -n 's/^ *\[ *[0-9]*\] *\.text *[^ ]* *\([0-9a-f]*\) .*/\1/p')
  run "$B/bench-oracle" "$T/leaf.sframe" "0x$sec" "0x$text" "$((0x$text + 2))" 1
  [ "$status" -eq 1 ]
  [[ "$output" == *"no frame-pointer row"* ]]
}

@test "bench-recorded: the harness's snapshots unwind to their recorded truth before they are timed; a truth the oracle does not give exits 1" {
  local run=harness/snapshots/x86_64-gas-2.47-O2-zround first want checked
  [ -x "$B/bench-recorded" ] || { echo "bench-recorded not built"; return 1; }
  run "$B/bench-recorded" 1 "$run"
  [ "$status" -eq 0 ]
  grep -q '^unwind-recorded	oracle	[0-9.]*	' <<< "$output"
  grep -q '^unwind-recorded	fp-walk	[0-9.]*	' <<< "$output"
  # Every caller frame a snapshot records ("# truth K PC SP", K > 0) was checked.
  want=$(cat "$run"/*.snapshot | grep -c '^# truth [1-9][0-9]* 0x')
  checked=$(sed -n 's/^frames	oracle	.*(\([0-9]*\) checked.*/\1/p' <<< "$output")
  [ "$want" -gt 0 ] && [ "$checked" -eq "$want" ]
  # One recorded caller PC changed: not the oracle's frame, exit 1, named.
  cp -r "$run" "$T/run"
  first=$(ls "$T/run"/*.snapshot | head -1)
  sed -i '0,/^# truth 1 0x/s/^# truth 1 0x/# truth 1 0x1/' "$first"
  run "$B/bench-recorded" 1 "$T/run"
  [ "$status" -eq 1 ]
  [[ "$output" == *"frame 1 is not the truth"* ]]
  # s390x has no frame-pointer chain: the oracle only.
  run "$B/bench-recorded" 1 harness/snapshots/s390x-gas-2.47-O2-frames
  [ "$status" -eq 0 ]
  grep -q '^unwind-recorded	oracle	' <<< "$output"
  ! grep -q 'fp-walk' <<< "$output"
  # Usage and input errors exit 2.
  run "$B/bench-recorded" 0 "$run";       [ "$status" -eq 2 ]
  run "$B/bench-recorded" 1 "$T/nothing"; [ "$status" -eq 2 ]
}

# gcc 12 deleted every call to the lookup's fetch of a bucket (fetch_range,
# decoder/fast/sfr_fast_lookup.c) and to validation's fetch of FRE data ahead
# (fetch_fre_data, decoder/fast/sfr_certify.c) while each was a function of its own that
# it did not inline: a function of prefetches alone is "const" to it.  The
# lookup at a million functions then paid a second memory latency, and no
# answer changed, so only the compiled code shows it.  The bucket fetch's
# last prefetch is of the byte before an end (p + to - 1): on x86-64 an
# instruction "prefetcht0 -0x1(...)", which the FDE search's own prefetches
# never are; sfr_certify has no prefetch but that fetch.
@test "the lookup's and validation's fetches ahead are in the compiled library (x86-64)" {
  [ "$(uname -m)" = x86_64 ] || skip "reads x86-64 code"
  objdump -d --no-show-raw-insn "$B/bench-oracle" > "$T/all.s"
  awk '/^[0-9a-f]+ <sfr_find_fde[.a-z0-9]*>:$/ { f = 1; next } /^$/ { f = 0 } f' "$T/all.s" > "$T/find_fde.s"
  awk '/^[0-9a-f]+ <sfr_certify[.a-z0-9]*>:$/ { f = 1; next } /^$/ { f = 0 } f' "$T/all.s" > "$T/certify.s"
  all=$(grep -c 'prefetch' "$T/find_fde.s" || true)
  fetch=$(grep -c 'prefetch[a-z0-9]* *-0x1(' "$T/find_fde.s" || true)
  ahead=$(grep -c 'prefetch' "$T/certify.s" || true)
  echo "sfr_find_fde: $all prefetches, $fetch of them a bucket's last byte; sfr_certify: $ahead"
  [ "$all" -gt 0 ]      # the function was found and read
  [ "$fetch" -gt 0 ]
  [ -s "$T/certify.s" ] && [ "$ahead" -gt 0 ]
}

@test "bench/sfcfi.sh: sfcfi check and convert against readelf, one row per program, ratios paired; a program without .sframe is checked against its conversion" {
  [ -x "$BUILD/bin/sfcfi" ] || { echo "sfcfi not built ($BUILD/bin/sfcfi; make sfcfi)"; return 1; }
  "$B/gen-asm" 200 > "$T/p.s"
  as --gsframe -o "$T/p.o" "$T/p.s"; ld -e _start -o "$T/with" "$T/p.o"
  as -o "$T/q.o" "$T/p.s"; ld -e _start -o "$T/without" "$T/q.o"
  run env BUILD="$BUILD" REPEATS=1 bash bench/sfcfi.sh "$T/with" "$T/without"
  [ "$status" -eq 0 ]
  [[ "${lines[0]}" == "## sfcfi against readelf"* ]]
  grep -q '^| program | .eh_frame bytes | functions | readelf frames-interp | sfcfi check | check / readelf | sfcfi convert | convert / readelf |$' <<< "$output"
  # A row: name, bytes, functions (200 and _start), three MB/s figures
  # "median (min-max)", two ratios "N.NNx".
  row='[0-9]+ \| 201 \| [0-9.]+ \([0-9.]+-[0-9.]+\) \| [0-9.]+ \([0-9.]+-[0-9.]+\) \| [0-9.]+x \| [0-9.]+ \([0-9.]+-[0-9.]+\) \| [0-9.]+x \|$'
  grep -Eq "^\| $T/with \| $row" <<< "$output"
  grep -Eq "^\| $T/without \(checked: its conversion\) \| $row" <<< "$output"
  # No sfcfi: said, nothing measured, exit 0.
  run env SFCFI="$T/none" bash bench/sfcfi.sh "$T/with"
  [ "$status" -eq 0 ]
  [[ "$output" == *"not measured: no $T/none"* ]]
}

@test "case-cost: one case run through the runner's process runner, with and without ballast, and served; usage errors exit 2" {
  [ -x "$B/case-cost" ] || skip "case-cost not built"
  run "$B/case-cost" 5 16 /bin/true
  [ "$status" -eq 0 ]
  [ "$(grep -c '^case-run \(0\|16\) [0-9]* [0-9]* [0-9]*$' <<< "$output")" -eq 2 ]
  run "$B/case-cost" 5 0 /bin/sh -c 'exit 3';  [ "$status" -eq 1 ]
  run "$B/case-cost";                          [ "$status" -eq 2 ]
  # --serve: also through a serving process (the oracle's adapter offers one).
  run "$B/case-cost" --serve 5 0 "$BUILD/bin/sfadapter-reference" capabilities
  [ "$status" -eq 0 ]
  grep -q '^case-served 0 [0-9]* [0-9]* [0-9]*$' <<< "$output"
  run "$B/case-cost" --serve 5 0 /bin/true;    [ "$status" -eq 1 ]   # /bin/true serves nothing
}
