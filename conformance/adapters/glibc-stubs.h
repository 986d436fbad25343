/* SPDX-License-Identifier: MIT */
/* glibc-stubs.h - what glibc's SFrame reader (sysdeps/generic/sframe-read.c,
 * sframe-read.h, sframe.h of the glibc-source package) needs from the rest
 * of glibc's build to compile standalone.  Given with -include by
 * conformance/adapters/glibc.mk; nothing of glibc is copied here.
 *
 *   - libc_hidden_proto (sframe.h, after the backtrace helpers that live
 *     in libc.so): a symbol-visibility macro of glibc's internal build.
 *     Here a file-scope declaration that does nothing, so that the
 *     semicolon after each use stays valid C11 (-pedantic).
 *   - offsetof (sframe-read.c): glibc's internal headers bring <stddef.h>
 *     in; the file itself does not include it.
 *   - <unwind.h> (_Unwind_Reason_Code, _Unwind_Ptr) comes from GCC itself,
 *     as in glibc's own build. */
#ifndef SFA_GLIBC_STUBS_H
#define SFA_GLIBC_STUBS_H

#include <stddef.h>

#define libc_hidden_proto(name) _Static_assert(1, #name)

#endif
