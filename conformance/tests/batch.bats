#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# `batch` (conformance/PROTOCOL.md; text_driver.c's cmd_batch, the runner's
# batch.c): a text tool run once over many sections answers each as a run
# on that section alone does.  For each text-tool adapter built, a sample
# of the corpus run batched (the default) and with every command in a
# process of its own (--no-serve) gives every case the same status,
# detail, exit and stderr (a crash's stderr aside); the adapter's own answers to `batch` are its
# answers to `decode`, also for a section the tool crashes on in the
# middle of a batch, and for requests that are not a decode.
# Environment (ci/run-tests.sh): BUILD (default build), CORPUS.

load helpers

setup() {
  runner_env
}

# same_batched ADAPTER SAMPLE: the sample batched and on its own agree.
same_batched() {
  [ -x "$B/sfadapter-$1" ] || skip "sfadapter-$1 not built (its toolchain is absent)"
  run "$B/sfconform" --no-progress --corpus "$C" --out "$T/b" --sample "$2" "$1"
  [ "$status" -le 1 ]
  [[ "$output" == *"batched: "*" decodes answered ahead by "* ]]
  local n; n=$(sed -n 's/.*batched: \([0-9]*\) decodes.*/\1/p' <<< "$output")
  [ "$n" -gt 50 ]
  run "$B/sfconform" --no-progress --no-serve --corpus "$C" --out "$T/o" --sample "$2" "$1"
  [ "$status" -le 1 ]
  [ "$(wc -l < "$T/b/$1/results.jsonl")" -gt 50 ]
  # (a crash's own words may differ: a reader that reads past its buffers
  # meets what lies there, and a served process's memory is not a fresh
  # one's, PROTOCOL.md; a skipped case is one that does so by its skip list)
  local f='if .status == "skip" then [.id,.status] else
           [.id,.status,.detail,.exit,(if .status == "crash" then "" else .stderr end)] end'
  diff <(jq -c "$f" "$T/b/$1/results.jsonl") <(jq -c "$f" "$T/o/$1/results.jsonl")
}

@test "objdump-2.40 batched: every case as on its own (sample)" { same_batched objdump-2.40 15; }
@test "readelf-2.40 batched: every case as on its own (sample)" { same_batched readelf-2.40 15; }
@test "objdump-2.47 batched: every case as on its own (sample)" { same_batched objdump-2.47 15; }
@test "readelf-2.47 batched: every case as on its own (sample)" { same_batched readelf-2.47 15; }
@test "llvm-readobj-22 batched: every case as on its own (sample)" { same_batched llvm-readobj-22 15; }

# req ARGS...: one request, as the protocol frames it.
req() { printf '%s\0' "$@"; printf '\0'; }

@test "the adapter's batch answers: a crash in the middle, a bad request and a second command, each as on its own" {
  a=readelf-2.47
  [ -x "$B/sfadapter-$a" ] || skip "sfadapter-$a not built (no sid toolchain)"
  path() { grep -h "^$1 " "$C"/manifest-v*.txt | awk '{ print $6 }'; }
  vma() { sed -n 's/^vma: //p' "$C/${1%.sframe}.expect"; }
  # a section readelf 2.47 dies of a signal on (its expected file says
  # crash: the first such that aborts), between two it reads
  pc=
  for id in $(awk '$2 == "crash" { print $1 }' conformance/expected/$a.txt | head -n 20); do
    p=$(path "$id"); [ -n "$p" ] || continue
    SFADAPTER_TIMEOUT=2 "$B/sfadapter-$a" decode "$C/$p" "$(vma "$p")" > /dev/null 2>&1 && continue
    rc=$?
    if [ "$rc" -gt 128 ] && [ "$rc" != 124 ]; then pc=$p; break; fi
  done
  [ -n "$pc" ]
  ok=$(awk '$2 == "pass" && $1 ~ /-v3-amd64-le$/ { print $1; exit }' conformance/expected/$a.txt)
  po=$(path "$ok")
  [ -n "$po" ]
  { req decode "$C/$po" "$(vma "$po")"; req decode "$C/$pc" "$(vma "$pc")"
    req decode "$C/$po" "$(vma "$po")"; req decode "$T/no-such.sframe" 0; req capabilities; } > "$T/in"
  "$B/sfadapter-$a" batch < "$T/in" > "$T/answers"
  # each answer against the same command run on its own
  python3 - "$T/answers" "$B/sfadapter-$a" "$C/$po" "$(vma "$po")" "$C/$pc" "$(vma "$pc")" "$T/no-such.sframe" <<'PY'
import subprocess, sys
data = open(sys.argv[1], 'rb').read()
adapter = sys.argv[2]
cmds = [["decode", sys.argv[3], sys.argv[4]], ["decode", sys.argv[5], sys.argv[6]],
        ["decode", sys.argv[3], sys.argv[4]], ["decode", sys.argv[7], "0"], ["capabilities"]]
at = 0
for i, c in enumerate(cmds):
    nl = data.index(b"\n", at)
    code, ol, el = (int(x) for x in data[at:nl].split())
    out = data[nl + 1:nl + 1 + ol]; err = data[nl + 1 + ol:nl + 1 + ol + el]
    at = nl + 1 + ol + el
    p = subprocess.run([adapter] + c, capture_output=True)
    # a signal is -SIG in the answer, as Python says it
    assert (code, out, err) == (p.returncode, p.stdout, p.stderr), (i, c, code, p.returncode, err[:200], p.stderr[:200])
    if i == 1:
        assert code < 0 or code not in (0, 1), ("the crash case did not crash", code)
assert at == len(data), "bytes after the last answer"
PY
}
