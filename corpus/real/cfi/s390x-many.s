# s390x-many.s - long functions, written for the real-section corpus
# (corpus/real/regen.sh): FRE starts are stored in 1, 2 or 4 bytes (FRE
# type ADDR1, ADDR2, ADDR4) by the function's size.
#
# steps (0x1e4 bytes, ADDR2): 16 frame extensions of 8 bytes (aghi, 4
# bytes), each followed by 16 bytes of nops, then 16 releases:
#   +0x0              CFA sp+160
#   +0x14*(k-1)+4     CFA sp+160+8k    (k = 1..16)
#   +0x140+4j         CFA sp+288-8j    (j = 1..16)
#   the return at +0x180, then 0x62 bytes of nops.
# long (69998 bytes, ADDR4): a frame set up, 34990 two-byte nops, the frame
# released; the last row starts past 65535.
#   +0x0      CFA sp+160   FP unchanged  RA unchanged
#   +0x6      CFA sp+160   FP c-72       RA c-48      (stmg)
#   +0xa      CFA sp+320   FP c-72       RA c-48      (aghi %r15, -160)
#   +0x1116c  CFA sp+160   FP unchanged  RA unchanged (lmg at +0x11166)

	.include "macros.inc"
	program_start
	fn	steps
	.irp	n, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256, 264, 272, 280, 288
	aghi	%r15,-8
	.cfi_def_cfa_offset \n
	.fill	8, 2, 0x0707
	.endr
	.irp	n, 280, 272, 264, 256, 248, 240, 232, 224, 216, 208, 200, 192, 184, 176, 168, 160
	aghi	%r15,8
	.cfi_def_cfa_offset \n
	.endr
	br	%r14
	.fill	49, 2, 0x0707
	endfn	steps
	.size	_start, .-_start

	fn	long
	save_r11_r14_r15
	aghi	%r15,-160
	.cfi_def_cfa_offset 320
	.fill	34990, 2, 0x0707
	restore_r11_r14_r15 248, %r15
	.cfi_def_cfa_offset 160
	br	%r14
	endfn	long

	program_end
