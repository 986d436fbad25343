#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ci/peers.sh - fetch the peer implementations the bundled adapters judge,
# from Debian's newer suites, into build/toolchains (ci/toolchains.sh).
# Each request is a no-op once met.  bookworm's own (binutils 2.40,
# libsframe 2.40) come from the system (ci/install-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/toolchains.sh trixie binutils binutils-dev llvm-22
bash ci/toolchains.sh sid binutils libsframe-dev glibc-source
