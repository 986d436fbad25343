#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The check sequence behind `make check` and `.ci/run`:
#   1. install the Debian packages the tests need (skipped when present)
#   2. build with -Wall -Wextra -Werror, build the corpus (twice: the two
#      trees must be identical), run every test (two Bats processes side
#      by side); then, as three chains side by side, each into its own logs
#      and printed in order when all are done:
#      a. a sampled conformance run of every bundled adapter (each must
#         match its expected-results file), then suites under QEMU
#         (harness/tests/qemu: QEMU is built from trixie's source once,
#         about 5 CPU-minutes, under build/, from the start of the check at
#         the lowest priority): the recorder, shared objects and PLT stubs,
#         Debian's own programs with their libraries converted, the
#         producers matrix's quick pass and Debian's static programs
#         converted by sfcfi;
#      b. step 4 (valgrind), step 5 (coverage), then the OSS-Fuzz build
#         simulated;
#      c. step 3 (ASan and UBSan), then the fuzz targets: every seed and
#         regression replayed (standalone, ASan+UBSan) and a libFuzzer
#         smoke run of each (10 s a target).
#   3. rebuild with ASan + UBSan and run the tests again: the unit tests
#      (every real section, its truncations and corruptions), the round
#      trip (2,000 models per version x ABI; the plain pass runs 10,000,
#      the roundtrip fuzz target more under ASan), the CLI's and the
#      generated sections' Bats suites (dump --bytes on every corpus
#      section, in one run of sfref), and the
#      corpus check on every 5th section (the fuzz replay of step 2 already
#      runs every corpus section through the library under ASan + UBSan, in
#      process; the other suites, which exercise the runner, the peers and
#      the corpus files rather than the oracle, run in the plain pass only:
#      under ASan they took a quarter of an hour)
#   4. run the tests once more under valgrind (only the CLI's and the
#      generated sections' Bats suites; the corpus check, a few
#      thousand processes, is left to the two passes above; the round trip
#      runs 200 models per version x ABI instead of 10,000, and the
#      truncations and corruptions of real sections take every 7th offset)
#   5. measure line and branch coverage of decoder/ (>= 95% / >= 85%), and
#      the oracle's line coverage from the corpus alone (>= 95%: measured
#      through the reference adapter as the runner drives it, which never
#      calls the CLI's by-name look-ups and never looks up in a malformed
#      section, so the lookup paths' bad-data returns are the unit tests'
#      and the fuzzers'; nor, while the two lookup paths agree, reaches the
#      lines that name a disagreement, nor those naming one between the
#      fast and the full validation.  97.37% when the corpus check moved
#      to sfconform --strict; 95.95% with the fast lookup path beside the
#      simple one, 2026-11-24; 94.16% with the certificate and the radix
#      sort, which no corpus section reached, 2026-11-25; 95.27% with the
#      catalogue's 320 functions in no order, which it does)
# Ends with one line: "N passed, N failed" (the sum over all passes).
set -uo pipefail
cd "$(dirname "$0")/.."
# The shared vectors (../shared/vectors) are an optional extra: the real
# sections the tests need are checked in (corpus/real/sections).
SHARED=${SHARED:-$(cd .. && pwd)/shared}
[ -d "$SHARED/vectors" ] || { echo "ci/check: no shared vectors at $SHARED: using the checked-in real sections only"; SHARED=""; }
export SHARED
bash ci/install-deps.sh || { echo "0 passed, 1 failed"; exit 1; }

pass=0 fail=0
tally() { # tally LOG: add the "N passed, N failed" line of LOG
  local l
  l=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -n 1)
  if [ -z "$l" ]; then fail=$((fail + 1)); return; fi
  pass=$((pass + ${l%% passed*}))
  l=${l#*, }
  fail=$((fail + ${l%% failed}))
}
# Each section's header says when it started (bash's SECONDS: since the
# check began), so a slow pass shows in the log; the passes that run side
# by side after the plain tests say how long each took instead.
section() { printf '\n==== %s [at %dm%02ds] ====\n' "$1" $((SECONDS / 60)) $((SECONDS % 60)); }
# timed NAME CMD...: runs CMD, its seconds in build/NAME.secs, its exit
# status in build/NAME.rc.
timed() {
  local t=$SECONDS name=$1
  shift
  "$@"
  echo $? > "build/$name.rc"
  echo $((SECONDS - t)) > "build/$name.secs"
}
took() { cat "build/$1.secs" 2>/dev/null || echo "?"; }

