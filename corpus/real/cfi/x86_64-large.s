# x86_64-large.s - stack frames too large for 1-byte SFrame data words,
# written for the real-section corpus (corpus/real/regen.sh).  An FRE's
# data words are signed and all of one size: 1 byte up to 127, 2 bytes up
# to 32767, 4 bytes beyond.  Rows as offsets from each function's start
# (CFA sp+N: CFA = %rsp + N; FP c-N: %rbp saved at CFA - N).

	.include "macros.inc"

# frame136 (0x401000): CFA sp+136 needs 2-byte words.
#   +0x0   CFA sp+8      FP unchanged   (1-byte words)
#   +0x7   CFA sp+136    FP unchanged   (after sub $128, %rsp: 2-byte words)
#   +0xe   CFA sp+8      FP unchanged   (after add $128, %rsp)
	program_start
frame136:
	.cfi_startproc
	subq	$128, %rsp		# 7 bytes (the immediate does not fit in 8 bits)
	.cfi_def_cfa_offset 136
	addq	$128, %rsp		# 7 bytes
	.cfi_def_cfa_offset 8
	ret
	endfn	frame136
	.size	_start, .-_start

# page (0x40100f): a page of locals below a saved FP.
#   +0x0   CFA sp+8      FP unchanged
#   +0x1   CFA sp+16     FP c-16        (push %rbp)
#   +0x8   CFA sp+4112   FP c-16        (sub $4096, %rsp: 2-byte words)
#   +0xf   CFA sp+16     FP c-16        (add $4096, %rsp)
#   +0x10  CFA sp+8      FP c-16        (pop %rbp)
	fn	page
	push_rbp
	subq	$4096, %rsp
	.cfi_def_cfa_offset 4112
	addq	$4096, %rsp
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	ret
	endfn	page

# huge (0x401020): 128 KiB of locals, and the FP saved at the bottom of
# them, far from the CFA.
#   +0x0   CFA sp+8       FP unchanged
#   +0x7   CFA sp+131080  FP unchanged   (sub $0x20000, %rsp: 4-byte words)
#   +0xb   CFA sp+131080  FP c-131080    (mov %rbp, (%rsp): 4-byte words)
#   +0xf   CFA sp+131080  FP unchanged   (mov (%rsp), %rbp; .cfi_restore)
#   +0x16  CFA sp+8       FP unchanged   (add $0x20000, %rsp)
	fn	huge
	frame_save_rbp 0x20000	# 7 + 4 bytes
	frame_restore_rbp 0x20000	# 4 + 7 bytes
	ret
	endfn	huge

# fpfar (0x401037): a frame-pointer frame whose FP slot is 8 KiB below the
# CFA (the FP words are 2 bytes while the CFA stays near).
#   +0x0   CFA sp+8      FP unchanged
#   +0x7   CFA sp+8200   FP unchanged   (sub $8192, %rsp)
#   +0xb   CFA sp+8200   FP c-8200      (mov %rbp, (%rsp))
#   +0xe   CFA fp+8200   FP c-8200      (mov %rsp, %rbp)
#   +0x11  CFA sp+8200   FP c-8200      (mov %rbp, %rsp)
#   +0x15  CFA sp+8200   FP unchanged   (mov (%rsp), %rbp; .cfi_restore)
#   +0x1c  CFA sp+8      FP unchanged   (add $8192, %rsp)
	fn	fpfar
	frame_save_rbp 8192	# 7 + 4 bytes
	movq	%rsp, %rbp		# 3 bytes
	.cfi_def_cfa_register %rbp
	movq	%rbp, %rsp		# 3 bytes
	.cfi_def_cfa_register %rsp
	frame_restore_rbp 8192	# 4 + 7 bytes
	ret
	endfn	fpfar

	program_end
