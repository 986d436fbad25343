#!/usr/bin/env bash
# corpus/real/build-real.sh - the "real" part of the corpus (FORMAT.md):
# .sframe sections that GNU as emitted, each with what that release's
# objdump --sframe printed for it, as a second opinion no code of ours wrote.
#
# Usage: corpus/real/build-real.sh SHARED_DIR OUT_DIR
#
#   1. shared-NAME: every SHARED_DIR/vectors/{gas,more}/NAME (binutils 2.40
#      to 2.46), copied with an .expect and the .objdump text minus its
#      first (file name) line.
#   2. gasREL-ARCH-SRC-OPT: corpus/real/src/SRC.c built and linked here by
#      gcc -Wa,--gsframe at -O0, -O2 and -Os for x86_64 (gcc) and aarch64
#      (aarch64-linux-gnu-gcc), REL being this machine's binutils release
#      (240 on Debian 12: SFrame version 1).  The section is cut out with
#      objcopy, its address read from the section headers, and the text
#      comes from the same target's objdump --sframe.
#
# Without the aarch64 cross compiler (package gcc-aarch64-linux-gnu) only the
# x86-64 programs are built, and the script says so.  Output is a pure
# function of the inputs and the toolchain: no timestamps, no paths (programs
# are built from inside src/ under fixed names), so two runs give identical
# bytes.  OUT_DIR is rebuilt from scratch and replaced at the end.
set -euo pipefail
export LC_ALL=C

[ $# -eq 2 ] || { echo "usage: $0 SHARED_DIR OUT_DIR" >&2; exit 2; }
shared=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
src_dir="$here/src"
opts=(O0 O2 Os)

stage="$out.tmp.$$"
work=$(mktemp -d)
trap 'rm -rf "$work" "$stage"' EXIT
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
    echo "pcs:"
  } > "$stage/$name.expect"
}

# norm_vma TEXT: an address as 0x followed by lower-case hex, no leading zeros.
norm_vma() {
  local v
  v=$(tr -d ' \n' <<< "$1")
  v=${v#0x}
  printf '0x%x' "$((16#$v))"
}

# ---- 1. the shared vectors ------------------------------------------------
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
  note "no shared vectors at $shared/vectors: skipping the shared-* cases"
fi

# ---- 2. programs built here -------------------------------------------------
# tools_for ARCH: sets CC, OBJDUMP, OBJCOPY for that target, or returns 1.
tools_for() {
  local t=$1-linux-gnu
  if command -v "$t-gcc" >/dev/null; then
    CC=$t-gcc
  elif command -v gcc >/dev/null && [[ "$(gcc -dumpmachine)" == "$1"-* ]]; then
    CC=gcc
  else
    return 1
  fi
  if command -v "$t-objdump" >/dev/null; then
    OBJDUMP=$t-objdump OBJCOPY=$t-objcopy
  else
    OBJDUMP=objdump OBJCOPY=objcopy
  fi
  command -v "$OBJDUMP" >/dev/null && command -v "$OBJCOPY" >/dev/null
}

declare -A built=()
archs=()
for arch in x86_64 aarch64; do
  if ! tools_for "$arch"; then
    if [ "$arch" = aarch64 ]; then
      note "aarch64-linux-gnu-gcc not found (package gcc-aarch64-linux-gnu, installed by ci/install-deps.sh): building the x86-64 sections only"
    else
      note "no gcc for x86_64: skipping the x86-64 sections"
    fi
    continue
  fi
  # The assembler's binutils release (2.40) and its tag in the names (240).
  rel=$("$("$CC" -print-prog-name=as)" --version | sed -n '1s/.* \([0-9][0-9]*\.[0-9][0-9]*\)[^ ]*$/\1/p')
  [ -n "$rel" ] || { note "$arch: cannot read the binutils release of $CC's assembler"; exit 1; }
  [ "$rel" = 2.40 ] || note "$arch: the assembler is binutils $rel (this corpus was designed around Debian 12's 2.40)"
  tag=${rel//./}
  printf 'int f(void) { return 0; }\n' > "$work/probe.c"
  if ! "$CC" -c -Wa,--gsframe "$work/probe.c" -o "$work/probe.o" 2>/dev/null; then
    note "$arch: $CC's assembler cannot emit SFrame (--gsframe): skipping"
    continue
  fi
  archs+=("$arch")
  n=0
  for s in "$src_dir"/*.c; do
    src=${s##*/} src=${src%.c}
    for o in "${opts[@]}"; do
      name="gas$tag-$arch-$src-$o"
      prog="$work/$name"
      # Built from inside src/ under a relative name: nothing of the
      # checkout's path reaches the program.
      (cd "$src_dir" && "$CC" "-$o" -fasynchronous-unwind-tables -Wa,--gsframe "$src.c" -o "$prog")
      vma=$("$OBJDUMP" -h "$prog" | awk '$2 == ".sframe" { print $4 }')
      [ -n "$vma" ] || { note "$name: no .sframe section in the program"; exit 1; }
      "$OBJCOPY" -O binary --only-section=.sframe "$prog" "$stage/$name.sframe"
      # objdump prints a blank line and "FILE:     file format ..." first.
      "$OBJDUMP" --sframe "$prog" | tail -n +3 > "$stage/$name.objdump"
      write_expect "$name" "$src" \
        "$src.c at -$o for $arch: GNU as of binutils $rel (gcc -Wa,--gsframe, linked), with that release's objdump --sframe text" \
        "$(norm_vma "$vma")"
      n=$((n + 1))
    done
  done
  built[$arch]=$n
done

rm -rf "$out"
mkdir -p "$(dirname "$out")"
mv "$stage" "$out"
summary="$nshared shared"
for a in "${archs[@]}"; do summary="$summary, ${built[$a]} $a"; done
echo "build-real: $summary sections in $out"
