#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# build-asm.sh OUT [GAS...] - assemble every hand-written CFI test
# (producers/tests/asm/ARCH/NAME.s) with every GNU as there is, with
# --gsframe, and link each object into a static executable with the same
# release's ld.
#
# GAS names a release: 2.40 (the system's binutils, /usr/bin), 2.44
# (build/toolchains/trixie/bin) or 2.47 (build/toolchains/sid/bin); by
# default all three.  TOOLCHAINS (default build/toolchains beside this
# tree) says where the newer suites were unpacked (ci/peers.sh).  The label
# is the release the tool reports (`as --version`), major.minor.
#
# For each (release, arch) whose tools exist and whose as emits SFrame for
# the arch (2.40 and 2.44 have no s390x SFrame), and each NAME.s, OUT gets
#   OUT/GAS/ARCH/NAME.o        the object (--gsframe; the release's default
#                              SFrame version: 2.40 1, 2.44 2, 2.47 3)
#   OUT/GAS/ARCH/NAME.gas.log  what as printed: its warnings name the
#                              functions it left out of .sframe
#   OUT/GAS/ARCH/NAME          the object linked (ld -static -e FIRST)
#   OUT/GAS/ARCH/NAME.ld.log   what ld printed
#   OUT/GAS/ARCH/NAME.nm       `nm -S` of the executable (function ranges)
#   OUT/GAS/ARCH/NAME.gas-failed  only for a file whose header says
#                              "gas-fails: RELEASE... TEXT" (a known as bug
#                              that stops --gsframe): as's message; the
#                              object is then assembled without --gsframe
# and OUT/manifest lists one line per pair built, "GAS ARCH SFRAME-VERSION",
# and one per pair left out, "# skip GAS ARCH: why".  A file whose header
# has "link: plt LIB.s" is linked dynamically against a shared library
# assembled from asm/ARCH/LIB.s (ld's own PLT and its unwind information).
#
# Exit 0 when every file of every pair built, 1 when something failed (each
# failure is printed), 2 on a usage error.
set -u
shopt -s nullglob

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
asm="$here/asm"
: "${TOOLCHAINS:=$root/build/toolchains}"

[ $# -ge 1 ] || { echo "usage: build-asm.sh OUT [GAS...]" >&2; exit 2; }
out=$1
shift
gases=("$@")
[ ${#gases[@]} -gt 0 ] || gases=(2.40 2.44 2.47)
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)

# bindir GAS: where that release's programs are.
bindir() {
  case "$1" in
    2.40) echo /usr/bin ;;
    2.44) echo "$TOOLCHAINS/trixie/bin" ;;
    2.47) echo "$TOOLCHAINS/sid/bin" ;;
    *) return 1 ;;
  esac
}

# tool GAS ARCH PROG: the path of PROG (as, ld, nm, objdump) for ARCH.
tool() {
  local d
  d=$(bindir "$1") || return 1
  if [ -x "$d/$2-linux-gnu-$3" ]; then
    echo "$d/$2-linux-gnu-$3"
  elif [ "$2" = x86_64 ] && [ -x "$d/$3" ]; then
    echo "$d/$3"
  else
    return 1
  fi
}

# header KEY FILE: the values of the header lines "KEY: value" (comment
# character # or //), one a line.
header() {
  sed -n -E "s@^[[:space:]]*(#|//)[[:space:]]*$1:[[:space:]]*@@p" "$2"
}

# entry FILE: the first function: the label after the first .type ..., function.
entry() {
  sed -n -E 's/^[[:space:]]*\.type[[:space:]]+([A-Za-z_.$][A-Za-z0-9_.$]*)[[:space:]]*,.*function.*/\1/p' "$1" | head -n 1
}

# sframe_version OBJ: the version byte of OBJ's .sframe (empty when none).
sframe_version() {
  local od=$1 obj=$2
  "$od" -s -j .sframe "$obj" 2>/dev/null |
    awk '/^ 0000 / { v = substr($2, 5, 2); print v + 0; exit }'
}

# dynamic_linker ARCH: the program interpreter a dynamic executable names
# (never run here).
dynamic_linker() {
  case "$1" in
    x86_64) echo /lib64/ld-linux-x86-64.so.2 ;;
    aarch64) echo /lib/ld-linux-aarch64.so.1 ;;
    s390x) echo /lib/ld64.so.1 ;;
  esac
}

