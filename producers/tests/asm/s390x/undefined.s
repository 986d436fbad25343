# undefined.s - .cfi_undefined %r14: the outermost frame (_start's shape):
# an FRE without data words in versions 2-3.
#
# GNU as 2.47 puts every function in .sframe, and every row agrees with
# the CFI (2.40 and 2.44 write no SFrame for s390x).
#
# expect-check: agree
# expect-convert: undef_ra converted v=2,3
# expect-convert: undef_callee converted v=2,3

	.text
	.globl undef_ra
	.type undef_ra, @function
undef_ra:
	.cfi_startproc
	.cfi_undefined %r14
	lghi %r11,0
	aghi %r15,-160
	.cfi_adjust_cfa_offset 160
	brasl %r14,undef_callee
	.long 0
	.cfi_endproc
	.size undef_ra, .-undef_ra

	.globl undef_callee
	.type undef_callee, @function
undef_callee:
	.cfi_startproc
	br %r14
	.cfi_endproc
	.size undef_callee, .-undef_callee

	.section .note.GNU-stack, "", @progbits
