#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Run every test of one build variant: the C unit tests, the round trip of
# random models, the corpus against this variant's sfref, and the Bats tests.
# Usage: ci/run-tests.sh BUILD_DIR [SHARED_DIR [WRAPPER...]]
# The real sections are the checked-in corpus/real/sections; SHARED_DIR (may
# be empty or name nothing; make passes ../shared when it exists) adds the
# optional shared vectors of SHARED_DIR/vectors, which are not part of the
# repository.
# Environment: ROUNDTRIP_N (models per version x ABI, default 10000),
# RUN_CORPUS=0 to skip the corpus check (sfconform --strict with this
# variant's reference adapter; run once per variant otherwise),
# CORPUS_SAMPLE=N to check every Nth section of each manifest only,
# CORE_SUITES_ONLY=1 for the CLI's and gen.bats' Bats suites only,
# BATS_ASAN_OPTIONS to replace ASAN_OPTIONS for the Bats suites alone,
# CORPUS (default build/corpus) the corpus it checks.
# Writes TAP to BUILD_DIR/tests/*.tap and prints "N passed, N failed".
set -uo pipefail
build=$1 shared=${2:-}
shift
[ $# -eq 0 ] || shift
wrapper=("$@")
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/tests"
real=("$here/corpus/real/sections")
if [ -n "$shared" ] && [ -d "$shared/vectors" ]; then
  real+=("$shared/vectors")
else
  shared=""
fi
corpus=${CORPUS:-$here/build/corpus}
case $corpus in /*) ;; *) corpus=$here/$corpus ;; esac
export SFREF="$here/$build/bin/sfref" VECDUMP="$here/$build/tests/vecdump" SHARED="$shared"
export BUILD_DIR="$build" REPO="$here" CORPUS="$corpus"
taps=()

"${wrapper[@]}" "$build/tests/unit" "${real[@]}" > "$build/tests/unit.tap" 2>&1
unit_rc=$?
taps+=("$build/tests/unit.tap")

# The small C test programs, each TAP: the conformance runner's JSON reader
# (conformance/tests/json_test.c), the objdump / readelf adapters' GNU text
# parser on the real sections' objdump texts (gnu_text_test.c), the process
# runner of sfconform, sfaudit and the text-tool adapters (common/tests/sfc_proc_test.c),
# the worker pool of sfconform and sfaudit (common/tests/sfc_pool_test.c), the shared
# tools library (common/tests/sfc_tools_test.c).
small_names=() small_rc=()
small_test() { # NAME PROGRAM ARGS...: TAP in NAME.tap
  local name=$1
  shift
  "${wrapper[@]}" "$build/tests/$1" "${@:2}" > "$build/tests/$name.tap" 2>&1
  small_rc+=($?)
  small_names+=("$name")
  taps+=("$build/tests/$name.tap")
}
small_test json json_test
small_test gnu_text gnu_text_test "$here/corpus/real/sections"
small_test sfc_proc sfc_proc_test
small_test sfc_pool sfc_pool_test
small_test sfc_tools sfc_tools_test "$build/tests"

if [ -x "$build/tests/roundtrip" ]; then
  rt=()
  for d in "${real[@]}"; do rt+=(--real "$d"); done
  "${wrapper[@]}" "$build/tests/roundtrip" "${ROUNDTRIP_N:-10000}" "${rt[@]}" > "$build/tests/roundtrip.tap" 2>&1 ||
    grep -q '^not ok' "$build/tests/roundtrip.tap" || echo "not ok - roundtrip exited $?" >> "$build/tests/roundtrip.tap"
  taps+=("$build/tests/roundtrip.tap")
fi

# The corpus, judged once by the runner against this variant's own build of
# the oracle's adapter (--strict: exact findings, objdump text, the lookups
# of invalid sections; TAP per corpus source).  The runner starts the
# adapter itself, so a WRAPPER does not apply here (the valgrind pass sets
# RUN_CORPUS=0).
if [ "${RUN_CORPUS:-1}" != 0 ] && [ -f "$CORPUS/manifest-v3.txt" ]; then
  "$build/bin/sfconform" --strict --tap --corpus "$CORPUS" --bindir "$build/bin" \
    --out "$build/tests/corpus-conformance" --confdir "$build/tests/no-expected" --timeout 300 -j 2 \
    --sample "${CORPUS_SAMPLE:-1}" reference > "$build/tests/corpus.tap" 2> "$build/tests/corpus.log" ||
    grep -q '^not ok' "$build/tests/corpus.tap" || echo "not ok - corpus: sfconform failed: $(tail -n 3 "$build/tests/corpus.log")" >> "$build/tests/corpus.tap"
  taps+=("$build/tests/corpus.tap")
fi

# Under a WRAPPER (valgrind) only the CLI's suite and the generated
# sections' suite, which run sfref (and sfcorpus gen, gen.bats taking
# sfcorpus from beside SFREF) through it: the runner's and the corpus
# builder's suites would run unwrapped, the same as in the plain pass, and
# the real sections (real.bats, objdump-formats.bats: some two thousand sfref
# runs, a quarter of an hour under valgrind) are already validated, looked up,
# truncated and corrupted under it in process by the unit tests.  The ASan
# pass asks for the same two suites (CORE_SUITES_ONLY=1), for the same
# reason.
if [ ${#wrapper[@]} -gt 0 ] || [ "${CORE_SUITES_ONLY:-0}" = 1 ]; then
  suites=("$here/decoder/tests/cli.bats" "$here/corpus/tests/gen.bats")
  # sfaudit's own suites under ASan and UBSan (a few seconds): its readers
  # of archives, packages and linkers' outputs are new code over any file
  [ ${#wrapper[@]} -gt 0 ] || suites+=("$here/audit/tests/audit.bats" "$here/audit/tests/incidents.bats")
else
  suites=("$here/decoder/tests" $(ls -d "$here"/corpus/tests/*.bats 2>/dev/null))
  # The runner's suites (RUN_CONFORMANCE_BATS=0 leaves them out: the
  # coverage pass, where they add nothing to decoder/'s figures).
  [ "${RUN_CONFORMANCE_BATS:-1}" = 0 ] || suites+=($(ls -d "$here"/conformance/tests/*.bats 2>/dev/null))
  # make bench's programs on small programs gas wrote (no timings asserted).
  [ "${RUN_CONFORMANCE_BATS:-1}" = 0 ] || suites+=("$here/bench/tests/bench.bats")
  # make dist: the corpus tarball, unpacked, judges the reference as the
  # built corpus does (two runs over the corpus, about a minute).
  [ "${RUN_CONFORMANCE_BATS:-1}" = 0 ] || suites+=("$here/dist/tests/dist.bats")
  # The licenses: reuse lint over the checkout, an SPDX line in every source;
  # every tool's --version, --help and unknown-option error.
  [ "${RUN_CONFORMANCE_BATS:-1}" = 0 ] || suites+=("$here/dist/tests/license.bats" "$here/dist/tests/tools.bats" "$here/dist/tests/scripts.bats")
  # make install and uninstall into a DESTDIR: the installed tools at work.
  [ "${RUN_CONFORMANCE_BATS:-1}" = 0 ] || suites+=("$here/dist/tests/install.bats")
  # The harness without QEMU: the committed snapshots replayed, the report.
  [ "${RUN_CONFORMANCE_BATS:-1}" = 0 ] || suites+=($(ls -d "$here"/harness/tests/*.bats 2>/dev/null))
  # sfcfi: the assembly cases built by every gas, check, convert and diff;
  # the producers' findings.
  [ "${RUN_CONFORMANCE_BATS:-1}" = 0 ] || suites+=($(ls -d "$here"/producers/tests/*.bats 2>/dev/null))
  # sfaudit on objects, archives and a package made by the suite; the
  # incidents' sysroots, predicted and linked (the producers' toolchains).
  [ "${RUN_CONFORMANCE_BATS:-1}" = 0 ] || suites+=("$here/audit/tests/audit.bats" "$here/audit/tests/incidents.bats")
fi
# The plain pass runs its suites as two Bats processes side by side (the
# machine has two cores and each suite runs one program at a time): the
# first takes the CLI's suites, sfcfi's assembly cases, the runner's
# mutants and the harness's replays, the second the rest.  Bats' own times
# in a rehearsal of CI (2026-12-05): the first group 793 s (sfcfi.bats
# 250 s, the CLI's 286 s, mutants.bats 147 s, replay.bats 71 s), the second
# 726 s; since then the CLI's, gen.bats, real.bats and vectors.bats read
# their sections in one sfref run each (about 250 s less in the first
# group, 150 s in the second).  BATS_GROUPS=1 runs them in one.
g1=() g2=()
for s in "${suites[@]}"; do
  case $s in
    */decoder/tests|*/producers/tests/sfcfi.bats|*/conformance/tests/mutants.bats|*/harness/tests/replay.bats) g1+=("$s") ;;
    *) g2+=("$s") ;;
  esac
