#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sfconform --strict --tap: the oracle's own check of the corpus (what
# corpus/check-corpus.sh did in bash): the exact finding of every rejected
# and questionable case, a real section's objdump text byte for byte, and
# an invalid section's lookups, as TAP per corpus source.
# Environment (ci/run-tests.sh): BUILD (default build), CORPUS.

load helpers

setup() {
  runner_env
  REF="$PWD/$B/sfadapter-reference"
  mkdir -p "$T/corpus"
  for v in 1 2 3; do : > "$T/corpus/manifest-v$v.txt"; done
  real=$(grep -h ' real/' "$C"/manifest-v*.txt | awk '{ print $1 }' | head -n 1)
  for id in fre-start-at-size-v1-amd64-le fde-duplicate-v1-amd64-le "$real"; do
    line=$(grep -h "^$id " "$C"/manifest-v*.txt)
    [ -n "$line" ]
    v=$(grep -l "^$id " "$C"/manifest-v*.txt | sed 's/.*manifest-v\([123]\).txt/\1/')
    echo "$line" >> "$T/corpus/manifest-v$v.txt"
    rel=$(awk '{ print $6 }' <<< "$line")
    mkdir -p "$T/corpus/$(dirname "$rel")"
    cp "$C/${rel%.sframe}".* "$T/corpus/$(dirname "$rel")/"
  done
  [ -f "$T/corpus/${rel%.sframe}.objdump" ]
}

strict() { run "$B/sfconform" --strict --tap --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" "$@"; }

@test "strict: the oracle gives every expected result, TAP per source on stdout" {
  strict reference
  [ "$status" -eq 0 ]
  [[ "$output" == *"ok 1 - corpus catalogue (reference): 2 sections give their expected results"* ]]
  [[ "$output" == *"ok 2 - corpus real (reference): 1 sections give their expected results"* ]]
  [[ "$output" == *"1..2"* ]]
}

@test "strict: an adapter that names no finding passes plainly but not strictly" {
  cat > "$T/quiet" <<EOS
#!/bin/sh
"$REF" "\$@" 2>/dev/null
EOS
  chmod +x "$T/quiet"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/plain" --confdir "$T/conf" "quiet=$T/quiet"
  [ "$status" -eq 0 ]
  strict "quiet=$T/quiet"
  [ "$status" -eq 1 ]
  [ "$(status_of fre-start-at-size-v1-amd64-le quiet)" = wrong-finding ]
  [[ "$(detail_of fre-start-at-size-v1-amd64-le quiet)" == "accepted without naming the questionable finding fre-start-at-size" ]]
  [ "$(status_of fde-duplicate-v1-amd64-le quiet)" = wrong-finding ]
  [[ "$output" == *"not ok 1 - corpus catalogue (quiet): 2 of 2 sections differ"* ]]
}

@test "strict: a changed objdump text line, or a changed lookup of an invalid section, is wrong-output" {
  cat > "$T/skew" <<EOS
#!/bin/sh
case "\$1" in
  objdump) "$REF" "\$@" | sed '3s/\$/ /' ;;
  lookup) out=\$("$REF" "\$@"); rc=\$?    # an invalid section's lookups (exit 1) changed
    if [ \$rc -eq 1 ]; then printf '%s\\n' "\$out" | sed 's/"found"/"no-fre"/'; else printf '%s\\n' "\$out"; fi
    exit \$rc ;;
  *) exec "$REF" "\$@" ;;
esac
EOS
  chmod +x "$T/skew"
  strict "skew=$T/skew"
  [ "$status" -eq 1 ]
  [ "$(status_of "$real" skew)" = wrong-output ]
  [[ "$(detail_of "$real" skew)" == "objdump: differs from the corpus text at line 3" ]]
  [ "$(status_of fde-duplicate-v1-amd64-le skew)" = wrong-output ]
  [[ "$(detail_of fde-duplicate-v1-amd64-le skew)" == "lookup of a rejected section: differs from the corpus text at line 1" ]]
}
