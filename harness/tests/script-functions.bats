#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# No function of the repository's scripts (*.sh, *.bash, *.py outside
# build/) is over 100 lines: ci/script-functions.py measures them all.  A
# long function is split by step into named functions instead.  (Here
# rather than beside dist/tests/scripts.bats because ci/run-tests.sh
# collects harness/tests/*.bats by name pattern, and this suite needs
# nothing built.)  Environment: REPO (default the checkout).

setup() {
  : "${REPO:=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}"
  cd "$REPO"
}

@test "scripts: no shell or Python function is over 100 lines" {
  run python3 ci/script-functions.py
  echo "$output"
  [ "$status" -eq 0 ]
}

@test "scripts: the measure names a long function, of either language, and its length" {
  local t=$BATS_TEST_TMPDIR
  {
    echo 'short() { echo one; }'
    echo 'long() {'
    for i in $(seq 101); do echo "  echo $i  # {"; done
    echo '}'
    echo 'function braces {'
    echo '  local x=${1:-}; if true; then echo "}"; fi'
    echo '  echo done; }'
    echo 'sub() ('
    echo '  case $1 in a) echo a ;; esac'
    echo ')'
  } > "$t/a.sh"
  {
    echo 'def short():'
    echo '    return 1'
    echo ''
    echo '@staticmethod'
    echo 'def long():'
    for i in $(seq 100); do echo "    x = $i"; done
  } > "$t/a.py"
  run python3 ci/script-functions.py --list "$t/a.sh" "$t/a.py"
  echo "$output"
  [ "$status" -eq 1 ]
  [[ "$output" == *"$t/a.sh:1: short is 1 lines"* ]]
  [[ "$output" == *"$t/a.sh:2: long is 103 lines (over 100)"* ]]
  [[ "$output" == *"$t/a.sh:105: braces is 3 lines"* ]]
  [[ "$output" == *"$t/a.sh:108: sub is 3 lines"* ]]
  [[ "$output" == *"$t/a.py:1: short is 2 lines"* ]]
  [[ "$output" == *"$t/a.py:4: long is 102 lines (over 100)"* ]]
  run python3 ci/script-functions.py --max 103 "$t/a.sh"
  [ "$status" -eq 0 ]
}
