#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Every tool a user runs answers --version and --help the same way:
# --version prints "TOOL (sframe-conformance) RELEASE" (the release written
# once, SFR_VERSION_STRING in decoder/include/sframe_ref.h) and the
# licenses, exit 0; --help prints its usage on stdout, exit 0, nothing on
# stderr; an unknown option is named on stderr, exit 2.
# Environment (ci/run-tests.sh): BUILD_DIR (default build), REPO.

setup() {
  : "${REPO:=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}" "${BUILD_DIR:=build}"
  case $BUILD_DIR in /*) BIN="$BUILD_DIR/bin" ;; *) BIN="$REPO/$BUILD_DIR/bin" ;; esac
  VERSION=$(sed -n 's/^#define SFR_VERSION_STRING "\(.*\)"$/\1/p' "$REPO/decoder/include/sframe_ref.h")
  [ -n "$VERSION" ]
  TOOLS=(sfref sfconform sfcorpus sfcfi sfaudit)
}

@test "every tool answers --version with its name, the release and the licenses" {
  for t in "${TOOLS[@]}"; do
    [ -x "$BIN/$t" ] || { echo "$BIN/$t is not built"; false; }
    run "$BIN/$t" --version
    echo "$t: $output"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "$t (sframe-conformance) $VERSION" ]
    [[ "${lines[1]}" == "License: MIT "*"CC0-1.0"* ]]
  done
}

@test "every tool answers --help on stdout, exit 0, with its usage" {
  for t in "${TOOLS[@]}"; do
    "$BIN/$t" --help > "$BATS_TEST_TMPDIR/out" 2> "$BATS_TEST_TMPDIR/err"
    grep -q "^usage: $t" "$BATS_TEST_TMPDIR/out" || { echo "$t --help: no usage line"; false; }
    [ ! -s "$BATS_TEST_TMPDIR/err" ] || { echo "$t --help wrote on stderr"; false; }
  done
}

@test "every tool names an unknown option on stderr and exits 2" {
  for t in "${TOOLS[@]}"; do
    run "$BIN/$t" --no-such-option
    echo "$t: $output"
    [ "$status" -eq 2 ]
    [[ "$output" == *"no-such-option"* ]]
  done
}
