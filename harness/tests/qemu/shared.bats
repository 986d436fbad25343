#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Shared objects with .sframe of their own under the recorder
# (harness/run.sh --bin PROG --lib LIB.so): the plugin learns where the
# loader maps each library from the guest's openat and mmap system calls
# (s390x's mmap takes a block of arguments), unwinds every frame with the
# section of the module its PC lies in (the library calls back into the
# program: both sections in one unwind), and counts the instructions
# executed and checked in each module's PLT sections.  A PIE program and a
# library, built by gcc 12 with each producer: x86-64 and AArch64 with
# gas/ld 2.40 (version 1), x86-64 and s390x with sid's 2.47 (version 3);
# lazily bound and with -z now; on x86-64 an IBT build (.plt.sec) and a
# function called through .plt.got.  Dynamic AArch64 and s390x programs run
# against Debian's cross sysroots.  About two minutes.
# make harness-test runs it (with recorder.bats); alone: bats harness/tests/qemu/shared.bats

setup_file() {
  export HERE="$BATS_TEST_DIRNAME/../../.."
  HERE=$(cd "$HERE" && pwd)
  export T="$HERE/build/harness/tests/shared"
  mkdir -p "$T"
  bash "$HERE/ci/install-deps.sh" harness x86_64 aarch64 s390x > "$T/deps.log" 2>&1
  bash "$HERE/ci/toolchains.sh" sid binutils-x86-64-linux-gnu binutils-s390x-linux-gnu > "$T/toolchains.log" 2>&1
  bash "$HERE/harness/build-qemu.sh" > "$T/qemu.log" 2>&1 || { tail -n 20 "$T/qemu.log" >&2; return 1; }
  local sid P=$HERE/harness/progs tp
  sid=$(bash "$HERE/ci/toolchains.sh" --print-root sid)
  # gcc -B DIR/: sid's assembler and linker (2.47, SFrame version 3)
  for tp in x86_64 s390x; do
    mkdir -p "$T/gas-2.47-$tp"
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$sid/bin/$tp-linux-gnu-as" > "$T/gas-2.47-$tp/as"
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$sid/bin/$tp-linux-gnu-ld" > "$T/gas-2.47-$tp/ld"
    chmod +x "$T/gas-2.47-$tp/as" "$T/gas-2.47-$tp/ld"
  done
  # build NAME CC [FLAGS...]: NAME/libplt.so and NAME/prog (PIE, linked
  # against it without a run path: run.sh gives the loader its directory)
  build() {
    local d=$T/$1 cc=$2; shift 2
    mkdir -p "$d"
    $cc "$@" -O2 -fno-omit-frame-pointer -Wa,--gsframe -fPIC -shared -o "$d/libplt.so" "$P/plt-lib.c"
    $cc "$@" -O2 -fno-omit-frame-pointer -Wa,--gsframe -fPIE -pie -o "$d/prog" "$P/plt-main.c" -L"$d" -lplt
  }
  build x86_64-2.40-lazy gcc
  build x86_64-2.40-now gcc -Wl,-z,now
  build x86_64-2.47-lazy gcc -B "$T/gas-2.47-x86_64/"
  build x86_64-2.47-now gcc -B "$T/gas-2.47-x86_64/" -Wl,-z,now
  build x86_64-2.47-ibt-now gcc -B "$T/gas-2.47-x86_64/" -fcf-protection -Wl,-z,ibtplt,-z,now
  build x86_64-2.40-ibt-lazy gcc -fcf-protection -Wl,-z,ibtplt
  build aarch64-2.40-lazy aarch64-linux-gnu-gcc
  build aarch64-2.40-now aarch64-linux-gnu-gcc -Wl,-z,now
  build s390x-2.47-lazy s390x-linux-gnu-gcc -B "$T/gas-2.47-s390x/"
  build s390x-2.47-now s390x-linux-gnu-gcc -B "$T/gas-2.47-s390x/" -Wl,-z,now
  # with a run path ($ORIGIN), for the refusal below
  # shellcheck disable=SC2016
  gcc -O2 -Wa,--gsframe -fPIE -pie -o "$T/x86_64-2.40-lazy/prog-rpath" "$P/plt-main.c" \
    -L"$T/x86_64-2.40-lazy" -lplt -Wl,-rpath,'$ORIGIN'
  # a library without .sframe
  gcc -O2 -fPIC -shared -o "$T/nosframe.so" "$P/plt-lib.c"
}

