# escape_other.s - .cfi_escape of CFI that leaves the CFA, the return
# address and FP alone: DW_CFA_nop, DW_CFA_GNU_args_size (gas has no
# directive for it; GCC writes .cfi_escape 0x2e), and DW_CFA_expression /
# DW_CFA_val_expression for registers SFrame does not track (R12, RBX).
# Every version can express every row (an assembler that gives up on any
# .cfi_escape loses these functions for nothing).
#
# GNU as: 2.40 leaves out all three without a word, 2.44 all three with
# "skipping SFrame FDE; CFI insn CFI_escape (0x103)", although SFrame
# can say every row; 2.47 writes esc_nop and esc_args_size and leaves
# out esc_other_expr ("no SFrame FDE emitted; .cfi_escape with op
# (0x16)": a DW_CFA_val_expression for RBX, a register SFrame does not
# track).
#
# expect-check: agree
# expect-cfi-only: esc_nop expressible gas=2.40,2.44
# expect-cfi-only: esc_args_size expressible gas=2.40,2.44
# expect-cfi-only: esc_other_expr expressible
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: no SFrame FDE emitted; .cfi_escape with op (0x16) gas=2.47
# expect-convert: esc_nop converted v=1,2,3
# expect-convert: esc_args_size converted v=1,2,3
# expect-convert: esc_other_expr converted v=1,2,3
# expect-convert: esc_other_caller converted v=1,2,3

	.text
	.globl esc_nop
	.type esc_nop, @function
esc_nop:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	# DW_CFA_nop
	.cfi_escape 0x00
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size esc_nop, .-esc_nop

	.globl esc_args_size
	.type esc_args_size, @function
esc_args_size:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	pushq $2
	pushq $1
	# DW_CFA_GNU_args_size 16
	.cfi_escape 0x2e, 0x10
	call esc_nop
	addq $16, %rsp
	# DW_CFA_GNU_args_size 0
	.cfi_escape 0x2e, 0x00
	leave
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size esc_args_size, .-esc_args_size

	.globl esc_other_expr
	.type esc_other_expr, @function
esc_other_expr:
	.cfi_startproc
	pushq %r12
	.cfi_def_cfa_offset 16
	# DW_CFA_expression R12: DW_OP_breg7 (rsp) 0
	.cfi_escape 0x10, 0x0c, 0x02, 0x77, 0x00
	movq %rbx, %rax
	# DW_CFA_val_expression RBX: DW_OP_breg0 (rax) 0
	.cfi_escape 0x16, 0x03, 0x02, 0x70, 0x00
	movq %rdi, %rbx
	movq %rax, %rbx
	.cfi_restore %rbx
	popq %r12
	.cfi_def_cfa_offset 8
	.cfi_restore %r12
	ret
	.cfi_endproc
	.size esc_other_expr, .-esc_other_expr

	# An ordinary function every release puts in .sframe: ld writes a
	# .sframe section of zero bytes when no input function is in one.
	.globl esc_other_caller
	.type esc_other_caller, @function
esc_other_caller:
	.cfi_startproc
	subq $8, %rsp
	.cfi_def_cfa_offset 16
	call esc_nop
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size esc_other_caller, .-esc_other_caller

	.section .note.GNU-stack, "", @progbits
