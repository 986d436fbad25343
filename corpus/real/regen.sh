#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# corpus/real/regen.sh - regenerate corpus/real/sections/: real .sframe
# sections emitted by three GNU as releases, checked into the repository so
# that every machine tests the same bytes.  Run by a maintainer after
# changing corpus/real/cfi/ or corpus/real/src/ (never by the tests), then
# review and commit the result.
#
# Usage: corpus/real/regen.sh [OUT_DIR]      (default: corpus/real/sections)
#
# Inputs:
#   cfi/ARCH-THEME.s  hand-written assembly with .cfi_* directives (plain and
#                     frame-pointer frames, remember/restore state, large
#                     offsets, long functions, signal frames, pac-ret, s390x
#                     register-saved RA/FP, an empty function, the PLT),
#                     sharing the assembler macros of cfi/macros.inc
#   src/SRC.c         C programs, compiled to assembly (-S) at -O0, -O2 and
#                     -Os by Debian 12's gcc 12 for each target
# Assemblers (each input assembled with --gsframe, linked with the same
# release's ld, dumped with the same release's objdump):
#   gas 2.40     Debian 12's own binutils (SFrame version 1; no s390x)
#   gas 2.44     trixie's, unpacked by ci/toolchains.sh (version 2; no s390x)
#   gas 2.47.50  sid's, unpacked by ci/toolchains.sh (version 3)
# Targets: x86_64, aarch64, s390x (when that gas emits SFrame for it; a
# release that refuses a target is skipped for it, and the script says so).
#
# For each input, release and target, three files in OUT_DIR (the form the
# optional shared vectors also have, when a ../shared/vectors sits beside
# the clone):
#   NAME.sframe   the linked program's .sframe section (objcopy -O binary)
#   NAME.vma      its address, 0x-prefixed hex
#   NAME.objdump  that release's `objdump --sframe` of the program: the
#                 first line names the file (NAME), the rest is the dump
# NAME is gasREL-ARCH-cfi-THEME or gasREL-ARCH-SRC-OPT, REL being 240, 244
# or 247.  OUT_DIR/INDEX lists every NAME with its assembler release, target
# and input; OUT_DIR/TOOLS the exact package versions used.
#
# Linking: ld -pie at the target's usual executable base (-Ttext-segment),
# entry _start (cfi/) or main (src/), calls to the C library left to the
# dynamic linker (--unresolved-symbols=ignore-all).  The section's function
# addresses are then final, and the linker adds the FDEs of the .plt it
# builds (x86-64 and s390x).  Each program is built in a scratch directory
# under a fixed relative name: no path or time reaches the output, and two
# runs give identical bytes (checked with: regen.sh /tmp/a; regen.sh /tmp/b;
# diff -r /tmp/a /tmp/b).
#
# Prerequisites (installed with apt-get when missing, as root): gcc,
# gcc-aarch64-linux-gnu, gcc-s390x-linux-gnu, binutils and the aarch64,
# s390x and x86-64 cross binutils (2.40); and trixie's and sid's binutils
# for the three targets, unpacked by
#   bash ci/toolchains.sh trixie binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu binutils-s390x-linux-gnu
#   bash ci/toolchains.sh sid    binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu binutils-s390x-linux-gnu
# (this script runs both; each is a no-op once met).
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$here/sections}
case $out in /*) ;; *) out=$PWD/$out ;; esac
opts=(O0 O2 Os)
archs=(x86_64 aarch64 s390x)

note() { echo "regen: $*" >&2; }
die() { note "$*"; exit 1; }

# ---- prerequisites ----------------------------------------------------------
pkgs=(gcc gcc-aarch64-linux-gnu gcc-s390x-linux-gnu binutils binutils-x86-64-linux-gnu
      binutils-aarch64-linux-gnu binutils-s390x-linux-gnu)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep "install ok installed" > /dev/null || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "missing ${missing[*]}: apt-get install them (as root)"
  note "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
fi
for suite in trixie sid; do
  bash "$repo/ci/toolchains.sh" "$suite" binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu \
    binutils-s390x-linux-gnu >&2
done
tc=$(bash "$repo/ci/toolchains.sh" --print-root trixie)
tc=${tc%/trixie}

# The three releases: REL tag and the directory holding TARGET-linux-gnu-as etc.
rels=(240 244 247)
declare -A bindir=([240]=/usr/bin [244]=$tc/trixie/bin [247]=$tc/sid/bin)
declare -A want=([240]=2.40 [244]=2.44 [247]=2.47)
declare -A relname=()
declare -A base=([x86_64]=0x400000 [aarch64]=0x400000 [s390x]=0x1000000)
declare -A cc=([x86_64]=x86_64-linux-gnu-gcc [aarch64]=aarch64-linux-gnu-gcc [s390x]=s390x-linux-gnu-gcc)

work=$(mktemp -d)
stage="$out.tmp.$$"
trap 'rm -rf "$work" "$stage"' EXIT
rm -rf "$stage"
mkdir -p "$stage"

for r in "${rels[@]}"; do
  for a in "${archs[@]}"; do
    for t in as ld objdump objcopy; do
      [ -x "${bindir[$r]}/$a-linux-gnu-$t" ] || die "no ${bindir[$r]}/$a-linux-gnu-$t"
    done
  done
  v=$("${bindir[$r]}/x86_64-linux-gnu-as" --version | sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p')
  [[ "$v" == "${want[$r]}"* ]] || die "${bindir[$r]}: binutils $v, expected ${want[$r]}"
  relname[$r]=$v
done
for a in "${archs[@]}"; do command -v "${cc[$a]}" >/dev/null || die "no ${cc[$a]}"; done

# ---- the assembly inputs -----------------------------------------------------
# Every program is made from one .s in $work: cfi/ copies and gcc -S output.
mkdir -p "$work/in"
for a in "${archs[@]}"; do
  for s in "$here"/cfi/"$a"-*.s; do
    [ -e "$s" ] || continue
    cp "$s" "$work/in/${s##*/}"
  done
  for c in "$here"/src/*.c; do
    src=${c##*/} src=${src%.c}
    for o in "${opts[@]}"; do
      # From inside src/ under a relative name: no path reaches the output.
      (cd "$here/src" && "${cc[$a]}" "-$o" -fPIC -fasynchronous-unwind-tables -S "$src.c" \
         -o "$work/in/$a-$src-$o.s")
    done
  done
