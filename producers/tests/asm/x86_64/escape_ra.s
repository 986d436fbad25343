# escape_ra.s - the return address given by DWARF expressions (.cfi_escape
# DW_CFA_expression / DW_CFA_val_expression for RIP).  RA at *(RBX+8)
# (DW_OP_breg3 8, RBX not the CFA's register): version 3 can say it (a
# flexible FDE: RA = *(RBX+8)), versions 1-2 cannot.  RA at the address
# stored at RSP (a double indirection) and RA = *(RSP) + 1 (a value
# expression): no version can.
#
# GNU as: 2.40 leaves all three out without a word; 2.44 leaves them out
# ("skipping SFrame FDE; CFI insn CFI_escape (0x103)"); 2.47 leaves out
# esc_ra_indirect ("no SFrame FDE emitted; .cfi_escape with op (0x10)")
# and esc_ra_value (op 0x16), but writes esc_ra_at_reg as a default FDE
# with the RA at CFA-8 throughout: it drops the DW_CFA_expression for
# RIP without a word, a wrong RA rule for 14 bytes.
#
# expect-check: agree
# expect-cfi-only: esc_ra_at_reg ra-expression gas=2.40,2.44
# expect-disagree: esc_ra_at_reg ra gas=2.47
# expect-cfi-only: esc_ra_indirect ra-expression
# expect-cfi-only: esc_ra_value ra-expression
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: no SFrame FDE emitted; .cfi_escape with op (0x10) gas=2.47
# expect-warning: no SFrame FDE emitted; .cfi_escape with op (0x16) gas=2.47
# expect-convert: esc_ra_at_reg skipped ra-expression v=1,2
# expect-convert: esc_ra_at_reg converted v=3
# expect-convert: esc_ra_indirect skipped ra-expression v=1,2,3
# expect-convert: esc_ra_value skipped ra-expression v=1,2,3
# expect-convert: esc_ra_caller converted v=1,2,3

	.text
	.globl esc_ra_at_reg
	.type esc_ra_at_reg, @function
esc_ra_at_reg:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	subq $16, %rsp
	.cfi_def_cfa_offset 32
	movq %rsp, %rbx
	movq 24(%rsp), %rax
	movq %rax, 8(%rbx)
	# DW_CFA_expression RIP: DW_OP_breg3 (rbx) 8
	.cfi_escape 0x10, 0x10, 0x02, 0x73, 0x08
	movq %rdi, 24(%rsp)
	movq 8(%rbx), %rax
	movq %rax, 24(%rsp)
	.cfi_offset %rip, -8
	addq $16, %rsp
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	.cfi_restore %rbx
	ret
	.cfi_endproc
	.size esc_ra_at_reg, .-esc_ra_at_reg

	.globl esc_ra_indirect
	.type esc_ra_indirect, @function
esc_ra_indirect:
	.cfi_startproc
	pushq %rsp
	.cfi_def_cfa_offset 16
	# DW_CFA_expression RIP: DW_OP_breg7 (rsp) 0; DW_OP_deref
	.cfi_escape 0x10, 0x10, 0x03, 0x77, 0x00, 0x06
	movq %rdi, %rax
	popq %rax
	.cfi_def_cfa_offset 8
	.cfi_offset %rip, -8
	ret
	.cfi_endproc
	.size esc_ra_indirect, .-esc_ra_indirect

	.globl esc_ra_value
	.type esc_ra_value, @function
esc_ra_value:
	.cfi_startproc
	decq (%rsp)
	# DW_CFA_val_expression RIP: DW_OP_breg7 (rsp) 0; DW_OP_deref; DW_OP_plus_uconst 1
	.cfi_escape 0x16, 0x10, 0x05, 0x77, 0x00, 0x06, 0x23, 0x01
	movq %rdi, %rax
	incq (%rsp)
	.cfi_offset %rip, -8
	ret
	.cfi_endproc
	.size esc_ra_value, .-esc_ra_value

	# An ordinary function every release puts in .sframe: ld writes a
	# .sframe section of zero bytes when no input function is in one.
	.globl esc_ra_caller
	.type esc_ra_caller, @function
esc_ra_caller:
	.cfi_startproc
	subq $8, %rsp
	.cfi_def_cfa_offset 16
	call esc_ra_at_reg
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size esc_ra_caller, .-esc_ra_caller

	.section .note.GNU-stack, "", @progbits
