#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# corpus/real/build-real.sh - the "real" part of the corpus (FORMAT.md):
# .sframe sections that GNU as emitted, each with what that release's
# objdump --sframe printed for it, as a second opinion no code of ours wrote.
#
# Usage: corpus/real/build-real.sh SHARED_DIR OUT_DIR SFREF
#
#   1. gasREL-ARCH-SRC-OPT and gasREL-ARCH-cfi-THEME: every section checked
#      in under corpus/real/sections/ (listed in its INDEX; made by
#      corpus/real/regen.sh with GNU as 2.40, 2.44 and 2.47.50 for x86_64,
#      aarch64 and s390x, from src/SRC.c at -O0/-O2/-Os and from
#      cfi/ARCH-THEME.s).  Every machine tests the same bytes: nothing is
#      compiled here.
#   2. shared-NAME: when SHARED_DIR/vectors exists (SHARED_DIR may be empty
#      or name nothing: the shared vectors are an optional extra), every
#      SHARED_DIR/vectors/{gas,more}/NAME (binutils 2.40 to 2.46).
# Each is copied with an .expect and its .objdump text minus the first (file
# name) line.  The class is valid, or questionable (fre-start-at-size) when
# the objdump text shows a zero-size function with FREs.  Every section is
# asked lookups: the PCs (`pcs:`) are read from the objdump text, never from
# the decoder: every row's start and the bytes either side of it, each
# function's first, last and first-past-the-end byte, and PCs before and
# after every function.  NAME.dump.json and NAME.lookup.json are the
# oracle's answers (SFREF), which `make corpus-check` holds to the release's
# objdump text byte for byte (sfconform --strict).
#
# Output is a pure function of the inputs: two runs give identical bytes.
# OUT_DIR is rebuilt from scratch and replaced at the end.
set -euo pipefail
export LC_ALL=C

