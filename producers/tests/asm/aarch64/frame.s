// frame.s - the AArch64 frame record: FP (x29) and RA (x30) saved
// together, in GCC's shape (pre-indexed stp, CFA stays on SP) and in
// Clang's (CFA moved to x29 with .cfi_def_cfa, then back to SP), with
// .cfi_def_cfa_offset, .cfi_def_cfa, .cfi_offset and .cfi_restore.  Every
// version expresses every row (RA and FP both at CFA+offset).
//
// GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
// row agrees with the CFI.
//
// expect-check: agree
// expect-convert: fr_gcc converted v=1,2,3
// expect-convert: fr_clang converted v=1,2,3

	.text
	.globl fr_gcc
	.type fr_gcc, %function
fr_gcc:
	.cfi_startproc
	stp x29, x30, [sp, -32]!
	.cfi_def_cfa_offset 32
	.cfi_offset 29, -32
	.cfi_offset 30, -24
	mov x29, sp
	str x19, [sp, 16]
	.cfi_offset 19, -16
	bl fr_clang
	ldr x19, [sp, 16]
	.cfi_restore 19
	ldp x29, x30, [sp], 32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size fr_gcc, .-fr_gcc

	.globl fr_clang
	.type fr_clang, %function
fr_clang:
	.cfi_startproc
	sub sp, sp, #48
	.cfi_def_cfa_offset 48
	stp x29, x30, [sp, #32]
	add x29, sp, #32
	.cfi_def_cfa w29, 16
	.cfi_offset w30, -8
	.cfi_offset w29, -16
	str x0, [sp, #8]
	.cfi_def_cfa wsp, 48
	ldp x29, x30, [sp, #32]
	add sp, sp, #48
	.cfi_def_cfa_offset 0
	.cfi_restore w30
	.cfi_restore w29
	ret
	.cfi_endproc
	.size fr_clang, .-fr_clang

	.section .note.GNU-stack, "", %progbits
