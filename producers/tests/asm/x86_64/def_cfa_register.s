# def_cfa_register.s - .cfi_def_cfa_register: the classic frame-pointer
# frame (CFA moves to RBP), and the CFA moved to a register that is neither
# SP nor FP (RBX), which default FDEs cannot say: versions 1 and 2 cannot
# express it; version 3 can, with a flexible FDE.
#
# GNU as: 2.40 writes dcr_other's rows with the CFA on SP (CFA = SP+16
# where the CFI says RBX+16: 2.40 takes any CFA register for SP); 2.44
# leaves dcr_other out ("skipping SFrame FDE; non-SP/FP register 3 in
# .cfi_def_cfa_register"); 2.47 writes it as a flexible FDE.
#
# expect-check: agree
# expect-disagree: dcr_other covers-cfa-other-register gas=2.40
# expect-cfi-only: dcr_other cfa-other-register gas=2.44
# expect-warning: skipping SFrame FDE; non-SP/FP register 3 in .cfi_def_cfa_register gas=2.44
# expect-convert: dcr_fp converted v=1,2,3
# expect-convert: dcr_other skipped cfa-other-register v=1,2
# expect-convert: dcr_other converted v=3

	.text
	.globl dcr_fp
	.type dcr_fp, @function
dcr_fp:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	subq $16, %rsp
	movl %edi, -4(%rbp)
	movl -4(%rbp), %eax
	leave
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size dcr_fp, .-dcr_fp

	.globl dcr_other
	.type dcr_other, @function
dcr_other:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	movq %rsp, %rbx
	.cfi_def_cfa_register %rbx
	andq $-32, %rsp
	subq $64, %rsp
	movq %rdi, (%rsp)
	movq %rbx, %rsp
	.cfi_def_cfa_register %rsp
	popq %rbx
	.cfi_def_cfa_offset 8
	.cfi_restore %rbx
	ret
	.cfi_endproc
	.size dcr_other, .-dcr_other

	.section .note.GNU-stack, "", @progbits
