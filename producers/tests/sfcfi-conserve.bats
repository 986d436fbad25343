#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sfcfi conserve (producers/sfcfi/conserve.c): a linker judged by what it
# did with its inputs' SFrame.  Small hand-written objects (gas 2.40: SFrame
# version 1; trixie's gas 2.44: version 2; sid's gas 2.47: version 3),
# linked by the system's ld 2.40 and sid's ld 2.47 in several ways, each
# run held to its counts: kept, differs, missing, dropped-code, unmapped,
# linker-made, flag problems; and the exit status.
#
# The `differs` and `missing` cases are planted deterministically: f2.s
# assembled with --defsym WRONG (g2's CFA offset 40 for 32, the same code)
# or --defsym NOCFI (g1 without CFI, the same code) links to the same
# addresses as f2.s, so the output of one link is judged against the
# objects of the other.
#
# Environment: BUILD (default build), TOOLCHAINS (default BUILD/toolchains:
# sid's and trixie's binutils, `make toolchains`), SFCFI_WRAPPER.

REPO=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

paths() {
  : "${BUILD:=build}"
  case $BUILD in /*) B=$BUILD ;; *) B=$REPO/$BUILD ;; esac
  : "${TOOLCHAINS:=$B/toolchains}"
  SID=$TOOLCHAINS/sid/bin
  T44=$TOOLCHAINS/trixie/bin
  SFCFI=$B/bin/sfcfi
  D=$BATS_FILE_TMPDIR
}

# asm AS NAME OUT [ARGS...]: assemble D/NAME.s with --gsframe (log D/OUT.log).
asm() {
  local as=$1 name=$2 out=$3
  shift 3
  "$as" --gsframe "$@" -o "$D/$out" "$D/$name.s" > "$D/$out.log" 2>&1 || rm -f "$D/$out"
}
# lnk LD OUT ARGS...: link (log D/OUT.log); objects are named relative to D.
lnk() {
  local ld=$1 out=$2
  shift 2
  (cd "$D" && "$ld" -o "$out" "$@") > "$D/$out.log" 2>&1 || rm -f "$D/$out"
}

setup_file() {
  paths
  cat > "$D/f1.s" <<'EOF'
	.file "f1.s"
	.text
	.globl _start
	.type _start, @function
_start:
	.cfi_startproc
	.cfi_undefined rip
	call g1
	call g2
	call helper
	mov $60, %eax
	xor %edi, %edi
	syscall
	.cfi_endproc
	.size _start, .-_start
	.type helper, @function
helper:
	.cfi_startproc
	push %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	pop %rbp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size helper, .-helper
EOF
  cat > "$D/f2.s" <<'EOF'
	.file "f2.s"
	.text
	.globl g1
	.type g1, @function
g1:
.ifndef NOCFI
	.cfi_startproc
	push %rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
.else
	push %rbx
.endif
	call helper2
	pop %rbx
.ifndef NOCFI
	.cfi_def_cfa_offset 8
.endif
	ret
.ifndef NOCFI
	.cfi_endproc
.endif
	.size g1, .-g1
	.globl g2
	.type g2, @function
g2:
	.cfi_startproc
	sub $24, %rsp
.ifdef WRONG
	.cfi_def_cfa_offset 40
.else
	.cfi_def_cfa_offset 32
.endif
	add $24, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size g2, .-g2
	.type helper2, @function
helper2:
	.cfi_startproc
	ret
	.cfi_endproc
	.size helper2, .-helper2
EOF
  cat > "$D/gc.s" <<'EOF'
	.file "gc.s"
	.section .text._start,"ax",@progbits
	.globl _start
	.type _start, @function
_start:
	.cfi_startproc
	.cfi_undefined rip
	call used
	mov $60, %eax
	syscall
	.cfi_endproc
	.size _start, .-_start
	.section .text.used,"ax",@progbits
	.globl used
	.type used, @function
used:
	.cfi_startproc
	ret
	.cfi_endproc
	.size used, .-used
	.section .text.unused,"ax",@progbits
	.globl unused
	.type unused, @function
unused:
	.cfi_startproc
	push %rbp
	.cfi_def_cfa_offset 16
	pop %rbp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size unused, .-unused
	.section .text.lunused,"ax",@progbits
	.type lunused, @function
lunused:
	.cfi_startproc
	ret
	.cfi_endproc
	.size lunused, .-lunused
EOF
  cat > "$D/cd.s" <<'EOF'
	.file "cd.s"
	.text
	.globl c1, c2
	
.ifdef SECOND
c2:
.else
c1:
.endif
	.cfi_startproc
	call cf
	call wf
	call lh
	ret
	.cfi_endproc
	
	.section .text.cf,"axG",@progbits,cf,comdat
	.globl cf
	.type cf, @function
cf:
	.cfi_startproc
	push %rbp
	.cfi_def_cfa_offset 16
	pop %rbp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size cf, .-cf
	.text
.ifdef SECOND
	.globl wf
.else
	.weak wf
.endif
	.type wf, @function
wf:
	.cfi_startproc
.ifdef SECOND
	nop
.endif
	ret
	.cfi_endproc
	.size wf, .-wf
	.type lh, @function
lh:
	.cfi_startproc
	ret
	.cfi_endproc
	.size lh, .-lh
.Lanon:
	.cfi_startproc
	nop
	ret
	.cfi_endproc
EOF
  local v as ld
  for v in 40 47; do
    if [ $v = 40 ]; then as=/usr/bin/as ld=/usr/bin/ld; else as=$SID/as ld=$SID/ld; fi
    [ -x "$as" ] || continue
    asm "$as" f1 f1-$v.o
    asm "$as" f2 f2-$v.o
    asm "$as" f2 f2w-$v.o --defsym WRONG=1
    asm "$as" f2 f2m-$v.o --defsym NOCFI=1
    asm "$as" gc gc-$v.o
    asm "$as" cd c1-$v.o
    asm "$as" cd c2-$v.o --defsym SECOND=1
    lnk "$ld" e$v f1-$v.o f2-$v.o
    lnk "$ld" w$v f1-$v.o f2w-$v.o
    lnk "$ld" m$v f1-$v.o f2m-$v.o
    lnk "$ld" pie$v -pie f1-$v.o f2-$v.o
    lnk "$ld" so$v.so -shared f1-$v.o f2-$v.o
    lnk "$ld" gc$v --gc-sections gc-$v.o
    lnk "$ld" gcx$v -x --gc-sections gc-$v.o
    lnk "$ld" cd$v -e c1 c1-$v.o c2-$v.o
    lnk "$ld" r$v.o -r f1-$v.o f2-$v.o
    [ -f "$D/r$v.o" ] && lnk "$ld" er$v r$v.o
  done
  # an object without .sframe
  as -o "$D/nosf.o" "$D/f2.s" > "$D/nosf.o.log" 2>&1 || rm -f "$D/nosf.o"
  # gas 2.44 (version 2) mixed with 2.47 (version 3)
  if [ -x "$T44/as" ]; then
    asm "$T44/as" f1 f1-44.o
    [ -x "$SID/ld" ] && lnk "$SID/ld" mix47 f1-44.o f2-47.o
    lnk ld mix40 f1-44.o f2-47.o
  fi
  # C through gcc: a PIE with a PLT, a shared object, a static program
  printf '#include <stdio.h>\nextern int fb(int);\nint main(int c, char **v) { (void)v; printf("%%d\\n", fb(c)); return 0; }\n' > "$D/m.c"
  printf 'static int __attribute__((noinline)) h(int x) { return x * 3 + 1; }\nint fb(int x) { return h(x) + 2; }\n' > "$D/b.c"
  local B
  for v in 40 47; do
    B=
    if [ $v = 47 ]; then [ -x "$SID/as" ] || continue; B="-B$SID/"; fi
    gcc $B -O2 -fPIC -c -Wa,--gsframe -o "$D/cm$v.o" "$D/m.c" > "$D/cm$v.o.log" 2>&1 || rm -f "$D/cm$v.o"
    gcc $B -O2 -fPIC -c -Wa,--gsframe -o "$D/cb$v.o" "$D/b.c" > "$D/cb$v.o.log" 2>&1 || rm -f "$D/cb$v.o"
    gcc $B -pie -o "$D/cpie$v" "$D/cm$v.o" "$D/cb$v.o" > "$D/cpie$v.log" 2>&1 || rm -f "$D/cpie$v"
    gcc $B -shared -o "$D/cso$v.so" "$D/cb$v.o" > "$D/cso$v.so.log" 2>&1 || rm -f "$D/cso$v.so"
    gcc $B -static -o "$D/cst$v" "$D/cm$v.o" "$D/cb$v.o" > "$D/cst$v.log" 2>&1 || rm -f "$D/cst$v"
  done
  return 0
}

setup() {
  paths
  [ -x "$SFCFI" ] || { echo "$SFCFI is not built (make sfcfi)"; return 1; }
}

sfcfi() { ${SFCFI_WRAPPER:-} "$SFCFI" "$@"; }

# need FILE...: skip unless setup_file built them.
need() {
  local f why
  for f; do
    [ -e "$D/$f" ] && continue
    why="not built"
    [ -s "$D/$f.log" ] && why=$(head -n 1 "$D/$f.log")
    case $f in *47* | *44*) [ -x "$SID/as" ] || why="sid's binutils are not fetched ($SID; make toolchains)" ;; esac
    case $f in *44*) [ -x "$T44/as" ] || why="trixie's binutils are not fetched ($T44)" ;; esac
    skip "$f: $why"
  done
}

# conserve ARGS...: run in D (names stay short in the output).
conserve() { cd "$D" && run sfcfi conserve "$@"; }

# counts K D M X U L F: the summary line says these numbers.
counts() {
  local want="functions: $1 kept, $2 differs, $3 missing, $4 dropped-code, $5 unmapped; $6 linker-made; $7 flag problems"
  echo "$output" | grep -F -- "$want" > /dev/null || { echo "want: $want"; echo "$output"; return 1; }
}

# jq_is EXPR VALUE: the JSON output's EXPR is VALUE.
jq_is() {
  command -v jq > /dev/null || skip "jq is not installed"
  local got
  got=$(echo "$output" | jq -r "$1") || { echo "$output"; return 1; }
  [ "$got" = "$2" ] || { echo "$1: got '$got', want '$2'"; return 1; }
}

@test "conserve: usage errors exit 2" {
  run sfcfi conserve
  [ "$status" -eq 2 ]
  run sfcfi conserve --json
  [ "$status" -eq 2 ]
  need e47 f1-47.o
  run sfcfi conserve "$D/e47"
  [ "$status" -eq 2 ]
  [[ $output == *"at least one INPUT"* ]]
  run sfcfi conserve --bogus "$D/e47" "$D/f1-47.o"
  [ "$status" -eq 2 ]
  run sfcfi conserve "$D/e47" "$D/no-such.o"
  [ "$status" -eq 2 ]
  # an input that is not relocatable
  run sfcfi conserve "$D/e47" "$D/e47"
  [ "$status" -eq 2 ]
  [[ $output == *"not a relocatable object"* ]]
}

@test "conserve: a stripped output is an input error, said so" {
  need e47 f1-47.o f2-47.o
  strip -o "$BATS_TEST_TMPDIR/stripped" "$D/e47"
  run sfcfi conserve "$BATS_TEST_TMPDIR/stripped" "$D/f1-47.o" "$D/f2-47.o"
  [ "$status" -eq 2 ]
  [[ $output == *"no symbol table"* ]]
}

@test "conserve: no input function is nothing to conserve (exit 1)" {
  need e47 nosf.o
  conserve e47 nosf.o
  [ "$status" -eq 1 ]
  [[ $output == *"nothing to conserve"* ]]
  counts 0 0 0 0 0 5 0
}

@test "conserve: static link, every function kept (ld 2.40 v1, ld 2.47 v3)" {
  need e40 e47
  conserve e40 f1-40.o f2-40.o nosf.o
  [ "$status" -eq 0 ]
  counts 5 0 0 0 0 0 0
  conserve e47 f1-47.o f2-47.o
  [ "$status" -eq 0 ]
  counts 5 0 0 0 0 0 0
  conserve --verbose e47 f1-47.o f2-47.o nosf.o
  [[ $output == *"kept helper (f1-47.o .text+0x18) 0x1018-0x101b -> 0x401018"* ]]
  [[ $output == *"input nosf.o: no .sframe"* ]]
}

@test "conserve: JSON keys and details" {
  need w47
  conserve --json w47 f1-47.o f2-47.o
  [ "$status" -eq 1 ]
  jq_is '[.inputs, .functions, .kept, .differs, .missing, .dropped_code, .unmapped, .linker_made, .flags] | map(tostring) | join(" ")' "2 5 4 1 0 0 0 0 0"
  jq_is '.items[] | select(.class == "differs") | .function' g2
  jq_is '.items[] | select(.class == "differs") | .first_difference.output_reading' "cfa=sp+40 ra=[cfa-8] fp=u"
  jq_is '.items[] | select(.class == "differs") | .first_difference.input_reading' "cfa=sp+32 ra=[cfa-8] fp=u"
  jq_is '.output_sframe.version' 3
  jq_is '.input_files | length' 2
}

@test "conserve: a planted wrong row is differs, with the first address and both readings" {
  for v in 40 47; do
    need w$v
    conserve w$v f1-$v.o f2-$v.o
    [ "$status" -eq 1 ]
    counts 4 1 0 0 0 0 0
    [[ $output == *"differs g2 (f2-$v.o .text+0x8) 0x1008-0x1011 -> 0x401023: first at 0x401027 (input 0x100c): input: cfa=sp+32 ra=[cfa-8] fp=u output: cfa=sp+40 ra=[cfa-8] fp=u"* ]]
  done
}

@test "conserve: a function whose row the output lacks is missing" {
  for v in 40 47; do
    need m$v
    conserve m$v f1-$v.o f2-$v.o
    [ "$status" -eq 1 ]
    counts 4 0 1 0 0 0 0
    [[ $output == *"missing g1 (f2-$v.o .text+0x0) 0x1000-0x1008 -> 0x40101b: no output FDE covers 0x40101b-0x401023"* ]]
  done
}

@test "conserve: an output without .sframe has every function missing" {
  need e47
  objcopy --remove-section .sframe "$D/e47" "$BATS_TEST_TMPDIR/nosframe"
  cd "$D"
  run sfcfi conserve "$BATS_TEST_TMPDIR/nosframe" f1-47.o f2-47.o
  [ "$status" -eq 1 ]
  counts 0 0 5 0 0 0 0
  [[ $output == *"the output has no .sframe"* ]]
}

@test "conserve: -pie and -shared: kept, ld's PLT entries linker-made" {
  for v in 40 47; do
    need cpie$v cso$v.so
    conserve cpie$v cm$v.o cb$v.o
    [ "$status" -eq 0 ]
    # ld 2.40: .plt's two FDEs (PLT0, entries); ld 2.47: and .plt.got's
    if [ $v = 40 ]; then counts 3 0 0 0 0 2 0; else counts 3 0 0 0 0 3 0; fi
    [[ $output == *"linker-made .plt 0x"*"(plt)"* ]]
    conserve cso$v.so cb$v.o
    [ "$status" -eq 0 ]
    if [ $v = 40 ]; then counts 2 0 0 0 0 1 0; else counts 2 0 0 0 0 2 0; fi
    conserve cst$v cm$v.o cb$v.o
    [ "$status" -eq 0 ]
    counts 3 0 0 0 0 0 0
    need pie$v so$v.so
    conserve pie$v f1-$v.o f2-$v.o
    [ "$status" -eq 0 ]
    counts 5 0 0 0 0 0 0
    # -shared: the calls to the global g1, g2 go through the PLT
    conserve so$v.so f1-$v.o f2-$v.o
    [ "$status" -eq 0 ]
    counts 5 0 0 0 0 2 0
  done
  conserve --json cpie47 cm47.o cb47.o
  jq_is '[.linker_made_fdes[].kind] | join(" ")' "plt plt plt.got"
}

@test "conserve: --gc-sections: dropped code; ld 2.40 drops the whole .sframe" {
  need gc40 gc47 gcx47
  conserve gc47 gc-47.o
  [ "$status" -eq 0 ]
  counts 2 0 0 2 0 0 0
  conserve --verbose gc47 gc-47.o
  [[ $output == *"dropped-code unused (gc-47.o .text.unused+0x0)"* ]]
  [[ $output == *"dropped-code lunused (gc-47.o .text.lunused+0x0)"* ]]
  # ld 2.40 writes no .sframe at all with --gc-sections
  conserve gc40 gc-40.o
  [ "$status" -eq 1 ]
  counts 0 0 2 2 0 0 0
  # -x: the output keeps no local symbol, so a local's fate cannot be told
  conserve gcx47 gc-47.o
  [ "$status" -eq 1 ]
  counts 2 0 0 1 1 0 0
  [[ $output == *"unmapped lunused"*"-x or --discard-all"* ]]
}

@test "conserve: COMDAT copy dropped, weak definition overridden, ambiguous locals, no symbol" {
  for v in 40 47; do
    need cd$v
    conserve --verbose cd$v c1-$v.o c2-$v.o
    [ "$status" -eq 1 ]
    counts 4 0 0 1 5 5 0
    [[ $output == *"a COMDAT copy: the output's cf is c1-$v.o's"* ]]
    [[ $output == *"unmapped wf (c1-$v.o .text+0x10)"*"weak definition the link did not choose"* ]]
    [[ $output == *"unmapped lh (c2-$v.o .text+0x12)"*"ambiguous: 2 output symbols lh after STT_FILE cd.s"* ]]
    [[ $output == *"unmapped ? (c1-$v.o .text+0x12) 0x1012-0x1014: no function symbol at .text+0x12"* ]]
  done
}

@test "conserve: ld -r then link (sid); the ld -r output judged itself" {
  need r47.o er47
  conserve er47 r47.o
  [ "$status" -eq 0 ]
  counts 5 0 0 0 0 0 0
  # OUTPUT relocatable: laid out like the inputs; ld -r leaves SORTED clear
  conserve r47.o f1-47.o f2-47.o
  [ "$status" -eq 0 ]
  counts 5 0 0 0 0 0 0
  [[ $output == *"note: flag-sorted-clear"* ]]
}

@test "conserve: ld 2.40 -r leaves .sframe relocations off the start fields" {
  need r40.o er40
  # the merged section keeps the relocations where concatenated sections
  # would have had them: an input that cannot be read
  conserve er40 r40.o
  [ "$status" -eq 2 ]
  [[ $output == *"r40.o: .sframe at offset 0x0 is not valid once relocated"*"of its 5 relocations are not on an FDE's start field"* ]]
  # the final link itself conserved the original objects' functions
  conserve er40 f1-40.o f2-40.o
  [ "$status" -eq 0 ]
  counts 5 0 0 0 0 0 0
}

@test "conserve: versions mixed (v2 and v3 inputs)" {
  need mix47 f1-44.o
  # sid's ld 2.47 ignores gas 2.44's version 2 section
  conserve mix47 f1-44.o f2-47.o
  [ "$status" -eq 1 ]
  counts 3 0 2 0 0 0 0
  [[ $output == *"ld-linux"*"unexpected SFrame section type"* ]] || grep -q "unexpected SFrame section type" "$D/mix47.log"
  # ld 2.40 copies the first .sframe as data, relocated PC-relative,
  # with its flag saying section-relative
  need mix40
  conserve mix40 f1-44.o f2-47.o
  [ "$status" -eq 1 ]
  counts 0 0 5 0 0 2 1
  [[ $output == *"flag-pcrel-wrong"* ]]
}

@test "conserve: the flags, true of the bytes" {
  need e47
  local off t=$BATS_TEST_TMPDIR
  off=0x$(readelf -SW "$D/e47" | sed -n 's/^ *\[ *[0-9]*\] \.sframe  *[^ ]*  *[0-9a-f]*  *\([0-9a-f]*\) .*/\1/p')
  [ "$(xxd -s $((off + 3)) -l 1 -p "$D/e47")" = 05 ]
  # PCREL cleared: the starts read from the section miss every symbol
  cp "$D/e47" "$t/pcrel"
  printf '\x01' | dd of="$t/pcrel" bs=1 seek=$((off + 3)) conv=notrunc status=none
  cd "$D"
  run sfcfi conserve "$t/pcrel" f1-47.o f2-47.o
  [ "$status" -eq 1 ]
  counts 0 0 5 0 0 5 1
  [[ $output == *"flag-pcrel-wrong: the start fields read from the fields themselves (the flag clear) land on 5 function symbols, read from the section on 0"* ]]
  [[ $output != *"flag-sorted-wrong"* ]]
  # SORTED cleared on sorted FDEs: a note, not a problem
  cp "$D/e47" "$t/unsorted"
  printf '\x04' | dd of="$t/unsorted" bs=1 seek=$((off + 3)) conv=notrunc status=none
  run sfcfi conserve "$t/unsorted" f1-47.o f2-47.o
  [ "$status" -eq 0 ]
  counts 5 0 0 0 0 0 0
  [[ $output == *"note: flag-sorted-clear"* ]]
}