done

# ---- assemble, link, cut, dump ----------------------------------------------
printf '\t.text\nf:\n\t.cfi_startproc\n\t.cfi_endproc\n' > "$work/probe.s"
: > "$work/index"
for r in "${rels[@]}"; do
  b=${bindir[$r]}
  for a in "${archs[@]}"; do
    p="$b/$a-linux-gnu-"
    if ! "${p}as" --gsframe "$work/probe.s" -o "$work/probe.o" 2>/dev/null; then
      note "gas ${relname[$r]} emits no SFrame for $a: skipped"
      continue
    fi
    n=0
    for s in "$work"/in/"$a"-*.s; do
      stem=${s##*/} stem=${stem%.s} stem=${stem#"$a"-}
      case $stem in
        *-O?) name=gas$r-$a-$stem entry=main input=src/${stem%-O?}.c opt=-${stem##*-} ;;
        *) name=gas$r-$a-cfi-$stem entry=_start input=cfi/$a-$stem.s opt=- ;;
      esac
      d="$work/$name"
      mkdir "$d"
      cp "$s" "$d/in.s"
      # the macros the cfi/ inputs share (.include "macros.inc")
      cp "$here/cfi/macros.inc" "$d/macros.inc"
      if ! (cd "$d" && "${p}as" --gsframe in.s -o in.o 2> as.log); then
        cat "$d/as.log" >&2; die "$name: gas ${relname[$r]} failed"
      fi
      (cd "$d" && "${p}ld" -pie -Ttext-segment="${base[$a]}" -e "$entry" \
         --unresolved-symbols=ignore-all -o "$name" in.o 2> ld.log) ||
        { cat "$d/ld.log" >&2; die "$name: ld failed"; }
      vma=$("${p}objdump" -h "$d/$name" | awk '$2 == ".sframe" { print $4 }')
      [ -n "$vma" ] || die "$name: no .sframe section"
      "${p}objcopy" -O binary --only-section=.sframe "$d/$name" "$stage/$name.sframe"
      printf '0x%x\n' "$((16#$vma))" > "$stage/$name.vma"
      # objdump prints a blank line, then "NAME:     file format ...".
      (cd "$d" && "${p}objdump" --sframe "$name") | tail -n +2 > "$stage/$name.objdump"
      head -n 1 "$stage/$name.objdump" | grep "^$name: " > /dev/null || die "$name: unexpected objdump text"
      printf '%s %s %s %s %s\n' "$name" "${relname[$r]}" "$a" "$input" "$opt" >> "$work/index"
      n=$((n + 1))
    done
    note "gas ${relname[$r]} $a: $n sections"
  done
done

{
  echo "# corpus/real/sections/INDEX, written by corpus/real/regen.sh: one line per"
  echo "# section: NAME, the GNU as release that emitted it, the target, the input"
  echo "# (under corpus/real/) and the gcc optimisation level (- for cfi/ inputs)."
  sort "$work/index"
} > "$stage/INDEX"
{
  echo "# corpus/real/sections/TOOLS, written by corpus/real/regen.sh: the exact"
  echo "# package versions that made these sections."
  for p in gcc-12 gcc-12-aarch64-linux-gnu gcc-12-s390x-linux-gnu binutils-x86-64-linux-gnu \
           binutils-aarch64-linux-gnu binutils-s390x-linux-gnu; do
    echo "bookworm $p $(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || echo '?')"
  done
  for suite in trixie sid; do
    grep -E '^binutils-(x86-64|aarch64|s390x)-linux-gnu ' "$tc/$suite/VERSIONS" | sed "s/^/$suite /"
  done
} > "$stage/TOOLS"

# objcopy keeps the program's mode: plain data files, whatever the umask.
chmod 644 "$stage"/*
rm -rf "$out"
mkdir -p "$(dirname "$out")"
mv "$stage" "$out"
note "$(grep -vc '^#' "$out/INDEX") sections, $(du -sk --apparent-size "$out" | cut -f1) KiB in $out"
