#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# producers/matrix.sh - `make producers`: every SFrame writer Debian ships on
# trial.  Compilers and assemblers (gcc 12, 14, 16 with gas 2.40, 2.44,
# 2.47.50; clang 22's integrated assembler) x linkers (ld.bfd 2.40, 2.44,
# 2.47.50; gold 2.40, 2.44; lld 22; mold 2.37, 3.0) x ways of linking x
# architectures x optimisation, each output judged four ways:
#   1. the oracle validates it (sfref validate: findings by class);
#   2. sfcfi check: its SFrame against its own DWARF CFI at every address;
#   3. conservation (sfcfi conserve): every function of every input
#      object's .sframe is in the output, relocated and equal by meaning;
#      linker-made rows (PLT) listed apart; SORTED and PCREL true of the bytes;
#   4. the kernel (sfref validate --profile GEN, for every generation): what the Linux kernel's
#      SFrame unwinder would refuse;
# and the dynamic programs run under QEMU with the harness (harness/run.sh
# --bin, --lib for our shared objects): every executed instruction their
# .sframe covers, PLT stubs included, unwound and checked against execution.
#
# Usage: producers/matrix.sh [--quick] [--jobs N] [--out DIR] [--arch A,...]
#                            [--no-exec] [--planes compile,link]
#   --quick    the short pass `make check` runs: gcc 12 only, -O2, the small
#              programs, fewer linkers and ways (no gcc 14/16 or clang fetch)
#   --jobs     builds and judgements at once (default: the number of CPUs)
#   --out      where the run goes (default build/producers/matrix, kept
#              between runs: builds are cached by their command line and
#              tools; the chart of the default run is build/producers/
#              index.html, of another OUT/index.html)
#   --no-exec  judge statically only
#   --no-fetch use the tools producers/toolchains.sh made last time (TC=)
# Two planes, each cell a line of OUT/cells.tsv and a directory OUT/cells/ID:
#   compile  every compiler x assembler x arch x opt: the harness's program
#            shapes, zlib, Lua and LMDB (Debian's lua5.4 and lmdb sources),
#            linked statically by the assembler's own ld
#   link     objects of each SFrame version (gcc 16 + gas 2.47: version 3,
#            gcc 14 + gas 2.44: version 2) linked by every linker in every
#            way: static, PIE lazy, PIE -z now, IBT PLT (x86-64), -shared,
#            ld -r then a final link, --gc-sections, objects of two SFrame
#            versions mixed, objects with and without .sframe mixed
# Then producers/matrix-report.py prints the matrix, writes
# build/producers/index.html and OUT/results.md.  Exit 0 when every cell is
# filled or says why it is empty and every finding is classified (a
# producer's wrong rows are results, not failures of the run); 1 otherwise;
# 2 on usage errors.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
out=$here/build/producers/matrix
quick=0
jobs=$(nproc 2>/dev/null || echo 2)
arches=x86_64,aarch64,s390x
exec_on=1
fetch=1
planes=compile,link
cell=""
die() { echo "matrix: $*" >&2; exit "${2:-1}"; }
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --jobs) jobs=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --arch) arches=${2:?}; shift 2 ;;
    --no-exec) exec_on=0; shift ;;
    --no-fetch) fetch=0; shift ;;
    --planes) planes=${2:?}; shift 2 ;;
    --cell) cell=${2:?}; shift 2 ;;        # internal: one cell (xargs)
    --objset) cell=objset:${2:?}; shift 2 ;;  # internal: one object set
    -h|--help) sed -n '3,41p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" 2 ;;
  esac
done
case $jobs in ''|*[!0-9]*|0) die "--jobs wants a positive number, not '$jobs'" 2 ;; esac
for a in ${arches//,/ }; do
  case $a in x86_64|aarch64|s390x) ;; *) die "unknown architecture '$a' (x86_64, aarch64, s390x)" 2 ;; esac
done
for p in ${planes//,/ }; do
  case $p in compile|link) ;; *) die "unknown plane '$p' (compile, link)" 2 ;; esac
done

TC=${TC:-$here/build/producers/tc}
SRC=$here/build/producers/src
SFREF=$here/build/bin/sfref
SFCFI=$here/build/bin/sfcfi
OBJ=$out/objs
export TC SRC SFREF SFCFI OBJ out quick here exec_on

