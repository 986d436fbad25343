#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The text-tool adapters (conformance/adapters/text_driver.c with gnu_tool.c or llvm.c): for each
# one built, its capabilities name the adapter, the exact package version of
# the tool it runs and the SFrame versions that release reads; a valid
# section of each such version is accepted with the functions the corpus
# says it has, and a section with a bad magic is rejected.  An adapter whose
# toolchain is absent (make toolchains) is skipped with the reason.
# Environment (ci/run-tests.sh): BUILD (default build), CORPUS.

bats_require_minimum_version 1.5.0

setup() {
  : "${BUILD:=build}"
  B="$BUILD/bin"
  C="${CORPUS:-build/corpus}"
  TC=build/toolchains
}

# need ADAPTER: skip unless the adapter program exists.
need() {
  [ -x "$B/sfadapter-$1" ] && return 0
  case $1 in
    *-2.40) skip "sfadapter-$1 not built (Debian 12's binutils is not installed)" ;;
    *-2.44|llvm-*) skip "sfadapter-$1 not built: no trixie toolchain (make toolchains)" ;;
    *) skip "sfadapter-$1 not built: no sid toolchain (make toolchains)" ;;
  esac
}

# The package version a toolchain's VERSIONS file records.
tc_version() { awk -v p="$2" '$1 == p { print $2 }' "$TC/$1/VERSIONS"; }

# caps ADAPTER NAME VERSION VERSIONS: the capabilities say so.
caps() {
  run "$B/sfadapter-$1" capabilities
  [ "$status" -eq 0 ]
  [ "$(jq -r .name <<< "$output")" = "$2" ]
  [ -n "$3" ]
  [ "$(jq -r .version <<< "$output")" = "$3" ]
  [ "$(jq -c .versions <<< "$output")" = "$4" ]
  [ "$(jq -c .commands <<< "$output")" = '["decode","serve","batch"]' ]
}

# accepts ADAPTER ID: decoded, exit 0, with the corpus's function count
# (the case's own description, NAME.dump.json).
accepts() {
  local base="$C/catalogue/$2"
  [ -f "$base.sframe" ] || { echo "no corpus section $2 (make corpus)"; return 1; }
  local vma; vma=$(sed -n 's/^vma: //p' "$base.expect")
  grep -qx 'class: valid' "$base.expect"
  run "$B/sfadapter-$1" decode "$base.sframe" "$vma"
  [ "$status" -eq 0 ]
  local want; want=$(jq '.functions | length' "$base.dump.json")
  [ "$want" -gt 0 ]
  [ "$(jq '.functions | length' <<< "$output")" -eq "$want" ]
  [ "$(jq .num_fdes <<< "$output")" -eq "$want" ]
  [ "$(jq .version <<< "$output")" -eq "$(sed -n 's/^version: //p' "$base.expect")" ]
  [ "$(jq -c '[.functions[].start]' <<< "$output")" = "$(jq -c '[.functions[].start]' "$base.dump.json")" ]
}

# rejects ADAPTER ID: exit 1 and a reason on stderr.
rejects() {
  local base="$C/catalogue/$2"
  [ -f "$base.sframe" ]
  run --separate-stderr "$B/sfadapter-$1" decode "$base.sframe" 0x1000
  [ "$status" -eq 1 ]
  [ -z "$output" ]
  [ -n "$stderr" ]
}

@test "objdump-2.40 / readelf-2.40: Debian 12's binutils, version 1 only" {
  need objdump-2.40
  v=$(dpkg-query -W -f='${Version}' binutils)
  for t in objdump readelf; do
    caps $t-2.40 $t-2.40 "$v" '[1]'
    accepts $t-2.40 one-function-v1-amd64-le
    accepts $t-2.40 aarch64-pauth-mixed-keys-v1-aarch64be-be
    rejects $t-2.40 bad-magic-zero-v1-amd64-le
  done
}

@test "objdump-2.44 / readelf-2.44: trixie's binutils, version 2 only (no PCREL flag)" {
  need objdump-2.44
  v=$(tc_version trixie binutils)
  for t in objdump readelf; do
    caps $t-2.44 $t-2.44 "$v" '[2]'
    accepts $t-2.44 flags-sorted-only-v2-amd64-le
    accepts $t-2.44 flags-none-v2-aarch64le-le
    rejects $t-2.44 bad-magic-zero-v2-amd64-le
    # 2.44 predates erratum 1: a section with FDE_FUNC_START_PCREL is refused
    rejects $t-2.44 one-function-v2-amd64-le
  done
}

