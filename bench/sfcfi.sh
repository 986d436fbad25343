#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/sfcfi.sh - sfcfi's speed on large real programs (make bench calls
# it; producers/sfcfi): MB of .eh_frame per second that `sfcfi check` and
# `sfcfi convert` get through, against `readelf --debug-dump=frames-interp`
# (the system's binutils) printing the same table, measured in the same run
# (the goal: each of check and convert at least 2x readelf's speed).
#
# For each program: readelf, check and convert take turns, REPEATS times
# (default 5); each figure is the median, with the minimum and maximum, and
# each ratio the median of the repeats' ratios (paired: the machine is
# shared).  The times are wall times of the whole command, output to
# /dev/null (convert writes its section to a temporary file):
#   readelf   readelf --debug-dump=frames-interp PROG
#   check     sfcfi check --summary PROG, on PROG's own .sframe; a program
#             without one is converted first (sfcfi convert --version 3
#             --elf, not timed) and the copy is checked: the CFI read and
#             every row compared with the section's
#   convert   sfcfi convert --version 3 -o FILE PROG
#
# Programs, by default each that is there (the largest first):
#   libLLVM, the Mesa driver            Debian's largest libraries, as installed
#                                       (/usr/lib/MULTIARCH: the largest libLLVM*.so*
#                                       file, and the largest of libgallium*.so and
#                                       dri/*_dri.so; no .sframe)
#   build/harness/qemu/qemu-aarch64     QEMU built by the harness from Debian's
#                                       source (gcc -O2; no .sframe)
#   build/producers/debian/amd64/bin/bash-static, .../busybox   Debian's
#                                       builds (producers/debian-static.sh)
#   build/harness/bin/x86_64-gas-2.47-O2/lua   the harness's Lua, with the
#                                       .sframe gas 2.47.50 wrote
# or the ELF files named as arguments.  Prints a Markdown section (or why it
# measured nothing); exit 0 unless sfcfi fails on a program (1).
# Environment: BUILD (build), REPEATS (5), SFCFI (BUILD/bin/sfcfi),
# READELF (readelf).
set -euo pipefail
export LC_ALL=C
case ${1:-} in
  -h|--help) sed -n '3,/^# READELF (readelf)\.$/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  -*) echo "bench/sfcfi.sh: unknown option $1 (--help says what it takes)" >&2; exit 2 ;;
esac
build=${BUILD:-build}
reps=${REPEATS:-5}
sfcfi=${SFCFI:-$build/bin/sfcfi}
readelf=${READELF:-readelf}
echo "## sfcfi against readelf (MB of .eh_frame per second: median, min-max of $reps runs)"
echo
if [ ! -x "$sfcfi" ]; then
  echo "not measured: no $sfcfi (make sfcfi)"
  exit 0
