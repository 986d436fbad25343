// leaf.s - leaf functions: RA stays in x30 (the link register) and FP is
// not saved; one without a frame (CFA = SP+0 throughout), one with stack
// but no saves.  Every version expresses them (RA "not saved": one data
// word).
//
// GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
// row agrees with the CFI.
//
// expect-check: agree
// expect-convert: leaf_ret converted v=1,2,3
// expect-convert: leaf_stack converted v=1,2,3

	.text
	.globl leaf_ret
	.type leaf_ret, %function
leaf_ret:
	.cfi_startproc
	add x0, x0, x1
	ret
	.cfi_endproc
	.size leaf_ret, .-leaf_ret

	.globl leaf_stack
	.type leaf_stack, %function
leaf_stack:
	.cfi_startproc
	sub sp, sp, #32
	.cfi_def_cfa_offset 32
	str x0, [sp, 8]
	ldr x0, [sp, 8]
	add sp, sp, 32
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size leaf_stack, .-leaf_stack

	.section .note.GNU-stack, "", %progbits
