# plt_linked.s - the PLT ld itself writes: this file calls two functions of
# a shared library (plt_lib.s) through the PLT, and is linked dynamically,
# so the executable has ld's .plt with ld's own .eh_frame for it (the PLT
# expression of plt.s) and ld's own SFrame for it (a PC-mask FDE for the
# entries).  The check compares ld's two descriptions of its PLT.
#
# link: plt plt_lib.s
# ld: 2.44 and 2.47 write the PLT as a PC-mask FDE of repeat size 16
# (rows at 0 and 11) after a PC-inc FDE for PLT0, agreeing with ld's
# .eh_frame.  ld 2.40 writes the same in version 1, which has no repeat
# size: from the first entry's second row on, a reader cannot tell an
# address's row (the oracle answers rep-size-unknown), which the check
# reports as rep-size-unknown in the PLT (a limit of version 1, SPEC-NOTES
# N14; no symbol: "?"; the object has no
# PLT).
#
# expect-check: agree
# expect-disagree: ? rep-size-unknown gas=2.40 on=exe
# expect-convert: pl_main converted v=1,2,3

	.text
	.globl pl_main
	.type pl_main, @function
pl_main:
	.cfi_startproc
	subq $8, %rsp
	.cfi_def_cfa_offset 16
	call ext_a@PLT
	call ext_b@PLT
	addq $8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size pl_main, .-pl_main

	.section .note.GNU-stack, "", @progbits
