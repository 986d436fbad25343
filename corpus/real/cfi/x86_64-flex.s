# x86_64-flex.s - frames SFrame versions 1 and 2 cannot describe, written
# for the real-section corpus (corpus/real/regen.sh).  Version 3 has
# flexible FDEs (a CFA on any register, the RA in a register) and an
# "RA undefined" row for the outermost frame.  The earlier releases here
# (see each NAME.objdump) write well-formed but wrong rows for some of
# these functions: gas 2.40 writes cfa_rbx with its CFA on %rsp (sp+16 at
# +0x4), skips ra_in_rcx and writes outermost as an ordinary frame; gas
# 2.44 skips cfa_rbx, writes ra_in_rcx with the RA at CFA-8 (sp+0 at
# +0x1: the RA is in %rcx) and outermost as an ordinary frame.
#
#   plain (0x401000, 1 byte):     +0x0 CFA sp+8
#   cfa_rbx (0x401001): CFA on %rbx (DWARF register 3)
#     +0x0  CFA sp+8      FP unchanged
#     +0x1  CFA sp+16     FP unchanged   (push %rbx)
#     +0x4  CFA r3+16     FP unchanged   (mov %rsp, %rbx: flexible)
#     +0xb  CFA sp+16     FP unchanged   (mov %rbx, %rsp)
#     +0xc  CFA sp+8      FP unchanged   (pop %rbx)
#   ra_in_rcx (0x40100e): the return address popped into %rcx (DWARF 2)
#     +0x0  CFA sp+8      RA at CFA-8
#     +0x1  CFA sp+0      RA in r2       (pop %rcx: flexible)
#   outermost (0x401011): .cfi_undefined %rip, the end of the stack
#     +0x0  RA undefined

	.include "macros.inc"
	program_start
	fn	plain
	ret
	endfn	plain
	.size	_start, .-_start

	fn	cfa_rbx
	pushq	%rbx			# 1 byte
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	movq	%rsp, %rbx		# 3 bytes
	.cfi_def_cfa_register %rbx
	andq	$-16, %rsp		# 4 bytes
	movq	%rbx, %rsp		# 3 bytes
	.cfi_def_cfa_register %rsp
	popq	%rbx			# 1 byte
	.cfi_def_cfa_offset 8
	ret
	endfn	cfa_rbx

	fn	ra_in_rcx
	popq	%rcx			# 1 byte
	.cfi_def_cfa_offset 0
	.cfi_register %rip, %rcx
	jmp	*%rcx			# 2 bytes
	endfn	ra_in_rcx

	fn	outermost
	.cfi_undefined %rip
	xorl	%ebp, %ebp		# 2 bytes
	call	plain			# 5 bytes
	hlt
	endfn	outermost

	program_end
