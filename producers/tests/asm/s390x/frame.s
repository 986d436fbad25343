# frame.s - the s390x frame: r14 (RA) and r15 saved in the register save
# area of the caller's frame (stmg), a 160-byte frame allocated (CFA =
# r15+320); fr_fp also saves r11 (FP) and moves the CFA to it
# (.cfi_def_cfa_register).  .cfi_offset, .cfi_adjust_cfa_offset,
# .cfi_def_cfa_offset, .cfi_restore.  Versions 2-3 express every row
# (version 1 has no s390x).
#
# GNU as 2.47 puts every function in .sframe, and every row agrees with
# the CFI (2.40 and 2.44 write no SFrame for s390x).
#
# expect-check: agree
# expect-convert: fr_std converted v=2,3
# expect-convert: fr_fp converted v=2,3

	.text
	.globl fr_std
	.type fr_std, @function
fr_std:
	.cfi_startproc
	stmg %r14,%r15,112(%r15)
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	aghi %r15,-160
	.cfi_adjust_cfa_offset 160
	brasl %r14,fr_fp
	lmg %r14,%r15,272(%r15)
	.cfi_restore %r15
	.cfi_restore %r14
	.cfi_adjust_cfa_offset -160
	br %r14
	.cfi_endproc
	.size fr_std, .-fr_std

	.globl fr_fp
	.type fr_fp, @function
fr_fp:
	.cfi_startproc
	stmg %r11,%r15,88(%r15)
	.cfi_offset %r11, -72
	.cfi_offset %r12, -64
	.cfi_offset %r13, -56
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	aghi %r15,-176
	.cfi_def_cfa_offset 336
	lgr %r11,%r15
	.cfi_def_cfa_register %r11
	stg %r2,160(%r11)
	lmg %r11,%r15,264(%r11)
	.cfi_restore %r15
	.cfi_restore %r14
	.cfi_restore %r13
	.cfi_restore %r12
	.cfi_restore %r11
	.cfi_def_cfa %r15, 160
	br %r14
	.cfi_endproc
	.size fr_fp, .-fr_fp

	.section .note.GNU-stack, "", @progbits
