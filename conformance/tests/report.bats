#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The HTML matrix template (conformance/report/matrix.html, described in
# conformance/report/README.md): a small synthetic DATA is put in place of
# the placeholder line the way the runner does it, the page is rendered with
# headless Chromium (--dump-dom: the DOM after the page's scripts ran) and
# the rendered rows, cells and totals are checked.  Environment: CHROMIUM,
# the browser to use (default: chromium, chromium-browser, google-chrome on
# PATH); the tests that render are skipped when there is none.

setup() {
  REPO=${REPO:-$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}
  TEMPLATE=$REPO/conformance/report/matrix.html
  if [ -z "${CHROMIUM:-}" ]; then
    for b in chromium chromium-browser google-chrome google-chrome-stable; do
      CHROMIUM=$(command -v "$b" 2>/dev/null) && break
    done
  fi
  DOM=$BATS_TEST_TMPDIR/dom.html
}

# The synthetic results: 8 sections over 3 implementations.  Expected rows
# (folding same case + same status tuple): alpha x2 (v1, v2), alpha (v3,
# unsupported in libsframe), beta, gamma, delta, epsilon, zeta = 7 rows.
data_json() {
  jq -nc '
    def c($id; $case; $v; $abi; $en; $class; $src; $r):
      {id: $id, case: $case, title: ("Title of " + $case), version: $v, abi: $abi, endian: $en,
       class: $class, finding: "", source: $src,
       results: [$r[] | {status: .[0], detail: (.[1] // "")}]};
    {generated: "2024-01-01 synthetic", impls: ["reference", "libsframe", "objdump"],
     cases: [
      c("alpha-v1-amd64-le"; "alpha"; 1; "amd64"; "little"; "valid"; "catalogue"; [["pass"], ["pass"], ["pass"]]),
      c("alpha-v2-amd64-le"; "alpha"; 2; "amd64"; "little"; "valid"; "catalogue"; [["pass"], ["pass"], ["pass"]]),
      c("alpha-v3-s390x-be"; "alpha"; 3; "s390x"; "big"; "valid"; "catalogue";
        [["pass"], ["unsupported", "version 3"], ["pass"]]),
      c("beta-v2-s390x-be"; "beta"; 2; "s390x"; "big"; "invalid"; "generated";
        [["pass"], ["should-reject"], ["wrong-finding", "fre-bad-type"]]),
      c("gamma-v2-aarch64-be-be"; "gamma"; 2; "aarch64-be"; "big"; "malformed"; "mutants";
        [["pass"], ["crash", "SIGSEGV"], ["pass"]]),
      c("delta-v2-s390x-be"; "delta"; 2; "s390x"; "big"; "impl"; "real";
        [["impl-accept"], ["impl-reject"], ["impl-accept"]]),
      c("epsilon-v1-s390x-be"; "epsilon"; 1; "s390x"; "big"; "impl"; "real";
        [["impl-reject"], ["impl-reject"], ["impl-reject"]]),
      c("zeta-v3-amd64-le"; "zeta"; 3; "amd64"; "little"; "valid"; "catalogue";
        [["pass"], ["wrong-output", "$.fdes[0].fres</script>"], ["timeout"]])
     ]}'
}

# fill OUT [ESCAPE]: the template with `const DATA = <json>;` in place of the
# placeholder line.  ESCAPE is "runner" (every `</` as `<\/`, what the runner
# does) or "lt" (every `<` as `\u003c`).
fill() {
  local out=$1 esc=${2:-runner} js=$BATS_TEST_TMPDIR/data.js
  [ "$(grep -cx '/\*SFCONFORM-DATA\*/' "$TEMPLATE")" -eq 1 ]
  if [ "$esc" = runner ]; then
    { printf 'const DATA = '; data_json | sed 's#</#<\\/#g'; printf ';\n'; } > "$js"
  else
    { printf 'const DATA = '; data_json | sed 's#<#\\u003c#g'; printf ';\n'; } > "$js"
  fi
  awk -v f="$js" '$0 == "/*SFCONFORM-DATA*/" { while ((getline l < f) > 0) print l; next } { print }' \
    "$TEMPLATE" > "$out"
  [ "$(grep -cx '/\*SFCONFORM-DATA\*/' "$out")" -eq 0 ]
}

# render FILE [FRAGMENT]: the DOM after the scripts ran, in $DOM.
render() {
  local url="file://$1${2:+#$2}"
  [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ] ||
    skip "no chromium binary (install Debian's chromium or set CHROMIUM=/path/to/chrome)"
  timeout 30 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$BATS_TEST_TMPDIR/profile" --dump-dom "$url" \
    > "$DOM" 2> "$BATS_TEST_TMPDIR/chromium.err" ||
    { echo "chromium failed on $url:"; tail -20 "$BATS_TEST_TMPDIR/chromium.err"; return 1; }
  grep -q '</html>' "$DOM" || { echo "no DOM for $url"; tail -20 "$BATS_TEST_TMPDIR/chromium.err"; return 1; }
}

# One line per body row of the matrix (its <tr ...> up to the next <tr).
rows() { sed 's/<tr /\n<tr /g' "$DOM" | grep '^<tr class="row[ "]' || true; }
# The open tags of the rows: class, data-case, data-count.
row_tags() { rows | grep -o '^<tr class="[^"]*" data-case="[^"]*" data-count="[^"]*"'; }
# cells N: the status classes of the cells of row N (1-based), one per line.
cells() { rows | sed -n "$1p" | grep -o '<td class="cell st-[a-z-]*"' | sed 's/.*cell st-//; s/"$//'; }
# pf IMPL: the "N passed, N failed" text of IMPL's totals.
pf() {
  sed 's/<div class="impl-total"/\n&/g' "$DOM" | grep "^<div class=\"impl-total\" data-impl=\"$1\"" |
    grep -o '<div class="pf">.*' | sed 's#</div>.*##; s/<[^>]*>//g'
}
# count IMPL STATUS: the count of STATUS in IMPL's totals (empty when none).
count() {
  sed 's/<div class="impl-total"/\n&/g' "$DOM" | grep "^<div class=\"impl-total\" data-impl=\"$1\"" |
    grep -o "data-status=\"$2\" data-n=\"[0-9]*\"" | sed 's/.*data-n="//; s/"//'
}

@test "report: template has the placeholder line once, inside a script element" {
  [ "$(grep -cx '/\*SFCONFORM-DATA\*/' "$TEMPLATE")" -eq 1 ]
  awk '/<script>/ { s = 1 } /<\/script>/ { s = 0 } $0 == "/*SFCONFORM-DATA*/" { found = s } END { exit !found }' "$TEMPLATE"
  # A colour for every status of conformance/PROTOCOL.md.
  for s in pass should-accept should-reject wrong-output wrong-finding crash timeout \
           unsupported skip impl-accept impl-reject; do
    grep -Eq "^ *\.st-$s +\{ background: #[0-9a-f]{6}; color: #[0-9a-f]{3,6}; \}" "$TEMPLATE" ||
      { echo "no colour for $s"; false; }
  done
  # Self-contained: nothing fetched from elsewhere.
  [ "$(grep -Eic '<(script|link|img|iframe)[^>]*(src|href)=' "$TEMPLATE")" -eq 0 ]
  [ "$(grep -Eic 'https?://|@import|[^a-z_]url\(' "$TEMPLATE")" -eq 0 ]
}

@test "report: rows, folding, columns and cells" {
  fill "$BATS_TEST_TMPDIR/m.html"
  render "$BATS_TEST_TMPDIR/m.html"
  row_tags
  [ "$(row_tags | wc -l)" -eq 7 ]
  # Row order is first appearance; alpha v1 + v2 fold into one row.
  [ "$(row_tags | sed -n 1p)" = '<tr class="row" data-case="alpha" data-count="2"' ]
  [ "$(row_tags | sed -n 2p)" = '<tr class="row" data-case="alpha" data-count="1"' ]
  [ "$(row_tags | sed 's/.*data-case="\([^"]*\)".*/\1/' | tr '\n' ' ')" = "alpha alpha beta gamma delta epsilon zeta " ]
  [ "$(row_tags | grep -c 'data-count="1"')" -eq 6 ]
  rows | sed -n 1p | grep -qF 'alpha</code><span class="n">×2</span>'
  # One column per implementation, in order, and three cells in every row.
  [ "$(grep -o '<th class="impl" data-impl="[a-z]*"' "$DOM" | sed 's/.*data-impl="//; s/"//' | tr '\n' ' ')" \
    = "reference libsframe objdump " ]
  for n in 1 2 3 4 5 6 7; do [ "$(cells $n | wc -l)" -eq 3 ]; done
  [ "$(cells 1 | tr '\n' ' ')" = "pass pass pass " ]
  [ "$(cells 2 | tr '\n' ' ')" = "pass unsupported pass " ]
  [ "$(cells 3 | tr '\n' ' ')" = "pass should-reject wrong-finding " ]
  [ "$(cells 4 | tr '\n' ' ')" = "pass crash pass " ]
  [ "$(cells 5 | tr '\n' ' ')" = "impl-accept impl-reject impl-accept " ]
  [ "$(cells 7 | tr '\n' ' ')" = "pass wrong-output timeout " ]
  # The detail is the cell's tooltip (also one that holds </script>).
  rows | sed -n 4p | grep -qF '<td class="cell st-crash" data-impl="libsframe" title="SIGSEGV">crash</td>'
  rows | sed -n 2p | grep -qF 'data-impl="libsframe" title="version 3">unsupported</td>'
  rows | sed -n 7p | grep -q 'data-impl="libsframe" title="$.fdes\[0\].fres&lt;/script&gt;">wrong-output</td>'
  # Folded rows are closed: no section list yet.
  [ "$(grep -c '<tr class="sections"' "$DOM")" -eq 0 ]
  grep -qF '8 of 8 sections' "$DOM"
}

@test "report: per-implementation totals" {
  fill "$BATS_TEST_TMPDIR/m.html"
  render "$BATS_TEST_TMPDIR/m.html"
  grep -q '<div id="totals"><div class="impl-total" data-impl="reference">' "$DOM"
  [ "$(pf reference)" = "6 passed, 0 failed" ]
  [ "$(pf libsframe)" = "2 passed, 3 failed" ]
  [ "$(pf objdump)" = "4 passed, 2 failed" ]
  [ "$(count reference pass)" = 6 ]
  [ "$(count reference impl-reject)" = 1 ]
  [ "$(count libsframe crash)" = 1 ]
  [ "$(count libsframe unsupported)" = 1 ]
  [ "$(count libsframe impl-reject)" = 2 ]
  [ "$(count objdump timeout)" = 1 ]
  [ -z "$(count reference crash)" ]
  grep -qF '2024-01-01 synthetic' "$DOM"
}

@test "report: initial filter from the URL fragment and the query" {
  fill "$BATS_TEST_TMPDIR/m.html"
  render "$BATS_TEST_TMPDIR/m.html" 'abi=s390x'
  [ "$(row_tags | sed 's/.*data-case="\([^"]*\)".*/\1/' | tr '\n' ' ')" = "alpha beta delta epsilon " ]
  # Disagreement or failure: beta fails, delta's implementations disagree;
  # alpha (only unsupported besides pass) and epsilon (all agree) go.
  render "$BATS_TEST_TMPDIR/m.html" 'abi=s390x&disagree=1'
  row_tags
  [ "$(row_tags | wc -l)" -eq 2 ]
  [ "$(row_tags | sed 's/.*data-case="\([^"]*\)".*/\1/' | tr '\n' ' ')" = "beta delta " ]
  # Totals follow the filter.
  [ "$(pf reference)" = "1 passed, 0 failed" ]
  [ "$(pf libsframe)" = "0 passed, 1 failed" ]
  grep -qF '2 of 8 sections' "$DOM"
  # Folding applies to the filtered sections: version 1 keeps one alpha.
  render "$BATS_TEST_TMPDIR/m.html" 'version=1'
  [ "$(row_tags | tr '\n' ' ')" = '<tr class="row" data-case="alpha" data-count="1" <tr class="row" data-case="epsilon" data-count="1" ' ]
  # The query string works too.
  cp "$BATS_TEST_TMPDIR/m.html" "$BATS_TEST_TMPDIR/q.html"
  render "$BATS_TEST_TMPDIR/q.html?class=malformed&source=mutants"
  [ "$(row_tags)" = '<tr class="row" data-case="gamma" data-count="1"' ]
}

@test "report: expand=1 lists the sections of every row" {
  fill "$BATS_TEST_TMPDIR/m.html"
  render "$BATS_TEST_TMPDIR/m.html" 'expand=1'
  [ "$(row_tags | wc -l)" -eq 7 ]
  [ "$(row_tags | sed -n 1p)" = '<tr class="row open" data-case="alpha" data-count="2"' ]
  [ "$(grep -o '<tr class="sections"' "$DOM" | wc -l)" -eq 7 ]
  # The folded row's list, right after it, names both sections.
  sed 's/<tr class="row/\n&/g' "$DOM" | grep '^<tr class="row open" data-case="alpha" data-count="2"' > "$BATS_TEST_TMPDIR/alpha"
  [ "$(grep -o 'data-id="[^"]*"' "$BATS_TEST_TMPDIR/alpha" | tr '\n' ' ')" \
    = 'data-id="alpha-v1-amd64-le" data-id="alpha-v2-amd64-le" ' ]
}

@test "report: every '<' escaped as \\u003c survives <!--<script> in a detail" {
  fill "$BATS_TEST_TMPDIR/m.html" lt
  sed -i 's#fres\\u003c/script>#fres\\u003c!--\\u003cscript>#' "$BATS_TEST_TMPDIR/m.html"
  grep -qF 'fres\u003c!--\u003cscript>' "$BATS_TEST_TMPDIR/m.html"
  render "$BATS_TEST_TMPDIR/m.html"
  [ "$(row_tags | wc -l)" -eq 7 ]
  rows | sed -n 7p | grep -q 'title="$.fdes\[0\].fres&lt;!--&lt;script&gt;">wrong-output</td>'
}

@test "report: the unfilled template says it has no data" {
  cp "$TEMPLATE" "$BATS_TEST_TMPDIR/empty.html"
  render "$BATS_TEST_TMPDIR/empty.html"
  grep -q '<div id="error">No data' "$DOM"
  [ "$(row_tags | wc -l)" -eq 0 ]
}
