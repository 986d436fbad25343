# s390x-large.s - stack frames too large for 1-byte SFrame data words,
# written for the real-section corpus (corpus/real/regen.sh).  On s390x
# the CFA offset is stored as (offset - 160) / 8 and the FP and RA offsets
# as offset / 8, so the word size follows those values: 1 byte up to 127,
# 2 bytes up to 32767, 4 bytes beyond.
#
# page (26 bytes): 4 KiB of locals.
#   +0x0   CFA sp+160      FP unchanged  RA unchanged
#   +0x6   CFA sp+160      FP c-72       RA c-48      (stmg)
#   +0xa   CFA sp+4256     FP c-72       RA c-48      (aghi %r15, -4096: stored 512, 2 bytes)
#   +0x18  CFA sp+160      FP unchanged  RA unchanged (lmg)
# huge (30 bytes): 16 MiB of locals.
#   +0x0   CFA sp+160      FP unchanged  RA unchanged
#   +0x6   CFA sp+160      FP c-72       RA c-48      (stmg)
#   +0xc   CFA sp+16777376 FP c-72       RA c-48      (agfi %r15, -16777216: stored 2097152, 4 bytes)
#   +0x16  CFA sp+160      FP c-72       RA c-48      (agfi %r15, 16777216)
#   +0x1c  CFA sp+160      FP unchanged  RA unchanged (lmg)

	.include "macros.inc"
	program_start
	fn	page
	save_r11_r14_r15
	aghi	%r15,-4096
	.cfi_def_cfa_offset 4256
	lhi	%r2,0
	nopr	%r7
	nopr	%r7
	restore_r11_r14_r15 4184, %r15
	.cfi_def_cfa_offset 160
	br	%r14
	endfn	page
	.size	_start, .-_start

	fn	huge
	save_r11_r14_r15
	agfi	%r15,-16777216
	.cfi_def_cfa_offset 16777376
	lhi	%r2,0
	agfi	%r15,16777216
	.cfi_def_cfa_offset 160
	restore_r11_r14_r15 88, %r15
	br	%r14
	endfn	huge

	program_end
