# leaf.s - s390x leaf functions: no frame, CFA = r15+160 throughout, RA
# still in r14 and FP in r11 (unchanged): one data word in versions 2-3.
#
# GNU as 2.47 puts every function in .sframe, and every row agrees with
# the CFI (2.40 and 2.44 write no SFrame for s390x).
#
# expect-check: agree
# expect-convert: leaf_ret converted v=2,3
# expect-convert: leaf_body converted v=2,3

	.text
	.globl leaf_ret
	.type leaf_ret, @function
leaf_ret:
	.cfi_startproc
	br %r14
	.cfi_endproc
	.size leaf_ret, .-leaf_ret

	.globl leaf_body
	.type leaf_body, @function
leaf_body:
	.cfi_startproc
	agr %r2,%r3
	msgr %r2,%r4
	br %r14
	.cfi_endproc
	.size leaf_body, .-leaf_body

	.section .note.GNU-stack, "", @progbits
