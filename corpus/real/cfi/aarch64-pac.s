// aarch64-pac.s - return addresses signed with pointer authentication
// (pac-ret), written for the real-section corpus (corpus/real/regen.sh).
// .cfi_negate_ra_state toggles "the RA is signed" (SFrame: the FRE's
// mangled-RA bit, objdump's "[s]"); .cfi_b_key_frame says the B key signs
// it (the FDE's key bit, "pauth = B key").  The PAC instructions are
// written as the HINT encodings so every assembler release takes them:
// hint 25 = paciasp, 29 = autiasp, 27 = pacibsp, 31 = autibsp.
//
// signed_a (A key), signed_b (B key), each 24 bytes:
//   +0x0   CFA sp+0    FP unchanged  RA unchanged
//   +0x4   CFA sp+0    FP unchanged  RA unchanged, signed  (paciasp/pacibsp)
//   +0x8   CFA sp+16   FP c-16       RA c-8, signed        (stp)
//   +0x10  CFA sp+0    FP unchanged  RA unchanged, signed  (ldp)
//   +0x14  CFA sp+0    FP unchanged  RA unchanged          (autiasp/autibsp)

	.include "macros.inc"
	program_start
	fn	signed_a
	hint	25			// paciasp
	.cfi_negate_ra_state
	push_fp_lr 16
	mov	x29, sp
	pop_fp_lr 16
	.cfi_def_cfa_offset 0
	hint	29			// autiasp
	.cfi_negate_ra_state
	ret
	endfn	signed_a
	.size	_start, .-_start

	fn	signed_b
	.cfi_b_key_frame
	hint	27			// pacibsp
	.cfi_negate_ra_state
	push_fp_lr 16
	mov	x29, sp
	pop_fp_lr 16
	.cfi_def_cfa_offset 0
	hint	31			// autibsp
	.cfi_negate_ra_state
	ret
	endfn	signed_b

	program_end
