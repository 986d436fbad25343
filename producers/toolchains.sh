#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# producers/toolchains.sh - every SFrame producer Debian ships, runnable from
# one place, for producers/matrix.sh.
#
# Usage: producers/toolchains.sh [--quick] [--selftest]
#   --quick     only what is cheap: the host's gcc 12 (3 arches), gas
#               2.40/2.44/2.47.50, ld.bfd 2.40/2.44/2.47.50, gold 2.40, lld 22,
#               mold 2.37 and 3.0 (no gcc 14/16, clang or gold 2.44 fetched;
#               what an earlier full run made stays usable)
#   --selftest  compile a small C program with every compiler (with SFrame),
#               link it static and PIE with every linker, look for .sframe,
#               run it (QEMU for aarch64, s390x), print what each linker did
#               and note failures in TOOLS.tsv (cached until a tool changes)
#
# Everything goes under build/producers/tc/ (TC= overrides):
#   cc/CC-ARCH        CC in gcc12 gcc14 gcc16 clang22, ARCH in x86_64 aarch64
#                     s390x: a C compiler driver for ARCH.  It takes `as` and
#                     `ld` from the first `-B DIR/` given; with none, its own:
#                     gcc12 gas/bfd 2.40, gcc14 gas/bfd 2.44, gcc16 gas/bfd
#                     2.47.50, clang22 its integrated assembler (gas 2.44
#                     with -fno-integrated-as) and lld 22.  Programs link the
#                     HOST's C library (Debian 12's glibc 2.36: native, or
#                     /usr/TRIPLET) and crt files; gcc14/gcc16 add
#                     -static-libgcc (their libgcc_s is newer than the
#                     host's); every gcc adds -fno-use-linker-plugin (a newer
#                     gcc's LTO plugin cannot load into an older ld: no LTO).
#                     clang22: `-Wa,--gsframe` alone works (the wrapper adds
#                     clang's -Wa,--allow-experimental-sframe when the
#                     integrated assembler is used).
#   as/GAS-ARCH/      `as` (and `objcopy`) of GAS in gas-2.40 gas-2.44 gas-2.47
#   ld/LD-ARCH/       `ld` IS the linker LD (bfd-2.40 bfd-2.44 bfd-2.47 gold-2.40
#                     gold-2.44 lld-22 mold-2.37 mold-3.0), plus its own
#                     ld.bfd / ld.gold / ld.lld / ld.mold name for -fuse-ld
#   mc/llvm-mc-22-ARCH  llvm-mc 22 for ARCH (-triple, -filetype=obj given)
#   bin/              clang-22, llvm-mc-22, ld.lld-22, mold-2.37, mold-3.0,
#                     readelf-2.47 (sid's, reads every SFrame version)
#   TOOLS.tsv         id kind arch version status why; id is the path under
#                     TC/ (cc/gcc14-aarch64, as/gas-2.44-s390x, ld/lld-22-x86_64,
#                     mc/llvm-mc-22-x86_64, ias/clang22-ARCH: clang's integrated
#                     assembler as an SFrame writer); status ok or absent, and
#                     why (the reason it is absent, or what the selftest saw)
#   roots/            the compilers of trixie and sid, set up to run here
# The suites' packages are unpacked under build/producers/toolchains/SUITE
# (PRODUCERS_TOOLCHAINS= overrides), apart from the peers' roots.
#   selftest/         the selftest's programs and results.tsv
#
# How newer suites' compilers run on Debian 12: ci/toolchains.sh unpacks them
# with their own glibc.  A gcc driver finds cc1, collect2 and lto-wrapper
# relative to its argv[0], so roots/gccNN/ mirrors the suite's gcc tree: the
# driver and those children are shell wrappers that run the real program
# under the suite's loader (--argv0 keeps the mirror's path), the rest are
# symlinks, and /usr/TRIPLET is the host's (host crt files and libc, headers
# of the host).  clang finds its resource directory from /proc/self/exe,
# which the loader would hide, so roots/clang22/bin/clang is a copy of the
# clang binary with its interpreter and rpath set to trixie's by patchelf.
#
# Exit 0 when the tools are made (a selftest failure is a result noted in
# TOOLS.tsv, not a failure), 1 on errors, 2 on usage errors.
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")/.." && pwd)
TC=${TC:-$here/build/producers/tc}
quick=0
selftest=0
die() { echo "producers/toolchains: $*" >&2; exit "${2:-1}"; }
usage() { echo "usage: $0 [--quick] [--selftest]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --selftest) selftest=1 ;;
    -h|--help) sed -n '3,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "producers/toolchains: unknown argument '$1'" >&2; usage ;;
  esac
  shift
done

# The producers: producers/producers.tsv, through producers/lib.sh.
# shellcheck source=producers/lib.sh
. "$here/producers/lib.sh"
ARCHES="x86_64 aarch64 s390x"
CCS=$(prod_ids cc | tr '\n' ' ')
GASES=$(prod_ids as | tr '\n' ' ')
LDS=$(prod_ids ld | tr '\n' ' ')

# ---- fetch: every suite closure through ci/toolchains.sh (stamped there) ----
# Into roots of their own (build/producers/toolchains/SUITE), never the
# peers' (build/toolchains/SUITE): a compiler's closure brings the suite's
# libc6-dev, whose headers would then shadow the host's for everything
# built with -I ROOT/usr/include (the libsframe adapters, the benches).
# The downloads and apt's lists are shared with the peers' (symbolic links):
# nothing is fetched twice.
export TOOLCHAINS=${PRODUCERS_TOOLCHAINS:-$here/build/producers/toolchains}
peers_top=$here/build/toolchains
mkdir -p "$TOOLCHAINS" "$peers_top/debs" "$peers_top/apt"
for d in debs apt; do
  [ -e "$TOOLCHAINS/$d" ] || ln -s "$peers_top/$d" "$TOOLCHAINS/$d"
