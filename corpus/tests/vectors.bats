#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The hand-built vectors of decoder/tests/vectors.c as corpus cases (source
# "vectors", corpus/FORMAT.md; built by corpus/vectors.mk with `vecdump
# corpus`).  Environment (set by ci/run-tests.sh): SFREF, VECDUMP and CORPUS
# (the built corpus, build/corpus).

load ../../ci/bats-helpers

setup() {
  REPO=${REPO:-$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}
  SFREF=${SFREF:-$REPO/build/bin/sfref}
  VECDUMP=${VECDUMP:-$REPO/build/tests/vecdump}
  CORPUS=${CORPUS:-$REPO/build/corpus}
  T=$BATS_TEST_TMPDIR
  [ -x "$VECDUMP" ] || skip "no vecdump at $VECDUMP (make tests)"
}

need_corpus() {
  [ -f "$CORPUS/manifest-v3.txt" ] || skip "no corpus at $CORPUS (make corpus)"
  [ -d "$CORPUS/vectors" ] || { echo "no $CORPUS/vectors: the corpus predates corpus-vectors (make corpus)"; false; }
}

@test "vectors: every vector of vecdump list is a corpus case with its class and finding" {
  need_corpus
  "$SFREF" findings | awk '{ print $1, $2 }' > "$T/table"
  "$VECDUMP" list > "$T/list"
  [ "$(wc -l < "$T/list")" -ge 150 ]
  cat "$CORPUS"/manifest-v[123].txt > "$T/manifests"
  bad=""
  local KEYS f c
  local -A EXP CLASS
  while read -r f c; do CLASS[$f]=$c; done < "$T/table"
  # the manifests' lines, and how many name each section (bash's own
  # reading: no process a vector)
  local -A LINE SECTION_LINES
  local id rest
  while read -r id rest; do
    LINE["$id $rest"]=1
    SECTION_LINES[${rest##* }]=$(( ${SECTION_LINES[${rest##* }]:-0} + 1 ))
  done < "$T/manifests"
  "$VECDUMP" all "$T/vec"
  while read -r name finding vma; do
    e=$CORPUS/vectors/$name.expect
    [ -f "$e" ] || { bad="$bad $name(no .expect)"; continue; }
    if [ "$finding" = valid ]; then cls=valid finding=-
    else cls=${CLASS[$finding]:-}
    fi
    [ -n "$cls" ] || { bad="$bad $name(finding $finding not in sfref findings)"; continue; }
    # The keys of corpus/FORMAT.md, in order, and their values.
    read_expect "$e"
    [ "$KEYS" = "id case title clause class finding version abi endian vma source pcs " ] ||
      bad="$bad $name(keys: $KEYS)"
    [ "${EXP[id]:-}" = "vec-$name" ] || bad="$bad $name(id)"
    [ "${EXP[case]:-}" = "$name" ] || bad="$bad $name(case)"
    [ "${EXP[class]:-}" = "$cls" ] || bad="$bad $name(class ${EXP[class]:-}, want $cls)"
    [ "${EXP[finding]:-}" = "$finding" ] || bad="$bad $name(finding ${EXP[finding]:-}, want $finding)"
    [ "${EXP[vma]:-}" = "$vma" ] || bad="$bad $name(vma)"
    [ "${EXP[source]:-}" = vectors ] || bad="$bad $name(source)"
    [ -z "${EXP[pcs]:-}" ] || bad="$bad $name(pcs)"
    [ -n "${EXP[title]:-}" ] || bad="$bad $name(title)"
    [[ "${EXP[clause]:-}" =~ ^(-|[0-9]+(\.[0-9]+)*)$ ]] || bad="$bad $name(clause)"
    # The section is the vector's bytes; expected results come from the
    # description only, so no dump or lookup JSON.
    cmp -s "$T/vec/$name.sframe" "$CORPUS/vectors/$name.sframe" || bad="$bad $name(bytes)"
    for x in dump.json lookup.json unwind-1.json; do
      [ ! -e "$CORPUS/vectors/$name.$x" ] || bad="$bad $name($x)"
    done
    # Exactly one manifest line, with the same columns.
    v=${EXP[version]:-}
    want="vec-$name $cls $finding ${EXP[abi]:-} ${EXP[endian]:-} vectors/$name.sframe"
    grep -qxF -- "$want" "$CORPUS/manifest-v$v.txt" || bad="$bad $name(not in manifest-v$v)"
    [ "${SECTION_LINES[vectors/$name.sframe]:-0}" -eq 1 ] || bad="$bad $name(manifest count)"
  done < "$T/list"
  [ -z "$bad" ] || { echo "wrong:$bad"; false; }
  # Nothing else under vectors/, and identifiers stay unique across the corpus.
  [ "$(ls "$CORPUS"/vectors/*.expect | wc -l)" -eq "$(wc -l < "$T/list")" ]
  [ "$(ls "$CORPUS"/vectors | wc -l)" -eq $((2 * $(wc -l < "$T/list"))) ]
  dups=$(awk '{ print $1 }' "$T/manifests" | sort | uniq -d)
  [ -z "$dups" ] || { echo "duplicate ids: $dups"; false; }
}

@test "vectors: version, ABI and byte order are read from the vector's own bytes" {
  need_corpus
  # Independently of vecdump: the magic gives the byte order, a version byte
  # of 1-3 the version, an ABI byte of 1-4 the ABI; a vector too short, with
  # a bad magic, or with an undefined version or ABI byte keeps what its name
  # v<version>-<abi>-<what> says (corpus/FORMAT.md).
  bad="" fallbacks=0
  local KEYS
  local -A EXP
  while read -r name _; do
    e=$CORPUS/vectors/$name.expect
    b=($(od -An -v -tx1 -N5 "$CORPUS/vectors/$name.sframe"))
    v=${name:1:1} rest=${name#v?-} a=${rest%%-*} used=0
    case $a in
      amd64) abi=amd64 endian=little ;; aarch64le) abi=aarch64-le endian=little ;;
      aarch64be) abi=aarch64-be endian=big ;; s390x) abi=s390x endian=big ;;
      *) bad="$bad $name(name)"; continue ;;
    esac
    case "${b[0]:-}${b[1]:-}" in
      e2de) endian=little used=$((used + 1)) ;; dee2) endian=big used=$((used + 1)) ;;
    esac
    case "${b[2]:-}" in 01 | 02 | 03) v=$((10#${b[2]})) used=$((used + 1)) ;; esac
    case "${b[4]:-}" in
      01) abi=aarch64-be used=$((used + 1)) ;; 02) abi=aarch64-le used=$((used + 1)) ;;
      03) abi=amd64 used=$((used + 1)) ;; 04) abi=s390x used=$((used + 1)) ;;
    esac
    [ "$used" -eq 3 ] || fallbacks=$((fallbacks + 1))
    read_expect "$e"
    got="${EXP[version]:-} ${EXP[abi]:-} ${EXP[endian]:-}"
    [ "$got" = "$v $abi $endian" ] || bad="$bad $name($got, want $v $abi $endian)"
  done < <("$VECDUMP" list)
  echo "vectors using a name fallback: $fallbacks"
  [ -z "$bad" ] || { echo "wrong:$bad"; false; }
  # The undefined version bytes still land in a manifest runners read.
  for n in v3-amd64-version-unknown-4 v2-s390x-version-unknown-0 v1-aarch64le-version-unknown-255; do
    grep -q "^vec-$n malformed version-unknown " "$CORPUS/manifest-v${n:1:1}.txt"
  done
}

