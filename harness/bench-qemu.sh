#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# harness/bench-qemu.sh - what the sfr_truth plugin costs over plain QEMU
# (issue 53): for each architecture the harness covers, a static Lua 5.4
# (harness/realprogs.sh's build, on progs/drive.lua) and a static sqlite3
# (bookworm's sqlite3 source, its amalgamation and shell, on make shipped's
# SQL script) are run under plain qemu-ARCH and under qemu-ARCH with the
# plugin (the arguments harness/run.sh --bin gives it), paired: plain then
# plugin, REPEATS times (default 3), the best of each kept.  Prints a
# Markdown table: seconds plain, seconds under the plugin and their ratio,
# both wall and CPU (user + system: on a shared machine the steadier
# figure), instructions executed and checked (and how the checked ones
# came out).
#
# Usage: harness/bench-qemu.sh [--arch A[,A...]] [--programs lua,sqlite3] [--repeats N] [--plugin SO]
# (--plugin: another build of the plugin to time, default the harness's)
# The programs are built once with gas 2.47 and its ld (the only producer
# that writes s390x; -O2 -fno-omit-frame-pointer) under
# build/harness/bench-qemu/ARCH/.  Needs a built QEMU and plugin
# (make harness-plugin; harness/build-qemu.sh), sid's binutils
# (ci/toolchains.sh), the cross compilers and tclsh (for the sqlite
# amalgamation): what is missing is said, and the run still exits 0 (a
# benchmark, not a test); a program that fails to build or run is said
# in its row.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
B=$here/build/harness
W=$B/bench-qemu
arches=x86_64,aarch64,s390x
programs=lua,sqlite3
reps=${REPEATS:-3}
plugin=$here/build/harness/plugin/libsfrtruth.so
while [ $# -gt 0 ]; do
  case $1 in
    --arch) arches=${2:?}; shift 2 ;;
    --programs) programs=${2:?}; shift 2 ;;
    --repeats) reps=${2:?}; shift 2 ;;
    --plugin) plugin=$(realpath "${2:?}"); shift 2 ;;
    -h|--help) sed -n '3,/^# in its row/p' "$0"; exit 0 ;;
    *) echo "bench-qemu: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for a in ${arches//,/ }; do
  case $a in x86_64|aarch64|s390x) ;; *) echo "bench-qemu: unknown architecture '$a' (x86_64, aarch64, s390x)" >&2; exit 2 ;; esac
done
# shellcheck source=producers/lib.sh
. "$here/producers/lib.sh"
SQL='create table t(a,b); with recursive c(x) as (select 1 union all select x+1 from c limit 20000) insert into t select x, x%97 from c; create index i on t(b); select b, count(*) from t group by b order by 2 desc limit 3; select '"'"'sqlite3 workload done'"'"';'


# producer_dir ARCH: gas 2.47 and its ld, for gcc -B.
producer_dir() {
  local d=$W/tc-$1 as ld
  as=$(prod_binary gas-2.47 "$1") ld=$(prod_binary "$(own_ld gas-2.47)" "$1")
  [ -n "$as" ] && [ -n "$ld" ] || return 1
  mkdir -p "$d"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$as" > "$d/as"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$ld" > "$d/ld"
  chmod +x "$d/as" "$d/ld"
  echo "$d"
}
cc_of() { case $1 in x86_64) echo gcc ;; *) echo "$(triplet "$1")-gcc" ;; esac; }
FLAGS=(-O2 -fno-omit-frame-pointer)

# The sqlite amalgamation (sqlite3.c, shell.c), made once.
amalgamation() {
  local a=$W/sqlite-amal
  [ -f "$a/sqlite3.c" ] && [ -f "$a/shell.c" ] && return 0
  mkdir -p "$a"
  (cd "$a" && "$B/sqlite-src/configure" --disable-tcl --disable-readline > conf.log 2>&1 &&
     make sqlite3.c shell.c > make.log 2>&1) || { echo "the sqlite amalgamation did not build ($a/make.log)"; return 1; }
}

