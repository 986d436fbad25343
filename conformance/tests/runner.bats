#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The conformance runner (conformance/PROTOCOL.md): every status from a
# deliberately broken adapter, skip lists, expected-results files, the
# example adapter in both forms, and the bundled adapters on a sample.
# Environment (ci/run-tests.sh): BUILD (default build).

load helpers

setup() {
  runner_env
  export SFADAPTER_REFERENCE="$PWD/$B/sfadapter-reference"
}



@test "a broken adapter: every misbehaviour gets its status, and the runner survives" {
  mini_corpus unwind-three-frames-v1-amd64-le functions-1000-v1-amd64-le \
    fre-start-at-size-v1-amd64-le unwind-memory-missing-v1-amd64-le fre-data-overrun-v1-amd64-le \
    fre-data-overrun-shared-v1-amd64-le unwind-three-frames-v3-amd64-le \
    unwind-three-frames-v2-amd64-le fre-data-overrun-v1-aarch64le-le \
    abi-endian-mismatch-no-functions-v1-aarch64le-be
  mkdir -p "$T/conf"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" --timeout 2 -j 2 \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$status" -eq 1 ]                        # failures, and no expected file
  [ "$(status_of unwind-three-frames-v1-amd64-le broken)" = crash ]
  [[ "$(detail_of unwind-three-frames-v1-amd64-le broken)" == *"signal 11"* ]]
  [ "$(status_of functions-1000-v1-amd64-le broken)" = timeout ]
  [ "$(status_of fre-start-at-size-v1-amd64-le broken)" = wrong-output ]
  [[ "$(detail_of fre-start-at-size-v1-amd64-le broken)" == "decode: functions[0].size: got 999, want "* ]]
  [ "$(status_of unwind-memory-missing-v1-amd64-le broken)" = should-accept ]
  [ "$(status_of fre-data-overrun-v1-amd64-le broken)" = should-reject ]
  [ "$(status_of fre-data-overrun-shared-v1-amd64-le broken)" = wrong-finding ]
  [[ "$(detail_of fre-data-overrun-shared-v1-amd64-le broken)" == "named fde-overlap, want fre-data-overrun" ]]
  [ "$(status_of unwind-three-frames-v3-amd64-le broken)" = wrong-output ]
  [[ "$(detail_of unwind-three-frames-v3-amd64-le broken)" == "unwind 1: frames[2].pc: got \"0x9001\", want \"0x9000\"" ]]
  [ "$(status_of unwind-three-frames-v2-amd64-le broken)" = unsupported ]
  [ "$(status_of fre-data-overrun-v1-aarch64le-le broken)" = pass ]
  [[ "$(status_of abi-endian-mismatch-no-functions-v1-aarch64le-be broken)" == impl-* ]]
  [[ "$output" == *"1 passed, 7 failed"* ]]
  [ "$(wc -l < "$T/out/broken/results.jsonl")" -eq 10 ]
  grep -q '^const DATA = {"generated"' "$T/out/index.html"
  grep -q '| broken |' "$T/out/summary.md"
}