failed=0
: > "$out/manifest"
for gas in "${gases[@]}"; do
  if ! bindir "$gas" > /dev/null; then
    echo "build-asm: unknown release $gas (2.40, 2.44 or 2.47)" >&2
    exit 2
  fi
  for archdir in "$asm"/*/; do
    arch=$(basename "$archdir")
    if ! { as=$(tool "$gas" "$arch" as) && ld=$(tool "$gas" "$arch" ld) && nm=$(tool "$gas" "$arch" nm) &&
      od=$(tool "$gas" "$arch" objdump); }; then
      echo "# skip $gas $arch: no $arch as/ld/nm/objdump in $(bindir "$gas")" | tee -a "$out/manifest"
      continue
    fi
    label=$("$as" --version 2>/dev/null | head -n 1 | awk '{ print $NF }' | cut -d. -f1-2)
    if [ "$label" != "$gas" ]; then
      echo "# skip $gas $arch: $as is release ${label:-unknown}, not $gas" | tee -a "$out/manifest"
      continue
    fi
    dir="$out/$gas/$arch"
    # this pair's output is ours alone: nothing stale from removed files
    rm -rf "$dir"
    mkdir -p "$dir"
    # Does this release emit SFrame for this arch at all?
    printf '\t.text\nprobe:\n\t.cfi_startproc\n\tnop\n\t.cfi_endproc\n' > "$dir/.probe.s"
    if ! "$as" --gsframe -o "$dir/.probe.o" "$dir/.probe.s" > "$dir/.probe.log" 2>&1; then
      echo "# skip $gas $arch: as --gsframe fails: $(grep -m 1 -i error "$dir/.probe.log" | sed 's/^.*Error: //')" |
        tee -a "$out/manifest"
      rm -f "$dir/.probe.s" "$dir/.probe.o"
      continue
    fi
    rm -f "$dir/.probe.s" "$dir/.probe.o" "$dir/.probe.log"
    version=
    n=0
    for src in "$archdir"*.s; do
      name=$(basename "$src" .s)
      # A file only assembled as a shared library for another (link: plt).
      [ -n "$(header library "$src")" ] && continue
      obj="$dir/$name.o"
      rm -f "$obj" "$dir/$name"
      rm -f "$dir/$name.gas-failed"
      # A file whose header says "gas-fails: RELEASE... TEXT" stops this
      # release's as with --gsframe (a known bug; TEXT is in its message):
      # check that it still does, then assemble it without --gsframe (the
      # CFI alone, for the converter).
      fails=$(header gas-fails "$src")
      if [ -n "$fails" ] && [[ " $fails " == *" $gas "* ]]; then
        want=$(echo "$fails" | sed -E 's/^([0-9.]+[[:space:]]+)+//')
        if "$as" --gsframe -o "$obj" "$src" > "$dir/$name.gas.log" 2>&1; then
          echo "build-asm: $gas $arch $name: as succeeded, but the header says it fails" >&2
          failed=1
          continue
        fi
        if ! grep -qF "$want" "$dir/$name.gas.log"; then
          echo "build-asm: $gas $arch $name: as failed without \"$want\":" >&2
          sed 's/^/  /' "$dir/$name.gas.log" >&2
          failed=1
          continue
        fi
        cp "$dir/$name.gas.log" "$dir/$name.gas-failed"
        # shellcheck disable=SC2046
        if ! "$as" $(header as-flags "$src") -o "$obj" "$src" >> "$dir/$name.gas.log" 2>&1; then
          echo "build-asm: $gas $arch $name: as failed even without --gsframe:" >&2
          sed 's/^/  /' "$dir/$name.gas.log" >&2
          failed=1
          continue
        fi
      else
        # shellcheck disable=SC2046
        if ! "$as" --gsframe $(header as-flags "$src") -o "$obj" "$src" > "$dir/$name.gas.log" 2>&1; then
          echo "build-asm: $gas $arch $name: as failed:" >&2
          sed 's/^/  /' "$dir/$name.gas.log" >&2
          failed=1
          continue
        fi
        v=$(sframe_version "$od" "$obj")
        if [ -z "$v" ]; then
          echo "build-asm: $gas $arch $name: no .sframe in the object" >&2
          failed=1
          continue
        fi
        version=$v
      fi
      start=$(entry "$src")
      plt=$(header link "$src" | sed -n 's/^plt[[:space:]]\{1,\}//p')
      linked=0
      if [ -n "$plt" ]; then
        lib=${plt%.s}
        "$as" --gsframe -o "$dir/lib$lib.o" "$archdir$plt" > "$dir/lib$lib.gas.log" 2>&1 &&
          "$ld" -shared -soname "lib$lib.so" -o "$dir/lib$lib.so" "$dir/lib$lib.o" > "$dir/lib$lib.ld.log" 2>&1 &&
          "$ld" -e "$start" --dynamic-linker "$(dynamic_linker "$arch")" -o "$dir/$name" "$obj" \
            "$dir/lib$lib.so" > "$dir/$name.ld.log" 2>&1 && linked=1
      elif "$ld" -static -e "$start" -o "$dir/$name" "$obj" > "$dir/$name.ld.log" 2>&1; then
        linked=1
      fi
      if [ "$linked" -eq 0 ] || [ ! -x "$dir/$name" ]; then
        echo "build-asm: $gas $arch $name: ld failed:" >&2
        sed 's/^/  /' "$dir/$name.ld.log" >&2
        failed=1
        continue
      fi
      "$nm" -S --defined-only "$dir/$name" > "$dir/$name.nm" 2>/dev/null
      n=$((n + 1))
    done
    echo "$gas $arch ${version:-none}" >> "$out/manifest"
    echo "build-asm: $gas $arch: $n files (SFrame version ${version:-none})"
  done
done
exit $failed
