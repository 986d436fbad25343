#!/usr/bin/env bash
# harness/run.sh - `make harness`: build QEMU with plugins, build the test
# programs with every producer of .sframe, run each under QEMU with the
# sfr_truth plugin (execution truth at every instruction, the oracle's
# unwind checked against it), and report.
#
# Usage: harness/run.sh [--arch A[,A...]] [--bin STATIC-ELF] [--out DIR] [--quick]
#   --arch   x86_64, aarch64, s390x (default: all three)
#   --bin    check one static binary with .sframe instead of the suite's
#            programs (its ARCH is read from the ELF header unless --arch);
#            extra arguments after `--` are passed to it
#   --out    where results go (default build/harness/out)
#   --quick  fewer rounds and inputs (the short pass `make check` runs)
# Writes OUT/runs/*.json (one per program run), OUT/results.json, the table
# OUT/results.md (also printed) and the chart OUT/results.svg.  Exit 0 when
# no covered instruction unwound wrong, 1 when one did, 2 on usage errors.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
B=$here/build/harness
out=$B/out
arches=x86_64,aarch64,s390x
bin=""
quick=0
bin_args=()
die() { echo "harness: $*" >&2; exit "${2:-1}"; }
while [ $# -gt 0 ]; do
  case $1 in
    --arch) arches=${2:?}; arch_given=1; shift 2 ;;
    --bin) bin=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --quick) quick=1; shift ;;
    --) shift; bin_args=("$@"); break ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" 2 ;;
  esac
done
for a in ${arches//,/ }; do
  case $a in x86_64|aarch64|s390x) ;; *) die "unknown architecture '$a' (x86_64, aarch64, s390x)" 2 ;; esac
done

