#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sfref validate|lookup --profile kernel-GEN: what each generation of the
# Linux kernel's SFrame user-space unwinder does with a section
# (decoder/profile; SPEC-NOTES.md N41 gives each rule and its source).  The sections are the cases of
# profile-kernel.cases, built by sfcorpus (in the catalogue's format, with
# the shared models of corpus/cases/00-models.cases); each test pins one rule
# of N41 with the verdict the rule's description gives, in every generation
# where the rule differs.  Version 2 sections are judged by kernel-v12,
# version 3 ones by the later generations (kernel = kernel-v16).
# Environment (set by ci/run-tests.sh): SFREF; SFCORPUS (default: sfcorpus
# beside SFREF); SFREF_WRAPPER.

load ../../ci/bats-helpers

setup_file() {
  profile_cases "$BATS_TEST_DIRNAME/profile-kernel.cases" "$BATS_FILE_TMPDIR/pk"
}

setup() {
  sfref_setup
  K="$BATS_FILE_TMPDIR/pk"
}

# ids PROFILE SECTION [OPTION...]: the kernel-* identifiers sfref gives
# SECTION (a name in $K without .sframe; vma 0x1000), sorted and unique,
# space-separated, then " registered" or " refused"; fails when the exit
# status (0 registered, 1 refused) disagrees with the JSON verdict or with
# the identifiers' "refuses".
ids() {
  local profile=$1 name=$2 out rc got verdict
  shift 2
  out=$(sfref validate --profile "$profile" --json --raw --vma 0x1000 "$@" "$K/$name.sframe" 2>&1) && rc=0 || rc=$?
  got=$(printf '%s\n' "$out" | grep -o '"id":"kernel-[a-z0-9-]*"' | sed 's/"id":"//; s/"$//' | sort -u | tr '\n' ' ')
  if [[ "$out" == *'"refuses":true'* ]]; then verdict=refused; else verdict=registered; fi
  case $verdict:$rc in
    registered:0) [[ "$out" == *'"registered":true'* ]] ;;
    refused:1) [[ "$out" == *'"registered":false'* ]] ;;
    *) false ;;
  esac || { echo "rc $rc: $out" >&2; return 1; }
  echo "$got$verdict"
}

# expect_ids PROFILE SECTION WANT [OPTION...]: WANT is the identifiers
# followed by "registered" or "refused".
expect_ids() {
  local got
  got=$(ids "$1" "$2" "${@:4}") || return 1
  [ "$got" = "$3" ] || { echo "$2 under $1: got '$got', want '$3'"; return 1; }
}

# lookup_at PROFILE FILE VMA PC: the kernel's outcome, its reason and effect
# ("why,effect,dropped"), and what differs from the spec, from sfref lookup
# --profile --json.
lookup_at() {
  local out
  out=$(sfref lookup --profile "$1" --mode=ip --json --raw --vma "$3" "$2" "$4" 2>/dev/null) || true
  printf '%s\n' "$out" | sed 's/.*"kernel":{"outcome":"\([a-z-]*\)".*/\1/' | tr '\n' ' '
  printf '%s\n' "$out" | grep -o '"why":"[a-z0-9-]*","effect":"[A-Za-z]*","dropped":[a-z]*' | sed 's/"[a-z]*"://g; s/"//g' | tr '\n' ' '
  printf '%s\n' "$out" | grep -o '"differs":"[a-z,]*"' | sed 's/"differs"://; s/"//g'
}

# lookup PROFILE SECTION PC: lookup_at on a section of $K (vma 0x1000).
lookup() { lookup_at "$1" "$K/$2.sframe" 0x1000 "$3"; }

@test "profile: --help lists every generation with its date; findings --profile lists a generation's rules" {
  run sfref validate --help
  [ "$status" -eq 0 ]
  for w in "--profile NAME" "--text START-END" N41 "kernel-v12 "*2025-11-19 "kernel-v13 "*2026-01-27 \
           "kernel-v14 "*2026-05 "kernel-v16 "*"(= kernel)" "kernel-arm64-v1 "*2026-04 "kernel-s390-v4 "*2026-01 \
           "kernel-s390-signal-rfc "*2026-01-27 "kernel-text-arm64-v6-vmlinux "*2026-05-19 \
           "kernel-text-arm64-v6-module "*2026-05-19 "ddprof-2026-06 "*2026-06-17; do
    [[ "$output" == *$w* ]] || { echo "no '$w'"; return 1; }
  done
  run sfref findings --help
  [[ "$output" == *"kernel-v16 "* ]] && [[ "$output" == *"all-kernels"* ]]
  run sfref findings --profile kernel
  [ "$status" -eq 0 ]
  [[ "${lines[0]}" == "# kernel-v16, posted "* ]]
  [[ "$output" == *"kernel-pcrel-required"*"load"* ]]
  [[ "$output" == *"kernel-pcmask-rep-size-zero"*"validate"*"EINVAL"* ]]
  [[ "$output" != *"kernel-ra-word-missing"* ]]
  run sfref findings --profile kernel-v13 kernel-pcmask-rep-size-zero
  [ "$status" -eq 0 ] && [[ "$output" == "kernel-pcmask-rep-size-zero"*"lookup"*"crash"* ]]
  run sfref findings --profile kernel-v12 kernel-fre-type
  [ "$status" -eq 0 ] && [[ "$output" == "kernel-fre-type"*"validate"*"EFAULT"* ]]
  run sfref findings --profile kernel-v12 kernel-flex-too-few-words
  [ "$status" -eq 2 ]
  run sfref findings --profile kernel no-such-id
  [ "$status" -eq 2 ]
  # The table: a column per generation.
  run sfref findings --profile all-kernels
  [ "$status" -eq 0 ]
  [[ "$output" == *"kernel-fre-start-at-size"*" ---I----- "* ]]
  [[ "$output" == *"kernel-outermost-lookup-error"*" -ii-iiiii "* ]]
  [[ "$output" == *"# h kernel-text-arm64-v6-vmlinux 2026-05-19"* ]]
  # The spec's list is unchanged and holds no kernel identifier.
  run sfref findings
  [ "$status" -eq 0 ] && [[ "$output" != *"kernel-"* ]]
}

