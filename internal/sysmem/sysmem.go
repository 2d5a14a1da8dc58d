// Package sysmem is what the large tables (perft's, the engine's) need of
// the machine: how much memory it has, so that a table a user asks for can
// be refused with an error rather than end the program (Go cannot recover
// from running out of memory), and huge pages for the tables it allocates.
package sysmem

import "sync"

// Total returns the machine's physical memory in bytes, or 0 where it is not
// known. It is read once.
var Total = sync.OnceValue(total)

// TableFits reports whether a table of mb MiB fits in the machine's memory,
// and that memory in MiB (0 where it is not known, and then any table fits).
// No table (mb 0 or less) always fits.
func TableFits(mb int) (ok bool, haveMB uint64) {
	if mb <= 0 {
		return true, 0
	}
	t := Total()
	if t == 0 {
		return true, 0
	}
	return uint64(mb) <= t>>20, t >> 20
}
