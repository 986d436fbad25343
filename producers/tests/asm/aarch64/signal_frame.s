// signal_frame.s - .cfi_signal_frame on AArch64.  Only version 3 marks a
// signal frame (the FDE's signal bit); versions 1-2 cannot say it.
//
// GNU as: 2.40 and 2.44 write sig_fn as an ordinary function (no signal
// bit in versions 1-2); 2.47 marks it.
//
// expect-check: agree
// expect-disagree: sig_fn covers-signal-frame gas=2.40,2.44
// expect-convert: sig_fn skipped signal-frame v=1,2
// expect-convert: sig_fn converted v=3
// expect-convert: sig_caller converted v=1,2,3

	.text
	.globl sig_fn
	.type sig_fn, %function
sig_fn:
	.cfi_startproc
	.cfi_signal_frame
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov x8, #139
	svc #0
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size sig_fn, .-sig_fn

	// An ordinary function every release puts in .sframe.
	.globl sig_caller
	.type sig_caller, %function
sig_caller:
	.cfi_startproc
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	bl sig_fn
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size sig_caller, .-sig_caller

	.section .note.GNU-stack, "", %progbits