# The producers (producers/producers.tsv), triplet: producers/lib.sh.
# shellcheck source=producers/lib.sh
. "$here/producers/lib.sh"
# The tool table producers/toolchains.sh writes: "id kind arch version status why".
# The kernel generations sfref profiles (sframe_kernel.h), oldest first.
kernel_generations() { "$SFREF" findings --profile all-kernels | sed -n 's/^# [a-z] \(kernel-[a-z0-9-]*\) .*/\1/p'; }
tool_ok() { awk -F'\t' -v id="$1" '$1 == id && $5 == "ok" { f = 1 } END { exit !f }' "$TC/TOOLS.tsv"; }
tool_why() { awk -F'\t' -v id="$1" '$1 == id { print $6; f = 1 } END { if (!f) print "not in the tool table" }' "$TC/TOOLS.tsv"; }
tool_version() { awk -F'\t' -v id="$1" '$1 == id { print $4 }' "$TC/TOOLS.tsv"; }

# ---------------------------------------------------------------------------
# Object sets: SET = ARCH:CC:AS:OPT:VARIANT, compiled once (a stamp holds the
# command line), every source into OBJ/SET-dir/{progs,zlib,lua,mdb,plt}/.
#   VARIANT base  -fPIC (one set serves static, PIE and shared links)
#           cet   base + -fcf-protection=full (x86-64: IBT PLTs)
#           fsec  base + -ffunction-sections -fdata-sections (--gc-sections)
opt_flags() {
  case $1 in
    O0) echo -O0 ;;
    O2) echo -O2 -fno-omit-frame-pointer ;;
    Os) echo -Os ;;
    O2-nofp) echo -O2 -fomit-frame-pointer ;;
    O2-pac) echo -O2 -mbranch-protection=pac-ret ;;
  esac
}
set_dir() { echo "$OBJ/${1//:/-}"; }

# compile SETDIR SUBDIR SRC [FLAGS...]: one object, failures logged
build_objset() {
  local set=$1 arch cc as opt variant
  IFS=: read -r arch cc as opt variant <<< "$set"
  local d; d=$(set_dir "$set")
  local drv=$TC/cc/$cc-$arch
  local flags; read -r -a flags <<< "$(opt_flags "$opt")"
  flags+=(-fPIC -g0)
  case $variant in
    cet) flags+=(-fcf-protection=full) ;;
    fsec) flags+=(-ffunction-sections -fdata-sections) ;;
  esac
  local asflags=(-Wa,--gsframe)
  local bdir=()
  if [ "$as" = clang ]; then :; else bdir=(-B "$TC/as/$as-$arch/"); fi
  local cmd=("$drv" "${bdir[@]}" "${flags[@]}" "${asflags[@]}")
  # the command line and the tools it names (a wrapper that changes is a
  # new build); a failed set is retried only when one of them changes
  local stamp; stamp="${cmd[*]} $(cat "$drv" ${bdir[1]:+"${bdir[1]}as"} 2>/dev/null | sha1sum | cut -c1-12)"
  if [ -f "$d/stamp" ] && [ "$(cat "$d/stamp")" = "$stamp" ] &&
     [ -z "$(find "$here/producers/progs" "$here/harness/progs" -newer "$d/stamp" -name '*.c' 2>/dev/null)" ]; then
    return 0
  fi
  rm -rf "$d"; mkdir -p "$d"/{progs,zlib,lua,mdb,plt}
  : > "$d/failed"
  local log=$d/build.log f
  : > "$log"
  one() { # SUBDIR SRC EXTRA...
    local sub=$1 src=$2; shift 2
    local o; o=$d/$sub/$(basename "$src" .c).o
    if ! "${cmd[@]}" "$@" -c "$src" -o "$o" >> "$log" 2>&1; then
      echo "FAILED ${cmd[*]} $* -c $src" >> "$log"
      grep -qx "$sub" "$d/failed" 2>/dev/null || echo "$sub" >> "$d/failed"
      return 1
    fi
  }
  local fail=0
  for f in frames deep nestjmp sigjmp coro; do one progs "$here/harness/progs/$f.c" || fail=1; done
  one progs "$here/harness/progs/threads.c" -pthread || fail=1
  one plt "$here/producers/progs/pltmain.c" || fail=1
  one plt "$here/producers/progs/pltlib.c" || fail=1
  if [ "$quick" = 0 ]; then
    local Z=$SRC/zlib-src L=$SRC/lua-src/src M=$SRC/lmdb-src/libraries/liblmdb
    for f in adler32 crc32 deflate inflate inftrees inffast trees zutil; do one zlib "$Z/$f.c" || fail=1; done
    one zlib "$here/harness/progs/zround.c" -I"$Z" || fail=1
    printf '#define DEB_HOST_MULTIARCH "%s"\n' "$(triplet "$arch")" > "$d/lua/lua5.4-deb-multiarch.h"
    for f in "$L"/*.c; do
      [ "${f##*/}" = luac.c ] && continue
      one lua "$f" -std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_POSIX '-Dluai_makeseed(L)=0x5eedu' -I"$d/lua" -w || fail=1
    done
    one mdb "$M/mdb.c" -pthread -w || fail=1
    one mdb "$M/midl.c" -pthread -w || fail=1
    one mdb "$here/harness/progs/mdbround.c" -std=c11 -I"$M" || fail=1
  fi
  # $d/failed names the codes (subdirectories) that did not compile: only
  # their cells are empty
  [ $fail = 1 ] || rm -f "$d/failed"
  echo "$stamp" > "$d/stamp"
}

