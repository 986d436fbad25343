# drap.s - the dynamic realignment (DRAP) prologue GCC writes for a
# function that realigns its stack: CFA = R10 (a register neither SP nor
# FP), then FP saved at an expression (DW_CFA_expression RBP: *(RBP+0)),
# then CFA = *(RBP-8) (DW_CFA_def_cfa_expression), and back.  Versions 1-2
# can express none of these rows; version 3 can express all of them with a
# flexible FDE (CFA = R10+0, FP = *(RBP+0), CFA = *(RBP-8)).
#
# GNU as: 2.40 leaves drap out without a word; 2.44 leaves it out
# ("skipping SFrame FDE; non-SP/FP register 10 in .cfi_def_cfa"); 2.47
# writes it as a flexible FDE, every row agreeing.
#
# expect-check: agree
# expect-cfi-only: drap cfa-other-register|cfa-expression|fp-expression gas=2.40,2.44
# expect-warning: skipping SFrame FDE; non-SP/FP register 10 in .cfi_def_cfa gas=2.44
# expect-convert: drap skipped cfa-other-register|cfa-expression|fp-expression v=1,2
# expect-convert: drap converted v=3
# expect-convert: drap_caller converted v=1,2,3

	.text
	.globl drap
	.type drap, @function
drap:
	.cfi_startproc
	leaq 8(%rsp), %r10
	.cfi_def_cfa %r10, 0
	andq $-32, %rsp
	pushq -8(%r10)
	pushq %rbp
	movq %rsp, %rbp
	# DW_CFA_expression RBP: DW_OP_breg6 (rbp) 0
	.cfi_escape 0x10, 0x06, 0x02, 0x76, 0x00
	pushq %r10
	# DW_CFA_def_cfa_expression: DW_OP_breg6 (rbp) -8; DW_OP_deref
	.cfi_escape 0x0f, 0x03, 0x76, 0x78, 0x06
	subq $96, %rsp
	vmovdqa %ymm0, (%rsp)
	addq $96, %rsp
	popq %r10
	.cfi_def_cfa %r10, 0
	popq %rbp
	leaq -8(%r10), %rsp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size drap, .-drap

	# An ordinary function every release puts in .sframe: ld writes a
	# .sframe section of zero bytes when no input function is in one.
	.globl drap_caller
	.type drap_caller, @function
drap_caller:
	.cfi_startproc
	subq $8, %rsp
	.cfi_def_cfa_offset 16
	call drap
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size drap_caller, .-drap_caller

	.section .note.GNU-stack, "", @progbits
