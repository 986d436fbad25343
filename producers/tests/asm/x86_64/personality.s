# personality.s - .cfi_personality and .cfi_lsda (the CIE's "P" and the
# FDE's "L" augmentations): exception-handling data that changes no row.
# Every version expresses every row.
#
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: pers_fn converted v=1,2,3
# expect-convert: pers_routine converted v=1,2,3

	.text
	.globl pers_fn
	.type pers_fn, @function
pers_fn:
	.cfi_startproc
	.cfi_personality 0x3, pers_routine
	.cfi_lsda 0x3, pers_lsda
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	call pers_routine
	popq %rbp
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size pers_fn, .-pers_fn

	.globl pers_routine
	.type pers_routine, @function
pers_routine:
	.cfi_startproc
	xorl %eax, %eax
	ret
	.cfi_endproc
	.size pers_routine, .-pers_routine

	.section .gcc_except_table, "a", @progbits
pers_lsda:
	.byte 0xff, 0xff, 0x01, 0x00

	.section .note.GNU-stack, "", @progbits
