# s390x-frame.s - the everyday s390x frames, written for the real-section
# corpus (corpus/real/regen.sh; GNU as emits SFrame for s390x from
# binutils 2.45, so only the newest release here builds it).
#
# On s390x the CFA at a function's entry is %r15 + 160 (the caller's
# register save area), the FP is %r11 and the return address is in %r14.
# SFrame tracks the CFA (on %r15 or %r11), and where %r11 and %r14 are
# saved.  Rows as offsets from each function's start ("CFA sp+N": CFA =
# %r15 + N; "fp+N": %r11 + N; "c-N": saved at CFA - N).
#
# fpframe (38 bytes): the frame-pointer prologue and epilogue GCC writes.
#   +0x0   CFA sp+160   FP unchanged  RA unchanged
#   +0x6   CFA sp+160   FP c-72       RA c-48      (stmg %r11, %r15, 88(%r15))
#   +0xa   CFA sp+320   FP c-72       RA c-48      (aghi %r15, -160)
#   +0xe   CFA fp+320   FP c-72       RA c-48      (lgr %r11, %r15)
#   +0x24  CFA sp+160   FP unchanged  RA unchanged (lmg %r11, %r15, 248(%r11))
# leaf (6 bytes): one row, CFA sp+160.
# twoexits (40 bytes): .cfi_remember_state / .cfi_restore_state.
#   +0x0   CFA sp+160   FP unchanged  RA unchanged
#   +0x6   CFA sp+160   FP c-72       RA c-48      (stmg)
#   +0xa   CFA sp+320   FP c-72       RA c-48      (aghi)
#   +0x1a  CFA sp+160   FP unchanged  RA unchanged (first exit: lmg)
#   +0x1c  CFA sp+320   FP c-72       RA c-48      (restore_state)
#   +0x26  CFA sp+160   FP unchanged  RA unchanged (second exit)

	.include "macros.inc"
	program_start
	fn	fpframe
	stmg	%r11,%r15,88(%r15)
	.cfi_offset %r11, -72
	.cfi_offset %r12, -64
	.cfi_offset %r13, -56
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	aghi	%r15,-160
	.cfi_def_cfa_offset 320
	lgr	%r11,%r15
	.cfi_def_cfa_register %r11
	brasl	%r14,leaf
	ahi	%r2,1
	nopr	%r7
	nopr	%r7
	nopr	%r7
	lmg	%r11,%r15,248(%r11)
	.cfi_restore %r15
	.cfi_restore %r14
	.cfi_restore %r13
	.cfi_restore %r12
	.cfi_restore %r11
	.cfi_def_cfa %r15, 160
	br	%r14
	endfn	fpframe
	.size	_start, .-_start

	fn	leaf
	ahi	%r2,3
	br	%r14
	endfn	leaf

	fn	twoexits
	save_r11_r14_r15
	aghi	%r15,-160
	.cfi_def_cfa_offset 320
	ltr	%r2,%r2
	je	1f
	lhi	%r2,7
	.cfi_remember_state
	restore_r11_r14_r15 248, %r15
	.cfi_def_cfa_offset 160
	br	%r14
	.cfi_restore_state
1:	lhi	%r2,9
	restore_r11_r14_r15 248, %r15
	.cfi_def_cfa_offset 160
	br	%r14
	endfn	twoexits

	program_end
