#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `make ossfuzz-sim`: OSS-Fuzz's and ClusterFuzzLite's builds as their
# files describe them, without Docker.  Prints TAP and "N passed, N failed".
#
# OSS-Fuzz: fuzz/oss-fuzz/configure.sh writes the project directory with a
# clone URL of this repository's HEAD (a bare copy in build/ossfuzz, so what
# is built is what is committed); project.yaml is checked against the fields
# OSS-Fuzz reads, and the Dockerfile for a clone of main_repo (no COPY of a
# tree).  Then the Dockerfile's recipe is followed: its `git clone` runs in
# $SRC, its build.sh is copied there and run (apt-get is not: the packages
# are this machine's), once per engine this machine has (libFuzzer: clang
# -fsanitize=fuzzer; AFL++: afl-clang-fast with its driver).  $OUT must hold
# each target, runnable on a seed, with a non-empty <t>_seed_corpus.zip,
# <t>.dict and <t>.options; a target left out must be named on stderr.
#
# ClusterFuzzLite: .clusterfuzzlite/{project.yaml,Dockerfile,build.sh} and
# the pull-request workflow .github/workflows/cflite_pr.yml are checked for
# what the actions need, and build.sh is run (libFuzzer) on a copy of the
# committed tree, as the Dockerfile's COPY would give it.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
base=$top/build/ossfuzz
rm -rf "$base"; mkdir -p "$base"
n=0 pass=0 fail=0
check() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; pass=$((pass + 1)); else echo "not ok $n - $1"; fail=$((fail + 1)); fi; }

# ---- OSS-Fuzz's project directory ----
git init -q --bare "$base/origin.git"
git -C "$top" push -q "$base/origin.git" HEAD:refs/heads/main
repo=file://$base/origin.git proj=$base/project
SFC_MAIN_REPO=$repo SFC_PRIMARY_CONTACT=maintainer@example.invalid \
  bash "$top/fuzz/oss-fuzz/configure.sh" "$proj" > "$base/configure.log" 2>&1
check "configure.sh writes project.yaml, Dockerfile and build.sh" \
  "[ -s '$proj/project.yaml' ] && [ -s '$proj/Dockerfile' ] && [ -x '$proj/build.sh' ]"
key() { sed -n "s/^$1: *\"\{0,1\}\([^\"]*\)\"\{0,1\} *$/\1/p" "$proj/project.yaml"; }
check "project.yaml: main_repo is the clone URL" "[ \"\$(key main_repo)\" = '$repo' ]"
check "project.yaml: homepage, primary_contact, language c" \
  "[ -n \"\$(key homepage)\" ] && [ -n \"\$(key primary_contact)\" ] && [ \"\$(key language)\" = c ]"
check "project.yaml: no template value left" "! grep -q '@[A-Z_]*@' '$proj/project.yaml' '$proj/Dockerfile'"
check "project.yaml: engines and sanitizers OSS-Fuzz knows" \
  "! awk '/^[a-z_]*:/ { sec = \$1 } /^  - / && sec ~ /fuzzing_engines|sanitizers|architectures/ { print sec, \$2 }' '$proj/project.yaml' |
   grep -vqE '^(fuzzing_engines: (libfuzzer|afl|honggfuzz|centipede)|sanitizers: (address|undefined|memory)|architectures: (x86_64|i386|aarch64))\$'"
check "Dockerfile: FROM OSS-Fuzz's base-builder" "grep -q '^FROM gcr.io/oss-fuzz-base/base-builder' '$proj/Dockerfile'"
check "Dockerfile: clones main_repo, copies no tree" \
  "grep -q '^RUN git clone .*$repo' '$proj/Dockerfile' && [ \"\$(grep '^COPY' '$proj/Dockerfile')\" = 'COPY build.sh \$SRC/' ]"

# Follow the recipe: RUN git clone ... in $SRC; COPY build.sh $SRC/.
recipe() { # recipe DOCKERFILE SRC: the clone, and build.sh beside it
  local src=$2
  mkdir -p "$src"
  sed -n 's/^RUN \(git clone .*\)$/\1/p' "$1" | while read -r cmd; do
    (cd "$src" && eval "$cmd") > /dev/null 2>&1 || echo "recipe: '$cmd' failed" >&2
  done
  cp "$(dirname "$1")/build.sh" "$src/build.sh"
}