# ---- tools: QEMU, the plugin, the producers ----
bash "$here/ci/install-deps.sh" harness >/dev/null
bash "$here/harness/build-qemu.sh"
q=$B/qemu
plugin=$B/plugin/libsfrtruth.so
mkdir -p "$B/plugin"
psrc=("$here/harness/plugin/sfr_truth.c" "$here"/decoder/src/*.c)
if [ ! -f "$plugin" ] || [ -n "$(find "${psrc[@]}" "$here/decoder/include/sframe_ref.h" -newer "$plugin")" ]; then
  # shellcheck disable=SC2046
  ${CC:-gcc} -std=c11 -O2 -Wall -Wextra -Werror -fPIC -shared -D_POSIX_C_SOURCE=200809L \
    -I"$here/decoder/include" -I"$q/include" $(pkg-config --cflags glib-2.0) \
    "${psrc[@]}" -o "$plugin" $(pkg-config --libs glib-2.0)
fi

elf_arch() {
  case $(readelf -h "$1" 2>/dev/null | awk -F: '/Machine:/ { gsub(/^ +/, "", $2); print $2 }') in
    *X86-64*) echo x86_64 ;; *AArch64*) echo aarch64 ;; *S/390*) echo s390x ;; *) echo unknown ;;
  esac
}

# sid's binutils read and cut every architecture's ELF (and gas 2.47.50
# is one of the producers below).
bash "$here/ci/toolchains.sh" sid binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu binutils-s390x-linux-gnu

# One run: extract the section, run under QEMU with the plugin.
# run_one ARCH ELF JSON LABEL-FIELDS SNAPS -- ARGS...
sid=$(bash "$here/ci/toolchains.sh" --print-root sid)
run_one() {
  local arch=$1 elf=$2 json=$3 meta=$4 snaps=$5; shift 6
  local sec=${json%.json}.sframe snapdir=${json%.json}.snaps
  local objcopy=$sid/bin/${arch/_/-}-linux-gnu-objcopy readelf=$sid/bin/readelf
  [ "$arch" = x86_64 ] && objcopy=$sid/bin/x86_64-linux-gnu-objcopy
  local vma
  vma=$("$readelf" -SW "$elf" | awk '$2 == ".sframe" { print "0x" $4; f = 1 } $3 == ".sframe" { print "0x" $5; f = 1 }' | head -n 1)
  [ -n "$vma" ] || die "$elf has no .sframe section"
  "$objcopy" -O binary --only-section=.sframe "$elf" "$sec"
  echo "$vma" > "${json%.json}.vma"
  rm -rf "$snapdir"; mkdir -p "$snapdir"
  local cpu=() pauth=""
  if [ "$arch" = aarch64 ]; then cpu=(-cpu max); pauth=,pauth=0xffff000000000000; fi
  local t0 t1
  t0=$(date +%s.%N)
  if ! "$q/qemu-$arch" "${cpu[@]}" -plugin "$plugin,sframe=$sec,vma=$vma,out=$json.tmp,snapdir=$snapdir,snaps=$snaps,stride=9973$pauth" \
       "$elf" "$@" > "${json%.json}.stdout" 2> "${json%.json}.stderr"; then
    cat "${json%.json}.stderr" >&2
    die "$elf exited non-zero under qemu-$arch"
  fi
  t1=$(date +%s.%N)
  jq -c --argjson meta "$meta" --arg secs "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')" \
     '$meta + . + {seconds: ($secs | tonumber)}' "$json.tmp" > "$json"
  rm -f "$json.tmp"
  # Name each wrong instruction: its function and its text (objdump), which
  # harness/findings/attributions.txt matches against.
  local objdump=${objcopy%objcopy}objdump pc where
  for pc in $(jq -r '.wrongs[].pc' "$json" | sort -u); do
    where=$("$objdump" -d --no-show-raw-insn --start-address="$pc" --stop-address=$((pc + 16)) "$elf" |
            awk '/^[0-9a-f]+ <.*>:$/ { f = $2; sub(/^</, "", f); sub(/(\+0x[0-9a-f]+)?>:$/, "", f) }
                 /^ *[0-9a-f]+:\t/ { sub(/^ *[0-9a-f]+:\t/, ""); gsub(/[ \t]+/, " "); print f "\t" $0; exit }')
    jq -c --arg pc "$pc" --arg f "${where%%$'\t'*}" --arg i "${where#*$'\t'}" \
      '.wrongs |= map(if .pc == $pc then . + {function: $f, insn: $i} else . end)' "$json" > "$json.tmp"
    mv "$json.tmp" "$json"
  done
}

mkdir -p "$out/runs"
rm -rf "$out/runs"; mkdir -p "$out/runs"

if [ -n "$bin" ]; then
  [ -f "$bin" ] || die "no such file: $bin" 2
  a=$(elf_arch "$bin")
  [ -n "${arch_given:-}" ] && a=$arches
  case $a in x86_64|aarch64|s390x) ;; *) die "$bin: not an x86-64, AArch64 or s390x ELF (give --arch)" 2 ;; esac
  readelf -lW "$bin" | grep -q INTERP && die "$bin is dynamically linked: the harness checks static binaries (libraries other than the program's own have no .sframe to cover them anyway)" 2
  name=$(basename "$bin")
  run_one "$a" "$bin" "$out/runs/$name.json" \
    "$(jq -nc --arg a "$a" --arg p "$name" '{arch: $a, producer: "given", version: null, opt: "-", program: $p}')" \
    50 -- "${bin_args[@]}"
  python3 "$here/harness/report.py" "$out"
  exit $?   # no attributions: any wrong unwind of a given binary fails
fi

# ---- the producers: each assembler with its own linker, behind gcc -B ----
bash "$here/ci/toolchains.sh" trixie binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu
trixie=$(bash "$here/ci/toolchains.sh" --print-root trixie)
bash "$here/ci/toolchains.sh" --source bookworm zlib "$B/zlib-src"
Z=$B/zlib-src
zsrc=("$Z"/adler32.c "$Z"/crc32.c "$Z"/deflate.c "$Z"/inflate.c "$Z"/inftrees.c "$Z"/inffast.c "$Z"/trees.c "$Z"/zutil.c)

# producer_dir ARCH PRODUCER: a directory with `as` and `ld` for gcc -B
producer_dir() {
  local arch=$1 prod=$2 d=$B/tc/$2-$1 tp=${1/_/-}-linux-gnu- as ld
  [ "$1" = x86_64 ] && tp=x86_64-linux-gnu-
  case $prod in
    gas-2.40) as=/usr/bin/${tp}as; ld=/usr/bin/${tp}ld
              [ "$arch" = x86_64 ] && { as=/usr/bin/as; ld=/usr/bin/ld; } ;;
    gas-2.44) as=$trixie/bin/${tp}as; ld=$trixie/bin/${tp}ld ;;
    gas-2.47) as=$sid/bin/${tp}as; ld=$sid/bin/${tp}ld ;;
  esac
  mkdir -p "$d"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$as" > "$d/as"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$ld" > "$d/ld"
  chmod +x "$d/as" "$d/ld"
  echo "$d"
}

version_of() { case $1 in gas-2.40) echo 1 ;; gas-2.44) echo 2 ;; gas-2.47) echo 3 ;; esac; }

# The test inputs: rounds of frames.c; a file for zlib.
zin=/usr/share/common-licenses/GPL-3
[ -f "$zin" ] || zin=$here/README.md
if [ $quick = 1 ]; then rounds=40; zbytes=2000; else rounds=80; zbytes=5000; fi

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
      stamp="$cc ${flags[*]} $(cat "$pdir/as")"
      if [ ! -f "$bdir/stamp" ] || [ "$(cat "$bdir/stamp")" != "$stamp" ] ||
         [ -n "$(find "$here/harness/progs" -newer "$bdir/stamp")" ]; then
        echo "harness: building $arch $prod $opt"
        $cc -B "$pdir/" "${flags[@]}" -Wa,--gsframe -static -o "$bdir/frames" "$here/harness/progs/frames.c"
        $cc -B "$pdir/" "${flags[@]}" -Wa,--gsframe -static -I"$Z" -o "$bdir/zround" \
          "$here/harness/progs/zround.c" "${zsrc[@]}"
        echo "$stamp" > "$bdir/stamp"
      fi
      v=$(version_of "$prod")
      for prog in frames zround; do
        meta=$(jq -nc --arg a "$arch" --arg p "$prod" --argjson v "$v" --arg o "$opt" --arg g "$prog" \
                '{arch: $a, producer: $p, version: $v, opt: $o, program: $g}')
        if [ $prog = frames ]; then args=("$rounds"); else args=("$zin" 1 "$zbytes"); fi
        echo "harness: running $arch $prod $opt $prog"
        run_one "$arch" "$bdir/$prog" "$out/runs/$arch-$prod-$opt-$prog.json" "$meta" 40 -- "${args[@]}"
      done
    done
  done
done
python3 "$here/harness/report.py" --attributions "$here/harness/findings/attributions.txt" "$out" || status=$?

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
  echo "- $(tail -n 1 "$out/replay-$name.txt" | sed 's/^replay: //') (build/harness/out/replay-$name.txt)" >> "$replays"
  # The reference must agree with the live check; a peer's differences
  # are findings (SPEC-NOTES N36), not failures of the harness.
  if [ "$name" = sfadapter-reference ] && [ $r -ne 0 ]; then status=1; fi
done
cat "$replays" | tee -a "$out/results.md"
exit $status
