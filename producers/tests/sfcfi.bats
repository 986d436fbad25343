#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# shellcheck disable=SC2206 # the helpers split words with globbing off (set -f)
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

# The helpers below run inside bash, without a program or a subshell of
# their own, and leave their result in R: an assembly case calls them a few
# hundred times, and on a slow machine starting a program costs 15 ms and
# so does forking the Bats shell for a $(...) (with sed, awk, sort and
# command substitutions, sfcfi.bats took 13 minutes).  They split text at
# newlines with IFS and globbing off, never with `read` from a pipe or a
# here-string (a byte a system call); empty lines are dropped.  The tests
# that use them turn Bats' tracing off (untraced, below).

# split ARRAY LINE: ARRAY = the words of LINE (the callers turn globbing
# off).
split() {
  local -n split_into=$1
  local IFS=$' \t'
  # shellcheck disable=SC2034 # split_into names the caller's array
  split_into=($2)
}

# nl_trim: R without its trailing newlines.
nl_trim() { R=${R%"${R##*[!$'\n']}"}; }

# hdr KEY FILE: R = the values of FILE's header lines "KEY: value" (comment
# # or //), one a line; KEY is an ERE.
hdr() {
  local line re="^[[:space:]]*(#|//)[[:space:]]*($1):[[:space:]]*"
  local -a lines
  R=""
  mapfile -t lines < "$2" || return
  for line in "${lines[@]}"; do
    [[ $line =~ $re ]] && R+="${line:${#BASH_REMATCH[0]}}"$'\n'
  done
  nl_trim
}

# only TAG VALUE TEXT: R = the lines of TEXT whose TAG=LIST (gas=, v= or
# on=) names VALUE, or that have no TAG=, without the TAG= word.
only() {
  local - IFS=$'\n' line w out keep tag="$1=" want=",$2," res=""
  local -a ws
  set -f
  for line in $3; do
    split ws "$line"
    keep=1 out=""
    for w in "${ws[@]}"; do
      if [[ $w == "$tag"* ]]; then
        if [[ ",${w#"$tag"}," == *"$want"* ]]; then keep=1; else keep=0; fi
        continue
      fi
      out+="${out:+ }$w"
    done
    [ "$keep" = 0 ] || res+="$out"$'\n'
  done
  R=$res
  nl_trim
}

# expect KEY SRC TAG=VALUE...: R = hdr KEY SRC, then only TAG VALUE for each.
expect() {
  local key=$1 src=$2 t
  shift 2
  hdr "$key" "$src" || return
  for t in "$@"; do only "${t%%=*}" "${t#*=}" "$R"; done
}

# functions FILE: R = the functions FILE defines (.type NAME, @function).
functions() {
  local line re='^[[:space:]]*\.type[[:space:]]+([A-Za-z_.$][A-Za-z0-9_.$]*)[[:space:]]*,[[:space:]]*[@%]function'
  local -a lines
  R=""
  mapfile -t lines < "$1" || return
  for line in "${lines[@]}"; do
    [[ $line =~ $re ]] && R+="${BASH_REMATCH[1]}"$'\n'
  done
  nl_trim
}

# versions ARCH: the SFrame versions of the ABI.
versions() { if [ "$1" = s390x ]; then echo 2 3; else echo 1 2 3; fi; }

