#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# harness/report.py's attribution by what the code is (FUNCTION
# cfi:HASH+0xOFF), without QEMU: a function with the CFI of glibc 2.36's
# s390x ____longjmp_chk (harness/findings/11), assembled into a PIC shared
# object and into a stripped static program where it sits elsewhere, each
# given a synthetic run whose wrong instruction is that function's `br %r4`.
# The line committed for finding 11 must attribute both; another offset or
# another CFI must not.  Needs s390x binutils (harness/deps.sh).

setup() {
  T=$(mktemp -d)
  command -v s390x-linux-gnu-as > /dev/null || skip "no s390x binutils"
}

teardown() { rm -rf "$T"; }

# lj.s CFA-OFFSET: ____longjmp_chk's CFI (length 0xda; ra and r15 saved at
# 0x1c, the CFA moved at 0x22), `br %r4` at 0xd4.
lj() {
  cat <<EOF
	.text
	.globl lj
	.type lj,@function
lj:
	.cfi_startproc
	.rept 14
	nopr %r7
	.endr
	.cfi_offset 14, -48
	.cfi_offset 15, -40
	.rept 3
	nopr %r7
	.endr
	.cfi_def_cfa_offset $1
	.rept (0xd4 - 0x22) / 2
	nopr %r7
	.endr
	br %r4
	j .
	.cfi_endproc
	.size lj, . - lj
EOF
}

# run NAME ELF PC: a run of ELF whose one wrong record is at PC.
run_json() {
  printf '{"arch":"s390x","producer":"sfcfi","version":3,"opt":"-","program":"%s","elf":"%s","objdump":"s390x-linux-gnu-objdump","executed":10,"checked":10,"correct":9,"fp_unknown":0,"wrong":1,"not_covered":0,"frames_checked":10,"wrongs":[{"pc":"%s","frame":1,"count":1,"why":"pc wrong","step_pc":"%s"}]}\n' \
    "$1" "$2" "$3" "$3" > "$T/out/runs/$1.json"
}

build() { # CFA-OFFSET
  rm -rf "$T/out"; mkdir -p "$T/out/runs"
  lj "$1" > "$T/lj.s"
  printf '\t.text\n\t.globl _start\n_start:\n\t.cfi_startproc\n\t.rept 300\n\tnopr %%r7\n\t.endr\n\tj .\n\t.cfi_endproc\n' > "$T/pad.s"
  s390x-linux-gnu-as -o "$T/lj.o" "$T/lj.s"
  s390x-linux-gnu-as -o "$T/pad.o" "$T/pad.s"
  s390x-linux-gnu-ld -shared -o "$T/lib.so" "$T/lj.o"
  s390x-linux-gnu-ld -static -o "$T/prog" "$T/pad.o" "$T/lj.o"
  s390x-linux-gnu-strip "$T/prog"
  so=$(s390x-linux-gnu-objdump -d "$T/lib.so" | awk '/\tbr\t%r4$/ { sub(":", "", $1); print "0x" $1; exit }')
  st=$(s390x-linux-gnu-objdump -d "$T/prog" | awk '/\tbr\t%r4$/ { sub(":", "", $1); print "0x" $1; exit }')
  [ -n "$so" ] && [ -n "$st" ] && [ "$so" != "$st" ]
  run_json so "$T/lib.so" "$so"
  run_json static "$T/prog" "$st"
}

@test "attribution: finding 11's cfi: line names ____longjmp_chk's code in a shared object and a stripped static program" {
  build 352
  line=$(grep '^s390x *cfi:.*11-glibc-2.36-s390x-longjmp-asm-sp-untold$' producers/debian-static-attributions.txt)
  sig=$(awk '{ print $2 }' <<< "$line")
  [[ $sig == cfi:*+0xd4 ]]
  grep -q "^s390x *$sig .*11-glibc-2.36-s390x-longjmp-asm-sp-untold$" harness/shipped-attributions.txt
  # unattributed: the report prints the line to copy, the same for both
  run python3 harness/report.py "$T/out"
  echo "$output"
  [ "$status" -eq 1 ]
  [[ "$output" == *"2 wrong, 2 of them not attributed"* ]]
  n=$(grep -cxF "s390x $sig ^br %r4\$ FINDING" <<< "$output")
  [ "$n" -eq 1 ]
  jq -e --arg s "$sig" '[.runs[].wrongs[0].signature] == [$s, $s]' "$T/out/results.json"
  # the committed attribution file attributes both
  run python3 harness/report.py --attributions producers/debian-static-attributions.txt "$T/out"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ "$output" == *"2 wrong, 0 of them not attributed"* ]]
  run python3 harness/report.py --attributions harness/shipped-attributions.txt "$T/out"
  [ "$status" -eq 0 ]
  # an offset range holding it attributes; another offset, or the whole
  # function with another instruction, does not
  printf 's390x %s+0xd0-0xd6 . 11\n' "${sig%+*}" > "$T/a"
  run python3 harness/report.py --attributions "$T/a" "$T/out"
  [ "$status" -eq 0 ]
  printf 's390x %s+0xd2 . 11\n' "${sig%+*}" > "$T/a"
  run python3 harness/report.py --attributions "$T/a" "$T/out"
  [ "$status" -eq 1 ]
  printf 's390x %s ^lgr 11\n' "${sig%+*}" > "$T/a"
  run python3 harness/report.py --attributions "$T/a" "$T/out"
  [ "$status" -eq 1 ]
  printf 's390x step:%s . 11\n' "${sig%+*}" > "$T/a"
  run python3 harness/report.py --attributions "$T/a" "$T/out"
  [ "$status" -eq 0 ]
}

@test "attribution: another CFI (the CFA moved by 320, not 352) is another signature" {
  build 320
  run python3 harness/report.py --attributions producers/debian-static-attributions.txt "$T/out"
  echo "$output"
  [ "$status" -eq 1 ]
  [[ "$output" == *"2 wrong, 2 of them not attributed"* ]]
  jq -e '.runs[0].wrongs[0].cfi == "da;0:r15+160,u,u;1c:r15+160,c-48,u;22:r15+320,c-48,u"' "$T/out/results.json"
}
