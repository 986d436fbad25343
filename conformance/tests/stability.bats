#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Results that repeat: an outcome that varies from run to run is re-run and
# gets the status `unstable` (listed with its outcomes, never a failure);
# an expected-results file written for another version of the
# implementation reports its differences as such, not as regressions.
# Environment (ci/run-tests.sh): BUILD (default build), CORPUS.

load helpers

setup() {
  runner_env
  export SFADAPTER_REFERENCE="$PWD/$B/sfadapter-reference"
  export BROKEN_STATE="$T/state"
  mkdir -p "$BROKEN_STATE" "$T/conf/expected"
  mini_corpus fre-start-at-size-v3-amd64-le fre-start-at-size-v1-amd64-le fre-data-overrun-v1-amd64-le
}

run_broken() {
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" --timeout 5 -j 1 "$@" \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
}
version_of() { "$PWD/conformance/tests/broken-adapter.sh" capabilities | jq -r .version; }

@test "stability: a case that crashes every other run is unstable, with its outcomes" {
  run_broken
  [ "$(status_of fre-start-at-size-v3-amd64-le broken)" = unstable ]
  [[ "$(detail_of fre-start-at-size-v3-amd64-le broken)" == "outcomes over 5 runs: pass x2, crash x3; first: "* ]]
  [[ "$output" == *"unstable"* ]]
}

@test "stability: unstable never fails a run against its expected file, and is written with its outcomes" {
  run_broken --update-expected
  [ "$status" -eq 0 ]
  grep -qx 'fre-start-at-size-v3-amd64-le unstable pass,crash' "$T/conf/expected/broken.txt"
  grep -qx "# version: $(version_of)" "$T/conf/expected/broken.txt"
  # With that file: the flaky case, stable or not, is as expected.
  rm -f "$BROKEN_STATE/flaky"
  run_broken
  [ "$status" -eq 0 ]
  [[ "$output" == *"as expected"* ]]
  # Expected `pass` for a case that is now unstable: shown, not counted.
  sed -i 's/^fre-start-at-size-v3-amd64-le .*/fre-start-at-size-v3-amd64-le pass/' "$T/conf/expected/broken.txt"
  rm -f "$BROKEN_STATE/flaky"
  run_broken
  [ "$status" -eq 0 ]
  [[ "$output" == *"1 cases are unstable"* ]]
}

@test "stability: --update-expected keeps an unstable entry while the case shows one of its outcomes, and says what it changed" {
  run_broken --update-expected
  grep -qx 'fre-start-at-size-v3-amd64-le unstable pass,crash' "$T/conf/expected/broken.txt"
  # The flaky case crashes once (as expected, so it is not run again): the
  # entry stays unstable, and nothing changed.
  rm -f "$BROKEN_STATE/flaky"
  run_broken --update-expected
  [ "$status" -eq 0 ]
  grep -qx 'fre-start-at-size-v3-amd64-le unstable pass,crash' "$T/conf/expected/broken.txt"
  [[ "$output" != *"changed"* ]]
  # An outcome outside the list is a change, and is named.
  sed -i 's/^fre-start-at-size-v3-amd64-le .*/fre-start-at-size-v3-amd64-le unstable pass,timeout/' \
    "$T/conf/expected/broken.txt"
  rm -f "$BROKEN_STATE/flaky"
  run_broken --update-expected
  [ "$status" -eq 0 ]
  [[ "$output" == *"fre-start-at-size-v3-amd64-le: was unstable pass,timeout, now "* ]]
  [[ "$output" == *"1 entries of $T/conf/expected/broken.txt changed"* ]]
  ! grep -qx 'fre-start-at-size-v3-amd64-le unstable pass,timeout' "$T/conf/expected/broken.txt"
}

@test "stability: a stable change of outcome still fails the run" {
  run_broken --update-expected
  grep -qx 'fre-data-overrun-v1-amd64-le should-reject' "$T/conf/expected/broken.txt"
  sed -i 's/^fre-data-overrun-v1-amd64-le .*/fre-data-overrun-v1-amd64-le pass/' "$T/conf/expected/broken.txt"
  run_broken
  [ "$status" -eq 1 ]
  [[ "$output" == *"fre-data-overrun-v1-amd64-le: was pass, now should-reject"* ]]
  [[ "$output" == *"DIFFERS"* ]]
}

@test "stability: expected results of another version are reported as such, not as a regression" {
  run_broken --update-expected
  sed -i -e 's/^# version: .*/# version: 0.0-other/' \
         -e "s/^fre-data-overrun-v1-amd64-le .*/fre-data-overrun-v1-amd64-le pass/" "$T/conf/expected/broken.txt"
  run_broken
  [ "$status" -eq 0 ]
  [[ "$output" == *"was written for version 0.0-other; this is $(version_of): 1 results differ (another release, not a regression)"* ]]
}
