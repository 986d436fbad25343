# s390x-signal.s - a signal trampoline's frame, written for the
# real-section corpus (corpus/real/regen.sh).  .cfi_signal_frame marks the
# function as a signal frame.
#   sigtramp (4 bytes):  +0x0 CFA sp+160, FP and RA unchanged
#   after    (6 bytes):  +0x0 CFA sp+160
	.include "macros.inc"
	program_start
	fn	sigtramp
	.cfi_signal_frame
	svc	173
	nopr	%r7
	endfn	sigtramp
	.size	_start, .-_start

	fn	after
	lhi	%r2,0
	br	%r14
	endfn	after

	program_end
