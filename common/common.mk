# common/: the shared tools library (common/sfc_tools.h) every tool program
# links: whole-file reading, number parsing, error messages.  The oracle
# library (decoder/src) never does.  Programs compile with -Icommon and link
# $(SFC_TOOLS_LIB).
SFC_TOOLS_LIB := $(BUILD)/lib/libsfc_tools.a
SFC_TOOLS_TEST := $(BUILD)/tests/sfc_tools_test

$(BUILD)/obj/common/%.o: common/%.c common/sfc_tools.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icommon -c $< -o $@
$(SFC_TOOLS_LIB): $(BUILD)/obj/common/sfc_tools.o
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(SFC_TOOLS_TEST): common/tests/sfc_tools_test.c common/sfc_tools.h $(SFC_TOOLS_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icommon -o $@ $< $(SFC_TOOLS_LIB)

tests: $(SFC_TOOLS_TEST)
