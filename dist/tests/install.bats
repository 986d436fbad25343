#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# make install / make uninstall (dist/install.mk) into a DESTDIR: every
# tool answers --version from where it was installed, every man page
# renders, the installed sfconform finds the installed corpus and adapters
# with no path given and judges the reference over the whole corpus with
# nothing failed, the adapter kit builds the example adapter, sfaudit
# finds its tables; uninstall then leaves no file behind.
# Environment (ci/run-tests.sh): BUILD_DIR (default build), REPO.

setup_file() {
  : "${REPO:=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}" "${BUILD_DIR:=build}"
  export REPO BUILD_DIR
  export X="$BATS_FILE_TMPDIR/x"
  make -C "$REPO" -s BUILD="$BUILD_DIR" DISTDIR="$BATS_FILE_TMPDIR/dist" install DESTDIR="$X" PREFIX=/usr \
    > "$BATS_FILE_TMPDIR/install.log" 2>&1 || { cat "$BATS_FILE_TMPDIR/install.log" >&3; return 1; }
}

setup() {
  T="$BATS_TEST_TMPDIR"
}

@test "every installed tool answers --version, and every page installed renders with man -l" {
  for t in sfref sfconform sfcorpus sfcfi sfaudit; do
    run "$X/usr/bin/$t" --version
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "$t (sframe-conformance) "* ]]
    [ -f "$X/usr/share/man/man1/$t.1" ]
  done
  n=0
  for m in "$X"/usr/share/man/man1/*.1 "$X"/usr/share/man/man7/*.7; do
    MANWIDTH=80 man -l "$m" > "$T/page" 2> /dev/null || { echo "$m does not render"; false; }
    head -n 1 "$T/page" | grep -q "$(basename "${m%.*}" | tr a-z- A-Z-)" || { echo "$m: no title"; false; }
    n=$((n + 1))
  done
  [ "$n" -eq 6 ]
  # the pages are the tools' own --help: an option of it is in its page
  MANWIDTH=200 man -l "$X/usr/share/man/man1/sfconform.1" 2> /dev/null | grep -q -- '--keep-going'
  MANWIDTH=200 man -l "$X/usr/share/man/man7/sframe-adapter-protocol.7" 2> /dev/null | grep -q 'capabilities'
}

@test "the installed sfconform, given no path, judges the installed reference over the whole installed corpus: 0 failed" {
  cd "$T"   # no build/corpus here: the installed one
  run "$X/usr/bin/sfconform" --no-progress reference
  echo "$output" | tail -n 5
  [ "$status" -eq 0 ]
  total=$(cat "$X"/usr/share/sframe-conformance/corpus/manifest-v*.txt | wc -l)
  [ "$total" -gt 1000 ]
  [[ "$output" == *"sfconform: $total corpus sections, 1 implementation"* ]]
  [[ "$output" == *" 0 failed"* ]]
  [[ "$output" == *"as expected against $X/usr/share/sframe-conformance/corpus/expected/reference.txt"* ]]
}

@test "the installed kit builds the example adapter, which the installed sfconform judges" {
  command -v pkg-config || skip "no pkg-config"
  cflags=$(PKG_CONFIG_SYSROOT_DIR="$X" PKG_CONFIG_LIBDIR="$X/usr/lib/pkgconfig" pkg-config --cflags sframe_ref)
  libs=$(PKG_CONFIG_SYSROOT_DIR="$X" PKG_CONFIG_LIBDIR="$X/usr/lib/pkgconfig" pkg-config --libs sframe_ref)
  [[ "$cflags" == *"-I$X/usr/include"* ]]
  cc -std=c11 -O1 $cflags -o "$T/mine" "$X/usr/share/sframe-conformance/examples/example-adapter.c" $libs \
    -Wl,-rpath,"$X/usr/lib"
  cd "$T"
  run "$X/usr/bin/sfconform" --no-progress --sample 25 --out "$T/out" mine="$T/mine"
  echo "$output" | tail -n 3
  [[ "$output" == *"running mine"* ]]
  [ "$(grep -c '"status":"pass"' "$T/out/mine/results.jsonl")" -gt 50 ]
}

@test "the installed sfaudit finds its tables away from the checkout" {
  cd "$T"
  run "$X/usr/bin/sfaudit" --no-progress /usr/bin/true
  [ "$status" -le 1 ]
  [[ "$output" == *"ELF objects (archive members one each) | 1 |"* ]]
}

@test "make uninstall leaves no file in DESTDIR" {
  make -C "$REPO" -s BUILD="$BUILD_DIR" uninstall DESTDIR="$X" PREFIX=/usr
  left=$(find "$X" \( -type f -o -type l \) | head)
  [ -z "$left" ] || { echo "left: $left"; false; }
}
