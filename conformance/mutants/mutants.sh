#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The suite's own mutation score: readers made from the reference adapter,
# each with exactly one bug of a class seen in real SFrame readers
# (conformance/mutants/mutants.tsv), each judged by the runner over the
# corpus.  A mutant is caught when the runner reports at least one failed
# case; it is named when the largest group of its failures names the field
# or rule its row expects.  Run by `make mutants` (conformance/mutants/
# mutants.mk), which passes the compiler, the flags and the libraries.
#
#   conformance/mutants/mutants.sh [--table FILE] [--no-baseline] [--build-only | --check] [ID...]
#
# ID...          only these mutants (default: every row of the table)
# --table FILE   another table (the tests use one whose mutation matches nothing)
# --no-baseline  skip the unmutated adapter's run (it must have no failure)
# --build-only   build the mutants, judge none
# --check        only apply each mutation to a copy of its file (each must match
#                exactly once), building and judging nothing
#
# Environment (make mutants sets all but the last two):
#   BUILD            the build directory (build): base objects, corpus, results
#   CC, MUT_CFLAGS   the compiler and the Makefile's CFLAGS_ALL
#   MUT_LIB_CFLAGS   the library's extra flags (LIB_CFLAGS)
#   MUT_CLI_CFLAGS   the renderers' (decoder/cli/cli.mk)
#   MUT_REF_CFLAGS   the reference adapter's (conformance/conformance.mk)
#   MUT_LIB_SRCS, MUT_DUMP_SRCS  the sources of libsframe_ref.a (LIB_SRCS) and of
#                    libsfr_dump.a (SFR_DUMP_OBJS')
#   SFA_KIT_LIB, SFC_TOOLS_LIB   the libraries the adapter links beside the oracle's
#   SFCONFORM        the runner (BUILD/bin/sfconform)
#   CORPUS           the corpus (BUILD/corpus)
#   MUTANTS_FLAGS    more sfconform options for each run (e.g. --sample 20)
#   MUTANTS_JOBS     compilations at once (2)
#
# Each mutant is built in BUILD/mutants/ID: src/ holds the copy of decoder/
# with the mutation applied (a mutation whose old text is not found exactly
# once in its file fails the build of that mutant, naming it), obj/ the
# objects of the sources that include a mutated file (every other object is
# the unmutated build's), libsframe_ref.a, libsfr_dump.a and
# sfadapter-reference; out/ the runner's results.  The runner is given an
# empty confdir (BUILD/mutants/confdir) and the name mutant-ID, so no
# expected-results file or skip list applies: every failure counts.
#
# Output: one line a mutant, then `mutation score: C/N caught, K/N named`;
# exit 0 only when every mutant is caught and named (2 on a build error).
set -uo pipefail

cd "$(dirname "$0")/../.." || exit 2
BUILD=${BUILD:-build}
CC=${CC:-cc}
MUT_CFLAGS=${MUT_CFLAGS:--Wall -Wextra -Werror -std=c11 -pedantic -O2 -g -D_POSIX_C_SOURCE=200809L -Idecoder/include}
MUT_LIB_CFLAGS=${MUT_LIB_CFLAGS:--Idecoder/src -Idecoder/fast -Idecoder/profile -fvisibility=hidden}
MUT_CLI_CFLAGS=${MUT_CLI_CFLAGS:--Idecoder/src -Idecoder/fast -Icommon}
MUT_REF_CFLAGS=${MUT_REF_CFLAGS:--Idecoder/cli -Idecoder/src -Idecoder/fast -Icommon}
SFA_KIT_LIB=${SFA_KIT_LIB:-$BUILD/lib/libsfa_kit.a}
SFC_TOOLS_LIB=${SFC_TOOLS_LIB:-$BUILD/lib/libsfc_tools.a}
SFCONFORM=${SFCONFORM:-$BUILD/bin/sfconform}
CORPUS=${CORPUS:-$BUILD/corpus}
MUTANTS_FLAGS=${MUTANTS_FLAGS:-}
MUTANTS_JOBS=${MUTANTS_JOBS:-2}
TABLE=conformance/mutants/mutants.tsv
ROOT=$BUILD/mutants
baseline=1 build_only=0 check_only=0
only=()

die() { echo "mutants: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --table) TABLE=$2; shift 2 ;;
    --no-baseline) baseline=0; shift ;;
    --build-only) build_only=1; shift ;;
    --check) check_only=1; shift ;;
    -h|--help) sed -n '3,44p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) only+=("$1"); shift ;;
  esac
