#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build every fuzz target the way OSS-Fuzz expects: compiled with $CC
# $CFLAGS, linked with $LIB_FUZZING_ENGINE (through $CXX when it is a C++
# engine library), each put in $OUT with <target>_seed_corpus.zip,
# <target>.dict and <target>.options.  The seeds come from the case
# catalogue, built natively (cc, no sanitizers) in $WORK.
# Environment: CC CFLAGS CXX CXXFLAGS LIB_FUZZING_ENGINE OUT SRC [WORK SANITIZER]
set -euo pipefail
: "${CC:?}" "${LIB_FUZZING_ENGINE:?}" "${OUT:?}" "${SRC:?}"
CFLAGS=${CFLAGS:-} CXX=${CXX:-$CC} CXXFLAGS=${CXXFLAGS:-$CFLAGS} WORK=${WORK:-$OUT/../work}
repo=$SRC/sframe-conformance
cd "$repo"
mkdir -p "$OUT" "$WORK"
flags=(-std=c11 -D_POSIX_C_SOURCE=200809L -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
       -Idecoder/include -Idecoder/src -Idecoder/fast -Idecoder/profile -Idecoder/cli -Icommon -Icorpus/encoder -Ifuzz/targets -Iproducers/sfcfi)
targets=(decode lookup unwind roundtrip elf)
# diff_libsframe needs libsframe's header and library (binutils-dev 2.40 or
# later), and libsframe is not instrumented: none under MSan.  Left out, it
# is named on stderr; so is diff_libsframe3, which needs libsframe 2.47.50
# as `make toolchains` unpacks it (fuzz/fuzz.mk), never an image's package.
if [ "${SANITIZER:-address}" = memory ]; then
  echo "build-targets: diff_libsframe left out: libsframe is not instrumented for MSan" >&2
elif [ ! -f /usr/include/sframe-api.h ]; then
  echo "build-targets: diff_libsframe left out: no libsframe here (/usr/include/sframe-api.h; binutils-dev 2.40 or later)" >&2
else
  targets+=(diff_libsframe)
fi
echo "build-targets: diff_libsframe3 left out: it needs libsframe 2.47.50 from make toolchains" >&2
# cfi needs elfutils' libdw and libelf (libdw-dev, libelf-dev), which are not
# instrumented: none under MSan.  They are linked statically where the
# archives are there (OSS-Fuzz's runner image has no libdw), else as shared
# libraries.
dwlibs=()
if [ "${SANITIZER:-address}" = memory ]; then
  echo "build-targets: cfi left out: libdw and libelf are not instrumented for MSan" >&2
elif [ ! -f /usr/include/elfutils/libdw.h ]; then
  echo "build-targets: cfi left out: no libdw here (/usr/include/elfutils/libdw.h; libdw-dev, libelf-dev)" >&2
else
  targets+=(cfi)
  for l in $(pkg-config --static --libs libdw 2>/dev/null || echo -ldw -lelf -lz -llzma -lbz2); do
    case $l in
      -pthread|-lpthread) ;;
      -l*) a=lib${l#-l}.a
           case $("${CC%% *}" -print-file-name="$a") in /*) dwlibs+=("-l:$a") ;; *) dwlibs+=("$l") ;; esac ;;
    esac
  done
  dwlibs+=(-lpthread -ldl)
fi
# The engine: a linker flag (-fsanitize=fuzzer) or a library (AFL++'s driver).
case $LIB_FUZZING_ENGINE in
  -*) link=("$CC" $CFLAGS) ;;
  *) link=("$CXX" $CXXFLAGS) ;;
esac

# Seeds: the catalogue (native tools), in each target's input format.
make -s BUILD="$WORK/native" CC=cc CFLAGS= CORPUS="$WORK/native/corpus" corpus-catalogue > /dev/null
bash corpus/manifest.sh "$WORK/native/corpus" > /dev/null
cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -o "$WORK/fuzz-seeds" fuzz/seeds.c
rm -rf "$WORK/seeds" && "$WORK/fuzz-seeds" "$WORK/native/corpus" "$WORK/seeds" > /dev/null

declare -A compiled
for t in "${targets[@]}"; do
  srcs=("fuzz/targets/$t.c" decoder/src/*.c decoder/fast/*.c decoder/profile/*.c)
  [ "$t" = decode ] && srcs+=(decoder/cli/dump.c)
  [ "$t" = roundtrip ] && srcs+=(corpus/encoder/*.c fuzz/targets/rt_model.c fuzz/targets/rt_mutate.c
                                 fuzz/targets/rt_check.c)
  [ "$t" = elf ] && srcs+=(decoder/cli/elf.c decoder/cli/dump.c)
  [ "$t" = diff_libsframe ] && srcs+=(fuzz/targets/diff_core.c)
  # cfi: sfcfi's pieces but its command line, the encoder, the tools library
  if [ "$t" = cfi ]; then
    for s in producers/sfcfi/*.c; do [ "$s" = producers/sfcfi/sfcfi.c ] || srcs+=("$s"); done
    srcs+=(corpus/encoder/*.c common/sfc_tools.c)
  fi
  libs=(); [ "$t" = diff_libsframe ] && libs=(-lsframe)
  [ "$t" = cfi ] && libs=("${dwlibs[@]}")
  objs=()
  mkdir -p "$WORK/obj"
  for s in "${srcs[@]}"; do
    o=$WORK/obj/$(echo "${s%.c}" | tr / _).o   # by path: fuzz/targets/elf.c, decoder/cli/elf.c
    # (each source compiled once a build, the flags being the same for
    # every target: the library was compiled once a target before)
    if [ -z "${compiled[$o]:-}" ]; then
      $CC $CFLAGS "${flags[@]}" -c "$s" -o "$o"
      compiled[$o]=1
    fi
    objs+=("$o")
  done
  "${link[@]}" "${objs[@]}" $LIB_FUZZING_ENGINE "${libs[@]}" -o "$OUT/$t"
  dict=$(sed -n 's/^dict *= *//p' "fuzz/$t.options")   # the dictionary the options name
  cp "fuzz/${dict:-sframe.dict}" "$OUT/$t.dict"
  sed "s/^dict = .*/dict = $t.dict/" "fuzz/$t.options" > "$OUT/$t.options"
  seeds=$WORK/seeds/$t
  if [ "$t" = roundtrip ]; then
    # Serialized random models, written by a native build of the target.
    mkdir -p "$seeds"
    cc "${flags[@]}" -O1 -DROUNDTRIP_MAKE_SEEDS -o "$WORK/roundtrip-seeds" fuzz/targets/roundtrip.c \
      fuzz/targets/rt_model.c fuzz/targets/rt_mutate.c fuzz/targets/rt_check.c \
      decoder/src/*.c decoder/fast/*.c decoder/profile/*.c corpus/encoder/*.c
    "$WORK/roundtrip-seeds" "$seeds" 40 > /dev/null
  fi
  mkdir -p "$seeds"
  [ -d "fuzz/seeds/$t" ] && find "fuzz/seeds/$t" -maxdepth 1 -type f ! -name '*.sh' -exec cp {} "$seeds/" \;
  [ -d "fuzz/corpus/$t" ] && cp -r "fuzz/corpus/$t/." "$seeds/"
  rm -f "$OUT/${t}_seed_corpus.zip"
  (cd "$seeds" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
done
echo "build-targets: ${targets[*]} in $OUT"
