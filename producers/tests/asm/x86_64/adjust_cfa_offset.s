# adjust_cfa_offset.s - .cfi_adjust_cfa_offset: relative CFA offset
# changes (pushes and pops around a call with stack arguments).
#
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: adj_push converted v=1,2,3
# expect-convert: adj_args converted v=1,2,3

	.text
	.globl adj_push
	.type adj_push, @function
adj_push:
	.cfi_startproc
	pushq %rbx
	.cfi_adjust_cfa_offset 8
	pushq %r12
	.cfi_adjust_cfa_offset 8
	movq %rdi, %rbx
	popq %r12
	.cfi_adjust_cfa_offset -8
	popq %rbx
	.cfi_adjust_cfa_offset -8
	ret
	.cfi_endproc
	.size adj_push, .-adj_push

	.globl adj_args
	.type adj_args, @function
adj_args:
	.cfi_startproc
	subq $8, %rsp
	.cfi_adjust_cfa_offset 8
	pushq $2
	.cfi_adjust_cfa_offset 8
	pushq $1
	.cfi_adjust_cfa_offset 8
	call adj_push
	addq $16, %rsp
	.cfi_adjust_cfa_offset -16
	addq $8, %rsp
	.cfi_adjust_cfa_offset -8
	ret
	.cfi_endproc
	.size adj_args, .-adj_args

	.section .note.GNU-stack, "", @progbits
