#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# objdump-text-check.sh - `sfref dump --format=objdump-REL` against binutils
# REL's own `objdump --sframe`, byte for byte, over the corpus.
#
# usage: conformance/objdump-text-check.sh REL [--sample N] [--ids FILE]
#                                           [--keep DIR] [--list]
#   REL        2.40, 2.44 or 2.47 (a release whose objdump the bundled
#              adapter runs; 2.46 has no tool here: its text is checked
#              against the recorded vectors, corpus/tests/real.bats)
#   --sample N about N sections, deterministic: every allowlisted case and
#              every k-th other valid or questionable case of the manifests
#              (the oracle dumps no other)
#   --ids FILE only the case ids listed in FILE (one a line)
#   --keep DIR write each differing case's two texts and diff into DIR
#   --list     print each compared case and its outcome
# Every section of the manifests of the versions REL reads (2.40: 1, 2.44: 1
# and 2, 2.47: 2 and 3) is dumped by the oracle (exit 0: it accepts the section)
# and by the tool, through `sfadapter-objdump-REL objdump SECTION VMA`
# (exit 0: the tool printed its dump without error or warning); each section
# both accept is compared.  A difference on a case listed in the allowlist
# conformance/objdump-text/allow-REL.txt (a bug of that release, with its
# reason: SPEC-NOTES.md N26) is expected; any other difference, or an
# allowlisted case that no longer differs, fails.
# Prints one line per release: compared, matched, differing (allowlisted /
# unlisted), allowlisted that matched; then the case ids.
# Environment: SFREF (default $BUILD/bin/sfref), BINDIR (the adapters:
# default $BUILD/bin, then build/bin), CORPUS (default build/corpus),
# BUILD (default build), REPO (default: this script's checkout);
# SFADAPTER_TIMEOUT (seconds per tool run, default 9: 2.47 needs about 17 s
# of CPU for fres-65535-v3-amd64-le, counted as rejected by the tool).
# Exit: 0 no unlisted difference and no stale allowlist entry, 1 otherwise,
# 2 usage error or a missing tool (77 when the release's objdump or its
# adapter is absent, so a test can skip).
set -uo pipefail

here=${REPO:-$(cd "$(dirname "$0")/.." && pwd)}
usage() { sed -n '/^# usage:/,/^#   --list/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

[ $# -ge 1 ] || usage
rel=$1
shift
sample=0 ids="" keep="" list=0
while [ $# -gt 0 ]; do
  case $1 in
    --sample) [ $# -ge 2 ] || usage; sample=$2; shift 2 ;;
    --ids) [ $# -ge 2 ] || usage; ids=$2; shift 2 ;;
    --keep) [ $# -ge 2 ] || usage; keep=$2; shift 2 ;;
    --list) list=1; shift ;;
    *) usage ;;
  esac
done
case $sample in ''|*[!0-9]*) usage ;; esac

case $rel in
  2.40) versions="1" ;;
  2.44) versions="1 2" ;; # version 1: the header only (SPEC-NOTES.md N26)
  2.47) versions="2 3" ;;
  *) echo "objdump-text-check: no objdump $rel to check against (2.40, 2.44, 2.47)" >&2; exit 2 ;;
esac

BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$here/$BUILD ;; esac
SFREF=${SFREF:-$BUILD/bin/sfref}
CORPUS=${CORPUS:-$here/build/corpus}
case $CORPUS in /*) ;; *) CORPUS=$here/$CORPUS ;; esac
adapter=""
for d in ${BINDIR:-} "$BUILD/bin" "$here/build/bin"; do
  # (an adapter built before the objdump command was added lacks it)
  if [ -x "$d/sfadapter-objdump-$rel" ] &&
     [[ $("$d/sfadapter-objdump-$rel" 2>&1) == *" objdump SECTION VMA"* ]]; then
    adapter=$d/sfadapter-objdump-$rel
    break
  fi
done
if [ -z "$adapter" ]; then
  echo "objdump-text-check: no sfadapter-objdump-$rel with the objdump command (make sfadapter-binutils; 2.44 and 2.47 need make toolchains)" >&2
  exit 77
fi
"$adapter" capabilities >/dev/null 2>&1 || {
  echo "objdump-text-check: $adapter capabilities failed: is the objdump $rel it runs present?" >&2
  exit 77
}
[ -x "$SFREF" ] || { echo "objdump-text-check: no $SFREF" >&2; exit 2; }
for v in $versions; do
  [ -f "$CORPUS/manifest-v$v.txt" ] || { echo "objdump-text-check: no $CORPUS/manifest-v$v.txt (make corpus)" >&2; exit 2; }
done
allow=$here/conformance/objdump-text/allow-$rel.txt

tmp=$(mktemp -d "${TMPDIR:-/tmp}/objdump-text-check.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
[ -f "$allow" ] && awk '!/^#/ && NF { print $1 }' "$allow" | sort -u > "$tmp/allow" || : > "$tmp/allow"

# The cases: "ID PATH CLASS", manifest order.
for v in $versions; do awk '{ print $1, $6, $2 }' "$CORPUS/manifest-v$v.txt"; done > "$tmp/all"
if [ -n "$ids" ]; then
  awk 'NR == FNR { want[$1] = 1; next } $1 in want' "$ids" "$tmp/all" > "$tmp/cases"
elif [ "$sample" -gt 0 ]; then
  awk -v n="$sample" '
    NR == FNR { allowed[$1] = 1; next }
    $1 in allowed { print; next }
    $3 == "valid" || $3 == "questionable" { rest[++k] = $0 }
    END {
      step = int((k + n - 1) / n); if (step < 1) step = 1
      for (i = 1; i <= k; i += step) print rest[i]
    }' "$tmp/allow" "$tmp/all" > "$tmp/cases"
else
  cp "$tmp/all" "$tmp/cases"
fi

compared=0 matched=0 listed=0 unlisted=0 oracle_rej=0 tool_rej=0
: > "$tmp/unlisted"; : > "$tmp/listed"; : > "$tmp/stale"
[ -z "$keep" ] || mkdir -p "$keep"
while read -r id path _ <&3; do
  sec=$CORPUS/$path
  vma=$(sed -n 's/^vma: //p' "${sec%.sframe}.expect")
  [ -n "$vma" ] || vma=0
  if ! "$SFREF" dump --format="objdump-$rel" --raw --vma "$vma" "$sec" > "$tmp/ours" 2>/dev/null; then
    oracle_rej=$((oracle_rej + 1))
    [ "$list" = 0 ] || echo "$id oracle-rejects"
    grep -qxF "$id" "$tmp/allow" && echo "$id (rejected by the oracle)" >> "$tmp/stale"
    continue
  fi
  # (in a subshell: a tool killed by a signal is not announced by bash)
  if ! ( "$adapter" objdump "$sec" "$vma" > "$tmp/theirs" 2>/dev/null; exit $? ) 2>/dev/null; then
    tool_rej=$((tool_rej + 1))
    [ "$list" = 0 ] || echo "$id tool-rejects"
    grep -qxF "$id" "$tmp/allow" && echo "$id (rejected by objdump $rel)" >> "$tmp/stale"
    continue
  fi
  compared=$((compared + 1))
  if cmp -s "$tmp/ours" "$tmp/theirs"; then
    matched=$((matched + 1))
    grep -qxF "$id" "$tmp/allow" && echo "$id" >> "$tmp/stale"
    [ "$list" = 0 ] || echo "$id match"
    continue
  fi
  if grep -qxF "$id" "$tmp/allow"; then
    listed=$((listed + 1))
    echo "$id" >> "$tmp/listed"
    [ "$list" = 0 ] || echo "$id differs (allowlisted)"
  else
    unlisted=$((unlisted + 1))
    echo "$id" >> "$tmp/unlisted"
    [ "$list" = 0 ] || echo "$id differs"
  fi
  if [ -n "$keep" ]; then
    cp "$tmp/ours" "$keep/$id.sfref"
    cp "$tmp/theirs" "$keep/$id.objdump"
    diff "$tmp/ours" "$tmp/theirs" > "$keep/$id.diff"
  fi
done 3< "$tmp/cases"

# Allowlisted cases the corpus no longer has (the whole corpus or a sample).
[ -n "$ids" ] || awk 'NR == FNR { have[$1] = 1; next } !($1 in have) { print $1 " (not in the corpus)" }' \
  "$tmp/all" "$tmp/allow" >> "$tmp/stale"
stale=$(wc -l < "$tmp/stale")
echo "objdump $rel: $(wc -l < "$tmp/cases") sections, $compared compared, $matched matched," \
  "$((listed + unlisted)) differing ($listed allowlisted, $unlisted not), $stale allowlisted but not differing;" \
  "$oracle_rej rejected by the oracle, $tool_rej rejected (or crashed on) by objdump $rel"
[ ! -s "$tmp/unlisted" ] || echo "differing, not allowlisted: $(tr '\n' ' ' < "$tmp/unlisted")"
[ ! -s "$tmp/listed" ] || echo "differing, allowlisted: $(tr '\n' ' ' < "$tmp/listed")"
[ ! -s "$tmp/stale" ] || echo "allowlisted but not differing (remove from ${allow#"$here"/}): $(tr '\n' ';' < "$tmp/stale")"
[ "$unlisted" -eq 0 ] && [ "$stale" -eq 0 ]
