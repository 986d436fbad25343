# undefined.s - .cfi_undefined: the return address undefined (the
# outermost frame, like _start: SFrame versions 2-3 mark it with an FRE
# without data words; version 1 has no way to say it), FP undefined (no
# SFrame rule says "FP unknown": not expressible in any version), and an
# untracked register undefined (no effect).
#
# GNU as: 2.40 writes undef_ra as an ordinary function (RA at CFA-8:
# version 1 cannot say "outermost") and undef_fp with FP unchanged where
# the CFI says undefined; 2.44 does the same although version 2 can say
# "outermost" (an FRE without data words); 2.47 writes undef_ra as
# outermost and leaves undef_fp out ("no SFrame FDE emitted; FP reg 6 in
# .cfi_undefined").
#
# expect-check: agree
# expect-disagree: undef_ra covers-ra-undefined gas=2.40
# expect-disagree: undef_ra outermost gas=2.44
# expect-disagree: undef_fp covers-fp-rule gas=2.40,2.44
# expect-cfi-only: undef_fp fp-rule gas=2.47
# expect-warning: no SFrame FDE emitted; FP reg 6 in .cfi_undefined gas=2.47
# expect-convert: undef_ra skipped ra-undefined v=1
# expect-convert: undef_ra converted v=2,3
# expect-convert: undef_fp skipped fp-rule v=1,2,3
# expect-convert: undef_other converted v=1,2,3

	.text
	.globl undef_ra
	.type undef_ra, @function
undef_ra:
	.cfi_startproc
	.cfi_undefined %rip
	xorl %ebp, %ebp
	movq %rdx, %r9
	popq %rsi
	movq %rsp, %rdx
	andq $-16, %rsp
	call undef_other
	hlt
	.cfi_endproc
	.size undef_ra, .-undef_ra

	.globl undef_fp
	.type undef_fp, @function
undef_fp:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	xorl %ebp, %ebp
	.cfi_undefined %rbp
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size undef_fp, .-undef_fp

	.globl undef_other
	.type undef_other, @function
undef_other:
	.cfi_startproc
	xorl %r12d, %r12d
	.cfi_undefined %r12
	ret
	.cfi_endproc
	.size undef_other, .-undef_other

	.section .note.GNU-stack, "", @progbits
