#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Verdicts a reader's author can act on (conformance/PROTOCOL.md): readers
# of every kind are judged (lookup-only, the second example adapter with
# tables of its own, one that falls back to a default frame); no pass that
# proves nothing (twin-rejected, nothing-compared); every difference kept
# and grouped by cause in failures.json with commands that reproduce it.
# The readers are conformance/tests/wrap-adapter.sh around the reference.
# Environment (ci/run-tests.sh): BUILD (default build).

load helpers

setup() {
  runner_env
  export SFADAPTER_REFERENCE="$PWD/$B/sfadapter-reference"
  W="$PWD/conformance/tests/wrap-adapter.sh"
  mkdir -p "$T/conf"
}

# conform NAME: sfconform over $T/corpus with the wrapper as NAME ($WRAP set)
conform() {
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" --no-progress "$1=$W"
  echo "$output"
}
field_of() { jq -r --arg id "$1" "select(.id == \$id) | .$3" "$T/out/$2/results.jsonl"; }

VALID=(fre-start-at-size-v2-amd64-le dataword-size-2-v2-amd64-le cfa-base-fp-bit-clear-v2-amd64-le
       fde-sorted-by-address-not-field-v2-amd64-le)

@test "a lookup-only adapter is judged by its lookups: accepts by exit status, answers compared" {
  mini_corpus "${VALID[@]}" fre-data-overrun-v2-amd64-le unwind-three-frames-v2-amd64-le
  export WRAP=lookup-only
  conform lo
  [ "$status" -eq 0 ]
  for id in "${VALID[@]}"; do
    [ "$(status_of $id lo)" = pass ]
    [ "$(field_of $id lo compared)" -gt 10 ]   # every PC's answers, not just the verdict
  done
  [ "$(status_of fre-data-overrun-v2-amd64-le lo)" = pass ]      # rejected by its lookup
  # no lookups in the case, no decode in the reader: accepted, nothing compared
  [ "$(status_of unwind-three-frames-v2-amd64-le lo)" = nothing-compared ]
  [[ "$output" == *"pass 5, nothing-compared 1,"* ]]
  [[ "$output" == *"5 passed, 0 failed"* ]]
}

@test "fallback: a reader's default frame stands for no row, never for a row" {
  mini_corpus "${VALID[@]}"
  export WRAP=fallback
  conform fb
  [ "$status" -eq 0 ]
  [[ "$output" == *"4 passed, 0 failed"* ]]
  export WRAP=fallback-all
  rm -rf "$T/out"
  conform fa
  [ "$status" -eq 1 ]
  for id in "${VALID[@]}"; do
    [ "$(status_of $id fa)" = wrong-output ]
  done
  [[ "$(detail_of fre-start-at-size-v2-amd64-le fa)" == *'].status: got "fallback", want "found"' ]]
}

@test "the second example adapter (tables of its own, lookup-only) builds and is judged" {
  [ -x "$B/table-adapter" ]
  ! grep -q 'sframe_ref\|sfr_' conformance/examples/table-adapter.c   # nothing of the oracle's
  run "$B/sfconform" --corpus "$C" --out "$T/out" --confdir "$T/conf" --no-progress "$B/table-adapter"
  echo "$output" | tail -5
  [ "$status" -eq 1 ]                        # it is a small reader: some failures
  R="$T/out/table-adapter/results.jsonl"
  # its capabilities: version 2, little-endian AMD64 and AArch64; the rest unsupported
  [ -z "$(jq -r 'select(.status == "unsupported" and .version == 2 and .endian == "little" and (.abi == "amd64" or .abi == "aarch64-le")) | .id' "$R")" ]
  [ "$(jq -r 'select(.status == "pass") | .id' "$R" | wc -l)" -gt 600 ]
  # what it gets wrong, it gets wrong as a reader does: no crash, no wrong answer
  [ -z "$(jq -r 'select(.status == "crash" or .status == "timeout" or .status == "wrong-output") | .id' "$R")" ]
  # every valid section it refuses is one whose functions are out of order
  [ -z "$(jq -r 'select(.status == "should-accept") | .stderr' "$R" | grep -v 'out of order')" ]
  # real sections: their lookups compared (fde, fre, fre_start are unknown to it, and skipped)
  [ "$(jq -r 'select(.source == "real" and .status == "pass" and .compared > 100) | .id' "$R" | wc -l)" -gt 30 ]
  [ -s "$T/out/table-adapter/failures.json" ]
}

@test "a rejection that its valid twin shares is twin-rejected: neither a pass nor a failure" {
  mini_corpus fre-data-overrun-v2-amd64-le fre-data-overrun-v1-amd64-le "${VALID[@]}"
  export WRAP=no-pcrel
  conform np
  [ "$(status_of fre-data-overrun-v2-amd64-le np)" = twin-rejected ]
  [[ "$(detail_of fre-data-overrun-v2-amd64-le np)" == "rejected; so is its valid twin: PCREL not supported"* ]]
  [ "$(status_of fre-data-overrun-v1-amd64-le np)" = pass ]     # version 1: no PCREL, rejected for its defect
  [ "$(status_of dataword-size-2-v2-amd64-le np)" = should-accept ]
  [[ "$output" == *"twin-rejected 1,"* ]]
  [[ "$output" == *"1 passed, 4 failed"* ]]
  # the reference itself: every rejection is for the defect
  export WRAP=none
  rm -rf "$T/out"
  conform ref
  [ "$status" -eq 0 ]
  [ "$(status_of fre-data-overrun-v2-amd64-le ref)" = pass ]
}

