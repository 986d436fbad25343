#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sfcfi on hand-written assembly (producers/tests/asm/ARCH/NAME.s, one file
# per CFI directive or shape), assembled with --gsframe by every GNU as
# there is (2.40, 2.44, 2.47; build-asm.sh, run once for the file), and the
# command line's errors.
#
# For each (release, arch, file): `sfcfi check` on the executable and on the
# object must find what the file's header says (asm/README.md: which
# functions disagree, and by which class; which the assembler left out, and
# why); `sfcfi convert` to every version the ABI has must convert and skip
# what the header says, write a section `sfref validate` accepts, and a
# copy of the program with it must check clean; and `sfcfi diff` between
# the assembler's section and the converted one of the same version may
# differ only in the functions the two writers do not both describe
# correctly.
#
# Environment: BUILD (default build): $BUILD/bin/sfcfi, $BUILD/bin/sfref;
# the objects go to $BUILD/producers/asm.

bats_require_minimum_version 1.5.0

setup_file() {
  : "${BUILD:=build}"
  bash "$BATS_TEST_DIRNAME/build-asm.sh" "$BUILD/producers/asm" > "$BATS_FILE_TMPDIR/build-asm.log" 2>&1
  echo $? > "$BATS_FILE_TMPDIR/build-asm.rc"
}

setup() {
  : "${BUILD:=build}"
  SFCFI=$BUILD/bin/sfcfi
  SFREF=$BUILD/bin/sfref
  ASM=$BATS_TEST_DIRNAME/asm
  OUT=$BUILD/producers/asm
  T=$BATS_TEST_TMPDIR
}

# The reason and class names sfcfi prints (producers/README.md).
REASONS=" expressible cfa-undefined cfa-expression cfa-other-register cfa-offset-range "
REASONS+="ra-expression ra-rule ra-undefined fp-expression fp-rule signal-frame ra-signed "
REASONS+="offset-range cfi-error overlap size-range sp-rule "
RELEASES=" 2.40 2.44 2.47 "

# hdr KEY FILE: the values of FILE's header lines "KEY: value" (comment # or //).
hdr() { sed -n -E "s@^[[:space:]]*(#|//)[[:space:]]*$1:[[:space:]]*@@p" "$2"; }

# only TAG VALUE: keeps the lines of stdin whose TAG=LIST (gas=, v= or on=)
# names VALUE, or that have no TAG=; drops the TAG= word.
only() {
  awk -v tag="$1=" -v want="$2" '{
    keep = 1; out = ""
    for (i = 1; i <= NF; i++) {
      if (index($i, tag) == 1) { keep = index("," substr($i, length(tag) + 1) ",", "," want ",") > 0; continue }
      out = out (out == "" ? "" : " ") $i
    }
    if (keep) print out
  }'
}

# functions FILE: the functions FILE defines (.type NAME, @function).
functions() {
  sed -n -E 's/^[[:space:]]*\.type[[:space:]]+([A-Za-z_.$][A-Za-z0-9_.$]*)[[:space:]]*,[[:space:]]*[@%]function.*/\1/p' "$1"
}

# versions ARCH: the SFrame versions of the ABI.
versions() { if [ "$1" = s390x ]; then echo 2 3; else echo 1 2 3; fi; }

# allowed NAME WORD LINES: whether LINES ("FUNC [ALT|ALT...]") give NAME
# with WORD among its alternatives (any word when the line has none).
allowed() {
  echo "$3" | awk -v f="$1" -v w="$2" '$1 == f { if (NF < 2 || index("|" $2 "|", "|" w "|")) ok = 1 } END { exit !ok }'
}

# names LINES: the first words of LINES, sorted, one a line.
names() { echo "$1" | awk 'NF { print $1 }' | sort -u; }

# complain MESSAGE: records a failure of this test (printed at its end).
complain() { BAD+=("$1"); }

# check_one GAS SRC TARGET [OPTION]: `sfcfi check --json` on TARGET against
# the header of SRC for release GAS.
check_one() {
  local gas=$1 src=$2 target=$3 opt=${4:-}
  local mode want_d want_c got_d got_c f cls n both conly on=exe
  [[ "$target" != *.o ]] || on=o
  mode=agree
  hdr expect-check "$src" | only gas "$gas" | only on "$on" | grep -qx any && mode=any
  want_d=$(hdr expect-disagree "$src" | only gas "$gas" | only on "$on")
  want_c=$(hdr expect-cfi-only "$src" | only gas "$gas" | only on "$on")
  # shellcheck disable=SC2086
  run --separate-stderr "$SFCFI" check --json $opt "$target"
  if ! echo "$output" | jq -e . > /dev/null 2>&1; then
    complain "check $opt $target: exit $status, no JSON: $stderr"
    return
  fi
  if [ "$mode" = any ]; then
    [ "$status" -le 1 ] || complain "check $opt $target: exit $status: $stderr"
    return
  fi
  if [ -n "$(names "$want_d")" ]; then
    [ "$status" -eq 1 ] || complain "check $opt $target: exit $status, want 1 (disagreements expected)"
  else
    [ "$status" -eq 0 ] || complain "check $opt $target: exit $status, want 0: $stderr"
  fi
  got_d=$(echo "$output" | jq -r '.items[] | select(.kind == "disagree") | "\(if (.function // "") == "" then "?" else .function end) \(.class)"')
  got_c=$(echo "$output" | jq -r '.items[] | select(.kind == "cfi-only") | "\(if (.function // "") == "" then "?" else .function end) \(.class)"')
  [ "$(names "$got_d")" = "$(names "$want_d")" ] ||
    complain "check $opt $target: disagreeing functions [$(names "$got_d" | xargs)], want [$(names "$want_d" | xargs)]"
  while read -r f cls; do
    [ -n "$f" ] || continue
    allowed "$f" "$cls" "$want_d" || complain "check $opt $target: $f disagrees by class $cls, want $(echo "$want_d" | awk -v f="$f" '$1 == f { print $2 }')"
  done <<< "$got_d"
  [ "$(names "$got_c")" = "$(names "$want_c")" ] ||
    complain "check $opt $target: CFI-only functions [$(names "$got_c" | xargs)], want [$(names "$want_c" | xargs)]"
  while read -r f cls; do
    [ -n "$f" ] || continue
    allowed "$f" "$cls" "$want_c" || complain "check $opt $target: $f CFI-only for $cls, want $(echo "$want_c" | awk -v f="$f" '$1 == f { print $2 }')"
  done <<< "$got_c"
  n=$(echo "$output" | jq '[.items[] | select(.kind == "sframe-only")] | length')
  [ "$n" -eq 0 ] || complain "check $opt $target: $n SFrame-only pieces"
  both=$(echo "$output" | jq .functions.both)
  conly=$(echo "$output" | jq .functions.cfi_only)
  n=$(functions "$src" | wc -l)
  [ $((both + conly)) -ge "$n" ] || complain "check $opt $target: $both + $conly functions, the file has $n"
  [ "$both" -ge $((n - $(names "$want_c" | wc -l))) ] || complain "check $opt $target: $both functions in both, want at least $((n - $(names "$want_c" | wc -l)))"
}

