# corpus/corpus.mk - make corpus: every case into $(BUILD)/corpus (FORMAT.md).
# corpus-catalogue, corpus-generated and corpus-real are defined by the
# fragments of their parts (catalogue.mk, generated.mk, real.mk); each writes
# only below its own $(CORPUS)/<source>/ directory.
CORPUS := $(BUILD)/corpus
.PHONY: corpus corpus-catalogue corpus-generated corpus-real corpus-check
corpus-catalogue corpus-generated corpus-real:
corpus: corpus-catalogue corpus-generated corpus-real
	bash corpus/manifest.sh $(CORPUS)
corpus-check: corpus
	bash corpus/check-corpus.sh $(SFREF) $(CORPUS)
