# gc.s - two functions, each in its own section; nothing refers to
# unused, so --gc-sections collects .text.unused (finding 19).
	.section .text._start,"ax",@progbits
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

	.section .text.unused,"ax",@progbits
	.globl unused
	.type unused,@function
unused:	.cfi_startproc
	subq $24, %rsp
	.cfi_def_cfa_offset 32
	addq $24, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size unused,.-unused
