# SPDX-License-Identifier: MIT
# dist/deb.mk - make deb: Debian packages of the checkout (debian/), built by
# dpkg-buildpackage -us -uc -b in a copy of the tracked files under
# $(BUILD)/deb/src (so nothing is written beside the checkout), dated by the
# last commit (SOURCE_DATE_EPOCH) so that two builds are byte-identical;
# the packages land in $(BUILD)/deb and lintian judges them.
#   make deb            build/deb/*.deb, lintian's verdict in build/deb/lintian.txt
DEB_DIR := $(BUILD)/deb
DEB_SRC := $(DEB_DIR)/src/sframe-conformance-$(VERSION)

.PHONY: deb
deb:
	bash ci/install-deps.sh deb
	@git rev-parse --git-dir > /dev/null 2>&1 || { echo "make deb: needs a git checkout (its tracked files are what is packaged)" >&2; exit 2; }
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_SRC)
	git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -C $(DEB_SRC) -xf -
	cd $(DEB_SRC) && SOURCE_DATE_EPOCH=$$(git -C $(CURDIR) log -1 --format=%ct) \
	  dpkg-buildpackage -us -uc -b > ../../build.log 2>&1 || { tail -n 40 $(abspath $(DEB_DIR))/build.log >&2; exit 1; }
	mv $(DEB_DIR)/src/*.deb $(DEB_DIR)/
	rm -rf $(DEB_DIR)/src
	lintian --info --display-info $(DEB_DIR)/*.deb > $(DEB_DIR)/lintian.txt 2>&1 || true
	@if grep -E '^(E|W): ' $(DEB_DIR)/lintian.txt; then echo "make deb: lintian reports the lines above" >&2; exit 1; fi
	@ls $(DEB_DIR)/*.deb