done
[ -f "$TABLE" ] || die "$TABLE: no such table"
if [ "$build_only" = 0 ] && [ "$check_only" = 0 ]; then
  command -v jq >/dev/null || die "jq is needed to read the runner's results (apt-get install jq)"
  [ -x "$SFCONFORM" ] || die "$SFCONFORM: no runner (make $SFCONFORM)"
  [ -f "$CORPUS/manifest-v3.txt" ] || die "$CORPUS: no corpus (make corpus)"
fi
# ---- The table: id, class, file, old, new, expect; a row with the id of
# the row before it is a further edit of the same mutant. ----
ids=() ; declare -A class expect nedits
e_file=() e_old=() e_new=() e_id=()
lineno=0 prev=
while IFS= read -r line || [ -n "$line" ]; do
  lineno=$((lineno + 1))
  case $line in '#'*|'') continue ;; id$'\t'*) continue ;; esac
  nf=$(awk -F'\t' '{print NF}' <<<"$line")
  [ "$nf" = 6 ] || die "$TABLE:$lineno: $nf fields, want 6 (id, class, file, old, new, expect)"
  IFS=$'\t' read -r id cls file old new exp <<<"$line"
  if [ "$id" != "$prev" ]; then
    [ -z "${class[$id]+x}" ] || die "$TABLE:$lineno: mutant $id listed twice (its edits must be consecutive rows)"
    [ "$cls" != - ] && [ "$exp" != - ] || die "$TABLE:$lineno: mutant $id: its first row needs a class and an expect"
    ids+=("$id"); class[$id]=$cls; expect[$id]=$exp; nedits[$id]=0
  fi
  case $file in decoder/*) ;; *) die "$TABLE:$lineno: mutant $id: $file is not under decoder/" ;; esac
  e_id+=("$id"); e_file+=("$file"); e_old+=("$old"); e_new+=("$new")
  nedits[$id]=$((nedits[$id] + 1))
  prev=$id
done <"$TABLE"
[ ${#ids[@]} -gt 0 ] || die "$TABLE: no mutants"
if [ ${#only[@]} -gt 0 ]; then
  for id in "${only[@]}"; do [ -n "${class[$id]+x}" ] || die "no mutant $id in $TABLE"; done
  ids=("${only[@]}")
fi

# Apply one edit: OLD (escapes \n \t \\ read) must occur exactly once in FILE.
apply_edit() { # FILE OLD NEW -> 0, or prints the number of matches and fails
  perl -e '
    my ($f, $old, $new) = @ARGV;
    for ($old, $new) { s/\\(n|t|\\)/$1 eq "n" ? "\n" : $1 eq "t" ? "\t" : "\\"/ge }
    exit 4 if $old eq "";
    open my $in, "<", $f or exit 5;
    local $/; my $s = <$in>; close $in;
    my ($n, $p) = (0, 0);
    while (($p = index($s, $old, $p)) >= 0) { $n++; $p += length $old }
    if ($n != 1) { print $n; exit 3 }
    substr($s, index($s, $old), length $old) = $new;
    open my $out, ">", $f or exit 5; print $out $s; close $out or exit 5;' "$@"
}


# The oracle's sources, as the Makefile lists them (LIB_SRCS), and the
# renderers the adapter links (SFR_DUMP_LIB); their unmutated objects.
# shellcheck disable=SC2206
LIB_SRCS=(${MUT_LIB_SRCS:-decoder/src/*.c decoder/fast/*.c decoder/profile/*.c})
# shellcheck disable=SC2206
DUMP_SRCS=(${MUT_DUMP_SRCS:-decoder/cli/dump.c decoder/cli/bytes.c decoder/cli/unwind.c})
base_obj() { # SRC: the unmutated build's object of SRC
  case $1 in
    decoder/cli/*) local b=${1#decoder/cli/}; echo "$BUILD/obj/cli/${b%.c}.o" ;;
    *) local r=${1#decoder/}; echo "$BUILD/obj/lib/${r%.c}.o" ;;
  esac
}

# The files each source reads when preprocessed (its own and every header
# it includes, as paths under decoder/), computed once on the unmutated
# tree: a mutation changes no #include.
declare -A DEPS
scan_deps() { # SRC FLAGS...
  local src=$1 out; shift
  # shellcheck disable=SC2068
  out=$("$CC" $@ -MM "$src" 2>&1) || die "$src: $out"
  DEPS[$src]=$(tr -s ' \\\n' '\n\n\n' <<<"$out" | sed -n 's#^\(\./\)*\(decoder/.*\)#\2#p' | sort -u)
}
REF_SRC=conformance/adapters/reference.c
# The adapter's own object, unmutated, for the mutants that change nothing it reads.
REF_OBJ=$ROOT/reference.o
# What building needs, checked and made once: the unmutated objects, the
# sources' dependencies, the adapter's object.
prepare_build() {
  local f s
  for f in "$SFA_KIT_LIB" "$SFC_TOOLS_LIB"; do
    [ -f "$f" ] || die "$f: missing (make mutants builds it)"
  done
  for s in "${LIB_SRCS[@]}" "${DUMP_SRCS[@]}"; do
    [ -f "$(base_obj "$s")" ] || die "$(base_obj "$s"): missing (make mutants builds the oracle first)"
  done
  # shellcheck disable=SC2086
  for s in "${LIB_SRCS[@]}"; do scan_deps "$s" $MUT_CFLAGS $MUT_LIB_CFLAGS; done
  # shellcheck disable=SC2086
  for s in "${DUMP_SRCS[@]}"; do scan_deps "$s" $MUT_CFLAGS $MUT_CLI_CFLAGS; done
  # shellcheck disable=SC2086
  scan_deps "$REF_SRC" $MUT_CFLAGS $MUT_REF_CFLAGS
  mkdir -p "$ROOT"
  # shellcheck disable=SC2086
  "$CC" $MUT_CFLAGS $MUT_REF_CFLAGS -c "$REF_SRC" -o "$REF_OBJ" || die "$REF_SRC does not compile"
}

# --check: each mutant's edits applied to copies of its files, nothing built.
if [ "$check_only" = 1 ]; then
  bad=0
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  for id in "${ids[@]}"; do
    ok=1
    rm -rf "${tmp:?}/d" && mkdir -p "$tmp/d"
    for k in "${!e_id[@]}"; do
      [ "${e_id[$k]}" = "$id" ] || continue
      f=${e_file[$k]}
      [ -f "$f" ] || { echo "mutants: $id: $f: no such file" >&2; ok=0; continue; }
      mkdir -p "$tmp/d/$(dirname "$f")"
      [ -f "$tmp/d/$f" ] || cp "$f" "$tmp/d/$f"
      if ! n=$(apply_edit "$tmp/d/$f" "${e_old[$k]}" "${e_new[$k]}"); then
        echo "mutants: $id: the mutation of $f matches ${n:-no} times, not exactly once: '${e_old[$k]}'" >&2
        ok=0
      fi
    done
    if [ $ok = 1 ]; then
      printf 'applies  %s  (%s edit%s)\n' "$id" "${nedits[$id]}" "$([ "${nedits[$id]}" = 1 ] || echo s)"
    else
      printf 'BROKEN  %s\n' "$id"
      bad=1
    fi
  done
  [ $bad = 0 ] || exit 2
  exit 0
fi
prepare_build

# Compile SRC (the mutant's copy under D/src) into D/obj with FLAGS.
compile_one() { # D SRC FLAGS...
  local d=$1 src=$2; shift 2
  local o=$d/obj/${src#decoder/}; o=${o%.c}.o
  mkdir -p "$(dirname "$o")"
  "$CC" "$@" -c "$d/src/$src" -o "$o" 2>"$o.log" || { rm -f "$o"; return 1; }
}

# Build mutant ID in ROOT/ID: 0, or 1 (said on stderr) when a mutation does
# not apply or the mutant does not compile.
build_mutant() {
  local id=$1 d=$ROOT/$1 k n rc=0 s
  local -a mutated=() objs=() dump=() pending=()
  rm -rf "$d"
  mkdir -p "$d/src/decoder" "$d/obj"
  cp -r decoder/include decoder/src decoder/fast decoder/profile decoder/cli "$d/src/decoder/"
  for k in "${!e_id[@]}"; do
    [ "${e_id[$k]}" = "$id" ] || continue
    [ -f "$d/src/${e_file[$k]}" ] || { echo "mutants: $id: ${e_file[$k]}: no such file" >&2; return 1; }
    n=$(apply_edit "$d/src/${e_file[$k]}" "${e_old[$k]}" "${e_new[$k]}")
    case $? in
      0) mutated+=("$d/src/${e_file[$k]}") ;;
      3) echo "mutants: $id: the mutation of ${e_file[$k]} matches $n times, not exactly once:" \
              "'${e_old[$k]}' (build of mutant $id failed)" >&2; return 1 ;;
      *) echo "mutants: $id: cannot apply the mutation to ${e_file[$k]} (build of mutant $id failed)" >&2
         return 1 ;;
    esac
  done
  # Each flag naming decoder/ names the mutant's copy instead.
  local lib_flags cli_flags ref_flags
  lib_flags=$(sed "s#-Idecoder/#-I$d/src/decoder/#g" <<<"$MUT_CFLAGS $MUT_LIB_CFLAGS")
  cli_flags=$(sed "s#-Idecoder/#-I$d/src/decoder/#g" <<<"$MUT_CFLAGS $MUT_CLI_CFLAGS")
  ref_flags=$(sed "s#-Idecoder/#-I$d/src/decoder/#g" <<<"$MUT_CFLAGS $MUT_REF_CFLAGS")
  # Recompiled: the sources whose preprocessing reads a mutated file
  # (the headers each reads: DEPS, from the unmutated tree).
  local -A touches=()
  for s in "${LIB_SRCS[@]}" "${DUMP_SRCS[@]}"; do
    for k in "${mutated[@]}"; do
      if grep -qxF "${k#"$d/src/"}" <<<"${DEPS[$s]}"; then touches[$s]=1; fi
    done
  done
  for s in "${LIB_SRCS[@]}" "${DUMP_SRCS[@]}"; do
    local o
    if [ -n "${touches[$s]+x}" ]; then
      o=$d/obj/${s#decoder/}; o=${o%.c}.o
      local flags=$lib_flags
      case $s in decoder/cli/*) flags=$cli_flags ;; esac
      # shellcheck disable=SC2086
      compile_one "$d" "$s" $flags &
      pending+=($!)
      if [ ${#pending[@]} -ge "$MUTANTS_JOBS" ]; then
        wait "${pending[0]}" || rc=1
        pending=("${pending[@]:1}")
      fi
    else
      o=$(base_obj "$s")
    fi
    case $s in decoder/cli/*) dump+=("$o") ;; *) objs+=("$o") ;; esac
  done
  for k in "${pending[@]}"; do wait "$k" || rc=1; done
  if [ $rc != 0 ]; then
    echo "mutants: $id: does not compile (build of mutant $id failed):" >&2
    cat "$d"/obj/*/*.log >&2
    return 1
  fi
  ar rcs "$d/libsframe_ref.a" "${objs[@]}" && ar rcs "$d/libsfr_dump.a" "${dump[@]}" || return 1
  local ref_obj=$REF_OBJ
  for k in "${mutated[@]}"; do
    if grep -qxF "${k#"$d/src/"}" <<<"${DEPS[$REF_SRC]}"; then ref_obj=$d/obj/reference.o; fi
  done
  # shellcheck disable=SC2086
  if [ "$ref_obj" != "$REF_OBJ" ] && ! "$CC" $ref_flags -c "$REF_SRC" -o "$ref_obj" 2>"$d/link.log"; then
    echo "mutants: $id: the adapter does not compile (build of mutant $id failed):" >&2
    cat "$d/link.log" >&2
    return 1
  fi
  # shellcheck disable=SC2086
  if ! "$CC" $ref_flags -o "$d/sfadapter-reference" "$ref_obj" \
       "$SFA_KIT_LIB" "$d/libsfr_dump.a" "$SFC_TOOLS_LIB" "$d/libsframe_ref.a" 2>"$d/link.log"; then
    echo "mutants: $id: the adapter does not link (build of mutant $id failed):" >&2
    cat "$d/link.log" >&2
    return 1
  fi
  echo "${#touches[@]}" >"$d/recompiled"
  return 0
}

