#!/usr/bin/env bash
# Line and branch coverage of decoder/ (library and CLI) from the tests.
# Usage: ci/coverage.sh SHARED_DIR [MIN_LINES MIN_BRANCHES]
set -uo pipefail
shared=$1 min_l=${2:-0} min_b=${3:-0}
cd "$(dirname "$0")/.."
rm -rf build/cov
make -s BUILD=build/cov COV=1 tests >/dev/null || exit 2
bash ci/run-tests.sh build/cov "$shared" > build/cov/tests.log 2>&1
tail -n 1 build/cov/tests.log
report=build/cov/coverage.txt
: > "$report"
for src in decoder/src/*.c decoder/cli/*.c; do
  base=$(basename "$src" .c)
  case $src in decoder/src/*) obj=build/cov/obj/lib ;; *) obj=build/cov/obj/cli ;; esac
  (cd build/cov && gcov -b -n -o "../../$obj" "../../$src" 2>/dev/null) |
    awk -v f="$src" '/^File/ { keep = index($0, f) > 0; nl = nb = 0 }
      keep && /^Lines executed/ && !nl++ { split($0, a, /[:% ]+/); print f, "lines", a[3], a[5] }
      keep && /^Taken at least once/ && !nb++ { split($0, a, /[:% ]+/); print f, "branches", a[5], a[7] }' >> "$report"
done
awk -v min_l="$min_l" -v min_b="$min_b" '
  { pct = $3; n = $4; hit = pct * n / 100
    if ($2 == "lines") { lt += n; lh += hit } else { bt += n; bh += hit }
    printf "  %-28s %-8s %6.2f%% of %d\n", $1, $2, pct, n }
  END { lp = lt ? 100 * lh / lt : 0; bp = bt ? 100 * bh / bt : 0
        printf "decoder/ line coverage: %.2f%% of %d lines\n", lp, lt
        printf "decoder/ branch coverage: %.2f%% of %d branches\n", bp, bt
        if (lp + 0.005 < min_l || bp + 0.005 < min_b) { print "coverage below the minimum"; exit 1 } }' "$report"
