# s390x-regsave.s - the return address and the frame pointer kept in
# floating-point registers instead of on the stack, as GCC does in s390x
# leaf functions; written for the real-section corpus
# (corpus/real/regen.sh).  SFrame version 3 describes a register-saved RA
# or FP with a flexible FDE: "r16+0" is %f0 (DWARF 16), "r17+0" is %f2
# (DWARF 17).
#
# regsave (32 bytes):
#   +0x0   CFA sp+160   FP unchanged  RA unchanged
#   +0x4   CFA sp+160   FP unchanged  RA in r16   (ldgr %f0, %r14)
#   +0x8   CFA sp+160   FP in r17     RA in r16   (ldgr %f2, %r11)
#   +0x16  CFA sp+160   FP in r17     RA unchanged (lgdr %r14, %f0)
#   +0x1a  CFA sp+160   FP unchanged  RA unchanged (lgdr %r11, %f2)

	.include "macros.inc"
	program_start
	fn	regsave
	ldgr	%f0,%r14
	.cfi_register %r14, %f0
	ldgr	%f2,%r11
	.cfi_register %r11, %f2
	lgr	%r11,%r2
	brasl	%r14,regsave
	lgdr	%r14,%f0
	.cfi_restore %r14
	lgdr	%r11,%f2
	.cfi_restore %r11
	nopr	%r7
	nopr	%r7
	br	%r14
	endfn	regsave
	.size	_start, .-_start

	program_end
