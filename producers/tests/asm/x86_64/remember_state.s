# remember_state.s - .cfi_remember_state / .cfi_restore_state: an early
# return inside a frame-pointer function (the epilogue's rows are undone
# for the code after it), and two nested levels.
#
# GNU as gets rs_nested's nested states wrong, each release its own way.
# At its first .cfi_restore_state (0x0f into the function) the CFI is
# back at CFA = RSP+24 with RBP at CFA-24; 2.40 and 2.44 give the outer
# state instead (CFA = RSP+16, FP unchanged) for that one byte: they
# restore the first state remembered, not the last.  At the second
# (0x10) the CFI is at CFA = RSP+16, FP unchanged; 2.47 repeats the
# inner state (RSP+24, FP at CFA-24), and keeps FP at CFA-24 on the next
# row too (0x11, CFA = RSP+8): it restores without popping.  rs_early
# (one level) is right in all three.
#
# expect-check: agree
# expect-disagree: rs_nested cfa gas=2.40,2.44
# expect-disagree: rs_nested cfa|fp gas=2.47
# expect-convert: rs_early converted v=1,2,3
# expect-convert: rs_nested converted v=1,2,3

	.text
	.globl rs_early
	.type rs_early, @function
rs_early:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	testq %rdi, %rdi
	jz 1f
	.cfi_remember_state
	popq %rbp
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
1:
	.cfi_restore_state
	movq %rdi, %rax
	popq %rbp
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size rs_early, .-rs_early

	.globl rs_nested
	.type rs_nested, @function
rs_nested:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	.cfi_remember_state
	pushq %rbp
	.cfi_def_cfa_offset 24
	.cfi_offset %rbp, -24
	.cfi_remember_state
	subq $40, %rsp
	.cfi_def_cfa_offset 64
	testq %rdi, %rdi
	jz 1f
	addq $40, %rsp
	.cfi_restore_state
	popq %rbp
	.cfi_restore_state
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
1:
	.cfi_def_cfa_offset 64
	.cfi_offset %rbp, -24
	movq %rdi, %rax
	addq $40, %rsp
	.cfi_def_cfa_offset 24
	popq %rbp
	.cfi_def_cfa_offset 16
	.cfi_restore %rbp
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size rs_nested, .-rs_nested

	.section .note.GNU-stack, "", @progbits
