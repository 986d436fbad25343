#!/usr/bin/env bats
# The real sections of the corpus (corpus/real/build-real.sh, `make
# corpus-real`): sections GNU as emitted, each with what that release's
# objdump --sframe printed.  sfref must accept every one and print the same
# text (SPEC-NOTES.md N26: objdump's quirks are reproduced on purpose).
# Environment (set by the test runner): SFREF, CORPUS (the corpus directory,
# holding real/), SHARED, SFREF_WRAPPER (e.g. valgrind) to run sfref under.

setup() {
  : "${SFREF:=build/bin/sfref}" "${CORPUS:=build/corpus}" "${SHARED:=../shared}"
  R="$CORPUS/real"
  T="$BATS_TEST_TMPDIR"
  [ -d "$R" ] || { echo "no $R: run make corpus-real"; false; }
}

sfref() { ${SFREF_WRAPPER:-} "$SFREF" "$@"; }

# key NAME.expect KEY: the value of one key.
key() { sed -n "s/^$2: //p" "$1"; }

# byte FILE OFFSET: one byte as two hex digits.
byte() { od -An -tx1 -j "$2" -N1 "$1" | tr -d ' \n'; }

# local_count ARCH: how many locally built sections there are for ARCH.
local_count() { find "$R" -maxdepth 1 -name "gas*-$1-*.sframe" | wc -l; }

@test "real: every shared vector is a case with its objdump text" {
  [ -d "$SHARED/vectors" ] || skip "no shared vectors at $SHARED"
  n=0 missing=""
  for f in "$SHARED"/vectors/gas/*.sframe "$SHARED"/vectors/more/*.sframe; do
    b=${f%.sframe} name=shared-${b##*/}
    for ext in sframe expect objdump; do [ -f "$R/$name.$ext" ] || missing="$missing $name.$ext"; done
    cmp -s "$f" "$R/$name.sframe" || missing="$missing $name.sframe(differs)"
    diff -q <(tail -n +2 "$b.objdump") "$R/$name.objdump" >/dev/null || missing="$missing $name.objdump(differs)"
    n=$((n + 1))
  done
  [ -z "$missing" ] || { echo "missing:$missing"; false; }
  [ "$n" -eq "$(find "$R" -maxdepth 1 -name 'shared-*.sframe' | wc -l)" ]
}

@test "real: every .expect has the FORMAT.md keys in order, agreeing with the section's bytes" {
  order="id case title clause class finding version abi endian vma source pcs"
  bad="" n=0
  for e in "$R"/*.expect; do
    b=${e%.expect} name=${b##*/}
    [ "$(cut -d: -f1 "$e" | tr '\n' ' ')" = "$order " ] || { bad="$bad $name(keys)"; continue; }
    [ "$(key "$e" id)" = "real-$name" ] || bad="$bad $name(id)"
    [ "$(key "$e" source)" = real ] || bad="$bad $name(source)"
    [ -z "$(key "$e" pcs)" ] || bad="$bad $name(pcs)"
    [ -f "$b.sframe" ] && [ -f "$b.objdump" ] || bad="$bad $name(files)"
    [ ! -e "$b.dump.json" ] || bad="$bad $name(dump.json)"
    case "$(key "$e" class) $(key "$e" finding)" in
      "valid -"|"questionable fre-start-at-size") ;;
      *) bad="$bad $name(class)" ;;
    esac
    [[ "$(key "$e" vma)" =~ ^0x[0-9a-f]+$ ]] || bad="$bad $name(vma)"
    [ "$(key "$e" version)" = $((16#$(byte "$b.sframe" 2))) ] || bad="$bad $name(version)"
    case "$(byte "$b.sframe" 0)$(byte "$b.sframe" 1) $(key "$e" endian)" in
      "e2de little"|"dee2 big") ;;
      *) bad="$bad $name(endian)" ;;
    esac
    case "$(byte "$b.sframe" 4) $(key "$e" abi)" in
      "01 aarch64-be"|"02 aarch64-le"|"03 amd64"|"04 s390x") ;;
      *) bad="$bad $name(abi)" ;;
    esac
    n=$((n + 1))
  done
  [ -z "$bad" ] || { echo "bad:$bad"; false; }
  [ "$n" -gt 0 ]
  [ "$(cat "$R"/*.expect | sed -n 's/^id: //p' | sort | uniq -d)" = "" ]
}