@test "conserve: the JSON parses in every case; no memory error under valgrind" {
  need cd47 w47 m47 gc40
  command -v jq > /dev/null || skip "jq is not installed"
  local a
  for a in "cd47 c1-47.o c2-47.o" "w47 f1-47.o f2-47.o" "m47 f1-47.o f2-47.o" "gc40 gc-40.o" "e47 nosf.o"; do
    # shellcheck disable=SC2086
    output=$(cd "$D" && sfcfi conserve --json $a 2> /dev/null) || true
    echo "$output" | jq -e '.inputs and (.items | type == "array") and (.linker_made_fdes | type == "array")' > /dev/null ||
      { echo "$a: $output"; return 1; }
  done
  command -v valgrind > /dev/null || skip "valgrind is not installed"
  [ -z "${SFCFI_WRAPPER:-}" ] || skip "already under $SFCFI_WRAPPER"
  ! grep -qa __asan_init "$SFCFI" || skip "$SFCFI is built with AddressSanitizer"
  cd "$D"
  for a in "cd47 c1-47.o c2-47.o" "w47 f1-47.o f2-47.o" "gc40 gc-40.o"; do
    # shellcheck disable=SC2086
    run valgrind -q --error-exitcode=9 --leak-check=full "$SFCFI" conserve --json $a
    [ "$status" -eq 1 ]
    [[ $output == *'"dropped_code": '* ]]
  done
}
