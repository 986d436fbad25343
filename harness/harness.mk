# harness/harness.mk - `make harness` (harness/README.md).
#   make harness                       all three architectures, every producer
#   make harness ARCH=s390x            one (or a comma list)
#   make harness BIN=prog [ARCH=...] [ARGS="..."]   one static binary with .sframe, run with ARGS
#   make harness-replay [IMPL=adapter] the committed snapshots, without QEMU
.PHONY: harness harness-replay
harness: $(SFREF)
	bash harness/run.sh $(if $(ARCH),--arch $(ARCH)) $(if $(BIN),--bin $(BIN)) $(if $(QUICK),--quick) \
	  $(if $(ARGS),-- $(ARGS))

harness-replay: $(SFREF) $(BUILD)/bin/sfadapter-reference
	bash harness/replay.sh $(if $(IMPL),$(IMPL),$(BUILD)/bin/sfadapter-reference)
