# register.s - .cfi_register: a register saved in another register.  FP
# kept in R11 and the return address kept in RAX (popped, then jumped
# through) cannot be said by default FDEs: versions 1-2 cannot express
# them, version 3 can with a flexible FDE (FP = R11, RA = RAX).  RBX kept
# in R11 is not tracked by SFrame (no effect).
#
# GNU as: 2.40 leaves out all three without a word (reg_other too, which
# needs nothing SFrame lacks); 2.44 writes reg_other, leaves out reg_fp
# ("skipping SFrame FDE; FP register 6 in .cfi_register") and writes
# reg_ra with the RA at the header's CFA-8 where the CFI says RAX (the
# .cfi_register of RIP is dropped without a word: a wrong RA rule for 5
# bytes); 2.47 writes reg_fp and reg_ra as flexible FDEs.
#
# expect-check: agree
# expect-cfi-only: reg_other expressible gas=2.40
# expect-cfi-only: reg_fp fp-rule gas=2.40,2.44
# expect-cfi-only: reg_ra ra-rule gas=2.40
# expect-disagree: reg_ra covers-ra-rule gas=2.44
# expect-warning: skipping SFrame FDE; FP register 6 in .cfi_register gas=2.44
# expect-convert: reg_other converted v=1,2,3
# expect-convert: reg_fp skipped fp-rule v=1,2
# expect-convert: reg_fp converted v=3
# expect-convert: reg_ra skipped ra-rule v=1,2
# expect-convert: reg_ra converted v=3
# expect-convert: reg_caller converted v=1,2,3

	.text
	.globl reg_other
	.type reg_other, @function
reg_other:
	.cfi_startproc
	movq %rbx, %r11
	.cfi_register %rbx, %r11
	movq %rdi, %rbx
	movq %r11, %rbx
	.cfi_restore %rbx
	ret
	.cfi_endproc
	.size reg_other, .-reg_other

	.globl reg_fp
	.type reg_fp, @function
reg_fp:
	.cfi_startproc
	movq %rbp, %r11
	.cfi_register %rbp, %r11
	movq %rdi, %rbp
	movq %r11, %rbp
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size reg_fp, .-reg_fp

	.globl reg_ra
	.type reg_ra, @function
reg_ra:
	.cfi_startproc
	popq %rax
	.cfi_def_cfa_offset 0
	.cfi_register %rip, %rax
	movq %rdi, %rdx
	jmp *%rax
	.cfi_endproc
	.size reg_ra, .-reg_ra

	# An ordinary function every release puts in .sframe: ld writes a
	# .sframe section of zero bytes when no input function is in one.
	.globl reg_caller
	.type reg_caller, @function
reg_caller:
	.cfi_startproc
	subq $8, %rsp
	.cfi_def_cfa_offset 16
	call reg_other
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size reg_caller, .-reg_caller

	.section .note.GNU-stack, "", @progbits
