#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# harness/run.sh - `make harness`: build QEMU with plugins, build the test
# programs with every producer of .sframe, run each under QEMU with the
# sfr_truth plugin (execution truth at every instruction, the oracle's
# unwind checked against it), and report.
#
# Usage: harness/run.sh [--arch A[,A...]] [--out DIR] [--quick] [--programs P,...]
#        harness/run.sh --bin PROG [--lib LIB.so]... [--arch A] [--expect-exit N] [--unwind full] [--out DIR] -- ARGS...
#   --arch        x86_64, aarch64, s390x (default: all three; with --bin,
#                 read from the ELF header)
#   --bin         check one program with .sframe: static, static-pie or
#                 dynamically linked (AArch64 and s390x dynamic programs run
#                 against Debian's cross sysroots, /usr/TRIPLET); every
#                 argument after `--` is passed to it unchanged
#   --lib         with --bin (repeatable): a shared object with .sframe of
#                 its own that the program loads; each of its frames is
#                 checked against its own section where the loader put it.
#                 The guest gets LD_LIBRARY_PATH with the libraries'
#                 directories first.  A library never loaded, or loaded but
#                 with nothing checked, fails the run
#   --expect-exit the exit status the program is meant to end with
#                 (default 0); any other status fails the run, whose
#                 results are kept and reported all the same
#   --unwind full re-unwind the whole stack at every instruction (the
#                 reference for the incremental default)
#   --out         where this run's results go (default: a new directory
#                 build/harness/runs/TIME-PID; build/harness/out then
#                 points at it); an existing non-empty DIR is refused
#   --quick       fewer rounds and inputs
#   --programs    of the suite's programs, only these (comma list)
#   --progress S  a progress line on stderr every S seconds (default 3; 0: none)
#   --root DIR    with --bin: the guest's file system root for what it
#                 opens (QEMU's -L; default /usr/TRIPLET for AArch64 and
#                 s390x, none for x86-64): a Debian tree unpacked with its
#                 modules converted.  A --lib that is the program's
#                 interpreter (DIR + PT_INTERP) is followed from the first
#                 instruction: QEMU maps it without a system call, and its
#                 load address is read from the auxiliary vector
#   --lib-idle-ok with --lib: a library loaded but with no instruction
#                 checked (the workload never ran its code) is said, not a
#                 failure (a library never loaded still fails the run)
#   --attributions FILE  with --bin: wrong unwinds matching a line of FILE
#                 (harness/findings/attributions.txt's form) are attributed
#                 and do not fail the run (default: none; any wrong fails)
# Writes OUT/runs/*.json (one per program run), OUT/results.json, the table
# OUT/results.md (also printed) and the chart OUT/results.svg.  Exit 0 when
# every program ran as expected, checked instructions, and no covered
# instruction unwound wrong (in the suite: none that is not attributed);
# 1 otherwise; 2 on usage errors.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
B=$here/build/harness
out=""
arches=x86_64,aarch64,s390x
arch_given=""
bin=""
quick=0
expect_exit=0
unwind=incremental
only=""
progress=3
bin_args=()
attributions=""
libs=()
lib_idle_ok=0
root=""

die() { echo "harness: $*" >&2; exit "${2:-1}"; }
while [ $# -gt 0 ]; do
  case $1 in
    --arch) arches=${2:?}; arch_given=1; shift 2 ;;
    --bin) bin=${2:?}; shift 2 ;;
    --lib) libs+=("${2:?}"); shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --quick) quick=1; shift ;;
    --expect-exit) expect_exit=${2:?}; shift 2 ;;
    --unwind) unwind=${2:?}; shift 2 ;;
    --programs) only=${2:?}; shift 2 ;;
    --progress) progress=${2:?}; shift 2 ;;
    --attributions) attributions=${2:?}; shift 2 ;;
    --lib-idle-ok) lib_idle_ok=1; shift ;;
    --root) root=${2:?}; shift 2 ;;
    --) shift; bin_args=("$@"); break ;;
    -h|--help) sed -n '3,/^# 1 otherwise; 2 on usage errors/p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" 2 ;;
  esac
