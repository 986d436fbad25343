#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# harness/shipped.sh - `make shipped`: programs as Debian ships them, for
# amd64, arm64 and s390x, with every module they load converted, checked by
# execution.
#
# For each architecture: the workloads' Debian packages and every library
# package they depend on (bookworm; common/debian-apt.sh's private apt
# setup, downloaded once under build/shipped/debs, never installed) are
# unpacked into build/shipped/ARCH/pkgs.  A root beside it (hard links,
# build/shipped/ARCH/root) has each module a workload loads converted in
# place to SFrame version 3 with `sfcfi convert --elf`: the program, the
# dynamic loader, every library it links (DT_NEEDED, followed to the end),
# the modules it dlopens.  The program then runs under QEMU with the root as
# its file system root (harness/run.sh --root) and every converted module
# given with --lib, so every instruction of a module with SFrame is checked
# across module boundaries: ld.so's start-up and lazy binding, PLT stubs,
# IFUNC resolvers, callbacks from libc (qsort through ctypes), dlopened
# modules (Python's lib-dynload, Perl's XS), threads, C++ exceptions through
# libstdc++ and libgcc_s.  Wrong unwinds matching a line of
# harness/shipped-attributions.txt are attributed; any other fails the run.
#
# Usage: harness/shipped.sh [--quick] [--arch A[,A...]] [-j N] [--out DIR] [--only NAME[,NAME...]]
#   --quick  the short pass `make check` runs (ls on each architecture,
#            python3 on x86-64, with less work)
#   --arch   x86_64, aarch64, s390x (default: all three)
#   -j N     N architectures at once (default 1; each is one QEMU process)
#   --out    results (default build/harness/shipped): OUT/results.md, a
#            table per workload and module; OUT/results.json; each run's
#            harness output under OUT/runs/ARCH-NAME/
#   --only   these workloads (a partial run: no speed reference)
# Exit 0 when every workload ran, checked instructions and unwound right
# (or attributed); 1 otherwise; 2 on usage errors.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=common/debian-apt.sh
. "$here/common/debian-apt.sh"
SFCFI=$here/build/bin/sfcfi
top=$here/build/shipped
out=$here/build/harness/shipped quick=0 only="" arches="x86_64 aarch64 s390x" root="" logs="" jobs=1
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --out) out=${2:?}; shift 2 ;;
    --only) only=${2:?}; shift 2 ;;
    --arch) arches=${2:?}; arches=${arches//,/ }; shift 2 ;;
    -j) jobs=${2:?}; shift 2 ;;
    -h|--help) sed -n '3,/^# (or attributed)/p' "$0"; exit 0 ;;
    *) echo "shipped: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case $jobs in ''|*[!0-9]*|0) echo "shipped: -j wants a number of jobs, not '$jobs'" >&2; exit 2 ;; esac
for a in $arches; do
  case $a in x86_64|aarch64|s390x) ;; *) echo "shipped: unknown architecture '$a' (x86_64, aarch64, s390x)" >&2; exit 2 ;; esac
done
[ -x "$SFCFI" ] || { echo "shipped: no $SFCFI (make build/bin/sfcfi)" >&2; exit 2; }
out=$(mkdir -p "$out" && cd "$out" && pwd)
mkdir -p "$out/runs" "$out/input"

debarch() { case $1 in x86_64) echo amd64 ;; aarch64) echo arm64 ;; s390x) echo s390x ;; esac; }
# triplet ARCH: the architectures' names the producers' scripts share
. "$here/producers/lib.sh"

