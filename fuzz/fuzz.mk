# SPDX-License-Identifier: MIT
# fuzz/: the fuzz targets in every build the issue asks for (fuzz/README.md).
#   make fuzz-build           libFuzzer (ASan+UBSan), MSan, AFL++ and the standalone replay
#                             drivers, each where its compiler is present
#   make fuzz-replay          replay the seed corpus and fuzz/regressions/ through every
#                             target (standalone drivers, gcc, ASan+UBSan); part of make check
#   make fuzz FUZZ_SECONDS=N [TARGET=t]   fuzz (two targets at a time), keep new corpus
#                             entries in fuzz/corpus/<t>, minimize crashes into fuzz/regressions/
#   make fuzz-smoke           every target for FUZZ_SMOKE_SECONDS (20) under libFuzzer
#   make fuzz-speed           decode's exec/s without sanitizers on corpus-sized inputs
#   make fuzz-coverage        line and branch coverage of decoder/ from the fuzz corpus
#   make ossfuzz-sim          fuzz/oss-fuzz/build.sh as OSS-Fuzz would run it (libFuzzer, AFL++)

# diff_libsframe3 (libsframe 2.47.50, versions 2 and 3) is built when make
# toolchains has unpacked sid's libsframe3 and libsframe-dev.
FUZZ_SID      := build/toolchains/sid
FUZZ_HAVE_SID := $(if $(wildcard $(FUZZ_SID)/usr/include/sframe-api.h),1)
FUZZ_TARGETS  ?= decode lookup unwind roundtrip elf cfi audit diff_libsframe $(if $(FUZZ_HAVE_SID),diff_libsframe3)
FUZZ_DIR      := $(BUILD)/fuzz
FUZZ_SEEDS    := $(FUZZ_DIR)/seeds
FUZZ_CLANG    ?= clang
FUZZ_AFLCC    ?= afl-clang-fast
FUZZ_WARN     := -std=c11 -Wall -Wextra -Werror -pedantic -D_POSIX_C_SOURCE=200809L
FUZZ_INC      := -Idecoder/include -Idecoder/src -Idecoder/fast -Idecoder/cli -Icorpus/encoder -Icommon -Ifuzz/targets
FUZZ_MODE     := -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
FUZZ_SECONDS  ?= 60
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_SMOKE_SEED ?= 1
TARGET        ?= $(FUZZ_TARGETS)

