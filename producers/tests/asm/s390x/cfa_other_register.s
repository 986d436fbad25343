# cfa_other_register.s - the s390x CFA on r1 (neither SP r15 nor FP r11)
# while the stack is realigned: version 2 cannot say it, version 3 can
# with a flexible FDE (CFA = r1+160).
#
# GNU as 2.47 puts every function in .sframe, and every row agrees with
# the CFI (2.40 and 2.44 write no SFrame for s390x).
#
# expect-check: agree
# expect-convert: cor_realign skipped cfa-other-register v=2
# expect-convert: cor_realign converted v=3
# expect-convert: cor_caller converted v=2,3

	.text
	.globl cor_realign
	.type cor_realign, @function
cor_realign:
	.cfi_startproc
	lgr %r1,%r15
	.cfi_def_cfa_register %r1
	aghi %r15,-256
	nill %r15,0xffc0
	stg %r2,160(%r15)
	lgr %r15,%r1
	.cfi_def_cfa_register %r15
	br %r14
	.cfi_endproc
	.size cor_realign, .-cor_realign

	# An ordinary function every release puts in .sframe: ld writes a
	# .sframe section of zero bytes when no input function is in one.
	.globl cor_caller
	.type cor_caller, @function
cor_caller:
	.cfi_startproc
	stmg %r14,%r15,112(%r15)
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	aghi %r15,-160
	.cfi_adjust_cfa_offset 160
	brasl %r14,cor_realign
	lmg %r14,%r15,272(%r15)
	.cfi_restore %r15
	.cfi_restore %r14
	.cfi_adjust_cfa_offset -160
	br %r14
	.cfi_endproc
	.size cor_caller, .-cor_caller

	.section .note.GNU-stack, "", @progbits