# ---- Judging ----

# The largest failure group of a run: "LABEL<TAB>CASES", the label being
# the group's status, command, field and shape.  From the runner's own
# report (OUT/IMPL/failures.json) when it writes one, else from
# results.jsonl grouped the same way as far as one difference a case
# allows: a wrong answer by its command and field (the detail's `CMD: PATH:
# got X, want Y`, the path's indices taken out: functions[].fres[].start,
# and a lookup's answers' rules.cfa.base), any other failure by its status
# and what its detail says (the finding a rejection names), numbers taken out.
NOT_FAILED='["pass","unsupported","impl-accept","impl-reject","skip","unstable","twin-rejected","nothing-compared"]'
largest_group() { # OUTDIR IMPL
  local f=$1/$2/failures.json r=$1/$2/results.jsonl
  if [ -f "$f" ]; then
    jq -r --argjson ok "$NOT_FAILED" '[.groups[] | select(.status as $s | $ok | index($s) | not)]
           | sort_by(-.cases) | .[0] // empty
           | "\(.status) \(.command // "") \(.field // "") \(.shape // "")\t\(.cases)"' "$f"
    return
  fi
  jq -r --argjson ok "$NOT_FAILED" '
    select(.status as $s | $ok | index($s) | not)
    | if .status == "wrong-output" and (.detail | test("^[a-z]+: [^ ]+: "))
      then (.detail | capture("^(?<cmd>[a-z]+): (?<path>[^ ]+): ")) as $m
        | ($m.path | if . == "(top)" then "(answers)"
                     else sub("^\\[[0-9]+\\]\\.?"; "") | gsub("\\[[0-9]+\\]"; "[]") end) as $field
        | "\(.status) \($m.cmd) \($field)"
      else "\(.status) \(.detail | gsub("0x[0-9a-fA-F]+|[0-9]+"; "N") | .[0:100])"
      end' "$r" | sort | uniq -c | sort -k1,1nr -k2 | sed -n 1p |
    sed -E 's/^ *([0-9]+) (.*)$/\2\t\1/'
}

