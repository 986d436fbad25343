# def_cfa_expression.s - DW_CFA_def_cfa_expression (gas has no directive
# for it: .cfi_escape 0x0f).  A CFA read from memory, CFA = *(RBP-8) (the
# frame keeps the CFA in a slot, as after a dynamic realignment): versions
# 1-2 cannot express it, version 3 can (a flexible FDE's dereferenced CFA).
# A CFA that is a sum of two registers, CFA = RSP + RAX + 8 (a variable
# allocation): no version can.
#
# GNU as: 2.40 leaves out cfae_deref and cfae_sum without a word; 2.44
# leaves them out ("skipping SFrame FDE; CFI insn CFI_escape (0x103)");
# 2.47 writes cfae_deref as a flexible FDE (CFA = *(RBP-8)) and leaves
# out cfae_sum ("no SFrame FDE emitted; .cfi_escape with op (0xf)").
#
# expect-check: agree
# expect-cfi-only: cfae_deref cfa-expression gas=2.40,2.44
# expect-cfi-only: cfae_sum cfa-expression
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: no SFrame FDE emitted; .cfi_escape with op (0xf) gas=2.47
# expect-convert: cfae_deref skipped cfa-expression v=1,2
# expect-convert: cfae_deref converted v=3
# expect-convert: cfae_sum skipped cfa-expression v=1,2,3
# expect-convert: cfae_caller converted v=1,2,3

	.text
	.globl cfae_deref
	.type cfae_deref, @function
cfae_deref:
	.cfi_startproc
	leaq 8(%rsp), %rax
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	pushq %rax
	# DW_CFA_def_cfa_expression: DW_OP_breg6 (rbp) -8; DW_OP_deref
	.cfi_escape 0x0f, 0x03, 0x76, 0x78, 0x06
	andq $-64, %rsp
	movq %rdi, (%rsp)
	movq %rbp, %rsp
	popq %rbp
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size cfae_deref, .-cfae_deref

	.globl cfae_sum
	.type cfae_sum, @function
cfae_sum:
	.cfi_startproc
	movq %rdi, %rax
	subq %rax, %rsp
	# DW_CFA_def_cfa_expression: DW_OP_breg7 (rsp) 8; DW_OP_breg0 (rax) 0; DW_OP_plus
	.cfi_escape 0x0f, 0x05, 0x77, 0x08, 0x70, 0x00, 0x22
	movq %rdi, (%rsp)
	addq %rax, %rsp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size cfae_sum, .-cfae_sum

	# An ordinary function every release puts in .sframe: ld writes a
	# .sframe section of zero bytes when no input function is in one.
	.globl cfae_caller
	.type cfae_caller, @function
cfae_caller:
	.cfi_startproc
	subq $8, %rsp
	.cfi_def_cfa_offset 16
	call cfae_deref
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size cfae_caller, .-cfae_caller

	.section .note.GNU-stack, "", @progbits
