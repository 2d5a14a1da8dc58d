// Package sysmem is what the large tables (perft's, the engine's) need of
// the machine: how much memory it has, so that a table a user asks for can
// be refused with an error rather than end the program (Go cannot recover
// from running out of memory), and huge pages for the tables it allocates.
package sysmem

import (
	"math"
	"sync"
)

// Total returns the machine's physical memory in bytes, or 0 where it is not
// known. It is read once.
var Total = sync.OnceValue(total)

// slack is what a table must leave under a limit set on the process (a
// memory cgroup, ulimit -v or -d) for the rest of the program.
const slack = 32 << 20

// TableFits reports whether a table of mb MiB can be had: whether it fits
// in the machine's memory, and under the limits set on this process (on
// Linux: its memory cgroup, ulimit -v and -d, leaving some room for the
// rest of the program), and the memory it may have in MiB (0 where it is
// not known, and then any table fits). No table (mb 0 or less) always fits.
func TableFits(mb int) (ok bool, haveMB uint64) {
	if mb <= 0 {
		return true, 0
	}
	have := Total() >> 20
	if cg := cgroupHeadroom(); cg != 0 {
		cgMB := uint64(0)
		if cg > slack {
			cgMB = (cg - slack) >> 20
		}
		if have == 0 || cgMB < have {
			have = cgMB
		}
	}
	// No slice holds more bytes than an int counts (2 GiB where it has 32
	// bits): such a table is refused before its size wraps round in an int.
	const maxMB = math.MaxInt >> 20
	if uint64(mb) > maxMB {
		if have == 0 || have > maxMB {
			have = maxMB
		}
		return false, have
	}
	if have != 0 && uint64(mb) > have {
		return false, have
	}
	if !canMap(uint64(mb)<<20 + slack) {
		// Find what can be mapped, to say so.
		lo, hi := uint64(0), uint64(mb) // lo MiB maps (or is 0), hi does not
		for hi-lo > 1 {
			if mid := lo + (hi-lo)/2; canMap(mid<<20 + slack) {
				lo = mid
			} else {
				hi = mid
			}
		}
		return false, lo
	}
	return true, have
}