# null_guard AFTER: /dev/null must still be the null device.  The tests run
# as root in CI, and a program that writes its output to a temporary file
# and renames it over the path it was given replaces /dev/null with a
# regular file when that path is /dev/null; every later `> /dev/null` then
# writes into it, and apt reads it as its preferences and fails (a run of
# .ci/run lost its QEMU suites' packages so).  A replaced /dev/null is a failure,
# named with the step after which it was found, and is made again (as root)
# so that the steps after it are not misled.
null_guard() {
  [ -c /dev/null ] && [ "$(stat -c %t:%T /dev/null)" = 1:3 ] && return 0
  echo "not ok - /dev/null is no longer the null device after $1 ($(stat -c '%F, %s bytes, mode %a, changed %z' /dev/null 2>&1))"
  fail=$((fail + 1))
  if [ "$(id -u)" = 0 ]; then rm -f /dev/null && mknod -m 666 /dev/null c 1 3 && echo "# /dev/null made again"; fi
}

# A Bats suite that runs under QEMU, into build/NAME.tap:
# qemu_run NAME FILE; qemu_report NAME FILE TITLE prints and tallies it.
qemu_run() {
  mkdir -p "build/junit-$1"
  BUILD=build bats --tap --timing --report-formatter junit -o "build/junit-$1" "$2" > "build/$1.tap" 2>&1
}
qemu_report() {
  section "$3 (took $(took "$1")s)"
  grep -q '^1\.\.' "build/$1.tap" || echo "not ok - $2 printed no plan" >> "build/$1.tap"
  grep -E '^(ok|not ok|#)' "build/$1.tap" | sed -n 1,60p
  echo "$(grep -c '^ok ' "build/$1.tap") passed, $(grep -c '^not ok' "build/$1.tap") failed" | tee -a "build/$1.tap"
  tally "build/$1.tap"
}
QEMU_SUITES=(
  "recorder harness/tests/qemu/recorder.bats the recorder under QEMU (harness/tests/qemu/recorder.bats; QEMU is built once, about 4 minutes)"
  "shared harness/tests/qemu/shared.bats shared objects and PLT stubs under QEMU (harness/tests/qemu/shared.bats)"
  "matrix producers/tests/qemu/matrix.bats the producers matrix, quick pass (make producers QUICK=1: producers/tests/qemu/matrix.bats)"
  "debian-static producers/tests/qemu/debian-static.bats Debian's static programs converted by sfcfi, under QEMU (producers/tests/qemu/debian-static.bats)"
  "shipped harness/tests/qemu/shipped.bats Debian's own programs with their libraries converted, under QEMU (make shipped QUICK=1: harness/tests/qemu/shipped.bats)"
)

# The passes after the plain tests (steps 2-5), each into its own logs:
# they run as three chains side by side (below) and are printed in order
# once all are done.
conformance_run() { # each adapter's results must match its expected-results file
  make -s BUILD=build conformance CONFORMANCE_FLAGS="--sample 7" > build/conformance.log 2>&1
}
# The valgrind pass (step 4) needs only the plain build, which nothing
# rebuilds.
valgrind_pass() {
  UNIT_STRIDE=7 ROUNDTRIP_N=200 RUN_CORPUS=0 bash ci/run-tests.sh build "$SHARED" valgrind -q --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite > build/valgrind-tests.log 2>&1
}
fuzz_replay() { make -s -j2 BUILD=build fuzz-replay > build/fuzz-replay.log 2>&1; }
# (10 s a target: the smoke run shows each libFuzzer build runs and finds
# nothing at once; make fuzz-smoke alone takes 20 s, make fuzz longer)
FUZZ_SMOKE_SECONDS=${FUZZ_SMOKE_SECONDS:-10}
fuzz_smoke() { make -s -j2 BUILD=build FUZZ_SMOKE_SECONDS="$FUZZ_SMOKE_SECONDS" fuzz-smoke > build/fuzz-smoke.log 2>&1; }
ossfuzz_sim() { make -s BUILD=build ossfuzz-sim > build/ossfuzz-sim.log 2>&1; }
# LeakSanitizer is on for the unit tests, the round trip and the corpus
# sample, and off for the Bats suites' sfref runs (BATS_ASAN_OPTIONS): its
# scan at exit tripled the cost of each of some two thousand runs, and the
# valgrind pass checks those same suites for leaks (--leak-check=full).
asan_pass() {
  if make -j2 BUILD=build/asan SAN=1 tests > build/asan-build.log 2>&1; then
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 BATS_ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
      UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      ROUNDTRIP_N=2000 CORPUS_SAMPLE=5 CORE_SUITES_ONLY=1 bash ci/run-tests.sh build/asan "$SHARED" > build/asan-tests.log 2>&1
  else
    echo "0 passed, 1 failed: the ASan build failed" > build/asan-tests.log
    cat build/asan-build.log >> build/asan-tests.log
  fi
}
coverage_pass() {
  bash ci/coverage.sh "$SHARED" 95 85 95 > build/coverage.log 2>&1
}