# ---------------------------------------------------------------------------
# Cells.  ID = PLANE:ARCH:CC:AS:OPT:LD:MODE:CODE
# Each writes OUT/cells/ID-dir/cell.json (what was built, how, or why not)
# and, per output ELF, the judges' JSON next to it.
cell_dir() { echo "$out/cells/${1//:/-}"; }

# the objects of CODE in a set: "MAIN-OBJECTS|LIBRARY-OBJECTS" (the library
# part is what -shared and ld -r take; empty for single-program codes)
code_objs() { # SETDIR CODE
  local d=$1
  case $2 in
    plt) echo "$d/plt/pltmain.o|$d/plt/pltlib.o" ;;
    lua) local libs; libs=$(ls "$d"/lua/*.o | grep -v '/lua\.o$' | tr '\n' ' ')
         echo "$d/lua/lua.o|$libs" ;;
    zlib) echo "$d/zlib/zround.o|$(ls "$d"/zlib/*.o | grep -v zround | tr '\n' ' ')" ;;
    mdb) echo "$d/mdb/mdbround.o|$d/mdb/mdb.o $d/mdb/midl.o" ;;
    progs) echo "|" ;;
  esac
}
code_libs() { case $1 in lua) echo "-lm" ;; mdb|progs) echo "-pthread" ;; *) echo "" ;; esac; }

# mix-v2v3, mix-nosf: every second library object from another set (the
# other SFrame version's, or without .sframe).  1 when the link failed, 2
# when the cell cannot be made (cell.json written).  Run by link_cell.
link_mix() {
  mkdir -p "$mixdir"
  local other=() i=0 o
  local oset osd
  if [ "$mode" = mix-v2v3 ]; then
    # the other SFrame version's set of the same arch and opt
    case $as in gas-2.47) oset=$arch:$MIX_CC2:gas-2.44:$opt:base ;; *) oset=$arch:$MIX_CC3:gas-2.47:$opt:base ;; esac
    osd=$(set_dir "$oset")
    [ -f "$osd/stamp" ] && ! grep -qx "$sub" "$osd/failed" 2>/dev/null || { empty "no objects of the other SFrame version for $arch ($oset): $(tool_why "cc/${oset#*:}")"; return 2; }
  fi
  for o in $lib; do
    i=$((i + 1))
    if [ $((i % 2)) = 0 ]; then
      if [ "$mode" = mix-v2v3 ]; then other+=("$osd/${o#"$sd"/}")
      else "$TC/as/gas-2.47-$arch/objcopy" --remove-section .sframe "$o" "$mixdir/$(basename "$o")" >> "$cd/objcopy.log" 2>&1 ||
             { empty "objcopy could not remove .sframe from $o: $(head -c 200 "$cd/objcopy.log")" link-failed; return 2; }
           other+=("$mixdir/$(basename "$o")"); fi
    else other+=("$o"); fi
  done
  link "$cd/$name" -pie $main "${other[@]}" $libs || ok=0
  outputs=("$cd/$name"); inputs=($main "${other[@]}")
  [ $ok = 1 ] || return 1
}

# The cell's links (CODE, MODE) with its linker: outputs, their inputs and
# the commands into the caller's outputs, inputs, cmds.  1 when the cell
# stops here (cell.json written: empty, or the link refused).
link_cell() {
  local lf=(-B "$ldd/") objs
  libs=$(code_libs "$code")
  objs=$(code_objs "$sd" "$code"); main=${objs%%|*}; lib=${objs#*|}
  : > "$log"
  link() { # OUT ARGS...: the driver with this cell's linker
    local o=$1; shift
    cmds+=("$(basename "$drv") -B ld/$ld-$arch/ $* -o ${o##*/}")
    "$drv" "${lf[@]}" "$@" -o "$o" >> "$log" 2>&1
  }
  # shellcheck disable=SC2086
  case $code in
    progs) # one program per shape, static: the compile plane's shapes
      local p
      for p in frames deep nestjmp sigjmp coro threads; do
        link "$cd/$p" -static "$sd/progs/$p.o" -pthread || { empty "link failed: $(grep -m1 -v '^$' "$log" | cut -c1-200)" link-failed; return 1; }
        outputs+=("$cd/$p"); inputs+=("$sd/progs/$p.o")
      done ;;
    *)
      local name; case $code in plt) name=pltmain ;; lua) name=lua ;; zlib) name=zround ;; mdb) name=mdbround ;; esac
      local ok=1 mixdir=$cd/mix
      case $mode in
        static) link "$cd/$name" -static $main $lib $libs || ok=0
                outputs=("$cd/$name"); inputs=($main $lib) ;;
        pie|pie-now|cet|gc)
          local z=(-Wl,-z,lazy); [ "$mode" = pie ] || z=(-Wl,-z,now)
          [ "$mode" = cet ] && z+=(-Wl,-z,ibtplt)
          [ "$mode" = gc ] && z+=(-Wl,--gc-sections)
          if [ "$code" = plt ]; then
            link "$cd/libplt.so" -shared "${z[@]}" $lib || ok=0
            [ $ok = 1 ] && { link "$cd/$name" -pie "${z[@]}" $main -L"$cd" -lplt -Wl,-rpath,'$ORIGIN' || ok=0; }
            outputs=("$cd/$name" "$cd/libplt.so")
          else
            link "$cd/$name" -pie "${z[@]}" $main $lib $libs || ok=0
            outputs=("$cd/$name")
          fi
          inputs=($main $lib) ;;
        shared)
          local so=libplt.so; [ "$code" = lua ] && so=liblua.so
          link "$cd/$so" -shared -Wl,-z,lazy $lib $libs || ok=0
          local lname=${so#lib}; lname=${lname%.so}
          [ $ok = 1 ] && { link "$cd/$name" -pie -Wl,-z,lazy $main -L"$cd" -l"$lname" $libs -Wl,-rpath,'$ORIGIN' || ok=0; }
          outputs=("$cd/$name" "$cd/$so"); inputs=($main $lib) ;;
        ld-r) # the linker's own relocatable link, then a PIE with it
          local ldbin=$ldd/ld
          cmds+=("ld/$ld-$arch/ld -r $(echo $lib | wc -w) objects -o partial.o")
          if "$ldbin" -r -o "$cd/partial.o" $lib >> "$log" 2>&1; then
            link "$cd/$name" -pie $main "$cd/partial.o" $libs || ok=0
            outputs=("$cd/$name" "$cd/partial.o")
          else ok=0; fi
          inputs=($main $lib) ;;
        mix-v2v3|mix-nosf) local mrc=0; link_mix || mrc=$?
          case $mrc in 2) return 1 ;; 1) ok=0 ;; esac ;;
      esac
      if [ $ok = 0 ]; then
        jq -nc --arg id "$id" --arg why "link refused: $(grep -m1 -v '^$' "$log" | cut -c1-300)" \
          --args '{id: $id, status: "link-failed", why: $why, commands: $ARGS.positional}' "${cmds[@]}" > "$cd/cell.json"
        return 1
      fi ;;
  esac
}

