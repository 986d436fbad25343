#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The harness without QEMU: the committed snapshots (harness/snapshots/,
# recorded by the sfr_truth plugin where the truth is execution) replay to
# their truth through the reference adapter; the replay checker and the
# report fail when they should.  Environment: BUILD (default build).

setup() {
  : "${BUILD:=build}"
  ADAPTER=$BUILD/bin/sfadapter-reference
  SNAPS=harness/snapshots
  T=$(mktemp -d)
  [ -x "$ADAPTER" ] || { echo "reference adapter not built ($ADAPTER)"; return 1; }
}

teardown() { rm -rf "$T"; }

@test "harness: every committed snapshot unwinds to its execution truth (reference adapter)" {
  run bash harness/replay.sh "$ADAPTER"
  echo "$output" | tail -n 5
  [ "$status" -eq 0 ]
  # a few hundred per architecture, each with at least one caller frame
  for arch in x86_64 aarch64 s390x; do
    n=$(ls "$SNAPS"/"$arch"-*/*.snapshot | wc -l)
    echo "$arch: $n snapshots"
    [ "$n" -ge 150 ]
  done
  [[ "$output" =~ replay:\ ([0-9]+)\ snapshots,\ ([0-9]+)\ caller\ frames ]]
  [ "${BASH_REMATCH[2]}" -gt "${BASH_REMATCH[1]}" ]
}

@test "harness: every snapshot records its truth, and the registers an unwinder needs" {
  for s in "$SNAPS"/*/*.snapshot; do
    grep -q '^# truth 1 0x' "$s" || { echo "$s: no caller frame in its truth"; return 1; }
    grep -q '^pc 0x' "$s" && grep -q '^sp 0x' "$s" && grep -q '^mem 0x' "$s" || { echo "$s: incomplete"; return 1; }
  done
  # s390x snapshots carry the floating-point registers (DWARF 16-31): a
  # flexible FDE may keep the FP there
  s=$(ls "$SNAPS"/s390x-*/*.snapshot | head -n 1)
  grep -q '^reg 16 ' "$s" && grep -q '^reg 31 ' "$s"
}

@test "harness: the replay reports a frame that differs from the truth" {
  run_dir=$(ls -d "$SNAPS"/aarch64-*/ | head -n 1)
  mkdir -p "$T/s/r"
  cp "$run_dir/section.sframe" "$run_dir/section.vma" "$T/s/r/"
  s=$(ls "$run_dir"/*.snapshot | head -n 1)
  # the truth of frame 1 moved elsewhere: the unwind is now "wrong"
  sed -E 's/^# truth 1 0x[0-9a-f]+ /# truth 1 0x10 /' "$s" > "$T/s/r/000.snapshot"
  ! cmp -s "$s" "$T/s/r/000.snapshot"
  run bash harness/replay.sh "$ADAPTER" "$T/s"
  echo "$output"
  [ "$status" -eq 1 ]
  [[ "$output" == *"frame 1: pc "*", truth pc "* ]]
  [[ "$output" == *"1 snapshots wrong"* ]]
  # a truth frame the unwind does not reach is reported as missing
  cp "$s" "$T/s/r/000.snapshot"
  echo "# truth 99 0x1234 0x5678" >> "$T/s/r/000.snapshot"
  run bash harness/replay.sh "$ADAPTER" "$T/s"
  [ "$status" -eq 1 ]
  [[ "$output" == *"frame 99: missing"* ]]
}

@test "harness: the report counts per run, fails on a wrong unwind, and draws it" {
  mkdir -p "$T/out/runs"
  row() { # ARCH OPT CHECKED CORRECT FPUNK WRONG PROGRAM
    printf '{"arch":"%s","producer":"gas-2.47","version":3,"opt":"%s","program":"%s","executed":%d,"checked":%d,"correct":%d,"fp_unknown":%d,"wrong":%d,"not_covered":%d,"frames_checked":%d,"wrongs":%s,"seconds":1.5}\n' \
      "$1" "$2" "$7" $(($3 + 100)) "$3" "$4" "$5" "$6" 100 $((3 * $3)) \
      "$( [ "$6" -gt 0 ] && echo '[{"pc":"0x401a35","frame":2,"count":1,"why":"pc 0x1, truth 0x2","function":"f","insn":"ret"}]' || echo '[]')"
  }
  row x86_64 O0 1000 1000 0 0 frames > "$T/out/runs/a.json"
  row s390x O2 2000 1990 10 0 zround > "$T/out/runs/b.json"
  run python3 harness/report.py "$T/out"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ "$output" == *"| s390x | 1 | 2100 | 2000 | 2000 | 1990 (99.5000%) | 10 | 0 (0) |"* ]]
  jq -e '.totals.x86_64.checked == 1000 and .totals.s390x.fp_unknown == 10' "$T/out/results.json"
  grep -q '<svg' "$T/out/results.svg"
  ! grep -q '#c62828"><title>wrong' "$T/out/results.svg"
  row aarch64 O2-pac 500 499 0 1 frames > "$T/out/runs/c.json"
  run python3 harness/report.py "$T/out"
  [ "$status" -eq 1 ]
  [[ "$output" == *"0x401a35 (f: ret) frame 2: pc 0x1, truth 0x2"* ]]
  [[ "$output" == *"1 wrong, 1 of them not attributed"* ]]
  grep -q '#c62828"><title>wrong: 1 of 600' "$T/out/results.svg"
  # an attribution naming that function and instruction: counted, not failed
  printf '# comment\naarch64 f ^(pop %%rbp|ret)$ 99-test-finding\n' > "$T/attr"
  run python3 harness/report.py --attributions "$T/attr" "$T/out"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ "$output" == *"1 wrong, 0 of them not attributed"* ]]
  [[ "$output" == *"attributed: 99-test-finding"* ]]
  # the same line for another architecture attributes nothing
  printf 'x86_64 f ^ret$ 99-test-finding\n' > "$T/attr"
  run python3 harness/report.py --attributions "$T/attr" "$T/out"
  [ "$status" -eq 1 ]
}

@test "harness: glibc 2.43's SFrame walker over the version 2 snapshots (SPEC-NOTES N36)" {
  W=$BUILD/bin/sfadapter-glibc-2.43-walker
  [ -x "$W" ] || skip "glibc walker adapter not built (sid's glibc-source absent)"
  "$W" capabilities | grep -q '"version":"2.43-7"' || skip "another glibc-source than 2.43-7: findings were made on 2.43-7"
  # x86-64: every snapshot right
  mkdir -p "$T/x"
  cp -r "$SNAPS"/x86_64-gas-2.44-* "$T/x/"
  run bash harness/replay.sh "$W" "$T/x"
  echo "$output" | tail -n 3
  [ "$status" -eq 0 ]
  [[ "$output" == *"0 snapshots wrong"* ]]
  # AArch64 pac-ret: signed return addresses (findings/02)
  mkdir -p "$T/p"
  cp -r "$SNAPS"/aarch64-gas-2.44-O2-pac-frames "$T/p/"
  run bash harness/replay.sh "$W" "$T/p"
  echo "$output" | tail -n 3
  [ "$status" -eq 1 ]
  [[ "$output" =~ frame\ 1:\ pc\ 0x[0-9a-f]+000000[0-9a-f]{6}\  ]]
  # version 3 sections are not read: skipped, not wrong
  mkdir -p "$T/v3"
  cp -r "$SNAPS"/x86_64-gas-2.47-O2-frames "$T/v3/"
  run bash harness/replay.sh "$W" "$T/v3"
  [[ "$output" == *"0 snapshots, 0 caller frames"*"skipped"* ]]
}
