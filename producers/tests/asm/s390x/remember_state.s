# remember_state.s - .cfi_remember_state / .cfi_restore_state on s390x:
# an early return from inside a frame.
#
# GNU as 2.47 puts every function in .sframe, and every row agrees with
# the CFI (2.40 and 2.44 write no SFrame for s390x).
#
# expect-check: agree
# expect-convert: rs_early converted v=2,3

	.text
	.globl rs_early
	.type rs_early, @function
rs_early:
	.cfi_startproc
	stmg %r14,%r15,112(%r15)
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	aghi %r15,-160
	.cfi_adjust_cfa_offset 160
	cgije %r2,0,1f
	.cfi_remember_state
	lmg %r14,%r15,272(%r15)
	.cfi_restore %r15
	.cfi_restore %r14
	.cfi_adjust_cfa_offset -160
	br %r14
1:
	.cfi_restore_state
	stg %r2,160(%r15)
	lmg %r14,%r15,272(%r15)
	.cfi_restore %r15
	.cfi_restore %r14
	.cfi_adjust_cfa_offset -160
	br %r14
	.cfi_endproc
	.size rs_early, .-rs_early

	.section .note.GNU-stack, "", @progbits