@test "the matrix keeps what it knows: a run of one IMPL replaces its column and keeps the others'" {
  mini_corpus unwind-three-frames-v1-amd64-le fre-data-overrun-v1-amd64-le unwind-three-frames-v3-amd64-le
  mkdir -p "$T/conf"
  export SOURCE_DATE_EPOCH=1767225600   # 2026-01-01 00:00 UTC
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" reference
  [ "$status" -eq 0 ]
  [ "$(jq -r .date "$T/out/reference/run.json")" = "2026-01-01 00:00 UTC" ]
  [ "$(jq -r .sections "$T/out/reference/run.json")" -eq 3 ]
  export SOURCE_DATE_EPOCH=1767312000   # a day later
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" --timeout 2 \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$status" -eq 1 ]                                   # broken's failures; the kept column never counts
  [[ "$output" == *"with 1 implementation kept from earlier runs into $T/out: reference (2026-01-01 00:00 UTC)"* ]]
  grep -q '"impls":\["broken","reference"\]' "$T/out/index.html"
  grep -q '"versions":\[[^]]*2026-01-02 00:00 UTC",[^]]*2026-01-01 00:00 UTC (an earlier run)"\]' "$T/out/index.html"
  grep -q '^| reference | .* | 2026-01-01 00:00 UTC (an earlier run) | 3 |' "$T/out/summary.md"
  # reference again: its column replaced (one of it), broken's kept with broken's statuses
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" reference
  [ "$status" -eq 0 ]
  grep -q '"impls":\["reference","broken"\]' "$T/out/index.html"
  [ "$(grep -c '^| reference |' "$T/out/summary.md")" -eq 1 ]
  grep -q '^| broken | .* | 2026-01-02 00:00 UTC (an earlier run) |' "$T/out/summary.md"
  grep -q '"status":"crash"' "$T/out/index.html"        # broken's crash on the v1 unwind case, kept
  # a case the kept run never decided (a larger corpus now) is not-run in its column
  mini_corpus unwind-three-frames-v1-amd64-le fre-data-overrun-v1-amd64-le unwind-three-frames-v3-amd64-le \
    unwind-three-frames-v2-amd64-le
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" reference
  [ "$status" -eq 0 ]
  awk -F' [|] ' '$1 == "| broken" { exit !($12 == 1) }' "$T/out/summary.md"   # not-run: 1
}

@test "the corpus release: every results file names it; a kept run of another release says so; a bad VERSION exits 2" {
  mini_corpus unwind-three-frames-v1-amd64-le fre-data-overrun-v1-amd64-le
  mkdir -p "$T/conf"
  # a corpus without VERSION (made by hand) is "unreleased"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" reference
  [ "$status" -eq 0 ]
  [ "$(jq -r .corpus "$T/out/reference/run.json")" = unreleased ]
  echo 7.7.7 > "$T/corpus/VERSION"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" --timeout 2 \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$(jq -r .corpus "$T/out/broken/run.json")" = 7.7.7 ]
  [ "$(jq -r .corpus "$T/out/broken/failures.json")" = 7.7.7 ]
  [ "$(jq -r .corpus "$T/out/broken/results.jsonl" | sort -u)" = 7.7.7 ]
  grep -q '^2 sections of corpus release 7\.7\.7\.$' "$T/out/summary.md"
  grep -q '"corpus":"7.7.7"' "$T/out/index.html"
  # the reference's kept column was judged on another corpus: it says which
  grep -q '^| reference | .* (an earlier run), corpus unreleased |' "$T/out/summary.md"
  grep -q 'corpus unreleased"' "$T/out/index.html"
  # a VERSION that is not one token on one line is an error, not a name
  printf '7.7 beta\n' > "$T/corpus/VERSION"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" reference
  [ "$status" -eq 2 ]
  [[ "$output" == *"$T/corpus/VERSION: not one line naming a release"* ]]
}

@test "skip lists: a skipped case is run and reported as skip; one that passes is an error" {
  mini_corpus unwind-memory-missing-v1-amd64-le fre-data-overrun-v1-aarch64le-le
  mkdir -p "$T/conf/skip"
  printf '# pattern reason\nunwind-memory-missing-v1-* the adapter rejects it (test)\n' > "$T/conf/skip/broken.txt"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$status" -eq 0 ]
  [ "$(status_of unwind-memory-missing-v1-amd64-le broken)" = skip ]
  [[ "$(detail_of unwind-memory-missing-v1-amd64-le broken)" == "the adapter rejects it (test) [should-accept: "* ]]
  echo 'fre-data-overrun-v1-aarch64le-le passes, so this entry is stale' >> "$T/conf/skip/broken.txt"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$status" -eq 1 ]
  [[ "$output" == *"fre-data-overrun-v1-aarch64le-le passes but is on the skip list"* ]]
  printf 'no-reason-given\n' > "$T/conf/skip/broken.txt"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$status" -eq 2 ]; [[ "$output" == *"needs a reason"* ]]
}