done
fetch() { # SUITE PKG...
  bash "$here/ci/toolchains.sh" "$@" >&2 || die "ci/toolchains.sh $* failed"
}
# shellcheck disable=SC2046 # one package a word
for suite in trixie sid; do
  fetch "$suite" $(prod_fetch "$suite" yes "$ARCHES")
  if [ $quick = 0 ] && [ -n "$(prod_fetch "$suite" no "$ARCHES")" ]; then
    fetch "$suite" $(prod_fetch "$suite" no "$ARCHES")
  fi
done
TRIXIE=$(bash "$here/ci/toolchains.sh" --print-root trixie)
SID=$(bash "$here/ci/toolchains.sh" --print-root sid)

# The version of a package: ROOT's (ci/toolchains.sh notes each) or the host's.
suite_ver() { cat "$1/.unpacked/$2" 2>/dev/null || true; }
host_ver() { dpkg-query -W -f '${Version}' "$1" 2>/dev/null || true; }
root_of() { case $1 in trixie) echo "$TRIXIE" ;; sid) echo "$SID" ;; esac; }

# Why producer ID's program for ARCH is not there.
absent_why() {
  if [ "$(prod_field "$1" suite)" = host ]; then echo "host package $(prod_package "$1" "$2") not installed"
  else echo "not unpacked: run without --quick"; fi
}

mkdir -p "$TC"/{cc,as,ld,mc,bin,roots,default}
TOOLS_NEW=$TC/TOOLS.tsv.new
: > "$TOOLS_NEW"
tool() { # ID KIND ARCH VERSION STATUS WHY
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:--}" "$5" "$6" >> "$TOOLS_NEW"
}
# a small executable script: FILE LINE...
script() {
  local f=$1; shift
  local tmp=$f.tmp.$$
  printf '%s\n' '#!/bin/sh' "$@" > "$tmp"
  chmod +x "$tmp"
  if [ -f "$f" ] && cmp -s "$tmp" "$f"; then rm -f "$tmp"; else mv -f "$tmp" "$f"; fi
}
# a wrapper running the ELF program REAL under ROOT's own loader: ROOT REAL FILE
loader_wrap() {
  local root=$1 real=$2 f=$3 loader libpath
  loader=$root/usr/lib64/ld-linux-x86-64.so.2
  [ -e "$loader" ] || loader=$root/lib64/ld-linux-x86-64.so.2
  [ -e "$loader" ] || die "no loader in $root"
  libpath=$root/usr/lib/x86_64-linux-gnu:$root/lib/x86_64-linux-gnu
  script "$f" "# $(basename "$real") of $(basename "$root") under its own loader (producers/toolchains.sh)" \
    "exec \"$loader\" --library-path \"$libpath\" --argv0 \"\$0\" \"$real\" \"\$@\""
}

# ---- assemblers ----
gas_prog() { # GAS ARCH PROG: the program (as, or objcopy beside it), or nothing
  local as; as=$(prod_binary "$1" "$2")
  [ -n "$as" ] || return 0
  [ "$3" = as ] && echo "$as" && return 0
  [ -x "${as%as}$3" ] && echo "${as%as}$3"
  return 0
}
gas_ver() { prod_version "$1" "$2"; } # GAS ARCH
# Does this assembler write .sframe for ARCH?  Empty when yes, else the reason.
gas_sframe_probe() { # AS ARCH GAS
  local d; d=$(mktemp -d)
  printf '\t.text\n\t.globl f\n\t.type f,@function\nf:\n\t.cfi_startproc\n\tnop\n\t.cfi_endproc\n\t.size f,.-f\n' > "$d/p.s"
  if ! "$1" --gsframe "$d/p.s" -o "$d/p.o" > "$d/log" 2>&1; then
    echo "gas $(gas_ver "$3" "$2") --gsframe: $(grep -m1 -i error "$d/log" | sed 's/^[^:]*: //' | cut -c1-150)"
  elif ! readelf -SW "$d/p.o" | grep ' \.sframe ' > /dev/null; then
    echo "gas $(gas_ver "$3" "$2") --gsframe writes no .sframe"
  fi
  rm -rf "$d"
}
for arch in $ARCHES; do
  for gas in $GASES; do
    id=as/$gas-$arch
    as=$(gas_prog "$gas" "$arch" as)
    if [ -z "$as" ]; then
      tool "$id" as "$arch" "" absent "$(absent_why "$gas" "$arch")"
      continue
    fi
    mkdir -p "$TC/$id"
    script "$TC/$id/as" "exec \"$as\" \"\$@\""
    oc=$(gas_prog "$gas" "$arch" objcopy)
    [ -n "$oc" ] && script "$TC/$id/objcopy" "exec \"$oc\" \"\$@\""
    why=$(gas_sframe_probe "$TC/$id/as" "$arch" "$gas")
    if [ -n "$why" ]; then tool "$id" as "$arch" "$(gas_ver "$gas" "$arch")" absent "$why"
    else tool "$id" as "$arch" "$(gas_ver "$gas" "$arch")" ok ""; fi
  done
done

