# one.s - one function with rows (finding 20: the first input of ld -r).
	.text
	.globl f
	.type f,@function
f:	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	popq %rbp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size f,.-f
