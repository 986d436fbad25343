# plt.s - the shape of an x86-64 lazy PLT written by hand: PLT0 (CFA
# RSP+16, then RSP+24 after its push) and two 16-byte entries whose CFA is
# the expression ld writes for them, DW_CFA_def_cfa_expression
# RSP + 8 + (((RIP & 15) >= 11) << 3): RSP+8 before the entry's push (bytes
# 0-10), RSP+16 after it (bytes 11-15).  The expression's value is RSP plus
# a constant at every address, so every version can express every row
# (rows at each entry's bytes 0 and 11); an assembler sees only an
# expression.
#
# GNU as: 2.40 leaves plt_like out without a word; 2.44 ("skipping
# SFrame FDE; CFI insn CFI_escape (0x103)") and 2.47 ("no SFrame FDE
# emitted; .cfi_escape with op (0xf)") leave it out too.
#
# expect-check: agree
# expect-cfi-only: plt_like expressible
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: no SFrame FDE emitted; .cfi_escape with op (0xf) gas=2.47
# expect-convert: plt_like converted v=1,2,3
# expect-convert: plt_caller converted v=1,2,3

	.text
	.p2align 4
	.globl plt_like
	.type plt_like, @function
plt_like:
	.cfi_startproc
	.cfi_def_cfa_offset 16
	pushq plt_got+8(%rip)
	.cfi_def_cfa_offset 24
	jmp *plt_got+16(%rip)
	nopl 0(%rax)
	# DW_CFA_def_cfa_expression: DW_OP_breg7 (rsp) 8; DW_OP_breg16 (rip) 0;
	# DW_OP_lit15; DW_OP_and; DW_OP_lit11; DW_OP_ge; DW_OP_lit3; DW_OP_shl;
	# DW_OP_plus
	.cfi_escape 0x0f, 0x0b, 0x77, 0x08, 0x80, 0x00, 0x3f, 0x1a, 0x3b, 0x2a, 0x33, 0x24, 0x22
	jmp *plt_got+24(%rip)
	.byte 0x68		# pushq $0 (the 4-byte immediate form)
	.long 0
	.byte 0xe9		# jmp plt_like (the 4-byte displacement form)
	.long plt_like - . - 4
	jmp *plt_got+32(%rip)
	.byte 0x68		# pushq $1
	.long 1
	.byte 0xe9		# jmp plt_like
	.long plt_like - . - 4
	.cfi_endproc
	.size plt_like, .-plt_like

	# An ordinary function every release puts in .sframe: ld writes a
	# .sframe section of zero bytes when no input function is in one.
	.globl plt_caller
	.type plt_caller, @function
plt_caller:
	.cfi_startproc
	subq $8, %rsp
	.cfi_def_cfa_offset 16
	call plt_like
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size plt_caller, .-plt_caller

	.data
	.p2align 3
plt_got:
	.quad 0, 0, 0, 0, 0

	.section .note.GNU-stack, "", @progbits
