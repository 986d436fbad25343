# simple.s - .cfi_startproc simple: an FDE without the CIE's initial
# instructions.  simple_full states them itself (CFA = RSP+8, RA at CFA-8):
# the same rows as usual.  simple_late leaves the CFA undefined for its
# first instruction (no DW_CFA_def_cfa yet): no version can express that
# row (there is no SFrame row without a CFA except the outermost frame's,
# which says the RA is undefined, not the CFA).
#
# GNU as 2.40, 2.44 and 2.47 write simple_late without a row for its
# first instruction (its first FRE starts at 4), which matches the CFI
# (no CFA there): both tables are silent on those 4 bytes, and the check
# counts them as agreeing (SPEC-NOTES N37); the converter, which writes
# whole functions, leaves simple_late out.
#
# expect-check: agree
# expect-convert: simple_full converted v=1,2,3
# expect-convert: simple_late skipped cfa-undefined v=1,2,3

	.text
	.globl simple_full
	.type simple_full, @function
simple_full:
	.cfi_startproc simple
	.cfi_def_cfa %rsp, 8
	.cfi_offset %rip, -8
	pushq %rbx
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size simple_full, .-simple_full

	.globl simple_late
	.type simple_late, @function
simple_late:
	.cfi_startproc simple
	endbr64
	.cfi_def_cfa %rsp, 8
	.cfi_offset %rip, -8
	pushq %rbx
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size simple_late, .-simple_late

	.section .note.GNU-stack, "", @progbits
