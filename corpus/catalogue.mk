# SPDX-License-Identifier: MIT
# corpus/catalogue.mk - the hand-written case catalogue (corpus/cases/*.cases,
# format: corpus/CASES.md) and its builder, $(BUILD)/bin/sfcorpus, the corpus
# tool (its `gen` command makes the generated sources: generated.mk).  It
# links the encoder and the shared tools library (common/); sfref must not
# link the encoder (Makefile).
#   make corpus-catalogue   build every case into $(CORPUS)/catalogue/
#   make corpus-summary     make corpus, then rewrite corpus/SUMMARY.md
# (CORPUS is defined by corpus.mk, read after this file: it is only used in
# recipes here.)
SFCORPUS     := $(BUILD)/bin/sfcorpus
CAT_SRCS     := $(wildcard corpus/catalogue/*.c)
CATALOGUE    := $(wildcard corpus/cases/*.cases)

$(SFCORPUS): $(CAT_SRCS) $(ENC_LIB) $(SFC_TOOLS_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icorpus/encoder -Icorpus/catalogue -Icommon -o $@ $(CAT_SRCS) $(ENC_LIB) \
	  $(SFC_TOOLS_LIB) $(STATIC)
	@$(call link_deps,$(CFLAGS_ALL) -Icorpus/encoder -Icorpus/catalogue -Icommon,$(CAT_SRCS))

CORPUS_TEST_TOOLS += $(SFCORPUS)

.PHONY: corpus-summary
corpus-catalogue: $(SFCORPUS) $(CATALOGUE)
	rm -rf $(CORPUS)/catalogue
	$(SFCORPUS) --cases corpus/cases --out $(CORPUS)/catalogue

corpus-summary:
	$(MAKE) corpus
	$(SFCORPUS) --summary $(CORPUS) > corpus/SUMMARY.md.tmp
	mv corpus/SUMMARY.md.tmp corpus/SUMMARY.md