# The judges of one output O: the oracle, each kernel generation, sfcfi
# check, and sfcfi conserve against the inputs that went into it.
judge_output() {
  local o=$1 n; n=$(basename "$1")
  # its section headers, read once: NAME TYPE ADDR OFF SIZE ...
  readelf -SW "$o" 2>/dev/null | sed -n 's/^ *\[ *[0-9]*\] //p' > "$cd/$n.sections"
  if ! awk '$1 == ".sframe" { f = 1 } END { exit !f }' "$cd/$n.sections"; then
    echo '{"no_sframe": true}' > "$cd/$n.validate.json"
  else
    "$SFREF" validate --json "$o" > "$cd/$n.validate.json" 2> "$cd/$n.validate.err"
    # each generation of the kernel reads the sections of programs and
    # shared objects (sfref takes the executable segment as the text
    # range their functions must lie in); the arm64 kernel-text reader
    # reads AArch64 only: a final link as vmlinux's section, an ld -r
    # output (relocated by sfref, as the module loader relocates a .ko)
    # as a module's
    local g
    for g in $(kernel_generations); do
      case $g:$n in
        kernel-text-*:*) [ "$arch" = aarch64 ] || continue ;;&
        kernel-text-*-module:partial.o) ;;
        *-module:*|*:*.o) continue ;;
        kernel-text-*-vmlinux:*) ;;
      esac
      "$SFREF" validate --profile "$g" --json "$o" > "$cd/$n.$g.json" 2> "$cd/$n.$g.err"
    done
    "$SFCFI" check --json "$o" > "$cd/$n.check.json" 2> "$cd/$n.check.err"
  fi
  # conservation: the inputs that went into this output
  local ins=()
  case $n in
    libplt.so) ins=($lib) ;;
    liblua.so|partial.o) ins=($lib) ;;
    *) case $mode in shared) ins=($main) ;; *) ins=("${inputs[@]}") ;; esac
       [ "$code" = plt ] && [ "$mode" != static ] && ins=($main)
       [ "$code" = progs ] && ins=("$sd/progs/$n.o") ;;
  esac
  "$SFCFI" conserve --json "$o" "${ins[@]}" > "$cd/$n.conserve.json" 2> "$cd/$n.conserve.err"
}

