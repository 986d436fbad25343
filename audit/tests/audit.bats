#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# audit/tests/audit.bats - sfaudit (audit/README.md) on inputs made here:
# objects assembled with --gsframe by the host's gas (2.40: SFrame version
# 1), a linked program, an archive, a Debian package, a corrupted section
# and files that are not ELF.  Each expectation follows from what the input
# is (the version gas 2.40 writes, what the peers table says each reader reads,
# a byte broken on purpose), not from a run's output.

bats_require_minimum_version 1.5.0

setup() {
  : "${BUILD:=build}"
  SFAUDIT=$BUILD/bin/sfaudit
  ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
  T=$BATS_TEST_TMPDIR
  [ -x "$SFAUDIT" ] || skip "no $SFAUDIT (make sfaudit)"
  command -v as >/dev/null || skip "no assembler"
  printf '\t.text\n\t.globl f\n\t.type f,@function\nf:\n\t.cfi_startproc\n\tpushq %%rbp\n\t.cfi_def_cfa_offset 16\n\tpopq %%rbp\n\t.cfi_def_cfa_offset 8\n\tret\n\t.cfi_endproc\n\t.size f,.-f\n' > "$T/f.s"
  printf '\t.text\n\t.globl _start\n\t.type _start,@function\n_start:\n\t.cfi_startproc\n\tcall f\n\tud2\n\t.cfi_endproc\n\t.size _start,.-_start\n' > "$T/s.s"
}

# sfaudit --json on the given paths: its objects' lines into $T/out.jsonl,
# its predictions' into $T/pred.jsonl; its exit status
audit_json() {
  local rc=0
  "$SFAUDIT" --json --no-progress -j 2 "$@" > "$T/all.jsonl" || rc=$?
  jq -c 'select(.path)' "$T/all.jsonl" > "$T/out.jsonl"
  jq -c 'select(.prediction)' "$T/all.jsonl" > "$T/pred.jsonl"
  return $rc
}
# linker L's predicted outcome for the relocatable objects of the last run
predicted() { jq -r --arg l "$1" 'select(.prediction.linker == $l) | .prediction.outcome' "$T/pred.jsonl"; }

@test "an object gas 2.40 wrote: version 1, valid, read by 2.40's libsframe and objdump and by no newer reader; ld 2.47 would link it to a zero-byte .sframe (exit 1)" {
  as --gsframe "$T/f.s" -o "$T/f.o"
  run audit_json "$T/f.o"
  # ld 2.47, the default target, takes version 3 only (SPEC-NOTES N42): with
  # no input it takes, its .sframe has zero bytes (finding 15)
  [ "$status" -eq 1 ]
  [ "$(predicted bfd-2.47)" = E ]
  # ld 2.40 merges its own version
  [ "$(predicted bfd-2.40)" = K ]
  run jq -r '[.sframe.version, .sframe.verdict, .sframe.functions, .type] | @tsv' "$T/out.jsonl"
  [ "$output" = $'1\tvalid\t1\trelocatable' ]
  run jq -r '.sframe.readers | to_entries | map(select(.value)) | map(.key) | join(",")' "$T/out.jsonl"
  [ "$output" = "libsframe-2.40,libsframe-2.44,objdump-2.40" ]
}

@test "a linked program: the newest kernel generation refuses version 1 (exit 1); without --gsframe, what it would give" {
  as --gsframe "$T/f.s" -o "$T/f.o" && as --gsframe "$T/s.s" -o "$T/s.o"
  ld -o "$T/prog" "$T/s.o" "$T/f.o"
  run audit_json "$T/prog"
  [ "$status" -eq 1 ]
  run jq -r '[.type, .sframe.kernel_registered] | @tsv' "$T/out.jsonl"
  [ "$output" = $'executable\t0' ]
  as "$T/f.s" -o "$T/n.o" && as "$T/s.s" -o "$T/m.o" && ld -o "$T/plain" "$T/m.o" "$T/n.o"
  run audit_json "$T/plain"
  [ "$status" -eq 0 ]
  run jq -r '[.sframe // "none", .gsframe.converted, .gsframe.skipped, .gsframe.version] | @tsv' "$T/out.jsonl"
  [ "$output" = $'none\t2\t0\t3' ]
}

