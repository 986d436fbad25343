#!/usr/bin/env bash
# Install what the build and tests need, from Debian's archive.  Skips
# packages that are already installed; needs root (or sudo) only when
# something is missing.
# Usage: ci/install-deps.sh [conformance]   (conformance: only what
# `make conformance` needs: the build, the corpus's aarch64 sections, and
# the libsframe / objdump / readelf under test).
# Then the peers of Debian's newer suites (trixie, sid) are unpacked into
# build/toolchains by ci/peers.sh (no system change; a no-op once done).
set -euo pipefail
PKGS=(gcc make binutils binutils-dev gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu
      libc6-dev-arm64-cross)
[ "${1:-}" = conformance ] || PKGS+=(bats jq valgrind pkg-config chromium clang libclang-rt-14-dev afl++ zip unzip)
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
