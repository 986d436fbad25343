# large.s - a function of more than 64 KiB: rows past 255 and 65535 bytes
# from its start (SFrame FRE start addresses of 1, 2 and 4 bytes), and a
# second function after it (its start more than 64 KiB into the section).
#
# GNU as 2.40, 2.44 and 2.47 put every function in .sframe, and every
# row agrees with the CFI.
#
# expect-check: agree
# expect-convert: large_fn converted v=1,2,3
# expect-convert: large_after converted v=1,2,3

	.text
	.globl large_fn
	.type large_fn, @function
large_fn:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	.skip 300, 0x90
	pushq %rbx
	.cfi_def_cfa_offset 24
	.skip 70000, 0x90
	popq %rbx
	.cfi_def_cfa_offset 16
	popq %rbp
	.cfi_def_cfa_offset 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size large_fn, .-large_fn

	.globl large_after
	.type large_after, @function
large_after:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size large_after, .-large_after

	.section .note.GNU-stack, "", @progbits
