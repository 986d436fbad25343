// aarch64-signal.s - a signal trampoline's frame, written for the
// real-section corpus (corpus/real/regen.sh).  .cfi_signal_frame marks the
// function as a signal frame (SFrame versions 1 and 2 have no flag for it;
// version 3 does).
//   sigtramp (8 bytes):  +0x0 CFA sp+0, FP and RA unchanged
//   after    (8 bytes):  +0x0 CFA sp+0
	.include "macros.inc"
	program_start
	fn	sigtramp
	.cfi_signal_frame
	mov	x8, 139
	svc	0
	endfn	sigtramp
	.size	_start, .-_start

	fn	after
	mov	x0, 0
	ret
	endfn	after

	program_end
