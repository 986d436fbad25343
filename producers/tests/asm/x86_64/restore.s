# restore.s - .cfi_restore: FP's rule returned to the CIE's (unchanged)
# after the epilogue restores it, in the middle of a function and at its
# end; and .cfi_restore of the CFA-less register RBX (no effect on SFrame).
#
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: rst_fp converted v=1,2,3
# expect-convert: rst_twice converted v=1,2,3

	.text
	.globl rst_fp
	.type rst_fp, @function
rst_fp:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	pushq %rbx
	.cfi_def_cfa_offset 24
	.cfi_offset %rbx, -24
	movq %rdi, %rbp
	popq %rbx
	.cfi_def_cfa_offset 16
	.cfi_restore %rbx
	popq %rbp
	.cfi_def_cfa_offset 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size rst_fp, .-rst_fp

	# Saved, restored, saved again, restored again.
	.globl rst_twice
	.type rst_twice, @function
rst_twice:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	popq %rbp
	.cfi_def_cfa_offset 8
	.cfi_restore %rbp
	nop
	subq $24, %rsp
	.cfi_def_cfa_offset 32
	movq %rbp, (%rsp)
	.cfi_offset %rbp, -32
	movq (%rsp), %rbp
	.cfi_restore %rbp
	addq $24, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size rst_twice, .-rst_twice

	.section .note.GNU-stack, "", @progbits
