#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The runner against adapters that flood, hang, leave children behind, or
# are killed mid-run (conformance/tests/hostile-adapter.sh): each case is
# stopped with a status that names what happened, the runner's memory stays
# bounded, a hung adapter is given up on, and nothing is left running.
# Environment (ci/run-tests.sh): BUILD (default build).

load helpers

setup() {
  runner_env
  export SFADAPTER_REFERENCE="$PWD/$B/sfadapter-reference"
  # a sleep of a length no other process uses: what is left of the adapters
  export HOSTILE_MARK=$((4000 + RANDOM))
  mkdir -p "$T/conf"
}

teardown() {
  pkill -KILL -x -f "sleep $HOSTILE_MARK" 2>/dev/null || true
}

# left_running: how many of the adapters' sleeps still run
left_running() { pgrep -c -x -f "sleep $HOSTILE_MARK" || true; }

# peak_kb CMD...: runs CMD in the background and prints, in kB, the most
# this run's sfconform processes (the runner and its workers, the runner's
# children of that name; not other runs on the machine, such as another
# suite's beside this one) held at once, sampled every 50 ms; CMD's exit
# status in $T/rc.
peak_kb() {
  "$@" > "$T/log" 2>&1 &
  local pid=$! peak=0 now
  while kill -0 "$pid" 2>/dev/null; do
    now=$(ps -o rss=,comm= -p "$pid" --ppid "$pid" | awk '$2 == "sfconform" {s += $1} END {print s + 0}')
    [ "$now" -gt "$peak" ] && peak=$now
    sleep 0.05
  done
  wait "$pid"; echo $? > "$T/rc"
  echo "$peak"
}

@test "an adapter that prints without end is stopped at the cap: too-much-output, memory bounded" {
  mini_corpus unwind-three-frames-v2-amd64-le fre-start-at-size-v2-amd64-le pcmask-fre-at-rep-size-v2-amd64-le
  export HOSTILE=flood
  start=$SECONDS
  peak=$(peak_kb "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" \
    --timeout 20 --no-progress "flood=$PWD/conformance/tests/hostile-adapter.sh")
  cat "$T/log"
  [ "$(cat "$T/rc")" -eq 1 ]
  for id in unwind-three-frames-v2-amd64-le fre-start-at-size-v2-amd64-le pcmask-fre-at-rep-size-v2-amd64-le; do
    [ "$(status_of $id flood)" = too-much-output ]
    [[ "$(detail_of $id flood)" == "decode: printed more than "*" MiB, the most the runner keeps for this case; stopped there" ]]
  done
  grep -q "0 passed, 3 failed" "$T/log"
  echo "peak: $peak kB, $((SECONDS - start)) s"
  [ "$peak" -gt 0 ] && [ "$peak" -lt $((64 * 1024)) ]
  [ $((SECONDS - start)) -lt 20 ]            # stopped at the cap, not at the time limit
}

@test "an adapter that never answers is stopped after $((5)) timeouts in a row, within 60 s" {
  export HOSTILE=hang
  start=$SECONDS
  run "$B/sfconform" --corpus "$C" --out "$T/out" --confdir "$T/conf" --sample 20 \
    --timeout 4 --no-progress "hang=$PWD/conformance/tests/hostile-adapter.sh"
  echo "$output"
  elapsed=$((SECONDS - start))
  echo "elapsed: $elapsed s"
  [ "$status" -eq 1 ]
  [ "$elapsed" -lt 60 ]
  [[ "$output" == *"sfconform: hang: stopped: 5 cases in a row got no answer within --timeout 4 s"* ]]
  timeouts=$(jq -r 'select(.status == "timeout") | .id' "$T/out/hang/results.jsonl" | wc -l)
  notrun=$(jq -r 'select(.status == "not-run") | .id' "$T/out/hang/results.jsonl" | wc -l)
  [ "$timeouts" -ge 5 ] && [ "$timeouts" -le 12 ]
  [ "$notrun" -gt 100 ]
  [ "$(jq -r 'select(.status == "not-run") | .detail' "$T/out/hang/results.jsonl" | sort -u)" = \
    "not run: the adapter timed out on 5 cases in a row before it (--keep-going runs every case)" ]
  [ "$(left_running)" -eq 0 ]
}

@test "--keep-going runs every case of an adapter that never answers" {
  mini_corpus unwind-three-frames-v2-amd64-le fre-start-at-size-v2-amd64-le pcmask-fre-at-rep-size-v2-amd64-le \
    unwind-three-frames-v1-amd64-le fre-start-at-size-v1-amd64-le pcmask-fre-at-rep-size-v3-amd64-le
  export HOSTILE=hang
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" -j 1 \
    --timeout 1 --keep-going --no-progress "hang=$PWD/conformance/tests/hostile-adapter.sh"
  echo "$output"
  [ "$status" -eq 1 ]
  [ "$(jq -r .status "$T/out/hang/results.jsonl" | sort -u)" = timeout ]
  [ "$(wc -l < "$T/out/hang/results.jsonl")" -eq 6 ]
  [ "$(left_running)" -eq 0 ]
}

