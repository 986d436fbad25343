# sections.s - functions in three text sections (.text, .text.hot,
# .text.unlikely) and a function split in two, its cold part in
# .text.unlikely with an FDE of its own (as GCC writes sec_split.cold).  In
# the object each section starts at 0, and .eh_frame and .sframe refer to
# them through relocations.
#
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: sec_main converted v=1,2,3
# expect-convert: sec_hot converted v=1,2,3
# expect-convert: sec_split converted v=1,2,3
# expect-convert: sec_split.cold converted v=1,2,3

	.text
	.globl sec_main
	.type sec_main, @function
sec_main:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	call sec_hot
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size sec_main, .-sec_main

	.section .text.hot, "ax", @progbits
	.globl sec_hot
	.type sec_hot, @function
sec_hot:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	call sec_split
	popq %rbp
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size sec_hot, .-sec_hot

	.text
	.globl sec_split
	.type sec_split, @function
sec_split:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	testq %rdi, %rdi
	jz sec_split.cold
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc

	.section .text.unlikely, "ax", @progbits
	.type sec_split.cold, @function
sec_split.cold:
	.cfi_startproc
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	subq $16, %rsp
	.cfi_def_cfa_offset 32
	addq $16, %rsp
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.text
	.size sec_split, .-sec_split
	.section .text.unlikely, "ax", @progbits
	.size sec_split.cold, .-sec_split.cold

	.section .note.GNU-stack, "", @progbits
