#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# harness/bench-recorder.sh - the recorder's speed against gdb stepping the
# same program (make bench calls it; issue: at least 10,000 times faster).
# Needs a `make harness` build (QEMU with plugins, the plugin, the x86-64
# gas-2.47 O2 build of progs/frames.c); prints a Markdown section, or why
# it could not measure.  Each figure: the median of REPEATS runs (default 3).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
B=$here/build/harness
reps=${REPEATS:-3}
prog=$B/bin/x86_64-gas-2.47-O2/frames
plugin=$B/plugin/libsfrtruth.so
echo "## The harness recorder against gdb (instructions per second: median of $reps runs)"
echo
if [ ! -x "$B/qemu/qemu-x86_64" ] || [ ! -f "$plugin" ] || [ ! -x "$prog" ] || ! command -v gdb >/dev/null; then
  echo "not measured: run \`make harness ARCH=x86_64\` first (QEMU, the plugin, the programs), and install gdb"
  exit 0
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
# The program's section, cut out as harness/run.sh does.
read -r vma off size <<< "$(readelf -SW "$prog" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".sframe" { print "0x" $3, $4, $5 }')"
sec=$T/section.sframe
dd if="$prog" of="$sec" iflag=skip_bytes,count_bytes skip=$((0x$off)) count=$((0x$size)) bs=64K status=none
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
now() { date +%s.%N; }
# The recorder: truth only (check=0), and truth with every covered
# instruction unwound and checked.
# (Rounds of frames.c: enough that QEMU's start and translation do not
# dominate: 2,000 rounds are about 80 million instructions.)
for check in 0 1; do
  rounds=$([ $check = 0 ] && echo 2000 || echo 100)
  for _ in $(seq "$reps"); do
    t0=$(now)
    "$B/qemu/qemu-x86_64" -plugin "$plugin,sframe=$sec,vma=$vma,check=$check,progress=0,out=$T/r.json" "$prog" "$rounds" > /dev/null
    t1=$(now)
    jq -r --arg t0 "$t0" --arg t1 "$t1" '.executed / (($t1 | tonumber) - ($t0 | tonumber))' "$T/r.json"
  done | median > "$T/rec$check"
done
# gdb: stepi through the same program under qemu's gdbstub, 2,000 steps.
steps=2000
for i in $(seq "$reps"); do
  port=$((20000 + RANDOM % 20000))
  "$B/qemu/qemu-x86_64" -g "$port" "$prog" 40 > /dev/null 2>&1 &
  qpid=$!
  sleep 0.3
  t0=$(now)
  timeout 300 gdb -nx -batch -ex "set pagination off" -ex "set sysroot /" -ex "target remote 127.0.0.1:$port" \
    -ex "stepi $steps" -ex "kill" "$prog" > "$T/gdb.log" 2>&1 || true
  t1=$(now)
  kill "$qpid" 2>/dev/null || true; wait "$qpid" 2>/dev/null || true
  # attached and stepped: the PC before and after the steps, two lines
  [ "$(grep -c '^0x[0-9a-f]* in ' "$T/gdb.log")" -ge 2 ] || { echo "gdb could not step: $(tail -n 1 "$T/gdb.log")" >&2; exit 1; }
  awk -v s="$steps" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", s / (b - a) }'
done | median > "$T/gdb" || { echo "not measured: gdb could not step the program"; exit 0; }
r0=$(cat "$T/rec0") r1=$(cat "$T/rec1") g=$(cat "$T/gdb")
echo "| recorder | instructions/s | against gdb |"
echo "|---|---|---|"
awk -v r0="$r0" -v r="$r1" -v g="$g" 'BEGIN {
  printf "| sfr_truth plugin, truth only (check=0: the shadow stack) | %.0f | %.0fx |\n", r0, r0 / g
  printf "| sfr_truth plugin, every covered instruction unwound by the oracle and checked | %.0f | %.0fx |\n", r, r / g
  printf "| gdb stepi over qemu-x86_64 -g (the gdbstub, %d steps) | %.0f | 1x |\n", '"$steps"', g }'
