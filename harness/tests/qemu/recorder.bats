#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The recorder (harness/plugin/sfr_truth.c) and harness/run.sh on the small
# programs of harness/progs, under QEMU: each truth case the harness must
# follow (nested setjmp levels through one site, signals, threads, stack
# switches), each program layout (static, static-pie, dynamic PIE), the
# incremental unwind against the full walk, and the run's own honesty
# (exit status, arguments, nothing checked is a failure).  Each test fails
# when the recorder regresses: the nested-setjmp program, for one, gave 300
# wrong unwinds of its own making before landings were keyed by SP.
# make check runs it (ci/check.sh); make harness-test alone.

setup_file() {
  export HERE="$BATS_TEST_DIRNAME/../../.."
  HERE=$(cd "$HERE" && pwd)
  export T="$HERE/build/harness/tests"
  mkdir -p "$T"
  # QEMU, the plugin and the tools of every architecture (a no-op once
  # built); one --bin run builds what the others reuse.
  bash "$HERE/ci/install-deps.sh" harness x86_64 aarch64 s390x > "$T/deps.log" 2>&1
  bash "$HERE/ci/toolchains.sh" sid binutils-s390x-linux-gnu > "$T/toolchains.log" 2>&1
  bash "$HERE/harness/build-qemu.sh" > "$T/qemu.log" 2>&1 || { tail -n 20 "$T/qemu.log" >&2; return 1; }
  local sid P=$HERE/harness/progs
  sid=$(bash "$HERE/ci/toolchains.sh" --print-root sid)
  mkdir -p "$T/gas-2.47-s390x"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$sid/bin/s390x-linux-gnu-as" > "$T/gas-2.47-s390x/as"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$sid/bin/s390x-linux-gnu-ld" > "$T/gas-2.47-s390x/ld"
  chmod +x "$T/gas-2.47-s390x/as" "$T/gas-2.47-s390x/ld"
  local f=(-std=gnu11 -O2 -fno-omit-frame-pointer -Wa,--gsframe)
  for p in nestjmp sigjmp coro deep exitwith frames; do
    gcc "${f[@]}" -static -o "$T/$p" "$P/$p.c"
  done
  gcc "${f[@]}" -static -pthread -o "$T/threads" "$P/threads.c"
  gcc "${f[@]}" -static-pie -o "$T/frames-spie" "$P/frames.c"
  gcc "${f[@]}" -fPIE -pie -o "$T/frames-pie" "$P/frames.c"
  aarch64-linux-gnu-gcc "${f[@]}" -static -o "$T/nestjmp-aarch64" "$P/nestjmp.c"
  aarch64-linux-gnu-gcc "${f[@]}" -static -o "$T/coro-aarch64" "$P/coro.c"
  aarch64-linux-gnu-gcc "${f[@]}" -fPIE -pie -o "$T/frames-pie-aarch64" "$P/frames.c"
  s390x-linux-gnu-gcc -B "$T/gas-2.47-s390x/" "${f[@]}" -static -o "$T/nestjmp-s390x" "$P/nestjmp.c"
  aarch64-linux-gnu-gcc "${f[@]}" -static -o "$T/jumpcall-aarch64" "$P/jumpcall.c"
  # glibc's __vfork, from its CFI: static libc has no .sframe of its own
  make -s -C "$HERE" build/bin/sfcfi > /dev/null
  gcc -std=gnu11 -O2 -static -o "$T/vforks" "$P/vforks.c"
  "$HERE/build/bin/sfcfi" convert --version 3 --elf -o "$T/vforks.sf" "$T/vforks" > /dev/null
  s390x-linux-gnu-gcc -B "$T/gas-2.47-s390x/" "${f[@]}" -static -o "$T/jumpcall-s390x" "$P/jumpcall.c"
  # .sframe covering a function that never runs: nothing will be checked.
  gcc -O2 -Wa,--gsframe -c -o "$T/unused.o" -x c - <<< 'int unused_fn(int x) { return x * 3; }'
  gcc -O2 -static -o "$T/uncovered" -x c - -x none "$T/unused.o" <<< 'int main(void) { return 0; }'
}

# harness BIN [run.sh options] -- ARGS: a run into a fresh directory; its
# result is $R (the run's JSON).
harness() {
  local bin=$1; shift
  OUT=$(mktemp -d "$T/run.XXXXXX")
  rmdir "$OUT"
  run bash "$HERE/harness/run.sh" --out "$OUT" --bin "$bin" "$@"
  R=$OUT/runs/$(basename "$bin").json
}
field() { jq -r "$1" "$R"; }

