// f.s - an ordinary AArch64 function (finding 25): frame record pushed,
// CFA on SP; no .cfi_return_column, so the return column is the
// default, x30.
	.text
	.globl f
	.type f,%function
f:	.cfi_startproc
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size f,.-f
