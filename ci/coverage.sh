#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Coverage of decoder/ with gcov, two ways:
#   1. from all the tests (unit, round trip, corpus, Bats): line and branch
#      coverage of decoder/ (library and CLI);
#   2. from the corpus alone (no unit tests): line coverage of the oracle
#      library, decoder/src (the reference path) and decoder/fast (not the
#      kernel profiles, decoder/profile: no adapter is asked about them).
# Usage: ci/coverage.sh [SHARED_DIR [MIN_LINES MIN_BRANCHES MIN_CORPUS_LINES]]
# (SHARED_DIR may be empty or name nothing: the shared vectors are optional.)
set -uo pipefail
shared=${1:-} min_l=${2:-0} min_b=${3:-0} min_c=${4:-0}
cd "$(dirname "$0")/.."
rm -rf build/cov
make -s BUILD=build/cov COV=1 tests >/dev/null || exit 2
[ -f build/corpus/manifest-v3.txt ] || make -s BUILD=build corpus >/dev/null || exit 2

# report LABEL MIN_LINES MIN_BRANCHES SOURCES...: gcov summary over SOURCES.
report() {
  local label=$1 ml=$2 mb=$3 src base obj out=build/cov/coverage-$1.txt
  shift 3
  : > "$out"
  for src in "$@"; do
    case $src in decoder/src/*) obj=build/cov/obj/lib/src ;; decoder/fast/*) obj=build/cov/obj/lib/fast ;;
      decoder/profile/*) obj=build/cov/obj/lib/profile ;; *) obj=build/cov/obj/cli ;; esac
    (cd build/cov && gcov -b -n -o "../../$obj" "../../$src" 2>/dev/null) |
      awk -v f="$src" '/^File/ { keep = index($0, f) > 0; nl = nb = 0 }
        keep && /^Lines executed/ && !nl++ { split($0, a, /[:% ]+/); print f, "lines", a[3], a[5] }
        keep && /^Taken at least once/ && !nb++ { split($0, a, /[:% ]+/); print f, "branches", a[5], a[7] }' >> "$out"
  done
  awk -v label="$label" -v min_l="$ml" -v min_b="$mb" '
    { pct = $3; n = $4; hit = pct * n / 100
      if ($2 == "lines") { lt += n; lh += hit } else { bt += n; bh += hit }
      printf "  %-28s %-8s %6.2f%% of %d\n", $1, $2, pct, n }
    END { lp = lt ? 100 * lh / lt : 0; bp = bt ? 100 * bh / bt : 0
          printf "%s line coverage: %.2f%% of %d lines\n", label, lp, lt
          printf "%s branch coverage: %.2f%% of %d branches\n", label, bp, bt
          if (lp + 0.005 < min_l || bp + 0.005 < min_b) { print label ": coverage below the minimum"; exit 1 } }' "$out"
}

rc=0
# 2 first: the corpus alone, on fresh counters (build/cov is new).
build/cov/bin/sfconform --strict --tap --corpus "${CORPUS:-$PWD/build/corpus}" --bindir build/cov/bin \
  --out build/cov/corpus-conformance --confdir build/cov/no-expected --timeout 300 -j 2 reference \
  > build/cov/corpus.tap 2> build/cov/corpus.log || { cat build/cov/corpus.tap; rc=1; }
# (not the kernel profiles, decoder/profile: they judge a section by the
# Linux kernel's rules, which no adapter is asked about; their own cases are
# decoder/tests/profile-kernel.*, counted in the decoder figures below)
report corpus-only "$min_c" 0 decoder/src/*.c decoder/fast/*.c || rc=1
# Then every other test on top of the same counters (so the corpus is not
# run a second time: its counts are already in them): the round trip at
# 1,000 models per version x ABI (the plain pass runs 10,000), and not the
# runner's own Bats suites: neither adds to decoder/'s figures, both add
# minutes.
RUN_CORPUS=0 ROUNDTRIP_N=1000 RUN_CONFORMANCE_BATS=0 bash ci/run-tests.sh build/cov "$shared" > build/cov/tests.log 2>&1
tail -n 1 build/cov/tests.log
report decoder "$min_l" "$min_b" decoder/src/*.c decoder/fast/*.c decoder/profile/*.c decoder/cli/*.c || rc=1
exit $rc
