# x86_64-empty.s - an empty function, written for the real-section corpus
# (corpus/real/regen.sh).  GNU as gives a function with no instructions a
# zero-size FDE with one FRE at offset 0; that FRE covers no PC (the start
# equals the size), which the project rules questionable,
# fre-start-at-size (SPEC-NOTES.md).  The function after it starts at the
# same address.
#   empty (0x401000, 0 bytes):  +0x0 CFA sp+8 FP unchanged
#   next  (0x401000, 3 bytes):  +0x0 CFA sp+8 FP unchanged

	.text
	.globl	_start
	.type	_start, @function
_start:
	.type	empty, @function
empty:
	.cfi_startproc
	.cfi_endproc
	.size	empty, .-empty

	.type	next, @function
next:
	.cfi_startproc
	movl	%edi, %eax
	ret
	.cfi_endproc
	.size	next, .-next
	.size	_start, .-_start

	.section .note.GNU-stack,"",@progbits