@test "objdump-2.47 / readelf-2.47: sid's binutils, versions 2 and 3" {
  need objdump-2.47
  v=$(tc_version sid binutils)
  for t in objdump readelf; do
    caps $t-2.47 $t-2.47 "$v" '[2,3]'
    accepts $t-2.47 one-function-v2-amd64-le
    accepts $t-2.47 one-function-v3-amd64-le
    accepts $t-2.47 s390x-cfa-scaling-v3-s390x-be
    rejects $t-2.47 bad-magic-zero-v3-amd64-le
  done
}

@test "objdump-2.47: a flexible FDE's CFA-relative rule is unknown, its register rules are not" {
  need objdump-2.47
  base="$C/catalogue/flex-every-rule-kind-v3-amd64-le"
  run "$B/sfadapter-objdump-2.47" decode "$base.sframe" "$(sed -n 's/^vma: //p' "$base.expect")"
  [ "$status" -eq 0 ]
  [ "$(jq -r '.functions[0].fde_type' <<< "$output")" = flex ]
  # row 1: FP saved at CFA-16 and RA at CFA-8 (the case's description) print
  # as "c-16" / "c-8", as do row 2's FP = CFA-16, RA = CFA-8: rule unknown
  [ "$(jq -c '.functions[0].fres[1].rules.fp' <<< "$output")" = '{"rule":null,"reg":0,"offset":-16}' ]
  [ "$(jq -c '.functions[0].fres[2].rules.ra' <<< "$output")" = '{"rule":null,"reg":0,"offset":-8}' ]
  # row 4: FP saved at r3+0 ("(r3+0)"), row 3: FP = r3-8 ("r3-8")
  [ "$(jq -c '.functions[0].fres[4].rules.fp' <<< "$output")" = '{"rule":"at-reg","reg":3,"offset":0}' ]
  [ "$(jq -c '.functions[0].fres[3].rules.fp' <<< "$output")" = '{"rule":"reg","reg":3,"offset":-8}' ]
  # and the capabilities say that "rule" may be unknown
  "$B/sfadapter-objdump-2.47" capabilities | jq -e '.unknown_fields | index("rule")'
}

@test "llvm-readobj-22: trixie's LLVM, version 2 only; a warning is a reject" {
  need llvm-readobj-22
  caps llvm-readobj-22 llvm-readobj-22 "$(tc_version trixie llvm-22)" '[2]'
  accepts llvm-readobj-22 one-function-v2-amd64-le
  accepts llvm-readobj-22 aarch64-pauth-mixed-keys-v2-aarch64le-le
  rejects llvm-readobj-22 bad-magic-zero-v2-amd64-le
  # llvm-readobj exits 0 here; its "invalid/unsupported version number"
  # warning is the verdict
  rejects llvm-readobj-22 one-function-v3-amd64-le
  [[ "$stderr" == *"unsupported version number (3)"* ]]
  # what it prints beyond the binutils text: the raw flags, ABI, fixed
  # offsets, aux header length, FRE type, repetition size
  base="$C/catalogue/one-function-v2-amd64-le"
  run "$B/sfadapter-llvm-readobj-22" decode "$base.sframe" "$(sed -n 's/^vma: //p' "$base.expect")"
  [ "$status" -eq 0 ]
  for f in flags_raw abi fixed_ra_offset fixed_fp_offset auxhdr_len; do
    [ "$(jq -c ".$f" <<< "$output")" = "$(jq -c ".$f" "$base.dump.json")" ]
  done
  [ "$(jq -c '[.functions[] | .fre_type, .rep_size, .pc_type]' <<< "$output")" = \
    "$(jq -c '[.functions[] | .fre_type, .rep_size, .pc_type]' "$base.dump.json")" ]
}

@test "text adapters: usage errors exit 2, lookup is not offered" {
  for a in objdump-2.40 objdump-2.44 objdump-2.47 llvm-readobj-22; do
    [ -x "$B/sfadapter-$a" ] || continue
    run "$B/sfadapter-$a";                      [ "$status" -eq 2 ]
    run "$B/sfadapter-$a" decode /nonexistent 0x1000; [ "$status" -eq 2 ]
    run "$B/sfadapter-$a" decode "$C/catalogue/one-function-v2-amd64-le.sframe" zz; [ "$status" -eq 2 ]
    run "$B/sfadapter-$a" lookup x 0x1000 0x1000; [ "$status" -eq 2 ]
  done
  ls "$B"/sfadapter-*-2.4* "$B"/sfadapter-llvm-* >/dev/null 2>&1 || skip "no text adapter built"
}
