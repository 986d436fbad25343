# SPDX-License-Identifier: MIT
# conformance/adapters/llvm.mk - the bundled llvm-readobj adapter
# (llvm-readobj-22: trixie's llvm-22, unpacked by make toolchains).
# Included by the top Makefile (through conformance/conformance.mk).
# llvm.c describes llvm-readobj and parses its text; text_driver.c and
# $(SFA_TEXT_LIB) wrap the
# section, run the tool and print the JSON (one copy of that machinery for
# every text tool).

SFA_LLVM_TC      := $(abspath build/toolchains)/trixie
SFA_LLVM_ADAPTER := $(BUILD)/bin/sfadapter-llvm-readobj-22

ifneq ($(wildcard $(SFA_LLVM_TC)/bin/llvm-readobj),)
BUNDLED_ADAPTERS += llvm-readobj-22
BUNDLED_BINS += $(SFA_LLVM_ADAPTER)
endif

$(SFA_LLVM_ADAPTER): conformance/adapters/llvm.c conformance/adapters/llvm.mk $(SFA_BU_SRC) \
                     $(SFA_LLVM_TC)/VERSIONS
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(SFA_CFLAGS) -DSFA_NAME='"llvm-readobj-22"' \
	  -DSFA_PATH='"$(SFA_LLVM_TC)/bin/llvm-readobj"' \
	  -DSFA_VERSION='"$(shell awk '$$1 == "llvm-22" { print $$2 }' $(SFA_LLVM_TC)/VERSIONS)"' \
	  -o $@ conformance/adapters/text_driver.c conformance/adapters/llvm.c \
	  $(SFA_TEXT_LIB) $(SFA_KIT_LIB) $(SFC_PROC_LIB) $(SFC_TOOLS_LIB)
	@$(call link_deps,$(CFLAGS_ALL) $(SFA_CFLAGS) -DSFA_NAME='"llvm-readobj-22"',conformance/adapters/text_driver.c conformance/adapters/llvm.c)
