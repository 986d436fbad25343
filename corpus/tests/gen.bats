#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sfcorpus gen: the corpus generator (corpus/encoder/sfe_gen.c,
# corpus/FORMAT.md), its sections judged by sfref, which no longer has a gen
# command (issue 13: the oracle does not contain the encoder).
# Environment (set by ci/run-tests.sh): SFREF; SFCORPUS (default: sfcorpus
# beside SFREF); SFREF_WRAPPER (e.g. valgrind) to run both under, so that
# the encoder is checked there as well as the oracle; GEN_BATS_COUNT
# overrides the number of sections per version x ABI.

setup() {
  : "${SFREF:=build/bin/sfref}"
  SFCORPUS=${SFCORPUS:-$(dirname "$SFREF")/sfcorpus}
  T="$BATS_TEST_TMPDIR"
  # Not a skip: this suite is the generator's, and a run without it has
  # tested nothing (make tests builds it beside sfref).
  [ -x "$SFCORPUS" ] || { echo "no sfcorpus at $SFCORPUS (make tests)"; return 1; }
  # fewer sections when every program runs under valgrind
  if [ -n "${SFREF_WRAPPER:-}" ]; then N=${GEN_BATS_COUNT:-1}; else N=${GEN_BATS_COUNT:-6}; fi
}

sfref() { ${SFREF_WRAPPER:-} "$SFREF" "$@"; }
sfcorpus() { ${SFREF_WRAPPER:-} "$SFCORPUS" "$@"; }

COMBOS="1:amd64 1:aarch64-le 1:aarch64-be 2:amd64 2:aarch64-le 2:aarch64-be 2:s390x 3:amd64 3:aarch64-le 3:aarch64-be 3:s390x"

field() { sed -n "s/^$1: *//p" "$2"; }

# check_case EXPECT: the section gives what its .expect, .dump.json and
# .lookup.json say.
check_case() {
  local e=$1 base=${1%.expect} vma pcs cls finding out rc ids
  vma=$(field vma "$e") pcs=$(field pcs "$e") cls=$(field class "$e") finding=$(field finding "$e")
  out=$(sfref validate --json --raw --vma "$vma" "$base.sframe" 2>/dev/null) && rc=0 || rc=$?
  ids=$(jq -r '.findings[] | select(.class != "questionable") | .id' <<<"$out" | sort -u)
  case $cls in
    valid)
      [ "$rc" -eq 0 ] && [ "$(jq '.findings | length' <<<"$out")" -eq 0 ] ||
        { echo "$base: valid section: exit $rc, $out"; return 1; } ;;
    questionable)
      [ "$rc" -eq 0 ] && [ -z "$ids" ] && jq -e --arg f "$finding" 'any(.findings[]; .id == $f)' <<<"$out" >/dev/null ||
        { echo "$base: want warning $finding: exit $rc, $out"; return 1; } ;;
    malformed|invalid)
      [ "$rc" -eq 1 ] && [ "$ids" = "$finding" ] ||
        { echo "$base: want exactly $finding: exit $rc, $out"; return 1; } ;;
    *) echo "$base: class $cls"; return 1 ;;
  esac
  if [ -f "$base.dump.json" ]; then
    sfref dump --json --raw --vma "$vma" "$base.sframe" 2>/dev/null | cmp -s - "$base.dump.json" ||
      { echo "$base: dump --json differs"; return 1; }
  fi
  if [ -f "$base.lookup.json" ]; then
    # shellcheck disable=SC2086
    sfref lookup --json --raw --vma "$vma" "$base.sframe" $pcs 2>/dev/null | cmp -s - "$base.lookup.json" ||
      { echo "$base: lookup --json differs"; return 1; }
  fi
}

