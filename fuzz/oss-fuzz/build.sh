#!/bin/bash -eu
# OSS-Fuzz entry point: everything is done by the in-repo script, which
# obeys $CC $CFLAGS $CXX $CXXFLAGS $LIB_FUZZING_ENGINE $OUT $SRC $WORK.
exec bash "$SRC/sframe-conformance/fuzz/build-targets.sh"
