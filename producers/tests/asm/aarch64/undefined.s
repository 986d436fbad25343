// undefined.s - .cfi_undefined x30: the outermost frame (_start's shape).
// Versions 2-3 mark it with an FRE without data words; version 1 cannot
// say it.  undef_other makes a register SFrame does not track undefined
// (no effect).
//
// GNU as: 2.40 writes undef_ra as an ordinary leaf (RA in x30: version
// 1 cannot say "outermost"); 2.44 does the same although version 2 can
// (an FRE without data words); 2.47 writes it as outermost.
//
// expect-check: agree
// expect-disagree: undef_ra covers-ra-undefined gas=2.40
// expect-disagree: undef_ra outermost gas=2.44
// expect-convert: undef_ra skipped ra-undefined v=1
// expect-convert: undef_ra converted v=2,3
// expect-convert: undef_other converted v=1,2,3

	.text
	.globl undef_ra
	.type undef_ra, %function
undef_ra:
	.cfi_startproc
	.cfi_undefined x30
	mov x29, #0
	mov x30, #0
	mov x0, sp
	bl undef_other
	brk #0
	.cfi_endproc
	.size undef_ra, .-undef_ra

	.globl undef_other
	.type undef_other, %function
undef_other:
	.cfi_startproc
	mov x19, #0
	.cfi_undefined x19
	ret
	.cfi_endproc
	.size undef_other, .-undef_other

	.section .note.GNU-stack, "", %progbits
