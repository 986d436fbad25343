#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# harness/tests/plugin-equiv.sh OLD.so[,ARGS] NEW.so[,ARGS] [ARCH...] - two builds of the
# sfr_truth plugin held to each other: every run below is made under each
# (QEMU's -seed 1 and no address randomisation, setarch -R, so that the
# guest's random bytes and what follows from
# them are the same) and the results must agree: the JSON result but for
# the plugin's own seconds and its work counters (steps, chains_reused,
# tops_reused: how much it had to compute, not what it found) and the
# executed and not-covered counts (libc's uncovered spin and start-up code
# differ from run to run of one plugin by a few hundred instructions), and
# every snapshot but its general registers and stack words (the guest's
# clock and getrandom differ too), its stack addresses taken relative to
# its SP (the guest's stack moves with what the plugin allocates), and so
# which instructions were snapshot, why,
# their truth, PC, SP, FP (not on s390x, whose r11 holds data in code
# that keeps no frame on it) and RA.  A speed change to the plugin must leave
# every verdict, bucket, attribution and snapshot as it was.
#
# The runs, on each ARCH (default x86_64 aarch64 s390x), built with gas
# 2.47 -O2 -fno-omit-frame-pointer, static: the truth cases of
# harness/progs (nestjmp, sigjmp, threads, coro, deep, deep with a saved
# RA corrupted for a while, frames, jumpcall), Lua on drive.lua, Lua with
# one CFA offset of luaH_get broken (tests/mutate-cfa.py: wrong unwinds,
# their buckets and snapshots; not on s390x, whose big-endian section the
# script does not write), sqlite3 on a short script, and on x86-64
# the corrupted deep again with unwind=full.  The programs come from
# harness/bench-qemu.sh's build (Lua, sqlite3), made here when missing.
# Where the guest's own work depends on its addresses (Lua hashes
# pointers), which move with what the plugin allocates, two builds can
# differ in what runs: hold one build to itself with an argument changed
# (NEW.so,elide=0 against NEW.so).
# Prints one line per run (same, or what differs) and exits 1 when any
# differs, 2 when something needed is missing.  ONLY=REGEX: only the runs
# whose name (ARCH-PROGRAM) matches.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OLD.so[,ARGS] NEW.so[,ARGS] [ARCH...]" >&2; exit 2; }
# OLD and NEW: a plugin, with arguments of its own after a comma if any
# (NEW.so,elide=0); each is given to QEMU as PLUGIN,ARGS,theirs.
old_so=${1%%,*} new_so=${2%%,*}
old_args=""; [ "$1" = "$old_so" ] || old_args=,${1#*,}
new_args=""; [ "$2" = "$new_so" ] || new_args=,${2#*,}
# shellcheck disable=SC2034  # (read as ${!which})
old=$(realpath "$old_so")$old_args new=$(realpath "$new_so")$new_args
shift 2
want=("$@"); [ ${#want[@]} -gt 0 ] || want=(x86_64 aarch64 s390x)
B=$here/build/harness
E=$B/equiv
for f in "$old_so" "$new_so"; do [ -f "$f" ] || { echo "plugin-equiv: no such plugin: $f" >&2; exit 2; }; done
# The bench's helpers: producer_dir, build (Lua, sqlite3), sframe_of, module_args.
# shellcheck source=/dev/null
. "$here/harness/bench-qemu.sh" --programs lua,sqlite3
[ -n "${SID:-}" ] || { echo "plugin-equiv: no sid binutils (bash ci/toolchains.sh sid binutils-x86-64-linux-gnu ...)" >&2; exit 2; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
mkdir -p "$E"
status=0
SQLSHORT='create table t(a,b); with recursive c(x) as (select 1 union all select x+1 from c limit 2000) insert into t select x, x%97 from c; create index i on t(b); select b, count(*) from t group by b order by 2 desc limit 3;'

# one NAME ARCH ELF UNWIND ARGS...: the run under both plugins, compared.
one() {
  local name=$1 arch=$2 elf=$3 unwind=$4; shift 4
  [[ $name =~ ${ONLY:-.} ]] || return 0
  local q=$B/qemu/qemu-$arch vma entry qargs=() pauth="" which d
  vma=$(sframe_of "$elf" "$T/s.sframe") || { echo "$name: no .sframe"; status=1; return; }
  entry=$(readelf -hW "$elf" | awk '/Entry point address/ { print $4 }')
  if [ "$arch" = aarch64 ]; then qargs=(-cpu max); pauth=,pauth=0xffff000000000000; fi
  for which in old new; do
    d=$T/$which; rm -rf "$d"; mkdir -p "$d/snaps"
    setarch "$(uname -m)" -R "$q" -seed 1 "${qargs[@]}" -plugin "${!which},sframe=$T/s.sframe,vma=$vma$(module_args "$elf"),entry=$entry,interp=0,out=$d/r.json,snapdir=$d/snaps,snaps=40,stride=9973,unwind=$unwind,progress=0$pauth" \
      "$elf" "$@" > "$d/stdout" 2> "$d/stderr"
    echo "exit $?" >> "$d/stdout"
    [ -s "$d/r.json" ] || { echo "$name: no result under the $which plugin: $(tail -n 1 "$d/stderr")"; status=1; return; }
    jq -S 'del(.plugin_seconds, .steps, .chains_reused, .tops_reused,
               .executed, .not_covered, .modules[].executed, .modules[].not_covered)' "$d/r.json" > "$d/r.cmp"
    # (s390x's r11 is a general register where no frame is kept on it)
    local drop='(reg|mem) '; [ "$arch" != s390x ] || drop='(reg|mem|fp) '
    # Stack addresses as offsets from the snapshot's SP: where QEMU puts
    # the guest's stack moves with what the plugin itself allocates.
    python3 - "$drop" "$d"/snaps/* <<'PY'
import os, re, sys
drop = re.compile(sys.argv[1])
for f in sys.argv[2:]:
    if not os.path.isfile(f):
        continue
    t = "".join(l for l in open(f) if not drop.match(l))
    m = re.search(r"^sp 0x([0-9a-f]+)$", t, re.M)
    sp = int(m.group(1), 16) if m else 0
    def rel(x):
        v = int(x.group(1), 16)
        return "SP%+d" % (v - sp) if sp and abs(v - sp) < (1 << 22) else x.group(0)
    open(f + ".cmp", "w").write(re.sub(r"0x([0-9a-f]+)", rel, t))
    os.remove(f)
PY
  done
  local why=""
  cmp -s "$T/old/stdout" "$T/new/stdout" || why+=" output"
  cmp -s "$T/old/r.cmp" "$T/new/r.cmp" || why+=" result($(diff "$T/old/r.cmp" "$T/new/r.cmp" | grep -c '^[<>]') lines)"
  # (which thread's instruction a snapshot catches is the scheduler's)
  [ "${name#*-}" = threads ] || diff -r -q "$T/old/snaps" "$T/new/snaps" > /dev/null || why+=" snapshots"
  [ "$(jq .checked "$T/new/r.json")" -gt 0 ] || why+=" (nothing checked: $(tail -n 1 "$T/new/stdout"))"
  if [ -n "$why" ]; then
    echo "$name: DIFFERS:$why"
    diff "$T/old/r.cmp" "$T/new/r.cmp" | sed -n 1,20p
    mkdir -p "$E/differs/$name"; cp -r "$T/old" "$T/new" "$E/differs/$name/"
    status=1
  else
    echo "$name: same ($(jq -r '"\(.checked) checked, \(.wrong) wrong, \(.wrong_buckets) buckets, \(.snapshots)+\(.wrong_snapshots) snapshots, \(.truth_unknown.other_stack + .truth_unknown.register) truth unknown"' "$T/new/r.json"))"
  fi
}

for arch in "${want[@]}"; do
  cc=$(cc_of "$arch")
  pdir=$(producer_dir "$arch") || { echo "plugin-equiv: no gas 2.47 for $arch" >&2; exit 2; }
  d=$E/$arch; mkdir -p "$d"
  for p in nestjmp sigjmp coro deep frames jumpcall threads; do
    [ "$p" = jumpcall ] && [ "$arch" = x86_64 ] && continue
    if [ ! -x "$d/$p" ] || [ "$here/harness/progs/$p.c" -nt "$d/$p" ]; then
      "$cc" -B "$pdir/" -std=gnu11 -O2 -fno-omit-frame-pointer -Wa,--gsframe -static -pthread \
        -o "$d/$p" "$here/harness/progs/$p.c" || { echo "plugin-equiv: $p did not build for $arch" >&2; exit 2; }
    fi
  done
  for p in lua sqlite3; do why=$(build "$arch" "$p") || { echo "plugin-equiv: $why" >&2; exit 2; }; done
  # (mutate-cfa.py writes little-endian sections only: no broken s390x Lua)
  if [ "$arch" != s390x ] && { [ ! -f "$d/lua-bad" ] || [ "$W/$arch/lua" -nt "$d/lua-bad" ]; }; then
    python3 "$here/harness/tests/mutate-cfa.py" "$W/$arch/lua" luaH_get 8 "$d/lua-bad" > /dev/null ||
      { echo "plugin-equiv: mutate-cfa.py failed on $arch's lua" >&2; exit 2; }
    chmod +x "$d/lua-bad"
  fi
  one "$arch-nestjmp" "$arch" "$d/nestjmp" incremental 10
  one "$arch-sigjmp" "$arch" "$d/sigjmp" incremental
  one "$arch-threads" "$arch" "$d/threads" incremental
  one "$arch-coro" "$arch" "$d/coro" incremental
  one "$arch-deep" "$arch" "$d/deep" incremental 1000 300
  one "$arch-deep-corrupt" "$arch" "$d/deep" incremental 1000 300 10
  one "$arch-frames" "$arch" "$d/frames" incremental 20
  [ "$arch" = x86_64 ] || one "$arch-jumpcall" "$arch" "$d/jumpcall" incremental 20
  one "$arch-lua" "$arch" "$W/$arch/lua" incremental "$here/harness/progs/drive.lua" 1
  [ "$arch" = s390x ] || one "$arch-lua-bad" "$arch" "$d/lua-bad" incremental "$here/harness/progs/drive.lua" 1
  one "$arch-sqlite3" "$arch" "$W/$arch/sqlite3" incremental :memory: "$SQLSHORT"
  [ "$arch" != x86_64 ] || one "$arch-deep-corrupt-full" "$arch" "$d/deep" full 1000 300 10
done
exit "$status"
