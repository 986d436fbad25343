#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# producers/cfi-harness.sh - sfcfi on every program the harness builds:
# gas's .sframe checked against the same program's CFI at every address,
# the CFI converted to every SFrame version the ABI has, each conversion
# validated by the oracle, checked against the CFI again and compared by
# meaning with gas's own section (sfcfi diff).
#
# Usage: producers/cfi-harness.sh [--bin DIR] [--out DIR] [--quick]
#   --bin DIR   the harness's builds (default build/harness/bin: make harness
#               builds them; each subdirectory ARCH-gas-VER-OPT holds programs)
#   --out DIR   where the table and logs go (default build/producers/cfi)
#   --quick     the `frames` program of each build only
# Writes OUT/results.md (the table, also printed), OUT/summary.md (per
# build, summed) and OUT/logs/.  Exit 0
# when every program was checked and converted and nothing is unexplained:
# every disagreement of gas's section with the CFI has a class sfcfi names
# and is listed in producers/cfi-known.txt, every conversion validates and
# agrees with the CFI everywhere, and every function gas wrote reads the
# same in the conversion of gas's version (or is listed as known); 1
# otherwise; 2 on usage errors.  Nothing checked is a failure.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
bindir=$here/build/harness/bin
out=$here/build/producers/cfi
quick=0
while [ $# -gt 0 ]; do
  case $1 in
    --bin) bindir=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    *) echo "cfi-harness: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
sfcfi=$here/build/bin/sfcfi
sfref=$here/build/bin/sfref
known=$here/producers/cfi-known.txt
for t in "$sfcfi" "$sfref"; do
  [ -x "$t" ] || { echo "cfi-harness: $t is not built (make sfcfi)" >&2; exit 2; }
done
[ -d "$bindir" ] || { echo "cfi-harness: no builds in $bindir (make harness builds them)" >&2; exit 1; }
mkdir -p "$out/logs"
# shellcheck source=producers/lib.sh
. "$here/producers/lib.sh"
# gas's SFrame version, by the build's gas (ARCH-gas-2.44-OPT: producers.tsv)
gas_version() { local g=${1#*-gas-}; as_version "gas-${g%%-*}"; }
versions() { case $1 in s390x-*) echo "2 3" ;; *) echo "1 2 3" ;; esac; }
# A line of producers/cfi-known.txt is "BUILD-GLOB PROGRAM KIND CLASS FUNCTION
# -- why": a disagreement (or diff difference) that is explained.
is_known() { # BUILD PROG KIND CLASS FUNC
  [ -f "$known" ] || return 1
  local b p k c f
  while read -r b p k c f _; do
    case $b in ''|'#'*) continue ;; esac
    # shellcheck disable=SC2254
    case $1 in $b) ;; *) continue ;; esac
    [ "$p" = "$2" ] || [ "$p" = '*' ] || continue
    [ "$k" = "$3" ] && [ "$c" = "$4" ] && { [ "$f" = "$5" ] || [ "$f" = '*' ]; } && return 0
  done < "$known"
  return 1
}