done
for a in ${arches//,/ }; do
  case $a in x86_64|aarch64|s390x) ;; *) die "unknown architecture '$a' (x86_64, aarch64, s390x)" 2 ;; esac
done
case $expect_exit in ''|*[!0-9]*) die "--expect-exit wants a number, not '$expect_exit'" 2 ;; esac
case $unwind in incremental|full) ;; *) die "--unwind is incremental or full, not '$unwind'" 2 ;; esac
case $progress in ''|*[!0-9]*) die "--progress wants a number of seconds, not '$progress'" 2 ;; esac
# make harness BIN=... ARGS="...": ARGS is split at blanks, nothing else in
# it is interpreted (harness.mk passes it here untouched).
if [ -n "${HARNESS_ARGS:-}" ] && [ ${#bin_args[@]} -eq 0 ]; then
  read -r -a bin_args <<< "$HARNESS_ARGS"
fi

elf_arch() {
  case $(readelf -h "$1" 2>/dev/null | awk -F: '/Machine:/ { gsub(/^ +/, "", $2); print $2 }') in
    *X86-64*) echo x86_64 ;; *AArch64*) echo aarch64 ;; *S/390*) echo s390x ;; *) echo unknown ;;
  esac
}
# triplet, and the producers (producers/producers.tsv)
# shellcheck source=producers/lib.sh
. "$here/producers/lib.sh"

[ ${#libs[@]} -eq 0 ] || [ -n "$bin" ] || die "--lib is for --bin" 2
if [ -n "$root" ]; then
  [ -n "$bin" ] || die "--root is for --bin" 2
  [ -d "$root" ] || die "--root $root: no such directory" 2
  root=$(realpath "$root")
  case $root in *,*) die "$root: a path with a comma cannot be given to the plugin" 2 ;; esac
fi
for i in "${!libs[@]}"; do
  [ -f "${libs[$i]}" ] || die "no such file: ${libs[$i]}" 2
  libs[i]=$(realpath "${libs[$i]}")
  case ${libs[$i]} in *,*) die "${libs[$i]}: a path with a comma cannot be given to the plugin" 2 ;; esac
done
if [ -n "$bin" ]; then
  [ -f "$bin" ] || die "no such file: $bin" 2
  a=$(elf_arch "$bin")
  [ -n "$arch_given" ] && a=$arches
  case $a in x86_64|aarch64|s390x) ;; *) die "$bin: not an x86-64, AArch64 or s390x ELF (give --arch)" 2 ;; esac
  arches=$a
fi

# This run's own directory: two runs at once never share one.
if [ -z "$out" ]; then
  out=$B/runs/$(date +%Y%m%d-%H%M%S)-$$
else
  [ -d "$out" ] && [ -n "$(ls -A "$out")" ] && die "$out exists and is not empty: give a new directory" 2
fi
mkdir -p "$out/runs"

