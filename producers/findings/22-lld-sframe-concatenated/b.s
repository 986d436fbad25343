# b.s - one function with rows (findings 22-24: the second input).
	.text
	.globl b
	.type b,@function
b:	.cfi_startproc
	subq $24, %rsp
	.cfi_def_cfa_offset 32
	addq $24, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size b,.-b