# ---- linkers ----
ld_prog() { prod_binary "$1" "$2"; } # LD ARCH: the program, or nothing
ld_ver() { prod_version "$1" "$2"; }  # LD ARCH
ld_emul() { case $1 in x86_64) echo elf_x86_64 ;; aarch64) echo aarch64linux ;; s390x) echo elf64_s390 ;; esac; }
# Can LD link an object of ARCH at all?  Empty when yes, else the reason.
ld_probe() { # LDPROG ARCH
  local d as; d=$(mktemp -d)
  as=$(gas_prog gas-2.40 "$2" as); [ -n "$as" ] || as=$(gas_prog gas-2.47 "$2" as)
  printf '\t.text\n\t.globl _start\n_start:\n\tnop\n' > "$d/p.s"
  if [ -z "$as" ] || ! "$as" "$d/p.s" -o "$d/p.o" > "$d/log" 2>&1; then
    echo "no assembler to probe it"
  elif ! "$1" -m "$(ld_emul "$2")" "$d/p.o" -o "$d/p" > "$d/log" 2>&1; then
    echo "cannot link $2: $(grep -m1 -v '^$' "$d/log" | cut -c1-150)"
  fi
  rm -rf "$d"
}
for arch in $ARCHES; do
  for ld in $LDS; do
    id=ld/$ld-$arch
    prog=$(ld_prog "$ld" "$arch")
    if [ -z "$prog" ]; then
      tool "$id" ld "$arch" "" absent "$(absent_why "$ld" "$arch")"; continue
    fi
    mkdir -p "$TC/$id"
    script "$TC/$id/ld" "exec \"$prog\" \"\$@\""
    ln -sfn ld "$TC/$id/ld.${ld%%-*}"
    why=$(ld_probe "$TC/$id/ld" "$arch")
    if [ -n "$why" ]; then tool "$id" ld "$arch" "$(ld_ver "$ld" "$arch")" absent "$why"
    else tool "$id" ld "$arch" "$(ld_ver "$ld" "$arch")" ok ""; fi
  done
done
[ -x "$TRIXIE/bin/ld.lld-22" ] && script "$TC/bin/ld.lld-22" "exec \"$TRIXIE/bin/ld.lld-22\" \"\$@\""
[ -x "$TRIXIE/bin/mold" ] && script "$TC/bin/mold-2.37" "exec \"$TRIXIE/bin/mold\" \"\$@\""
[ -x "$SID/bin/mold" ] && script "$TC/bin/mold-3.0" "exec \"$SID/bin/mold\" \"\$@\""
[ -x "$SID/bin/readelf" ] && script "$TC/bin/readelf-2.47" "exec \"$SID/bin/readelf\" \"\$@\""

# ---- llvm-mc 22 ----
MC=$(prod_expand "$(prod_field llvm-mc-22 binary)" x86_64 "$(prod_root llvm-mc-22)")
mc_probe() { # ARCH: empty when llvm-mc-22 --gsframe writes FDEs, else what it does
  local d t n; d=$(mktemp -d); t=$(triplet "$1")
  case $1 in
    x86_64) printf '\t.text\nf:\n\t.cfi_startproc\n\tpushq %%rbp\n\t.cfi_def_cfa_offset 16\n\tpopq %%rbp\n\t.cfi_def_cfa_offset 8\n\tret\n\t.cfi_endproc\n' ;;
    aarch64) printf '\t.text\nf:\n\t.cfi_startproc\n\tstp x29, x30, [sp, -16]!\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset 29, -16\n\t.cfi_offset 30, -8\n\tldp x29, x30, [sp], 16\n\t.cfi_def_cfa_offset 0\n\tret\n\t.cfi_endproc\n' ;;
    s390x) printf '\t.text\nf:\n\t.cfi_startproc\n\tstmg %%r14,%%r15,112(%%r15)\n\t.cfi_offset 14, -48\n\t.cfi_offset 15, -40\n\tbr %%r14\n\t.cfi_endproc\n' ;;
  esac > "$d/p.s"
  if ! "$MC" -triple "$t" -filetype=obj --gsframe "$d/p.s" -o "$d/p.o" > "$d/log" 2>&1; then
    echo "llvm-mc-22 --gsframe fails: $(grep -m1 -v '^$' "$d/log" | cut -c1-150)"
  elif ! readelf -SW "$d/p.o" | grep ' \.sframe ' > /dev/null; then
    echo "llvm-mc-22 --gsframe writes no .sframe for $1$(grep -m1 -o 'warning: .*' "$d/log" | cut -c1-140 | sed 's/^/ (/; s/$/)/')"
  else
    # the FDE count (either endianness): bytes 8..11 of the header
    n=$(objcopy -O binary --only-section=.sframe "$d/p.o" "$d/s" 2>/dev/null && od -An -tx1 -j8 -N4 "$d/s" | tr -d ' \n')
    if [ "${n:-00000000}" = 00000000 ]; then
      echo "llvm-mc-22 --gsframe writes an empty .sframe for $1: header only, 0 FDEs, every function omitted ($(grep -m1 -o 'warning: .*' "$d/log" | cut -c1-140))"
    fi
  fi
  rm -rf "$d"
}
if [ -x "$MC" ]; then
  script "$TC/bin/llvm-mc-22" "exec \"$MC\" \"\$@\""
  for arch in $ARCHES; do
    script "$TC/mc/llvm-mc-22-$arch" "exec \"$MC\" -triple $(triplet "$arch") -filetype=obj \"\$@\""
    why=$(mc_probe "$arch")
    tool "mc/llvm-mc-22-$arch" mc "$arch" "$(suite_ver "$TRIXIE" llvm-22)" "$([ -z "$why" ] && echo ok || echo absent)" "$why"
    # llvm-mc as the assembler behind a gcc driver (-B as/llvm-mc-22-ARCH/):
    # gas's command line as gcc gives it, read for llvm-mc; an option with
    # no llvm-mc meaning is refused rather than dropped
    mkdir -p "$TC/as/llvm-mc-22-$arch"
    script "$TC/as/llvm-mc-22-$arch/as" \
      "# gas's command line (as gcc gives it) for llvm-mc 22 (producers/toolchains.sh)" \
      'o=""; in=""; sf=""' \
      'while [ $# -gt 0 ]; do' \
      '  case $1 in' \
      '    -o) o=$2; shift 2 ;;' \
      '    --64|-W) shift ;;      # the ABI (the triple says it); no warnings' \
      '    -I) shift 2 ;;         # include dirs: gcc output includes nothing' \
      '    -I*) shift ;;' \
      '    --gsframe) sf=--gsframe; shift ;;' \
      '    -*) echo "as (llvm-mc-22): gas option $1 has no llvm-mc equivalent" >&2; exit 2 ;;' \
      '    *) in=$1; shift ;;' \
      '  esac' \
      'done' \
      "exec \"$MC\" -triple $(triplet "$arch") -filetype=obj \$sf -o \"\$o\" \"\$in\""
    tool "as/llvm-mc-22-$arch" as "$arch" "$(suite_ver "$TRIXIE" llvm-22)" "$([ -z "$why" ] && echo ok || echo absent)" "$why"
  done
