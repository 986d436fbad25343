# SPDX-License-Identifier: MIT
# corpus/corpus.mk - make corpus: every case into $(BUILD)/corpus (FORMAT.md).
# corpus-catalogue, corpus-generated, corpus-real and corpus-vectors are
# defined by the fragments of their parts (catalogue.mk, generated.mk,
# real.mk, vectors.mk); each writes only below its own $(CORPUS)/<source>/
# directory.  The manifests and VERSION (the corpus release, the project's
# release: results name it) are written last.
CORPUS := $(BUILD)/corpus
.PHONY: corpus corpus-catalogue corpus-generated corpus-real corpus-vectors corpus-check
corpus-catalogue corpus-generated corpus-real corpus-vectors:
corpus: corpus-catalogue corpus-generated corpus-real corpus-vectors
	bash corpus/manifest.sh $(CORPUS) $(VERSION)
corpus-check: corpus $(SFCONFORM) $(SFADAPTER_REF)
	$(SFCONFORM) --strict --tap --corpus $(CORPUS) --bindir $(BUILD)/bin --out $(BUILD)/corpus-check \
	  --confdir $(BUILD)/no-expected --timeout 300 reference
