#!/usr/bin/env bash
# harness/shipped.sh - `make shipped`: programs as Debian ships them, with
# every module they load converted, checked by execution.
#
# For each workload below: the program and every shared library it links
# (ldd: libc, libm, libstdc++, libz, ... as Debian 12 installs them, never
# rebuilt) are converted to SFrame version 3 with `sfcfi convert --elf`
# (cached under OUT/modules/, by path and modification time), and the
# program runs under the QEMU harness (harness/run.sh --bin PROG --lib
# LIB...) with all of them, so that every instruction of a module with
# SFrame is checked across module boundaries (PLT stubs and lazy binding,
# callbacks from libc, C++ exceptions through libstdc++ and libgcc_s,
# threads).  Modules the program dlopens are not converted: their
# instructions count as not covered.  Wrong unwinds matching a line of
# harness/shipped-attributions.txt are attributed; any other fails the run.
#
# Usage: harness/shipped.sh [--quick] [--out DIR] [--only NAME[,NAME...]]
#   --quick  the short pass `make check` runs (two small workloads)
#   --out    results (default build/harness/shipped): OUT/results.md, a
#            table per workload and module; OUT/results.json; each run's
#            harness output under OUT/runs/NAME/
#   --only   these workloads
# The host's architecture only (x86-64 on the project's machines): Debian's
# arm64 and s390x programs with their libraries are not fetched yet.
# Exit 0 when every workload ran, checked instructions and unwound right
# (or attributed); 1 otherwise; 2 on usage errors.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
SFCFI=$here/build/bin/sfcfi
out=$here/build/harness/shipped quick=0 only=""
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --out) out=${2:?}; shift 2 ;;
    --only) only=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    *) echo "shipped: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ "$(uname -m)" = x86_64 ] || { echo "shipped: the host's architecture ($(uname -m)) is not x86-64" >&2; exit 2; }
[ -x "$SFCFI" ] || { echo "shipped: no $SFCFI (make build/bin/sfcfi)" >&2; exit 2; }
mkdir -p "$out/modules" "$out/runs" "$out/input"

# The workloads: their names, and for each the program and its arguments
# (set into PROG and ARGS).  Inputs are made under OUT/input.
WORKLOADS="ls sort python3 perl gzip xz sqlite3 cppcheck"
workload() {
  case $1 in
    ls) PROG=/usr/bin/ls; ARGS=(-lR /usr/share/doc/bash /usr/share/doc/gzip) ;;
    sort) PROG=/usr/bin/sort; ARGS=(--parallel=2 -S 1M "$out/input/words") ;;
    python3) PROG=/usr/bin/python3.11
      ARGS=(-c 'import json,zlib,re; d=[{"k":i,"v":str(i)*3} for i in range(3000)]; s=json.dumps(d); print(len(zlib.compress(s.encode())), len(re.findall("1", s)))') ;;
    perl) PROG=/usr/bin/perl
      ARGS=(-e 'my %h; for (1..20000) { $h{$_ % 977} .= $_ } my @k = sort { length($h{$a}) <=> length($h{$b}) } keys %h; print scalar(@k), "\n"') ;;
    gzip) PROG=/usr/bin/gzip; ARGS=(-c -6 "$out/input/words") ;;
    xz) PROG=/usr/bin/xz; ARGS=(-T2 -c -3 "$out/input/words") ;;
    sqlite3) PROG=/usr/bin/sqlite3
      ARGS=(:memory: 'create table t(a,b); with recursive c(x) as (select 1 union all select x+1 from c limit 20000) insert into t select x, x%97 from c; create index i on t(b); select b, count(*) from t group by b order by 2 desc limit 3;') ;;
    cppcheck) PROG=/usr/bin/cppcheck; ARGS=(--quiet --enable=all "$here/decoder/src/sfr_fde.c") ;;
  esac
}

# the input: 200,000 lines of words, the same every run
if [ ! -s "$out/input/words" ]; then
  awk 'BEGIN { srand(1); for (i = 0; i < 200000; i++) { w = ""; for (j = 0; j < 1 + i % 7; j++) w = w sprintf("%c", 97 + int(rand() * 26)); print w, i % 1013 } }' \
    > "$out/input/words"