# Run the runner on adapter ADAPTER as NAME into OUT: prints "FAILED" (the
# runner's count of failed cases), or fails when the run itself broke.
judge() { # NAME ADAPTER OUT LOG
  local name=$1 adapter=$2 out=$3 log=$4 rc failed
  rm -rf "$out"
  mkdir -p "$ROOT/confdir"
  # shellcheck disable=SC2086
  "$SFCONFORM" --corpus "$CORPUS" --confdir "$ROOT/confdir" --out "$out" --no-progress --serve \
    -j 4 $MUTANTS_FLAGS "$name=$adapter" >"$log" 2>&1
  rc=$?
  failed=$(sed -n 's/^  [0-9]* passed, \([0-9]*\) failed$/\1/p' "$log" | tail -1)
  # 0: no failure; 1: failures (no expected-results file applies); else broken
  if [ -z "$failed" ] || { [ $rc != 0 ] && [ $rc != 1 ]; } || { [ $rc = 0 ] && [ "$failed" != 0 ]; }; then
    echo "mutants: $name: the runner did not complete (exit $rc): $log" >&2
    tail -5 "$log" >&2
    return 1
  fi
  echo "$failed"
}

mkdir -p "$ROOT"
if [ "$build_only" = 0 ] && [ "$baseline" = 1 ]; then
  # The unmutated adapter through the same path: no failure, or the score
  # means nothing.
  ref=$BUILD/bin/sfadapter-reference
  [ -x "$ref" ] || die "$ref: missing"
  mkdir -p "$ROOT/baseline"
  cp "$ref" "$ROOT/baseline/sfadapter-reference"
  f=$(judge mutant-baseline "$ROOT/baseline/sfadapter-reference" "$ROOT/baseline/out" "$ROOT/baseline/sfconform.log") ||
    exit 2
  [ "$f" = 0 ] || die "the unmutated adapter fails $f cases ($ROOT/baseline/out): no score"
  echo "baseline  the unmutated adapter: 0 failed"
