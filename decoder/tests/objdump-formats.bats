#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sfref dump --format=objdump-REL (SPEC-NOTES.md N26): each binutils
# release's objdump --sframe text, checked without the tools against the
# text each release printed for the checked-in real sections (gas 2.40: its
# objdump 2.40; gas 2.44: 2.44; gas 2.47.50: 2.47.50), the shared vectors
# when present (2.46's text: the only record of it here), and lines the real
# tools printed for the cases where releases differ (captured with
# `sfadapter-objdump-REL objdump`).  The comparison with the tools over the
# corpus is conformance/tests/objdump-text.bats.
# Environment (ci/run-tests.sh): SFREF, VECDUMP, SHARED, SFREF_WRAPPER.

load ../../ci/bats-helpers

setup() { sfref_setup; }

# od_text NAME FORMAT: sfref's text for the checked-in section NAME.
od_text() { sfref dump --format="$2" --raw --vma "$(cat "$S/$1.vma")" "$S/$1.sframe"; }

@test "objdump formats: an unknown release is a usage error naming the format and the known ones" {
  for f in objdump-2.39 objdump-2.45 objdump-2 objdump- objdumpx; do
    run sfref dump --format=$f --raw "$S/gas247-x86_64-cfi-frame.sframe"
    [ "$status" -eq 2 ] || { echo "$f: status $status"; false; }
    [[ "$output" == *"unknown format '$f'"* ]] || { echo "$f: $output"; false; }
  done
  run sfref dump --format=objdump-2.39 --raw "$S/gas247-x86_64-cfi-frame.sframe"
  [[ "$output" == *"objdump-2.40, objdump-2.44, objdump-2.46, objdump-2.47"* ]]
  run sfref validate --format=objdump-2.47 --raw "$S/gas247-x86_64-cfi-frame.sframe"
  [ "$status" -eq 2 ]
}

@test "objdump formats: a version the release does not read is a named error, exit 2, nothing on stdout" {
  for c in "gas244-x86_64-cfi-frame objdump-2.40 2" "gas247-x86_64-cfi-frame objdump-2.40 3" \
           "gas240-x86_64-cfi-frame objdump-2.46 1" "gas240-x86_64-cfi-frame objdump-2.47 1" \
           "gas247-aarch64-cfi-frame objdump-2.44 3"; do
    set -- $c
    rel=${2#objdump-}
    sfref dump --format="$2" --raw --vma "$(cat "$S/$1.vma")" "$S/$1.sframe" > "$T/out" 2> "$T/err" && rc=0 || rc=$?
    [ "$rc" -eq 2 ] || { echo "$c: exit $rc"; false; }
    [ ! -s "$T/out" ] || { echo "$c: printed"; cat "$T/out"; false; }
    grep -q "error: --format=$2: objdump $rel does not read SFrame version $3 (it reads " "$T/err" ||
      { echo "$c:"; cat "$T/err"; false; }
  done
}

@test "objdump formats: every checked-in real section prints as its own release's objdump printed it" {
  n=0 bad=""
  for f in "$S"/gas*.sframe; do
    b=${f%.sframe} name=${b##*/}
    case $name in gas240-*) rel=2.40 ;; gas244-*) rel=2.44 ;; gas247-*) rel=2.47 ;; *) continue ;; esac
    vma=$(cat "$b.vma")
    same_text <(objdump_text "$b") "objdump-$rel" "$vma" "$f" || bad="$bad $name($rel)"
    # --format=objdump: 2.40 for version 1, 2.47 for versions 2 and 3
    [ "$rel" = 2.44 ] || same_text <(objdump_text "$b") objdump "$vma" "$f" || bad="$bad $name(objdump)"
    n=$((n + 1))
  done
  all_matched "$n" "$bad"
  [ "$n" -ge 100 ]
}

@test "objdump formats: the shared vectors print as 2.40, 2.44 and 2.46 printed them" {
  have_shared || skip "no shared vectors${SHARED:+ at $SHARED}"
  n=0 bad=""
  for f in "$V"/gas/*.sframe "$V"/more/*.sframe; do
    b=${f%.sframe} name=${b##*/}
    case $name in
      *-2.40) rel=2.40 ;; *-2.44) rel=2.44 ;; *-2.46 | master-s390x-* | libsframe-*) rel=2.46 ;;
      *) continue ;; # 2.41-2.43, 2.45: releases not modelled
    esac
    same_text <(objdump_text "$b") "objdump-$rel" "$(cat "$b.vma")" "$f" || bad="$bad $name($rel)"
    n=$((n + 1))
  done
  all_matched "$n" "$bad"
  [ "$n" -ge 40 ]
}

@test "objdump formats: 2.44 on version 1 prints the header, its fixed RA offset and 'No further information'" {
  run od_text gas240-x86_64-cfi-frame objdump-2.44
  [ "$status" -eq 0 ]
  # what objdump 2.44 printed for this section (its first two lines left out)
  [ "$output" = "
Contents of the SFrame section .sframe:
  Header :

    Version: SFRAME_VERSION_1
    Flags: SFRAME_F_FDE_SORTED
    CFA fixed RA offset: -8
    Num FDEs: 4
    Num FREs: 17

 No further information can be displayed.  SFrame version not supported" ]
  # 2.40 prints no fixed offsets
  run od_text gas240-x86_64-cfi-frame objdump-2.40
  [[ "$output" != *"CFA fixed RA offset"* ]]
}

@test "objdump formats: flags 0x3 print as FRAME_POINTER alone in 2.44 (as in 2.40), both names in 2.46 and 2.47" {
  cp "$S/gas244-x86_64-cfi-frame.sframe" "$T/f3.sframe"
  printf '\003' | dd of="$T/f3.sframe" bs=1 seek=3 conv=notrunc 2>/dev/null
  vma=$(cat "$S/gas244-x86_64-cfi-frame.vma")
  for rel in 2.44 2.46 2.47; do
    sfref dump --format=objdump-$rel --raw --vma "$vma" "$T/f3.sframe" | sed -n '6,7p' > "$T/$rel"
  done
  [ "$(cat "$T/2.44")" = "    Flags: SFRAME_F_FRAME_POINTER
    CFA fixed RA offset: -8" ]
  for rel in 2.46 2.47; do
    [ "$(cat "$T/$rel")" = "    Flags: SFRAME_F_FDE_SORTED,
           SFRAME_F_FRAME_POINTER" ] || { echo "$rel:"; cat "$T/$rel"; false; }
  done
}

@test "objdump formats: flexible FDEs: 2.46 parenthesises CFA-relative saved registers, 2.47 does not" {
  "$VECDUMP" v3-amd64-flex "$T/flex.sframe"
  run sfref dump --format=objdump-2.47 --raw --vma 0x1000 "$T/flex.sframe"
  [ "$status" -eq 0 ]
  # the rows objdump 2.47.50 printed for this vector
  [[ "$output" == *"
    0000000000002000  sp+8      u         f            
    0000000000002004  (fp-8)    (fp+0)    U            
    0000000000002008  sp+16     c-16      c-8          "* ]]
  run sfref dump --format=objdump-2.46 --raw --vma 0x1000 "$T/flex.sframe"
  [[ "$output" == *"
    0000000000002008  sp+16     (c-16)    (c-8)        "* ]]
  # --format=objdump is 2.47 for version 3
  diff <(sfref dump --format=objdump --raw --vma 0x1000 "$T/flex.sframe") \
       <(sfref dump --format=objdump-2.47 --raw --vma 0x1000 "$T/flex.sframe")
}
