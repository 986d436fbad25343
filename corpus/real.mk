# corpus/real.mk - make corpus-real: sections emitted by GNU as, each with
# that release's objdump --sframe text (corpus/FORMAT.md, source "real"):
# the shared vectors of binutils 2.40-2.46 ($(SHARED)/vectors) and the
# programs of corpus/real/src/ built here at -O0/-O2/-Os for x86-64 and,
# with gcc-aarch64-linux-gnu installed, aarch64.  Always rebuilt (a phony
# target: installing a compiler changes the output), about 20 s; writes only
# $(CORPUS)/real.  Tested by corpus/tests/real.bats.
corpus-real:
	bash corpus/real/build-real.sh $(SHARED) $(CORPUS)/real
