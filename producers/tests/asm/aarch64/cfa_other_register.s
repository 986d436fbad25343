// cfa_other_register.s - the CFA on a register that is neither SP nor FP
// (x16, after the stack is realigned): versions 1-2 cannot say it;
// version 3 can with a flexible FDE (CFA = x16+16).
//
// GNU as: 2.40 writes cor_realign's rows with the CFA on SP (SP+16
// where the CFI says x16+16: 2.40 takes any CFA register for SP); 2.44
// leaves it out ("skipping SFrame FDE; non-SP/FP register 16 in
// .cfi_def_cfa_register"), and so does 2.47 ("no SFrame FDE emitted;
// ..."), although version 3 can say it (2.47 does write flexible FDEs
// for this on x86-64).
//
// expect-check: agree
// expect-disagree: cor_realign covers-cfa-other-register gas=2.40
// expect-cfi-only: cor_realign cfa-other-register gas=2.44
// expect-cfi-only: cor_realign expressible gas=2.47
// expect-warning: skipping SFrame FDE; non-SP/FP register 16 in .cfi_def_cfa_register gas=2.44
// expect-warning: no SFrame FDE emitted; non-SP/FP register 16 in .cfi_def_cfa_register gas=2.47
// expect-convert: cor_realign skipped cfa-other-register v=1,2
// expect-convert: cor_realign converted v=3
// expect-convert: cor_caller converted v=1,2,3

	.text
	.globl cor_realign
	.type cor_realign, %function
cor_realign:
	.cfi_startproc
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov x16, sp
	.cfi_def_cfa_register 16
	sub x17, sp, #64
	and sp, x17, #-64
	str x0, [sp]
	mov sp, x16
	.cfi_def_cfa_register 31
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size cor_realign, .-cor_realign

	// An ordinary function every release puts in .sframe: ld writes a
	// .sframe section of zero bytes when no input function is in one.
	.globl cor_caller
	.type cor_caller, %function
cor_caller:
	.cfi_startproc
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	bl cor_realign
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size cor_caller, .-cor_caller

	.section .note.GNU-stack, "", %progbits