@test "sfcorpus --help lists gen; gen --help describes it and exits 0" {
  run sfcorpus --help
  [ "$status" -eq 0 ]
  [[ "$output" == *"sfcorpus gen --seed"* ]]
  run sfcorpus gen --help
  [ "$status" -eq 0 ]
  [[ "$output" == "usage: sfcorpus gen --seed S --version"* ]]
  [[ "$output" == *"--mutants"* ]]
}

@test "sfref has no gen: an unknown command (exit 2) that writes nothing, not in its --help" {
  run sfref gen --seed 1 --version 3 --abi amd64 --out "$T/o"
  [ "$status" -eq 2 ]
  [[ "$output" == "sfref: unknown command 'gen'"* ]]
  [ ! -e "$T/o" ]
  run sfref gen --help
  [ "$status" -eq 2 ]
  [[ "$output" == "sfref: unknown command 'gen'"* ]]
  run sfref --help
  [ "$status" -eq 0 ]
  [ -z "$(grep -E '^ +gen ' <<<"$output")" ]
}

@test "gen: bad arguments exit 2" {
  run sfcorpus gen;                                                          [ "$status" -eq 2 ]; [[ "$output" == *"required"* ]]
  run sfcorpus gen --seed 1 --version 3 --abi amd64;                         [ "$status" -eq 2 ]; [[ "$output" == *"required"* ]]
  run sfcorpus gen --seed x --version 3 --abi amd64 --out "$T/o";            [ "$status" -eq 2 ]; [[ "$output" == *"bad --seed"* ]]
  run sfcorpus gen --seed 1 --version 4 --abi amd64 --out "$T/o";            [ "$status" -eq 2 ]; [[ "$output" == *"bad --version"* ]]
  run sfcorpus gen --seed 1 --version=0 --abi amd64 --out "$T/o";            [ "$status" -eq 2 ]
  run sfcorpus gen --seed 1 --version 3 --abi sparc --out "$T/o";            [ "$status" -eq 2 ]; [[ "$output" == *"unknown ABI"* ]]
  run sfcorpus gen --seed 1 --version 3 --abi amd64 --endian middle --out "$T/o"; [ "$status" -eq 2 ]; [[ "$output" == *"bad --endian"* ]]
  run sfcorpus gen --seed 1 --version 3 --abi amd64 --count 0 --out "$T/o";  [ "$status" -eq 2 ]; [[ "$output" == *"bad --count"* ]]
  run sfcorpus gen --seed 1 --version 3 --abi amd64 --out "$T/o" --bogus;    [ "$status" -eq 2 ]; [[ "$output" == *"unknown argument"* ]]
  run sfcorpus gen --seed 1 --version 3 --abi amd64 --out "$T/o" extra;      [ "$status" -eq 2 ]; [[ "$output" == *"unknown argument"* ]]
  run sfcorpus gen --seed 1 --version 1 --abi s390x --out "$T/o";            [ "$status" -eq 2 ]; [[ "$output" == *"version 2 or 3"* ]]
  run sfcorpus gen --seed 1 --version 3 --abi amd64 --out;                   [ "$status" -eq 2 ]
  [ ! -e "$T/o" ]
  : > "$T/file"
  run sfcorpus gen --seed 1 --version 3 --abi amd64 --out "$T/file/sub";     [ "$status" -eq 2 ]; [[ "$output" == *"$T/file"* ]]
  mkdir -p "$T/w/gen-v3-amd64-le-s1-0000.sframe"   # a file that cannot be written
  run sfcorpus gen --seed 1 --version 3 --abi amd64 --out "$T/w";            [ "$status" -eq 2 ]; [[ "$output" == *"cannot create"* ]]
}

