#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Write build/corpus/manifest-v{1,2,3}.txt from every NAME.expect below it.
# Usage: corpus/manifest.sh CORPUS_DIR
set -euo pipefail
dir=$1
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
wc -l manifest-v*.txt | tail -n 1