# The workloads: WORKLOADS names them; `workload NAME ARCH` sets PKGS (the
# Debian packages with the program), PROG (its path in the root), ARGS,
# DLOPEN (root paths, globs allowed, of the modules it dlopens) and CHECK
# (a fixed string its output, standard or error, must hold: the work was
# done).
WORKLOADS="ls sort python3 python3-tests perl gzip xz sqlite3 cppcheck"
QUICK_WORKLOADS="ls python3"
workload() {
  local t; t=$(triplet "$2")
  DLOPEN=() CHECK=""
  case $1 in
    # (files named by their host path, inside the root: QEMU's -L does not
    # merge directories)
    ls) PKGS="coreutils"; PROG=/bin/ls; ARGS=(-lR "$root/usr/share/doc" "$root/usr/lib/$t"); CHECK="coreutils" ;;
    sort) PKGS="coreutils"; PROG=/usr/bin/sort; ARGS=(--parallel=2 -S 1M -k2,2n -k1,1 "$out/input/words") ;;
    python3) PKGS="python3.11-minimal libpython3.11-stdlib"; PROG=/usr/bin/python3.11
      ARGS=(-c "$(python_script 3000 json,bz2,lzma,sqlite3,decimal)"); CHECK="python3 workload done"
      for m in _json _bz2 _lzma _sqlite3 _decimal _ctypes; do
        DLOPEN+=("/usr/lib/python3.11/lib-dynload/$m.cpython-311-$t.so")
      done ;;
    # the package's own tests (libpython3.11-testsuite), by its own runner
    python3-tests) PKGS="python3.11-minimal libpython3.11-stdlib libpython3.11-testsuite"; PROG=/usr/bin/python3.11
      # (test_json's test_tool runs sys.executable as a child: under QEMU
      # user mode that is another architecture's binary, which the host
      # cannot start without binfmt_misc, so those cases are left out)
      ARGS=(-m test -q test_json test_heapq test_bisect test_textwrap test_string -i 'test.test_json.test_tool.*')
      CHECK="Tests result: SUCCESS"
      DLOPEN=("/usr/lib/python3.11/lib-dynload/_json.cpython-311-$t.so") ;;
    perl) PKGS="perl-base"; PROG=/usr/bin/perl; CHECK="perl workload done"
      ARGS=(-MList::Util=sum,max,shuffle -MPOSIX=floor -e 'my %h; for (1..20000) { $h{$_ % 977} .= $_ } my @k = sort { length($h{$a}) <=> length($h{$b}) or $a <=> $b } keys %h; my $s = sum(map { length } values %h); my @w; open(my $f, "<", $ARGV[0]) or die; while (<$f>) { push @w, (split)[0] } print scalar(@k), " ", $s, " ", max(map { length } @w), " ", floor(@w / 3), "\nperl workload done\n"' "$out/input/words")
      DLOPEN=("/usr/lib/$t/perl-base/auto/List/Util/Util.so" "/usr/lib/$t/perl-base/auto/POSIX/POSIX.so" "/usr/lib/$t/perl-base/auto/Fcntl/Fcntl.so") ;;
    gzip) PKGS="gzip"; PROG=/bin/gzip; ARGS=(-c -6 "$out/input/words") ;;
    xz) PKGS="xz-utils"; PROG=/usr/bin/xz; ARGS=(-T2 -c -3 "$out/input/words") ;;
    sqlite3) PKGS="sqlite3"; PROG=/usr/bin/sqlite3; CHECK="sqlite3 workload done"
      ARGS=(:memory: 'create table t(a,b); with recursive c(x) as (select 1 union all select x+1 from c limit 20000) insert into t select x, x%97 from c; create index i on t(b); select b, count(*) from t group by b order by 2 desc limit 3; select '"'"'sqlite3 workload done'"'"';') ;;
    cppcheck) PKGS="cppcheck"; PROG=/usr/bin/cppcheck; CHECK="syntaxError"
      # the second file is malformed: cppcheck throws (InternalError) and
      # catches it, unwinding through libstdc++ and libgcc_s
      ARGS=(--enable=all --template='{id}' "$here/decoder/src/sfr_fde.c" "$out/input/broken.c") ;;
  esac
  if [ "$quick" = 1 ]; then
    case $1 in
      ls) ARGS=(-l "$root/usr/share/doc") ;;
      python3) ARGS=(-c "$(python_script 300 json)")
        DLOPEN=("/usr/lib/python3.11/lib-dynload/_json.cpython-311-$t.so" "/usr/lib/python3.11/lib-dynload/_ctypes.cpython-311-$t.so") ;;
    esac
  fi
}
# python_script N MODULES: the Python workload: N records through each of
# MODULES (json, bz2, lzma, sqlite3, decimal; each a module Debian builds
# as a shared object it dlopens), libc's qsort calling back into Python
# through ctypes (libffi), a signal delivered to Python's C handler, two
# threads.
python_script() {
  cat <<EOF
import ctypes, threading, zlib, re, os, signal
n, want = ${1}, "${2}".split(",")
got = []
signal.signal(signal.SIGUSR1, lambda *a: got.append(a[0]))
os.kill(os.getpid(), signal.SIGUSR1)  # delivered to Python's C handler
assert got == [signal.SIGUSR1]
d = [{"k": i, "v": str(i) * 3} for i in range(n)]
sizes = [len(zlib.compress(repr(d).encode()))]
if "json" in want:
    import json
    s = json.dumps(d).encode()
    assert json.loads(s) == d
if "bz2" in want:
    import bz2
    sizes.append(len(bz2.compress(s)))
if "lzma" in want:
    import lzma
    sizes.append(len(lzma.compress(s)))
if "sqlite3" in want:
    import sqlite3
    c = sqlite3.connect(":memory:")
    c.execute("create table t(a)")
    c.executemany("insert into t values (?)", [(i,) for i in range(n)])
    sizes.append(c.execute("select sum(a) from t").fetchone()[0])
if "decimal" in want:
    import decimal
    decimal.getcontext().prec = 60
    sizes.append(str(decimal.Decimal(1) / decimal.Decimal(7))[:12])
libc = ctypes.CDLL(None)
arr = (ctypes.c_int * 200)(*[(i * 7919) % 200 for i in range(200)])
CMP = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))
libc.qsort(arr, 200, ctypes.sizeof(ctypes.c_int), CMP(lambda a, b: a[0] - b[0]))
assert list(arr) == sorted(arr)
out = []
def work(k):
    out.append(sum(len(re.findall("1", str(i))) for i in range(k * n // 3)))
ts = [threading.Thread(target=work, args=(k,)) for k in (1, 2)]
for t in ts: t.start()
for t in ts: t.join()
print(sizes, sorted(out))
print("python3 workload done")
EOF
}

# Inputs, the same every run: 200,000 lines of words; a malformed C file.
if [ ! -s "$out/input/words" ]; then
  awk 'BEGIN { srand(1); for (i = 0; i < 200000; i++) { w = ""; for (j = 0; j < 1 + i % 7; j++) w = w sprintf("%c", 97 + int(rand() * 26)); print w, i % 1013 } }' \
    > "$out/input/words"
fi
printf 'int f(int x) {\n  return x + ;\n}\nint g( {\n' > "$out/input/broken.c"

# fetch ARCH PKG...: the packages and every package they depend on,
# unpacked into TOP/DEBARCH/pkgs (each once: what is there is never fetched
# again; the closure is read from apt's local lists), and the root beside
# it: hard links to the unpacked files (a module converted in the root is
# its own file; a package added later is linked in, the conversions made
# stay).  Prints the root.
fetch() {
  local arch=$1 da; shift
  da=$(debarch "$arch")
  local pk=$top/$da/pkgs root=$top/$da/root p deb closure new=()
  debian_apt_init "$top/apt/bookworm" "$top/debs" bookworm amd64 arm64 s390x || return 1
  closure=$(debian_closure "$da" "$@") || return 1
  [ -n "$closure" ] || { echo "shipped: no packages for $*:$da in bookworm's lists" >&2; return 1; }
  mkdir -p "$pk/.unpacked" "$pk/.files"
  local want=() debs=() i
  for p in $closure; do
    [ -f "$pk/.unpacked/$p" ] || want+=("$p")
  done
  # (every missing package by one apt-get)
  if [ ${#want[@]} -gt 0 ]; then
    mapfile -t debs < <(debian_download "$da" "${want[@]}")
    [ ${#debs[@]} -eq ${#want[@]} ] || return 1
  fi
  for i in "${!want[@]}"; do
    p=${want[$i]} deb=${debs[$i]}
    dpkg-deb -x "$deb" "$pk" || { echo "shipped: cannot unpack $deb" >&2; return 1; }
    dpkg-deb -c "$deb" | awk '{ sub(/^\.\//, "", $6); if ($6 != "") print substr($1, 1, 1), $6 }' > "$pk/.files/$p"
    dpkg-deb -f "$deb" Version > "$pk/.unpacked/$p"
    new+=("$p")
  done
  for f in "$pk"/.unpacked/*; do echo "$(basename "$f") $(cat "$f")"; done | sort > "$pk/VERSIONS"
  if [ ! -d "$root" ]; then
    rm -rf "$root.tmp"
    cp -al "$pk" "$root.tmp" || return 1
    # an empty loader cache: the guest's loader searches its own paths,
    # never the host's /etc/ld.so.cache (QEMU falls back to host files)
    mkdir -p "$root.tmp/etc" && rm -f "$root.tmp/etc/ld.so.cache" && : > "$root.tmp/etc/ld.so.cache"
    abs_links "$root.tmp" "$root"
    mv "$root.tmp" "$root"
  elif [ ${#new[@]} -gt 0 ]; then
    # the added packages' files linked in (directories made, links copied)
    local kind path
    for p in "${new[@]}"; do
      while read -r kind path; do
        case $kind in
          d) mkdir -p "$root/$path" ;;
          l) mkdir -p "$(dirname "$root/$path")"; cp -P --remove-destination "$pk/$path" "$root/$path" ;;
          *) mkdir -p "$(dirname "$root/$path")"; ln -f "$pk/$path" "$root/$path" ;;
        esac
      done < "$pk/.files/$p"
    done
    abs_links "$root" "$root"
  fi
  byte_compile "$root" || return 1
  echo "$root"
}

# byte_compile ROOT: Python's standard library in ROOT compiled to
# __pycache__/*.pyc, as Debian's postinst (py3compile) does on install: an
# unpacked package has only the sources, and without the .pyc every import
# compiled them under QEMU (the quick pass's Python workload: 384 million
# instructions, 79 million with them).  By the host's python3 of the same
# minor version (the .pyc format is the minor version's), once a root;
# none when the host has no such python3 (said on stderr).
byte_compile() {
  local lib=$1/usr/lib/python3.11
  [ -d "$lib" ] && [ ! -f "$1/.byte-compiled" ] || return 0
  if [ "$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" != 3.11 ]; then
    echo "shipped: no host python3.11: ${lib#"$top"/} left as sources (imports compile them under QEMU)" >&2
    return 0
  fi
  python3 -m compileall -q -j 0 -d /usr/lib/python3.11 "$lib" > "$1/.byte-compile.log" 2>&1 ||
    { echo "shipped: byte-compiling ${lib#"$top"/} failed: $(tail -n 3 "$1/.byte-compile.log")" >&2; return 1; }
  : > "$1/.byte-compiled"
}

# abs_links DIR ROOT: absolute symbolic links in DIR point into ROOT (the
# host has no such files).
abs_links() {
  find "$1" -type l -lname '/*' ! -lname "$2/*" | while IFS= read -r l; do
    ln -sfn "$2$(readlink "$l")" "$l"
  done
}

# convert FILE: the module converted in place in the root (it is a hard
# link to the unpacked package until then; again when sfcfi is newer).
convert() {
  local f=$1 log=$logs/${1#"$root"/}.log
  mkdir -p "$(dirname "$log")"
  if [ "$(stat -c %h "$f")" -gt 1 ] || [ "$SFCFI" -nt "$f" ]; then
    if ! "$SFCFI" convert --version 3 --elf -o "$f.sfcfi.tmp" "$f" > "$log" 2>&1; then
      echo "shipped: sfcfi convert $f failed: $(tail -n 1 "$log")" >&2
      rm -f "$f.sfcfi.tmp"
      return 1
    fi
    mv "$f.sfcfi.tmp" "$f"
  fi
}

# needed ROOT ARCH FILE: the root paths of the libraries FILE links
# (DT_NEEDED, found where the loader looks: RUNPATH, the system's paths).
needed() {
  local root=$1 t f=$3 lib d found
  t=$(triplet "$2")
  local dirs=()
  for d in $(readelf -dW "$f" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]/\1/p' | tr ':' ' '); do
    dirs+=("$root${d//\$ORIGIN/$(dirname "${f#"$root"}")}")
  done
  dirs+=("$root/lib/$t" "$root/usr/lib/$t" "$root/lib" "$root/usr/lib")
  for lib in $(readelf -dW "$f" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'); do
    found=""
    for d in "${dirs[@]}"; do
      [ -e "$d/$lib" ] && { found=$(realpath "$d/$lib"); break; }
    done
    [ -n "$found" ] || { echo "shipped: ${f#"$root"} links $lib, which no unpacked package has" >&2; return 1; }
    echo "$found"
  done
}

# modules ROOT ARCH FILE...: FILE... and every library they link, to the
# end, each once; the program's interpreter first.
modules() {
  local root=$1 arch=$2; shift 2
  local interp todo=("$@") seen=" " f n
  interp=$(readelf -lW "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
  [ -z "$interp" ] || { realpath "$root$interp"; seen+="$(realpath "$root$interp") "; }
  while [ ${#todo[@]} -gt 0 ]; do
    f=${todo[0]}; todo=("${todo[@]:1}")
    case $seen in *" $f "*) continue ;; esac
    seen+="$f "
    echo "$f"
    n=$(needed "$root" "$arch" "$f") || return 1
    # shellcheck disable=SC2206
    todo+=($n)
  done
}

# The workloads this run takes.
chosen=""
for name in $WORKLOADS; do
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
  if [ "$quick" = 1 ] && [[ " $QUICK_WORKLOADS " != *" $name "* ]]; then continue; fi
  chosen+=" $name"
done
[ -n "$chosen" ] || { echo "shipped: no workload named '$only' ($WORKLOADS)" >&2; exit 2; }

# runs_on NAME ARCH: whether this run takes workload NAME on ARCH (the
# quick pass: ls on each architecture, python3 on x86-64 only; nothing of a
# workload not run is fetched).
runs_on() { [ "$quick" = 0 ] || [ "$1" != python3 ] || [ "$2" = x86_64 ]; }

# The roots, one architecture after the other (one apt state).
declare -A roots
rc=0 ran=0
for arch in $arches; do
  # every chosen workload's packages at once: the root is made once
  pkgs=""
  for name in $chosen; do
    runs_on "$name" "$arch" || continue
    workload "$name" "$arch"; pkgs+=" $PKGS"
  done
  # shellcheck disable=SC2086
  roots[$arch]=$(fetch "$arch" $pkgs) || rc=1
done

# run_arch ARCH: every chosen workload on ARCH; writes "RC RAN" to
# OUT/.status-ARCH.
run_arch() {
  local arch=$1 rc=0 ran=0 name prog seeds g m mods libargs run l
  root=${roots[$arch]}
  [ -n "$root" ] || { echo "1 0" > "$out/.status-$arch"; return; }
  logs=$top/$(debarch "$arch")/convert-logs
  for name in $chosen; do
    runs_on "$name" "$arch" || continue
    workload "$name" "$arch"
    prog=$root$PROG
    [ -f "$prog" ] || { echo "shipped: $arch $name: $PROG is not in the unpacked packages ($PKGS)" >&2; rc=1; continue; }
    seeds=("$(realpath "$prog")")
    for g in "${DLOPEN[@]}"; do
      # shellcheck disable=SC2206
      m=($root$g)
      [ -f "${m[0]}" ] || { echo "shipped: $arch $name: no $g in the unpacked packages" >&2; rc=1; continue 2; }
      seeds+=("$(realpath "${m[0]}")")
    done
    mods=$(modules "$root" "$arch" "${seeds[@]}") || { rc=1; continue; }
    libargs=()
    for m in $mods; do
      convert "$m" || { rc=1; continue 2; }
      [ "$m" = "${seeds[0]}" ] || libargs+=(--lib "$m")
    done
    run=$out/runs/$arch-$name
    rm -rf "$run"
    if bash "$here/harness/run.sh" --bin "$prog" --root "$root" "${libargs[@]}" --lib-idle-ok --progress 0 \
        --attributions "$here/harness/shipped-attributions.txt" --out "$run" -- "${ARGS[@]}" \
        > "$run.log" 2>&1; then
      if [ -n "$CHECK" ] && ! cat "$run"/runs/*.stdout "$run"/runs/*.stderr | grep -F -- "$CHECK" > /dev/null; then
        echo "shipped: $arch $name: its output does not hold '$CHECK': the work was not done ($run/runs/)" >&2
        rc=1
      else
        ran=$((ran + 1))
      fi
    else
      echo "shipped: $arch $name failed: $(grep '^harness:' "$run.log" | tail -n 2 | tr '\n' ' ')" >&2
      rc=1
    fi
    # what the converter left out, per module
    for m in $mods; do
      l=$logs/${m#"$root"/}.log
      [ -f "$l" ] && echo "$m $(sed -n 's/^skipped \([a-z0-9-]*\) \([0-9]*\)$/\1=\2/p' "$l" | tr '\n' ' ')"
    done > "$run.skipped"
  done
  echo "$rc $ran" > "$out/.status-$arch"
}

# The architectures, -j at a time (each run is one QEMU process).
for arch in $arches; do
  rm -f "$out/.status-$arch"
  if [ "$jobs" -gt 1 ]; then
    run_arch "$arch" &
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  else
    run_arch "$arch"
  fi
done
wait
for arch in $arches; do
  read -r r n < "$out/.status-$arch" 2>/dev/null || { r=1; n=0; }
  [ "$r" = 0 ] || rc=1
  ran=$((ran + n))
done

# The speed reference, in the same run: a static program under the same
# harness (Debian's bash-static for amd64, producers/debian-static.sh,
# converted the same way), with the same kind of work as `make harness`'s
# programs.  The report prints the shipped programs' checked instructions
# a second against its.
if [[ " $arches " == *" x86_64 "* ]] && [ -z "$only" ]; then
  ref=$out/runs/reference
  rm -rf "$ref"
  if bash "$here/producers/debian-static.sh" bash-static > "$ref.log" 2>&1; then
    refbin=$top/amd64/bash-static.v3
    "$SFCFI" convert --version 3 --elf -o "$refbin" "$here/build/producers/debian/amd64/bin/bash-static" >> "$ref.log" 2>&1 &&
    bash "$here/harness/run.sh" --bin "$refbin" --progress 0 --out "$ref" \
      --attributions "$here/producers/debian-static-attributions.txt" -- -c \
      "f(){ return 3; }; g(){ f; false; }; for((i=0;i<$([ "$quick" = 1 ] && echo 500 || echo 20000);i++));do ((s+=i)); g; done; true" >> "$ref.log" 2>&1 ||
      { echo "shipped: the speed reference (bash-static under the harness) failed: $ref.log" >&2; rc=1; }
  else
    echo "shipped: cannot fetch bash-static for the speed reference: $ref.log" >&2
    rc=1
  fi
fi

python3 "$here/harness/shipped-report.py" "$out" "$top" || rc=1
[ "$ran" -gt 0 ] || { echo "shipped: no workload ran" >&2; rc=1; }
exit $rc
