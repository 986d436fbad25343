#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The project's shell scripts under `set -o pipefail`: a pipeline into a
# reader that stops early (`grep -q`, `head`) kills its writer with SIGPIPE
# whenever the writer is still writing, and pipefail turns that into the
# pipeline's failure: a result that depends on scheduling (it made
# harness/shipped.sh say "its output does not hold 'coreutils'" on a busy
# machine, once in a few runs).  Such scripts read to the end instead
# (`grep ... > /dev/null`, `sed -n 1p`).
# Environment: REPO (default the checkout).

setup() {
  : "${REPO:=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}"
  cd "$REPO"
}

# offending FILE: the lines of FILE that pipe into a reader that stops early
offending() {
  grep -nE '\| *(grep +-[A-Za-z]*q[A-Za-z]*|head)( |$)' "$1"
}

@test "no pipefail script pipes into grep -q or head" {
  git rev-parse --git-dir > /dev/null || skip "not a git checkout: no list of the scripts"
  local n=0 f bad=()
  while IFS= read -r f; do
    grep -q '^set .*pipefail' "$f" || continue
    n=$((n + 1))
    while IFS= read -r l; do bad+=("$f:$l"); done < <(offending "$f")
  done < <(git ls-files -- '*.sh' '*.bash' .ci/run)
  echo "$n scripts with pipefail"
  printf '%s\n' "${bad[@]}"
  [ "$n" -gt 20 ]
  [ ${#bad[@]} -eq 0 ]
}

@test "the check above finds such pipelines and passes the safe forms" {
  local a=$BATS_TEST_TMPDIR/a.sh
  printf '%s\n' 'set -euo pipefail' 'readelf -SW x | grep -q sframe' 'ls | grep -vqE y' 'ls | head -n 1' \
    'readelf -SW x | grep sframe > /dev/null' 'ls | sed -n 1p' 'grep -q x file' > "$a"
  run offending "$a"
  [ "$output" = "$(printf '2:readelf -SW x | grep -q sframe\n3:ls | grep -vqE y\n4:ls | head -n 1')" ]
}
