# plt_lib.s - the shared library plt_linked.s calls through its PLT (built
# by build-asm.sh as libplt_lib.so; not a test of its own).
#
# library: plt_linked.s

	.text
	.globl ext_a
	.type ext_a, @function
ext_a:
	.cfi_startproc
	movl $1, %eax
	ret
	.cfi_endproc
	.size ext_a, .-ext_a

	.globl ext_b
	.type ext_b, @function
ext_b:
	.cfi_startproc
	movl $2, %eax
	ret
	.cfi_endproc
	.size ext_b, .-ext_b

	.section .note.GNU-stack, "", @progbits