fi
# The largest regular file of those named (the drivers are hard links of one).
largest() { ls -S "$@" 2> /dev/null | sed -n 1p; }
if [ $# -eq 0 ]; then
  lib=/usr/lib/$(gcc -print-multiarch 2> /dev/null || echo x86_64-linux-gnu)
  shopt -s nullglob
  for p in "$(largest "$lib"/libLLVM*.so*)" "$(largest "$lib"/libgallium*.so "$lib"/dri/*_dri.so)"; do
    [ -n "$p" ] && [ -f "$p" ] && set -- "$@" "$(readlink -f "$p")"
  done
  shopt -u nullglob
  for p in build/harness/qemu/qemu-aarch64 build/producers/debian/amd64/bin/bash-static \
           build/producers/debian/amd64/bin/busybox build/harness/bin/x86_64-gas-2.47-O2/lua; do
    [ -f "$p" ] && set -- "$@" "$p"
  done
fi
if [ $# -eq 0 ]; then
  echo "not measured: none of its programs is there (\`make harness\` builds QEMU and Lua;"
  echo "producers/debian-static.sh fetches Debian's busybox-static and bash-static)"
  exit 0
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# Seconds (wall) that the command takes, output discarded.  Exit status 0
# or 1 is the command's answer (check: 1 is a disagreement); 2 is a failure.
timed() {
  local t0 t1 rc=0
  t0=$EPOCHREALTIME
  "$@" > /dev/null 2> "$T/err" || rc=$?
  t1=$EPOCHREALTIME
  if [ "$rc" -gt 1 ]; then
    echo "bench/sfcfi.sh: $* failed (exit $rc): $(head -n 3 "$T/err")" >&2
    return 1
  fi
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
}
# "median (min-max)" of the numbers on stdin, formatted with FMT.
stats() {
  sort -g | awk -v f="$1" '{ v[NR] = $1 } END {
    printf f " (" f "-" f ")\n", v[int((NR + 1) / 2)], v[1], v[NR] }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "Each program's .eh_frame read by \`$readelf --debug-dump=frames-interp\` ($("$readelf" --version | sed -n 1p | sed 's/.* //')),"
echo "and by sfcfi (elfutils' libdw) to check it against an SFrame section and to convert it to version 3;"
echo "a program without .sframe is checked against its own conversion.  Ratios: sfcfi's MB/s over"
echo "readelf's (above 1: sfcfi is faster), the median of the paired repeats."
echo
echo "| program | .eh_frame bytes | functions | readelf frames-interp | sfcfi check | check / readelf | sfcfi convert | convert / readelf |"
echo "|---|---|---|---|---|---|---|---|"
rc=0
for p in "$@"; do
  name=${p#"$build"/}
  hex=$("$readelf" -SW "$p" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".eh_frame" { print $5 }')
  if [ -z "$hex" ]; then
    echo "| $name | no .eh_frame | | | | | | |"
    continue
  fi
  bytes=$((0x$hex))
  target=$p note=""
  if ! "$readelf" -SW "$p" | grep ' \.sframe ' > /dev/null; then
    if ! "$sfcfi" convert --version 3 --elf -o "$T/copy" "$p" > "$T/conv.txt" 2> "$T/err"; then
      echo "| $name | $bytes | sfcfi convert failed: $(head -n 1 "$T/err") | | | | | |"
      rc=1; continue
    fi
    target=$T/copy note=" (checked: its conversion)"
  fi
  funcs=$("$sfcfi" convert --version 3 -o "$T/out.sframe" "$p" 2> /dev/null |
          sed -n 's/^functions: \([0-9]*\) converted, \([0-9]*\) skipped.*/\1 + \2/p')
  funcs=$(( ${funcs:-0} ))
  : > "$T/r" ; : > "$T/c" ; : > "$T/v" ; : > "$T/rc" ; : > "$T/rv"
  ok=1
  for _ in $(seq "$reps"); do
    r=$(timed "$readelf" --debug-dump=frames-interp "$p") || { ok=0; break; }
    c=$(timed "$sfcfi" check --summary "$target") || { ok=0; break; }
    v=$(timed "$sfcfi" convert --version 3 -o "$T/out.sframe" "$p") || { ok=0; break; }
    echo "$r" >> "$T/r"; echo "$c" >> "$T/c"; echo "$v" >> "$T/v"
    awk -v r="$r" -v c="$c" 'BEGIN { print r / c }' >> "$T/rc"
    awk -v r="$r" -v v="$v" 'BEGIN { print r / v }' >> "$T/rv"
  done
  if [ "$ok" = 0 ]; then
    echo "| $name | $bytes | sfcfi failed (see stderr) | | | | | |"
    rc=1; continue
  fi
  mbs() { awk -v b="$bytes" '{ print b / $1 / 1e6 }' "$1" | stats "%.1f"; }
  printf '| %s%s | %d | %d | %s | %s | %sx | %s | %sx |\n' "$name" "$note" "$bytes" "$funcs" "$(mbs "$T/r")" \
    "$(mbs "$T/c")" "$(median < "$T/rc" | awk '{ printf "%.2f", $1 }')" \
    "$(mbs "$T/v")" "$(median < "$T/rv" | awk '{ printf "%.2f", $1 }')"
done
exit $rc
