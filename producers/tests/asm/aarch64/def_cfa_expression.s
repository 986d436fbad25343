// def_cfa_expression.s - DW_CFA_def_cfa_expression on AArch64 (as
// .cfi_escape 0x0f).  CFA = *(x29+16) (a CFA kept in a frame slot):
// versions 1-2 cannot say it, version 3 can (a flexible FDE's dereferenced
// CFA).  CFA = SP + x9 (a variable allocation): no version can.
//
// GNU as: 2.40 leaves both out without a word; 2.44 ("skipping SFrame
// FDE; CFI insn CFI_escape (0x103)") and 2.47 ("no SFrame FDE emitted;
// .cfi_escape with op (0xf)") leave both out, 2.47 although version 3
// can say cfae_deref (2.47 does on x86-64).
//
// expect-check: agree
// expect-cfi-only: cfae_deref cfa-expression gas=2.40,2.44
// expect-cfi-only: cfae_deref expressible gas=2.47
// expect-cfi-only: cfae_sum cfa-expression
// expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
// expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
// expect-warning: no SFrame FDE emitted; .cfi_escape with op (0xf) gas=2.47
// expect-warning: no SFrame FDE emitted; .cfi_escape with op (0xf) gas=2.47
// expect-convert: cfae_deref skipped cfa-expression v=1,2
// expect-convert: cfae_deref converted v=3
// expect-convert: cfae_sum skipped cfa-expression v=1,2,3
// expect-convert: cfae_caller converted v=1,2,3

	.text
	.globl cfae_deref
	.type cfae_deref, %function
cfae_deref:
	.cfi_startproc
	mov x9, sp
	stp x29, x30, [sp, -32]!
	.cfi_def_cfa_offset 32
	.cfi_offset 29, -32
	.cfi_offset 30, -24
	mov x29, sp
	str x9, [x29, 16]
	// DW_CFA_def_cfa_expression: DW_OP_breg29 16; DW_OP_deref
	.cfi_escape 0x0f, 0x03, 0x8d, 0x10, 0x06
	sub x17, sp, #64
	and sp, x17, #-64
	mov sp, x29
	.cfi_def_cfa 31, 32
	ldp x29, x30, [sp], 32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size cfae_deref, .-cfae_deref

	.globl cfae_sum
	.type cfae_sum, %function
cfae_sum:
	.cfi_startproc
	sub sp, sp, x9
	// DW_CFA_def_cfa_expression: DW_OP_breg31 (sp) 0; DW_OP_breg9 0; DW_OP_plus
	.cfi_escape 0x0f, 0x05, 0x8f, 0x00, 0x79, 0x00, 0x22
	str x0, [sp]
	add sp, sp, x9
	.cfi_def_cfa 31, 0
	ret
	.cfi_endproc
	.size cfae_sum, .-cfae_sum

	// An ordinary function every release puts in .sframe.
	.globl cfae_caller
	.type cfae_caller, %function
cfae_caller:
	.cfi_startproc
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	bl cfae_deref
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size cfae_caller, .-cfae_caller

	.section .note.GNU-stack, "", %progbits
