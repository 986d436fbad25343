// fp_only.s - FP (x29) saved on the stack while RA is still in x30.  A
// default AArch64 FDE's FP word comes after the RA word (1 or 3 words), so
// FP saved without RA cannot be said in versions 1-2; version 3 says it
// with a flexible FDE (RA padding, FP = *(CFA+off)).  fp_only keeps RA in
// x30 throughout; fp_then_ra saves FP one instruction before RA (one such
// row, then an ordinary frame record).
//
// GNU as: 2.40 writes FP's slot as the RA's: fp_only's rows (and
// fp_then_ra's one FP-only row) have two data words, CFA and RA =
// *(CFA-16), where the CFI says FP at CFA-16 and RA still in x30; an
// unwinder would take the saved x29 for the return address.  2.44
// leaves both out ("skipping SFrame FDE; FP without RA on stack"), and
// so does 2.47 ("no SFrame FDE emitted; FP without RA on stack"),
// although version 3 can say it.
//
// expect-check: agree
// expect-disagree: fp_only covers-fp-rule gas=2.40
// expect-disagree: fp_then_ra covers-fp-rule gas=2.40
// expect-cfi-only: fp_only fp-rule gas=2.44
// expect-cfi-only: fp_then_ra fp-rule gas=2.44
// expect-cfi-only: fp_only expressible gas=2.47
// expect-cfi-only: fp_then_ra expressible gas=2.47
// expect-warning: skipping SFrame FDE; FP without RA on stack gas=2.44
// expect-warning: skipping SFrame FDE; FP without RA on stack gas=2.44
// expect-warning: no SFrame FDE emitted; FP without RA on stack gas=2.47
// expect-warning: no SFrame FDE emitted; FP without RA on stack gas=2.47
// expect-convert: fp_only skipped fp-rule v=1,2
// expect-convert: fp_only converted v=3
// expect-convert: fp_then_ra skipped fp-rule v=1,2
// expect-convert: fp_then_ra converted v=3
// expect-convert: fp_caller converted v=1,2,3

	.text
	.globl fp_only
	.type fp_only, %function
fp_only:
	.cfi_startproc
	str x29, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	mov x29, sp
	add x0, x0, 1
	ldr x29, [sp], 16
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size fp_only, .-fp_only

	.globl fp_then_ra
	.type fp_then_ra, %function
fp_then_ra:
	.cfi_startproc
	sub sp, sp, #16
	.cfi_def_cfa_offset 16
	str x29, [sp]
	.cfi_offset 29, -16
	str x30, [sp, 8]
	.cfi_offset 30, -8
	bl fp_only
	ldp x29, x30, [sp]
	.cfi_restore 29
	.cfi_restore 30
	add sp, sp, 16
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size fp_then_ra, .-fp_then_ra

	// An ordinary function every release puts in .sframe: ld writes a
	// .sframe section of zero bytes when no input function is in one.
	.globl fp_caller
	.type fp_caller, %function
fp_caller:
	.cfi_startproc
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	bl fp_then_ra
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size fp_caller, .-fp_caller

	.section .note.GNU-stack, "", %progbits
