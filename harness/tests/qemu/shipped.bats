#!/usr/bin/env bats
# harness/shipped.sh --quick (`make shipped QUICK=1`): Debian's own ls and
# python3.11 with every library they link converted by sfcfi, under the
# harness.  Each expectation follows from what the run is: programs and
# libraries nobody here built, each module's frames unwound with its own
# section, nothing wrong (harness/SHIPPED.md records the full run).

setup_file() {
  export HERE
  HERE=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
  export S=$BATS_FILE_TMPDIR/shipped
  make -s -C "$HERE" build/bin/sfcfi build/bin/sfref > /dev/null
  bash "$HERE/harness/shipped.sh" --quick --out "$S" > "$BATS_FILE_TMPDIR/run.log" 2>&1
  echo $? > "$BATS_FILE_TMPDIR/rc"
}

@test "shipped --quick: both workloads ran and checked instructions, none wrong" {
  run cat "$BATS_FILE_TMPDIR/rc"
  [ "$output" = 0 ] || { tail -n 30 "$BATS_FILE_TMPDIR/run.log"; false; }
  [ "$(jq .workloads "$S/results.json")" -eq 2 ]
  [ "$(jq .totals.checked "$S/results.json")" -gt 50000000 ]
  [ "$(jq .totals.wrong "$S/results.json")" -eq 0 ]
  grep -q '^shipped: 2 workloads' "$BATS_FILE_TMPDIR/run.log"
}

@test "shipped --quick: the converted libc is checked in both programs, and python3's libz" {
  [ "$(jq '[.modules[] | select((.path // "") | endswith("/libc.so.6")) | .checked] | add' "$S/runs/ls/runs/ls.json")" -gt 10000 ]
  [ "$(jq '[.modules[] | select((.path // "") | endswith("/libc.so.6")) | .checked] | add' "$S/runs/python3/runs/python3.11.json")" -gt 100000 ]
  [ "$(jq '[.modules[] | select((.path // "") | test("/libz\\.so")) | .checked] | add' "$S/runs/python3/runs/python3.11.json")" -gt 1000000 ]
}

@test "shipped: usage errors exit 2" {
  run bash "$HERE/harness/shipped.sh" --bogus
  [ "$status" -eq 2 ]
}