done
# (two groups only when both have suites: the ASan pass's short list has
# none of the first group's)
if [ ${#wrapper[@]} -eq 0 ] && [ "${BATS_GROUPS:-2}" = 2 ] && [ ${#g1[@]} -gt 0 ] && [ ${#g2[@]} -gt 0 ]; then
  # (each also writes a JUnit report, each suite's time: ci/slowest.py)
  mkdir -p "$build/tests/junit-1" "$build/tests/junit-2"
  BUILD="$build" bats --tap --timing --report-formatter junit -o "$build/tests/junit-1" \
    "${g1[@]}" > "$build/tests/bats-1.tap" 2>&1 &
  p1=$!
  BUILD="$build" bats --tap --timing --report-formatter junit -o "$build/tests/junit-2" \
    "${g2[@]}" > "$build/tests/bats-2.tap" 2>&1
  wait "$p1"
  taps+=("$build/tests/bats-1.tap" "$build/tests/bats-2.tap")
  for t in "$build/tests/bats-1.tap" "$build/tests/bats-2.tap"; do
    grep -q '^1\.\.' "$t" || echo "not ok - $t: bats printed no plan" >> "$t"
  done
else
  mkdir -p "$build/tests/junit-cli"
  ASAN_OPTIONS=${BATS_ASAN_OPTIONS:-${ASAN_OPTIONS:-}} SFREF_WRAPPER="${wrapper[*]}" BUILD="$build" \
    bats --tap --timing --report-formatter junit -o "$build/tests/junit-cli" "${suites[@]}" \
    > "$build/tests/cli.tap" 2>&1
  taps+=("$build/tests/cli.tap")
fi

cat "${taps[@]}"
pass=$(cat "${taps[@]}" | grep -c '^ok ')
fail=$(cat "${taps[@]}" | grep -c '^not ok')
# A crash before the plan line must count as a failure.
grep -q '^1\.\.' "$build/tests/unit.tap" || fail=$((fail + 1))
[ "$unit_rc" -ne 0 ] && [ "$fail" -eq 0 ] && fail=1
# The small test programs: a crash (no plan line), or an exit status with no
# failing test (valgrind's, a sanitizer's), is one failure.
for i in "${!small_names[@]}"; do
  tap=$build/tests/${small_names[$i]}.tap
  if ! grep -q '^1\.\.' "$tap" || { [ "${small_rc[$i]}" -ne 0 ] && ! grep -q '^not ok' "$tap"; }; then
    fail=$((fail + 1))
  fi
done
echo "$pass passed, $fail failed"
