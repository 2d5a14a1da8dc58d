package bashni_test

import (
	"testing"

	"github.com/bashni-dev/bashni"
)

// The recursive walk of the AppendLegalMoves example allocates nothing, in
// every ruleset and through captures of towers, and counts what Perft
// counts.
func TestRecursiveWalkAllocatesNothing(t *testing.T) {
	var bufs [16][64]bashni.Move
	for _, v := range []bashni.Variant{bashni.Russian, bashni.International, bashni.Lasca} {
		start := v.MustStart()
		var n int
		if allocs := testing.AllocsPerRun(3, func() { n = sequences(&start, &bufs, 6) }); allocs != 0 {
			t.Errorf("%v: %v allocations walking %d sequences", v, allocs, n)
		}
		if want := bashni.Perft(start, 6); uint64(n) != want {
			t.Errorf("%v: %d sequences of 6 plies, perft says %d", v, n, want)
		}
	}
}
