#!/usr/bin/env bash
# Fuzz each target for SECONDS with libFuzzer (ASan + UBSan), two at a time
# (this machine has 2 cores).  New corpus entries are merged into
# fuzz/corpus/<t> (minimized; FUZZ_NO_KEEP=1 keeps them out of the tree, as
# CI's smoke run does); a crash is minimized into fuzz/regressions/<t>-<sha1>
# and fails the run.  One line per target: executions, exec/s, coverage.
# Usage: fuzz/run.sh FUZZ_BUILD_DIR SECONDS "TARGETS"
set -uo pipefail
dir=$1 secs=$2 targets=$3
bin=$dir/libfuzzer
if [ ! -x "$bin/decode" ]; then
  echo "fuzz: no libFuzzer build (clang with libclang-rt-14-dev); nothing fuzzed"
  exit 0
fi
work=$dir/run
rm -rf "$work"; mkdir -p "$work" fuzz/regressions

one() { # one TARGET: fuzz, keep the corpus, minimize a crash
  local t=$1
  local corpus keep=fuzz/corpus/$t opts=() log=$work/$t.log
  corpus=$work/corpus-$t; mkdir -p "$corpus" "$keep" "$work/art-$t"
  [ -f "fuzz/$t.options" ] && mapfile -t opts < <(sed -n '/^dict/d; s/^\([a-z_]*\) *= *\(.*\)/-\1=\2/p' "fuzz/$t.options")
  "$bin/$t" "${opts[@]}" -max_total_time="$secs" -rss_limit_mb=2048 -print_final_stats=1 \
    -dict=fuzz/sframe.dict -artifact_prefix="$work/art-$t/" "$corpus" "$keep" "$dir/seeds/$t" > "$log" 2>&1
  local rc=$? crashes=0
  for a in "$work/art-$t"/*; do
    [ -f "$a" ] || continue
    crashes=$((crashes + 1))
    local min=$work/min-$t
    "$bin/$t" -minimize_crash=1 -runs=20000 -exact_artifact_path="$min" "$a" >> "$log" 2>&1
    [ -s "$min" ] || cp "$a" "$min"
    cp "$min" "fuzz/regressions/$t-$(sha1sum < "$min" | cut -c1-12)"
  done
  if [ "${FUZZ_NO_KEEP:-0}" != 1 ]; then
    "$bin/$t" -merge=1 "$keep" "$corpus" >> "$log" 2>&1
  fi
  local execs eps cov
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
  echo "$t: ${secs}s, ${execs:-0} executions, ${eps:-0} exec/s, ${cov:-no coverage line}, crashes $crashes (exit $rc)" \
    > "$work/$t.summary"
  [ "$crashes" -eq 0 ]
}

set -- $targets
rc=0
while [ $# -gt 0 ]; do
  one "$1" & p1=$!
  if [ $# -gt 1 ]; then one "$2" & p2=$!; else p2=; fi
  wait "$p1" || rc=1
  [ -n "$p2" ] && { wait "$p2" || rc=1; }
  shift; [ $# -gt 0 ] && shift
done
cat "$work"/*.summary
[ "$rc" -eq 0 ] || echo "fuzz: crashes minimized into fuzz/regressions/ (logs in $work)"
exit $rc
