# sp_register.s - the shape of glibc's x86-64 __longjmp: before the jump the
# CFI describes the frame being jumped to: CFA = RDI + 0 (the jmp_buf), the
# caller's SP in R8 (DW_CFA_register rsp, r8), RBP in R9, the RA in RDX.
# SFrame has no word for the SP: an unwinder takes the caller's SP to be
# the CFA (v3 appendix A), here the jmp_buf's address, not R8.  No version
# can express those rows (`sp-rule`); the rows before them can.
#
# GNU as: 2.40 leaves longjmp_like out without a word (CFA on RDI); 2.44
# leaves it out for the same reason ("skipping SFrame FDE; non-SP/FP
# register 5 in .cfi_def_cfa"); 2.47 leaves it out for the SP rule ("no
# SFrame FDE emitted; SP register 7 in .cfi_register"), as sfcfi does.
#
# expect-check: agree
# expect-cfi-only: longjmp_like cfa-other-register gas=2.40,2.44
# expect-cfi-only: longjmp_like sp-rule gas=2.47
# expect-warning: skipping SFrame FDE; non-SP/FP register 5 in .cfi_def_cfa gas=2.44
# expect-warning: no SFrame FDE emitted; SP register 7 in .cfi_register gas=2.47
# expect-convert: longjmp_like skipped cfa-other-register|sp-rule v=1,2
# expect-convert: longjmp_like skipped sp-rule v=3
# expect-convert: plain converted v=1,2,3

	.text
	.globl longjmp_like
	.type longjmp_like, @function
longjmp_like:
	.cfi_startproc
	movq 48(%rdi), %r8
	movq 8(%rdi), %r9
	movq 56(%rdi), %rdx
	.cfi_def_cfa %rdi, 0
	.cfi_register %rsp, %r8
	.cfi_register %rbp, %r9
	.cfi_register %rip, %rdx
	.cfi_offset %rbx, 0
	movq (%rdi), %rbx
	movl %esi, %eax
	movq %r8, %rsp
	movq %r9, %rbp
	jmpq *%rdx
	.cfi_endproc
	.size longjmp_like, .-longjmp_like

	# An ordinary function every release puts in .sframe.
	.globl plain
	.type plain, @function
plain:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	popq %rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size plain, .-plain

	.section .note.GNU-stack, "", @progbits
