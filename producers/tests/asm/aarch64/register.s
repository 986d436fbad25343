// register.s - .cfi_register on AArch64: RA (x30) kept in x9 and FP (x29)
// kept in x10 in a function that calls nothing through x30 (a trampoline
// that reuses the link register).  Versions 1-2 cannot say either; version
// 3 can with a flexible FDE (RA = x9, FP = x10).
//
// GNU as: 2.40 leaves both out without a word; 2.44 ("skipping SFrame
// FDE; RA register 30 in .cfi_register", "... FP register 29 ...") and
// 2.47 ("no SFrame FDE emitted; ...") leave both out, 2.47 although
// version 3 can say them.
//
// expect-check: agree
// expect-cfi-only: reg_ra ra-rule gas=2.40,2.44
// expect-cfi-only: reg_fp fp-rule gas=2.40,2.44
// expect-cfi-only: reg_ra expressible gas=2.47
// expect-cfi-only: reg_fp expressible gas=2.47
// expect-warning: skipping SFrame FDE; RA register 30 in .cfi_register gas=2.44
// expect-warning: skipping SFrame FDE; FP register 29 in .cfi_register gas=2.44
// expect-warning: no SFrame FDE emitted; RA register 30 in .cfi_register gas=2.47
// expect-warning: no SFrame FDE emitted; FP register 29 in .cfi_register gas=2.47
// expect-convert: reg_ra skipped ra-rule v=1,2
// expect-convert: reg_ra converted v=3
// expect-convert: reg_fp skipped fp-rule v=1,2
// expect-convert: reg_fp converted v=3
// expect-convert: reg_caller converted v=1,2,3

	.text
	.globl reg_ra
	.type reg_ra, %function
reg_ra:
	.cfi_startproc
	mov x9, x30
	.cfi_register 30, 9
	adr x30, 1f
	mov x0, x30
1:	mov x30, x9
	.cfi_restore 30
	ret
	.cfi_endproc
	.size reg_ra, .-reg_ra

	.globl reg_fp
	.type reg_fp, %function
reg_fp:
	.cfi_startproc
	mov x10, x29
	.cfi_register 29, 10
	mov x29, x0
	add x0, x29, 1
	mov x29, x10
	.cfi_restore 29
	ret
	.cfi_endproc
	.size reg_fp, .-reg_fp

	// An ordinary function every release puts in .sframe.
	.globl reg_caller
	.type reg_caller, %function
reg_caller:
	.cfi_startproc
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	bl reg_ra
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size reg_caller, .-reg_caller

	.section .note.GNU-stack, "", %progbits
