# mc.s - finding 26: three functions whose llvm-mc 22 SFrame (version 2)
# disagrees with its own .eh_frame; gas 2.44 and 2.47 agree on each.
	.text
# .cfi_rel_offset: the save slot is relative to the CFA register (rsp+8
# with CFA = rsp+32, so CFA-24), not to the CFA.
	.globl rel_sp
	.type rel_sp, @function
rel_sp:	.cfi_startproc
	subq $24, %rsp
	.cfi_adjust_cfa_offset 24
	movq %rbp, 8(%rsp)
	.cfi_rel_offset %rbp, 8
	movq 8(%rsp), %rbp
	.cfi_restore %rbp
	addq $24, %rsp
	.cfi_adjust_cfa_offset -24
	ret
	.cfi_endproc
	.size rel_sp, .-rel_sp

# .cfi_startproc simple: no CFA before the first instruction.
	.globl late
	.type late, @function
late:	.cfi_startproc simple
	endbr64
	.cfi_def_cfa %rsp, 8
	.cfi_offset %rip, -8
	ret
	.cfi_endproc
	.size late, .-late

# .cfi_return_column naming the default column (16, %rip).
	.globl rc
	.type rc, @function
rc:	.cfi_startproc
	.cfi_return_column %rip
	pushq %rbx
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size rc, .-rc
