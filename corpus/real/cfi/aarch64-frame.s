// aarch64-frame.s - the everyday AArch64 frames, written for the
// real-section corpus (corpus/real/regen.sh assembles it with --gsframe and
// links it; _start, the first byte of .text, lands where that release's ld
// puts .text, e.g. 0x40025c: see NAME.objdump).
//
// SFrame on AArch64 tracks the CFA, the saved FP (x29) and the saved RA
// (x30, the link register; "unchanged" while it is still in x30).  Rows as
// offsets from each function's start ("CFA sp+N": CFA = sp + N; "c-N":
// saved at CFA - N).

	.include "macros.inc"

// fpframe (15 instructions, 60 bytes): the frame-pointer prologue and
// epilogue GCC writes.
//   +0x0   CFA sp+0    FP unchanged  RA unchanged
//   +0x4   CFA sp+32   FP c-32       RA c-24      (stp x29, x30, [sp, -32]!)
//   +0x8   CFA fp+32   FP c-32       RA c-24      (mov x29, sp)
//   +0x38  CFA sp+0    FP unchanged  RA unchanged (ldp x29, x30, [sp], 32)
	program_start
fpframe:
	.cfi_startproc
	push_fp_lr 32
	mov	x29, sp
	.cfi_def_cfa_register 29
	str	x0, [x29, 16]
	bl	leaf
	ldr	x1, [x29, 16]
	add	x0, x0, x1
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	pop_fp_lr 32
	.cfi_def_cfa 31, 0
	ret
	endfn	fpframe
	.size	_start, .-_start

// leaf (8 bytes): one row.
//   +0x0   CFA sp+0    FP unchanged  RA unchanged
	fn	leaf
	add	x0, x0, 1
	ret
	endfn	leaf

// twoexits (36 bytes): two returns, .cfi_remember_state / .cfi_restore_state.
//   +0x0   CFA sp+0    FP unchanged  RA unchanged
//   +0x4   CFA sp+16   FP c-16       RA c-8       (stp x29, x30, [sp, -16]!)
//   +0x14  CFA sp+0    FP unchanged  RA unchanged (first exit: ldp)
//   +0x18  CFA sp+16   FP c-16       RA c-8       (restore_state)
//   +0x20  CFA sp+0    FP unchanged  RA unchanged (second exit)
	fn	twoexits
	push_fp_lr 16	// +0x0
	mov	x29, sp			// +0x4 (the CFA stays on sp)
	cbz	x0, 1f			// +0x8
	mov	x0, 7			// +0xc
	.cfi_remember_state
	pop_fp_lr 16	// +0x10
	.cfi_def_cfa_offset 0
	ret				// +0x14
	.cfi_restore_state
1:	mov	x0, 9			// +0x18
	pop_fp_lr 16	// +0x1c
	.cfi_def_cfa_offset 0
	ret				// +0x20
	endfn	twoexits

	program_end