# shared NAME [run.sh options]: NAME's program with its library, 30 rounds,
# into a fresh directory; $R is the run's JSON.
shared() {
  local name=$1; shift
  OUT=$(mktemp -d "$T/run.XXXXXX")
  rmdir "$OUT"
  run bash "$HERE/harness/run.sh" --out "$OUT" --bin "$T/$name/prog" --lib "$T/$name/libplt.so" "$@" -- 30
  echo "$output" | tail -n 30
  R=$OUT/runs/prog.json
}
field() { jq -r "$1" "$R"; }

# Both modules checked at their own load bias, the program a PIE (bias not
# 0), the program's output right, the PLT counts consistent.
both_modules() {
  [ "$(field '.modules | length')" -eq 2 ]
  [ "$(field '.modules[1].loaded')" = true ]
  [ "$(field '.modules[0].checked')" -gt 1000 ]
  [ "$(field '.modules[1].checked')" -gt 1000 ]
  [ "$(field .bias)" != 0x0 ] && [ "$(field '.modules[1].bias')" != 0x0 ]
  [ "$(field '.modules[1].bias')" != "$(field .bias)" ]
  [ "$(field .checked)" -eq "$(field '.modules[0].checked + .modules[1].checked')" ]
  grep -q '^sum ' "$OUT/runs/prog.stdout"
  [ "$(field '.plt.executed')" -gt 0 ]
  [ "$(field '.plt.executed')" -eq "$(field '.plt.checked + .plt.other_stack + .plt.uncovered')" ]
  [ "$(field '.plt.checked')" -eq "$(field '.plt.right + .plt.fp_unknown + .plt.wrong')" ]
  [ "$(field '[.plt.sections[].executed] | add')" -eq "$(field '.plt.executed')" ]
  [ "$(field '.modules[0].plt.executed + .modules[1].plt.executed')" -eq "$(field '.plt.executed')" ]
  grep -q 'PLT executed/checked' "$OUT/results.md"
}

@test "x86-64, ld 2.40, lazy binding: both modules checked, PLT0 and the first PLT entry checked, none wrong" {
  shared x86_64-2.40-lazy
  [ "$status" -eq 0 ]
  both_modules
  [ "$(field .wrong)" -eq 0 ]
  [ "$(field '.plt.checked')" -gt 0 ]
  # the resolver (ld.so, no .sframe) ran: PLT0 pushed and jumped to it
  [ "$(field '.modules[0].plt.sections[".plt"].checked')" -gt 0 ]
  # .plt.got: ld 2.40 writes it no SFrame
  [ "$(field '.plt.sections[".plt.got"].executed')" -gt 0 ]
  [ "$(field '.plt.sections[".plt.got"].checked')" -eq 0 ]
}

@test "x86-64, ld 2.40, -z now: both modules checked, none wrong" {
  shared x86_64-2.40-now
  [ "$status" -eq 0 ]
  both_modules
  [ "$(field .wrong)" -eq 0 ]
  [ "$(field '.plt.checked')" -gt 0 ]
}

@test "x86-64, ld 2.47, lazy and -z now: every PLT entry checked; .plt.got's wrong row reported, and attributed" {
  for b in lazy now; do
    shared x86_64-2.47-$b
    # producers/findings/01: .plt.got's row is CFA = SP + 16
    [ "$status" -eq 1 ]
    both_modules
    [ "$(field '.plt.sections[".plt"].checked')" -gt 100 ]
    [ "$(field '.plt.sections[".plt"].wrong')" -eq 0 ]
    [ "$(field '.plt.sections[".plt.got"].wrong')" -gt 300 ]
    # every wrong unwind is an instruction of .plt.got, frame 1
    [ "$(field .wrong)" -eq "$(field '.plt.wrong')" ]
    [ "$(field '[.wrongs[] | select(.plt != ".plt.got" or .frame != 1)] | length')" -eq 0 ]
    [[ "$output" == *'@plt `jmp *0x'* ]]
    shared x86_64-2.47-$b --attributions "$HERE/harness/tests/qemu/shared.attributions"
    [ "$status" -eq 0 ]
    jq -e '.totals.x86_64.wrong > 0 and .totals.x86_64.wrong == .totals.x86_64.attributed' "$OUT/results.json"
    [[ "$output" == *"attributed: producers/findings/01-ld-plt-got-sframe-cfa"* ]]
  done
  # the lazy build resolved through PLT0; -z now never ran it
  [ "$(field '.plt.sections[".plt"].executed')" -gt 0 ]
}

