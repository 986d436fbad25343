# conformance/adapters/binutils.mk - the bundled objdump / readelf adapters.
# Included by the top Makefile; uses $(BUILD), $(CC), $(CFLAGS_ALL).
# One source, two programs: the tool is chosen by a -D define.
SFADAPTER_OBJDUMP := $(BUILD)/bin/sfadapter-objdump
SFADAPTER_READELF := $(BUILD)/bin/sfadapter-readelf
SFADAPTER_BINUTILS_DEPS := conformance/adapters/binutils.c decoder/include/sframe_ref.h

.PHONY: sfadapter-binutils
sfadapter-binutils: $(SFADAPTER_OBJDUMP) $(SFADAPTER_READELF)

$(SFADAPTER_OBJDUMP): $(SFADAPTER_BINUTILS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -DSFA_TOOL_OBJDUMP -o $@ conformance/adapters/binutils.c
$(SFADAPTER_READELF): $(SFADAPTER_BINUTILS_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -DSFA_TOOL_READELF -o $@ conformance/adapters/binutils.c
