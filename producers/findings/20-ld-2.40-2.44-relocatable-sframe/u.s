# u.s - two functions whose FDEs gas writes in source order, late first:
# late sits in subsection 1, so it is placed after early (finding 20).
	.text
	.subsection 1
	.globl late
	.type late,@function
late:	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size late,.-late
	.subsection 0
	.globl early
	.type early,@function
early:	.cfi_startproc
	subq $24, %rsp
	.cfi_def_cfa_offset 32
	addq $24, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size early,.-early