# ---- tools: only what this run needs ----
deps=harness; [ -n "$bin" ] && deps=harness-bin
# shellcheck disable=SC2086
bash "$here/ci/install-deps.sh" $deps ${arches//,/ } >/dev/null
bash "$here/harness/build-qemu.sh"
q=$B/qemu
plugin=$B/plugin/libsfrtruth.so
# The plugin: make's rule (harness/harness.mk), which rebuilds it when one
# of its sources or of the headers they include changed, and only then.
# (make's own flags of a `make harness` are not passed on: the plugin is
# always build/harness's, built with its own flags)
env -u MAKEFLAGS -u MFLAGS make -C "$here" -s --no-print-directory BUILD=build harness-plugin >&2 ||
  die "the sfr_truth plugin did not build (make harness-plugin)"

# objdump for ARCH (names the instructions of wrong unwinds).
objdump_for() { if [ "$1" = x86_64 ]; then echo objdump; else echo "$(triplet "$1")-objdump"; fi; }

# sframe_of ELF OUT: ELF's .sframe extracted into OUT; prints its address.
# Fails when ELF has none.
sframe_of() {
  local line vma off size
  line=$(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".sframe" { print $3, $4, $5 }')
  [ -n "$line" ] || return 1
  read -r vma off size <<< "$line"
  dd if="$1" of="$2" iflag=skip_bytes,count_bytes skip=$((0x$off)) count=$((0x$size)) bs=64K status=none
  echo "0x$vma"
}

# lowest_load ELF: its lowest PT_LOAD address (an interpreter's bias is
# where it was loaded minus this).
lowest_load() {
  readelf -lW "$1" | awk '$1 == "LOAD" { print $3 }' | sort | sed -n 1p
}

# module_args ELF: the plugin's arguments describing ELF's code: each
# executable PT_LOAD (exec=VADDR:MEMSZ:OFFSET: where its code lies, and how
# a library's mapping gives its bias) and each PLT section
# (plt=NAME:ADDR:SIZE), comma-led.
module_args() {
  readelf -lW "$1" | awk '$1 == "LOAD" { f = ""; for (i = 7; i < NF; i++) f = f $i
                                         if (f ~ /E/) printf ",exec=%s:%s:%s", $3, $6, $2 }'
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$1 ~ /^\.(plt|plt\.sec|plt\.got|iplt)$/ { printf ",plt=%s:0x%s:0x%s", $1, $3, $5 }'
}

# unlisted_sframe_libs ELF ARCH LDIRS: fails, saying which, when ELF loads
# a shared object with .sframe not given with --lib: it would be reported
# as not covered.  Searched where the loader would: LDIRS (the --lib
# directories, colon-separated), the program's RPATH/RUNPATH, the system's.
unlisted_sframe_libs() {
  local elf=$1 arch=$2 ldirs=$3 lib path d dirs=() origin
  origin=$(dirname "$(realpath "$elf")")
  [ -z "$ldirs" ] || IFS=: read -r -a dirs <<< "$ldirs"
  for d in $(readelf -dW "$elf" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]/\1/p' | tr ':' ' '); do
    d=${d//\$\{ORIGIN\}/$origin}
    dirs+=("${d//\$ORIGIN/$origin}")
  done
  if [ -n "$root" ]; then dirs+=("$root/lib/$(triplet "$arch")" "$root/usr/lib/$(triplet "$arch")")
  else dirs+=("/usr/$(triplet "$arch")/lib" "/lib/$(triplet "$arch")" "/usr/lib/$(triplet "$arch")")
  fi
  for lib in $(readelf -dW "$elf" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'); do
    for d in "${dirs[@]}"; do
      path=$d/$lib
      [ -f "$path" ] || continue
      if readelf -SW "$path" 2>/dev/null | grep ' \.sframe ' > /dev/null &&
         ! printf '%s\n' "${libs[@]}" | grep -xF "$(realpath "$path")" > /dev/null; then
        echo "harness: $elf loads $path, which has .sframe: give it with --lib $path (its frames are then checked against its own section)" >&2
        return 1
      fi
      break
    done
  done
}

# check_run ARCH ELF JSON STATUS EXPECT: whether the run of ELF (its result
# JSON, its exit STATUS) went as expected: it exited EXPECT, checked
# instructions, and mapped and checked every --lib; fails saying why not.
check_run() {
  local arch=$1 elf=$2 json=$3 st=$4 expect=$5 base=${3%.json} ok=0 m
  if [ "$st" -ne "$expect" ]; then
    echo "harness: $elf exited $st under qemu-$arch, not $expect (its stderr: $base.stderr)" >&2
    ok=1
  fi
  if [ "$(jq .checked "$json")" -eq 0 ]; then
    echo "harness: $elf: no instruction was checked ($(jq .executed "$json") executed, none in a function the section covers at bias $(jq -r .bias "$json")): nothing was proven" >&2
    ok=1
  fi
  for ((m = 1; m <= ${#libs[@]}; m++)); do
    if [ "$(jq ".modules[$m].loaded" "$json")" != true ]; then
      echo "harness: --lib ${libs[$((m - 1))]} was never mapped executable by the program: nothing of it was checked" >&2
      ok=1
    elif [ "$(jq ".modules[$m].checked" "$json")" -eq 0 ]; then
      echo "harness: --lib ${libs[$((m - 1))]}: no instruction was checked ($(jq ".modules[$m].executed" "$json") executed at bias $(jq -r ".modules[$m].bias" "$json"))" >&2
      [ "$lib_idle_ok" = 1 ] || ok=1
    fi
  done
  return $ok
}

# One run: extract the section, run under QEMU with the plugin, keep the
# result whatever the program's exit status.  Returns 1 when the run did
# not go as expected (exit status, nothing checked), with the reason.
# run_one ARCH ELF JSON META SNAPS EXPECT -- ARGS...
run_one() {
  local arch=$1 elf=$2 json=$3 meta=$4 snaps=$5 expect=$6; shift 7
  local base=${json%.json}
  local sec=$base.sframe snapdir=$base.snaps
  local vma entry interp=0
  vma=$(sframe_of "$elf" "$sec") || { echo "harness: $elf has no .sframe section: nothing to check" >&2; return 1; }
  echo "$vma" > "$base.vma"
  entry=$(readelf -hW "$elf" | awk '/Entry point address/ { print $4 }')
  local qargs=() pargs
  pargs="sframe=$sec,vma=$vma$(module_args "$elf")"
  # The --lib libraries: each its own section, exec segments and PLTs.
  local l i=0 lvma ldirs="" sysroot="" interp_file="" pt_interp
  if [ -n "$root" ]; then sysroot=$root
  elif [ "$arch" != x86_64 ]; then sysroot=/usr/$(triplet "$arch")
  fi
  pt_interp=$(readelf -lW "$elf" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
  if [ -n "$pt_interp" ]; then
    if [ -n "$sysroot" ] && [ -e "$sysroot$pt_interp" ]; then interp_file=$(realpath "$sysroot$pt_interp")
    elif [ -e "$pt_interp" ]; then interp_file=$(realpath "$pt_interp")
    fi
  fi
  for l in "${libs[@]}"; do
    [ "$(elf_arch "$l")" = "$arch" ] || { echo "harness: --lib $l is not an $arch ELF" >&2; return 1; }
    lvma=$(sframe_of "$l" "$base.lib$i.sframe") ||
      { echo "harness: --lib $l has no .sframe section: give only libraries with one" >&2; return 1; }
    pargs+=",lib=$l,sframe=$base.lib$i.sframe,vma=$lvma$(module_args "$l")"
    [ "$l" != "$interp_file" ] || pargs+=",ldso=$(lowest_load "$l")"
    case :$ldirs: in *":$(dirname "$l"):"*) ;; *) ldirs+="${ldirs:+:}$(dirname "$l")" ;; esac
    i=$((i + 1))
  done
  if readelf -lW "$elf" | grep 'Requesting program interpreter' > /dev/null; then
    interp=1
    [ -z "$sysroot" ] || qargs+=(-L "$sysroot")
    [ -z "$root" ] || pargs+=",root=$root"
    [ -z "$ldirs" ] || qargs+=(-E "LD_LIBRARY_PATH=$ldirs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
    unlisted_sframe_libs "$elf" "$arch" "$ldirs" || return 1
  elif [ ${#libs[@]} -gt 0 ]; then
    echo "harness: $elf is statically linked: it loads no --lib" >&2
    return 1
  fi
  rm -rf "$snapdir"; mkdir -p "$snapdir"
  local pauth=""
  if [ "$arch" = aarch64 ]; then qargs+=(-cpu max); pauth=,pauth=0xffff000000000000; fi
  local t0 t1 st=0
  t0=$(date +%s.%N)
  "$q/qemu-$arch" "${qargs[@]}" \
    -plugin "$plugin,$pargs,entry=$entry,interp=$interp,out=$base.result,snapdir=$snapdir,snaps=$snaps,stride=9973,unwind=$unwind,progress=$progress$pauth" \
    "$elf" "$@" > "$base.stdout" 2> >(tee "$base.stderr" | grep --line-buffered '^sfr_truth: .* s: ' >&2) || st=$?
  t1=$(date +%s.%N)
  if [ ! -s "$base.result" ]; then
    tail -n 20 "$base.stderr" >&2
    echo "harness: $elf: no result from the plugin (qemu-$arch exited $st)" >&2
    return 1
  fi
  jq -c --argjson meta "$meta" --arg secs "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')" \
     --argjson st "$st" --argjson ex "$expect" --arg elf "$elf" --arg od "$(objdump_for "$arch")" \
     '$meta + . + {seconds: ($secs | tonumber), exit: $st, expect_exit: $ex, elf: $elf, objdump: $od}' \
     "$base.result" > "$json"
  rm -f "$base.result"
  check_run "$arch" "$elf" "$json" "$st" "$expect"
}

latest() { ln -sfn "$out" "$B/out.tmp.$$" && mv -T "$B/out.tmp.$$" "$B/out"; }

if [ -n "$bin" ]; then
  name=$(basename "$bin")
  status=0
  run_one "$arches" "$bin" "$out/runs/$name.json" \
    "$(jq -nc --arg a "$arches" --arg p "$name" '{arch: $a, producer: "given", version: null, opt: "-", program: $p}')" \
    50 "$expect_exit" -- "${bin_args[@]}" || status=1
  if [ -f "$out/runs/$name.json" ]; then
    # no attributions unless given: any wrong fails
    python3 "$here/harness/report.py" ${attributions:+--attributions "$attributions"} "$out" || status=1
  fi
  latest
  exit $status
fi

# ---- the producers: each assembler with its own linker, behind gcc -B ----
bash "$here/ci/toolchains.sh" sid binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu binutils-s390x-linux-gnu
bash "$here/ci/toolchains.sh" trixie binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu
sid=$(bash "$here/ci/toolchains.sh" --print-root sid)
trixie=$(bash "$here/ci/toolchains.sh" --print-root trixie)
bash "$here/ci/toolchains.sh" sid glibc-source   # glibc 2.43's walker, replayed below
bash "$here/ci/toolchains.sh" --source bookworm zlib "$B/zlib-src"
Z=$B/zlib-src
zsrc=("$Z"/adler32.c "$Z"/crc32.c "$Z"/deflate.c "$Z"/inflate.c "$Z"/inftrees.c "$Z"/inffast.c "$Z"/trees.c "$Z"/zutil.c)
# shellcheck source=harness/realprogs.sh
. "$here/harness/realprogs.sh"
realprogs_fetch "$B"

# producer_dir ARCH PRODUCER: a directory with `as` and `ld` for gcc -B:
# the assembler PRODUCER and the linker it comes with (producers.tsv)
TRIXIE=$trixie SID=$sid
producer_dir() {
  local d=$B/tc/$2-$1 as ld
  as=$(prod_binary "$2" "$1") ld=$(prod_binary "$(own_ld "$2")" "$1")
  [ -n "$as" ] && [ -n "$ld" ] || die "$2 for $1: no assembler or linker (producers/producers.tsv)"
  mkdir -p "$d"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$as" > "$d/as"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$ld" > "$d/ld"
  chmod +x "$d/as" "$d/ld"
  echo "$d"
}


# The test inputs: rounds of frames.c; a file for zlib; scales for the rest.
zin=/usr/share/common-licenses/GPL-3
[ -f "$zin" ] || zin=$here/README.md
if [ $quick = 1 ]; then rounds=40; zbytes=2000; scale=1; else rounds=80; zbytes=5000; scale=2; fi
programs="frames zround nestjmp sigjmp threads coro deep lua mdbround"
[ -n "$only" ] && programs=${only//,/ }

status=0
for arch in ${arches//,/ }; do
  case $arch in
    x86_64) cc=gcc; producers="gas-2.40 gas-2.44 gas-2.47"; opts="O0 O2 O2-nofp" ;;
    aarch64) cc=aarch64-linux-gnu-gcc; producers="gas-2.40 gas-2.44 gas-2.47"; opts="O0 O2 O2-nofp O2-pac" ;;
    s390x) cc=s390x-linux-gnu-gcc; producers="gas-2.47"; opts="O0 O2 O2-nofp" ;;
  esac
  for prod in $producers; do
    pdir=$(producer_dir "$arch" "$prod")
    for opt in $opts; do
      case $opt in
        O0) flags=(-O0) ;;
        O2) flags=(-O2 -fno-omit-frame-pointer) ;;
        O2-nofp) flags=(-O2 -fomit-frame-pointer) ;;
        O2-pac) flags=(-O2 -mbranch-protection=pac-ret) ;;
      esac
      bdir=$B/bin/$arch-$prod-$opt
      mkdir -p "$bdir"
      stamp="$cc ${flags[*]} $(cat "$pdir/as") 3"
      if [ ! -f "$bdir/stamp" ] || [ "$(cat "$bdir/stamp")" != "$stamp" ] ||
         [ -n "$(find "$here/harness/progs" "$here/harness/realprogs.sh" -newer "$bdir/stamp")" ]; then
        echo "harness: building $arch $prod $opt"
        for p in frames nestjmp sigjmp threads coro deep; do
          $cc -B "$pdir/" "${flags[@]}" -Wa,--gsframe -static -pthread -o "$bdir/$p" "$here/harness/progs/$p.c"
        done
        $cc -B "$pdir/" "${flags[@]}" -Wa,--gsframe -static -I"$Z" -o "$bdir/zround" \
          "$here/harness/progs/zround.c" "${zsrc[@]}"
        realprogs_build "$cc" "$pdir" "$bdir" "${flags[@]}"
        echo "$stamp" > "$bdir/stamp"
      fi
      v=$(as_version "$prod")
      for prog in $programs; do
        meta=$(jq -nc --arg a "$arch" --arg p "$prod" --argjson v "$v" --arg o "$opt" --arg g "$prog" \
                '{arch: $a, producer: $p, version: $v, opt: $o, program: $g}')
        case $prog in
          frames) args=("$rounds") ;;
          zround) args=("$zin" 1 "$zbytes") ;;
          nestjmp) args=(10) ;;
          sigjmp|threads|coro) args=() ;;
          deep) args=(1000 2000) ;;
          lua|mdbround) mapfile -t args < <(realprogs_args "$prog" "$scale") ;;
          *) die "unknown program '$prog' (frames zround nestjmp sigjmp threads coro deep lua mdbround)" 2 ;;
        esac
        echo "harness: running $arch $prod $opt $prog"
        run_one "$arch" "$bdir/$prog" "$out/runs/$arch-$prod-$opt-$prog.json" "$meta" 40 0 -- "${args[@]}" || status=1
      done
    done
  done
