# SPDX-License-Identifier: MIT
# conformance/adapters/binutils.mk - the bundled objdump / readelf adapters,
# one per binutils release Debian ships.  Included by the top Makefile
# (through conformance/conformance.mk); uses $(BUILD), $(CC), $(CFLAGS_ALL).
#
#   sfadapter-objdump-2.40, sfadapter-readelf-2.40   bookworm's binutils (the system's)
#   sfadapter-objdump-2.44, sfadapter-readelf-2.44   trixie's (make toolchains)
#   sfadapter-objdump-2.47, sfadapter-readelf-2.47   sid's 2.47.50 snapshot (make toolchains)
#
# The driver (text_driver.c) with the GNU tool (gnu_tool.c), linked with
# $(SFA_TEXT_LIB) (conformance.mk): the tool's kind, path and exact version are
# compiled in (-D); the release decides how its text is read.  The newer
# ones are built only when their toolchain is unpacked.

# The toolchains live in build/ whatever BUILD is (one cache, ci/toolchains.sh).
SFA_BU_TC      := $(abspath build/toolchains)
SFA_BU_SRC     := conformance/adapters/text_driver.c conformance/adapters/gnu_tool.c \
                  conformance/adapters/binutils.mk $(SFA_TEXT_LIB) $(SFA_KIT_LIB) $(SFC_PROC_LIB) $(SFC_TOOLS_LIB)
# $(call sfa_bu_pkg,ROOT,PACKAGE): the package's version in ROOT/VERSIONS
sfa_bu_pkg = $(shell awk '$$1 == "$(2)" { print $$2 }' $(1)/VERSIONS 2>/dev/null)
# $(call sfa_bu_build,KIND,NAME,PATH,VERSION): KIND objdump or readelf
sfa_bu_defs = -DSFA_KIND='"$(1)"' -DSFA_KIND_ENV='"$(shell echo $(1) | tr a-z A-Z)"' -DSFA_NAME='"$(2)"' \
  -DSFA_PATH='"$(3)"' -DSFA_VERSION='"$(4)"'
sfa_bu_build = $(CC) $(CFLAGS_ALL) $(SFA_CFLAGS) $(call sfa_bu_defs,$(1),$(2),$(3),$(4)) -o $@ \
  conformance/adapters/text_driver.c conformance/adapters/gnu_tool.c \
  $(SFA_TEXT_LIB) $(SFA_KIT_LIB) $(SFC_PROC_LIB) $(SFC_TOOLS_LIB) && \
  $(call link_deps,$(CFLAGS_ALL) $(SFA_CFLAGS) $(call sfa_bu_defs,$(1),$(2),$(3),$(4)),conformance/adapters/text_driver.c conformance/adapters/gnu_tool.c)

SFA_BU_240_VERSION = $(shell dpkg-query -W -f='$${Version}' binutils 2>/dev/null)
SFA_BU_244_VERSION = $(call sfa_bu_pkg,$(SFA_BU_TC)/trixie,binutils)
SFA_BU_247_VERSION = $(call sfa_bu_pkg,$(SFA_BU_TC)/sid,binutils)
SFA_BU_240_OBJDUMP := $(BUILD)/bin/sfadapter-objdump-2.40
SFA_BU_240_READELF := $(BUILD)/bin/sfadapter-readelf-2.40
SFA_BU_244_OBJDUMP := $(BUILD)/bin/sfadapter-objdump-2.44
SFA_BU_244_READELF := $(BUILD)/bin/sfadapter-readelf-2.44
SFA_BU_247_OBJDUMP := $(BUILD)/bin/sfadapter-objdump-2.47
SFA_BU_247_READELF := $(BUILD)/bin/sfadapter-readelf-2.47

SFA_BU_BINS :=
ifneq ($(wildcard /usr/bin/objdump),)
BUNDLED_ADAPTERS += objdump-2.40 readelf-2.40
SFA_BU_BINS += $(SFA_BU_240_OBJDUMP) $(SFA_BU_240_READELF)
endif
ifneq ($(wildcard $(SFA_BU_TC)/trixie/bin/objdump),)
BUNDLED_ADAPTERS += objdump-2.44 readelf-2.44
SFA_BU_BINS += $(SFA_BU_244_OBJDUMP) $(SFA_BU_244_READELF)
endif
ifneq ($(wildcard $(SFA_BU_TC)/sid/bin/objdump),)
BUNDLED_ADAPTERS += objdump-2.47 readelf-2.47
SFA_BU_BINS += $(SFA_BU_247_OBJDUMP) $(SFA_BU_247_READELF)
endif
BUNDLED_BINS += $(SFA_BU_BINS)

.PHONY: sfadapter-binutils
sfadapter-binutils: $(SFA_BU_BINS)

# $(call sfa_bu_pair,REL,BINDIR,VERSION-VARIABLE,MORE-PREREQUISITES): the
# objdump and readelf adapters of release REL, whose programs are in BINDIR.
define sfa_bu_pair
$$(SFA_BU_$(subst .,,$(1))_OBJDUMP): $$(SFA_BU_SRC) $(4)
	@mkdir -p $$(@D)
	$$(call sfa_bu_build,objdump,objdump-$(1),$(2)/objdump,$$($(3)))
$$(SFA_BU_$(subst .,,$(1))_READELF): $$(SFA_BU_SRC) $(4)
	@mkdir -p $$(@D)
	$$(call sfa_bu_build,readelf,readelf-$(1),$(2)/readelf,$$($(3)))
endef
$(eval $(call sfa_bu_pair,2.40,/usr/bin,SFA_BU_240_VERSION,))
$(eval $(call sfa_bu_pair,2.44,$(SFA_BU_TC)/trixie/bin,SFA_BU_244_VERSION,$(SFA_BU_TC)/trixie/VERSIONS))
$(eval $(call sfa_bu_pair,2.47,$(SFA_BU_TC)/sid/bin,SFA_BU_247_VERSION,$(SFA_BU_TC)/sid/VERSIONS))