[ $# -eq 3 ] || { echo "usage: $0 SHARED_DIR OUT_DIR SFREF" >&2; exit 2; }
shared=$1 out=$2 sfref=$3
[ -x "$sfref" ] || { echo "build-real: $sfref: not an executable (make builds sfref)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
sections="$here/sections"

stage="$out.tmp.$$"
trap 'rm -rf "$stage"' EXIT
rm -rf "$stage"
mkdir -p "$stage"

note() { echo "build-real: $*" >&2; }

# hexbyte FILE OFFSET: one byte of FILE as two lower-case hex digits.
hexbyte() { od -An -tx1 -j "$2" -N1 "$1" | tr -d ' \n'; }

# zero_size_fres OBJDUMP_TEXT: true when objdump shows a PC-increment
# function of size 0 that has FREs.  GNU as emits that for empty functions;
# the FRE start (0) then equals the function size and matches no PC, which
# the project rules questionable, fre-start-at-size (SPEC-NOTES.md).  The
# class is read from objdump's text, not from the decoder under test.
zero_size_fres() {
  awk '/func idx \[/ { zero = ($0 ~ /size = 0 bytes/); next }
       /STARTPC\[m\]/ { zero = 0; next }
       zero && /^    [0-9a-f]+  / { found = 1 }
       END { exit !found }' "$1"
}

# text_pcs OBJDUMP_TEXT: the PCs a real section is asked, from its objdump
# text (the release's own reading, not ours): for each function (`func idx
# [N]: pc = P, size = S bytes`) P - 1, P, P + S - 1, P + S; for each row
# (its STARTPC: an address, or for a PCMASK function, `STARTPC[m]`, an
# offset from P) the start and the bytes either side of it; and a PC past
# every function.  Sorted, no repeats, at most 2,000.
text_pcs() {
  local line pc=0 size mask=0 v top=0 row
  local -A pcs=()
  while IFS= read -r line; do
    case $line in
      *'func idx ['*)
        pc=${line#*pc = } pc=$((${pc%%,*}))
        size=${line#*size = } size=$((${size%% *}))
        pcs[$((pc - 1))]=1 pcs[$pc]=1 pcs[$((pc + size - 1))]=1 pcs[$((pc + size))]=1
        [ $((pc + size)) -gt $top ] && top=$((pc + size))
        mask=0 ;;
      *'STARTPC[m]'*) mask=1 ;;
      *STARTPC*) mask=0 ;;
      '    '[0-9a-f]*)
        row=${line#    } row=${row%% *}
        v=$((16#$row))
        [ $mask -eq 1 ] && v=$((v + pc))
        pcs[$((v - 1))]=1 pcs[$v]=1 pcs[$((v + 1))]=1 ;;
    esac
  done < "$1"
  [ $top -gt 0 ] && pcs[$((top + 0x100))]=1
  for v in "${!pcs[@]}"; do [ "$v" -ge 0 ] && echo "$v"; done | sort -n | sed -n 1,2000p |
    while read -r v; do printf '0x%x\n' "$v"; done | paste -sd ' '
}

# write_answers NAME VMA: NAME.dump.json and NAME.lookup.json, the oracle's
# answers for the section (its PCs from NAME.expect).
write_answers() {
  local name=$1 vma=$2 f="$stage/$1.sframe" pcs
  pcs=$(sed -n 's/^pcs: *//p' "$stage/$name.expect")
  "$sfref" dump --json --raw --vma "$vma" "$f" > "$stage/$name.dump.json" ||
    { note "$name: sfref dump failed"; return 1; }
  if [ -n "$pcs" ]; then
    # shellcheck disable=SC2086 # the PCs are words
    "$sfref" lookup --json --raw --vma "$vma" "$f" $pcs > "$stage/$name.lookup.json" ||
      { note "$name: sfref lookup failed"; return 1; }
  fi
}

# write_expect NAME CASE TITLE VMA: NAME.expect in $stage, version, ABI and
# endianness read from the section's own preamble and header; valid unless
# its objdump text shows a zero-size function with FREs.
write_expect() {
  local name=$1 case=$2 title=$3 vma=$4 f="$stage/$1.sframe"
  local m0 m1 endian ver abi clause=2 class=valid finding=-
  m0=$(hexbyte "$f" 0) m1=$(hexbyte "$f" 1)
  case "$m0$m1" in
    e2de) endian=little ;;
    dee2) endian=big ;;
    *) note "$name: bad magic $m0$m1"; return 1 ;;
  esac
  ver=$((16#$(hexbyte "$f" 2)))
  case "$(hexbyte "$f" 4)" in
    01) abi=aarch64-be ;;
    02) abi=aarch64-le ;;
    03) abi=amd64 ;;
    04) abi=s390x ;;
    *) note "$name: unknown ABI byte $(hexbyte "$f" 4)"; return 1 ;;
  esac
  if zero_size_fres "$stage/$name.objdump"; then
    clause=2.4 class=questionable finding=fre-start-at-size
  fi
  {
    echo "id: real-$name"
    echo "case: $case"
    echo "title: $title"
    echo "clause: $clause"
    echo "class: $class"
    echo "finding: $finding"
    echo "version: $ver"
    echo "abi: $abi"
    echo "endian: $endian"
    echo "vma: $vma"
    echo "source: real"
    echo "pcs: $(text_pcs "$stage/$name.objdump")" | sed 's/ $//'
  } > "$stage/$name.expect"
  write_answers "$name" "$vma"
}