done
python3 "$here/harness/report.py" --attributions "$here/harness/findings/attributions.txt" "$out" || status=1

# The same recordings replayed without QEMU: through the reference adapter
# (it must agree with the live check) and through glibc 2.43's SFrame stack
# walker (version 2 sections; its differences are findings, not failures).
bash "$here/harness/keep-snapshots.sh" "$out" "$out/replay" 300 2000000 > /dev/null
replays=$out/replays.md
{
  echo
  echo "## The recorded snapshots replayed without QEMU (harness/replay.sh)"
  echo
} > "$replays"
for impl in "$here/build/bin/sfadapter-reference" "$here/build/bin/sfadapter-glibc-2.43-walker"; do
  name=$(basename "$impl")
  if ! make -s -C "$here" "${impl#"$here"/}" > /dev/null 2>&1; then
    echo "- $name: not built" >> "$replays"
    continue
  fi
  r=0
  bash "$here/harness/replay.sh" "$impl" "$out/replay" > "$out/replay-$name.txt" 2>&1 || r=$?
  echo "- $(tail -n 1 "$out/replay-$name.txt" | sed 's/^replay: //') ($out/replay-$name.txt)" >> "$replays"
  # The reference must agree with the live check; a peer's differences
  # are findings (SPEC-NOTES N36), not failures of the harness.
  if [ "$name" = sfadapter-reference ] && [ $r -ne 0 ]; then status=1; fi
done
tee -a "$out/results.md" < "$replays"
latest
exit $status
