#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Replay every seed (the case corpus in each target's format, and the
# checked-in fuzz/seeds/<t>), every kept
# corpus entry (fuzz/corpus/<t>) and every regression input
# (fuzz/regressions/<t>-*) through each target's standalone driver (gcc,
# ASan + UBSan).  Prints TAP and "N passed, N failed".
# Usage: fuzz/replay.sh FUZZ_BUILD_DIR "TARGETS"
set -uo pipefail
dir=$1 targets=$2
n=0 pass=0 fail=0
for t in $targets; do
  n=$((n + 1))
  inputs=()
  [ -d "$dir/seeds/$t" ] && inputs+=("$dir/seeds/$t")
  [ -d "fuzz/seeds/$t" ] && inputs+=("fuzz/seeds/$t")
  [ -d "fuzz/corpus/$t" ] && inputs+=("fuzz/corpus/$t")
  for r in fuzz/regressions/"$t"-*; do [ -f "$r" ] && inputs+=("$r"); done
  if out=$(ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
           "$dir/replay/$t" -q "${inputs[@]}" 2>&1); then
    echo "ok $n - replay $t: $(tail -n 1 <<< "$out")"; pass=$((pass + 1))
  else
    echo "not ok $n - replay $t"; tail -n 30 <<< "$out" | sed 's/^/# /'; fail=$((fail + 1))
  fi
done
echo "1..$n"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
