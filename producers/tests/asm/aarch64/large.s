// large.s - a frame of more than 64 KiB (CFA offsets that need 4-byte data
// words, and RA/FP offsets of 2 bytes) in a function of more than 64 KiB
// (FRE start addresses of 1, 2 and 4 bytes).
//
// GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
// row agrees with the CFI.
//
// expect-check: agree
// expect-convert: large_fn converted v=1,2,3
// expect-convert: large_after converted v=1,2,3

	.text
	.globl large_fn
	.type large_fn, %function
large_fn:
	.cfi_startproc
	sub sp, sp, #16, lsl #12
	.cfi_def_cfa_offset 65536
	stp x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 65552
	.cfi_offset 29, -65552
	.cfi_offset 30, -65544
	.fill 100, 4, 0xd503201f
	mov x29, sp
	.fill 17000, 4, 0xd503201f
	ldp x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 65536
	add sp, sp, #16, lsl #12
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size large_fn, .-large_fn

	.globl large_after
	.type large_after, %function
large_after:
	.cfi_startproc
	str x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 30, -16
	ldr x30, [sp], 16
	.cfi_restore 30
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size large_after, .-large_after

	.section .note.GNU-stack, "", %progbits
