# SPDX-License-Identifier: MIT
# producers/lib.sh - the shell helpers the producers' scripts share
# (producers/toolchains.sh, producers/matrix.sh, harness/run.sh): the
# architectures' names, and the producer table producers/producers.tsv.
# Sourced; defines functions only.  PRODUCERS_TSV overrides the table.
PRODUCERS_TSV=${PRODUCERS_TSV:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/producers.tsv}

# The GNU triplet of ARCH (x86_64-linux-gnu), and its Debian package
# suffix (binutils-x86-64-linux-gnu).
triplet() { case $1 in x86_64) echo x86_64-linux-gnu ;; aarch64) echo aarch64-linux-gnu ;; s390x) echo s390x-linux-gnu ;; esac; }
pkgtrip() { triplet "$1" | tr _ -; }

# prod_ids KIND: the producers of KIND (as, ld, mc, cc), in the table's order.
prod_ids() { awk -F'\t' -v k="$1" '!/^#/ && $2 == k { print $1 }' "$PRODUCERS_TSV"; }
# prod_field ID COLUMN: one column (id kind suite fetch package binary writes own_ld).
prod_field() {
  awk -F'\t' -v id="$1" -v col="$2" '
    BEGIN { n = split("id kind suite fetch package binary writes own_ld", c, " "); for (i = 1; i <= n; i++) at[c[i]] = i }
    !/^#/ && $1 == id { print $(at[col]); found = 1 } END { exit !found }' "$PRODUCERS_TSV"
}
# The SFrame version an assembler writes, and the linker it comes with.
as_version() { prod_field "$1" writes; }
own_ld() { prod_field "$1" own_ld; }
# prod_expand TEXT ARCH ROOT: TEXT with {trip}, {triplet} and {root} put in.
prod_expand() {
  local t; t=${1//\{trip\}/$(pkgtrip "$2")}; t=${t//\{triplet\}/$(triplet "$2")}; echo "${t//\{root\}/$3}"
}
# prod_root ID: the root its suite's programs are under (/usr on the host;
# TRIXIE and SID as the caller has them).
prod_root() {
  case $(prod_field "$1" suite) in host) echo /usr ;; trixie) echo "${TRIXIE:?}" ;; sid) echo "${SID:?}" ;; esac
}
# prod_binary ID ARCH: its program for ARCH when it is there, else nothing.
prod_binary() {
  local p; p=$(prod_expand "$(prod_field "$1" binary)" "$2" "$(prod_root "$1")")
  if [ -x "$p" ]; then echo "$p"; fi
}
# prod_package ID ARCH, prod_version ID ARCH: the package that names its
# version, and that version (the host's dpkg, or the suite's unpacked record).
prod_package() { prod_expand "$(prod_field "$1" package)" "$2" ""; }
prod_version() {
  local pkg; pkg=$(prod_package "$1" "$2")
  case $(prod_field "$1" suite) in
    host) dpkg-query -W -f '${Version}' "$pkg" 2>/dev/null || true ;;
    *) cat "$(prod_root "$1")/.unpacked/$pkg" 2>/dev/null || true ;;
  esac
}
# prod_fetch SUITE WHEN ARCHES: the packages to unpack from SUITE for the
# producers whose fetch column says WHEN (yes: --quick runs need them; no:
# only full runs), each cross architecture's for {xtrip}.
prod_fetch() {
  local suite=$1 when=$2 arches=$3 id f pkgs=() p a
  for id in $(awk -F'\t' -v s="$suite" '!/^#/ && $3 == s { print $1 }' "$PRODUCERS_TSV"); do
    f=$(prod_field "$id" fetch)
    [ "${f%%:*}" = "$when" ] || continue
    for p in ${f#*:}; do
      case $p in
        -) ;;
        *'{xtrip}'*) for a in $arches; do [ "$a" = x86_64 ] || pkgs+=("${p//\{xtrip\}/$(pkgtrip "$a")}"); done ;;
        *'{trip}'*) for a in $arches; do pkgs+=("${p//\{trip\}/$(pkgtrip "$a")}"); done ;;
        *) pkgs+=("$p") ;;
      esac
    done
  done
  printf '%s\n' "${pkgs[@]}" | awk 'NF && !seen[$0]++'
}
