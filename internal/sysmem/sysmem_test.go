package sysmem

import (
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
	if ok, have := TableFits(int(got>>20) + 1); ok || have != got>>20 {
		t.Errorf("TableFits(memory + 1 MiB) = %v, %d; want false, %d", ok, have, got>>20)
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
