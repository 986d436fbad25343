#!/bin/sh
# SPDX-License-Identifier: MIT
# A deliberately broken adapter for conformance/tests/runner.bats: the
# reference adapter ($SFADAPTER_REFERENCE), except on the sections below,
# chosen by file name, where it misbehaves in one known way each.  It also
# claims no version 2 support.
ref=${SFADAPTER_REFERENCE:?}
if [ "$1" = capabilities ]; then
  "$ref" capabilities | sed 's/"versions":\[1,2,3\]/"versions":[1,3]/'
  exit 0
fi
cmd=$1
case "$cmd:$(basename "$2")" in
  decode:unwind-three-frames-v1-amd64-le.sframe) kill -SEGV $$ ;;            # crash
  decode:functions-1000-v1-amd64-le.sframe) sleep 30; exit 0 ;;              # hang
  decode:fre-start-at-size-v1-amd64-le.sframe)                               # misreport
    "$ref" "$@" | sed 's/"size":[0-9]*/"size":999/'; exit 0 ;;
  decode:unwind-memory-missing-v1-amd64-le.sframe)                           # reject a valid one
    echo "finding: section-empty" >&2; exit 1 ;;
  decode:fre-data-overrun-v1-amd64-le.sframe) echo '{}'; exit 0 ;;           # accept an invalid one
  decode:fre-start-at-size-v3-amd64-le.sframe)                               # flaky: crash every other run
    if [ -n "${BROKEN_STATE:-}" ] && [ ! -e "$BROKEN_STATE/flaky" ]; then
      : > "$BROKEN_STATE/flaky"; kill -SEGV $$
    fi
    rm -f "${BROKEN_STATE:-/nonexistent}/flaky" ;;
  decode:fre-data-overrun-shared-v1-amd64-le.sframe)                         # name another finding
    echo "finding: fde-overlap" >&2; exit 1 ;;
  unwind:unwind-three-frames-v3-amd64-le.sframe)                             # a wrong caller PC
    "$ref" "$@" | sed 's/"pc":"0x9000"/"pc":"0x9001"/'; exit 0 ;;
esac
exec "$ref" "$@"