@test "profile: usage errors exit 2; --profile none is today's validate" {
  local f="$K/pk-ok-v3-amd64-le.sframe"
  run sfref validate --profile bogus --raw "$f";           [ "$status" -eq 2 ]; [[ "$output" == *"unknown profile 'bogus'"* ]]
  run sfref validate --profile all-kernels --raw "$f";     [ "$status" -eq 2 ]
  run sfref validate --raw "$f" --profile;                 [ "$status" -eq 2 ]
  run sfref dump --profile kernel --raw "$f";              [ "$status" -eq 2 ]; [[ "$output" == *"--profile applies to"* ]]
  run sfref validate --text 0x1-0x2 --raw "$f";            [ "$status" -eq 2 ]; [[ "$output" == *"--text applies"* ]]
  run sfref validate --profile kernel --text 0x2 --raw "$f"; [ "$status" -eq 2 ]; [[ "$output" == *"bad --text"* ]]
  run sfref validate --profile kernel --text 0x3-0x2 --raw "$f"; [ "$status" -eq 2 ]
  for n in pk-ok-v3-amd64-le pk-fre-type-v3-amd64-le pk-byte-order-v2-amd64-be; do
    a=$(sfref validate --raw --vma 0x1000 "$K/$n.sframe" 2>&1; echo "rc=$?")
    b=$(sfref validate --profile none --raw --vma 0x1000 "$K/$n.sframe" 2>&1; echo "rc=$?")
    [ "$a" = "$b" ]
    a=$(sfref validate --json --raw --vma 0x1000 "$K/$n.sframe" 2>&1; echo "rc=$?")
    b=$(sfref validate --json --profile=none --raw --vma 0x1000 "$K/$n.sframe" 2>&1; echo "rc=$?")
    [ "$a" = "$b" ]
  done
}

@test "profile: the text output: refusals as errors, lookup rules as warnings with their stage; the verdict" {
  run sfref validate --profile kernel --raw --vma 0x1000 "$K/pk-auxhdr-v3-amd64-le.sframe"
  [ "$status" -eq 1 ]
  [[ "$output" == *"error: kernel-auxhdr-present: sfh_auxhdr_len is not 0 at offset 0x7, field sfh_auxhdr_len [load: not registered]"* ]]
  [[ "$output" == *"pk-auxhdr-v3-amd64-le.sframe: REFUSED by kernel-v16 (1 refusals, 0 met only by lookups)"* ]]
  [[ "$output" == *"note: function starts not checked against a text range"* ]]
  run sfref validate --profile kernel-v13 --raw --vma 0x1000 "$K/pk-outermost-v3-amd64-le.sframe"
  [ "$status" -eq 0 ]
  [[ "$output" == *"warning: kernel-outermost-lookup-error: "*"FDE 1, FRE 2"*"[lookup: fails (frame pointers)]"* ]]
  [[ "$output" == *"registered by kernel-v13 (1 met only by lookups)"* ]]
  run sfref validate --profile kernel --json --raw --vma 0x1000 --text 0x2000-0x3000 "$K/pk-ok-v3-amd64-le.sframe"
  [ "$status" -eq 0 ]
  [ "$output" = '{"profile":"kernel-v16","date":"2026-10","accepted":true,"registered":true,"text_checked":true,"text":{"start":8192,"end":12288,"from":"--text"},"findings":[]}' ]
}

@test "profile: accepted: one section of each version on each ABI a generation unwinds" {
  expect_ids kernel-v12 pk-ok-v2-amd64-le "registered"
  local g
  for g in kernel-v13 kernel-v14 kernel-v16 kernel-arm64-v1 kernel-s390-v4; do
    expect_ids $g pk-ok-v3-amd64-le "registered"
    expect_ids $g pk-flex-v3-amd64-le "registered"
  done
  expect_ids kernel-s390-v4 pk-ok-v3-s390x-be "registered"
  expect_ids kernel-s390-v4 pk-flex-v3-s390x-be "registered"
  expect_ids kernel-v12 pk-fp-flag-v2-amd64-le "registered"
}

@test "profile: the ABIs: x86-64 in every generation, AArch64 with the arm64 series, s390x with the s390 series" {
  expect_ids kernel-v13 pk-ok-v3-s390x-be "kernel-abi-unsupported refused"
  expect_ids kernel pk-ok-v3-s390x-be "kernel-abi-unsupported refused"
  expect_ids kernel pk-abi-aarch64-v3-aarch64le-le "kernel-abi-unsupported refused"
  expect_ids kernel-s390-v4 pk-abi-aarch64-v3-aarch64le-le "kernel-abi-unsupported refused"
  expect_ids kernel-arm64-v1 pk-abi-aarch64-v3-aarch64le-le "registered"
  expect_ids kernel-arm64-v1 pk-ok-v3-s390x-be "kernel-abi-unsupported refused"
}

@test "profile: each generation reads one version (v12: 2, later: 3)" {
  expect_ids kernel-v12 pk-ok-v3-amd64-le "kernel-version-unsupported refused"
  expect_ids kernel-v13 pk-ok-v2-amd64-le "kernel-version-unsupported refused"
  expect_ids kernel pk-ok-v2-amd64-le "kernel-version-unsupported refused"
}

