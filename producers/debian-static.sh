#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# producers/debian-static.sh - large statically linked programs that nobody
# in this project built: Debian's own builds, for amd64, arm64 and s390x,
# fetched from Debian's archive and unpacked under build/producers/debian/.
#
# Usage: producers/debian-static.sh [PKG...]     (default: busybox-static bash-static)
#
# What it does, all under build/producers/ (PRODUCERS_TOP= overrides):
#   apt/             a private apt configuration (common/debian-apt.sh): its
#                    own sources list naming SUITE on the mirror this
#                    machine's own apt sources name, APT::Architectures
#                    amd64 arm64 s390x, its own lists, state and cache.
#                    Never the system's apt state.
#   debian/debs/     the .deb files (kept)
#   debian/ARCH/     each package `dpkg-deb -x`-ed (ARCH: amd64 arm64 s390x)
#   debian/ARCH/VERSIONS   "package version" per unpacked package
#   debian/ARCH/stamp-KEY  the request met: a second run downloads nothing
# Then prints each statically linked ELF program found in the packages, with
# its size.  SUITE is bookworm (SUITE= overrides: trixie, sid).  Needs no
# root.  Exit 2 on usage errors, 1 when the archive cannot be reached or a
# package is missing.
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")/.." && pwd)
top=${PRODUCERS_TOP:-$here/build/producers}
suite=${SUITE:-bookworm}
arches="amd64 arm64 s390x"

die() { echo "debian-static: $*" >&2; exit "${2:-1}"; }
case ${1:-} in -h|--help) sed -n '3,23p' "$0"; exit 0 ;; -*) die "unknown option '$1' (see --help)" 2 ;; esac
case $suite in bookworm|trixie|sid) ;; *) die "unknown suite '$suite' (bookworm, trixie, sid)" 2 ;; esac
[ $# -gt 0 ] || set -- busybox-static bash-static
for p in "$@"; do
  case $p in *[!a-z0-9.+-]*|'') die "not a Debian package name: '$p'" 2 ;; esac
done

aptdir=$top/apt/$suite
debs=$top/debian/debs/$suite
key=$(printf '%s\n' "$suite" "$@" | sort -u | tr '\n' ' ' | sha1sum | cut -c1-12)

# The programs of one unpacked package: statically linked ELF files (no
# program interpreter), printed as "path size".
list_static() { # ARCH PKG
  local root=$top/debian/$1 f
  [ -f "$root/.files/$2" ] || return 0
  while IFS= read -r f; do
    f=$root/$f
    if [ ! -f "$f" ] || [ -L "$f" ]; then continue; fi
    [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] || continue
    readelf -lW "$f" 2>/dev/null | grep 'Requesting program interpreter' > /dev/null && continue
    readelf -hW "$f" 2>/dev/null | grep 'Type:.*EXEC\|Type:.*DYN' > /dev/null || continue
    echo "$f $(stat -c %s "$f")"
  done < "$root/.files/$2"
}
report() {
  local a p
  for a in $arches; do
    for p in "$@"; do
      list_static "$a" "$p" | while read -r f s; do
        printf '%-7s %-15s %-12s %s\n' "$a" "$p" "$s" "$f"
      done
    done
  done
}

cached=1
for a in $arches; do [ -f "$top/debian/$a/stamp-$key" ] || cached=0; done
if [ $cached = 1 ]; then
  echo "debian-static: $suite: $* already unpacked for $arches (cached, nothing downloaded)"
  report "$@"
  exit 0
fi

# shellcheck source=common/debian-apt.sh
. "$here/common/debian-apt.sh"
# shellcheck disable=SC2086
debian_apt_init "$aptdir" "$debs" "$suite" $arches || exit 1

# Download each PKG:ARCH once, then unpack it into debian/ARCH.
for a in $arches; do
  root=$top/debian/$a
  mkdir -p "$root/.unpacked" "$root/.files"
  mapfile -t debs < <(debian_download "$a" "$@")
  [ ${#debs[@]} -eq $# ] || die "cannot have $*:$a ($suite)"
  i=0
  for p in "$@"; do
    deb=${debs[$i]}; i=$((i + 1))
    dpkg-deb -x "$deb" "$root"
    dpkg-deb -c "$deb" | awk '$1 !~ /^[dl]/ { sub(/^\.\//, "", $6); print $6 }' > "$root/.files/$p"
    dpkg-deb -f "$deb" Version > "$root/.unpacked/$p"
  done
  for f in "$root"/.unpacked/*; do echo "$(basename "$f") $(cat "$f")"; done | sort > "$root/VERSIONS"
  touch "$root/stamp-$key"
done
echo "debian-static: $suite: unpacked $* under $top/debian/{${arches// /,}}"
report "$@"
