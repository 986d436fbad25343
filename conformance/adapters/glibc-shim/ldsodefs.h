/* SPDX-License-Identifier: MIT */
/* ldsodefs.h (shim) - glibc's sysdeps/generic/sframe.c includes its
 * dynamic linker's internal header for GLRO (dl_find_object).  The walker
 * adapter (glibc-walker.c) defines what it needs before including sframe.c;
 * this file only stands in for the include.  Nothing of glibc is here. */
