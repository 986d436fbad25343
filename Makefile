# SPDX-License-Identifier: MIT
# sframe-conformance: the front door.
#   make                 build the library, header and sfref into build/
#   make check           install test dependencies, build, run every test
#   make coverage        line and branch coverage of decoder/ from the tests
#   make install PREFIX=/usr/local   every tool, the bundled adapters that need no
#                        fetched peer, the corpus, the adapter kit, man pages
#                        (dist/install.mk); make uninstall removes them
#   make dist            the release in build/dist: the sources, sframe-conformance-
#                        VERSION.tar.gz; the corpus, sframe-conformance-corpus-
#                        VERSION.tar.gz (dist/README.md); SHA256SUMS (dist/dist.mk)
# Variant builds go to their own directory: make BUILD=build/asan SAN=1

BUILD   ?= build
PREFIX  ?= /usr/local
# The shared vectors (a ../shared/vectors beside the clone, not part of the
# repository) are an optional extra for the tests: used when present.
SHARED  ?= $(if $(wildcard ../shared/vectors),$(abspath ../shared))
# The version, written once: SFR_VERSION_STRING in the public header.  The
# pkg-config file, make install and make dist (dist/dist.mk) take it from there.
VERSION := $(shell sed -n 's/^\#define SFR_VERSION_STRING "\(.*\)"$$/\1/p' decoder/include/sframe_ref.h)
$(if $(VERSION),,$(error no SFR_VERSION_STRING in decoder/include/sframe_ref.h))
CC      ?= gcc
WARN    := -Wall -Wextra -Werror -std=c11 -pedantic
OPT     ?= -O2 -g
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
COV_FLAGS := --coverage -O0
EXTRA   :=
ifeq ($(SAN),1)
EXTRA += $(SAN_FLAGS)
endif
ifeq ($(COV),1)
EXTRA += $(COV_FLAGS)
OPT := -O0 -g
endif
CFLAGS_ALL := $(WARN) $(OPT) -D_POSIX_C_SOURCE=200809L -Idecoder/include $(EXTRA) $(CFLAGS)