@test "expected-results files: a change of behaviour is a difference" {
  mini_corpus fre-data-overrun-v1-aarch64le-le unwind-memory-missing-v1-amd64-le
  mkdir -p "$T/conf/expected"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" --update-expected \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
  grep -q '^unwind-memory-missing-v1-amd64-le should-accept$' "$T/conf/expected/broken.txt"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$status" -eq 0 ]; [[ "$output" == *"as expected"* ]]
  sed -i 's/ should-accept$/ pass/' "$T/conf/expected/broken.txt"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" \
    "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$status" -eq 1 ]
  [[ "$output" == *"unwind-memory-missing-v1-amd64-le: was pass, now should-accept"* ]]
}

@test "the example adapter passes as an executable and as a shared library" {
  run "$B/sfconform" --corpus "$C" --out "$T/out" --sample 40 "$B/example-adapter" "$BUILD/lib/example-adapter.so"
  [ "$status" -eq 0 ]
  [ "$(jq -r .status "$T/out/example-adapter/results.jsonl" | sort -u | grep -cv -e '^pass$' -e '^impl-')" -eq 0 ]
  [ "$(jq -r .status "$T/out/example-adapter.so/results.jsonl" | sort -u | grep -cv -e '^pass$' -e '^impl-')" -eq 0 ]
  [ "$(grep -c '"status":"pass"' "$T/out/example-adapter.so/results.jsonl")" -gt 50 ]
  [ "$(wc -l < conformance/examples/example-adapter.c)" -lt 200 ]
}

@test "usage: no IMPL, a missing one, or one whose capabilities fail exit 2" {
  run "$B/sfconform";                          [ "$status" -eq 2 ]
  run "$B/sfconform" "$T/nothing-here";        [ "$status" -eq 2 ]; [[ "$output" == *"no such implementation"* ]]
  printf '#!/bin/sh\nexit 3\n' > "$T/dud"; chmod +x "$T/dud"
  run "$B/sfconform" "$T/dud";                 [ "$status" -eq 2 ]; [[ "$output" == *"capabilities"* ]]
}

@test "usage: each bad option is named with its value, exit 2, before any case runs" {
  run "$B/sfconform";                          [ "$status" -eq 2 ]; [[ "$output" == *"no IMPL given"* ]]
  run "$B/sfconform" -j abc reference;         [ "$status" -eq 2 ]; [[ "$output" == *"-j wants 1 to 256 workers, not 'abc'"* ]]
  run "$B/sfconform" -j 0 reference;           [ "$status" -eq 2 ]; [[ "$output" == *"not '0'"* ]]
  run "$B/sfconform" --timeout -1 reference;   [ "$status" -eq 2 ]; [[ "$output" == *"--timeout wants seconds"*"'-1'"* ]]
  run "$B/sfconform" --timeout 2x reference;   [ "$status" -eq 2 ]; [[ "$output" == *"'2x'"* ]]
  run "$B/sfconform" --sample 0 reference;     [ "$status" -eq 2 ]; [[ "$output" == *"--sample wants N"* ]]
  run "$B/sfconform" --bogus reference;        [ "$status" -eq 2 ]; [[ "$output" == *"unknown option '--bogus'"* ]]
  run "$B/sfconform" reference --corpus;       [ "$status" -eq 2 ]; [[ "$output" == *"without its value: '--corpus'"* ]]
  [[ "$output" != *running* ]]
}