@test "profile: load: magic, byte order, flags, aux header, counts, bounds (every generation)" {
  local g v
  for g in kernel-v12 kernel-v13 kernel-v14 kernel-v16; do
    v=3; [ $g = kernel-v12 ] && v=2
    expect_ids $g pk-bad-magic-v$v-amd64-le "kernel-bad-magic refused"
    expect_ids $g pk-byte-order-v$v-amd64-be "kernel-byte-order refused"
    expect_ids $g pk-unsorted-flag-v$v-amd64-le "kernel-sorted-required refused"
    expect_ids $g pk-auxhdr-v$v-amd64-le "kernel-auxhdr-present refused"
    expect_ids $g pk-no-fdes-v$v-amd64-le "kernel-no-fdes refused"
    expect_ids $g pk-no-fres-v$v-amd64-le "kernel-no-fres refused"
    expect_ids $g pk-fre-len-past-end-v$v-amd64-le "kernel-subsections-inconsistent refused"
    expect_ids $g pk-header-only-v$v-amd64-le "kernel-section-too-small refused"
  done
  expect_ids kernel-v12 pk-no-pcrel-v2-amd64-le "kernel-pcrel-required refused"
}

@test "profile: validate: function order (a zero-size function at the next one's start too)" {
  expect_ids kernel-v12 pk-fde-unsorted-v2-amd64-le "kernel-fde-not-increasing refused"
  expect_ids kernel pk-fde-unsorted-v3-amd64-le "kernel-fde-not-increasing refused"
  expect_ids kernel-v12 pk-fde-zero-size-same-start-v2-amd64-le "kernel-fde-not-increasing refused"
  expect_ids kernel-v13 pk-fde-zero-size-same-start-v3-amd64-le "kernel-fde-not-increasing refused"
  expect_ids kernel pk-fde-zero-size-same-start-v3-amd64-le "kernel-fde-not-increasing refused"
}

@test "profile: validate: the text range per generation (v12, v13: a start at its end passes; v14 not; v16 bounds the end)" {
  # Function 1 starts at 0x2040 with size 0x20.
  expect_ids kernel-v12 pk-ok-v2-amd64-le "registered" --text 0x2000-0x2040
  expect_ids kernel-v13 pk-ok-v3-amd64-le "registered" --text 0x2000-0x2040
  expect_ids kernel-v14 pk-ok-v3-amd64-le "kernel-fde-outside-text refused" --text 0x2000-0x2040
  expect_ids kernel-v16 pk-ok-v3-amd64-le "kernel-fde-past-text-end refused" --text 0x2000-0x2040
  expect_ids kernel-v14 pk-ok-v3-amd64-le "registered" --text 0x2000-0x2050
  expect_ids kernel-v16 pk-ok-v3-amd64-le "kernel-fde-past-text-end refused" --text 0x2000-0x2050
  expect_ids kernel-v16 pk-ok-v3-amd64-le "registered" --text 0x2000-0x2060
  local g
  for g in kernel-v12 kernel-v13 kernel-v14 kernel-v16; do
    v=3; [ $g = kernel-v12 ] && v=2
    expect_ids $g pk-ok-v$v-amd64-le "kernel-fde-outside-text refused" --text 0x2001-0x3000
  done
}

@test "profile: validate: the version 3 FDE attribute within the FRE sub-section" {
  expect_ids kernel-v13 pk-fde-attr-out-v3-amd64-le "kernel-fde-attr-out-of-range refused"
  expect_ids kernel pk-fde-attr-out-v3-amd64-le "kernel-fde-attr-out-of-range refused"
}

@test "profile: validate: FRE type, bounds, start, word size, order" {
  local g v
  for g in kernel-v12 kernel-v13 kernel-v16; do
    v=3; [ $g = kernel-v12 ] && v=2
    expect_ids $g pk-fre-type-v$v-amd64-le "kernel-fre-type refused"
    expect_ids $g pk-fre-truncated-v$v-amd64-le "kernel-fre-truncated refused"
    expect_ids $g pk-fre-start-past-size-v$v-amd64-le "kernel-fre-start-past-size refused"
    expect_ids $g pk-dataword-size-v$v-amd64-le "kernel-dataword-size refused"
    expect_ids $g pk-fre-not-increasing-v$v-amd64-le "kernel-fre-not-increasing refused"
  done
}

@test "profile: validate: an FRE at its function's size passes until v16" {
  expect_ids kernel-v12 pk-start-at-size-v2-amd64-le "registered"
  expect_ids kernel-v13 pk-start-at-size-v3-amd64-le "registered"
  expect_ids kernel-v14 pk-start-at-size-v3-amd64-le "registered"
  expect_ids kernel-v16 pk-start-at-size-v3-amd64-le "kernel-fre-start-at-size refused"
}

@test "profile: validate: v16's FDE bounds (PCMASK starts below rep_size, no more rows than bytes)" {
  expect_ids kernel-v14 pk-pcmask-start-past-rep-v3-amd64-le "registered"
  expect_ids kernel-v16 pk-pcmask-start-past-rep-v3-amd64-le "kernel-pcmask-start-past-rep refused"
  expect_ids kernel-v14 pk-fres-num-past-size-v3-amd64-le "registered"
  expect_ids kernel-v16 pk-fres-num-past-size-v3-amd64-le "kernel-fres-num-past-size refused"
}

@test "profile: validate: data word counts (RA word required by v12 only, leftovers)" {
  expect_ids kernel-v12 pk-ok-v2-s390x-be "kernel-abi-unsupported kernel-ra-word-missing refused"
  expect_ids kernel-s390-v4 pk-ok-v3-s390x-be "registered"
  expect_ids kernel-v12 pk-abi-aarch64-v2-aarch64le-le "kernel-abi-unsupported kernel-ra-word-missing refused"
  expect_ids kernel-v12 pk-datawords-leftover-v2-amd64-le "kernel-datawords-leftover refused"
  expect_ids kernel-v13 pk-datawords-leftover-v3-amd64-le "kernel-datawords-leftover refused"
  expect_ids kernel pk-datawords-leftover-v3-amd64-le "kernel-datawords-leftover refused"
}

