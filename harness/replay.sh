#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# harness/replay.sh - replay recorded snapshots without QEMU: each snapshot
# (decoder/SNAPSHOT.md, written by the sfr_truth plugin at an instruction
# where the oracle's unwind equalled the execution truth) is unwound by an
# implementation through the adapter protocol's `unwind` command
# (conformance/PROTOCOL.md), and every caller frame's PC and SP must equal
# the truth the snapshot records in its `# truth K PC SP` lines: the
# frames down to the first one SFrame does not cover.
#
# Usage: harness/replay.sh ADAPTER [DIR...]   (default harness/snapshots)
# Each DIR/RUN/ holds section.sframe, section.vma and NNN.snapshot files.
# Prints one line per wrong snapshot and a summary; exit 1 when any frame
# differs, 2 on usage errors.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 ADAPTER [DIR...]" >&2; exit 2; }
adapter=$1; shift
[ -x "$adapter" ] || { echo "replay: $adapter is not an executable adapter" >&2; exit 2; }
[ $# -gt 0 ] || set -- "$here/harness/snapshots"
snaps=0 frames=0 wrong=0 skipped=0
# What the implementation reads (its capabilities): sections of another
# version or ABI are skipped, not counted wrong.
caps=$("$adapter" capabilities 2>/dev/null || true)
versions=$(printf '%s' "$caps" | sed -n 's/.*"versions":\[\([^]]*\)\].*/\1/p' | tr -d ' ')
abis=$(printf '%s' "$caps" | sed -n 's/.*"abis":\[\([^]]*\)\].*/\1/p' | tr -d ' "')
for top in "$@"; do
  for run in "$top"/*/; do
    [ -f "$run/section.sframe" ] || continue
    vma=$(cat "$run/section.vma")
    read -r ver abi < <(od -An -tu1 -j2 -N3 "$run/section.sframe" | awk '{ print $1, $3 }')
    case $abi in 1) abi=aarch64-be ;; 2) abi=aarch64-le ;; 3) abi=amd64 ;; 4) abi=s390x ;; esac
    if [ -n "$versions" ] && { [[ ",$versions," != *",$ver,"* ]] || [[ ",$abis," != *",$abi,"* ]]; }; then
      skipped=$((skipped + $(ls "$run"/*.snapshot 2>/dev/null | wc -l)))
      continue
    fi
    for snap in "$run"/*.snapshot; do
      [ -e "$snap" ] || continue
      snaps=$((snaps + 1))
      # The truth ("# truth K PC SP", K > 0) against the frames of the
      # adapter's unwind JSON, in one awk: frames are numbered from 0 in
      # the order the JSON gives them.
      out=$("$adapter" unwind "$run/section.sframe" "$vma" "$snap" 2>/dev/null || true)
      res=$(printf '%s\n' "$out" | awk -v snap="$snap" '
        BEGIN {
          k = 0; last = 0
          while ((getline line < snap) > 0) {
            split(line, f, " ")
            if (f[1] == "#" && f[2] == "truth" && f[3] ~ /^[0-9]+$/ && f[4] ~ /^0x/ && f[3] > 0) {
              tp[f[3] + 0] = tolower(f[4]); ts[f[3] + 0] = tolower(f[5]); n++
              if (f[3] + 0 > last) last = f[3] + 0
            }
          }
        }
        {
          s = $0
          while (match(s, /"pc":"0x[0-9a-fA-F]+","sp":"0x[0-9a-fA-F]+"/)) {
            m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
            split(m, q, "\"")
            gp[k] = tolower(q[4]); gs[k] = tolower(q[8]); k++
          }
        }
        END {
          bad = ""
          for (i = 1; i <= last; i++) {
            if (!(i in tp)) continue
            if (!(i in gp)) { bad = "frame " i ": missing (truth pc " tp[i] " sp " ts[i] ")"; break }
            if (gp[i] != tp[i] || gs[i] != ts[i]) {
              bad = "frame " i ": pc " gp[i] " sp " gs[i] ", truth pc " tp[i] " sp " ts[i]; break
            }
          }
          print n; print bad
        }')
      { read -r n; IFS= read -r bad || true; } <<< "$res"
      frames=$((frames + n))
      if [ -n "$bad" ]; then
        wrong=$((wrong + 1))
        echo "replay: ${snap#"$here"/}: $bad"
      fi
    done
  done
done
echo "replay: $snaps snapshots, $frames caller frames checked, $wrong snapshots wrong ($(basename "$adapter"); $skipped skipped: a version or ABI it does not read)"
[ $snaps -gt 0 ] || { echo "replay: no snapshots found" >&2; exit 2; }
[ $wrong -eq 0 ]
