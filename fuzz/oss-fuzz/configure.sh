#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz/oss-fuzz/configure.sh - write the OSS-Fuzz project directory
# (project.yaml, Dockerfile, build.sh) for submission to OSS-Fuzz's
# projects/sframe-conformance/, from the templates beside this script.
# The project has no public address of its own yet, so the values that name
# it are variables (fuzz/README.md, "OSS-Fuzz"):
#   SFC_MAIN_REPO        the clone URL (git clone must take it)    required
#   SFC_HOMEPAGE         the project's home page      default: SFC_MAIN_REPO
#   SFC_PRIMARY_CONTACT  the maintainer's e-mail address              required
#   SFC_BRANCH           the branch OSS-Fuzz clones               default: main
# Usage: SFC_MAIN_REPO=URL SFC_PRIMARY_CONTACT=ADDR fuzz/oss-fuzz/configure.sh OUT_DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: SFC_MAIN_REPO=URL SFC_PRIMARY_CONTACT=ADDR $0 OUT_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd) out=$1
: "${SFC_MAIN_REPO:?configure.sh: set SFC_MAIN_REPO to the repository's clone URL}"
: "${SFC_PRIMARY_CONTACT:?configure.sh: set SFC_PRIMARY_CONTACT to the maintainer's e-mail address}"
homepage=${SFC_HOMEPAGE:-$SFC_MAIN_REPO} branch=${SFC_BRANCH:-main}
for v in "$SFC_MAIN_REPO" "$homepage" "$SFC_PRIMARY_CONTACT" "$branch"; do
  case $v in *[\"\|\ ]*) echo "configure.sh: '$v': no quotes, bars or spaces" >&2; exit 2 ;; esac
done
mkdir -p "$out"
fill() { sed -e "s|@MAIN_REPO@|$SFC_MAIN_REPO|g" -e "s|@HOMEPAGE@|$homepage|g" \
             -e "s|@PRIMARY_CONTACT@|$SFC_PRIMARY_CONTACT|g" -e "s|@BRANCH@|$branch|g" "$1"; }
fill "$here/project.yaml.in" > "$out/project.yaml"
fill "$here/Dockerfile.in" > "$out/Dockerfile"
cp "$here/build.sh" "$out/build.sh"
chmod +x "$out/build.sh"
echo "configure.sh: $out/project.yaml, Dockerfile, build.sh (main_repo $SFC_MAIN_REPO, branch $branch)"