# What each target links besides the oracle library.  The roundtrip
# target's model, mutator and checker (the checker also linked by the
# round-trip test, corpus/generated.mk).
FUZZ_RT_SRCS := fuzz/targets/rt_model.c fuzz/targets/rt_mutate.c fuzz/targets/rt_check.c
# The cfi target: sfcfi's pieces but its command line (producers/producers.mk),
# the encoder, the tools library; libdw and libelf (Debian's, not
# instrumented: no MSan build of it).
FUZZ_CFI_SRCS = $(filter-out producers/sfcfi/sfcfi.c,$(wildcard producers/sfcfi/*.c)) $(ENC_SRCS) common/sfc_tools.c
fuzz_srcs = fuzz/targets/$(1).c $(LIB_SRCS) \
  $(if $(filter decode,$(1)),decoder/cli/dump.c) \
  $(if $(filter roundtrip,$(1)),$(ENC_SRCS) $(FUZZ_RT_SRCS)) \
  $(if $(filter elf,$(1)),decoder/cli/elf.c decoder/cli/dump.c) \
  $(if $(filter cfi,$(1)),$(FUZZ_CFI_SRCS)) \
  $(if $(filter audit,$(1)),$(FUZZ_CFI_SRCS) $(filter-out audit/sfaudit.c,$(wildcard audit/*.c)) common/sfc_proc.c) \
  $(if $(filter diff_libsframe diff_libsframe3,$(1)),fuzz/targets/diff_core.c)
fuzz_srcs3 = $(if $(filter diff_libsframe3,$(1)),decoder/cli/dump.c common/sfc_tools.c conformance/adapters/libsframe_map.c \
  conformance/adapters/sfa_kit.c)
# diff_libsframe3 links the bundled adapter's API-to-neutral mapping
# (conformance/adapters/libsframe_map.c) and sid's libsframe from a directory of its own (the
# suite's lib directory also holds its newer libc, which must not be found).
FUZZ_LIB3 := $(abspath $(FUZZ_DIR)/lib-libsframe-2.47)
FUZZ_LIB3_LINK := -L$(FUZZ_LIB3) -Wl,-rpath,$(FUZZ_LIB3) -lsframe
fuzz_libs = $(if $(filter diff_libsframe,$(1)),-lsframe) \
  $(if $(filter cfi,$(1)),-Iproducers/sfcfi -Icommon $(SFCFI_LIBS)) \
  $(if $(filter audit,$(1)),-Iaudit -Iproducers/sfcfi -Icommon $(SFCFI_LIBS)) \
  $(if $(filter diff_libsframe3,$(1)),-I$(FUZZ_SID)/usr/include -Iconformance/adapters -D_GNU_SOURCE \
    $(FUZZ_LIB3_LINK))
# What a fuzz program is built from: the sources (each program's own are
# fuzz_srcs), and the headers they include, which the compiler lists into
# PROGRAM.d (link_deps).
FUZZ_DEPS := $(wildcard fuzz/targets/*.c) $(LIB_SRCS) $(ENC_SRCS) decoder/cli/dump.c \
  $(wildcard producers/sfcfi/*.c) $(wildcard audit/*.c) common/sfc_tools.c common/sfc_proc.c decoder/cli/elf.c conformance/adapters/libsframe_map.c conformance/adapters/sfa_kit.c \
  $(if $(FUZZ_HAVE_SID),$(FUZZ_LIB3)/libsframe.so)
# $(call fuzz_deps,TARGET): the headers TARGET's sources include, into
# $(FUZZ_DIR)/deps/ENGINE-TARGET.d (not beside the program: every file in
# an engine's directory is a fuzz program to its pattern rule).
fuzz_deps = mkdir -p $(FUZZ_DIR)/deps && $(CC) $(FUZZ_MODE) $(FUZZ_INC) $(filter -I% -D%,$(call fuzz_libs,$(1))) \
  -MM -MP -MT $@ $(call fuzz_srcs,$(1)) $(call fuzz_srcs3,$(1)) > $(FUZZ_DIR)/deps/$(notdir $(@D))-$(notdir $@).d
$(FUZZ_LIB3)/libsframe.so: $(FUZZ_SID)/VERSIONS
	@mkdir -p $(@D)
	cp -P $(FUZZ_SID)/usr/lib/x86_64-linux-gnu/libsframe.so* $(@D)/
	touch $@

# Which engines this machine has: clang able to link -fsanitize=fuzzer
# (libclang-rt-14-dev), afl-clang-fast (afl++).  Probed only for the goals
# that build with them, and once: the answer is kept in
# $(FUZZ_DIR)/engines.mk (probed again when this file changes; delete it
# after installing an engine).
FUZZ_ENGINE_GOALS := fuzz-build fuzz fuzz-smoke
FUZZ_ENGINES := $(FUZZ_DIR)/engines.mk
$(FUZZ_ENGINES): fuzz/fuzz.mk
	@mkdir -p $(@D)
	@{ echo 'int LLVMFuzzerTestOneInput(const char *d, long n){(void)d;(void)n;return 0;}' | \
	     $(FUZZ_CLANG) -x c -fsanitize=fuzzer -o /dev/null - >/dev/null 2>&1 && echo 'HAVE_LIBFUZZER := 1'; \
	   command -v $(FUZZ_AFLCC) >/dev/null 2>&1 && echo 'HAVE_AFL := 1'; true; } > $@.tmp && mv $@.tmp $@
ifneq ($(filter $(FUZZ_ENGINE_GOALS),$(MAKECMDGOALS)),)
include $(FUZZ_ENGINES)
endif

-include $(wildcard $(FUZZ_DIR)/deps/*.d $(FUZZ_DIR)/*.d) $(shell find $(FUZZ_DIR)/obj -name '*.d' 2>/dev/null)
FUZZ_REPLAY := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/replay/%)
FUZZ_LIBFUZZER := $(if $(HAVE_LIBFUZZER),$(FUZZ_TARGETS:%=$(FUZZ_DIR)/libfuzzer/%))
FUZZ_MSAN := $(if $(HAVE_LIBFUZZER),$(patsubst %,$(FUZZ_DIR)/msan/%,$(filter-out diff_libsframe diff_libsframe3 cfi audit,$(FUZZ_TARGETS))))
FUZZ_AFL := $(if $(HAVE_AFL),$(FUZZ_TARGETS:%=$(FUZZ_DIR)/afl/%))

# The replay and libFuzzer programs link the oracle library and the encoder
# as objects compiled once per engine (each program compiled them itself
# before: the library nine times over); a program's own sources are
# compiled with it.  $(call fuzz_own,T): T's sources but those;
# $(call fuzz_objs,ENGINE,T): the objects of those T links.
FUZZ_SHARED_SRCS := $(LIB_SRCS) $(ENC_SRCS)
fuzz_own = $(filter-out $(FUZZ_SHARED_SRCS),$(call fuzz_srcs,$(1)))
fuzz_objs = $(patsubst %.c,$(FUZZ_DIR)/obj/$(1)/%.o,$(filter $(FUZZ_SHARED_SRCS),$(call fuzz_srcs,$(2))))
FUZZ_LIBFUZZER_CFLAGS := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined
$(FUZZ_DIR)/obj/replay/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(FUZZ_WARN) -g -O1 $(SAN_FLAGS) $(FUZZ_MODE) $(FUZZ_INC) -MMD -MP -c -o $@ $<
$(FUZZ_DIR)/obj/libfuzzer/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_WARN) $(FUZZ_LIBFUZZER_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_MODE) $(FUZZ_INC) -MMD -MP -c -o $@ $<
$(FUZZ_DIR)/replay/%: $(FUZZ_DEPS) fuzz/standalone.c $(FUZZ_SHARED_SRCS:%.c=$(FUZZ_DIR)/obj/replay/%.o)
	@mkdir -p $(@D)
	$(CC) $(FUZZ_WARN) -g -O1 $(SAN_FLAGS) $(FUZZ_MODE) $(FUZZ_INC) -o $@ $(call fuzz_own,$*) $(call fuzz_srcs3,$*) fuzz/standalone.c $(call fuzz_objs,replay,$*) $(call fuzz_libs,$*)
	@$(call fuzz_deps,$*)
$(FUZZ_DIR)/libfuzzer/%: $(FUZZ_DEPS) $(FUZZ_SHARED_SRCS:%.c=$(FUZZ_DIR)/obj/libfuzzer/%.o)
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_WARN) $(FUZZ_LIBFUZZER_CFLAGS) -fsanitize=fuzzer $(FUZZ_MODE) $(FUZZ_INC) -o $@ $(call fuzz_own,$*) $(call fuzz_srcs3,$*) $(call fuzz_objs,libfuzzer,$*) $(call fuzz_libs,$*)
	@$(call fuzz_deps,$*)
$(FUZZ_DIR)/msan/%: $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_WARN) -g -O1 -fsanitize=fuzzer,memory -fsanitize-memory-track-origins $(FUZZ_MODE) $(FUZZ_INC) -o $@ $(call fuzz_srcs,$*)
	@$(call fuzz_deps,$*)
$(FUZZ_DIR)/afl/%: $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_QUIET=1 $(FUZZ_AFLCC) $(FUZZ_WARN) -g -O1 -fsanitize=fuzzer,address,undefined $(FUZZ_MODE) $(FUZZ_INC) -o $@ $(call fuzz_srcs,$*) $(call fuzz_srcs3,$*) $(call fuzz_libs,$*)
	@$(call fuzz_deps,$*)
# Speed: libFuzzer without sanitizers (-O2), on corpus-sized inputs.
$(FUZZ_DIR)/speed/%: $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_WARN) -O2 -fsanitize=fuzzer $(FUZZ_MODE) $(FUZZ_INC) -o $@ $(call fuzz_srcs,$*) $(call fuzz_srcs3,$*) $(call fuzz_libs,$*)
	@$(call fuzz_deps,$*)
$(FUZZ_DIR)/fuzz-seeds: fuzz/seeds.c
	@mkdir -p $(@D)
	$(CC) $(FUZZ_WARN) -O2 $(DEPFLAGS) -o $@ $<

.PHONY: fuzz-build fuzz-seeds fuzz-replay fuzz fuzz-smoke fuzz-speed fuzz-coverage ossfuzz-sim
fuzz-build: $(FUZZ_REPLAY) $(FUZZ_LIBFUZZER) $(FUZZ_MSAN) $(FUZZ_AFL)

# Seeds: the case corpus in each target's input format (fuzz/seeds.c), the
# roundtrip target's serialized random models, and fuzz/corpus/<t>.
$(FUZZ_DIR)/roundtrip-seeds: $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(CC) $(FUZZ_WARN) -O1 -DROUNDTRIP_MAKE_SEEDS $(FUZZ_INC) -o $@ $(call fuzz_srcs,roundtrip)
	@$(call fuzz_deps,roundtrip)
fuzz-seeds: $(FUZZ_DIR)/fuzz-seeds $(FUZZ_DIR)/roundtrip-seeds
	[ -f $(BUILD)/corpus/manifest-v3.txt ] || $(MAKE) -s corpus
	rm -rf $(FUZZ_SEEDS) && $(FUZZ_DIR)/fuzz-seeds $(BUILD)/corpus $(FUZZ_SEEDS)
	mkdir -p $(FUZZ_SEEDS)/roundtrip && $(FUZZ_DIR)/roundtrip-seeds $(FUZZ_SEEDS)/roundtrip 40 >/dev/null

fuzz-replay: $(FUZZ_REPLAY) fuzz-seeds
	bash fuzz/replay.sh $(FUZZ_DIR) "$(FUZZ_TARGETS)"

fuzz: fuzz-build fuzz-seeds
	bash fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SECONDS) "$(TARGET)"

# (the libFuzzer builds only: the MSan and AFL++ ones are fuzz-build's and
# make fuzz's; make ossfuzz-sim builds the AFL++ flavour)
fuzz-smoke: $(FUZZ_LIBFUZZER) fuzz-seeds
	FUZZ_NO_KEEP=1 FUZZ_SEED=$(FUZZ_SMOKE_SEED) bash fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SMOKE_SECONDS) "$(TARGET)"

# decode's executions per second without sanitizers, inputs up to 4 KiB
# (the corpus's sizes but for the 1,000-100,000 function sections).
fuzz-speed: $(FUZZ_DIR)/speed/decode fuzz-seeds
	rm -rf $(FUZZ_DIR)/speed/corpus && mkdir -p $(FUZZ_DIR)/speed/corpus
	$(FUZZ_DIR)/speed/decode -max_len=4096 -max_total_time=$(FUZZ_SMOKE_SECONDS) -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_DIR)/speed/ $(FUZZ_DIR)/speed/corpus $(FUZZ_SEEDS)/decode 2>&1 | grep -E 'average_exec_per_sec|number_of_executed_units'

fuzz-coverage: fuzz-seeds
	bash fuzz/coverage.sh $(FUZZ_DIR) "$(FUZZ_TARGETS)"

ossfuzz-sim:
	bash fuzz/oss-fuzz/sim.sh
