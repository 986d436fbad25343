#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/run.sh - what `make bench` measures (bench/README.md): the oracle
# against each libsframe the project fetches, on x86-64 programs of 1,000 to
# 1,000,000 functions whose .sframe sections gas and ld wrote:
#   version 1   Debian 12's as and ld (binutils 2.40)      read by libsframe 2.40
#   version 2   trixie's as and ld (2.44)                  by libsframe 2.44 and 2.47.50
#   version 3   sid's as and ld (2.47.50)                  by libsframe 2.47.50
# The sections are built once and kept under BUILD/bench/sections/ (a second
# run only measures).  Each figure is the median of BENCH_REPEATS runs with
# their minimum and maximum; the output ends with the table of ratios, which
# is also written to BUILD/bench/results.md.
# Environment: BUILD (build), BENCH_SIZES ("1000 10000 100000 1000000"; above
# 100,000 a multiple of 100,000), BENCH_REPEATS (7).
set -euo pipefail
export LC_ALL=C
build=${BUILD:-build}
B=$build/bench
tc=build/toolchains
sizes=${BENCH_SIZES:-1000 10000 100000 1000000}
reps=${BENCH_REPEATS:-7}
die() { echo "bench: $*" >&2; exit 2; }
[ -x "$B/gen-asm" ] && [ -x "$B/bench-oracle" ] || die "run 'make bench' (the programs are not built)"

# The binutils that writes version $1 (a prefix for as, ld, objcopy, readelf).
tools_of() {
  case $1 in
    1) echo "" ;;
    2) echo "$tc/trixie/bin/" ;;
    3) echo "$tc/sid/bin/" ;;
  esac
}
readers_of() {
  case $1 in
    1) echo 2.40 ;;
    2) echo 2.44 2.47 ;;
    3) echo 2.47 ;;
  esac
}

# "ADDR SIZE" of section $2 of ELF file $1, both in hex without 0x.
section_of() {
  "${3}readelf" -SW "$1" | sed -n "s/^ *\[ *[0-9]*\] *$2 *[^ ]* *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p"
}

# $B/asm/fN.s (N functions with _start) and $B/asm/bN.s (without), once.
asm() {
  mkdir -p "$B/asm"
  local f=$B/asm/$1$2.s
  if [ ! -s "$f" ]; then
    if [ "$1" = f ]; then "$B/gen-asm" "$2" > "$f.tmp"; else "$B/gen-asm" "$2" --no-start > "$f.tmp"; fi
    mv "$f.tmp" "$f"
  fi
  echo "$f"
}

# Build $B/sections/vV-N.sframe and .addr ("VMA TEXT_LO TEXT_HI") once.
section() {
  local v=$1 n=$2 t out tmp objs=() i
  t=$(tools_of "$v")
  out=$B/sections/v$v-$n
  [ -s "$out.sframe" ] && [ -s "$out.addr" ] && return 0
  command -v "${t}as" > /dev/null || [ -x "${t}as" ] || { echo "bench: no assembler for version $v (${t}as)" >&2; return 1; }
  tmp=$out.tmp
  rm -rf "$tmp"
  mkdir -p "$tmp"
  if [ "$n" -le 100000 ]; then
    "${t}as" --gsframe -o "$tmp/p.o" "$(asm f "$n")"
    objs=("$tmp/p.o")
  else
    [ $((n % 100000)) -eq 0 ] || die "BENCH_SIZES: $n is above 100000 and not a multiple of it"
    "${t}as" --gsframe -o "$tmp/s.o" "$(asm f 1)"
    "${t}as" --gsframe -o "$tmp/b.o" "$(asm b 100000)"
    objs=("$tmp/s.o")
    for ((i = 0; i < n / 100000; i++)); do objs+=("$tmp/b.o"); done
  fi
  "${t}ld" -e _start -o "$tmp/prog" "${objs[@]}"
  "${t}objcopy" -O binary --only-section=.sframe "$tmp/prog" "$tmp/sframe"
  read -r vma _ < <(section_of "$tmp/prog" '\.sframe' "$t")
  read -r text tsize < <(section_of "$tmp/prog" '\.text' "$t")
  [ -n "$vma" ] && [ -n "$text" ] || die "no .sframe or .text in $tmp/prog"
  echo "0x$vma 0x$text $((0x$text + 0x$tsize))" > "$tmp/addr"
  mv "$tmp/sframe" "$out.sframe"
  mv "$tmp/addr" "$out.addr"
  rm -rf "$tmp"
}