@test "an adapter's children holding its output do not hold up the case, and are killed" {
  mini_corpus unwind-three-frames-v2-amd64-le fre-start-at-size-v2-amd64-le pcmask-fre-at-rep-size-v2-amd64-le
  export HOSTILE=children
  start=$SECONDS
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" -j 1 \
    --timeout 30 --no-progress "kids=$PWD/conformance/tests/hostile-adapter.sh"
  echo "$output"
  elapsed=$((SECONDS - start))
  echo "elapsed: $elapsed s"
  [ "$status" -eq 0 ]
  [ "$(jq -r .status "$T/out/kids/results.jsonl" | sort -u)" = pass ]
  # about a second of grace per command, never the 30 s time limit
  [ "$elapsed" -lt 25 ]
  [ "$(left_running)" -eq 0 ]
}

@test "SIGTERM and SIGINT end the cases in flight, leave nothing running, and keep what was decided" {
  export HOSTILE=hang
  for sig in TERM INT; do
    rm -rf "$T/out"
    "$B/sfconform" --corpus "$C" --out "$T/out" --confdir "$T/conf" --sample 20 -j 2 \
      --timeout 3 --keep-going --no-progress "hang=$PWD/conformance/tests/hostile-adapter.sh" \
      > "$T/log" 2>&1 &
    pid=$!
    sleep 5                                  # a timeout or two decided, two cases in flight
    [ "$(left_running)" -ge 1 ]
    kill -$sig $pid
    rc=0; wait $pid || rc=$?
    cat "$T/log"
    case $sig in TERM) [ "$rc" -eq 143 ] ;; INT) [ "$rc" -eq 130 ] ;; esac
    [ "$(left_running)" -eq 0 ]
    [ "$(pgrep -c -P $pid || true)" -eq 0 ]
    grep -q "sfconform: interrupted (signal" "$T/log"
    jq -r .status "$T/out/hang/results.jsonl" | sort | uniq -c
    [ "$(jq -r 'select(.status == "timeout") | .id' "$T/out/hang/results.jsonl" | wc -l)" -ge 1 ]
    [ "$(jq -r 'select(.status == "not-run") | .id' "$T/out/hang/results.jsonl" | wc -l)" -gt 100 ]
    [ -z "$(jq -r 'select(.status != "not-run" and .status != "timeout" and .status != "unsupported") | .id' "$T/out/hang/results.jsonl")" ]
  done
}

@test "IMPLs side by side: a signal to the runner alone reaches each IMPL's process; what they decided is kept, those not started are named" {
  export HOSTILE=hang
  a="$PWD/conformance/tests/hostile-adapter.sh"
  "$B/sfconform" --corpus "$C" --out "$T/out" --confdir "$T/conf" --sample 20 -j 2 \
    --timeout 3 --keep-going --no-progress "one=$a" "two=$a" "three=$a" > "$T/log" 2>&1 &
  pid=$!
  sleep 5                                    # two IMPLs at once (-j 2), two cases in flight
  [ "$(left_running)" -ge 1 ]
  kill -TERM $pid                            # the runner only, not its process group
  rc=0; wait $pid || rc=$?
  cat "$T/log"
  [ "$rc" -eq 143 ]
  [ "$(left_running)" -eq 0 ]
  [ "$(pgrep -c -P $pid || true)" -eq 0 ]
  grep -q "^running one " "$T/log"
  grep -q "^running two " "$T/log"
  ! grep -q "^running three " "$T/log"
  grep -qx "sfconform: interrupted (signal 15): not run: three" "$T/log"
  # (which of the two had the two tokens, and decided a case, is the
  # machine's to say: the tokens are not dealt out in turn)
  for i in one two; do
    grep -q "sfconform: interrupted (signal 15): $i stopped with its cases in flight" "$T/log"
    [ "$(jq -r 'select(.status == "not-run") | .id' "$T/out/$i/results.jsonl" | wc -l)" -gt 100 ]
    [ -z "$(jq -r 'select(.status != "not-run" and .status != "timeout" and .status != "unsupported") | .id' "$T/out/$i/results.jsonl")" ]
  done
  [ "$(cat "$T/out/one/results.jsonl" "$T/out/two/results.jsonl" | jq -r 'select(.status == "timeout") | .id' | wc -l)" -ge 1 ]
  [ ! -e "$T/out/three/results.jsonl" ]
  grep -q '"impls":\["one","two"\]' "$T/out/index.html"
}