@test "a reader modelled from its code judges each program itself: DataDog's profiler uses version 2 without PCREL only" {
  # A program ld 2.40 links from --gsframe objects has PT_GNU_SFRAME, the
  # segment the profiler reads; its .sframe replaced by DD1's section
  # (version 2, no PCREL) and by DD5's (PCREL): the profile
  # (sframe_ddprof.h) uses the first and refuses the second, which
  # the peers table's versions alone could not tell apart.
  as --gsframe "$T/f.s" -o "$T/f.o" && as --gsframe "$T/s.s" -o "$T/s.o" && ld -o "$T/prog" "$T/s.o" "$T/f.o"
  local d=$ROOT/conformance/findings/ddprof
  objcopy --update-section .sframe="$d/DD1-fre-info-layout-amd64/section.sframe" "$T/prog" "$T/v2"
  objcopy --update-section .sframe="$d/DD5-pcrel-refused/section.sframe" "$T/prog" "$T/pcrel"
  audit_json "$T/v2" "$T/pcrel" || true
  run jq -r '[(.path | split("/") | last), .sframe.version, .sframe.readers["ddprof-2026-06"], .sframe.readers["libsframe-2.47"]] | @tsv' "$T/out.jsonl"
  [[ "$output" == *$'v2\t2\ttrue\ttrue'* ]]
  [[ "$output" == *$'pcrel\t2\tfalse\ttrue'* ]]
  # Without PT_GNU_SFRAME (the section added to a program linked without
  # --gsframe) the profiler never finds it; an object never reaches it.
  as "$T/f.s" -o "$T/n.o" && as "$T/s.s" -o "$T/m.o" && ld -o "$T/plain" "$T/m.o" "$T/n.o"
  objcopy --add-section .sframe="$d/DD1-fre-info-layout-amd64/section.sframe" --set-section-flags .sframe=alloc,readonly,data "$T/plain" "$T/noseg" 2>/dev/null
  cp "$T/n.o" "$T/n2.o" && objcopy --add-section .sframe="$d/DD1-fre-info-layout-amd64/section.sframe" "$T/n2.o"
  audit_json "$T/noseg" "$T/n2.o" || true
  run jq -r '.sframe.readers["ddprof-2026-06"]' "$T/out.jsonl"
  [ "$output" = $'false\nfalse' ]
}

@test "an archive is audited member by member, a Debian package file by file with its package named" {
  as --gsframe "$T/f.s" -o "$T/a.o" && as "$T/s.s" -o "$T/b.o"
  ar rcs "$T/lib.a" "$T/a.o" "$T/b.o"
  run audit_json "$T/lib.a"
  [ "$status" -eq 1 ] # a version 1 member: as above, ld 2.47 would empty the .sframe
  [ "$(jq -r '.prediction | select(.linker == "bfd-2.47") | [.objects, .inputs, .without_sframe] | @tsv' "$T/pred.jsonl")" = $'2\t1p\t1' ]
  run jq -r '[.member, (.sframe.version // "none")] | @tsv' "$T/out.jsonl"
  [ "$output" = $'a.o\t1\nb.o\tnone' ]
  command -v dpkg-deb >/dev/null || skip "no dpkg-deb"
  mkdir -p "$T/pkg/DEBIAN" "$T/pkg/usr/lib"
  printf 'Package: sfaudit-test\nVersion: 1\nArchitecture: amd64\nMaintainer: t <t@t>\nDescription: t\n' > "$T/pkg/DEBIAN/control"
  cp "$T/a.o" "$T/pkg/usr/lib/a.o"
  dpkg-deb --build "$T/pkg" "$T/t.deb" > /dev/null
  run audit_json "$T/t.deb"
  [ "$status" -eq 1 ]
  run jq -r '[.package, .path, .sframe.version] | @tsv' "$T/out.jsonl"
  [ "$output" = "sfaudit-test	$T/t.deb:/usr/lib/a.o	1" ]
  [ -z "$(ls /tmp | grep '^sfaudit-' | while read -r d; do [ -d "/tmp/$d/usr" ] && echo "$d"; done)" ]
}

