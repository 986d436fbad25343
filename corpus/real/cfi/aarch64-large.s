// aarch64-large.s - stack frames too large for 1-byte SFrame data words,
// written for the real-section corpus (corpus/real/regen.sh).  Data words
// are signed and all of one size per FRE: 1 byte up to 127, 2 bytes up to
// 32767, 4 bytes beyond.  Rows as offsets from each function's start.
//
// frame144 (16 bytes):
//   +0x0   CFA sp+0      (1-byte words)
//   +0x4   CFA sp+144    (sub sp, sp, 144: 2-byte words)
//   +0xc   CFA sp+0      (add sp, sp, 144)
// page (28 bytes): FP and RA saved at the bottom of a 4 KiB frame.
//   +0x0   CFA sp+0      FP unchanged  RA unchanged
//   +0x4   CFA sp+4096   FP unchanged  RA unchanged   (sub sp, sp, 4096)
//   +0x8   CFA sp+4096   FP c-4096     RA c-4088      (stp x29, x30, [sp])
//   +0x10  CFA sp+4096   FP unchanged  RA unchanged   (ldp; .cfi_restore)
//   +0x14  CFA sp+0      FP unchanged  RA unchanged   (add sp, sp, 4096)
// huge (32 bytes): 128 KiB of locals.
//   +0x0   CFA sp+0      FP unchanged  RA unchanged
//   +0x4   CFA sp+16     FP c-16       RA c-8         (stp x29, x30, [sp, -16]!)
//   +0x8   CFA sp+131088 FP c-16       RA c-8         (sub sp, sp, 0x20, lsl 12: 4-byte words)
//   +0x10  CFA sp+16     FP c-16       RA c-8         (add sp, sp, 0x20, lsl 12)
//   +0x14  CFA sp+0      FP unchanged  RA unchanged   (ldp x29, x30, [sp], 16)

	.include "macros.inc"
	program_start
	fn	frame144
	sub	sp, sp, 144
	.cfi_def_cfa_offset 144
	nop
	add	sp, sp, 144
	.cfi_def_cfa_offset 0
	ret
	endfn	frame144
	.size	_start, .-_start

	fn	page
	sub	sp, sp, 4096
	.cfi_def_cfa_offset 4096
	stp	x29, x30, [sp]
	.cfi_offset 29, -4096
	.cfi_offset 30, -4088
	nop
	ldp	x29, x30, [sp]
	.cfi_restore 30
	.cfi_restore 29
	add	sp, sp, 4096
	.cfi_def_cfa_offset 0
	nop
	ret
	endfn	page

	fn	huge
	push_fp_lr 16
	sub	sp, sp, 0x20, lsl 12
	.cfi_def_cfa_offset 131088
	nop
	add	sp, sp, 0x20, lsl 12
	.cfi_def_cfa_offset 16
	pop_fp_lr 16
	.cfi_def_cfa_offset 0
	nop
	nop
	ret
	endfn	huge

	program_end
