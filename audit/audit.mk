# SPDX-License-Identifier: MIT
# audit/: sfaudit, the suite pointed at a system (audit/README.md).  It
# links the oracle, sfcfi's modules (its ELF and CFI readers and the
# conversion: producers/producers.mk) and the corpus encoder.
#   make sfaudit        build/bin/sfaudit
#   make audit-linkers  the linkers sfaudit --confirm uses
SFAUDIT := $(BUILD)/bin/sfaudit
SFAUDIT_SRCS := $(wildcard audit/*.c)
SFAUDIT_FLAGS := -Iaudit $(SFCFI_CFLAGS) \
  -DAU_PRODUCERS_TSV='"$(abspath producers/producers.tsv)"' -DAU_LINKS_TSV='"$(abspath audit/links.tsv)"' -DAU_TOOLCHAINS='"$(abspath build/producers/tc)"'

$(SFAUDIT): $(SFAUDIT_SRCS) $(SFCFI_LIB) $(ENC_LIB) $(SFC_TOOLS_LIB) $(SFC_PROC_LIB) $(SFC_POOL_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(SFAUDIT_FLAGS) -o $@ $(SFAUDIT_SRCS) $(SFCFI_LIB) $(ENC_LIB) $(SFC_TOOLS_LIB) $(SFC_PROC_LIB) $(SFC_POOL_LIB) $(STATIC) $(SFCFI_LIBS)
	@$(call link_deps,$(CFLAGS_ALL) $(SFAUDIT_FLAGS),$(SFAUDIT_SRCS))

# make sfaudit installs what it builds with (ci/install-deps.sh audit);
# make audit-linkers what --confirm links with (producers/toolchains.sh).
.PHONY: sfaudit audit-linkers
sfaudit:
	bash ci/install-deps.sh audit
	$(MAKE) $(SFAUDIT)
audit-linkers:
	bash ci/install-deps.sh audit-link
tests: $(SFAUDIT)
