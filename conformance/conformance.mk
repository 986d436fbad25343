# SPDX-License-Identifier: MIT
# conformance/: the runner, the bundled adapters, the example adapter
# (conformance/PROTOCOL.md).  Included by the top Makefile.
#   make conformance                  every bundled adapter over the corpus
#   make conformance IMPL=./path      one implementation (executable or .so)
#   make conformance IMPL=libsframe-2.47   one bundled adapter (names: make list-adapters)
# CONFORMANCE_FLAGS adds sfconform options (e.g. --sample 20, -j 4).

SFCONFORM     := $(BUILD)/bin/sfconform
SFADAPTER_REF := $(BUILD)/bin/sfadapter-reference
SFADAPTER_DL  := $(BUILD)/bin/sfadapter-dl
EXAMPLE_EXE   := $(BUILD)/bin/example-adapter
EXAMPLE_SO    := $(BUILD)/lib/example-adapter.so
TABLE_EXAMPLE := $(BUILD)/bin/table-adapter

# What the text-tool adapters share (conformance/adapters/sfa_text.h): the
# ELF wrapper, the dump model and its JSON, the GNU text parser.
SFA_TEXT_LIB  := $(BUILD)/lib/libsfa_text.a
SFA_TEXT_SRCS := conformance/adapters/sfa_elf.c conformance/adapters/sfa_text.c \
                 conformance/adapters/gnu_text.c
SFA_CFLAGS    := -Iconformance/adapters -Iconformance/runner -Icommon

