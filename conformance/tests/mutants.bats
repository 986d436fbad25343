#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The suite's own mutation score (conformance/mutants/): every mutant of
# the reference adapter built and judged over a sample of the corpus, each
# caught by the runner, three with their largest failure group naming their
# bug; and a
# mutation that no longer matches the oracle's source fails the build of
# its mutant, naming it, rather than leaving a mutant that changes nothing.
# Environment (ci/run-tests.sh): BUILD (default build), CORPUS; MUTANTS_FLAGS
# (default --sample 25) the runner's options for the sampled runs.

load helpers

setup() {
  runner_env
  export MUTANTS_FLAGS="${MUTANTS_FLAGS:---sample 25}"
}

# make mutants for the mutant ids given, over the sample, into $T/build
# (a BUILD of its own would rebuild the oracle: the mutants go under this
# build's own directory, BUILD/mutants, as make mutants puts them).
run_mutants() {
  run make -s BUILD="$BUILD" MUTANTS_CORPUS="$C" MUTANTS_FLAGS="$MUTANTS_FLAGS" \
    MUTANTS="$*" mutants
}

@test "mutants: every mutant of the catalogue caught over the sample; three named; the unmutated adapter passes" {
  # (make mutants over the whole corpus also holds each one named: over a
  # sample the largest group can be another, see conformance/README.md)
  n=$(awk -F'\t' '!/^#/ && NF == 6 && $1 != "id" && !seen[$1]++' conformance/mutants/mutants.tsv | wc -l)
  [ "$n" -ge 25 ]
  run_mutants
  echo "$output"
  # mutants.sh exits 1 when a mutant is caught but not named (make then
  # says "Error 1" and exits 2), 2 on a build error (make: "Error 2")
  [ "$status" -eq 0 ] || { [ "$status" -eq 2 ] && [[ "$output" == *"mutants] Error 1"* ]]; }
  [[ "$output" == *"baseline  the unmutated adapter: 0 failed"* ]]
  [ "$(grep -c '^caught  ' <<<"$output")" -eq "$n" ]
  ! grep -Eq '^(SURVIVED|BROKEN)' <<<"$output"
  [[ "$output" == *"mutation score: $n/$n caught, "* ]]
  grep -Eq '^caught  cfa-base-inverted  [0-9]+ failed  largest group: wrong-output decode [^ ]*rules\.cfa\.base .*\[names its bug\]$' <<<"$output"
  grep -Eq '^caught  s390x-cfa-unscaled  [0-9]+ failed  largest group: .*rules\.cfa\.offset.*\[names its bug\]$' <<<"$output"
  grep -Eq '^caught  pauth-key-bit  [0-9]+ failed  largest group: .*pauth_key.*\[names its bug\]$' <<<"$output"
  # No expected-results file applied: the runner counted the failures itself.
  [ -f "$BUILD/mutants/cfa-base-inverted/out/mutant-cfa-base-inverted/results.jsonl" ]
  [ ! -e "$BUILD/mutants/confdir/expected" ]
}

@test "mutants: a mutation whose old text is not in the file fails that mutant's build, naming it" {
  printf 'id\tclass\tfile\told\tnew\texpect\n' >"$T/bad.tsv"
  printf 'gone\ta mutation of code that is no longer there\tdecoder/src/sfr_fre_read.h\tthis text is in no file\tx\tstatus\n' >>"$T/bad.tsv"
  run env BUILD="$BUILD" bash conformance/mutants/mutants.sh --table "$T/bad.tsv" --build-only
  echo "$output"
  [ "$status" -eq 2 ]
  [[ "$output" == *"mutants: gone: the mutation of decoder/src/sfr_fre_read.h matches 0 times, not exactly once"* ]]
  [[ "$output" == *"(build of mutant gone failed)"* ]]
  [[ "$output" == *"BROKEN  gone  (did not build)"* ]]
}

@test "mutants: a mutation whose old text occurs twice fails too" {
  printf 'id\tclass\tfile\told\tnew\texpect\n' >"$T/twice.tsv"
  printf 'twice\tambiguous\tdecoder/src/sfr_interp.c\tset_rule(&r->ra, SFR_RULE_FIXED, 0, sec->fixed_ra_offset);\tx\tstatus\n' >>"$T/twice.tsv"
  run env BUILD="$BUILD" bash conformance/mutants/mutants.sh --table "$T/twice.tsv" --build-only
  [ "$status" -eq 2 ]
  [[ "$output" == *"mutants: twice: the mutation of decoder/src/sfr_interp.c matches 2 times, not exactly once"* ]]
}

@test "mutants: the catalogue's every mutation applies exactly once" {
  run env BUILD="$BUILD" bash conformance/mutants/mutants.sh --check
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$(grep -c '^applies' <<<"$output")" -ge 25 ]
}
