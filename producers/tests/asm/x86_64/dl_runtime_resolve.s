# dl_runtime_resolve.s - the shape of glibc's x86-64 _dl_runtime_resolve_xsave
# (sysdeps/x86_64/dl-trampoline.h): entered from PLT0 with two words pushed
# (CFA = RSP + 24), it saves RBX, moves the CFA onto RBX
# (.cfi_def_cfa_register %rbx) while it realigns RSP for the register save
# area, then moves it back and jumps to the resolved function.  Versions
# 1-2 cannot hold a CFA on RBX (`cfa-other-register`); version 3 holds it
# with a flexible FDE (CFA = RBX + 32).
#
# GNU as: 2.40 writes rows for the RBX stretch as if the CFA were on SP
# (finding 02: `covers-cfa-other-register`); 2.44 leaves the function out
# ("skipping SFrame FDE; non-SP/FP register 3 in .cfi_def_cfa_register");
# 2.47 writes the flexible FDE, every row agreeing.
#
# expect-check: agree
# expect-disagree: dl_resolve_like covers-cfa-other-register gas=2.40
# expect-cfi-only: dl_resolve_like cfa-other-register gas=2.44
# expect-warning: skipping SFrame FDE; non-SP/FP register 3 in .cfi_def_cfa_register gas=2.44
# expect-diff: dl_resolve_like gas=2.40
# expect-convert: dl_resolve_like skipped cfa-other-register v=1,2
# expect-convert: dl_resolve_like converted v=3
# expect-convert: plain converted v=1,2,3

	.text
	.globl dl_resolve_like
	.type dl_resolve_like, @function
dl_resolve_like:
	.cfi_startproc
	.cfi_adjust_cfa_offset 16
	pushq %rbx
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbx, 0
	movq %rsp, %rbx
	.cfi_def_cfa_register %rbx
	andq $-64, %rsp
	subq $256, %rsp
	movq %rax, (%rsp)
	movq %rbx, %rsp
	.cfi_def_cfa_register %rsp
	movq (%rsp), %rbx
	.cfi_restore %rbx
	addq $24, %rsp
	.cfi_adjust_cfa_offset -24
	jmp *%r11
	.cfi_endproc
	.size dl_resolve_like, .-dl_resolve_like

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
