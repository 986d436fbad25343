#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz/seeds/make-elf-seeds.sh - the elf target's seed inputs (fuzz/seeds/elf/):
# small real ELF files with an .sframe section, as a user would hand them to
# sfref.  Each is one of corpus/real/cfi/ARCH-frame.s (or -empty.s) assembled
# with --gsframe by GNU as 2.44 (SFrame version 2) or 2.47.50 (version 3),
# relocatable (ET_REL, with .rela.sframe) and linked (ET_EXEC), for x86_64,
# aarch64 and s390x (64-bit big-endian); plus x86_64 objects copied into
# ELFCLASS32 (objcopy -O elf32-x86-64: 32-bit headers, Elf32_Rela), the linked
# s390x file as 32-bit big-endian (elf32-s390), a linked file without its
# section name table (found by SHT_GNU_SFRAME only), and a C file compiled
# by gcc.  The files are checked in: the fuzz run and the replay do
# not need these toolchains; this script says how they were made.
# Usage: fuzz/seeds/make-elf-seeds.sh TOOLCHAINS_DIR   (build/toolchains)
set -euo pipefail
tc=${1:-build/toolchains}
out=fuzz/seeds/elf
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
rm -rf "$out"; mkdir -p "$out"
for rel in trixie:244 sid:247; do
  dir=$tc/${rel%%:*}/bin v=${rel#*:}
  for arch in x86_64 aarch64 s390x; do
    for src in frame empty; do
      as=$dir/$arch-linux-gnu-as ld=$dir/$arch-linux-gnu-ld
      [ -x "$as" ] || continue   # trixie's suite has no s390x binutils
      o=$out/gas$v-$arch-$src.o
      "$as" --gsframe -o "$o" "corpus/real/cfi/$arch-$src.s"
      if [ "$src" = frame ]; then
        "$ld" -e 0 -o "$out/gas$v-$arch-$src.exe" "$o"
      fi
    done
  done
  # 32-bit headers around the same section (x32-style ELFCLASS32 x86-64).
  "$dir/objcopy" -O elf32-x86-64 "$out/gas$v-x86_64-frame.o" "$out/gas$v-x86_64-frame-elf32.o"
  # No section name table (e_shstrndx, at 0x3e of an ELF64 header, set to
  # SHN_UNDEF): .sframe is found by its type alone.
  cp "$out/gas$v-x86_64-frame.exe" "$out/gas$v-x86_64-frame-nonames.exe"
  printf '\0\0' | dd of="$out/gas$v-x86_64-frame-nonames.exe" bs=1 seek=62 conv=notrunc status=none
done
# 32-bit big-endian headers: the linked s390x file as ELFCLASS32.
"$tc/sid/bin/s390x-linux-gnu-objcopy" -O elf32-s390 "$out/gas247-s390x-frame.exe" "$out/gas247-s390x-frame-elf32.exe"
# gcc's own output, assembled with --gsframe by the newest as.
printf 'int g(int);\nint f(int x) { return g(x) + 1; }\nint h(int x) { int a[4] = {x}; return f(a[0]) * 2; }\n' > "$tmp/t.c"
gcc -O1 -S -o "$tmp/t.s" "$tmp/t.c"
"$tc/sid/bin/as" --gsframe -o "$out/gcc-x86_64-O1.o" "$tmp/t.s"
ls -l "$out"
