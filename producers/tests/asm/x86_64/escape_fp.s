# escape_fp.s - FP (RBP) given by DWARF expressions.  FP at *(RBX+8)
# (DW_CFA_expression RBP: DW_OP_breg3 8): version 3 can say it (FP =
# *(RBX+8)), versions 1-2 cannot.  FP = *(RSP) + 8 (DW_CFA_val_expression):
# no version can.
#
# GNU as: 2.40 leaves both out without a word; 2.44 leaves both out
# ("skipping SFrame FDE; CFI insn CFI_escape (0x103)"); 2.47 leaves out
# esc_fp_value ("no SFrame FDE emitted; .cfi_escape with op (0x16)") and
# writes esc_fp_at_reg as a flexible FDE whose FP rule names register
# 0x1fffffff instead of RBX (the control word is 0xfffffffb: reg_p and
# deref_p set, register number -1): a wrong row for 7 bytes.
#
# expect-check: agree
# expect-cfi-only: esc_fp_at_reg fp-expression gas=2.40,2.44
# expect-disagree: esc_fp_at_reg fp gas=2.47
# expect-cfi-only: esc_fp_value fp-expression
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: no SFrame FDE emitted; .cfi_escape with op (0x16) gas=2.47
# expect-convert: esc_fp_at_reg skipped fp-expression v=1,2
# expect-convert: esc_fp_at_reg converted v=3
# expect-convert: esc_fp_value skipped fp-expression v=1,2,3
# expect-convert: esc_fp_caller converted v=1,2,3

	.text
	.globl esc_fp_at_reg
	.type esc_fp_at_reg, @function
esc_fp_at_reg:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	subq $16, %rsp
	.cfi_def_cfa_offset 32
	movq %rsp, %rbx
	movq %rbp, 8(%rbx)
	# DW_CFA_expression RBP: DW_OP_breg3 (rbx) 8
	.cfi_escape 0x10, 0x06, 0x02, 0x73, 0x08
	movq %rdi, %rbp
	movq 8(%rbx), %rbp
	.cfi_restore %rbp
	addq $16, %rsp
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	.cfi_restore %rbx
	ret
	.cfi_endproc
	.size esc_fp_at_reg, .-esc_fp_at_reg

	.globl esc_fp_value
	.type esc_fp_value, @function
esc_fp_value:
	.cfi_startproc
	subq $8, %rsp
	.cfi_def_cfa_offset 16
	leaq -8(%rbp), %rax
	movq %rax, (%rsp)
	# DW_CFA_val_expression RBP: DW_OP_breg7 (rsp) 0; DW_OP_deref; DW_OP_plus_uconst 8
	.cfi_escape 0x16, 0x06, 0x05, 0x77, 0x00, 0x06, 0x23, 0x08
	movq %rax, %rbp
	addq $8, %rbp
	.cfi_restore %rbp
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size esc_fp_value, .-esc_fp_value

	# An ordinary function every release puts in .sframe: ld writes a
	# .sframe section of zero bytes when no input function is in one.
	.globl esc_fp_caller
	.type esc_fp_caller, @function
esc_fp_caller:
	.cfi_startproc
	subq $8, %rsp
	.cfi_def_cfa_offset 16
	call esc_fp_at_reg
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size esc_fp_caller, .-esc_fp_caller

	.section .note.GNU-stack, "", @progbits
