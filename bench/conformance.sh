#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/conformance.sh - how fast `make conformance` goes (bench/README.md):
# the throughput of sfconform (cases per second) per implementation over
# the corpus, served (as make conformance runs it) and with --no-serve (a
# process per command), and the cost of one case run as the runner starts
# it, with the runner as it is and with 1 GB more of it resident (the cost
# must not grow with the runner's size: common/sfc_proc.c uses
# posix_spawn), and through a serving process.
#
#   bash bench/conformance.sh [IMPL...]     (default: every bundled adapter)
#
# Environment: BUILD (build), CORPUS (BUILD/corpus), BENCH_CONF_SAMPLE (1:
# the whole corpus; N: every Nth section), BENCH_CONF_JOBS (2),
# BENCH_CASE_RUNS (300).  Prints a Markdown table; exit 2 when a program
# is missing.  The machine's load is printed with it: the figures are
# wall-clock figures.
set -euo pipefail
export LC_ALL=C
build=${BUILD:-build}
corpus=${CORPUS:-$build/corpus}
sample=${BENCH_CONF_SAMPLE:-1}
jobs=${BENCH_CONF_JOBS:-2}
runs=${BENCH_CASE_RUNS:-300}
die() { echo "bench/conformance.sh: $*" >&2; exit 2; }
[ -x "$build/bin/sfconform" ] || die "no $build/bin/sfconform (make conformance-build)"
[ -x "$build/bench/case-cost" ] || die "no $build/bench/case-cost (make bench-build)"
[ -f "$corpus/manifest-v3.txt" ] || die "no corpus in $corpus (make corpus)"
if [ $# -gt 0 ]; then impls=("$@"); else read -ra impls <<< "$(make -s list-adapters BUILD="$build")"; fi
out=$(mktemp -d "${TMPDIR:-/tmp}/bench-conf-XXXXXX")
trap 'rm -rf "$out"' EXIT

echo "## Conformance throughput"
echo
echo "sfconform -j $jobs over $corpus$( [ "$sample" -gt 1 ] && echo " (every ${sample}th section)"), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "Each implementation twice: as \`make conformance\` runs it (its cases sent to a serving"
echo "process per worker where it offers \`serve\`), and with \`--no-serve\` (a process per command);"
echo "x: how many times faster the first is."
echo
echo "| implementation | cases | wall s | user s | sys s | cases/s | --no-serve: wall s | user s | sys s | cases/s | x |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
total_cases=0 total_wall=0 total_own=0
# run IMPL FLAG...: "WALL USER SYS CASES", or nothing when the run failed.
run() {
  local im=$1 t n
  shift
  TIMEFORMAT='%R %U %S'
  t=$( { time "$build/bin/sfconform" --no-progress --corpus "$corpus" --out "$out" -j "$jobs" \
           --sample "$sample" "$@" "$im" > "$out/stdout" 2> "$out/stderr"; } 2>&1 ) || true
  n=$(wc -l < "$out/${im##*/}/results.jsonl" 2>/dev/null || echo 0)
  rm -f "$out/${im##*/}/results.jsonl"
  [ "$n" -gt 0 ] && echo "$t $n"
}
for im in "${impls[@]}"; do
  a=$(run "$im") && b=$(run "$im" --no-serve) && [ -n "$a" ] && [ -n "$b" ] ||
    { echo "| $im | (failed: $(head -c 200 "$out/stderr" | tr '\n|' '  ')) | | | | | | | | | |"; continue; }
  read -r wall user sys n <<< "$a"
  read -r owall ouser osys _ <<< "$b"
  awk -v im="$im" -v n="$n" -v w="$wall" -v u="$user" -v s="$sys" -v ow="$owall" -v ou="$ouser" -v os="$osys" \
    'BEGIN { printf "| %s | %d | %.1f | %.1f | %.1f | %.0f | %.1f | %.1f | %.1f | %.0f | %.1f |\n",
             im, n, w, u, s, n / w, ow, ou, os, n / ow, ow / w }'
  total_cases=$((total_cases + n))
  total_wall=$(awk -v a="$total_wall" -v b="$wall" 'BEGIN { print a + b }')
  total_own=$(awk -v a="$total_own" -v b="$owall" 'BEGIN { print a + b }')
done
awk -v n="$total_cases" -v w="$total_wall" -v ow="$total_own" \
  'BEGIN { if (w > 0 && ow > 0) printf "| all | %d | %.1f | | | %.0f | %.1f | | | %.0f | %.1f |\n", n, w, n / w, ow, n / ow, ow / w }'
echo
# Every implementation in one run, as make conformance runs them: side by
# side (up to -j at once, the cases of all under one limit of -j), against
# the sum of the rows above, each run alone.
if [ ${#impls[@]} -gt 1 ] && [ "$jobs" -gt 1 ]; then
  names=()
  for im in "${impls[@]}"; do names+=("${im##*/}"); done
  TIMEFORMAT='%R %U %S'
  # (twice: the second starts the longest latest run first, as a second
  # make conformance does)
  for k in 1 2; do
    t=$( { time "$build/bin/sfconform" --no-progress --corpus "$corpus" --out "$out" -j "$jobs" \
             --sample "$sample" "${impls[@]}" > "$out/stdout" 2> "$out/stderr"; } 2>&1 ) || true
  done
  read -r wall user sys <<< "$t"
  if [ "$(grep -c 'as expected\|DIFFERS\|passed, ' "$out/stdout")" -gt 0 ]; then
    echo "Every implementation in one run (\`sfconform -j $jobs ${names[*]}\`, its second run): wall $wall s"
    echo "(user $user s, sys $sys s) against $total_wall s for the rows above one after another:"
    awk -v w="$wall" -v t="$total_wall" 'BEGIN { printf "%.2fx faster side by side.\n", t / w }'
  else
    echo "Every implementation in one run: failed ($(head -c 200 "$out/stderr" | tr '\n' ' '))"
  fi
  echo
fi
# One case run: the reference adapter decoding the corpus's first section.
sec=$(awk 'NR == 1 { print $6; exit }' "$corpus/manifest-v3.txt")
vma=$(sed -n 's/^vma: //p' "$corpus/${sec%.sframe}.expect")
echo "## One case run"
echo
echo "\`sfadapter-reference decode\` of $sec through the runner's process runner, $runs runs; microseconds, median (min - max)"
echo
echo "| how | runner's extra resident MB | per run us |"
echo "|---|---|---|"
"$build/bench/case-cost" --serve "$runs" 1024 "$build/bin/sfadapter-reference" decode "$corpus/$sec" "${vma:-0}" |
  awk '$1 == "case-run" { printf "| a process of its own | %d | %d (%d - %d) |\n", $2, $3, $4, $5 }
       $1 == "case-served" { printf "| a serving process | %d | %d (%d - %d) |\n", $2, $3, $4, $5 }'
