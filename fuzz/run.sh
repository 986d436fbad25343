#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fuzz each target for SECONDS with libFuzzer (ASan + UBSan), two at a time
# (this machine has 2 cores).  New corpus entries are merged into
# fuzz/corpus/<t> (minimized; FUZZ_NO_KEEP=1 keeps them out of the tree, as
# CI's smoke run does); a crash is minimized into fuzz/regressions/<t>-<sha1>
# and fails the run.  One line per target: CPU and wall seconds, executions,
# exec/s, coverage.
# Usage: fuzz/run.sh FUZZ_BUILD_DIR SECONDS "TARGETS"
#   A target may carry its own budget: "decode:2900 lookup:600".
#   FUZZ_JOBS=N      run N targets at once (default 2, this machine's cores).
#   FUZZ_CPU=1       a budget is CPU seconds, not wall seconds: each fuzzer is
#                    stopped (SIGINT, which prints libFuzzer's final stats) once
#                    its own user+system time reaches it.  With more jobs than
#                    cores this packs a campaign's CPU time onto the cores with
#                    no idle tail, and the logged seconds are CPU seconds.
#   FUZZ_SEED=N      libFuzzer's -seed: with the same corpus the same inputs in
#                    the same order (make check's smoke run sets it, so that its
#                    verdict repeats; a slower machine runs a prefix of them).
set -uo pipefail
dir=$1 secs=$2 targets=$3
jobs=${FUZZ_JOBS:-2} cpu_mode=${FUZZ_CPU:-0}
tick=$(getconf CLK_TCK)
bin=$dir/libfuzzer
first=${targets%% *}; first=${first%%:*}
if [ ! -x "$bin/$first" ]; then
  echo "fuzz: no libFuzzer build (clang with libclang-rt-14-dev); nothing fuzzed"
  exit 0
fi
work=${FUZZ_WORK:-$dir/run}     # logs, artifacts, this run's corpus (FUZZ_WORK: a second run beside one)
rm -rf "$work"; mkdir -p "$work" fuzz/regressions

cpu_of() { # user+system seconds*CLK_TCK of PID so far, or nothing once it is gone
  awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null
}

one() { # one TARGET[:SECONDS]: fuzz, keep the corpus, minimize a crash
  local t=${1%%:*} s=$secs
  [ "$t" != "$1" ] && s=${1#*:}
  local corpus keep=fuzz/corpus/$t opts=() log=$work/$t.log
  corpus=$work/corpus-$t; mkdir -p "$corpus" "$keep" "$work/art-$t"
  [ -f "fuzz/$t.options" ] && mapfile -t opts < <(sed -n '/^dict/d; s/^\([a-z_]*\) *= *\(.*\)/-\1=\2/p' "fuzz/$t.options")
  # The dictionary the options name (fuzz/<dict>), sframe.dict by default.
  local dict=sframe.dict
  [ -f "fuzz/$t.options" ] && dict=$(sed -n 's/^dict *= *//p' "fuzz/$t.options" | tail -n 1) && dict=${dict:-sframe.dict}
  [ -n "${FUZZ_SEED:-}" ] && opts+=(-seed="$FUZZ_SEED")
  local wall=$s start=$SECONDS
  [ "$cpu_mode" = 1 ] && wall=$((s * 20))   # a cap only, for a busy machine: the CPU budget stops it
  # Seeds: the case corpus in the target's format (fuzz/seeds.c) and, for
  # a target whose input is not a section (elf, cfi), checked-in fuzz/seeds/<t>.
  local seeds=()
  [ -d "$dir/seeds/$t" ] && seeds+=("$dir/seeds/$t")
  [ -d "fuzz/seeds/$t" ] && seeds+=("fuzz/seeds/$t")
  "$bin/$t" "${opts[@]}" -max_total_time="$wall" -rss_limit_mb=2048 -print_final_stats=1 \
    -dict="fuzz/$dict" -artifact_prefix="$work/art-$t/" "$corpus" "$keep" "${seeds[@]}" > "$log" 2>&1 &
  local fp=$! used=0 c
  while c=$(cpu_of "$fp") && [ -n "$c" ]; do
    used=$c
    if [ "$cpu_mode" = 1 ] && [ "$used" -ge $((s * tick)) ]; then kill -INT "$fp" 2>/dev/null; fi
    sleep 2
  done
  wait "$fp"
  local rc=$? crashes=0 elapsed=$((SECONDS - start))
  [ "$cpu_mode" = 1 ] && [ "$rc" -eq 72 ] && rc=0     # libFuzzer's exit code after SIGINT
  used=$((used / tick))
  # The fuzzing's own figures, before the minimizer and the merge add lines.
  local execs eps cov
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
  for a in "$work/art-$t"/*; do
    [ -f "$a" ] || continue
    # slow-unit-*: an input over libFuzzer's report_slow_units (10 s of wall
    # time; on a busy machine, or under nice, any input can be): not a crash.
    case ${a##*/} in slow-unit-*) continue ;; esac
    crashes=$((crashes + 1))
    local min=$work/min-$t
    "$bin/$t" -minimize_crash=1 -runs=20000 -exact_artifact_path="$min" "$a" >> "$log" 2>&1
    [ -s "$min" ] || cp "$a" "$min"
    # A crash in a custom mutator is not in the input libFuzzer saves: the
    # minimizer says so, and the saved input only starts the search for one
    # that reproduces it (fuzz/standalone.c runs the mutators).
    grep -q 'did not crash' "$log" && echo "$t: $a does not reproduce the crash (a mutator's?): see $log" >&2
    cp "$min" "fuzz/regressions/$t-$(sha1sum < "$min" | cut -c1-12)"
  done
  if [ "${FUZZ_NO_KEEP:-0}" != 1 ]; then
    "$bin/$t" -merge=1 "$keep" "$corpus" >> "$log" 2>&1
  fi
  echo "$t: ${used} CPU s (wall ${elapsed} s), ${execs:-0} executions, ${eps:-0} exec/s, ${cov:-no coverage line}, crashes $crashes (exit $rc)" \
    > "$work/$t.summary"
  [ "$crashes" -eq 0 ]
}

rc=0 running=0
for t in $targets; do           # a pool of $jobs: the next target starts when one ends
  if [ "$running" -ge "$jobs" ]; then wait -n || rc=1; running=$((running - 1)); fi
  one "$t" & running=$((running + 1))
done
while [ "$running" -gt 0 ]; do wait -n || rc=1; running=$((running - 1)); done
cat "$work"/*.summary
[ "$rc" -eq 0 ] || echo "fuzz: crashes minimized into fuzz/regressions/ (logs in $work)"
exit $rc
