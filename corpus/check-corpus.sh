#!/usr/bin/env bash
# Run every section of the corpus against an sfref (the oracle, or any build
# of it) and check it gives the expected result (corpus/FORMAT.md):
#   valid         exit 0; dump --json equals NAME.dump.json
#   questionable  exit 0, and the expected finding is reported
#   malformed / invalid   exit 1, and the expected finding is reported
#   impl          recorded, never failed
# plus NAME.lookup.json, NAME.objdump and NAME.unwind-K.json (for
# NAME.unwind-K.snapshot) where present, and the class `sfref findings`
# gives the expected finding.
# Usage: corpus/check-corpus.sh SFREF CORPUS_DIR [WRAPPER...]
# Prints one TAP line per source (catalogue, generated, mutants, real).
set -uo pipefail
sfref=$1 dir=$2
shift 2
wrap=("$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
declare -A total bad seen
for src in catalogue generated mutants real; do total[$src]=0; bad[$src]=0; done
: > "$tmp/failures"

fail() { # fail SRC ID WHY
  bad[$1]=$((${bad[$1]} + 1))
  echo "$1 $2: $3" >> "$tmp/failures"
}

for m in "$dir"/manifest-v1.txt "$dir"/manifest-v2.txt "$dir"/manifest-v3.txt; do
  [ -f "$m" ] || continue
  while read -r id class finding abi endian path; do
    f="$dir/$path"
    base=${f%.sframe}
    vma=0 pcs="" src="" unwinds=0
    while IFS= read -r line; do
      case $line in
        "vma: "*) vma=${line#vma: } ;;
        "pcs: "*) pcs=${line#pcs: } ;;
        "unwinds: "*) unwinds=${line#unwinds: } ;;
        "source: "*) src=${line#source: } ;;
      esac
    done < "$base.expect"
    [ -n "$src" ] || src=catalogue
    total[$src]=$((${total[$src]:-0} + 1))
    if [ "$finding" != - ] && [ -z "${seen[$finding]:-}" ]; then
      # The oracle's class for the finding is the one the case expects.
      fclass=$("${wrap[@]}" "$sfref" findings "$finding" | awk '{ print $2 }')
      [ "$fclass" = "$class" ] || [ "$class" = impl ] ||
        { fail "$src" "$id" "sfref findings $finding says class '$fclass', the case $class"; continue; }
      seen[$finding]=1
    fi
    "${wrap[@]}" "$sfref" validate --raw --vma "$vma" "$f" > /dev/null 2> "$tmp/err"
    rc=$?
    case $class in
      valid)
        [ "$rc" -eq 0 ] || { fail "$src" "$id" "valid section rejected (exit $rc): $(head -c 300 "$tmp/err")"; continue; } ;;
      questionable)
        [ "$rc" -eq 0 ] || { fail "$src" "$id" "exit $rc, want 0"; continue; }
        grep -q ": $finding: " "$tmp/err" || { fail "$src" "$id" "no $finding: $(head -c 300 "$tmp/err")"; continue; } ;;
      malformed|invalid)
        [ "$rc" -eq 1 ] || { fail "$src" "$id" "exit $rc, want 1"; continue; }
        grep -q ": $finding: " "$tmp/err" || { fail "$src" "$id" "no $finding: $(head -c 300 "$tmp/err")"; continue; } ;;
      impl)
        [ "$rc" -le 1 ] || { fail "$src" "$id" "crash or usage error (exit $rc)"; continue; }
        echo "$id $rc" >> "$tmp/impl"
        continue ;;
      *) fail "$src" "$id" "unknown class $class"; continue ;;
    esac
    if [ -f "$base.dump.json" ]; then
      "${wrap[@]}" "$sfref" dump --json --raw --vma "$vma" "$f" 2>/dev/null | cmp -s - "$base.dump.json" ||
        { fail "$src" "$id" "dump --json differs from $(basename "$base").dump.json"; continue; }
    fi
    if [ -f "$base.lookup.json" ] && [ -n "$pcs" ]; then
      # shellcheck disable=SC2086
      # An invalid section still answers lookups (exit 1): compare the text.
      "${wrap[@]}" "$sfref" lookup --json --raw --vma "$vma" "$f" $pcs > "$tmp/out" 2>/dev/null
      cmp -s "$tmp/out" "$base.lookup.json" ||
        { fail "$src" "$id" "lookup --json differs from $(basename "$base").lookup.json"; continue; }
    fi
    if [ -f "$base.objdump" ]; then
      "${wrap[@]}" "$sfref" dump --format=objdump --raw --vma "$vma" "$f" 2>/dev/null | cmp -s - "$base.objdump" ||
        { fail "$src" "$id" "dump --format=objdump differs from $(basename "$base").objdump"; continue; }
    fi
    for ((k = 1; k <= unwinds; k++)); do
      "${wrap[@]}" "$sfref" unwind --json --raw --vma "$vma" "$f" "$base.unwind-$k.snapshot" > "$tmp/out" 2>/dev/null
      cmp -s "$tmp/out" "$base.unwind-$k.json" ||
        { fail "$src" "$id" "unwind --json differs from $(basename "$base").unwind-$k.json"; break; }
    done
  done < "$m"
done

for src in catalogue generated mutants real; do
  [ "${total[$src]}" -gt 0 ] || continue
  n=$((n + 1))
  if [ "${bad[$src]}" -eq 0 ]; then
    echo "ok $n - corpus $src: ${total[$src]} sections give their expected results"
  else
    echo "not ok $n - corpus $src: ${bad[$src]} of ${total[$src]} sections differ"
    grep "^$src " "$tmp/failures" | head -n 20 | sed 's/^/#   /'
  fi
done
[ -f "$tmp/impl" ] && echo "# impl cases recorded: $(wc -l < "$tmp/impl")"
[ "$n" -gt 0 ] || { echo "not ok 1 - corpus: no sections under $dir"; n=1; }
echo "1..$n"
grep -q . "$tmp/failures" && exit 1
exit 0
