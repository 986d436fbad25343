# rel_offset.s - .cfi_rel_offset: FP saved at an offset from the current
# CFA register (not from the CFA), in a frame allocated with one
# subtraction (mov %rbp, 8(%rsp) with CFA = RSP+32: RBP at CFA-24), and
# once more while the CFA is on RBP.
#
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: rel_sp converted v=1,2,3
# expect-convert: rel_fp converted v=1,2,3

	.text
	.globl rel_sp
	.type rel_sp, @function
rel_sp:
	.cfi_startproc
	subq $24, %rsp
	.cfi_adjust_cfa_offset 24
	movq %rbp, 8(%rsp)
	.cfi_rel_offset %rbp, 8
	movq %rdi, %rbp
	movq 8(%rsp), %rbp
	.cfi_restore %rbp
	addq $24, %rsp
	.cfi_adjust_cfa_offset -24
	ret
	.cfi_endproc
	.size rel_sp, .-rel_sp

	.globl rel_fp
	.type rel_fp, @function
rel_fp:
	.cfi_startproc
	pushq %rbp
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbp, 0
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	pushq %rbx
	.cfi_rel_offset %rbx, -8
	popq %rbx
	.cfi_restore %rbx
	popq %rbp
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size rel_fp, .-rel_fp

	.section .note.GNU-stack, "", @progbits
