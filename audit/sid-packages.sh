#!/bin/bash
# audit/sid-packages.sh - sfaudit on Debian sid's toolchain packages, the
# ones a distribution turning SFrame on builds everything with: binutils
# (2.47.50), gcc 16 (the compiler, its preprocessor, libgcc's crt objects
# and static library) and libc6-dev (glibc's crt objects and static
# libraries).  Fetched once with ci/toolchains.sh (kept under
# build/toolchains/debs/sid: a second run fetches nothing); the report is
# build/audit/sid.md and build/audit/sid.html (audit/README.md has a run).
#
# Usage: audit/sid-packages.sh [sfaudit options...]   e.g. --confirm
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
pkgs=(binutils binutils-x86-64-linux-gnu libbinutils libsframe3 gcc-16-x86-64-linux-gnu cpp-16-x86-64-linux-gnu
      libgcc-16-dev libc6-dev)
bash "$here/ci/toolchains.sh" --only sid "${pkgs[@]}" >&2
debs=()
for p in "${pkgs[@]}"; do debs+=("$(ls "$here"/build/toolchains/debs/sid/"${p}"_*.deb | head -n 1)"); done
mkdir -p "$here/build/audit"
rc=0
"$here/build/bin/sfaudit" -j 2 --no-progress --by-package --html "$here/build/audit/sid.html" "$@" "${debs[@]}" \
  > "$here/build/audit/sid.md" || rc=$?
cat "$here/build/audit/sid.md"
echo "sfaudit: exit $rc; build/audit/sid.html" >&2
exit $rc
