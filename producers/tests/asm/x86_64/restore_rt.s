# restore_rt.s - the shape of glibc's x86-64 signal trampoline __restore_rt
# (sysdeps/unix/sysv/linux/x86_64/libc_sigaction.c writes its CFI by hand):
# a signal frame ('S') whose CFA is read from the ucontext on the stack
# (DW_CFA_def_cfa_expression: *(RSP + 160)) and whose RIP and RSP are given
# by expressions into it (DW_CFA_expression: at RSP + 168, at RSP + 160).
# The caller's SP is not the CFA SFrame would compute from these rows: no
# version can say it (`sp-rule`); versions 1-2 stop earlier, at the CFA
# expression.
#
# GNU as: 2.40 leaves restore_rt_like out without a word; 2.44 leaves it
# out ("skipping SFrame FDE; CFI insn CFI_escape (0x103)"); 2.47 says "no
# SFrame FDE emitted; .cfi_escape with op (0xf)" yet writes a default FDE
# without rows, which version 3 reads as the outermost frame (finding 12):
# an SFrame row where the CFI says what no version can, `covers-sp-rule`.
#
# expect-check: agree
# expect-cfi-only: restore_rt_like cfa-expression gas=2.40,2.44
# expect-disagree: restore_rt_like covers-sp-rule gas=2.47
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: no SFrame FDE emitted; .cfi_escape with op (0xf) gas=2.47
# expect-diff: restore_rt_like gas=2.47
# expect-convert: restore_rt_like skipped cfa-expression|sp-rule v=1,2
# expect-convert: restore_rt_like skipped sp-rule v=3
# expect-convert: plain converted v=1,2,3

	.text
	nop
	.globl restore_rt_like
	.type restore_rt_like, @function
restore_rt_like:
	.cfi_startproc simple
	.cfi_signal_frame
	# DW_CFA_def_cfa_expression: DW_OP_breg7 (rsp) 160; DW_OP_deref
	.cfi_escape 0x0f, 0x04, 0x77, 0xa0, 0x01, 0x06
	# DW_CFA_expression rip: DW_OP_breg7 (rsp) 168
	.cfi_escape 0x10, 0x10, 0x03, 0x77, 0xa8, 0x01
	# DW_CFA_expression rsp: DW_OP_breg7 (rsp) 160
	.cfi_escape 0x10, 0x07, 0x03, 0x77, 0xa0, 0x01
	movq $15, %rax
	syscall
	.cfi_endproc
	.size restore_rt_like, .-restore_rt_like

	# An ordinary function every release puts in .sframe.
	.globl plain
	.type plain, @function
plain:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	popq %rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size plain, .-plain

	.section .note.GNU-stack, "", @progbits
