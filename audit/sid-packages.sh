#!/bin/bash
# SPDX-License-Identifier: MIT
# audit/sid-packages.sh - sfaudit on Debian sid's toolchain packages, the
# ones a distribution turning SFrame on builds everything with: binutils
# (2.47.50), gcc 16 (the compiler, its preprocessor, libgcc's crt objects
# and static library) and libc6-dev (glibc's crt objects and static
# libraries).  Downloaded once with ci/toolchains.sh --download (kept under
# build/toolchains/debs/sid, never unpacked into the sid root the suite runs
# binutils from: a second run fetches nothing); the report is
# build/audit/sid.md and build/audit/sid.html (audit/README.md has a run).
#
# Usage: audit/sid-packages.sh [sfaudit options...]   e.g. --confirm
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
pkgs=(binutils binutils-x86-64-linux-gnu libbinutils libsframe3 gcc-16-x86-64-linux-gnu cpp-16-x86-64-linux-gnu
      libgcc-16-dev libc6-dev)
mapfile -t debs < <(bash "$here/ci/toolchains.sh" --download sid "${pkgs[@]}")
[ ${#debs[@]} -eq ${#pkgs[@]} ] || { echo "sid-packages: not every package was downloaded" >&2; exit 2; }
mkdir -p "$here/build/audit"
rc=0
"$here/build/bin/sfaudit" -j 2 --no-progress --by-package --html "$here/build/audit/sid.html" "$@" "${debs[@]}" \
  > "$here/build/audit/sid.md" || rc=$?
cat "$here/build/audit/sid.md"
echo "sfaudit: exit $rc; build/audit/sid.html" >&2
exit $rc
