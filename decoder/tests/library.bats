#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The library's shape: what it exports, and the reference path standing on
# its own beside the fast layer.

setup() {
  : "${REPO:=$PWD}" "${BUILD_DIR:=build}"
  case $BUILD_DIR in /*) B=$BUILD_DIR ;; *) B=$REPO/$BUILD_DIR ;; esac
  H="$REPO/decoder/include/sframe_ref.h $REPO/decoder/include/sframe_kernel.h $REPO/decoder/include/sframe_ddprof.h"
}

# The functions the public headers declare (each declaration starts SFR_API).
declared() { cat $H | grep -o '^SFR_API [^(]*(' | sed 's/($//; s/.*[ *]//' | sort; }

@test "the shared library exports exactly the functions the headers declare" {
  [ -f "$B/lib/libsframe_ref.so" ]
  declared > "$BATS_TEST_TMPDIR/declared"
  # (a coverage build's runtime, libgcov's __gcov_* and helpers such as
  # mangle_path, is not the library's: every symbol libgcov.a defines is left out)
  nm --defined-only "$(${CC:-gcc} -print-file-name=libgcov.a)" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u \
    > "$BATS_TEST_TMPDIR/gcov"
  nm -D --defined-only "$B/lib/libsframe_ref.so" | awk '$2 == "T" && $3 !~ /^__gcov/ { print $3 }' | sort |
    comm -23 - "$BATS_TEST_TMPDIR/gcov" > "$BATS_TEST_TMPDIR/exported"
  [ "$(wc -l < "$BATS_TEST_TMPDIR/declared")" -gt 30 ]
  diff "$BATS_TEST_TMPDIR/declared" "$BATS_TEST_TMPDIR/exported"
  # nothing else, of any kind (no data, no weak symbols) leaves it
  [ "$(nm -D --defined-only "$B/lib/libsframe_ref.so" | awk '$2 != "T" && $3 !~ /^__gcov/' | wc -l)" -eq 0 ]
}

@test "the reference path includes nothing of the fast layer and calls into it only through the API" {
  # No decoder/src file includes a decoder/fast header.
  for h in "$REPO"/decoder/fast/*.h; do
    ! grep -l "#include \"$(basename "$h")\"" "$REPO"/decoder/src/* || false
  done
  # The symbols the reference objects take from the fast layer's are the
  # public lookup alone (the unwinder looks up through sfr_lookup).
  nm --defined-only "$B"/obj/lib/fast/*.o | awk '$2 == "T" { print $3 }' | sort -u > "$BATS_TEST_TMPDIR/fast"
  nm --undefined-only "$B"/obj/lib/src/*.o | awk '{ print $2 }' | sort -u > "$BATS_TEST_TMPDIR/needs"
  [ -s "$BATS_TEST_TMPDIR/fast" ]
  run comm -12 "$BATS_TEST_TMPDIR/fast" "$BATS_TEST_TMPDIR/needs"
  [ "$output" = sfr_lookup ]
}
