#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The licenses (LICENSE, LICENSES/, .reuse/dep5; README.md's "License"):
# `reuse lint` (Debian's reuse, installed by ci/install-deps.sh) finds
# every file's copyright and license, every source file names its license
# in its own SPDX-License-Identifier line, and each path .reuse/dep5 gives
# the data license still names files (a renamed directory would otherwise
# fall back to the code's license without a word).
# Environment: REPO (default the checkout).

setup() {
  : "${REPO:=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}"
  cd "$REPO"
}

@test "reuse lint: every file has a copyright and a license" {
  command -v reuse || { echo "reuse is not installed (ci/install-deps.sh installs it)"; false; }
  run reuse lint
  echo "$output" | tail -n 25
  [ "$status" -eq 0 ]
  [[ $output == *"Used licenses: CC0-1.0, MIT"* ]]
  [[ $output == *"Files with license information: "* ]]
  [[ $output != *ERROR* ]]
}

@test "every source file names its license in an SPDX line" {
  git rev-parse --git-dir > /dev/null || skip "not a git checkout: no list of the sources"
  n=0 missing=()
  tag="SPDX-License-""Identifier"   # (split: reuse would read the pattern below as a tag)
  while IFS= read -r f; do
    n=$((n + 1))
    head -n 3 "$f" | grep -Eq "$tag: (MIT|CC0-1\\.0)( |\$)" || missing+=("$f")
  done < <(git ls-files -- '*.c' '*.h' '*.sh' '*.bash' '*.bats' '*.mk' '*.py' '*.yml' '*.yaml' '*.in' '*.lua' \
             Makefile .ci/run .clusterfuzzlite/Dockerfile | grep -v '^fuzz/corpus/')
  echo "$n source files; without an SPDX line: ${missing[*]:-none}"
  [ "$n" -gt 300 ]
  [ ${#missing[@]} -eq 0 ]
}

@test "each path .reuse/dep5 gives the data license names files" {
  # (Files: lines and their continuations, printed when License: CC0-1.0 follows)
  globs=$(awk '/^Files:/ { sub(/^Files:/, ""); f = $0; cont = 1; next }
               /^ / && cont { f = f " " $0; next }
               { cont = 0 }
               /^License: CC0-1.0/ { print f }' .reuse/dep5)
  [ -n "$globs" ]
  set -f # (the globs go to git as they are)
  for g in $globs; do
    m=$(git ls-files -- "$g" | head -n 1)
    [ -n "$m" ] || { echo "$g names no file"; false; }
  done
  set +f
}

@test "LICENSE, LICENSES/ and README name both licenses" {
  [ -f LICENSE ] && [ -f LICENSES/MIT.txt ] && [ -f LICENSES/CC0-1.0.txt ]
  grep -q 'SPDX identifier MIT' LICENSE
  grep -q 'SPDX identifier CC0-1.0' LICENSE
  grep -q '^## License' README.md
  sed -n '/^## License/,/^## /p' README.md | grep -q 'MIT'
  sed -n '/^## License/,/^## /p' README.md | grep -q 'CC0'
}
