# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# harness/realprogs.sh - two more real programs from Debian source packages,
# for run.sh to source (set -euo pipefail safe; defines functions only):
#
#   lua       Lua 5.4 (bookworm's lua5.4): the interpreter, all of src/*.c
#             but luac.c, with LUA_USE_POSIX (no readline, no dlopen), run
#             on progs/drive.lua (errors, callbacks, coroutines, recursion)
#   mdbround  LMDB (bookworm's lmdb: libraries/liblmdb/mdb.c, midl.c) driven
#             by progs/mdbround.c (puts, gets, cursors, nested transactions,
#             a comparator callback, expected errors, recursion 200 deep)
#
#   realprogs_fetch B                       sources into B/lua-src, B/lmdb-src
#                                           (a second run is a no-op)
#   realprogs_build CC PDIR OUTDIR FLAGS... OUTDIR/lua and OUTDIR/mdbround,
#                                           each .c compiled on its own into
#                                           OUTDIR/obj-lua, OUTDIR/obj-mdb
#   realprogs_args NAME SCALE               the program's arguments, one a line
#
# The build is zround's: $CC -B PDIR/ FLAGS -Wa,--gsframe -static.  Debian's
# code is compiled without -Werror (its warnings are printed, never fatal).
# Lua is built with a fixed string-hash seed (luai_makeseed, which would mix
# the time and addresses) so that every run executes the same path.
# REALPROGS_SFRAME= (empty) drops -Wa,--gsframe, for an assembler without it.

realprogs_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
realprogs_src=$realprogs_here/../build/harness   # realprogs_fetch resets it

realprogs_fetch() {
  realprogs_src=$1
  bash "$realprogs_here/../ci/toolchains.sh" --source bookworm lua5.4 "$1/lua-src"
  bash "$realprogs_here/../ci/toolchains.sh" --source bookworm lmdb "$1/lmdb-src"
}

realprogs_build() {
  local cc=$1 pdir=$2 out=$3 f
  shift 3
  local L=$realprogs_src/lua-src/src M=$realprogs_src/lmdb-src/libraries/liblmdb
  # shellcheck disable=SC2206  # an empty REALPROGS_SFRAME is no argument
  local cmd=("$cc" -B "$pdir/" "$@" ${REALPROGS_SFRAME--Wa,--gsframe} -static)
  rm -rf "$out/obj-lua" "$out/obj-mdb"
  mkdir -p "$out/obj-lua" "$out/obj-mdb"
  # What Debian's rules write before building: the target's multiarch triplet.
  printf '#define DEB_HOST_MULTIARCH "%s"\n' "$("$cc" -dumpmachine)" > "$out/obj-lua/lua5.4-deb-multiarch.h"
  for f in "$L"/*.c; do
    [ "${f##*/}" = luac.c ] && continue
    "${cmd[@]}" -std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_POSIX '-Dluai_makeseed(L)=0x5eedu' \
      -I"$out/obj-lua" -c "$f" -o "$out/obj-lua/$(basename "$f" .c).o" || { realprogs_failed "$f"; return 1; }
  done
  "${cmd[@]}" -o "$out/lua" "$out"/obj-lua/*.o -lm || { realprogs_failed "linking $out/lua"; return 1; }
  for f in "$M/mdb.c" "$M/midl.c"; do
    "${cmd[@]}" -pthread -c "$f" -o "$out/obj-mdb/$(basename "$f" .c).o" || { realprogs_failed "$f"; return 1; }
  done
  f=$realprogs_here/progs/mdbround.c
  "${cmd[@]}" -std=c11 -Wall -Wextra -I"$M" -c "$f" -o "$out/obj-mdb/mdbround.o" || { realprogs_failed "$f"; return 1; }
  "${cmd[@]}" -pthread -o "$out/mdbround" "$out"/obj-mdb/*.o -lpthread || { realprogs_failed "linking $out/mdbround"; return 1; }
}
# (Each step returns on failure by itself: set -e does not apply inside a
# function called from `if` or `||`.)
realprogs_failed() { echo "realprogs: $1 failed ($cc)" >&2; }

realprogs_args() {
  case $1 in
    lua) echo "$realprogs_here/progs/drive.lua"; echo "$2" ;;
    mdbround) echo $((1000 * $2)) ;;
    *) echo "realprogs_args: unknown program '$1'" >&2; return 2 ;;
  esac
}
