/* SPDX-License-Identifier: MIT */
/* uw-sigframe.h (shim) - glibc's generic version defines no signal-frame
 * macros either (MD_DECODE_SIGNAL_FRAME, MD_DETECT_OUTERMOST_FRAME): the
 * walker then stops where no FRE is found, as glibc's generic build does. */
