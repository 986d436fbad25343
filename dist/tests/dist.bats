#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# make dist (dist/dist.mk): the corpus tarball, unpacked into an empty
# directory, must hold what its README promises and judge the bundled
# reference adapter exactly as the built corpus does (the same status for
# every case, the same counts, both as conformance/expected/reference.txt
# says).  Two runs of the reference over the whole corpus: about a minute.
# Environment (ci/run-tests.sh): BUILD_DIR (default build), REPO (default
# the checkout), CORPUS (default build/corpus; the tarball is made from it,
# and `make corpus` builds it when absent).

setup_file() {
  : "${REPO:=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}" "${BUILD_DIR:=build}"
  : "${CORPUS:=$REPO/build/corpus}"
  case $BUILD_DIR in /*) BIN="$BUILD_DIR/bin" ;; *) BIN="$REPO/$BUILD_DIR/bin" ;; esac
  export REPO BUILD_DIR CORPUS BIN
  export VERSION=$(sed -n 's/^#define SFR_VERSION_STRING "\(.*\)"$/\1/p' "$REPO/decoder/include/sframe_ref.h")
  export OUT="$BATS_FILE_TMPDIR/out" CLEAN="$BATS_FILE_TMPDIR/clean"
  export TARBALL="$OUT/sframe-conformance-corpus-$VERSION.tar.gz"
  export UNPACKED="$CLEAN/sframe-conformance-corpus-$VERSION"
  make -C "$REPO" -s BUILD="$BUILD_DIR" CORPUS="$CORPUS" DISTDIR="$OUT" dist > "$BATS_FILE_TMPDIR/make.log" 2>&1
  mkdir -p "$CLEAN"
  tar -C "$CLEAN" -xzf "$TARBALL"
}

setup() {
  SFCONFORM="$BIN/sfconform"
  T="$BATS_TEST_TMPDIR"
}

# verdicts RESULTS.jsonl: "id status", one line per case, in manifest order.
verdicts() { jq -r '.id + " " + .status' "$1"; }

# judge CORPUS CONFDIR OUT: the reference adapter over CORPUS, run from an
# empty directory (nothing of the checkout is found by accident); an empty
# CONFDIR gives no --confdir (a released corpus is its own).
judge() {
  mkdir -p "$T/cwd-$3"
  (cd "$T/cwd-$3" && "$SFCONFORM" --corpus "$1" ${2:+--confdir "$2"} --bindir "$BIN" \
     --out "$T/$3" -j 2 --timeout 60 reference) > "$T/$3.log" 2>&1
}

@test "dist: make dist names the tarball after SFR_VERSION_STRING and it unpacks into one directory" {
  [ -n "$VERSION" ]
  [ -f "$TARBALL" ]
  [ "$(ls "$CLEAN")" = "sframe-conformance-corpus-$VERSION" ]
  [ "$(cat "$UNPACKED/VERSION")" = "$VERSION" ]
  grep -q "^# SFrame conformance corpus $VERSION\$" "$UNPACKED/README.md"
  grep -q -- '--corpus DIR' "$UNPACKED/README.md"
}

@test "dist: the tarball holds the corpus, its descriptions, the expected results and the adapter kit" {
  for f in manifest-v1.txt manifest-v2.txt manifest-v3.txt; do
    cmp "$CORPUS/$f" "$UNPACKED/$f"
  done
  # every section the manifests name, with its description
  n=0 missing=""
  while read -r id cls finding abi endian path; do
    [ -f "$UNPACKED/$path" ] || missing="$missing $path"
    [ -f "$UNPACKED/${path%.sframe}.expect" ] || missing="$missing ${path%.sframe}.expect"
    n=$((n + 1))
  done < <(cat "$UNPACKED"/manifest-v*.txt)
  [ -z "$missing" ] || { echo "missing:$missing"; false; }
  [ "$n" -eq "$(find "$CORPUS" -name '*.sframe' ! -name '*.twin.sframe' ! -name '*.abs.sframe' | wc -l)" ]
  diff -r "$CORPUS/catalogue" "$UNPACKED/catalogue"
  cmp "$REPO/conformance/PROTOCOL.md" "$UNPACKED/PROTOCOL.md"
  cmp "$REPO/conformance/include/sframe_adapter.h" "$UNPACKED/include/sframe_adapter.h"
  cmp "$REPO/conformance/examples/example-adapter.c" "$UNPACKED/examples/example-adapter.c"
  cmp "$REPO/corpus/FORMAT.md" "$UNPACKED/FORMAT.md"
  diff -r "$REPO/corpus/cases" "$UNPACKED/cases"
  for f in "$REPO"/conformance/expected/*.txt "$REPO"/conformance/skip/*.txt; do
    cmp "$f" "$UNPACKED/${f#"$REPO"/conformance/}"
  done
}

@test "dist: the tarball's expected results for the reference are conformance/expected/reference.txt" {
  cmp "$REPO/conformance/expected/reference.txt" "$UNPACKED/expected/reference.txt"
}

@test "dist: two builds of the release are byte-identical" {
  make -C "$REPO" -s BUILD="$BUILD_DIR" CORPUS="$CORPUS" DISTDIR="$T/again" dist > "$T/make.log" 2>&1
  cmp "$TARBALL" "$T/again/sframe-conformance-corpus-$VERSION.tar.gz"
  cmp "$OUT/sframe-conformance-$VERSION.tar.gz" "$T/again/sframe-conformance-$VERSION.tar.gz"
  cmp "$OUT/SHA256SUMS" "$T/again/SHA256SUMS"
}

@test "dist: the source tarball holds HEAD's files, and SHA256SUMS checks both tarballs" {
  src="$OUT/sframe-conformance-$VERSION.tar.gz"
  [ -f "$src" ]
  # one line per tarball, and each sum holds
  [ "$(wc -l < "$OUT/SHA256SUMS")" -eq 2 ]
  grep -q " sframe-conformance-$VERSION.tar.gz\$" "$OUT/SHA256SUMS"
  grep -q " sframe-conformance-corpus-$VERSION.tar.gz\$" "$OUT/SHA256SUMS"
  (cd "$OUT" && sha256sum --quiet -c SHA256SUMS)
  # a changed byte is caught
  cp "$OUT"/*.tar.gz "$OUT/SHA256SUMS" "$T/"
  printf 'x' >> "$T/sframe-conformance-$VERSION.tar.gz"
  run bash -c "cd '$T' && sha256sum --quiet -c SHA256SUMS"
  [ "$status" -ne 0 ]
  # every file HEAD tracks, under one directory named for the release
  tar -tzf "$src" | grep -v '/$' | sed "s|^sframe-conformance-$VERSION/||" | LC_ALL=C sort > "$T/in-tarball"
  git -C "$REPO" ls-tree -r --name-only HEAD | LC_ALL=C sort > "$T/in-head"
  diff "$T/in-head" "$T/in-tarball"
  [ "$(tar -tzf "$src" | grep -vc "^sframe-conformance-$VERSION/")" -eq 0 ]
  tar -xzf "$src" -O "sframe-conformance-$VERSION/decoder/include/sframe_ref.h" | grep -q "SFR_VERSION_STRING \"$VERSION\""
}

@test "dist: sfconform over the unpacked tarball judges the reference as over the built corpus" {
  judge "$UNPACKED" "" dist || { tail -n 20 "$T/dist.log"; false; }
  judge "$CORPUS" "$REPO/conformance" build || { tail -n 20 "$T/build.log"; false; }
  verdicts "$T/dist/reference/results.jsonl" > "$T/dist.verdicts"
  verdicts "$T/build/reference/results.jsonl" > "$T/build.verdicts"
  [ "$(wc -l < "$T/dist.verdicts")" -eq "$(find "$CORPUS" -name '*.sframe' ! -name '*.twin.sframe' ! -name '*.abs.sframe' | wc -l)" ]
  diff "$T/build.verdicts" "$T/dist.verdicts"
  # the same counts per status, the same passed/failed line, both as expected
  for log in dist build; do
    grep -E '^reference \(|^  [0-9]+ passed, [0-9]+ failed$' "$T/$log.log" > "$T/$log.counts"
    grep -q 'as expected against .*/expected/reference.txt' "$T/$log.log"
  done
  [ "$(wc -l < "$T/dist.counts")" -eq 2 ]
  diff "$T/build.counts" "$T/dist.counts"
  # the unpacked corpus was its own confdir: its expected results judged it
  grep -q "as expected against $UNPACKED/expected/reference.txt" "$T/dist.log"
  # every results file names the corpus release it was judged on
  for log in dist build; do
    [ "$(jq -r .corpus "$T/$log/reference/run.json")" = "$VERSION" ]
    [ "$(jq -r .corpus "$T/$log/reference/failures.json")" = "$VERSION" ]
    [ "$(jq -r .corpus "$T/$log/reference/results.jsonl" | LC_ALL=C sort -u)" = "$VERSION" ]
    grep -q "sections of corpus release $VERSION\.\$" "$T/$log/summary.md"
  done
}
