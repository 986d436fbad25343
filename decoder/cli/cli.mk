# SPDX-License-Identifier: MIT
# decoder/cli/: the oracle's command line, sfref, and the renderers (text,
# canonical JSON, objdump text; every byte labelled, bytes.c; the snapshot
# unwinder) other tools link as one library built once, $(SFR_DUMP_LIB):
# the reference adapter, the round trip test, fuzz targets, bench.  Included by the top Makefile after
# common/common.mk.  The CLI reaches into the library for
# sfr_lookup_checked and sfr_validate_checked (decoder/fast/sfr_fast.h):
# every validation and lookup it prints is made by both paths.
SFR_DUMP_LIB := $(BUILD)/lib/libsfr_dump.a
SFR_DUMP_OBJS := $(BUILD)/obj/cli/dump.o $(BUILD)/obj/cli/bytes.o $(BUILD)/obj/cli/unwind.o
SFREF_OBJS := $(BUILD)/obj/cli/sfref.o $(BUILD)/obj/cli/elf.o $(BUILD)/obj/cli/kernel.o \
              $(BUILD)/obj/cli/answer.o $(BUILD)/obj/cli/ddprof.o

$(BUILD)/obj/cli/%.o: decoder/cli/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Idecoder/src -Idecoder/fast -Icommon $(DEPFLAGS) -c $< -o $@
$(SFR_DUMP_LIB): $(SFR_DUMP_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
# The oracle links its own library only, never the corpus encoder (issue 13:
# the tool that judges must not contain the tool it judges; generating
# sections is `sfcorpus gen`).  decoder/tests/cli.bats checks it.
$(SFREF): $(SFREF_OBJS) $(SFR_DUMP_LIB) $(SFC_TOOLS_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -o $@ $(SFREF_OBJS) $(SFR_DUMP_LIB) $(SFC_TOOLS_LIB) $(STATIC)