# What one cell runs: link (link_cell), judge every output (judge_output),
# then its record.
run_cell() {
  local id=$1 plane arch cc as opt ld mode code
  IFS=: read -r plane arch cc as opt ld mode code <<< "$id"
  local cd; cd=$(cell_dir "$id")
  rm -rf "$cd"; mkdir -p "$cd"
  local drv=$TC/cc/$cc-$arch ldd=$TC/ld/$ld-$arch
  local variant=base
  case $mode in cet) variant=cet ;; gc) variant=fsec ;; esac
  local set=$arch:$cc:$as:$opt:$variant
  local sd; sd=$(set_dir "$set")
  empty() { jq -nc --arg id "$id" --arg why "$1" --arg st "${2:-empty}" '{id: $id, status: $st, why: $why}' > "$cd/cell.json"; }
  if [ ! -f "$sd/stamp" ]; then empty "objects not built"; return 0; fi
  # gcc falls back to the system's ld when -B names no ld: never silently
  [ -x "$ldd/ld" ] || { empty "no linker $ldd/ld (producers/toolchains.sh)" link-failed; return 0; }
  local sub=$code # each code's objects are in the set's subdirectory of its name
  if grep -qx "$sub" "$sd/failed" 2>/dev/null; then
    empty "compiling failed: $(grep -m1 -iE 'error|unrecognized|no llvm-mc' "$sd/build.log" | cut -c1-200)" build-failed; return 0
  fi
  local outputs=() inputs=() cmds=() main lib libs log=$cd/link.log
  link_cell || return 0
  local o
  for o in "${outputs[@]}"; do judge_output "$o"; done
  # outputs with more than one .sframe section (gold keeps one per input
  # section type): the judges read the first
  local multi=""
  for o in "${outputs[@]}"; do
    [ "$(awk '$1 == ".sframe"' "$cd/${o##*/}.sections" | wc -l)" -gt 1 ] && multi+="${o##*/} "
  done
  jq -nc --arg id "$id" --arg set "$set" --arg multi "$multi" --argjson outs "$(printf '%s\n' "${outputs[@]##*/}" | jq -R . | jq -sc .)" \
    --arg sections "$(for o in "${outputs[@]}"; do awk -v f="${o##*/}" '$1 ~ /^\.(plt|iplt|plt\.got|plt\.sec|sframe)$/ { printf "%s:%s:0x%s ", f, $1, $5 }' "$cd/${o##*/}.sections"; done)" \
    --args '{id: $id, status: "ok", set: $set, outputs: $outs, sections: $sections, multiple_sframe: $multi, commands: $ARGS.positional}' "${cmds[@]}" > "$cd/cell.json"
}

# Execution of one cell's dynamic program under the harness.
exec_cell() {
  local id=$1 plane arch cc as opt ld mode code
  IFS=: read -r plane arch cc as opt ld mode code <<< "$id"
  local cd; cd=$(cell_dir "$id")
  [ "$(jq -r .status "$cd/cell.json" 2>/dev/null)" = ok ] || return 0
  local prog args=() libs=()
  case $code in
    plt) prog=$cd/pltmain; args=(20); [ -f "$cd/libplt.so" ] && libs=(--lib "$cd/libplt.so") ;;
    lua) prog=$cd/lua; args=("$here/harness/progs/drive.lua" 1); [ -f "$cd/liblua.so" ] && libs=(--lib "$cd/liblua.so") ;;
    *) return 0 ;;
  esac
  # only what has a non-empty .sframe can be checked
  local f size
  for f in "$prog" "${libs[@]:1}"; do
    size=$(readelf -SW "$f" 2>/dev/null | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".sframe" { print $5 }')
    if [ -z "$size" ] || [ $((0x$size)) -eq 0 ]; then
      jq -nc --arg why "${f##*/} has $([ -z "$size" ] && echo no || echo an empty) .sframe: nothing to check" '{skipped: $why}' > "$cd/exec.json"
      return 0
    fi
    # an unwinder cannot be held to a section the oracle rejects
    if [ "$(jq -r .valid "$cd/${f##*/}.validate.json" 2>/dev/null)" != true ]; then
      jq -nc --arg why "the oracle rejects ${f##*/}'s .sframe ($(jq -r '[.findings[] | select(.class != "questionable") | .id] | unique | join(", ")' "$cd/${f##*/}.validate.json" 2>/dev/null)): nothing to check against" '{skipped: $why}' > "$cd/exec.json"
      return 0
    fi
  done
  local hout=$cd/harness
  rm -rf "$hout"
  # this linker's lines of the attributions, in the harness's own form
  local pat opat rest
  while read -r pat opat rest; do
    case $pat in ''|'#'*) continue ;; esac
    # shellcheck disable=SC2254
    case $ld in $pat) ;; *) continue ;; esac
    # shellcheck disable=SC2254
    case $cc:$as in $opat) echo "$rest" ;; esac
  done < "$here/producers/exec-attributions.txt" > "$cd/attributions.txt"
  local st=0
  # a run that hangs is a bug of ours, reported, never a stalled matrix;
  # without address randomisation (setarch -R: QEMU's mappings, hence the
  # guest's, the same every run), Lua, which hashes some keys by address,
  # executes the same instructions every run
  timeout -k 10 "${MATRIX_EXEC_TIMEOUT:-600}" setarch "$(uname -m)" -R \
    bash "$here/harness/run.sh" --bin "$prog" "${libs[@]}" --out "$hout" --progress 0 \
    --attributions "$cd/attributions.txt" -- "${args[@]}" > "$cd/exec.log" 2>&1 || st=$?
  local j; j=$(ls "$hout"/runs/*.json 2>/dev/null | sed -n 1p)
  if [ -n "$j" ]; then
    jq -c --argjson st "$st" '. + {harness_exit: $st}' "$j" > "$cd/exec.json"
  else
    local why; why=$(grep -m1 'harness:' "$cd/exec.log" | cut -c1-300)
    [ "$st" = 124 ] && why="timed out after ${MATRIX_EXEC_TIMEOUT:-600} s"
    jq -nc --argjson st "$st" --arg why "$why" '{harness_exit: $st, failed: $why}' > "$cd/exec.json"
  fi
}

if [ -n "$cell" ]; then
  case $cell in
    objset:*) build_objset "${cell#objset:}" ;;
    exec:*) exec_cell "${cell#exec:}" ;;
    *) run_cell "$cell" ;;
  esac
  exit 0
fi

# ---------------------------------------------------------------------------
# The whole matrix.
t0=$(date +%s)
mkdir -p "$out"
for t in "$SFREF" "$SFCFI"; do [ -x "$t" ] || die "$t is not built (make sfref sfcfi)" 2; done
if [ $fetch = 1 ]; then
  bash "$here/producers/toolchains.sh" $([ $quick = 1 ] && echo --quick) || die "producers/toolchains.sh failed"
fi
[ -f "$TC/TOOLS.tsv" ] || die "no tool table $TC/TOOLS.tsv"
if [ $quick = 0 ]; then
  bash "$here/ci/toolchains.sh" --source bookworm zlib "$SRC/zlib-src" > /dev/null
  bash "$here/ci/toolchains.sh" --source bookworm lua5.4 "$SRC/lua-src" > /dev/null
  bash "$here/ci/toolchains.sh" --source bookworm lmdb "$SRC/lmdb-src" > /dev/null
fi

# The matrix's axes.
if [ $quick = 1 ]; then
  compile_prods="gcc12:gas-2.40 gcc12:gas-2.44 gcc12:gas-2.47"
  opts_for() { echo O2; }
  compile_codes="plt progs"
  MIX_CC2=gcc12 MIX_CC3=gcc12
  link_sets="gcc12:gas-2.47 gcc12:gas-2.44"
  linkers="bfd-2.40 bfd-2.47 gold-2.40 lld-22 mold-3.0"
  modes="static pie shared ld-r mix-v2v3"
  link_codes="plt"
else
  # gcc 12 with every assembler of the table; each newer compiler with its own
  compile_prods="$(for a in $(prod_ids as) $(prod_ids mc); do printf 'gcc12:%s ' "$a"; done)gcc14:gas-2.44 gcc16:gas-2.47 clang22:clang"
  opts_for() { case $1 in aarch64) echo O0 O2 Os O2-nofp O2-pac ;; *) echo O0 O2 Os O2-nofp ;; esac; }
  compile_codes="progs plt zlib lua mdb"
  MIX_CC2=gcc14 MIX_CC3=gcc16
  link_sets="gcc16:gas-2.47 gcc14:gas-2.44"
  linkers=$(prod_ids ld | tr '\n' ' ')
  modes="static pie pie-now cet shared ld-r gc mix-v2v3 mix-nosf"
  link_codes="plt lua"
fi
export MIX_CC2 MIX_CC3

cells=$out/cells.tsv sets=$out/sets.txt
: > "$cells"; : > "$sets"
# empty CELL-ID WHY: a cell that cannot exist, with its reason
declare_empty() { printf '%s\t%s\n' "$1" "$2" >> "$cells"; }
for arch in ${arches//,/ }; do
  for p in ${planes//,/ }; do
    if [ "$p" = compile ]; then
      for cp in $compile_prods; do
        cc=${cp%%:*} as=${cp#*:}
        for opt in $(opts_for "$arch"); do
          for code in $compile_codes; do
            id=compile:$arch:$cc:$as:$opt:$(own_ld "$( [ "$as" = clang ] && echo "$cc" || echo "$as")"):static:$code
            if ! tool_ok "cc/$cc-$arch"; then declare_empty "$id" "$(tool_why "cc/$cc-$arch")"; continue; fi
            if [ "$as" = clang ]; then
              tool_ok "ias/$cc-$arch" || { declare_empty "$id" "$(tool_why "ias/$cc-$arch")"; continue; }
            elif ! tool_ok "as/$as-$arch"; then declare_empty "$id" "$(tool_why "as/$as-$arch")"; continue; fi
            ldid=${id#compile:"$arch":"$cc":"$as":"$opt":}; ldid=ld/${ldid%%:*}-$arch
            if ! tool_ok "$ldid"; then declare_empty "$id" "$(tool_why "$ldid")"; continue; fi
            echo "$arch:$cc:$as:$opt:base" >> "$sets"
            printf '%s\t\n' "$id" >> "$cells"
          done
        done
      done
    else
      for ls in $link_sets; do
        cc=${ls%%:*} as=${ls#*:}
        for ld in $linkers; do
          for mode in $modes; do
            for code in $link_codes; do
              id=link:$arch:$cc:$as:O2:$ld:$mode:$code
              if [ "$mode" = cet ] && [ "$arch" != x86_64 ]; then declare_empty "$id" "IBT PLTs are x86-64's"; continue; fi
              if [ "$mode" = mix-v2v3 ] && [ "$arch" = s390x ]; then declare_empty "$id" "no Debian assembler writes SFrame version 2 for s390x (gas 2.44 has no s390x SFrame)"; continue; fi
              if ! tool_ok "cc/$cc-$arch"; then declare_empty "$id" "$(tool_why "cc/$cc-$arch")"; continue; fi
              if ! tool_ok "as/$as-$arch"; then declare_empty "$id" "$(tool_why "as/$as-$arch")"; continue; fi
              if ! tool_ok "ld/$ld-$arch"; then declare_empty "$id" "$(tool_why "ld/$ld-$arch")"; continue; fi
              v=base; case $mode in cet) v=cet ;; gc) v=fsec ;; esac
              echo "$arch:$cc:$as:O2:$v" >> "$sets"
              if [ "$mode" = mix-v2v3 ]; then
                case $as in gas-2.47) echo "$arch:$MIX_CC2:gas-2.44:O2:base" ;; *) echo "$arch:$MIX_CC3:gas-2.47:O2:base" ;; esac >> "$sets"
              fi
              printf '%s\t\n' "$id" >> "$cells"
            done
          done
        done
      done
    fi
  done
done
sort -u "$sets" -o "$sets"
# object sets whose compiler or assembler is absent are not built
while read -r s; do
  IFS=: read -r a c as _ <<< "$s"
  tool_ok "cc/$c-$a" && { { [ "$as" = clang ] && tool_ok "ias/$c-$a"; } || tool_ok "as/$as-$a"; } && echo "$s"
done < "$sets" > "$sets.ok"
echo "matrix: $(wc -l < "$sets.ok") object sets, $(grep -c $'\t$' "$cells") cells to build and judge, $(grep -vc $'\t$' "$cells") empty with a reason"
echo "matrix: compiling (cached by command line; --jobs $jobs)"
xargs -a "$sets.ok" -P "$jobs" -I{} bash "$0" --out "$out" $([ $quick = 1 ] && echo --quick) --objset {} || die "compiling failed"
echo "matrix: linking and judging"
rm -rf "$out/cells"; mkdir -p "$out/cells"
grep $'\t$' "$cells" | cut -f1 | xargs -P "$jobs" -I{} bash "$0" --out "$out" $([ $quick = 1 ] && echo --quick) --cell {} || die "a cell failed"
if [ $exec_on = 1 ]; then
  bash "$here/harness/build-qemu.sh" > /dev/null || die "QEMU could not be built (harness/build-qemu.sh)"
  # the harness builds its plugin on first use: once, before the parallel runs
  echo "matrix: executing the dynamic programs under QEMU"
  grep $'\t$' "$cells" | cut -f1 | grep -E ':(pie|pie-now|cet|shared|ld-r|gc|mix-v2v3|mix-nosf):(plt|lua)$' |
    { if [ $quick = 1 ]; then grep -E ':(bfd-2.47|lld-22|mold-3.0):'; else grep -E ':plt$|:shared:lua$'; fi; } |
    sed 's/^/exec:/' | xargs -P "$jobs" -I{} bash "$0" --out "$out" --cell {} || die "an execution failed to run"
fi
echo "matrix: $(($(date +%s) - t0)) s"
# the chart: build/producers/index.html for the default run, else in OUT
html=$out/index.html
[ "$out" = "$here/build/producers/matrix" ] && html=$here/build/producers/index.html
# the report's kernel columns, in sfref's order; the newest is `--profile kernel`
"$SFREF" findings --profile all-kernels | sed -n 's/^# [a-z] \(kernel-[a-z0-9-]*\) [^ ]*\( (= kernel)\)\{0,1\}$/\1\t\2/p' |
  sed 's/\t (= kernel)$/\tnewest/' > "$out/kernel-generations.tsv"
python3 "$here/producers/matrix-report.py" --tools "$TC/TOOLS.tsv" --html "$html" \
  $([ $quick = 1 ] && echo --quick) "$out"
