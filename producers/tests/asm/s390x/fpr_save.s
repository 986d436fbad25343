# fpr_save.s - s390x leaf functions that keep RA (r14) and FP (r11) in
# floating-point registers instead of on the stack (.cfi_register %r14,
# %f8, as GCC does in leaves that need r14 or r11): version 2 says it with a
# DWARF register number in the RA/FP word (SFRAME_V2_S390X_OFFSET_ENCODE_
# REGNUM), version 3 with a flexible FDE (RA = f8, FP = f9).
#
# GNU as 2.47 puts every function in .sframe, and every row agrees with
# the CFI (2.40 and 2.44 write no SFrame for s390x).
#
# expect-check: agree
# expect-convert: fpr_ra converted v=2,3
# expect-convert: fpr_ra_fp converted v=2,3

	.text
	.globl fpr_ra
	.type fpr_ra, @function
fpr_ra:
	.cfi_startproc
	ldgr %f8,%r14
	.cfi_register %r14, %f8
	lghi %r14,0
	agr %r2,%r14
	lgdr %r14,%f8
	.cfi_restore %r14
	br %r14
	.cfi_endproc
	.size fpr_ra, .-fpr_ra

	.globl fpr_ra_fp
	.type fpr_ra_fp, @function
fpr_ra_fp:
	.cfi_startproc
	ldgr %f8,%r14
	.cfi_register %r14, %f8
	ldgr %f9,%r11
	.cfi_register %r11, %f9
	lgr %r11,%r15
	lghi %r14,0
	lgdr %r11,%f9
	.cfi_restore %r11
	lgdr %r14,%f8
	.cfi_restore %r14
	br %r14
	.cfi_endproc
	.size fpr_ra_fp, .-fpr_ra_fp

	.section .note.GNU-stack, "", @progbits
