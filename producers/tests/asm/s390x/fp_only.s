# fp_only.s - s390x FP (r11) saved on the stack while RA stays in r14:
# the default FDE says it with an RA word of 0 (SFRAME_FRE_RA_OFFSET_
# INVALID, "RA not saved") before the FP word, in versions 2 and 3.
#
# GNU as 2.47 puts every function in .sframe, and every row agrees with
# the CFI (2.40 and 2.44 write no SFrame for s390x).
#
# expect-check: agree
# expect-convert: fp_only converted v=2,3

	.text
	.globl fp_only
	.type fp_only, @function
fp_only:
	.cfi_startproc
	stg %r11,88(%r15)
	.cfi_offset %r11, -72
	lgr %r11,%r15
	agr %r2,%r11
	lg %r11,88(%r15)
	.cfi_restore %r11
	br %r14
	.cfi_endproc
	.size fp_only, .-fp_only

	.section .note.GNU-stack, "", @progbits
