# x86_64-many.s - long functions, written for the real-section corpus
# (corpus/real/regen.sh): an FRE's start is stored in 1, 2 or 4 bytes
# (FRE type ADDR1, ADDR2, ADDR4), chosen from the function's size, so a
# function past 255 bytes needs ADDR2 and one past 65535 bytes ADDR4.
# Rows as offsets from each function's start.

	.include "macros.inc"

# steps (0x401000, 336 bytes, ADDR2): 16 pushes, each followed by 16 bytes
# of nops, then 16 pops: 33 rows.  Row k (k = 1..16) starts at
# +0x11*(k-1)+1 with CFA sp+8+8k; the pops start at +0x110 and give
# sp+128, sp+120, ... sp+8 at +0x111 ... +0x120; the ret is at +0x120
# followed by 47 bytes of nops (the function ends at +0x150).
#   +0x0    CFA sp+8     FP unchanged
#   +0x1    CFA sp+16    FP c-16   (push %rbp)
#   +0x12   CFA sp+24    FP c-16   (push %rbx)
#   ...
#   +0x100  CFA sp+136   FP c-16   (the 16th push)
#   +0x111  CFA sp+128   ...
#   +0x120  CFA sp+8     FP c-16   (the last pop)
	program_start
steps:
	.cfi_startproc
	push_rbp
	.fill	16, 1, 0x90
	.irp	n, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136
	pushq	%rbx
	.cfi_def_cfa_offset \n
	.fill	16, 1, 0x90
	.endr
	.irp	n, 128, 120, 112, 104, 96, 88, 80, 72, 64, 56, 48, 40, 32, 24, 16
	popq	%rbx
	.cfi_def_cfa_offset \n
	.endr
	popq	%rbp
	.cfi_def_cfa_offset 8
	ret
	.fill	47, 1, 0x90
	endfn	steps
	.size	_start, .-_start

# long (0x401150, 70001 bytes, ADDR4): a frame-pointer prologue, 69995
# bytes of nops, the epilogue: the last row starts past 65535.
#   +0x0      CFA sp+8     FP unchanged
#   +0x1      CFA sp+16    FP c-16   (push %rbp)
#   +0x4      CFA fp+16    FP c-16   (mov %rsp, %rbp)
#   +0x11170  CFA sp+8     FP c-16   (after pop %rbp at +0x1116f: the ret)
	fn	long
	push_rbp
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	.fill	69995, 1, 0x90
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	ret
	endfn	long

	program_end
