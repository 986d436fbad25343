# return_column.s - .cfi_return_column: the CIE's return address column.
# rc_rip names the usual one (RIP, 16) explicitly: nothing changes.
# rc_rbx makes RBX the return address column and saves it at CFA-8, where
# AMD64 keeps the return address: read by the CIE's column, the return
# address is at CFA-8 as always, which every version says.
#
# GNU as: 2.40 leaves rc_rbx out without a word, 2.44 and 2.47 with a
# warning ("skipping SFrame FDE; non-default RA register 3", "no SFrame
# FDE emitted; non-default RA register 3").
#
# expect-check: agree
# expect-cfi-only: rc_rbx expressible
# expect-warning: skipping SFrame FDE; non-default RA register 3 gas=2.44
# expect-warning: no SFrame FDE emitted; non-default RA register 3 gas=2.47
# expect-convert: rc_rip converted v=1,2,3
# expect-convert: rc_rbx converted v=1,2,3

	.text
	.globl rc_rip
	.type rc_rip, @function
rc_rip:
	.cfi_startproc
	.cfi_return_column %rip
	pushq %rbx
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size rc_rip, .-rc_rip

	.globl rc_rbx
	.type rc_rbx, @function
rc_rbx:
	.cfi_startproc
	.cfi_return_column %rbx
	.cfi_offset %rbx, -8
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	popq %rbp
	.cfi_def_cfa_offset 8
	.cfi_restore %rbp
	ret
	.cfi_endproc
	.size rc_rbx, .-rc_rbx

	.section .note.GNU-stack, "", @progbits
