#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# repro.sh BINDIR: link main.c as a PIE with the ld in BINDIR (gas's --gsframe
# for the objects, ld's own SFrame for its PLTs), then print the .plt.got
# section, ld's SFrame FDE for it and ld's CFI for it.
# BINDIR: a directory with as, ld and objdump of binutils 2.44 or later (the
# project's build/toolchains/trixie/bin or build/toolchains/sid/bin).
set -euo pipefail
bin=${1:?usage: repro.sh BINDIR}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
gcc -B "$bin/" -Wa,--gsframe -o "$out/m" "$here/main.c"
"$bin/ld" --version | sed -n 1p
echo "--- .plt.got"
"$bin/objdump" -d -j .plt.got "$out/m" | sed -n '/^[0-9a-f]* </,$p'
start=$("$bin/objdump" -h "$out/m" | awk '$2 == ".plt.got" { print $4 }')
echo "--- SFrame (ld) for the .plt.got at 0x$start"
"$bin/objdump" --sframe "$out/m" | awk -v pc="pc = 0x${start#"${start%%[!0]*}"}," '
  index($0, pc) { show = 1 } show && /^$/ { exit } show { print }'
echo "--- CFI (ld) for it"
readelf --debug-dump=frames-interp "$out/m" | awk -v pc="pc=$start" '
  index($0, pc) { show = 1; print; next } show && /^$/ { exit } show { print }'
echo "--- the CIE it uses (an FDE without instructions inherits these rules)"
readelf --debug-dump=frames-interp "$out/m" | sed -n '/CIE/,/^$/p' | sed -n 1,4p
