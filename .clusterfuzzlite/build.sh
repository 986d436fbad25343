#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# ClusterFuzzLite entry point: the targets OSS-Fuzz builds, by the same
# script (fuzz/oss-fuzz/build.sh says which, and why diff_libsframe may be
# and diff_libsframe3 always is left out).
exec bash "$SRC/sframe-conformance/fuzz/build-targets.sh"
