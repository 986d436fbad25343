# SPDX-License-Identifier: MIT
# corpus/vectors.mk - make corpus-vectors: the hand-built byte vectors of
# decoder/tests/vectors.c (the unit tests' vectors, the only cases not made by
# the corpus encoder) as corpus cases, source "vectors" (corpus/FORMAT.md):
# $(CORPUS)/vectors/NAME.sframe and NAME.expect, written by
# `vecdump corpus`, which takes each vector's title, clause and stated class
# from its comment in vectors.c.  Writes only $(CORPUS)/vectors.  Tested by
# corpus/tests/vectors.bats.
# (VECDUMP is defined by the top Makefile, CORPUS by corpus.mk: CORPUS is
# only used in the recipe here.)
.PHONY: corpus-vectors
corpus-vectors: $(VECDUMP) decoder/tests/vectors.c
	rm -rf $(CORPUS)/vectors
	@mkdir -p $(CORPUS)
	$(VECDUMP) corpus decoder/tests/vectors.c $(CORPUS)/vectors
