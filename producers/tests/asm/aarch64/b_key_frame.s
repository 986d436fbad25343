// b_key_frame.s - .cfi_b_key_frame (the CIE augmentation "B"): return
// addresses signed with the B key (pacibsp / autibsp, as HINT encodings).
// SFrame records the key in the FDE info byte (pauth_key) and the signed
// rows with the mangled-RA bit.
//
// GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
// row agrees with the CFI.  Version 1 (2.40) has the mangled-RA bit and
// the key bit too.
//
// expect-check: agree
// expect-convert: pacb_fn converted v=1,2,3
// expect-convert: pacb_leaf converted v=1,2,3

	.text
	.globl pacb_fn
	.type pacb_fn, %function
pacb_fn:
	.cfi_startproc
	.cfi_b_key_frame
	hint #27		// pacibsp
	.cfi_negate_ra_state
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov x29, sp
	bl pacb_leaf
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	hint #31		// autibsp
	.cfi_negate_ra_state
	ret
	.cfi_endproc
	.size pacb_fn, .-pacb_fn

	// A leaf that signs without saving: RA signed in x30.
	.globl pacb_leaf
	.type pacb_leaf, %function
pacb_leaf:
	.cfi_startproc
	.cfi_b_key_frame
	hint #27		// pacibsp
	.cfi_negate_ra_state
	add x0, x0, 1
	hint #31		// autibsp
	.cfi_negate_ra_state
	ret
	.cfi_endproc
	.size pacb_leaf, .-pacb_leaf

	.section .note.GNU-stack, "", %progbits
