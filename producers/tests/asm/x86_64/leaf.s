# leaf.s - functions with no CFI directive besides .cfi_startproc and
# .cfi_endproc: one row each, the CIE's (CFA = RSP+8, RA at CFA-8, FP
# unchanged); one of a single instruction.
#
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: leaf_ret converted v=1,2,3
# expect-convert: leaf_body converted v=1,2,3

	.text
	.globl leaf_ret
	.type leaf_ret, @function
leaf_ret:
	.cfi_startproc
	ret
	.cfi_endproc
	.size leaf_ret, .-leaf_ret

	.globl leaf_body
	.type leaf_body, @function
leaf_body:
	.cfi_startproc
	leaq (%rdi,%rsi), %rax
	imulq %rdx, %rax
	shrq $3, %rax
	ret
	.cfi_endproc
	.size leaf_body, .-leaf_body

	.section .note.GNU-stack, "", @progbits