@test "gen: same arguments, same bytes; another seed, other bytes" {
  for m in "" --mutants; do
    sfcorpus gen --seed 7 --version 3 --abi aarch64-le --count "$N" $m --out "$T/a" >/dev/null
    sfcorpus gen --seed=7 --version=3 --abi=aarch64-le --count="$N" $m --out="$T/b" >/dev/null
  done
  [ "$(ls "$T/a" | wc -l)" -ge $((4 * N)) ]
  diff -r "$T/a" "$T/b"
  sfcorpus gen --seed 8 --version 3 --abi aarch64-le --count "$N" --out "$T/c" >/dev/null
  differ=0
  for i in $(seq 0 $((N - 1))); do
    n=$(printf %04d "$i")
    cmp -s "$T/a/gen-v3-aarch64-le-s7-$n.sframe" "$T/c/gen-v3-aarch64-le-s8-$n.sframe" || differ=$((differ + 1))
  done
  [ "$differ" -eq "$N" ]
}

@test "gen: .expect has every key of corpus/FORMAT.md, in order" {
  sfcorpus gen --seed 3 --version 2 --abi s390x --count 2 --out "$T/g" >/dev/null
  sfcorpus gen --seed 3 --version 2 --abi s390x --count 2 --mutants --out "$T/g" >/dev/null
  for e in "$T"/g/*.expect; do
    [ "$(cut -d: -f1 "$e" | tr '\n' ' ')" = "id case title clause class finding version abi endian vma source pcs " ]
    [ "$(field id "$e").expect" = "$(basename "$e")" ]
    [ "$(field version "$e")" = 2 ] && [ "$(field abi "$e")" = s390x ] && [ "$(field endian "$e")" = big ]
  done
  grep -q '^source: generated$' "$T"/g/gen-*.expect
  grep -q '^source: mutants$' "$T"/g/mut-*.expect
}

@test "gen: byte order defaults to the ABI's and --endian overrides it" {
  sfcorpus gen --seed 1 --version 3 --abi s390x --count 1 --out "$T/be" >/dev/null
  sfcorpus gen --seed 1 --version 3 --abi amd64 --count 1 --out "$T/le" >/dev/null
  sfcorpus gen --seed 1 --version 3 --abi amd64 --endian big --count 1 --out "$T/x" >/dev/null
  sfcorpus gen --seed 1 --version 2 --abi aarch64-be --endian little --count 1 --out "$T/x" >/dev/null
  [ "$(head -c 2 "$T"/be/*.sframe | od -An -tx1 | tr -d ' ')" = dee2 ]
  [ "$(head -c 2 "$T"/le/*.sframe | od -An -tx1 | tr -d ' ')" = e2de ]
  [ "$(head -c 2 "$T"/x/gen-v3-amd64-be-*.sframe | od -An -tx1 | tr -d ' ')" = dee2 ]
  [ "$(head -c 2 "$T"/x/gen-v2-aarch64be-le-*.sframe | od -An -tx1 | tr -d ' ')" = e2de ]
  for e in "$T"/x/*.expect; do check_case "$e"; done
}

@test "gen: every valid section validates, dumps and looks up as its files say (all versions x ABIs)" {
  for c in $COMBOS; do
    sfcorpus gen --seed 11 --version "${c%%:*}" --abi "${c#*:}" --count "$N" --out "$T/v" >/dev/null
  done
  [ "$(ls "$T"/v/*.expect | wc -l)" -eq $((11 * N)) ]
  for e in "$T"/v/*.expect; do
    [ "$(field class "$e")" = valid ]
    [ -f "${e%.expect}.dump.json" ]
    check_case "$e"
  done
}

@test "gen --mutants: every mutant gives exactly its finding (all versions x ABIs)" {
  for c in $COMBOS; do
    sfcorpus gen --seed 12 --version "${c%%:*}" --abi "${c#*:}" --count $((2 * N)) --mutants --out "$T/m" >/dev/null
  done
  [ "$(ls "$T"/m/*.expect | wc -l)" -eq $((22 * N)) ]
  sfref findings > "$T/findings"
  for e in "$T"/m/*.expect; do
    cls=$(field class "$e") f=$(field finding "$e")
    [ "$f" != - ]
    # the class is the finding's, as sfref findings lists it
    grep -Eq "^$f +$cls " "$T/findings"
    check_case "$e"
  done
}
