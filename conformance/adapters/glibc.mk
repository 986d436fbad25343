# SPDX-License-Identifier: MIT
# The bundled glibc adapter: glibc's own SFrame reader (the code behind
# backtrace() on SFrame-enabled builds), which glibc does not ship as a
# library.  Included by the top Makefile (uses $(BUILD), $(CC), $(CFLAGS_ALL)).
#
#   sfadapter-glibc-2.43   sid's glibc-source 2.43 (make toolchains)
#
# At build time the reader's three files are extracted from the package's
# tarball into $(BUILD)/glibc-2.43/ and compiled into the adapter
# (conformance/adapters/glibc.c includes sframe-read.c) with the stubs of
# glibc-stubs.h; nothing of glibc is kept in the repository.  The adapter is
# built with -O2 and without sanitizers or coverage whatever OPT/SAN/COV say:
# it measures glibc's code as glibc builds it (UBSan would stop at the
# reader's misaligned loads, ASan would take over the SIGSEGV an over-read is
# meant to end in, and the reader's int32 arithmetic overflows on some input,
# where the optimisation level could matter).  See
# conformance/adapters/glibc-notes.md.  For the same reason the shared tools
# library's one source is compiled in rather than $(SFC_TOOLS_LIB) linked.

# The toolchains are fetched into build/ whatever BUILD is (one cache).
GLIBC_SID      := build/toolchains/sid
GLIBC_TARBALL  := $(GLIBC_SID)/usr/src/glibc/glibc-2.43.tar.xz
GLIBC_TREE     := $(BUILD)/glibc-2.43
GLIBC_FILES    := sysdeps/generic/sframe-read.c sysdeps/generic/sframe-read.h \
                  sysdeps/generic/sframe.h sysdeps/generic/sframe.c
GLIBC_STAMP    := $(GLIBC_TREE)/.extracted
GLIBC_VERSION  := $(shell awk '$$1 == "glibc-source" { print $$2 }' $(GLIBC_SID)/VERSIONS 2>/dev/null)
SFA_GLIBC_243  := $(BUILD)/bin/sfadapter-glibc-2.43
# glibc's SFrame stack walker (sysdeps/generic/sframe.c), an unwind-only
# adapter: make harness-replay IMPL=$(SFA_GLIBC_WALKER) (harness/README.md)
SFA_GLIBC_WALKER := $(BUILD)/bin/sfadapter-glibc-2.43-walker

ifneq ($(wildcard $(GLIBC_TARBALL)),)
BUNDLED_ADAPTERS += glibc-2.43
BUNDLED_BINS += $(SFA_GLIBC_243) $(SFA_GLIBC_WALKER)
endif

$(GLIBC_STAMP): $(GLIBC_TARBALL) conformance/adapters/glibc.mk
	rm -rf $(GLIBC_TREE)
	@mkdir -p $(BUILD)
	tar -xJf $(GLIBC_TARBALL) -C $(BUILD) $(addprefix glibc-2.43/,$(GLIBC_FILES))
	touch $@

$(SFA_GLIBC_243): conformance/adapters/glibc.c conformance/adapters/glibc.mk common/sfc_tools.c conformance/adapters/sfa_kit.c \
                  $(GLIBC_STAMP) $(GLIBC_SID)/VERSIONS
	@mkdir -p $(@D)
	$(CC) $(filter-out $(SAN_FLAGS) --coverage,$(CFLAGS_ALL)) -O2 \
	  -include conformance/adapters/glibc-stubs.h -I$(GLIBC_TREE)/sysdeps/generic -Icommon \
	  -DSFA_GLIBC_VERSION='"$(GLIBC_VERSION)"' -o $@ $< common/sfc_tools.c conformance/adapters/sfa_kit.c
	@$(call link_deps,$(CFLAGS_ALL) -include conformance/adapters/glibc-stubs.h -I$(GLIBC_TREE)/sysdeps/generic -Icommon,$< common/sfc_tools.c conformance/adapters/sfa_kit.c)

$(SFA_GLIBC_WALKER): conformance/adapters/glibc-walker.c conformance/adapters/glibc.mk $(GLIBC_STAMP) $(GLIBC_SID)/VERSIONS
	@mkdir -p $(@D)
	$(CC) $(filter-out $(SAN_FLAGS) --coverage,$(CFLAGS_ALL)) -O2 \
	  -include conformance/adapters/glibc-stubs.h -Iconformance/adapters/glibc-shim \
	  -I$(GLIBC_TREE)/sysdeps/generic -DSFA_GLIBC_VERSION='"$(GLIBC_VERSION)"' $(DEPFLAGS) -o $@ $<
