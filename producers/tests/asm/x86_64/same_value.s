# same_value.s - .cfi_same_value: FP declared unchanged after it was saved
# (the same meaning as no rule: SFrame's "FP unchanged"), and for RBX (not
# tracked).
#
# GNU as: 2.40 and 2.44 drop .cfi_same_value: sv_fp's last row (the ret)
# keeps FP at CFA-16 where the CFI says unchanged (harmless at run time,
# the slot still holds RBP, but not what the CFI says); 2.47 writes FP
# unchanged.
#
# expect-check: agree
# expect-disagree: sv_fp fp gas=2.40,2.44
# expect-convert: sv_fp converted v=1,2,3
# expect-convert: sv_other converted v=1,2,3

	.text
	.globl sv_fp
	.type sv_fp, @function
sv_fp:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rdi, %rbp
	popq %rbp
	.cfi_def_cfa_offset 8
	.cfi_same_value %rbp
	ret
	.cfi_endproc
	.size sv_fp, .-sv_fp

	.globl sv_other
	.type sv_other, @function
sv_other:
	.cfi_startproc
	.cfi_same_value %rbx
	pushq %rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	popq %rbx
	.cfi_def_cfa_offset 8
	.cfi_same_value %rbx
	ret
	.cfi_endproc
	.size sv_other, .-sv_other

	.section .note.GNU-stack, "", @progbits
