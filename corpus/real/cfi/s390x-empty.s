# s390x-empty.s - an empty function, written for the real-section corpus
# (corpus/real/regen.sh).  GNU as gives it a zero-size FDE with one FRE at
# offset 0, which covers no PC: questionable, fre-start-at-size
# (SPEC-NOTES.md).  The function after it starts at the same address.
#   empty (0 bytes):  +0x0 CFA sp+160
#   next  (6 bytes):  +0x0 CFA sp+160
	.include "macros.inc"
	program_start
	fn	empty
	endfn	empty

	fn	next
	ahi	%r2,1
	br	%r14
	endfn	next
	.size	_start, .-_start

	program_end
