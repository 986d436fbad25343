# SPDX-License-Identifier: MIT
# common/debian-apt.sh - the project's private apt setup, sourced by the
# scripts that fetch Debian packages without installing them
# (producers/debian-static.sh, harness/shipped.sh).
#
# debian_apt_init APTDIR DEBS SUITE ARCH...
#   A private apt configuration under APTDIR: its own sources list naming
#   SUITE on the mirror this machine's own apt sources name (DEBIAN_MIRROR=
#   overrides), the architectures ARCH..., its own lists, state and cache;
#   never the system's apt state.  .deb files go to DEBS.  Sets the array
#   apt_opts.  The lists are fetched once (APTDIR/lists-ok); a failure to
#   reach the archive is an error with its reason.  Needs no root.
# debian_closure ARCH PKG...
#   PKG and every package they depend on (Depends, Pre-Depends, recursively)
#   for ARCH: where every library a program of PKG can load is.  One name
#   per line.
# debian_download ARCH PKG...
#   Each PKG's .deb for ARCH (or "all") in DEBS, downloaded once; prints
#   their paths, one a line, in the order given.  Those not in DEBS yet are
#   fetched by one apt-get (each apt-get start reads the lists of every
#   architecture: some 2 CPU-seconds, which a package at a time made minutes
#   of a closure of a hundred).

debian_mirror() {
  local m=${DEBIAN_MIRROR:-}
  if [ -z "$m" ]; then
    m=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }' |
        grep -v -e security -e '^#' | head -n 1 || true)
    [ -n "$m" ] || m=$(grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
        awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' | grep -v security | head -n 1 || true)
  fi
  [ -n "$m" ] || { echo "debian-apt: no Debian mirror found in /etc/apt/sources.list*; set DEBIAN_MIRROR" >&2; return 1; }
  echo "$m"
}

debian_apt_init() {
  local aptdir=$1 suite=$3 a mirror
  _debs=$2
  shift 3
  _arches="$*"
  _aptcache=$aptdir/cache
  mkdir -p "$aptdir"/{lists/partial,cache/archives/partial,etc/preferences.d,etc/apt.conf.d} "$_debs"
  [ -f "$aptdir/status" ] || : > "$aptdir/status"
  apt_opts=(
    -o "Dir::Etc::SourceList=$aptdir/etc/sources.list"
    -o "Dir::Etc::SourceParts=/dev/null"
    -o "Dir::Etc::Preferences=/dev/null"
    -o "Dir::Etc::PreferencesParts=$aptdir/etc/preferences.d"
    -o "Dir::State=$aptdir"
    -o "Dir::State::Lists=$aptdir/lists"
    -o "Dir::State::status=$aptdir/status"
    -o "Dir::Cache=$aptdir/cache"
    -o "Dir::Cache::archives=$_debs"
    -o "APT::Architecture=amd64"
    -o "Acquire::Check-Valid-Until=false"
    -o "Acquire::Languages=none"
    -o "APT::Get::List-Cleanup=false"
    -o "APT::Update::Error-Mode=any"
    -o "Debug::NoLocking=true"
    -o "APT::Sandbox::User=root"
  )
  for a in $_arches; do apt_opts+=(-o "APT::Architectures::=$a"); done
  [ -f "$aptdir/lists-ok" ] && return 0
  mirror=$(debian_mirror) || return 1
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" > "$aptdir/etc/sources.list"
  echo "debian-apt: $suite: apt-get update ($mirror, $_arches)" >&2
  if ! apt-get "${apt_opts[@]}" update -q > "$aptdir/update.log" 2>&1; then
    tail -n 8 "$aptdir/update.log" >&2
    echo "debian-apt: cannot reach Debian's archive ($mirror $suite): apt-get update failed (log: $aptdir/update.log)" >&2
    return 1
  fi
  for a in $_arches; do
    ls "$aptdir/lists/"*"_${suite}_main_binary-${a}_Packages"* > /dev/null 2>&1 || {
      echo "debian-apt: cannot reach Debian's archive ($mirror $suite): no package list for $a (log: $aptdir/update.log)" >&2
      return 1
    }
  done
  touch "$aptdir/lists-ok"
}

debian_closure() {
  local arch=$1 out try
  shift
  # The architecture asked for is the native one here, so apt names its
  # packages without a ":ARCH" suffix; virtual packages come in <...>.
  # A failing apt-cache is said with its errors, after a second try with
  # its binary caches made again (a CI run once lost a whole architecture
  # to a failure nothing said).
  for try in 1 2; do
    if out=$(apt-cache "${apt_opts[@]}" -o "APT::Architecture=$arch" depends --recurse --no-recommends \
        --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances "$@" 2>&1); then
      echo "$out" | awk '/^[^ <]/ && $1 !~ /:/ { print $1 }' | sort -u
      return 0
    fi
    echo "debian-apt: apt-cache depends $* ($arch) failed (try $try): $(echo "$out" | grep -E '^(E|W):' | sed -n 1,3p | tr '\n' ' ')" >&2
    rm -f "$_aptcache"/*.bin
  done
  return 1
}

_debian_deb() { # ARCH PKG: PKG's .deb in DEBS, if there
  find "$_debs" -maxdepth 1 \( -name "${2}_*_$1.deb" -o -name "${2}_*_all.deb" \) | sort | head -n 1
}
debian_download() {
  local arch=$1 p deb log missing=()
  shift
  for p in "$@"; do
    [ -n "$(_debian_deb "$arch" "$p")" ] || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    log=$_debs/download-$arch.log
    echo "debian-apt: downloading ${missing[*]} ($arch)" >&2
    if ! (cd "$_debs" && apt-get "${apt_opts[@]}" -o "APT::Architecture=$arch" download "${missing[@]}") > "$log" 2>&1; then
      tail -n 4 "$log" >&2
      if grep -q -e 'Unable to locate' -e "Can't select" -e 'has no installation candidate' "$log"; then
        echo "debian-apt: a package of ${missing[*]} is not in the suite for $arch" >&2
      else
        echo "debian-apt: cannot download ${missing[*]} ($arch) from Debian's archive" >&2
      fi
      return 1
    fi
    rm -f "$log"
  fi
  for p in "$@"; do
    deb=$(_debian_deb "$arch" "$p")
    [ -n "$deb" ] || { echo "debian-apt: apt-get download $p:$arch left no .deb in $_debs" >&2; return 1; }
    echo "$deb"
  done
}
