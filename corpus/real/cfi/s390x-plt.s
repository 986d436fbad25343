# s390x-plt.s - calls through the PLT, and the outermost frame, written for
# the real-section corpus (corpus/real/regen.sh links it as a
# position-independent executable with `ext_one` left for the dynamic
# linker).  GNU as has no directive for a PC-mask FDE: the linker writes
# them for the .plt it builds, next to the FDEs gas wrote:
#   caller (30 bytes):
#     +0x0   CFA sp+160   FP unchanged  RA unchanged
#     +0x6   CFA sp+160   FP unchanged  RA c-48    (stmg %r14, %r15, 112(%r15))
#     +0xa   CFA sp+320   FP unchanged  RA c-48    (aghi %r15, -160)
#     +0x16  CFA sp+160   FP unchanged  RA unchanged (lmg)
#   outermost (10 bytes): .cfi_undefined %r14, the end of the stack
#     +0x0   RA undefined
	.include "macros.inc"
	program_start
	fn	caller
	stmg	%r14,%r15,112(%r15)
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	aghi	%r15,-160
	.cfi_def_cfa_offset 320
	brasl	%r14,ext_one@PLT
	lmg	%r14,%r15,272(%r15)
	.cfi_restore %r15
	.cfi_restore %r14
	.cfi_def_cfa_offset 160
	br	%r14
	nopr	%r7
	nopr	%r7
	nopr	%r7
	endfn	caller
	.size	_start, .-_start

	fn	outermost
	.cfi_undefined %r14
	lghi	%r11,0
	brasl	%r14,caller
	endfn	outermost

	program_end