fi

# convert SRC: the module converted (cached); prints its path.
convert() {
  local src=$1 dst
  dst=$out/modules/$(basename "$src")
  if [ ! -e "$dst" ] || [ "$src" -nt "$dst" ]; then
    "$SFCFI" convert --version 3 --elf -o "$dst.tmp" "$src" > "$dst.convert.log" 2>&1 ||
      { echo "shipped: sfcfi convert $src failed: $(tail -n 1 "$dst.convert.log")" >&2; return 1; }
    mv "$dst.tmp" "$dst"
  fi
  echo "$dst"
}

rc=0 ran=0
for name in $WORKLOADS; do
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
  workload "$name"
  prog=$PROG
  if [ "$quick" = 1 ] && [[ " ls python3 " != *" $name "* ]]; then continue; fi
  if [ ! -x "$prog" ]; then
    echo "shipped: $name: $prog is not installed (ci/install-deps.sh shipped)" >&2
    rc=1
    continue
  fi
  bin=$(convert "$prog") || { rc=1; continue; }
  libargs=()
  for lib in $(ldd "$prog" | awk '$3 ~ /^\// { print $3 }'); do
    l=$(convert "$(realpath "$lib")") || { rc=1; continue 2; }
    # the loader looks the soname up: the converted copy under that name
    [ "$(basename "$lib")" = "$(basename "$l")" ] || ln -sf "$(basename "$l")" "$out/modules/$(basename "$lib")"
    libargs+=(--lib "$out/modules/$(basename "$lib")")
  done
  rm -rf "$out/runs/$name"
  if bash "$here/harness/run.sh" --bin "$bin" "${libargs[@]}" --lib-idle-ok --progress 0 \
      --attributions "$here/harness/shipped-attributions.txt" --out "$out/runs/$name" -- "${ARGS[@]}" \
      > "$out/runs/$name.log" 2>&1; then
    ran=$((ran + 1))
  else
    echo "shipped: $name failed: $(grep '^harness:' "$out/runs/$name.log" | tail -n 2 | tr '\n' ' ')" >&2
    rc=1
  fi
done

python3 - "$out" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
rows, mods, tot = [], [], {"executed": 0, "checked": 0, "wrong": 0, "attributed": 0, "not_covered": 0}
for path in sorted(glob.glob(os.path.join(out, "runs", "*", "runs", "*.json"))):
    name = path.split(os.sep)[-3]
    j = json.load(open(path))
    att = sum(w.get("count", 0) for w in j.get("wrongs", []) if w.get("finding"))
    rows.append("| %s | %d | %d | %d | %d | %d | %d |" % (name, j.get("exit", -1), j.get("executed", 0),
                j.get("checked", 0), j.get("wrong", 0), att, j.get("not_covered", 0)))
    for k, key in (("executed", "executed"), ("checked", "checked"), ("wrong", "wrong"), ("not_covered", "not_covered")):
        tot[k] += j.get(key, 0) or 0
    tot["attributed"] += att
    for m in j.get("modules", []):
        mods.append("| %s | %s | %d | %d | %d |" % (name, os.path.basename(m["path"]) if m.get("path") else "(the program)",
                    m.get("executed", 0), m.get("checked", 0), m.get("wrong", 0)))
with open(os.path.join(out, "results.md"), "w") as f:
    f.write("| workload | exit | executed | checked | wrong | attributed | not covered |\n|---|---|---|---|---|---|---|\n")
    f.write("\n".join(rows) + "\n\n")
    f.write("| workload | module | executed | checked | wrong |\n|---|---|---|---|---|\n" + "\n".join(mods) + "\n")
json.dump({"totals": tot, "workloads": len(rows)}, open(os.path.join(out, "results.json"), "w"), indent=1)
print(open(os.path.join(out, "results.md")).read())
print("shipped: %d workloads, %d instructions executed, %d checked, %d wrong (%d attributed), %d not covered"
      % (len(rows), tot["executed"], tot["checked"], tot["wrong"], tot["attributed"], tot["not_covered"]))
PY
[ "$ran" -gt 0 ] || { echo "shipped: no workload ran" >&2; rc=1; }
exit $rc