@test "an accept where nothing could be compared is nothing-compared, never a pass" {
  mini_corpus "${VALID[@]}" fre-data-overrun-v2-amd64-le
  export WRAP=blind
  conform blind
  for id in "${VALID[@]}"; do
    [ "$(status_of $id blind)" = nothing-compared ]
    [ "$(field_of $id blind compared)" -eq 0 ]
  done
  [ "$(status_of fre-data-overrun-v2-amd64-le blind)" = pass ]
  [[ "$output" == *"1 passed, 0 failed"* ]]
}

@test "every difference is kept and grouped by cause, with commands that reproduce it" {
  mini_corpus "${VALID[@]}"
  export WRAP=cfa-fp
  mkdir -p "$T/out/cfafp/groups/99" && touch "$T/out/cfafp/groups/99/stale.sframe"
  conform cfafp
  [ "$status" -eq 1 ]
  [ ! -e "$T/out/cfafp/groups/99" ]           # an earlier run's exports are gone
  F="$T/out/cfafp/failures.json"
  [ "$(jq -r .schema "$F")" = sframe-conformance/failures/1 ]
  # the one whose CFAs are all FP-based passes; the other three fail
  [ "$(status_of cfa-base-fp-bit-clear-v2-amd64-le cfafp)" = pass ]
  [ "$(jq -r .failed "$F")" -eq 3 ]
  # the field table heads the report: the CFA base and register, in both commands
  [ "$(jq -r '.fields[0].field' "$F")" = rules.cfa.base ] || [ "$(jq -r '.fields[0].field' "$F")" = rules.cfa.reg ] ||
    [[ "$(jq -r '.fields[0].field' "$F")" == "functions[].fres[].rules.cfa."* ]]
  jq -e '[.fields[] | select(.field | test("cfa.base$"))] | length >= 1' "$F"
  # the largest group: the CFA base, got fp want sp, over every case
  g=$(jq -c '.groups[0]' "$F")
  [[ "$(jq -r .field <<< "$g")" == *cfa.base || "$(jq -r .field <<< "$g")" == *cfa.reg ]]
  [ "$(jq -r .cases <<< "$g")" -eq 3 ]
  [ "$(jq -r '.differences' <<< "$g")" -gt 4 ]   # every difference, not the first of each case
  # each example reproduces: the reader's command shows the bug, the oracle's the answer
  run_cmd=$(jq -r '.examples[0].run' <<< "$g")
  oracle_cmd=$(jq -r '.examples[0].oracle' <<< "$g")
  [ -n "$run_cmd" ] && [ -n "$oracle_cmd" ]
  out=$(WRAP=cfa-fp bash -c "$run_cmd"); [[ "$out" == *'"base":"fp"'* ]]
  out=$(bash -c "$oracle_cmd"); [[ "$out" == *'"base":"sp"'* ]]
  # the sections exported for a bug report
  [ "$(ls "$T/out/cfafp/$(jq -r .export <<< "$g")"/*.sframe | wc -l)" -ge 1 ]
  grep -q "^| lookup | \`rules.cfa.base\` |" "$T/out/cfafp/failures.md"
  grep -q "failures by cause" "$T/out/cfafp/failures.html"
  # every difference of a case is counted in its result
  [ "$(field_of fre-start-at-size-v2-amd64-le cfafp differences)" -gt 5 ]
}

@test "features: a reader that says it lacks PCREL is judged on each case's section with starts counted from the section" {
  mini_corpus "${VALID[@]}" fre-data-overrun-v2-amd64-le unwind-three-frames-v3-amd64-le
  export WRAP=no-pcrel-said
  conform nps
  [ "$status" -eq 0 ]
  for id in "${VALID[@]}" fre-data-overrun-v2-amd64-le; do
    [ "$(status_of $id nps)" = pass ]
    [ "$(field_of $id nps section)" = abs ]
  done
  # version 3 always counts starts from the field: nothing to run it on
  [ "$(status_of unwind-three-frames-v3-amd64-le nps)" = unsupported-feature ]
  [ "$(detail_of unwind-three-frames-v3-amd64-le nps)" = "needs pcrel" ]
  [[ "$output" == *"unsupported-feature 1"* ]]
  [[ "$output" == *"5 passed, 0 failed"* ]]
  # an unknown feature name is a clear error
  cat > "$T/badfeat.sh" <<EOS
#!/bin/sh
[ "\$1" = capabilities ] && { echo '{"name":"x","version":"1","commands":["decode"],"versions":[2],"abis":["amd64"],"endian":["little"],"features":["pcrell"]}'; exit 0; }
exit 2
EOS
  chmod +x "$T/badfeat.sh"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" "$T/badfeat.sh"
  [ "$status" -eq 2 ]
  [[ "$output" == *"unknown feature"* ]]
}
