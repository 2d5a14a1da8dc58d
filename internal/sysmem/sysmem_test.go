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
