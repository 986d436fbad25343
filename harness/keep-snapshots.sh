#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# harness/keep-snapshots.sh - choose recorded snapshots to commit as
# replayable cases (harness/snapshots/, replayed by `make check` through
# harness/replay.sh, without QEMU).
#
# Usage: harness/keep-snapshots.sh [OUT [DEST [PER_ARCH [MAX_BYTES]]]]
#   OUT       a `make harness` output (default build/harness/out)
#   DEST      default harness/snapshots (replaced)
#   PER_ARCH  snapshots per architecture (default 200), taken round robin
#             over that architecture's runs
#   MAX_BYTES skip larger snapshots (default 12288: a 70,000-byte frame's
#             window stays in the recording, not in the repository)
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/build/harness/out}
dest=${2:-$here/harness/snapshots}
per_arch=${3:-200}
max_bytes=${4:-12288}
[ -d "$out/runs" ] || { echo "keep-snapshots: no runs in $out (run make harness first)" >&2; exit 2; }
rm -rf "$dest"; mkdir -p "$dest"
for arch in x86_64 aarch64 s390x; do
  # Round robin over the architecture's runs: the first snapshot of every
  # run, then the second of every run, ... until PER_ARCH are kept.
  kept=0
  list=$(for r in "$out"/runs/"$arch"-*.snaps; do
           [ -d "$r" ] || continue
           find "$r" -name 'chosen-*.snapshot' -size -"${max_bytes}"c | sort | awk '{ print NR, $0 }'
         done | sort -k1,1n -k2,2 | awk -v n="$per_arch" 'NR <= n { sub(/^[0-9]+ /, ""); print }')
  for snap in $list; do
    r=$(dirname "$snap"); base=${r%.snaps}; name=$(basename "$base")
    if [ ! -d "$dest/$name" ]; then
      mkdir -p "$dest/$name"
      cp "$base.sframe" "$dest/$name/section.sframe"
      cp "$base.vma" "$dest/$name/section.vma"
    fi
    cp "$snap" "$dest/$name/$(basename "$snap" | sed 's/^chosen-//')"
    kept=$((kept + 1))
  done
  echo "keep-snapshots: $arch: $kept snapshots"
done
du -sh "$dest" | awk '{ print "keep-snapshots: " $1 " in " $2 }'