@test "profile: validate: the FDE-type switch (v13 on) refuses an unknown type once a row has words" {
  local g
  for g in kernel-v13 kernel-v14 kernel-v16 kernel-arm64-v1 kernel-s390-v4; do
    expect_ids $g pk-fde-type-unknown-v3-amd64-le "kernel-fde-type-unknown refused"
  done
  expect_ids kernel-v16 pk-fde-type-unknown-outermost-v3-amd64-le "registered"
  expect_ids kernel-v13 pk-fde-type-unknown-outermost-v3-amd64-le "kernel-outermost-lookup-error registered"
}

@test "profile: validate: the FDE type is info2 & 0x0f in v13 and the series on it, & 0x1f from v16" {
  # v13's kernel/unwind/sframe.h: SFRAME_V3_FDE_TYPE_MASK 0x0f (N41): types
  # 16 and 17 read as default and flexible; v16's mask 0x1f refuses them.
  local g
  for g in kernel-v13 kernel-v14 kernel-arm64-v1 kernel-s390-v4; do
    expect_ids $g pk-fde-type-16-v3-amd64-le "registered"
    expect_ids $g pk-fde-type-17-v3-amd64-le "registered"
  done
  expect_ids kernel-v16 pk-fde-type-16-v3-amd64-le "kernel-fde-type-unknown refused"
  expect_ids kernel-v16 pk-fde-type-17-v3-amd64-le "kernel-fde-type-unknown refused"
  # v13 reads type 17's flexible rows as flexible: the spec finds no FDE type.
  [ "$(lookup kernel-v13 pk-fde-type-17-v3-amd64-le 0x2004)" = "found outcome" ]
}

@test "profile: validate: v16's function end wraps (start + size in unsigned long, no start > text end test)" {
  # Function 1 moved to 0xfffffffffffffff0 (its 64-bit start field, at
  # section offset 44, set to -0x103c from 0x102c): its end wraps to 0x10,
  # below the text end, so v16 registers it (and never finds it); v13
  # refuses a start past the text end.
  cp "$K/pk-ok-v3-amd64-le.sframe" "$BATS_TEST_TMPDIR/wrap.sframe"
  printf '\xc4\xef\xff\xff\xff\xff\xff\xff' | dd of="$BATS_TEST_TMPDIR/wrap.sframe" bs=1 seek=44 conv=notrunc 2>/dev/null
  run sfref validate --profile kernel-v16 --raw --vma 0x1000 --text 0x2000-0x3000 "$BATS_TEST_TMPDIR/wrap.sframe"
  [ "$status" -eq 0 ] && [[ "$output" == *"registered by kernel-v16"* ]]
  run sfref validate --profile kernel-v13 --json --raw --vma 0x1000 --text 0x2000-0x3000 "$BATS_TEST_TMPDIR/wrap.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *'"id":"kernel-fde-outside-text"'*'"fde":1'* ]]
  # Below the text start is still refused by v16.
  run sfref validate --profile kernel-v16 --raw --vma 0x1000 --text 0x2001-0x3000 "$BATS_TEST_TMPDIR/wrap.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"kernel-fde-outside-text"* ]]
}

@test "profile: lookup: v13 reads the words of the row it lands on only; v16 every row's up to the PC" {
  # pk-datawords-leftover: function 1's row 2 (+0x10) has a word too many.
  # At 0x2041 (row 1) the loop reads row 2 to see that it starts past the
  # PC: v16 reads its words there and fails, v13 reads them only for the
  # row it lands on, so it answers.
  local s=pk-datawords-leftover-v3-amd64-le
  [ "$(lookup kernel-v13 $s 0x2041)" = "found " ]
  [ "$(lookup kernel-v16 $s 0x2041)" = "error kernel-datawords-leftover,EINVAL,true outcome" ]
  [ "$(lookup kernel-v13 $s 0x2050)" = "error kernel-datawords-leftover,EFAULT,true outcome" ]
}

@test "profile: validate: flexible rows must be read exactly (pairs while two words remain, no word left)" {
  local g
  for g in kernel-v13 kernel-v14 kernel-v16; do
    expect_ids $g pk-flex-one-word-v3-amd64-le "kernel-flex-too-few-words refused"
    # spec-valid: CFA, RA pair, one FP padding word: the padding is left over
    expect_ids $g pk-flex-fp-padding-trailing-v3-amd64-le "kernel-flex-words-leftover refused"
    expect_ids $g pk-flex-ra-pad-fp-v3-amd64-le "registered"
  done
}

@test "profile: lookup rules: outermost rows (v13, v14), CFA control words, reserved bit (v16)" {
  expect_ids kernel-v12 pk-outermost-v2-amd64-le "registered"
  expect_ids kernel-v13 pk-outermost-v3-amd64-le "kernel-outermost-lookup-error registered"
  expect_ids kernel-v14 pk-outermost-v3-amd64-le "kernel-outermost-lookup-error registered"
  expect_ids kernel-v16 pk-outermost-v3-amd64-le "registered"
  expect_ids kernel-v13 pk-flex-cfa-not-register-v3-amd64-le "kernel-cfa-not-register registered"
  expect_ids kernel-v16 pk-flex-cfa-not-register-v3-amd64-le "kernel-cfa-not-register registered"
  expect_ids kernel-v14 pk-flex-reserved-bit-v3-amd64-le "registered"
  expect_ids kernel-v16 pk-flex-reserved-bit-v3-amd64-le "kernel-ctl-reserved-bit registered"
}

@test "profile: lookup rules: PCMASK rep_size 0 divides by zero until v16 refuses it" {
  expect_ids kernel-v12 pk-pcmask-rep-zero-v2-amd64-le "kernel-pcmask-rep-size-zero registered"
  expect_ids kernel-v14 pk-pcmask-rep-zero-v3-amd64-le "kernel-pcmask-rep-size-zero registered"
  expect_ids kernel-v16 pk-pcmask-rep-zero-v3-amd64-le "kernel-pcmask-rep-size-zero refused"
}

