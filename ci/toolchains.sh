#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ci/toolchains.sh - unpack Debian packages of another suite (trixie, sid)
# into the build tree, without touching the system.
#
# Usage: ci/toolchains.sh SUITE PKG...      e.g. ci/toolchains.sh sid binutils libsframe-dev
#        ci/toolchains.sh --print-root SUITE
#        ci/toolchains.sh --only SUITE PKG...  those packages alone, no closure
#                         (pure-Python tools such as meson, run by the host's python3)
#        ci/toolchains.sh --download SUITE PKG...  those packages' .deb files
#                         only, into debs/SUITE, nothing unpacked (their paths
#                         on stdout: packages to audit, never to run)
#        ci/toolchains.sh --source SUITE SRCPKG DIR   the source package, unpacked
#                         into DIR (dpkg-source -x; kept: a second run is a no-op)
#
# What it does, all under build/toolchains/ (TOOLCHAINS= overrides):
#   apt/SUITE/       a private apt configuration: its own sources list naming
#                    SUITE on the mirror this machine's own apt sources name,
#                    its own lists, state and archive cache.  Never the system's.
#   debs/SUITE/      the .deb files (kept: a second run downloads nothing)
#   SUITE/           the root: every package of the closure `dpkg -x`-ed into it
#   SUITE/bin/PROG   a wrapper per program that runs it under the suite's own
#                    loader and libraries (its glibc is newer than Debian 12's)
#   SUITE/VERSIONS   "package version" per unpacked package (what results and
#                    the matrix show)
#   SUITE/stamp-*    one stamp per request: a request already met is a no-op
#
# The closure is computed by apt against an empty dpkg status, so the root
# holds the suite's own libc6 and loader: nothing of the host's is mixed in.
# Never `dpkg -i`; needs no root.  Exit 2 on usage errors, 1 when apt fails.
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")/.." && pwd)
top=${TOOLCHAINS:-$here/build/toolchains}

die() { echo "toolchains: $*" >&2; exit "${2:-1}"; }

if [ "${1:-}" = --print-root ]; then
  [ $# -eq 2 ] || die "usage: $0 --print-root SUITE" 2
  echo "$top/$2"; exit 0
fi
mode=closure
case ${1:-} in --only) mode=only; shift ;; --source) mode=source; shift ;; --download) mode=download; shift ;; esac
[ $# -ge 2 ] || die "usage: $0 [--only] SUITE PKG... | --source SUITE SRCPKG DIR" 2
suite=$1; shift
case $suite in trixie|sid|forky|bookworm) ;; *) die "unknown suite '$suite' (trixie, sid, forky, bookworm)" 2 ;; esac

