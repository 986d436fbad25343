# SPDX-License-Identifier: MIT
# corpus/generated.mk - random valid sections and mutants from `sfcorpus gen`
# (corpus/FORMAT.md, sources "generated" and "mutants"), and the round-trip
# test of the encoder (corpus/encoder/) against the oracle.
#   make corpus-generated   GEN_COUNT sections per version x ABI into
#                           $(CORPUS)/generated/ and GEN_MUTANTS mutants
#                           (enough to cycle through every fault kind) into
#                           $(CORPUS)/mutants/ (seed GEN_SEED)
#   make roundtrip N=10000  N random models per version x ABI through
#                           encoder and oracle, N/10 mutants each, and
#                           every real section (corpus/real/sections, and
#                           $(SHARED)/vectors when present) decoded
#                           and re-encoded to its own bytes
# (CORPUS is defined by corpus.mk: only used in recipes here.)
ROUNDTRIP := $(BUILD)/tests/roundtrip
GEN_SEED  ?= 1
GEN_COUNT ?= 24
GEN_MUTANTS ?= 48
# version:ABI; AMD64 is little-endian only, s390x (ABI 4) exists from version 2
GEN_COMBOS := 1:amd64 1:aarch64-le 1:aarch64-be \
              2:amd64 2:aarch64-le 2:aarch64-be 2:s390x \
              3:amd64 3:aarch64-le 3:aarch64-be 3:s390x

# The round trip's checks are the roundtrip fuzz target's (fuzz/targets/rt_check.c).
RT_FLAGS := -Icorpus/encoder -Idecoder/cli -Idecoder/src -Idecoder/fast -Ifuzz/targets -Icommon
$(ROUNDTRIP): corpus/tests/roundtrip.c fuzz/targets/rt_check.c $(SFR_DUMP_LIB) $(ENC_LIB) $(SFC_TOOLS_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(RT_FLAGS) -o $@ \
	  corpus/tests/roundtrip.c fuzz/targets/rt_check.c $(SFR_DUMP_LIB) $(ENC_LIB) $(SFC_TOOLS_LIB) $(STATIC)
	@$(call link_deps,$(CFLAGS_ALL) $(RT_FLAGS),$^)

CORPUS_TEST_TOOLS += $(ROUNDTRIP)

.PHONY: roundtrip
roundtrip: $(ROUNDTRIP)
	$(ROUNDTRIP) $(or $(N),10000) --real corpus/real/sections $(if $(wildcard $(SHARED)/vectors/gas),--real $(SHARED)/vectors)

corpus-generated: $(SFCORPUS)
	rm -rf $(CORPUS)/generated $(CORPUS)/mutants
	@set -e; for c in $(GEN_COMBOS); do \
	  v=$${c%%:*}; a=$${c#*:}; \
	  $(SFCORPUS) gen --seed $(GEN_SEED) --version $$v --abi $$a --count $(GEN_COUNT) --out $(CORPUS)/generated; \
	  $(SFCORPUS) gen --seed $(GEN_SEED) --version $$v --abi $$a --count $(GEN_MUTANTS) --mutants --out $(CORPUS)/mutants; \
	done
