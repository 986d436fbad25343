// remember_state.s - .cfi_remember_state / .cfi_restore_state on AArch64:
// an early return from inside a frame-record function.
//
// GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
// row agrees with the CFI.
//
// expect-check: agree
// expect-convert: rs_early converted v=1,2,3

	.text
	.globl rs_early
	.type rs_early, %function
rs_early:
	.cfi_startproc
	stp x29, x30, [sp, -32]!
	.cfi_def_cfa_offset 32
	.cfi_offset 29, -32
	.cfi_offset 30, -24
	mov x29, sp
	cbz x0, 1f
	.cfi_remember_state
	ldp x29, x30, [sp], 32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
1:
	.cfi_restore_state
	str x0, [sp, 16]
	ldp x29, x30, [sp], 32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size rs_early, .-rs_early

	.section .note.GNU-stack, "", %progbits
