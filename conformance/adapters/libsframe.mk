# The bundled libsframe adapter (conformance/adapters/libsframe.c), to be
# included by the top Makefile (uses $(BUILD), $(CC), $(CFLAGS_ALL)).
#
#   make build/bin/sfadapter-libsframe                        # system libsframe
#   make build/bin/sfadapter-libsframe LIBSFRAME_PREFIX=/opt/binutils-2.46
#
# LIBSFRAME_PREFIX (default empty: the system install) selects another
# install with include/sframe-api.h and lib/libsframe.so.  LIBSFRAME_VERSION
# is the release reported by `capabilities`; by default it is taken from the
# Debian package that installed the system headers (binutils-dev), and when
# that is unknown the adapter deduces it from the headers (libsframe.c).

LIBSFRAME_PREFIX ?=
SFADAPTER_LIBSFRAME := $(BUILD)/bin/sfadapter-libsframe

ifeq ($(strip $(LIBSFRAME_PREFIX)),)
LIBSFRAME_CPPFLAGS :=
LIBSFRAME_LDFLAGS  :=
LIBSFRAME_VERSION  ?= $(shell dpkg-query -W -f='$${Version}' binutils-dev 2>/dev/null | sed -e 's/^[0-9]*://' -e 's/-[^-]*$$//')
else
LIBSFRAME_CPPFLAGS := -I$(LIBSFRAME_PREFIX)/include
LIBSFRAME_LDFLAGS  := -L$(LIBSFRAME_PREFIX)/lib -Wl,-rpath,$(LIBSFRAME_PREFIX)/lib
LIBSFRAME_VERSION  ?=
endif
LIBSFRAME_VERSION_DEF = $(if $(strip $(LIBSFRAME_VERSION)),-DSFA_LIBSFRAME_VERSION='"$(strip $(LIBSFRAME_VERSION))"')

$(SFADAPTER_LIBSFRAME): conformance/adapters/libsframe.c conformance/adapters/libsframe.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LIBSFRAME_CPPFLAGS) $(LIBSFRAME_VERSION_DEF) -o $@ $< $(LIBSFRAME_LDFLAGS) -lsframe
