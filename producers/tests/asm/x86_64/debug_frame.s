# debug_frame.s - .cfi_sections .eh_frame, .debug_frame: the same CFI
# written twice; `sfcfi check --debug-frame` reads .debug_frame instead and
# must find the same.
#
# check-also: --debug-frame
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: df_fp converted v=1,2,3
# expect-convert: df_leaf converted v=1,2,3

	.cfi_sections .eh_frame, .debug_frame
	.text
	.globl df_fp
	.type df_fp, @function
df_fp:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	movq %rdi, %rax
	popq %rbp
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size df_fp, .-df_fp

	.globl df_leaf
	.type df_leaf, @function
df_leaf:
	.cfi_startproc
	movq %rdi, %rax
	ret
	.cfi_endproc
	.size df_leaf, .-df_leaf

	.section .note.GNU-stack, "", @progbits
