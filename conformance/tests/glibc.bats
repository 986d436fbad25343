#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The bundled glibc adapter (conformance/adapters/glibc.c, glibc-notes.md):
# glibc 2.43's own SFrame reader, compiled from the glibc-source package that
# ci/peers.sh fetches.  Skipped when that toolchain is absent.
# Environment (ci/run-tests.sh): BUILD (default build), CORPUS (default
# build/corpus).

TARBALL=build/toolchains/sid/usr/src/glibc/glibc-2.43.tar.xz
VERSIONS=build/toolchains/sid/VERSIONS

load helpers

setup() {
  [ -f "$TARBALL" ] || skip "glibc-source 2.43 is not fetched (make toolchains, ci/peers.sh)"
  runner_env
  A="$B/sfadapter-glibc-2.43"
  [ -x "$A" ] || { echo "$A is not built (make $A)"; return 1; }
}


@test "glibc: capabilities name glibc and the glibc-source package's exact version, version 2 only" {
  want=$(awk '$1 == "glibc-source" { print $2 }' "$VERSIONS")
  [ -n "$want" ]
  run "$A" capabilities
  [ "$status" -eq 0 ]
  [ "$(jq -r .name <<< "$output")" = glibc ]
  [ "$(jq -r .version <<< "$output")" = "$want" ]
  [ "$(jq -c .versions <<< "$output")" = "[2]" ]
  [ "$(jq -c .endian <<< "$output")" = '["little"]' ]
}

@test "glibc: a valid version-2 section with 1,000 functions is accepted with all 1,000" {
  # functions-1000: "1,000 adjacent functions" (its catalogue entry)
  run "$A" decode "$C/catalogue/functions-1000-v2-amd64-le.sframe" 0x1000
  [ "$status" -eq 0 ]
  [ "$(jq -r .version <<< "$output")" = 2 ]
  [ "$(jq -r .num_fdes <<< "$output")" = 1000 ]
  [ "$(jq -r '.functions | length' <<< "$output")" = 1000 ]
}

@test "glibc: version 1 and version 3 sections are unsupported; the reader itself refuses version 3" {
  mini_corpus unwind-three-frames-v1-amd64-le unwind-three-frames-v2-amd64-le \
    unwind-three-frames-v3-amd64-le
  mkdir -p "$T/conf"
  run "$B/sfconform" --corpus "$T/corpus" --out "$T/out" --confdir "$T/conf" --bindir "$B" glibc-2.43
  r="$T/out/glibc-2.43/results.jsonl"
  [ "$(jq -r 'select(.id == "unwind-three-frames-v1-amd64-le") | .status' "$r")" = unsupported ]
  [ "$(jq -r 'select(.id == "unwind-three-frames-v3-amd64-le") | .status' "$r")" = unsupported ]
  [ "$(jq -r 'select(.id == "unwind-three-frames-v2-amd64-le") | .status' "$r")" != unsupported ]
  # Asked anyway, glibc's header check refuses anything but version 2.
  run "$A" decode "$C/catalogue/unwind-three-frames-v3-amd64-le.sframe" 0x1000
  [ "$status" -eq 1 ]
  [[ "$output" == *"version 3 is not SFRAME_VERSION_2"* ]]
}

@test "glibc: a truncated version-2 section is not taken for the whole one" {
  full="$C/catalogue/functions-1000-v2-amd64-le.sframe"
  run "$A" decode "$full" 0x1000
  [ "$status" -eq 0 ]
  whole=$output
  # 28-byte header, then 500 of the 1,000 20-byte FDEs and 7 bytes of the next.
  head -c $((28 + 500 * 20 + 7)) "$full" > "$T/short.sframe"
  run "$A" decode "$T/short.sframe" 0x1000
  [ "$status" -ne 0 ] || [ "$output" != "$whole" ]
  # glibc's decode takes no length and accepts the header; reading the FDEs
  # it then describes runs into the page after the section.
  [ "$status" -eq 139 ]
  [[ "$output" == *"SIGSEGV reading"*"past the end of the section"* ]]
}
