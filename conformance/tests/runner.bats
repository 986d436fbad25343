#!/usr/bin/env bats
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