@test "x86-64 IBT PLT (-fcf-protection, -z ibtplt): .plt.sec checked; ld 2.40's wrong rows reported" {
  shared x86_64-2.47-ibt-now --attributions "$HERE/harness/tests/qemu/shared.attributions"
  [ "$status" -eq 0 ]
  both_modules
  [ "$(field '.plt.sections[".plt.sec"].checked')" -gt 100 ]
  [ "$(field '.plt.sections[".plt.sec"].wrong')" -eq 0 ]
  [ "$(field '.plt.wrong')" -eq "$(field '.plt.sections[".plt.got"].wrong')" ]
  # ld 2.40: .plt.sec given PLT0's rows (harness/findings/05)
  shared x86_64-2.40-ibt-lazy
  [ "$status" -eq 1 ]
  both_modules
  [ "$(field '.plt.sections[".plt.sec"].wrong')" -gt 300 ]
  [ "$(field '[.wrongs[] | select(.plt == null)] | length')" -eq 0 ]
  shared x86_64-2.40-ibt-lazy --attributions "$HERE/harness/tests/qemu/shared.attributions"
  [ "$status" -eq 0 ]
  [[ "$output" == *"attributed: harness/findings/05-ld-2.40-x86-64-ibt-plt-sframe"* ]]
}

@test "AArch64, ld 2.40, lazy and -z now, against Debian's cross sysroot: both modules checked, none wrong" {
  for b in lazy now; do
    shared aarch64-2.40-$b
    [ "$status" -eq 0 ]
    both_modules
    [ "$(field .wrong)" -eq 0 ]
    # ld writes no SFrame for AArch64's PLT (2.40 and 2.47 alike)
    [ "$(field '.plt.sections[".plt"].executed')" -gt 0 ]
  done
}

@test "s390x, ld 2.47, lazy and -z now (mmap's argument block): both modules checked, none wrong" {
  for b in lazy now; do
    shared s390x-2.47-$b
    [ "$status" -eq 0 ]
    both_modules
    [ "$(field .wrong)" -eq 0 ]
    [ "$(field '.plt.sections[".plt"].executed')" -gt 0 ]
  done
}

