# SPDX-License-Identifier: MIT
# ci/bats-helpers.bash - what the Bats suites of sfref share (decoder/tests,
# corpus/tests): loaded with `load ../../ci/bats-helpers` from a suite two
# folders down.  Environment (set by ci/run-tests.sh): SFREF, VECDUMP,
# SHARED (the optional shared vectors: empty or naming nothing leaves them
# out), SFREF_WRAPPER (e.g. valgrind) to run sfref under.

# sfref_setup: the defaults of a suite run by hand from the checkout, and
#   S  the checked-in real sections (corpus/real/sections)
#   V  the shared vectors (only when SHARED names a directory holding them)
#   T  this test's temporary directory
sfref_setup() {
  : "${SFREF:=build/bin/sfref}" "${VECDUMP:=build/tests/vecdump}" "${SHARED=../shared}"
  S="$BATS_TEST_DIRNAME/../../corpus/real/sections"
  V="$SHARED/vectors"
  T="$BATS_TEST_TMPDIR"
}

sfref() { ${SFREF_WRAPPER:-} "$SFREF" "$@"; }

# have_shared: whether the optional shared vectors are present.
have_shared() { [ -n "$SHARED" ] && [ -d "$SHARED/vectors" ]; }

# same_text WANT FORMAT VMA SECTION: whether sfref's --format=FORMAT text of
# the raw SECTION at VMA is the file WANT, byte for byte.
same_text() {
  sfref dump --format="$2" --raw --vma "$3" "$4" 2>/dev/null | cmp -s - "$1"
}

# objdump_text BASE: what objdump printed for BASE.sframe, kept in
# BASE.objdump beside it after a first line naming the file.
objdump_text() { tail -n +2 "$1.objdump"; }

# all_matched N BAD [WORD]: prints "matched N" (or "WORD N"); fails listing
# BAD when any differ.
all_matched() {
  echo "${3:-matched} $1"
  [ -z "$2" ] || { echo "differ:$2"; return 1; }
}

# vector_sample STEP: "NAME FINDING VMA CLASS" for every STEPth hand-built
# vector (`vecdump list`), CLASS being the class `sfref findings` gives its
# FINDING ("valid" for a valid vector); fails when either program fails.
vector_sample() {
  "$VECDUMP" list > "$T/vectors.list" && sfref findings > "$T/findings.list" &&
    awk -v step="$1" 'NR == FNR { cls[$1] = $2; next }
      (FNR - 1) % step == 0 { print $1, $2, $3, ($2 == "valid" ? "valid" : cls[$2]) }' \
      "$T/findings.list" "$T/vectors.list"
}

# read_expect FILE.expect: its keys in order in KEYS ("k1 k2 ... "), their
# values in EXP (declare both local, EXP with -A, in the caller).  Bash's
# own read: no process a file, where a loop reads a hundred and more
# (a process costs some 20 ms on a busy two-core machine).
read_expect() {
  local line k v
  KEYS="" EXP=()
  while IFS= read -r line; do
    k=${line%%:*} v=${line#*:}
    KEYS+="$k " EXP[$k]=${v# }
  done < "$1"
}

# profile_cases CASES OUT: the sections of a profile suite's case file
# (decoder/tests/profile-*.cases, with corpus/cases/00-models.cases), built
# into OUT by sfcorpus (SFCORPUS, default beside SFREF); for setup_file.
profile_cases() {
  : "${SFREF:=build/bin/sfref}"
  SFCORPUS=${SFCORPUS:-$(dirname "$SFREF")/sfcorpus}
  [ -x "$SFCORPUS" ] || { echo "no sfcorpus at $SFCORPUS (make tests)"; return 1; }
  local cases="$BATS_FILE_TMPDIR/cases-$(basename "$1" .cases)"
  mkdir -p "$cases"
  cp "$BATS_TEST_DIRNAME/../../corpus/cases/00-models.cases" "$1" "$cases/"
  "$SFCORPUS" --cases "$cases" --out "$2" > "$cases.log" 2>&1 || { cat "$cases.log"; return 1; }
}

# validate_read OUT ERR: what one `sfref validate` run over many files
# printed (OUT) and said on stderr (ERR), read by bash alone: SUMMARY[FILE]
# the verdict of the file's summary line (valid or INVALID), COUNTS[FILE]
# its counts ("0 malformed, 0 invalid, 0 questionable"), and SAID[FILE] the
# identifiers of the findings stderr named for it ("sfref: FILE: error|
# warning: ID: ..."), each once, in order: " ID1 ID2 ".  Declare the three
# (local -A) in the caller.
validate_read() {
  local line f rest
  while IFS= read -r line; do
    case $line in
      *": valid ("*) f=${line%: valid (*} SUMMARY[$f]=valid rest=${line##*: valid (} ;;
      *": INVALID ("*) f=${line%: INVALID (*} SUMMARY[$f]=INVALID rest=${line##*: INVALID (} ;;
      *) continue ;;
    esac
    COUNTS[$f]=${rest%)}
  done < "$1"
  while IFS= read -r line; do
    rest=${line#sfref: }
    case $rest in
      *": error: "*) f=${rest%%: error: *} rest=${rest#*: error: } ;;
      *": warning: "*) f=${rest%%: warning: *} rest=${rest#*: warning: } ;;
      *) continue ;;
    esac
    [[ "${SAID[$f]- }" == *" ${rest%%: *} "* ]] || SAID[$f]="${SAID[$f]- }${rest%%: *} "
  done < "$2"
}

# objdump_want LIST OUT [SKIP]: what `sfref dump --format=objdump
# --files-from LIST` should print, from each section's .objdump file
# beside it: its text under its "==> FILE <==" line, a blank line between;
# SKIP=1 drops each text's first line (the checked-in texts' file name).
objdump_want() {
  cut -f1 "$1" | sed 's/\.sframe$/.objdump/' |
    xargs -d '\n' awk -v skip="${3:-0}" 'FNR == 1 { f = FILENAME; sub(/\.objdump$/, ".sframe", f)
      print (NR > 1 ? "\n" : "") "==> " f " <=="; if (skip) next } { print }' > "$2"
}

# parts_differ LIST WANT GOT: in BAD, the names of LIST's sections whose
# parts of WANT and GOT (split at the "==> FILE <==" lines, in LIST's
# order) differ.
parts_differ() {
  local x f k=0
  BAD=""
  for x in "$2" "$3"; do
    mkdir -p "$x.d"
    awk -v d="$x.d" '/^==> .* <==$/ { close(o); o = d "/" ++n; next } { print > o }' "$x"
  done
  while IFS=$'\t' read -r f _; do
    k=$((k + 1))
    cmp -s "$2.d/$k" "$3.d/$k" || BAD="$BAD ${f##*/}"
  done < "$1"
}
