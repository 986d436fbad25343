# cfa_offset.s - s390x CFA offsets.  SFrame stores an s390x CFA offset as
# (offset - 160) / 8 (SFRAME_S390X_CFA_OFFSET_ADJUSTMENT and
# _ALIGNMENT_FACTOR, in flexible FDEs too), so only 160 + 8k can be said.
# cfa_168 (an 8-byte allocation) and cfa_big (4256: 2-byte words) can;
# cfa_164 (a 4-byte allocation, CFA = r15+164) cannot, in any version.
#
# GNU as 2.47 (the only release with s390x SFrame) writes cfa_164's CFA
# as r15+160 without a word: the offset 164 is scaled to (164-160)/8 = 0
# and the remainder dropped, a wrong CFA for 8 bytes.  cfa_168 and
# cfa_big agree.
#
# expect-check: agree
# expect-disagree: cfa_164 covers-cfa-offset-range
# expect-convert: cfa_168 converted v=2,3
# expect-convert: cfa_big converted v=2,3
# expect-convert: cfa_164 skipped cfa-offset-range v=2,3

	.text
	.globl cfa_168
	.type cfa_168, @function
cfa_168:
	.cfi_startproc
	aghi %r15,-8
	.cfi_def_cfa_offset 168
	stg %r2,160(%r15)
	aghi %r15,8
	.cfi_def_cfa_offset 160
	br %r14
	.cfi_endproc
	.size cfa_168, .-cfa_168

	.globl cfa_big
	.type cfa_big, @function
cfa_big:
	.cfi_startproc
	stmg %r14,%r15,112(%r15)
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	aghi %r15,-4096
	.cfi_def_cfa_offset 4256
	brasl %r14,cfa_168
	lmg %r14,%r15,4208(%r15)
	.cfi_restore %r15
	.cfi_restore %r14
	.cfi_def_cfa_offset 160
	br %r14
	.cfi_endproc
	.size cfa_big, .-cfa_big

	.globl cfa_164
	.type cfa_164, @function
cfa_164:
	.cfi_startproc
	aghi %r15,-4
	.cfi_def_cfa_offset 164
	st %r2,160(%r15)
	aghi %r15,4
	.cfi_def_cfa_offset 160
	br %r14
	.cfi_endproc
	.size cfa_164, .-cfa_164

	.section .note.GNU-stack, "", @progbits
