// aarch64-many.s - long functions, written for the real-section corpus
// (corpus/real/regen.sh): FRE starts are stored in 1, 2 or 4 bytes (FRE
// type ADDR1, ADDR2, ADDR4) by the function's size.  Rows as offsets from
// each function's start.
//
// steps (0x2c8 bytes, ADDR2): 16 stores that each grow the frame by 16
// bytes, 16 bytes of nops after each, then 16 releases:
//   +0x0               CFA sp+0
//   +0x14*(k-1)+4      CFA sp+16k    (k = 1..16: str x19, [sp, -16]!)
//   +0x140+4j          CFA sp+256-16j (j = 1..16: add sp, sp, 16)
//   the ret at +0x180, then 0x144 bytes of nops.
// long (70000 bytes, ADDR4): a frame-pointer prologue, 17496 nops, the
// epilogue; the last row starts past 65535.
//   +0x0      CFA sp+0     FP unchanged  RA unchanged
//   +0x4      CFA sp+16    FP c-16       RA c-8     (stp x29, x30, [sp, -16]!)
//   +0x8      CFA fp+16    FP c-16       RA c-8     (mov x29, sp)
//   +0x1116c  CFA sp+0     FP unchanged  RA unchanged (ldp at +0x11168)

	.include "macros.inc"
	program_start
	fn	steps
	.irp	n, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256
	str	x19, [sp, -16]!
	.cfi_def_cfa_offset \n
	.fill	4, 4, 0xd503201f
	.endr
	.irp	n, 240, 224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32, 16, 0
	add	sp, sp, 16
	.cfi_def_cfa_offset \n
	.endr
	ret
	.fill	81, 4, 0xd503201f
	endfn	steps
	.size	_start, .-_start

	fn	long
	push_fp_lr 16
	mov	x29, sp
	.cfi_def_cfa_register 29
	.fill	17496, 4, 0xd503201f
	pop_fp_lr 16
	.cfi_def_cfa 31, 0
	ret
	endfn	long

	program_end
