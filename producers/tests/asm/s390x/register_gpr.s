# register_gpr.s - RA (r14) kept in a general register (r0) across a
# short sequence that reuses r14: version 2 says it with a DWARF register
# number in the RA word, version 3 with a flexible FDE (RA = r0).
#
# GNU as 2.47 puts every function in .sframe, and every row agrees with
# the CFI (2.40 and 2.44 write no SFrame for s390x).
#
# expect-check: agree
# expect-convert: gpr_ra converted v=2,3

	.text
	.globl gpr_ra
	.type gpr_ra, @function
gpr_ra:
	.cfi_startproc
	lgr %r0,%r14
	.cfi_register %r14, %r0
	larl %r14,1f
	lgr %r2,%r14
1:	lgr %r14,%r0
	.cfi_restore %r14
	br %r14
	.cfi_endproc
	.size gpr_ra, .-gpr_ra

	.section .note.GNU-stack, "", @progbits
