#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# `sfref dump --format=objdump-REL` against binutils REL's own objdump
# (conformance/objdump-text-check.sh), on a deterministic sample of the
# corpus: every case of the release's allowlist (conformance/objdump-text/
# allow-REL.txt, its bugs: SPEC-NOTES.md N26) and about 200 other valid or
# questionable sections.  Fails on a difference not allowlisted and on an
# allowlisted case that no longer differs.  A release whose objdump (or its
# adapter) is absent is skipped, saying why.  The whole corpus:
# `make objdump-text-check`.
# Environment (ci/run-tests.sh): BUILD (default build), CORPUS, REPO, SFREF.

setup() {
  : "${BUILD:=build}" "${CORPUS:=build/corpus}"
  REPO=${REPO:-$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}
  export BUILD CORPUS REPO
  [ -n "${SFREF:-}" ] && export SFREF
  [ -f "$CORPUS/manifest-v3.txt" ] || skip "no corpus at $CORPUS (make corpus)"
}

# check REL: run the check on the sample; skip when the tool is absent.
check() {
  run bash "$REPO/conformance/objdump-text-check.sh" "$1" --sample 200
  echo "$output"
  [ "$status" -ne 77 ] || skip "objdump $1 is not here: ${output##*: }"
  [ "$status" -eq 0 ]
  [[ "$output" == *" 0 not), 0 allowlisted but not differing;"* ]]
  # the sample compared something
  [[ "$output" =~ ([0-9]+)\ matched ]] && [ "${BASH_REMATCH[1]}" -gt 20 ]
}

@test "objdump-text: sfref's objdump-2.40 text is binutils 2.40's (sample)" {
  check 2.40
}

@test "objdump-text: sfref's objdump-2.44 text is binutils 2.44's (sample, versions 1 and 2)" {
  check 2.44
}

@test "objdump-text: sfref's objdump-2.47 text is binutils 2.47.50's (sample)" {
  check 2.47
}

@test "objdump-text: every allowlist entry is a corpus case with a B-numbered reason N26 explains" {
  notes=$(sed -n '/^## N26\./,/^## N27\./p' "$REPO/SPEC-NOTES.md")
  for f in "$REPO"/conformance/objdump-text/allow-*.txt; do
    rel=${f##*allow-}; rel=${rel%.txt}
    case $rel in 2.40) v="1" ;; 2.44) v="1 2" ;; 2.47) v="2 3" ;; *) echo "unknown release $rel"; false ;; esac
    ids=$(for x in $v; do awk '{ print $1 }' "$CORPUS/manifest-v$x.txt"; done)
    bad=""
    while read -r id reason; do
      grep -qxF "$id" <<< "$ids" || bad="$bad $id(not in the corpus)"
      b=$(grep -o '^B[0-9]*-[0-9]*' <<< "$reason")
      [ -n "$b" ] && [ "${b:1:3}" = "${rel/./}" ] || { bad="$bad $id(reason)"; continue; }
      grep -q "\*\*$b\*\*" <<< "$notes" || bad="$bad $id($b not in N26)"
    done < <(grep -v '^#' "$f" | grep .)
    [ -z "$bad" ] || { echo "$f:$bad"; false; }
  done
}

@test "objdump-text: the check refuses a release it has no objdump for, and a bad option" {
  run bash "$REPO/conformance/objdump-text-check.sh" 2.39
  [ "$status" -eq 2 ]
  [[ "$output" == *"no objdump 2.39"* ]]
  run bash "$REPO/conformance/objdump-text-check.sh" 2.47 --sample x
  [ "$status" -eq 2 ]
  [[ "$output" == *"usage:"* ]]
}
