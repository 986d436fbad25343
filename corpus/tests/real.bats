#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The real sections of the corpus (corpus/real/build-real.sh, `make
# corpus-real`): sections GNU as emitted, each with what that release's
# objdump --sframe printed: the ones checked in under corpus/real/sections/
# (GNU as 2.40, 2.44 and 2.47.50; corpus/real/regen.sh); the shared vectors
# only in a corpus built on purpose with them (CORPUS_EXTRA).  sfref must accept every one and print the same text
# (SPEC-NOTES.md N26: objdump's quirks are reproduced on purpose).
# Environment (set by the test runner): SFREF, CORPUS (the corpus directory,
# holding real/), SHARED (optional: empty or naming nothing skips the shared
# vectors), SFREF_WRAPPER (e.g. valgrind) to run sfref under.

load ../../ci/bats-helpers

setup() {
  sfref_setup
  : "${CORPUS:=build/corpus}"
  R="$CORPUS/real"
  [ -d "$R" ] || { echo "no $R: run make corpus-real"; false; }
}

# key NAME.expect KEY: the value of one key.
key() { sed -n "s/^$2: //p" "$1"; }

# head_bytes FILE: the first five bytes as hex pairs, in HB[0..4].
head_bytes() { read -r -a HB < <(od -An -tx1 -N5 "$1"); }

# names: the NAME column of the checked-in sections' INDEX.
names() { awk '!/^#/ && NF { print $1 }' "$S/INDEX"; }

# case_missing SRC NAME: what of the case NAME is missing, or differs from
# the section SRC.sframe and the objdump text of SRC.objdump it was made from.
case_missing() {
  local ext
  for ext in sframe expect objdump; do [ -f "$R/$2.$ext" ] || printf ' %s' "$2.$ext"; done
  cmp -s "$1.sframe" "$R/$2.sframe" || printf ' %s' "$2.sframe(differs)"
  objdump_text "$1" | cmp -s - "$R/$2.objdump" || printf ' %s' "$2.objdump(differs)"
}

@test "real: every checked-in section is a case with its objdump text" {
  n=0 missing=""
  for name in $(names); do
    missing="$missing$(case_missing "$S/$name" "$name")"
    n=$((n + 1))
  done
  [ -z "$missing" ] || { echo "missing:$missing"; false; }
  [ "$n" -ge 100 ]
  [ "$n" -eq "$(find "$S" -maxdepth 1 -name '*.sframe' | wc -l)" ]
  [ "$n" -eq "$(find "$R" -maxdepth 1 -name 'gas*.sframe' | wc -l)" ]
}

@test "real: the corpus holds no section from outside the repository (shared-*), whatever sits beside the clone" {
  [ "$(find "$R" -maxdepth 1 -name 'shared-*' | wc -l)" -eq 0 ]
}

@test "real: make corpus CORPUS_EXTRA=DIR adds every vector of DIR/vectors as a case with its objdump text" {
  have_shared || skip "no shared vectors${SHARED:+ at $SHARED}"
  R=$BATS_TEST_TMPDIR/real
  bash "$BATS_TEST_DIRNAME/../real/build-real.sh" "$SHARED" "$R" "$SFREF" 2> /dev/null
  n=0 missing=""
  for f in "$V"/gas/*.sframe "$V"/more/*.sframe; do
    b=${f%.sframe}
    missing="$missing$(case_missing "$b" "shared-${b##*/}")"
    n=$((n + 1))
  done
  [ -z "$missing" ] || { echo "missing:$missing"; false; }
  [ "$n" -gt 0 ]
  [ "$n" -eq "$(find "$R" -maxdepth 1 -name 'shared-*.sframe' | wc -l)" ]
}

