#!/usr/bin/env bats
# The producers' bugs under producers/findings/, each still shown by the
# producer it names: these tests fail when the producer is fixed (then the
# finding moves to a "fixed in" note).  Needs build/bin/sfcfi (make sfcfi)
# and the peers' binutils under build/toolchains/ (ci/peers.sh); a producer
# that is not there is skipped with its reason.

setup() {
  ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
  BUILD=${BUILD:-build}
  case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
  SFCFI=$BUILD/bin/sfcfi
  [ -x "$SFCFI" ] || skip "no $SFCFI (make sfcfi)"
}

plt_got() { # SUITE: ld of the suite links main.c; check reports the .plt.got row
  local bin=$ROOT/build/toolchains/$1/bin
  [ -x "$bin/ld" ] || skip "no $bin/ld (ci/peers.sh fetches it)"
  gcc -B "$bin/" -Wa,--gsframe -o "$BATS_TEST_TMPDIR/m" "$ROOT/producers/findings/01-ld-plt-got-sframe-cfa/main.c"
  local got
  got=$("$bin/objdump" -h "$BATS_TEST_TMPDIR/m" | awk '$2 == ".plt.got" { print $4 }')
  [ -n "$got" ] || { echo "no .plt.got in the program"; return 1; }
  run "$SFCFI" check "$BATS_TEST_TMPDIR/m"
  echo "$output"
  [ "$status" -eq 1 ]
  local lo=$((16#$got))
  # exactly one disagreement: the whole .plt.got entry, CFA sp+16 against sp+8
  [ "$(grep -c '^disagree ' <<< "$output")" -eq 1 ]
  grep -qx "disagree cfa ? $(printf '0x%x-0x%x' $lo $((lo + 8))) sframe: cfa=sp+16 ra=\[cfa-8\] fp=u cfi: cfa=sp+8 ra=\[cfa-8\] fp=u" <<< "$output"
}

@test "finding 01: ld 2.44's SFrame for .plt.got says CFA = SP + 16 where its CFI says SP + 8" {
  plt_got trixie
}

@test "finding 01: ld 2.47.50's SFrame for .plt.got says CFA = SP + 16 where its CFI says SP + 8" {
  plt_got sid
}

sframe_size() { # ELF: the size field of its .sframe section header
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".sframe" { print $5 }'
}

empty_sframe() { # DIR: as and ld of DIR; the output's .sframe has no bytes
  local bin=$1
  [ -x "$bin/ld" ] || skip "no $bin/ld (ci/peers.sh fetches it)"
  "$bin/as" --gsframe -o "$BATS_TEST_TMPDIR/only.o" "$ROOT/producers/findings/15-ld-empty-sframe-section/only.s"
  # the input: a header (28 bytes) and no function
  [ "$(sframe_size "$BATS_TEST_TMPDIR/only.o")" = 00001c ]
  "$bin/ld" -static -e f -o "$BATS_TEST_TMPDIR/only" "$BATS_TEST_TMPDIR/only.o"
  [ "$(sframe_size "$BATS_TEST_TMPDIR/only")" = 000000 ]
  run "$BUILD/bin/sfref" validate "$BATS_TEST_TMPDIR/only"
  [ "$status" -eq 1 ]
}

@test "finding 15: ld 2.40 writes an empty .sframe when no input function has an FDE" {
  empty_sframe /usr/bin
}

@test "finding 15: ld 2.44 writes an empty .sframe when no input function has an FDE" {
  empty_sframe "$ROOT/build/toolchains/trixie/bin"
}

@test "finding 15: ld 2.47.50 writes an empty .sframe when no input function has an FDE" {
  empty_sframe "$ROOT/build/toolchains/sid/bin"
}