@test "nothing checked is no pass: an empty corpus exits 2, an IMPL whose capabilities exclude every case fails" {
  mkdir -p "$T/empty"; : > "$T/empty/manifest-v1.txt"; : > "$T/empty/manifest-v2.txt"; : > "$T/empty/manifest-v3.txt"
  run "$B/sfconform" --corpus "$T/empty" --out "$T/out" "$B/sfadapter-reference"
  [ "$status" -eq 2 ]; [[ "$output" == *"list no sections: nothing to check"* ]]
  mini_corpus unwind-three-frames-v2-amd64-le   # the broken adapter declares versions 1 and 3 only
  mkdir -p "$T/conf"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$status" -eq 1 ]
  [[ "$output" == *"nothing checked: every case is outside the capabilities it declares"* ]]
  [ "$(status_of unwind-three-frames-v2-amd64-le broken)" = unsupported ]
}

@test "the runner's matrix renders in headless Chromium: a column per implementation, a cell per status" {
  CHROMIUM=${CHROMIUM:-$(command -v chromium || true)}
  [ -n "$CHROMIUM" ] || skip "no chromium binary (Debian's chromium package)"
  mini_corpus unwind-three-frames-v1-amd64-le functions-1000-v1-amd64-le fre-data-overrun-v1-aarch64le-le
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" --timeout 2 \
    reference "broken=$PWD/conformance/tests/broken-adapter.sh"
  [ "$status" -eq 1 ]
  timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$T/profile" --dump-dom "file://$T/out/index.html" > "$T/dom.html" 2>/dev/null
  [ "$(grep -o 'class="row' "$T/dom.html" | wc -l)" -eq 3 ]
  [ "$(grep -o 'class="cell st-crash' "$T/dom.html" | wc -l)" -eq 1 ]
  [ "$(grep -o 'class="cell st-timeout' "$T/dom.html" | wc -l)" -eq 1 ]
  [ "$(grep -o 'class="cell st-pass' "$T/dom.html" | wc -l)" -eq 4 ]
}

@test "strict JSON: an adapter that repeats a key, or prints a leading zero, gets wrong-output" {
  # A lax reader would keep the first "size" (the right one) and pass.
  mini_corpus fre-start-at-size-v1-amd64-le unwind-three-frames-v1-amd64-le
  cat > "$T/lax-adapter.sh" <<'SH'
#!/bin/sh
ref=${SFADAPTER_REFERENCE:?}
case "$1:$(basename "${2:-}")" in
  decode:fre-start-at-size-v1-amd64-le.sframe)
    "$ref" "$@" | sed 's/"size":\([0-9]*\)/"size":\1,"size":999/'; exit 0 ;;
  decode:unwind-three-frames-v1-amd64-le.sframe)
    "$ref" "$@" | sed 's/"num_fdes":\([0-9]*\)/"num_fdes":0\1/'; exit 0 ;;
esac
exec "$ref" "$@"
SH
  chmod +x "$T/lax-adapter.sh"
  # the edits above really apply to the reference's output
  "$SFADAPTER_REFERENCE" decode "$T/corpus/catalogue/fre-start-at-size-v1-amd64-le.sframe" 0x1000 |
    grep -q '"size":[0-9]'
  "$SFADAPTER_REFERENCE" decode "$T/corpus/catalogue/unwind-three-frames-v1-amd64-le.sframe" 0x1000 |
    grep -q '"num_fdes":[1-9]'
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" "lax=$T/lax-adapter.sh"
  [ "$status" -eq 1 ]
  [ "$(status_of fre-start-at-size-v1-amd64-le lax)" = wrong-output ]
  [[ "$(detail_of fre-start-at-size-v1-amd64-le lax)" == "decode: output is not JSON: offset "*": duplicate key \"size\" in an object" ]]
  [ "$(status_of unwind-three-frames-v1-amd64-le lax)" = wrong-output ]
  [[ "$(detail_of unwind-three-frames-v1-amd64-le lax)" == "decode: output is not JSON: offset "*": malformed number (a leading zero)" ]]
}

# declining ANSWER: an executable adapter that is the reference adapter, but
# answers ANSWER where the reference says rep-size-unknown.
declining() {
  cat > "$T/declining.sh" <<SH
#!/bin/bash
out=\$("$PWD/$B/sfadapter-reference" "\$@"); rc=\$?
printf '%s\n' "\$out" | sed 's/"status":"rep-size-unknown"/$1/g'
exit \$rc
SH
  chmod +x "$T/declining.sh"
}

@test "a version-1 PCMASK lookup the section cannot answer: declining (no-fre) passes, a row is wrong-output, --strict wants rep-size-unknown" {
  mini_corpus pcmask-v1-v1-amd64-le
  grep -q '"status":"rep-size-unknown"' "$T/corpus/catalogue/pcmask-v1-v1-amd64-le.lookup.json"
  mkdir -p "$T/conf"
  declining '"status":"no-fre"'
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" -j 1 "decl=$T/declining.sh"
  [ "$(status_of pcmask-v1-v1-amd64-le decl)" = pass ]
  run "$B/sfconform" --strict --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" -j 1 "decl=$T/declining.sh"
  [ "$(status_of pcmask-v1-v1-amd64-le decl)" = wrong-output ]
  declining '"status":"found","fde":0,"fre":1,"fre_start":6,"rules":null'
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" -j 1 "decl=$T/declining.sh"
  [ "$(status_of pcmask-v1-v1-amd64-le decl)" = wrong-output ]
  [[ "$(detail_of pcmask-v1-v1-amd64-le decl)" == lookup:*status*'got "found", want "rep-size-unknown"'* ]]
}

@test "the adapters' TMPDIR: unset, a directory of the run's own in /dev/shm, removed with what was left in it; set, the user's, untouched" {
  [ "$(stat -f -c %T /dev/shm 2> /dev/null)" = tmpfs ] || skip "/dev/shm is not a tmpfs here"
  mini_corpus fre-start-at-size-v1-amd64-le unwind-three-frames-v1-amd64-le
  # The reference adapter, which says where its TMPDIR is and leaves a
  # file there on every command.
  cat > "$T/tmp-adapter.sh" <<SH
#!/bin/sh
printf '%s\n' "\${TMPDIR:-unset}" >> "$T/seen"
[ -z "\${TMPDIR:-}" ] || : > "\$TMPDIR/left.\$\$"
exec "$PWD/$B/sfadapter-reference" "\$@"
SH
  chmod +x "$T/tmp-adapter.sh"
  run env -u TMPDIR "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" "tmp=$T/tmp-adapter.sh"
  [ "$status" -eq 0 ]
  [ "$(status_of unwind-three-frames-v1-amd64-le tmp)" = pass ]
  [ "$(sort -u "$T/seen" | wc -l)" -eq 1 ]
  dir=$(sed -n 1p "$T/seen")
  [[ "$dir" == /dev/shm/sfconform-* ]]
  [ ! -e "$dir" ]
  # The user's TMPDIR is the adapters' and is left as they left it.
  rm "$T/seen"; mkdir "$T/mine"
  run env TMPDIR="$T/mine" "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" "tmp=$T/tmp-adapter.sh"
  [ "$status" -eq 0 ]
  [ "$(sort -u "$T/seen")" = "$T/mine" ]
  [ "$(ls "$T/mine" | grep -c '^left\.')" -eq "$(wc -l < "$T/seen")" ]
}

@test "IMPLs side by side (-j 2): the results and the table of one IMPL at a time (-j 1); the longest latest run starts first" {
  export SOURCE_DATE_EPOCH=1767225600
  printf '#!/bin/sh\n[ "$1" = capabilities ] && exec "%s" capabilities\nsleep 0.02; exec "%s" "$@"\n' \
    "$PWD/$B/sfadapter-reference" "$PWD/$B/sfadapter-reference" > "$T/slow.sh"
  chmod +x "$T/slow.sh"
  impls=(reference "slow=$T/slow.sh" "example=$PWD/$B/example-adapter")
  run "$B/sfconform" --no-progress --corpus "$C" --out "$T/j1" --confdir "$T/conf" --sample 97 -j 1 "${impls[@]}"
  [ "$status" -eq 0 ]
  j1=$output
  run "$B/sfconform" --no-progress --corpus "$C" --out "$T/j2" --confdir "$T/conf" --sample 97 -j 2 "${impls[@]}"
  [ "$status" -eq 0 ]
  j2=$output
  for i in reference slow example; do
    [ "$(wc -l < "$T/j2/$i/results.jsonl")" -gt 40 ]
    diff <(sed 's/"ms":[0-9]*,//' "$T/j1/$i/results.jsonl") <(sed 's/"ms":[0-9]*,//' "$T/j2/$i/results.jsonl")
    jq -e '.seconds >= 0' "$T/j2/$i/run.json"
  done
  diff <(grep -E '^(reference|slow|example) ' <<< "$j1") <(grep -E '^(reference|slow|example) ' <<< "$j2")
  diff "$T/j1/summary.md" "$T/j2/summary.md"
  # none had run before: the order given
  [ "$(grep '^running' <<< "$j2" | cut -d' ' -f2 | tr '\n' ' ')" = "reference slow example " ]
  # the next run starts the longest latest run first, one never run first of all
  jq '.seconds = 9' "$T/j2/example/run.json" > "$T/x" && mv "$T/x" "$T/j2/example/run.json"
  jq '.seconds = 0.5' "$T/j2/reference/run.json" > "$T/x" && mv "$T/x" "$T/j2/reference/run.json"
  rm "$T/j2/slow/run.json"
  run "$B/sfconform" --no-progress --corpus "$C" --out "$T/j2" --confdir "$T/conf" --sample 97 -j 2 "${impls[@]}"
  [ "$status" -eq 0 ]
  [ "$(grep '^running' <<< "$output" | cut -d' ' -f2 | tr '\n' ' ')" = "slow example reference " ]
  diff <(grep -E '^(reference|slow|example) ' <<< "$j1") <(grep -E '^(reference|slow|example) ' <<< "$output")
}

@test "workers stream their results: -j 1 and -j 3 give the same results; the progress line names the implementation" {
  run "$B/sfconform" --no-progress --corpus "$C" --out "$T/j1" --sample 60 -j 1 "$B/sfadapter-reference"
  [ "$status" -eq 0 ]
  run "$B/sfconform" --no-progress --corpus "$C" --out "$T/j3" --sample 60 -j 3 "$B/sfadapter-reference"
  [ "$status" -eq 0 ]
  [ "$(wc -l < "$T/j1/sfadapter-reference/results.jsonl")" -gt 50 ]
  diff <(sed 's/"ms":[0-9]*,//' "$T/j1/sfadapter-reference/results.jsonl") \
       <(sed 's/"ms":[0-9]*,//' "$T/j3/sfadapter-reference/results.jsonl")
  # An adapter slow enough that the run passes the 2 s the line waits for.
  printf '#!/bin/sh\n[ "$1" = capabilities ] && exec "%s" capabilities\nsleep 0.4; exec "%s" "$@"\n' \
    "$PWD/$B/sfadapter-reference" "$PWD/$B/sfadapter-reference" > "$T/slow.sh"
  chmod +x "$T/slow.sh"
  "$B/sfconform" --progress --corpus "$C" --out "$T/slow" --sample 400 -j 1 "slow=$T/slow.sh" \
    > /dev/null 2> "$T/err"
  grep -q '^sfconform: slow: [0-9]*/[0-9]* cases, [0-9]*/s, [0-9]* s left$' "$T/err"
}

# The lengths of the named mini-corpus sections, "LEN=ACTION,...", for
# broken-lib.so's plan: ID=ACTION...
broken_plan() {
  local plan= id
  for a in "$@"; do
    id=${a%%=*}
    plan+="${plan:+,}$(stat -c %s "$T/corpus/catalogue/$id.sframe")=${a#*=}"
  done
  echo "$plan"
}

@test "serving: a library that crashes, hangs, exits or corrupts itself gets the statuses of one process per command" {
  ids=(all-functions-no-fres-v3-amd64-le cfa-base-fp-bit-clear-v3-amd64-le dataword-size-2-v3-amd64-le
       dataword-size-4-v3-amd64-le fde-end-at-top-v3-amd64-le fde-sorted-by-address-not-field-v3-amd64-le
       fde-zero-size-at-end-v3-amd64-le fixed-fp-offset-v3-amd64-le flex-and-default-v3-amd64-le)
  mini_corpus "${ids[@]}"
  # The plan names sections by length: the nine must differ.
  [ "$(for id in "${ids[@]}"; do stat -c %s "$T/corpus/catalogue/$id.sframe"; done | sort -u | wc -l)" -eq 9 ]
  export SFA_BROKEN_PLAN=$(broken_plan cfa-base-fp-bit-clear-v3-amd64-le=arm dataword-size-4-v3-amd64-le=crash \
    fde-end-at-top-v3-amd64-le=exit fde-sorted-by-address-not-field-v3-amd64-le=hang \
    fde-zero-size-at-end-v3-amd64-le=poison)
  mkdir -p "$T/conf"
  lib="$BUILD/lib/broken-lib.so"
  # served: the driver runs each command in a child forked from the serving
  # process (sfa_serve.h); inline: the serving process runs them itself
  # (SFA_SERVE_FORK=0), so that arm and poison reach later cases.
  for mode in served inline own; do
    flags=(); [ $mode = own ] && flags=(--no-serve)
    SFA_SERVE_FORK=1; [ $mode = inline ] && SFA_SERVE_FORK=0
    export SFA_SERVE_FORK
    run "$B/sfconform" "${flags[@]}" --no-progress --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" \
      --timeout 1 -j 1 "broken=$lib"
    [ "$status" -eq 1 ]
    cp "$T/out/broken/results.jsonl" "$T/$mode.jsonl"
    echo "$output" > "$T/$mode.out"
    # What the plan says, in either mode (arm and poison harm only later
    # cases of the same process, and those are decided again on their own).
    for id in "${ids[@]}"; do
      case $id in
        dataword-size-4-*) [ "$(status_of $id broken)" = crash ]; [[ "$(detail_of $id broken)" == "decode: killed by signal 11" ]] ;;
        fde-end-at-top-*) [ "$(status_of $id broken)" = crash ]; [[ "$(detail_of $id broken)" == "decode: exit status 5" ]] ;;
        fde-sorted-by-*) [ "$(status_of $id broken)" = timeout ] ;;
        *) [ "$(status_of $id broken)" = pass ] ;;
      esac
    done
    [[ "$output" == *"6 passed, 3 failed"* ]]
  done
  for mode in served inline; do
    diff <(jq -c '[.id,.status,.detail,.exit]' "$T/$mode.jsonl") <(jq -c '[.id,.status,.detail,.exit]' "$T/own.jsonl")
  done
  # How each served case was decided.  Forked: nothing carries, the crash,
  # the exit and the hang (no expected file anchors them) again on their
  # own, and only the hang ends a serving process.  Inline: armed and
  # poisoned cases too.
  [ "$(jq -r .run "$T/served.jsonl" | tr '\n' ' ')" = \
    "served served served confirmed confirmed confirmed served served served " ]
  grep -q 'served: 6 cases by 2 serving processes (1 went away); 3 decided again' "$T/served.out"
  [ "$(jq -r .run "$T/inline.jsonl" | tr '\n' ' ')" = \
    "served served confirmed confirmed confirmed confirmed served confirmed confirmed " ]
  grep -q 'served: 3 cases by 5 serving processes (4 went away); 6 decided again' "$T/inline.out"
  [ "$(jq -r .run "$T/own.jsonl" | sort -u)" = own ]
  ! grep -q 'served:' "$T/own.out"
}

