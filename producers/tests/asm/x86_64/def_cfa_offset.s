# def_cfa_offset.s - .cfi_def_cfa_offset: the CFA offset changed while the
# CFA stays on its register, both on SP (pushes and a frame allocation) and
# on FP (an offset change after .cfi_def_cfa_register).
#
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: dco_sp converted v=1,2,3
# expect-convert: dco_fp converted v=1,2,3

	.text
	.globl dco_sp
	.type dco_sp, @function
dco_sp:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	pushq %r12
	.cfi_def_cfa_offset 24
	subq $40, %rsp
	.cfi_def_cfa_offset 64
	movq %rdi, (%rsp)
	addq $40, %rsp
	.cfi_def_cfa_offset 24
	popq %r12
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size dco_sp, .-dco_sp

	.globl dco_fp
	.type dco_fp, @function
dco_fp:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	pushq %rbp
	movq %rsp, %rbp
	.cfi_def_cfa_offset 32
	nop
	popq %rbp
	.cfi_def_cfa_offset 16
	popq %rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size dco_fp, .-dco_fp

	.section .note.GNU-stack, "", @progbits
