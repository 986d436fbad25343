#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# harness/shipped.sh --quick (`make shipped QUICK=1`): Debian's own ls for
# amd64, arm64 and s390x, and python3.11 for amd64, fetched as packages,
# with the dynamic loader and every library they load converted by sfcfi,
# under the harness.  Each expectation follows from what the run is:
# programs and libraries nobody here built, each module's frames unwound with
# its own section, ld.so followed from its first instruction, Python's
# dlopened modules and libc calling back into Python through libffi, nothing
# wrong that is not attributed (harness/SHIPPED.md records the full run).

setup_file() {
  export HERE
  HERE=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
  export S=$BATS_FILE_TMPDIR/shipped
  make -s -C "$HERE" build/bin/sfcfi build/bin/sfref > /dev/null
  # The run's status and log are kept (the log also under build/, where it
  # outlives the test), so that a failing run is said by the first test
  # with the log's end, not lost with setup_file.
  local rc=0 log=$HERE/build/harness/tests/shipped-quick.log
  mkdir -p "${log%/*}"
  bash "$HERE/harness/shipped.sh" --quick --out "$S" > "$log" 2>&1 || rc=$?
  cp "$log" "$BATS_FILE_TMPDIR/run.log"
  echo "$rc" > "$BATS_FILE_TMPDIR/rc"
}

run_json() { # ARCH NAME: the harness's result of that workload
  echo "$S/runs/$1-$2/runs/$3.json"
}
module() { # JSON SUFFIX FIELD: FIELD of the module whose path ends in SUFFIX
  jq --arg s "$2" "[.modules[] | select((.path // \"\") | endswith(\$s)) | .$3] | add" "$1"
}

@test "shipped --quick: ls on three architectures and python3 ran, checked instructions, every wrong attributed" {
  run cat "$BATS_FILE_TMPDIR/rc"
  [ "$output" = 0 ] || { tail -n 30 "$BATS_FILE_TMPDIR/run.log"; false; }
  [ "$(jq .workloads "$S/results.json")" -eq 4 ]
  [ "$(jq -c .architectures "$S/results.json")" = '["aarch64","s390x","x86_64"]' ]
  [ "$(jq .totals.checked "$S/results.json")" -gt 10000000 ]
  [ "$(jq .totals.wrong "$S/results.json")" -eq "$(jq .totals.attributed "$S/results.json")" ]
  grep -q '^shipped: 4 workloads on aarch64 s390x x86_64' "$BATS_FILE_TMPDIR/run.log"
}

@test "shipped --quick: each architecture's converted libc and ld.so are checked in ls" {
  local a ld
  for a in x86_64 aarch64 s390x; do
    case $a in x86_64) ld=ld-linux-x86-64.so.2 ;; aarch64) ld=ld-linux-aarch64.so.1 ;; s390x) ld=ld64.so.1 ;; esac
    [ "$(module "$(run_json "$a" ls ls)" /libc.so.6 checked)" -gt 10000 ] || { echo "$a: libc"; false; }
    # the loader, which QEMU maps itself, from its start-up on
    [ "$(module "$(run_json "$a" ls ls)" "/$ld" checked)" -gt 100000 ] || { echo "$a: $ld"; false; }
  done
}

@test "shipped --quick: python3's dlopened modules and libffi are checked, the frame libffi moves is followed, threads and a signal" {
  local j
  j=$(run_json x86_64 python3 python3.11)
  [ "$(module "$j" /_json.cpython-311-x86_64-linux-gnu.so checked)" -gt 1000 ]
  [ "$(module "$j" /_ctypes.cpython-311-x86_64-linux-gnu.so checked)" -gt 10000 ]
  [ "$(module "$j" /libffi.so.8.1.2 checked)" -gt 1000 ]
  # qsort's callbacks run inside ffi_call_unix64's relocated frame
  [ "$(jq .relocated_frames "$j")" -ge 1 ]
  [ "$(jq .threads "$j")" -ge 3 ]
  # SIGUSR1 delivered to Python's C handler: a frame entered by the kernel
  [ "$(jq .signal_frames "$j")" -ge 1 ]
  grep -q 'python3 workload done' "$S/runs/x86_64-python3/runs/python3.11.stdout"
}

@test "shipped --quick: what SFrame cannot give is truth unknown with its reason, never wrong" {
  # x86-64's lazy binding: _dl_runtime_resolve's CFA is RBX-based, and
  # _dl_fixup, which saves RBX, has it where SFrame keeps no rule
  local j
  j=$(run_json x86_64 ls ls)
  [ "$(jq .truth_unknown.register "$j")" -gt 0 ]
  [ "$(jq '[.register_unknown[].count] | add' "$j")" -eq "$(jq .truth_unknown.register "$j")" ]
}

@test "shipped: a second run fetches nothing" {
  run bash "$HERE/harness/shipped.sh" --quick --arch x86_64 --only ls --out "$BATS_TEST_TMPDIR/again"
  [ "$status" -eq 0 ] || { echo "$output" | tail -n 20; false; }
  ! grep -q 'downloading\|apt-get update' <<< "$output"
}

@test "shipped: usage errors exit 2" {
  run bash "$HERE/harness/shipped.sh" --bogus
  [ "$status" -eq 2 ]
  run bash "$HERE/harness/shipped.sh" --arch m68k
  [ "$status" -eq 2 ]
  run bash "$HERE/harness/shipped.sh" --only nosuch
  [ "$status" -eq 2 ]
}
