# x86_64-plt.s - calls through the PLT, written for the real-section corpus
# (corpus/real/regen.sh links it as a position-independent executable
# with `ext_one` and `ext_two` left for the dynamic linker).  GNU as has
# no directive for a PC-mask FDE: the linker writes them for the .plt it
# builds (one FDE for PLT0, one repeating every 16 bytes for the entries),
# next to the FDE gas wrote for caller:
#   caller (19 bytes):  +0x0 CFA sp+8; +0x4 CFA sp+16 (sub $8, %rsp);
#                       +0x12 CFA sp+8 (add $8, %rsp)

	.include "macros.inc"
	program_start
	fn	caller
	subq	$8, %rsp		# 4 bytes
	.cfi_def_cfa_offset 16
	call	ext_one@PLT		# 5 bytes
	call	ext_two@PLT		# 5 bytes
	addq	$8, %rsp		# 4 bytes
	.cfi_def_cfa_offset 8
	ret
	endfn	caller
	.size	_start, .-_start

	program_end
