// cfa-x30.s - finding 25: .cfi_return_column 29 gets past llvm-mc's
// return-column test (it compares with 29); the CFA then moves to x30.
// x29 is AArch64's frame pointer, x30 its link register.
	.text
	.globl f
	.type f,%function
f:	.cfi_startproc
	.cfi_return_column 29
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov x29, sp
	.cfi_def_cfa x30, 16
	ldp x29, x30, [sp], 16
	.cfi_def_cfa sp, 0
	ret
	.cfi_endproc
	.size f,.-f
