# SPDX-License-Identifier: MIT
# dist/install.mk - make install, make uninstall, make man.
#   make install PREFIX=/usr DESTDIR=/tmp/x   every tool, the adapters that need
#       no fetched peer, the corpus with its expected results, the adapter kit,
#       the man pages, the licenses
#   make uninstall (the same variables)        removes exactly what install wrote
#   make man                                   build/man/*.1, *.7
# The GNU directory variables (prefix, exec_prefix, bindir, libdir,
# libexecdir, includedir, datarootdir, datadir, mandir, docdir) may each be
# set; PREFIX sets prefix.  An installed tool finds the suite's files beside
# itself, at BINDIR/../share/sframe-conformance and
# BINDIR/../libexec/sframe-conformance (common/sfc_tools.h, sfc_installed),
# so that an install under any prefix, DESTDIR included, works where it is;
# with a bindir elsewhere, name them (sfconform --corpus, --bindir; sfaudit
# --links).  sfaudit's readers are compiled in (common/sfc_peers.h).
# The man pages are made from each tool's --help and --version by help2man
# (with dist/man/TOOL.h2m: the NAME line, examples), and the adapter
# protocol's from conformance/PROTOCOL.md by go-md2man (its tables as lists,
# dist/man/tables.awk), so neither can drift from its source.

prefix      ?= $(PREFIX)
exec_prefix ?= $(prefix)
bindir      ?= $(exec_prefix)/bin
libdir      ?= $(exec_prefix)/lib
libexecdir  ?= $(exec_prefix)/libexec
includedir  ?= $(prefix)/include
datarootdir ?= $(prefix)/share
datadir     ?= $(datarootdir)
mandir      ?= $(datarootdir)/man
docdir      ?= $(datarootdir)/doc/sframe-conformance

# What a user runs, and the adapters an installed sfconform judges with
# (the text tools' adapters for the system's own binutils 2.40 when built:
# the others run fetched toolchains under build/).
INSTALL_TOOLS    := sfref sfconform sfcorpus sfcfi sfaudit
INSTALL_ADAPTERS := sfadapter-reference sfadapter-dl \
  $(notdir $(filter %/sfadapter-objdump-2.40 %/sfadapter-readelf-2.40,$(BUNDLED_BINS)))
INSTALL_HEADERS  := decoder/include/sframe_ref.h decoder/include/sframe_kernel.h decoder/include/sframe_ddprof.h \
  conformance/include/sframe_adapter.h
# The suite's tables sfaudit reads, under datadir/sframe-conformance.
INSTALL_TABLES   := audit/links.tsv producers/producers.tsv
# The adapter kit's examples, beside the corpus's copy of the protocol.
INSTALL_EXAMPLES := conformance/examples/example-adapter.c conformance/examples/table-adapter.c

MAN_DIR   := $(BUILD)/man
MAN1      := $(INSTALL_TOOLS:%=$(MAN_DIR)/%.1)
MAN7      := $(MAN_DIR)/sframe-adapter-protocol.7
# The pages' date: the last commit's month (SOURCE_DATE_EPOCH when set), so
# two builds of one commit write the same pages.
MAN_EPOCH  = $(or $(SOURCE_DATE_EPOCH),$(shell git log -1 --format=%ct 2>/dev/null),0)

.PHONY: install install-build uninstall man install-deps-man

# Everything install copies that is built (debian/rules builds this first).
install-build: all $(INSTALL_TOOLS:%=$(BUILD)/bin/%) $(INSTALL_ADAPTERS:%=$(BUILD)/bin/%) man

install-deps-man:
	@bash ci/install-deps.sh man

man: $(MAN1) $(MAN7)

$(MAN_DIR)/%.1: $(BUILD)/bin/% dist/man/%.h2m | install-deps-man
	@mkdir -p $(@D)
	SOURCE_DATE_EPOCH=$(MAN_EPOCH) help2man --no-info --no-discard-stderr \
	  --include=dist/man/$*.h2m --output=$@.tmp $<
	mv $@.tmp $@

