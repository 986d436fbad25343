#!/usr/bin/env bash
# Run every test of one build variant: the C unit tests and the Bats CLI
# tests.  Usage: ci/run-tests.sh BUILD_DIR SHARED_DIR [WRAPPER...]
# Writes TAP to BUILD_DIR/tests/*.tap and prints "N passed, N failed".
set -uo pipefail
build=$1 shared=$2
shift 2
wrapper=("$@")
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/tests"
export SFREF="$here/$build/bin/sfref" VECDUMP="$here/$build/tests/vecdump" SHARED="$shared" BUILD_DIR="$build" REPO="$here"
[ -x "$SFREF" ] || export SFREF="$build/bin/sfref" VECDUMP="$build/tests/vecdump"

"${wrapper[@]}" "$build/tests/unit" "$shared/vectors" > "$build/tests/unit.tap" 2>&1
unit_rc=$?
SFREF_WRAPPER="${wrapper[*]}" bats --tap "$here/decoder/tests" $(ls -d "$here"/corpus/tests/*.bats 2>/dev/null) > "$build/tests/cli.tap" 2>&1
cat "$build/tests/unit.tap" "$build/tests/cli.tap"
pass=$(cat "$build/tests/unit.tap" "$build/tests/cli.tap" | grep -c '^ok ')
fail=$(cat "$build/tests/unit.tap" "$build/tests/cli.tap" | grep -c '^not ok ')
# A crash before the plan line must count as a failure.
grep -q '^1\.\.' "$build/tests/unit.tap" || fail=$((fail + 1))
[ "$unit_rc" -ne 0 ] && [ "$fail" -eq 0 ] && fail=1
echo "$pass passed, $fail failed"