@test "a corrupted .sframe is a finding and exit 1; bytes that are not ELF are an error, never a crash" {
  as --gsframe "$T/f.s" -o "$T/f.o"
  off=$(readelf -SW "$T/f.o" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".sframe" { print $4 }')
  [ -n "$off" ]
  off=$((16#$off))
  # the version byte (preamble offset 2) set to 9: no version has it
  printf '\x09' | dd of="$T/f.o" bs=1 seek=$((off + 2)) conv=notrunc status=none
  run audit_json "$T/f.o"
  [ "$status" -eq 1 ]
  run jq -r '[.sframe.verdict, .sframe.finding_names] | @tsv' "$T/out.jsonl"
  [ "$output" = $'malformed\tversion-unknown' ]
  head -c 3000 /dev/urandom > "$T/noise"
  printf '\x7fELF\x02\x01\x01' > "$T/short"
  as "$T/f.s" -o "$T/g.o"
  run audit_json "$T/noise" "$T/short" "$T/g.o"
  [ "$status" -eq 0 ]
  run jq -r 'select(.error) | .path' "$T/out.jsonl"
  [ "$output" = "$T/noise"$'\n'"$T/short" ]
  run "$SFAUDIT" --no-progress "$T/noise"
  [ "$status" -eq 2 ]
  [[ "$output" == *"nothing audited"* ]]
}

@test "every input not audited is named with its reason: ELF magic in 7 bytes, ELF cut at 3,000 bytes, a FIFO, a dangling link; none crashes or blocks" {
  mkdir "$T/d"
  printf '\x7fELF\x02\x01\x01' > "$T/d/seven"
  as "$T/f.s" -o "$T/f.o" && as "$T/s.s" -o "$T/s.o" && ld -o "$T/prog" "$T/s.o" "$T/f.o"
  # a program whose section headers lie past byte 3,000 (ld puts them last)
  shoff=$(readelf -hW "$T/prog" | awk '/Start of section headers/ { print $5 }')
  [ "$shoff" -gt 3000 ]
  head -c 3000 "$T/prog" > "$T/d/cut"
  mkfifo "$T/d/fifo"
  ln -s "$T/d/nothing-here" "$T/d/dangling"
  echo 'echo hello' > "$T/d/script"
  run timeout 30 "$SFAUDIT" --no-progress --html "$T/r.html" "$T/d"
  echo "$output"
  [ "$status" -eq 2 ]                                   # no ELF object among them: nothing audited
  [[ "$output" == *"nothing audited"* ]]
  [[ "$output" == *"- $T/d/seven: truncated: the file ends at byte 7, inside the ELF header (64 bytes)"* ]]
  [[ "$output" == *"- $T/d/cut: truncated: the file ends at byte 3000, its section headers reach byte "* ]]
  [[ "$output" == *"- $T/d/fifo: a FIFO"* ]]
  [[ "$output" == *"- $T/d/dangling: a dangling symbolic link to $T/d/nothing-here"* ]]
  [[ "$output" == *"- $T/d/script: not ELF"* ]]
  [[ "$output" == *"| not audited: truncated (ELF that ends before its headers say) | 2 |"* ]]
  for n in seven cut fifo dangling script; do grep -q "<td>$T/d/$n</td>" "$T/r.html"; done
  # beside a good object: the same five in --json, each with its kind; exit 0
  cp "$T/prog" "$T/d/prog"
  run timeout 30 bash -c "'$SFAUDIT' --json --no-progress '$T/d' > '$T/all.jsonl'"
  [ "$status" -eq 0 ]
  run jq -r 'select(.skipped) | [(.path | sub(".*/"; "")), .skipped] | @tsv' "$T/all.jsonl"
  [ "$output" = $'cut\ttruncated\ndangling\tdangling-link\nfifo\tspecial-file\nscript\tnot-elf\nseven\ttruncated' ]
  [ "$(jq -r 'select(.path and (.skipped | not)) | .path' "$T/all.jsonl")" = "$T/d/prog" ]
  # named one by one: a FIFO named on the command line is not opened either
  run timeout 10 "$SFAUDIT" --no-progress "$T/d/fifo" "$T/d/prog"
  [ "$status" -eq 0 ]
  [[ "$output" == *"- $T/d/fifo: a FIFO"* ]]
}

@test "each .sframe is held against the object's own CFI: gas 2.40's SP-based CFA for a CFA on another register (finding 02) disagrees, exit 1" {
  as --gsframe "$T/f.s" -o "$T/f.o"
  run audit_json "$T/f.o"
  [ "$(jq -r '.sframe.cfi_check | [.functions_both, .disagree, .sframe_only] | @tsv' "$T/out.jsonl")" = $'1\t0\t0' ]
  as --gsframe "$ROOT/producers/tests/asm/x86_64/def_cfa_register.s" -o "$T/d.o"
  ld -static -e dcr_fp -o "$T/d" "$T/d.o"
  run audit_json "$T/d"
  [ "$status" -eq 1 ]
  run jq -r '.sframe.cfi_check | [(.disagree > 0), .disagreement_classes] | @tsv' "$T/out.jsonl"
  [[ "$output" == true$'\t'*covers-cfa-other-register* ]]
}

@test "usage: no path, a bad -j, an unknown kernel generation, a missing path are errors (exit 2)" {
  run "$SFAUDIT"
  [ "$status" -eq 2 ]
  run "$SFAUDIT" -j 0 .
  [ "$status" -eq 2 ]
  run "$SFAUDIT" --kernel kernel-v99 .
  [ "$status" -eq 2 ]
  run "$SFAUDIT" "$T/does-not-exist"
  [ "$status" -eq 2 ]
  [[ "$output" == *"does-not-exist"* ]]
}

@test "the peers table says what each bundled reader's capabilities say (versions and ABIs)" {
  # sfaudit's readers are the peers table's named rows (common/sfc_peers.h),
  # which sfpeers --readers prints in the readers-table format
  [ -x "$BUILD/bin/sfpeers" ] || skip "no $BUILD/bin/sfpeers (make $BUILD/bin/sfpeers)"
  "$BUILD/bin/sfpeers" --readers > "$T/readers.tsv"
  n=0
  while IFS=$'\t' read -r name versions abis _; do
    case $name in ''|'#'*) continue ;; esac
    a=$BUILD/bin/sfadapter-$name
    [ -x "$a" ] || continue
    want=$(printf '%s\n%s' "$(echo "$versions" | tr , '\n' | sort | paste -sd,)" "$(echo "$abis" | tr , '\n' | sort | paste -sd,)")
    got=$("$a" capabilities | jq -r '(.versions | map(tostring) | sort | join(",")), (.abis | sort | join(","))')
    [ "$got" = "$want" ] || { echo "$name: table $want, capabilities $got"; false; }
    n=$((n + 1))
  done < "$T/readers.tsv"
  [ "$n" -ge 1 ] || skip "no bundled adapter built (make conformance-build)"
}

@test "sfaudit --readers FILE reads the table sfpeers --readers prints, and judges alike" {
  [ -x "$BUILD/bin/sfpeers" ] || skip "no $BUILD/bin/sfpeers (make $BUILD/bin/sfpeers)"
  "$BUILD/bin/sfpeers" --readers > "$T/readers.tsv"
  as --gsframe "$T/f.s" -o "$T/f.o"
  "$SFAUDIT" --json --no-progress -j 1 "$T/f.o" | jq -c 'select(.path) | .sframe.readers' > "$T/default" || true
  "$SFAUDIT" --json --no-progress -j 1 --readers "$T/readers.tsv" "$T/f.o" | jq -c 'select(.path) | .sframe.readers' > "$T/file" || true
  [ -s "$T/default" ]
  diff "$T/default" "$T/file"
  # a row that is not one is refused, with its line
  printf 'objdump-2.40\t1\tvax\t-\n' > "$T/bad.tsv"
  run "$SFAUDIT" --readers "$T/bad.tsv" "$T/f.o"
  [ "$status" -eq 2 ]
  [[ "$output" == *"bad.tsv:1"* ]]
}