# field N TEXT [FIRST]: R = the Nth word (from 0) of each line of TEXT
# that has one, one a line; with FIRST, of the lines whose first word is
# FIRST only.
field() {
  local - IFS=$'\n' line res=""
  local -a ws
  set -f
  for line in $2; do
    split ws "$line"
    [ $# -lt 3 ] || [ "${ws[0]:-}" = "$3" ] || continue
    [ -z "${ws[$1]:-}" ] || res+="${ws[$1]}"$'\n'
  done
  R=$res
  nl_trim
}

# allowed NAME WORD LINES: whether LINES ("FUNC [ALT|ALT...]") give NAME
# with WORD among its alternatives (any word when the line has none).
allowed() {
  local - IFS=$'\n' line
  local -a ws
  set -f
  for line in $3; do
    split ws "$line"
    [ "${ws[0]:-}" = "$1" ] || continue
    { [ ${#ws[@]} -lt 2 ] || [[ "|${ws[1]}|" == *"|$2|"* ]]; } && return 0
  done
  return 1
}

# names LINES: R = the first words of LINES, sorted, without repeats, one
# a line.
names() {
  local - IFS=$'\n' line k i
  local -a ws sorted=()
  local -A seen=()
  set -f
  for line in $1; do
    split ws "$line"
    [ ${#ws[@]} -gt 0 ] || continue
    k=${ws[0]}
    [ -z "${seen[$k]:-}" ] || continue
    seen[$k]=1
    # insertion into the sorted list (a few names a test)
    for ((i = ${#sorted[@]}; i > 0; i--)); do
      [[ ${sorted[i - 1]} > $k ]] || break
      sorted[i]=${sorted[i - 1]}
    done
    sorted[i]=$k
  done
  R="${sorted[*]}"
}

# count LINES: R = how many lines LINES has that are not empty.
count() {
  local - IFS=$'\n'
  local -a ls
  set -f
  ls=($1)
  R=${#ls[@]}
}

# words LINES: R = LINES on one line, a space between.
words() {
  local - IFS=$' \t\n'
  local -a ws
  set -f
  ws=($1)
  IFS=' '
  R="${ws[*]}"
}

# shown LINES: prints the names of LINES on one line (for a message).
shown() { names "$1"; words "$R"; printf '%s' "$R"; }

# has_line LINE LINES: whether LINES has LINE, whole.
has_line() { [[ $'\n'"$2"$'\n' == *$'\n'"$1"$'\n'* ]]; }

# complain MESSAGE: records a failure of this test (printed at its end).
complain() { BAD+=("$1"); }

# check_items: one jq over `sfcfi check --json` ($output), its items one a
# line: "disagree FUNC CLASS", "cfi-only FUNC CLASS", "sframe-only N",
# "not-cfi-only N", "functions BOTH CFI_ONLY" (FUNC "?" for a piece without
# a function); fails when the output is not JSON.
check_items() {
  jq -r '(.items[] | select(.kind == "disagree" or .kind == "cfi-only")
           | "\(.kind) \(if (.function // "") == "" then "?" else .function end) \(.class)"),
         "sframe-only \([.items[] | select(.kind == "sframe-only")] | length)",
         "not-cfi-only \([.items[] | select(.kind != "cfi-only")] | length)",
         "functions \(.functions.both) \(.functions.cfi_only)"' <<< "$output" 2> /dev/null
}

# item KIND ITEMS: R = the lines of ITEMS of that kind, without the kind.
item() {
  local - IFS=$'\n' line res=""
  set -f
  for line in $2; do
    [[ $line != "$1 "* ]] || res+="${line#"$1 "}"$'\n'
  done
  R=$res
  nl_trim
}

# same_names A B: whether LINES A and B name the same functions.
same_names() {
  local a
  names "$1"
  a=$R
  names "$2"
  [ "$a" = "$R" ]
}

# classes_allowed PREFIX VERB GOT WANT: complains "PREFIX: FUNC VERB CLASS,
# want ALTERNATIVES" of each "FUNC CLASS" line of GOT whose class WANT does
# not allow for FUNC.
classes_allowed() {
  local - IFS=$'\n' line
  local -a ws
  set -f
  for line in $3; do
    split ws "$line"
    [ ${#ws[@]} -gt 0 ] || continue
    allowed "${ws[0]}" "${ws[1]:-}" "$4" && continue
    field 1 "$4" "${ws[0]}"
    words "$R"
    complain "$1: ${ws[0]} $2 ${ws[1]:-}, want $R"
  done
}

# convert_lists TEXT: from expect-convert lines ("FUNC converted", "FUNC
# skipped REASON"), CONV = the converted functions (names), SKIP = "FUNC
# REASON" of the skipped ones.
convert_lists() {
  local - IFS=$'\n' line c="" s=""
  local -a ws
  set -f
  for line in $1; do
    split ws "$line"
    case ${ws[1]:-} in
      converted) c+="${ws[0]}"$'\n' ;;
      skipped) s+="${ws[0]} ${ws[2]:-}"$'\n' ;;
    esac
  done
  names "$c"
  CONV=$R
  R=$s
  nl_trim
  SKIP=$R
}

# said_skipped TEXT: R = "FUNC CLASS" of sfcfi convert --verbose's
# "skipped CLASS FUNC 0x..." lines.
said_skipped() {
  local - IFS=$'\n' line res=""
  local -a ws
  set -f
  for line in $1; do
    split ws "$line"
    [ "${ws[0]:-}" = skipped ] && [ ${#ws[@]} -ge 4 ] && [[ ${ws[3]} == 0x* ]] && res+="${ws[2]} ${ws[1]}"$'\n'
  done
  R=$res
  nl_trim
}

# check_one GAS SRC TARGET [OPTION]: `sfcfi check --json` on TARGET against
# the header of SRC for release GAS.
check_one() {
  local gas=$1 src=$2 target=$3 opt=${4:-}
  local mode=agree want_d want_c got_d got_c n m on=exe items
  local -a fc
  [[ "$target" != *.o ]] || on=o
  expect expect-check "$src" gas="$gas" on="$on"
  ! has_line any "$R" || mode=any
  expect expect-disagree "$src" gas="$gas" on="$on"
  want_d=$R
  expect expect-cfi-only "$src" gas="$gas" on="$on"
  want_c=$R
  # shellcheck disable=SC2086
  run --separate-stderr "$SFCFI" check --json $opt "$target"
  if ! items=$(check_items); then
    complain "check $opt $target: exit $status, no JSON: $stderr"
    return
  fi
  if [ "$mode" = any ]; then
    [ "$status" -le 1 ] || complain "check $opt $target: exit $status: $stderr"
    return
  fi
  names "$want_d"
  if [ -n "$R" ]; then
    [ "$status" -eq 1 ] || complain "check $opt $target: exit $status, want 1 (disagreements expected)"
  else
    [ "$status" -eq 0 ] || complain "check $opt $target: exit $status, want 0: $stderr"
  fi
  item disagree "$items"
  got_d=$R
  item cfi-only "$items"
  got_c=$R
  same_names "$got_d" "$want_d" ||
    complain "check $opt $target: disagreeing functions [$(shown "$got_d")], want [$(shown "$want_d")]"
  classes_allowed "check $opt $target" "disagrees by class" "$got_d" "$want_d"
  same_names "$got_c" "$want_c" ||
    complain "check $opt $target: CFI-only functions [$(shown "$got_c")], want [$(shown "$want_c")]"
  classes_allowed "check $opt $target" "CFI-only for" "$got_c" "$want_c"
  item sframe-only "$items"
  [ "$R" -eq 0 ] || complain "check $opt $target: $R SFrame-only pieces"
  item functions "$items"
  # shellcheck disable=SC2206 # two numbers
  fc=($R)
  functions "$src"
  count "$R"
  n=$R
  names "$want_c"
  count "$R"
  m=$R
  [ $((fc[0] + fc[1])) -ge "$n" ] || complain "check $opt $target: ${fc[0]} + ${fc[1]} functions, the file has $n"
  [ "${fc[0]}" -ge $((n - m)) ] || complain "check $opt $target: ${fc[0]} functions in both, want at least $((n - m))"
}

# convert_one GAS ARCH NAME V GASVERSION: `sfcfi convert --version V` of
# the object (counts and skipped functions as the header says, the raw
# section valid) and of the executable (the copy valid and checking clean,
# and when V is the assembler's version, the diff against the assembler's
# own section).
convert_one() {
  local gas=$1 arch=$2 name=$3 v=$4 gasv=$5
  local src=$ASM/$arch/$name.s dir=$OUT/$gas/$arch
  local conv skip got f n m want_rc allow mode items
  expect expect-convert "$src" v="$v"
  convert_lists "$R"
  conv=$CONV skip=$SKIP
  want_rc=0
  [ -n "$conv" ] || want_rc=1
  # the object: its own functions only
  run "$SFCFI" convert --version "$v" --verbose -o "$T/$name.v$v.sframe" "$dir/$name.o"
  [ "$status" -eq "$want_rc" ] || complain "convert -V $v $name.o: exit $status, want $want_rc: $output"
  if [[ "$output" =~ functions:\ ([0-9]+)\ converted,\ ([0-9]+)\ skipped ]]; then
    count "$conv"
    n=$R
    names "$skip"
    count "$R"
    m=$R
    [ "${BASH_REMATCH[1]}" -eq "$n" ] && [ "${BASH_REMATCH[2]}" -eq "$m" ] ||
      complain "convert -V $v $name.o: ${BASH_REMATCH[1]} converted, ${BASH_REMATCH[2]} skipped; want [$(shown "$conv")] converted, [$(shown "$skip")] skipped"
  else
    complain "convert -V $v $name.o: no counts: $output"
  fi
  said_skipped "$output"
  got=$R
  same_names "$got" "$skip" ||
    complain "convert -V $v $name.o: skipped [$(shown "$got")], want [$(shown "$skip")]"
  classes_allowed "convert -V $v $name.o" "skipped for" "$got" "$skip"
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
    complain "check of convert -V $v --elf $name: exit $status: $(jq -c '[.items[] | select(.kind != "cfi-only")]' <<< "$output" 2>/dev/null) $stderr"
  elif ! items=$(check_items); then
    complain "check of convert -V $v --elf $name: no JSON: $stderr"
  else
    item cfi-only "$items"
    got=$R
    same_names "$got" "$skip" ||
      complain "check of convert -V $v --elf $name: CFI-only [$(shown "$got")], want [$(shown "$skip")]"
    item not-cfi-only "$items"
    [ "$R" -eq 0 ] || complain "check of convert -V $v --elf $name: $R pieces not CFI-only"
  fi
  # the assembler's section against the converted one, same version
  [ "$v" = "$gasv" ] && [ ! -e "$dir/$name.gas-failed" ] || return 0
  mode=agree
  expect expect-check "$src" gas="$gas" on=exe
  ! has_line any "$R" || mode=any
  expect expect-disagree "$src" gas="$gas" on=exe
  allow=$R$'\n'
  expect expect-cfi-only "$src" gas="$gas" on=exe
  allow+=$R$'\n'
  expect expect-diff "$src" gas="$gas"
  allow+=$R$'\n'$skip
  names "$allow"
  allow=$R
  run --separate-stderr "$SFCFI" diff --json "$dir/$name" "$T/$name.v$v"
  if [ "$mode" = any ]; then
    [ "$status" -le 1 ] || complain "diff $name (gas $gas) with convert -V $v: exit $status: $stderr"
    return 0
  fi
  if [ -z "$allow" ]; then
    [ "$status" -eq 0 ] || complain "diff $name (gas $gas) with convert -V $v: exit $status, want 0: $(jq -c '.items' <<< "$output" 2>/dev/null) $stderr"
    return 0
  fi
  [ "$status" -le 1 ] || complain "diff $name (gas $gas) with convert -V $v: exit $status: $stderr"
  names "$(jq -r '.items[] | if (.function // "") == "" then "?" else .function end' <<< "$output" 2>/dev/null)"
  got=$R
  local -
  set -f
  for f in $got; do
    has_line "$f" "$allow" ||
      complain "diff $name (gas $gas) with convert -V $v: $f differs ($(jq -c --arg f "${f#\?}" '[.items[] | select(.function == $f)][0]' <<< "$output"))"
  done
}

# untraced: turns off Bats' tracing for the rest of this test.  Bats runs
# bats_debug_trap (a DEBUG trap that records the stack) before every
# command, about half a millisecond each on a slow machine, and one
# assembly case runs thousands of commands of its own checks: traced, a
# loop of 20,000 additions took 13 s, untraced 0.2 s.  The tests that turn
# it off report failures by the messages they collect (complain, bad), not
# by the failing line.  Each Bats test runs in a process of its own, so the
# next test is traced again.
untraced() { trap - DEBUG; }

# asm_case GAS ARCH NAME: every check of asm/ARCH/NAME.s as release GAS
# assembled it.
asm_case() {
  local gas=$1 arch=$2 name=$3
  local src=$ASM/$arch/$name.s dir=$OUT/$gas/$arch
  local why gasv opt v want got
  untraced
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
    expect expect-warning "$src" gas="$gas"
    want=$(sort <<< "$R")
    got=$(sed -n 's/^.*Warning: //p' "$dir/$name.gas.log" | tr -s ' \t' '  ' | sed 's/ *$//' | sort)
    [ "$got" = "$want" ] || complain "gas $gas warned [$(echo "$got" | paste -sd '/')], want [$(echo "$want" | paste -sd '/')]"
    check_one "$gas" "$src" "$dir/$name"
    check_one "$gas" "$src" "$dir/$name.o"
    hdr check-also "$src"
    for opt in $R; do
      check_one "$gas" "$src" "$dir/$name" "$opt"
    done
  fi
  for v in $(versions "$arch"); do
    convert_one "$gas" "$arch" "$name" "$v" "$gasv"
  done
  [ ${#BAD[@]} -eq 0 ] || { printf '%s\n' "${BAD[@]}"; return 1; }
}

# reasons FILE: R = "FUNC REASON" for each reason FILE's header gives a
# function, in its expect-cfi-only lines and the skipped ones of its
# expect-convert lines (alternatives REASON|REASON one a line).
reasons() {
  local - IFS=$'\n' line r res="" text
  local -a ws
  set -f
  hdr expect-cfi-only "$1"
  text=$R
  for line in $text; do
    split ws "$line"
    for r in ${ws[1]//|/$'\n'}; do res+="${ws[0]} $r"$'\n'; done
  done
  hdr expect-convert "$1"
  text=$R
  for line in $text; do
    split ws "$line"
    [ "${ws[1]:-}" = skipped ] || continue
    for r in ${ws[2]//|/$'\n'}; do res+="${ws[0]} $r"$'\n'; done
  done
  R=$res
  nl_trim
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
  local f arch fns fn v n tok conv r bad=() files=("$ASM"/*/*.s)
  local -A cnt
  local -
  untraced
  set -f # ("?" names a function below)
  for f in "${files[@]}"; do
    [[ $f =~ /([^/]+)/[^/]+$ ]] && arch=${BASH_REMATCH[1]}
    hdr library "$f"
    [ -z "$R" ] || continue
    functions "$f"
    fns=$R
    [ -n "$fns" ] || bad+=("$f: no function")
    expect expect-check "$f" gas=none
    count "$R"
    n=$R
    hdr gas-fails "$f"
    [ "$n" -ge 1 ] || [ -n "$R" ] || bad+=("$f: no expect-check line for every release")
    # every function: one expect-convert line for every version of its ABI
    hdr expect-convert "$f"
    conv=$R
    for v in $(versions "$arch"); do
      cnt=()
      for fn in $fns; do cnt[$fn]=0; done
      only v "$v" "$conv"
      field 0 "$R"
      for fn in $R; do
        [ -z "${cnt[$fn]+set}" ] || cnt[$fn]=$((cnt[$fn] + 1))
      done
      names "$fns"
      for fn in $R; do
        [ "${cnt[$fn]}" -eq 1 ] || bad+=("$f: $fn has ${cnt[$fn]} expect-convert lines for version $v")
      done
    done
    # every name in an expectation is a function of the file; every reason
    # and release is known
    # ("?": a function without a symbol, such as ld's PLT)
    hdr 'expect-(cfi-only|convert)' "$f"
    field 0 "$R"
    for fn in $R; do
      has_line "$fn" "$fns" || bad+=("$f: expectation for unknown function $fn")
    done
    hdr 'expect-(disagree|diff)' "$f"
    field 0 "$R"
    for fn in $R; do
      [ "$fn" = "?" ] || has_line "$fn" "$fns" || bad+=("$f: expectation for unknown function $fn")
    done
    reasons "$f"
    r=$R
    while read -r fn r; do
      [ -n "$fn" ] || continue
      [[ "$REASONS" == *" $r "* ]] || bad+=("$f: $fn: unknown reason $r")
    done <<< "$r"
    hdr 'expect-[a-z-]+' "$f"
    for tok in $R; do
      case $tok in gas=*|v=*|on=*) ;; *) continue ;; esac
      n=${tok#*=}
      for v in ${n//,/ }; do
        case "$tok" in
          gas=*) [[ "$RELEASES" == *" $v "* ]] || bad+=("$f: unknown release $v") ;;
          v=*) [[ " $(versions "$arch") " == *" $v "* ]] || bad+=("$f: version $v for $arch") ;;
          on=*) [[ " exe o " == *" $v "* ]] || bad+=("$f: on=$v (exe or o)") ;;
        esac
      done
    done
  done
  [ ${#bad[@]} -eq 0 ] || { printf '%s\n' "${bad[@]}"; return 1; }
}

@test "every assembly file has a test for each release" {
  local f arch name gas tests missing=()
  untraced
  tests=$(< "$BATS_TEST_FILENAME")
  for f in "$ASM"/*/*.s; do
    hdr library "$f"
    [ -z "$R" ] || continue
    [[ $f =~ /([^/]+)/([^/]+)\.s$ ]] || return 1
    arch=${BASH_REMATCH[1]} name=${BASH_REMATCH[2]}
    for gas in $RELEASES; do
      has_line "@test \"$arch/$name.s, gas $gas\" { asm_case $gas $arch $name; }" "$tests" ||
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

@test "sfcfi and sfaudit: an output to /dev/null is written into, and it stays the null device" {
  # in a private mount namespace with a /dev of its own: the machine's
  # /dev/null is never at stake (as root, a tool that renamed its output
  # into place replaced it with a file)
  [ "$(id -u)" = 0 ] && unshare -m true 2> /dev/null || skip "needs root and unshare -m (a private /dev)"
  local exe=$OUT/2.47/x86_64/leaf
  [ -x "$exe" ] || exe=$(find "$OUT" -path '*/x86_64/leaf' | head -n 1)
  [ -x "$exe" ]
  # shellcheck disable=SC2016 # the inner shell's arguments
  run unshare -m bash -c 'mount --make-rprivate / && mount -t tmpfs tmpfs /dev && mknod -m 666 /dev/null c 1 3 &&
    "$1" convert --version 3 -o /dev/null "$3" > /dev/null && stat -c %F /dev/null &&
    "$1" convert --version 3 --elf -o /dev/null "$3" > /dev/null && stat -c %F /dev/null &&
    "$2" --no-progress --html /dev/null "$3" > /dev/null && stat -c %F /dev/null' _ "$SFCFI" "$BUILD/bin/sfaudit" "$exe"
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$output" = $'character special file\ncharacter special file\ncharacter special file' ]
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