@test "real: every .expect has the FORMAT.md keys in order, agreeing with the section's bytes" {
  order="id case title clause class finding version abi endian vma source pcs"
  bad="" n=0
  local KEYS HB
  local -A EXP
  for e in "$R"/*.expect; do
    b=${e%.expect} name=${b##*/}
    read_expect "$e"
    [ "$KEYS" = "$order " ] || { bad="$bad $name(keys)"; continue; }
    [ "${EXP[id]}" = "real-$name" ] || bad="$bad $name(id)"
    [ "${EXP[source]}" = real ] || bad="$bad $name(source)"
    [[ "${EXP[pcs]}" =~ ^0x[0-9a-f]+( 0x[0-9a-f]+)*$ ]] || bad="$bad $name(pcs)"
    [ -f "$b.sframe" ] && [ -f "$b.objdump" ] || bad="$bad $name(files)"
    [ -s "$b.dump.json" ] && [ -s "$b.lookup.json" ] || bad="$bad $name(dump.json, lookup.json)"
    case "${EXP[class]} ${EXP[finding]}" in
      "valid -"|"questionable fre-start-at-size") ;;
      *) bad="$bad $name(class)" ;;
    esac
    [[ "${EXP[vma]}" =~ ^0x[0-9a-f]+$ ]] || bad="$bad $name(vma)"
    head_bytes "$b.sframe"
    [ ${#HB[@]} -eq 5 ] || { bad="$bad $name(shorter than a header)"; continue; }
    [ "${EXP[version]}" = $((16#${HB[2]})) ] || bad="$bad $name(version)"
    case "${HB[0]}${HB[1]} ${EXP[endian]}" in
      "e2de little"|"dee2 big") ;;
      *) bad="$bad $name(endian)" ;;
    esac
    case "${HB[4]} ${EXP[abi]}" in
      "01 aarch64-be"|"02 aarch64-le"|"03 amd64"|"04 s390x") ;;
      *) bad="$bad $name(abi)" ;;
    esac
    n=$((n + 1))
  done
  [ -z "$bad" ] || { echo "bad:$bad"; false; }
  [ "$n" -gt 0 ]
  [ "$(cat "$R"/*.expect | sed -n 's/^id: //p' | sort | uniq -d)" = "" ]
}

# cases_list PATTERN OUT: "PATH<TAB>VMA" (sfref's --files-from) for every
# real case PATTERN.sframe, its address from its .expect.
cases_list() {
  local f KEYS
  local -A EXP
  for f in "$R"/$1.sframe; do
    [ -e "$f" ] || continue
    read_expect "${f%.sframe}.expect"
    printf '%s\t%s\n' "$f" "${EXP[vma]}"
  done > "$2"
}

@test "real: every section validates (exit 0), reporting its expected finding and no other" {
  # valid: no finding at all; questionable: exactly the one in its .expect.
  # One run of sfref over them all: each section's summary line says valid,
  # each finding's line names its section.
  cases_list '*' "$T/list"
  rc=0; sfref validate --raw --files-from "$T/list" > "$T/out" 2> "$T/err" || rc=$?
  local f KEYS
  local -A EXP SUMMARY COUNTS SAID
  validate_read "$T/out" "$T/err"
  bad="" n=0
  while IFS=$'\t' read -r f _; do
    b=${f%.sframe}
    read_expect "$b.expect"
    want=${EXP[finding]} got=${SAID[$f]-}
    if [ "${SUMMARY[$f]-}" != valid ]; then
      bad="$bad ${b##*/}(rejected: $got)"
      continue
    fi
    if [ "$want" = - ]; then
      [ -z "$got" ] || bad="$bad ${b##*/}(got $got)"
    else
      [ "$got" = " $want " ] || bad="$bad ${b##*/}(want $want, got $got)"
    fi
    n=$((n + 1))
  done < "$T/list"
  [ "$rc" -eq 0 ] || bad="$bad (exit $rc)"
  all_matched "$n" "$bad" validated
  [ "$n" -gt 0 ]
}

@test "real: dump --format=objdump equals that release's objdump text for every section" {
  # one run of sfref: each section's text under its "==> FILE <==" line
  cases_list '*' "$T/list"
  sfref dump --format=objdump --raw --files-from "$T/list" > "$T/got" 2>/dev/null || true
  objdump_want "$T/list" "$T/want"
  n=$(grep -c '^==> .* <==$' "$T/got") bad=""
  if ! cmp -s "$T/want" "$T/got"; then
    parts_differ "$T/list" "$T/want" "$T/got"
    bad=${BAD:- (the layout)}
  fi
  all_matched "$n" "$bad"
  [ "$n" -gt 0 ] && [ "$n" -eq "$(wc -l < "$T/list")" ]
}

