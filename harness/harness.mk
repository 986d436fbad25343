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