# The oracle: the reference path (decoder/src), the fast layer beside it
# (decoder/fast) and the readers modelled from their code (decoder/profile),
# one library.
# It exports exactly what sframe_ref.h, sframe_kernel.h and sframe_ddprof.h declare
# (SFR_API); everything else is hidden.
LIB_SRCS := $(wildcard decoder/src/*.c decoder/fast/*.c decoder/profile/*.c)
LIB_CFLAGS := -Idecoder/src -Idecoder/fast -Idecoder/profile -fvisibility=hidden
ENC_SRCS := $(wildcard corpus/encoder/*.c)
ENC_OBJS := $(ENC_SRCS:corpus/encoder/%.c=$(BUILD)/obj/enc/%.o)
LIB_OBJS := $(patsubst decoder/%.c,$(BUILD)/obj/lib/%.o,$(LIB_SRCS))
PIC_OBJS := $(patsubst decoder/%.c,$(BUILD)/obj/pic/%.o,$(LIB_SRCS))
# Header dependencies, written by the compiler: every object's and
# program's into $(BUILD)/deps/, the target's path under $(BUILD) mirrored
# there (build/bin/sfref's in build/deps/bin/sfref.d: nothing but programs
# in bin/), by -MMD -MP -MF (included at the end); and for a rule that
# compiles its sources straight into one program, theirs by link_deps (the
# preprocessor's -MM per source: -MMD would keep only the last one's).  No
# rule lists headers.  Each makes its file's directory when the recipe
# runs, and removes the file a build before this layout left beside the
# target (TARGET.d).
#   $(DEPFLAGS)                     on the compile line
#   $(call link_deps,FLAGS,FILES)   in the recipe, after the compile
dep_file = $(BUILD)/deps/$(patsubst $(BUILD)/%,%,$@).d
DEPFLAGS = -MMD -MP -MF $(dep_file)$(shell mkdir -p $(dir $(dep_file)) && rm -f $@.d)
link_deps = mkdir -p $(dir $(dep_file)) && rm -f $@.d && \
  $(CC) $(1) -MM -MP -MT $@ $(filter %.c,$(2)) > $(dep_file)

STATIC := $(BUILD)/lib/libsframe_ref.a
ENC_LIB := $(BUILD)/lib/libsframe_enc.a
SHARED_LIB := $(BUILD)/lib/libsframe_ref.so
SFREF  := $(BUILD)/bin/sfref
UNIT   := $(BUILD)/tests/unit
VECDUMP := $(BUILD)/tests/vecdump

.PHONY: all check test coverage install clean
# A recipe that fails leaves no half-made target behind.
.DELETE_ON_ERROR:
all: $(STATIC) $(SHARED_LIB) $(SFREF) $(BUILD)/include/sframe_ref.h $(BUILD)/include/sframe_kernel.h \
     $(BUILD)/include/sframe_ddprof.h $(BUILD)/lib/pkgconfig/sframe_ref.pc
# The shared tools library and the CLI's renderers (before any rule that
# links them; after `all`, which stays the default goal).
include common/common.mk
include decoder/cli/cli.mk

$(BUILD)/obj/lib/%.o: decoder/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LIB_CFLAGS) $(DEPFLAGS) -c $< -o $@
$(BUILD)/obj/pic/%.o: decoder/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LIB_CFLAGS) $(DEPFLAGS) -fPIC -c $< -o $@
$(BUILD)/obj/enc/%.o: corpus/encoder/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icorpus/encoder $(DEPFLAGS) -c $< -o $@
$(ENC_LIB): $(ENC_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(STATIC): $(LIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(SHARED_LIB): $(PIC_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -shared -Wl,-soname,libsframe_ref.so.0 -o $@ $^
$(BUILD)/include/%.h: decoder/include/%.h
	@mkdir -p $(@D)
	cp $< $@
$(BUILD)/lib/pkgconfig/sframe_ref.pc: decoder/sframe_ref.pc.in Makefile decoder/include/sframe_ref.h
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(abspath $(BUILD))|g' -e 's|@LIBDIR@|$${prefix}/lib|g' \
	  -e 's|@INCLUDEDIR@|$${prefix}/include|g' -e 's|@VERSION@|$(VERSION)|g' $< > $@

# ---- tests ----
TEST_COMMON := decoder/tests/vectors.c decoder/tests/guard.c
UNIT_SRCS := $(wildcard decoder/tests/unit*.c)
$(UNIT): $(UNIT_SRCS) $(TEST_COMMON) $(SFC_TOOLS_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Idecoder/tests -Idecoder/src -Idecoder/fast -Icommon -o $@ $(UNIT_SRCS) $(TEST_COMMON) $(SFC_TOOLS_LIB) $(STATIC)
	@$(call link_deps,$(CFLAGS_ALL) -Idecoder/tests -Idecoder/src -Idecoder/fast -Icommon,$^)
$(VECDUMP): decoder/tests/vecdump.c decoder/tests/vectors.c $(SFC_TOOLS_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Idecoder/tests -Icommon -o $@ decoder/tests/vecdump.c decoder/tests/vectors.c $(SFC_TOOLS_LIB) $(STATIC)
	@$(call link_deps,$(CFLAGS_ALL) -Idecoder/tests -Icommon,$^)

# Later parts (the corpus, ...) add their rules in their own fragments;
# a fragment adds its test programs to CORPUS_TEST_TOOLS.
include $(wildcard corpus/*.mk)
include conformance/conformance.mk
include fuzz/fuzz.mk
include bench/bench.mk
include harness/harness.mk
include dist/dist.mk
include dist/install.mk
include dist/deb.mk
include producers/producers.mk
include audit/audit.mk

tests: all $(UNIT) $(VECDUMP) $(CORPUS_TEST_TOOLS) $(CONFORMANCE_BINS)

# The whole sequence (dependencies, plain build, tests, sanitizer pass,
# coverage) lives in ci/check.sh so that .ci/run and make check agree.
check:
	bash ci/check.sh

# Run the tests of one build variant (used by ci/check.sh).
test: tests
	bash ci/run-tests.sh $(BUILD) "$(SHARED)"

coverage:
	bash ci/coverage.sh "$(SHARED)"

clean:
	rm -rf build

# Every program's and object's header dependencies (see DEPFLAGS), and,
# for a target not rebuilt since they moved to $(BUILD)/deps, the file
# beside it, until it is.
-include $(shell find $(BUILD)/deps -name '*.d' 2>/dev/null)
-include $(foreach d,$(shell find $(BUILD)/bin $(BUILD)/tests $(BUILD)/bench $(BUILD)/lib $(BUILD)/obj -name '*.d' 2>/dev/null),\
  $(if $(wildcard $(BUILD)/deps/$(patsubst $(BUILD)/%,%,$(d))),,$(d)))
