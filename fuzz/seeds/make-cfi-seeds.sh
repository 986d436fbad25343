#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz/seeds/make-cfi-seeds.sh - the cfi target's seed inputs (fuzz/seeds/cfi/):
# real .eh_frame sections, each behind the target's ABI byte (0 x86-64,
# 1 AArch64, 2 s390x; fuzz/targets/cfi.c):
#   asm-ARCH-real-NAME  corpus/real/cfi/ARCH-NAME.s (every theme: frames,
#                       flexible FDEs, PLTs, signal frames, PAC, s390x
#                       register saves, many and large functions) and
#   asm-ARCH-sfcfi-NAME the hand-written CFI tests of sfcfi
#                       (producers/tests/asm/ARCH/NAME.s, when present:
#                       expressions, DRAP, val_offset, register rules,
#                       remember/restore state, undefined RA, ...) assembled
#                       by GNU as (x86_64: the system's; AArch64 and s390x:
#                       sid's cross assemblers from make toolchains) and
#                       linked with ld -e 0, so that the FDEs' pc-relative
#                       locations are resolved (a file calling through the
#                       PLT: linked -pie against a stub shared library, so
#                       that ld's .plt FDEs, CFA expressions, are there too)
#   prog-ARCH-NAME      the first records (up to 4 KiB, cut at a record
#                       boundary, then a zero terminator) of the .eh_frame
#                       of larger programs: the harness's statically linked
#                       frames and lua (gcc -O0 and -O2, build/harness/bin)
#                       and Debian's busybox-static for amd64, arm64 and
#                       s390x (build/producers/debian, producers/debian-static.sh)
# The files are checked in: the fuzz run and the replay do not need these
# tools or programs; this script says how they were made (a missing
# toolchain or program is skipped, and said).
# Usage: fuzz/seeds/make-cfi-seeds.sh [TOOLCHAINS_DIR]   (build/toolchains)
set -euo pipefail
tc=${1:-build/toolchains}
out=fuzz/seeds/cfi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
rm -rf "$out"; mkdir -p "$out"

abi_byte() { case $1 in x86_64|amd64) printf '\0' ;; aarch64|arm64) printf '\1' ;; s390x) printf '\2' ;; esac; }

# seed OUT ARCH ELF [LIMIT]: ELF's .eh_frame behind the ABI byte; with
# LIMIT, only the records that end within LIMIT bytes, then a terminator.
seed() {
  local o=$1 arch=$2 elf=$3 limit=${4:-0}
  if ! python3 - "$elf" "$limit" "$tmp/eh" <<'EOF'
import struct, sys
path, limit, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3]
f = open(path, "rb").read()
if f[:4] != b"\x7fELF" or f[4] != 2:
    sys.exit(1)
e = ">" if f[5] == 2 else "<"
shoff, = struct.unpack_from(e + "Q", f, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", f, 0x3a)
def sh(i):
    return struct.unpack_from(e + "IIQQQQIIQQ", f, shoff + i * shentsize)
stroff = sh(shstrndx)[4]
b = None
for i in range(shnum):
    h = sh(i)
    name = f[stroff + h[0]:f.index(b"\0", stroff + h[0])]
    if name == b".eh_frame" and h[1] != 8:
        b = f[h[4]:h[4] + h[5]]
if not b:
    sys.exit(1)
if limit:
    off = 0
    while off + 4 <= len(b):
        n, = struct.unpack_from(e + "I", b, off)
        if n == 0 or n == 0xffffffff or off + 4 + n > limit:
            break
        off += 4 + n
    b = b[:off] + b"\0\0\0\0"
open(dst, "wb").write(b)
EOF
  then
    echo "skip $o: no .eh_frame in $elf" >&2; return
  fi
  { abi_byte "$arch"; cat "$tmp/eh"; } > "$out/$o"
}

tools_for() { # tools_for ARCH: "AS LD" or nothing
  case $1 in
    x86_64) echo "as ld nm" ;;
    *) [ -x "$tc/sid/bin/$1-linux-gnu-as" ] &&
         echo "$tc/sid/bin/$1-linux-gnu-as $tc/sid/bin/$1-linux-gnu-ld $tc/sid/bin/$1-linux-gnu-nm" ;;
  esac
}

for arch in x86_64 aarch64 s390x; do
  read -r as ld nm < <(tools_for "$arch"; echo) || true
  [ -n "${as:-}" ] || { echo "skip $arch: no assembler (make toolchains)" >&2; continue; }
  for s in corpus/real/cfi/"$arch"-*.s producers/tests/asm/"$arch"/*.s; do
    [ -f "$s" ] || continue
    name=$(basename "$s" .s); name=${name#"$arch"-}
    case $s in corpus/*) name=real-$name ;; *) name=sfcfi-$name ;; esac
    "$as" -I corpus/real/cfi -o "$tmp/o.o" "$s" 2> /dev/null || { echo "skip $s: does not assemble" >&2; continue; }
    if "$ld" -e 0 -o "$tmp/o" "$tmp/o.o" 2> /dev/null; then
      seed "asm-$arch-$name" "$arch" "$tmp/o"
    elif "$nm" -u "$tmp/o.o" | awk '{ print "\t.globl " $2 "\n\t.type " $2 ", %function\n" $2 ":" }' > "$tmp/stub.s" &&
         "$as" -o "$tmp/stub.o" "$tmp/stub.s" && "$ld" -shared -o "$tmp/libstub.so" "$tmp/stub.o" &&
         "$ld" -pie -e 0 -o "$tmp/o" "$tmp/o.o" "$tmp/libstub.so" 2> /dev/null; then
      # calls through the PLT: a position-independent executable against a
      # stub library defining what the file leaves undefined (ld writes the
      # .plt's FDEs, with their PC-dependent CFA expression)
      seed "asm-$arch-$name" "$arch" "$tmp/o"
    else
      echo "skip $s: does not assemble or link" >&2
    fi
  done
done
for arch in x86_64 aarch64 s390x; do
  for p in frames lua; do
    for o in O0 O2; do
      f=build/harness/bin/$arch-gas-2.47-$o/$p
      [ -f "$f" ] && seed "prog-$arch-$p-$o" "$arch" "$f" 4096
    done
  done
done
for arch in amd64 arm64 s390x; do
  f=build/producers/debian/$arch/bin/busybox
  [ -f "$f" ] && seed "prog-$arch-busybox" "$arch" "$f" 4096
done
# Programs that share their first records (the C library's) once only.
md5sum "$out"/* | sort | awk 'seen[$1]++ { print $2 }' | xargs -r rm -f
find "$out" -type f | wc -l
du -sh "$out"
