# SPDX-License-Identifier: MIT
# dist/dist.mk - make dist: the release, three files in $(DISTDIR):
#   sframe-conformance-$(VERSION).tar.gz         the sources (git archive of
#                                                HEAD: what is committed)
#   sframe-conformance-corpus-$(VERSION).tar.gz  the corpus, a tarball that runs
#                                                on another machine without
#                                                building it (dist/README.md is
#                                                its README)
#   SHA256SUMS                                   both, for sha256sum -c
#   make dist DISTDIR=/tmp/x   the same files elsewhere
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
SRCNAME  := sframe-conformance-$(VERSION)
SRCFILE  := $(DISTDIR)/$(SRCNAME).tar.gz
# The date every member carries (the last commit's, else the epoch).
DIST_DATE = $(or $(shell git log -1 --format=@%ct 2>/dev/null),@0)

.PHONY: dist dist-tree dist-corpus dist-source
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

dist: dist-source dist-corpus
	cd $(DISTDIR) && sha256sum $(SRCNAME).tar.gz $(DISTNAME).tar.gz > SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS
	@echo "$(DISTDIR)/SHA256SUMS: check with (cd $(DISTDIR) && sha256sum -c SHA256SUMS)"

# The sources as committed (HEAD): git archive dates every member by the
# commit, so the tarball repeats; changes not committed are not in it, and
# make dist says so.
dist-source:
	@git rev-parse --git-dir > /dev/null 2>&1 || { echo "make dist: the source tarball is made from a git checkout (git archive HEAD); this is none" >&2; exit 2; }
	@git diff --quiet HEAD 2>/dev/null || echo "make dist: uncommitted changes are not in $(SRCFILE) (it holds HEAD, $$(git rev-parse --short HEAD))" >&2
	@mkdir -p $(DISTDIR)
	git archive --format=tar --prefix=$(SRCNAME)/ -o $(SRCFILE).tar HEAD
	gzip -n -9 < $(SRCFILE).tar > $(SRCFILE).tmp
	rm $(SRCFILE).tar
	mv $(SRCFILE).tmp $(SRCFILE)
	@echo "$(SRCFILE): $$(git ls-tree -r HEAD --name-only | wc -l) files of $$(git rev-parse --short HEAD)"

dist-corpus: dist-tree
	rm -f $(DISTFILE)
	LC_ALL=C tar -C $(DISTDIR) --sort=name --owner=0 --group=0 --numeric-owner \
	  --mode=a+rX,u+w,go-w --mtime=$(DIST_DATE) -cf $(DISTFILE).tar $(DISTNAME)
	gzip -n < $(DISTFILE).tar > $(DISTFILE).tmp
	rm $(DISTFILE).tar
	mv $(DISTFILE).tmp $(DISTFILE)
	rm -rf $(DISTDIR)/$(DISTNAME)
	@echo "$(DISTFILE): $$(find $(CORPUS) -name '*.sframe' | wc -l) sections"
