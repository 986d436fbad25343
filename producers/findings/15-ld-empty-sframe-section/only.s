# only.s - one function whose CFA gas cannot put in SFrame (a
# DW_CFA_def_cfa_expression): gas leaves it out and writes a .sframe with a
# header and no function; ld then writes an empty .sframe.
	.text
	.globl f
	.type f,@function
f:	.cfi_startproc
	.cfi_escape 0xf,0x3,0x77,0x8,0x6
	ret
	.cfi_endproc
	.size f,.-f
