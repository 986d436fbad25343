#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# producers/system-check.sh - sfcfi over a system's own programs and
# libraries: every ELF file with CFI under DIR... (default Debian's
# /usr/bin, /usr/sbin and /usr/lib/<triplet>) converted to SFrame version 3
# (`sfcfi convert --elf`) and the copy checked against its own CFI (`sfcfi
# check`): every row must agree, and every function left out must carry a
# named reason.  Prints one line per file that fails, then the totals and
# the functions left out by reason (producers/RESULTS.md records a run).
# Usage: producers/system-check.sh [--jobs N] [--sample N] [--out DIR] [DIR...]
#   --sample N: every Nth ELF file of the sorted list only (make check's run)
# Exit 0 when every file converted checks clean, 1 when one does not or
# none was checked, 2 on usage errors.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
SFCFI=${SFCFI:-$here/build/bin/sfcfi}
jobs=2 out=$here/build/producers/system-check sample=1
while [ $# -gt 0 ]; do
  case $1 in
    --jobs|--sample)
      [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]{0,5}$ ]] || { echo "system-check: $1 needs a positive number" >&2; exit 2; }
      if [ "$1" = --jobs ]; then jobs=$2; else sample=$2; fi
      shift 2 ;;
    --out) [ $# -ge 2 ] || { echo "system-check: --out needs a directory" >&2; exit 2; }; out=$2; shift 2 ;;
    -h|--help) sed -n '3,14p' "$0"; exit 0 ;;
    -*) echo "system-check: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ -x "$SFCFI" ] || { echo "system-check: no $SFCFI (make build/bin/sfcfi)" >&2; exit 2; }
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(/usr/bin /usr/sbin "/usr/lib/$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)")
mkdir -p "$out"
# one ELF file: convert, check; a line "STATUS PATH" and the check's JSON.
# A relocatable object gets the raw section (it has no addresses until
# linked) and is checked with it; CFI libdw cannot read is its own status.
one() {
  local f=$1 out=$2 key vma
  key=$(printf '%s' "$f" | md5sum | cut -c1-16)
  if "$SFCFI" convert --version 3 --elf -o "$out/$key.elf" "$f" > "$out/$key.convert" 2>&1; then
    check "$f" "$out/$key" "$out/$key.elf"
  elif grep -q "relocatable object has no addresses" "$out/$key.convert"; then
    if "$SFCFI" convert --version 3 -o "$out/$key.sframe" "$f" > "$out/$key.convert" 2>&1 &&
       vma=$(sed -n 's/.* at \(0x[0-9a-f]*\):.*/\1/p' "$out/$key.convert") && [ -n "$vma" ]; then
      check "$f" "$out/$key" --sframe "$out/$key.sframe" --vma "$vma" "$f"
    else
      classify "$f" "$out/$key.convert"
    fi
  else
    classify "$f" "$out/$key.convert"
  fi
  rm -f "$out/$key.elf" "$out/$key.sframe"
}
# check FILE BASE ARGS...: sfcfi check --summary --json ARGS into BASE.json.
check() {
  local f=$1 base=$2
  shift 2
  if "$SFCFI" check --summary --json "$@" > "$base.json" 2> "$base.err"; then
    echo "clean $f"
  else
    echo "check-failed $f"
  fi
}
# classify FILE LOG: why a conversion did not happen.
classify() {
  if grep -q "no function could be converted\|no CFI\|no .eh_frame\|nothing to convert" "$2"; then
    echo "none $1"
  elif grep -q "libdw cannot read" "$2"; then
    echo "cfi-unreadable $1"
  else
    echo "convert-failed $1"
  fi
}
export -f one check classify
export SFCFI
find "${dirs[@]}" -maxdepth 1 -type f 2>/dev/null | sort |
  while read -r f; do
    [ "$(head -c 4 "$f" 2>/dev/null | od -An -c | tr -d ' ')" = "177ELF" ] && echo "$f"
  done | awk -v n="$sample" '(NR - 1) % n == 0' > "$out/files"
xargs -a "$out/files" -P "$jobs" -I{} bash -c 'one "$1" "$2"' _ {} "$out" > "$out/status"
python3 - "$out" <<'PY'
import collections, glob, json, os, sys
out = sys.argv[1]
st = collections.Counter(l.split(" ", 1)[0] for l in open(os.path.join(out, "status")))
fn = collections.Counter(); rows = collections.Counter(); reasons = collections.Counter(); dis = collections.Counter()
for p in glob.glob(os.path.join(out, "*.json")):
    try:
        j = json.load(open(p))
    except Exception:
        continue
    for k, v in j.get("functions", {}).items(): fn[k] += v
    for k, v in j.get("rows", {}).items(): rows[k] += v
    reasons.update(j.get("cfi_only_classes", {}))
    dis.update(j.get("disagreement_classes", {}))
print("files: %d ELF, %d converted and checked clean, %d with a disagreement, %d without CFI to convert, "
      "%d whose CFI libdw cannot read, %d conversions failed"
      % (sum(st.values()), st["clean"], st["check-failed"], st["none"], st["cfi-unreadable"], st["convert-failed"]))
print("functions: %d in both tables, %d left out (CFI only), %d SFrame only" % (fn["both"], fn["cfi_only"], fn["sframe_only"]))
print("rows: %d compared, %d agree, %d disagree%s" % (rows["compared"], rows["agree"], rows["disagree"],
      (" (" + ", ".join("%s %d" % kv for kv in sorted(dis.items())) + ")") if dis else ""))
print("left out by reason: " + (", ".join("%s %d" % kv for kv in sorted(reasons.items())) or "none"))
if st["clean"] + st["check-failed"] == 0:
    print("system-check: no ELF file with CFI was converted and checked: nothing was proven")
    sys.exit(1)
sys.exit(1 if st["check-failed"] or st["convert-failed"] else 0)
PY
rc=$?
grep -E '^(check-failed|convert-failed) ' "$out/status" | sed -n 1,20p
exit $rc
