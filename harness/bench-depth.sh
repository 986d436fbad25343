#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# harness/bench-depth.sh - the harness's checking speed against stack depth
# (make bench calls it): progs/deep.c recurses DEPTH frames and spends its
# time at the bottom, under QEMU with the sfr_truth plugin, unwinding
# incrementally (the default) and re-walking the whole stack at every
# instruction (--unwind full, the reference).  Prints a Markdown table:
# checked instructions per second at each depth, their ratio, and whether
# the two counted the same correct and wrong instructions on the same run
# (a smaller one, so that the full walk ends in seconds).
# Builds what it needs through harness/run.sh (QEMU, the plugin: about
# 4 minutes the first time).  Rates are the plugin's: checked instructions
# over its wall time, QEMU's translation included.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
T=$here/build/harness/bench-depth
rm -rf "$T"; mkdir -p "$T"
gcc -std=gnu11 -O2 -fno-omit-frame-pointer -Wa,--gsframe -static -o "$T/deep" "$here/harness/progs/deep.c"
# run NAME UNWIND DEPTH ITERS: the run's JSON is $T/NAME/runs/deep.json
run() {
  bash "$here/harness/run.sh" --out "$T/$1" --unwind "$2" --bin "$T/deep" -- "$3" "$4" > "$T/$1.log" 2>&1 ||
    { tail -n 5 "$T/$1.log" >&2; echo "bench-depth: the $2 run at depth $3 failed" >&2; exit 1; }
}
counts='[.checked, .correct, .fp_unknown, .wrong] | @csv'
rate() { jq -r '.checked / .plugin_seconds' "$T/$1/runs/deep.json"; }
echo "## The harness against stack depth (progs/deep.c under QEMU: checked instructions per second)"
echo
echo "| depth | incremental (instructions/s) | full walk (instructions/s) | ratio | counts on the same run |"
echo "|---|---|---|---|---|"
for depth in 10 100 1000 4000; do
  # the rate runs: about 2 million checked instructions incrementally; the
  # full walk, whose cost grows with depth, fewer (about 15 seconds' worth)
  run inc-$depth incremental "$depth" 20000
  full_iters=$(( 1000000 / depth < 20000 ? 1000000 / depth : 20000 ))
  run full-$depth full "$depth" "$full_iters"
  # the same run incrementally: the counts must be the full walk's
  run same-$depth incremental "$depth" "$full_iters"
  a=$(jq -r "$counts" "$T/full-$depth/runs/deep.json") b=$(jq -r "$counts" "$T/same-$depth/runs/deep.json")
  same="equal ($a)"
  [ "$a" = "$b" ] || same="**DIFFER**: full $a, incremental $b"
  awk -v d="$depth" -v i="$(rate inc-$depth)" -v f="$(rate full-$depth)" -v s="$same" \
    'BEGIN { printf "| %d | %.0f | %.0f | %.1fx | %s |\n", d, i, f, i / f, s }'
done