@test "profile: lookup rules: answers other than the spec's (fixed RA offset 0, a zero word, a signed RA)" {
  expect_ids kernel pk-fixed-ra-zero-v3-amd64-le "kernel-fixed-ra-offset-zero registered"
  expect_ids kernel-v12 pk-fixed-ra-zero-v2-amd64-le "kernel-fixed-ra-offset-zero kernel-ra-word-missing refused"
  expect_ids kernel pk-zero-fp-word-v3-amd64-le "kernel-zero-word-not-saved registered"
  expect_ids kernel-v12 pk-zero-fp-word-v2-amd64-le "kernel-zero-word-not-saved registered"
  expect_ids kernel-arm64-v1 pk-mangled-ra-v3-aarch64le-le "kernel-mangled-ra-unsigned registered"
}

@test "profile: lookup --profile: the kernel's answer beside the spec's, every difference named" {
  # The outermost row of function 1 (0x2040 + 0x10).
  [ "$(lookup kernel-v13 pk-outermost-v3-amd64-le 0x2050)" = "error kernel-outermost-lookup-error,EINVAL,false outcome" ]
  [ "$(lookup kernel-v16 pk-outermost-v3-amd64-le 0x2050)" = "outermost " ]
  [ "$(lookup kernel-v16 pk-ok-v3-amd64-le 0x2004)" = "found " ]
  [ "$(lookup kernel-v16 pk-ok-v3-amd64-le 0x1000)" = "no-fde " ]
  # rep_size 0: the kernel divides by zero (v13); v16 reads the FDE and fails.
  [ "$(lookup kernel-v13 pk-pcmask-rep-zero-v3-amd64-le 0x3005)" = "crash kernel-pcmask-rep-size-zero,crash,false outcome" ]
  [ "$(lookup kernel-v16 pk-pcmask-rep-zero-v3-amd64-le 0x3005)" = "error kernel-pcmask-rep-size-zero,EINVAL,true outcome" ]
  # A flexible row v16 drops the section for; v13 keeps it.
  [ "$(lookup kernel-v16 pk-flex-fp-padding-trailing-v3-amd64-le 0x2008)" = "error kernel-flex-words-leftover,EINVAL,true outcome" ]
  [ "$(lookup kernel-v13 pk-flex-fp-padding-trailing-v3-amd64-le 0x2008)" = "error kernel-flex-words-leftover,EFAULT,true outcome" ]
  # The header's RA offset 0 on AMD64: the kernel reads the row's FP word as the RA.
  [ "$(lookup kernel pk-fixed-ra-zero-v3-amd64-le 0x2004)" = "found ra,fp" ]
  # An FP word of 0: "unchanged" for the kernel, *(CFA+0) for the spec.
  [ "$(lookup kernel pk-zero-fp-word-v3-amd64-le 0x2004)" = "found fp" ]
  run sfref lookup --profile kernel-v13 --mode=ip --raw --vma 0x1000 "$K/pk-outermost-v3-amd64-le.sframe" 0x2050
  [ "$status" -eq 1 ]
  [[ "$output" == *"kernel error FDE 1"*"kernel-outermost-lookup-error (EINVAL): frame pointers; the section stays"*"spec   outermost FDE 1 FRE 2"*"differs: outcome"* ]]
  run sfref lookup --profile kernel --mode=ip --raw --vma 0x1000 "$K/pk-ok-v3-amd64-le.sframe" 0x2004
  [ "$status" -eq 0 ] && [[ "$output" == *"same"* ]]
}

@test "profile: lookup --config validation: a section the generation refuses is never looked up" {
  # The FRE type 3 of function 0: v13 built with CONFIG_SFRAME_VALIDATION
  # refuses the section when it is registered (N41 fre-type, validate
  # stage), so every PC, function 1's too, answers "not registered"; built
  # without it, function 1 is found and function 0's lookup fails.
  local s=pk-fre-type-v3-amd64-le
  [ "$(lookup kernel-v13 $s 0x2044)" = "found outcome" ]  # the spec finds it malformed
  [ "$(lookup kernel-v13 $s 0x2004)" = "error kernel-fre-type,EFAULT,true outcome" ]
  run sfref lookup --profile kernel-v13 --config validation --mode=ip --json --raw --vma 0x1000 "$K/$s.sframe" 0x2044
  [ "$status" -eq 1 ]
  [[ "$output" == *'"config_sframe_validation":true'* ]]
  [[ "$output" == *'"kernel":{"outcome":"not-registered"'*'"why":"kernel-fre-type","effect":"refused"'* ]]
  run sfref lookup --profile kernel-v13 --config validation --mode=ip --raw --vma 0x1000 "$K/$s.sframe" 0x2044
  [[ "$output" == *"(with CONFIG_SFRAME_VALIDATION)"*"kernel-fre-type (refused by CONFIG_SFRAME_VALIDATION)"*"differs: outcome"* ]]
  # A section every generation registers is looked up the same either way.
  [ "$(sfref lookup --profile kernel-v16 --config validation --mode=ip --json --raw --vma 0x1000 "$K/pk-ok-v3-amd64-le.sframe" 0x2004 | grep -o '"kernel":{"outcome":"[a-z-]*"')" = '"kernel":{"outcome":"found"' ]
  # The walk: with validation the refused section gives no frame.
  cat > "$BATS_TEST_TMPDIR/snap" <<'SNAP'
pc 0x2044
sp 0x7000
fp 0x7010
mem 0x7010 0071000000000000 5520000000000000
SNAP
  run sfref unwind --profile kernel-v13 --config validation --raw --vma 0x1000 "$K/$s.sframe" "$BATS_TEST_TMPDIR/snap"
  [[ "$output" == *"(with CONFIG_SFRAME_VALIDATION)"*"#0 pc 0x2044 sp 0x7000 fp 0x7010  lookup not-registered kernel-fre-type, caller by frame pointers"* ]]
  # usage: a bad value, and --config without --profile or with validate.
  run sfref lookup --profile kernel --config maybe --raw "$K/$s.sframe" 0x2004
  [ "$status" -eq 2 ] && [[ "$output" == *"unknown --config 'maybe'"* ]]
  run sfref lookup --config validation --raw "$K/$s.sframe" 0x2004
  [ "$status" -eq 2 ] && [[ "$output" == *"--config applies to lookup and unwind --profile only"* ]]
  run sfref validate --profile kernel --config validation --raw "$K/$s.sframe"
  [ "$status" -eq 2 ]
}