mkdir -p "$B/sections" "$B/results"
rm -f "$B"/results/*.tsv   # this run's figures only
echo "bench: building the sections (kept in $B/sections)"
for v in 1 2 3; do
  for n in $sizes; do
    section "$v" "$n" || true
  done
done

# One run per (section, reader): the oracle and that libsframe in one process.
for v in 1 2 3; do
  for n in $sizes; do
    [ -s "$B/sections/v$v-$n.sframe" ] || continue
    for r in $(readers_of "$v"); do
      bin=$B/bench-libsframe-$r
      [ -x "$bin" ] || { bin=$B/bench-oracle; r=none; }
      echo "bench: version $v, $n functions, libsframe $r"
      # shellcheck disable=SC2046
      "$bin" "$B/sections/v$v-$n.sframe" $(cat "$B/sections/v$v-$n.addr") "$reps" \
        > "$B/results/v$v-$n-$r.tsv"
    done
  done
done

# Print one table row per result file: awk PROGRAM run on it with v, n, r
# (version, functions, libsframe) and bytes (the section's size) set.
rows() {
  local f base v n r
  for f in "$B"/results/v*.tsv; do
    [ -s "$f" ] || continue
    base=${f##*/}; base=${base%.tsv}
    IFS=- read -r v n r <<< "$base"
    awk -v v="${v#v}" -v n="$n" -v r="$r" -v bytes="$(stat -c %s "$B/sections/$v-$n.sframe")" -F '\t' "$1" "$f"
  done | sort -t '|' -k2,2n -k3,3n
}

