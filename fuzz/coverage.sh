#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Line and branch coverage of the oracle (decoder/src, the reference path,
# and decoder/fast) reached by the fuzz corpus: each
# target's standalone driver built with gcc --coverage, run over its seeds
# and fuzz/corpus/<t>; a line or branch counts when any target reached it.
# Usage: fuzz/coverage.sh FUZZ_BUILD_DIR "TARGETS"
set -uo pipefail
dir=$1 targets=$2 cov=$(cd "$1" && pwd)/cov top=$PWD   # absolute: gcov runs inside it
rm -rf "$cov"; mkdir -p "$cov"
for t in $targets; do
  mkdir -p "$cov/$t"
  # The target under a name of its own: its data files are named after the
  # sources' base names, and elf's would be decoder/cli/elf.c's.
  ln -sf "$top/fuzz/targets/$t.c" "$cov/$t/target-$t.c"
  srcs=(decoder/src/*.c decoder/fast/*.c fuzz/standalone.c)
  [ "$t" = decode ] && srcs+=(decoder/cli/dump.c)
  [ "$t" = roundtrip ] && srcs+=(corpus/encoder/*.c fuzz/targets/rt_model.c fuzz/targets/rt_mutate.c fuzz/targets/rt_check.c)
  [ "$t" = elf ] && srcs+=(decoder/cli/elf.c decoder/cli/dump.c)
  if [ "$t" = cfi ]; then
    for s in producers/sfcfi/*.c; do [ "$s" = producers/sfcfi/sfcfi.c ] || srcs+=("$s"); done
    srcs+=(corpus/encoder/*.c common/sfc_tools.c)
  fi
  libs=(); [ "$t" = diff_libsframe ] && libs=(-lsframe)
  [ "$t" = cfi ] && libs=(-ldw -lelf)
  (cd "$cov/$t" && gcc -std=c11 -D_POSIX_C_SOURCE=200809L -O0 --coverage \
     -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -I"$top/decoder/include" -I"$top/decoder/src" -I"$top/decoder/fast" -I"$top/decoder/cli" \
     -I"$top/corpus/encoder" -I"$top/fuzz/targets" -I"$top/common" -I"$top/producers/sfcfi" "target-$t.c" "${srcs[@]/#/$top/}" "${libs[@]}" -o replay) || exit 2
  inputs=()
  [ -d "$dir/seeds/$t" ] && inputs+=("$dir/seeds/$t")
  [ -d "fuzz/seeds/$t" ] && inputs+=("fuzz/seeds/$t")
  [ -d "fuzz/corpus/$t" ] && inputs+=("fuzz/corpus/$t")
  "$cov/$t/replay" -q "${inputs[@]}" > "$cov/$t/replay.log" 2>&1 ||
    echo "fuzz-coverage: $t stopped on an input (see $cov/$t/replay.log)" >&2
  for f in decoder/src/*.c decoder/fast/*.c; do
    b=$(basename "$f" .c)
    g=$(ls "$cov/$t"/*"$b".gcda 2>/dev/null | sed -n 1p)
    [ -n "$g" ] || continue
    (cd "$cov/$t" && gcov -b -c "$(basename "$g")" > /dev/null 2>&1 &&
       mv "$b.c.gcov" "$cov/$t.$b.c.gcov")
  done
done
awk '
  FNR == 1 { src = FILENAME; sub(/^.*\//, "", src); sub(/^[^.]*\./, "", src); sub(/\.gcov$/, "", src) }
  /^ *[^:]+: *[0-9]+:/ {
    split($0, a, ":"); cnt = a[1]; gsub(/ /, "", cnt); line = a[2] + 0; bi = 0
    if (cnt != "-") { k = src ":" line; if (!(k in L)) L[k] = 0; if (cnt !~ /^(#####|=====)$/) L[k] = 1 }
    next }
  /^branch/ { k = src ":" line ":" bi++; if (!(k in B)) B[k] = 0; if ($3 == "taken" && $4 + 0 > 0) B[k] = 1 }
  END { for (k in L) { nl++; hl += L[k] } for (k in B) { nb++; hb += B[k] }
        printf "fuzz corpus coverage of decoder/src and decoder/fast: lines %.2f%% of %d, branches %.2f%% of %d\n",
               nl ? 100 * hl / nl : 0, nl, nb ? 100 * hb / nb : 0, nb }' "$cov"/*.gcov
