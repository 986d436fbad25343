// negate_ra_state.s - return-address signing (-mbranch-protection=pac-ret):
// paciasp signs x30 and .cfi_negate_ra_state (DW_CFA_AARCH64_negate_ra_state)
// records it; autiasp authenticates it and toggles the state back.  The
// rows between carry SFrame's mangled-RA bit (A key).  pac_plain is the
// ordinary shape; pac_early returns early from inside the signed region,
// with .cfi_remember_state / .cfi_restore_state around the first epilogue
// (the signing state is part of the remembered row).  paciasp and autiasp
// are written as their HINT encodings (no -march needed).
//
// GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
// row agrees with the CFI.  Version 1 (2.40) has the mangled-RA bit and
// the key bit too.
//
// expect-check: agree
// expect-convert: pac_plain converted v=1,2,3
// expect-convert: pac_early converted v=1,2,3

	.text
	.globl pac_plain
	.type pac_plain, %function
pac_plain:
	.cfi_startproc
	hint #25		// paciasp
	.cfi_negate_ra_state
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov x29, sp
	bl pac_early
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	hint #29		// autiasp
	.cfi_negate_ra_state
	ret
	.cfi_endproc
	.size pac_plain, .-pac_plain

	.globl pac_early
	.type pac_early, %function
pac_early:
	.cfi_startproc
	hint #25		// paciasp
	.cfi_negate_ra_state
	stp x29, x30, [sp, -32]!
	.cfi_def_cfa_offset 32
	.cfi_offset 29, -32
	.cfi_offset 30, -24
	mov x29, sp
	cbz x0, 1f
	.cfi_remember_state
	ldp x29, x30, [sp], 32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	hint #29		// autiasp
	.cfi_negate_ra_state
	ret
1:
	.cfi_restore_state
	str x0, [sp, 16]
	ldp x29, x30, [sp], 32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	hint #29		// autiasp
	.cfi_negate_ra_state
	ret
	.cfi_endproc
	.size pac_early, .-pac_early

	.section .note.GNU-stack, "", %progbits
