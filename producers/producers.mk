# SPDX-License-Identifier: MIT
# producers/: the writers of SFrame on trial.  sfcfi (SFrame against DWARF
# CFI, CFI to SFrame, SFrame against SFrame) links the oracle like any user,
# the corpus encoder to write sections, and elfutils' libdw and libelf
# (Debian libdw-dev, libelf-dev; ci/install-deps.sh installs them).
SFCFI := $(BUILD)/bin/sfcfi
SFCFI_SRCS := $(filter-out producers/sfcfi/sfcfi.c,$(wildcard producers/sfcfi/*.c))
SFCFI_OBJS := $(SFCFI_SRCS:producers/sfcfi/%.c=$(BUILD)/obj/sfcfi/%.o)
SFCFI_LIB := $(BUILD)/lib/libsfcfi.a
SFCFI_LIBS := -ldw -lelf
SFCFI_CFLAGS := -Iproducers/sfcfi -Icorpus/encoder -Icommon

$(BUILD)/obj/sfcfi/%.o: producers/sfcfi/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(SFCFI_CFLAGS) $(DEPFLAGS) -c $< -o $@
$(SFCFI_LIB): $(SFCFI_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(SFCFI): $(BUILD)/obj/sfcfi/sfcfi.o $(SFCFI_LIB) $(ENC_LIB) $(SFC_TOOLS_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(SFCFI_LIBS)

.PHONY: sfcfi
sfcfi: $(SFCFI)
tests: $(SFCFI)

# sfcfi on every program and object `make harness` built (build/harness/bin):
# check, convert (every version), validate, check again, diff with gas's own.
.PHONY: cfi-harness
cfi-harness: $(SFCFI) $(SFREF)
	bash producers/cfi-harness.sh $(if $(QUICK),--quick)

# The producers matrix (producers/matrix.sh): every compiler, assembler and
# linker Debian ships x way of linking x arch x opt, judged by the oracle,
# sfcfi check and conserve, the kernel profile and execution under QEMU.
#   make producers            the whole matrix (producers/RESULTS.md records one)
#   make producers QUICK=1    the short pass `make check` runs
# Dependencies first (QEMU's build and the cross compilers: the harness's;
# libdw, libelf, patchelf and the peers: the conformance run's), then a make
# that builds sfref and sfcfi with them.
.PHONY: producers producers-run
producers:
	bash ci/install-deps.sh harness
	bash ci/install-deps.sh conformance
	$(MAKE) -s producers-run
producers-run: $(SFCFI) $(SFREF)
	bash producers/matrix.sh $(if $(QUICK),--quick) $(if $(ARCH),--arch $(ARCH))