fi

n=0 caught=0 named=0 broken=0
for id in "${ids[@]}"; do
  n=$((n + 1))
  if ! build_mutant "$id"; then
    printf 'BROKEN  %s  (did not build)\n' "$id"
    broken=$((broken + 1))
    continue
  fi
  if [ "$build_only" = 1 ]; then
    printf 'built   %s  (%s recompiled)\n' "$id" "$(cat "$ROOT/$id/recompiled")"
    continue
  fi
  d=$ROOT/$id
  if ! failed=$(judge "mutant-$id" "$d/sfadapter-reference" "$d/out" "$d/sfconform.log"); then
    printf 'BROKEN  %s  (the run did not complete)\n' "$id"
    broken=$((broken + 1))
    continue
  fi
  if [ "$failed" = 0 ]; then
    printf 'SURVIVED  %s  0 failed  (%s)\n' "$id" "${class[$id]}"
    continue
  fi
  caught=$((caught + 1))
  g=$(largest_group "$d/out" "mutant-$id")
  label=${g%%$'\t'*} cases=${g#*$'\t'}
  label=${label% } label=${label% }
  if [[ "$label" == *"${expect[$id]}"* ]]; then
    named=$((named + 1)) verdict="names its bug"
  else
    verdict="DOES NOT NAME ITS BUG (want ${expect[$id]})"
  fi
  printf 'caught  %s  %s failed  largest group: %s (%s cases)  [%s]\n' \
    "$id" "$failed" "$label" "$cases" "$verdict"
done
[ "$build_only" = 1 ] && { [ $broken = 0 ] && exit 0 || exit 2; }
echo "mutation score: $caught/$n caught, $named/$n named"
[ $broken = 0 ] || exit 2
[ $caught = "$n" ] && [ $named = "$n" ]
