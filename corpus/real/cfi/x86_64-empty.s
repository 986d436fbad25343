# x86_64-empty.s - an empty function, written for the real-section corpus
# (corpus/real/regen.sh).  GNU as gives a function with no instructions a
# zero-size FDE with one FRE at offset 0; that FRE covers no PC (the start
# equals the size), which the project rules questionable,
# fre-start-at-size (SPEC-NOTES.md).  The function after it starts at the
# same address.
#   empty (0x401000, 0 bytes):  +0x0 CFA sp+8 FP unchanged
#   next  (0x401000, 3 bytes):  +0x0 CFA sp+8 FP unchanged

	.include "macros.inc"
	program_start
	fn	empty
	endfn	empty

	fn	next
	movl	%edi, %eax
	ret
	endfn	next
	.size	_start, .-_start

	program_end