root=$top/$suite
aptdir=$top/apt/$suite
debs=$top/debs/$suite
if [ $mode = source ]; then
  [ $# -eq 2 ] || die "usage: $0 --source SUITE SRCPKG DIR" 2
  srcpkg=$1; dest=$2
  if [ -f "$dest/.unpacked" ]; then echo "toolchains: $suite: source $srcpkg already unpacked ($dest)"; exit 0; fi
  aptdir=$top/apt/$suite-src
  debs=$top/debs/$suite-src
fi
key=$(printf '%s\n' "$@" | sort -u | tr '\n' ' ' | sha1sum | cut -c1-12)
[ $mode = only ] && key=only-$key
[ $mode = download ] && key=download-$key
stamp=$root/stamp-$key
if [ $mode != source ] && [ -f "$stamp" ]; then
  echo "toolchains: $suite: $* already unpacked ($root)"
  exit 0
fi
mkdir -p "$aptdir"/{lists/partial,cache/archives/partial,etc/preferences.d,etc/apt.conf.d} "$debs" "$root"
: > "$aptdir/status"

# The mirror: the first Debian archive URI the machine's own sources name.
mirror=${DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }' |
           grep -v -e security -e '^#' | sed -n 1p || true)
  [ -n "$mirror" ] || mirror=$(grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
           awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' | grep -v security | sed -n 1p || true)
fi
[ -n "$mirror" ] || die "no Debian mirror found in /etc/apt/sources.list*; set DEBIAN_MIRROR"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
kind=deb; [ $mode = source ] && kind=deb-src
echo "$kind [signed-by=$keyring] $mirror $suite main" > "$aptdir/etc/sources.list"

apt_opts=(
  -o "Dir::Etc::SourceList=$aptdir/etc/sources.list"
  -o "Dir::Etc::SourceParts=/dev/null"
  -o "Dir::Etc::Preferences=/dev/null"
  -o "Dir::Etc::PreferencesParts=$aptdir/etc/preferences.d"
  -o "Dir::State=$aptdir"
  -o "Dir::State::Lists=$aptdir/lists"
  -o "Dir::State::status=$aptdir/status"
  -o "Dir::Cache=$aptdir/cache"
  -o "Dir::Cache::archives=$debs"
  -o "Acquire::Check-Valid-Until=false"
  -o "Acquire::Languages=none"
  -o "APT::Install-Recommends=false"
  -o "APT::Get::List-Cleanup=false"
  -o "Debug::NoLocking=true"
  -o "APT::Sandbox::User=root"
)

# Lists: fetched once (a later request for more packages reuses them).
if [ ! -f "$aptdir/lists-ok" ]; then
  echo "toolchains: $suite: apt-get update ($mirror)"
  apt-get "${apt_opts[@]}" update -q >"$aptdir/update.log" 2>&1 || { tail -n 20 "$aptdir/update.log" >&2; die "apt-get update of $suite failed"; }
  touch "$aptdir/lists-ok"
fi

# Unpack one .deb into the root and note its version; list what is there.
unpack() { # DEB PKG VERSION
  dpkg-deb -x "$1" "$root"
  mkdir -p "$root/.unpacked"
  echo "$3" > "$root/.unpacked/$2"
}
write_versions() {
  for f in "$root"/.unpacked/*; do echo "$(basename "$f") $(cat "$f")"; done | sort > "$root/VERSIONS"
}

if [ $mode = source ]; then
  # Download once into debs/SUITE-src (the .dsc and its tarballs), then unpack.
  if ! ls "$debs/${srcpkg}_"*.dsc >/dev/null 2>&1; then
    echo "toolchains: $suite: downloading source package $srcpkg"
    (cd "$debs" && apt-get "${apt_opts[@]}" source --download-only "$srcpkg") > "$aptdir/source.log" 2>&1 ||
      { tail -n 20 "$aptdir/source.log" >&2; die "apt-get source $srcpkg from $suite failed"; }
  fi
  dsc=$(ls "$debs/${srcpkg}_"*.dsc | sed -n 1p)
  rm -rf "$dest"; mkdir -p "$(dirname "$dest")"
  dpkg-source --no-check -x "$dsc" "$dest" > "$aptdir/unpack.log" 2>&1 ||
    { tail -n 20 "$aptdir/unpack.log" >&2; die "dpkg-source -x $dsc failed"; }
  basename "$dsc" .dsc > "$dest/.unpacked"
  echo "toolchains: $suite: source $(cat "$dest/.unpacked") unpacked into $dest"
  exit 0
fi
if [ $mode = download ]; then
  # The named packages' files, downloaded once; the root is not touched
  # (unpacking, say, libc6-dev there would put its headers before the
  # host's for everything built against the root's libraries).
  for pkg in "$@"; do
    if ! ls "$debs/${pkg}_"*.deb >/dev/null 2>&1; then
      (cd "$debs" && apt-get "${apt_opts[@]}" download "$pkg") > "$aptdir/download.log" 2>&1 ||
        { tail -n 20 "$aptdir/download.log" >&2; die "download of $pkg from $suite failed"; }
    fi
    ls "$debs/${pkg}_"*.deb | sed -n 1p
  done
  exit 0
fi
if [ $mode = only ]; then
  # Just the named packages (no dependencies), downloaded once and unpacked.
  for pkg in "$@"; do
    if ! ls "$debs/${pkg}_"*.deb >/dev/null 2>&1; then
      (cd "$debs" && apt-get "${apt_opts[@]}" download "$pkg") > "$aptdir/download.log" 2>&1 ||
        { tail -n 20 "$aptdir/download.log" >&2; die "download of $pkg from $suite failed"; }
    fi
    deb=$(ls "$debs/${pkg}_"*.deb | sed -n 1p)
    unpack "$deb" "$pkg" "$(dpkg-deb -f "$deb" Version)"
  done
  write_versions
  touch "$stamp"
  echo "toolchains: $suite: unpacked $* into $root"
  exit 0
fi

# The closure of the request against an empty system, as apt resolves it.
apt-get "${apt_opts[@]}" -s install "$@" > "$aptdir/plan.txt" 2>&1 ||
  { cat "$aptdir/plan.txt" >&2; die "apt cannot resolve '$*' in $suite"; }
awk '/^Inst / { v = $3; gsub(/[()]/, "", v); print $2, v }' "$aptdir/plan.txt" > "$aptdir/closure.txt"
[ -s "$aptdir/closure.txt" ] || die "empty closure for '$*' in $suite"

# Download what is not already in debs/ (apt skips files it has).
echo "toolchains: $suite: $(wc -l < "$aptdir/closure.txt") packages for: $*"
apt-get "${apt_opts[@]}" -y -d install "$@" > "$aptdir/download.log" 2>&1 ||
  { tail -n 20 "$aptdir/download.log" >&2; die "download from $suite failed"; }

# Unpack each package of the closure once.
while read -r pkg ver; do
  [ -f "$root/.unpacked/$pkg" ] && continue
  deb=$(ls "$debs/${pkg}_"*.deb 2>/dev/null | sed -n 1p)
  [ -n "$deb" ] || die "no .deb for $pkg $ver in $debs"
  unpack "$deb" "$pkg" "$ver"
done < "$aptdir/closure.txt"
write_versions

# Wrappers: every program in usr/bin runs under the suite's own loader.
loader=$root/usr/lib64/ld-linux-x86-64.so.2
[ -e "$loader" ] || loader=$root/lib64/ld-linux-x86-64.so.2
libpath=$root/usr/lib/x86_64-linux-gnu:$root/lib/x86_64-linux-gnu
for d in "$root"/usr/lib/llvm-*/lib; do [ -d "$d" ] && libpath=$libpath:$d; done
mkdir -p "$root/bin"
for prog in "$root"/usr/bin/* "$root"/usr/lib/llvm-*/bin/*; do
  [ -e "$prog" ] || continue
  name=$(basename "$prog")
  [ -e "$root/bin/$name" ] && [ "$prog" != "${prog#"$root"/usr/lib/llvm-}" ] && continue
  # Only ELF programs (not scripts) need the loader.
  if [ "$(head -c 4 "$prog" 2>/dev/null | od -An -c | tr -d ' ')" = '177ELF' ]; then
    real=$(readlink -f "$prog")
    # (the text-tool adapters read this form and run its line themselves:
    # conformance/adapters/text_driver.c, parse_wrapper)
    cat > "$root/bin/$name" <<EOF
#!/bin/sh
# $suite's $name under $suite's own loader (written by ci/toolchains.sh)
exec "$loader" --library-path "$libpath" --argv0 "\$0" "$real" "\$@"
EOF
    chmod +x "$root/bin/$name"
  fi
done
touch "$stamp"
echo "toolchains: $suite: unpacked into $root"