mkdir -p build
# (what a previous check left: a pass not run this time must not be read
# as passed)
rm -rf build/junit-*
rm -f build/*.rc build/*.secs build/*.tap build/conformance.log build/fuzz-*.log build/ossfuzz-sim.log \
  build/asan-tests.log build/valgrind-tests.log build/coverage.log
built=0
# QEMU for the suites under QEMU (step 2a: about 5 CPU-minutes), built from
# the start at the lowest priority, so that it takes what the plain build
# and tests leave of the two cores (their waits, the single Bats process at
# their end); in a session of its own, so that it can be given its full
# priority when the passes side by side begin (chain_qemu waits for it).
# (A new session is a scheduling group of its own where the kernel groups
# by session (sched_autogroup): the group is given the lowest priority too,
# else it takes half the machine.)  Its source was fetched by
# ci/install-deps.sh: it writes only under build/harness/.  A failure is
# the recorder's to report (it builds again).
qemu_pg=""
# (and stopped with the check)
trap '[ -z "$qemu_pg" ] || [ -f build/qemu-prebuild.rc ] || kill -- -"$qemu_pg" 2> /dev/null' EXIT
if [ -f build/harness/qemu-src/.unpacked ]; then
  setsid bash -c '{ echo 19 > /proc/self/autogroup; } 2> /dev/null
    nice -n 19 bash harness/build-qemu.sh > build/qemu-prebuild.log 2>&1; echo $? > build/qemu-prebuild.rc' &
  qemu_pg=$!
fi
section "build (gcc -Wall -Wextra -Werror)"
if make -j2 BUILD=build tests > build/build.log 2>&1; then
  echo "built"; built=1
  section "corpus"
  if make BUILD=build corpus > build/corpus.log 2>&1; then
    tail -n 1 build/corpus.log
  else
    tail -n 20 build/corpus.log; fail=$((fail + 1))
  fi
  section "corpus is deterministic"
  # A second build into another directory must give byte-identical trees.
  if make -s BUILD=build CORPUS=build/corpus-again corpus > build/corpus-again.log 2>&1 &&
     diff -r build/corpus build/corpus-again > build/corpus-diff.log 2>&1; then
    echo "ok: two builds of the corpus are identical"; pass=$((pass + 1))
  else
    echo "not ok: the corpus differs between two builds"; head -n 20 build/corpus-diff.log build/corpus-again.log
    fail=$((fail + 1))
  fi
  rm -rf build/corpus-again
  section "tests"
  bash ci/run-tests.sh build "$SHARED" | tee build/tests.log
  tally build/tests.log
else
  cat build/build.log; fail=$((fail + 1))
fi
null_guard "the build, the corpus and the plain tests"

# Three chains side by side (two cores; each is mostly one program at a
# time), of about a quarter of an hour each side by side: the conformance
# sample and the QEMU suites (855 s in a rehearsal of CI, 2026-12-07);
# valgrind's pass (391 s), coverage (201 s) and the OSS-Fuzz build (340 s);
# the ASan pass (392 s) and the fuzz runs (428 s).  (Coverage followed the
# QEMU suites until the CLI's suites read their sections in one sfref run
# each, which took the valgrind and ASan passes from 804 and 1,036 s to
# about 390.)  (Before
# QEMU was built from the start and the shipped programs' packages came by
# one apt-get an architecture, the QEMU suites alone were 17 minutes, 6 of
# them building QEMU, 9 the shipped programs.)  Those needing the plain
# build are not run without it.
section "conformance, QEMU, valgrind, fuzzing, ASan and coverage, side by side"
t_after=$SECONDS
# qemu_suites NAME...: those QEMU suites, in turn (the recorder's builds
# QEMU; the others wait for it to be done).
qemu_suites() {
  local q name file want
  for want in "$@"; do
    for q in "${QEMU_SUITES[@]}"; do
      read -r name file _ <<< "$q"
      [ "$name" = "$want" ] || continue
      if [ "$name" != recorder ]; then
        while [ ! -f build/recorder.secs ]; do sleep 5; done
      fi
      timed "$name" qemu_run "$name" "$file"
    done
  done
}
chain_qemu() {
  if [ -n "$qemu_pg" ]; then
    { echo 0 > "/proc/$qemu_pg/autogroup"; } 2> /dev/null
    renice -n 0 -g "$qemu_pg" > /dev/null 2>&1 || true
    while [ ! -f build/qemu-prebuild.rc ]; do sleep 2; done
  fi
  [ "$built" = 1 ] && qemu_suites recorder shared shipped matrix debian-static
}
chain_vg() {
  [ "$built" = 1 ] && timed valgrind valgrind_pass
  timed coverage coverage_pass
  timed ossfuzz-sim ossfuzz_sim
}
chain_san() {
  timed asan asan_pass
  timed fuzz-replay fuzz_replay
  timed fuzz-smoke fuzz_smoke
}
# The conformance sample first, alone: its `make conformance` installs and
# unpacks the peers' toolchains, whose versions the ASan build reads (run
# beside it, the ASan build of sfadapter-llvm-readobj-22 once read an empty
# version).
[ "$built" = 1 ] && timed conformance conformance_run
chain_qemu & p_qemu=$!
chain_vg & p_vg=$!
chain_san & p_san=$!
wait "$p_qemu" "$p_vg" "$p_san"
echo "all done after $((SECONDS - t_after))s"

if [ "$built" = 1 ]; then
  for q in "${QEMU_SUITES[@]}"; do
    read -r name file title <<< "$q"
    qemu_report "$name" "$file" "$title"
  done
  section "conformance (every bundled adapter, a sample of the corpus; took $(took conformance)s)"
  if [ "$(cat build/conformance.rc 2>/dev/null)" = 0 ]; then
    # (each adapter's own "N passed, N failed" stays in the log: only the
    # comparison with its expected results counts here)
    grep -E 'as expected|DIFFERS' build/conformance.log | sed 's/^ *results: //'; pass=$((pass + 1))
  else
    tail -n 40 build/conformance.log; fail=$((fail + 1))
  fi
fi

section "fuzz targets: replay of the seeds, kept corpus and regressions (gcc, ASan+UBSan; took $(took fuzz-replay)s)"
if [ "$(cat build/fuzz-replay.rc 2>/dev/null)" = 0 ]; then
  grep -E '^(ok|not ok)' build/fuzz-replay.log
else
  grep -E '^(ok|not ok|#)' build/fuzz-replay.log | tail -n 40
fi
tally build/fuzz-replay.log

section "fuzz smoke (libFuzzer, ASan+UBSan, $FUZZ_SMOKE_SECONDS s per target; took $(took fuzz-smoke)s)"
if [ "$(cat build/fuzz-smoke.rc 2>/dev/null)" = 0 ]; then
  grep -E '^[a-z_]+: ' build/fuzz-smoke.log; pass=$((pass + 1))
else
  tail -n 30 build/fuzz-smoke.log; fail=$((fail + 1))
fi

section "OSS-Fuzz build, simulated (libFuzzer and AFL++ flavours; took $(took ossfuzz-sim)s)"
grep -E '^not ok|^#' build/ossfuzz-sim.log | sed -n 1,20p
tail -n 1 build/ossfuzz-sim.log
tally build/ossfuzz-sim.log

section "tests under ASan and UBSan (took $(took asan)s)"
if grep -q 'the ASan build failed' build/asan-tests.log; then
  cat build/asan-tests.log
fi
grep -E '^not ok|ERROR: AddressSanitizer|runtime error' build/asan-tests.log | sed -n 1,20p
tail -n 1 build/asan-tests.log
tally build/asan-tests.log

section "tests under valgrind (took $(took valgrind)s)"
if [ "$built" = 1 ]; then
  grep -E '^not ok|^==[0-9]+== ' build/valgrind-tests.log | sed -n 1,20p
  tail -n 1 build/valgrind-tests.log
  tally build/valgrind-tests.log
else
  echo "0 passed, 1 failed: not run, the build failed"; fail=$((fail + 1))
fi

section "coverage of decoder/ (took $(took coverage)s)"
if [ "$(cat build/coverage.rc 2>/dev/null)" = 0 ]; then
  grep -E 'coverage' build/coverage.log; pass=$((pass + 1))
else
  cat build/coverage.log; fail=$((fail + 1))
fi

null_guard "the passes side by side"
section "the slowest suites (ci/slowest.py: each Bats file's time in its pass)"
reports=()
for r in build/tests/junit-1 build/tests/junit-2; do reports+=("plain=$r/report.xml"); done
reports+=("valgrind=build/tests/junit-cli/report.xml" "asan=build/asan/tests/junit-cli/report.xml")
for q in "${QEMU_SUITES[@]}"; do read -r name _ <<< "$q"; reports+=("qemu=build/junit-$name/report.xml"); done
python3 ci/slowest.py "${reports[@]}" || true
for f in build/*.secs; do printf '%6d s  %s\n' "$(cat "$f")" "$(basename "$f" .secs)"; done | sort -rn |
  sed '1i the passes run side by side, each:'

echo
printf 'check took %dm%02ds\n' $((SECONDS / 60)) $((SECONDS % 60))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
