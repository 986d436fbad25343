// aarch64-empty.s - an empty function, written for the real-section
// corpus (corpus/real/regen.sh).  GNU as gives it a zero-size FDE with one
// FRE at offset 0, which covers no PC: questionable, fre-start-at-size
// (SPEC-NOTES.md).  The function after it starts at the same address.
//   empty (0 bytes):  +0x0 CFA sp+0
//   next  (8 bytes):  +0x0 CFA sp+0
	.include "macros.inc"
	program_start
	fn	empty
	endfn	empty

	fn	next
	add	x0, x0, 1
	ret
	endfn	next
	.size	_start, .-_start

	program_end