# build ARCH PROG: the program, built once; prints why not on failure.
build() {
  local arch=$1 prog=$2 cc pdir d=$W/$1 stamp
  cc=$(cc_of "$arch")
  command -v "$cc" > /dev/null || { echo "no $cc"; return 1; }
  pdir=$(producer_dir "$arch") || { echo "no gas 2.47 for $arch"; return 1; }
  stamp="$cc ${FLAGS[*]} $(cat "$pdir/as") 1"
  mkdir -p "$d"
  if [ -x "$d/$prog" ] && [ "$(cat "$d/$prog.stamp" 2>/dev/null)" = "$stamp" ]; then return 0; fi
  case $prog in
    lua)
      # shellcheck source=harness/realprogs.sh
      . "$here/harness/realprogs.sh"
      # shellcheck disable=SC2034  # read by realprogs_build
      realprogs_src=$B
      realprogs_build "$cc" "$pdir" "$d/rp" "${FLAGS[@]}" > "$d/rp.log" 2>&1 || { echo "the Lua build failed ($d/rp.log)"; return 1; }
      cp "$d/rp/lua" "$d/lua" ;;
    sqlite3)
      amalgamation || return 1
      "$cc" -B "$pdir/" "${FLAGS[@]}" -Wa,--gsframe -static -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION \
        -I"$W/sqlite-amal" -o "$d/sqlite3" "$W/sqlite-amal/shell.c" "$W/sqlite-amal/sqlite3.c" -lm \
        > "$d/sqlite3.log" 2>&1 || { echo "the sqlite3 build failed ($d/sqlite3.log)"; return 1; }
      ;;
  esac
  echo "$stamp" > "$d/$prog.stamp"
}

args_of() {
  case $1 in
    lua) printf '%s\n' "$here/harness/progs/drive.lua" 2 ;;
    sqlite3) printf '%s\n' :memory: "$SQL" ;;
  esac
}

# sframe_of ELF OUT: its .sframe extracted into OUT; prints its address.
sframe_of() {
  local line vma off size
  line=$(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".sframe" { print $3, $4, $5 }')
  [ -n "$line" ] || return 1
  read -r vma off size <<< "$line"
  dd if="$1" of="$2" iflag=skip_bytes,count_bytes skip=$((0x$off)) count=$((0x$size)) bs=64K status=none
  echo "0x$vma"
}
# module_args ELF: as harness/run.sh gives them (exec=, plt=).
module_args() {
  readelf -lW "$1" | awk '$1 == "LOAD" { f = ""; for (i = 7; i < NF; i++) f = f $i
                                         if (f ~ /E/) printf ",exec=%s:%s:%s", $3, $6, $2 }'
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$1 ~ /^\.(plt|plt\.sec|plt\.got|iplt)$/ { printf ",plt=%s:0x%s:0x%s", $1, $3, $5 }'
}
TIMEFORMAT='%R %U %S'
min() { awk 'NR == 1 || $1 < m { m = $1 } END { print m }'; }

# Sourced (harness/tests/plugin-equiv.sh): the helpers above only.
if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  SID=$(bash "$here/ci/toolchains.sh" --print-root sid 2>/dev/null) && export SID
  return 0
fi

echo "## The sfr_truth plugin against plain QEMU (best of $reps paired runs)"
echo
missing=()
[ -f "$plugin" ] || missing+=("the plugin ($plugin: make harness-plugin)")
command -v jq > /dev/null || missing+=("jq")
SID=$(bash "$here/ci/toolchains.sh" --print-root sid 2>/dev/null) || SID=""
[ -n "$SID" ] && [ -d "$SID" ] || missing+=("sid's binutils (bash ci/toolchains.sh sid binutils-x86-64-linux-gnu ...)")
[ -f "$B/lua-src/src/lua.c" ] && [ -d "$B/lmdb-src/libraries/liblmdb" ] ||
  missing+=("Lua's and LMDB's sources (realprogs.sh builds both: bash ci/toolchains.sh --source bookworm lua5.4 $B/lua-src; ... lmdb $B/lmdb-src)")
case ,$programs, in *,sqlite3,*)
  [ -f "$B/sqlite-src/main.mk" ] || missing+=("sqlite3's source ($B/sqlite-src: bash ci/toolchains.sh --source bookworm sqlite3 $B/sqlite-src)")
  command -v tclsh > /dev/null || missing+=("tclsh (the sqlite amalgamation is made with it: apt-get install tcl)") ;;
