#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# producers/tests/qemu/matrix.bats - the producers matrix's quick pass
# (make producers QUICK=1): gcc 12 with gas 2.40, 2.44 and 2.47.50, and the
# linkers that cost no large download, on all three architectures; the
# dynamic programs run under QEMU.  Run by ci/check.sh after the harness's
# suites (QEMU is built by then).  Each expectation below follows from what
# the producer is documented or known to do, not from a run's output.

setup_file() {
  export M="$BATS_FILE_TMPDIR/matrix"
  export ROOT
  ROOT=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
  make -s -C "$ROOT" BUILD=build build/bin/sfref build/bin/sfcfi >/dev/null
  bash "$ROOT/producers/matrix.sh" --quick --out "$M" > "$BATS_FILE_TMPDIR/run.log" 2>&1
  echo $? > "$BATS_FILE_TMPDIR/rc"
}

cell() { # ID: the cell's entry of results.json
  jq -c --arg id "$1" '.cells[] | select(.id == $id)' "$M/results.json"
}

@test "the quick matrix runs to the end: every cell filled or empty with its reason, nothing unclassified" {
  run cat "$BATS_FILE_TMPDIR/rc"
  [ "$output" = 0 ] || { tail -n 40 "$BATS_FILE_TMPDIR/run.log"; false; }
  [ -s "$M/results.json" ]
  # no cell without a status, no non-ok cell without a reason
  run jq -r '.cells[] | select(.status != "ok" and ((.why // "") == "")) | .id' "$M/results.json"
  [ -z "$output" ]
  run jq -r '.problems | length' "$M/results.json"
  [ "$output" = 0 ]
  grep -q '^cells: ' "$BATS_FILE_TMPDIR/run.log"
}

@test "cells were judged on all three architectures, with rows compared against the CFI" {
  for a in x86_64 aarch64 s390x; do
    run jq -r --arg a "$a" '[.cells[] | select(.arch == $a and .status == "ok")] | length' "$M/results.json"
    [ "$output" -gt 0 ] || { echo "no judged cell for $a"; false; }
  done
  run jq -r '.totals.rows' "$M/results.json"
  [ "$output" -gt 1000 ]
}

@test "gas 2.47 objects linked by ld 2.47: every input function kept, nothing missing (the producers agree on version 3)" {
  for a in x86_64 aarch64 s390x; do
    c=$(cell "link:$a:gcc12:gas-2.47:O2:bfd-2.47:static:plt")
    [ -n "$c" ]
    [ "$(jq -r '.status' <<< "$c")" = ok ]
    [ "$(jq '[.outputs[].c_missing] | add' <<< "$c")" = 0 ]
    [ "$(jq '[.outputs[].c_kept] | add' <<< "$c")" -ge 6 ]
  done
}

@test "ld 2.47 ignores version 2 input (its own message says so): the functions of gas 2.44's objects are missing" {
  c=$(cell "link:x86_64:gcc12:gas-2.44:O2:bfd-2.47:static:plt")
  [ "$(jq -r '.status' <<< "$c")" = ok ]
  [ "$(jq '[.outputs[].c_kept // 0] | add' <<< "$c")" = 0 ]
  grep -q 'unexpected SFrame section type; section ignored' \
    "$M/cells/link-x86_64-gcc12-gas-2.44-O2-bfd-2.47-static-plt/link.log"
}

@test "ld 2.40 says no .sframe will be created for version 3 input, yet writes the inputs' sections end to end (producers/findings/18)" {
  d=$M/cells/link-x86_64-gcc12-gas-2.47-O2-bfd-2.40-static-plt
  grep -q 'no .sframe will be created' "$d/link.log"
  readelf -SW "$d/pltmain" | grep -q ' \.sframe '
  run jq -r '.findings[].id' "$d/pltmain.validate.json"
  [[ "$output" == *trailing-bytes* ]]
  # the second object's functions are lost
  c=$(cell "link:x86_64:gcc12:gas-2.47:O2:bfd-2.40:static:plt")
  [ "$(jq '[.outputs[].c_missing] | add' <<< "$c")" -gt 0 ]
}

@test "the kernel profiles, one column per generation: version 1 refused by all; ld 2.47's static version 3 output registered by v13 and v16, refused by v12 (version 2 only)" {
  local g
  c=$(cell "compile:x86_64:gcc12:gas-2.40:O2:bfd-2.40:static:plt")
  for g in kernel-v12 kernel-v13 kernel-v14 kernel-v16; do
    [ "$(jq -r --arg g "$g" '.outputs[0].kernel[$g]["kernel-version-unsupported"]' <<< "$c")" -ge 1 ] || { echo "$g: $c"; false; }
  done
  c=$(cell "link:x86_64:gcc12:gas-2.47:O2:bfd-2.47:static:plt")
  [ "$(jq -r '.outputs[0].kernel_accepts' <<< "$c")" = true ]
  [ "$(jq -r '.outputs[0].kernel["kernel-v16"] | length' <<< "$c")" = 0 ]
  [ "$(jq -r '.outputs[0].kernel["kernel-v13"] | length' <<< "$c")" = 0 ]
  [ "$(jq -r '.outputs[0].kernel["kernel-v12"]["kernel-version-unsupported"]' <<< "$c")" -ge 1 ]
  # the table has a column per generation
  grep -q '| kernel-v12 | kernel-v13 | kernel-v14 | kernel-v16 | kernel-arm64-v1 | kernel-s390-v4 |' "$BATS_FILE_TMPDIR/run.log"
}

@test "execution: dynamic programs ran on all three architectures, PLT stubs executed, every wrong unwind attributed" {
  for a in x86_64 aarch64 s390x; do
    c=$(cell "link:$a:gcc12:gas-2.47:O2:bfd-2.47:pie:plt")
    [ "$(jq -r '.exec.checked' <<< "$c")" -gt 0 ] || { echo "$a: $c"; false; }
    [ "$(jq -r '.exec.plt_executed' <<< "$c")" -gt 0 ]
    [ "$(jq -r '.exec.exit' <<< "$c")" = 0 ]
  done
  # mold 3.0 merges version 3 input, and its s390x PLT stubs end in
  # BASR %r0,%r1, a jump (SPEC-NOTES N36): nothing wrong through them
  c=$(cell "link:s390x:gcc12:gas-2.47:O2:mold-3.0:pie:plt")
  [ "$(jq -r '.exec.checked' <<< "$c")" -gt 0 ]
  [ "$(jq -r '.exec.wrong' <<< "$c")" = 0 ]
  # x86-64 ld 2.47's .plt.got rows are wrong (producers/findings/01): the
  # run sees them, and attributes them
  c=$(cell "link:x86_64:gcc12:gas-2.47:O2:bfd-2.47:pie:plt")
  [ "$(jq -r '.exec.plt_wrong' <<< "$c")" -gt 0 ]
  [ "$(jq -r '.exec.plt_checked' <<< "$c")" -gt 0 ]
}

@test "the chart and the table: the run's index.html names every judged cell" {
  [ -s "$M/index.html" ]
  n=$(jq '[.cells[] | select(.status == "ok")] | length' "$M/results.json")
  [ "$n" -gt 0 ]
  [ "$(grep -o 'class="cell"' "$M/index.html" | wc -l)" -ge "$n" ]
  [ -s "$M/results.md" ]
}
