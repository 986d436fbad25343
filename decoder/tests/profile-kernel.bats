#!/usr/bin/env bats
# sfref validate --profile kernel: what the Linux kernel's SFrame user-space
# unwinder refuses (decoder/src/sfr_profile_kernel.c; SPEC-NOTES.md N41 gives
# each rule and its source).  The sections are the cases of
# profile-kernel.cases, built by sfcorpus (in the catalogue's format, with
# the shared models of corpus/cases/00-models.cases); each test pins one rule
# of N41 with the verdict the rule's description gives.  Version 2 sections
# are judged by kernel-v12, version 3 ones by kernel-v13 (= kernel).
# Environment (set by ci/run-tests.sh): SFREF; SFCORPUS (default: sfcorpus
# beside SFREF); SFREF_WRAPPER.

load ../../ci/bats-helpers

setup_file() {
  : "${SFREF:=build/bin/sfref}"
  SFCORPUS=${SFCORPUS:-$(dirname "$SFREF")/sfcorpus}
  [ -x "$SFCORPUS" ] || { echo "no sfcorpus at $SFCORPUS (make tests)"; return 1; }
  local cases="$BATS_FILE_TMPDIR/cases"
  mkdir -p "$cases"
  cp "$BATS_TEST_DIRNAME/../../corpus/cases/00-models.cases" "$BATS_TEST_DIRNAME/profile-kernel.cases" "$cases/"
  "$SFCORPUS" --cases "$cases" --out "$BATS_FILE_TMPDIR/pk" > "$BATS_FILE_TMPDIR/sfcorpus.log" 2>&1 ||
    { cat "$BATS_FILE_TMPDIR/sfcorpus.log"; return 1; }
}

setup() {
  sfref_setup
  K="$BATS_FILE_TMPDIR/pk"
}

# ids PROFILE SECTION [OPTION...]: the kernel-* identifiers sfref gives
# SECTION (a name in $K without .sframe; vma 0x1000), sorted and unique,
# space-separated ("" when accepted); fails when the exit status is not 0
# for none and 1 for some, or the JSON verdict disagrees.
ids() {
  local profile=$1 name=$2 out rc got
  shift 2
  out=$(sfref validate --profile "$profile" --json --raw --vma 0x1000 "$@" "$K/$name.sframe" 2>&1) && rc=0 || rc=$?
  got=$(printf '%s\n' "$out" | grep -o '"id":"kernel-[a-z0-9-]*"' | sed 's/"id":"//; s/"$//' | sort -u | tr '\n' ' ')
  got=${got% }
  if [ -z "$got" ]; then
    [ "$rc" -eq 0 ] && [[ "$out" == *'"accepted":true'* ]] || { echo "rc $rc: $out" >&2; return 1; }
  else
    [ "$rc" -eq 1 ] && [[ "$out" == *'"accepted":false'* ]] || { echo "rc $rc: $out" >&2; return 1; }
  fi
  echo "$got"
}

# expect_ids PROFILE SECTION WANT [OPTION...]
expect_ids() {
  local got
  got=$(ids "$1" "$2" "${@:4}") || return 1
  [ "$got" = "$3" ] || { echo "$2 under $1: got '$got', want '$3'"; return 1; }
}

@test "profile: validate --help documents --profile and --text; findings --profile lists the kernel's identifiers" {
  run sfref validate --help
  [ "$status" -eq 0 ]
  for w in "--profile NAME" kernel-v12 kernel-v13 "--text START-END" N41; do [[ "$output" == *"$w"* ]]; done
  run sfref findings --profile kernel
  [ "$status" -eq 0 ]
  [ "$(printf '%s\n' "$output" | grep -c '^kernel-')" -eq 23 ]
  [[ "$output" == *"kernel-pcrel-required"*"load"* ]]
  [[ "$output" == *"kernel-pcmask-rep-size-zero"*"lookup"* ]]
  run sfref findings --profile kernel-v12 kernel-fre-type
  [ "$status" -eq 0 ] && [[ "$output" == "kernel-fre-type"*"validate"* ]]
  run sfref findings --profile kernel no-such-id
  [ "$status" -eq 2 ]
  # The spec's list is unchanged and holds no kernel identifier.
  run sfref findings
  [ "$status" -eq 0 ] && [[ "$output" != *"kernel-"* ]]
}

