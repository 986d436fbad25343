# SPDX-License-Identifier: MIT
# conformance/mutants/: the suite's own mutation score (mutants.sh, the
# catalogue mutants.tsv; conformance/README.md).  Included by
# conformance/conformance.mk.
#   make mutants                          every mutant over the whole corpus
#   make mutants MUTANTS="cfa-base-inverted pcrel-ignored"   some of them
#   make mutants MUTANTS_FLAGS="--sample 10"                 more sfconform options
#   MUTANTS_TABLE (conformance/mutants/mutants.tsv), MUTANTS_CORPUS (BUILD/corpus)
# Each mutant is the reference adapter built against a copy of decoder/
# with one bug (BUILD/mutants/ID); the unmutated objects of this build are
# reused for every source the mutation does not reach.

MUTANTS ?=
MUTANTS_FLAGS ?=
MUTANTS_TABLE ?= conformance/mutants/mutants.tsv
MUTANTS_CORPUS ?= $(BUILD)/corpus
# The renderers' include flags, as decoder/cli/cli.mk compiles them.
MUTANTS_CLI_CFLAGS := -Idecoder/src -Idecoder/fast -Icommon

.PHONY: mutants
mutants: $(SFCONFORM) $(SFADAPTER_REF) $(STATIC) $(SFR_DUMP_LIB) $(SFA_KIT_LIB) $(SFC_TOOLS_LIB)
	[ -f $(MUTANTS_CORPUS)/manifest-v3.txt ] || $(MAKE) -s corpus
	BUILD='$(BUILD)' CC='$(CC)' MUT_CFLAGS='$(CFLAGS_ALL)' MUT_LIB_CFLAGS='$(LIB_CFLAGS)' \
	  MUT_CLI_CFLAGS='$(MUTANTS_CLI_CFLAGS)' MUT_REF_CFLAGS='$(SFADAPTER_REF_CFLAGS)' \
	  MUT_LIB_SRCS='$(LIB_SRCS)' \
	  MUT_DUMP_SRCS='$(patsubst $(BUILD)/obj/cli/%.o,decoder/cli/%.c,$(SFR_DUMP_OBJS))' \
	  SFA_KIT_LIB='$(SFA_KIT_LIB)' SFC_TOOLS_LIB='$(SFC_TOOLS_LIB)' SFCONFORM='$(SFCONFORM)' \
	  CORPUS='$(MUTANTS_CORPUS)' MUTANTS_FLAGS='$(MUTANTS_FLAGS)' \
	  bash conformance/mutants/mutants.sh --table '$(MUTANTS_TABLE)' $(MUTANTS)
