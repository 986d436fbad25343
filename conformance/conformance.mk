# conformance/: the runner, the bundled adapters, the example adapter
# (conformance/PROTOCOL.md).  Included by the top Makefile.
#   make conformance                  every bundled adapter over the corpus
#   make conformance IMPL=./path      one implementation (executable or .so)
#   make conformance IMPL=libsframe   one bundled adapter
# CONFORMANCE_FLAGS adds sfconform options (e.g. --sample 20, -j 4).

SFCONFORM     := $(BUILD)/bin/sfconform
SFADAPTER_REF := $(BUILD)/bin/sfadapter-reference
SFADAPTER_DL  := $(BUILD)/bin/sfadapter-dl
EXAMPLE_EXE   := $(BUILD)/bin/example-adapter
EXAMPLE_SO    := $(BUILD)/lib/example-adapter.so
CONF_HDRS     := $(wildcard conformance/runner/*.h conformance/include/*.h)

-include conformance/adapters/libsframe.mk conformance/adapters/binutils.mk

CONFORMANCE_BINS := $(SFCONFORM) $(SFADAPTER_REF) $(SFADAPTER_DL) $(EXAMPLE_EXE) $(EXAMPLE_SO) \
                    $(SFADAPTER_LIBSFRAME) $(SFADAPTER_OBJDUMP) $(SFADAPTER_READELF)
BUNDLED := reference $(if $(SFADAPTER_LIBSFRAME),libsframe) \
           $(if $(SFADAPTER_OBJDUMP),objdump) $(if $(SFADAPTER_READELF),readelf)
IMPL ?= $(BUNDLED)
CONFORMANCE_FLAGS ?=

$(SFCONFORM): $(wildcard conformance/runner/*.c) $(CONF_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Iconformance/runner -o $@ $(filter %.c,$^)

$(SFADAPTER_REF): conformance/adapters/reference.c decoder/cli/dump.c decoder/cli/unwind.c $(HDRS) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Idecoder/cli -o $@ $(filter %.c,$^) $(STATIC)

$(SFADAPTER_DL): conformance/adapters/sfadapter-dl.c $(CONF_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Iconformance/include -o $@ $< -ldl

$(EXAMPLE_EXE): conformance/examples/example-adapter.c $(HDRS) $(CONF_HDRS) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Iconformance/include -o $@ $< $(STATIC)

$(EXAMPLE_SO): conformance/examples/example-adapter.c $(HDRS) $(CONF_HDRS) $(PIC_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -DSFA_LIBRARY -Iconformance/include -shared -fPIC -o $@ $< $(PIC_OBJS)

.PHONY: conformance-build conformance
conformance-build: $(CONFORMANCE_BINS)

# The corpus is built first; IMPL names bundled adapters or paths.
conformance:
	bash ci/install-deps.sh conformance
	$(MAKE) -s all conformance-build
	m=$(BUILD)/corpus/manifest-v3.txt; [ -f $$m ] && [ -z "$$(find corpus -newer $$m -type f | head -1)" ] || \
	  $(MAKE) -s corpus
	$(SFCONFORM) --corpus $(BUILD)/corpus --out $(BUILD)/conformance $(CONFORMANCE_FLAGS) $(IMPL)
