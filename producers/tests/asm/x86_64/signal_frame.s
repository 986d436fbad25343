# signal_frame.s - .cfi_signal_frame (the CIE augmentation "S").  Only
# version 3 marks signal frames (the FDE info byte's signal bit); versions
# 1-2 cannot say a function is one.  sig_plain has ordinary rows;
# sig_restore is the shape of glibc's x86-64 __restore_rt: the kernel's
# ucontext on the stack, CFA = *(RSP+160), RA at RSP+168 and RBP at RSP+120
# (DW_CFA_def_cfa_expression and DW_CFA_expression), which version 3 says
# with a flexible FDE.
#
# GNU as: 2.40 and 2.44 write sig_plain as an ordinary function
# (versions 1-2 have no signal bit) and leave sig_restore out (2.40
# without a word, 2.44 with "skipping SFrame FDE; CFI insn CFI_escape
# (0x103)").  2.47 marks sig_plain as a signal frame; for sig_restore it
# warns "no SFrame FDE emitted; .cfi_escape with op (0xf)" but does emit
# an FDE, marked signal, with no FREs, which version 3 defines as an
# outermost frame: a stack trace would stop at the signal trampoline.
#
# expect-check: agree
# expect-disagree: sig_plain covers-signal-frame gas=2.40,2.44
# expect-cfi-only: sig_restore signal-frame|cfa-expression|ra-expression|fp-expression gas=2.40,2.44
# expect-disagree: sig_restore no-row|outermost gas=2.47
# expect-warning: skipping SFrame FDE; CFI insn CFI_escape (0x103) gas=2.44
# expect-warning: no SFrame FDE emitted; .cfi_escape with op (0xf) gas=2.47
# expect-convert: sig_plain skipped signal-frame v=1,2
# expect-convert: sig_plain converted v=3
# expect-convert: sig_restore skipped signal-frame|cfa-expression|ra-expression|fp-expression v=1,2
# expect-convert: sig_restore converted v=3

	.text
	.globl sig_plain
	.type sig_plain, @function
sig_plain:
	.cfi_startproc
	.cfi_signal_frame
	pushq %rbx
	.cfi_adjust_cfa_offset 8
	movq %rdi, %rbx
	popq %rbx
	.cfi_adjust_cfa_offset -8
	ret
	.cfi_endproc
	.size sig_plain, .-sig_plain

	nop
	.globl sig_restore
	.type sig_restore, @function
sig_restore:
	.cfi_startproc
	.cfi_signal_frame
	# DW_CFA_def_cfa_expression: DW_OP_breg7 (rsp) 160; DW_OP_deref
	.cfi_escape 0x0f, 0x04, 0x77, 0xa0, 0x01, 0x06
	# DW_CFA_expression RBP: DW_OP_breg7 (rsp) 120
	.cfi_escape 0x10, 0x06, 0x03, 0x77, 0xf8, 0x00
	# DW_CFA_expression RIP: DW_OP_breg7 (rsp) 168
	.cfi_escape 0x10, 0x10, 0x03, 0x77, 0xa8, 0x01
	movq $15, %rax
	syscall
	.cfi_endproc
	.size sig_restore, .-sig_restore

	.section .note.GNU-stack, "", @progbits
