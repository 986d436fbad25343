#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# OSS-Fuzz entry point for sframe-conformance.  Everything is done by the
# in-repo script fuzz/build-targets.sh (it obeys $CC $CFLAGS $CXX $CXXFLAGS
# $LIB_FUZZING_ENGINE $OUT $SRC $WORK $SANITIZER), which builds:
#   decode lookup unwind   the oracle on any bytes as a section
#   roundtrip              model -> corpus encoder -> oracle (own mutator)
#   elf                    any bytes as the ELF file a user gives sfref
#   cfi                    any bytes as the .eh_frame of an ELF file given to
#                          sfcfi: its CFI read by elfutils' libdw, converted
#                          to SFrame, checked; libdw and libelf are linked
#                          statically and are not instrumented (left out
#                          under MSan, and where libdw-dev is missing)
#   diff_libsframe         the oracle against libsframe, only where the
#                          image has libsframe's header (binutils-dev 2.40 or
#                          later) and the sanitizer is not MSan (libsframe is
#                          not instrumented); otherwise left out, and the
#                          script says so on stderr
# and never diff_libsframe3, which needs libsframe 2.47.50 as `make
# toolchains` unpacks it from Debian sid, not a package of the image.
exec bash "$SRC/sframe-conformance/fuzz/build-targets.sh"
