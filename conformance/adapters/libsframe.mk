# SPDX-License-Identifier: MIT
# The bundled libsframe adapters: one source (conformance/adapters/libsframe.c)
# built against each libsframe Debian ships.  Included by the top Makefile
# (uses $(BUILD), $(CC), $(CFLAGS_ALL)).
#
#   sfadapter-libsframe-2.40   bookworm's libsframe1 (the system's, binutils-dev)
#   sfadapter-libsframe-2.44   trixie's libsframe1 + binutils-dev (make toolchains)
#   sfadapter-libsframe-2.47   sid's libsframe3 + libsframe-dev (make toolchains)
#
# The newer suites' libraries depend only on libc6 >= 2.14, so they load on
# Debian 12 as they are; each is copied into a directory of its own under
# $(BUILD)/lib/ (the suite's lib directory also holds its newer libc, which
# must not be found) and found there through the adapter's run path.
# LIBSFRAME_PREFIX=DIR builds sfadapter-libsframe (no suffix) against another
# install with include/sframe-api.h and lib/libsframe.so, e.g. a binutils
# built from source.

# The toolchains are fetched into build/ whatever BUILD is (one cache).
TC_TRIXIE := build/toolchains/trixie
TC_SID    := build/toolchains/sid
tc_version = $(shell awk '$$1 == "$(2)" { print $$2 }' $(1)/VERSIONS 2>/dev/null)

SFA_LIBSFRAME_240 := $(BUILD)/bin/sfadapter-libsframe-2.40
SFA_LIBSFRAME_244 := $(BUILD)/bin/sfadapter-libsframe-2.44
SFA_LIBSFRAME_247 := $(BUILD)/bin/sfadapter-libsframe-2.47

ifneq ($(wildcard /usr/include/sframe-api.h),)
BUNDLED_ADAPTERS += libsframe-2.40
BUNDLED_BINS += $(SFA_LIBSFRAME_240)
endif
ifneq ($(wildcard $(TC_TRIXIE)/usr/include/sframe-api.h),)
BUNDLED_ADAPTERS += libsframe-2.44
BUNDLED_BINS += $(SFA_LIBSFRAME_244)
endif
ifneq ($(wildcard $(TC_SID)/usr/include/sframe-api.h),)
BUNDLED_ADAPTERS += libsframe-2.47
BUNDLED_BINS += $(SFA_LIBSFRAME_247)
endif

LIBSFRAME_SRC := conformance/adapters/libsframe.c conformance/adapters/libsframe_map.c conformance/adapters/libsframe.mk \
                 $(SFA_KIT_LIB) $(SFC_TOOLS_LIB)
LIBSFRAME_C := conformance/adapters/libsframe.c conformance/adapters/libsframe_map.c

$(SFA_LIBSFRAME_240): $(LIBSFRAME_SRC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -DSFA_LIBSFRAME_VERSION='"$(shell dpkg-query -W -f='$${Version}' libbinutils 2>/dev/null | sed 's/^[0-9]*://')"' \
	  -Icommon -o $@ $(LIBSFRAME_C) $(SFA_KIT_LIB) $(SFC_TOOLS_LIB) -lsframe
	@$(call link_deps,$(CFLAGS_ALL) -Icommon,$(LIBSFRAME_C))

# $(call sfa_libsframe_suite,REL,SUITE-ROOT,PACKAGE): the adapter of a newer
# suite's libsframe, its library copied into a directory of its own.
define sfa_libsframe_suite
$$(SFA_LIBSFRAME_$(subst .,,$(1))): $$(LIBSFRAME_SRC) $(2)/VERSIONS
	@mkdir -p $$(@D) $$(BUILD)/lib/libsframe-$(1)
	cp -P $(2)/usr/lib/x86_64-linux-gnu/libsframe.so* $$(BUILD)/lib/libsframe-$(1)/
	$$(CC) $$(CFLAGS_ALL) -I$(2)/usr/include \
	  -DSFA_LIBSFRAME_VERSION='"$$(call tc_version,$(2),$(3))"' -Icommon -o $$@ $$(LIBSFRAME_C) $$(SFA_KIT_LIB) $$(SFC_TOOLS_LIB) \
	  -L$$(BUILD)/lib/libsframe-$(1) -Wl,-rpath,$$(abspath $$(BUILD)/lib/libsframe-$(1)) -lsframe
	@$$(call link_deps,$$(CFLAGS_ALL) -I$(2)/usr/include -Icommon,$$(LIBSFRAME_C))
endef
$(eval $(call sfa_libsframe_suite,2.44,$(TC_TRIXIE),libsframe1))
$(eval $(call sfa_libsframe_suite,2.47,$(TC_SID),libsframe3))

ifneq ($(strip $(LIBSFRAME_PREFIX)),)
SFADAPTER_LIBSFRAME := $(BUILD)/bin/sfadapter-libsframe
BUNDLED_BINS += $(SFADAPTER_LIBSFRAME)
$(SFADAPTER_LIBSFRAME): $(LIBSFRAME_SRC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -I$(LIBSFRAME_PREFIX)/include $(if $(LIBSFRAME_VERSION),-DSFA_LIBSFRAME_VERSION='"$(LIBSFRAME_VERSION)"') \
	  -Icommon -o $@ $(LIBSFRAME_C) $(SFA_KIT_LIB) $(SFC_TOOLS_LIB) -L$(LIBSFRAME_PREFIX)/lib -Wl,-rpath,$(LIBSFRAME_PREFIX)/lib -lsframe
	@$(call link_deps,$(CFLAGS_ALL) -I$(LIBSFRAME_PREFIX)/include -Icommon,$(LIBSFRAME_C))
endif
