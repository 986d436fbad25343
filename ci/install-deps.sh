#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install what the build and tests need, from Debian's archive.  Skips
# packages that are already installed; needs root (or sudo) only when
# something is missing.
# Usage: ci/install-deps.sh [conformance | harness [ARCH...] | harness-bin ARCH... | shipped | audit | audit-link]
#   conformance  only what `make conformance` needs: the build, the corpus's
#                aarch64 sections, and the libsframe / objdump / readelf
#                under test
#   harness      what `make harness` needs: QEMU's build dependencies, and
#                for each ARCH (default all three) its cross compiler,
#                binutils and C library (static and dynamic programs)
#   harness-bin  what `make harness BIN=...` needs for a program of ARCH:
#                QEMU's build dependencies, that ARCH's objdump and, for
#                dynamically linked programs, its C library (the sysroot)
#   shipped      what `make shipped` needs: QEMU's build dependencies,
#                sfcfi's libraries and the three architectures' objdump (the
#                programs themselves are fetched, not installed:
#                harness/shipped.sh)
#   audit        what `make sfaudit` needs (libdw, libelf)
#   man          what `make man` needs (help2man, go-md2man)
#   deb          what `make deb` needs: dpkg-buildpackage, debhelper, lintian,
#                autopkgtest and debian/control's Build-Depends
#   audit-link   what `sfaudit --confirm` needs: the linkers and assemblers
#                of producers/toolchains.sh --quick (the host's cross gcc
#                and binutils; the rest unpacked from trixie and sid)
#   (none)       everything `make check` needs
# Then, for conformance and check, the peers of Debian's newer suites
# (trixie, sid) are unpacked into build/toolchains by ci/peers.sh (no
# system change; a no-op once done).  The harness modes fetch no peer.
set -euo pipefail
PKGS=(gcc make binutils)
BUILD=(binutils-dev gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu libc6-dev-arm64-cross libdw-dev libelf-dev patchelf)
QEMU=(ninja-build pkg-config libglib2.0-dev python3 jq)
arch_pkgs() { # ARCH WITH-COMPILER
  case $1 in
    x86_64) [ "$2" = 1 ] && echo libc6-dev ;;
    aarch64) echo binutils-aarch64-linux-gnu libc6-arm64-cross
             [ "$2" = 1 ] && echo gcc-aarch64-linux-gnu libc6-dev-arm64-cross ;;
    s390x) echo binutils-s390x-linux-gnu libc6-s390x-cross
           [ "$2" = 1 ] && echo gcc-s390x-linux-gnu libc6-dev-s390x-cross ;;
    *) echo "ci/install-deps: unknown architecture '$1'" >&2; exit 2 ;;
  esac
  return 0
}
mode=${1:-}
[ $# -gt 0 ] && shift
with_peers=1
case $mode in
  conformance) PKGS+=("${BUILD[@]}") ;;
  harness|harness-bin)
    with_peers=0
    PKGS+=("${QEMU[@]}")
    [ $# -gt 0 ] || { [ "$mode" = harness ] && set -- x86_64 aarch64 s390x; }
    [ $# -gt 0 ] || { echo "ci/install-deps: harness-bin wants an architecture" >&2; exit 2; }
    for a in "$@"; do
      # shellcheck disable=SC2207
      PKGS+=($(arch_pkgs "$a" "$([ "$mode" = harness ] && echo 1 || echo 0)"))
    done ;;
  # (what run.sh's harness-bin checks for each architecture, so that runs
  # of -j in parallel never install)
  shipped) with_peers=0; PKGS+=("${QEMU[@]}" libdw-dev libelf-dev $(arch_pkgs aarch64 0) $(arch_pkgs s390x 0)) ;;
  audit) with_peers=0; PKGS+=(libdw-dev libelf-dev) ;;
  man) with_peers=0; PKGS+=(help2man go-md2man) ;;
  deb) with_peers=0; PKGS+=(dpkg-dev debhelper fakeroot lintian autopkgtest help2man go-md2man jq libdw-dev libelf-dev pkg-config) ;;
  audit-link) with_peers=0; PKGS+=(libdw-dev libelf-dev patchelf $(arch_pkgs aarch64 1) $(arch_pkgs s390x 1)) ;;
  '') PKGS+=("${BUILD[@]}" "${QEMU[@]}" bats valgrind chromium clang libclang-rt-14-dev afl++ zip unzip reuse
            help2man go-md2man man-db
            libc6-arm64-cross $(arch_pkgs s390x 1)) ;;
  *) echo "ci/install-deps: unknown mode '$mode'" >&2; exit 2 ;;
esac
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep "install ok installed" > /dev/null || missing+=("$p")
done
peers() {
  [ $with_peers = 0 ] || bash "$(dirname "$0")/peers.sh"
  [ "$mode" != audit-link ] || bash "$(dirname "$0")/../producers/toolchains.sh" --quick
  # make check only: the cross assemblers and linkers of the newer suites,
  # which the hand-written CFI cases are built with (producers/tests; the
  # harness fetches the same for its programs)
  if [ -z "$mode" ]; then
    bash "$(dirname "$0")/toolchains.sh" sid binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu binutils-s390x-linux-gnu
    bash "$(dirname "$0")/toolchains.sh" trixie binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu
    # the producers the quick matrix and the findings' tests use (lld 22,
    # mold, llvm-mc 22, gold; gcc 12 and the three gas): build/producers/tc
    bash "$(dirname "$0")/../producers/toolchains.sh" --quick
    # QEMU's source and the meson that builds it (harness/build-qemu.sh,
    # which ci/check.sh starts while the plain tests run: fetched here, so
    # that nothing unpacks into a suite's root while the tests read it)
    bash "$(dirname "$0")/toolchains.sh" --source trixie qemu "$(cd "$(dirname "$0")/.." && pwd)/build/harness/qemu-src"
    bash "$(dirname "$0")/toolchains.sh" --only trixie meson python3-pycotap
  fi
}
if [ ${#missing[@]} -eq 0 ]; then
  echo "ci/install-deps: all present (${PKGS[*]})"
  peers
  exit 0
fi
echo "ci/install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || { echo "ci/install-deps: need root to install ${missing[*]}" >&2; exit 2; }
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
peers
