#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# harness/build-qemu.sh - build QEMU's user-mode emulators with TCG plugin
# support, from Debian trixie's source package, under build/harness/.
#
# Why build it: the plugin API the recorder needs (register reads and
# qemu_plugin_read_memory_vaddr, plugin API 4) came with QEMU 9.2.  Debian
# 12's qemu-user is 7.2; trixie's and sid's qemu-user are static builds that
# cannot load plugins, and no binary package ships qemu-plugin.h.
#
# Usage: harness/build-qemu.sh [OUT]      (default build/harness/qemu)
# Leaves OUT/qemu-x86_64, OUT/qemu-aarch64, OUT/qemu-s390x and
# OUT/include/qemu-plugin.h.  A second run with the same source is a no-op.
# Needs: gcc, ninja-build, pkg-config, libglib2.0-dev (harness/deps.sh),
# and trixie's meson and pycotap (pure Python, unpacked by ci/toolchains.sh
# --only; run by the host's python3).  No QEMU code enters the repository.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/build/harness/qemu}
src=$here/build/harness/qemu-src
die() { echo "build-qemu: $*" >&2; exit 1; }

bash "$here/ci/toolchains.sh" --source trixie qemu "$src"
bash "$here/ci/toolchains.sh" --only trixie meson python3-pycotap
version=$(cat "$src/.unpacked")
if [ -f "$out/stamp" ] && [ "$(cat "$out/stamp")" = "$version" ]; then
  echo "build-qemu: $version already built ($out)"
  exit 0
fi
for t in ninja pkg-config; do command -v $t >/dev/null || die "$t is missing (harness/deps.sh installs it)"; done
pkg-config --exists glib-2.0 || die "glib-2.0 headers are missing (libglib2.0-dev; harness/deps.sh installs it)"

troot=$(bash "$here/ci/toolchains.sh" --print-root trixie)
export PYTHONPATH=$troot/usr/lib/python3/dist-packages${PYTHONPATH:+:$PYTHONPATH}
bdir=$here/build/harness/qemu-build
rm -rf "$bdir"; mkdir -p "$bdir"
echo "build-qemu: configuring $version (log: $bdir/configure.log)"
(cd "$bdir" && "$src/configure" --python="$(command -v python3)" \
   --enable-plugins --target-list=x86_64-linux-user,aarch64-linux-user,s390x-linux-user \
   --disable-system --disable-tools --disable-docs --disable-download --disable-install-blobs \
   --disable-werror --disable-debug-info --disable-rust --without-default-features \
   --enable-plugins) > "$bdir/configure.log" 2>&1 ||
  { tail -n 30 "$bdir/configure.log" >&2; die "configure failed"; }
echo "build-qemu: building (log: $bdir/build.log; about 5 CPU-minutes)"
ninja -C "$bdir" -j"${JOBS:-$(nproc)}" qemu-x86_64 qemu-aarch64 qemu-s390x > "$bdir/build.log" 2>&1 ||
  { tail -n 30 "$bdir/build.log" >&2; die "build failed"; }
mkdir -p "$out/include"
# (each put in place whole: ci/check.sh builds it while other tests run)
for t in x86_64 aarch64 s390x; do cp "$bdir/qemu-$t" "$out/qemu-$t.tmp" && mv "$out/qemu-$t.tmp" "$out/qemu-$t"; done
cp "$src/include/qemu/qemu-plugin.h" "$out/include/"
echo "$version" > "$out/stamp"
echo "build-qemu: $version built into $out"
