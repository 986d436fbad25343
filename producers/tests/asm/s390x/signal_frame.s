# signal_frame.s - .cfi_signal_frame on s390x: only version 3 marks a
# signal frame; version 2 cannot say it.
#
# GNU as 2.47 puts every function in .sframe, and every row agrees with
# the CFI (2.40 and 2.44 write no SFrame for s390x).
#
# expect-check: agree
# expect-convert: sig_fn skipped signal-frame v=2
# expect-convert: sig_fn converted v=3
# expect-convert: sig_caller converted v=2,3

	.text
	.globl sig_fn
	.type sig_fn, @function
sig_fn:
	.cfi_startproc
	.cfi_signal_frame
	aghi %r15,-160
	.cfi_adjust_cfa_offset 160
	svc 173
	aghi %r15,160
	.cfi_adjust_cfa_offset -160
	br %r14
	.cfi_endproc
	.size sig_fn, .-sig_fn

	# An ordinary function every release puts in .sframe.
	.globl sig_caller
	.type sig_caller, @function
sig_caller:
	.cfi_startproc
	stmg %r14,%r15,112(%r15)
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	aghi %r15,-160
	.cfi_adjust_cfa_offset 160
	brasl %r14,sig_fn
	lmg %r14,%r15,272(%r15)
	.cfi_restore %r15
	.cfi_restore %r14
	.cfi_adjust_cfa_offset -160
	br %r14
	.cfi_endproc
	.size sig_caller, .-sig_caller

	.section .note.GNU-stack, "", @progbits
