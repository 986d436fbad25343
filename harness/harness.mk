# SPDX-License-Identifier: MIT
# harness/harness.mk - `make harness` (harness/README.md).
#   make harness                       all three architectures, every producer
#   make harness ARCH=s390x            one (or a comma list)
#   make harness BIN=prog [ARCH=...] [ARGS="a b"] [EXPECT_EXIT=N] [ATTRIBUTIONS=FILE]
#                                      one program with .sframe, run with ARGS
#                                      (split at blanks, nothing else interpreted;
#                                      for arguments with blanks use
#                                      harness/run.sh --bin PROG -- ARGS...)
#   make harness-replay [IMPL=adapter] the committed snapshots, without QEMU
#   make harness-test                  the recorder's own tests under QEMU
#   make harness-plugin                the sfr_truth plugin alone (run.sh makes it)
#   make shipped [QUICK=1] [ARCH=...] [JOBS=N]
#                                      Debian's own programs (amd64, arm64,
#                                      s390x) with every module they load
#                                      converted, under the harness, JOBS
#                                      architectures at once (default 2)
#                                      (harness/shipped.sh, harness/SHIPPED.md)
.PHONY: harness harness-replay harness-test shipped
harness: $(SFREF)
	HARNESS_ARGS='$(subst ','\'',$(ARGS))' bash harness/run.sh $(if $(ARCH),--arch $(ARCH)) \
	  $(if $(BIN),--bin '$(subst ','\'',$(BIN))') $(if $(QUICK),--quick) \
	  $(if $(EXPECT_EXIT),--expect-exit $(EXPECT_EXIT)) \
	  $(if $(ATTRIBUTIONS),--attributions '$(subst ','\'',$(ATTRIBUTIONS))')

harness-replay: $(SFREF) $(BUILD)/bin/sfadapter-reference
	bash harness/replay.sh $(if $(IMPL),$(IMPL),$(BUILD)/bin/sfadapter-reference)

harness-test: $(SFREF)
	bats harness/tests/qemu/recorder.bats harness/tests/qemu/shared.bats

shipped:
	bash ci/install-deps.sh shipped
	$(MAKE) -s $(SFREF) $(BUILD)/bin/sfcfi
	bash harness/shipped.sh -j $(or $(JOBS),2) $(if $(QUICK),--quick) $(if $(ARCH),--arch $(ARCH))

# The sfr_truth QEMU plugin (harness/plugin/) with the oracle's reference
# and fast paths compiled in: harness/run.sh makes it (make harness-plugin)
# once QEMU, whose plugin header it needs, is built.  Always under
# build/harness, where run.sh and QEMU are, whatever BUILD.  Each object's
# header dependencies (-MMD -MP: the plugin's truth.h, the decoder's and
# common/'s headers, qemu-plugin.h) under build/deps, so a changed header
# rebuilds it and nothing else does.
HARNESS_B := build/harness
PLUGIN := $(HARNESS_B)/plugin/libsfrtruth.so
PLUGIN_SRCS := $(wildcard harness/plugin/*.c decoder/src/*.c decoder/fast/*.c) common/sfc_tools.c
PLUGIN_OBJS := $(PLUGIN_SRCS:%.c=$(HARNESS_B)/plugin/obj/%.o)
# (build/deps/harness/plugin/obj/SRC.o.d: the object's path under build/deps)
plugin_dep = build/deps/$(patsubst build/%,%,$(1)).d
# (glib's flags asked only when the plugin is built: every other make
# runs without them)
PLUGIN_CFLAGS = -std=c11 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -D_POSIX_C_SOURCE=200809L \
  -Idecoder/include -Idecoder/src -Idecoder/fast -Icommon -I$(HARNESS_B)/qemu/include \
  $(shell pkg-config --cflags glib-2.0)
.PHONY: harness-plugin
harness-plugin: $(PLUGIN)
# (linked beside and renamed: a QEMU starting meanwhile loads the old or
# the new plugin, never half of one)
$(PLUGIN): $(PLUGIN_OBJS)
	$(CC) -std=c11 -O2 -fPIC -shared -fvisibility=hidden -o $@.tmp.$$$$ $^ $(shell pkg-config --libs glib-2.0) && \
	  mv -f $@.tmp.$$$$ $@
$(HARNESS_B)/plugin/obj/%.o: %.c
	@mkdir -p $(@D) $(dir $(call plugin_dep,$@))
	$(CC) $(PLUGIN_CFLAGS) -MMD -MP -MF $(call plugin_dep,$@) -c $< -o $@
-include $(foreach o,$(PLUGIN_OBJS),$(call plugin_dep,$(o)))