esac
if [ ${#missing[@]} -gt 0 ]; then
  echo "not measured: missing"
  printf -- '- %s\n' "${missing[@]}"
  exit 0
fi
export SID
[ "$reps" -ge 1 ] 2>/dev/null || { echo "bench-qemu: --repeats wants a number >= 1" >&2; exit 2; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
echo "| arch | program | plain s | plugin s | ratio | plain CPU s | plugin CPU s | CPU ratio | executed | checked | correct | fp unknown | wrong | truth unknown | not covered |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for arch in ${arches//,/ }; do
  q=$B/qemu/qemu-$arch
  for prog in ${programs//,/ }; do
    row="| $arch | $prog |"
    if [ ! -x "$q" ]; then echo "$row not measured: no $q (bash harness/build-qemu.sh) |"; continue; fi
    case $prog in lua|sqlite3) ;; *) echo "$row not measured: unknown program (lua, sqlite3) |"; continue ;; esac
    if ! why=$(build "$arch" "$prog"); then echo "$row not measured: $why |"; continue; fi
    elf=$W/$arch/$prog
    mapfile -t args < <(args_of "$prog")
    vma=$(sframe_of "$elf" "$T/s.sframe") || { echo "$row not measured: $elf has no .sframe |"; continue; }
    entry=$(readelf -hW "$elf" | awk '/Entry point address/ { print $4 }')
    qargs=(); pauth=""
    if [ "$arch" = aarch64 ]; then qargs=(-cpu max); pauth=,pauth=0xffff000000000000; fi
    rm -rf "$T/snaps"; mkdir -p "$T/snaps"
    pl="$plugin,sframe=$T/s.sframe,vma=$vma$(module_args "$elf"),entry=$entry,interp=0,out=$T/r.json,snapdir=$T/snaps,snaps=50,stride=9973,unwind=incremental,progress=0$pauth"
    : > "$T/plain"; : > "$T/plug"; fail=""
    for _ in $(seq "$reps"); do
      st=0; { time "$q" "${qargs[@]}" "$elf" "${args[@]}" > "$T/out.plain" 2>&1; } 2> "$T/t" || st=$?
      [ "$st" = 0 ] || { fail="plain qemu-$arch exited $st: $(tail -n 1 "$T/out.plain")"; break; }
      cat "$T/t" >> "$T/plain"
      rm -f "$T/r.json"; rm -rf "$T/snaps"; mkdir -p "$T/snaps"
      st=0; { time "$q" "${qargs[@]}" -plugin "$pl" "$elf" "${args[@]}" > "$T/out.plug" 2> "$T/err.plug"; } 2> "$T/t" || st=$?
      [ "$st" = 0 ] || { fail="under the plugin, qemu-$arch exited $st: $(tail -n 1 "$T/err.plug")"; break; }
      cat "$T/t" >> "$T/plug"
      [ -s "$T/r.json" ] || { fail="the plugin wrote no result: $(tail -n 1 "$T/err.plug")"; break; }
      cmp -s "$T/out.plain" "$T/out.plug" || { fail="the program's output differs under the plugin"; break; }
    done
    if [ -n "$fail" ]; then echo "$row not measured: $fail |"; continue; fi
    # the best of each: wall seconds, and CPU seconds (user + system: what
    # the run cost, whatever else the machine was doing)
    p=$(awk '{ print $1 }' "$T/plain" | min) u=$(awk '{ print $1 }' "$T/plug" | min)
    pc=$(awk '{ print $2 + $3 }' "$T/plain" | min) uc=$(awk '{ print $2 + $3 }' "$T/plug" | min)
    jq -r --arg row "$row" --arg p "$p" --arg u "$u" --arg pc "$pc" --arg uc "$uc" '
      def c: tostring | [scan("[0-9]")] | reverse | [_nwise(3) | reverse | join("")] | reverse | join(",");
      def ratio(a; b): "\(((a | tonumber) / ([b | tonumber, 0.001] | max)) * 10 | round / 10)x";
      "\($row) \($p) | \($u) | \(ratio($u; $p)) | \($pc) | \($uc) | \(ratio($uc; $pc)) | \(.executed | c) | \(.checked | c) | \(.correct | c) | \(.fp_unknown | c) | \(.wrong | c) | \((.truth_unknown.other_stack + .truth_unknown.register) | c) | \(.not_covered | c) |"' "$T/r.json" ||
      echo "$row not measured: the plugin's result could not be read |"
  done
done
echo
echo "(plain: qemu-ARCH PROG ARGS; plugin: the same with -plugin libsfrtruth.so and harness/run.sh --bin's arguments;"
echo " Lua: progs/drive.lua 2; sqlite3: make shipped's script on :memory:.  The programs: gas 2.47, ${FLAGS[*]}, static.)"
exit 0
