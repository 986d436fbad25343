# s390x-empty.s - an empty function, written for the real-section corpus
# (corpus/real/regen.sh).  GNU as gives it a zero-size FDE with one FRE at
# offset 0, which covers no PC: questionable, fre-start-at-size
# (SPEC-NOTES.md).  The function after it starts at the same address.
#   empty (0 bytes):  +0x0 CFA sp+160
#   next  (6 bytes):  +0x0 CFA sp+160
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
	ahi	%r2,1
	br	%r14
	.cfi_endproc
	.size	next, .-next
	.size	_start, .-_start

	.section .note.GNU-stack,"",@progbits
