# offset.s - .cfi_offset: FP (RBP) saved on the stack, near and far from
# the CFA; a register SFrame does not track (RBX: no effect on SFrame); the
# return address given explicitly at its fixed place (CFA-8: the same as the
# CIE's rule); and the return address at another place (CFA-16), which
# AMD64 default FDEs cannot say (the RA is always at the header's fixed
# offset): versions 1-2 cannot express it, version 3 can with a flexible
# FDE (RA = *(CFA-16)).
#
# GNU as: 2.40 and 2.44 write off_ra_moved with the RA at the header's
# CFA-8 where the CFI says CFA-16 (the .cfi_offset of RIP is dropped
# without a word: a wrong RA rule for 8 bytes); 2.47 writes it as a
# flexible FDE (RA = *(CFA-16)).
#
# expect-check: agree
# expect-disagree: off_ra_moved covers-ra-rule gas=2.40,2.44
# expect-convert: off_fp converted v=1,2,3
# expect-convert: off_fp_far converted v=1,2,3
# expect-convert: off_other converted v=1,2,3
# expect-convert: off_ra_fixed converted v=1,2,3
# expect-convert: off_ra_moved skipped ra-rule v=1,2
# expect-convert: off_ra_moved converted v=3

	.text
	.globl off_fp
	.type off_fp, @function
off_fp:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rdi, %rbp
	popq %rbp
	.cfi_def_cfa_offset 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size off_fp, .-off_fp

	.globl off_fp_far
	.type off_fp_far, @function
off_fp_far:
	.cfi_startproc
	subq $2048, %rsp
	.cfi_def_cfa_offset 2056
	movq %rbp, 8(%rsp)
	.cfi_offset %rbp, -2048
	movq %rdi, %rbp
	movq 8(%rsp), %rbp
	.cfi_restore %rbp
	addq $2048, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size off_fp_far, .-off_fp_far

	.globl off_other
	.type off_other, @function
off_other:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	pushq %r12
	.cfi_def_cfa_offset 24
	.cfi_offset %r12, -24
	movq %rdi, %rbx
	popq %r12
	.cfi_def_cfa_offset 16
	.cfi_restore %r12
	popq %rbx
	.cfi_def_cfa_offset 8
	.cfi_restore %rbx
	ret
	.cfi_endproc
	.size off_other, .-off_other

	.globl off_ra_fixed
	.type off_ra_fixed, @function
off_ra_fixed:
	.cfi_startproc
	.cfi_offset %rip, -8
	pushq %rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rip, -8
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size off_ra_fixed, .-off_ra_fixed

	# The return address copied one slot down (a trampoline that moved it):
	# from the second instruction on, it is read from CFA-16.
	.globl off_ra_moved
	.type off_ra_moved, @function
off_ra_moved:
	.cfi_startproc
	pushq (%rsp)
	.cfi_def_cfa_offset 16
	.cfi_offset %rip, -16
	movq %rdi, 8(%rsp)
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	.cfi_offset %rip, -8
	ret
	.cfi_endproc
	.size off_ra_moved, .-off_ra_moved

	.section .note.GNU-stack, "", @progbits