@test "profile: unwind --profile: v13 walks past an outermost frame by frame pointers, v16 stops there as the spec does" {
  # Function 0 (0x2000) row 2 (CFA = fp+16, RA at CFA-8, FP at CFA-16),
  # called from function 1's outermost row (0x2050-0x205f).  Above it, what
  # frame pointers find: FP 0, RA 0x1234.
  cat > "$BATS_TEST_TMPDIR/snap" <<'SNAP'
pc 0x2004
sp 0x7000
fp 0x7010
mem 0x7010 0071000000000000 5520000000000000
mem 0x7100 0000000000000000 3412000000000000
SNAP
  run sfref unwind --profile kernel-v13 --raw --vma 0x1000 "$K/pk-outermost-v3-amd64-le.sframe" "$BATS_TEST_TMPDIR/snap"
  [ "$status" -eq 1 ]
  [[ "$output" == *"#1 pc 0x2055 sp 0x7020 fp 0x7100  lookup error kernel-outermost-lookup-error, caller by frame pointers"* ]]
  [[ "$output" == *"#2 pc 0x1234 sp 0x7110 fp 0x0  lookup no-fde"*"stop: fp-failed"* ]]
  [[ "$output" == *"spec:"*"#1 pc 0x2055 sp 0x7020 fp 0x7100"*"stop: outermost"*"differs from frame #2"* ]]
  run sfref unwind --profile kernel-v16 --json --raw --vma 0x1000 "$K/pk-outermost-v3-amd64-le.sframe" "$BATS_TEST_TMPDIR/snap"
  [ "$status" -eq 0 ]
  [[ "$output" == *'"lookup":"outermost","by":"sframe"}],"stop":"outermost"}'* ]]
  [[ "$output" == *'"first_difference":null}' ]]
  # usage: --text with unwind needs --profile
  run sfref unwind --text 0x1-0x2 --raw "$K/pk-outermost-v3-amd64-le.sframe" "$BATS_TEST_TMPDIR/snap"
  [ "$status" -eq 2 ]
}

@test "profile: the kernel findings (conformance/findings/kernel): each generation answers as its expect.txt says" {
  local d g pc want got n=0
  for d in "$BATS_TEST_DIRNAME"/../../conformance/findings/kernel/K*/; do
    for f in README.md section.sframe dump.txt expect.txt vma; do [ -s "$d/$f" ] || { echo "$d: no $f"; return 1; }; done
    while IFS=$'\t' read -r g pc want; do
      case $g in '#'*|'') continue ;; esac
      got=$(lookup_at "$g" "$d/section.sframe" "$(cat "$d/vma")" "$pc")
      [ "$got" = "$want" ] || { echo "$d $g $pc: got '$got', want '$want'"; return 1; }
      n=$((n + 1))
    done < "$d/expect.txt"
  done
  [ "$n" -ge 15 ]
}

@test "profile: real sections: gas 2.47.50 x86-64 accepted except an empty function; gas 2.44 lacks PCREL" {
  local b
  for b in gas247-x86_64-frames-O2 gas247-x86_64-cfi-flex gas247-s390x-frames-O2; do
    g=kernel; [[ $b == *s390x* ]] && g=kernel-s390-v4
    run sfref validate --profile $g --raw --vma "$(cat "$S/$b.vma")" "$S/$b.sframe"
    [ "$status" -eq 0 ] || { echo "$b: $output"; return 1; }
  done
  b=gas247-x86_64-cfi-empty
  run sfref validate --profile kernel --raw --vma "$(cat "$S/$b.vma")" "$S/$b.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"kernel-fde-not-increasing"*"FDE 1"* ]]
  b=gas244-x86_64-frames-O2
  run sfref validate --profile kernel-v12 --raw --vma "$(cat "$S/$b.vma")" "$S/$b.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"kernel-pcrel-required"* ]]
}

@test "profile: decoder/profile/README.md's worked example (GNU as 2.47's outermost row): v13 registers and errs at lookup, v16 answers outermost" {
  local f=$REPO/corpus/real/sections/gas247-x86_64-cfi-flex.sframe
  grep -q 'sfref lookup --profile kernel-v13 --mode=ip --raw --vma 0x402078 $S 0x401005 0x401012' "$REPO/decoder/profile/README.md"
  run sfref validate --profile kernel-v13 --raw --vma 0x402078 "$f"
  [ "$status" -eq 0 ] && [[ "$output" == *"warning: kernel-outermost-lookup-error"*"FDE 3, FRE 0"* ]]
  [[ "$output" == *"registered by kernel-v13 (1 met only by lookups)"* ]]
  run sfref lookup --profile kernel-v13 --mode=ip --raw --vma 0x402078 "$f" 0x401005 0x401012
  [ "$status" -eq 1 ]
  [[ "$output" == *"kernel found FDE 1 FRE 2: CFA=r3+16 RA=*(CFA-8) FP=unchanged"*"same"* ]]
  [[ "$output" == *"kernel error FDE 3"*"spec   outermost FDE 3 FRE 0"*"differs: outcome"* ]]
  run sfref lookup --profile kernel-v16 --mode=ip --raw --vma 0x402078 "$f" 0x401012
  [ "$status" -eq 0 ] && [[ "$output" == *"kernel outermost FDE 3 FRE 0"*"same"* ]]
}