rows=() progs=0 bad=0
table=$out/results.md
{
  echo "| build | program | functions (both / CFI only / SFrame only) | rows compared | agree | disagree (classes) | conversions valid, agree with CFI | diff with gas's own (same version) |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$table"
for bdir in "$bindir"/*/; do
  build=$(basename "$bdir")
  gv=$(gas_version "$build")
  # the programs, then the objects the harness compiled for Lua and LMDB
  # (relocatable: sfcfi lays their sections out and relocates)
  for prog in "$bdir"* "$bdir"obj-*/*.o; do
    [ -f "$prog" ] || continue
    name=${prog#"$bdir"}
    case $name in stamp) continue ;; esac
    case $name in *.o) ;; *) [ -x "$prog" ] || continue ;; esac
    [ $quick = 1 ] && [ "$name" != frames ] && continue
    readelf -SW "$prog" 2>/dev/null | grep ' \.sframe ' > /dev/null || continue
    progs=$((progs + 1))
    log=$out/logs/$build-${name//\//-}
    "$sfcfi" check "$prog" > "$log.check" 2> "$log.check.err"
    rc=$?
    summary=$(sed -n 2,3p "$log.check")
    both=$(sed -n 's/^functions: \([0-9]*\) in both, \([0-9]*\) in the CFI only, \([0-9]*\) in SFrame only$/\1 \/ \2 \/ \3/p' "$log.check")
    compared=$(sed -n 's/^rows compared: \([0-9]*\), agreeing \([0-9]*\), disagreeing \([0-9]*\)$/\1 \2 \3/p' "$log.check")
    if [ -z "$both" ] || [ -z "$compared" ] || [ $rc -eq 2 ]; then
      echo "cfi-harness: $build/$name: sfcfi check failed: $(head -c 300 "$log.check.err")" >&2
      bad=$((bad + 1)); continue
    fi
    read -r ncmp nagree ndis <<< "$compared"
    classes=$(sed -n 's/^disagreeing by class: //p' "$log.check")
    # every disagreement must be explained
    unexplained=0
    while read -r kind cls func _; do
      is_known "$build" "$name" "$kind" "$cls" "$func" && continue
      echo "cfi-harness: $build/$name: unexplained: $kind $cls $func" >&2
      unexplained=$((unexplained + 1))
    done < <(grep -E '^(disagree|sframe-only) ' "$log.check")
    [ $unexplained -eq 0 ] || bad=$((bad + 1))
    # conversions
    # The conversions are written for the address of the file's own .sframe
    # (for an object: where sfcfi lays it out; convert prints it), which
    # check --sframe assumes.
    conv="" diffcol=""
    for v in $(versions "$build"); do
      raw=$log.v$v.sframe
      if ! "$sfcfi" convert --version "$v" -o "$raw" "$prog" > "$log.convert$v" 2>&1; then
        conv+="v$v convert failed; "; bad=$((bad + 1)); continue
      fi
      cvma=$(sed -n 's/.* at \(0x[0-9a-f]*\): .*/\1/p' "$log.convert$v" | sed -n 1p)
      if ! "$sfref" validate --raw --vma "$cvma" "$raw" > "$log.validate$v" 2>&1; then
        conv+="v$v INVALID; "; bad=$((bad + 1)); continue
      fi
      "$sfcfi" check --summary --sframe "$raw" "$prog" > "$log.recheck$v" 2>&1
      if grep -q 'disagreeing 0$' "$log.recheck$v"; then conv+="v$v ok; "
      else conv+="v$v DISAGREES; "; bad=$((bad + 1)); fi
      if [ "$v" = "$gv" ]; then
        "$sfcfi" diff --vma-b "$cvma" "$prog" "$raw" > "$log.diff" 2>&1
        nd=$(grep -c '^differ ' "$log.diff")
        na=$(grep -c '^only-a ' "$log.diff")
        nb=$(grep -c '^only-b ' "$log.diff")
        unex=0
        while read -r kind func _; do
          is_known "$build" "$name" diff "$kind" "$func" && continue
          echo "cfi-harness: $build/$name: unexplained diff: $kind $func" >&2
          unex=$((unex + 1))
        done < <(grep -E '^(differ|only-a) ' "$log.diff")
        [ $unex -eq 0 ] || bad=$((bad + 1))
        diffcol="v$gv: $nd differ, $na only in gas's, $nb only in the conversion"
      fi
    done
    echo "| $build | $name | $both | $ncmp | $nagree | $ndis${classes:+ ($classes)} | ${conv% } | ${diffcol:-n/a} |" >> "$table"
  done
done
cat "$table"
# Per build, summed: what CFI-RESULTS.md records.
awk -F' [|] ' '
  NR <= 2 { next }
  { b = substr($1, 3); split($3, f, " / "); n[b]++; both[b] += f[1]; co[b] += f[2]; so[b] += f[3]
    cmp[b] += $4; ag[b] += $5; dis[b] += $6 + 0
    c = $7; ok[b] += gsub(/ ok;/, "", c); bad[b] += gsub(/(INVALID|DISAGREES|failed);/, "", c)
    d = $8; if (d ~ /differ/) { split(d, x, " "); dif[b] += x[2]; og[b] += x[4]; diffs[b]++ }
    if (!(b in seen)) { seen[b] = 1; order[++k] = b } }
  END {
    print "| build | programs and objects | functions in both | CFI only | SFrame only | rows compared | agree | disagree | conversions valid and agreeing | diffs with gas: differ / only in gas |"
    print "|---|---|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= k; i++) { b = order[i]
      printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d of %d | %d / %d (%d diffs) |\n", b, n[b], both[b], co[b], so[b], cmp[b], ag[b], dis[b], ok[b], ok[b] + bad[b], dif[b], og[b], diffs[b] } }
' "$table" > "$out/summary.md"
cat "$out/summary.md"
if [ $progs -eq 0 ]; then
  echo "cfi-harness: no program with .sframe under $bindir: nothing checked" >&2
  exit 1
fi
echo "cfi-harness: $progs programs, $bad with something unexplained or failed"
[ $bad -eq 0 ]