@test "serving: an executable's serve command (here in bash) is used under --serve only; one that does not work is left, one that ends badly fails the run" {
  mini_corpus all-functions-no-fres-v3-amd64-le cfa-base-fp-bit-clear-v3-amd64-le dataword-size-2-v3-amd64-le
  mkdir -p "$T/conf"
  ref="$PWD/$B/sfadapter-reference"
  # `serve` by the protocol's framing, each command run by the oracle's adapter.
  cat > "$T/served.sh" <<EOS
#!/bin/bash
if [ "\$1" != serve ]; then exec "$ref" "\$@"; fi
args=()
while IFS= read -r -d '' a; do
  if [ -n "\$a" ]; then args+=("\$a"); continue; fi
  "$ref" "\${args[@]}" > "$T/o" 2> "$T/e"; code=\$?
  printf '%d %d %d\n' \$code \$(stat -c %s "$T/o") \$(stat -c %s "$T/e"); cat "$T/o" "$T/e"
  args=()
done
exit \${SERVE_END:-0}
EOS
  chmod +x "$T/served.sh"
  # Not served by default: a wrapper that passes on the capabilities of an
  # adapter that offers `serve` would have its own behaviour bypassed.
  run "$B/sfconform" --no-progress --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" -j 1 "sh=$T/served.sh"
  [ "$status" -eq 0 ]
  [ "$(jq -r .run "$T/out/sh/results.jsonl" | sort -u)" = own ]
  run "$B/sfconform" --serve --no-progress --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" -j 1 "sh=$T/served.sh"
  [ "$status" -eq 0 ]
  [[ "$output" == *"served: 3 cases by 1 serving processes (0 went away); 0 decided again"* ]]
  [ "$(jq -r .run "$T/out/sh/results.jsonl" | sort -u)" = served ]
  # Ending badly after the last case (as a leak checker's report at exit would).
  SERVE_END=4 run "$B/sfconform" --serve --no-progress --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" -j 1 "sh=$T/served.sh"
  [ "$status" -eq 1 ]
  [[ "$output" == *"sh: a serving process ended with exit status 4 after its last case"* ]]
  [ "$(status_of dataword-size-2-v3-amd64-le sh)" = pass ]
  # A `serve` that does not work: said, then one process per command.
  sed -i 's/^args=()$/exit 7/' "$T/served.sh"
  run "$B/sfconform" --serve --no-progress --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" -j 1 "sh=$T/served.sh"
  [ "$status" -eq 0 ]
  [[ "$output" == *'`serve` does not work (the serving process went away on all-functions-no-fres-v3-amd64-le'* ]]
  [ "$(jq -r .run "$T/out/sh/results.jsonl" | tr '\n' ' ')" = "confirmed own own " ]
  [ "$(jq -r .status "$T/out/sh/results.jsonl" | sort -u)" = pass ]
}

@test "serving: the bundled library adapters and the example library give the same outcomes served and on their own" {
  # By path: no expected-results file, so only accepted sections stand served.
  impls=("$B/sfadapter-reference" "$BUILD/lib/example-adapter.so")
  for a in libsframe-2.40 libsframe-2.44 libsframe-2.47 glibc-2.43; do
    if [ -x "$B/sfadapter-$a" ]; then impls+=("$B/sfadapter-$a"); fi
  done
  for im in "${impls[@]}"; do
    n=$(basename "$im")
    run "$B/sfconform" --no-progress --corpus "$C" --out "$T/served" --sample 25 "$im"
    [[ "$output" == *"served: "[1-9]*" cases by "* ]]
    run "$B/sfconform" --no-progress --no-serve --corpus "$C" --out "$T/own" --sample 25 "$im"
    [[ "$output" != *"served: "* ]]
    [ "$(wc -l < "$T/own/$n/results.jsonl")" -gt 100 ]
    diff <(jq -c '[.id,.status,.detail,.exit]' "$T/served/$n/results.jsonl") \
         <(jq -c '[.id,.status,.detail,.exit]' "$T/own/$n/results.jsonl")
  done
}