else
  for arch in $ARCHES; do tool "mc/llvm-mc-22-$arch" mc "$arch" "" absent "llvm-22 not unpacked"; done
fi

# ---- compilers ----
# default dir of a compiler: its own as and ld (after the caller's -B)
default_dir() { # CC ARCH GAS LD
  local d=$TC/default/$1-$2
  mkdir -p "$d"
  ln -sfn "../../as/$3-$2/as" "$d/as"
  ln -sfn "../../ld/$4-$2/ld" "$d/ld"
  echo "$d"
}
# Where a driver finds crt1.o and libc.so: they must be the host's.
host_libc_check() { # DRIVER ARCH
  local crt libc t; t=$(triplet "$2")
  crt=$("$1" -print-file-name=crt1.o 2>/dev/null || true)
  libc=$("$1" -print-file-name=libc.so 2>/dev/null || true)
  crt=$(readlink -f "$crt" 2>/dev/null || echo "$crt")
  libc=$(readlink -f "$libc" 2>/dev/null || echo "$libc")
  case $2 in
    x86_64) [ "$crt:$libc" = "/usr/lib/$t/crt1.o:/usr/lib/$t/libc.so" ] && return 0 ;;
    *) [ "$crt:$libc" = "/usr/$t/lib/crt1.o:/usr/$t/lib/libc.so" ] && return 0 ;;
  esac
  echo "does not link the host's C library: crt1.o=$crt libc.so=$libc"
}
cc_probe() { # DRIVER ARCH: empty when it compiles and links hello world
  local d; d=$(mktemp -d)
  printf '#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n' > "$d/h.c"
  if ! "$1" -O2 "$d/h.c" -o "$d/h" > "$d/log" 2>&1; then
    echo "cannot build hello world: $(grep -m1 -iE 'error|not found' "$d/log" | cut -c1-160)"
  else
    host_libc_check "$1" "$2" || true
  fi
  rm -rf "$d"
}

# gcc 12, the host's
for arch in $ARCHES; do
  t=$(triplet "$arch"); id=cc/gcc12-$arch
  drv=/usr/bin/$t-gcc-12
  pkg=gcc-12; [ "$arch" = x86_64 ] || pkg=gcc-12-$t
  if [ ! -x "$drv" ]; then tool "$id" cc "$arch" "" absent "host package $pkg not installed"; continue; fi
  dd=$(default_dir gcc12 "$arch" gas-2.40 bfd-2.40)
  script "$TC/$id" "# the host's gcc 12 for $arch (producers/toolchains.sh)" \
    "unset GCC_EXEC_PREFIX COMPILER_PATH LIBRARY_PATH" \
    "exec \"$drv\" \"\$@\" -B \"$dd/\" -fno-use-linker-plugin"
  why=$(cc_probe "$TC/$id" "$arch")
  tool "$id" cc "$arch" "$(host_ver "$pkg")" "$([ -z "$why" ] && echo ok || echo absent)" "$why"
done