# The flavours' builds run side by side (each build.sh compiles one file at
# a time; the machine has two cores), their checks one flavour after the
# other once all are built.
build_flavour() { # build_flavour NAME SRC BUILD_SH CC CXX CFLAGS ENGINE: exit status in NAME/build.rc
  local out=$base/$1/out
  rm -rf "$base/$1"; mkdir -p "$out" "$base/$1/work"
  env CC="$4" CXX="$5" CFLAGS="$6" CXXFLAGS="$6" LIB_FUZZING_ENGINE="$7" SANITIZER=address \
    OUT="$out" SRC="$2" WORK="$base/$1/work" \
    bash "$3" > "$base/$1/build.log" 2> "$base/$1/build.err"
  echo $? > "$base/$1/build.rc"
}
flavour() { # flavour NAME: the checks of a flavour build_flavour built
  local name=$1 out=$base/$1/out t targets
  if [ "$(cat "$base/$1/build.rc" 2>/dev/null)" != 0 ]; then
    check "$name: build.sh succeeds" false; tail -n 20 "$base/$1/build.err" | sed 's/^/# /'; return
  fi
  check "$name: build.sh succeeds" true
  targets="decode lookup unwind roundtrip elf"
  if [ -f /usr/include/sframe-api.h ]; then
    targets+=" diff_libsframe"
  else
    check "$name: diff_libsframe's absence is said on stderr" "grep -q 'diff_libsframe left out' '$base/$1/build.err'"
  fi
  check "$name: diff_libsframe3's absence is said on stderr" "grep -q 'diff_libsframe3 left out' '$base/$1/build.err'"
  if [ -f /usr/include/elfutils/libdw.h ]; then
    targets+=" cfi"
  else
    check "$name: cfi's absence is said on stderr" "grep -q 'cfi left out' '$base/$1/build.err'"
  fi
  for t in $targets; do
    check "$name: $t is in \$OUT, executable" "[ -x '$out/$t' ]"
    check "$name: ${t}_seed_corpus.zip holds seeds" "[ \"\$(unzip -Z1 '$out/${t}_seed_corpus.zip' 2>/dev/null | wc -l)\" -gt 10 ]"
    check "$name: $t.dict and $t.options" "[ -s '$out/$t.dict' ] && grep -q '^dict = $t.dict' '$out/$t.options'"
    local seed
    seed=$(unzip -Z1 "$out/${t}_seed_corpus.zip" 2>/dev/null | grep -v '/$' | sed -n 1p)
    mkdir -p "$base/$1/one-$t"
    (cd "$base/$1/one-$t" && unzip -o -q "$out/${t}_seed_corpus.zip" "$seed" 2>/dev/null)
    # libFuzzer binaries take -runs; AFL++ driver binaries run a file once.
    if [ "${name%-*}" = afl ]; then
      check "$name: $t runs a seed" "'$out/$t' '$base/$1/one-$t/$seed' > '$base/$1/run-$t.log' 2>&1"
    else
      check "$name: $t runs a seed" "'$out/$t' -runs=1 '$base/$1/one-$t/$seed' > '$base/$1/run-$t.log' 2>&1"
    fi
  done
}

recipe "$proj/Dockerfile" "$base/src"
check "the Dockerfile's clone gives the repository in \$SRC" "[ -f '$base/src/sframe-conformance/fuzz/build-targets.sh' ]"
san="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope"
have_libfuzzer= have_afl= builds=()
if echo 'int LLVMFuzzerTestOneInput(const char *d, long n){(void)d;(void)n;return 0;}' |
   clang -x c -fsanitize=fuzzer -o /dev/null - > /dev/null 2>&1; then
  have_libfuzzer=1
  build_flavour libfuzzer "$base/src" "$base/src/build.sh" clang clang++ "$san -fsanitize=fuzzer-no-link" -fsanitize=fuzzer &
  builds+=($!)
  # ClusterFuzzLite's Dockerfile COPYs the committed tree (git archive), build.sh beside it.
  rm -rf "$base/cflite-src"; mkdir -p "$base/cflite-src/sframe-conformance"
  git -C "$top" archive HEAD | tar -x -C "$base/cflite-src/sframe-conformance"
  cp "$base/cflite-src/sframe-conformance/.clusterfuzzlite/build.sh" "$base/cflite-src/build.sh"
  build_flavour cflite-libfuzzer "$base/cflite-src" "$base/cflite-src/build.sh" clang clang++ \
    "$san -fsanitize=fuzzer-no-link" -fsanitize=fuzzer &
  builds+=($!)
fi
if command -v afl-clang-fast > /dev/null && [ -f /usr/lib/afl/libAFLDriver.a ]; then
  have_afl=1
  AFL_QUIET=1 build_flavour afl "$base/src" "$base/src/build.sh" afl-clang-fast afl-clang-fast++ "$san" /usr/lib/afl/libAFLDriver.a &
  builds+=($!)
fi
[ ${#builds[@]} -eq 0 ] || wait "${builds[@]}"
if [ -n "$have_libfuzzer" ]; then
  flavour libfuzzer
else
  echo "# no libFuzzer here (libclang-rt-14-dev): libFuzzer flavour not simulated"
fi
if [ -n "$have_afl" ]; then
  flavour afl
else
  echo "# no AFL++ here: AFL flavour not simulated"
fi

# ---- ClusterFuzzLite ----
cf=$top/.clusterfuzzlite wf=$top/.github/workflows/cflite_pr.yml
check "cflite: project.yaml says language c" "grep -qx 'language: c' '$cf/project.yaml'"
check "cflite: Dockerfile from base-builder, the checkout copied to \$SRC, build.sh beside it" \
  "grep -q '^FROM gcr.io/oss-fuzz-base/base-builder' '$cf/Dockerfile' &&
   grep -qx 'COPY . \$SRC/sframe-conformance' '$cf/Dockerfile' &&
   grep -qx 'COPY .clusterfuzzlite/build.sh \$SRC/' '$cf/Dockerfile'"
check "cflite: build.sh is executable and runs fuzz/build-targets.sh" \
  "[ -x '$cf/build.sh' ] && grep -q 'fuzz/build-targets.sh' '$cf/build.sh'"
check "cflite: the workflow runs on pull requests" "grep -q '^  pull_request:' '$wf'"
check "cflite: the workflow builds (language c) and runs the fuzzers in code-change mode" \
  "grep -q 'uses: google/clusterfuzzlite/actions/build_fuzzers@v1' '$wf' &&
   grep -q 'uses: google/clusterfuzzlite/actions/run_fuzzers@v1' '$wf' &&
   grep -q 'language: c\$' '$wf' && grep -q 'mode: code-change' '$wf'"
check "cflite: every sanitizer of the matrix is one project.yaml of OSS-Fuzz allows" \
  "! sed -n 's/^ *sanitizer: \[\(.*\)\]/\1/p' '$wf' | tr ',' '\n' | tr -d ' ' | grep -vE '^(address|undefined|memory)\$' > /dev/null"
[ -z "$have_libfuzzer" ] || flavour cflite-libfuzzer
echo "1..$n"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