# convert_one GAS ARCH NAME V GASVERSION: `sfcfi convert --version V` of
# the object (counts and skipped functions as the header says, the raw
# section valid) and of the executable (the copy valid and checking clean,
# and when V is the assembler's version, the diff against the assembler's
# own section).
convert_one() {
  local gas=$1 arch=$2 name=$3 v=$4 gasv=$5
  local src=$ASM/$arch/$name.s dir=$OUT/$gas/$arch
  local want conv skip got f cls n want_rc allow mode
  want=$(hdr expect-convert "$src" | only v "$v")
  conv=$(echo "$want" | awk '$2 == "converted" { print $1 }' | sort -u)
  skip=$(echo "$want" | awk '$2 == "skipped" { print $1, $3 }')
  want_rc=0
  [ -n "$conv" ] || want_rc=1
  # the object: its own functions only
  run "$SFCFI" convert --version "$v" --verbose -o "$T/$name.v$v.sframe" "$dir/$name.o"
  [ "$status" -eq "$want_rc" ] || complain "convert -V $v $name.o: exit $status, want $want_rc: $output"
  if [[ "$output" =~ functions:\ ([0-9]+)\ converted,\ ([0-9]+)\ skipped ]]; then
    [ "${BASH_REMATCH[1]}" -eq "$(echo "$conv" | awk NF | wc -l)" ] &&
      [ "${BASH_REMATCH[2]}" -eq "$(names "$skip" | wc -l)" ] ||
      complain "convert -V $v $name.o: ${BASH_REMATCH[1]} converted, ${BASH_REMATCH[2]} skipped; want [$(echo "$conv" | xargs)] converted, [$(names "$skip" | xargs)] skipped"
  else
    complain "convert -V $v $name.o: no counts: $output"
  fi
  got=$(echo "$output" | awk '$1 == "skipped" && NF >= 4 && $4 ~ /^0x/ { print $3, $2 }')
  [ "$(names "$got")" = "$(names "$skip")" ] ||
    complain "convert -V $v $name.o: skipped [$(names "$got" | xargs)], want [$(names "$skip" | xargs)]"
  while read -r f cls; do
    [ -n "$f" ] || continue
    allowed "$f" "$cls" "$skip" || complain "convert -V $v $name.o: $f skipped for $cls"
  done <<< "$got"
  if [ "$want_rc" -eq 0 ] && [[ "$output" =~ SFrame\ version\ $v\ at\ (0x[0-9a-f]+) ]]; then
    # the raw section at the address it was written for
    run "$SFREF" validate --raw --vma "${BASH_REMATCH[1]}" "$T/$name.v$v.sframe"
    [ "$status" -eq 0 ] || complain "convert -V $v $name.o: sfref validate: $output"
  fi
  # the executable
  run "$SFCFI" convert --version "$v" --elf -o "$T/$name.v$v" "$dir/$name"
  [ "$status" -eq "$want_rc" ] || complain "convert -V $v --elf $name: exit $status, want $want_rc: $output"
  [ "$want_rc" -eq 0 ] || return 0
  run "$SFREF" validate "$T/$name.v$v"
  [ "$status" -eq 0 ] || complain "convert -V $v --elf $name: sfref validate: $output"
  run --separate-stderr "$SFCFI" check --json "$T/$name.v$v"
  if [ "$status" -ne 0 ]; then
    complain "check of convert -V $v --elf $name: exit $status: $(echo "$output" | jq -c '[.items[] | select(.kind != "cfi-only")]' 2>/dev/null) $stderr"
  else
    got=$(echo "$output" | jq -r '.items[] | select(.kind == "cfi-only") | "\(if (.function // "") == "" then "?" else .function end) \(.class)"')
    [ "$(names "$got")" = "$(names "$skip")" ] ||
      complain "check of convert -V $v --elf $name: CFI-only [$(names "$got" | xargs)], want [$(names "$skip" | xargs)]"
    n=$(echo "$output" | jq '[.items[] | select(.kind != "cfi-only")] | length')
    [ "$n" -eq 0 ] || complain "check of convert -V $v --elf $name: $n pieces not CFI-only"
  fi
  # the assembler's section against the converted one, same version
  [ "$v" = "$gasv" ] && [ ! -e "$dir/$name.gas-failed" ] || return 0
  mode=agree
  hdr expect-check "$src" | only gas "$gas" | only on exe | grep -qx any && mode=any
  allow=$( {
    names "$(hdr expect-disagree "$src" | only gas "$gas" | only on exe)"
    names "$(hdr expect-cfi-only "$src" | only gas "$gas" | only on exe)"
    names "$(hdr expect-diff "$src" | only gas "$gas")"
    names "$skip"
  } | sort -u)
  run --separate-stderr "$SFCFI" diff --json "$dir/$name" "$T/$name.v$v"
  if [ "$mode" = any ]; then
    [ "$status" -le 1 ] || complain "diff $name (gas $gas) with convert -V $v: exit $status: $stderr"
    return 0
  fi
  if [ -z "$allow" ]; then
    [ "$status" -eq 0 ] || complain "diff $name (gas $gas) with convert -V $v: exit $status, want 0: $(echo "$output" | jq -c '.items' 2>/dev/null) $stderr"
    return 0
  fi
  [ "$status" -le 1 ] || complain "diff $name (gas $gas) with convert -V $v: exit $status: $stderr"
  got=$(echo "$output" | jq -r '.items[] | if (.function // "") == "" then "?" else .function end' 2>/dev/null | sort -u)
  for f in $got; do
    echo "$allow" | grep -qxF "$f" ||
      complain "diff $name (gas $gas) with convert -V $v: $f differs ($(echo "$output" | jq -c --arg f "${f#\?}" '[.items[] | select(.function == $f)][0]'))"
  done
}

# asm_case GAS ARCH NAME: every check of asm/ARCH/NAME.s as release GAS
# assembled it.
asm_case() {
  local gas=$1 arch=$2 name=$3
  local src=$ASM/$arch/$name.s dir=$OUT/$gas/$arch
  local why gasv opt v want got
  BAD=()
  [ -f "$src" ] || { echo "no $src"; return 1; }
  [ -x "$SFCFI" ] || { echo "sfcfi is not built ($SFCFI): make sfcfi"; return 1; }
  why=$(sed -n "s/^# skip $gas $arch: //p" "$OUT/manifest")
  [ -z "$why" ] || skip "$why"
  gasv=$(awk -v g="$gas" -v a="$arch" '$1 == g && $2 == a { print $3 }' "$OUT/manifest")
  [ -n "$gasv" ] || { echo "build-asm.sh did not build $gas $arch:"; cat "$BATS_FILE_TMPDIR/build-asm.log"; return 1; }
  if [ ! -f "$dir/$name.o" ] || [ ! -x "$dir/$name" ]; then
    echo "$gas $arch $name was not built:"
    grep -A5 "$gas $arch $name" "$BATS_FILE_TMPDIR/build-asm.log"
    return 1
  fi
  if [ -e "$dir/$name.gas-failed" ]; then
    # a known assembler failure (the header's gas-fails; build-asm.sh
    # checked the message): the object has CFI only
    echo "gas $gas fails on $name.s with --gsframe:"
    cat "$dir/$name.gas-failed"
  else
    # what as printed: exactly the warnings the header lists
    want=$(hdr expect-warning "$src" | only gas "$gas" | sort)
    got=$(sed -n 's/^.*Warning: //p' "$dir/$name.gas.log" | tr -s ' \t' '  ' | sed 's/ *$//' | sort)
    [ "$got" = "$want" ] || complain "gas $gas warned [$(echo "$got" | paste -sd '/')], want [$(echo "$want" | paste -sd '/')]"
    check_one "$gas" "$src" "$dir/$name"
    check_one "$gas" "$src" "$dir/$name.o"
    for opt in $(hdr check-also "$src"); do
      check_one "$gas" "$src" "$dir/$name" "$opt"
    done
  fi
  for v in $(versions "$arch"); do
    convert_one "$gas" "$arch" "$name" "$v" "$gasv"
  done
  [ ${#BAD[@]} -eq 0 ] || { printf '%s\n' "${BAD[@]}"; return 1; }
}

# ---- the build and the headers ----

@test "build-asm.sh assembles and links every file with every release there is" {
  cat "$BATS_FILE_TMPDIR/build-asm.log"
  [ "$(cat "$BATS_FILE_TMPDIR/build-asm.rc")" -eq 0 ]
  # every pair is either built or skipped with a reason, and x86-64 is
  # built by every release
  for gas in $RELEASES; do
    for arch in x86_64 aarch64 s390x; do
      grep -qE "^($gas $arch [0-9]+|# skip $gas $arch: .+)$" "$OUT/manifest"
    done
    grep -qE "^$gas x86_64 [123]$" "$OUT/manifest"
  done
  # each built object has the version its release writes
  if grep -E '^2\.40 .* [23]$|^2\.44 .* [13]$|^2\.47 .* [12]$' "$OUT/manifest"; then return 1; fi
}

@test "every assembly file's header is complete and names what the file has" {
  local f arch fns fn v n tok conv bad=()
  for f in "$ASM"/*/*.s; do
    arch=$(basename "$(dirname "$f")")
    [ -z "$(hdr library "$f")" ] || continue
    fns=$(functions "$f")
    [ -n "$fns" ] || bad+=("$f: no function")
    [ "$(hdr expect-check "$f" | only gas none | grep -c .)" -ge 1 ] || [ -n "$(hdr gas-fails "$f")" ] ||
      bad+=("$f: no expect-check line for every release")
    # every function: one expect-convert line for every version of its ABI
    # (one awk a version counts the lines of every function)
    conv=$(hdr expect-convert "$f")
    for v in $(versions "$arch"); do
      while read -r fn n; do
        [ -z "$fn" ] || bad+=("$f: $fn has $n expect-convert lines for version $v")
      done < <(echo "$conv" | only v "$v" | awk -v fns="$fns" '
        BEGIN { k = split(fns, a, "\n"); for (i = 1; i <= k; i++) c[a[i]] = 0 }
        $1 in c { c[$1]++ }
        END { for (fn in c) if (c[fn] != 1) print fn, c[fn] }' | sort)
    done
    # every name in an expectation is a function of the file; every reason
    # and release is known
    # ("?": a function without a symbol, such as ld's PLT)
    while read -r fn tok; do
      [[ $'\n'"$fns"$'\n' == *$'\n'"$fn"$'\n'* ]] || bad+=("$f: expectation for unknown function $fn")
    done < <(hdr 'expect-(cfi-only|convert)' "$f"; hdr 'expect-(disagree|diff)' "$f" | grep -v '^? ')
    while read -r fn tok; do
      for r in ${tok//|/ }; do
        [[ "$REASONS" == *" $r "* ]] || bad+=("$f: $fn: unknown reason $r")
      done
    done < <(hdr expect-cfi-only "$f" | awk '{ print $1, $2 }'; hdr expect-convert "$f" | awk '$2 == "skipped" { print $1, $3 }')
    while read -r tok; do
      for v in $(echo "${tok#*=}" | tr , ' '); do
        case "$tok" in
          gas=*) [[ "$RELEASES" == *" $v "* ]] || bad+=("$f: unknown release $v") ;;
          v=*) [[ " $(versions "$arch") " == *" $v "* ]] || bad+=("$f: version $v for $arch") ;;
          on=*) [[ " exe o " == *" $v "* ]] || bad+=("$f: on=$v (exe or o)") ;;
        esac
      done
    done < <(hdr 'expect-[a-z-]+' "$f" | grep -oE '(gas|v|on)=[^[:space:]]+')
  done
  [ ${#bad[@]} -eq 0 ] || { printf '%s\n' "${bad[@]}"; return 1; }
}

@test "every assembly file has a test for each release" {
  local f arch name gas missing=()
  for f in "$ASM"/*/*.s; do
    [ -z "$(hdr library "$f")" ] || continue
    arch=$(basename "$(dirname "$f")")
    name=$(basename "$f" .s)
    for gas in $RELEASES; do
      grep -qx "@test \"$arch/$name.s, gas $gas\" { asm_case $gas $arch $name; }" "$BATS_TEST_FILENAME" ||
        missing+=("$arch/$name.s, gas $gas")
    done
  done
  [ ${#missing[@]} -eq 0 ] || { printf 'no test: %s\n' "${missing[@]}"; return 1; }
}

# ---- the command line ----

@test "sfcfi: usage errors exit 2" {
  [ -x "$SFCFI" ]
  local exe=$OUT/2.47/x86_64/leaf
  [ -x "$exe" ] || exe=$(find "$OUT" -path '*/x86_64/leaf' | head -n 1)
  run "$SFCFI";                                            [ "$status" -eq 2 ]
  run "$SFCFI" frobnicate "$exe";                          [ "$status" -eq 2 ]
  run "$SFCFI" check;                                      [ "$status" -eq 2 ]
  run "$SFCFI" check "$exe" "$exe";                        [ "$status" -eq 2 ]
  run "$SFCFI" check --bogus "$exe";                       [ "$status" -eq 2 ]
  run "$SFCFI" convert -o "$T/x" "$exe";                   [ "$status" -eq 2 ]
  run "$SFCFI" convert --version 2 "$exe";                 [ "$status" -eq 2 ]
  run "$SFCFI" convert --version 4 -o "$T/x" "$exe";       [ "$status" -eq 2 ]
  run "$SFCFI" convert --version 0 -o "$T/x" "$exe";       [ "$status" -eq 2 ]
  run "$SFCFI" convert --version two -o "$T/x" "$exe";     [ "$status" -eq 2 ]
  run "$SFCFI" diff "$exe";                                [ "$status" -eq 2 ]
  [ ! -e "$T/x" ]
  # and none of them is mistaken for success: a good command exits 0
  run "$SFCFI" check "$exe";                               [ "$status" -eq 0 ]
}

@test "sfcfi: a file that is not ELF is a clear error, exit 2" {
  [ -x "$SFCFI" ]
  printf 'not an ELF file\n' > "$T/text"
  for cmd in "check" "convert --version 2 -o $T/out"; do
    # shellcheck disable=SC2086
    run --separate-stderr "$SFCFI" $cmd "$T/text"
    echo "$cmd: $status: $stderr"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"$T/text"* ]]
    [[ "$stderr" == *ELF* ]]
  done
  [ ! -e "$T/out" ]
  run "$SFCFI" check "$T/missing"
  [ "$status" -eq 2 ]
  [[ "$output" == *"$T/missing"* ]]
}

@test "sfcfi: an ELF file without CFI is an error, exit 2" {
  [ -x "$SFCFI" ]
  local sec=$OUT/2.47/x86_64/leaf
  [ -x "$sec" ] || sec=$(find "$OUT" -path '*/x86_64/leaf' | head -n 1)
  printf '\t.text\n\t.globl f\nf:\n\tret\n\t.section .note.GNU-stack,"",@progbits\n' > "$T/nocfi.s"
  as -o "$T/nocfi.o" "$T/nocfi.s"
  if readelf -S "$T/nocfi.o" | grep -qE '\.eh_frame|\.debug_frame'; then return 1; fi
  run --separate-stderr "$SFCFI" convert --version 2 -o "$T/out" "$T/nocfi.o"
  echo "convert: $status: $stderr"
  [ "$status" -eq 2 ]
  [[ "$stderr" == *nocfi.o*CFI* ]]
  [ ! -e "$T/out" ]
  # another file's SFrame section against this file's (missing) CFI
  run --separate-stderr "$SFCFI" check --sframe "$sec" "$T/nocfi.o"
  echo "check --sframe: $status: $stderr"
  [ "$status" -eq 2 ]
  [[ "$stderr" == *nocfi.o*CFI* ]]
  # without .sframe either, check has nothing to compare: exit 1, not 0
  run --separate-stderr "$SFCFI" check "$T/nocfi.o"
  echo "check: $status: $stderr"
  [ "$status" -ge 1 ]
  [ -n "$stderr" ]
}

@test "sfcfi: convert --version 1 of an s390x file exits 2 (version 1 has no s390x)" {
  [ -x "$SFCFI" ]
  local obj=$OUT/2.47/s390x/frame.o
  [ -f "$obj" ] || skip "no s390x object (gas 2.47 not there)"
  run --separate-stderr "$SFCFI" convert --version 1 -o "$T/out" "$obj"
  echo "$stderr"
  [ "$status" -eq 2 ]
  [[ "$stderr" == *s390x* ]]
  [ ! -e "$T/out" ]
  # versions 2 and 3 of the same file convert
  run "$SFCFI" convert --version 2 -o "$T/out" "$obj"
  [ "$status" -eq 0 ]
}

@test "sfcfi: diff finds a section equal to itself, and a different one different" {
  [ -x "$SFCFI" ]
  local a=$OUT/2.47/x86_64/def_cfa b
  [ -x "$a" ] || skip "gas 2.47 not there"
  run "$SFCFI" diff "$a" "$a"
  [ "$status" -eq 0 ]
  # the same program with its section converted to version 2: equal by meaning
  run "$SFCFI" convert --version 2 --elf -o "$T/v2" "$a"
  [ "$status" -eq 0 ]
  run "$SFCFI" diff "$a" "$T/v2"
  echo "$output"
  [ "$status" -eq 0 ]
  # gas 2.40's remember_state gets rs_nested wrong, 2.47's differently
  b=$OUT/2.40/x86_64/remember_state
  [ -x "$b" ] || skip "gas 2.40 not there"
  run --separate-stderr "$SFCFI" diff --json "$b" "$OUT/2.47/x86_64/remember_state"
  echo "$output"
  [ "$status" -eq 1 ]
  [ "$(echo "$output" | jq -r '[.items[].function] | unique | join(" ")')" = rs_nested ]
}

# ---- one test per (file, release): generated list, kept complete by the
# ---- test "every assembly file has a test for each release" above

@test "aarch64/b_key_frame.s, gas 2.40" { asm_case 2.40 aarch64 b_key_frame; }
@test "aarch64/b_key_frame.s, gas 2.44" { asm_case 2.44 aarch64 b_key_frame; }
@test "aarch64/b_key_frame.s, gas 2.47" { asm_case 2.47 aarch64 b_key_frame; }
@test "aarch64/cfa_other_register.s, gas 2.40" { asm_case 2.40 aarch64 cfa_other_register; }
@test "aarch64/cfa_other_register.s, gas 2.44" { asm_case 2.44 aarch64 cfa_other_register; }
@test "aarch64/cfa_other_register.s, gas 2.47" { asm_case 2.47 aarch64 cfa_other_register; }
@test "aarch64/def_cfa_expression.s, gas 2.40" { asm_case 2.40 aarch64 def_cfa_expression; }
@test "aarch64/def_cfa_expression.s, gas 2.44" { asm_case 2.44 aarch64 def_cfa_expression; }
@test "aarch64/def_cfa_expression.s, gas 2.47" { asm_case 2.47 aarch64 def_cfa_expression; }
@test "aarch64/fp_only.s, gas 2.40" { asm_case 2.40 aarch64 fp_only; }
@test "aarch64/fp_only.s, gas 2.44" { asm_case 2.44 aarch64 fp_only; }
@test "aarch64/fp_only.s, gas 2.47" { asm_case 2.47 aarch64 fp_only; }
@test "aarch64/frame.s, gas 2.40" { asm_case 2.40 aarch64 frame; }
@test "aarch64/frame.s, gas 2.44" { asm_case 2.44 aarch64 frame; }
@test "aarch64/frame.s, gas 2.47" { asm_case 2.47 aarch64 frame; }
@test "aarch64/large.s, gas 2.40" { asm_case 2.40 aarch64 large; }
@test "aarch64/large.s, gas 2.44" { asm_case 2.44 aarch64 large; }
@test "aarch64/large.s, gas 2.47" { asm_case 2.47 aarch64 large; }
@test "aarch64/leaf.s, gas 2.40" { asm_case 2.40 aarch64 leaf; }
@test "aarch64/leaf.s, gas 2.44" { asm_case 2.44 aarch64 leaf; }
@test "aarch64/leaf.s, gas 2.47" { asm_case 2.47 aarch64 leaf; }
@test "aarch64/negate_ra_state.s, gas 2.40" { asm_case 2.40 aarch64 negate_ra_state; }
@test "aarch64/negate_ra_state.s, gas 2.44" { asm_case 2.44 aarch64 negate_ra_state; }
@test "aarch64/negate_ra_state.s, gas 2.47" { asm_case 2.47 aarch64 negate_ra_state; }
@test "aarch64/ra_only.s, gas 2.40" { asm_case 2.40 aarch64 ra_only; }
@test "aarch64/ra_only.s, gas 2.44" { asm_case 2.44 aarch64 ra_only; }
@test "aarch64/ra_only.s, gas 2.47" { asm_case 2.47 aarch64 ra_only; }
@test "aarch64/register.s, gas 2.40" { asm_case 2.40 aarch64 register; }
@test "aarch64/register.s, gas 2.44" { asm_case 2.44 aarch64 register; }
@test "aarch64/register.s, gas 2.47" { asm_case 2.47 aarch64 register; }
@test "aarch64/remember_state.s, gas 2.40" { asm_case 2.40 aarch64 remember_state; }
@test "aarch64/remember_state.s, gas 2.44" { asm_case 2.44 aarch64 remember_state; }
@test "aarch64/remember_state.s, gas 2.47" { asm_case 2.47 aarch64 remember_state; }
@test "aarch64/signal_frame.s, gas 2.40" { asm_case 2.40 aarch64 signal_frame; }
@test "aarch64/signal_frame.s, gas 2.44" { asm_case 2.44 aarch64 signal_frame; }
@test "aarch64/signal_frame.s, gas 2.47" { asm_case 2.47 aarch64 signal_frame; }
@test "aarch64/undefined.s, gas 2.40" { asm_case 2.40 aarch64 undefined; }
@test "aarch64/undefined.s, gas 2.44" { asm_case 2.44 aarch64 undefined; }
@test "aarch64/undefined.s, gas 2.47" { asm_case 2.47 aarch64 undefined; }
@test "s390x/cfa_offset.s, gas 2.40" { asm_case 2.40 s390x cfa_offset; }
@test "s390x/cfa_offset.s, gas 2.44" { asm_case 2.44 s390x cfa_offset; }
@test "s390x/cfa_offset.s, gas 2.47" { asm_case 2.47 s390x cfa_offset; }
@test "s390x/cfa_other_register.s, gas 2.40" { asm_case 2.40 s390x cfa_other_register; }
@test "s390x/cfa_other_register.s, gas 2.44" { asm_case 2.44 s390x cfa_other_register; }
@test "s390x/cfa_other_register.s, gas 2.47" { asm_case 2.47 s390x cfa_other_register; }
@test "s390x/fp_only.s, gas 2.40" { asm_case 2.40 s390x fp_only; }
@test "s390x/fp_only.s, gas 2.44" { asm_case 2.44 s390x fp_only; }
@test "s390x/fp_only.s, gas 2.47" { asm_case 2.47 s390x fp_only; }
@test "s390x/fpr_save.s, gas 2.40" { asm_case 2.40 s390x fpr_save; }
@test "s390x/fpr_save.s, gas 2.44" { asm_case 2.44 s390x fpr_save; }
@test "s390x/fpr_save.s, gas 2.47" { asm_case 2.47 s390x fpr_save; }
@test "s390x/frame.s, gas 2.40" { asm_case 2.40 s390x frame; }
@test "s390x/frame.s, gas 2.44" { asm_case 2.44 s390x frame; }
@test "s390x/frame.s, gas 2.47" { asm_case 2.47 s390x frame; }
@test "s390x/leaf.s, gas 2.40" { asm_case 2.40 s390x leaf; }
@test "s390x/leaf.s, gas 2.44" { asm_case 2.44 s390x leaf; }
@test "s390x/leaf.s, gas 2.47" { asm_case 2.47 s390x leaf; }
@test "s390x/register_gpr.s, gas 2.40" { asm_case 2.40 s390x register_gpr; }
@test "s390x/register_gpr.s, gas 2.44" { asm_case 2.44 s390x register_gpr; }
@test "s390x/register_gpr.s, gas 2.47" { asm_case 2.47 s390x register_gpr; }
@test "s390x/remember_state.s, gas 2.40" { asm_case 2.40 s390x remember_state; }
@test "s390x/remember_state.s, gas 2.44" { asm_case 2.44 s390x remember_state; }
@test "s390x/remember_state.s, gas 2.47" { asm_case 2.47 s390x remember_state; }
@test "s390x/signal_frame.s, gas 2.40" { asm_case 2.40 s390x signal_frame; }
@test "s390x/signal_frame.s, gas 2.44" { asm_case 2.44 s390x signal_frame; }
@test "s390x/signal_frame.s, gas 2.47" { asm_case 2.47 s390x signal_frame; }
@test "s390x/undefined.s, gas 2.40" { asm_case 2.40 s390x undefined; }
@test "s390x/undefined.s, gas 2.44" { asm_case 2.44 s390x undefined; }
@test "s390x/undefined.s, gas 2.47" { asm_case 2.47 s390x undefined; }
# Every third ELF file (some 450 here; all of them, 1,270, are
# producers/RESULTS.md's run, several minutes with libLLVM's two copies).
@test "the system's own programs and libraries converted: every row agrees, every function left out has a named reason" {
  [ -d /usr/lib/x86_64-linux-gnu ] || skip "not an x86-64 Debian system"
  run bash "$BATS_TEST_DIRNAME/../system-check.sh" --jobs 2 --sample 3 --out "$T/sys" /usr/bin /usr/lib/x86_64-linux-gnu
  echo "$output" | tail -n 6
  [ "$status" -eq 0 ]
  [[ "$output" =~ files:\ ([0-9]+)\ ELF,\ ([0-9]+)\ converted\ and\ checked\ clean,\ 0\ with\ a\ disagreement ]]
  [ "${BASH_REMATCH[2]}" -ge 200 ]
  [[ "$output" =~ rows:\ ([0-9]+)\ compared,\ ([0-9]+)\ agree,\ 0\ disagree ]]
  [ "${BASH_REMATCH[1]}" -eq "${BASH_REMATCH[2]}" ] && [ "${BASH_REMATCH[1]}" -gt 1000000 ]
  # every reason a function was left out is one of sfcfi's names
  local r
  for r in $(echo "$output" | sed -n 's/^left out by reason: //p' | tr ',' '\n' | awk '{print $1}'); do
    [[ "$REASONS" == *" $r "* ]] || { echo "unnamed reason $r"; return 1; }
  done
  # a directory with no ELF file checks nothing: a failure, with its reason
  mkdir -p "$T/empty"
  run bash "$BATS_TEST_DIRNAME/../system-check.sh" --out "$T/sys-empty" "$T/empty"
  [ "$status" -eq 1 ] && [[ "$output" == *"nothing was proven"* ]]
  # a sample or a job count that is not a positive number is a usage error
  for bad in "--sample 0" "--sample x" "--jobs -1" "--sample"; do
    # shellcheck disable=SC2086
    run bash "$BATS_TEST_DIRNAME/../system-check.sh" $bad --out "$T/sys-bad" "$T/empty"
    [ "$status" -eq 2 ] && [[ "$output" == *"needs a positive number"* ]] || { echo "$bad: $status $output"; return 1; }
  done
}

@test "sp-rule: a section that covers rows whose SP has a rule of its own is held to them as covers-sp-rule, never agreeing" {
  command -v as >/dev/null && command -v ld >/dev/null || skip "no as or ld"
  # The same code twice: sp_register.s, and a variant without
  # ".cfi_register %rsp, %r8" whose rows SFrame version 3 can hold.
  cp "$ASM/x86_64/sp_register.s" "$T/o.s"
  grep -v 'cfi_register %rsp' "$T/o.s" > "$T/v.s"
  as -o "$T/o.o" "$T/o.s" && ld -e plain -o "$T/o" "$T/o.o"
  as -o "$T/v.o" "$T/v.s" && ld -e plain -o "$T/v" "$T/v.o"
  run "$SFCFI" convert --version 3 --elf -o "$T/v3" "$T/v"
  [ "$status" -eq 0 ]
  run "$SFCFI" convert --version 3 --elf -o "$T/o3" "$T/o"
  [ "$status" -eq 0 ] && [[ "$output" == *"1 converted, 1 skipped"* ]]
  run --separate-stderr "$SFCFI" check --json --sframe "$T/v3" "$T/o"
  [ "$status" -eq 1 ]
  [ "$(echo "$output" | jq -r '[.items[] | select(.kind == "disagree")] | map("\(.function) \(.class)") | join(",")')" = "longjmp_like covers-sp-rule" ]
  run "$SFCFI" check --sframe "$T/v3" "$T/v"
  [ "$status" -eq 0 ]
}

@test "x86_64/adjust_cfa_offset.s, gas 2.40" { asm_case 2.40 x86_64 adjust_cfa_offset; }
@test "x86_64/adjust_cfa_offset.s, gas 2.44" { asm_case 2.44 x86_64 adjust_cfa_offset; }
@test "x86_64/adjust_cfa_offset.s, gas 2.47" { asm_case 2.47 x86_64 adjust_cfa_offset; }
@test "x86_64/debug_frame.s, gas 2.40" { asm_case 2.40 x86_64 debug_frame; }
@test "x86_64/debug_frame.s, gas 2.44" { asm_case 2.44 x86_64 debug_frame; }
@test "x86_64/debug_frame.s, gas 2.47" { asm_case 2.47 x86_64 debug_frame; }
@test "x86_64/def_cfa.s, gas 2.40" { asm_case 2.40 x86_64 def_cfa; }
@test "x86_64/def_cfa.s, gas 2.44" { asm_case 2.44 x86_64 def_cfa; }
@test "x86_64/def_cfa.s, gas 2.47" { asm_case 2.47 x86_64 def_cfa; }
@test "x86_64/def_cfa_expression.s, gas 2.40" { asm_case 2.40 x86_64 def_cfa_expression; }
@test "x86_64/def_cfa_expression.s, gas 2.44" { asm_case 2.44 x86_64 def_cfa_expression; }
@test "x86_64/def_cfa_expression.s, gas 2.47" { asm_case 2.47 x86_64 def_cfa_expression; }
@test "x86_64/def_cfa_offset.s, gas 2.40" { asm_case 2.40 x86_64 def_cfa_offset; }
@test "x86_64/def_cfa_offset.s, gas 2.44" { asm_case 2.44 x86_64 def_cfa_offset; }
@test "x86_64/def_cfa_offset.s, gas 2.47" { asm_case 2.47 x86_64 def_cfa_offset; }
@test "x86_64/def_cfa_register.s, gas 2.40" { asm_case 2.40 x86_64 def_cfa_register; }
@test "x86_64/def_cfa_register.s, gas 2.44" { asm_case 2.44 x86_64 def_cfa_register; }
@test "x86_64/def_cfa_register.s, gas 2.47" { asm_case 2.47 x86_64 def_cfa_register; }
@test "x86_64/dl_runtime_resolve.s, gas 2.40" { asm_case 2.40 x86_64 dl_runtime_resolve; }
@test "x86_64/dl_runtime_resolve.s, gas 2.44" { asm_case 2.44 x86_64 dl_runtime_resolve; }
@test "x86_64/dl_runtime_resolve.s, gas 2.47" { asm_case 2.47 x86_64 dl_runtime_resolve; }
@test "x86_64/drap.s, gas 2.40" { asm_case 2.40 x86_64 drap; }
@test "x86_64/drap.s, gas 2.44" { asm_case 2.44 x86_64 drap; }
@test "x86_64/drap.s, gas 2.47" { asm_case 2.47 x86_64 drap; }
@test "x86_64/escape_fp.s, gas 2.40" { asm_case 2.40 x86_64 escape_fp; }
@test "x86_64/escape_fp.s, gas 2.44" { asm_case 2.44 x86_64 escape_fp; }
@test "x86_64/escape_fp.s, gas 2.47" { asm_case 2.47 x86_64 escape_fp; }
@test "x86_64/escape_other.s, gas 2.40" { asm_case 2.40 x86_64 escape_other; }
@test "x86_64/escape_other.s, gas 2.44" { asm_case 2.44 x86_64 escape_other; }
@test "x86_64/escape_other.s, gas 2.47" { asm_case 2.47 x86_64 escape_other; }
@test "x86_64/escape_ra.s, gas 2.40" { asm_case 2.40 x86_64 escape_ra; }
@test "x86_64/escape_ra.s, gas 2.44" { asm_case 2.44 x86_64 escape_ra; }
@test "x86_64/escape_ra.s, gas 2.47" { asm_case 2.47 x86_64 escape_ra; }
@test "x86_64/large.s, gas 2.40" { asm_case 2.40 x86_64 large; }
@test "x86_64/large.s, gas 2.44" { asm_case 2.44 x86_64 large; }
@test "x86_64/large.s, gas 2.47" { asm_case 2.47 x86_64 large; }
@test "x86_64/leaf.s, gas 2.40" { asm_case 2.40 x86_64 leaf; }
@test "x86_64/leaf.s, gas 2.44" { asm_case 2.44 x86_64 leaf; }
@test "x86_64/leaf.s, gas 2.47" { asm_case 2.47 x86_64 leaf; }
@test "x86_64/offset.s, gas 2.40" { asm_case 2.40 x86_64 offset; }
@test "x86_64/offset.s, gas 2.44" { asm_case 2.44 x86_64 offset; }
@test "x86_64/offset.s, gas 2.47" { asm_case 2.47 x86_64 offset; }
@test "x86_64/personality.s, gas 2.40" { asm_case 2.40 x86_64 personality; }
@test "x86_64/personality.s, gas 2.44" { asm_case 2.44 x86_64 personality; }
@test "x86_64/personality.s, gas 2.47" { asm_case 2.47 x86_64 personality; }
@test "x86_64/plt.s, gas 2.40" { asm_case 2.40 x86_64 plt; }
@test "x86_64/plt.s, gas 2.44" { asm_case 2.44 x86_64 plt; }
@test "x86_64/plt.s, gas 2.47" { asm_case 2.47 x86_64 plt; }
@test "x86_64/plt_linked.s, gas 2.40" { asm_case 2.40 x86_64 plt_linked; }
@test "x86_64/plt_linked.s, gas 2.44" { asm_case 2.44 x86_64 plt_linked; }
@test "x86_64/plt_linked.s, gas 2.47" { asm_case 2.47 x86_64 plt_linked; }
@test "x86_64/register.s, gas 2.40" { asm_case 2.40 x86_64 register; }
@test "x86_64/register.s, gas 2.44" { asm_case 2.44 x86_64 register; }
@test "x86_64/register.s, gas 2.47" { asm_case 2.47 x86_64 register; }
@test "x86_64/rel_offset.s, gas 2.40" { asm_case 2.40 x86_64 rel_offset; }
@test "x86_64/rel_offset.s, gas 2.44" { asm_case 2.44 x86_64 rel_offset; }
@test "x86_64/rel_offset.s, gas 2.47" { asm_case 2.47 x86_64 rel_offset; }
@test "x86_64/remember_state.s, gas 2.40" { asm_case 2.40 x86_64 remember_state; }
@test "x86_64/remember_state.s, gas 2.44" { asm_case 2.44 x86_64 remember_state; }
@test "x86_64/remember_state.s, gas 2.47" { asm_case 2.47 x86_64 remember_state; }
@test "x86_64/restore.s, gas 2.40" { asm_case 2.40 x86_64 restore; }
@test "x86_64/restore.s, gas 2.44" { asm_case 2.44 x86_64 restore; }
@test "x86_64/restore.s, gas 2.47" { asm_case 2.47 x86_64 restore; }
@test "x86_64/restore_rt.s, gas 2.40" { asm_case 2.40 x86_64 restore_rt; }
@test "x86_64/restore_rt.s, gas 2.44" { asm_case 2.44 x86_64 restore_rt; }
@test "x86_64/restore_rt.s, gas 2.47" { asm_case 2.47 x86_64 restore_rt; }
@test "x86_64/return_column.s, gas 2.40" { asm_case 2.40 x86_64 return_column; }
@test "x86_64/return_column.s, gas 2.44" { asm_case 2.44 x86_64 return_column; }
@test "x86_64/return_column.s, gas 2.47" { asm_case 2.47 x86_64 return_column; }
@test "x86_64/same_value.s, gas 2.40" { asm_case 2.40 x86_64 same_value; }
@test "x86_64/same_value.s, gas 2.44" { asm_case 2.44 x86_64 same_value; }
@test "x86_64/same_value.s, gas 2.47" { asm_case 2.47 x86_64 same_value; }
@test "x86_64/sections.s, gas 2.40" { asm_case 2.40 x86_64 sections; }
@test "x86_64/sections.s, gas 2.44" { asm_case 2.44 x86_64 sections; }
@test "x86_64/sections.s, gas 2.47" { asm_case 2.47 x86_64 sections; }
@test "x86_64/signal_frame.s, gas 2.40" { asm_case 2.40 x86_64 signal_frame; }
@test "x86_64/signal_frame.s, gas 2.44" { asm_case 2.44 x86_64 signal_frame; }
@test "x86_64/signal_frame.s, gas 2.47" { asm_case 2.47 x86_64 signal_frame; }
@test "x86_64/simple.s, gas 2.40" { asm_case 2.40 x86_64 simple; }
@test "x86_64/simple.s, gas 2.44" { asm_case 2.44 x86_64 simple; }
@test "x86_64/simple.s, gas 2.47" { asm_case 2.47 x86_64 simple; }
@test "x86_64/simple_offset_first.s, gas 2.40" { asm_case 2.40 x86_64 simple_offset_first; }
@test "x86_64/simple_offset_first.s, gas 2.44" { asm_case 2.44 x86_64 simple_offset_first; }
@test "x86_64/simple_offset_first.s, gas 2.47" { asm_case 2.47 x86_64 simple_offset_first; }
@test "x86_64/sp_register.s, gas 2.40" { asm_case 2.40 x86_64 sp_register; }
@test "x86_64/sp_register.s, gas 2.44" { asm_case 2.44 x86_64 sp_register; }
@test "x86_64/sp_register.s, gas 2.47" { asm_case 2.47 x86_64 sp_register; }
@test "x86_64/undefined.s, gas 2.40" { asm_case 2.40 x86_64 undefined; }
@test "x86_64/undefined.s, gas 2.44" { asm_case 2.44 x86_64 undefined; }
@test "x86_64/undefined.s, gas 2.47" { asm_case 2.47 x86_64 undefined; }
@test "x86_64/val_offset.s, gas 2.40" { asm_case 2.40 x86_64 val_offset; }
@test "x86_64/val_offset.s, gas 2.44" { asm_case 2.44 x86_64 val_offset; }
@test "x86_64/val_offset.s, gas 2.47" { asm_case 2.47 x86_64 val_offset; }
