// aarch64-signal.s - a signal trampoline's frame, written for the
// real-section corpus (corpus/real/regen.sh).  .cfi_signal_frame marks the
// function as a signal frame (SFrame versions 1 and 2 have no flag for it;
// version 3 does).
//   sigtramp (8 bytes):  +0x0 CFA sp+0, FP and RA unchanged
//   after    (8 bytes):  +0x0 CFA sp+0
	.text
	.globl	_start
	.type	_start, %function
_start:
	.type	sigtramp, %function
sigtramp:
	.cfi_startproc
	.cfi_signal_frame
	mov	x8, 139
	svc	0
	.cfi_endproc
	.size	sigtramp, .-sigtramp
	.size	_start, .-_start

	.type	after, %function
after:
	.cfi_startproc
	mov	x0, 0
	ret
	.cfi_endproc
	.size	after, .-after

	.section .note.GNU-stack,"",%progbits
