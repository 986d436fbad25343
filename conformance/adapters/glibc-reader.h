/* SPDX-License-Identifier: MIT */
/* glibc-reader.h - glibc's SFrame reader (sysdeps/generic/sframe-read.c,
 * from the build tree: -I$(BUILD)/glibc-REL/sysdeps/generic), as both glibc
 * adapters include it (glibc.c, glibc-walker.c).  Its one warning under
 * -Wextra (an unused parameter of a static helper) is glibc's, not ours:
 * silenced for its text only. */
#ifndef SFA_GLIBC_READER_H
#define SFA_GLIBC_READER_H
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <sframe-read.c>
#pragma GCC diagnostic pop
#endif
