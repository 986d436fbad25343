#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Write build/corpus/manifest-v{1,2,3}.txt from every NAME.expect below it,
# and, given a RELEASE, CORPUS_DIR/VERSION naming it (sfconform writes it into
# every results file it makes from this corpus).
# Usage: corpus/manifest.sh CORPUS_DIR [RELEASE]
set -euo pipefail
dir=$1 release=${2:-}
mkdir -p "$dir"
cd "$dir"
for v in 1 2 3; do : > "manifest-v$v.txt.tmp"; done
find . -name '*.expect' | LC_ALL=C sort | while read -r e; do
  awk -v path="${e#./}" '
    { k = $1; sub(/:$/, "", k); v = $0; sub(/^[^:]*: ?/, "", v); f[k] = v }
    END { sub(/\.expect$/, ".sframe", path)
          printf "%s %s %s %s %s %s\n", f["id"], f["class"], f["finding"], f["abi"], f["endian"], path >> ("manifest-v" f["version"] ".txt.tmp") }' "$e"
done
for v in 1 2 3; do LC_ALL=C sort "manifest-v$v.txt.tmp" > "manifest-v$v.txt"; rm "manifest-v$v.txt.tmp"; done
if [ -n "$release" ]; then
  case $release in *[!0-9A-Za-z.+~-]*) echo "manifest.sh: '$release' is not a release name" >&2; exit 2 ;; esac
  echo "$release" > VERSION
fi
wc -l manifest-v*.txt | tail -n 1