@test "profile: an ELF file's text range is its first executable segment (no --text needed)" {
  local b="$BATS_TEST_TMPDIR/prog" sec=$REPO/corpus/real/sections/gas247-x86_64-cfi-flex.sframe seg va ms
  command -v gcc >/dev/null && command -v objcopy >/dev/null || skip "no gcc or objcopy"
  printf 'int main(void){return 0;}\n' > "$b.c"
  gcc -O2 -o "$b" "$b.c" 2>/dev/null || skip "gcc cannot link"
  # GNU as 2.47's section (functions at 0x401000-0x401019) added at its own
  # address to a program whose executable segment lies elsewhere
  objcopy --add-section .sframe="$sec" --set-section-flags .sframe=alloc,readonly,data \
    --change-section-address .sframe=0x402078 "$b" "$b.sf" 2>/dev/null
  read -r va ms < <(readelf -lW "$b.sf" | awk '$1 == "LOAD" && / E / { print $3, $6; exit }')
  [ -n "$va" ]
  seg=$(printf '0x%x-0x%x' "$va" $((va + ms)))
  run sfref validate --profile kernel "$b.sf"
  [ "$status" -eq 1 ]
  [[ "$output" == *"kernel-fde-outside-text"* ]] && [[ "$output" == *"text range $seg (the ELF file's executable segment)"* ]]
  run sfref validate --profile kernel --text 0x401000-0x402000 "$b.sf"
  [ "$status" -eq 0 ] && [[ "$output" == *"text range 0x401000-0x402000 (--text)"* ]]
}

@test "profile: every identifier is pinned by a test of this file" {
  local id
  for id in $(sfref findings --profile all-kernels | awk '!/^#/ {print $1}'); do
    grep -qE -- "[ \"]$id([ \",]|$)" "$BATS_TEST_FILENAME" ||
      { echo "no test for $id"; return 1; }
  done
}

@test "profile: kernel text on arm64 (v6): SORTED optional, vmlinux unusable without it, a module sorted at load" {
  local g
  for g in kernel-text-arm64-v6-vmlinux kernel-text-arm64-v6-module; do
    expect_ids $g pk-text-ok-v3-aarch64le-le "registered"
    # No ABI check (an AMD64 section is read with arm64's registers); a
    # big-endian section fails the magic read natively.
    expect_ids $g pk-ok-v3-amd64-le "registered"
    expect_ids $g pk-abi-aarch64-v3-aarch64le-le "registered"
    expect_ids $g pk-ok-v3-s390x-be "kernel-byte-order refused"
    # A start at the text end is refused (start >= text_end), its end is not checked.
    expect_ids $g pk-text-ok-v3-aarch64le-le "kernel-fde-outside-text refused" --text 0x2000-0x2040
    expect_ids $g pk-text-ok-v3-aarch64le-le "registered" --text 0x2000-0x2041
    # Flexible rows register; the step refuses those it does not follow.
    expect_ids $g pk-text-flex-v3-aarch64le-le "kernel-step-rule-refused registered"
    # Outermost rows fail the lookup (the base's zero control word).
    expect_ids $g pk-outermost-v3-amd64-le "kernel-outermost-lookup-error registered"
  done
  # SORTED clear: vmlinux registers the section and no lookup in it works;
  # a module's table is sorted when loaded and looked up in order.
  expect_ids kernel-text-arm64-v6-vmlinux pk-text-unsorted-flag-v3-aarch64le-le "kernel-unsorted-no-lookup registered"
  expect_ids kernel-text-arm64-v6-module pk-text-unsorted-flag-v3-aarch64le-le "registered"
  [ "$(lookup kernel-text-arm64-v6-vmlinux pk-text-unsorted-flag-v3-aarch64le-le 0x2004)" = "error kernel-unsorted-no-lookup,EINVAL,false outcome" ]
  [ "$(lookup kernel-text-arm64-v6-module pk-text-unsorted-flag-v3-aarch64le-le 0x2004)" = "found " ]
  expect_ids kernel-text-arm64-v6-module pk-text-unsorted-v3-aarch64le-le "registered"
  [ "$(lookup kernel-text-arm64-v6-module pk-text-unsorted-v3-aarch64le-le 0x2044)" = "found " ]
  [ "$(lookup kernel-text-arm64-v6-module pk-text-unsorted-v3-aarch64le-le 0x2004)" = "found " ]
  # Validation refuses the out-of-order table for vmlinux (not sorted by anyone).
  expect_ids kernel-text-arm64-v6-vmlinux pk-text-unsorted-v3-aarch64le-le "kernel-fde-not-increasing kernel-unsorted-no-lookup refused"
  # No kernel section is dropped: an -EFAULT leaves it in place.
  [ "$(lookup kernel-text-arm64-v6-vmlinux pk-fre-type-v3-amd64-le 0x2004)" = "error kernel-fre-type,EFAULT,false outcome" ]
}