# A copy of ELF whose .sframe header says the RA is saved at CFA-16, not
# CFA-8 (AMD64's fixed RA offset, the header's byte 6): still a valid
# section, with every return address read from the wrong slot.
tamper() {
  local off
  off=$(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".sframe" { print $4 }')
  cp "$1" "$2"
  printf '\360' | dd of="$2" bs=1 seek=$((0x$off + 6)) conv=notrunc status=none
}

@test "nested setjmp levels through one site, rethrown outward: every unwind right" {
  harness "$T/nestjmp" -- 10
  [ "$status" -eq 0 ]
  [ "$(field .checked)" -gt 1000 ]
  [ "$(field .wrong)" -eq 0 ]
  [ "$(field .correct)" -eq "$(field .checked)" ]
  # ten throws of ten levels each arrive through the one setjmp site
  [ "$(field .nonlocal_exits)" -ge 100 ]
  grep -q '10 throws arrived' "$OUT/runs/nestjmp.stdout"
}

@test "nested setjmp on AArch64 and s390x (callees sharing the caller's SP)" {
  harness "$T/nestjmp-aarch64" -- 10
  [ "$status" -eq 0 ]
  [ "$(field .checked)" -gt 1000 ] && [ "$(field .wrong)" -eq 0 ]
  [ "$(field .nonlocal_exits)" -ge 100 ]
  harness "$T/nestjmp-s390x" -- 10
  [ "$status" -eq 0 ]
  [ "$(field .checked)" -gt 1000 ] && [ "$(field .wrong)" -eq 0 ]
  [ "$(field .nonlocal_exits)" -ge 100 ]
}

@test "calls made by a jump, and tail calls into the caller's function (AArch64, s390x)" {
  # Without the jump-call rule, or with a tail call into the caller's
  # function taken for a landing pad, about 11,000 of these are wrong.
  for a in aarch64 s390x; do
    harness "$T/jumpcall-$a" -- 20
    [ "$status" -eq 0 ]
    grep -q '20 calls summed 12440, 600 objects released' "$OUT/runs/jumpcall-$a.stdout"
    [ "$(field .checked)" -gt 10000 ] && [ "$(field .wrong)" -eq 0 ]
    [ "$(field .jump_calls)" -eq 20 ]
    [ "$(field .nonlocal_exits)" -eq 0 ]
  done
}

@test "vfork: __vfork pops its return address and runs at its call SP, alive (x86-64)" {
  # With the frame taken for one an exception left: 48 wrong (6 per call).
  harness "$T/vforks.sf" -- 8
  [ "$status" -eq 0 ]
  grep -q '8 of 8 children exited 0' "$OUT/runs/vforks.sf.stdout"
  [ "$(field .checked)" -gt 10000 ] && [ "$(field .wrong)" -eq 0 ]
}

@test "signals: handlers entered by delivery, nested, and left by siglongjmp" {
  harness "$T/sigjmp"
  [ "$status" -eq 0 ]
  [ "$(field .checked)" -gt 10000 ] && [ "$(field .wrong)" -eq 0 ]
  [ "$(field .signal_frames)" -gt 0 ]
  [ "$(field .nonlocal_exits)" -gt 0 ]
}

@test "threads: each followed on its own shadow stack" {
  harness "$T/threads"
  [ "$status" -eq 0 ]
  [ "$(field .threads)" -eq 4 ]
  [ "$(field .checked)" -gt 100000 ] && [ "$(field .wrong)" -eq 0 ]
}

@test "swapcontext onto other stacks: truth unknown there, counted, never guessed" {
  harness "$T/coro"
  [ "$status" -eq 0 ]
  [ "$(field .truth_unknown.other_stack)" -gt 1000 ]
  [ "$(field .checked)" -gt 1000 ] && [ "$(field .wrong)" -eq 0 ]
  grep -q 'truth unknown' "$OUT/results.md"
  # AArch64's swapcontext calls setcontext, which never returns: the
  # switch back lands at main's return point two frames down
  harness "$T/coro-aarch64"
  [ "$status" -eq 0 ]
  [ "$(field .truth_unknown.other_stack)" -gt 1000 ]
  [ "$(field .checked)" -gt 1000 ] && [ "$(field .wrong)" -eq 0 ]
  [ "$(field .max_depth)" -lt 40 ]
}

@test "static-pie: checked at the address QEMU loaded it, and a tampered copy caught" {
  harness "$T/frames-spie" -- 20
  [ "$status" -eq 0 ]
  [ "$(field .bias)" != 0x0 ]
  [ "$(field .checked)" -gt 100000 ] && [ "$(field .wrong)" -eq 0 ]
  tamper "$T/frames-spie" "$T/frames-spie-tampered"
  harness "$T/frames-spie-tampered" -- 20
  [ "$status" -eq 1 ]
  [ "$(field .wrong)" -gt 100000 ]
}

@test "dynamic PIE: checked beside ld.so and libc, and a tampered copy caught" {
  harness "$T/frames-pie" -- 20
  [ "$status" -eq 0 ]
  [ "$(field .bias)" != 0x0 ]
  [ "$(field .checked)" -gt 100000 ] && [ "$(field .wrong)" -eq 0 ]
  tamper "$T/frames-pie" "$T/frames-pie-tampered"
  harness "$T/frames-pie-tampered" -- 20
  [ "$status" -eq 1 ]
  [ "$(field .wrong)" -gt 100000 ]
}

@test "dynamic PIE on AArch64, against Debian's cross sysroot" {
  harness "$T/frames-pie-aarch64" -- 20
  [ "$status" -eq 0 ]
  [ "$(field .bias)" != 0x0 ]
  [ "$(field .checked)" -gt 100000 ] && [ "$(field .wrong)" -eq 0 ]
}

@test "1,000 frames deep: the incremental unwind counts what the full walk counts" {
  harness "$T/deep" -- 1000 300
  [ "$status" -eq 0 ]
  [ "$(field .max_depth)" -ge 1000 ]
  [ "$(field .wrong)" -eq 0 ]
  inc=$(field '[.checked, .correct, .fp_unknown, .wrong, .frames_checked] | @csv')
  # most chains are reused, not walked again
  [ "$(field .chains_reused)" -gt "$(( $(field .checked) / 2 ))" ]
  harness "$T/deep" --unwind full -- 1000 300
  [ "$status" -eq 0 ]
  [ "$(field .unwind)" = full ]
  [ "$(field '[.checked, .correct, .fp_unknown, .wrong, .frames_checked] | @csv')" = "$inc" ]
}

@test "a deep caller's saved RA corrupted for a while: caught by the incremental unwind as by the full walk" {
  harness "$T/deep" -- 1000 300 10
  [ "$status" -eq 1 ]
  [ "$(field .wrong)" -gt 10000 ]
  # the wrong frame is the corrupted one's caller: frame 992 of 1,000 and more
  [ "$(field '[.wrongs[].frame] | min')" -gt 900 ]
  # the buckets hold every wrong instruction, none dropped
  [ "$(field '[.wrongs[].count] | add')" -eq "$(field .wrong)" ]
  [ "$(field .wrong_buckets)" -eq "$(field '.wrongs | length')" ]
  inc=$(field '[.checked, .correct, .fp_unknown, .wrong] | @csv')
  harness "$T/deep" --unwind full -- 1000 300 10
  [ "$status" -eq 1 ]
  [ "$(field '[.checked, .correct, .fp_unknown, .wrong] | @csv')" = "$inc" ]
}

@test "a long run prints its progress on stderr" {
  # the full walk at 1,000 frames: about 5 seconds
  harness "$T/deep" --unwind full --progress 1 -- 1000 300
  [ "$status" -eq 0 ]
  [[ "$output" == *"instructions checked ("*" a second)"* ]]
}

@test "the program's exit status is reported, its results kept; --expect-exit" {
  harness "$T/exitwith" -- 3
  [ "$status" -eq 1 ]
  [[ "$output" == *"exited 3 under qemu-x86_64, not 0"* ]]
  [ "$(field .exit)" -eq 3 ]
  [ -f "$OUT/results.md" ]
  [ -z "$(find "$OUT" -name '*.tmp')" ]
  harness "$T/exitwith" --expect-exit 3 -- 3
  [ "$status" -eq 0 ]
  [ "$(field .checked)" -gt 0 ]
}

@test "arguments pass through unchanged: run.sh after --, and make harness ARGS split at blanks only" {
  harness "$T/exitwith" -- 0 "a b" '$HOME' '-e os.exit(3)' '*'
  [ "$status" -eq 0 ]
  [ "$(cat "$OUT/runs/exitwith.stdout")" = "$(printf '[a b]\n[$HOME]\n[-e os.exit(3)]\n[*]\nfold 2552908314')" ]
  run make -s -C "$HERE" harness BIN="$T/exitwith" ARGS='0 -e os.exit(3)'
  [ "$status" -eq 0 ]
  [ "$(head -n 3 "$HERE/build/harness/out/runs/exitwith.stdout")" = "$(printf '[-e]\n[os.exit(3)]\nfold 2552908314')" ]
}

@test "nothing checked is a failure with its reason, never a pass" {
  harness "$T/uncovered"
  [ "$status" -eq 1 ]
  [[ "$output" == *"no instruction was checked"* ]]
  [ "$(field .checked)" -eq 0 ]
}

@test "two runs at once write their own directories" {
  a=$(mktemp -u "$T/par-a.XXXXXX") b=$(mktemp -u "$T/par-b.XXXXXX")
  bash "$HERE/harness/run.sh" --out "$a" --bin "$T/nestjmp" -- 5 > /dev/null 2>&1 & pa=$!
  bash "$HERE/harness/run.sh" --out "$b" --bin "$T/exitwith" -- 0 x > /dev/null 2>&1 & pb=$!
  wait $pa; wait $pb
  [ "$(jq -r .program "$a/runs/nestjmp.json")" = nestjmp ]
  [ "$(jq -r .program "$b/runs/exitwith.json")" = exitwith ]
  [ ! -e "$a/runs/exitwith.json" ] && [ ! -e "$b/runs/nestjmp.json" ]
  # an existing directory with results is never written over
  run bash "$HERE/harness/run.sh" --out "$a" --bin "$T/nestjmp"
  [ "$status" -eq 2 ]
  [[ "$output" == *"exists and is not empty"* ]]
}
