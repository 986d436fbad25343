# SPDX-License-Identifier: MIT
# make bench: the oracle against every libsframe the project fetches, on
# sections gas and ld wrote (bench/run.sh; bench/README.md says what each
# figure is).  Included by the top Makefile after conformance/conformance.mk
# (the libsframe copies and toolchain paths are the bundled adapters').
BENCH_DIR := $(BUILD)/bench
# The library's own flags (a sanitizer or coverage build links its library
# with the same ones); make bench uses the plain build, -O2.
BENCH_CFLAGS := $(CFLAGS_ALL) -Idecoder/src -Idecoder/fast -Icommon
BENCH_BINS := $(BENCH_DIR)/gen-asm $(BENCH_DIR)/bench-oracle $(BENCH_DIR)/bench-recorded \
              $(BENCH_DIR)/case-cost
ifneq ($(wildcard /usr/include/sframe-api.h),)
BENCH_BINS += $(BENCH_DIR)/bench-libsframe-2.40
endif
ifneq ($(wildcard $(TC_TRIXIE)/usr/include/sframe-api.h),)
BENCH_BINS += $(BENCH_DIR)/bench-libsframe-2.44
endif
ifneq ($(wildcard $(TC_SID)/usr/include/sframe-api.h),)
BENCH_BINS += $(BENCH_DIR)/bench-libsframe-2.47
endif

$(BENCH_DIR)/gen-asm: bench/gen-asm.c $(SFC_TOOLS_LIB)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(DEPFLAGS) -o $@ $< $(SFC_TOOLS_LIB)
# bench.c times; sections.c builds what it times from a section.
BENCH_SRCS := bench/bench.c bench/sections.c
BENCH_DEPS := $(BENCH_SRCS) $(SFC_TOOLS_LIB) $(STATIC)
$(BENCH_DIR)/bench-oracle: $(BENCH_DEPS)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -DBENCH_NO_LIBSFRAME -o $@ $(BENCH_SRCS) $(SFC_TOOLS_LIB) $(STATIC)
	@$(call link_deps,$(BENCH_CFLAGS) -DBENCH_NO_LIBSFRAME,$(BENCH_SRCS))
# The harness's recorded stacks, read with sfref's snapshot reader
# (decoder/cli/cli.mk's SFR_DUMP_LIB).
$(BENCH_DIR)/bench-recorded: bench/recorded.c $(SFR_DUMP_LIB) $(SFC_TOOLS_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Idecoder/cli $(DEPFLAGS) -o $@ bench/recorded.c $(SFR_DUMP_LIB) $(SFC_TOOLS_LIB) $(STATIC)
$(BENCH_DIR)/bench-libsframe-2.40: $(BENCH_DEPS)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ $(BENCH_SRCS) $(SFC_TOOLS_LIB) $(STATIC) -lsframe
	@$(call link_deps,$(BENCH_CFLAGS),$(BENCH_SRCS))
# The libsframe copies the bundled adapters' rules make (libsframe.mk).
$(BENCH_DIR)/bench-libsframe-2.44: $(BENCH_DEPS) $(SFA_LIBSFRAME_244)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -I$(TC_TRIXIE)/usr/include -o $@ $(BENCH_SRCS) $(SFC_TOOLS_LIB) $(STATIC) \
	  -L$(BUILD)/lib/libsframe-2.44 -Wl,-rpath,$(abspath $(BUILD)/lib/libsframe-2.44) -lsframe
	@$(call link_deps,$(BENCH_CFLAGS) -I$(TC_TRIXIE)/usr/include,$(BENCH_SRCS))
$(BENCH_DIR)/bench-libsframe-2.47: $(BENCH_DEPS) $(SFA_LIBSFRAME_247)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -I$(TC_SID)/usr/include -o $@ $(BENCH_SRCS) $(SFC_TOOLS_LIB) $(STATIC) \
	  -L$(BUILD)/lib/libsframe-2.47 -Wl,-rpath,$(abspath $(BUILD)/lib/libsframe-2.47) -lsframe
	@$(call link_deps,$(BENCH_CFLAGS) -I$(TC_SID)/usr/include,$(BENCH_SRCS))

# The cost of one case run through the conformance runner's process runner
# (bench/conformance.sh).
$(BENCH_DIR)/case-cost: bench/case-cost.c $(SFC_PROC_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icommon $(DEPFLAGS) -o $@ $< $(SFC_PROC_LIB)

.PHONY: bench bench-build bench-run bench-conformance
bench-build: $(BENCH_BINS)
# bench/tests/bench.bats runs them on small programs in make check.
tests: $(BENCH_BINS)
# Dependencies and the newer suites first, then a make that sees them.
bench:
	bash ci/install-deps.sh conformance
	$(MAKE) -s bench-run
# bench/sfcfi.sh times sfcfi (producers/producers.mk) against readelf.
bench-run: bench-build $(BUILD)/bin/sfcfi conformance-build
	[ -f $(BUILD)/corpus/manifest-v3.txt ] || $(MAKE) -s corpus
	BUILD=$(BUILD) bash bench/run.sh
# The conformance runner's throughput alone (bench/conformance.sh; IMPL= one
# or more adapters, default all): make bench-conformance [IMPL=reference]
bench-conformance: $(BENCH_DIR)/case-cost conformance-build
	[ -f $(BUILD)/corpus/manifest-v3.txt ] || $(MAKE) -s corpus
	BUILD=$(BUILD) bash bench/conformance.sh $(IMPL)