$(BUILD)/obj/conformance/%.o: conformance/adapters/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(SFA_CFLAGS) $(DEPFLAGS) -c $< -o $@
$(SFA_TEXT_LIB): $(SFA_TEXT_SRCS:conformance/adapters/%.c=$(BUILD)/obj/conformance/%.o)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
# The adapter kit (adapter_cli.h, sfa_serve.h): the protocol's command line
# and serving, compiled once; every executable adapter links it.
SFA_KIT_LIB := $(BUILD)/lib/libsfa_kit.a
$(SFA_KIT_LIB): $(BUILD)/obj/conformance/sfa_kit.o
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# Each bundled adapter's fragment (conformance/adapters/*.mk) appends its
# name to BUNDLED_ADAPTERS and its programs to BUNDLED_BINS; the runner finds
# a bundled adapter NAME as $(BUILD)/bin/sfadapter-NAME.  Peers from newer
# Debian suites come from ci/toolchains.sh (make toolchains).
BUNDLED_ADAPTERS := reference
BUNDLED_BINS :=
-include $(sort $(wildcard conformance/adapters/*.mk))

CONFORMANCE_BINS := $(SFCONFORM) $(SFADAPTER_REF) $(SFADAPTER_DL) $(EXAMPLE_EXE) $(EXAMPLE_SO) $(TABLE_EXAMPLE) \
                    $(BUNDLED_BINS)
IMPL ?= $(BUNDLED_ADAPTERS)
CONFORMANCE_FLAGS ?=

SFCONFORM_SRCS := $(wildcard conformance/runner/*.c)
$(SFCONFORM): $(SFCONFORM_SRCS) $(SFC_POOL_LIB) $(SFC_PROC_LIB) $(SFC_TOOLS_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Iconformance/runner -Icommon -o $@ $(filter %.c,$^) $(SFC_POOL_LIB) $(SFC_PROC_LIB) $(SFC_TOOLS_LIB)
	@$(call link_deps,$(CFLAGS_ALL) -Iconformance/runner -Icommon,$^)

# (its include flags are also the mutants', conformance/mutants/mutants.mk)
SFADAPTER_REF_CFLAGS := -Idecoder/cli -Idecoder/src -Idecoder/fast -Icommon
$(SFADAPTER_REF): conformance/adapters/reference.c $(SFA_KIT_LIB) $(SFR_DUMP_LIB) $(STATIC) $(SFC_TOOLS_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(SFADAPTER_REF_CFLAGS) $(DEPFLAGS) -o $@ \
	  conformance/adapters/reference.c $(SFA_KIT_LIB) $(SFR_DUMP_LIB) $(SFC_TOOLS_LIB) $(STATIC)

$(SFADAPTER_DL): conformance/adapters/sfadapter-dl.c $(SFA_KIT_LIB) $(SFC_TOOLS_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Iconformance/include -Icommon $(DEPFLAGS) -o $@ $< $(SFA_KIT_LIB) $(SFC_TOOLS_LIB) -ldl

$(EXAMPLE_EXE): conformance/examples/example-adapter.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Iconformance/include $(DEPFLAGS) -o $@ $< $(STATIC)

# The second example: a lookup-only reader with its own tables, built on
# nothing of the oracle's (no include path, no library).
$(TABLE_EXAMPLE): conformance/examples/table-adapter.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Iconformance/include $(DEPFLAGS) -o $@ $<

$(EXAMPLE_SO): conformance/examples/example-adapter.c $(PIC_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -DSFA_LIBRARY -Iconformance/include $(DEPFLAGS) -shared -fPIC -o $@ $< $(PIC_OBJS)

# A library that misbehaves on purpose, for runner.bats (serving).
BROKEN_LIB_SO := $(BUILD)/lib/broken-lib.so
$(BROKEN_LIB_SO): conformance/tests/broken-lib.c $(PIC_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -DSFA_LIBRARY -Iconformance/include $(DEPFLAGS) -shared -fPIC -o $@ $< $(PIC_OBJS)
tests: $(BROKEN_LIB_SO)

# The unit test of the runner's JSON reader (TAP; ci/run-tests.sh runs it).
JSON_TEST := $(BUILD)/tests/json_test
$(JSON_TEST): conformance/tests/json_test.c conformance/runner/json.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Iconformance/runner -o $@ conformance/tests/json_test.c conformance/runner/json.c
	@$(call link_deps,$(CFLAGS_ALL) -Iconformance/runner,$^)
tests: $(JSON_TEST)

# The unit test of the GNU objdump / readelf text parser against the real
# sections' objdump texts (TAP; ci/run-tests.sh runs it on corpus/real/sections).
GNU_TEXT_TEST := $(BUILD)/tests/gnu_text_test
$(GNU_TEXT_TEST): conformance/tests/gnu_text_test.c $(SFA_TEXT_LIB) $(SFC_TOOLS_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(SFA_CFLAGS) $(DEPFLAGS) -o $@ $< $(SFA_TEXT_LIB) $(SFC_TOOLS_LIB) $(STATIC)
tests: $(GNU_TEXT_TEST)

# The unit test of the process runner (TAP; ci/run-tests.sh runs it).

.PHONY: conformance-build conformance conformance-run
conformance-build: $(CONFORMANCE_BINS)

# Dependencies first (apt, and the newer suites' peers under build/toolchains),
# then a fresh make that sees the peers: the bundled adapters it builds and
# runs are the ones whose toolchain is present.  IMPL names bundled adapters
# or paths; the corpus is rebuilt when it is older than its sources.
conformance:
	bash ci/install-deps.sh conformance
	$(MAKE) -s conformance-run

conformance-run: all conformance-build
	m=$(BUILD)/corpus/manifest-v3.txt; [ -f $$m ] && [ -z "$$(find corpus -newer $$m -type f | head -1)" ] || \
	  $(MAKE) -s corpus
	$(SFCONFORM) --corpus $(BUILD)/corpus --out $(BUILD)/conformance $(CONFORMANCE_FLAGS) $(IMPL)

# sfref's objdump text against each release's own objdump, byte for byte,
# over the whole corpus (conformance/objdump-text-check.sh; allowlists of the
# releases' bugs in conformance/objdump-text/): make objdump-text-check
# [REL=2.47] [SAMPLE=N] (the corpus is built when there is none).  A release
# whose objdump is absent is skipped.
OBJDUMP_TEXT_RELS ?= 2.40 2.44 2.47
.PHONY: objdump-text-check
objdump-text-check: all conformance-build
	[ -f $(BUILD)/corpus/manifest-v3.txt ] || $(MAKE) -s corpus
	@rc=0; for r in $(or $(REL),$(OBJDUMP_TEXT_RELS)); do \
	  BUILD=$(BUILD) CORPUS=$(BUILD)/corpus bash conformance/objdump-text-check.sh $$r $(if $(SAMPLE),--sample $(SAMPLE)); \
	  st=$$?; [ $$st -eq 0 ] || [ $$st -eq 77 ] || rc=1; \
	done; exit $$rc

# The peers of newer Debian suites (libsframe, binutils, LLVM, glibc's
# reader), unpacked under build/toolchains by ci/toolchains.sh; a second run
# fetches nothing.
.PHONY: toolchains
toolchains:
	bash ci/peers.sh

# The bundled adapters this checkout can build (their toolchain present).
.PHONY: list-adapters
list-adapters:
	@echo $(BUNDLED_ADAPTERS)

# The suite's own mutation score: make mutants (conformance/mutants/mutants.mk).
include conformance/mutants/mutants.mk