# norm_vma TEXT: an address as 0x followed by lower-case hex, no leading zeros.
norm_vma() {
  local v
  v=$(tr -d ' \n' <<< "$1")
  v=${v#0x}
  printf '0x%x' "$((16#$v))"
}

# ---- 1. the checked-in sections ---------------------------------------------
# sections/INDEX: "NAME RELEASE ARCH INPUT OPT" per section (regen.sh).
[ -f "$sections/INDEX" ] || { note "no $sections/INDEX (corpus/real/regen.sh writes it)"; exit 1; }
declare -A built=()
nreal=0
while read -r name rel arch input opt; do
  case $name in ''|'#'*) continue ;; esac
  for ext in sframe vma objdump; do
    [ -f "$sections/$name.$ext" ] || { note "$name: no $sections/$name.$ext"; exit 1; }
  done
  cp "$sections/$name.sframe" "$stage/$name.sframe"
  tail -n +2 "$sections/$name.objdump" > "$stage/$name.objdump"
  case $input in
    cfi/*)
      theme=${input#cfi/"$arch"-} theme=${theme%.s}
      case=cfi-$theme
      what="corpus/real/$input (hand-written CFI) for $arch" ;;
    src/*)
      src=${input#src/} src=${src%.c}
      case=$src
      what="$src.c at $opt for $arch (gcc 12 -S, then as)" ;;
    *) note "$name: unknown input $input"; exit 1 ;;
  esac
  write_expect "$name" "$case" \
    "$what: GNU as of binutils $rel (--gsframe, linked by ld -pie), with that release's objdump --sframe text" \
    "$(norm_vma "$(cat "$sections/$name.vma")")"
  key=${name%%-*}-$arch
  built[$key]=$(( ${built[$key]:-0} + 1 ))
  nreal=$((nreal + 1))
done < "$sections/INDEX"
nfiles=$(find "$sections" -maxdepth 1 -name '*.sframe' | wc -l)
[ "$nfiles" -eq "$nreal" ] || { note "$sections: $nfiles sections but $nreal in INDEX"; exit 1; }

# ---- 2. the shared vectors (optional) ---------------------------------------
# shared_title NAME FILE: the title of a shared vector, naming the binutils
# release: the -2.NN suffix of its name; for the rest, what the vectors'
# README says (more/) or what the version and flags allow.
shared_title() {
  local name=$1 f=$2 ver flags rel
  case "$name" in
    *-2.[0-9][0-9])
      echo "$name: GNU as of binutils ${name##*-}, with that release's objdump --sframe text"; return ;;
    libsframe-*)
      echo "$name: libsframe test data, with the objdump --sframe text of a binutils 2.46-era release"; return ;;
    master-*)
      echo "$name: GNU as of binutils 2.46-era master (s390x), with that objdump --sframe text"; return ;;
  esac
  ver=$((16#$(hexbyte "$f" 2))) flags=$((16#$(hexbyte "$f" 3)))
  case "$ver" in
    1) rel="binutils 2.40" ;;
    2) if [ $((flags & 4)) -ne 0 ]; then rel="binutils 2.45"
       else rel="binutils 2.41 to 2.44 (version 2 without FDE_FUNC_START_PCREL)"; fi ;;
    3) rel="binutils 2.46" ;;
    *) rel="an unknown binutils release" ;;
  esac
  echo "$name: GNU as of $rel, with its objdump --sframe text"
}

nshared=0
if [ -d "$shared/vectors" ]; then
  for dir in gas more; do
    [ -d "$shared/vectors/$dir" ] || continue
    for f in "$shared/vectors/$dir"/*.sframe; do
      [ -e "$f" ] || continue
      b=${f%.sframe} base=${b##*/}
      name="shared-$base"
      cp "$f" "$stage/$name.sframe"
      tail -n +2 "$b.objdump" > "$stage/$name.objdump"
      case "$base" in
        *-2.[0-9][0-9]) case=${base%-2.[0-9][0-9]} ;;
        *) case=$base ;;
      esac
      write_expect "$name" "$case" "$(shared_title "$base" "$f")" "$(norm_vma "$(cat "$b.vma")")"
      nshared=$((nshared + 1))
    done
  done
else
  note "no shared vectors${shared:+ at $shared/vectors}: skipping the shared-* cases"
fi

rm -rf "$out"
mkdir -p "$(dirname "$out")"
mv "$stage" "$out"
per=$(for k in $(printf '%s\n' "${!built[@]}" | sort); do printf '%s %s, ' "${built[$k]}" "$k"; done)
summary="$nreal checked in (${per%, }) and $nshared shared"
echo "build-real: $summary sections in $out"