@test "vectors: every vectors case gives its expected result with sfref" {
  need_corpus
  # one run of sfref over them all (--files-from, each at its own address):
  # each section's summary line and what stderr says of it
  bad=""
  local KEYS f
  local -A EXP SUMMARY COUNTS SAID
  for e in "$CORPUS"/vectors/*.expect; do
    read_expect "$e"
    printf '%s\t%s\n' "${e%.expect}.sframe" "${EXP[vma]:-}"
  done > "$T/list"
  rc=0; "$SFREF" validate --raw --files-from "$T/list" > "$T/out" 2> "$T/err" || rc=$?
  [ "$rc" -eq 1 ] || bad="$bad (exit $rc: the highest is 1)"
  validate_read "$T/out" "$T/err"
  for e in "$CORPUS"/vectors/*.expect; do
    f=${e%.expect}.sframe name=${e%.expect} name=${name##*/}
    read_expect "$e"
    cls=${EXP[class]:-} finding=${EXP[finding]:-} got=${SUMMARY[$f]:-none}
    [ "$got" = none ] || got="$got (${COUNTS[$f]})"
    case $cls in
      valid) # vectors.h: a valid vector gives no finding at all.
        [ "$got" = "valid (0 malformed, 0 invalid, 0 questionable)" ] ||
          bad="$bad $name($got:${SAID[$f]:-})" ;;
      questionable)
        [[ "$got" == "valid ("* && "${SAID[$f]:-}" == *" $finding "* ]] || bad="$bad $name($got, no $finding)" ;;
      malformed | invalid)
        [[ "$got" == "INVALID ("* && "${SAID[$f]:-}" == *" $finding "* ]] || bad="$bad $name($got, no $finding)" ;;
      *) bad="$bad $name(class $cls)" ;;
    esac
  done
  [ -z "$bad" ] || { echo "wrong:$bad"; false; }
}

@test "vectors: vecdump corpus is reproducible and matches the built corpus" {
  run "$VECDUMP" corpus "$REPO/decoder/tests/vectors.c" "$T/a"
  [ "$status" -eq 0 ] || { echo "$output"; false; }
  run "$VECDUMP" corpus "$REPO/decoder/tests/vectors.c" "$T/b"
  [ "$status" -eq 0 ]
  diff -r "$T/a" "$T/b"
  [ "$(ls "$T/a" | wc -l)" -eq $((2 * $("$VECDUMP" list | wc -l))) ]
  if [ -d "$CORPUS/vectors" ]; then
    diff -r "$T/a" "$CORPUS/vectors" || { echo "$CORPUS/vectors is stale: make corpus"; false; }
  fi
}

@test "vectors: vecdump corpus refuses a description that states another class or is missing" {
  # A description stating another class than the finding table's.
  sed 's/^ \* Malformed (2.1.2): sfp_version 4;/ * Invalid (2.1.2): sfp_version 4;/' \
    "$REPO/decoder/tests/vectors.c" > "$T/class.c"
  ! cmp -s "$T/class.c" "$REPO/decoder/tests/vectors.c"
  run "$VECDUMP" corpus "$T/class.c" "$T/out1"
  [ "$status" -eq 1 ]
  [[ "$output" == *"v3-amd64-version-unknown-4: the description says invalid, the finding version-unknown is malformed"* ]]
  # A vector whose comment no longer opens with its name.
  sed 's|^/\* v3-amd64-flex$|/* the flexible one|' "$REPO/decoder/tests/vectors.c" > "$T/none.c"
  ! cmp -s "$T/none.c" "$REPO/decoder/tests/vectors.c"
  run "$VECDUMP" corpus "$T/none.c" "$T/out2"
  [ "$status" -eq 1 ]
  [[ "$output" == *"v3-amd64-flex: no description"* ]]
  [ ! -e "$T/out2/v3-amd64-flex.expect" ]
  run "$VECDUMP" corpus "$T/no-such-file.c" "$T/out3"
  [ "$status" -eq 2 ]
}
