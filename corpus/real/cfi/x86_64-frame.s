# x86_64-frame.s - the everyday AMD64 frames, written for the real-section
# corpus (corpus/real/regen.sh assembles it with --gsframe and links it so
# that _start, the first byte of .text, lands at 0x401000).
#
# SFrame on AMD64 tracks the CFA, the saved FP (%rbp) and the return
# address, always at CFA-8.  The rows each function must get are listed
# with it, as offsets from the function's start:
#   "CFA sp+8" = CFA is %rsp + 8; "FP c-16" = %rbp saved at CFA - 16.

	.include "macros.inc"

# fpframe (0x401000, 25 bytes): the frame-pointer prologue and epilogue.
#   +0x0   CFA sp+8    FP unchanged
#   +0x1   CFA sp+16   FP c-16      (after push %rbp)
#   +0x4   CFA fp+16   FP c-16      (after mov %rsp, %rbp)
#   +0x18  CFA sp+8    FP c-16      (after pop %rbp, at the ret)
	program_start
fpframe:
	.cfi_startproc
	push_rbp			# 1 byte
	movq	%rsp, %rbp		# 3 bytes
	.cfi_def_cfa_register %rbp
	movl	$1, %eax		# 5 bytes
	addl	$2, %eax		# 3 bytes
	imull	$3, %eax, %eax		# 3 bytes
	subl	$4, %eax		# 3 bytes
	leal	5(%rax), %eax		# 3 bytes
	nop				# 1 byte
	nop				# 1 byte, ends at +0x17
	popq	%rbp			# 1 byte
	.cfi_def_cfa %rsp, 8
	ret				# +0x18
	endfn	fpframe
	.size	_start, .-_start

# leaf (0x401019, 3 bytes): no CFI beyond the start: one row.
#   +0x0   CFA sp+8    FP unchanged
	fn	leaf
	movl	%edi, %eax		# 2 bytes
	ret
	endfn	leaf

# twoexits (0x40101c, 19 bytes): two returns; .cfi_remember_state and
# .cfi_restore_state carry the frame of the first path over to the second.
#   +0x0   CFA sp+8    FP unchanged
#   +0x1   CFA sp+16   FP c-16      (after push %rbp)
#   +0xb   CFA sp+8    FP c-16      (first exit, after pop %rbp)
#   +0xc   CFA sp+16   FP c-16      (restore_state: the second path)
#   +0x12  CFA sp+8    FP c-16      (second exit)
	fn	twoexits
	push_rbp			# +0x0
	movl	$7, %eax		# +0x1
	testl	%edi, %edi		# +0x6
	je	1f			# +0x8
	.cfi_remember_state
	popq	%rbp			# +0xa
	.cfi_def_cfa_offset 8
	ret				# +0xb
	.cfi_restore_state
1:	movl	$9, %eax		# +0xc
	popq	%rbp			# +0x11
	.cfi_def_cfa_offset 8
	ret				# +0x12
	endfn	twoexits

# pushes (0x40102f, 22 bytes): a frame built in steps, torn down in steps
# (%rbx is saved too, but SFrame on AMD64 records only the FP and the RA).
#   +0x0   CFA sp+8    FP unchanged
#   +0x1   CFA sp+16   FP c-16      (push %rbp)
#   +0x2   CFA sp+24   FP c-16      (push %rbx)
#   +0x6   CFA sp+64   FP c-16      (sub $40, %rsp)
#   +0x13  CFA sp+24   FP c-16      (add $40, %rsp)
#   +0x14  CFA sp+16   FP c-16      (pop %rbx)
#   +0x15  CFA sp+8    FP c-16      (pop %rbp; the ret)
	fn	pushes
	push_rbp
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset %rbx, -24
	subq	$40, %rsp
	.cfi_def_cfa_offset 64
	movq	%rdi, (%rsp)
	call	leaf
	addq	$40, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	ret
	endfn	pushes

	program_end
