# val_offset.s - .cfi_val_offset: a register whose value (not its save
# slot) is CFA + offset.  FP = CFA-16 (RBP pointing at its own save slot,
# as in a frame-pointer frame, said as a value): default FDEs only say "FP
# saved at CFA+offset", so versions 1-2 cannot express it; version 3 can
# (a flexible FDE's FP = CFA-16 without dereference).  RBX = CFA-8 is not
# tracked (no effect).
#
# GNU as: 2.40 leaves vo_fp out without a word; 2.44 ("skipping SFrame
# FDE; FP register 6 in .cfi_val_offset") and 2.47 ("no SFrame FDE
# emitted; .cfi_val_offset with FP reg 6") leave it out too, 2.47
# although version 3 can say it.
#
# expect-check: agree
# expect-cfi-only: vo_fp fp-rule gas=2.40,2.44
# expect-cfi-only: vo_fp expressible gas=2.47
# expect-warning: skipping SFrame FDE; FP register 6 in .cfi_val_offset gas=2.44
# expect-warning: no SFrame FDE emitted; .cfi_val_offset with FP reg 6 gas=2.47
# expect-convert: vo_fp skipped fp-rule v=1,2
# expect-convert: vo_fp converted v=3
# expect-convert: vo_other converted v=1,2,3

	.text
	.globl vo_fp
	.type vo_fp, @function
vo_fp:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	movq (%rbp), %rbp
	.cfi_val_offset %rbp, -16
	movq %rdi, %rax
	popq %rbp
	.cfi_def_cfa_offset 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size vo_fp, .-vo_fp

	.globl vo_other
	.type vo_other, @function
vo_other:
	.cfi_startproc
	leaq 8(%rsp), %rbx
	.cfi_val_offset %rbx, 0
	movq %rdi, %rax
	ret
	.cfi_endproc
	.size vo_other, .-vo_other

	.section .note.GNU-stack, "", @progbits
