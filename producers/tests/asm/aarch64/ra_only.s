// ra_only.s - RA (x30) saved on the stack, FP (x29) not: a non-leaf
// function built without frame pointers.  Every version expresses it (CFA
// and RA words, no FP word).
//
// GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
// row agrees with the CFI.
//
// expect-check: agree
// expect-convert: ra_only converted v=1,2,3
// expect-convert: ra_only_callee converted v=1,2,3

	.text
	.globl ra_only
	.type ra_only, %function
ra_only:
	.cfi_startproc
	str x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 30, -16
	bl ra_only_callee
	ldr x30, [sp], 16
	.cfi_restore 30
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size ra_only, .-ra_only

	.globl ra_only_callee
	.type ra_only_callee, %function
ra_only_callee:
	.cfi_startproc
	mov x0, 1
	ret
	.cfi_endproc
	.size ra_only_callee, .-ra_only_callee

	.section .note.GNU-stack, "", %progbits
