# corpus/real.mk - make corpus-real: sections emitted by GNU as, each with
# that release's objdump --sframe text (corpus/FORMAT.md, source "real"):
# the sections checked in under corpus/real/sections/ (GNU as 2.40, 2.44 and
# 2.47.50 for x86-64, aarch64 and s390x; corpus/real/regen.sh makes them)
# and, when $(SHARED)/vectors exists, the shared vectors of binutils
# 2.40-2.46.  Always rebuilt (a phony target), a few seconds; compiles
# nothing; writes only $(CORPUS)/real.  Tested by corpus/tests/real.bats.
corpus-real:
	bash corpus/real/build-real.sh "$(SHARED)" $(CORPUS)/real
