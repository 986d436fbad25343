#!/usr/bin/env bash
# Install what the build and tests need, from Debian's archive.  Skips
# packages that are already installed; needs root (or sudo) only when
# something is missing.
# Usage: ci/install-deps.sh [conformance|harness]   (conformance: only what
# `make conformance` needs: the build, the corpus's aarch64 sections, and
# the libsframe / objdump / readelf under test; harness: what `make harness`
# needs besides: QEMU's build dependencies and the s390x cross compiler).
# Then the peers of Debian's newer suites (trixie, sid) are unpacked into
# build/toolchains by ci/peers.sh (no system change; a no-op once done).
set -euo pipefail
PKGS=(gcc make binutils binutils-dev gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu
      libc6-dev-arm64-cross)
HARNESS=(ninja-build pkg-config libglib2.0-dev python3 jq gcc-s390x-linux-gnu libc6-dev-s390x-cross)
case ${1:-} in
  conformance) ;;
  harness) PKGS+=("${HARNESS[@]}") ;;
  *) PKGS+=(bats jq valgrind pkg-config chromium clang libclang-rt-14-dev afl++ zip unzip python3) ;;
esac
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
peers() { bash "$(dirname "$0")/peers.sh"; }
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
