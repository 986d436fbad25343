# simple_offset_first.s - .cfi_startproc simple followed by .cfi_offset
# before any .cfi_def_cfa: valid CFI (the first instruction's row has no
# CFA, then RBX is saved), but GNU as with --gsframe stops on an internal
# error (an assertion in sframe_xlate_do_offset, gen-sframe.c) in 2.40,
# 2.44 and 2.47, for any register.  build-asm.sh checks that it still
# fails, then assembles it without --gsframe: the CFI is still converted.
#
# gas-fails: 2.40 2.44 2.47 Internal error in sframe_xlate_do_offset
# expect-convert: sof_fn skipped cfa-undefined v=1,2,3
# expect-convert: sof_after converted v=1,2,3

	.text
	.globl sof_fn
	.type sof_fn, @function
sof_fn:
	.cfi_startproc simple
	.cfi_offset %rbx, -16
	endbr64
	.cfi_def_cfa %rsp, 8
	.cfi_offset %rip, -8
	pushq %rbx
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size sof_fn, .-sof_fn

	.globl sof_after
	.type sof_after, @function
sof_after:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size sof_after, .-sof_after

	.section .note.GNU-stack, "", @progbits
