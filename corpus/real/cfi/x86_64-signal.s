# x86_64-signal.s - a signal trampoline's frame, written for the
# real-section corpus (corpus/real/regen.sh).  .cfi_signal_frame marks the
# function as a signal frame: the return address it describes is the
# interrupted instruction, not a call's return (an unwinder must not
# subtract 1 before looking it up).  SFrame versions 1 and 2 have no flag
# for it; version 3 does.  The frame itself is plain: the CFA stays on
# %rsp, and %rbp is pushed.
#   sigtramp (0x401000):  +0x0 CFA sp+8 FP unchanged; +0x1 CFA sp+16 FP c-16
#   after (0x401008): an ordinary function after it, +0x0 CFA sp+8

	.include "macros.inc"
	program_start
sigtramp:
	.cfi_startproc
	.cfi_signal_frame
	push_rbp			# 1 byte
	movl	$15, %eax		# 5 bytes
	syscall				# 2 bytes
	endfn	sigtramp
	.size	_start, .-_start

	fn	after
	xorl	%eax, %eax
	ret
	endfn	after

	program_end
