#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sfcorpus gen: the corpus generator (corpus/encoder/sfe_gen.c,
# corpus/FORMAT.md), its sections judged by sfref, which no longer has a gen
# command (issue 13: the oracle does not contain the encoder).
# Environment (set by ci/run-tests.sh): SFREF; SFCORPUS (default: sfcorpus
# beside SFREF); SFREF_WRAPPER (e.g. valgrind) to run both under, so that
# the encoder is checked there as well as the oracle; GEN_BATS_COUNT
# overrides the number of sections per version x ABI.

# (read_expect)
load ../../ci/bats-helpers

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

# check_cases EXPECT...: each section gives what its .expect, .dump.json and
# .lookup.json say.  validate and dump read every section in one run each
# (sfref's --files-from, each section at its own address; a section's
# status and output are what a run on it alone gives: cli.bats holds the
# two to each other); lookup takes one section a run.
check_cases() {
  local e base n=0 bad=0 st ids all nf file
  local KEYS
  local -A EXP CLS FINDING STATUS IDS ALL NF
  : > "$T/cc.list"; : > "$T/cc.dumps"
  mkdir -p "$T/cc-want" "$T/cc-got"
  local want_lookups=() want_dumps=()
  for e in "$@"; do
    base=${e%.expect}
    read_expect "$e"
    CLS[$base.sframe]=${EXP[class]} FINDING[$base.sframe]=${EXP[finding]}
    printf '%s\t%s\n' "$base.sframe" "${EXP[vma]}" >> "$T/cc.list"
    if [ -f "$base.dump.json" ]; then
      printf '%s\t%s\n' "$base.sframe" "${EXP[vma]}" >> "$T/cc.dumps"
      want_dumps+=("$base.dump.json")
    fi
    if [ -f "$base.lookup.json" ]; then
      want_lookups+=("$base.lookup.json")
      # shellcheck disable=SC2086
      sfref lookup --json --raw --vma "${EXP[vma]}" "$base.sframe" ${EXP[pcs]} > "$T/cc-got/${base##*/}.lookup.json" 2>/dev/null || true
    fi
    n=$((n + 1))
  done
  [ "$n" -gt 0 ] || { echo "check_cases: no case"; return 1; }
  sfref validate --json --raw --files-from "$T/cc.list" > "$T/cc.validate" 2>/dev/null || true
  # per section: file, status, the ids of its non-questionable findings and
  # of all (sorted, unique, comma-joined), the number of findings
  jq -r '[.file, .status,
          ((.output.findings // []) | map(select(.class != "questionable") | .id) | unique | join(",")),
          ((.output.findings // []) | map(.id) | unique | join(",")),
          ((.output.findings // []) | length)] | map(tostring) | join("|")' "$T/cc.validate" > "$T/cc.tsv"
  # ("|": a tab is IFS white space, where empty fields would run together)
  while IFS='|' read -r file st ids all nf; do
    STATUS[$file]=$st IDS[$file]=$ids ALL[$file]=$all NF[$file]=$nf
  done < "$T/cc.tsv"
  while IFS=$'\t' read -r file _; do
    st=${STATUS[$file]-none} ids=${IDS[$file]-} all=",${ALL[$file]-},"
    case ${CLS[$file]} in
      valid)
        [ "$st" = 0 ] && [ "${NF[$file]-}" = 0 ] ||
          { echo "$file: valid section: exit $st, findings ${ALL[$file]-}"; bad=$((bad + 1)); } ;;
      questionable)
        [ "$st" = 0 ] && [ -z "$ids" ] && [[ "$all" == *",${FINDING[$file]},"* ]] ||
          { echo "$file: want warning ${FINDING[$file]}: exit $st, findings ${ALL[$file]-}"; bad=$((bad + 1)); } ;;
      malformed|invalid)
        [ "$st" = 1 ] && [ "$ids" = "${FINDING[$file]}" ] ||
          { echo "$file: want exactly ${FINDING[$file]}: exit $st, findings ${ALL[$file]-}"; bad=$((bad + 1)); } ;;
      *) echo "$file: class ${CLS[$file]}"; bad=$((bad + 1)) ;;
    esac
  done < "$T/cc.list"
  # dump --json: byte for byte the .dump.json, all in one comparison (each
  # section's JSON is one line)
  if [ ${#want_dumps[@]} -gt 0 ]; then
    sfref dump --json --raw --files-from "$T/cc.dumps" > "$T/cc.dump" 2>/dev/null || true
    cat -- "${want_dumps[@]}" > "$T/cc.dump.want"
    awk -F '\t' 'NR == FNR { want[++n] = $1; next }
      { k++
        if (!match($0, /^\{"file":"[^"]*","status":[0-9]+,"output":/)) { print "bad line " k > "/dev/stderr"; exit 1 }
        file = substr($0, 10, RLENGTH - 10); sub(/","status":.*/, "", file)
        if (file != want[k]) { print "dump " k ": " file ", expected " want[k] > "/dev/stderr"; exit 1 }
        out = substr($0, RLENGTH + 1); sub(/\}$/, "", out); print out }
      END { if (k != n) { print "dump: " k + 0 " of " n " sections" > "/dev/stderr"; exit 1 } }' \
      "$T/cc.dumps" "$T/cc.dump" > "$T/cc.dump.got" || bad=$((bad + 1))
    if ! cmp -s "$T/cc.dump.want" "$T/cc.dump.got"; then
      # (which: each case alone, only when they differ)
      local k=0 w
      for w in "${want_dumps[@]}"; do
        k=$((k + 1))
        sed -n "${k}p" "$T/cc.dump.got" | cmp -s - "$w" || { echo "$w: dump --json differs"; bad=$((bad + 1)); }
      done
    fi
  fi
  # lookup --json: byte for byte the .lookup.json
  if [ ${#want_lookups[@]} -gt 0 ]; then
    cp -- "${want_lookups[@]}" "$T/cc-want/"
    diff -rq "$T/cc-want" "$T/cc-got" || bad=$((bad + 1))
  fi
  rm -rf "$T/cc-want" "$T/cc-got"
  echo "$n cases checked, $bad problems"
  [ "$bad" -eq 0 ]
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
  check_cases "$T"/x/*.expect
}

@test "gen: every valid section validates, dumps and looks up as its files say (all versions x ABIs)" {
  for c in $COMBOS; do
    sfcorpus gen --seed 11 --version "${c%%:*}" --abi "${c#*:}" --count "$N" --out "$T/v" >/dev/null
  done
  [ "$(ls "$T"/v/*.expect | wc -l)" -eq $((11 * N)) ]
  local KEYS
  local -A EXP
  for e in "$T"/v/*.expect; do
    read_expect "$e"
    [ "${EXP[class]}" = valid ]
    [ -f "${e%.expect}.dump.json" ]
  done
  check_cases "$T"/v/*.expect
}

@test "gen --mutants: every mutant gives exactly its finding (all versions x ABIs)" {
  for c in $COMBOS; do
    sfcorpus gen --seed 12 --version "${c%%:*}" --abi "${c#*:}" --count $((2 * N)) --mutants --out "$T/m" >/dev/null
  done
  [ "$(ls "$T"/m/*.expect | wc -l)" -eq $((22 * N)) ]
  sfref findings > "$T/findings"
  local KEYS
  local -A EXP CLASS_OF
  local id cls _
  while read -r id cls _; do CLASS_OF[$id]=$cls; done < "$T/findings"
  for e in "$T"/m/*.expect; do
    read_expect "$e"
    [ "${EXP[finding]}" != - ]
    # the class is the finding's, as sfref findings lists it
    [ "${CLASS_OF[${EXP[finding]}]-}" = "${EXP[class]}" ] ||
      { echo "$e: class ${EXP[class]}, but ${EXP[finding]} is ${CLASS_OF[${EXP[finding]}]-not a finding}"; false; }
  done
  check_cases "$T"/m/*.expect
}
