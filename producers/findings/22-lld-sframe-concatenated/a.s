# a.s - one function with rows (findings 22-24: the first input).
	.text
	.globl _start
	.type _start,@function
_start:	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	popq %rbp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size _start,.-_start