$(MAN7): conformance/PROTOCOL.md dist/man/tables.awk | install-deps-man
	@mkdir -p $(@D)
	{ printf '%% SFRAME-ADAPTER-PROTOCOL 7 "%s" "sframe-conformance %s" "sframe-conformance manual"\n\n' \
	    "$$(LC_ALL=C date -u -d @$(MAN_EPOCH) '+%B %Y')" "$(VERSION)"; \
	  printf '# NAME\n\nsframe-adapter-protocol - how an SFrame reader under test answers sfconform\n\n'; \
	  awk -f dist/man/tables.awk $<; } | go-md2man > $@.tmp
	mv $@.tmp $@

install: install-build dist-tree
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(libdir)/pkgconfig $(DESTDIR)$(includedir) \
	  $(DESTDIR)$(libexecdir)/sframe-conformance $(DESTDIR)$(datadir)/sframe-conformance/corpus \
	  $(DESTDIR)$(datadir)/sframe-conformance/audit $(DESTDIR)$(datadir)/sframe-conformance/producers \
	  $(DESTDIR)$(datadir)/sframe-conformance/examples $(DESTDIR)$(mandir)/man1 $(DESTDIR)$(mandir)/man7 \
	  $(DESTDIR)$(docdir)
	install -m 755 $(INSTALL_TOOLS:%=$(BUILD)/bin/%) $(DESTDIR)$(bindir)/
	install -m 755 $(INSTALL_ADAPTERS:%=$(BUILD)/bin/%) $(DESTDIR)$(libexecdir)/sframe-conformance/
	install -m 644 $(STATIC) $(DESTDIR)$(libdir)/
	install -m 755 $(SHARED_LIB) $(DESTDIR)$(libdir)/libsframe_ref.so.0
	ln -sf libsframe_ref.so.0 $(DESTDIR)$(libdir)/libsframe_ref.so
	install -m 644 $(INSTALL_HEADERS) $(DESTDIR)$(includedir)/
	sed -e 's|@PREFIX@|$(prefix)|g' -e 's|@LIBDIR@|$(libdir)|g' -e 's|@INCLUDEDIR@|$(includedir)|g' \
	  -e 's|@VERSION@|$(VERSION)|g' decoder/sframe_ref.pc.in > $(DESTDIR)$(libdir)/pkgconfig/sframe_ref.pc
	cp -R $(DISTDIR)/$(DISTNAME)/. $(DESTDIR)$(datadir)/sframe-conformance/corpus/
	chmod -R a+rX,go-w $(DESTDIR)$(datadir)/sframe-conformance/corpus
	for t in $(INSTALL_TABLES); do install -m 644 $$t $(DESTDIR)$(datadir)/sframe-conformance/$$t || exit 1; done
	install -m 644 $(INSTALL_EXAMPLES) $(DESTDIR)$(datadir)/sframe-conformance/examples/
	install -m 644 $(MAN1) $(DESTDIR)$(mandir)/man1/
	install -m 644 $(MAN7) $(DESTDIR)$(mandir)/man7/
	install -m 644 LICENSE README.md $(DESTDIR)$(docdir)/
	rm -rf $(DISTDIR)/$(DISTNAME)

# Exactly what install wrote: the files by name, the suite's own
# directories whole; the standard directories (bin, lib, share/man/man1,
# ...) stay, as they may hold other programs' files.
uninstall:
	rm -f $(INSTALL_TOOLS:%=$(DESTDIR)$(bindir)/%)
	rm -f $(DESTDIR)$(libdir)/libsframe_ref.a $(DESTDIR)$(libdir)/libsframe_ref.so.0 \
	  $(DESTDIR)$(libdir)/libsframe_ref.so $(DESTDIR)$(libdir)/pkgconfig/sframe_ref.pc
	rm -f $(addprefix $(DESTDIR)$(includedir)/,$(notdir $(INSTALL_HEADERS)))
	rm -f $(INSTALL_TOOLS:%=$(DESTDIR)$(mandir)/man1/%.1) $(DESTDIR)$(mandir)/man7/sframe-adapter-protocol.7
	rm -rf $(DESTDIR)$(libexecdir)/sframe-conformance $(DESTDIR)$(datadir)/sframe-conformance \
	  $(DESTDIR)$(docdir)
