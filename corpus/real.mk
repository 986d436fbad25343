# SPDX-License-Identifier: MIT
# corpus/real.mk - make corpus-real: sections emitted by GNU as, each with
# that release's objdump --sframe text (corpus/FORMAT.md, source "real"):
# the sections checked in under corpus/real/sections/ (GNU as 2.40, 2.44 and
# 2.47.50 for x86-64, aarch64 and s390x; corpus/real/regen.sh makes them)
# and, only when asked (make corpus CORPUS_EXTRA=DIR), DIR/vectors: sections
# from outside the repository (shared-* cases), which conformance/expected/
# does not list and a release should not carry.  The corpus is otherwise the
# same wherever it is built, whatever sits beside the clone.  Always rebuilt
# (a phony target), a few seconds; compiles nothing but sfref (whose
# answers are the sections' dumps and lookups); writes only
# $(CORPUS)/real.  Tested by corpus/tests/real.bats.
corpus-real: $(SFREF)
	bash corpus/real/build-real.sh "$(CORPUS_EXTRA)" $(CORPUS)/real $(SFREF)
