package sysmem

import (
	"math"
	"runtime"
	"testing"
)

func TestTotal(t *testing.T) {
	got := Total()
	if runtime.GOOS != "linux" {
		if got != 0 {
			t.Errorf("Total() = %d off Linux, want 0 (unknown)", got)
		}
		return
	}
	// Any machine that runs the tests has more than 64 MiB and less than
	// 64 TiB.
	if got < 64<<20 || got > 64<<40 {
		t.Errorf("Total() = %d bytes", got)
	}
	// Where an int has 32 bits, a table has at most 2 GiB of it.
	want := min(got>>20, math.MaxInt>>20)
	if ok, have := TableFits(int(got>>20) + 1); ok || have != want {
		t.Errorf("TableFits(memory + 1 MiB) = %v, %d; want false, %d", ok, have, want)
	}
	if ok, _ := TableFits(16); !ok {
		t.Error("TableFits(16) = false")
	}
}

// AdviseHugePages is advice only: any slice, empty or not, aligned or not,
// keeps its contents and stays usable.
func TestAdviseHugePages(t *testing.T) {
	AdviseHugePages([]uint64(nil))
	AdviseHugePages(make([][2]uint64, 0, 8))
	s := make([]uint32, 3<<20) // 12 MiB: spans at least one huge page
	for i := range s {
		s[i] = uint32(i)
	}
	AdviseHugePages(s[1:]) // unaligned start
	for i := range s {
		if s[i] != uint32(i) {
			t.Fatalf("s[%d] = %d after the advice, want %d", i, s[i], i)
		}
	}
}

// A table of more bytes than an int counts is refused, not mapped at its
// size wrapped round: where an int has 32 bits, 4 GiB and a slack of 32 MiB
// were mapped as 32 MiB, and the table of 4 GiB then failed to allocate.
func TestTableFitsPastMaxInt(t *testing.T) {
	for _, mb := range []int{math.MaxInt>>20 + 1, min(4<<10, math.MaxInt), min(8<<10, math.MaxInt)} {
		if uint64(mb)<<20 <= math.MaxInt {
			continue // only where an int has 32 bits
		}
		if ok, _ := TableFits(mb); ok {
			t.Errorf("TableFits(%d) = true: %d bytes is more than an int counts", mb, uint64(mb)<<20)
		}
	}
}
