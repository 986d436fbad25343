# x86_64-signal.s - a signal trampoline's frame, written for the
# real-section corpus (corpus/real/regen.sh).  .cfi_signal_frame marks the
# function as a signal frame: the return address it describes is the
# interrupted instruction, not a call's return (an unwinder must not
# subtract 1 before looking it up).  SFrame versions 1 and 2 have no flag
# for it; version 3 does.  The frame itself is plain: the CFA stays on
# %rsp, and %rbp is pushed.
#   sigtramp (0x401000):  +0x0 CFA sp+8 FP unchanged; +0x1 CFA sp+16 FP c-16
#   after (0x401008): an ordinary function after it, +0x0 CFA sp+8

	.text
	.globl	_start
	.type	_start, @function
_start:
sigtramp:
	.cfi_startproc
	.cfi_signal_frame
	pushq	%rbp			# 1 byte
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movl	$15, %eax		# 5 bytes
	syscall				# 2 bytes
	.cfi_endproc
	.size	sigtramp, .-sigtramp
	.size	_start, .-_start

	.type	after, @function
after:
	.cfi_startproc
	xorl	%eax, %eax
	ret
	.cfi_endproc
	.size	after, .-after

	.section .note.GNU-stack,"",@progbits
