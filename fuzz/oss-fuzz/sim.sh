#!/usr/bin/env bash
# `make ossfuzz-sim`: run fuzz/build-targets.sh (what fuzz/oss-fuzz/build.sh
# execs) with the environment OSS-Fuzz gives, once per engine it has here
# (libFuzzer: clang -fsanitize=fuzzer; AFL++: afl-clang-fast with its
# driver), and check what lands in $OUT: each target, runnable on a seed,
# with a non-empty <t>_seed_corpus.zip, <t>.dict and <t>.options.
# Prints TAP and "N passed, N failed".
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
base=$top/build/ossfuzz
rm -rf "$base"; mkdir -p "$base/src"
ln -s "$top" "$base/src/sframe-conformance"
n=0 pass=0 fail=0
check() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; pass=$((pass + 1)); else echo "not ok $n - $1"; fail=$((fail + 1)); fi; }

flavour() { # flavour NAME CC CXX CFLAGS ENGINE
  local name=$1 out=$base/$1/out t
  mkdir -p "$out" "$base/$1/work"
  if ! env CC="$2" CXX="$3" CFLAGS="$4" CXXFLAGS="$4" LIB_FUZZING_ENGINE="$5" SANITIZER=address \
         OUT="$out" SRC="$base/src" WORK="$base/$1/work" \
         bash "$top/fuzz/oss-fuzz/build.sh" > "$base/$1/build.log" 2>&1; then
    check "$name: build.sh succeeds" false; tail -n 20 "$base/$1/build.log" | sed 's/^/# /'; return
  fi
  check "$name: build.sh succeeds" true
  for t in decode lookup unwind roundtrip diff_libsframe; do
    check "$name: $t is in \$OUT, executable" "[ -x '$out/$t' ]"
    check "$name: ${t}_seed_corpus.zip holds seeds" "[ \"\$(unzip -Z1 '$out/${t}_seed_corpus.zip' 2>/dev/null | wc -l)\" -gt 10 ]"
    check "$name: $t.dict and $t.options" "[ -s '$out/$t.dict' ] && grep -q '^dict = $t.dict' '$out/$t.options'"
    local seed
    seed=$(unzip -Z1 "$out/${t}_seed_corpus.zip" 2>/dev/null | grep -v '/$' | head -n 1)
    mkdir -p "$base/$1/one-$t"
    (cd "$base/$1/one-$t" && unzip -o -q "$out/${t}_seed_corpus.zip" "$seed" 2>/dev/null)
    # libFuzzer binaries take -runs; AFL++ driver binaries run a file once.
    if [ "$name" = libfuzzer ]; then
      check "$name: $t runs a seed" "'$out/$t' -runs=1 '$base/$1/one-$t/$seed' > '$base/$1/run-$t.log' 2>&1"
    else
      check "$name: $t runs a seed" "'$out/$t' '$base/$1/one-$t/$seed' > '$base/$1/run-$t.log' 2>&1"
    fi
  done
}

san="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope"
if echo 'int LLVMFuzzerTestOneInput(const char *d, long n){(void)d;(void)n;return 0;}' |
   clang -x c -fsanitize=fuzzer -o /dev/null - > /dev/null 2>&1; then
  flavour libfuzzer clang clang++ "$san -fsanitize=fuzzer-no-link" -fsanitize=fuzzer
else
  echo "# no libFuzzer here (libclang-rt-14-dev): libFuzzer flavour not simulated"
fi
if command -v afl-clang-fast > /dev/null && [ -f /usr/lib/afl/libAFLDriver.a ]; then
  AFL_QUIET=1 flavour afl afl-clang-fast afl-clang-fast++ "$san" /usr/lib/afl/libAFLDriver.a
else
  echo "# no AFL++ here: AFL flavour not simulated"
fi
echo "1..$n"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
