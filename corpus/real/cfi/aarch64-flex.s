// aarch64-flex.s - frames SFrame versions 1 and 2 cannot describe, written
// for the real-section corpus (corpus/real/regen.sh).  Version 3's
// flexible FDEs take a CFA on any register and an RA in a register; its
// "RA undefined" row ends the stack.  What the releases here do with it
// (see each NAME.objdump): gas 2.47.50 writes flexible FDEs for AMD64 and
// s390x only, so it skips cfa_x19 and ra_in_x9 and writes outermost's RA
// undefined; 2.44 skips both and writes outermost as an ordinary leaf
// (RA in x30); 2.40 skips ra_in_x9 but writes cfa_x19 with its CFA on sp
// (sp+0 at +0x4: rows that are well-formed and wrong), and outermost as
// an ordinary leaf.
//   plain (4 bytes):   +0x0 CFA sp+0
//   cfa_x19 (24 bytes): the CFA on x19 (DWARF register 19)
//     +0x0   CFA sp+0
//     +0x4   CFA r19+0    (mov x19, sp: flexible)
//     +0x10  CFA sp+0     (mov sp, x19)
//   ra_in_x9 (16 bytes): the return address copied to x9 and x30 reused
//     +0x0   CFA sp+0     RA unchanged
//     +0x4   CFA sp+0     RA in r9 (mov x9, x30: flexible)
//     +0xc   CFA sp+0     RA unchanged (mov x30, x9)
//   outermost (8 bytes): .cfi_undefined 30, the end of the stack
//     +0x0   RA undefined
	.include "macros.inc"
	program_start
	fn	plain
	ret
	endfn	plain
	.size	_start, .-_start

	fn	cfa_x19
	mov	x19, sp
	.cfi_def_cfa_register 19
	and	x9, x19, -16
	mov	sp, x9
	mov	sp, x19
	.cfi_def_cfa_register 31
	nop
	ret
	endfn	cfa_x19

	fn	ra_in_x9
	mov	x9, x30
	.cfi_register 30, 9
	bl	plain
	mov	x30, x9
	.cfi_restore 30
	ret
	endfn	ra_in_x9

	fn	outermost
	.cfi_undefined 30
	mov	x29, 0
	bl	plain
	endfn	outermost

	program_end