# count_of PATTERN: how many real cases match gasPATTERN.sframe.
count_of() { find "$R" -maxdepth 1 -name "gas$1.sframe" | wc -l; }

@test "real: each release and target has every input: 12 compiled programs and its cfi/*.s" {
  srcs=$(find "$S/../src" -name '*.c' | wc -l)
  bad=""
  for rt in 240-x86_64 240-aarch64 244-x86_64 244-aarch64 247-x86_64 247-aarch64 247-s390x; do
    arch=${rt#*-}
    cfis=$(find "$S/../cfi" -name "$arch-*.s" | wc -l)
    [ "$(count_of "$rt-*-O?")" -eq $((3 * srcs)) ] || bad="$bad $rt(compiled: $(count_of "$rt-*-O?"))"
    [ "$(count_of "$rt-cfi-*")" -eq "$cfis" ] && [ "$cfis" -ge 6 ] || bad="$bad $rt(cfi: $(count_of "$rt-cfi-*") of $cfis)"
  done
  # GNU as before 2.45 emits no SFrame for s390x.
  [ "$(count_of "24[04]-s390x-*")" -eq 0 ] || bad="$bad s390x-before-2.45"
  [ -z "$bad" ] || { echo "wrong:$bad"; false; }
}

@test "real: gas 2.40 sections are version 1, 2.44 version 2, 2.47 version 3; ABI and endianness per target" {
  n=0 bad=""
  local KEYS HB
  local -A EXP
  for f in "$R"/gas*.sframe; do
    b=${f%.sframe} name=${b##*/}
    rel=${name%%-*}
    case $rel in gas240) ver=01 ;; gas244) ver=02 ;; gas247) ver=03 ;; *) bad="$bad $name(release)"; continue ;; esac
    case $name in
      *-x86_64-*) want="e2de${ver}03" ;;
      *-aarch64-*) want="e2de${ver}02" ;;
      *-s390x-*) want="dee2${ver}04" ;;
      *) bad="$bad $name(target)"; continue ;;
    esac
    head_bytes "$f"
    [ "${HB[0]:-}${HB[1]:-}${HB[2]:-}${HB[4]:-}" = "$want" ] || bad="$bad $name"
    read_expect "$b.expect"
    [ "${EXP[version]:-}" = $((10#$ver)) ] || bad="$bad $name(expect)"
    n=$((n + 1))
  done
  [ -z "$bad" ] || { echo "wrong:$bad"; false; }
  [ "$n" -gt 0 ]
}

# dump_all PATTERN OUT: sfref's text dump of every gasPATTERN section (one
# run: each under its "==> FILE <==" line).
dump_all() {
  cases_list "gas$1" "$T/dump.list"
  [ -s "$T/dump.list" ] || { : > "$2"; return 0; }
  sfref dump --raw --files-from "$T/dump.list" > "$2"
}

@test "real: every release and target reaches ADDR1, ADDR2 and ADDR4 FREs, 2- and 4-byte data words, FP-based CFAs" {
  for rt in 240-x86_64 240-aarch64 244-x86_64 244-aarch64 247-x86_64 247-aarch64 247-s390x; do
    dump_all "$rt-*" "$T/$rt.txt"
    for t in addr1 addr2 addr4; do
      grep -q "FRE type $t" "$T/$rt.txt" || { echo "$rt: no FRE type $t"; false; }
    done
    grep -q "CFA = fp+" "$T/$rt.txt" || { echo "$rt: no FP-based CFA"; false; }
    # cfi/*-large.s: CFA offsets past 127 and past 32767 (s390x stores
    # (offset - 160) / 8: past 1176 and past 262296).
    big2=128 big4=32768
    [[ "$rt" == *s390x ]] && big2=1184 big4=262304
    awk -v a="$big2" -v b="$big4" '
      match($0, /CFA = sp\+[0-9]+/) { v = substr($0, RSTART + 9, RLENGTH - 9) + 0
        if (v >= a && v < b) two = 1; if (v >= b) four = 1 }
      END { exit !(two && four) }' "$T/$rt.txt" || { echo "$rt: no 2- and 4-byte CFA offsets"; false; }
  done
}

@test "real: PLT (PC-mask) FDEs, signed RAs with both keys, signal frames, flexible FDEs, RA undefined" {
  dump_all "247-*" "$T/v3.txt"
  dump_all "247-s390x-*" "$T/s390x.txt"
  for rel in 240 244 247; do
    dump_all "$rel-x86_64-*" "$T/x.txt"
    grep -q "pc-mask" "$T/x.txt" || { echo "gas$rel x86_64: no PC-mask (PLT) FDE"; false; }
    dump_all "$rel-aarch64-*" "$T/a.txt"
    grep -q "(mangled)" "$T/a.txt" || { echo "gas$rel aarch64: no signed (mangled) RA"; false; }
    grep -q "key B" "$T/a.txt" || { echo "gas$rel aarch64: no B-key FDE"; false; }
  done
  grep -q "pc-mask" "$T/s390x.txt" || { echo "s390x: no PC-mask (PLT) FDE"; false; }
  grep -q "signal frame" "$T/v3.txt" || { echo "v3: no signal frame"; false; }
  grep -q "flexible FDE" "$T/s390x.txt" || { echo "s390x: no flexible FDE"; false; }
  grep -q "RA = r16+0" "$T/s390x.txt" || { echo "s390x: no RA in a register"; false; }
  dump_all "247-x86_64-*" "$T/x3.txt"
  grep -q "CFA = r3+16" "$T/x3.txt" || { echo "x86_64 v3: no CFA on rbx"; false; }
  for a in x86_64 aarch64 s390x; do
    dump_all "247-$a-cfi-*" "$T/u.txt"
    grep -q "RA undefined" "$T/u.txt" || { echo "$a v3: no RA-undefined FRE"; false; }
  done
}

# plt_lookup NAME OFFSET: sfref's answer for the PC OFFSET bytes into the
# PLT entries' PCMASK function (the .plt after PLT0, which ld places at
# 0x401010 in these links: cfi/x86_64-plt.s) of real section NAME.
plt_lookup() {
  local f="$S/$1"
  sfref lookup --raw --vma "$(cat "$f.vma")" "$f.sframe" $(printf '0x%x' $((0x401010 + $2))) |
    sed 's/^0x[0-9a-f]* ip: //'
}

@test "real: ld 2.40's version-1 PLT: sp+8 inside the first entry's first row, rep-size-unknown where the row depends on the entry size" {
  # The linker's PLT entries are 16 bytes: jmp *GOT (CFA sp+8 throughout
  # the first 11 bytes), push, jmp (sp+16 from +0xb), so at the start of
  # every entry the CFA is sp+8.  Version 1 records no repeat size: read by
  # the plain offset, the second entry's start (+0x10) would get the row at
  # +0xb, sp+16, which is wrong (SPEC-NOTES N14).
  [ -f "$S/gas240-x86_64-cfi-plt.sframe" ] || skip "no ld 2.40 PLT section"
  run plt_lookup gas240-x86_64-cfi-plt 0
  [[ $output == *"CFA = sp+8;"* ]] || { echo "+0x0: $output"; false; }
  run plt_lookup gas240-x86_64-cfi-plt 0xa
  [[ $output == *"CFA = sp+8;"* ]] || { echo "+0xa: $output"; false; }
  for off in 0xb 0x10 0x1b 0x1f; do
    run plt_lookup gas240-x86_64-cfi-plt $off
    [[ $output == rep-size-unknown:* ]] || { echo "+$off: $output"; false; }
  done
  # Version 2 records the 16-byte repeat size: the same PCs are answered.
  [ -f "$S/gas244-x86_64-cfi-plt.sframe" ] || skip "no ld 2.44 PLT section"
  run plt_lookup gas244-x86_64-cfi-plt 0x10
  [[ $output == *"CFA = sp+8;"* ]] || { echo "v2 +0x10: $output"; false; }
  run plt_lookup gas244-x86_64-cfi-plt 0x1b
  [[ $output == *"CFA = sp+16;"* ]] || { echo "v2 +0x1b: $output"; false; }
}
