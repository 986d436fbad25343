#!/bin/sh
# SPDX-License-Identifier: MIT
# A wrapper around the reference adapter ($SFADAPTER_REFERENCE) for
# conformance/tests/verdicts.bats, playing a reader of one kind as WRAP says:
#   lookup-only    no decode: judged by its lookups
#   fallback       lookup-only, answering "fallback" where it has no row
#   fallback-all   lookup-only, answering "fallback" at every PC
#   no-pcrel       rejects every version-2 section with FDE_FUNC_START_PCREL
#                  (a reader that lacks the feature)
#   no-pcrel-said  the same, and says so: "features" lists all but pcrel
#   blind          decode only, printing {} with every top-level field unknown
#   cfa-fp         takes every SP-based CFA for an FP-based one
# None lists "serve": its serve would be the reference's own.
ref=${SFADAPTER_REFERENCE:?}
caps() { "$ref" capabilities | sed -e 's/,"serve"//' -e "s/\"commands\":\[[^]]*\]/\"commands\":[$1]/" \
  -e "s/\"unknown_fields\":\[[^]]*\]/\"unknown_fields\":[$2]/"; }
case "${WRAP:?}:$1" in
  lookup-only:capabilities|fallback:capabilities|fallback-all:capabilities)
    caps '"lookup"' ''; exit 0 ;;
  fallback:lookup)
    "$ref" "$@" | sed -e 's/"status":"no-fde"/"status":"fallback"/g' -e 's/"status":"no-fre"/"status":"fallback"/g'
    exit 0 ;;
  fallback-all:lookup)
    "$ref" "$@" | sed -e 's/"status":"[a-z-]*"/"status":"fallback"/g'; exit 0 ;;
  no-pcrel:capabilities) caps '"decode","lookup"' ''; exit 0 ;;
  no-pcrel-said:capabilities)
    caps '"decode","lookup","unwind"' '' | sed 's/}$/,"features":["pcmask","flex","signal","auxhdr"]}/'; exit 0 ;;
  no-pcrel:*|no-pcrel-said:*)
    # byte 2 the version, byte 3 the flags (0x4: FDE_FUNC_START_PCREL)
    v=$(od -An -j2 -N1 -tu1 "$2" | tr -d ' '); fl=$(od -An -j3 -N1 -tu1 "$2" | tr -d ' ')
    if [ "$v" = 2 ] && [ $((fl & 4)) -ne 0 ]; then echo "PCREL not supported" >&2; exit 1; fi ;;
  blind:capabilities)
    caps '"decode"' '"schema","version","endian","abi","flags","flags_raw","fixed_fp_offset","fixed_ra_offset","auxhdr_len","num_fdes","num_fres","functions"'
    exit 0 ;;
  blind:decode)
    "$ref" "$@" > /dev/null || exit $?; echo '{}'; exit 0 ;;
  cfa-fp:capabilities) caps '"decode","lookup"' ''; exit 0 ;;
  cfa-fp:decode|cfa-fp:lookup)
    "$ref" "$@" | sed 's/"base":"sp","reg":7,/"base":"fp","reg":6,/g'; exit 0 ;;
esac
exec "$ref" "$@"
