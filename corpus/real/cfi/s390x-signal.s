# s390x-signal.s - a signal trampoline's frame, written for the
# real-section corpus (corpus/real/regen.sh).  .cfi_signal_frame marks the
# function as a signal frame.
#   sigtramp (4 bytes):  +0x0 CFA sp+160, FP and RA unchanged
#   after    (6 bytes):  +0x0 CFA sp+160
	.text
	.globl	_start
	.type	_start, @function
_start:
	.type	sigtramp, @function
sigtramp:
	.cfi_startproc
	.cfi_signal_frame
	svc	173
	nopr	%r7
	.cfi_endproc
	.size	sigtramp, .-sigtramp
	.size	_start, .-_start

	.type	after, @function
after:
	.cfi_startproc
	lhi	%r2,0
	br	%r14
	.cfi_endproc
	.size	after, .-after

	.section .note.GNU-stack,"",@progbits
