# SPDX-License-Identifier: MIT
# common/: what the tools share, never the oracle library (decoder/src):
# the tools library (common/sfc_tools.h: whole-file reading, number
# parsing, error messages), which every tool program links, and the one
# process runner (common/sfc_proc.h: a program run with a time limit and
# its output captured, and a serving process's client), which sfconform,
# the text-tool adapters and the case-cost benchmark link.  Programs
# compile with -Icommon and link $(SFC_TOOLS_LIB) / $(SFC_PROC_LIB).
SFC_TOOLS_LIB := $(BUILD)/lib/libsfc_tools.a
SFC_TOOLS_TEST := $(BUILD)/tests/sfc_tools_test
SFC_PROC_LIB   := $(BUILD)/lib/libsfc_proc.a
SFC_PROC_TEST  := $(BUILD)/tests/sfc_proc_test

$(BUILD)/obj/common/%.o: common/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icommon $(DEPFLAGS) -c $< -o $@
$(SFC_TOOLS_LIB): $(BUILD)/obj/common/sfc_tools.o
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(SFC_TOOLS_TEST): common/tests/sfc_tools_test.c $(SFC_TOOLS_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icommon $(DEPFLAGS) -o $@ $< $(SFC_TOOLS_LIB)

$(SFC_PROC_LIB): $(BUILD)/obj/common/sfc_proc.o
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(SFC_PROC_TEST): common/tests/sfc_proc_test.c $(SFC_PROC_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icommon $(DEPFLAGS) -o $@ $< $(SFC_PROC_LIB)

tests: $(SFC_TOOLS_TEST) $(SFC_PROC_TEST)

# The one pool of worker processes (common/sfc_pool.h): N jobs over at most
# W forked workers, each job's bytes back to the parent; sfconform runs its
# cases on it.  Programs link $(SFC_POOL_LIB).
SFC_POOL_LIB  := $(BUILD)/lib/libsfc_pool.a
SFC_POOL_TEST := $(BUILD)/tests/sfc_pool_test
$(SFC_POOL_LIB): $(BUILD)/obj/common/sfc_pool.o
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(SFC_POOL_TEST): common/tests/sfc_pool_test.c $(SFC_POOL_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icommon $(DEPFLAGS) -o $@ $< $(SFC_POOL_LIB)

tests: $(SFC_POOL_TEST)

# The peers table (common/sfc_peers.h, header-only: what each release of
# each peer implementation reads; the adapters, sfref dump and sfaudit
# include it) printed by sfpeers, whose --readers output is the
# readers-table format sfaudit --readers reads (audit/tests/audit.bats
# holds it to the adapters' capabilities).
SFPEERS := $(BUILD)/bin/sfpeers
$(SFPEERS): common/sfc_peers.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icommon $(DEPFLAGS) -o $@ $<

tests: $(SFPEERS)
