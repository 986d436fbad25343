# SPDX-License-Identifier: MIT
# dist/man/tables.awk - Markdown tables as lists, for a man page (a table
# as wide as PROTOCOL.md's is wider than a terminal, and man warns):
# each row a bullet, "first cell: HEADER2: cell2; HEADER3: cell3"; an empty
# first cell repeats the row above's.  Everything else passes unchanged.
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function cells(line, out,   n, i, parts) {
  line = trim(line); sub(/^\|/, "", line); sub(/\|$/, "", line)
  n = split(line, parts, /\|/)
  for (i = 1; i <= n; i++) out[i] = trim(parts[i])
  return n
}
/^\|/ {
  if ($0 ~ /^\|[-: |]+\|[ \t]*$/) next            # the separator row
  if (!intable) { nh = cells($0, head); intable = 1; last = ""; next }
  n = cells($0, c)
  if (c[1] != "") last = c[1]
  line = "- " last
  for (i = 2; i <= n; i++) line = line (i == 2 ? ": " : "; ") head[i] ": " c[i]
  print line
  next
}
{ if (intable) { intable = 0; print "" } print }
