// Package sysmem tells how much memory the machine has, so that the tables
// a user asks for (perft's, the engine's) can be refused with an error
// rather than end the program: Go cannot recover from running out of
// memory.
package sysmem

// Total returns the machine's physical memory in bytes, or 0 where it is not
// known.
func Total() uint64 { return total() }

// TableFits reports whether a table of mb MiB fits in the machine's memory,
// and that memory in MiB (0 where it is not known, and then any table fits).
func TableFits(mb int) (ok bool, haveMB uint64) {
	t := Total()
	if t == 0 {
		return true, 0
	}
	return mb < 0 || uint64(mb) <= t>>20, t >> 20
}
