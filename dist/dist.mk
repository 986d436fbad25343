# SPDX-License-Identifier: MIT
# dist/dist.mk - make dist: the corpus as a release, a tarball that runs on
# another machine without building the corpus (dist/README.md is its README).
#   make dist                  $(DISTDIR)/sframe-conformance-corpus-$(VERSION).tar.gz
#   make dist DISTDIR=/tmp/x   the same tarball elsewhere
# The tarball holds one directory, sframe-conformance-corpus-$(VERSION)/, that
# is at once a corpus directory (sfconform --corpus: manifest-v{1,2,3}.txt and
# the sections with their .expect descriptions, dump/lookup JSON, snapshots
# and objdump text, laid out as corpus/FORMAT.md says) and a conformance
# directory (sfconform --confdir: expected/<impl>.txt, skip/<impl>.txt), with
# PROTOCOL.md, the adapter header and the example adapter, the catalogue's
# case descriptions (cases/*.cases, CASES.md), FORMAT.md and SNAPSHOT.md.  The corpus is
# built first when $(CORPUS) (corpus/corpus.mk) has none (make corpus).  The archive is
# reproducible: names sorted, owner 0, modes without the umask, the date of the last commit, gzip -n.
# Tested by dist/tests/dist.bats.

DISTDIR  ?= $(BUILD)/dist
DISTNAME := sframe-conformance-corpus-$(VERSION)
DISTFILE := $(DISTDIR)/$(DISTNAME).tar.gz
# The date every member carries (the last commit's, else the epoch).
DIST_DATE = $(or $(shell git log -1 --format=@%ct 2>/dev/null),@0)

.PHONY: dist dist-tree
# The released corpus as a directory, $(DISTDIR)/$(DISTNAME): what the
# tarball holds, and what make install copies (dist/install.mk).
dist-tree:
	[ -f $(CORPUS)/manifest-v3.txt ] || $(MAKE) -s corpus
	rm -rf $(DISTDIR)/$(DISTNAME)
	@mkdir -p $(DISTDIR)/$(DISTNAME)
	cp -R $(CORPUS)/. $(DISTDIR)/$(DISTNAME)/
	cd conformance && cp -R --parents PROTOCOL.md expected include/sframe_adapter.h \
	  examples/example-adapter.c report/matrix.html $(patsubst conformance/%,%,$(wildcard conformance/skip/*.txt)) \
	  $(abspath $(DISTDIR)/$(DISTNAME))/
	cd corpus && cp -R --parents FORMAT.md CASES.md cases $(abspath $(DISTDIR)/$(DISTNAME))/
	cp decoder/SNAPSHOT.md $(DISTDIR)/$(DISTNAME)/
	sed 's|@VERSION@|$(VERSION)|g' dist/README.md > $(DISTDIR)/$(DISTNAME)/README.md
	echo $(VERSION) > $(DISTDIR)/$(DISTNAME)/VERSION

dist: dist-tree
	rm -f $(DISTFILE)
	LC_ALL=C tar -C $(DISTDIR) --sort=name --owner=0 --group=0 --numeric-owner \
	  --mode=a+rX,u+w,go-w --mtime=$(DIST_DATE) -cf - $(DISTNAME) | gzip -n > $(DISTFILE).tmp
	mv $(DISTFILE).tmp $(DISTFILE)
	rm -rf $(DISTDIR)/$(DISTNAME)
	@echo "$(DISTFILE): $$(find $(CORPUS) -name '*.sframe' | wc -l) sections"
