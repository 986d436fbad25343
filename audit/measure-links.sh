#!/bin/bash
# SPDX-License-Identifier: MIT
# audit/measure-links.sh - measures what each linker the suite knows makes
# of the .sframe sections of a link, in every situation sfaudit keys its
# predictions by, and writes audit/links.tsv (audit/README.md).
#
# Usage: audit/measure-links.sh [--out FILE] [ARCH...]
#   ARCH      x86_64, aarch64, s390x (default: all three)
#   --out     where to write the table (default: audit/links.tsv)
#
# A situation is: the SFrame kinds (version and section type) of the
# inputs whose .sframe has functions, the kinds of those whose .sframe is
# empty (a header and no function, as Ubuntu 25.10's Scrt1.o), whether
# objects with CFI and no .sframe are mixed in, and the way of linking
# (static; gc: --gc-sections; kernel: a script that does not place .sframe,
# --orphan-handling=error).  Each is built from small C files compiled by
# gcc 12 with each gas the suite has (2.40: version 1, 2.44: version 2,
# 2.47.50: version 3; s390x: 2.47.50 only), linked by `sfaudit --confirm`
# with every linker of producers/toolchains.sh, whose observed outcome,
# output validity and kernel refusals become the row (audit/links-compact.py
# writes them, one record per situation).  What each outcome rests on is
# said by sfaudit's rules (audit/audit_rules.c), which `sfaudit
# --check-links` holds to the table.
#
# Needs: make sfaudit, and bash producers/toolchains.sh (the quick set is
# enough; a linker it lacks gets no rows and sfaudit says "not measured").
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=$here/audit/links.tsv
arches=()
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift ;;
    -h|--help) sed -n '3,27p' "$0"; exit 0 ;;
    x86_64|aarch64|s390x) arches+=("$1") ;;
    *) echo "measure-links: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
[ ${#arches[@]} -gt 0 ] || arches=(x86_64 aarch64 s390x)
TC=$here/build/producers/tc
SFAUDIT=$here/build/bin/sfaudit
[ -x "$SFAUDIT" ] || { echo "measure-links: build sfaudit first (make sfaudit)" >&2; exit 2; }
work=$(mktemp -d /tmp/measure-links.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The pieces: a program (a.c, _start), a library function it calls (b.c),
# a function whose CFI gas cannot put in SFrame, so its .sframe is a
# header alone (e.c), and code without .sframe (c.c, CFI only).
cat > "$work/a.c" <<'EOF'
int f(int);
void _start(void) { volatile int r = f(1); (void)r; for (;;) {} }
EOF
cat > "$work/b.c" <<'EOF'
int h(int);
__attribute__((noinline)) int f(int x) { volatile int v[8]; v[x & 7] = x; return h(v[x & 7]) + 1; }
EOF
cat > "$work/c.c" <<'EOF'
__attribute__((noinline)) int h(int x) { volatile int v[8]; v[x & 7] = x; return v[x & 7] * 3; }
EOF
cat > "$work/e.c" <<'EOF'
__asm__(".text\n.globl g\n.type g,@function\ng:\n.cfi_startproc\n"
        ".cfi_escape 0x0f,0x03,0x77,0x08,0x06\nnop\n.cfi_endproc\n.size g,.-g\n");
EOF

# compile ARCH GAS SRC OUT: with --gsframe by that gas, or without SFrame (GAS -)
compile() {
  local cc=$TC/cc/gcc12-$1 gsf=() b=()
  if [ "$2" != - ]; then b=(-B "$TC/as/gas-$2-$1/"); gsf=(-Wa,--gsframe); fi
  "$cc" "${b[@]}" -O2 -fno-stack-protector "${gsf[@]}" -c "$work/$3" -o "$4" 2> "$4.log"
}

for arch in "${arches[@]}"; do
  gases=()
  for g in 2.40 2.44 2.47; do
    [ -x "$TC/as/gas-$g-$arch/as" ] && grep -q "^as/gas-$g-$arch	.*	ok" "$TC/TOOLS.tsv" && gases+=("$g")
  done
  [ -x "$TC/cc/gcc12-$arch" ] || { echo "measure-links: no gcc12-$arch under $TC (producers/toolchains.sh)" >&2; exit 2; }
  o=$work/$arch; mkdir -p "$o"
  for g in "${gases[@]}"; do
    for s in a b e; do compile "$arch" "$g" $s.c "$o/$s-$g.o"; done
  done
  compile "$arch" - c.c "$o/c.o"
  compile "$arch" - a.c "$o/a-none.o"; compile "$arch" - b.c "$o/b-none.o"
  # the input sets: none, each version, each pair (the older as the library)
  sets=(-)
  for g in "${gases[@]}"; do sets+=("$g"); done
  for ((i = 0; i < ${#gases[@]}; i++)); do for ((j = i + 1; j < ${#gases[@]}; j++)); do sets+=("${gases[i]}+${gases[j]}"); done; done
  for set in "${sets[@]}"; do
    for em in - "${gases[@]}"; do
      for nosf in 0 1; do
        [ "$set" = - ] && [ "$em" = - ] && [ $nosf = 0 ] && continue
        d=$work/sit; rm -rf "$d"; mkdir -p "$d"
        # file names sort as a link is ordered: crt (empty), library, program, code without SFrame
        if [ "$em" != - ]; then cp "$o/e-$em.o" "$d/0-crt.o"; fi
        case $set in
          -) cp "$o/b-none.o" "$d/1-lib.o"; cp "$o/a-none.o" "$d/2-prog.o" ;;
          *+*) cp "$o/b-${set%+*}.o" "$d/1-lib.o"; cp "$o/a-${set#*+}.o" "$d/2-prog.o" ;;
          *) cp "$o/b-$set.o" "$d/1-lib.o"; cp "$o/a-$set.o" "$d/2-prog.o" ;;
        esac
        if [ $nosf = 1 ]; then cp "$o/c.o" "$d/3-nosf.o"; fi
        for mode in static gc kernel; do
          "$SFAUDIT" --json --no-progress --confirm --links /dev/null --link-mode $mode -j 1 "$d" > "$work/out.json" || true
          python3 - "$work/out.json" "$arch" "$mode" "$d/" <<'PY' >> "$work/rows"
import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    p = o.get("prediction")
    if not p or "linked" not in p or p["linked"]["outcome"] == "?":
        continue
    k = p["linked"]
    print("\t".join([sys.argv[2], p["linker"], sys.argv[3], p["inputs"], p["empty"],
                     "1" if p["without_sframe"] else "0", k["outcome"], k["valid"], k["kernel_refusals"],
                     k["detail"].replace("\t", " ").replace(sys.argv[4], "")]))
PY
        done
      done
    done
  done
done
# one record per situation (a set without SFrame makes the same key with
# and without c.o: the first kept), the architectures side by side
python3 "$here/audit/links-compact.py" "$work/rows" "$(date -u +%Y-%m-%d)" > "$work/links.tsv"
mv -f "$work/links.tsv" "$out"
echo "measure-links: $(grep -c '^link' "$out") situations in $out"