@test "the library's section tampered: the callback's unwind through the library's frame is wrong" {
  # the RA offset (the header's byte 6) of the library's section: -16, not -8
  local off d=$T/x86_64-2.40-lazy
  mkdir -p "$T/tampered"
  cp "$d/prog" "$T/tampered/prog"
  off=$(readelf -SW "$d/libplt.so" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".sframe" { print $4 }')
  cp "$d/libplt.so" "$T/tampered/libplt.so"
  printf '\360' | dd of="$T/tampered/libplt.so" bs=1 seek=$((0x$off + 6)) conv=notrunc status=none
  shared tampered
  [ "$status" -eq 1 ]
  [ "$(field '.modules[1].wrong')" -gt 1000 ]
  # checked in the program (the callback), gone wrong at the library's frame
  [ "$(field '[.wrongs[] | select(.module == 0 and .step_module == 1)] | length')" -gt 0 ]
  # main's own instructions (its callers are libc's), unwound with the
  # program's section, stay right
  [ "$(field '.modules[0].correct')" -gt 100 ]
}

@test "Debian's own ls and libc, converted: every instruction right; one CFA offset changed in malloc is caught, in malloc" {
  [ -x /usr/bin/ls ] && [ -f /lib/x86_64-linux-gnu/libc.so.6 ] || skip "not an x86-64 Debian system"
  local d=$T/shipped sfcfi=$HERE/build/bin/sfcfi
  rm -rf "$d"
  mkdir -p "$d/libs" "$d/bad"
  make -s -C "$HERE" build/bin/sfcfi > /dev/null
  "$sfcfi" convert --version 3 --elf -o "$d/ls" /usr/bin/ls > /dev/null
  "$sfcfi" convert --version 3 --elf -o "$d/libs/libc.so.6" /lib/x86_64-linux-gnu/libc.so.6 > /dev/null
  run bash "$HERE/harness/run.sh" --bin "$d/ls" --lib "$d/libs/libc.so.6" --progress 0 --out "$d/h-good" -- -l /usr/share/doc
  [ "$status" -eq 0 ] || { echo "$output" | tail -n 5; return 1; }
  [ "$(jq '.wrong' "$d/h-good/runs/ls.json")" -eq 0 ]
  [ "$(jq '.checked' "$d/h-good/runs/ls.json")" -gt 100000 ]
  [ "$(jq '.modules[1].checked' "$d/h-good/runs/ls.json")" -gt 10000 ]
  # malloc's first row: CFA = SP + 16 instead of SP + 8
  run python3 "$HERE/harness/tests/mutate-cfa.py" "$d/libs/libc.so.6" malloc 8 "$d/bad/libc.so.6"
  [ "$status" -eq 0 ] && [[ "$output" == "malloc at 0x"*"row 0, CFA offset 8 -> 16" ]]
  run bash "$HERE/harness/run.sh" --bin "$d/ls" --lib "$d/bad/libc.so.6" --progress 0 --out "$d/h-bad" -- -l /usr/share/doc
  [ "$status" -eq 1 ]
  [ "$(jq '.wrong' "$d/h-bad/runs/ls.json")" -gt 0 ]
  [[ "$output" == *"first wrong"* ]] && [[ "$output" == *"__libc_malloc"*"pc wrong"* ]]
}

@test "across modules the incremental unwind counts what the full walk counts" {
  shared aarch64-2.40-now
  [ "$status" -eq 0 ]
  inc=$(field '[.checked, .correct, .fp_unknown, .wrong, .frames_checked, [.modules[].checked]] | tojson')
  shared aarch64-2.40-now --unwind full
  [ "$status" -eq 0 ]
  [ "$(field .unwind)" = full ]
  [ "$(field '[.checked, .correct, .fp_unknown, .wrong, .frames_checked, [.modules[].checked]] | tojson')" = "$inc" ]
}

@test "refused or failed: a library with .sframe not given, one without, one never loaded, a static program" {
  # found through the program's run path, has .sframe, not given with --lib
  run bash "$HERE/harness/run.sh" --out "$(mktemp -u "$T/run.XXXXXX")" --bin "$T/x86_64-2.40-lazy/prog-rpath" -- 3
  [ "$status" -eq 1 ]
  [[ "$output" == *"which has .sframe: give it with --lib"* ]]
  run bash "$HERE/harness/run.sh" --out "$(mktemp -u "$T/run.XXXXXX")" --bin "$T/x86_64-2.40-lazy/prog-rpath" \
    --lib "$T/nosframe.so" -- 3
  [ "$status" -eq 1 ]
  [[ "$output" == *"has no .sframe section"* ]]
  # given, but the program loads another copy (its run path comes after
  # LD_LIBRARY_PATH, which holds the given one's directory: use another)
  mkdir -p "$T/other"
  cp "$T/x86_64-2.40-lazy/libplt.so" "$T/other/libother.so"
  run bash "$HERE/harness/run.sh" --out "$(mktemp -u "$T/run.XXXXXX")" --bin "$T/x86_64-2.40-lazy/prog-rpath" \
    --lib "$T/x86_64-2.40-lazy/libplt.so" --lib "$T/other/libother.so" -- 3
  [ "$status" -eq 1 ]
  [[ "$output" == *"libother.so was never mapped executable"* ]]
  gcc -O2 -Wa,--gsframe -static -o "$T/static" "$HERE/harness/progs/exitwith.c"
  run bash "$HERE/harness/run.sh" --out "$(mktemp -u "$T/run.XXXXXX")" --bin "$T/static" \
    --lib "$T/x86_64-2.40-lazy/libplt.so" -- 0
  [ "$status" -eq 1 ]
  [[ "$output" == *"statically linked: it loads no --lib"* ]]
  run bash "$HERE/harness/run.sh" --lib "$T/nosframe.so"
  [ "$status" -eq 2 ]
}