# gcc 14 (trixie) and 16 (sid): a mirror of the suite's gcc tree
mirror_gcc() { # SUITE VER ARCH: prints the mirror's driver, or nothing
  local root; root=$(root_of "$1")
  local ver=$2 t; t=$(triplet "$3")
  local sub=gcc; [ "$3" = x86_64 ] || sub=gcc-cross
  local real=$root/usr/bin/$t-gcc-$ver m=$TC/roots/gcc$ver f name
  [ -x "$real" ] && [ -d "$root/usr/libexec/$sub/$t/$ver" ] || return 0
  mkdir -p "$m/usr/bin" "$m/usr/libexec/$sub/$t/$ver" "$m/usr/lib/$sub/$t/$ver"
  loader_wrap "$root" "$real" "$m/usr/bin/$t-gcc-$ver"
  for f in "$root/usr/libexec/$sub/$t/$ver"/*; do
    name=$(basename "$f")
    case $name in
      cc1|cc1plus|collect2|lto-wrapper|lto1|g++-mapper-server) loader_wrap "$root" "$f" "$m/usr/libexec/$sub/$t/$ver/$name" ;;
      *) ln -sfn "$f" "$m/usr/libexec/$sub/$t/$ver/$name" ;;
    esac
  done
  # gcc's own files, entry by entry: the tree around them stays the mirror's,
  # so the paths gcc computes from here (../../../TRIPLET, ../../../../TRIPLET)
  # land on the host's C library, not the suite's
  for f in "$root/usr/lib/$sub/$t/$ver"/*; do ln -sfn "$f" "$m/usr/lib/$sub/$t/$ver/"; done
  [ "$3" = x86_64 ] || ln -sfn "/usr/$t" "$m/usr/$t"
  echo "$m/usr/bin/$t-gcc-$ver"
}
for v in 14 16; do
  suite=trixie; [ $v = 16 ] && suite=sid
  gas=gas-2.44 bfd=bfd-2.44
  if [ $v = 16 ]; then gas=gas-2.47 bfd=bfd-2.47; fi
  for arch in $ARCHES; do
    t=$(triplet "$arch"); id=cc/gcc$v-$arch
    pkg=gcc-$v-$t; [ "$arch" = x86_64 ] && pkg=gcc-$v-x86-64-linux-gnu
    drv=$(mirror_gcc "$suite" "$v" "$arch")
    if [ -z "$drv" ]; then
      if [ $quick = 1 ]; then why="not fetched (--quick)"; else why="$suite's $pkg is not unpacked"; fi
      tool "$id" cc "$arch" "" absent "$why"; continue
    fi
    dd=$(default_dir "gcc$v" "$arch" $gas $bfd)
    script "$TC/$id" "# $suite's gcc $v for $arch, the host's C library (producers/toolchains.sh)" \
      "unset GCC_EXEC_PREFIX COMPILER_PATH LIBRARY_PATH" \
      "exec \"$drv\" \"\$@\" -B \"$dd/\" -fno-use-linker-plugin -static-libgcc"
    why=$(cc_probe "$TC/$id" "$arch")
    tool "$id" cc "$arch" "$(suite_ver "$(root_of $suite)" "$pkg")" "$([ -z "$why" ] && echo ok || echo absent)" "$why"
  done
done

# clang 22 (trixie): a patchelf'd copy of the clang binary
CLANG_REAL=$TRIXIE/usr/lib/llvm-22/bin/clang
cm=$TC/roots/clang22
clang_ok=0
if [ -x "$CLANG_REAL" ]; then
  command -v patchelf > /dev/null || die "patchelf not installed (apt-get install patchelf; ci/install-deps.sh)"
  mkdir -p "$cm/bin"
  loader=$TRIXIE/usr/lib64/ld-linux-x86-64.so.2
  [ -e "$loader" ] || loader=$TRIXIE/lib64/ld-linux-x86-64.so.2
  rpath=$TRIXIE/usr/lib/llvm-22/lib:$TRIXIE/usr/lib/x86_64-linux-gnu:$TRIXIE/lib/x86_64-linux-gnu
  want="$(stat -c %Y-%s "$CLANG_REAL") $loader $rpath"
  if [ ! -x "$cm/bin/clang" ] || [ "$(cat "$cm/stamp" 2>/dev/null)" != "$want" ]; then
    cp "$CLANG_REAL" "$cm/bin/clang.tmp"
    patchelf --set-interpreter "$loader" --force-rpath --set-rpath "$rpath" "$cm/bin/clang.tmp"
    mv -f "$cm/bin/clang.tmp" "$cm/bin/clang"
    echo "$want" > "$cm/stamp"
  fi
  ln -sfn "$TRIXIE/usr/lib/llvm-22/lib" "$cm/lib"     # its resource directory: lib/clang/22
  ln -sfn "$TC/bin/ld.lld-22" "$cm/bin/ld.lld"         # for -fuse-ld=lld
  ln -sfn "$cm/bin/clang" "$TC/bin/clang-22"
  "$cm/bin/clang" --version > /dev/null 2>&1 && clang_ok=1
fi
for arch in $ARCHES; do
  t=$(triplet "$arch"); id=cc/clang22-$arch
  if [ $clang_ok = 0 ]; then
    if [ -x "$CLANG_REAL" ]; then why="the patched clang does not run"
    elif [ $quick = 1 ]; then why="not fetched (--quick)"; else why="trixie's clang-22 is not unpacked"; fi
    tool "$id" cc "$arch" "" absent "$why"
    tool "ias/clang22-$arch" as "$arch" "" absent "$why"
    continue
  fi
  gccdir=/usr/lib/gcc/$t/12; [ "$arch" = x86_64 ] || gccdir=/usr/lib/gcc-cross/$t/12
  if [ ! -d "$gccdir" ]; then
    tool "$id" cc "$arch" "" absent "no host gcc 12 for $arch ($gccdir): clang takes crt files and libgcc from it"
    tool "ias/clang22-$arch" as "$arch" "" absent "no host gcc 12 for $arch"
    continue
  fi
  dd=$(default_dir clang22 "$arch" gas-2.44 lld-22)
  # shellcheck disable=SC2016  # the wrapper's own "$@" and variables
  script "$TC/$id" "# trixie's clang 22 for $arch; host's crt files, libgcc and C library (producers/toolchains.sh)" \
    "unset COMPILER_PATH LIBRARY_PATH" \
    'ias=1 sf=0' \
    'for a in "$@"; do case $a in -fno-integrated-as|-no-integrated-as) ias=0 ;; -fintegrated-as|-integrated-as) ias=1 ;; -Wa,*--gsframe*) sf=1 ;; esac; done' \
    "set -- --target=$t --gcc-install-dir=$gccdir \"\$@\" -B \"$dd/\"" \
    '[ $ias = 1 ] && [ $sf = 1 ] && set -- "$@" -Wa,--allow-experimental-sframe' \
    "exec \"$cm/bin/clang\" \"\$@\""
  why=$(cc_probe "$TC/$id" "$arch")
  if [ -z "$why" ]; then
    case $arch in
      aarch64) note="its integrated assembler writes no SFrame for aarch64 (see ias/clang22-aarch64): -fno-integrated-as for gas" ;;
      s390x) note="writes no CFI at all for s390x (so no .sframe) unless -fasynchronous-unwind-tables; its integrated assembler writes no SFrame for s390x: -fno-integrated-as with gas 2.47" ;;
      *) note="" ;;
    esac
    tool "$id" cc "$arch" "$(suite_ver "$TRIXIE" clang-22)" ok "$note"
  else
    tool "$id" cc "$arch" "$(suite_ver "$TRIXIE" clang-22)" absent "$why"
  fi
  # the integrated assembler as an SFrame writer
  d=$(mktemp -d)
  printf 'int f(int x) { return x + 1; }\n' > "$d/f.c"
  if "$TC/$id" -O2 -c -Wa,--gsframe "$d/f.c" -o "$d/f.o" > "$d/log" 2>&1 && readelf -SW "$d/f.o" | grep ' \.sframe ' > /dev/null; then
    tool "ias/clang22-$arch" as "$arch" "$(suite_ver "$TRIXIE" clang-22)" ok ""
  else
    tool "ias/clang22-$arch" as "$arch" "$(suite_ver "$TRIXIE" clang-22)" absent \
      "clang-22's integrated assembler writes no .sframe for $arch ($(grep -m1 -o 'error: .*' "$d/log" | cut -c1-120)); with -fno-integrated-as gas does"
  fi
  rm -rf "$d"
done

# ---- the tool table (with the last selftest's notes) ----
KEYFILE=$TC/selftest/key
NOTES=$TC/selftest/notes.tsv
tools_key() { # what the selftest's results depend on
  { sha1sum "$0" | cut -c1-40; cut -f1-5 "$TOOLS_NEW"; cat "$TRIXIE/VERSIONS" "$SID/VERSIONS" 2>/dev/null; } | sha1sum | cut -c1-40
}
write_tools() {
  local notes=/dev/null
  [ -f "$NOTES" ] && [ -f "$KEYFILE" ] && [ "$(cat "$KEYFILE")" = "$(tools_key)" ] && notes=$NOTES
  awk -F'\t' -v OFS='\t' -v notes="$notes" 'FILENAME == notes { n[$1] = $2; next }
    { if ($1 in n) $6 = ($6 == "" ? n[$1] : $6 "; " n[$1]); print }' "$notes" "$TOOLS_NEW" > "$TC/TOOLS.tsv.tmp"
  mv -f "$TC/TOOLS.tsv.tmp" "$TC/TOOLS.tsv"
}
write_tools

# ---- selftest ----
print_table() {
  local r=$TC/selftest/results.tsv
  echo
  echo "selftest: each cell static/PIE: K merged (one valid SFrame, PT_GNU_SFRAME), k merged without PT_GNU_SFRAME,"
  echo "  P partial (one valid SFrame, but fewer FDEs than the inputs had: only what the linker made, e.g. PLT),"
  echo "  C concatenated (the inputs' sections one after the other), E emptied (0-byte .sframe), I invalid (sfref validate),"
  echo "  D dropped (no .sframe), R link refused, - not run; '!' the program did not run right"
  for arch in $ARCHES; do
    echo
    printf '%-16s' "$arch"; for cc in $CCS; do printf ' %-9s' "$cc"; done; echo
    for ld in $LDS; do
      printf '%-16s' "$ld"
      for cc in $CCS; do
        printf ' %-9s' "$(awk -F'\t' -v a="$arch" -v c="$cc" -v l="$ld" '
          $1 == a && $2 == c && $3 == l { s[$4] = $5 }
          END { st = ("static" in s) ? s["static"] : "-"; pi = ("pie" in s) ? s["pie"] : "-"; print st "/" pi }' "$r")"
      done
      echo
    done
  done
  echo
  echo "what each linker did with .sframe input, by the inputs' SFrame version (v1 gas 2.40, v2 gas 2.44 and clang, v3 gas 2.47.50):"
  awk -F'\t' '{ k = $3 "\t" $1; if (!(k in seen)) { order[++n] = k; seen[k] = 1 }
                kv = k "\t" $7; c = substr($5, 1, 1); if (index(w[kv], c) == 0) w[kv] = w[kv] c }
    END { for (i = 1; i <= n; i++) { split(order[i], p, "\t"); line = sprintf("  %-10s %-8s", p[1], p[2])
            nv = split("v1 v2 v3 v-", vl, " ")
            for (j = 1; j <= nv; j++) if ((order[i] "\t" (v = vl[j])) in w) line = line sprintf(" %s:%s", v, w[order[i] "\t" v])
            print line } }' "$r" | sort -k1,1 -k2,2
}

# ---- the selftest: every compiler with every linker, static and PIE ----

# selftest_sources: the two C files of the selftest's program and
# sfinfo.py, which tells what an ELF's .sframe holds, into $ST
selftest_sources() {
  cat > "$ST/t1.c" <<'EOF'
#include <stdio.h>
int b(int x);
__attribute__((noinline)) int a(int x) { return b(x + 3) * 2; }
int main(int argc, char **argv) { (void)argv; printf("sframe-selftest %d\n", a(argc)); return 0; }
EOF
  cat > "$ST/t2.c" <<'EOF'
#include <stdlib.h>
__attribute__((noinline)) int c(int x) { volatile int v[16]; v[x & 15] = x; if (v[x & 15] < 0) abort(); return v[x & 15] + 1; }
__attribute__((noinline)) int b(int x) { return c(x * 2) + 1; }
EOF
  # sfinfo FILE: "SECTIONS HEADERS vVERSIONS FDES BYTES phdr|nophdr" of its .sframe:
  # the SFrame headers found one after the other (8-byte aligned) in the
  # section tell a merged section (one) from concatenated inputs (several)
  cat > "$ST/sfinfo.py" <<'EOF'
import struct, sys
d = open(sys.argv[1], 'rb').read()
e = '<' if d[5] == 1 else '>'
phoff, shoff = struct.unpack_from(e + 'QQ', d, 0x20)
phentsize, phnum, shentsize, shnum, shstrndx = struct.unpack_from(e + 'HHHHH', d, 0x36)
phdr = any(struct.unpack_from(e + 'I', d, phoff + i * phentsize)[0] == 0x6474e554 for i in range(phnum))
secs = [struct.unpack_from(e + 'IIQQQQIIQQ', d, shoff + i * shentsize) for i in range(shnum)]
stroff = secs[shstrndx][4]
def name(s):
    n = d[stroff + s[0]:]
    return n[:n.index(b'\0')].decode()
sf = [s for s in secs if name(s) == '.sframe']
if not sf:
    print('0 0 v- 0 0 nophdr'); sys.exit(0)
s = sf[0]
b = d[s[4]:s[4] + s[5]] if s[1] != 8 else b''
blobs, off, vers, fdes = 0, 0, [], 0
while off + 28 <= len(b):
    m = b[off:off + 2]
    be = '<' if m == b'\xe2\xde' else '>' if m == b'\xde\xe2' else None
    if be is None:
        al = (off + 7) & ~7
        if al != off and b[off:al] == bytes(al - off):
            off = al; continue
        break
    nf, nr, frelen, fdeoff, freoff = struct.unpack_from(be + 'IIIII', b, off + 8)
    blobs += 1; vers.append(str(b[off + 2])); fdes += nf
    off += 28 + b[off + 7] + max(freoff + frelen, fdeoff)
print('%d %d v%s %d %d %s' % (len(sf), blobs, '+'.join(vers) or '-', fdes, len(b), 'phdr' if phdr else 'nophdr'))
EOF
}

# What the selftest's steps share: note ID TEXT adds a note to the tool ID's
# why; ok_tool ID whether the tool is made; classify FILE INPUT-FDES the
# result's code and what its .sframe holds; runit ARCH FILE MODE runs a
# program (under QEMU for another ARCH).
note() { printf '%s\t%s\n' "$1" "$2" >> "$ST/notes.raw"; }
ok_tool() { awk -F'\t' -v id="$1" '$1 == id && $5 == "ok" { f = 1 } END { exit !f }' "$TOOLS_NEW"; }
# classify FILE: CODE and what its .sframe holds
classify() { # FILE INPUT-FDES
  local f=$1 info nsec nblob ver nfde size ph
  info=$(python3 "$ST/sfinfo.py" "$f")
  read -r nsec nblob ver nfde size ph <<< "$info"
  if [ "$nsec" = 0 ]; then echo "D no .sframe"
  elif [ "$size" = 0 ]; then echo "E empty .sframe"
  elif [ "$nblob" -ge 2 ]; then echo "C $nblob headers $ver, $nfde FDEs, $ph"
  elif [ "$nblob" = 0 ]; then echo "I no SFrame header"
  elif [ -x "$SFREF" ] && ! "$SFREF" validate "$f" > "$f.validate" 2>&1; then
    echo "I $ver, $nfde FDEs, $ph: $(grep -m1 -E 'error|INVALID' "$f.validate" | sed 's/^sfref: [^:]*: //' | cut -c1-100)"
  elif [ "$nfde" -lt "$2" ]; then echo "P $ver, $nfde FDEs for the inputs' $2 (their functions lost), $ph"
  elif [ "$ph" = phdr ]; then echo "K $ver, $nfde FDEs, PT_GNU_SFRAME"
  else echo "k $ver, $nfde FDEs, no PT_GNU_SFRAME"; fi
}
runit() { # ARCH FILE MODE
  local q=$here/build/harness/qemu/qemu-$1
  case $1 in
    x86_64) "$2" ;;
    *) [ -x "$q" ] || { echo "no $q (make harness builds it)"; return 1; }
       if [ "$3" = static ]; then "$q" "$2"; else "$q" -L "/usr/$(triplet "$1")" "$2"; fi ;;
  esac
}

# selftest_link ARCH CC LD MODE DIR INPUT-FDES INPUT-VERSION: link DIR's two
# objects by LD (-MODE), classify and run the program; a row of
# results.tsv, and a note for LD when it refused or its program ran wrong
selftest_link() {
  local arch=$1 cc=$2 ld=$3 mode=$4 d=$5 infdes=$6 inver=$7 id=cc/$2-$1 out res st detail
  out=$d/$ld-$mode
  if ! "$TC/$id" -B "$TC/ld/$ld-$arch/" "-$mode" "$d/t1.o" "$d/t2.o" -o "$out" > "$out.log" 2>&1; then
    st=R; detail="link refused: $(grep -m1 -v '^$' "$out.log" | cut -c1-160)"
  else
    res=$(classify "$out" "$infdes")
    st=${res%% *}; detail=${res#* }
    if runit "$arch" "$out" "$mode" > "$out.run" 2>&1 && grep -q '^sframe-selftest 20$' "$out.run"; then detail="$detail; ran"
    else st=$st!; detail="$detail; ran wrong: $(head -c 120 "$out.run" | tr '\n' ' ')"; fi
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$arch" "$cc" "$ld" "$mode" "$st" "$detail" "$inver" >> "$ST/results.tsv"
  case $st in
    R) note "ld/$ld-$arch" "selftest: $cc -$mode: $detail" ;;
    *!) note "ld/$ld-$arch" "selftest: $cc -$mode: ${detail#*; }" ;;
  esac
}

# selftest_compiler ARCH CC: compile the two sources with CC for ARCH with
# SFrame (by gas 2.47.50 when its own assembler cannot), then link them by
# every linker (selftest_link); a note when it cannot compile or writes
# no .sframe
selftest_compiler() {
  local arch=$1 cc=$2 id d flags what ld mode res inver infdes
  id=cc/$cc-$arch
  ok_tool "$id" || return 0
  d=$ST/$arch/$cc; mkdir -p "$d"
  flags=(-O2 "-Wa,--gsframe")
  what="its own assembler"
  # clang's integrated assembler writes SFrame for x86-64 only: gas for
  # the rest; for s390x clang writes no CFI unless asked
  case $cc:$arch in
    clang22:x86_64) what="its integrated assembler" ;;
    clang22:s390x) flags+=(-fno-integrated-as -fasynchronous-unwind-tables); what="-fno-integrated-as -fasynchronous-unwind-tables, gas 2.44" ;;
    clang22:*) flags+=(-fno-integrated-as); what="-fno-integrated-as, gas 2.44" ;;
  esac
  if ! { "$TC/$id" "${flags[@]}" -c "$ST/t1.c" -o "$d/t1.o" && "$TC/$id" "${flags[@]}" -c "$ST/t2.c" -o "$d/t2.o"; } > "$d/compile.log" 2>&1; then
    # its own assembler cannot write SFrame for this arch: gas 2.47.50's
    what="gas 2.47.50 by -B (its own: $(grep -m1 -i error "$d/compile.log" | sed 's/^[^:]*: //' | cut -c1-80))"
    if ! { "$TC/$id" -B "$TC/as/gas-2.47-$arch/" "${flags[@]}" -c "$ST/t1.c" -o "$d/t1.o" &&
           "$TC/$id" -B "$TC/as/gas-2.47-$arch/" "${flags[@]}" -c "$ST/t2.c" -o "$d/t2.o"; } >> "$d/compile.log" 2>&1; then
      note "$id" "selftest: compiling with -Wa,--gsframe failed: $(grep -m1 -i error "$d/compile.log" | cut -c1-160)"
      return 0
    fi
  fi
  res=$(python3 "$ST/sfinfo.py" "$d/t1.o")
  inver=$(echo "$res" | cut -d' ' -f3)
  infdes=$(( $(echo "$res" | cut -d' ' -f4) + $(python3 "$ST/sfinfo.py" "$d/t2.o" | cut -d' ' -f4) ))
  echo "selftest: $arch $cc: objects by $what: .sframe ${res#* * }" >&2
  case $res in 0\ *) note "$id" "selftest: -O2 -Wa,--gsframe objects have no .sframe ($what)" ;; esac
  for ld in $LDS; do
    ok_tool "ld/$ld-$arch" || continue
    for mode in static pie; do
      selftest_link "$arch" "$cc" "$ld" "$mode" "$d" "$infdes" "$inver"
    done
  done
}

# selftest_notes: each linker's behaviour with .sframe (a result, in its
# why column too) and the notes into $NOTES, one line per tool
selftest_notes() {
  awk -F'\t' '{ k = "ld/" $3 "-" $1; c = substr($5, 1, 1); w[k] = w[k] c }
    END { for (k in w) { s = w[k]; o = "";
            if (s ~ /K/) o = o " merged"; if (s ~ /k/) o = o " merged-without-PT_GNU_SFRAME";
            if (s ~ /P/) o = o " lost-the-inputs-FDEs"; if (s ~ /C/) o = o " concatenated"; if (s ~ /E/) o = o " emptied"; if (s ~ /I/) o = o " invalid-output";
            if (s ~ /D/) o = o " dropped"; if (s ~ /R/) o = o " refused";
            printf "%s\tselftest .sframe:%s\n", k, o } }' "$ST/results.tsv" >> "$ST/notes.raw"
  # one note per tool, deduplicated
  awk -F'\t' '!seen[$0]++ { if ($1 in n) n[$1] = n[$1] "; " $2; else { n[$1] = $2; o[++c] = $1 } }
    END { for (i = 1; i <= c; i++) printf "%s\t%s\n", o[i], n[o[i]] }' "$ST/notes.raw" > "$NOTES"
}

# run_selftest: the selftest from scratch (the tools changed since the
# last), then the tool table and the results' table
run_selftest() {
  rm -rf "$ST"; mkdir -p "$ST"
  local SFREF=$here/build/bin/sfref arch cc
  selftest_sources
  : > "$ST/results.tsv"; : > "$ST/notes.raw"
  for arch in $ARCHES; do
    for cc in $CCS; do
      selftest_compiler "$arch" "$cc"
    done
  done
  selftest_notes
  echo "$key" > "$KEYFILE"
  write_tools
  print_table
}

if [ $selftest = 1 ]; then
  ST=$TC/selftest
  key=$(tools_key)
  if [ -f "$ST/results.tsv" ] && [ "$(cat "$KEYFILE" 2>/dev/null)" = "$key" ]; then
    echo "producers/toolchains: selftest: tools unchanged since the last selftest; its results:"
    print_table
  else
    run_selftest
  fi
fi
rm -f "$TOOLS_NEW"
echo "producers/toolchains: $(awk -F'\t' '$5 == "ok"' "$TC/TOOLS.tsv" | wc -l) tools ok, $(awk -F'\t' '$5 == "absent"' "$TC/TOOLS.tsv" | wc -l) absent: $TC/TOOLS.tsv"
exit 0
