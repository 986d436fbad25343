# def_cfa.s - .cfi_def_cfa: the CFA set to SP or FP plus an offset, with
# offsets that need 1-, 2- and 4-byte SFrame data words (64 KiB and more of
# stack).  Every row is a default-FDE row in every version.
#
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: def_cfa_sp converted v=1,2,3
# expect-convert: def_cfa_fp converted v=1,2,3
# expect-convert: def_cfa_word2 converted v=1,2,3
# expect-convert: def_cfa_word4 converted v=1,2,3

	.text
	.globl def_cfa_sp
	.type def_cfa_sp, @function
def_cfa_sp:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa %rsp, 16
	movq %rdi, %rbx
	popq %rbx
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size def_cfa_sp, .-def_cfa_sp

	.globl def_cfa_fp
	.type def_cfa_fp, @function
def_cfa_fp:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa %rsp, 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	.cfi_def_cfa %rbp, 16
	subq $32, %rsp
	movq %rdi, -8(%rbp)
	leave
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size def_cfa_fp, .-def_cfa_fp

	.globl def_cfa_word2
	.type def_cfa_word2, @function
def_cfa_word2:
	.cfi_startproc
	subq $1000, %rsp
	.cfi_def_cfa %rsp, 1008
	movq %rdi, (%rsp)
	addq $1000, %rsp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size def_cfa_word2, .-def_cfa_word2

	.globl def_cfa_word4
	.type def_cfa_word4, @function
def_cfa_word4:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa %rsp, 16
	.cfi_offset %rbp, -16
	subq $0x12340, %rsp
	.cfi_def_cfa %rsp, 0x12350
	movq %rdi, (%rsp)
	addq $0x12340, %rsp
	.cfi_def_cfa %rsp, 16
	popq %rbp
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size def_cfa_word4, .-def_cfa_word4

	.section .note.GNU-stack, "", @progbits