@test "profile: kernel text on arm64 (v6): the interrupted frame's step, its CFA mask, frame records below it" {
  # pk-text-ok function 0 row 1 (0x2004): CFA = sp+16, RA at CFA-8, FP at CFA-16.
  local snap="$BATS_TEST_TMPDIR/snap" s="$K/pk-text-ok-v3-aarch64le-le.sframe"
  # SP 0x7010: CFA 0x7020 passes the series' "cfa & 0x15" test: the step
  # reads RA 0x2044 at 0x7018 and FP 0x7100 at 0x7010.
  printf 'pc 0x2004\nsp 0x7010\nfp 0x7100\nmem 0x7010 0071000000000000 4420000000000000\nmem 0x7100 0000000000000000 0000000000000000\n' > "$snap"
  run sfref unwind --profile kernel-text-arm64-v6-vmlinux --raw --vma 0x1000 "$s" "$snap"
  [[ "$output" == *"#0 pc 0x2004 sp 0x7010 fp 0x7100  lookup found, caller by sframe"* ]]
  [[ "$output" == *"#1 pc 0x2044 sp 0x7020 fp 0x7100  lookup none, caller by the frame record"* ]]
  # SP 0x7000: CFA 0x7010 is 16-byte aligned, but 0x7010 & 0x15 = 0x10: the
  # step fails and the frame record at x29 is taken (kernel finding K7).
  printf 'pc 0x2004\nsp 0x7000\nfp 0x7100\nmem 0x7000 0071000000000000 4420000000000000\nmem 0x7100 0072000000000000 5520000000000000\nmem 0x7200 0000000000000000 0000000000000000\n' > "$snap"
  run sfref unwind --profile kernel-text-arm64-v6-module --raw --vma 0x1000 "$s" "$snap"
  [[ "$output" == *"#0 pc 0x2004 sp 0x7000 fp 0x7100  lookup found, caller by frame pointers (the arm64 step failed: cfa & 0x15 (the series' 16-byte test); the trace is unreliable)"* ]]
  [[ "$output" == *"#1 pc 0x2055 sp 0x7110 fp 0x7200"* ]]
  run sfref unwind --profile kernel-text-arm64-v6-module --json --raw --vma 0x1000 "$s" "$snap"
  [[ "$output" == *'"by":"fp","step_failed":"cfa & 0x15 (the series'"'"' 16-byte test)"'* ]]
}

@test "profile: the signal bit (version 3, each ABI): what every profile does with it" {
  # Function 1 of pk-signal (0x2040) and the row-less function at 0x3000 of
  # pk-signal-no-fres carry sfda_func_info bit 7.  Only the s390 RFC reads
  # it: on s390x the frame goes to its signal-frame unwinder (rows or none),
  # elsewhere the RFC's stub warns and fails.  Every other generation reads
  # a signal frame like any other: its rows, or -EINVAL without rows (v16
  # then drops the section).  DataDog's profiler refuses version 3.
  local abi g
  for abi in amd64-le aarch64le-le s390x-be; do
    for g in kernel-v13 kernel-v14 kernel-v16 kernel-arm64-v1 kernel-s390-v4 kernel-s390-signal-rfc kernel-text-arm64-v6-vmlinux kernel-text-arm64-v6-module; do
      run sfref validate --profile $g --json --raw --vma 0x1000 "$K/pk-signal-v3-$abi.sframe"
      [[ "$output" == *'"registered":true'* ]] || [[ "$output" == *'"kernel-abi-unsupported"'* ]] || [[ "$output" == *'"kernel-byte-order"'* ]] ||
        { echo "$g $abi: $output"; return 1; }
    done
    run sfref validate --profile ddprof-2026-06 --json --raw --vma 0x1000 "$K/pk-signal-v3-$abi.sframe"
    [ "$status" -eq 1 ] && [[ "$output" == *'"id":"ddprof-'*'"refuses":true'* ]]
  done
  # x86-64 (function 1 row 0 at 0x2040; the row-less function at 0x3004):
  [ "$(lookup kernel-v13 pk-signal-v3-amd64-le 0x2040)" = "found " ]
  [ "$(lookup kernel-v16 pk-signal-v3-amd64-le 0x2040)" = "found " ]
  [ "$(lookup kernel-v13 pk-signal-no-fres-v3-amd64-le 0x3004)" = "error no-row-covers-pc,EINVAL,false outcome" ]
  [ "$(lookup kernel-v16 pk-signal-no-fres-v3-amd64-le 0x3004)" = "error no-row-covers-pc,EINVAL,true outcome" ]
  [ "$(lookup kernel-s390-signal-rfc pk-signal-v3-amd64-le 0x2040)" = "error kernel-signal-frame-no-unwinder,EINVAL,false outcome" ]
  expect_ids kernel-s390-signal-rfc pk-signal-v3-amd64-le "kernel-signal-frame-no-unwinder registered"
  # AArch64: the arm64 series read it as any frame.
  [ "$(lookup kernel-arm64-v1 pk-signal-v3-aarch64le-le 0x2044)" = "found " ]
  [ "$(lookup kernel-text-arm64-v6-vmlinux pk-signal-v3-aarch64le-le 0x2044)" = "found " ]
  # s390x: the RFC hands both to the signal-frame unwinder; s390-v4 does not.
  [ "$(lookup kernel-s390-v4 pk-signal-v3-s390x-be 0x2046)" = "found " ]
  [ "$(lookup kernel-s390-signal-rfc pk-signal-v3-s390x-be 0x2046)" = "signal kernel-signal-frame,signal,false outcome" ]
  [ "$(lookup kernel-s390-signal-rfc pk-signal-no-fres-v3-s390x-be 0x3004)" = "signal kernel-signal-frame,signal,false outcome" ]
  expect_ids kernel-s390-signal-rfc pk-signal-no-fres-v3-s390x-be "kernel-signal-frame registered"
  # The RFC's step: svc rt_sigreturn (0x0aad) at the PC, the ucontext at
  # SP+336: psw.addr at +344, r11 at +440, r15 at +472.
  printf 'pc 0x3004\nsp 0x8000\nfp 0x0\nmem 0x3004 0aad000000000000\nmem 0x8158 0000000000002046\nmem 0x81b8 0000000000009100\nmem 0x81d8 0000000000009000\n' > "$BATS_TEST_TMPDIR/snap"
  run sfref unwind --profile kernel-s390-signal-rfc --raw --vma 0x1000 "$K/pk-signal-no-fres-v3-s390x-be.sframe" "$BATS_TEST_TMPDIR/snap"
  [[ "$output" == *"#0 pc 0x3004 sp 0x8000 fp 0x0  lookup signal kernel-signal-frame, caller by the signal frame"* ]]
  [[ "$output" == *"#1 pc 0x2046 sp 0x9000 fp 0x9100"* ]]
}