@test "real: every section validates (exit 0), reporting its expected finding and no other" {
  # valid: no finding at all; questionable: exactly the one in its .expect.
  bad="" n=0
  for f in "$R"/*.sframe; do
    b=${f%.sframe}
    if ! sfref validate --raw --vma "$(key "$b.expect" vma)" "$f" >/dev/null 2>"$T/err"; then
      bad="$bad ${b##*/}(rejected: $(head -c 200 "$T/err"))"
      continue
    fi
    want=$(key "$b.expect" finding)
    got=$(sed -n 's/^sfref: [^:]*: [a-z]*: \([a-z0-9-]*\): .*/\1/p' "$T/err" | sort -u | tr '\n' ' ')
    if [ "$want" = - ]; then
      [ -z "$got" ] || bad="$bad ${b##*/}(got $got)"
    else
      [ "$got" = "$want " ] || bad="$bad ${b##*/}(want $want, got $got)"
    fi
    n=$((n + 1))
  done
  echo "validated $n"
  [ -z "$bad" ] || { echo "differ:$bad"; false; }
  [ "$n" -gt 0 ]
}

@test "real: dump --format=objdump equals that release's objdump text for every section" {
  n=0 bad=""
  for f in "$R"/*.sframe; do
    b=${f%.sframe}
    if sfref dump --format=objdump --raw --vma "$(key "$b.expect" vma)" "$f" 2>/dev/null |
         cmp -s - "$b.objdump"; then
      n=$((n + 1))
    else
      bad="$bad ${b##*/}"
    fi
  done
  echo "matched $n"
  [ -z "$bad" ] || { echo "differ:$bad"; false; }
  [ "$n" -gt 0 ]
}

@test "real: at least 6 sections built here per architecture whose compiler is present" {
  printf 'int f(void) { return 0; }\n' > "$T/p.c"
  checked=0
  if gcc -c -Wa,--gsframe "$T/p.c" -o "$T/p.o" 2>/dev/null; then
    n=$(local_count x86_64); echo "x86_64: $n"; [ "$n" -ge 6 ]; checked=$((checked + 1))
  fi
  if command -v aarch64-linux-gnu-gcc >/dev/null; then
    n=$(local_count aarch64); echo "aarch64: $n"; [ "$n" -ge 6 ]; checked=$((checked + 1))
  fi
  [ "$checked" -gt 0 ] || skip "no compiler that emits SFrame"
}

@test "real: gas 2.40 sections are version 1, x86-64 with ABI 3 and aarch64 with ABI 2" {
  n=0 bad=""
  for f in "$R"/gas240-x86_64-*.sframe "$R"/gas240-aarch64-*.sframe; do
    [ -e "$f" ] || continue
    b=${f%.sframe}
    want=03; [[ "${b##*/}" == gas240-aarch64-* ]] && want=02
    [ "$(byte "$f" 0)$(byte "$f" 1)$(byte "$f" 2)$(byte "$f" 4)" = "e2de01$want" ] || bad="$bad ${b##*/}"
    [ "$(key "$b.expect" version)" = 1 ] || bad="$bad ${b##*/}(expect)"
    n=$((n + 1))
  done
  [ -z "$bad" ] || { echo "wrong:$bad"; false; }
  [ "$n" -gt 0 ] || skip "no gas 2.40 sections (not Debian 12's binutils?)"
}

@test "real: the programs built here reach ADDR1, ADDR2 and ADDR4 FREs, FP-based CFAs, a PLT and a signed RA" {
  for arch in x86_64 aarch64; do
    [ "$(local_count "$arch")" -gt 0 ] || continue
    for f in "$R"/gas*-"$arch"-*.sframe; do
      sfref dump --raw --vma "$(key "${f%.sframe}.expect" vma)" "$f"
    done > "$T/$arch.txt"
    for t in addr1 addr2 addr4; do
      grep -q "FRE type $t" "$T/$arch.txt" || { echo "$arch: no FRE type $t"; false; }
    done
    grep -q "CFA = fp+" "$T/$arch.txt" || { echo "$arch: no FP-based CFA"; false; }
  done
  if [ "$(local_count x86_64)" -gt 0 ]; then
    grep -q "pc-mask" "$T/x86_64.txt" || { echo "x86_64: no PC-mask (PLT) FDE"; false; }
  fi
  if [ "$(local_count aarch64)" -gt 0 ]; then
    cat "$R"/gas*-aarch64-*.objdump | grep -q '\[s\]' || { echo "aarch64: no signed (mangled) RA"; false; }
  fi
}
