# SPDX-License-Identifier: MIT
# helpers.bash - what the runner's Bats suites share (bats `load helpers`).
# Environment (ci/run-tests.sh): BUILD (default build), CORPUS (default
# build/corpus).

# runner_env: B (the programs), C (the corpus), T (the test's temporary
# directory), for a suite's setup.
runner_env() {
  : "${BUILD:=build}"
  B="$BUILD/bin"
  C="${CORPUS:-build/corpus}"
  T="$BATS_TEST_TMPDIR"
}

# mini_corpus ID...: a corpus under $T/corpus of the named catalogue
# sections (their manifest lines and files).
mini_corpus() {
  mkdir -p "$T/corpus/catalogue"
  : > "$T/corpus/manifest-v1.txt"; : > "$T/corpus/manifest-v2.txt"; : > "$T/corpus/manifest-v3.txt"
  for id in "$@"; do
    line=$(grep -h "^$id " "$C"/manifest-v*.txt)
    [ -n "$line" ] || { echo "no section $id"; return 1; }
    v=$(sed -n 's/.*-v\([123]\)-.*/\1/p' <<< "$id")
    echo "$line" >> "$T/corpus/manifest-v$v.txt"
    cp "$C/catalogue/$id".* "$T/corpus/catalogue/"
  done
}

# status_of ID IMPL, detail_of ID IMPL: a case's status and detail in the
# results sfconform wrote under $T/out.
status_of() { jq -r --arg id "$1" 'select(.id == $id) | .status' "$T/out/$2/results.jsonl"; }
detail_of() { jq -r --arg id "$1" 'select(.id == $id) | .detail' "$T/out/$2/results.jsonl"; }