# The tables.
{
  echo "## Lookup (ns per lookup: median, min-max of $reps runs; 200,000 random PCs)"
  echo
  echo "The oracle with its lookup index (ip and ra modes), without it (the binary search over the"
  echo "FDE array) and by the simple path; the index's size and the time to build it."
  echo
  echo "| version | functions | libsframe | oracle (ip) | oracle (ra) | oracle, no index | oracle simple path | index bytes | index build (us) | libsframe | libsframe / oracle, paired |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  rows '
      $1 == "lookup-ip" { ip = $3; ipr = $4 "-" $5 }
      $1 == "lookup-ra" { ra = $3 }
      $1 == "lookup-bsearch" { bs = $3 }
      $1 == "lookup-simple" { si = $3 }
      $1 == "index" { ib = $3 }
      $1 == "index-build" { it = $3 }
      $1 == "lookup" && $2 == "libsframe" { l = $3; lr = $4 "-" $5 }
      $1 == "lookup-ratio" { q = sprintf("%.2fx (%.2f-%.2f)", $3, $4, $5) }
      END {
        printf "| %s | %d | %s | %.0f (%s) | %.0f | %.0f | %.0f | %d | %.0f | %s | %s |\n", v, n, r, ip, ipr, ra, bs, si, ib, it,
          (l == "" ? "-" : sprintf("%.0f (%s)", l, lr)), (q == "" ? "-" : q)
      }'
  echo
  echo "## Open plus validation (MB/s: median, min-max)"
  echo
  echo "The oracle's sfr_validate_ex (the certificate of a clean section where it applies), its full pass"
  echo "(sfr_ref_validate, the reference validation: every FRE decoded and interpreted; the before of the certificate), and the same"
  echo "section with its FDEs reversed and shuffled (one finding: unsorted), which the certificate takes by"
  echo "sorting the functions by start in scratch (\"certified\": the section / both copies)."
  echo
  echo "| version | functions | libsframe | section bytes | oracle sfr_validate_ex | certified | oracle full pass | FDEs reversed | sorted / reversed | full pass / reversed | FDEs shuffled | sorted / shuffled | libsframe sframe_decode | oracle / libsframe | libsframe heap bytes | oracle: caller provides |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  rows '
      $1 == "validate" && $2 == "oracle" { o = $3; orr = $4 "-" $5 }
      $1 == "validate-full" && $2 == "oracle" { f = $3 }
      $1 == "certified" && $2 == "oracle" { c = $3 }
      $1 == "certified-unsorted" && $2 == "oracle" { cu = $3 }
      $1 == "validate-unsorted" && $2 == "oracle" { u = $3 }
      $1 == "validate-shuffled" && $2 == "oracle" { sh = $3 }
      $1 == "validate" && $2 == "libsframe" { l = $3; lr = $4 "-" $5 }
      $1 == "memory" && $2 == "libsframe" { h = $3 }
      $1 == "memory" && $2 == "oracle" { m = $3 }
      $1 == "scratch" && $2 == "oracle" { sc = $3 }
      $1 == "index" && $2 == "oracle" { ib = $3 }
      END {
        printf "| %s | %d | %s | %d | %.0f (%.0f-%.0f) | %s | %.0f | %s | %s | %s | %s | %s | %s | %s | %s | %d bytes (the section handle) + %d of lookup index + %d of scratch (lent for validation only) |\n", v, n, r, bytes,
          o, substr(orr, 1, index(orr, "-") - 1), substr(orr, index(orr, "-") + 1), (c == 1 ? "yes" : "no") " / " (cu == 1 ? "yes" : "no"), f,
          (u == "" ? "-" : sprintf("%.0f", u)), (u == "" ? "-" : sprintf("%.2fx", o / u)), (u == "" ? "-" : sprintf("%.2fx", f / u)),
          (sh == "" ? "-" : sprintf("%.0f", sh)), (sh == "" ? "-" : sprintf("%.2fx", o / sh)),
          (l == "" ? "-" : sprintf("%.0f", l)), (l == "" ? "-" : sprintf("%.2fx", o / l)), (h == "" ? "-" : sprintf("%d", h)), m, ib, sc
      }'
  echo
  echo "## Rejected out of order (MB/s: median, min-max)"
  echo
  echo "The shuffled copy with one fault made in the middle of its functions: one function grown a"
  echo "byte into the next (fde-overlap), or one function given the next one's FRE data"
  echo "(fre-data-overrun), each rejected for exactly that and the order, against the sorted section."
  echo
  echo "| version | functions | sorted section | shuffled, one overlap | sorted / overlap | shuffled, FRE data shared | sorted / shared |"
  echo "|---|---|---|---|---|---|---|"
  rows '
      $1 == "validate" && $2 == "oracle" { o = $3 }
      $1 == "validate-overlap" && $2 == "oracle" { ov = $3; ovr = $4 "-" $5 }
      $1 == "validate-shared" && $2 == "oracle" { sd = $3; sdr = $4 "-" $5 }
      END {
        if (ov == "" && sd == "") exit
        printf "| %s | %d | %.0f | %s | %s | %s | %s |\n", v, n, o,
          (ov == "" ? "-" : sprintf("%.0f (%s)", ov, ovr)), (ov == "" ? "-" : sprintf("%.2fx", o / ov)),
          (sd == "" ? "-" : sprintf("%.0f (%s)", sd, sdr)), (sd == "" ? "-" : sprintf("%.2fx", o / sd))
      }' | awk -F '|' '!seen[$2 FS $3]++'
  echo
  echo "## Unwinding (ns per frame: median, min-max; 1,000 stacks of 16 frame-pointer frames, bench/bench.c)"
  echo
  echo "| version | functions | oracle sfr_backtrace | frame-pointer walk (the floor) | oracle / floor |"
  echo "|---|---|---|---|---|"
  # The oracle's figure is measured in each reader's process: the first
  # reader's row stands for the version and size.
  rows '
      $1 == "unwind" && $2 == "oracle" { o = $3; orr = $4 "-" $5 }
      $1 == "unwind" && $2 == "fp-walk" { w = $3; wr = $4 "-" $5 }
      END {
        if (o == "") exit
        printf "| %s | %d | %.0f (%s) | %.1f (%s) | %.0fx |\n", v, n, o, orr, w, wr, o / w
      }' | awk -F '|' '!seen[$2 FS $3]++'
  echo
  echo "## Unwinding the harness's recorded stacks (ns per frame: median, min-max of $reps runs; bench/recorded.c)"
  echo
  echo "Snapshots of real programs (harness/snapshots: frames.c and zlib, each producer and option set)"
  echo "taken under QEMU; every caller frame the execution's truth records is checked first."
  echo
  echo "| architecture | stacks | frames (checked against the truth) | oracle sfr_backtrace | frame-pointer walk (the floor) | oracle / floor |"
  echo "|---|---|---|---|---|---|"
  for arch in x86_64 aarch64 s390x; do
    compgen -G "harness/snapshots/$arch-*/section.sframe" > /dev/null || continue
    # shellcheck disable=SC2046
    "$B/bench-recorded" "$reps" $(ls -d harness/snapshots/"$arch"-*/) > "$B/results/recorded-$arch.txt" ||
      { echo "| $arch | bench-recorded failed | | | | |"; continue; }
    awk -v a="$arch" -F '\t' '
      $1 == "snapshots" { s = $3 }
      $1 == "frames" && $2 == "oracle" { f = $3; c = $6; sub(/.*\(/, "", c); sub(/ checked.*/, "", c) }
      $1 == "unwind-recorded" && $2 == "oracle" { o = $3; orr = $4 "-" $5 }
      $1 == "unwind-recorded" && $2 == "fp-walk" { w = $3; wr = $4 "-" $5 }
      END {
        printf "| %s | %d | %d (%s) | %.1f (%s) | %s | %s |\n", a, s, f, c, o, orr,
          (w == "" ? "- (no frame-pointer chain)" : sprintf("%.1f (%s)", w, wr)),
          (w == "" ? "-" : sprintf("%.1fx", o / w))
      }' "$B/results/recorded-$arch.txt"
  done
  echo
  echo "## How lookup cost grows (oracle, ip mode: ns = a + b * log2(functions), least squares)"
  echo
  for v in 1 2 3; do
    cat "$B"/results/v$v-*.tsv 2> /dev/null | awk -F '\t' '$1 == "lookup-ip"' > /dev/null || continue
    for f in "$B"/results/v$v-*.tsv; do
      [ -s "$f" ] || continue
      n=${f##*/v$v-}; n=${n%%-*}
      awk -v n="$n" -F '\t' '$1 == "lookup-ip" { print n, $3; exit }' "$f"
    done | sort -un | awk -v v="$v" '
      { x[NR] = log($1) / log(2); y[NR] = $2; sx += x[NR]; sy += y[NR] }
      END {
        if (NR < 3) { printf "version %s: fewer than 3 sizes, no fit\n\n", v; exit }
        mx = sx / NR; my = sy / NR
        for (i = 1; i <= NR; i++) { sxx += (x[i] - mx) ^ 2; sxy += (x[i] - mx) * (y[i] - my); syy += (y[i] - my) ^ 2 }
        b = sxy / sxx; a = my - b * mx; r2 = syy > 0 ? sxy * sxy / (sxx * syy) : 1
        printf "- version %s: ns = %.1f + %.1f * log2(n), R^2 = %.3f over %d sizes: %s\n", v, a, b, r2, NR,
          (r2 >= 0.9 ? "logarithmic growth holds" : "not logarithmic (caches: see the residuals)")
      }'
  done
  echo
  echo "## Ratios (above 1: the oracle is faster)"
  echo
  echo "| version | functions | libsframe | lookup: libsframe ns / oracle ns | lookup: no index / index | lookup: simple path / fast path | open: oracle MB/s / libsframe MB/s |"
  echo "|---|---|---|---|---|---|---|"
  rows '
      $1 == "lookup-ip" { ip = $3 }
      $1 == "lookup-bsearch" { bs = $3 }
      $1 == "lookup-simple" { si = $3 }
      $1 == "lookup-ratio" { q = $3 }
      $1 == "validate" && $2 == "oracle" { o = $3 }
      $1 == "validate" && $2 == "libsframe" { d = $3 }
      END {
        printf "| %s | %d | %s | %s | %.2fx | %.2fx | %s |\n", v, n, r, (q == "" ? "-" : sprintf("%.2fx", q)),
          bs / ip, si / ip, (d == "" ? "-" : sprintf("%.2fx", o / d))
      }'
  echo
  # The harness's recorder against gdb, when make harness has built it.
  REPEATS=3 bash harness/bench-recorder.sh || echo "(the recorder benchmark failed)"
  echo
  # The harness's checking speed against stack depth (builds QEMU if needed).
  bash harness/bench-depth.sh || echo "(the depth benchmark failed)"
  echo
  # The harness's plugin against plain QEMU on a static Lua and sqlite3 per
  # architecture (issue 53's goal: at most 10x).
  bash harness/bench-qemu.sh || echo "(the plugin-against-QEMU benchmark failed)"
  echo
  # sfcfi's CFI check and conversion against readelf on large real programs.
  BUILD=$build bash bench/sfcfi.sh || echo "(the sfcfi benchmark failed on a program)"
  echo
  # The conformance runner: cases per second per implementation, one case run.
  BUILD=$build bash bench/conformance.sh || echo "(the conformance benchmark failed)"
  echo
  # The suite's own mutation score (conformance/mutants/): every mutant of
  # the catalogue judged over every BENCH_MUTANTS_SAMPLE-th case (10; 1 is
  # the whole corpus, as `make mutants` runs it, some twelve minutes).
  echo "## Mutation score (make mutants, every ${BENCH_MUTANTS_SAMPLE:-10}th case of the corpus)"
  echo
  make -s BUILD="$build" MUTANTS_FLAGS="--sample ${BENCH_MUTANTS_SAMPLE:-10}" mutants 2>&1 |
    grep -E '^(caught|SURVIVED|BROKEN|baseline|mutation score)' | sed 's/^/    /' ||
    echo "(the mutation run failed)"
} > "$B/results.md"
echo
cat "$B/results.md"