@test "profile: usage errors exit 2; --profile none is today's validate" {
  local f="$K/pk-ok-v3-amd64-le.sframe"
  run sfref validate --profile bogus --raw "$f";           [ "$status" -eq 2 ]; [[ "$output" == *"unknown profile 'bogus'"* ]]
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

@test "profile: the text output: one line per refusal with its stage, the verdict, exit 1" {
  run sfref validate --profile kernel --raw --vma 0x1000 "$K/pk-auxhdr-v3-amd64-le.sframe"
  [ "$status" -eq 1 ]
  [[ "$output" == *"error: kernel-auxhdr-present: sfh_auxhdr_len is not 0 at offset 0x7, field sfh_auxhdr_len [load]"* ]]
  [[ "$output" == *"pk-auxhdr-v3-amd64-le.sframe: REFUSED by kernel-v13 (1 findings)"* ]]
  [[ "$output" == *"note: function starts not checked against a text range"* ]]
  run sfref validate --profile kernel --raw --vma 0x1000 "$K/pk-ok-v3-amd64-le.sframe"
  [ "$status" -eq 0 ] && [[ "$output" == *"accepted by kernel-v13"* ]]
  run sfref validate --profile kernel --json --raw --vma 0x1000 --text 0x2000-0x3000 "$K/pk-ok-v3-amd64-le.sframe"
  [ "$status" -eq 0 ]
  [ "$output" = '{"profile":"kernel-v13","accepted":true,"text_checked":true,"findings":[]}' ]
}

@test "profile: accepted: one section of each version the kernel reads, on each ABI it unwinds" {
  expect_ids kernel-v12 pk-ok-v2-amd64-le ""
  expect_ids kernel pk-ok-v3-amd64-le ""
  expect_ids kernel-v13 pk-ok-v3-s390x-be ""
  # RA undefined (no data words) is the outermost frame, not corruption.
  expect_ids kernel-v12 pk-outermost-v2-amd64-le ""
  expect_ids kernel pk-outermost-v3-amd64-le ""
  # Flexible FDEs (v13).
  expect_ids kernel pk-flex-v3-amd64-le ""
  expect_ids kernel pk-flex-v3-s390x-be ""
  # An FRE at start == size passes (only start > size is refused).
  expect_ids kernel-v12 pk-start-at-size-v2-amd64-le ""
  expect_ids kernel pk-start-at-size-v3-amd64-le ""
  # No flag but SORTED and PCREL is looked at.
  expect_ids kernel-v12 pk-fp-flag-v2-amd64-le ""
}

@test "profile: each series reads one version (v12: 2, v13: 3)" {
  expect_ids kernel-v12 pk-ok-v3-amd64-le kernel-version-unsupported
  expect_ids kernel pk-ok-v2-amd64-le kernel-version-unsupported
}

@test "profile: load: magic, byte order, ABI, flags, aux header, counts, bounds" {
  expect_ids kernel-v12 pk-bad-magic-v2-amd64-le kernel-bad-magic
  expect_ids kernel pk-bad-magic-v3-amd64-le kernel-bad-magic
  expect_ids kernel-v12 pk-byte-order-v2-amd64-be kernel-byte-order
  expect_ids kernel pk-byte-order-v3-amd64-be kernel-byte-order
  expect_ids kernel pk-abi-aarch64-v3-aarch64le-le kernel-abi-unsupported
  expect_ids kernel-v12 pk-unsorted-flag-v2-amd64-le kernel-sorted-required
  expect_ids kernel pk-unsorted-flag-v3-amd64-le kernel-sorted-required
  expect_ids kernel-v12 pk-no-pcrel-v2-amd64-le kernel-pcrel-required
  expect_ids kernel-v12 pk-auxhdr-v2-amd64-le kernel-auxhdr-present
  expect_ids kernel pk-auxhdr-v3-amd64-le kernel-auxhdr-present
  expect_ids kernel-v12 pk-no-fdes-v2-amd64-le kernel-no-fdes
  expect_ids kernel pk-no-fdes-v3-amd64-le kernel-no-fdes
  expect_ids kernel-v12 pk-no-fres-v2-amd64-le kernel-no-fres
  expect_ids kernel pk-no-fres-v3-amd64-le kernel-no-fres
  expect_ids kernel-v12 pk-fre-len-past-end-v2-amd64-le kernel-subsections-inconsistent
  expect_ids kernel pk-fre-len-past-end-v3-amd64-le kernel-subsections-inconsistent
  expect_ids kernel-v12 pk-header-only-v2-amd64-le kernel-section-too-small
  expect_ids kernel pk-header-only-v3-amd64-le kernel-section-too-small
}

@test "profile: validate: function order (a zero-size function at the next one's start too)" {
  expect_ids kernel-v12 pk-fde-unsorted-v2-amd64-le kernel-fde-not-increasing
  expect_ids kernel pk-fde-unsorted-v3-amd64-le kernel-fde-not-increasing
  expect_ids kernel-v12 pk-fde-zero-size-same-start-v2-amd64-le kernel-fde-not-increasing
  expect_ids kernel pk-fde-zero-size-same-start-v3-amd64-le kernel-fde-not-increasing
}

@test "profile: validate: function starts against --text (v12 lets one start at its end, v13 not)" {
  expect_ids kernel-v12 pk-ok-v2-amd64-le "" --text 0x2000-0x2040
  expect_ids kernel pk-ok-v3-amd64-le kernel-fde-outside-text --text 0x2000-0x2040
  expect_ids kernel-v12 pk-ok-v2-amd64-le kernel-fde-outside-text --text 0x2001-0x3000
  expect_ids kernel pk-ok-v3-amd64-le kernel-fde-outside-text --text 0x2001-0x3000
  expect_ids kernel pk-ok-v3-amd64-le "" --text 0x2000-0x2041
}

@test "profile: validate: the version 3 FDE attribute within the FRE sub-section" {
  expect_ids kernel pk-fde-attr-out-v3-amd64-le kernel-fde-attr-out-of-range
}

@test "profile: validate: FRE type, bounds, start, word size, order" {
  expect_ids kernel-v12 pk-fre-type-v2-amd64-le kernel-fre-type
  expect_ids kernel pk-fre-type-v3-amd64-le kernel-fre-type
  expect_ids kernel-v12 pk-fre-truncated-v2-amd64-le kernel-fre-truncated
  expect_ids kernel pk-fre-truncated-v3-amd64-le kernel-fre-truncated
  expect_ids kernel-v12 pk-fre-start-past-size-v2-amd64-le kernel-fre-start-past-size
  expect_ids kernel pk-fre-start-past-size-v3-amd64-le kernel-fre-start-past-size
  expect_ids kernel-v12 pk-dataword-size-v2-amd64-le kernel-dataword-size
  expect_ids kernel pk-dataword-size-v3-amd64-le kernel-dataword-size
  expect_ids kernel-v12 pk-fre-not-increasing-v2-amd64-le kernel-fre-not-increasing
  expect_ids kernel pk-fre-not-increasing-v3-amd64-le kernel-fre-not-increasing
}

@test "profile: validate: data word counts (RA word required by v12 only, leftovers, flexible)" {
  # s390x has no fixed RA offset: a CFA-only row (GNU as writes them) is
  # refused by v12, read by v13 as RA in its register.
  expect_ids kernel-v12 pk-ok-v2-s390x-be kernel-ra-word-missing
  expect_ids kernel pk-ok-v3-s390x-be ""
  expect_ids kernel-v12 pk-abi-aarch64-v2-aarch64le-le "kernel-abi-unsupported kernel-ra-word-missing"
  expect_ids kernel-v12 pk-datawords-leftover-v2-amd64-le kernel-datawords-leftover
  expect_ids kernel pk-datawords-leftover-v3-amd64-le kernel-datawords-leftover
  expect_ids kernel pk-flex-one-word-v3-amd64-le kernel-flex-too-few-words
}

@test "profile: lookup: PCMASK with rep_size 0 divides by zero" {
  expect_ids kernel-v12 pk-pcmask-rep-zero-v2-amd64-le kernel-pcmask-rep-size-zero
  expect_ids kernel pk-pcmask-rep-zero-v3-amd64-le kernel-pcmask-rep-size-zero
}

@test "profile: real sections: gas 2.47.50 x86-64 accepted except an empty function; gas 2.44 lacks PCREL" {
  local b
  for b in gas247-x86_64-frames-O2 gas247-x86_64-cfi-flex gas247-s390x-frames-O2; do
    run sfref validate --profile kernel --raw --vma "$(cat "$S/$b.vma")" "$S/$b.sframe"
    [ "$status" -eq 0 ] || { echo "$b: $output"; return 1; }
  done
  b=gas247-x86_64-cfi-empty
  run sfref validate --profile kernel --raw --vma "$(cat "$S/$b.vma")" "$S/$b.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"kernel-fde-not-increasing"*"FDE 1"* ]]
  b=gas244-x86_64-frames-O2
  run sfref validate --profile kernel-v12 --raw --vma "$(cat "$S/$b.vma")" "$S/$b.sframe"
  [ "$status" -eq 1 ] && [[ "$output" == *"kernel-pcrel-required"* ]]
}

@test "profile: every identifier is pinned by a test of this file" {
  local id
  for id in $(sfref findings --profile kernel | awk '{print $1}'); do
    grep -q -- " $id\"\?\( \|$\)" "$BATS_TEST_FILENAME" || grep -q -- "[ \"]$id\"\?$" "$BATS_TEST_FILENAME" ||
      { echo "no test for $id"; return 1; }
  done
}
